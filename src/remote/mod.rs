//! The table's remote protocol, with no network in it: what a phone may ask
//! ([`PhoneMessage`], [`Arrange`]), who may do what now ([`may`], with the [`Host`] and the
//! [`Presence`] the transport reports), and what a request means for the game on the table
//! ([`Table::read`]), what the server may refuse at once ([`TableNow::admits`]), and what a
//! phone, the television and the venue are shown of the table ([`TableNow`] and its parts,
//! rendered as the JSON the pages draw). Always built: the keeper reads every phone's request
//! through it whether or not this build has the phones' server. The server (`crate::phones`) is its transport:
//! it authenticates, bounds and decodes a request into a message, and decides nothing here.
//!
//! Never: an axum, hyper or tokio type; a socket, a stream or a clock of its own (the time
//! comes in with the table); a rule copied in a handler.

mod admit;
mod asked;
mod game_parts;
mod link;
mod lobby;
pub mod may;
mod message;
mod news;
pub mod registry;
mod removals;
mod sheet_view;
mod table_parts;
mod television;
mod venue;
mod view;
mod words;

pub use admit::Early;
pub use asked::{Asked, Reply, Table, seated_text};
pub use link::{
    Connect, DEFAULT_PORT, Limits, Link, LinkConfig, Secret, address_key, page_url, secret_for,
    valid_phone_id,
};
pub use lobby::{HostChoice, Lobby, MAX_NAME, colour_key, looks_like_another};
pub use may::{Device, FREE_AFTER, Host, PRESENCE_GRACE, Presence};
pub use message::{Arrange, PhoneMessage};
pub use news::{NEWS_FOR, News, news_at, tell};
pub use registry::{ASK_LAPSES, ASKS, Ask, FORGET_AFTER, REFUSED_FOR, TAKE_BACK};
pub use removals::Removals;
pub use television::{EVENING_HOURS, FinalSheet, Qr, Television, parts_json, qr_modules};
pub use venue::{TableState, VenueNow, VenueTable};
pub use view::{AbandonAsk, EntryAnswer, LateResult, TableNow, Tonight, Vouch, keep_answer};
