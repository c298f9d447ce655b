//! Every engine this build has, in one place. A game names its engine by id (a saved file's
//! `engine`, a journal's header, a profile's kind); whatever a caller wants done with a game of
//! that engine (start it, resume it, read it from a file or a paper sheet) it writes once, for
//! any [`Rules`], as an [`EngineTask`], and [`run`] hands it the engine the id names; a game's
//! id is mapped to its engine here too ([`of_game`]).
//!
//! A third engine is a folder of its own beside `terravist/` and `any_game/` (its `Rules`), a
//! line in [`run`] and one in [`of_game`]. Other places still know TERRAVIST by name and take
//! every other game for the profile-driven engine's (the setup, the window's table screens):
//! ARCHITECTURE.md lists them under "A third engine".

use crate::any_game::{AnyGame, PlayEvent};
use crate::kit::game_profile::GameProfile;
use crate::session::{FIRST_ENGINE, Lineup, LineupError, NewGame, Rules};
use crate::terravist::Terravist;

/// Something to do with a game of whichever engine: [`EngineTask::run`] is called with the
/// engine's rules.
pub trait EngineTask {
    type Output;
    fn run<R: Rules>(self) -> Self::Output;
}

/// The engine of files that name none: they were written before there was a choice, and are
/// TERRAVIST's.
pub const DEFAULT: &str = FIRST_ENGINE;

/// Does `task` with the engine `id` names; `None` when this build has no such engine.
pub fn run<T: EngineTask>(id: &str, task: T) -> Option<T::Output> {
    match id {
        Terravist::ENGINE => Some(task.run::<Terravist>()),
        AnyGame::ENGINE => Some(task.run::<AnyGame>()),
        _ => None,
    }
}

/// The engine that plays the game whose profile id is `game` (a paper sheet names its game,
/// not its engine): TERRAVIST's id is its engine's; every other game is played by the engine
/// its profile drives.
pub fn of_game(game: &str) -> &'static str {
    if game == Terravist::ENGINE {
        Terravist::ENGINE
    } else {
        AnyGame::ENGINE
    }
}

/// A game of `profile` (any game but TERRAVIST, whose setup makes its own first events) ready
/// to start with `setup`, on the engine its profile drives; a setup its rules refuse is the
/// error.
pub fn new_profile_game(profile: GameProfile, setup: Lineup) -> Result<NewGame, LineupError> {
    NewGame::new::<AnyGame>(profile, setup, vec![PlayEvent::StartGame])
}

/// The sentence for a file naming an engine this build does not have.
pub fn unknown(id: &str) -> crate::i18n::Text {
    crate::i18n::Text::new("load.unknown_engine").arg("engine", id)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl EngineTask for Name {
        type Output = &'static str;
        fn run<R: Rules>(self) -> &'static str {
            R::ENGINE
        }
    }

    #[test]
    fn each_id_runs_its_own_engine_and_no_other() {
        assert_eq!(run(Terravist::ENGINE, Name), Some(Terravist::ENGINE));
        assert_eq!(run(AnyGame::ENGINE, Name), Some(AnyGame::ENGINE));
        assert_eq!(run(DEFAULT, Name), Some(Terravist::ENGINE));
        assert_eq!(run("chess", Name), None);
    }
}
