//! TERRAVIST's own rules and words: its profile (dice, habitats, creatures, slot points,
//! round-end steps), its events, the state they build, its six-part score sheet, the cards the
//! table has met, and its engine ([`Terravist`]) behind the face every game shows
//! ([`crate::session::Rules`]).

pub mod cards;
mod engine;
pub mod event;
pub mod narrate;
pub mod paper;
mod phone_turn;
pub mod profile;
pub mod sheet;
pub mod state;
mod table_step;

pub use engine::{Session, Terravist};
