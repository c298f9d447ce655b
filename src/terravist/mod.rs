//! TERRAVIST's own rules and words: its profile (dice, habitats, creatures, slot points,
//! round-end steps), its events, the state they build, its six-part score sheet and the cards
//! the table has met. The session that replays it is shared with the other games
//! ([`crate::session`], engine [`crate::session::Terravist`]).

pub mod cards;
pub mod event;
pub mod profile;
pub mod sheet;
pub mod state;
