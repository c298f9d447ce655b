//! The table app driven through its interface only (iced_test's Simulator): clicks by visible
//! text or widget id, typing, keys; then checks of what the screen shows.

mod common;

use common::ui::{Ui, t0};
use iced::keyboard::key::Named;
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone};
use tablekeeper::i18n::Locale;
use tablekeeper::i18n::dates::Shape;

/// Home → setup for Aki, Ben, Chie with N = 3 and forest first.
fn start_three_player_game(ui: &mut Ui) {
    ui.click("New game");
    assert_eq!(ui.app.screen_name(), "setup");
    ui.type_into("setup-name-0", "Aki");
    ui.type_into("setup-name-1", "Ben");
    ui.click("Add a player");
    ui.type_into("setup-name-2", "Chie");
    for _ in 0..3 {
        ui.click("−"); // N: 6 → 3
    }
    ui.assert_shows("Round 1: 3 turns");
    ui.click("Forest"); // tray card 1 shows a forest: the suggestion becomes the first habitat
    ui.click("Start the game");
    assert_eq!(ui.app.screen_name(), "table", "{:?}", ui.app.notice());
}

#[test]
fn a_whole_three_player_game_through_the_interface() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    start_three_player_game(&mut ui);
    ui.assert_shows("Round 1");
    ui.assert_shows("Turn 1 / 3");
    ui.assert_shows("Aki's turn");
    ui.assert_shows("Parent: Aki");

    // Dice: the table enters the real faces, takes the Human, and the box (all Lv2) may reroll.
    ui.assert_shows("The dice are not rolled yet.");
    ui.click("Enter the real faces");
    // Named by kind, not by a number the real dice do not carry (rulebook 000, line 153).
    ui.assert_shows("Die A");
    assert!(!ui.shows("Die 1"));
    for (die, face) in [(0, "lv2"), (1, "lv2"), (2, "lv2"), (3, "lv2"), (4, "human")] {
        ui.click_id(&format!("face-{die}-{face}"));
    }
    ui.click_id("faces-ok");
    ui.assert_shows("No reroll: the used box is empty.");
    ui.click_id("die-4");
    ui.assert_shows("Last taken: Human");
    ui.assert_shows("A reroll is allowed now: the box shows one kind or fewer.");
    ui.click("Enter the real faces");
    ui.click_id("face-4-lv0");
    ui.click_id("faces-ok");
    ui.assert_shows("Rerolls so far: 1");
    ui.assert_shows("No reroll: the used box is empty.");
    ui.click_id("die-0"); // Lv2 taken: Lv2 ×3 and Lv0 left, two kinds
    ui.assert_shows("No reroll yet: the box still shows 2 kinds.");
    let dice = &ui.app.session().unwrap().state().dice;
    assert_eq!((dice.rerolls, dice.used()), (1, vec![0]));

    // Eggs to the cap, and a refused extra egg with a sentence a player understands.
    ui.settle("Owl", "4", "2");
    ui.click_id("egg-plus-0");
    ui.click_id("egg-plus-0");
    ui.assert_shows("2 / 2");
    ui.click_id("egg-plus-0");
    assert_eq!(
        ui.app.notice().map(|n| n.text.as_str()),
        Some("Owl holds 2 eggs; its limit is 2.")
    );
    ui.assert_shows("Owl holds 2 eggs; its limit is 2.");
    ui.assert_shows("2 / 2");

    // Next player-turn, undo and redo.
    ui.click("Next player ▶");
    ui.assert_shows("Ben's turn");
    ui.click("Undo");
    ui.assert_shows("Aki's turn");
    ui.click("Redo");
    ui.assert_shows("Ben's turn");
    ui.settle("Boar", "3", "1");
    ui.next(1);
    ui.assert_shows("Chie's turn");
    ui.key(Named::Space); // the keyboard's next player-turn
    ui.assert_shows("Round 1");
    ui.assert_shows("Turn 2 / 3");
    ui.next(3);
    ui.assert_shows("Round 1");
    ui.assert_shows("Turn 3 / 3");
    ui.assert_shows("Last turn of the round: a creature settled now gets 1 egg.");
    ui.next(2);
    ui.settle("Deer", "2", "2"); // Chie, last turn: 1 free egg
    ui.assert_shows("1 / 2");
    ui.next(1);

    // Round end 1: a tie for first and a zero.
    assert_eq!(ui.app.screen_name(), "round_end");
    ui.assert_shows("End of round 1");
    ui.type_into("result-0", "3");
    ui.type_into("result-1", "3");
    // Chie's field is left empty: its placeholder, 0, is her result; Place the markers asks
    // once, naming her, before it counts it so.
    ui.assert_shows("bottom slot · 0 pts");
    ui.click("Place the markers");
    assert_eq!(ui.app.screen_name(), "round_end", "asked first");
    ui.click("Tap again to place the markers (0 for Chie)");
    let outcome = ui.app.session().unwrap().state().round_ends[0]
        .objective
        .clone()
        .unwrap();
    assert_eq!(
        outcome.points,
        vec![5, 5, 0],
        "two tied first take 5 each, the zero takes 0"
    );
    ui.assert_shows("Owl (Aki): 2 ▶ 1");
    ui.assert_shows("Deer (Chie): 1 ▶ 0");
    ui.assert_shows("Boar (Ben)"); // no egg: discarded
    ui.click("Return the eggs");
    ui.click("Flip");
    ui.assert_shows("New parent: Ben");
    ui.click("Pass the parent marker");
    assert_eq!(ui.app.screen_name(), "table");
    ui.assert_shows("Round 2");
    ui.assert_shows("Turn 1 / 2");
    ui.assert_shows("Ben's turn");

    // Round 2.
    ui.next(6);
    ui.type_into("result-0", "1");
    ui.type_into("result-1", "2");
    ui.type_and_enter("result-2", "3"); // Enter places the markers
    ui.assert_shows("Deer (Chie)"); // its egg went back at the last round end: discarded now
    ui.click("Return the eggs");
    ui.click("Flip");
    ui.click("Pass the parent marker");
    ui.assert_shows("Chie's turn");

    // Round 3: one turn, then only the objective.
    ui.next(3);
    ui.assert_shows("Step 1");
    ui.type_into("result-0", "2");
    ui.type_into("result-1", "2");
    ui.type_into("result-2", "2");
    ui.click("Place the markers");
    assert_eq!(ui.app.screen_name(), "sheet");

    // The sheet: position cards entered by hand; a bad entry is refused, not clamped.
    ui.type_and_enter("cell-0-1", "abc");
    ui.assert_shows("\"abc\" is not a whole number.");
    ui.replace_in("cell-0-1", "4");
    ui.type_and_enter("cell-1-1", "0");
    ui.type_and_enter("cell-2-1", "1");
    // Aki: Owl 4 + objectives 5 + 2 + 5 + positions 4 = 20
    // Ben: objectives 5 + 3 + 5 = 13 (the Boar was discarded)
    // Chie: objectives 0 + 5 + 5 + positions 1 = 11 (the Deer was discarded)
    let totals: Vec<i64> = ui
        .app
        .session()
        .unwrap()
        .sheet()
        .players
        .iter()
        .map(|p| p.total.as_whole().unwrap())
        .collect();
    assert_eq!(totals, vec![20, 13, 11]);
    ui.assert_shows("20");
    ui.assert_shows("Winner: Aki");
    assert_eq!(
        common::winning_seats(&ui.app.session().unwrap().sheet()),
        vec![0]
    );
    // Finish asks once: the first tap only arms it, any other tap takes the question back.
    ui.click("Finish and save to history");
    assert_eq!(ui.app.screen_name(), "sheet");
    ui.assert_shows("Tap again to finish (the game goes to the history)");
    ui.replace_in("cell-0-1", "4"); // a tap elsewhere (the same value again)
    ui.assert_shows("Finish and save to history");
    ui.finish();
    // The final sheet stays in view (issue 60) until someone leaves it: every total, the
    // winner, and the notice, which goes by itself.
    assert_eq!(ui.app.screen_name(), "history");
    ui.assert_shows("The game is saved to the history. Winner: Aki");
    assert_eq!(ui.app.history().unwrap().entries()[0].winners(), ["Aki"]);
    for total in ["20", "13", "11"] {
        ui.assert_shows(total);
    }
    ui.leave_final_sheet();
    ui.assert_shows("History (1 game)");
    assert_eq!(
        ui.app.history().unwrap().entries()[0].players[0]
            .total
            .to_string(),
        "20"
    );
}

#[test]
fn a_killed_app_resumes_with_the_same_round_turn_player_eggs_and_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let (state, created) = {
        let mut ui = Ui::new(dir.path(), Locale::EN);
        start_three_player_game(&mut ui);
        ui.settle("Owl", "4", "3");
        ui.click_id("egg-plus-0");
        ui.app.advance(42);
        ui.next(1);
        ui.app.advance(17);
        ui.click("Aki"); // show Aki's creatures during Ben's turn
        ui.click_id("egg-plus-0");
        let session = ui.app.session().unwrap();
        (session.state().clone(), session.created_at())
        // The app is dropped here without any goodbye: as good as killed.
    };
    let mut ui = Ui::new(dir.path(), Locale::EN);
    // `Ui` shows dates in UTC, so the label is the same on every machine.
    let started = Zone::utc().show(Locale::EN, created, Shape::DayAndTime);
    ui.click(&format!(
        "Resume TERRAVIST: Aki, Ben, and Chie (started {started})"
    ));
    assert_eq!(ui.app.screen_name(), "table");
    let resumed = ui.app.session().unwrap().state();
    assert_eq!(resumed.phase, state.phase);
    assert_eq!(resumed.table, state.table);
    assert_eq!(
        resumed
            .clock
            .player_total(0, t0() + chrono::Duration::hours(5)),
        state
            .clock
            .player_total(0, t0() + chrono::Duration::seconds(59))
    );
    ui.assert_shows("Round 1");
    ui.assert_shows("Turn 1 / 3");
    ui.assert_shows("Ben's turn");
    ui.assert_shows("Paused");
    ui.assert_shows("0:17"); // Ben's clock stopped where the app stopped
    ui.click("Aki");
    ui.assert_shows("2 / 3");
    ui.click("Resume");
    assert!(!ui.app.session().unwrap().state().clock.is_paused());
}

#[test]
fn snapshots_of_the_table_and_the_sheet_in_english_and_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    start_three_player_game(&mut ui);
    ui.click("Enter the real faces");
    for (die, face) in [(0, "lv0"), (1, "lv1"), (2, "lv2"), (3, "lv3"), (4, "human")] {
        ui.click_id(&format!("face-{die}-{face}"));
    }
    ui.click_id("faces-ok");
    ui.click_id("die-4");
    ui.settle("Owl", "4", "3");
    ui.click_id("egg-plus-0");
    ui.click("Develop (Aki)"); // the first Develop button: grassland
    ui.app.advance(75);
    ui.snapshot("table-en");
    ui.click("Score sheet");
    ui.snapshot("sheet-en");

    // The language is switched the way a player does it, and remembered.
    ui.click("Back to the table");
    ui.click("Home");
    ui.click("Settings");
    ui.click("日本語");
    ui.click("戻る");
    ui.click("ゲームに戻る：Aki、Ben、Chie");
    ui.assert_shows("Akiの手番");
    ui.snapshot("table-ja");
    ui.click("スコアシート");
    ui.snapshot("sheet-ja");
    let saved = std::fs::read_to_string(dir.path().join("settings.json"));
    drop(ui);
    let reopened = App::new(Options {
        data_dir: Some(dir.path().to_path_buf()),
        history_dir: None,
        locale: None,
        time: TimeSource::Manual(t0()),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    });
    assert_eq!(
        reopened.locale(),
        Locale::JA,
        "the choice is remembered: {saved:?}"
    );
}

#[test]
fn the_keyboard_drives_the_table_and_the_help_says_how() {
    use iced::keyboard::{Key, Modifiers};
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    start_three_player_game(&mut ui);
    let press = |ui: &mut Ui, key: Key, modifiers: Modifiers| {
        let _ = ui.app.update(Message::Key(key, modifiers));
    };
    press(&mut ui, Key::Named(Named::F1), Modifiers::empty());
    ui.assert_shows("Keyboard");
    ui.assert_shows("next player-turn");
    press(&mut ui, Key::Named(Named::Escape), Modifiers::empty());
    assert!(!ui.shows("Keyboard"), "Esc closes the help");
    press(&mut ui, Key::Named(Named::Space), Modifiers::empty());
    ui.assert_shows("Ben's turn");
    press(&mut ui, Key::Character("p".into()), Modifiers::empty());
    ui.assert_shows("Paused");
    press(&mut ui, Key::Character("p".into()), Modifiers::empty());
    assert!(!ui.shows("Paused"));
    press(&mut ui, Key::Character("z".into()), Modifiers::CTRL);
    press(&mut ui, Key::Character("z".into()), Modifiers::CTRL);
    press(&mut ui, Key::Character("z".into()), Modifiers::CTRL);
    ui.assert_shows("Aki's turn"); // resume, pause and the turn taken back
    press(
        &mut ui,
        Key::Character("Z".into()),
        Modifiers::CTRL | Modifiers::SHIFT,
    );
    ui.assert_shows("Ben's turn");
}

#[test]
fn the_dark_theme_is_chosen_in_settings_and_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("Settings");
    ui.click("Dark");
    assert!(ui.app.theme().extended_palette().is_dark);
    ui.type_into("turn-target", "90");
    assert!(!ui.shows("Saved."));
    ui.click("Save");
    assert_eq!(ui.app.settings().turn_target_secs, Some(90));
    // Saving says so, beside the button; the next change takes it back.
    ui.assert_shows("Saved.");
    ui.type_into("turn-target", "5");
    assert!(!ui.shows("Saved."));
    drop(ui);
    let ui = Ui::new(dir.path(), Locale::EN);
    assert!(ui.app.theme().extended_palette().is_dark);
    assert_eq!(ui.app.settings().turn_target_secs, Some(90));
}

#[test]
fn dates_are_shown_in_the_players_time_zone() {
    // t0 is 19:00 UTC on 21 November: 04:00 on the 22nd in Tokyo (UTC+9).
    let tokyo = Zone::Fixed(chrono::FixedOffset::east_opt(9 * 3600).unwrap());
    let dir = tempfile::tempdir().unwrap();
    {
        let mut ui = Ui::with_zone(dir.path(), Locale::EN, tokyo);
        start_three_player_game(&mut ui);
    }
    {
        let mut ui = Ui::with_zone(dir.path(), Locale::EN, tokyo);
        ui.assert_shows("Resume TERRAVIST: Aki, Ben, and Chie (started 11/22/2026, 4:00\u{a0}AM)");
    }
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.assert_shows("Resume TERRAVIST: Aki, Ben, and Chie (started 11/21/2026, 7:00\u{a0}PM)");
}

/// The new card of a steal: a Bear (6 Smiles, 2 eggs) of the forest.
fn type_the_bear(ui: &mut Ui) {
    ui.type_into("card-name", "Bear");
    ui.type_into("card-smiles", "6");
    ui.type_into("card-capacity", "2");
    ui.click_id("form-habitat-forest");
}

#[test]
fn stealing_another_players_card_from_their_panel_is_the_current_players_steal_and_pays_eggs() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    start_three_player_game(&mut ui);
    ui.settle("Owl", "4", "4"); // Aki's, creature 0
    ui.click_id("egg-plus-0");
    ui.click_id("egg-plus-0"); // the Owl holds 2
    ui.next(1);
    ui.assert_shows("Ben's turn");
    ui.settle("Boar", "3", "3"); // Ben's, creature 1
    ui.click_id("egg-plus-1"); // the Boar holds 1
    ui.next(2);
    ui.assert_shows("Aki's turn");

    // The natural way: open Ben's panel, press Steal on his Boar.
    ui.click("Ben");
    ui.click_id("steal-1");
    ui.assert_shows("Aki steals the niche of Boar (Ben's): type the new card below");
    ui.assert_shows("Extra cost: 1 Human + 2 eggs to the supply");
    ui.assert_shows("Eggs paid from your cards: 2 of 2.");
    ui.assert_shows("Owl: pays 2 of its 2 eggs");
    type_the_bear(&mut ui);
    // The table takes one egg back from the proposal: one short, refused with a sentence.
    ui.click_id("unpay-0");
    ui.assert_shows("Owl: pays 1 of its 2 eggs");
    let before = ui.app.session().unwrap().state().clone();
    ui.click("Steal the niche");
    ui.assert_shows("Stealing this niche costs 2 eggs; the cards chosen pay 1.");
    assert_eq!(
        ui.app.session().unwrap().state(),
        &before,
        "nothing changed"
    );

    ui.click("Ben");
    ui.click_id("steal-1");
    type_the_bear(&mut ui);
    ui.click("Steal the niche");
    let state = ui.app.session().unwrap().state();
    let bear = &state.table.creatures[2];
    assert_eq!(
        (bear.card.name.as_str(), bear.owner),
        ("Bear", 0),
        "Aki owns the Bear"
    );
    assert_eq!(state.table.creatures[0].eggs, 0, "Aki's Owl paid both eggs");
    assert!(!state.table.creatures[1].is_settled(), "Ben's Boar is gone");
    let sheet = ui.app.session().unwrap().sheet();
    assert_eq!(
        sheet.players[0].parts[0].as_whole(),
        Some(10),
        "Aki: Owl 4 + Bear 6"
    );
    assert_eq!(
        sheet.players[1].parts[0].as_whole(),
        Some(0),
        "Ben: nothing left"
    );

    // One action: one undo puts everything back.
    ui.click("Undo");
    let state = ui.app.session().unwrap().state();
    assert_eq!(state.table.creatures.len(), 2);
    assert_eq!(state.table.creatures[0].eggs, 2);
    assert!(state.table.creatures[1].is_settled());
}

#[test]
fn a_player_count_outside_the_components_is_shown_as_the_tables_choice() {
    // The rulebook states no player count; the components (four marker colours) serve 2–4.
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("New game");
    ui.assert_shows(
        "The components serve 2–4 players (four marker colours); seat order is clockwise from the top.",
    );
    ui.assert_shows(
        "Turns go clockwise from the parent: the rulebook only says the parent marker moves \
         clockwise, so this order is the natural reading, not a printed rule.",
    );
    let gap = |n: usize| {
        format!(
            "GAP: {n} players is the table's choice. The rulebook gives no player count and no \
             solo rules; the components serve 2–4."
        )
    };
    // A new setup has two seats: inside the range, no GAP.
    assert!(ui.shows_id("setup-name-1") && !ui.shows_id("setup-name-2"));
    assert!(!ui.shows(&gap(2)));
    for _ in 0..3 {
        ui.click("Add a player");
    }
    assert!(ui.shows_id("setup-name-4"));
    ui.assert_shows(&gap(5));
}

#[test]
fn an_environment_card_played_mid_turn_is_logged_and_reminds_of_its_triggers() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    start_three_player_game(&mut ui);
    let reminder = "The environment changed: creatures with an on-environment-change ability \
                    trigger now, for the player whose marker is on them.";
    ui.assert_shows("Nothing recorded yet this turn.");
    assert!(!ui.shows(reminder));
    ui.settle("Owl", "4", "4");
    ui.assert_shows("Aki settles Owl in Forest");
    ui.click("Environment card played");
    ui.assert_shows("An ability plays an environment card");
    ui.assert_shows(reminder);
    let changes = &ui.app.session().unwrap().state().environment_changes;
    assert_eq!((changes.len(), changes[0].player), (1, Some(0)));
    // One undo takes it back; the next turn starts a fresh log and drops the reminder.
    ui.click("Undo");
    assert!(!ui.shows(reminder));
    assert!(!ui.shows("An ability plays an environment card"));
    ui.click("Environment card played");
    ui.next(1);
    ui.assert_shows("Nothing recorded yet this turn.");
    assert!(!ui.shows(reminder));
}

/// Aki, Ben, Chie with N = 3, every round's objective 1-1-1, straight to the final sheet.
fn play_to_the_sheet(ui: &mut Ui) {
    start_three_player_game(ui);
    for (round, turns) in [(1, 9), (2, 6), (3, 3)] {
        ui.next(turns);
        for seat in 0..3 {
            ui.type_into(&format!("result-{seat}"), "1");
        }
        ui.click("Place the markers");
        if round < 3 {
            ui.click("Return the eggs");
            ui.click("Flip");
            ui.click("Pass the parent marker");
        }
    }
    assert_eq!(ui.app.screen_name(), "sheet");
}

#[test]
fn a_typed_score_is_kept_without_enter_and_finish_refuses_text_that_is_not_a_number() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    play_to_the_sheet(&mut ui);
    // Type into Aki's position cards, then go straight to Ben's cell: no Enter anywhere.
    ui.type_into("cell-0-1", "7");
    ui.type_into("cell-1-1", "2x");
    let cells = |ui: &Ui| -> Vec<i64> {
        ui.app
            .session()
            .unwrap()
            .sheet()
            .players
            .iter()
            .map(|p| p.parts[1].as_whole().unwrap())
            .collect()
    };
    // Aki's 7 counts at once; Ben's "2" was saved before the "x" came, which waits as typed.
    assert_eq!(cells(&ui), vec![7, 2, 0]);
    ui.assert_shows("\"2x\" is not a whole number.");
    ui.click("Finish and save to history");
    assert_eq!(
        ui.app.screen_name(),
        "sheet",
        "not finished over unsaved text"
    );
    ui.assert_shows(
        "Ben: “(2) Position cards” is not saved: \"2x\" is not a whole number. \
         Correct it, or empty it, to finish.",
    );
    ui.replace_in("cell-1-1", "3");
    ui.finish();
    assert_eq!(
        ui.app.screen_name(),
        "history",
        "the final sheet stays in view"
    );
    let entry = &ui.app.history().unwrap().entries()[0];
    let part = entry.parts.iter().position(|p| p == "positions").unwrap();
    let positions: Vec<String> = entry
        .players
        .iter()
        .map(|p| p.scores[part].to_string())
        .collect();
    assert_eq!(
        positions,
        vec!["7", "3", "0"],
        "the history holds what the sheet showed"
    );
}

#[test]
fn abandoning_a_game_asks_once_and_any_other_tap_takes_the_question_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    start_three_player_game(&mut ui);
    ui.click("Score sheet");
    ui.click("Abandon the game");
    assert_eq!(ui.app.screen_name(), "sheet", "one tap only asks");
    ui.assert_shows("Tap again to abandon (kept in the history, no winner)");
    ui.click("Back to the table");
    ui.click("Score sheet");
    ui.assert_shows("Abandon the game");
    ui.click("Abandon the game");
    ui.click("Tap again to abandon (kept in the history, no winner)");
    assert_eq!(ui.app.screen_name(), "home");
    assert_eq!(
        ui.app.notice().unwrap().text,
        "The game was saved to the history as abandoned."
    );

    // The other games' sheet asks the same way.
    ui.click("New game");
    ui.click_id("setup-game-rats-of-wistar");
    ui.replace_in("setup-name-0", "Aki");
    ui.replace_in("setup-name-1", "Ben");
    ui.click("Start the game");
    ui.click("Score sheet");
    ui.click("Abandon the game");
    assert_eq!(ui.app.screen_name(), "play");
    ui.click("Tap again to abandon (kept in the history, no winner)");
    assert_eq!(ui.app.screen_name(), "home");
}

/// From a small tablet (800×600) up, the header keeps whose turn it is, the parent, the clock
/// and Next whole, and setup keeps every name field; a notice floats, moving nothing.
#[test]
fn small_windows_keep_the_header_whole_and_notices_move_nothing() {
    for size in [(800.0, 600.0), (1024.0, 600.0), (1280.0, 800.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut ui = Ui::new(dir.path(), Locale::EN);
        ui.resize(size);
        ui.click("New game");
        ui.type_into("setup-name-0", "Aki");
        ui.type_into("setup-name-1", "Benjamin");
        ui.click("Add a player");
        ui.type_into("setup-name-2", "Chie");
        ui.click("Add a player");
        ui.type_into("setup-name-3", "Dai");
        ui.assert_shows_whole("Start the game");
        // (The first habitat is further down a small window's setup: a person scrolls.)
        ui.resize((1280.0, 800.0));
        ui.click("Forest");
        ui.resize(size);
        ui.click("Start the game");
        ui.next(1);
        for label in [
            "Benjamin's turn",
            "Parent: Aki",
            "Next player ▶",
            "0:00",
            "Home",
        ] {
            ui.assert_shows_whole(label);
        }
        // A refusal (an egg on a creature that is not there) floats over the corner.
        let before = ui.bounds_of("Next player ▶");
        let _ = ui.app.update(tablekeeper::gui::Message::Screen(
            tablekeeper::gui::screen::Message::Table(
                tablekeeper::gui::screen::table::Message::EggPlus(99),
            ),
        ));
        assert!(ui.app.notice().is_some(), "the refusal is shown");
        assert_eq!(
            ui.bounds_of("Next player ▶"),
            before,
            "a notice moved the header"
        );
        ui.key(iced::keyboard::key::Named::Escape);
        // The sheet: every player's column, the fourth included.
        ui.click("Score sheet");
        ui.assert_shows_whole("Dai");
    }
}

/// T fills the window with whose turn it is, readable across the table; Next and Space still
/// play; past the turn-time target it says so in words; T or Esc goes back.
#[test]
fn the_table_view_fills_the_window_with_whose_turn_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("Settings");
    ui.type_into("turn-target", "60");
    ui.click("Save");
    ui.click("Back");
    start_three_player_game(&mut ui);
    ui.click("Table view (T)");
    ui.assert_shows_whole("Aki's turn");
    ui.assert_shows_whole("This turn and 2 more in the round");
    ui.assert_shows_whole("Parent: Aki");
    assert!(!ui.shows("Dice box"), "the table view replaces the table");
    ui.click("Next player ▶");
    ui.assert_shows_whole("Ben's turn");
    ui.app.advance(61);
    ui.assert_shows_whole("Over the turn-time target");
    ui.key(Named::Space);
    ui.assert_shows_whole("Chie's turn");
    ui.key(Named::Escape);
    ui.assert_shows("Dice box");
    // The key, at any size down to 800×600: the name is never smaller than the clock.
    ui.resize((800.0, 600.0));
    let _ = ui.app.update(Message::Key(
        iced::keyboard::Key::Character("t".into()),
        iced::keyboard::Modifiers::empty(),
    ));
    ui.assert_shows_whole("Chie's turn");
    ui.assert_shows_whole("Next player ▶");
    let name = ui.bounds_of("Chie's turn");
    let clock = ui.bounds_of("0:00");
    assert!(name.height >= clock.height, "{name:?} {clock:?}");
    ui.click("Leave table view (T)");
    ui.assert_shows("Dice box");
}

/// Setup offers the turn-time target with a tap; it is the settings' target, kept for the next
/// game, and the table's clock is measured against it.
#[test]
fn the_turn_time_target_is_chosen_at_setup() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("New game");
    ui.click("2 min");
    assert_eq!(ui.app.settings().turn_target_secs, Some(120));
    ui.click("None");
    assert_eq!(ui.app.settings().turn_target_secs, None);
    ui.click("1 min");
    ui.type_into("setup-name-0", "Aki");
    ui.type_into("setup-name-1", "Ben");
    ui.click("Forest");
    ui.click("Start the game");
    ui.app.advance(59);
    assert!(!ui.shows("Over the turn-time target"));
    ui.app.advance(2);
    ui.assert_shows("Over the turn-time target");
    // The settings are written off the UI thread; closing the app waits for the last write.
    drop(ui);
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("settings.json")).unwrap())
            .unwrap();
    assert_eq!(saved["turn_target_secs"], 60, "{saved}");
}

/// The chime past the target is off until the table turns it on; then each player-turn that
/// reaches the target rings once, however many ticks pass, and the choice is kept.
#[test]
fn the_chime_rings_once_a_turn_past_the_target_when_turned_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("New game");
    assert!(
        !ui.shows("Chime when a turn reaches it"),
        "no target, nothing to chime at"
    );
    ui.click("1 min");
    ui.type_into("setup-name-0", "Aki");
    ui.type_into("setup-name-1", "Ben");
    ui.click("Forest");
    ui.click("Start the game");
    ui.app.advance(120);
    let _ = ui.app.update(Message::Tick);
    ui.assert_shows("Over the turn-time target");
    assert_eq!(ui.app.chimes_rung(), 0, "off by default");

    ui.click("Home");
    ui.click("Settings");
    ui.click("Chime when a turn reaches the target");
    assert!(ui.app.settings().turn_sound);
    ui.click("Back");
    ui.click("Back to the game: Aki and Ben");
    // Aki's turn is already past the target: the next tick rings, the ticks after it do not.
    for _ in 0..3 {
        ui.app.advance(1);
        let _ = ui.app.update(Message::Tick);
    }
    assert_eq!(ui.app.chimes_rung(), 1);
    ui.key(Named::Space);
    ui.app.advance(59);
    let _ = ui.app.update(Message::Tick);
    assert_eq!(ui.app.chimes_rung(), 1, "Ben's turn is not past it yet");
    ui.app.advance(1);
    let _ = ui.app.update(Message::Tick);
    assert_eq!(ui.app.chimes_rung(), 2);
    // The settings are written off the UI thread; closing the app waits for the last write.
    drop(ui);
    let saved = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert!(saved.contains("\"turn_sound\": true"), "{saved}");
}

/// Going to another screen draws the whole window again (tiny-skia's partial redraw left a
/// line of the last screen behind; `tests/window.sh` sees it on the real window); a tap that
/// keeps the screen keeps the partial redraw.
#[test]
fn another_screen_is_drawn_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    let theme = ui.app.theme();
    let home = ui.app.style(&theme).background_color;
    ui.click("New game");
    let setup = ui.app.style(&theme).background_color;
    assert_ne!(setup, home);
    ui.click("2 min");
    assert_eq!(ui.app.style(&theme).background_color, setup);
    ui.click("Back");
    assert_ne!(ui.app.style(&theme).background_color, setup);
}

/// A name with a character that shows nothing or turns the text around (a right-to-left
/// override reversed a head-to-head line in the tester's window; a zero-width space makes
/// "Aki" and "A\u{200B}ki" two players who look alike) is refused at setup, with a sentence.
#[test]
fn a_name_with_a_hidden_character_is_refused_at_setup() {
    let names = [
        ("Aki\u{202E}", "U+202E"),
        ("A\u{200B}ki", "U+200B"),
        // A line separator split the history's line and the log's in two.
        ("A\u{2028}ki", "U+2028"),
    ];
    for (name, code) in names {
        let dir = tempfile::tempdir().unwrap();
        let mut ui = Ui::new(dir.path(), Locale::EN);
        ui.click("New game");
        ui.type_into("setup-name-0", "Ben");
        ui.type_into("setup-name-1", name);
        ui.click("Forest");
        ui.click("Start the game");
        assert_eq!(ui.app.screen_name(), "setup");
        let notice = ui.app.notice().expect("a sentence").text.clone();
        assert_eq!(
            notice,
            format!(
                "Player 2's name holds a character that shows nothing, turns the text around or \
                 breaks the line ({code}): it could pass for another name or split a line of the \
                 history. Type it again without it."
            )
        );
    }
}

/// A settings file the app cannot read (one of a newer tablekeeper) is said once as the window
/// opens, and is never written over: the table's changes (the phones turned on) live in memory.
#[test]
fn an_unreadable_settings_file_is_said_once_and_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let newer = r#"{"format":"tablekeeper-settings","version":99,"theme":"dark"}"#;
    std::fs::write(dir.path().join("settings.json"), newer).unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    assert_eq!(
        ui.app.notice().map(|n| n.text.as_str()),
        Some(
            "The settings file could not be read, so it is left as it is and the defaults are \
             used: written by a newer tablekeeper (version 99)"
        )
    );
    ui.start_two_player_game();
    ui.turn_phones_on();
    drop(ui);
    let left = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert_eq!(left, newer);
}
