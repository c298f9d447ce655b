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
mod guard;
mod joining;
mod link;
mod listener;
mod open_streams;
mod page;
mod server;
mod shared;
mod stream;
mod table_parts;
mod venue;
mod ways_out;

pub use crate::remote::PRESENCE_GRACE;
pub use crate::remote::{ASK_LAPSES, ASKS, Ask, FORGET_AFTER, REFUSED_FOR, TAKE_BACK};
pub use crate::remote::{AbandonAsk, EntryAnswer, LateResult, TableNow, Tonight, keep_answer};
pub use crate::remote::{Asked, Reply, Table, seated_text};
pub use crate::remote::{DEFAULT_PORT, LinkConfig as Config, page_url, secret_for};
pub use crate::remote::{EVENING_HOURS, FinalSheet, Qr, Television, parts_json, qr_modules};
pub use crate::remote::{HostChoice, Lobby, MAX_NAME};
pub use crate::remote::{NEWS_FOR, News, news_at, tell};
pub use accept::{GRACE, HEADER_TIMEOUT, REQUEST_TIMEOUT};
pub use guard::{HostNames, Limits, Secret, address_key, on_local_network, same_origin};
pub use link::{connect, server_of};
pub use listener::{STALL, cap_connections};
pub use page::CSP;
pub use server::{MAX_BODY, PhoneInfo, PhonesServer, Stopping};
pub use shared::{Arrange, PhoneMessage};
pub use venue::{TableState, VenueNow, VenueServer, VenueTable};

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
