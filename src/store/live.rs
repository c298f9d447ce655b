//! The game on the table: a session with every change journaled before it takes effect
//! ([`LiveSession`]), and the one face the app holds it by, whichever engine plays it
//! ([`LiveGame`]).

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::history::History;
use super::journal::{self, JournalOp, JournalProblem, JournalWriter, Recovered};
use super::{DataDir, StoreError};
use crate::engines::{self, EngineTask};
use crate::kit::error::RuleError;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::session::{Game, GameSession, NewGame, Record, Rules, TableEvent};
use crate::vocabulary::Seat;

/// Why a live action did not happen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiveError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The journal could not be written: the action is not taken, so nothing unsaved is shown.
    #[error("the game could not be saved: {0}")]
    Io(String),
}

/// A session being played, with every change journaled before it takes effect.
#[derive(Debug)]
pub struct LiveSession<R: Rules> {
    pub(super) session: GameSession<R>,
    pub(super) journal: JournalWriter,
    /// When the clock was last noted in the journal while it ran (see [`LiveSession::note_clock`]).
    pub(super) noted: Option<DateTime<Utc>>,
    /// Ops in the journal file (from earlier runs too).
    pub(super) journaled: usize,
}

impl<R: Rules> LiveSession<R> {
    pub fn session(&self) -> &GameSession<R> {
        &self.session
    }

    pub fn journal(&self) -> &JournalWriter {
        &self.journal
    }

    /// How many ops the journal holds: every one of them survives the app being killed.
    pub fn journaled_ops(&self) -> usize {
        self.journaled
    }

    fn journal_op(&mut self, op: &JournalOp<R>) -> Result<(), LiveError> {
        self.journal
            .append(op)
            .map_err(|e| LiveError::Io(e.to_string()))?;
        self.journaled += 1;
        Ok(())
    }

    /// Checks the event, writes it to the journal, then applies it.
    pub fn apply(&mut self, event: R::Event, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.apply_record(Record::new(at, event))
    }

    /// Checks the record's event, writes the record to the journal, then applies it.
    pub fn apply_record(&mut self, record: Record<R::Event>) -> Result<(), LiveError> {
        self.session.check(&record.event, record.at)?;
        self.journal_op(&JournalOp::Event(record.clone()))?;
        self.session
            .apply_record(record)
            .expect("a checked event applies");
        Ok(())
    }

    /// Notes the clock in the journal while it runs: a game killed resumes paused here rather
    /// than at its last action. Not an action: Undo does not see it, and the table's state
    /// (what a phone's request names) does not change with it.
    pub fn note_clock(&mut self, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.journal
            .append(&JournalOp::<R>::Clock { at })
            .map_err(|e| LiveError::Io(e.to_string()))?;
        self.noted = Some(at);
        Ok(())
    }

    /// Writes in the journal that `seat` moved from the phone `from` to the phone `to` (see
    /// [`JournalOp::Seat`]). Not an action, as a clock note is not: Undo does not see it, and
    /// the table's state does not change with it.
    pub fn note_seat(
        &mut self,
        at: DateTime<Utc>,
        seat: crate::vocabulary::Seat,
        from: String,
        to: String,
    ) -> Result<(), LiveError> {
        let op = JournalOp::<R>::Seat { at, seat, from, to };
        (self.journal.append(&op))
            .map(|_| ())
            .map_err(|e| LiveError::Io(e.to_string()))
    }

    /// Takes back the last action; `false` if there is none.
    pub fn undo(&mut self, at: DateTime<Utc>) -> Result<bool, LiveError> {
        self.undo_by(at, None)
    }

    /// [`LiveSession::undo`], asked by the phone of seat `phone` (`None`: the window): the
    /// journal's line names it.
    pub fn undo_by(&mut self, at: DateTime<Utc>, phone: Option<Seat>) -> Result<bool, LiveError> {
        if !self.session.can_undo() {
            return Ok(false);
        }
        self.journal_op(&JournalOp::Undo { at, phone })?;
        self.session.undo();
        Ok(true)
    }

    /// Puts back the last action taken back; `false` if there is none.
    pub fn redo(&mut self, at: DateTime<Utc>) -> Result<bool, LiveError> {
        self.redo_by(at, None)
    }

    /// [`LiveSession::redo`], asked by the phone of seat `phone` (`None`: the window).
    pub fn redo_by(&mut self, at: DateTime<Utc>, phone: Option<Seat>) -> Result<bool, LiveError> {
        if !self.session.can_redo() {
            return Ok(false);
        }
        self.journal_op(&JournalOp::Redo { at, phone })?;
        self.session.redo();
        Ok(true)
    }

    /// Moves the session into the history in one durable step: the history holds it (event log
    /// and index line, both synced) before the journal is removed. A crash in between leaves a
    /// journal that the next start recognises as archived and removes.
    pub fn finish(
        self,
        history: &mut History,
        outcome: Outcome,
        at: DateTime<Utc>,
    ) -> Result<HistoryEntry, StoreError> {
        let entry = self.session.summarize(outcome, at);
        history.put(entry.clone(), &self.session.to_file())?;
        let path = self.journal.path().to_path_buf();
        drop(self.journal);
        journal::remove(&path).map_err(|e| StoreError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Ok(entry)
    }
}

/// The game on the table as the app holds it, whichever engine plays it: read through its
/// [`Game`] face, changed through the journal.
pub trait LiveGame: Send + Sync {
    /// The game as it stands.
    fn game(&self) -> &dyn Game;
    /// Applies a table action through the journal. `None`: the event is another engine's, for
    /// a game no longer on the table, and nothing happened.
    fn apply_event(
        &mut self,
        event: TableEvent,
        at: DateTime<Utc>,
    ) -> Option<Result<(), LiveError>>;
    /// Takes back the last action, asked by the phone of seat `phone` (`None`: the window);
    /// `false` if there is none.
    fn undo(&mut self, at: DateTime<Utc>, phone: Option<Seat>) -> Result<bool, LiveError>;
    /// Puts back the last action taken back, as [`LiveGame::undo`].
    fn redo(&mut self, at: DateTime<Utc>, phone: Option<Seat>) -> Result<bool, LiveError>;
    /// How many ops the journal holds.
    fn journaled_ops(&self) -> usize;
    /// Notes the running clock in the journal (see [`LiveSession::note_clock`]).
    fn note_clock(&mut self, at: DateTime<Utc>) -> Result<(), LiveError>;
    /// Notes a seat's move in the journal (see [`LiveSession::note_seat`]).
    fn note_seat(
        &mut self,
        at: DateTime<Utc>,
        seat: crate::vocabulary::Seat,
        from: String,
        to: String,
    ) -> Result<(), LiveError>;
    /// When the clock was last noted, or the last action's time, whichever is later: the
    /// moment a kill now would resume the game at.
    fn kept_until(&self) -> Option<DateTime<Utc>>;
    /// Moves the game into the history (see [`LiveSession::finish`]).
    fn finish(
        self: Box<Self>,
        history: &mut History,
        outcome: Outcome,
        at: DateTime<Utc>,
    ) -> Result<HistoryEntry, StoreError>;
}

impl<R: Rules> LiveGame for LiveSession<R> {
    fn game(&self) -> &dyn Game {
        &self.session
    }

    fn apply_event(
        &mut self,
        event: TableEvent,
        at: DateTime<Utc>,
    ) -> Option<Result<(), LiveError>> {
        let phone = event.phone();
        let event = event.into_event::<R>().ok()?;
        Some(self.apply_record(Record { at, event, phone }))
    }

    fn undo(&mut self, at: DateTime<Utc>, phone: Option<Seat>) -> Result<bool, LiveError> {
        LiveSession::undo_by(self, at, phone)
    }

    fn redo(&mut self, at: DateTime<Utc>, phone: Option<Seat>) -> Result<bool, LiveError> {
        LiveSession::redo_by(self, at, phone)
    }

    fn journaled_ops(&self) -> usize {
        self.journaled
    }

    fn note_clock(&mut self, at: DateTime<Utc>) -> Result<(), LiveError> {
        LiveSession::note_clock(self, at)
    }

    fn note_seat(
        &mut self,
        at: DateTime<Utc>,
        seat: crate::vocabulary::Seat,
        from: String,
        to: String,
    ) -> Result<(), LiveError> {
        LiveSession::note_seat(self, at, seat, from, to)
    }

    fn kept_until(&self) -> Option<DateTime<Utc>> {
        let last = R::clock(self.session.state()).last_event_at();
        last.max(self.noted)
    }

    fn finish(
        self: Box<Self>,
        history: &mut History,
        outcome: Outcome,
        at: DateTime<Utc>,
    ) -> Result<HistoryEntry, StoreError> {
        LiveSession::finish(*self, history, outcome, at)
    }
}

impl dyn LiveGame + '_ {
    /// The session itself, if engine `R` plays it.
    pub fn session<R: Rules>(&self) -> Option<&GameSession<R>> {
        self.game().session::<R>()
    }
}

/// What reopening a journal found, whichever engine's: how many ops it replayed, and a problem
/// it had (the original file then kept where `set_aside` says).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery {
    pub ops: usize,
    pub problem: Option<JournalProblem>,
    pub set_aside: Option<PathBuf>,
    /// The clocks ran when the app stopped without a word: the last action's time and the time
    /// they were counted to (see [`Recovered::stopped_running`]).
    pub stopped_running: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

impl<R: Rules> From<&Recovered<R>> for Recovery {
    fn from(recovered: &Recovered<R>) -> Recovery {
        Recovery {
            ops: recovered.ops,
            problem: recovered.problem.clone(),
            set_aside: recovered.set_aside.clone(),
            stopped_running: recovered.stopped_running,
        }
    }
}

impl DataDir {
    /// Reopens an unfinished game with the engine its journal names (a journal from before
    /// there was a choice is TERRAVIST's), as the registry of engines picks it.
    pub fn resume_any(&self, path: &Path) -> Result<(Box<dyn LiveGame>, Recovery), StoreError> {
        struct Resume<'a> {
            dir: &'a DataDir,
            path: &'a Path,
        }
        impl EngineTask for Resume<'_> {
            type Output = Result<(Box<dyn LiveGame>, Recovery), StoreError>;
            fn run<R: Rules>(self) -> Self::Output {
                let (live, recovered) = self.dir.resume_game::<R>(self.path)?;
                let recovery = Recovery::from(&recovered);
                Ok((Box::new(live), recovery))
            }
        }
        let engine = journal::engine_of_journal(path);
        engines::run(&engine, Resume { dir: self, path }).unwrap_or_else(|| {
            Err(StoreError::Io {
                path: path.display().to_string(),
                message: engines::unknown(&engine).render(crate::i18n::Locale::EN),
            })
        })
    }

    /// Starts a new game with the engine it was made for, at `at`: its session journaled,
    /// and the events to record before the first turn (the caller applies them, as taps).
    /// `seats` (which phone holds which seat) is on disk before the journal is (see
    /// [`DataDir::start_seated`]).
    pub fn start_new(
        &self,
        new: NewGame,
        at: DateTime<Utc>,
        seats: &[(usize, String)],
    ) -> Result<(Box<dyn LiveGame>, Vec<TableEvent>), StartError> {
        struct Start<'a> {
            dir: &'a DataDir,
            new: NewGame,
            at: DateTime<Utc>,
            seats: &'a [(usize, String)],
        }
        impl EngineTask for Start<'_> {
            type Output = Result<(Box<dyn LiveGame>, Vec<TableEvent>), StartError>;
            fn run<R: Rules>(self) -> Self::Output {
                let made = self.new.into_session::<R>(self.at);
                let (session, first) = made.expect("the engine the game names")?;
                let live = self.dir.start_seated(session, self.seats)?;
                Ok((Box::new(live), first))
            }
        }
        let engine = new.engine();
        engines::run(
            engine,
            Start {
                dir: self,
                new,
                at,
                seats,
            },
        )
        .expect("a new game is made for an engine of this build")
    }
}

/// Why a new game did not start; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Setup(#[from] crate::session::LineupError),
    #[error(transparent)]
    Store(#[from] StoreError),
}
