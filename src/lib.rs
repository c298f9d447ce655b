//! tablekeeper: the bookkeeping of a physical board game session. Only `gui` (the window,
//! behind the default `gui` feature) knows iced; everything else builds without it.
//!
//! A [`session::GameSession`] is a profile, the players, and the events of their game; its state
//! is always the replay of those events, so undo, crash recovery and history are one mechanism.
//! Two engines run on it: TERRAVIST's ([`terravist`]) and the one every other game's profile
//! drives ([`any_game`]). [`scoring`] scores a sheet, [`i18n`] words it, [`store`] keeps it.

pub mod any_game;
pub mod backup;
pub mod chime;
pub mod cli;
pub mod engines;
pub mod export;
#[cfg(feature = "gui")]
pub mod gui;
pub mod i18n;
pub mod kit;
pub mod league;
pub mod load;
pub mod past_game;
#[cfg(feature = "phones")]
pub mod phones;
pub mod remote;
pub mod scoring;
#[cfg(feature = "phones")]
pub mod serve;
pub mod session;
pub mod settings;
pub mod setup;
pub mod stats;
pub mod store;
pub mod table;
pub mod terravist;
pub mod untrusted;
pub mod vocabulary;
pub mod zone;

pub use kit::error::RuleError;
pub use session::{Lineup, Record};
pub use terravist::event::{CardInfo, Event};
pub use terravist::profile::Profile;
pub use terravist::{Session, Terravist};
