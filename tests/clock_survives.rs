//! A running turn survives a close or a crash: a close (the window's, a logout's, SIGTERM's)
//! records the pause at that moment; while a turn runs the clock is noted in the journal every
//! ten seconds, so a kill resumes it paused at the last note, and the resume says how much it
//! counted. In process, with the app's clock moved by hand; `tests/window.sh` does the same to
//! the real binary with SIGTERM and `kill -9`.
#![cfg(feature = "gui")]

mod common;

use chrono::Duration;
use common::ui::{Ui, t0};
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone};
use tablekeeper::i18n::Locale;

fn reopen(dir: &std::path::Path, later: i64) -> Ui {
    let mut ui = Ui::from_app(App::new(Options {
        data_dir: Some(dir.to_path_buf()),
        history_dir: None,
        locale: Some(Locale::EN),
        time: TimeSource::Manual(t0() + Duration::seconds(later)),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    }));
    ui.click("Resume TERRAVIST: Aki and Ben (started 11/21/2026, 7:00\u{a0}PM)");
    ui
}

fn wait(ui: &mut Ui, seconds: i64) {
    ui.app.advance(seconds);
    let _ = ui.app.update(Message::Tick);
}

#[test]
fn a_killed_game_resumes_paused_at_the_clocks_last_note_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    let ops = ui.app.game().unwrap().event_count();
    let lines = common::journal_events(dir.path()).len();
    wait(&mut ui, 5);
    assert_eq!(
        common::journal_events(dir.path()).len(),
        lines,
        "not yet ten seconds"
    );
    wait(&mut ui, 7); // 12 s into Aki's turn: noted
    wait(&mut ui, 9); // 21 s: nine since the note
    wait(&mut ui, 2); // 23 s: noted
    wait(&mut ui, 6); // 29 s, then killed: these six are lost
    let notes: Vec<String> = (common::journal_events(dir.path()).into_iter())
        .filter(|l| l.contains("\"clock\""))
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[1].contains("19:00:23"), "{notes:?}");
    assert_eq!(
        ui.app.game().unwrap().event_count(),
        ops,
        "a note is not an action"
    );
    drop(ui); // killed: nothing more is written

    let mut ui = reopen(dir.path(), 600);
    let glance = ui.app.game().unwrap().glance(t0() + Duration::seconds(600));
    assert_eq!(glance.current, Some(0));
    assert!(glance.paused, "resumed paused");
    assert_eq!(
        glance.clock,
        Duration::seconds(23),
        "Aki's turn kept its 23 s"
    );
    ui.assert_shows("Aki's turn");
    let notice = ui.app.notice().expect("the resume says so").text.clone();
    assert!(
        notice.contains("kept 23 s more")
            && notice.contains("7:00:23\u{a0}PM")
            && notice.contains("10 s"),
        "{notice}"
    );
    // Resumed by the table, the turn runs on from 23 s.
    ui.click("Resume");
    ui.app.advance(4);
    let glance = ui.app.game().unwrap().glance(t0() + Duration::seconds(604));
    assert_eq!(glance.clock, Duration::seconds(27));
}

#[test]
fn closing_the_app_records_the_pause_at_that_moment() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.click("Next player ▶");
    // Ben's turn runs 76 s; the app is closed (the window's close, a logout, SIGTERM).
    ui.app.advance(76);
    let _ = ui.app.update(Message::Quit);
    let last = common::journal_events(dir.path()).pop().unwrap();
    assert!(
        last.contains("\"pause\"") && last.contains("19:01:16"),
        "{last}"
    );
    assert!(ui.app.game().is_none(), "the journal is closed");
    drop(ui);

    let mut ui = reopen(dir.path(), 3600);
    let game = ui.app.game().unwrap();
    let glance = game.glance(t0() + Duration::seconds(3600));
    assert_eq!(glance.current, Some(1));
    assert_eq!(
        glance.clock,
        Duration::seconds(76),
        "Ben's 1:16 is still his"
    );
    assert_eq!(game.clock().game_total(t0()), Duration::seconds(76));
    assert!(
        ui.app.notice().is_none(),
        "nothing was lost: {:?}",
        ui.app.notice()
    );
    ui.assert_shows("1:16");
}
