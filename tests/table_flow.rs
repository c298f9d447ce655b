//! How many taps a whole game costs: a 4-player TERRAVIST game played the shortest way a
//! table would, through the interface, counting every click, key and typed field (Space for
//! the next player is counted apart: it is the game itself, not bookkeeping). The target is
//! 60; BENCHMARKS.md keeps the breakdown.

mod common;

use common::ui::Ui;
use iced::keyboard::key::Named;
use tablekeeper::i18n::Locale;

/// The interactions, by kind.
#[derive(Debug, Default)]
struct Tally {
    clicks: usize,
    keys: usize,
    typed: usize,
    next: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.clicks + self.keys + self.typed
    }
}

/// The interface, counting.
struct Table {
    ui: Ui,
    tally: Tally,
}

impl Table {
    fn click(&mut self, label: &str) {
        self.tally.clicks += 1;
        self.ui.click(label);
    }

    /// A field tapped and typed into: one interaction.
    fn type_into(&mut self, id: &str, text: &str) {
        self.tally.typed += 1;
        self.ui.type_into(id, text);
    }

    fn type_and_enter(&mut self, id: &str, text: &str) {
        self.tally.typed += 1;
        self.tally.keys += 1;
        self.ui.type_and_enter(id, text);
    }

    fn space(&mut self, times: usize) {
        for _ in 0..times {
            self.tally.next += 1;
            self.ui.key(Named::Space);
        }
    }
}

#[test]
fn a_whole_four_player_game_costs_at_most_sixty_interactions() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Table {
        ui: Ui::new(dir.path(), Locale::En),
        tally: Tally::default(),
    };
    // Setup: four names, the first habitat the tray shows, start (turns 6 / 5 / 4).
    t.click("New game");
    t.type_into("setup-name-0", "Aki");
    t.type_into("setup-name-1", "Ben");
    t.click("Add a player");
    t.type_into("setup-name-2", "Chie");
    t.click("Add a player");
    t.type_into("setup-name-3", "Dai");
    t.click("Forest");
    t.click("Start the game");
    let setup = t.tally.total();
    assert_eq!(t.ui.app.screen_name(), "table");

    // Three rounds: every player-turn is a Space; each round end records the objective
    // (one result left empty is its 0, Enter in the last field places the markers), then
    // returns the eggs, flips the environment and passes the parent (not after round 3).
    let results = [["3", "2", "1"], ["1", "", "4"], ["2", "2", ""]];
    for (round, turns) in [6, 5, 4].into_iter().enumerate() {
        t.space(turns * 4);
        assert_eq!(t.ui.app.screen_name(), "round_end", "round {}", round + 1);
        let [a, b, c] = results[round];
        for (seat, result) in [a, b].into_iter().enumerate() {
            if !result.is_empty() {
                t.type_into(&format!("result-{seat}"), result);
            }
        }
        if c.is_empty() {
            t.type_and_enter("result-3", "1");
        } else {
            t.type_into("result-2", c);
            t.type_and_enter("result-3", "0");
        }
        if round < 2 {
            t.click("Return the eggs");
            t.click("Flip");
            t.click("Pass the parent marker");
        }
    }
    let round_ends = t.tally.total() - setup;
    assert_eq!(t.ui.app.screen_name(), "sheet");

    // The sheet, typed from the cards on the table: creature Smiles, position cards,
    // development bonuses, eggs, tucked cards (the objectives are filled from the round ends).
    for seat in 0..4 {
        for part in [0, 1, 3, 4, 5] {
            t.type_into(&format!("cell-{seat}-{part}"), &format!("{}", seat + part));
        }
    }
    let totals: Vec<String> =
        t.ui.app
            .session()
            .unwrap()
            .sheet()
            .players
            .iter()
            .map(|p| p.total.to_string())
            .collect();
    t.ui.finish();
    t.tally.clicks += 2;
    assert_eq!(t.ui.app.screen_name(), "home");
    let entry = &t.ui.app.history().unwrap().entries()[0];
    let saved: Vec<String> = entry.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(saved, totals, "the history holds the sheet as typed");
    let sheet = t.tally.total() - setup - round_ends;

    eprintln!(
        "interactions: {} (setup {setup}, round ends {round_ends}, sheet {sheet}; \
         clicks {}, keys {}, typed fields {}) + {} Space for the next player",
        t.tally.total(),
        t.tally.clicks,
        t.tally.keys,
        t.tally.typed,
        t.tally.next
    );
    assert!(t.tally.total() <= 60, "{:?}", t.tally);
}
