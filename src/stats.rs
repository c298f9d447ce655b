//! Statistics over the history: per player, head to head, durations, plays per month; with
//! filters by game, player and date range. One pass over the entries, linear in their number.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Utc};
use serde::Serialize;

use crate::scoring::Points;
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
    pub best_total: Points,
    pub worst_total: Points,
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
    /// Sums for averages only, so kept as floats: an exact sum of thousands of crafted fractions
    /// could outgrow any integer, and an average is shown rounded anyway.
    total_sum: f64,
    best: Points,
    worst: Points,
    /// (sum, count) per interned part id.
    parts: Vec<(f64, u32)>,
    time_ms: i64,
    turns: u64,
    table_time_ms: i64,
}

/// Gives each distinct string a small number, allocating only the first time it is seen.
#[derive(Default)]
struct Interner {
    ids: HashMap<String, usize>,
    names: Vec<String>,
}

impl Interner {
    fn id(&mut self, key: &str) -> usize {
        if let Some(&id) = self.ids.get(key) {
            return id;
        }
        let id = self.names.len();
        self.ids.insert(key.to_string(), id);
        self.names.push(key.to_string());
        id
    }
}

/// Computes the statistics of the entries the filter lets through.
///
/// One pass; players and parts are interned, so the per-game work allocates nothing once every
/// name has been seen (this is what keeps 100k games well under a second).
pub fn compute<'a>(entries: impl IntoIterator<Item = &'a HistoryEntry>, filter: &Filter) -> Stats {
    let mut players = Interner::default();
    let mut parts = Interner::default();
    let mut tallies: Vec<Tally> = Vec::new();
    let mut pairs: HashMap<(usize, usize), (u32, u32, u32, u32)> = HashMap::new();
    let mut months: BTreeMap<(i32, u32), u32> = BTreeMap::new();
    let (mut sessions, mut game_ms, mut all_turn_ms, mut all_turns) = (0u32, 0i64, 0i64, 0u64);
    // Games logged from paper count in everything but time.
    let mut timed_sessions = 0u32;
    let mut seats: Vec<usize> = Vec::new();
    let mut part_ids: Vec<usize> = Vec::new();
    let mut folded = String::new();

    for entry in entries.into_iter().filter(|e| filter.matches(e)) {
        sessions += 1;
        if !entry.logged {
            timed_sessions += 1;
            // Saturating: times come from files, and a crafted one must not wrap a total.
            game_ms = game_ms.saturating_add(entry.duration_ms);
        }
        *months
            .entry((entry.started_at.year(), entry.started_at.month()))
            .or_default() += 1;
        let table_time = entry
            .players
            .iter()
            .fold(0i64, |sum, p| sum.saturating_add(p.time_ms));
        part_ids.clear();
        part_ids.extend(entry.parts.iter().map(|p| parts.id(p)));
        seats.clear();
        for player in &entry.players {
            folded.clear();
            folded.extend(player.name.trim().chars().flat_map(char::to_lowercase));
            let id = players.id(&folded);
            seats.push(id);
            if id == tallies.len() {
                tallies.push(Tally {
                    name: player.name.clone(),
                    best: player.total,
                    worst: player.total,
                    ..Tally::default()
                });
            }
            let tally = &mut tallies[id];
            tally.plays += 1;
            tally.wins += u32::from(player.winner);
            tally.total_sum += player.total.to_f64();
            tally.best = tally.best.max(player.total);
            tally.worst = tally.worst.min(player.total);
            for (&part, &score) in part_ids.iter().zip(&player.scores) {
                if tally.parts.len() <= part {
                    tally.parts.resize(part + 1, (0.0, 0));
                }
                tally.parts[part].0 += score.to_f64();
                tally.parts[part].1 += 1;
            }
            all_turn_ms = all_turn_ms.saturating_add(player.time_ms);
            all_turns = all_turns.saturating_add(u64::from(player.turns));
            tally.time_ms = tally.time_ms.saturating_add(player.time_ms);
            tally.turns = tally.turns.saturating_add(u64::from(player.turns));
            tally.table_time_ms = tally.table_time_ms.saturating_add(table_time);
        }
        for (i, a) in entry.players.iter().enumerate() {
            for (j, b) in entry.players.iter().enumerate() {
                if i == j {
                    continue;
                }
                let slot = pairs.entry((seats[i], seats[j])).or_default();
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
        .iter()
        .map(|t| PlayerStats {
            name: t.name.clone(),
            plays: t.plays,
            wins: t.wins,
            win_rate: ratio(f64::from(t.wins), f64::from(t.plays)),
            average_total: ratio(t.total_sum, f64::from(t.plays)),
            best_total: t.best,
            worst_total: t.worst,
            average_parts: t
                .parts
                .iter()
                .enumerate()
                .filter(|(_, (_, n))| *n > 0)
                .map(|(part, &(sum, n))| (parts.names[part].clone(), ratio(sum, f64::from(n))))
                .collect(),
            average_turn_ms: ratio(t.time_ms as f64, t.turns as f64),
            time_share: ratio(t.time_ms as f64, t.table_time_ms as f64),
        })
        .collect();
    players.sort_by(|a, b| b.plays.cmp(&a.plays).then_with(|| a.name.cmp(&b.name)));
    let mut head_to_head: Vec<HeadToHead> = pairs
        .iter()
        .map(|(&(a, b), &(games, wins, losses, ties))| HeadToHead {
            player: tallies[a].name.clone(),
            opponent: tallies[b].name.clone(),
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
        average_game_ms: ratio(game_ms as f64, f64::from(timed_sessions)),
        average_turn_ms: ratio(all_turn_ms as f64, all_turns as f64),
        plays_per_month: months
            .into_iter()
            .map(|((year, month), plays)| (format!("{year:04}-{month:02}"), plays))
            .collect(),
    }
}

/// A player's total in each game the filter lets through, oldest first (a chart's points).
pub fn totals_over_time<'a>(
    entries: impl IntoIterator<Item = &'a HistoryEntry>,
    filter: &Filter,
    player: &str,
) -> Vec<(DateTime<Utc>, Points)> {
    let wanted = player_key(player);
    let mut points: Vec<(DateTime<Utc>, Points)> = entries
        .into_iter()
        .filter(|e| filter.matches(e))
        .filter_map(|e| {
            e.players
                .iter()
                .find(|p| player_key(&p.name) == wanted)
                .map(|p| (e.started_at, p.total))
        })
        .collect();
    points.sort_by_key(|(at, _)| *at);
    points
}
