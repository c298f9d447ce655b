//! The keeper's side of the phones' transport: what the keeper asks of whatever carries the
//! table to the phones ([`Link`]; under the `phones` feature, the HTTP server), what it starts
//! one with ([`LinkConfig`]), and the table's address (its key, [`Secret`], and the port).
//! A keeper built without the phones' server keeps every seat, lobby and phone rule the same;
//! it only has no link to start.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use super::{Presence, TableNow};
use crate::vocabulary::Seat;

/// What the keeper asks of the transport that carries the table to the phones. The transport
/// authenticates, bounds and decodes what the phones send, hands it on as a
/// [`super::PhoneMessage`], and reports who is at the table; it decides nothing about the game.
pub trait Link: Send {
    /// Where it listens.
    fn address(&self) -> SocketAddr;
    /// The address the phones are shown for a link listening on `listen`: the machine's on the
    /// local network when it listens on every interface, else the one it listens on.
    fn shown_address(&self, listen: IpAddr) -> Option<IpAddr>;
    /// Shows the phones the table as it is now.
    fn publish(&self, table: TableNow);
    /// Which seats' phones are at the table, as it heard them.
    fn presence(&self) -> Presence;
    /// A new key: the old address is dead at once, and every phone takes its seat again.
    fn change_secret(&self, secret: Secret);
    /// Answers requests from outside the local networks too, or not.
    fn set_any_network(&self, any: bool);
    /// Which phone holds which seat now (by the phones' ids).
    fn seats(&self) -> Vec<(Seat, String)>;
    /// The seats the phones held when another game was last served.
    fn seats_for_another_game(&self, seats: &[(Seat, String)]);
    /// Gives `seat` to the phone `id` that asked for it: `false` when it no longer asks.
    fn give_seat(&self, seat: Seat, id: &str) -> bool;
    /// The phone `id` asks for `seat` (a lobby's phone that took a seat someone holds).
    fn ask_for(&self, seat: Seat, id: &str) -> bool;
    /// Refuses `seat` to the phone `id` that asked for it.
    fn refuse_seat(&self, seat: Seat, id: &str);
    /// Lets a removed phone in again.
    fn let_in(&self, id: &str);
    /// Drops the phone `id`: it loses its seat.
    fn drop_phone(&self, id: &str);
    /// The game the phones were removed from is over: the removals end with it.
    fn forget_removals(&self);
    /// The transport itself, for the front end that started it to look at more of it.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// What a link is started with.
#[derive(Debug, Clone)]
pub struct LinkConfig {
    /// The address to listen on: every interface for the table, 127.0.0.1 in tests.
    pub ip: IpAddr,
    /// The port; 0 lets the system pick one.
    pub port: u16,
    pub secret: Secret,
    /// Answer requests from outside the local networks too (a VPN, a public address); off
    /// unless the table turned it on.
    pub any_network: bool,
    /// How much of the link one address may hold ([`Limits::TABLE`] at a table).
    pub limits: Limits,
    /// The seats the phones held when the link last ran for this game (the app restarted):
    /// each phone finds its seat again without asking the table.
    pub seats: Vec<(Seat, String)>,
}

/// Starts a link for the keeper, showing the table it is given; the error is why not (the
/// port taken, no network). A front end with the phones' server passes one in.
pub type Connect<'a> = &'a dyn Fn(LinkConfig, TableNow) -> std::io::Result<Box<dyn Link>>;

/// The unguessable part of a game's address: 128 random bits, as 32 hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// A new secret from the operating system's random source.
    pub fn generate() -> Secret {
        let bytes: [u8; 16] = rand::random();
        Secret(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// A secret read back (from the file the game keeps it in); `None` unless it is one.
    pub fn parse(text: &str) -> Option<Secret> {
        let text = text.trim();
        (text.len() == 32
            && text
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()))
        .then(|| Secret(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Compares in time independent of where the texts differ, so timing tells an attacker
    /// nothing about how much of a guess was right.
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl std::fmt::Debug for Secret {
    // Never in a log: the secret is the key to the table.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// How much of the server one address may hold, and how much all of them together. One address
/// is one device at a table (each phone has its own on the home network), so no address may
/// hold more than a small share of any limit: a player with the link who invents ids or opens
/// connections from a few devices cannot shut the other phones out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Open connections in all (see `listener`).
    pub connections: usize,
    /// Open connections from one address (a phone's page holds two or three).
    pub connections_per_address: usize,
    /// Update streams in all (one a phone, and the table displays).
    pub streams: usize,
    /// Update streams from one address.
    pub streams_per_address: usize,
    /// Phones remembered in all (seats, displays, a phone that came back).
    pub phones: usize,
    /// Phones remembered from one address.
    pub phones_per_address: usize,
    /// Seats the phones of one address may ask the table for at once (a phone asks for one;
    /// two browsers on one shared tablet for two): the window is shown no more asks than that
    /// from one device.
    pub seats_per_address: usize,
    /// Requests one device may send at once ([`Asker`]: a known phone, else an address)...
    pub requests_at_once: u32,
    /// ...and then one every so often: what a phone is told to wait when it sends faster.
    pub request_every: Duration,
    /// How long a phone gone from the table still counts as at it ([`super::Presence::grace`];
    /// `serve --grace`): tests set it to seconds rather than sleep out two minutes.
    pub grace: Duration,
    /// How long no seated phone may be at the table before the table is free: any phone with
    /// the link then takes a seat without an ask (`serve --free-after`).
    pub free_after: Duration,
}

impl Limits {
    /// What the table runs with.
    pub const TABLE: Limits = Limits {
        connections: 64,
        // An address may be a whole table's (phones behind one router, or IPv6 phones sharing
        // a /64): room for eight phones' pages and a television. A stranger's connection (no
        // code shown) makes room for a phone's, and the address holding the most goes first.
        connections_per_address: 16,
        streams: 32,
        streams_per_address: 12,
        phones: 64,
        phones_per_address: 16,
        seats_per_address: 2,
        requests_at_once: 20,
        request_every: Duration::from_millis(200),
        grace: super::may::PRESENCE_GRACE,
        free_after: super::may::FREE_AFTER,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::TABLE
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

/// A phone's own id: made by the page from the browser's random source and kept in its local
/// storage, so a reload or a reconnect is the same phone.
pub fn valid_phone_id(id: &str) -> bool {
    (16..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The key an address is counted under: an IPv4 address as itself (an IPv4-mapped IPv6 one
/// too), an IPv6 address by its /64. A phone on IPv6 makes up the lower 64 bits of its address
/// (privacy extensions make a new one every few hours), so one device can hold a whole /64:
/// counted by address, it would be millions of strangers.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}
