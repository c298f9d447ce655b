//! Tonight's standings: the players of the evening's games with their league figure and what
//! tonight changed it by, as every phone between games and the venue's screen show them. Made
//! from the league kept with the history, and kept with it in [`super::Data`], so a room's
//! tables and its venue read one.

use chrono::{DateTime, Utc};

use crate::league::{League, RatedGame, Rater};
use crate::remote::{Television, Tonight};
use crate::session::HistoryEntry;

/// How long tonight's standings stand with no change to the history: a minute, as the
/// television's evening (the evening is the last hours, so games leave it as time passes).
const MADE_FOR: chrono::Duration = chrono::Duration::seconds(60);

/// Tonight's standings as last made: for the history's version and the time they were made
/// at. Made again when the history changes, or a minute later (the evening is the last hours,
/// so a game leaves it as time passes with no change to the history).
#[derive(Debug, Default)]
pub struct MadeTonight {
    version: u64,
    at: Option<DateTime<Utc>>,
    pub standings: Vec<Tonight>,
}

impl MadeTonight {
    /// Still right for the history at `version`, at `now`.
    pub fn fresh(&self, version: u64, now: DateTime<Utc>) -> bool {
        let recent = (self.at).is_some_and(|at| at <= now && now - at < MADE_FOR);
        self.version == version && recent
    }

    /// Brought up to the history in `data` as it is now: after a Finish, another table's or
    /// another device's game, or a start in the middle of an evening (whose phones had none
    /// until the next game). The league kept with the history is used when it is of this
    /// history; otherwise the history is rated once, here, and the league kept for the next
    /// Finish to continue. An evening with no game yet rates nothing.
    pub fn catch_up(
        &mut self,
        history: &crate::store::history::History,
        league: &mut Option<(u64, Rater)>,
        now: DateTime<Utc>,
    ) {
        let (entries, version) = (history.entries(), history.version());
        if self.fresh(version, now) {
            return;
        }
        if Television::evening_of(entries, now).is_empty() {
            self.set(version, now, Vec::new());
            return;
        }
        let rater = match league.take() {
            Some((rated, rater)) if rated == version => rater,
            _ => Rater::of(entries.iter().filter_map(RatedGame::of).collect()),
        };
        self.set(version, now, tonight_in(&rater.league(), entries, now));
        *league = Some((version, rater));
    }

    pub fn set(&mut self, version: u64, now: DateTime<Utc>, standings: Vec<Tonight>) {
        *self = MadeTonight {
            version,
            at: Some(now),
            standings,
        };
    }
}

/// Tonight's standings: the players of the evening's games (see [`Television::evening_of`]),
/// each with the figure of `league` (rated over `entries`) and what tonight's games changed it by.
pub fn tonight_in(league: &League, entries: &[HistoryEntry], now: DateTime<Utc>) -> Vec<Tonight> {
    let evening = Television::evening_of(entries, now);
    let key = crate::stats::player_key;
    let mut change: std::collections::HashMap<String, f64> = Default::default();
    for entry in &evening {
        for c in league.changes_in(&entry.id) {
            *change.entry(key(&c.player)).or_default() += c.after - c.before;
        }
    }
    (league.standings.iter())
        .filter_map(|standing| {
            let change = *change.get(&key(&standing.player))?;
            Some(Tonight {
                player: standing.player.clone(),
                shown: standing.shown,
                change,
                games: standing.games,
                provisional: standing.provisional,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tonight's standings are made again when the history changes, and a minute later with
    /// no change: the evening is the last hours, so last night's games leave it as time passes.
    #[test]
    fn tonight_s_standings_go_stale_with_the_history_or_the_clock() {
        let at = |s: i64| DateTime::<Utc>::from_timestamp(1_790_000_000 + s, 0).unwrap();
        let mut made = MadeTonight::default();
        assert!(!made.fresh(0, at(0)), "never made");
        made.set(7, at(0), Vec::new());
        assert!(made.fresh(7, at(0)));
        assert!(made.fresh(7, at(59)));
        assert!(!made.fresh(7, at(60)), "a minute later");
        assert!(!made.fresh(8, at(1)), "the history changed");
        assert!(!made.fresh(7, at(-1)), "the clock went back");
    }
}
