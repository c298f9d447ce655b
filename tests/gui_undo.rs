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
        let mut ui = Ui::new(dir.path(), Locale::En);
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

fn ctrl(ui: &mut Ui, key: &str, shift: bool) {
    let modifiers = if shift {
        Modifiers::CTRL | Modifiers::SHIFT
    } else {
        Modifiers::CTRL
    };
    let _ = ui
        .app
        .update(Message::Key(Key::Character(key.into()), modifiers));
}

/// Undo by key in one window and by button in the other, then Redo the same way: the two
/// windows draw the same pixels and hold the same game after each.
fn same_either_way(mut a: Ui, mut b: Ui) {
    ctrl(&mut a, "z", false);
    b.click("Undo");
    assert_eq!(
        a.app.game().unwrap().event_count(),
        b.app.game().unwrap().event_count()
    );
    assert!(
        a.pixels() == b.pixels(),
        "Ctrl+Z and Undo leave different windows"
    );
    ctrl(&mut a, "z", true);
    b.click("Redo");
    assert_eq!(
        a.app.game().unwrap().event_count(),
        b.app.game().unwrap().event_count()
    );
    assert!(
        a.pixels() == b.pixels(),
        "Ctrl+Shift+Z and Redo leave different windows"
    );
}

#[test]
fn undo_by_key_and_by_button_in_terravist() {
    let [(_a_dir, a), (_b_dir, b)] = twins(None);
    same_either_way(a, b);
}

#[test]
fn undo_by_key_and_by_button_in_leviath() {
    let [(_a_dir, a), (_b_dir, b)] = twins(Some("leviath"));
    same_either_way(a, b);
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
        ctrl(&mut a, "z", false);
        b.click("Undo");
        for ui in [&mut a, &mut b] {
            assert!(!ui.shows("17"), "{game}: the undone cell still shows 17");
        }
        assert_eq!(
            a.app.game().unwrap().event_count(),
            b.app.game().unwrap().event_count()
        );
        assert!(a.pixels() == b.pixels(), "{game}: Ctrl+Z and Undo differ");
    }
}

/// Space and Next, P and Pause (and Resume), T and Table view: the same window either way, in
/// TERRAVIST and in another game.
#[test]
fn every_table_key_and_its_button_leave_the_same_window() {
    use iced::keyboard::key::Named;
    for game in [None, Some("earth")] {
        let [(_a_dir, mut a), (_b_dir, mut b)] = twins(game);
        let press = |a: &mut Ui, b: &mut Ui, key: Key, label: &str| {
            let _ = a.app.update(Message::Key(key, Modifiers::empty()));
            b.click(label);
            assert_eq!(
                a.app.game().unwrap().event_count(),
                b.app.game().unwrap().event_count(),
                "{game:?}: {label}"
            );
            assert!(
                a.pixels() == b.pixels(),
                "{game:?}: the key and {label} differ"
            );
        };
        press(&mut a, &mut b, Key::Named(Named::Space), "Next player ▶");
        press(&mut a, &mut b, Key::Character("p".into()), "Pause");
        press(&mut a, &mut b, Key::Character("p".into()), "Resume");
        press(&mut a, &mut b, Key::Character("t".into()), "Table view (T)");
    }
}
