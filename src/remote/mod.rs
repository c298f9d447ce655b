//! The table's remote protocol, with no network in it: what a phone may ask
//! ([`PhoneMessage`], [`Arrange`]), who may do what now ([`may`], with the [`Host`] and the
//! [`Presence`] the transport reports), and what a request means for the game on the table
//! ([`Table::read`]). Always built: the keeper reads every phone's request through it whether
//! or not this build has the phones' server. The server (`crate::phones`) is its transport:
//! it authenticates, bounds and decodes a request into a message, and decides nothing here.
//!
//! Never: an axum, hyper or tokio type; a socket, a stream or a clock of its own (the time
//! comes in with the table); a rule copied in a handler.

mod asked;
pub mod may;
mod message;

pub use asked::{Asked, Reply, Table, seated_text};
pub use may::{Host, Presence, STEPS_PASS_AFTER};
pub use message::{Arrange, PhoneMessage};
