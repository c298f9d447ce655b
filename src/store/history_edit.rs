//! Changing past games: renaming or merging a player across the history, and correcting a
//! finished game's score (recorded as an event, never overwriting).

use super::entry::{HistoryEntry, Summarize};
use super::history::{History, HistoryError};
use super::saved::SavedSession;
use crate::any_game::{AnyGame, PlayEvent};
use crate::scoring::{CellInput, Points};
use crate::session::{GameSession, Terravist};

/// Why a correction was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionError {
    #[error(transparent)]
    History(#[from] HistoryError),
    #[error(transparent)]
    Rule(#[from] crate::error::RuleError),
    #[error("the game's events no longer replay: {0}")]
    Replay(String),
}

impl History {
    /// Renames a player in every entry (and its event log); merging is renaming one name onto
    /// another, so a typo no longer splits a record. Names compare case-insensitively, trimmed.
    /// Returns how many games changed.
    pub fn rename_player(&mut self, from: &str, to: &str) -> Result<usize, HistoryError> {
        self.require_writable()?;
        let key = |name: &str| name.trim().to_lowercase();
        let (from_key, to) = (key(from), to.trim().to_string());
        let ids: Vec<String> = self
            .entries()
            .iter()
            .filter(|e| e.players.iter().any(|p| key(&p.name) == from_key))
            .map(|e| e.id.clone())
            .collect();
        for id in &ids {
            let mut entry = self.get(id).cloned().expect("listed above");
            for player in entry
                .players
                .iter_mut()
                .filter(|p| key(&p.name) == from_key)
            {
                player.name = to.clone();
            }
            let mut file = self.session_file(id)?;
            for player in file
                .setup_mut()
                .players
                .iter_mut()
                .filter(|p| key(&p.name) == from_key)
            {
                player.name = to.clone();
            }
            self.put(entry, &file)?;
        }
        Ok(ids.len())
    }

    /// Corrects a score cell of a finished game: the correction is a `SetScore` event appended
    /// to its log (the original events stay), and the summary is re-scored from the replay.
    pub fn correct_score(
        &mut self,
        id: &str,
        player: usize,
        part: &str,
        value: Option<u32>,
        at: chrono::DateTime<chrono::Utc>,
    ) -> Result<HistoryEntry, CorrectionError> {
        let old = self
            .get(id)
            .cloned()
            .ok_or(HistoryError::NotFound { id: id.to_string() })?;
        let replay = |e: crate::session::ReplayError| CorrectionError::Replay(e.to_string());
        let (mut entry, file): (HistoryEntry, SavedSession) = match self.session_file(id)? {
            SavedSession::Terravist(file) => {
                let mut session = GameSession::<Terravist>::from_file(file).map_err(replay)?;
                session.apply(
                    crate::terravist::event::Event::SetScore {
                        player,
                        part: part.to_string(),
                        value,
                    },
                    at,
                )?;
                let entry = Terravist::summarize(&session, old.outcome, old.ended_at);
                (entry, session.to_file().into())
            }
            SavedSession::AnyGame(file) => {
                let mut session = GameSession::<AnyGame>::from_file(file).map_err(replay)?;
                session.apply(
                    PlayEvent::SetCell {
                        player,
                        part: part.to_string(),
                        value: value.map(|v| CellInput::Number(Points::whole(v.into()))),
                    },
                    at,
                )?;
                let entry = AnyGame::summarize(&session, old.outcome, old.ended_at);
                (entry, session.to_file().into())
            }
        };
        entry.origin_id = old.origin_id;
        entry.notes = old.notes;
        for (new, old) in entry.players.iter_mut().zip(&old.players) {
            new.name = old.name.clone(); // a rename made after the game stays
        }
        self.put(entry.clone(), &file)?;
        Ok(entry)
    }
}
