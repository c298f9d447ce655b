//! A session summarized as its [`HistoryEntry`], the same way for every engine: what the
//! history list, statistics and exports need of it once it leaves the table.

use chrono::{DateTime, Utc};

use super::summary::{EntryOpponent, EntryPlayer, HistoryEntry, Outcome};
use super::{GameSession, Rules};
use crate::kit::clock::{Activity, Clock};
use crate::kit::timer;
use crate::scoring::{Points, WinnerRule};
use crate::vocabulary::Player;

/// Summarises a session that ends at `ended_at` (the clock's own end when it has one). A game
/// whose sheet cannot be scored yet (abandoned before its ending) keeps its players, with no
/// points and no winner.
pub fn summarize<R: Rules>(
    session: &GameSession<R>,
    outcome: Outcome,
    ended_at: DateTime<Utc>,
) -> HistoryEntry {
    let profile = session.profile();
    let game = R::game(profile);
    let state = session.state();
    let clock = R::clock(state);
    let end = clock.ended_at.unwrap_or(ended_at);
    let sheet = R::sheet(profile, state, session.players()).ok();
    let sides = R::sides(state);
    let standings = timer::standings(&session.setup().clock, clock, session.players().len(), end);
    let players = session
        .players()
        .iter()
        .enumerate()
        .map(|(seat, Player { name, colour })| {
            let (time_ms, turns) = player_time(clock, seat, end);
            let line = sheet.as_ref().map(|s| &s.players[seat]);
            EntryPlayer {
                name: name.trim().to_string(),
                colour: *colour,
                scores: line
                    .map(|l| l.parts.clone())
                    .unwrap_or_else(|| vec![Points::ZERO; game.sheet.parts.len()]),
                total: line.map(|l| l.total).unwrap_or(Points::ZERO),
                rank: line.map(|l| l.rank).unwrap_or(1),
                // An abandoned game has no winner (its sheet stood somewhere, no more).
                winner: outcome == Outcome::Finished && line.is_some_and(|l| l.winner),
                time_ms,
                turns,
                side: sides.get(seat).cloned(),
                timeouts: standings.get(seat).map_or(0, |s| s.timeouts),
                over_ms: standings.get(seat).map_or(0, |s| s.over.num_milliseconds()),
            }
        })
        .collect();
    HistoryEntry {
        id: session.id().to_string(),
        origin_id: None,
        game: game.id.clone(),
        game_name: game.name.clone(),
        outcome,
        started_at: clock.started_at.unwrap_or(session.created_at()),
        ended_at: end,
        duration_ms: clock.game_total(end).num_milliseconds(),
        paused_ms: clock.paused_millis,
        table_ms: clock.table_total(end).num_milliseconds(),
        start_player: session.setup().parent,
        parts: game.sheet.parts.iter().map(|p| p.id.clone()).collect(),
        players,
        objectives: R::round_objectives(state),
        ending: R::ending(state),
        lowest_wins: matches!(game.sheet.winner, WinnerRule::Lowest { .. }),
        notes: String::new(),
        logged: false,
        opponent: (sheet.as_ref())
            .and_then(|s| s.opponent.as_ref())
            .map(|o| EntryOpponent {
                name: o.name.clone(),
                scores: o.parts.clone(),
                total: o.total,
                winner: outcome == Outcome::Finished && o.winner,
            }),
    }
}

/// Each player's time and number of turns from a clock.
fn player_time(clock: &Clock, seat: usize, end: DateTime<Utc>) -> (i64, u32) {
    let turns = clock
        .player_turns(end)
        .iter()
        .filter(|(a, _)| matches!(a, Activity::PlayerTurn { player, .. } if *player == seat))
        .count() as u32;
    // Their turns only: a phase played at once is no turn of theirs (the detail shows it).
    (clock.turns_total(seat, end).num_milliseconds(), turns)
}
