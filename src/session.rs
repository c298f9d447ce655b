//! A session: a profile, the players at the table, and the ordered events of their game.
//!
//! The state is always the replay of the events; [`Session::apply`] appends an event only if
//! the rules accept it, [`Session::undo`] removes the last one and [`Session::redo`] puts it
//! back. The saved form ([`SessionFile`]) is the profile, the setup and the events.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::error::RuleError;
use crate::event::{Event, Record, Seat};
use crate::game::GameState;
use crate::i18n::Text;
use crate::profile::Profile;
use crate::sheet::ScoreSheet;

/// The format name of a saved session file.
pub const SESSION_FORMAT: &str = "tablekeeper-session";
/// The session format version this build writes.
pub const SESSION_VERSION: u32 = 1;

/// Player marker colours: TERRAVIST ships four, and a fifth player uses a substitute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Blue,
    Yellow,
    Green,
    /// The substitute marker of a fifth player.
    Purple,
}

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Blue,
        Colour::Yellow,
        Colour::Green,
        Colour::Purple,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "colour.red",
            Colour::Blue => "colour.blue",
            Colour::Yellow => "colour.yellow",
            Colour::Green => "colour.green",
            Colour::Purple => "colour.purple",
        }
    }
}

/// A player at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub colour: Colour,
}

/// Who plays, in clockwise seat order, who starts as parent, and how long the rounds are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<Player>,
    pub parent: Seat,
    /// Turns in round 1 (N); later rounds have fewer, as the profile says.
    pub first_round_turns: u32,
}

/// A setup the profile cannot play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("this game takes {min} to {max} players, not {got}")]
    PlayerCount { min: usize, max: usize, got: usize },
    #[error("player {seat} has no name")]
    EmptyName { seat: usize },
    #[error("two players are called {name}")]
    DuplicateName { name: String },
    #[error("two players have the same colour")]
    DuplicateColour,
    #[error("the parent must be one of the players")]
    ParentOutOfRange,
    #[error("round 1 needs at least {min} turns")]
    TooFewTurns { min: u32 },
}

impl SetupError {
    pub fn text(&self) -> Text {
        match self {
            SetupError::PlayerCount { min, max, got } => Text::new("setup_error.player_count")
                .arg("min", min)
                .arg("max", max)
                .arg("got", got),
            SetupError::EmptyName { seat } => Text::new("setup_error.empty_name").arg("seat", seat),
            SetupError::DuplicateName { name } => {
                Text::new("setup_error.duplicate_name").arg("name", name)
            }
            SetupError::DuplicateColour => Text::new("setup_error.duplicate_colour"),
            SetupError::ParentOutOfRange => Text::new("setup_error.parent_out_of_range"),
            SetupError::TooFewTurns { min } => {
                Text::new("setup_error.too_few_turns").arg("min", min)
            }
        }
    }
}

impl Setup {
    pub fn validate(&self, profile: &Profile) -> Result<(), SetupError> {
        let count = self.players.len();
        if count < profile.players.min || count > profile.players.max {
            return Err(SetupError::PlayerCount {
                min: profile.players.min,
                max: profile.players.max,
                got: count,
            });
        }
        for (seat, player) in self.players.iter().enumerate() {
            let name = player.name.trim();
            if name.is_empty() {
                return Err(SetupError::EmptyName { seat: seat + 1 });
            }
            let clash = self.players[..seat]
                .iter()
                .any(|other| other.name.trim().to_lowercase() == name.to_lowercase());
            if clash {
                return Err(SetupError::DuplicateName {
                    name: name.to_string(),
                });
            }
            if self.players[..seat]
                .iter()
                .any(|o| o.colour == player.colour)
            {
                return Err(SetupError::DuplicateColour);
            }
        }
        if self.parent >= count {
            return Err(SetupError::ParentOutOfRange);
        }
        if self.first_round_turns < profile.rounds.min_first_round_turns {
            return Err(SetupError::TooFewTurns {
                min: profile.rounds.min_first_round_turns,
            });
        }
        Ok(())
    }
}

/// A saved session that cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the setup is not playable: {0}")]
    Setup(#[from] SetupError),
    #[error("event {index} is refused by the rules: {error}")]
    Event { index: usize, error: RuleError },
}

/// The saved form of a session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionFile {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub created_at: DateTime<Utc>,
    pub profile: Profile,
    pub setup: Setup,
    pub events: Vec<Record>,
}

/// A game in progress (or finished): its events and the state they replay to.
#[derive(Debug, Clone)]
pub struct Session {
    id: String,
    created_at: DateTime<Utc>,
    profile: Profile,
    setup: Setup,
    records: Vec<Record>,
    /// Events taken back by undo, the most recent last; cleared by any new event.
    redo: Vec<Record>,
    state: GameState,
}

impl Session {
    /// A new session with no events yet.
    pub fn new(
        profile: Profile,
        setup: Setup,
        created_at: DateTime<Utc>,
    ) -> Result<Session, SetupError> {
        Session::with_id(new_id(), profile, setup, created_at)
    }

    pub fn with_id(
        id: String,
        profile: Profile,
        setup: Setup,
        created_at: DateTime<Utc>,
    ) -> Result<Session, SetupError> {
        setup.validate(&profile)?;
        let state = initial_state(&profile, &setup);
        Ok(Session {
            id,
            created_at,
            profile,
            setup,
            records: Vec::new(),
            redo: Vec::new(),
            state,
        })
    }

    /// Replays a saved session; fails at the first event the rules refuse.
    pub fn from_file(file: SessionFile) -> Result<Session, ReplayError> {
        let mut session = Session::with_id(file.id, file.profile, file.setup, file.created_at)?;
        for (index, record) in file.events.into_iter().enumerate() {
            session
                .apply(record.event, record.at)
                .map_err(|error| ReplayError::Event { index, error })?;
        }
        Ok(session)
    }

    pub fn to_file(&self) -> SessionFile {
        SessionFile {
            format: SESSION_FORMAT.to_string(),
            version: SESSION_VERSION,
            id: self.id.clone(),
            created_at: self.created_at,
            profile: self.profile.clone(),
            setup: self.setup.clone(),
            events: self.records.clone(),
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn created_at(&self) -> DateTime<Utc> {
        self.created_at
    }

    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn players(&self) -> &[Player] {
        &self.setup.players
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn sheet(&self) -> ScoreSheet {
        ScoreSheet::compute(&self.profile, &self.state)
    }

    /// The game as it stood after its first `events` events (a replay's step).
    pub fn replayed_to(&self, events: usize) -> Session {
        let mut replayed = Session::with_id(
            self.id.clone(),
            self.profile.clone(),
            self.setup.clone(),
            self.created_at,
        )
        .expect("a session's own setup is valid");
        for record in &self.records[..events.min(self.records.len())] {
            replayed
                .apply(record.event.clone(), record.at)
                .expect("a prefix of accepted events replays");
        }
        replayed
    }

    pub fn can_undo(&self) -> bool {
        !self.records.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Would the rules accept `event` at `at`? Changes nothing.
    pub fn check(&self, event: &Event, at: DateTime<Utc>) -> Result<(), RuleError> {
        self.state.clone().apply(&self.profile, event, at)
    }

    /// Checks `event` against the rules at time `at` and, if accepted, appends it.
    /// A refused event changes nothing.
    pub fn apply(&mut self, event: Event, at: DateTime<Utc>) -> Result<&Record, RuleError> {
        self.state.apply(&self.profile, &event, at)?;
        self.redo.clear();
        self.records.push(Record { at, event });
        Ok(self.records.last().expect("just pushed"))
    }

    /// Takes back the last event; the state is replayed without it.
    pub fn undo(&mut self) -> Option<Record> {
        let record = self.records.pop()?;
        self.state = replay(&self.profile, &self.setup, &self.records)
            .expect("a prefix of accepted events replays");
        self.redo.push(record.clone());
        Some(record)
    }

    /// Puts back the last event taken back by undo, with its original time.
    pub fn redo(&mut self) -> Option<&Record> {
        let record = self.redo.pop()?;
        self.state
            .apply(&self.profile, &record.event, record.at)
            .expect("an undone event applies again to the state it was taken from");
        self.records.push(record);
        self.records.last()
    }
}

fn initial_state(profile: &Profile, setup: &Setup) -> GameState {
    GameState::new(
        profile,
        setup.players.len(),
        setup.parent,
        setup.first_round_turns,
    )
}

/// The state after `records`, or the first refusal with its index.
pub fn replay(
    profile: &Profile,
    setup: &Setup,
    records: &[Record],
) -> Result<GameState, (usize, RuleError)> {
    let mut state = initial_state(profile, setup);
    for (index, record) in records.iter().enumerate() {
        state
            .apply(profile, &record.event, record.at)
            .map_err(|error| (index, error))?;
    }
    Ok(state)
}

/// A fresh random session id (16 hex digits).
pub fn new_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}
