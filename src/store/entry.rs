//! A history entry: the summary of one finished or abandoned session, as the history list,
//! statistics and exports need it. The full event log lives beside it in its own file.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::any_game::AnyGame;
use crate::clock::{Activity, Clock};
use crate::scoring::{Points, WinnerRule};
use crate::session::{Colour, GameSession, Player, Rules, Session, Terravist};
use crate::vocabulary::Name;

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
}

impl HistoryEntry {
    /// How long the game took, in words: its minutes, or that it was kept on paper.
    pub fn length(&self) -> crate::i18n::Text {
        if self.logged {
            crate::i18n::Text::new("history.on_paper")
        } else {
            crate::i18n::Text::new("history.minutes")
                .arg("minutes", (self.duration_ms + 30_000) / 60_000)
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An engine whose sessions the history can keep: what the history needs of each engine, so
/// the rest of the store is written once for both.
pub trait Summarize: Rules {
    fn summarize(
        session: &GameSession<Self>,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> HistoryEntry;

    /// The game's name, in both languages.
    fn game_name(profile: &Self::Profile) -> &Name {
        &Self::game(profile).name
    }

    /// Each score part's id and name, in the sheet's order (the history's columns).
    fn part_names(profile: &Self::Profile) -> Vec<(String, Name)> {
        let parts = Self::game(profile).sheet.parts.iter();
        parts.map(|p| (p.id.clone(), p.name.clone())).collect()
    }

    /// The name of how a game of sides ended (only games of sides have endings).
    fn ending_name(profile: &Self::Profile, ending: &str) -> Option<Name> {
        match &Self::game(profile).sheet.winner {
            WinnerRule::Side { endings, .. } => endings
                .iter()
                .find(|e| e.id == ending)
                .map(|e| e.name.clone()),
            _ => None,
        }
    }

    /// The event that sets a score cell by hand after the game (`None`: back to what the game
    /// scored), as a correction made in the history is replayed.
    fn set_score(player: usize, part: &str, value: Option<u32>) -> Self::Event;
}

impl Summarize for Terravist {
    fn summarize(session: &Session, outcome: Outcome, ended_at: DateTime<Utc>) -> HistoryEntry {
        HistoryEntry::from_session(session, outcome, ended_at)
    }

    fn set_score(player: usize, part: &str, value: Option<u32>) -> crate::terravist::event::Event {
        crate::terravist::event::Event::SetScore {
            player,
            part: part.to_string(),
            value,
        }
    }
}

/// Each player's time and number of turns from a clock.
fn player_time(clock: &Clock, seat: usize, end: DateTime<Utc>) -> (i64, u32) {
    let turns = clock
        .player_turns(end)
        .iter()
        .filter(|(a, _)| matches!(a, Activity::PlayerTurn { player, .. } if *player == seat))
        .count() as u32;
    (clock.player_total(seat, end).num_milliseconds(), turns)
}

impl Summarize for AnyGame {
    fn set_score(player: usize, part: &str, value: Option<u32>) -> crate::any_game::PlayEvent {
        crate::any_game::PlayEvent::SetCell {
            player,
            part: part.to_string(),
            value: value.map(|v| crate::scoring::CellInput::Number(Points::whole(v.into()))),
        }
    }

    fn summarize(
        session: &GameSession<AnyGame>,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> HistoryEntry {
        let profile = session.profile();
        let state = session.state();
        let clock = &state.clock;
        let end = clock.ended_at.unwrap_or(ended_at);
        // A game left without an ending (or abandoned) keeps its players with no winner.
        let scored = state.scored(profile).ok();
        let players = session
            .players()
            .iter()
            .enumerate()
            .map(|(seat, Player { name, colour })| {
                let (time_ms, turns) = player_time(clock, seat, end);
                let line = scored.as_ref().map(|s| &s.players[seat]);
                EntryPlayer {
                    name: name.trim().to_string(),
                    colour: *colour,
                    scores: line
                        .map(|l| l.parts.clone())
                        .unwrap_or_else(|| vec![Points::ZERO; profile.sheet.parts.len()]),
                    total: line.map(|l| l.total).unwrap_or(Points::ZERO),
                    rank: line.map(|l| l.rank).unwrap_or(1),
                    winner: line.is_some_and(|l| l.winner),
                    time_ms,
                    turns,
                    side: state.sides.get(seat).cloned(),
                }
            })
            .collect();
        HistoryEntry {
            id: session.id().to_string(),
            origin_id: None,
            game: profile.id.clone(),
            game_name: profile.name.clone(),
            outcome,
            started_at: clock.started_at.unwrap_or(session.created_at()),
            ended_at: end,
            duration_ms: clock.game_total(end).num_milliseconds(),
            paused_ms: clock.paused_millis,
            start_player: session.setup().parent,
            parts: profile.sheet.parts.iter().map(|p| p.id.clone()).collect(),
            players,
            objectives: Vec::new(),
            ending: state.input.ending.clone(),
            lowest_wins: matches!(profile.sheet.winner, WinnerRule::Lowest { .. }),
            notes: String::new(),
            logged: false,
        }
    }
}

impl HistoryEntry {
    /// Summarises a session that ends at `ended_at`.
    pub fn from_session(
        session: &Session,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> HistoryEntry {
        let state = session.state();
        let sheet = session.sheet();
        let clock = &state.clock;
        let end = clock.ended_at.unwrap_or(ended_at);
        let players = session
            .players()
            .iter()
            .enumerate()
            .map(|(seat, player)| {
                let column = &sheet.players[seat];
                let (time_ms, turns) = player_time(clock, seat, end);
                EntryPlayer {
                    name: player.name.trim().to_string(),
                    colour: player.colour,
                    scores: column.parts.clone(),
                    total: column.total,
                    rank: column.rank,
                    winner: column.winner,
                    time_ms,
                    turns,
                    side: None,
                }
            })
            .collect();
        let objectives = state
            .round_ends
            .iter()
            .enumerate()
            .filter_map(|(i, report)| {
                report.objective.as_ref().map(|o| EntryObjective {
                    round: i as u32 + 1,
                    label: state.objective_labels[i].clone(),
                    results: o.results.clone(),
                    points: o.points.clone(),
                })
            })
            .collect();
        HistoryEntry {
            id: session.id().to_string(),
            origin_id: None,
            game: session.profile().game.id.clone(),
            game_name: session.profile().game.name.clone(),
            outcome,
            started_at: clock.started_at.unwrap_or(session.created_at()),
            ended_at: end,
            duration_ms: clock.game_total(end).num_milliseconds(),
            paused_ms: clock.paused_millis,
            start_player: session.setup().parent,
            parts: sheet.parts.clone(),
            players,
            objectives,
            ending: None,
            lowest_wins: false,
            notes: String::new(),
            logged: false,
        }
    }

    /// Names of the winners.
    pub fn winners(&self) -> Vec<&str> {
        self.players
            .iter()
            .filter(|p| p.winner)
            .map(|p| p.name.as_str())
            .collect()
    }
}

/// Session ids are 16 lowercase hex digits; anything else in a file is refused (ids become
/// file names, so this is what keeps a path out of them).
pub fn is_valid_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
