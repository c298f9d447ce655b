//! A key and its button are one message: Ctrl+Z and the header's Undo (Ctrl+Shift+Z and Redo)
//! leave the window in the same state, in every game, a typed sheet cell included.
#![cfg(feature = "gui")]

mod common;

use common::ui::Ui;
use iced::keyboard::{Key, Modifiers};
use tablekeeper::gui::Message;
use tablekeeper::i18n::Locale;

/// Two windows on two data directories, set up alike with `game` (`None`: TERRAVIST).
fn twins(game: Option<&str>) -> [(tempfile::TempDir, Ui); 2] {
    [0, 1].map(|_| {
        let dir = tempfile::tempdir().unwrap();
        let mut ui = Ui::new(dir.path(), Locale::EN);
        ui.click("New game");
        match game {
            None => {
                ui.start_two_player_game();
            }
            Some(game) => {
                ui.click_id(&format!("setup-game-{game}"));
                ui.replace_in("setup-name-0", "Aki");
                ui.replace_in("setup-name-1", "Ben");
                if game == "leviath" {
                    ui.click_id("setup-side-1-monster");
                }
                ui.click("Start the game");
                assert_eq!(ui.app.screen_name(), "play", "{:?}", ui.app.notice());
            }
        }
        // The smallest window the app takes: the pictures compared are drawn fast.
        ui.resize((800.0, 600.0));
        ui.click("Next player ▶");
        (dir, ui)
    })
}

/// `key` with `modifiers` in window `a` and a click on `label` in window `b`: the two then hold
/// the same game and draw the same pixels (`what`: which game, for the failure).
fn press(a: &mut Ui, b: &mut Ui, key: Key, modifiers: Modifiers, label: &str, what: &str) {
    let _ = a.app.update(Message::Key(key, modifiers));
    b.click(label);
    assert_eq!(
        a.app.game().unwrap().event_count(),
        b.app.game().unwrap().event_count(),
        "{what}: {label}"
    );
    assert!(
        a.pixels() == b.pixels(),
        "{what}: the key and {label} leave different windows"
    );
}

/// Undo by key in one window and by button in the other, then Redo the same way: the two
/// windows draw the same pixels and hold the same game after each.
fn same_either_way(mut a: Ui, mut b: Ui, what: &str) {
    let z = || Key::Character("z".into());
    press(&mut a, &mut b, z(), Modifiers::CTRL, "Undo", what);
    let shifted = Modifiers::CTRL | Modifiers::SHIFT;
    press(&mut a, &mut b, z(), shifted, "Redo", what);
}

#[test]
fn undo_by_key_and_by_button_in_terravist() {
    let [(_a_dir, a), (_b_dir, b)] = twins(None);
    same_either_way(a, b, "TERRAVIST");
}

#[test]
fn undo_by_key_and_by_button_in_leviath() {
    let [(_a_dir, a), (_b_dir, b)] = twins(Some("leviath"));
    same_either_way(a, b, "leviath");
}

/// A cell typed on the sheet is an event; undone, the cell shows what the game holds again,
/// whether the undo came from Ctrl+Z or the button (Ctrl+Z used to leave the typed text).
#[test]
fn undo_by_key_and_by_button_take_a_typed_cell_back_in_every_game_with_a_sheet() {
    for (game, part) in [
        ("earth", "cards"),
        ("rats-of-wistar", "ability_spaces"),
        ("terramara", "vp_chips"),
        ("generic", "points"),
    ] {
        let [(_a_dir, mut a), (_b_dir, mut b)] = twins(Some(game));
        for ui in [&mut a, &mut b] {
            ui.click("Score sheet");
            ui.type_into(&format!("play-{part}-0-0"), "17");
            assert!(ui.shows("17"), "{game}: the typed cell shows");
        }
        let z = Key::Character("z".into());
        press(&mut a, &mut b, z, Modifiers::CTRL, "Undo", game);
        for ui in [&mut a, &mut b] {
            assert!(!ui.shows("17"), "{game}: the undone cell still shows 17");
        }
    }
}

/// Space and Next, P and Pause (and Resume), T and Table view: the same window either way, in
/// TERRAVIST and in another game.
#[test]
fn every_table_key_and_its_button_leave_the_same_window() {
    use iced::keyboard::key::Named;
    for game in [None, Some("earth")] {
        let [(_a_dir, mut a), (_b_dir, mut b)] = twins(game);
        let what = format!("{game:?}");
        let mut key_and_click = |key: Key, label: &str| {
            press(&mut a, &mut b, key, Modifiers::empty(), label, &what);
        };
        key_and_click(Key::Named(Named::Space), "Next player ▶");
        key_and_click(Key::Character("p".into()), "Pause");
        key_and_click(Key::Character("p".into()), "Resume");
        key_and_click(Key::Character("t".into()), "Table view (T)");
    }
}
