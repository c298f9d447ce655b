//! Statistics over the history: per player, head to head, durations, plays per month; with
//! filters by game, player and date range. One pass over the entries, linear in their number.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Utc};
use serde::Serialize;

use crate::i18n::Text;
use crate::scoring::Points;
use crate::session::summary::{EntryPlayer, HistoryEntry, Outcome};

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

impl HeadToHead {
    /// The line the window's player page and `history stats` both show for this pair.
    pub fn text(&self) -> Text {
        Text::new("stats.head_to_head")
            .arg("player", &self.player)
            .arg("opponent", &self.opponent)
            .arg("wins", self.wins)
            .arg("losses", self.losses)
            .arg("ties", self.ties)
    }
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
    let mut tallies = Tallies::default();
    for entry in entries.into_iter().filter(|e| filter.matches(e)) {
        tallies.add(entry);
    }
    tallies.finish()
}

/// Head to head, per (player, opponent) ids: games together, and the player's wins, losses
/// and ties against the opponent.
type Pairs = HashMap<(usize, usize), (u32, u32, u32, u32)>;

/// The sums the statistics are worked out from, game by game: [`compute`] over games in
/// memory, or fed a game at a time as the command line reads them from the history's logs.
#[derive(Default)]
pub struct Tallies {
    players: Interner,
    parts: Interner,
    /// By interned player id.
    tallies: Vec<Tally>,
    pairs: Pairs,
    months: BTreeMap<(i32, u32), u32>,
    sessions: u32,
    /// Games logged from paper count in everything but time.
    timed_sessions: u32,
    game_ms: i64,
    all_turn_ms: i64,
    all_turns: u64,
    /// Scratch, kept between games so a game allocates nothing: its players' ids and its
    /// parts' ids, and a name folded to lower case.
    seats: Vec<usize>,
    part_ids: Vec<usize>,
    folded: String,
}

impl Tallies {
    pub fn add(&mut self, entry: &HistoryEntry) {
        self.sessions += 1;
        if !entry.logged {
            self.timed_sessions += 1;
            // Saturating: times come from files, and a crafted one must not wrap a total.
            self.game_ms = self.game_ms.saturating_add(entry.duration_ms.max(0));
        }
        *(self.months)
            .entry((entry.started_at.year(), entry.started_at.month()))
            .or_default() += 1;
        let table_time =
            (entry.players.iter()).fold(0i64, |sum, p| sum.saturating_add(p.time_ms.max(0)));
        self.part_ids.clear();
        let parts = &mut self.parts;
        self.part_ids
            .extend(entry.parts.iter().map(|p| parts.id(p)));
        self.seats.clear();
        for player in &entry.players {
            self.folded.clear();
            (self.folded).extend(player.name.trim().chars().flat_map(char::to_lowercase));
            let id = self.players.id(&self.folded);
            self.seats.push(id);
            if id == self.tallies.len() {
                self.tallies.push(Tally {
                    name: player.name.clone(),
                    best: player.total,
                    worst: player.total,
                    ..Tally::default()
                });
            }
            self.tallies[id].add(player, &self.part_ids, table_time);
            self.all_turn_ms = self.all_turn_ms.saturating_add(player.time_ms.max(0));
            self.all_turns = self.all_turns.saturating_add(u64::from(player.turns));
        }
        for (i, a) in entry.players.iter().enumerate() {
            for (j, b) in entry.players.iter().enumerate() {
                if i == j {
                    continue;
                }
                let slot = self
                    .pairs
                    .entry((self.seats[i], self.seats[j]))
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

    pub fn finish(self) -> Stats {
        let mut players: Vec<PlayerStats> = (self.tallies.iter())
            .map(|t| t.stats(&self.parts))
            .collect();
        players.sort_by(|a, b| b.plays.cmp(&a.plays).then_with(|| a.name.cmp(&b.name)));
        let mut head_to_head: Vec<HeadToHead> = (self.pairs.iter())
            .map(|(&(a, b), &(games, wins, losses, ties))| HeadToHead {
                player: self.tallies[a].name.clone(),
                opponent: self.tallies[b].name.clone(),
                games,
                wins,
                losses,
                ties,
            })
            .collect();
        head_to_head.sort_by(|x, y| (&x.player, &x.opponent).cmp(&(&y.player, &y.opponent)));
        Stats {
            sessions: self.sessions,
            players,
            head_to_head,
            average_game_ms: ratio(self.game_ms as f64, f64::from(self.timed_sessions)),
            average_turn_ms: ratio(self.all_turn_ms as f64, self.all_turns as f64),
            plays_per_month: (self.months.into_iter())
                .map(|((year, month), plays)| (format!("{year:04}-{month:02}"), plays))
                .collect(),
        }
    }
}

impl Tally {
    /// One game of this player's; `part_ids` are the game's parts, interned, in its order.
    fn add(&mut self, player: &EntryPlayer, part_ids: &[usize], table_time: i64) {
        self.plays += 1;
        self.wins += u32::from(player.winner);
        self.total_sum += player.total.to_f64();
        self.best = self.best.max(player.total);
        self.worst = self.worst.min(player.total);
        for (&part, &score) in part_ids.iter().zip(&player.scores) {
            if self.parts.len() <= part {
                self.parts.resize(part + 1, (0.0, 0));
            }
            self.parts[part].0 += score.to_f64();
            self.parts[part].1 += 1;
        }
        self.time_ms = self.time_ms.saturating_add(player.time_ms.max(0));
        self.turns = self.turns.saturating_add(u64::from(player.turns));
        self.table_time_ms = self.table_time_ms.saturating_add(table_time.max(0));
    }

    fn stats(&self, parts: &Interner) -> PlayerStats {
        PlayerStats {
            name: self.name.clone(),
            plays: self.plays,
            wins: self.wins,
            win_rate: ratio(f64::from(self.wins), f64::from(self.plays)),
            average_total: ratio(self.total_sum, f64::from(self.plays)),
            best_total: self.best,
            worst_total: self.worst,
            average_parts: (self.parts.iter().enumerate())
                .filter(|(_, (_, n))| *n > 0)
                .map(|(part, &(sum, n))| (parts.names[part].clone(), ratio(sum, f64::from(n))))
                .collect(),
            average_turn_ms: ratio(self.time_ms as f64, self.turns as f64),
            time_share: ratio(self.time_ms as f64, self.table_time_ms as f64),
        }
    }
}

/// `a / b`, and 0 when there is nothing to divide by.
fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { 0.0 }
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
