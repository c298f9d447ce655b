//! The phones at the table: every player's phone shows the table and ends its own turn. The app
//! on the table is the server, on the local network only: in the window while the table has
//! the phones on, under `tablekeeper serve` for as long as it runs. A phone needs no app and no
//! account, only the game's address from the code the window or the terminal shows. Nothing
//! here knows iced: the table's keeper ([`crate::table::TableKeeper`], for either front end)
//! hands the server what the table watches ([`TableNow`]), and the front end gets back what the
//! phones ask ([`PhoneMessage`]) and hands it to the keeper.
//!
//! Plain HTTP: the local network carries the page and the game's secret unencrypted, so anyone
//! on the same network who can read its traffic can act as a phone (see docs/phones.md).
//!
//! Nothing a client sends may hold the table: every connection is bounded in time
//! ([`accept`], [`listener`]), the server runs on a thread of its own, and stopping it never
//! waits on a client.

mod accept;
mod acts;
mod entries;
mod game_parts;
mod guard;
mod joining;
mod listener;
mod lobby;
mod news;
mod open_streams;
mod page;
mod registry;
mod server;
mod shared;
mod stream;
mod table_parts;
mod television;
mod venue;
mod view;
mod ways_out;
mod words;

pub use crate::remote::STEPS_PASS_AFTER;
pub use crate::remote::{Asked, Reply, Table, seated_text};
pub use accept::{GRACE, HEADER_TIMEOUT, REQUEST_TIMEOUT};
pub use guard::{HostNames, Limits, Secret, address_key, on_local_network, same_origin};
pub use listener::STALL;
pub use lobby::{HostChoice, Lobby, MAX_NAME};
pub use news::{NEWS_FOR, News, news_at, tell};
pub use page::CSP;
pub use registry::{ASK_LAPSES, ASKS, Ask, FORGET_AFTER, REFUSED_FOR, TAKE_BACK};
pub use server::{Config, MAX_BODY, PhoneInfo, PhonesServer, Stopping};
pub use shared::{Arrange, PhoneMessage};
pub use television::{EVENING_HOURS, FinalSheet, Qr, Television, parts_json, qr_modules};
pub use venue::{TableState, VenueNow, VenueServer, VenueTable};
pub use view::Tonight;
pub use view::{AbandonAsk, EntryAnswer, LateResult, TableNow, keep_answer};

/// This computer's address on the local network (the one its default route leaves by), for the
/// address the phones open; `None` without a network.
pub fn lan_address() -> Option<std::net::IpAddr> {
    local_ip_address::local_ip().ok()
}

/// The address the phones are shown for a server listening on `listen`: the machine's address
/// on the local network when it listens on every interface, else the one it listens on (with
/// `--phones-listen 127.0.0.1` nothing listens on the network address, so showing it would send
/// every phone to nowhere).
pub fn shown_address(listen: std::net::IpAddr) -> Option<std::net::IpAddr> {
    if listen.is_unspecified() {
        lan_address()
    } else {
        Some(listen)
    }
}

/// The key the phones' address holds for `game` (`None`: between games), kept in the data
/// directory `dir`: the game's own, so a resumed game keeps its address, made from the table's
/// when the game has none yet; the table's follows it, so the address stays the same after the
/// game. The window and `tablekeeper serve` both ask here, so a table keeps one address whichever
/// of them runs it.
pub fn secret_for(
    dir: &crate::store::DataDir,
    game: Option<&str>,
) -> Result<Secret, crate::store::StoreError> {
    let valid = |text: &str| Secret::parse(text).is_some();
    let fresh = || Secret::generate().as_str().to_string();
    let table = dir.table_phones_key(fresh, valid)?;
    let key = match game {
        Some(game) => {
            let key = dir.phones_key(game, || table.clone(), valid)?;
            if key != table {
                dir.renew_table_phones_key(key.clone())?;
            }
            key
        }
        None => table,
    };
    Ok(Secret::parse(&key).expect("the key was checked"))
}

/// The port the phones' server asks for first; when it is taken the system picks one, and the
/// app remembers what it got so the address stays the same.
pub const DEFAULT_PORT: u16 = 8787;

/// The address a phone opens: `http://<address>:<port>/t/<secret>`.
pub fn page_url(host: std::net::IpAddr, port: u16, secret: &Secret) -> String {
    let host = match host {
        std::net::IpAddr::V6(v6) => format!("[{v6}]"),
        v4 => v4.to_string(),
    };
    format!("http://{host}:{port}/t/{}", secret.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

    #[test]
    fn the_address_shown_is_the_one_listened_on_or_the_networks_for_every_interface() {
        let loopback = IpAddr::V4(Ipv4Addr::LOCALHOST);
        assert_eq!(shown_address(loopback), Some(loopback));
        let one = IpAddr::V4(Ipv4Addr::new(192, 168, 1, 10));
        assert_eq!(shown_address(one), Some(one));
        assert_eq!(
            shown_address(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
            lan_address()
        );
        assert_eq!(
            shown_address(IpAddr::V6(Ipv6Addr::UNSPECIFIED)),
            lan_address()
        );
    }
}
