//! Every screen at the sizes a table has (a small tablet 800×600, a netbook 1024×600, a laptop
//! 1280×800), in English and Japanese: each screen's own action is whole on it (not cut, not
//! under a notice), and its picture is written to `target/tmp/tour/` for a person to look at.
//! Labels are the translation layer's own, so the same walk serves both languages.

mod common;

use std::path::{Path, PathBuf};

use common::copy_dir;
use common::ui::Ui;
use tablekeeper::i18n::{Locale, Text};

const SIZES: [(f32, f32); 3] = [(800.0, 600.0), (1024.0, 600.0), (1280.0, 800.0)];

/// Where the pictures go: one folder for every run, emptied by the first test to start.
fn tour_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tour");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Tour {
    ui: Ui,
    locale: Locale,
    size: (f32, f32),
    _dir: tempfile::TempDir,
}

impl Tour {
    /// The app on a copy of a data directory an earlier version wrote (a game left on the
    /// table, two finished games in the history).
    fn new(locale: Locale, size: (f32, f32)) -> Tour {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(Path::new("tests/data/datadir-v1"), dir.path());
        let mut ui = Ui::new(dir.path(), locale);
        ui.resize(size);
        Tour {
            ui,
            locale,
            size,
            _dir: dir,
        }
    }

    fn label(&self, key: &'static str) -> String {
        Text::new(key).render(self.locale)
    }

    fn click(&mut self, key: &'static str) {
        let label = self.label(key);
        self.ui.click(&label);
    }

    /// The screen's picture, then a check that each of `whole` (translation keys) is shown
    /// whole: the action a person came to this screen for.
    fn shot(&mut self, name: &str, whole: &[&'static str]) {
        let (w, h) = self.size;
        let lang = self.locale.tag();
        let file = tour_dir().join(format!("{lang}-{w}x{h}-{name}"));
        let _ = std::fs::remove_file(file.with_file_name(format!(
            "{}-tiny-skia.png",
            file.file_name().unwrap().to_string_lossy()
        )));
        let mut simulator =
            iced_test::Simulator::with_size(common::ui::settings(), self.size, self.ui.app.view());
        let snapshot = simulator
            .snapshot(&self.ui.app.theme())
            .expect("a snapshot renders");
        assert!(snapshot.matches_image(&file).unwrap());
        drop(simulator);
        for key in whole {
            let label = self.label(key);
            self.ui.assert_shows_whole(&label);
        }
    }

    /// A Tawny owl settled in the forest by the player whose turn it is (typed at a laptop's
    /// size, where the whole form is in view; the row is then looked at at the tour's).
    fn settle_a_creature(&mut self) {
        self.ui.resize((1280.0, 800.0));
        self.ui.type_into("card-name", "Waldkauz");
        self.ui.type_into("card-smiles", "4");
        self.ui.type_into("card-capacity", "3");
        self.ui.click_id("form-habitat-forest");
        let profile = tablekeeper::terravist::profile::Profile::shipped();
        let forest = self.locale.pick(&profile.habitat("forest").unwrap().name);
        let settle = Text::new("creatures.settle_in").arg("habitat", forest);
        self.ui.click(&settle.render(self.locale));
        self.ui.resize(self.size);
    }

    /// A game set up for `players`: TERRAVIST's first habitat chosen, or another game's id.
    fn start(&mut self, game: Option<&str>, players: &[&str]) {
        self.click("home.new_game");
        if let Some(game) = game {
            self.ui.click_id(&format!("setup-game-{game}"));
        }
        for (i, name) in players.iter().enumerate() {
            if !self.ui.shows_id(&format!("setup-name-{i}")) {
                self.ui.click_id("setup-add");
            }
            self.ui.replace_in(&format!("setup-name-{i}"), name);
        }
        self.shot(
            if game.is_some() {
                "setup-other"
            } else {
                "setup"
            },
            &["setup.start"],
        );
        if game == Some("leviath") {
            // Somebody plays the monster.
            self.ui.click_id("setup-side-1-monster");
        }
        if game.is_none() {
            // The first habitat is further down a small window's setup: a person scrolls.
            let forest = match self.locale.tag() {
                "ja" => "森林",
                "de" => "Wald",
                _ => "Forest",
            };
            self.ui.resize((1280.0, 800.0));
            self.ui.click(forest);
            self.ui.resize(self.size);
        }
        self.click("setup.start");
    }
}

/// The header's places, by their labels' keys: Next, then the tools in their order.
const PLACES: [&str; 10] = [
    "table.next",
    "table.pause",
    "table.table_time",
    "table.together",
    "table.undo",
    "table.redo",
    "table.sheet",
    "glance.enter",
    "phones.button",
    "table.home",
];

impl Tour {
    /// Where each of the header's places is drawn.
    fn places(&mut self) -> Vec<(&'static str, iced::Rectangle)> {
        PLACES
            .iter()
            .map(|&key| {
                let label = self.label(key);
                (key, self.ui.bounds_of(&label))
            })
            .collect()
    }
}

/// The header's places in reading order (line by line, left to right).
fn reading_order(places: &[(&'static str, iced::Rectangle)]) -> Vec<&'static str> {
    let mut places = places.to_vec();
    places.sort_by(|(_, a), (_, b)| {
        ((a.y / 8.0).round(), a.x)
            .partial_cmp(&((b.y / 8.0).round(), b.x))
            .unwrap()
    });
    places.into_iter().map(|(key, _)| key).collect()
}

/// The walk: home, setup, the table and its views, the sheet, the history's tabs and a game's
/// detail, logging a past game, settings, the games editor, another game's table and sheet.
fn walk(locale: Locale, size: (f32, f32)) {
    let mut tour = Tour::new(locale, size);
    tour.shot("home", &["home.new_game", "home.settings"]);

    tour.start(None, &["Aki", "Benjamin", "Chie", "Dai"]);
    // A creature on the first player's panel: its row's buttons are whole too (in German
    // "Stehlen" was cut and the discard × out of reach at 800×600).
    tour.settle_a_creature();
    tour.shot("table-creature", &["creatures.tuck"]);
    for id in [
        "egg-minus-0",
        "egg-plus-0",
        "tuck-0",
        "steal-0",
        "discard-0",
    ] {
        tour.ui.assert_id_whole(id);
    }
    tour.click("table.next");
    tour.shot("table", &["table.next", "table.sheet", "table.home"]);
    let terravist = tour.places();
    tour.click("glance.enter");
    tour.shot("table-view", &["glance.leave"]);
    tour.click("glance.leave");
    tour.click("phones.button");
    tour.shot("phones", &["phones.close"]);
    // On (listening on 127.0.0.1 only): the code, the address, New code and the network switch.
    tour.click("phones.switch");
    tour.shot("phones-on", &["phones.new_code", "phones.close"]);
    tour.click("phones.switch");
    tour.click("phones.close");
    tour.click("table.sheet");
    tour.shot("sheet", &["sheet.back"]);
    tour.click("sheet.back");
    // The round's end, its objective counted by everyone at once: four "… ready" buttons and
    // End the phase beside the results, and Place the markers still whole.
    for _ in 1..24 {
        tour.ui.key(iced::keyboard::key::Named::Space);
    }
    assert_eq!(tour.ui.app.screen_name(), "round_end");
    tour.shot(
        "round-end",
        &["round_end.confirm_objective", "table.together_end"],
    );
    tour.click("table.undo");
    tour.click("table.home");

    let games = tour.ui.app.history().map_or(0, |h| h.entries().len());
    let history = Text::new("home.history").arg("games", games).render(locale);
    tour.ui.click(&history);
    tour.shot("history", &["history.log_past"]);
    let first = tour.ui.app.history().unwrap().entries()[0].id.clone();
    tour.ui.click_id(&format!("game-{first}"));
    tour.shot("history-detail", &["action.back"]);
    tour.click("action.back");
    tour.click("history.tab_players");
    tour.shot("history-players", &[]);
    tour.click("history.tab_charts");
    tour.shot("history-charts", &[]);
    tour.click("history.tab_games");
    tour.click("history.log_past");
    tour.shot("log-past", &["past.to_sheet", "past.cancel"]);
    tour.click("past.cancel");
    tour.click("action.back");

    tour.click("home.settings");
    tour.shot("settings", &["settings.save"]);
    tour.click("action.back");
    tour.click("home.games");
    tour.shot("games", &[]);
    tour.click("action.back");

    // One game on the table at a time: another game on a fresh start of the app.
    let mut tour = Tour::new(locale, size);
    tour.start(Some("earth"), &["Aki", "Ben", "Chie"]);
    tour.shot("other-table", &["table.sheet"]);
    tour.click("table.sheet");
    tour.shot("other-sheet", &[]);

    // Every other game's table, under the same header as TERRAVIST's: its places in the same
    // order at every size, and at a laptop's size in the very same spots.
    for (game, players) in [
        ("earth", &["Aki", "Ben", "Chie"][..]),
        ("rats-of-wistar", &["Aki", "Ben", "Chie"]),
        ("terramara", &["Aki", "Ben"]),
        ("leviath", &["Aki", "Ben"]),
        ("generic", &["Aki", "Ben", "Chie", "Dai"]),
    ] {
        let mut tour = Tour::new(locale, size);
        tour.start(Some(game), players);
        tour.click("table.next");
        tour.shot(&format!("table-{game}"), &PLACES);
        let places = tour.places();
        assert_eq!(
            reading_order(&places),
            reading_order(&terravist),
            "{game}'s header at {size:?} has its places in another order than TERRAVIST's"
        );
        if size.0 >= 1280.0 {
            for ((key, here), (_, there)) in places.iter().zip(&terravist) {
                assert!(
                    (here.x - there.x).abs() < 0.5 && (here.y - there.y).abs() < 0.5,
                    "{game}'s {key} at {here:?}, TERRAVIST's at {there:?}"
                );
            }
        }
    }
}

#[test]
fn every_screen_in_english_at_every_size() {
    for size in SIZES {
        walk(Locale::EN, size);
    }
}

#[test]
fn every_screen_in_german_at_every_size() {
    for size in SIZES {
        walk(Locale::DE, size);
    }
}

#[test]
fn every_screen_in_japanese_at_every_size() {
    for size in SIZES {
        walk(Locale::JA, size);
    }
}
