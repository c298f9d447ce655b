//! The guide's pictures of each game (issue 59): its setup with the rulebook's checklist for
//! that many players, and how it ends. Each is drawn by the window itself, written the first
//! time into `docs/pictures/` and compared after, so a picture in the guide is the screen as
//! it is. And every picture the guide names is there.
#![cfg(feature = "gui")]

mod common;

use common::ui::Ui;
use tablekeeper::i18n::Locale;

fn new_ui() -> (tempfile::TempDir, Ui) {
    let tmp = tempfile::tempdir().unwrap();
    let ui = Ui::new(tmp.path(), Locale::EN);
    (tmp, ui)
}

/// The setup of `game` with `names` in its seats.
fn set_up(ui: &mut Ui, game: &str, names: &[&str]) {
    ui.click("New game");
    ui.click_id(&format!("setup-game-{game}"));
    // Fewer players than the seats the setup opens with (a solo game): the first × goes.
    while ui.shows_id(&format!("setup-name-{}", names.len())) {
        ui.click("×");
    }
    for (i, name) in names.iter().enumerate() {
        if !ui.shows_id(&format!("setup-name-{i}")) {
            ui.click_id("setup-add");
        }
        ui.replace_in(&format!("setup-name-{i}"), name);
    }
}

#[test]
fn each_games_setup_shows_its_checklist_in_the_guide() {
    // Each at a player count its rulebook has a checklist for: the Rats' 2-player cheese
    // tile, Terramara's dummy players, Leviath's card removals for 2 humans, Earth solo.
    let games: [(&str, &[&str]); 4] = [
        ("rats-of-wistar", &["Aki", "Ben"]),
        ("terramara", &["Aki", "Ben"]),
        ("leviath", &["Aki", "Mon", "Chie"]),
        ("earth", &["Aki"]),
    ];
    for (game, names) in games {
        let (_tmp, mut ui) = new_ui();
        set_up(&mut ui, game, names);
        ui.picture(&format!("setup-{game}"));
    }
}

#[test]
fn leviaths_ending_and_the_final_sheet_in_the_guide() {
    let (_tmp, mut ui) = new_ui();
    set_up(&mut ui, "leviath", &["Aki", "Mon", "Chie"]);
    ui.click("Start the game");
    ui.click("Next player ▶");
    ui.picture("leviath-endings");
    ui.click("No ship left at sea (winner: Monster)");
    ui.finish();
    assert_eq!(ui.app.screen_name(), "history");
    ui.assert_shows("Ended: No ship left at sea");
    ui.picture("leviath-final-sheet");
}

#[test]
fn every_picture_the_guide_names_is_there() {
    let docs = std::path::Path::new("docs");
    let mut named = 0;
    for file in std::fs::read_dir(docs).unwrap().flatten() {
        let path = file.path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("](pictures/") {
            let rest = &text[at + 2..];
            let picture = &rest[..rest.find(')').unwrap()];
            assert!(
                docs.join(picture).is_file(),
                "{} names {picture}, which is missing",
                path.display()
            );
            named += 1;
        }
    }
    assert!(
        named >= 6,
        "the guide shows each game's setup and ending: {named}"
    );
}
