//! The history: append-only logs of what happened to the games (one per device, one JSON line
//! per record) plus one file per game holding its full event log, written once.
//!
//! Why split: the list and the statistics need only the summaries, and 10,000 summaries parse in
//! tens of milliseconds, while the event logs are 20–50 times larger and are read one at a time
//! (detail, replay, re-score).
//!
//! Why one log per device, and files written once: the history folder may be shared by several
//! devices through a sync engine (Syncthing, Nextcloud, Dropbox, a network share). A device only
//! ever writes its own log and the session files of the games it adds; corrections, notes,
//! renames and deletions are new records in its own log, never edits of a file another device
//! wrote, so no sync engine ever sees two versions of one file, and reading every log in time
//! order (`merge.rs`) gives every device the same history.
//!
//! Here: the history in memory and the changes made to it. Beside it: `open.rs` (reading every
//! log, adopting the first format's index, repairing this device's log), `own_log.rs` (writing
//! this device's log durably, rewriting and compacting it), `sessions.rs` (reading a game's
//! session as the history has it, its corrections replayed).

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::fsutil::{sync_batch, write_atomic, write_new_unsynced};
use super::index::IndexOp;
use super::saved::{SavedSession, TimedCorrection};
use crate::session::summary::HistoryEntry;
use crate::store::id::is_valid_id;

mod edit;
mod merge;
mod open;
mod own_log;
mod sessions;

pub use edit::CorrectionError;
pub(in crate::store) use edit::{name_key, rename_in_entry, take_scores_into};
pub use open::HistoryNotice;
use own_log::OwnLog;
pub use sessions::{Sessions, read_session_file};

/// A history problem the user must hear of ([`HistoryError::text`] in their words; shown as
/// such, in English, for a log).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text().render(crate::i18n::Locale::EN))]
pub enum HistoryError {
    Io { path: String, message: String },
    NewerVersion { path: String, found: u32 },
    ReadOnly,
    NotFound { id: String },
    SessionFile { id: String, message: String },
    LongNotes { max: usize },
}

impl HistoryError {
    /// The problem as a translatable sentence.
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            HistoryError::Io { path, message } => Text::new("store.history_io")
                .arg("path", path)
                .arg("message", message),
            HistoryError::NewerVersion { path, found } => Text::new("store.history_newer")
                .arg("path", path)
                .arg("found", found),
            HistoryError::ReadOnly => Text::new("store.history_read_only"),
            HistoryError::NotFound { id } => Text::new("store.no_such_game").arg("id", id),
            HistoryError::SessionFile { id, message } => Text::new("store.session_file")
                .arg("id", id)
                .arg("message", message),
            HistoryError::LongNotes { max } => Text::new("past.long_notes").arg("max", max),
        }
    }
}

/// The history of one data directory.
#[derive(Debug)]
pub struct History {
    dir: PathBuf,
    /// Where damaged files are kept (empty when read-only: nothing is written).
    damaged_dir: PathBuf,
    entries: Vec<HistoryEntry>,
    by_id: HashMap<String, usize>,
    /// Score corrections recorded for each game, in the logs' order: replayed onto its file.
    corrections: HashMap<String, Vec<TimedCorrection>>,
    /// Records beyond the live entries (replaced summaries, notes, deletes): compaction's trigger.
    dead_lines: usize,
    /// This device's log; `None` when read-only.
    own: Option<OwnLog>,
    /// The latest time on any record read or written: the next record is stamped after it.
    clock: Option<DateTime<Utc>>,
    pub notice: Option<HistoryNotice>,
    /// Changes whenever an entry does (see [`History::version`]).
    version: u64,
}

/// The next version any history in this process takes: never the same for two states.
static NEXT_VERSION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

pub(super) fn next_version() -> u64 {
    NEXT_VERSION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl History {
    /// A number that changes whenever the entries do (a game added, replaced, corrected or
    /// removed, here or merged in from another device), and that no other state of this or
    /// any other history in this process has had: what is made from the entries (the league,
    /// tonight's standings) is kept with the version it was made at, and is current while
    /// that is still the version. The length is not enough: a sync can remove one game and
    /// add another between two looks.
    pub fn version(&self) -> u64 {
        self.version
    }

    fn changed(&mut self) {
        self.version = next_version();
    }

    fn session_path(&self, id: &str) -> PathBuf {
        self.dir.join("sessions").join(format!("{id}.json"))
    }

    pub(super) fn put_in_memory(&mut self, entry: HistoryEntry) {
        self.changed();
        match self.by_id.get(&entry.id) {
            Some(&i) => {
                self.entries[i] = entry;
                self.dead_lines += 1;
            }
            None => {
                self.by_id.insert(entry.id.clone(), self.entries.len());
                self.entries.push(entry);
            }
        }
    }

    pub(super) fn remove_in_memory(&mut self, id: &str) -> Option<HistoryEntry> {
        self.changed();
        let i = self.by_id.remove(id)?;
        let entry = self.entries.remove(i);
        for index in self.by_id.values_mut() {
            if *index > i {
                *index -= 1;
            }
        }
        self.dead_lines += 1;
        Some(entry)
    }

    pub(super) fn get_mut(&mut self, id: &str) -> Option<&mut HistoryEntry> {
        self.changed();
        self.by_id.get(id).map(|&i| &mut self.entries[i])
    }

    pub(super) fn count_dead_line(&mut self) {
        self.dead_lines += 1;
    }

    /// Every entry, in the order they entered the history.
    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }

    pub fn get(&self, id: &str) -> Option<&HistoryEntry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    pub fn contains(&self, id: &str) -> bool {
        self.by_id.contains_key(id)
    }

    /// Every game's id and, for an imported one, the id it had in its backup: what an import
    /// checks a backup's games against (`index_scan::Scan::known_ids` reads the same from the
    /// logs).
    pub fn known_ids(&self) -> impl Iterator<Item = String> + '_ {
        (self.entries.iter()).flat_map(|e| std::iter::once(e.id.clone()).chain(e.origin_id.clone()))
    }

    pub fn is_writable(&self) -> bool {
        self.own.is_some()
    }

    /// A time for a new record: now, or just after the latest record read or written, so a
    /// device's records keep their order even when its clock goes back, and what it does after
    /// reading another device's record comes after that record.
    pub(super) fn stamp(&mut self, now: DateTime<Utc>) -> DateTime<Utc> {
        let at = match self.clock {
            // A record from another device may be stamped at the end of time (a file can say
            // anything): then this one stands beside it rather than overflow.
            Some(latest) if now <= latest => latest
                .checked_add_signed(chrono::Duration::milliseconds(1))
                .unwrap_or(latest),
            _ => now,
        };
        self.clock = Some(at);
        at
    }

    /// Adds a finished game durably: its event log first (written once, never again), then the
    /// record that lists it.
    pub fn put(
        &mut self,
        entry: HistoryEntry,
        session: &impl serde::Serialize,
    ) -> Result<(), HistoryError> {
        if !is_valid_id(&entry.id) {
            return Err(HistoryError::Io {
                path: entry.id.clone(),
                message: "not a session id".into(),
            });
        }
        self.require_writable()?;
        fs::create_dir_all(self.dir.join("sessions")).map_err(|e| self.io(e))?;
        let bytes = serde_json::to_vec(session).expect("a session serialises");
        write_atomic(&self.session_path(&entry.id), &bytes).map_err(|e| self.io(e))?;
        self.list(entry)
    }

    /// Records a game whose session file is on disk as listed, and lists it.
    fn list(&mut self, entry: HistoryEntry) -> Result<(), HistoryError> {
        let at = self.stamp(Utc::now());
        self.append(&IndexOp::Game {
            at,
            entry: Box::new(entry.clone()),
        })?;
        self.put_in_memory(entry);
        Ok(())
    }

    /// Adds many new sessions with one sync for all of them (an import: every game has a new id,
    /// so no file is replaced). The session files are written, then made durable together, then
    /// their records are appended in one write: a crash loses at most this batch, and never
    /// leaves a record whose file is not on disk (a file with no record is ignored).
    ///
    /// With `keep_listed` false the games are only written, not kept in this `History`'s list:
    /// a command-line import of 100k games then needs memory for one batch, not for the whole
    /// history. Such a `History` is dropped afterwards (its list no longer says what is on disk).
    pub fn put_batch(
        &mut self,
        games: Vec<(HistoryEntry, SavedSession)>,
        keep_listed: bool,
    ) -> Result<(), HistoryError> {
        if games.is_empty() {
            return Ok(());
        }
        self.require_writable()?;
        if let Some((bad, _)) = games.iter().find(|(e, _)| !is_valid_id(&e.id)) {
            return Err(HistoryError::Io {
                path: bad.id.clone(),
                message: "not a session id".into(),
            });
        }
        let sessions = self.dir.join("sessions");
        fs::create_dir_all(&sessions).map_err(|e| self.io(e))?;
        let mut files = Vec::with_capacity(games.len());
        for (entry, session) in &games {
            let path = self.session_path(&entry.id);
            let bytes = serde_json::to_vec(session).expect("a session serialises");
            write_new_unsynced(&path, &bytes).map_err(|e| self.io(e))?;
            files.push(path);
        }
        sync_batch(&sessions, &files).map_err(|e| self.io(e))?;
        let mut lines = Vec::new();
        for (entry, _) in &games {
            let at = self.stamp(Utc::now());
            let record = IndexOp::Game {
                at,
                entry: Box::new(entry.clone()),
            };
            serde_json::to_writer(&mut lines, &record).expect("a record serialises");
            lines.push(b'\n');
        }
        self.append_bytes(&lines)?;
        if keep_listed {
            for (entry, _) in games {
                self.put_in_memory(entry);
            }
        }
        Ok(())
    }

    /// Replaces a game's notes.
    pub fn set_notes(&mut self, id: &str, notes: &str) -> Result<(), HistoryError> {
        self.require_writable()?;
        // The limit a backup's import keeps, where the notes come in.
        let max = crate::session::summary::MAX_NOTES_CHARS;
        if notes.chars().count() > max {
            return Err(HistoryError::LongNotes { max });
        }
        if !self.contains(id) {
            return Err(HistoryError::NotFound { id: id.to_string() });
        }
        let at = self.stamp(Utc::now());
        self.append(&IndexOp::Notes {
            at,
            id: id.to_string(),
            notes: notes.to_string(),
        })?;
        if let Some(entry) = self.get_mut(id) {
            entry.notes = notes.to_string();
        }
        self.count_dead_line();
        self.compact_if_worth_it()
    }

    /// Deletes an entry; returns it so the caller can undo with [`History::restore`]. Its event
    /// log stays on disk (another device may still restore it), so an undo loses nothing.
    pub fn delete(&mut self, id: &str) -> Result<HistoryEntry, HistoryError> {
        self.require_writable()?;
        let Some(entry) = self.get(id).cloned() else {
            return Err(HistoryError::NotFound { id: id.to_string() });
        };
        let at = Some(self.stamp(Utc::now()));
        self.append(&IndexOp::Delete {
            id: id.to_string(),
            at,
        })?;
        self.remove_in_memory(id);
        Ok(entry)
    }

    /// Undoes a delete.
    pub fn restore(&mut self, entry: HistoryEntry) -> Result<(), HistoryError> {
        self.require_writable()?;
        self.list(entry)
    }

    /// The history's folder (`history/` in the data directory, or the shared folder).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub(super) fn require_writable(&self) -> Result<(), HistoryError> {
        if self.is_writable() {
            Ok(())
        } else {
            Err(HistoryError::ReadOnly)
        }
    }

    pub(super) fn io(&self, e: io::Error) -> HistoryError {
        HistoryError::Io {
            path: self.dir.display().to_string(),
            message: e.to_string(),
        }
    }
}
