//! Opening the history: every log in the folder read and folded, the first format's index
//! adopted as this device's log, this device's log repaired when damaged (another device's is
//! only said), and the games whose records were lost listed again from their session files.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::merge::{ReadLog, read_log};
use super::sessions::MAX_SESSION_BYTES;
use super::{History, HistoryError, OwnLog};
use crate::session::SESSION_VERSION;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::store::fsutil::{copy_aside, copy_aside_once, fsync_dir, read_limited};
use crate::store::id::is_valid_id;
use crate::store::index::{HISTORY_VERSION, LEGACY_INDEX, device_log, is_log_name};
use crate::store::saved::SavedSession;

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

impl History {
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

    /// [`History::open_read_only_as`], keeping a copy of a damaged log in `damaged_dir` (it is
    /// not repaired: that is the writer's).
    pub fn open_read_only_keeping(
        dir: &Path,
        damaged_dir: &Path,
        device: Option<&str>,
    ) -> Result<History, HistoryError> {
        History::load(dir, damaged_dir, device, false)
    }

    /// Opens the history to add games to it without listing the ones already there in memory
    /// (a command-line import into a history of 100k games needs their ids, not their
    /// summaries): the history, and the scan of its logs that says which games it holds. `None`
    /// when the logs need the whole history's care (damage to repair, games to list again from
    /// their files, corrections to replay): then [`History::open`] it. Such a `History`'s list
    /// is empty; it is for [`History::put_batch`] without keeping, then dropped.
    pub fn open_to_append(
        dir: &Path,
        damaged_dir: &Path,
        device: &str,
    ) -> Result<Option<(History, crate::store::index_scan::Scan)>, HistoryError> {
        let mut history = History::empty(dir, damaged_dir, Some(device), true);
        history.adopt_legacy_index().map_err(|e| history.io(e))?;
        let Ok(scan) = crate::store::index_scan::scan(dir) else {
            return Ok(None);
        };
        history.open_own_for_append().map_err(|e| history.io(e))?;
        fs::create_dir_all(dir.join("sessions")).map_err(|e| history.io(e))?;
        history.clock = scan.latest();
        Ok(Some((history, scan)))
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
            version: super::next_version(),
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
            } else {
                history.open_own_for_append().map_err(io)?;
            }
            fs::create_dir_all(dir.join("sessions")).map_err(io)?;
        }
        let keeping = !damaged_dir.as_os_str().is_empty();
        if let (false, true, Some(damage)) = (history.is_writable(), keeping, &damaged) {
            // Read only (the command line, a second copy of the app): nothing is repaired, but
            // the damaged log is still kept in `damaged/`, once.
            kept = copy_aside_once(&dir.join(&damage.log), damaged_dir).ok();
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
            crate::store::faults::check()?;
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
    /// first; returns them. A file that cannot be read or replayed is left where it is, and so
    /// is one that holds a game already listed under another id (an import that failed
    /// part-way, then went through, leaves such copies): a game is never listed twice.
    fn recover_from_sessions(&mut self, deleted: &HashSet<String>) -> Vec<HistoryEntry> {
        let Ok(files) = fs::read_dir(self.dir.join("sessions")) else {
            return Vec::new();
        };
        let mut found: Vec<(HistoryEntry, u64)> = files
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
                Some((entry, content_print(&bytes)?))
            })
            .collect();
        found.sort_by(|(a, _), (b, _)| (a.started_at, &a.id).cmp(&(b.started_at, &b.id)));
        let mut adopted: Vec<(HistoryEntry, u64)> = Vec::new();
        for (entry, print) in found {
            let listed_twice = adopted
                .iter()
                .any(|(other, p)| same_start(other, &entry) && *p == print)
                || self.entries().iter().any(|other| {
                    same_start(other, &entry) && self.session_print(&other.id) == Some(print)
                });
            if !listed_twice {
                adopted.push((entry, print));
            }
        }
        for (entry, _) in &adopted {
            self.put_in_memory(entry.clone());
        }
        adopted.into_iter().map(|(entry, _)| entry).collect()
    }

    /// The content print of a listed game's session file.
    fn session_print(&self, id: &str) -> Option<u64> {
        let path = self.dir.join("sessions").join(format!("{id}.json"));
        content_print(&read_limited(&path, MAX_SESSION_BYTES).ok()?)
    }
}

/// Two entries that could be one game: the same game, started at the same moment, by the same
/// players (a cheap test before the files are compared).
fn same_start(a: &HistoryEntry, b: &HistoryEntry) -> bool {
    a.game == b.game
        && a.started_at == b.started_at
        && a.players.len() == b.players.len()
        && a.players
            .iter()
            .zip(&b.players)
            .all(|(p, q)| p.name == q.name)
}

/// A print of a session file's game, its id left out: an imported game is written under a new
/// id, everything else the same.
fn content_print(bytes: &[u8]) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let mut value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    value.as_object_mut()?.remove("id");
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.to_string().hash(&mut hasher);
    Some(hasher.finish())
}
