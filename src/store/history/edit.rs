//! Changing past games: renaming or merging a player across the history, correcting a finished
//! game's score, and its notes. Each is a new record in this device's log; no game's file is
//! ever rewritten (another device may hold it, or be correcting the same game).

use chrono::{DateTime, Utc};

use super::{History, HistoryError};
use crate::session::summary::{EntryPlayer, HistoryEntry};
use crate::store::index::{Correction, IndexOp};
use crate::store::saved::{CorrectionRefused, TimedCorrection};

/// Why a correction was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionError {
    #[error(transparent)]
    History(#[from] HistoryError),
    #[error(transparent)]
    Rule(#[from] crate::kit::error::RuleError),
    #[error("the game's events no longer replay: {0}")]
    Replay(String),
}

impl From<CorrectionRefused> for CorrectionError {
    fn from(refused: CorrectionRefused) -> CorrectionError {
        match refused {
            CorrectionRefused::Rule(rule) => CorrectionError::Rule(rule),
            CorrectionRefused::Replay(why) => CorrectionError::Replay(why),
        }
    }
}

/// How player names are compared when renaming: trimmed, any case.
pub(in crate::store) fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl History {
    /// Renames a player in every game (merging is renaming one name onto another, so a typo no
    /// longer splits a record). Names compare case-insensitively, trimmed. Returns how many
    /// games changed.
    pub fn rename_player(&mut self, from: &str, to: &str) -> Result<usize, HistoryError> {
        self.require_writable()?;
        let to = to.trim().to_string();
        let at = self.stamp(Utc::now());
        self.append(&IndexOp::Rename {
            at,
            from: from.to_string(),
            to: to.clone(),
        })?;
        Ok(self.rename_in_memory(from, &to))
    }

    /// Renames `from` to `to` in every game listed; returns how many changed.
    pub(super) fn rename_in_memory(&mut self, from: &str, to: &str) -> usize {
        let (from, to) = (name_key(from), to.trim());
        let ids: Vec<String> = self
            .entries()
            .iter()
            .filter(|e| e.players.iter().any(|p| name_key(&p.name) == from))
            .map(|e| e.id.clone())
            .collect();
        for id in &ids {
            rename_in_entry(self.get_mut(id).expect("listed above"), &from, to);
        }
        ids.len()
    }

    /// Corrects a score cell of a finished game: the correction is replayed onto its events as
    /// a hand-set cell (the original events stay), the summary is re-scored from that replay,
    /// and the correction is recorded in this device's log.
    pub fn correct_score(
        &mut self,
        id: &str,
        player: usize,
        part: &str,
        value: Option<u32>,
        at: DateTime<Utc>,
    ) -> Result<HistoryEntry, CorrectionError> {
        self.require_writable()?;
        let old = self
            .get(id)
            .cloned()
            .ok_or(HistoryError::NotFound { id: id.to_string() })?;
        let at = self.stamp(at);
        let cell = Correction {
            player,
            part: part.to_string(),
            value,
        };
        let mut corrections = self.corrections_of(id).to_vec();
        corrections.push(TimedCorrection {
            at,
            cell: cell.clone(),
        });
        let base = super::read_session_file(self.dir(), id)?;
        let (_, rescored) = base.with_corrections(&corrections, old.outcome, old.ended_at)?;
        self.append(&IndexOp::Correct {
            at,
            id: id.to_string(),
            player,
            part: cell.part.clone(),
            value,
            count: corrections.len(),
            players: rescored.players.clone(),
        })?;
        self.remember_correction(id, TimedCorrection { at, cell });
        self.take_scores(id, &rescored.players);
        Ok(self.get(id).cloned().expect("listed above"))
    }

    /// Takes a re-scored game's scores, totals, ranks and winners; names, times and notes stay.
    pub(super) fn take_scores(&mut self, id: &str, rescored: &[EntryPlayer]) {
        if let Some(entry) = self.get_mut(id) {
            take_scores_into(entry, rescored);
        }
    }

    /// Replays every correction of these games onto their files (two devices corrected one game
    /// without seeing each other's corrections: neither's re-score holds both). A game whose
    /// file cannot be read yet keeps the newest re-score until it can.
    pub(super) fn replay_corrections(&mut self, ids: &[String]) {
        for id in ids {
            let Some(entry) = self.get(id) else {
                continue;
            };
            let (outcome, ended_at) = (entry.outcome, entry.ended_at);
            let Ok(base) = super::read_session_file(self.dir(), id) else {
                continue;
            };
            // A correction the rules refuse on replay leaves the newest re-score standing.
            if let Ok((_, rescored)) =
                base.with_corrections(self.corrections_of(id), outcome, ended_at)
            {
                self.take_scores(id, &rescored.players);
            }
        }
    }
}

/// Renames the players of one game named `from` (a [`name_key`]) to `to`. The history's list
/// and the scan of its logs (`index_scan`) both rename through this.
pub(in crate::store) fn rename_in_entry(entry: &mut HistoryEntry, from: &str, to: &str) {
    for player in entry.players.iter_mut() {
        if name_key(&player.name) == from {
            player.name = to.to_string();
        }
    }
}

/// Takes a re-scored game's scores, totals, ranks and winners into `entry`; names, times and
/// notes stay.
pub(in crate::store) fn take_scores_into(entry: &mut HistoryEntry, rescored: &[EntryPlayer]) {
    for (player, scored) in entry.players.iter_mut().zip(rescored) {
        player.scores.clone_from(&scored.scores);
        player.total = scored.total;
        player.rank = scored.rank;
        player.winner = scored.winner;
    }
}
