//! Statistics over the history: per player, head to head, durations, plays per month; with
//! filters by game, player and date range. One pass over the entries, linear in their number.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Utc};
use serde::Serialize;

use crate::store::entry::{HistoryEntry, Outcome};

/// Which entries count.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// A profile id.
    pub game: Option<String>,
    /// A player name (case-insensitive).
    pub player: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// Include abandoned sessions (statistics count finished games only by default).
    pub include_abandoned: bool,
}

/// The key a player's name is counted under: trimmed and case-folded, so "aki" and "Aki " agree.
pub fn player_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Filter {
    pub fn matches(&self, entry: &HistoryEntry) -> bool {
        (self.include_abandoned || entry.outcome == Outcome::Finished)
            && self.game.as_ref().is_none_or(|g| &entry.game == g)
            && self.player.as_ref().is_none_or(|p| {
                let wanted = player_key(p);
                entry.players.iter().any(|q| player_key(&q.name) == wanted)
            })
            && self.from.is_none_or(|from| entry.started_at >= from)
            && self.to.is_none_or(|to| entry.started_at <= to)
    }
}

/// One player's record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerStats {
    pub name: String,
    pub plays: u32,
    pub wins: u32,
    pub win_rate: f64,
    pub average_total: f64,
    pub best_total: u32,
    pub worst_total: u32,
    /// Average per score part id.
    pub average_parts: BTreeMap<String, f64>,
    pub average_turn_ms: f64,
    /// This player's share of all turn time in the games they played (0..1).
    pub time_share: f64,
}

/// How two players fared when they played together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeadToHead {
    pub player: String,
    pub opponent: String,
    pub games: u32,
    /// Games where `player` ranked above `opponent`.
    pub wins: u32,
    pub losses: u32,
    pub ties: u32,
}

/// Everything the statistics screen and `history stats` show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    pub sessions: u32,
    pub players: Vec<PlayerStats>,
    pub head_to_head: Vec<HeadToHead>,
    pub average_game_ms: f64,
    pub average_turn_ms: f64,
    /// ("YYYY-MM", plays), oldest first.
    pub plays_per_month: Vec<(String, u32)>,
}

#[derive(Default)]
struct Tally {
    name: String,
    plays: u32,
    wins: u32,
    total_sum: u64,
    best: u32,
    worst: u32,
    parts: BTreeMap<String, (u64, u32)>,
    time_ms: i64,
    turns: u64,
    table_time_ms: i64,
}

/// Computes the statistics of the entries the filter lets through.
pub fn compute<'a>(entries: impl IntoIterator<Item = &'a HistoryEntry>, filter: &Filter) -> Stats {
    let mut tallies: HashMap<String, Tally> = HashMap::new();
    let mut pairs: HashMap<(String, String), (u32, u32, u32, u32)> = HashMap::new();
    let mut months: BTreeMap<String, u32> = BTreeMap::new();
    let (mut sessions, mut game_ms, mut all_turn_ms, mut all_turns) = (0u32, 0i64, 0i64, 0u64);

    for entry in entries.into_iter().filter(|e| filter.matches(e)) {
        sessions += 1;
        game_ms += entry.duration_ms;
        let date = entry.started_at;
        *months
            .entry(format!("{:04}-{:02}", date.year(), date.month()))
            .or_default() += 1;
        let table_time: i64 = entry.players.iter().map(|p| p.time_ms).sum();
        for player in &entry.players {
            all_turn_ms += player.time_ms;
            all_turns += u64::from(player.turns);
            let tally = tallies.entry(player_key(&player.name)).or_default();
            if tally.plays == 0 {
                tally.name = player.name.clone();
                tally.best = player.total;
                tally.worst = player.total;
            }
            tally.plays += 1;
            tally.wins += u32::from(player.winner);
            tally.total_sum += u64::from(player.total);
            tally.best = tally.best.max(player.total);
            tally.worst = tally.worst.min(player.total);
            for (part, &score) in entry.parts.iter().zip(&player.scores) {
                let slot = tally.parts.entry(part.clone()).or_default();
                slot.0 += u64::from(score);
                slot.1 += 1;
            }
            tally.time_ms += player.time_ms;
            tally.turns += u64::from(player.turns);
            tally.table_time_ms += table_time;
        }
        for a in &entry.players {
            for b in &entry.players {
                if std::ptr::eq(a, b) {
                    continue;
                }
                let slot = pairs
                    .entry((player_key(&a.name), player_key(&b.name)))
                    .or_default();
                slot.0 += 1;
                match a.rank.cmp(&b.rank) {
                    std::cmp::Ordering::Less => slot.1 += 1,
                    std::cmp::Ordering::Greater => slot.2 += 1,
                    std::cmp::Ordering::Equal => slot.3 += 1,
                }
            }
        }
    }

    let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
    let mut players: Vec<PlayerStats> = tallies
        .values()
        .map(|t| PlayerStats {
            name: t.name.clone(),
            plays: t.plays,
            wins: t.wins,
            win_rate: ratio(f64::from(t.wins), f64::from(t.plays)),
            average_total: ratio(t.total_sum as f64, f64::from(t.plays)),
            best_total: t.best,
            worst_total: t.worst,
            average_parts: t
                .parts
                .iter()
                .map(|(part, &(sum, n))| (part.clone(), ratio(sum as f64, f64::from(n))))
                .collect(),
            average_turn_ms: ratio(t.time_ms as f64, t.turns as f64),
            time_share: ratio(t.time_ms as f64, t.table_time_ms as f64),
        })
        .collect();
    players.sort_by(|a, b| b.plays.cmp(&a.plays).then_with(|| a.name.cmp(&b.name)));
    let display = |key: &String| tallies.get(key).map(|t| t.name.clone()).unwrap_or_default();
    let mut head_to_head: Vec<HeadToHead> = pairs
        .iter()
        .map(|((a, b), &(games, wins, losses, ties))| HeadToHead {
            player: display(a),
            opponent: display(b),
            games,
            wins,
            losses,
            ties,
        })
        .collect();
    head_to_head.sort_by(|x, y| (&x.player, &x.opponent).cmp(&(&y.player, &y.opponent)));
    Stats {
        sessions,
        players,
        head_to_head,
        average_game_ms: ratio(game_ms as f64, f64::from(sessions)),
        average_turn_ms: ratio(all_turn_ms as f64, all_turns as f64),
        plays_per_month: months.into_iter().collect(),
    }
}
