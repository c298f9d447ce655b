//! What the venue's screen is shown of the room when `serve` keeps several tables: each
//! table's game, round, whose turn and for how long, its state, and tonight's standings, as the
//! JSON the venue page draws. The venue's server (`crate::phones::VenueServer`) streams it.

use serde_json::{Value, json};

use super::{Qr, Tonight};
use crate::i18n::numbers::{Sign, decimal};
use crate::i18n::{Locale, Text};
use crate::vocabulary::Name;

/// Where a table is, as the venue screen names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableState {
    /// No game and no one setting one up.
    Free,
    /// A game being set up: phones joining.
    Lobby,
    Playing,
    RoundEnd,
    /// The game is over; the players fill the score sheet.
    Sheet,
    /// The last game was saved (its winners shown) and no other has begun.
    Finished,
}

impl TableState {
    fn key(self) -> &'static str {
        match self {
            TableState::Free => "venue.free",
            TableState::Lobby => "venue.lobby",
            TableState::Playing => "venue.playing",
            TableState::RoundEnd => "venue.round_end",
            TableState::Sheet => "venue.sheet",
            TableState::Finished => "venue.finished",
        }
    }

    fn id(self) -> &'static str {
        match self {
            TableState::Free => "free",
            TableState::Lobby => "lobby",
            TableState::Playing => "playing",
            TableState::RoundEnd => "round_end",
            TableState::Sheet => "sheet",
            TableState::Finished => "finished",
        }
    }
}

/// One table as the venue screen shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct VenueTable {
    /// From 1, as the room numbers its tables.
    pub number: usize,
    /// The table's own address (where a phone joins it).
    pub address: Option<String>,
    pub state: TableState,
    pub game: Option<Name>,
    pub round: Option<u32>,
    /// The players, in seat order.
    pub players: Vec<String>,
    /// Whose turn it is.
    pub turn_of: Option<String>,
    /// How long that turn has run, and whether its clock runs on.
    pub turn_secs: i64,
    pub running: bool,
    /// The winners of the game just saved.
    pub winners: Vec<String>,
}

/// The whole room, as the venue screen shows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VenueNow {
    pub address: Option<String>,
    pub tables: Vec<VenueTable>,
    pub standings: Vec<Tonight>,
    /// Fewer rated games than this is provisional (the league's rule, said under the list).
    pub provisional_below: u32,
}

impl VenueNow {
    /// The same room but for the time on the running clocks: no news for the screens, whose
    /// page counts a running turn on by itself.
    pub fn same_but_the_time(&self, other: &VenueNow) -> bool {
        let timeless = |v: &VenueNow| {
            let mut v = v.clone();
            for table in v.tables.iter_mut().filter(|t| t.running) {
                table.turn_secs = 0;
            }
            v
        };
        timeless(self) == timeless(other)
    }

    /// What the page draws, in `l`: every word already in the screen's language.
    pub fn render(&self, l: Locale) -> Value {
        let tables: Vec<Value> = (self.tables.iter()).map(|t| table_json(t, l)).collect();
        let standings: Vec<Value> = (self.standings.iter())
            .map(|s| {
                let shown = decimal(l.tag(), s.shown, 1, Sign::Negative);
                let figure = Text::new("venue.rating").arg("rating", shown);
                let games = Text::new("venue.games").arg("games", s.games);
                json!({
                    "player": s.player,
                    "rating": figure.render(l),
                    "change": decimal(l.tag(), s.change, 1, Sign::Always),
                    "games": games.render(l),
                    "provisional": s.provisional.then(|| l.tr("venue.provisional")),
                })
            })
            .collect();
        json!({
            "lang": l.tag(),
            "title": l.tr("venue.title"),
            "scan": l.tr("venue.scan"),
            "standings_title": l.tr("venue.standings"),
            "no_games": l.tr("venue.no_games_tonight"),
            "provisional_note": Text::new("venue.provisional_note")
                .arg("below", self.provisional_below)
                .render(l),
            "open": l.tr("venue.open_table"),
            "address": self.address,
            "qr": self.address.as_deref().and_then(Qr::of).map(|q| q.to_json()),
            "tables": tables,
            "standings": standings,
        })
    }
}

fn table_json(t: &VenueTable, l: Locale) -> Value {
    let winners = (!t.winners.is_empty()).then(|| {
        let key = if t.winners.len() == 1 {
            "tv.winner"
        } else {
            "tv.winners"
        };
        Text::new(key).arg_list("winners", &t.winners).render(l)
    });
    json!({
        "number": t.number,
        "name": Text::new("venue.table").arg("table", t.number).render(l),
        "address": t.address,
        "state": t.state.id(),
        "state_words": l.tr(t.state.key()),
        "game": t.game.as_ref().map(|g| l.pick(g).to_string()),
        "round": t.round.map(|r| Text::new("venue.round").arg("round", r).render(l)),
        "players": t.players.join(" · "),
        "turn": t.turn_of.as_ref().map(|name| Text::new("venue.turn_of").arg("name", name).render(l)),
        "turn_secs": t.turn_secs,
        "running": t.running,
        "winners": winners,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(state: TableState, turn_secs: i64, running: bool) -> VenueTable {
        VenueTable {
            number: 1,
            address: None,
            state,
            game: None,
            round: Some(2),
            players: vec!["Aki".into()],
            turn_of: Some("Aki".into()),
            turn_secs,
            running,
            winners: Vec::new(),
        }
    }

    #[test]
    fn a_running_clock_alone_is_no_news_but_a_paused_one_or_a_new_state_is() {
        let room = |t| VenueNow {
            tables: vec![t],
            ..VenueNow::default()
        };
        let running = room(table(TableState::Playing, 10, true));
        assert!(running.same_but_the_time(&room(table(TableState::Playing, 11, true))));
        assert!(!running.same_but_the_time(&room(table(TableState::RoundEnd, 10, true))));
        let paused = room(table(TableState::Playing, 10, false));
        assert!(!paused.same_but_the_time(&room(table(TableState::Playing, 11, false))));
    }
}
