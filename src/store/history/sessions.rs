//! A game's session as the history has it: its file (written once), with the corrections the
//! logs record replayed onto its events and its players named as the history names them now.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::{History, HistoryError};
use crate::session::SESSION_VERSION;
use crate::session::summary::HistoryEntry;
use crate::store::fsutil::{copy_aside, read_limited};
use crate::store::id::is_valid_id;
use crate::store::saved::SavedSession;
use crate::store::saved::TimedCorrection;

/// The largest session file accepted.
pub(super) const MAX_SESSION_BYTES: u64 = 64 * 1024 * 1024;

impl History {
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

    pub(in crate::store) fn corrections_of(&self, id: &str) -> &[TimedCorrection] {
        self.corrections.get(id).map_or(&[], Vec::as_slice)
    }

    /// Keeps a correction to replay onto the game; the same record read twice (a sync
    /// engine's conflict copy of a log holds the same records) counts once.
    pub(in crate::store) fn remember_correction(&mut self, id: &str, correction: TimedCorrection) {
        let known = self.corrections.entry(id.to_string()).or_default();
        if !known.contains(&correction) {
            known.push(correction);
            self.changed();
        }
    }

    /// Keeps a copy of a game's damaged session file in `damaged/` (the original stays where it
    /// is, still listed, so nothing is lost and the detail can say what is wrong).
    pub fn keep_damaged_copy(&self, id: &str) -> Result<PathBuf, HistoryError> {
        // Read only too (the command line): a copy in `damaged/` changes nothing that is read.
        // A history opened with no data directory around it has no `damaged/` to keep it in.
        if self.damaged_dir.as_os_str().is_empty() {
            return Err(HistoryError::ReadOnly);
        }
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
}

/// Reading games' sessions apart from the `History` (see [`History::sessions`]).
#[derive(Debug, Clone)]
pub struct Sessions {
    dir: PathBuf,
    corrections: HashMap<String, Vec<TimedCorrection>>,
}

impl Sessions {
    /// The sessions of the history in `dir` with these corrections (read from its logs without
    /// the history: see `index_scan`).
    pub(in crate::store) fn with_corrections(
        dir: &Path,
        corrections: HashMap<String, Vec<TimedCorrection>>,
    ) -> Sessions {
        Sessions {
            dir: dir.to_path_buf(),
            corrections,
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
