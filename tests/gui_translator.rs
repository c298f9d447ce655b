//! The window in a language not its code's (issue 71): a translator's file the app left out is
//! said in Settings, in the window's language, so a translator sees why their language is
//! missing without a terminal; the keyboard help names the keys as the language's keyboards
//! do. A test binary of its own: the files read at start are the process's.

mod common;

use common::ui::Ui;
use tablekeeper::i18n::{self, Locale};

#[test]
fn settings_names_a_language_file_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let locales = dir.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    std::fs::write(locales.join("fr_FR.ftl"), "settings-language = Langue\n").unwrap();
    let (_, problems) = i18n::add_translations_from(&locales);
    assert_eq!(problems.len(), 1);
    let mut ui = Ui::new(dir.path(), Locale::DE);
    ui.click("Einstellungen");
    ui.assert_shows("Sprachdateien:");
    ui.assert_shows(
        "Eine Sprachdatei wurde ausgelassen: fr_FR.ftl: ihr Name ist kein Sprach-Tag: Nenne sie fr-FR.ftl",
    );
}

/// Issue 71, case 5: the keyboard help names the keys as a German keyboard does.
#[test]
fn the_keyboard_help_names_german_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::DE);
    let _ = ui.app.update(tablekeeper::gui::Message::ToggleHelp);
    for keys in [
        "Leertaste",
        "Strg+Z",
        "Strg+Umschalt+Z",
        "Tab / Umschalt+Tab",
    ] {
        ui.assert_shows(keys);
    }
    assert!(!ui.shows("Ctrl+Z"));
}
