//! The clock modes in the window: a 3-player TERRAVIST game set up to a time bank, played to a
//! time-out; the header and the table view show the bank counting down, then the time over in
//! the warning colour, with "Out of time"; the chime rings ten seconds before zero and at zero;
//! the mode is remembered for the next game. Pictures at 1280×800 and 800×600 go to
//! target/tmp/clock/.
#![cfg(feature = "gui")]

mod common;

use std::path::Path;

use common::ui::Ui;
use tablekeeper::gui::Message;
use tablekeeper::gui::screen::header::Intent;
use tablekeeper::i18n::Locale;
use tablekeeper::kit::timer::{ClockMode, Extra};

fn shot(ui: &mut Ui, name: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("clock");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    let _ = std::fs::remove_file(dir.join(format!("{name}-tiny-skia.png")));
    let mut simulator =
        iced_test::Simulator::with_size(common::ui::settings(), ui.size, ui.app.view());
    let snapshot = simulator
        .snapshot(&ui.app.theme())
        .expect("a snapshot renders");
    assert!(snapshot.matches_image(&file).unwrap());
}

fn tick(ui: &mut Ui, seconds: i64) {
    ui.app.advance(seconds);
    let _ = ui.app.update(Message::Tick);
}

#[test]
fn a_three_player_game_to_a_time_bank_runs_down_to_a_time_out_in_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.set_up_aki_and_ben();
    ui.click("Add a player");
    ui.type_into("setup-name-2", "Chie");
    // The clock panel is below the fold of a 800-pixel setup: a person scrolls.
    ui.resize((1280.0, 1600.0));
    ui.click("Time bank");
    ui.click("10 min");
    ui.click("No increment");
    ui.assert_shows("The bank runs down during the player's own turns only. A handicap gives a player more (or less). At zero the table is warned and the time over counts on.");
    // Chie, new to the game, gets two minutes more; Ben one less, then none.
    ui.click_id("handicap-plus-2");
    ui.click_id("handicap-plus-2");
    ui.click_id("handicap-minus-1");
    ui.assert_shows("+2 min");
    ui.assert_shows("-1 min");
    ui.click_id("handicap-plus-1");
    assert!(!ui.shows("-1 min"));
    // Never less than a minute of bank: Aki down to -9 of 10, then no further.
    for _ in 0..12 {
        ui.click_id("handicap-minus-0");
    }
    ui.assert_shows("-9 min");
    for _ in 0..9 {
        ui.click_id("handicap-plus-0");
    }
    shot(&mut ui, "bank-setup-handicap-1280x1600");
    ui.click("Forest");
    ui.click("Start the game");
    ui.resize((1280.0, 800.0));
    assert_eq!(ui.app.screen_name(), "table");
    let mode = ClockMode::Bank {
        bank_ms: 600_000,
        handicap_ms: vec![0, 0, 120_000],
        extra: Extra::None,
    };
    assert_eq!(
        ui.app.game().unwrap().setup().clock,
        mode,
        "the game's record holds it"
    );
    assert_eq!(
        ui.app.settings().clock_modes.get("terravist"),
        Some(&mode.without_handicaps()),
        "remembered for the next game, without this table's handicaps"
    );
    ui.assert_shows("10:00");
    ui.assert_shows("Time bank 10 min");

    tick(&mut ui, 590);
    ui.assert_shows("0:10");
    assert_eq!(ui.app.chimes_rung(), 1, "ten seconds before zero");
    shot(&mut ui, "bank-10s-left-1280x800");
    tick(&mut ui, 15);
    ui.assert_shows("+0:05");
    ui.assert_shows("Out of time");
    assert_eq!(ui.app.chimes_rung(), 2, "at zero");
    shot(&mut ui, "bank-out-1280x800");
    ui.resize((800.0, 600.0));
    ui.assert_shows("+0:05");
    shot(&mut ui, "bank-out-800x600");
    ui.click("Table view (T)");
    ui.assert_shows("+0:05");
    shot(&mut ui, "bank-out-table-view-800x600");
    ui.key(iced::keyboard::key::Named::Escape);
    ui.resize((1280.0, 800.0));

    // Ben's turn: his own bank, full; Aki's time-out stays counted.
    ui.click("Next player ▶");
    ui.assert_shows("Ben's turn");
    ui.assert_shows("10:00");
    let glance = ui
        .app
        .game()
        .unwrap()
        .glance(common::ui::t0() + chrono::Duration::seconds(605));
    let aki = glance.timer.standings[0];
    assert_eq!((aki.timeouts, aki.over.num_seconds()), (1, 5));
    assert!(!ui.shows("Out of time"));
    // Chie's turn: her bank with her handicap.
    ui.click("Next player ▶");
    ui.assert_shows("Chie's turn");
    ui.assert_shows("12:00");
}

#[test]
fn a_sand_timer_that_ends_the_turn_ends_it_at_zero() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.set_up_aki_and_ben();
    ui.resize((1280.0, 1600.0));
    ui.click("Sand timer");
    ui.click("30 s");
    ui.click("At zero the turn ends by itself (else the table is warned)");
    ui.click("Forest");
    ui.click("Start the game");
    tick(&mut ui, 20);
    ui.assert_shows("Aki's turn");
    ui.assert_shows("0:10");
    tick(&mut ui, 12); // the tick sees 2 s past zero: the turn ended at zero
    ui.assert_shows("Ben's turn");
    let game = ui.app.game().unwrap();
    let turns = game
        .clock()
        .player_turns(common::ui::t0() + chrono::Duration::seconds(32));
    assert_eq!(turns[0].1.num_seconds(), 30, "Aki's turn ended at its zero");
    assert_eq!(turns[1].1.num_seconds(), 2, "Ben's began there");
    let journal = common::journal_events(dir.path());
    assert!(
        journal.last().is_some_and(|e| e.contains("\"time_up\"")),
        "the timer's end is an event of its own: {journal:?}"
    );
    let standing = |ui: &Ui, seconds: i64| {
        let game = ui.app.game().unwrap();
        let now = common::ui::t0() + chrono::Duration::seconds(seconds);
        tablekeeper::kit::timer::standings(&game.setup().clock, game.clock(), 2, now)
    };
    assert_eq!(standing(&ui, 32)[0].timeouts, 1, "a time-out for Aki");
    ui.assert_shows("Out of time: the sand timer ended the turn"); // Ben's turn log
    // Undo takes it back to Aki's running turn, and it stays there: the timer, at zero, ends
    // that turn by itself no more (the table ends it).
    let _ = ui.app.update(Message::Intent(Intent::Undo));
    ui.assert_shows("Aki's turn");
    tick(&mut ui, 3);
    tick(&mut ui, 3);
    ui.assert_shows("Aki's turn");
    assert_eq!(standing(&ui, 38)[0].timeouts, 1, "Aki's turn is 8 s over");
    assert_eq!(standing(&ui, 38)[0].over.num_seconds(), 8);
    // Redo puts the time-up back: Ben's turn, Aki's time-out.
    let _ = ui.app.update(Message::Intent(Intent::Redo));
    ui.assert_shows("Ben's turn");
    assert_eq!(standing(&ui, 38)[0].timeouts, 1);
    // Ben's own turn ends by itself at his zero as before.
    tick(&mut ui, 30);
    ui.assert_shows("Aki's turn");
    assert_eq!(standing(&ui, 68)[1].timeouts, 1);
}

#[test]
fn table_time_from_the_window_stops_the_turn_clock_and_counts_in_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    tick(&mut ui, 12);
    ui.click("Table time");
    ui.assert_shows("End table time");
    tick(&mut ui, 40);
    ui.assert_shows("0:12");
    ui.assert_shows("Table time");
    ui.click("End table time");
    tick(&mut ui, 3);
    ui.assert_shows("0:15");
    let game = ui.app.game().unwrap();
    let now = common::ui::t0() + chrono::Duration::seconds(55);
    assert_eq!(game.clock().table_total(now).num_seconds(), 40);
    assert_eq!(game.clock().player_total(0, now).num_seconds(), 15);
    assert_eq!(game.clock().game_total(now).num_seconds(), 55);
}

#[test]
fn a_phase_played_at_once_ends_when_every_phone_and_the_window_say_ready() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.turn_phones_on();
    let ben = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
    ui.seat_phone(ben, 1);
    let ready = format!(r#"{{"phone":"{ben}"}}"#);
    assert_eq!(ui.phone("/together", &ready), 409, "no phase runs");

    tick(&mut ui, 4);
    ui.click("Everyone at once");
    ui.assert_shows("Everyone at once · waiting for Aki and Ben");
    tick(&mut ui, 9);
    assert_eq!(ui.phone("/together", &ready), 202);
    ui.assert_shows("Everyone at once · waiting for Aki");
    assert_eq!(ui.phone("/together", &ready), 409, "Ben is ready already");
    tick(&mut ui, 6);
    ui.click("Aki ready");
    assert!(
        !ui.shows("waiting for"),
        "everyone is ready: the phase is over"
    );
    ui.assert_shows("Everyone at once"); // the button, to begin another
    let game = ui.app.game().unwrap();
    let now = common::ui::t0() + chrono::Duration::seconds(19);
    assert_eq!(game.clock().player_total(0, now).num_seconds(), 4 + 15);
    assert_eq!(game.clock().player_total(1, now).num_seconds(), 9);
    let lines = common::journal_events(dir.path());
    assert!(
        (lines.iter()).any(|l| l.contains("simultaneous_ready") && l.contains(r#""phone":1"#)),
        "Ben's Ready is his phone's: {lines:?}"
    );
}

#[test]
fn a_remembered_clock_no_table_could_play_is_passed_over_at_setup() {
    // A settings file edited by hand (or a profile's "clock"): a bank of minus two hours, and
    // one of i64::MIN. Setup's steppers count on a bank of at least a minute: with this one
    // the handicap's bounds crossed and the window stopped at the first tap.
    for bank_ms in [-7_200_000, i64::MIN] {
        let dir = tempfile::tempdir().unwrap();
        let mut settings = tablekeeper::settings::Settings::default();
        settings.clock_modes.insert(
            "terravist".into(),
            ClockMode::Bank {
                bank_ms,
                handicap_ms: Vec::new(),
                extra: Extra::None,
            },
        );
        settings.save(&dir.path().join("settings.json")).unwrap();
        let mut ui = Ui::new(dir.path(), Locale::EN);
        ui.set_up_aki_and_ben();
        ui.resize((1280.0, 1600.0));
        assert!(!ui.shows_id("handicap-plus-0"), "no bank, so no handicap");
        ui.click("Forest");
        ui.click("Start the game");
        assert_eq!(ui.app.game().unwrap().setup().clock, ClockMode::CountUp);
    }
}
