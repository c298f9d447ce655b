//! The kit both engines build on: the clock, the turn structures, the profile every game has,
//! and the rules' refusals. It knows no engine; TERRAVIST's ([`crate::terravist`]) and the other
//! games' ([`crate::any_game`]) both use it through [`crate::session`].
//!
//! It sits on the shared words ([`crate::vocabulary`], [`crate::i18n`]) and the score sheet
//! ([`crate::scoring`]), which stay below it: a translated message carries a bilingual name, so
//! the vocabulary cannot sit in here without the kit and the translations importing each other.

pub mod clock;
pub mod clock_event;
pub mod error;
pub mod game_profile;
pub mod timer;
pub mod turns;
