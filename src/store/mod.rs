//! Where data lives and how it is kept: the data directory, its single-writer lock, the live
//! session's journal, and the history of finished sessions.
//!
//! Layout of a data directory:
//! - `tablekeeper.lock`: held by the one copy of the app that writes here
//! - `live/<id>.jsonl`: the journal of each unfinished session, and beside it `<id>.phones`
//!   (its phones' key) and `<id>.seats` (which phone holds which seat), removed with it
//! - `live/table.phones`: the table's own phones' key between games, kept across games
//! - `tables/<n>/live/`: table n's journals when `serve --tables` keeps several (table 1's are
//!   in `live/`); `live/venue.phones`: the key of the venue's address
//! - `history/index-<device>.jsonl`, `history/sessions/<id>.json`: the history (or a shared
//!   folder given with `--history-dir`: see `history/mod.rs`)
//! - `device.json`: this device's id, naming its log in the history
//! - `damaged/`: files set aside because they could not be read whole (never deleted)
//! - `log/`, `settings.json`, `profiles/`: the window's log, settings and the user's profiles
//! - `locales/`: a translator's language files, read at start

mod compact;
pub mod device;
pub mod faults;
pub mod fsutil;
pub mod history;
pub mod id;
mod index;
pub mod index_scan;
pub mod journal;
pub mod keep_time;
mod live;
pub mod profiles;
pub mod saved;

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use crate::session::{GameSession, Rules};
use history::{History, HistoryError};
pub use index::Correction;
use journal::{JournalError, JournalWriter, Recovered};
pub use live::{LiveError, LiveGame, LiveSession, Recovery, StartError};

/// The environment variable that moves the data directory (tests use a temp dir).
pub const DATA_DIR_ENV: &str = "TABLEKEEPER_DATA_DIR";
/// The environment variable that puts the history in another folder (a synced one).
pub const HISTORY_DIR_ENV: &str = "TABLEKEEPER_HISTORY_DIR";

/// A data-directory problem the user must hear of ([`StoreError::text`] in their words;
/// shown as such, in English, for a log).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text().render(crate::i18n::Locale::EN))]
pub enum StoreError {
    NoDataDir,
    InUse {
        path: String,
    },
    Io {
        path: String,
        message: String,
    },
    /// A history folder given or chosen (a shared one) is not there: the app never makes one,
    /// as games written into it would reach no other device.
    NoHistoryFolder {
        path: String,
    },
    History(#[from] HistoryError),
    Journal(#[from] JournalError),
}

impl StoreError {
    /// What is wrong with the data directory, and what to do, as a translatable sentence.
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            StoreError::NoDataDir => Text::new("store.no_data_dir").arg("variable", DATA_DIR_ENV),
            StoreError::InUse { path } => Text::new("store.in_use").arg("path", path),
            StoreError::Io { path, message } => Text::new("store.io")
                .arg("path", path)
                .arg("message", message),
            StoreError::NoHistoryFolder { path } => {
                Text::new("store.no_history_folder").arg("path", path)
            }
            StoreError::History(error) => error.text(),
            StoreError::Journal(error) => error.text(),
        }
    }
}

/// Where the data lives: the `--data-dir` flag, else the environment variable, else the OS's
/// data directory for the app.
pub fn resolve_data_dir(flag: Option<PathBuf>) -> Result<PathBuf, StoreError> {
    if let Some(dir) = flag {
        return Ok(dir);
    }
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "tablekeeper")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or(StoreError::NoDataDir)
}

/// Where a translator's language files go: `<data dir>/locales/<tag>.ftl`.
pub fn locales_dir(root: &Path) -> PathBuf {
    root.join("locales")
}

/// Where the history lives: the `--history-dir` flag, else the environment variable, else
/// `history/` in the data directory (`None`).
pub fn resolve_history_dir(flag: Option<PathBuf>) -> Option<PathBuf> {
    flag.or_else(|| {
        std::env::var_os(HISTORY_DIR_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
}

/// An open data directory.
#[derive(Debug)]
pub struct DataDir {
    root: PathBuf,
    /// The history's folder: `history/` here, or a folder shared with other devices.
    history: PathBuf,
    /// The history's folder was given for this run (`--history-dir`, the environment): the
    /// settings do not move it.
    history_pinned: bool,
    /// This device's id in a shared history (`None` read-only before the device wrote one).
    device: Option<String>,
    /// Held while this copy writes here; released when dropped.
    lock: Option<DirLock>,
    /// Where the journal of the game on the table is: `live/`, or with several tables at one
    /// `serve` the folder of the table being kept now ([`DataDir::keep_table`]).
    live: PathBuf,
}

/// The most tables one `serve` keeps at once (a club's room).
pub const MOST_TABLES: usize = 16;

/// The format of `live/<id>.seats`: which phone holds which seat of a live game.
pub const SEATS_FORMAT: &str = "tablekeeper-seats";

/// The format of `live/<id>.phones` and `live/table.phones`: the phones' key.
pub const PHONES_KEY_FORMAT: &str = "tablekeeper-phones-key";

/// The version of the seats and the phones' key files (`version` 1 since they were kept).
const KEPT_VERSION: u32 = 1;

/// The key in a phones' key file: the JSON one (`{"format": …, "version": 1, "key": …}`), or the
/// bare key an older version wrote. `None` for a file of another format or a newer version.
fn kept_key(text: &str) -> Option<&str> {
    let text = text.trim();
    if !text.starts_with('{') {
        return Some(text);
    }
    #[derive(serde::Deserialize)]
    struct Key<'a> {
        format: &'a str,
        version: u32,
        key: &'a str,
    }
    let kept: Key = serde_json::from_str(text).ok()?;
    (kept.format == PHONES_KEY_FORMAT && kept.version == KEPT_VERSION).then_some(kept.key)
}

/// The name the table's own phones key is kept under, as if it were a game's (see
/// [`DataDir::table_phones_key`]).
const TABLE_KEY: &str = "table";

impl DataDir {
    /// Opens a data directory for writing, taking its lock, with its history in `history/`.
    pub fn open(root: &Path) -> Result<DataDir, StoreError> {
        DataDir::open_with_history(root, None)
    }

    /// [`DataDir::open`] with the history in `history` (a shared folder) when given.
    pub fn open_with_history(root: &Path, history: Option<PathBuf>) -> Result<DataDir, StoreError> {
        DataDir::open_with_chosen_history(root, history, None)
    }

    /// [`DataDir::open`] with the history where this run was `given` it (the settings do not
    /// move it then), else where the settings `chosen` it, else in `history/`.
    pub fn open_with_chosen_history(
        root: &Path,
        given: Option<PathBuf>,
        chosen: Option<PathBuf>,
    ) -> Result<DataDir, StoreError> {
        let io = |e: io::Error| StoreError::Io {
            path: root.display().to_string(),
            message: e.to_string(),
        };
        let history_pinned = given.is_some();
        let history = given.or(chosen).unwrap_or_else(|| root.join("history"));
        check_history_folder(root, &history)?;
        for dir in ["live", "damaged", "log", "profiles"] {
            fs::create_dir_all(root.join(dir)).map_err(io)?;
        }
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(root.join("tablekeeper.lock"))
            .map_err(io)?;
        let lock = DirLock::take(lock).map_err(|e| match e {
            None => StoreError::InUse {
                path: root.display().to_string(),
            },
            Some(e) => io(e),
        })?;
        // Holding the lock, no other copy is writing here: a temp file here was left by a write
        // that failed or was killed, and its target is untouched. Clear them so they do not pile
        // up.
        for folder in [
            root.to_path_buf(),
            root.join("live"),
            root.join("profiles"),
            root.join("damaged"),
        ] {
            fsutil::remove_stale_temps(&folder, false).map_err(io)?;
        }
        prepare_history(&history)?;
        let device = device::read_or_make(root).map_err(io)?;
        let dir = DataDir {
            root: root.to_path_buf(),
            history,
            history_pinned,
            device: Some(device),
            lock: Some(lock),
            live: root.join("live"),
        };
        Ok(dir)
    }

    /// Opens a data directory to read the history only (no lock, nothing written).
    pub fn open_read_only(root: &Path) -> DataDir {
        DataDir::open_read_only_with_history(root, None)
    }

    /// [`DataDir::open_read_only`] with the history in `history` when given.
    pub fn open_read_only_with_history(root: &Path, history: Option<PathBuf>) -> DataDir {
        DataDir::open_read_only_with_chosen_history(root, history, None)
    }

    /// [`DataDir::open_read_only`] with the history where this run was `given` it, else where
    /// the settings `chosen` it (see [`DataDir::open_with_chosen_history`]).
    pub fn open_read_only_with_chosen_history(
        root: &Path,
        given: Option<PathBuf>,
        chosen: Option<PathBuf>,
    ) -> DataDir {
        DataDir {
            root: root.to_path_buf(),
            history_pinned: given.is_some(),
            history: given.or(chosen).unwrap_or_else(|| root.join("history")),
            device: device::read(root),
            lock: None,
            live: root.join("live"),
        }
    }

    /// Moves the history to `dir` (`None`: `history/` here), as the settings say, unless this
    /// run was given one; `false` when it was. `history/` here is made if missing (as at
    /// opening); a missing shared folder is refused. Open the history again afterwards.
    pub fn move_history(&mut self, dir: Option<PathBuf>) -> Result<bool, StoreError> {
        if self.history_pinned {
            return Ok(false);
        }
        let dir = dir.unwrap_or_else(|| self.root.join("history"));
        check_history_folder(&self.root, &dir)?;
        if self.is_writable() {
            prepare_history(&dir)?;
        }
        self.history = dir;
        Ok(true)
    }

    /// This device's id in the history (`None` when read-only and never written here).
    pub fn device(&self) -> Option<&str> {
        self.device.as_deref()
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn is_writable(&self) -> bool {
        self.lock.is_some()
    }

    pub fn live_dir(&self) -> PathBuf {
        self.live.clone()
    }

    /// The folder of table `table`'s journal (from 1): table 1's is `live/`, where a lone
    /// table's is, so `serve` with one table and with several find the same game; the others'
    /// are `tables/<n>/live/`, each apart, so no table resumes another's game.
    pub fn table_live_dir(&self, table: usize) -> PathBuf {
        match table {
            0 | 1 => self.root.join("live"),
            n => self.root.join("tables").join(n.to_string()).join("live"),
        }
    }

    /// Makes table `table`'s folder (see [`DataDir::table_live_dir`]) and clears the temp files
    /// a killed write left there; once, before the table is first kept.
    pub fn prepare_table(&self, table: usize) -> Result<(), StoreError> {
        let folder = self.table_live_dir(table);
        let io = |e: io::Error| StoreError::Io {
            path: folder.display().to_string(),
            message: e.to_string(),
        };
        fs::create_dir_all(&folder).map_err(io)?;
        if self.is_writable() {
            fsutil::remove_stale_temps(&folder, false).map_err(io)?;
        }
        Ok(())
    }

    /// The journal, seats and phones' key written from now on are table `table`'s (see
    /// [`DataDir::table_live_dir`]): one data directory, one lock and one history for every
    /// table of a `serve`, each table's live game apart.
    pub fn keep_table(&mut self, table: usize) {
        self.live = self.table_live_dir(table);
    }

    pub fn history_dir(&self) -> PathBuf {
        self.history.clone()
    }

    pub fn damaged_dir(&self) -> PathBuf {
        self.root.join("damaged")
    }

    pub fn log_dir(&self) -> PathBuf {
        self.root.join("log")
    }

    pub fn profiles_dir(&self) -> PathBuf {
        self.root.join("profiles")
    }

    pub fn settings_path(&self) -> PathBuf {
        DataDir::settings_path_in(&self.root)
    }

    /// Where the settings of the data directory `root` are, before it is opened (they say where
    /// its history is).
    pub fn settings_path_in(root: &Path) -> PathBuf {
        root.join("settings.json")
    }

    fn journal_path(&self, id: &str) -> PathBuf {
        self.live_dir().join(format!("{id}.jsonl"))
    }

    /// The key a live game's phones hold (the secret in their address), beside its journal
    /// so a resumed game keeps its address; made with `fresh` the first time, and again if the
    /// file is not one `valid` accepts. A game's is removed with its journal; the table's own
    /// (`table`) and the venue's (`venue`) are kept under the same scheme and never removed.
    pub fn phones_key(
        &self,
        id: &str,
        fresh: impl FnOnce() -> String,
        valid: impl Fn(&str) -> bool,
    ) -> Result<String, StoreError> {
        let path = journal::phones_key_path(&self.journal_path(id));
        if let Ok(text) = fsutil::read_limited_text(&path, 1024)
            && let Some(key) = kept_key(&text).filter(|key| valid(key))
        {
            // A key written by an older version was readable by every user: tighten it.
            fsutil::make_private(&path).map_err(|e| self.io(e))?;
            return Ok(key.to_string());
        }
        self.renew_phones_key(id, fresh())
    }

    /// The table's own phones key, for the phones between games (while a game is set up, and
    /// after one is saved): kept in `live/table.phones`, beside the games' (no game's id is
    /// `table`). A new game's key is made from it, so the phones keep the address all evening.
    pub fn table_phones_key(
        &self,
        fresh: impl FnOnce() -> String,
        valid: impl Fn(&str) -> bool,
    ) -> Result<String, StoreError> {
        self.phones_key(TABLE_KEY, fresh, valid)
    }

    /// Replaces the table's own phones key (see [`DataDir::table_phones_key`]).
    pub fn renew_table_phones_key(&self, key: String) -> Result<String, StoreError> {
        self.renew_phones_key(TABLE_KEY, key)
    }

    /// Replaces a live game's phones key with `key` (the table's "New code"), readable by
    /// this user only; the old key is gone once this returns.
    pub fn renew_phones_key(&self, id: &str, key: String) -> Result<String, StoreError> {
        let path = journal::phones_key_path(&self.journal_path(id));
        let text = serde_json::json!({
            "format": PHONES_KEY_FORMAT,
            "version": KEPT_VERSION,
            "key": key,
        });
        fsutil::write_atomic_private(&path, text.to_string().as_bytes()).map_err(|e| self.io(e))?;
        Ok(key)
    }

    /// Which phone held which seat of a live game when the app last kept it: each a seat and a
    /// phone's id. Nothing (not an error) when there is no such file or it is not one: the
    /// phones then ask the table for their seats again, and nothing else is lost.
    pub fn phones_seats(&self, id: &str) -> Vec<(usize, String)> {
        let path = journal::phones_seats_path(&self.journal_path(id));
        let Ok(text) = fsutil::read_limited_text(&path, 16 * 1024) else {
            return Vec::new();
        };
        #[derive(serde::Deserialize)]
        struct Seats {
            /// Absent in a file written before files named their format.
            #[serde(default)]
            format: Option<String>,
            version: u32,
            seats: Vec<(usize, String)>,
        }
        match serde_json::from_str::<Seats>(&text) {
            Ok(kept)
                if kept.version == KEPT_VERSION
                    && kept.format.as_deref().is_none_or(|f| f == SEATS_FORMAT) =>
            {
                kept.seats
            }
            _ => Vec::new(),
        }
    }

    /// Keeps which phone holds which seat of a live game, readable by this user only (a phone's
    /// id is the key to its seat).
    pub fn keep_phones_seats(&self, id: &str, seats: &[(usize, String)]) -> Result<(), StoreError> {
        let path = journal::phones_seats_path(&self.journal_path(id));
        let text = serde_json::json!({
            "format": SEATS_FORMAT,
            "version": KEPT_VERSION,
            "seats": seats,
        })
        .to_string();
        fsutil::write_atomic_private(&path, text.as_bytes()).map_err(|e| self.io(e))
    }

    /// Opens the history: writable when this copy holds the lock, read-only otherwise.
    /// A journal left behind by a move into history that a crash cut short is removed here.
    pub fn history(&self) -> Result<History, StoreError> {
        let device = match (&self.device, self.is_writable()) {
            (Some(device), true) => device,
            _ => {
                let dir = self.history_dir();
                return Ok(History::open_read_only_keeping(
                    &dir,
                    &self.damaged_dir(),
                    self.device(),
                )?);
            }
        };
        let history = History::open(&self.history_dir(), &self.damaged_dir(), device)?;
        self.remove_archived_journals(|id| history.contains(id))?;
        Ok(history)
    }

    /// Opens the history to add games (an import from the command line): without listing the
    /// games already there in memory where its logs allow ([`History::open_to_append`]), else
    /// whole. Returns the history and the ids, and backup ids, of the games it holds.
    pub fn history_to_append(&self) -> Result<(History, HashSet<String>), StoreError> {
        if let (Some(device), true) = (&self.device, self.is_writable())
            && let Some((history, scan)) =
                History::open_to_append(&self.history_dir(), &self.damaged_dir(), device)?
        {
            self.remove_archived_journals(|id| scan.contains(id))?;
            return Ok((history, scan.known_ids().collect()));
        }
        let history = self.history()?;
        let known = history.known_ids().collect();
        Ok((history, known))
    }

    /// Removes the journals of games the history lists: a move into the history that a crash
    /// cut short leaves one behind.
    fn remove_archived_journals(&self, listed: impl Fn(&str) -> bool) -> Result<(), StoreError> {
        for path in self.unfinished() {
            let archived = path
                .file_stem()
                .is_some_and(|id| listed(&id.to_string_lossy()));
            if archived {
                journal::remove(&path).map_err(|e| self.io(e))?;
            }
        }
        Ok(())
    }

    /// Journals of unfinished sessions, the most recently changed first.
    pub fn unfinished(&self) -> Vec<PathBuf> {
        let Ok(files) = fs::read_dir(self.live_dir()) else {
            return Vec::new();
        };
        let mut journals: Vec<(std::time::SystemTime, PathBuf)> = files
            .flatten()
            .map(|f| f.path())
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .map(|p| {
                let modified = fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (modified, p)
            })
            .collect();
        journals.sort_by_key(|j| std::cmp::Reverse(j.0));
        journals.into_iter().map(|(_, p)| p).collect()
    }

    /// Starts journaling a new session.
    pub fn start<R: Rules>(&self, session: GameSession<R>) -> Result<LiveSession<R>, StoreError> {
        self.start_seated(session, &[])
    }

    /// [`DataDir::start`], with which phone holds which seat (`seats`, as
    /// [`DataDir::keep_phones_seats`]) kept beside the journal before the journal is written:
    /// a game that exists on disk has its seats, whenever the app is killed. A seats file whose
    /// journal never came is an orphan no game reads (its id is never used again); it is
    /// removed when the journal could not be made.
    pub fn start_seated<R: Rules>(
        &self,
        session: GameSession<R>,
        seats: &[(usize, String)],
    ) -> Result<LiveSession<R>, StoreError> {
        if !seats.is_empty() {
            self.keep_phones_seats(session.id(), seats)?;
        }
        let path = self.journal_path(session.id());
        let journal = JournalWriter::create(&path, &session).map_err(|e| {
            // A journal that failed after it was put in place (its folder not synced) is a
            // game a restart resumes: its seats stay with it.
            if !seats.is_empty() && !path.exists() {
                let _ = std::fs::remove_file(journal::phones_seats_path(&path));
            }
            self.io(e)
        })?;
        Ok(LiveSession {
            session,
            journal,
            journaled: 0,
            noted: None,
        })
    }

    /// Reopens an unfinished session of engine `R` at its exact state. If its clocks were
    /// running when the app stopped (a kill, a power cut: a close records its own pause), a
    /// pause is recorded at the last moment the journal knew them running (the last action, or
    /// the clock's last note after it), so the time the app was away counts as paused; the
    /// table resumes when it is ready. To reopen a
    /// journal of whichever engine it names, see [`DataDir::resume_any`].
    pub fn resume_game<R: Rules>(
        &self,
        path: &Path,
    ) -> Result<(LiveSession<R>, Recovered<R>), StoreError> {
        let mut recovered = journal::recover::<R>(path, &self.damaged_dir())?;
        let journal = JournalWriter::open(path).map_err(|e| self.io(e))?;
        let mut live = LiveSession {
            session: recovered.session.clone(),
            journal,
            journaled: recovered.ops,
            noted: None,
        };
        if let Some((pause, last)) = R::pause_if_running(live.session.state()) {
            // Paused at the last note of the running clock, if it was noted after the last
            // action: the turn under way keeps the time up to it.
            let at = recovered.clock_noted.map_or(last, |noted| noted.max(last));
            recovered.stopped_running = Some((last, at));
            live.apply(pause, at).map_err(|e| match e {
                LiveError::Io(message) => StoreError::Io {
                    path: path.display().to_string(),
                    message,
                },
                LiveError::Rule(rule) => unreachable!("a running game can pause: {rule}"),
            })?;
        }
        recovered.session = live.session.clone();
        Ok((live, recovered))
    }

    fn io(&self, e: io::Error) -> StoreError {
        StoreError::Io {
            path: self.root.display().to_string(),
            message: e.to_string(),
        }
    }
}

/// Refuses a history folder other than `history/` in the data directory `root` that is not
/// there (a sync folder not mounted, a mistyped path): only the data directory's own is made.
fn check_history_folder(root: &Path, history: &Path) -> Result<(), StoreError> {
    if history != root.join("history") && !history.is_dir() {
        return Err(StoreError::NoHistoryFolder {
            path: history.display().to_string(),
        });
    }
    Ok(())
}

/// Makes the history's folder if missing (only ever the data directory's own: see
/// [`check_history_folder`]), and clears the temp files killed writes left in it.
/// The folder may be shared with other copies of the app: a temp file of a process still running
/// is left alone there (see `remove_stale_temps`).
fn prepare_history(history: &Path) -> Result<(), StoreError> {
    let io = |e: io::Error| StoreError::Io {
        path: history.display().to_string(),
        message: e.to_string(),
    };
    fs::create_dir_all(history).map_err(io)?;
    for folder in [history.to_path_buf(), history.join("sessions")] {
        fsutil::remove_stale_temps(&folder, true).map_err(io)?;
    }
    Ok(())
}

/// The data directory's lock, held: let go when dropped.
///
/// `flock(2)` ties a lock to the open file, which every copy of its descriptor shares, and a
/// child forked by this process (a `Command` spawned on any thread) holds a copy of every open
/// file until it execs. Closing our descriptor alone would leave the lock held by that copy for
/// as long as the child takes to exec, and this folder opened again meanwhile would be "in use".
/// Letting go explicitly frees it whatever copies there are; a copy of the app that really runs
/// (another process, with a file opened on its own) is refused all the same.
#[derive(Debug)]
struct DirLock(File);

impl DirLock {
    /// Takes the lock on `file`, or `Err(None)` when another copy holds it.
    fn take(file: File) -> Result<DirLock, Option<io::Error>> {
        match file.try_lock() {
            Ok(()) => Ok(DirLock(file)),
            Err(fs::TryLockError::WouldBlock) => Err(None),
            Err(fs::TryLockError::Error(e)) => Err(Some(e)),
        }
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        // Nothing to do when it fails: closing the file lets go all the same once any
        // forked child has exec'd.
        let _ = self.0.unlock();
    }
}
