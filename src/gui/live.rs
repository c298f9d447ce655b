//! The game on the table, whichever engine plays it, and how the screens read it.

use chrono::{DateTime, Utc};

use super::screen::Action;
use crate::any_game::AnyGame;
use crate::clock::Clock;
use crate::session::{Rules, Terravist};
use crate::store::entry::Summarize;
use crate::store::{LiveError, LiveSession};
use crate::vocabulary::Name;

/// The game on the table, by engine.
// One lives at a time, for the whole game: boxing would only add an indirection per read.
#[allow(clippy::large_enum_variant)]
pub(super) enum Live {
    Terravist(LiveSession),
    AnyGame(LiveSession<AnyGame>),
}

/// What the app does with the game on the table, whichever engine plays it.
pub(super) trait OnTable {
    fn name(&self) -> &Name;
    /// Whether the clocks run (the display ticks only then).
    fn running(&self) -> bool;
    /// The game's clock: whose turn, and how long it has run.
    fn clock(&self) -> &Clock;
    /// Takes back the last action; `false` if there is none.
    fn undo(&mut self, at: DateTime<Utc>) -> Result<bool, LiveError>;
    /// Puts back the last action taken back; `false` if there is none.
    fn redo(&mut self, at: DateTime<Utc>) -> Result<bool, LiveError>;
}

impl<R: Summarize> OnTable for LiveSession<R> {
    fn name(&self) -> &Name {
        R::game_name(self.session().profile())
    }

    fn running(&self) -> bool {
        R::running(self.session().state())
    }

    fn clock(&self) -> &Clock {
        R::clock(self.session().state())
    }

    fn undo(&mut self, at: DateTime<Utc>) -> Result<bool, LiveError> {
        LiveSession::undo(self, at)
    }

    fn redo(&mut self, at: DateTime<Utc>) -> Result<bool, LiveError> {
        LiveSession::redo(self, at)
    }
}

impl Live {
    /// The game, whichever engine's: the one place the two are told apart for what both do.
    pub(super) fn on_table(&self) -> &dyn OnTable {
        match self {
            Live::Terravist(live) => live,
            Live::AnyGame(live) => live,
        }
    }

    pub(super) fn on_table_mut(&mut self) -> &mut dyn OnTable {
        match self {
            Live::Terravist(live) => live,
            Live::AnyGame(live) => live,
        }
    }

    /// The action that pauses every clock, or resumes them when paused (each engine has its
    /// own events for it).
    pub(super) fn toggle_pause(&self) -> Action {
        match self {
            Live::Terravist(live) => Action::apply(Terravist::toggle_pause(live.session().state())),
            Live::AnyGame(live) => Action::apply(AnyGame::toggle_pause(live.session().state())),
        }
    }
}

/// The game on the table, as the screens read it (split by engine).
pub(super) fn sessions(
    live: &Option<Live>,
) -> (
    Option<&crate::session::Session>,
    Option<&crate::any_game::PlaySession>,
) {
    match live {
        Some(Live::Terravist(live)) => (Some(live.session()), None),
        Some(Live::AnyGame(live)) => (None, Some(live.session())),
        None => (None, None),
    }
}
