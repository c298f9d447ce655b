//! What the keeper adds to the table for the television ([`Television`]): the address a phone
//! opens and its QR code (made again only when the address changes), the game just saved with
//! its parts' names, and the evening so far from the history. The window and `serve` alike:
//! their phones follow the table through [`TableKeeper::phones_follow_the_table`].

use chrono::{DateTime, Utc};

use super::TableKeeper;
use crate::remote::{FinalSheet, Qr, TableState, Television, VenueTable};
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
    fn seat_ratings(
        &self,
        entry: &crate::session::summary::HistoryEntry,
    ) -> Vec<Option<crate::i18n::Text>> {
        let key = crate::stats::player_key;
        (entry.players.iter())
            .map(|player| {
                let change =
                    (self.last_ratings().iter()).find(|c| key(&c.player) == key(&player.name))?;
                Some(change.after_text())
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
