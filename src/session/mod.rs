//! A session: a profile, the players at the table, and the ordered events of their game.
//!
//! The state is always the replay of the events; [`GameSession::apply`] appends an event only if
//! the rules accept it, [`GameSession::undo`] removes the last one and [`GameSession::redo`] puts
//! it back. The saved form ([`SessionFile`]) is the profile, the setup and the events.
//!
//! One mechanism serves every game: a [`Rules`] engine says what its profile, events and state
//! are, and what the table, the sheet and the history read of them. TERRAVIST has its own engine
//! (in `terravist/`); every other game runs on the engine driven by profile data (in
//! `any_game/`). What the rest of the app reads of any game is its [`Game`] face.

pub mod act;
mod face;
pub mod glance;
pub mod lineup;
mod new_game;
pub mod paper;
mod record;
mod rules;
pub mod seat_form;
pub mod summarize;
pub mod summary;
pub mod table_step;
pub mod turn_form;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::kit::clock_event::ClockEvent;
use crate::kit::error::RuleError;
pub use act::{NotTaken, TableAct};
pub use face::{Game, ReplayStep, TableEvent, TakenBackStep};
pub use glance::{Glance, Last, Stage};
pub use lineup::{Lineup, LineupError};
pub use new_game::NewGame;
pub use paper::PaperError;
pub use record::Record;
pub use rules::{EngineEvent, Rules, Written};
pub use seat_form::{Field, SeatEntry, SeatForm};
pub use summary::{HistoryEntry, Outcome};

/// The format name of a saved session file.
pub const SESSION_FORMAT: &str = "tablekeeper-session";
/// The session format version this build writes. 2: a TERRAVIST game's profile is in profile
/// format 2 (version 1 files are still read).
pub const SESSION_VERSION: u32 = 2;

pub use crate::vocabulary::{Colour, Player};

/// A saved session that cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the setup is not playable: {0}")]
    Lineup(#[from] LineupError),
    /// `number` counts from 1, as `tablekeeper replay` numbers the events.
    #[error("event {number} is refused by the rules: {error}")]
    Event { number: usize, error: RuleError },
}

impl ReplayError {
    /// The refusal as a translatable sentence.
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            ReplayError::Lineup(error) => {
                Text::new("replay_error.setup").arg_text("reason", error.text())
            }
            ReplayError::Event { number, error } => Text::new("replay_error.event")
                .arg("number", number)
                .arg_text("reason", error.text()),
        }
    }
}

/// The engine a saved file names when it names none: files from before there was a choice
/// were all TERRAVIST's.
pub const FIRST_ENGINE: &str = "terravist";

pub(crate) fn first_engine() -> String {
    FIRST_ENGINE.to_string()
}

/// The saved form of a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SessionFile<R: Rules> {
    pub format: String,
    pub version: u32,
    /// The engine that replays it; files from before there was a choice are TERRAVIST's.
    #[serde(default = "first_engine")]
    pub engine: String,
    pub id: String,
    /// The id the game had in the backup it was imported from. Kept in the file as well as in
    /// its summary line: a game listed again from its file (its line lost to a crash) is still
    /// known as that backup's game, so importing the backup again does not take it twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin_id: Option<String>,
    /// Kept on paper and logged afterwards: the game has no times. Kept in the file as well as
    /// in its summary line, so the summary made again from the file (an import, a lost line
    /// listed again) still says "on paper" and counts no minutes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub logged: bool,
    pub created_at: DateTime<Utc>,
    pub profile: R::Profile,
    pub setup: Lineup,
    pub events: Vec<Record<R::Event>>,
}

/// Which engine a saved session or journal header names, without parsing the rest.
pub fn engine_of(json: &str) -> Result<String, serde_json::Error> {
    #[derive(Deserialize)]
    struct Peek {
        #[serde(default = "first_engine")]
        engine: String,
    }
    serde_json::from_str::<Peek>(json).map(|p| p.engine)
}

/// A game in progress (or finished): its events and the state they replay to.
#[derive(Debug, Clone)]
pub struct GameSession<R: Rules> {
    id: String,
    created_at: DateTime<Utc>,
    profile: R::Profile,
    setup: Lineup,
    records: Vec<Record<R::Event>>,
    /// Events taken back by undo, the most recent last; cleared by any new event but a
    /// Pause or Resume (a table that looks back, then stops for a pizza, still redoes).
    redo: Vec<Record<R::Event>>,
    /// How many of the last records are a Pause or Resume made while there was something to
    /// redo: a redo puts its event back before them, where it stood in time.
    clock_after_undo: usize,
    /// The player-turns whose sand-timer end the table took back: the timer ends them by itself
    /// no more (the table ends them). Kept through a resume: the journal replays the undo.
    spared: Vec<u32>,
    /// Every event taken back, in order, with where and when: for a replay that shows them.
    taken_back: Vec<TakenBack<R::Event>>,
    state: R::State,
}

impl<R: Rules> GameSession<R> {
    /// A new session with no events yet.
    pub fn new(
        profile: R::Profile,
        setup: Lineup,
        created_at: DateTime<Utc>,
    ) -> Result<GameSession<R>, LineupError> {
        GameSession::with_id(new_id(), profile, setup, created_at)
    }

    pub fn with_id(
        id: String,
        profile: R::Profile,
        setup: Lineup,
        created_at: DateTime<Utc>,
    ) -> Result<GameSession<R>, LineupError> {
        // Every session starts here, new, read from a file or replayed from a journal: a
        // profile that breaks its rules would break the screens that show the game.
        R::check_profile(&profile).map_err(|problem| LineupError::Profile { problem })?;
        R::validate_setup(&profile, &setup)?;
        (setup.clock.check(setup.players.len()))
            .map_err(|problem| LineupError::Clock { problem })?;
        let state = R::initial(&profile, &setup);
        Ok(GameSession {
            id,
            created_at,
            profile,
            setup,
            records: Vec::new(),
            redo: Vec::new(),
            clock_after_undo: 0,
            spared: Vec::new(),
            taken_back: Vec::new(),
            state,
        })
    }

    /// Replays a saved session; fails at the first event the rules refuse.
    pub fn from_file(file: SessionFile<R>) -> Result<GameSession<R>, ReplayError> {
        let mut session = GameSession::with_id(file.id, file.profile, file.setup, file.created_at)?;
        for (index, record) in file.events.into_iter().enumerate() {
            session
                .apply_record(record)
                .map_err(|error| ReplayError::Event {
                    number: index + 1,
                    error,
                })?;
        }
        Ok(session)
    }

    pub fn to_file(&self) -> SessionFile<R> {
        SessionFile {
            format: SESSION_FORMAT.to_string(),
            version: SESSION_VERSION,
            engine: R::ENGINE.to_string(),
            id: self.id.clone(),
            origin_id: None,
            logged: false,
            created_at: self.created_at,
            profile: self.profile.clone(),
            setup: self.setup.clone(),
            events: self.records.clone(),
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The number this game draws what the app rolls for it from (TERRAVIST's dice): its own,
    /// from its id and the instant it was made, the same every time it is read. A roll is drawn
    /// from it and the game's place (see `terravist::GameState::app_roll`), so a roll taken
    /// back and made again gives the same faces, and no two games roll alike.
    pub fn dice_seed(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        self.id.hash(&mut hasher);
        self.created_at.timestamp_nanos_opt().hash(&mut hasher);
        hasher.finish()
    }

    pub fn created_at(&self) -> DateTime<Utc> {
        self.created_at
    }

    pub fn profile(&self) -> &R::Profile {
        &self.profile
    }

    pub fn setup(&self) -> &Lineup {
        &self.setup
    }

    pub fn players(&self) -> &[Player] {
        &self.setup.players
    }

    pub fn records(&self) -> &[Record<R::Event>] {
        &self.records
    }

    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The game as it stood after its first `events` events (a replay's step).
    pub fn replayed_to(&self, events: usize) -> GameSession<R> {
        let mut replayed = GameSession::with_id(
            self.id.clone(),
            self.profile.clone(),
            self.setup.clone(),
            self.created_at,
        )
        .expect("a session's own setup is valid");
        for record in &self.records[..events.min(self.records.len())] {
            replayed
                .apply_record(record.clone())
                .expect("a prefix of accepted events replays");
        }
        replayed
    }

    /// The event a sand timer that ends the turn writes when the turn under way runs out;
    /// `None` when the table took this turn's end by the timer back (Undo): the turn is then
    /// the table's to end.
    pub fn time_up_event(&self) -> Option<R::Event> {
        let turn = R::clock(&self.state).player_turns_begun;
        (!self.spared.contains(&turn)).then(|| R::clock_event(ClockEvent::TimeUp { turn }))
    }

    /// Every event taken back, in order.
    pub fn taken_back(&self) -> &[TakenBack<R::Event>] {
        &self.taken_back
    }

    pub fn can_undo(&self) -> bool {
        !self.records.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The record a redo put back last: the last record, but for the pauses and resumes made
    /// after the undo, which a redo leaves after it.
    pub fn last_put_back(&self) -> Option<usize> {
        self.records.len().checked_sub(1 + self.clock_after_undo)
    }

    /// Would the rules accept `event` at `at`? Changes nothing.
    pub fn check(&self, event: &R::Event, at: DateTime<Utc>) -> Result<(), RuleError> {
        R::apply(&mut self.state.clone(), &self.profile, event, at)
    }

    /// Checks `event` against the rules at time `at` and, if accepted, appends it.
    /// A refused event changes nothing.
    pub fn apply(
        &mut self,
        event: R::Event,
        at: DateTime<Utc>,
    ) -> Result<&Record<R::Event>, RuleError> {
        self.apply_record(Record::new(at, event))
    }

    /// Applies one player's entry of a game kept on paper at `at`; a refusal names the player.
    pub fn apply_entry(
        &mut self,
        event: R::Event,
        at: DateTime<Utc>,
        player: &str,
    ) -> Result<(), PaperError> {
        self.apply(event, at)
            .map(|_| ())
            .map_err(|error| PaperError::Entry {
                player: player.to_string(),
                error,
            })
    }

    /// Appends a record (an event with its time and whose phone entered it) if the rules
    /// accept its event.
    pub fn apply_record(
        &mut self,
        record: Record<R::Event>,
    ) -> Result<&Record<R::Event>, RuleError> {
        R::apply(&mut self.state, &self.profile, &record.event, record.at)?;
        if !self.redo.is_empty() && is_pause_or_resume::<R>(&record.event) {
            self.clock_after_undo += 1;
        } else {
            self.redo.clear();
            self.clock_after_undo = 0;
        }
        self.records.push(record);
        Ok(self.records.last().expect("just pushed"))
    }

    /// Takes back the last event; the state is replayed without it.
    pub fn undo(&mut self) -> Option<Record<R::Event>> {
        self.undo_at(None)
    }

    /// [`GameSession::undo`], noting when (a journal's undo line says).
    pub fn undo_at(&mut self, at: Option<DateTime<Utc>>) -> Option<Record<R::Event>> {
        let record = self.records.pop()?;
        self.clock_after_undo = self.clock_after_undo.saturating_sub(1);
        self.taken_back.push(TakenBack {
            after: self.records.len(),
            record: record.clone(),
            undone_at: at,
            redone_at: None,
        });
        if let Some(ClockEvent::TimeUp { turn }) = R::as_clock_event(&record.event) {
            self.spared.push(*turn);
        }
        self.state = replay::<R>(&self.profile, &self.setup, &self.records)
            .expect("a prefix of accepted events replays");
        self.redo.push(record.clone());
        Some(record)
    }

    /// Puts back the last event taken back by undo, with its original time.
    pub fn redo(&mut self) -> Option<&Record<R::Event>> {
        self.redo_at(None)
    }

    /// [`GameSession::redo`], noting when (a journal's redo line says).
    pub fn redo_at(&mut self, at: Option<DateTime<Utc>>) -> Option<&Record<R::Event>> {
        let record = self.redo.pop()?;
        if let Some(back) = (self.taken_back.iter_mut().rev())
            .find(|back| back.redone_at.is_none() && back.record == record)
        {
            back.redone_at = Some(at.unwrap_or(record.at));
        }
        if let Some(ClockEvent::TimeUp { turn }) = R::as_clock_event(&record.event) {
            self.spared.retain(|spared| spared != turn);
        }
        if self.clock_after_undo == 0 {
            R::apply(&mut self.state, &self.profile, &record.event, record.at)
                .expect("an undone event applies again to the state it was taken from");
            self.records.push(record);
            return self.records.last();
        }
        // Pauses and resumes came after the undo: the event goes back where it stood, before
        // them, and they follow it as far as they still apply (a Resume of a clock the event
        // set running again changes nothing, and is dropped). One older than the event (the
        // pause a restart records at the last action left) moves to the event's time: the
        // events' times never go back.
        let after = self.records.len() - self.clock_after_undo;
        let clock = self.records.split_off(after);
        self.state = replay::<R>(&self.profile, &self.setup, &self.records)
            .expect("a prefix of accepted events replays");
        R::apply(&mut self.state, &self.profile, &record.event, record.at)
            .expect("an undone event applies again to the state it was taken from");
        self.records.push(record);
        let at = self.records.len() - 1;
        self.clock_after_undo = 0;
        for mut pause in clock {
            pause.at = pause.at.max(self.records[at].at);
            if R::apply(&mut self.state, &self.profile, &pause.event, pause.at).is_ok() {
                self.records.push(pause);
                self.clock_after_undo += 1;
            }
        }
        self.records.get(at)
    }
}

/// Whether `event` only pauses or resumes the clock: it leaves what there is to redo.
fn is_pause_or_resume<R: Rules>(event: &R::Event) -> bool {
    matches!(
        R::as_clock_event(event),
        Some(ClockEvent::Pause | ClockEvent::Resume)
    )
}

/// An event the table took back (Undo), where and when: `after` events of the game stood
/// then; put back by Redo (`redone_at`) or not.
#[derive(Debug, Clone, PartialEq)]
pub struct TakenBack<E> {
    pub after: usize,
    pub record: Record<E>,
    /// When, where the journal says (a saved game keeps no undo).
    pub undone_at: Option<DateTime<Utc>>,
    pub redone_at: Option<DateTime<Utc>>,
}

/// The state after `records`, or the first refusal with its index.
pub fn replay<R: Rules>(
    profile: &R::Profile,
    setup: &Lineup,
    records: &[Record<R::Event>],
) -> Result<R::State, (usize, RuleError)> {
    let mut state = R::initial(profile, setup);
    for (index, record) in records.iter().enumerate() {
        R::apply(&mut state, profile, &record.event, record.at).map_err(|error| (index, error))?;
    }
    Ok(state)
}

/// A fresh random session id (16 hex digits).
pub fn new_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}
