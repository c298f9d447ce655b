//! A game's summary: what the history list, statistics and exports need of one finished or
//! abandoned session, worked out the same way for every engine by
//! [`summarize`](super::summarize::summarize). The full event log is kept beside it in the
//! history.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::scoring::Points;
use crate::vocabulary::{Colour, Name};

/// The longest notes any way in takes (the window, a paper sheet, a backup), in characters.
pub const MAX_NOTES_CHARS: usize = 10_000;

/// How a session left the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Finished,
    Abandoned,
}

/// One player's line in an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryPlayer {
    pub name: String,
    pub colour: Colour,
    /// One value per score part, in the entry's `parts` order (exact: 0.5 stays 0.5).
    pub scores: Vec<Points>,
    pub total: Points,
    pub rank: u32,
    pub winner: bool,
    /// Time spent in this player's turns, pauses excluded.
    pub time_ms: i64,
    /// Player-turns played.
    pub turns: u32,
    /// The side played, in a game of sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Played to a time bank or a sand timer: the turns played out of time.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub timeouts: u32,
    /// Played to a time bank or a sand timer: the time spent beyond zero.
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub over_ms: i64,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

fn is_zero_i64(n: &i64) -> bool {
    *n == 0
}

/// One round objective's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryObjective {
    pub round: u32,
    pub label: Option<String>,
    pub results: Vec<u32>,
    pub points: Vec<u32>,
}

/// The summary of a session in the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub id: String,
    /// The id the session had in the backup it was imported from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin_id: Option<String>,
    pub game: String,
    pub game_name: Name,
    pub outcome: Outcome,
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    /// Unpaused time from the first turn to the end.
    pub duration_ms: i64,
    pub paused_ms: i64,
    /// Table time: round ends and the table time taken in turns, in the duration but in no
    /// player's time.
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub table_ms: i64,
    /// Seat of the first parent (the start player).
    pub start_player: usize,
    /// Score part ids, in the sheet's order.
    pub parts: Vec<String>,
    /// In seat order.
    pub players: Vec<EntryPlayer>,
    pub objectives: Vec<EntryObjective>,
    /// In a game of sides: how it ended (an ending id of the profile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// The lowest total won (a profile with `"rule": "lowest"`); exports say so.
    #[serde(default, skip_serializing_if = "is_false")]
    pub lowest_wins: bool,
    #[serde(default)]
    pub notes: String,
    /// Kept on paper and logged afterwards: no times (statistics of time leave it out).
    #[serde(default, skip_serializing_if = "is_false")]
    pub logged: bool,
    /// The opponent the game plays itself (Earth's Gaia in a solo game): its column, and
    /// whether it won (then no player did).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<EntryOpponent>,
}

/// The opponent a game plays itself, as the history keeps it: no seat, no time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryOpponent {
    pub name: String,
    pub scores: Vec<Points>,
    pub total: Points,
    pub winner: bool,
}

impl HistoryEntry {
    /// The summary of a game kept on paper and logged afterwards: marked so, with no times
    /// (the clock never ran), ended when it was played.
    pub fn on_paper(mut self) -> HistoryEntry {
        self.logged = true;
        self.duration_ms = 0;
        self.paused_ms = 0;
        self.table_ms = 0;
        self.ended_at = self.started_at;
        for player in &mut self.players {
            player.time_ms = 0;
            player.turns = 0;
        }
        self
    }

    /// How long the game took, in words: its minutes, or that it was kept on paper.
    pub fn length(&self) -> crate::i18n::Text {
        if self.logged {
            crate::i18n::Text::new("history.on_paper")
        } else {
            crate::i18n::Text::new("history.minutes").arg(
                "minutes",
                self.duration_ms.max(0).saturating_add(30_000) / 60_000,
            )
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl HistoryEntry {
    /// The place of the opponent the game plays itself (Gaia), if it has one: 1, and one more
    /// for each player who scored better (less where the lowest total wins).
    pub fn opponent_rank(&self) -> Option<u32> {
        let opponent = self.opponent.as_ref()?;
        let better = |total: Points| match self.lowest_wins {
            true => total < opponent.total,
            false => total > opponent.total,
        };
        let ahead = self.players.iter().filter(|p| better(p.total)).count();
        Some(1 + ahead as u32)
    }

    /// Names of the winners: none for a game abandoned (it has no result, whatever the sheet
    /// stood at).
    pub fn winners(&self) -> Vec<&str> {
        if self.outcome == Outcome::Abandoned {
            return Vec::new();
        }
        let opponent = self.opponent.iter().filter(|o| o.winner);
        (self.players.iter())
            .filter(|p| p.winner)
            .map(|p| p.name.as_str())
            .chain(opponent.map(|o| o.name.as_str()))
            .collect()
    }
}
