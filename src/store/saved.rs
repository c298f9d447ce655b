//! A saved session of either engine, as the history and backups hold it: the file names its
//! engine (files from before there was a choice are TERRAVIST's), and it is read with that one.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};

use super::index::Correction;
use crate::any_game::AnyGame;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::session::{Game, GameSession, Rules, SessionFile, Setup};
use crate::terravist::Terravist;
use crate::vocabulary::Name;

/// A corrected cell and when it was corrected (the time its event is replayed at).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedCorrection {
    pub at: DateTime<Utc>,
    pub cell: Correction,
}

/// Why corrections could not be replayed onto a saved game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionRefused {
    #[error(transparent)]
    Rule(#[from] crate::kit::error::RuleError),
    #[error("the game's events no longer replay: {0}")]
    Replay(String),
}

/// A saved session of any engine.
// Files are read one at a time (a detail view, a backup item): the size difference is moot.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SavedSession {
    Terravist(SessionFile<Terravist>),
    AnyGame(SessionFile<AnyGame>),
}

impl<'de> Deserialize<'de> for SavedSession {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SavedSession, D::Error> {
        use serde::de::Error;
        /// Only the engine; every other field is skipped without being built.
        #[derive(Deserialize)]
        struct Engine {
            engine: Option<String>,
        }
        // The raw text once, then two fast passes over it: the engine, then the typed file.
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let engine = serde_json::from_str::<Engine>(raw.get())
            .map_err(D::Error::custom)?
            .engine
            .unwrap_or_else(|| Terravist::ENGINE.to_string());
        if engine == Terravist::ENGINE {
            serde_json::from_str(raw.get())
                .map(SavedSession::Terravist)
                .map_err(D::Error::custom)
        } else if engine == AnyGame::ENGINE {
            serde_json::from_str(raw.get())
                .map(SavedSession::AnyGame)
                .map_err(D::Error::custom)
        } else {
            Err(D::Error::custom(format!(
                "the session is for an engine this build does not have: \"{engine}\""
            )))
        }
    }
}

impl From<SessionFile<Terravist>> for SavedSession {
    fn from(file: SessionFile<Terravist>) -> SavedSession {
        SavedSession::Terravist(file)
    }
}

impl From<SessionFile<AnyGame>> for SavedSession {
    fn from(file: SessionFile<AnyGame>) -> SavedSession {
        SavedSession::AnyGame(file)
    }
}

/// A saved file of any engine, seen the same way: each engine's own part is its [`Summarize`].
trait SavedFile {
    fn version(&self) -> u32;
    fn setup(&self) -> &Setup;
    fn setup_mut(&mut self) -> &mut Setup;
    fn id(&self) -> &str;
    fn set_id(&mut self, id: String);
    fn origin_id(&self) -> Option<&str>;
    fn set_origin_id(&mut self, origin: String);
    fn event_count(&self) -> usize;
    fn last_event_at(&self) -> DateTime<Utc>;
    fn part_names(&self) -> Vec<(String, Name)>;
    fn ending_name(&self, ending: &str) -> Option<Name>;
    fn check_profile(&self) -> Result<(), String>;
    fn replay(&self) -> Result<Box<dyn Game>, String>;
    fn summarize(&self, outcome: Outcome, ended_at: DateTime<Utc>) -> Result<HistoryEntry, String>;
    fn with_corrections(
        &self,
        corrections: &[TimedCorrection],
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<(SavedSession, HistoryEntry), CorrectionRefused>;
}

impl<R: Rules> SavedFile for SessionFile<R>
where
    SessionFile<R>: Into<SavedSession>,
{
    fn version(&self) -> u32 {
        self.version
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn setup_mut(&mut self) -> &mut Setup {
        &mut self.setup
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn set_id(&mut self, id: String) {
        self.id = id;
    }

    fn origin_id(&self) -> Option<&str> {
        self.origin_id.as_deref()
    }

    fn set_origin_id(&mut self, origin: String) {
        self.origin_id = Some(origin);
    }

    fn event_count(&self) -> usize {
        self.events.len()
    }

    fn last_event_at(&self) -> DateTime<Utc> {
        self.events.last().map_or(self.created_at, |r| r.at)
    }

    fn part_names(&self) -> Vec<(String, Name)> {
        R::part_names(&self.profile)
    }

    fn ending_name(&self, ending: &str) -> Option<Name> {
        R::ending_name(&self.profile, ending)
    }

    fn check_profile(&self) -> Result<(), String> {
        R::check_profile(&self.profile)
    }

    fn replay(&self) -> Result<Box<dyn Game>, String> {
        let session = GameSession::<R>::from_file(self.clone()).map_err(|e| e.to_string())?;
        Ok(Box::new(session))
    }

    fn summarize(&self, outcome: Outcome, ended_at: DateTime<Utc>) -> Result<HistoryEntry, String> {
        let session = GameSession::<R>::from_file(self.clone()).map_err(|e| e.to_string())?;
        let ended_at = ended_at.max(session.created_at());
        Ok(session.summarize(outcome, ended_at))
    }

    fn with_corrections(
        &self,
        corrections: &[TimedCorrection],
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<(SavedSession, HistoryEntry), CorrectionRefused> {
        let mut session = GameSession::<R>::from_file(self.clone())
            .map_err(|e| CorrectionRefused::Replay(e.to_string()))?;
        for TimedCorrection { at, cell } in corrections {
            session.apply(R::set_score(cell.player, &cell.part, cell.value), *at)?;
        }
        let entry = session.summarize(outcome, ended_at);
        Ok((session.to_file().into(), entry))
    }
}

impl SavedSession {
    /// The file, whichever engine's: the one place the two are told apart.
    fn file(&self) -> &dyn SavedFile {
        match self {
            SavedSession::Terravist(f) => f,
            SavedSession::AnyGame(f) => f,
        }
    }

    fn file_mut(&mut self) -> &mut dyn SavedFile {
        match self {
            SavedSession::Terravist(f) => f,
            SavedSession::AnyGame(f) => f,
        }
    }

    /// The file, if it is a TERRAVIST session.
    pub fn into_terravist(self) -> Option<SessionFile<Terravist>> {
        match self {
            SavedSession::Terravist(f) => Some(f),
            SavedSession::AnyGame(_) => None,
        }
    }

    /// Each score part's id and name, in the sheet's order.
    pub fn part_names(&self) -> Vec<(String, Name)> {
        self.file().part_names()
    }

    /// The name of how a game of sides ended.
    pub fn ending_name(&self, ending: &str) -> Option<Name> {
        self.file().ending_name(ending)
    }

    pub fn version(&self) -> u32 {
        self.file().version()
    }

    pub fn setup(&self) -> &Setup {
        self.file().setup()
    }

    pub fn setup_mut(&mut self) -> &mut Setup {
        self.file_mut().setup_mut()
    }

    pub fn id(&self) -> &str {
        self.file().id()
    }

    pub fn set_id(&mut self, id: String) {
        self.file_mut().set_id(id)
    }

    pub fn event_count(&self) -> usize {
        self.file().event_count()
    }

    /// When its last event happened (a game without events: when it was created).
    pub fn last_event_at(&self) -> DateTime<Utc> {
        self.file().last_event_at()
    }

    /// Checks the profile inside the file as strictly as a profile file is checked (the same
    /// checks as reading a profile file, without writing it out and reading it back).
    pub fn check_profile(&self) -> Result<(), String> {
        self.file().check_profile()
    }

    /// The game with score corrections made in the history replayed onto its events (each a
    /// hand-set cell at its time), and its summary re-scored from them. A correction the rules
    /// refuse is the error, and nothing is changed.
    pub fn with_corrections(
        &self,
        corrections: &[TimedCorrection],
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<(SavedSession, HistoryEntry), CorrectionRefused> {
        self.file().with_corrections(corrections, outcome, ended_at)
    }

    /// The game its events replay to, behind the face every game shows.
    pub fn replay(&self) -> Result<Box<dyn Game>, String> {
        self.file().replay()
    }

    /// Replays the events and summarises the game (a summary is never trusted over its events);
    /// an imported game's summary names the backup game it came from.
    pub fn summarize(
        &self,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<HistoryEntry, String> {
        let mut entry = self.file().summarize(outcome, ended_at)?;
        entry.origin_id = self.file().origin_id().map(str::to_string);
        Ok(entry)
    }

    /// Marks an imported game with the id it had in its backup (see [`SessionFile::origin_id`]).
    pub fn set_origin_id(&mut self, origin: String) {
        self.file_mut().set_origin_id(origin);
    }
}
