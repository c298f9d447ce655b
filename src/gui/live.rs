//! The game on the table, whichever engine plays it, and how the screens read it.

use super::screen::Action;
use crate::any_game::AnyGame;
use crate::session::{Rules, Terravist};
use crate::store::LiveSession;

/// The game on the table, by engine.
// One lives at a time, for the whole game: boxing would only add an indirection per read.
#[allow(clippy::large_enum_variant)]
pub(super) enum Live {
    Terravist(LiveSession),
    Profile(LiveSession<AnyGame>),
}

impl Live {
    pub(super) fn name(&self) -> &crate::terravist::profile::Name {
        match self {
            Live::Terravist(live) => &live.session().profile().name,
            Live::Profile(live) => &live.session().profile().name,
        }
    }

    /// Whether the clocks run (the display ticks only then).
    pub(super) fn running(&self) -> bool {
        match self {
            Live::Terravist(live) => Terravist::running(live.session().state()),
            Live::Profile(live) => AnyGame::running(live.session().state()),
        }
    }

    /// The action that pauses every clock, or resumes them when paused.
    pub(super) fn toggle_pause(&self) -> Action {
        match self {
            Live::Terravist(live) => Action::Apply(Terravist::toggle_pause(live.session().state())),
            Live::Profile(live) => Action::Play(AnyGame::toggle_pause(live.session().state())),
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
        Some(Live::Profile(live)) => (None, Some(live.session())),
        None => (None, None),
    }
}
