//! The live session's journal: one JSON line per table action, written before the app shows
//! the action's effect, and synced to disk by a background thread.
//!
//! A `write` to the file puts the line in the kernel's page cache, which survives the app being
//! killed; the `fsync` that survives a power cut runs off the UI thread, batched when actions
//! come fast. Reading a journal recovers every complete line; a torn last line (a crash
//! mid-write) is dropped, and a damaged journal is set aside, never deleted or overwritten.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::fsutil::{copy_aside, fsync_dir, open_regular, read_limited, set_aside, write_atomic};
use crate::session::{GameSession, Lineup, Record, Rules, first_engine};
use crate::vocabulary::Seat;

pub const JOURNAL_FORMAT: &str = "tablekeeper-journal";
/// The most a journal is read: some 400 000 actions, far past any game at a table.
pub const MAX_JOURNAL_BYTES: u64 = 64 * 1024 * 1024;
/// 2: a TERRAVIST game's profile in its header is in profile format 2 (version 1 is still read).
pub const JOURNAL_VERSION: u32 = 2;

/// The first line of a journal: what the session is, and which engine replays it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct JournalHeader<R: Rules> {
    pub format: String,
    pub version: u32,
    /// Journals from before there was a choice are TERRAVIST's.
    #[serde(default = "first_engine")]
    pub engine: String,
    pub id: String,
    pub created_at: DateTime<Utc>,
    pub profile: R::Profile,
    pub setup: Lineup,
}

/// Every later line: one change to the session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", bound = "")]
pub enum JournalOp<R: Rules> {
    Event(Record<R::Event>),
    /// The last event taken back; `phone`: the seat whose phone asked (absent: the window,
    /// or a journal from before phones could undo).
    Undo {
        at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phone: Option<Seat>,
    },
    /// The last event taken back put back; `phone` as for [`JournalOp::Undo`].
    Redo {
        at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phone: Option<Seat>,
    },
    /// The clock noted while a turn runs (at most every 10 s): after a kill or a power cut the
    /// game resumes paused at the last note, not at its last action, so the turn under way
    /// keeps its time. It changes nothing in the session.
    Clock {
        at: DateTime<Utc>,
    },
    /// A seat moved from one phone to another (where no window keeps the table): another
    /// phone agreed, or the phone that lost it took it back. Each phone is named by the first
    /// 8 digits of its id (the whole id is what lets a phone act as its seat; the seats file
    /// keeps it, the journal need not). It changes nothing in the session. Journals from
    /// before it have no such line and read as before.
    Seat {
        at: DateTime<Utc>,
        seat: Seat,
        from: String,
        to: String,
    },
}

impl<R: Rules> JournalOp<R> {
    /// Applies the op to the session; `false` when the session refuses it.
    pub fn apply_to(&self, session: &mut GameSession<R>) -> bool {
        match self {
            JournalOp::Event(record) => session.apply_record(record.clone()).is_ok(),
            JournalOp::Undo { at, .. } => session.undo_at(Some(*at)).is_some(),
            JournalOp::Redo { at, .. } => session.redo_at(Some(*at)).is_some(),
            JournalOp::Clock { .. } | JournalOp::Seat { .. } => true,
        }
    }
}

/// Shared between the writer and its sync thread: how far the file is known to be on disk.
#[derive(Debug)]
struct SyncState {
    synced: AtomicU64,
    lock: Mutex<()>,
    changed: Condvar,
    error: Mutex<Option<String>>,
}

/// Appends ops to a journal file and keeps it synced in the background.
#[derive(Debug)]
pub struct JournalWriter {
    path: PathBuf,
    file: File,
    written: u64,
    /// The file's length after the last whole line: a failed append is cut back to it.
    length: u64,
    requests: Option<Sender<u64>>,
    state: Arc<SyncState>,
    thread: Option<JoinHandle<()>>,
}

impl JournalWriter {
    /// Creates the journal of a new session (the header is written atomically).
    pub fn create<R: Rules>(path: &Path, session: &GameSession<R>) -> io::Result<JournalWriter> {
        let header = JournalHeader::<R> {
            format: JOURNAL_FORMAT.to_string(),
            version: JOURNAL_VERSION,
            engine: R::ENGINE.to_string(),
            id: session.id().to_string(),
            created_at: session.created_at(),
            profile: session.profile().clone(),
            setup: session.setup().clone(),
        };
        let mut bytes = serde_json::to_vec(&header).map_err(io::Error::other)?;
        bytes.push(b'\n');
        write_atomic(path, &bytes)?;
        JournalWriter::open(path)
    }

    /// Opens an existing, complete journal for appending.
    pub fn open(path: &Path) -> io::Result<JournalWriter> {
        let file = OpenOptions::new().append(true).open(path)?;
        let length = file.metadata()?.len();
        let sync_file = file.try_clone()?;
        let state = Arc::new(SyncState {
            synced: AtomicU64::new(0),
            lock: Mutex::new(()),
            changed: Condvar::new(),
            error: Mutex::new(None),
        });
        let (requests, receiver) = mpsc::channel();
        let thread_state = Arc::clone(&state);
        let thread = std::thread::Builder::new()
            .name("journal-sync".into())
            .spawn(move || sync_loop(sync_file, receiver, thread_state))?;
        Ok(JournalWriter {
            path: path.to_path_buf(),
            file,
            written: 0,
            length,
            requests: Some(requests),
            state,
            thread: Some(thread),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one op as a line. When this returns, a killed process loses nothing of it;
    /// the fsync follows on the sync thread. Returns the op's sequence number.
    pub fn append<R: Rules>(&mut self, op: &JournalOp<R>) -> io::Result<u64> {
        // Once the disk has refused a sync, what it holds of the lines before is unknown (the
        // kernel may have dropped them from its cache): no later action is taken as saved.
        if let Some(error) = self.sync_error() {
            return Err(io::Error::other(format!(
                "the disk refused to save earlier actions: {error}"
            )));
        }
        let mut line = serde_json::to_vec(op).map_err(io::Error::other)?;
        line.push(b'\n');
        // One write of the whole line. A full disk can still take part of it: then the file is
        // cut back to its last whole line, so the actions appended once space frees up are not
        // stranded behind a partial line that recovery would stop at.
        if let Err(e) = super::faults::write_all(&mut self.file, &line) {
            // A crashed process cuts nothing back: the next start's recovery drops the torn line.
            let cut = super::faults::check().and_then(|()| self.file.set_len(self.length));
            if let Err(cut) = cut {
                return Err(io::Error::new(
                    e.kind(),
                    format!("{e}; cutting the partial line back also failed: {cut}"),
                ));
            }
            return Err(e);
        }
        self.length += line.len() as u64;
        self.written += 1;
        if let Some(requests) = &self.requests {
            // The sync thread only stops when the writer is dropped, so a send cannot fail here.
            let _ = requests.send(self.written);
        }
        Ok(self.written)
    }

    /// How many appended ops are known to be on disk.
    pub fn synced(&self) -> u64 {
        self.state.synced.load(Ordering::Acquire)
    }

    /// Blocks until op `seq` is on disk; reports a sync failure.
    pub fn wait_synced(&self, seq: u64) -> io::Result<()> {
        let mut guard = self.state.lock.lock().expect("sync lock");
        while self.state.synced.load(Ordering::Acquire) < seq {
            if let Some(error) = self.state.error.lock().expect("error lock").clone() {
                return Err(io::Error::other(error));
            }
            guard = self.state.changed.wait(guard).expect("sync lock");
        }
        Ok(())
    }

    /// The last sync error, if the disk refused one; every later append is then refused.
    pub fn sync_error(&self) -> Option<String> {
        self.state.error.lock().expect("error lock").clone()
    }
}

impl Drop for JournalWriter {
    fn drop(&mut self) {
        // Closing the channel lets the sync thread do a last sync and stop.
        self.requests.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn sync_loop(file: File, requests: Receiver<u64>, state: Arc<SyncState>) {
    while let Ok(mut latest) = requests.recv() {
        // Batch: everything written so far is covered by one fsync.
        while let Ok(more) = requests.try_recv() {
            latest = latest.max(more);
        }
        let result = file.sync_data();
        let _guard = state.lock.lock().expect("sync lock");
        match result {
            Ok(()) => state.synced.store(latest, Ordering::Release),
            Err(e) => *state.error.lock().expect("error lock") = Some(e.to_string()),
        }
        state.changed.notify_all();
    }
}

/// What reading a journal found.
#[derive(Debug)]
pub struct Recovered<R: Rules> {
    pub session: GameSession<R>,
    /// Ops replayed.
    pub ops: usize,
    pub problem: Option<JournalProblem>,
    /// Where the original file was set aside, if it had to be.
    pub set_aside: Option<PathBuf>,
    /// The last clock note after the last action, if the clock was noted since.
    pub clock_noted: Option<DateTime<Utc>>,
    /// The clocks were running when the app stopped without a word (a kill, a power cut): the
    /// last action's time and the time they were counted to (the last note, if later).
    pub stopped_running: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

/// Something wrong in a journal, and what was kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JournalProblem {
    /// The last line was cut short by a crash; every complete line before it was kept.
    TornLastLine { line: usize },
    /// A line that is not a valid op, or an op the rules refuse; the lines before it were kept.
    Damaged { line: usize, reason: String },
}

/// Why a journal could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text().render(crate::i18n::Locale::EN))]
pub enum JournalError {
    Io { path: String, message: String },
    NoHeader { path: String, kept: String },
    NewerVersion { path: String, found: u64 },
    OtherEngine { path: String, engine: String },
}

impl JournalError {
    /// The problem as a translatable sentence.
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            JournalError::Io { path, message } => Text::new("store.journal_io")
                .arg("path", path)
                .arg("message", message),
            JournalError::NoHeader { path, kept } => Text::new("store.journal_no_header")
                .arg("path", path)
                .arg("kept", kept),
            JournalError::NewerVersion { path, found } => Text::new("store.journal_newer")
                .arg("path", path)
                .arg("found", found),
            JournalError::OtherEngine { path, engine } => Text::new("store.journal_engine")
                .arg("path", path)
                .arg("engine", engine),
        }
    }
}

/// Parses journal text into its header and ops, stopping at the first bad line.
#[allow(clippy::type_complexity)]
pub fn parse<R: Rules>(
    text: &str,
) -> Result<(JournalHeader<R>, Vec<JournalOp<R>>, Option<JournalProblem>), String> {
    let ends_with_newline = text.ends_with('\n');
    let mut lines = text.split_terminator('\n');
    let header_line = lines.next().ok_or("the journal is empty")?;
    let header: JournalHeader<R> = serde_json::from_str(header_line).map_err(|e| e.to_string())?;
    if header.format != JOURNAL_FORMAT {
        return Err(format!(
            "the format is \"{}\", not a journal",
            header.format
        ));
    }
    if header.engine != R::ENGINE {
        return Err(format!("the journal is for the {} engine", header.engine));
    }
    let rest: Vec<&str> = lines.collect();
    let mut ops = Vec::with_capacity(rest.len());
    for (i, line) in rest.iter().enumerate() {
        let line_number = i + 2;
        match serde_json::from_str::<JournalOp<R>>(line) {
            Ok(op) => ops.push(op),
            Err(e) => {
                let last = i + 1 == rest.len();
                let problem = if last && !ends_with_newline {
                    JournalProblem::TornLastLine { line: line_number }
                } else {
                    JournalProblem::Damaged {
                        line: line_number,
                        reason: e.to_string(),
                    }
                };
                return Ok((header, ops, Some(problem)));
            }
        }
    }
    Ok((header, ops, None))
}

/// Replays parsed ops on the header's session; returns it and how many ops applied before the
/// first one the rules refuse (no disk access: `recover` and the fuzz target share it).
pub fn replay_ops<R: Rules>(
    header: &JournalHeader<R>,
    ops: &[JournalOp<R>],
) -> Result<(GameSession<R>, usize), String> {
    let mut session = GameSession::with_id(
        header.id.clone(),
        header.profile.clone(),
        header.setup.clone(),
        header.created_at,
    )
    .map_err(|e| e.to_string())?;
    let applied = ops
        .iter()
        .take_while(|op| op.apply_to(&mut session))
        .count();
    Ok((session, applied))
}

/// A journal's header line alone (a journal's first line says what it is), without reading the
/// rest of the file.
pub fn header_line(path: &Path) -> io::Result<String> {
    use std::io::{BufRead, Read};
    let mut line = String::new();
    // A regular file only (a FIFO would hang the home screen), and never more than a journal.
    let file = open_regular(path)?.take(MAX_JOURNAL_BYTES);
    io::BufReader::new(file).read_line(&mut line)?;
    Ok(line)
}

/// The engine a journal's header names (TERRAVIST's when it names none or cannot be read).
pub fn engine_of_journal(path: &Path) -> String {
    header_line(path)
        .ok()
        .and_then(|line| crate::session::engine_of(&line).ok())
        .unwrap_or_else(first_engine)
}

/// Reads a journal and replays it. A journal with a problem is set aside in `damaged_dir` and
/// replaced by a clean one holding every op that was recovered, so appending can go on.
pub fn recover<R: Rules>(path: &Path, damaged_dir: &Path) -> Result<Recovered<R>, JournalError> {
    let shown = path.display().to_string();
    let bytes = read_limited(path, MAX_JOURNAL_BYTES).map_err(|e| JournalError::Io {
        path: shown.clone(),
        message: e.to_string(),
    })?;
    let text = String::from_utf8_lossy(&bytes);
    // A newer file is left exactly as it is.
    if let Some(first) = text.lines().next()
        && let Ok(value) = serde_json::from_str::<serde_json::Value>(first)
        && let Some(found) = value.get("version").and_then(|v| v.as_u64())
        && found > u64::from(JOURNAL_VERSION)
    {
        return Err(JournalError::NewerVersion { path: shown, found });
    }
    // A journal of another engine is left exactly as it is: the caller picks the engine.
    if let Some(first) = text.lines().next()
        && let Ok(engine) = crate::session::engine_of(first)
        && engine != R::ENGINE
    {
        return Err(JournalError::OtherEngine {
            path: shown,
            engine,
        });
    }
    let (header, ops, mut problem) = match parse::<R>(&text) {
        Ok(parsed) => parsed,
        Err(_) => {
            let kept = set_aside(path, damaged_dir).map_err(|e| JournalError::Io {
                path: shown.clone(),
                message: e.to_string(),
            })?;
            return Err(JournalError::NoHeader {
                path: shown,
                kept: kept.display().to_string(),
            });
        }
    };
    let (session, applied) = replay_ops(&header, &ops).map_err(|message| JournalError::Io {
        path: shown.clone(),
        message,
    })?;
    if applied < ops.len() {
        problem = Some(JournalProblem::Damaged {
            line: applied + 2,
            reason: "the rules refuse this action".into(),
        });
    }
    let mut kept = None;
    if problem.is_some() {
        let io = |e: io::Error| JournalError::Io {
            path: shown.clone(),
            message: e.to_string(),
        };
        // Copy first, then replace atomically: at every instant of the recovery either the
        // original or the repaired journal is where the next start looks (a move first left
        // only a temp file if the app was killed between the two).
        kept = Some(copy_aside(path, damaged_dir).map_err(io)?);
        let mut clean = serde_json::to_vec(&header).expect("a header serialises");
        clean.push(b'\n');
        for op in &ops[..applied] {
            clean.extend(serde_json::to_vec(op).expect("an op serialises"));
            clean.push(b'\n');
        }
        write_atomic(path, &clean).map_err(io)?;
    }
    let clock_noted = (ops[..applied].iter().rev())
        .take_while(|op| matches!(op, JournalOp::Clock { .. }))
        .find_map(|op| match op {
            JournalOp::Clock { at } => Some(*at),
            _ => None,
        });
    Ok(Recovered {
        session,
        ops: applied,
        problem,
        set_aside: kept,
        clock_noted,
        stopped_running: None,
    })
}

/// Where the key of a live game's phones is kept: beside its journal (`<id>.phones`).
pub fn phones_key_path(journal: &Path) -> std::path::PathBuf {
    journal.with_extension("phones")
}

/// Which phone held which seat of the game, beside its journal (`<id>.seats`): the phones find
/// their seats again after the app restarts.
pub fn phones_seats_path(journal: &Path) -> std::path::PathBuf {
    journal.with_extension("seats")
}

/// Removes a journal whose session is safely in the history, and its phones' key and seats:
/// the game's address stops working with it.
pub fn remove(path: &Path) -> io::Result<()> {
    super::faults::check()?;
    let _ = std::fs::remove_file(phones_key_path(path));
    let _ = std::fs::remove_file(phones_seats_path(path));
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    }
    if let Some(dir) = path.parent() {
        fsync_dir(dir)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn after_the_disk_refuses_a_sync_no_later_action_is_taken_as_saved() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("journal");
        fs::write(&path, "{\"header\":1}\n").unwrap();
        let mut writer = JournalWriter::open(&path).unwrap();
        let undo = JournalOp::<crate::terravist::Terravist>::Undo {
            at: Utc::now(),
            phone: None,
        };
        writer.append(&undo).unwrap();
        writer.wait_synced(1).unwrap();
        let before = fs::read(&path).unwrap();

        // What the sync thread records when fsync fails (EIO on a dying disk).
        *writer.state.error.lock().unwrap() = Some("Input/output error".into());
        let refused = writer.append(&undo).unwrap_err();
        assert!(
            refused.to_string().contains("Input/output error"),
            "{refused}"
        );
        assert_eq!(fs::read(&path).unwrap(), before, "nothing was appended");
    }

    /// A journal written before seats moved between phones reads as it did, and one with a
    /// seat's move reads to the same game: the line changes nothing in the session.
    #[test]
    fn a_journal_from_before_reads_and_a_seat_move_changes_nothing() {
        type T = crate::terravist::Terravist;
        let before = include_str!("../../tests/data/datadir-v1/live/00000000000000b0.jsonl");
        let (header, ops, problem) = parse::<T>(before).unwrap();
        assert!(problem.is_none(), "{problem:?}");
        let (old, applied) = replay_ops(&header, &ops).unwrap();
        assert_eq!(applied, ops.len());

        let moved = JournalOp::<T>::Seat {
            at: Utc::now(),
            seat: 0,
            from: "0123abcd".into(),
            to: "4567ef01".into(),
        };
        let line = serde_json::to_string(&moved).unwrap();
        assert!(line.starts_with("{\"seat\":{"), "{line}");
        let (_, with_move, problem) = parse::<T>(&format!("{before}{line}\n")).unwrap();
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(with_move.last(), Some(&moved));
        let (new, applied) = replay_ops(&header, &with_move).unwrap();
        assert_eq!(applied, with_move.len());
        assert_eq!(new.records(), old.records());
        assert_eq!(new.can_undo(), old.can_undo());
    }
}
