//! A game ready to start, whichever engine will play it: its profile, who plays, and the events
//! to record before the first turn. The setup is checked by the engine's own rules when the
//! game is made, so a refused setup never reaches the journal; the registry of engines
//! ([`crate::engines`]) starts it with the engine it was made for.

use std::any::Any;
use std::fmt;

use chrono::{DateTime, Utc};

use super::{GameSession, Lineup, LineupError, Rules, TableEvent};

/// A new game's session and the events to record before its first turn.
pub type Started<R> = (GameSession<R>, Vec<TableEvent>);

pub struct NewGame {
    engine: &'static str,
    /// The engine's own profile (`R::Profile`), taken out when the game starts.
    profile: Box<dyn Any + Send + Sync>,
    /// The game's profile id, for whoever remembers what was played.
    game_id: String,
    setup: Lineup,
    first: Vec<TableEvent>,
}

impl fmt::Debug for NewGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewGame")
            .field("engine", &self.engine)
            .field("game", &self.game_id)
            .field("setup", &self.setup)
            .field("first", &self.first)
            .finish()
    }
}

impl NewGame {
    /// A game of engine `R`: `profile` played by `setup`, `first` recorded before the first
    /// turn. The setup is checked by `R`'s rules; a refused one is the error.
    pub fn new<R: Rules>(
        profile: R::Profile,
        setup: Lineup,
        first: Vec<R::Event>,
    ) -> Result<NewGame, LineupError> {
        R::validate_setup(&profile, &setup)?;
        Ok(NewGame {
            engine: R::ENGINE,
            game_id: R::game(&profile).id.clone(),
            profile: Box::new(profile),
            setup,
            first: first.into_iter().map(TableEvent::new).collect(),
        })
    }

    /// The engine that will play it.
    pub fn engine(&self) -> &'static str {
        self.engine
    }

    /// The game's profile id.
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    pub fn setup(&self) -> &Lineup {
        &self.setup
    }

    /// The engine's own profile, if engine `R` will play it.
    pub fn profile<R: Rules>(&self) -> Option<&R::Profile> {
        self.profile.downcast_ref()
    }

    /// The session, made at `at`, and the events to record first; `None` if engine `R` is not
    /// the one it was made for.
    pub fn into_session<R: Rules>(
        self,
        at: DateTime<Utc>,
    ) -> Option<Result<Started<R>, LineupError>> {
        let profile = *self.profile.downcast::<R::Profile>().ok()?;
        Some(GameSession::<R>::new(profile, self.setup, at).map(|session| (session, self.first)))
    }
}
