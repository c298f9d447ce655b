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

use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::entry::{HistoryEntry, Outcome, is_valid_id};
use super::fsutil::{
    copy_aside, fsync_dir, read_limited, sync_batch, write_atomic, write_new_unsynced,
};
use super::history_edit::TimedCorrection;
use super::index::{
    HISTORY_FORMAT, HISTORY_VERSION, IndexHeader, IndexOp, LEGACY_INDEX, device_log, is_log_name,
};
use super::merge::{ReadLog, read_log};
use super::saved::SavedSession;
use crate::session::SESSION_VERSION;

/// The largest session file accepted.
const MAX_SESSION_BYTES: u64 = 64 * 1024 * 1024;

/// A history problem the user must hear of.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    #[error("cannot use the history at {path}: {message}")]
    Io { path: String, message: String },
    #[error(
        "the history at {path} was written by a newer tablekeeper (version {found}); it is open read-only"
    )]
    NewerVersion { path: String, found: u32 },
    #[error("the history is open read-only")]
    ReadOnly,
    #[error("no session {id} in the history")]
    NotFound { id: String },
    #[error("the session file of {id} cannot be read: {message}")]
    SessionFile { id: String, message: String },
}

/// What opening the history had to repair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryNotice {
    /// The log with the damage (`index-<device>.jsonl`).
    pub log: String,
    /// Its lines that could not be read (1 is the header line), each costing only itself.
    pub bad_lines: Vec<usize>,
    /// Why the first of them could not be read.
    pub reason: String,
    /// Games listed again from their session files (their index lines were lost).
    pub recovered: usize,
    /// Where the damaged index was copied; `None` when opened read-only (nothing is written).
    pub kept: Option<PathBuf>,
    /// The damaged log is another device's: it is left as that device wrote it (the games it
    /// lost are listed again from their files here, in memory only).
    pub foreign: bool,
}

impl HistoryNotice {
    /// One line for the command line's stderr and the log.
    pub fn describe(&self) -> String {
        let lines: Vec<String> = self.bad_lines.iter().map(|l| l.to_string()).collect();
        let mut text = format!(
            "the history log {} was damaged (line {}: {}); {} game(s) listed again from their session files",
            self.log,
            lines.join(", "),
            self.reason,
            self.recovered
        );
        match &self.kept {
            Some(kept) => text.push_str(&format!("; the damaged log is kept at {}", kept.display())),
            None if self.foreign => text.push_str("; it is another device's log, left as that device wrote it"),
            None => text.push_str("; read-only, so nothing was rewritten: the app repairs it when it next opens the history"),
        }
        text
    }
}

/// The damage opening the history speaks of: this device's log's first, else another's.
#[derive(Default)]
struct Damage {
    log: String,
    bad: Vec<(usize, String)>,
    /// Another device's log: left as it is.
    foreign: bool,
}

impl Damage {
    fn to_speak_of(logs: &[ReadLog], own: Option<&str>) -> Option<Damage> {
        let is_own = |log: &ReadLog| own == Some(log.name.as_str());
        logs.iter()
            .filter(|log| !log.bad.is_empty())
            .min_by_key(|log| !is_own(log))
            .map(|log| Damage {
                log: log.name.clone(),
                bad: log.bad.clone(),
                foreign: !is_own(log),
            })
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
}

/// The one log this copy writes.
#[derive(Debug)]
struct OwnLog {
    path: PathBuf,
    /// Open for appending; `None` until the first write when there is no log yet.
    writer: Option<File>,
}

impl History {
    fn session_path(&self, id: &str) -> PathBuf {
        self.dir.join("sessions").join(format!("{id}.json"))
    }

    /// Opens the history for reading and writing, as `device` (the caller holds the data
    /// directory's lock); this device's records go to `index-<device>.jsonl` only.
    pub fn open(dir: &Path, damaged_dir: &Path, device: &str) -> Result<History, HistoryError> {
        History::load(dir, damaged_dir, Some(device), true)
    }

    /// Opens the history for reading only: nothing is written, nothing repaired.
    pub fn open_read_only(dir: &Path) -> Result<History, HistoryError> {
        History::load(dir, Path::new(""), None, false)
    }

    /// [`History::open_read_only`] on the device `device`: another device's log cut short at its
    /// end is taken for one still being copied in, not for damage.
    pub fn open_read_only_as(dir: &Path, device: Option<&str>) -> Result<History, HistoryError> {
        History::load(dir, Path::new(""), device, false)
    }

    fn empty(dir: &Path, damaged_dir: &Path, device: Option<&str>, writable: bool) -> History {
        History {
            dir: dir.to_path_buf(),
            damaged_dir: damaged_dir.to_path_buf(),
            entries: Vec::new(),
            by_id: HashMap::new(),
            corrections: HashMap::new(),
            dead_lines: 0,
            own: device.filter(|_| writable).map(|device| OwnLog {
                path: dir.join(device_log(device)),
                writer: None,
            }),
            clock: None,
            notice: None,
        }
    }

    fn load(
        dir: &Path,
        damaged_dir: &Path,
        device: Option<&str>,
        writable: bool,
    ) -> Result<History, HistoryError> {
        let io = |e: io::Error| HistoryError::Io {
            path: dir.display().to_string(),
            message: e.to_string(),
        };
        let mut history = History::empty(dir, damaged_dir, device, writable);
        history.adopt_legacy_index().map_err(io)?;
        let own_name = device.map(device_log);
        let mut logs = Vec::new();
        for path in history.log_paths() {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            let is_own = own_name.is_some() && name == own_name;
            let mut log = match read_log(&path) {
                Ok(log) => log,
                // This device's own log must read, or nothing is safe to write.
                Err(e) if is_own || own_name.is_none() => {
                    return Err(HistoryError::Io {
                        path: path.display().to_string(),
                        message: e.to_string(),
                    });
                }
                // Another device's that does not (a FIFO, no permission, a folder named like a
                // log) costs that log only: said, and its games listed again from their files.
                Err(e) => ReadLog::unreadable(name.unwrap_or_default(), &e),
            };
            if log.version > HISTORY_VERSION {
                return Err(HistoryError::NewerVersion {
                    path: path.display().to_string(),
                    found: log.version,
                });
            }
            if own_name.as_deref().is_some_and(|own| own != log.name) {
                log.forgive_transit();
            }
            logs.push(log);
        }
        if logs.is_empty() && !history.has_session_files() {
            // Nothing is written until there is something to keep: opening stays instant.
            return Ok(history);
        }
        let damaged = Damage::to_speak_of(&logs, own_name.as_deref());
        let no_logs = logs.is_empty();
        let folded = history.fold(logs);
        history.clock = folded.latest;
        history.replay_corrections(&folded.to_replay);
        // A damaged (or lost) log: every game whose session file exists is listed again,
        // unless a record says it was deleted.
        let recovered = if damaged.is_some() || no_logs {
            history.recover_from_sessions(&folded.deleted)
        } else {
            Vec::new()
        };
        // Only this device's log is repaired; another's is that device's to write.
        let foreign = damaged.as_ref().is_some_and(|d| d.foreign);
        let repair = (damaged.is_some() && !foreign) || no_logs;
        let mut kept = None;
        if let Some(own) = &history.own {
            let own_path = own.path.clone();
            if repair {
                // Keep the damaged log as it is, then write a clean one from what was read.
                if own_path.exists() {
                    kept = Some(copy_aside(&own_path, damaged_dir).map_err(io)?);
                }
                history.rewrite_own(&recovered).map_err(io)?;
            } else if own_path.exists() {
                let writer = OpenOptions::new()
                    .append(true)
                    .open(&own_path)
                    .map_err(io)?;
                history.own.as_mut().expect("writable").writer = Some(writer);
            }
            fs::create_dir_all(dir.join("sessions")).map_err(io)?;
        }
        if damaged.is_some() || !recovered.is_empty() {
            let Damage { log, bad, .. } = damaged.unwrap_or_default();
            history.notice = Some(HistoryNotice {
                foreign,
                log,
                bad_lines: bad.iter().map(|(line, _)| *line).collect(),
                reason: bad
                    .first()
                    .map_or_else(|| "the index is missing".to_string(), |(_, r)| r.clone()),
                recovered: recovered.len(),
                kept,
            });
        }
        Ok(history)
    }

    /// The log a copy wrote before logs were per device becomes this device's own (a rename:
    /// a crash leaves one name or the other). Read-only, or with both present, it is read as it
    /// is and never written.
    fn adopt_legacy_index(&mut self) -> io::Result<()> {
        let Some(own) = &self.own else {
            return Ok(());
        };
        let legacy = self.dir.join(LEGACY_INDEX);
        if legacy.is_file() && !own.path.exists() {
            super::faults::check()?;
            fs::rename(&legacy, &own.path)?;
            fsync_dir(&self.dir)?;
        }
        Ok(())
    }

    /// Every log in the history folder, by name.
    fn log_paths(&self) -> Vec<PathBuf> {
        let Ok(files) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = files
            .flatten()
            .filter(|f| is_log_name(&f.file_name().to_string_lossy()))
            .map(|f| f.path())
            .collect();
        paths.sort();
        paths
    }

    fn has_session_files(&self) -> bool {
        fs::read_dir(self.dir.join("sessions"))
            .map(|mut files| files.next().is_some())
            .unwrap_or(false)
    }

    /// Lists again every game whose session file exists but which no record lists, oldest
    /// first; returns them. A file that cannot be read or replayed is left where it is.
    fn recover_from_sessions(&mut self, deleted: &HashSet<String>) -> Vec<HistoryEntry> {
        let Ok(files) = fs::read_dir(self.dir.join("sessions")) else {
            return Vec::new();
        };
        let mut found: Vec<HistoryEntry> = files
            .flatten()
            .filter_map(|file| {
                let name = file.file_name().to_string_lossy().into_owned();
                let id = name.strip_suffix(".json")?;
                if !is_valid_id(id) || self.contains(id) || deleted.contains(id) {
                    return None;
                }
                let bytes = read_limited(&file.path(), MAX_SESSION_BYTES).ok()?;
                let saved: SavedSession = serde_json::from_slice(&bytes).ok()?;
                if saved.version() > SESSION_VERSION || saved.id() != id {
                    return None;
                }
                let mut entry = saved
                    .summarize(Outcome::Finished, saved.last_event_at())
                    .ok()?;
                // The summary line said how the game ended; with it lost, a game nobody won
                // was most likely abandoned.
                if entry.players.iter().all(|p| !p.winner) {
                    entry.outcome = Outcome::Abandoned;
                }
                Some(entry)
            })
            .collect();
        found.sort_by_key(|e| e.started_at);
        for entry in &found {
            self.put_in_memory(entry.clone());
        }
        found
    }

    pub(super) fn put_in_memory(&mut self, entry: HistoryEntry) {
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

    pub fn is_writable(&self) -> bool {
        self.own.is_some()
    }

    /// A time for a new record: now, or just after the latest record read or written, so a
    /// device's records keep their order even when its clock goes back, and what it does after
    /// reading another device's record comes after that record.
    pub(super) fn stamp(&mut self, now: DateTime<Utc>) -> DateTime<Utc> {
        let at = match self.clock {
            Some(latest) if now <= latest => latest + chrono::Duration::milliseconds(1),
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
        let at = self.stamp(Utc::now());
        self.append(&IndexOp::Game {
            at,
            entry: Box::new(entry.clone()),
        })?;
        self.put_in_memory(entry);
        Ok(())
    }

    /// The history's folder (`history/` in the data directory, or the shared folder).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What reading a game's session needs, without the `History`: an export on a thread of its
    /// own reads the games with it while the table goes on.
    pub fn sessions(&self) -> Sessions {
        Sessions {
            dir: self.dir.clone(),
            corrections: self.corrections.clone(),
        }
    }

    /// The full saved session (profile, setup, events) of an entry, as the history now has it:
    /// its corrections replayed onto its events, its players named as the history names them.
    pub fn session_file(&self, id: &str) -> Result<SavedSession, HistoryError> {
        let Some(entry) = self.get(id) else {
            return Err(HistoryError::NotFound { id: id.to_string() });
        };
        read_corrected(&self.dir, entry, self.corrections_of(id))
    }

    pub(super) fn corrections_of(&self, id: &str) -> &[TimedCorrection] {
        self.corrections.get(id).map_or(&[], Vec::as_slice)
    }

    /// Keeps a correction to replay onto the game; the same record read twice (a sync
    /// engine's conflict copy of a log holds the same records) counts once.
    pub(super) fn remember_correction(&mut self, id: &str, correction: TimedCorrection) {
        let known = self.corrections.entry(id.to_string()).or_default();
        if !known.contains(&correction) {
            known.push(correction);
        }
    }

    /// Keeps a copy of a game's damaged session file in `damaged/` (the original stays where it
    /// is, still listed, so nothing is lost and the detail can say what is wrong).
    pub fn keep_damaged_copy(&self, id: &str) -> Result<PathBuf, HistoryError> {
        self.require_writable()?;
        // Once is enough: every export would otherwise add another copy.
        let suffix = format!("-{id}.json");
        if let Some(kept) = fs::read_dir(&self.damaged_dir)
            .into_iter()
            .flatten()
            .flatten()
            .find(|f| f.file_name().to_string_lossy().ends_with(&suffix))
        {
            return Ok(kept.path());
        }
        copy_aside(&self.session_path(id), &self.damaged_dir).map_err(|e| self.io(e))
    }

    /// Rewrites this device's log without the records later ones of its own make moot (a
    /// summary listed again, notes written again, a delete undone). Other devices' logs and
    /// every session file stay as they are: a game deleted here may be restored elsewhere.
    pub fn compact(&mut self) -> Result<(), HistoryError> {
        self.require_writable()?;
        let own = self.own.as_ref().expect("writable").path.clone();
        if !own.exists() {
            return Ok(());
        }
        let log = read_log(&own).map_err(|e| self.io(e))?;
        let kept = super::compact::without_moot_records(log.ops);
        self.write_own(&kept).map_err(|e| self.io(e))?;
        self.dead_lines = 0;
        Ok(())
    }

    fn compact_if_worth_it(&mut self) -> Result<(), HistoryError> {
        if self.dead_lines > 1000 && self.dead_lines > self.entries.len() {
            self.compact()?;
        }
        Ok(())
    }

    /// After damage: this device's log again, from its lines that read, plus the games listed
    /// again from their files (without a time, so any device's later word on them wins).
    fn rewrite_own(&mut self, recovered: &[HistoryEntry]) -> io::Result<()> {
        let path = self.own.as_ref().expect("writable").path.clone();
        let mut ops: Vec<IndexOp> = if path.exists() {
            read_log(&path)
                .map(|log: ReadLog| log.ops)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        ops.extend(
            recovered
                .iter()
                .map(|entry| IndexOp::Put(Box::new(entry.clone()))),
        );
        self.write_own(&ops)
    }

    /// Replaces this device's log with a header and `ops`, atomically, and appends after them.
    fn write_own(&mut self, ops: &[IndexOp]) -> io::Result<()> {
        let mut bytes = serde_json::to_vec(&IndexHeader {
            format: HISTORY_FORMAT.into(),
            version: HISTORY_VERSION,
        })?;
        bytes.push(b'\n');
        for op in ops {
            serde_json::to_writer(&mut bytes, op)?;
            bytes.push(b'\n');
        }
        fs::create_dir_all(&self.dir)?;
        let own = self.own.as_mut().expect("writable");
        write_atomic(&own.path, &bytes)?;
        own.writer = Some(OpenOptions::new().append(true).open(&own.path)?);
        Ok(())
    }

    pub(super) fn append(&mut self, op: &IndexOp) -> Result<(), HistoryError> {
        let mut line = serde_json::to_vec(op).expect("a record serialises");
        line.push(b'\n');
        self.append_bytes(&line)
    }

    /// Appends whole lines to this device's log and syncs them; a failure leaves the log as it
    /// was (a partial append is cut back, so later lines are whole).
    fn append_bytes(&mut self, lines: &[u8]) -> Result<(), HistoryError> {
        self.require_writable()?;
        if self.own.as_ref().is_some_and(|own| own.writer.is_none()) {
            self.write_own(&[]).map_err(|e| self.io(e))?;
        }
        let own = self.own.as_mut().ok_or(HistoryError::ReadOnly)?;
        let writer = own.writer.as_mut().ok_or(HistoryError::ReadOnly)?;
        let length = writer.metadata().map(|m| m.len());
        let result = super::faults::write_all(writer, lines)
            .and_then(|()| super::faults::check())
            .and_then(|()| writer.sync_data());
        if result.is_err()
            && let Ok(length) = length
            && super::faults::check().is_ok()
        {
            let _ = writer.set_len(length);
        }
        result.map_err(|e| self.io(e))
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

/// Reading games' sessions apart from the `History` (see [`History::sessions`]).
#[derive(Debug, Clone)]
pub struct Sessions {
    dir: PathBuf,
    corrections: HashMap<String, Vec<TimedCorrection>>,
}

impl Sessions {
    /// The sessions of a history with no corrections recorded (a single log that only lists
    /// and deletes games: see `index_scan`).
    pub fn uncorrected(dir: &Path) -> Sessions {
        Sessions {
            dir: dir.to_path_buf(),
            corrections: HashMap::new(),
        }
    }

    /// The session of `entry` as the history has it (see [`History::session_file`]).
    pub fn read(&self, entry: &HistoryEntry) -> Result<SavedSession, HistoryError> {
        let corrections = self
            .corrections
            .get(&entry.id)
            .map_or(&[][..], Vec::as_slice);
        read_corrected(&self.dir, entry, corrections)
    }
}

/// A game's session file with its corrections replayed and its players named as `entry` names
/// them (a rename made in the history after the game).
fn read_corrected(
    history_dir: &Path,
    entry: &HistoryEntry,
    corrections: &[TimedCorrection],
) -> Result<SavedSession, HistoryError> {
    let mut file = read_session_file(history_dir, &entry.id)?;
    if !corrections.is_empty() {
        file = file
            .with_corrections(corrections, entry.outcome, entry.ended_at)
            .map_err(|e| HistoryError::SessionFile {
                id: entry.id.clone(),
                message: e.to_string(),
            })?
            .0;
    }
    let setup = file.setup_mut();
    for (player, named) in setup.players.iter_mut().zip(&entry.players) {
        player.name.clone_from(&named.name);
    }
    Ok(file)
}

/// Reads and checks the session file of game `id` in `history_dir` (a newer version refused).
pub fn read_session_file(history_dir: &Path, id: &str) -> Result<SavedSession, HistoryError> {
    let error = |message: String| HistoryError::SessionFile {
        id: id.to_string(),
        message,
    };
    if !is_valid_id(id) {
        return Err(error("not a session id".into()));
    }
    let path = history_dir.join("sessions").join(format!("{id}.json"));
    let bytes = read_limited(&path, MAX_SESSION_BYTES).map_err(|e| error(e.to_string()))?;
    let file: SavedSession = serde_json::from_slice(&bytes).map_err(|e| error(e.to_string()))?;
    if file.version() > SESSION_VERSION {
        return Err(error(format!(
            "written by a newer tablekeeper (version {})",
            file.version()
        )));
    }
    Ok(file)
}
