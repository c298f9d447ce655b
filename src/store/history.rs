//! The history: an append-only index of entries (one JSON line per change) plus one file per
//! session holding its full event log.
//!
//! Why split: the list and the statistics need only the summaries, and 10,000 summaries parse in
//! tens of milliseconds, while the event logs are 20–50 times larger and are read one at a time
//! (detail, replay, re-score). Edits and deletes are appended; compaction rewrites the index
//! atomically (temp file + fsync + rename + fsync of the folder).

use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use super::entry::{HistoryEntry, Outcome, is_valid_id};
use super::fsutil::{
    copy_aside, fsync_dir, read_limited, sync_batch, write_atomic, write_new_unsynced,
};
use super::index::{HISTORY_FORMAT, HISTORY_VERSION, IndexHeader, IndexOp, parse_ops};
use super::saved::SavedSession;
use crate::session::SESSION_VERSION;

/// The largest index accepted (about a million sessions).
const MAX_INDEX_BYTES: u64 = 2 * 1024 * 1024 * 1024;
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
    /// Index lines that could not be read (1 is the header line), each costing only itself.
    pub bad_lines: Vec<usize>,
    /// Why the first of them could not be read.
    pub reason: String,
    /// Games listed again from their session files (their index lines were lost).
    pub recovered: usize,
    /// Where the damaged index was copied; `None` when opened read-only (nothing is written).
    pub kept: Option<PathBuf>,
}

impl HistoryNotice {
    /// One line for the command line's stderr and the log.
    pub fn describe(&self) -> String {
        let lines: Vec<String> = self.bad_lines.iter().map(|l| l.to_string()).collect();
        let mut text = format!(
            "the history index was damaged (line {}: {}); {} game(s) listed again from their session files",
            lines.join(", "),
            self.reason,
            self.recovered
        );
        match &self.kept {
            Some(kept) => text.push_str(&format!("; the damaged index is kept at {}", kept.display())),
            None => text.push_str("; read-only, so nothing was rewritten: the app repairs it when it next opens the history"),
        }
        text
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
    /// Lines in the index file beyond the live entries (edits, deletes): compaction's trigger.
    dead_lines: usize,
    /// The index opened for appending; `None` until the first write when there is no index yet.
    writer: Option<File>,
    writable: bool,
    pub notice: Option<HistoryNotice>,
}

impl History {
    fn index_path(dir: &Path) -> PathBuf {
        dir.join("index.jsonl")
    }

    fn session_path(&self, id: &str) -> PathBuf {
        self.dir.join("sessions").join(format!("{id}.json"))
    }

    /// Opens the history for reading and writing (the caller holds the data directory's lock).
    pub fn open(dir: &Path, damaged_dir: &Path) -> Result<History, HistoryError> {
        History::load(dir, damaged_dir, true)
    }

    /// Opens the history for reading only: nothing is written, nothing repaired.
    pub fn open_read_only(dir: &Path) -> Result<History, HistoryError> {
        History::load(dir, Path::new(""), false)
    }

    fn load(dir: &Path, damaged_dir: &Path, writable: bool) -> Result<History, HistoryError> {
        let io = |e: io::Error| HistoryError::Io {
            path: dir.display().to_string(),
            message: e.to_string(),
        };
        let index = History::index_path(dir);
        let mut history = History {
            dir: dir.to_path_buf(),
            damaged_dir: damaged_dir.to_path_buf(),
            entries: Vec::new(),
            by_id: HashMap::new(),
            dead_lines: 0,
            writer: None,
            writable,
            notice: None,
        };
        let mut bad = Vec::new();
        let mut deleted = HashSet::new();
        if index.exists() {
            let bytes = read_limited(&index, MAX_INDEX_BYTES).map_err(io)?;
            let found_version;
            (found_version, bad, deleted) = history.parse_index(&bytes);
            if found_version > HISTORY_VERSION {
                return Err(HistoryError::NewerVersion {
                    path: index.display().to_string(),
                    found: found_version,
                });
            }
        } else if !history.has_session_files() {
            // Nothing is written until there is something to keep: opening stays instant.
            return Ok(history);
        }
        // A damaged (or lost) index: every game whose session file exists is listed again,
        // unless the index says it was deleted.
        let repair = !bad.is_empty() || !index.exists();
        let recovered = if repair {
            history.recover_from_sessions(&deleted)
        } else {
            0
        };
        let mut kept = None;
        if writable {
            if repair {
                // Keep the damaged index as it is, then write a clean one from what was read.
                if index.exists() {
                    kept = Some(copy_aside(&index, damaged_dir).map_err(io)?);
                }
                history.rewrite_index().map_err(io)?;
            } else {
                history.writer = Some(OpenOptions::new().append(true).open(&index).map_err(io)?);
            }
            fs::create_dir_all(dir.join("sessions")).map_err(io)?;
        }
        if !bad.is_empty() || recovered > 0 {
            history.notice = Some(HistoryNotice {
                bad_lines: bad.iter().map(|(line, _)| *line).collect(),
                reason: bad
                    .first()
                    .map_or_else(|| "the index is missing".to_string(), |(_, r)| r.clone()),
                recovered,
                kept,
            });
        }
        Ok(history)
    }

    fn has_session_files(&self) -> bool {
        fs::read_dir(self.dir.join("sessions"))
            .map(|mut files| files.next().is_some())
            .unwrap_or(false)
    }

    /// Lists again every game whose session file exists but whose index line was lost, newest
    /// last; returns how many. A file that cannot be read or replayed is left where it is.
    fn recover_from_sessions(&mut self, deleted: &HashSet<String>) -> usize {
        let Ok(files) = fs::read_dir(self.dir.join("sessions")) else {
            return 0;
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
        let recovered = found.len();
        for entry in found {
            self.put_in_memory(entry);
        }
        recovered
    }

    /// Folds the index lines into entries; returns the file's version, the lines that could not
    /// be read, and the ids the index deletes (and did not restore).
    fn parse_index(&mut self, bytes: &[u8]) -> (u32, Vec<(usize, String)>, HashSet<String>) {
        let mut lines = bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty());
        let header = lines
            .next()
            .and_then(|l| serde_json::from_slice::<IndexHeader>(l).ok())
            .filter(|h| h.format == HISTORY_FORMAT);
        if let Some(header) = &header
            && header.version > HISTORY_VERSION
        {
            return (header.version, Vec::new(), HashSet::new());
        }
        // A damaged header costs the header: the lines after it are read all the same.
        let mut bad = Vec::new();
        if header.is_none() {
            bad.push((1, "no history header".to_string()));
        }
        let lines: Vec<&[u8]> = lines.collect();
        let (ops, bad_ops) = parse_ops(&lines);
        bad.extend(bad_ops);
        let mut deleted = HashSet::new();
        self.entries.reserve(ops.len());
        self.by_id.reserve(ops.len());
        for op in ops {
            match op {
                IndexOp::Put(entry) => {
                    deleted.remove(&entry.id);
                    self.put_in_memory(*entry);
                }
                IndexOp::Delete { id } => {
                    self.remove_in_memory(&id);
                    self.dead_lines += 1;
                    deleted.insert(id);
                }
            }
        }
        (header.map_or(HISTORY_VERSION, |h| h.version), bad, deleted)
    }

    fn put_in_memory(&mut self, entry: HistoryEntry) {
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

    fn remove_in_memory(&mut self, id: &str) -> Option<HistoryEntry> {
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
        self.writable
    }

    /// Adds (or replaces) a session durably: its event log first, then its index line.
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
        self.append(&IndexOp::Put(Box::new(entry.clone())))?;
        self.put_in_memory(entry);
        Ok(())
    }

    /// Adds many new sessions with one sync for all of them (an import: every game has a new id,
    /// so no file is replaced). The session files are written, then made durable together, then
    /// their index lines are appended in one write: a crash loses at most this batch, and never
    /// leaves an index line whose file is not on disk (a file with no line is ignored).
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
        if self.writer.is_none() {
            self.rewrite_index().map_err(|e| self.io(e))?;
        }
        let mut lines = Vec::new();
        for (entry, _) in &games {
            serde_json::to_writer(&mut lines, &IndexOp::Put(Box::new(entry.clone())))
                .expect("an index op serialises");
            lines.push(b'\n');
        }
        let writer = self.writer.as_mut().ok_or(HistoryError::ReadOnly)?;
        let length = writer.metadata().map(|m| m.len());
        let appended = super::faults::write_all(writer, &lines)
            .and_then(|()| super::faults::check())
            .and_then(|()| writer.sync_data());
        if let Err(e) = appended {
            // Cut a partial append back, as the journal does: later lines must not sit behind it.
            if let Ok(length) = length
                && super::faults::check().is_ok()
            {
                let _ = writer.set_len(length);
            }
            return Err(self.io(e));
        }
        if keep_listed {
            for (entry, _) in games {
                self.put_in_memory(entry);
            }
        }
        Ok(())
    }

    /// Changes an entry's summary (notes, a corrected name); the event log is unchanged.
    pub fn update(&mut self, entry: HistoryEntry) -> Result<(), HistoryError> {
        self.require_writable()?;
        if !self.contains(&entry.id) {
            return Err(HistoryError::NotFound { id: entry.id });
        }
        self.append(&IndexOp::Put(Box::new(entry.clone())))?;
        self.put_in_memory(entry);
        self.compact_if_worth_it()
    }

    /// Deletes an entry; returns it so the caller can undo with [`History::restore`]. Its event
    /// log stays on disk until compaction, so an undo loses nothing.
    pub fn delete(&mut self, id: &str) -> Result<HistoryEntry, HistoryError> {
        self.require_writable()?;
        let Some(entry) = self.get(id).cloned() else {
            return Err(HistoryError::NotFound { id: id.to_string() });
        };
        self.append(&IndexOp::Delete { id: id.to_string() })?;
        self.remove_in_memory(id);
        Ok(entry)
    }

    /// Undoes a delete.
    pub fn restore(&mut self, entry: HistoryEntry) -> Result<(), HistoryError> {
        self.require_writable()?;
        self.append(&IndexOp::Put(Box::new(entry.clone())))?;
        self.put_in_memory(entry);
        Ok(())
    }

    /// The full saved session (profile, setup, events) of an entry.
    /// The history's folder (`history/` in the data directory).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn session_file(&self, id: &str) -> Result<SavedSession, HistoryError> {
        if !self.contains(id) {
            return Err(HistoryError::NotFound { id: id.to_string() });
        }
        read_session_file(&self.dir, id)
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

    /// Rewrites the index with only the live entries, and removes event logs of deleted ones.
    pub fn compact(&mut self) -> Result<(), HistoryError> {
        self.require_writable()?;
        self.rewrite_index().map_err(|e| self.io(e))?;
        let sessions = self.dir.join("sessions");
        if let Ok(files) = fs::read_dir(&sessions) {
            for file in files.flatten() {
                let name = file.file_name().to_string_lossy().into_owned();
                if let Some(id) = name.strip_suffix(".json")
                    && !self.contains(id)
                {
                    fs::remove_file(file.path()).map_err(|e| self.io(e))?;
                }
            }
            fsync_dir(&sessions).map_err(|e| self.io(e))?;
        }
        Ok(())
    }

    fn compact_if_worth_it(&mut self) -> Result<(), HistoryError> {
        if self.dead_lines > 1000 && self.dead_lines > self.entries.len() {
            self.compact()?;
        }
        Ok(())
    }

    fn rewrite_index(&mut self) -> io::Result<()> {
        let mut bytes = serde_json::to_vec(&IndexHeader {
            format: HISTORY_FORMAT.into(),
            version: HISTORY_VERSION,
        })?;
        bytes.push(b'\n');
        for entry in &self.entries {
            serde_json::to_writer(&mut bytes, &IndexOp::Put(Box::new(entry.clone())))?;
            bytes.push(b'\n');
        }
        let index = History::index_path(&self.dir);
        fs::create_dir_all(&self.dir)?;
        write_atomic(&index, &bytes)?;
        self.writer = Some(OpenOptions::new().append(true).open(&index)?);
        self.dead_lines = 0;
        Ok(())
    }

    fn append(&mut self, op: &IndexOp) -> Result<(), HistoryError> {
        self.require_writable()?;
        if self.writer.is_none() {
            self.rewrite_index().map_err(|e| self.io(e))?;
        }
        let mut line = serde_json::to_vec(op).expect("an index op serialises");
        line.push(b'\n');
        let writer = self.writer.as_mut().ok_or(HistoryError::ReadOnly)?;
        let length = writer.metadata().map(|m| m.len());
        let result = super::faults::write_all(writer, &line)
            .and_then(|()| super::faults::check())
            .and_then(|()| writer.sync_data());
        if result.is_err()
            && let Ok(length) = length
            && super::faults::check().is_ok()
        {
            // A full disk can take part of the line: cut it back, so later lines are whole.
            let _ = writer.set_len(length);
        }
        result.map_err(|e| self.io(e))
    }

    pub(super) fn require_writable(&self) -> Result<(), HistoryError> {
        if self.writable {
            Ok(())
        } else {
            Err(HistoryError::ReadOnly)
        }
    }

    fn io(&self, e: io::Error) -> HistoryError {
        HistoryError::Io {
            path: self.dir.display().to_string(),
            message: e.to_string(),
        }
    }
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
