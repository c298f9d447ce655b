//! tablekeeper: the bookkeeping of a physical board game session. Only `gui` (the window,
//! behind the default `gui` feature) knows iced; everything else builds without it.
//!
//! A [`session::Session`] is a [`profile::Profile`], the players, and the [`event::Event`]s of
//! their game; its [`game::GameState`] is always the replay of those events, so undo, crash
//! recovery and history are one mechanism. [`sheet::ScoreSheet`] scores it, [`i18n`] words it.

pub mod backup;
pub mod cards;
pub mod cli;
pub mod error;
pub mod event;
pub mod export;
pub mod game;
#[cfg(feature = "gui")]
pub mod gui;
pub mod i18n;
pub mod load;
pub mod narrate;
pub mod play;
pub mod profile;
pub mod scoring;
pub mod session;
pub mod settings;
pub mod sheet;
pub mod stats;
pub mod store;
pub mod untrusted;
pub mod vocabulary;

pub use error::RuleError;
pub use event::{CardInfo, Event, Record};
pub use profile::Profile;
pub use session::{Session, Setup};
