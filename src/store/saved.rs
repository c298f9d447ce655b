//! A saved session of either engine, as the history and backups hold it: the file names its
//! engine (files from before there was a choice are TERRAVIST's), and it is read with that one.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};

use super::index::Correction;
use crate::engines::{self, EngineTask};
use crate::session::summary::{HistoryEntry, Outcome};
use crate::session::{Game, GameSession, Lineup, ReplayError, Rules, SessionFile};
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

/// A saved session of any engine: the file behind one face, its engine picked by the
/// registry ([`crate::engines`]) from the `engine` it names when it is read.
pub struct SavedSession(Box<dyn SavedFile>);

impl std::fmt::Debug for SavedSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("SavedSession")
            .field(&self.0.to_raw().get())
            .finish()
    }
}

impl Clone for SavedSession {
    fn clone(&self) -> SavedSession {
        SavedSession(self.0.clone_box())
    }
}

impl PartialEq for SavedSession {
    fn eq(&self, other: &SavedSession) -> bool {
        self.0.engine() == other.0.engine() && self.0.to_raw().get() == other.0.to_raw().get()
    }
}

impl Serialize for SavedSession {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The file's own JSON, written as it is (no tree built in between, nothing parsed again).
        let raw = self.0.to_raw();
        raw.serialize(s)
    }
}

impl<'de> Deserialize<'de> for SavedSession {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SavedSession, D::Error> {
        use serde::de::Error;
        /// Only the engine; every other field is skipped without being built.
        #[derive(Deserialize)]
        struct Engine {
            engine: Option<String>,
        }
        /// Reads the file with its engine's types.
        struct Read<'a>(&'a str);
        impl EngineTask for Read<'_> {
            type Output = Result<SavedSession, serde_json::Error>;
            fn run<R: Rules>(self) -> Self::Output {
                let file: SessionFile<R> = serde_json::from_str(self.0)?;
                Ok(SavedSession::from(file))
            }
        }
        // The raw text once, then two fast passes over it: the engine, then the typed file.
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let engine = serde_json::from_str::<Engine>(raw.get())
            .map_err(D::Error::custom)?
            .engine
            .unwrap_or_else(|| engines::DEFAULT.to_string());
        engines::run(&engine, Read(raw.get()))
            .unwrap_or_else(|| {
                Err(serde_json::Error::custom(
                    engines::unknown(&engine).render(crate::i18n::Locale::EN),
                ))
            })
            .map_err(D::Error::custom)
    }
}

impl<R: Rules> From<SessionFile<R>> for SavedSession {
    fn from(file: SessionFile<R>) -> SavedSession {
        SavedSession(Box::new(file))
    }
}

/// A saved file of any engine, seen the same way: each engine's own part is its [`Rules`].
trait SavedFile: Send + Sync {
    fn engine(&self) -> &'static str;
    fn to_raw(&self) -> Box<serde_json::value::RawValue>;
    fn clone_box(&self) -> Box<dyn SavedFile>;
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any>;
    fn version(&self) -> u32;
    fn mark_current(&mut self);
    fn setup(&self) -> &Lineup;
    fn setup_mut(&mut self) -> &mut Lineup;
    fn id(&self) -> &str;
    fn set_id(&mut self, id: String);
    fn origin_id(&self) -> Option<&str>;
    fn set_origin_id(&mut self, origin: String);
    fn logged(&self) -> bool;
    fn set_logged(&mut self);
    fn event_count(&self) -> usize;
    fn last_event_at(&self) -> DateTime<Utc>;
    fn part_names(&self) -> Vec<(String, Name)>;
    fn ending_name(&self, ending: &str) -> Option<Name>;
    fn check_profile(&self) -> Result<(), String>;
    fn replay(&self) -> Result<Box<dyn Game>, ReplayError>;
    fn summarize(
        &self,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<HistoryEntry, ReplayError>;
    fn with_corrections(
        &self,
        corrections: &[TimedCorrection],
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<(SavedSession, HistoryEntry), CorrectionRefused>;
}

impl<R: Rules> SavedFile for SessionFile<R> {
    fn engine(&self) -> &'static str {
        R::ENGINE
    }

    fn to_raw(&self) -> Box<serde_json::value::RawValue> {
        serde_json::value::to_raw_value(self).expect("a session file is plain data")
    }

    fn clone_box(&self) -> Box<dyn SavedFile> {
        Box::new(self.clone())
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }

    fn version(&self) -> u32 {
        self.version
    }

    fn mark_current(&mut self) {
        self.version = crate::session::SESSION_VERSION;
    }

    fn setup(&self) -> &Lineup {
        &self.setup
    }

    fn setup_mut(&mut self) -> &mut Lineup {
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

    fn logged(&self) -> bool {
        self.logged
    }

    fn set_logged(&mut self) {
        self.logged = true;
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

    fn replay(&self) -> Result<Box<dyn Game>, ReplayError> {
        let session = GameSession::<R>::from_file(self.clone())?;
        Ok(Box::new(session))
    }

    fn summarize(
        &self,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<HistoryEntry, ReplayError> {
        let session = GameSession::<R>::from_file(self.clone())?;
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
        let mut file = session.to_file();
        file.logged = self.logged;
        let entry = if self.logged { entry.on_paper() } else { entry };
        Ok((SavedSession::from(file), entry))
    }
}

impl SavedSession {
    fn file(&self) -> &dyn SavedFile {
        self.0.as_ref()
    }

    fn file_mut(&mut self) -> &mut dyn SavedFile {
        self.0.as_mut()
    }

    /// The engine that plays it, as the file names it.
    pub fn engine(&self) -> &'static str {
        self.file().engine()
    }

    /// The file itself, to change, if engine `R` plays it.
    pub fn as_file_mut<R: Rules>(&mut self) -> Option<&mut SessionFile<R>> {
        self.file_mut().as_any_mut().downcast_mut()
    }

    /// The file itself, if engine `R` plays it.
    pub fn into_file<R: Rules>(self) -> Option<SessionFile<R>> {
        self.0.into_any().downcast().ok().map(|file| *file)
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

    /// Marks the file as today's version: what it holds was read into today's types (an old
    /// TERRAVIST profile into format 2), and it is written out in them.
    pub fn mark_current(&mut self) {
        self.file_mut().mark_current()
    }

    pub fn setup(&self) -> &Lineup {
        self.file().setup()
    }

    pub fn setup_mut(&mut self) -> &mut Lineup {
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
    pub fn replay(&self) -> Result<Box<dyn Game>, ReplayError> {
        self.file().replay()
    }

    /// Replays the events and summarises the game (a summary is never trusted over its events);
    /// an imported game's summary names the backup game it came from.
    pub fn summarize(
        &self,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<HistoryEntry, ReplayError> {
        let mut entry = self.file().summarize(outcome, ended_at)?;
        entry.origin_id = self.file().origin_id().map(str::to_string);
        Ok(if self.file().logged() {
            entry.on_paper()
        } else {
            entry
        })
    }

    /// Whether the game was kept on paper and logged afterwards (it has no times).
    pub fn logged(&self) -> bool {
        self.file().logged()
    }

    /// Marks the game as kept on paper (see [`SessionFile::logged`]).
    pub fn set_logged(&mut self) {
        self.file_mut().set_logged();
    }

    /// Marks an imported game with the id it had in its backup (see [`SessionFile::origin_id`]).
    pub fn set_origin_id(&mut self, origin: String) {
        self.file_mut().set_origin_id(origin);
    }
}
