//! What the keeper adds to the table for the television ([`Television`]): the address a phone
//! opens and its QR code (made again only when the address changes), the game just saved with
//! its parts' names, and the evening so far from the history. The window and `serve` alike:
//! their phones follow the table through [`TableKeeper::phones_follow_the_table`].

use chrono::{DateTime, Utc};

use super::TableKeeper;
use crate::league::{League, RatedGame, Rater};
use crate::remote::{FinalSheet, Qr, TableState, Television, Tonight, VenueTable};
use crate::session::HistoryEntry;
use crate::session::Stage;
use crate::vocabulary::Name;

/// How long what the television shows of the machine and the history is kept before it is
/// looked up again: the table is published on every pass of `serve`'s loop (4 a second), and
/// neither the network address (a system call) nor the evening (a pass over the whole history)
/// is worth doing that often.
const LOOKED_UP_FOR: chrono::Duration = chrono::Duration::seconds(60);

/// The address last shown and its code, and the evening, as last looked up: made again when
/// the server's address or key changed, the history changed, or a minute passed.
#[derive(Debug, Default)]
pub(super) struct Shown {
    address: Option<(String, Option<Qr>)>,
    evening: Vec<crate::session::summary::HistoryEntry>,
    /// When, for which server (its port and path) and for which version of the history.
    looked_up: Option<(DateTime<Utc>, Option<Server>, u64)>,
}

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
        let recent = (self.at).is_some_and(|at| at <= now && now - at < LOOKED_UP_FOR);
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
        league: &mut super::data::KeptLeague,
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

/// The phones' server as the address depends on it: its port and its key.
type Server = (u16, String);

impl TableKeeper {
    /// What the television is shown now, besides the table.
    pub(super) fn television(&mut self, now: DateTime<Utc>) -> Television {
        let server = (self.phones_link().map(|s| s.address().port())).zip(self.phones_key());
        let games = (self.data.history()).map_or(0, |h| h.version());
        let fresh = (self.television.looked_up.as_ref()).is_some_and(|(at, was, count)| {
            *was == server && *count == games && *at <= now && now - *at < LOOKED_UP_FOR
        });
        if !fresh {
            let address = self.phones_url();
            let shown = &mut self.television.address;
            if shown.as_ref().map(|(url, _)| url) != address.as_ref() {
                *shown = address.map(|url| {
                    let qr = Qr::of(&url);
                    (url, qr)
                });
            }
            self.television.evening = (self.data.history())
                .map(|history| Television::evening_of(history.entries(), now))
                .unwrap_or_default();
            self.television.looked_up = Some((now, server, games));
        }
        let (address, qr) = self.television.address.clone().unzip();
        let last = (self.last_saved()).map(|entry| FinalSheet {
            parts: self.part_names(&entry.game),
            ratings: self.seat_ratings(entry),
            entry: entry.clone(),
        });
        let evening = self.television.evening.clone();
        Television {
            address,
            qr: qr.flatten(),
            last,
            evening,
        }
    }

    /// Each seat's rating after the game `entry` with its change ("3.4 (+3.4)"), in seat order.
    fn seat_ratings(&self, entry: &crate::session::summary::HistoryEntry) -> Vec<Option<String>> {
        let key = crate::stats::player_key;
        (entry.players.iter())
            .map(|player| {
                let change =
                    (self.last_ratings().iter()).find(|c| key(&c.player) == key(&player.name))?;
                let signed = crate::league::signed(change.after - change.before);
                Some(format!(
                    "{} ({signed})",
                    crate::league::figure(change.after)
                ))
            })
            .collect()
    }

    /// The names of the sheet's parts of the game `id`, as the table knows it now (its profile;
    /// TERRAVIST's as the settings keep it).
    fn part_names(&self, id: &str) -> Vec<(String, Name)> {
        let terravist = &self.settings.terravist().game;
        let profile = std::iter::once(terravist)
            .chain(self.games.iter())
            .find(|game| game.id == id);
        (profile.iter())
            .flat_map(|game| game.sheet.parts.iter())
            .map(|part| (part.id.clone(), part.name.clone()))
            .collect()
    }
}

impl TableKeeper {
    /// This table as the venue's screen shows it, as table `number` of the room: its state,
    /// game, round, whose turn and for how long, or the winners of the game just saved. The
    /// address is the one the television was last shown (looked up with it, not again).
    pub fn at_the_venue(&self, number: usize, now: DateTime<Utc>) -> VenueTable {
        let address = (self.television.address.as_ref()).map(|(url, _)| url.clone());
        let mut table = VenueTable {
            number,
            address,
            state: TableState::Free,
            game: None,
            round: None,
            players: Vec::new(),
            turn_of: None,
            turn_secs: 0,
            running: false,
            winners: Vec::new(),
        };
        if let Some(game) = self.game() {
            let glance = game.glance(now);
            table.game = Some(game.name().clone());
            table.players = glance.players.iter().map(|p| p.name.clone()).collect();
            (table.state, table.round) = match glance.stage {
                Stage::NotStarted => (TableState::Playing, None),
                Stage::Playing { round, .. } => (TableState::Playing, Some(round)),
                Stage::RoundEnd { round } => (TableState::RoundEnd, Some(round)),
                Stage::Over => (TableState::Sheet, None),
            };
            if table.state != TableState::Sheet {
                let current = glance.current.and_then(|seat| glance.players.get(seat));
                table.turn_of = current.map(|p| p.name.clone());
                table.turn_secs = glance.clock.num_seconds();
                table.running = !glance.paused;
            }
        } else if let Some(setup) = &self.setup {
            table.state = TableState::Lobby;
            let game = match &setup.game {
                Some(game) => &game.name,
                None => &setup.profile.game.name,
            };
            table.game = Some(game.clone());
            table.players = (setup.players.iter())
                .map(|p| p.name.trim().to_string())
                .filter(|name| !name.is_empty())
                .collect();
        } else if let Some(saved) = &self.saved {
            table.state = TableState::Finished;
            table.game = Some(saved.game_name.clone());
            table.players = saved.players.iter().map(|p| p.name.clone()).collect();
            table.winners = saved.winners().iter().map(|w| w.to_string()).collect();
        }
        table
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
                shown: crate::league::figure(standing.shown),
                change: crate::league::signed(change),
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
