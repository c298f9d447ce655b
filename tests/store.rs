//! The data directory: journal, resume, recovery from torn and damaged files, the lock, the
//! history, and moving data in and out.

mod common;

use std::fs;
use std::io::Write;
use std::process::Command;

use chrono::Duration;
use common::*;
use tablekeeper::backup;
use tablekeeper::export;
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::scoring::Points;
use tablekeeper::session::Rules;
use tablekeeper::session::summary::Outcome;
use tablekeeper::stats::{self, Filter};
use tablekeeper::store::history::{History, HistoryError};
use tablekeeper::store::journal::{JournalError, JournalProblem};
use tablekeeper::store::{DataDir, LiveSession, StoreError};
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::Event;
use tablekeeper::terravist::state::Phase;

fn live(dir: &DataDir, names: &[&str]) -> LiveSession<Terravist> {
    let mut live = dir.start(session(names, 0, 3)).unwrap();
    live.apply(
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        at(0),
    )
    .unwrap();
    live.apply(
        Event::InitialRoll {
            dice: faces(&[(0, "lv0"), (1, "lv1"), (2, "lv2"), (3, "lv3"), (4, "human")]),
            source: tablekeeper::terravist::event::RollSource::Table,
        },
        at(0),
    )
    .unwrap();
    live.apply(Event::StartGame, at(1)).unwrap();
    live
}

/// Plays a whole 2-player game (N = 3) where `results` decide the objectives.
fn play_to_the_end(live: &mut LiveSession<Terravist>, start: i64, results: [u32; 2]) -> i64 {
    let mut t = start;
    let mut step = |live: &mut LiveSession<Terravist>, e: Event| {
        t += 10;
        live.apply(e, at(t)).unwrap();
    };
    step(
        live,
        Event::Settle {
            player: 0,
            card: card("Owl", 4, 2, &["forest"], 2),
            habitat: "forest".into(),
        },
    );
    for round in 1..=3u32 {
        for _ in 0..(2 * (4 - round)) {
            step(live, Event::NextPlayerTurn);
        }
        step(
            live,
            Event::RecordObjective {
                results: results.to_vec(),
            },
        );
        if round < 3 {
            step(live, Event::AddEgg { creature: 0 });
            step(live, Event::ReturnEggs);
            step(live, Event::FlipEnvironment { card: None });
            step(live, Event::PassParent);
        }
    }
    assert_eq!(live.session().state().phase, Phase::Over);
    t
}

#[test]
fn a_resumed_session_has_the_exact_state_and_closed_time_counts_as_paused() {
    let tmp = tempfile::tempdir().unwrap();
    let path;
    let before;
    {
        let dir = DataDir::open(tmp.path()).unwrap();
        let mut live = live(&dir, &["Aki", "Ben"]);
        live.apply(
            Event::Settle {
                player: 0,
                card: card("Owl", 4, 2, &["forest"], 2),
                habitat: "forest".into(),
            },
            at(30),
        )
        .unwrap();
        live.apply(Event::AddEgg { creature: 0 }, at(40)).unwrap();
        live.apply(Event::NextPlayerTurn, at(61)).unwrap();
        live.undo(at(62)).unwrap(); // Ben's turn taken back
        before = live.session().state().clone();
        path = live.journal().path().to_path_buf();
        // The app is killed here: no close, no final write.
    }
    let dir = DataDir::open(tmp.path()).unwrap();
    assert_eq!(dir.unfinished(), vec![path.clone()]);
    let (resumed, recovered) = dir.resume_game::<Terravist>(&path).unwrap();
    assert_eq!(recovered.problem, None);
    let state = resumed.session().state();
    assert_eq!(state.table, before.table);
    assert_eq!(state.phase, before.phase);
    // The pause recorded at restart leaves the redo (issue 57: a Pause or Resume never wipes
    // it); a redo puts Ben's turn back before that pause, which moves to its time.
    assert!(resumed.session().can_redo());
    let mut redone = resumed.session().clone();
    assert!(redone.redo().is_some());
    assert!(
        redone.state().clock.is_paused(),
        "still paused after the redo"
    );
    let times: Vec<_> = (redone.records().iter()).map(|r| r.at).collect();
    assert!(times.is_sorted(), "{times:?}");
    assert_eq!(
        redone.state().clock.player_total(0, at(10_000)),
        Duration::seconds(60)
    );
    // Clocks: Aki's turn ran from 1 s to the last action at 40 s; the pause starts there.
    assert!(state.clock.is_paused());
    assert_eq!(
        state.clock.player_total(0, at(10_000)),
        Duration::seconds(39)
    );
}

#[test]
fn every_action_is_on_disk_after_its_sync() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut live = live(&dir, &["Aki", "Ben"]);
    live.apply(Event::NextPlayerTurn, at(5)).unwrap();
    let written = fs::read_to_string(live.journal().path()).unwrap();
    assert_eq!(
        written.lines().count(),
        1 + 4,
        "header + 4 actions, written before apply returns"
    );
    live.journal().wait_synced(4).unwrap();
    assert!(live.journal().synced() >= 4);
    assert_eq!(live.journal().sync_error(), None);
}

#[test]
fn a_torn_last_line_is_dropped_and_every_complete_event_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let path = {
        let dir = DataDir::open(tmp.path()).unwrap();
        let live = live(&dir, &["Aki", "Ben"]);
        live.journal().path().to_path_buf()
    };
    let original = fs::read(&path).unwrap();
    let mut file = fs::OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(br#"{"event":{"at":"2026-11-21T19:00:09Z","type":"next_pla"#)
        .unwrap();
    drop(file);

    let dir = DataDir::open(tmp.path()).unwrap();
    let (mut resumed, recovered) = dir.resume_game::<Terravist>(&path).unwrap();
    assert_eq!(
        recovered.problem,
        Some(JournalProblem::TornLastLine { line: 5 })
    );
    assert_eq!(recovered.ops, 3);
    // The original, torn line included, is kept byte for byte under a new name.
    let kept = recovered.set_aside.unwrap();
    assert!(kept.starts_with(dir.damaged_dir()));
    assert!(fs::read(&kept).unwrap().starts_with(&original));
    // The journal goes on cleanly.
    resumed
        .apply(Event::Clock(ClockEvent::Resume), at(20))
        .unwrap();
    resumed.apply(Event::NextPlayerTurn, at(21)).unwrap();
    drop(resumed);
    let (again, recovered) = dir.resume_game::<Terravist>(&path).unwrap();
    assert_eq!(recovered.problem, None);
    assert_eq!(again.session().state().current_player(), Some(1));
}

#[test]
fn a_damaged_journal_is_set_aside_and_the_user_told_what_was_recovered() {
    let tmp = tempfile::tempdir().unwrap();
    let path = {
        let dir = DataDir::open(tmp.path()).unwrap();
        let mut live = live(&dir, &["Aki", "Ben"]);
        live.apply(Event::NextPlayerTurn, at(5)).unwrap();
        live.journal().path().to_path_buf()
    };
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(3, "this line is garbage");
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    let damaged_bytes = fs::read(&path).unwrap();

    let dir = DataDir::open(tmp.path()).unwrap();
    let (resumed, recovered) = dir.resume_game::<Terravist>(&path).unwrap();
    assert!(matches!(
        recovered.problem,
        Some(JournalProblem::Damaged { line: 4, .. })
    ));
    assert_eq!(recovered.ops, 2, "the two events before the garbage");
    assert_eq!(
        fs::read(recovered.set_aside.unwrap()).unwrap(),
        damaged_bytes,
        "never deleted or overwritten"
    );
    assert_eq!(resumed.session().state().phase, Phase::Setup);
}

#[test]
fn a_garbage_journal_is_kept_and_reported() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let path = dir.live_dir().join("0000000000000001.jsonl");
    fs::write(&path, b"\x00\x01 not a journal at all").unwrap();
    let error = dir.resume_game::<Terravist>(&path).unwrap_err();
    let StoreError::Journal(JournalError::NoHeader { kept, .. }) = error else {
        panic!("expected NoHeader, got {error:?}");
    };
    assert_eq!(fs::read(kept).unwrap(), b"\x00\x01 not a journal at all");
    assert!(dir.unfinished().is_empty());
}

#[test]
fn files_from_a_newer_version_are_refused_and_left_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let path = dir.live_dir().join("0000000000000002.jsonl");
    let newer = br#"{"format":"tablekeeper-journal","version":9,"something":"new"}
{"event":{}}
"#;
    fs::write(&path, newer).unwrap();
    assert!(matches!(
        dir.resume_game::<Terravist>(&path),
        Err(StoreError::Journal(JournalError::NewerVersion {
            found: 9,
            ..
        }))
    ));
    assert_eq!(fs::read(&path).unwrap(), newer);

    let index = common::own_log(&dir).unwrap();
    let newer_index = b"{\"format\":\"tablekeeper-history\",\"version\":5}\n{\"future\":1}\n";
    fs::write(&index, newer_index).unwrap();
    assert!(matches!(
        dir.history(),
        Err(StoreError::History(HistoryError::NewerVersion {
            found: 5,
            ..
        }))
    ));
    assert_eq!(fs::read(&index).unwrap(), newer_index);
}

#[test]
fn only_one_copy_writes_a_data_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let first = DataDir::open(tmp.path()).unwrap();
    let second = DataDir::open(tmp.path()).unwrap_err();
    assert!(matches!(second, StoreError::InUse { .. }));
    assert!(
        second
            .to_string()
            .contains("in use by another copy of tablekeeper")
    );
    // Another process is refused too, and may still read the history.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args([
            "--lang",
            "en",
            "--data-dir",
            tmp.path().to_str().unwrap(),
            "history",
            "import",
            "tests/data/backup-v1.json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("in use by another copy"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args([
            "--data-dir",
            tmp.path().to_str().unwrap(),
            "history",
            "list",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    drop(first);
    DataDir::open(tmp.path()).expect("the lock is released when the first copy closes");
}

/// A child forked on another thread (any `Command`) holds a copy of every open file, the lock's
/// too, until it execs. Before: the lock went only when every copy was closed, so a folder let
/// go and opened again at that moment was "in use" (tests/data_loss.rs failed so, rarely).
/// Here the child is held between its fork and its exec until the folder is opened again.
#[cfg(unix)]
#[test]
fn a_lock_let_go_is_free_though_a_child_forked_meanwhile_still_holds_its_file() {
    use std::io::Read;
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;

    let tmp = tempfile::tempdir().unwrap();
    let first = DataDir::open(tmp.path()).unwrap();
    let (mut forked, forked_tell) = std::io::pipe().unwrap();
    let (go_wait, mut go) = std::io::pipe().unwrap();
    let go_fd = go.as_raw_fd();
    let mut child = Command::new("true");
    // SAFETY: between fork and exec the closure only calls close(2), write(2) and read(2).
    unsafe {
        child.pre_exec(move || {
            // The child's copy of the parent's end closed: if the test fails before it says
            // "go", its end closing lets the child go on to exec all the same.
            libc::close(go_fd);
            (&forked_tell).write_all(b"f")?;
            let _ = (&go_wait).read(&mut [0]);
            Ok(())
        });
    }
    // `spawn` waits for the exec, so it runs on a thread of its own.
    let spawner = std::thread::spawn(move || child.spawn().and_then(|mut c| c.wait()));
    forked.read_exact(&mut [0]).unwrap();
    // The child is between its fork and its exec, holding a copy of the lock's file.
    drop(first);
    let again = DataDir::open(tmp.path());
    // And a second copy of the app, another process, is still refused the folder.
    let other = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(["--lang", "en", "--data-dir", tmp.path().to_str().unwrap()])
        .args(["history", "import", "tests/data/backup-v1.json"])
        .output()
        .unwrap();
    go.write_all(b"g").unwrap();
    assert!(spawner.join().unwrap().unwrap().success());
    let again = again.expect("the folder let go opens again while the forked child lives");
    assert!(again.is_writable());
    assert_eq!(other.status.code(), Some(1));
    let said = String::from_utf8_lossy(&other.stderr);
    assert!(said.contains("in use by another copy"), "{said}");
}

#[test]
fn a_finished_game_moves_into_history_in_one_durable_step() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = dir.history().unwrap();
    let mut game = live(&dir, &["Aki", "Ben"]);
    let end = play_to_the_end(&mut game, 1, [2, 1]);
    let id = game.session().id().to_string();
    let entry = game
        .finish(&mut history, Outcome::Finished, at(end))
        .unwrap();
    assert!(dir.unfinished().is_empty(), "the journal is gone");
    assert_eq!(entry.winners(), vec!["Aki"]);
    // Reopened from disk, the history holds it and its event log re-scores to the same sheet.
    drop(history);
    let history = dir.history().unwrap();
    assert_eq!(history.get(&id), Some(&entry));
    let replayed = tablekeeper::Session::from_file(
        history
            .session_file(&id)
            .unwrap()
            .into_file::<Terravist>()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(replayed.sheet().players[0].total, entry.players[0].total);
    assert_eq!(
        entry.players[0].turns,
        3 + 2 + 1,
        "one player-turn per turn of each round"
    );
}

#[test]
fn a_crash_between_history_and_journal_removal_is_finished_at_the_next_start() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = dir.history().unwrap();
    let mut game = live(&dir, &["Aki", "Ben"]);
    play_to_the_end(&mut game, 1, [1, 1]);
    // The history got the session, then the process died before removing the journal.
    let entry =
        tablekeeper::session::summarize::summarize(game.session(), Outcome::Finished, at(999));
    history.put(entry, &game.session().to_file()).unwrap();
    drop(game);
    drop(history);
    assert_eq!(dir.unfinished().len(), 1);
    let history = dir.history().unwrap();
    assert_eq!(history.entries().len(), 1);
    assert!(
        dir.unfinished().is_empty(),
        "not offered for resume a second time"
    );
}

fn history_with(dir: &DataDir, games: &[(&[&str], [u32; 2])]) -> History {
    let mut history = dir.history().unwrap();
    for (names, results) in games {
        let mut game = live(dir, names);
        let end = play_to_the_end(&mut game, 1, *results);
        game.finish(&mut history, Outcome::Finished, at(end))
            .unwrap();
    }
    history
}

#[test]
fn history_edits_deletes_with_undo_and_compaction_survive_a_reopen() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = history_with(
        &dir,
        &[
            (&["Aki", "Ben"], [2, 1]),
            (&["Aki", "Chie"], [1, 2]),
            (&["Ben", "Chie"], [1, 1]),
        ],
    );
    let ids: Vec<String> = history.entries().iter().map(|e| e.id.clone()).collect();
    history.set_notes(&ids[0], "Aki's first win").unwrap();
    let deleted = history.delete(&ids[1]).unwrap();
    assert_eq!(history.entries().len(), 2);
    history.restore(deleted).unwrap();
    history.delete(&ids[2]).unwrap();
    drop(history);

    let mut history = dir.history().unwrap();
    assert_eq!(history.entries().len(), 2);
    assert_eq!(history.get(&ids[0]).unwrap().notes, "Aki's first win");
    assert!(history.get(&ids[2]).is_none());
    assert!(
        history.session_file(&ids[1]).is_ok(),
        "the restored session's events are still there"
    );
    let log = common::own_log(&dir).unwrap();
    assert_eq!(fs::read_to_string(&log).unwrap().lines().count(), 1 + 7);
    history.compact().unwrap();
    let index = fs::read_to_string(&log).unwrap();
    assert_eq!(
        index.lines().count(),
        1 + 4,
        "header + game 0 and its notes, game 1 restored, game 2 deleted: {index}"
    );
    assert!(
        dir.history_dir()
            .join("sessions")
            .join(format!("{}.json", ids[2]))
            .exists(),
        "a deleted game's file stays: a device sharing the history may still restore it"
    );
    drop(history);
    assert_eq!(dir.history().unwrap().entries().len(), 2);
}

#[test]
fn a_torn_history_line_is_dropped_and_the_index_kept_aside() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    drop(history_with(
        &dir,
        &[(&["Aki", "Ben"], [2, 1]), (&["Aki", "Chie"], [1, 2])],
    ));
    let index = common::own_log(&dir).unwrap();
    let mut file = fs::OpenOptions::new().append(true).open(&index).unwrap();
    file.write_all(b"{\"put\":{\"id\":\"00").unwrap();
    drop(file);
    let torn = fs::read(&index).unwrap();
    let history = dir.history().unwrap();
    assert_eq!(history.entries().len(), 2);
    let notice = history.notice.clone().unwrap();
    assert_eq!(notice.bad_lines, [4]);
    assert_eq!(fs::read(notice.kept.unwrap()).unwrap(), torn);
    assert!(history.is_writable());
}

#[test]
fn importing_the_same_backup_twice_adds_nothing() {
    let a = tempfile::tempdir().unwrap();
    let dir_a = DataDir::open(a.path()).unwrap();
    let history_a = history_with(
        &dir_a,
        &[(&["Aki", "Ben"], [2, 1]), (&["Aki", "Chie"], [1, 2])],
    );
    let backup = backup::backup(&history_a, history_a.entries(), at(0)).unwrap();
    let bytes = serde_json::to_vec(&backup).unwrap();

    let b = tempfile::tempdir().unwrap();
    let dir_b = DataDir::open(b.path()).unwrap();
    let mut history_b = dir_b.history().unwrap();
    let mut progress = Vec::new();
    let first = backup::import(
        &mut history_b,
        backup::parse_backup(&bytes).unwrap(),
        |d, t| progress.push((d, t)),
    )
    .unwrap();
    assert_eq!((first.added, first.skipped, first.refused.len()), (2, 0, 0));
    assert_eq!(progress, vec![(1, 2), (2, 2)]);
    let second = backup::import(
        &mut history_b,
        backup::parse_backup(&bytes).unwrap(),
        |_, _| {},
    )
    .unwrap();
    assert_eq!((second.added, second.skipped), (0, 2));
    // New local ids, the origin kept; totals re-scored from the events, equal to the source.
    for (imported, source) in history_b.entries().iter().zip(history_a.entries()) {
        assert_ne!(imported.id, source.id);
        assert_eq!(imported.origin_id.as_deref(), Some(source.id.as_str()));
        assert_eq!(imported.players, source.players);
    }
    // A backup of B brought back into A is recognised too.
    let back = backup::backup(&history_b, history_b.entries(), at(0)).unwrap();
    let mut history_a = history_a;
    let report = backup::import(&mut history_a, back, |_, _| {}).unwrap();
    assert_eq!((report.added, report.skipped), (0, 2));
}

#[test]
fn an_import_checks_what_it_is_given() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let history = history_with(&dir, &[(&["Aki", "Ben"], [2, 1])]);
    let good = backup::backup(&history, history.entries(), at(0)).unwrap();

    let mut lying = good.clone();
    lying.sessions[0].entry.id = "1111111111111111".into();
    lying.sessions[0].entry.players[0].total = Points::whole(9999); // the summary lies; the events decide
    let mut unplayable = good.clone();
    unplayable.sessions[0].entry.id = "2222222222222222".into();
    let Some(file) = unplayable.sessions[0].session.as_file_mut::<Terravist>() else {
        panic!("a TERRAVIST game")
    };
    let first = file.events[0].clone();
    file.events.insert(0, first);
    let mut crowded = good.clone();
    crowded.sessions[0].entry.id = "3333333333333333".into();
    let player = crowded.sessions[0].session.setup().players[0].clone();
    crowded.sessions[0].session.setup_mut().players = vec![player; 11];
    let mut all = good.clone();
    all.sessions = [lying, unplayable, crowded]
        .into_iter()
        .flat_map(|b| b.sessions)
        .collect();

    let other = tempfile::tempdir().unwrap();
    let other_dir = DataDir::open(other.path()).unwrap();
    let mut target = other_dir.history().unwrap();
    let report = backup::import(&mut target, all, |_, _| {}).unwrap();
    assert_eq!(report.added, 1);
    assert_eq!(report.refused.len(), 2, "{:?}", report.refused);
    assert!(
        report.refused[0]
            .1
            .render(tablekeeper::i18n::Locale::EN)
            .contains("refused by the rules"),
        "{:?}",
        report.refused
    );
    assert!(
        report.refused[1]
            .1
            .render(tablekeeper::i18n::Locale::EN)
            .contains("more than 10 players")
    );
    assert_eq!(
        target.entries()[0].players[0].total,
        history.entries()[0].players[0].total
    );

    assert!(matches!(
        backup::parse_backup(b"[1,2,3]"),
        Err(backup::ImportError::NotABackup(_))
    ));
    assert!(matches!(
        backup::parse_backup(br#"{"format":"tablekeeper-backup","version":3,"sessions":[]}"#),
        Err(backup::ImportError::NewerVersion(3))
    ));
    let deep = "[".repeat(10_000) + &"]".repeat(10_000);
    assert!(
        backup::parse_backup(deep.as_bytes()).is_err(),
        "serde_json's recursion limit holds"
    );
}

#[test]
fn csv_has_one_row_per_player_per_session_and_a_column_per_part() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let history = history_with(
        &dir,
        &[
            (&["Aki", "Ben, the \"Bold\""], [2, 1]),
            (&["Aki", "Chie"], [1, 2]),
        ],
    );
    let text = export::csv(history.entries());
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        headers,
        [
            "session",
            "date",
            "game",
            "outcome",
            "duration_min",
            "player",
            "seat",
            "start_player",
            "rank",
            "winner",
            "total",
            "creatures",
            "positions",
            "objectives",
            "development",
            "eggs",
            "tucked"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(&rows[1][5], "Ben, the \"Bold\"", "quoting done right");
    let entry = &history.entries()[0];
    assert_eq!(rows[0][10], entry.players[0].total.to_string());
    let parts = Points::checked_sum((11..17).map(|i| Points::parse(&rows[0][i]).unwrap())).unwrap();
    assert_eq!(
        parts, entry.players[0].total,
        "the parts add up to the total"
    );
}

/// A test value: the shipped TERRAVIST profile has no confirmed BGG id.
fn bgstats_context() -> export::BgStatsContext {
    export::BgStatsContext {
        bgg_ids: [("terravist".to_string(), 12345)].into(),
    }
}

fn fixture(name: &str) -> serde_json::Value {
    let path = format!(
        "{}/tests/fixtures/bgstats/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The JSON type of a value, for comparing shapes ("number", "string", …).
fn kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "bool",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "array",
        serde_json::Value::Object(_) => "object",
    }
}

/// `value` has exactly the keys of `fixture`, each of the same JSON type, objects and the first
/// item of arrays compared in turn; `optional` keys may be absent.
fn same_shape(value: &serde_json::Value, fixture: &serde_json::Value, at: &str, optional: &[&str]) {
    assert_eq!(kind(value), kind(fixture), "{at}: {value}");
    match (value, fixture) {
        (serde_json::Value::Object(v), serde_json::Value::Object(f)) => {
            for key in v.keys() {
                assert!(f.contains_key(key), "{at}.{key} is not in the fixture");
            }
            for (key, f) in f {
                match v.get(key) {
                    Some(v) => same_shape(v, f, &format!("{at}.{key}"), optional),
                    None => assert!(optional.contains(&key.as_str()), "{at}.{key} is missing"),
                }
            }
        }
        (serde_json::Value::Array(v), serde_json::Value::Array(f)) => {
            if let Some(f) = f.first() {
                for (i, v) in v.iter().enumerate() {
                    same_shape(v, f, &format!("{at}[{i}]"), optional);
                }
            }
        }
        _ => {}
    }
}

#[test]
fn the_bg_stats_push_play_has_the_documented_keys_and_types() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = history_with(
        &dir,
        &[(&["Aki", "Ben"], [2, 1]), (&["Aki", "Chie"], [1, 1])],
    );
    let first = history.entries()[0].id.clone();
    history
        .set_notes(&first, "at Ben's, the long table")
        .unwrap();
    let entry = &history.entries()[0];
    let play = serde_json::to_value(export::bgstats_play(entry, &bgstats_context())).unwrap();
    // Every key the app sends is one BG Stats documents, with its type; the ones the Android
    // app fails without (winner, startPlayer, highestWins, noPoints) and role are all there.
    same_shape(&play, &fixture("push-play.json"), "play", &[]);
    assert_eq!(play["sourceName"], "tablekeeper");
    assert_eq!(play["comments"], "at Ben's, the long table");
    assert_eq!(play["game"]["bggId"], 12345);
    assert_eq!(play["game"]["sourceGameId"], "terravist");
    assert_eq!(
        play["players"][0]["role"], "",
        "no side: role is empty, not absent"
    );
    assert_eq!(
        play["playDate"],
        entry.started_at.format("%Y-%m-%d %H:%M:%S").to_string(),
        "UTC"
    );
    assert_eq!(play["players"][0]["startPlayer"], true);
    assert_eq!(play["players"][0]["winner"], true);
    assert_eq!(
        play["players"][0]["score"].as_f64(),
        Some(entry.players[0].total.to_f64())
    );
    assert!(
        play["players"][0]["score"].is_i64(),
        "a whole score is sent as an integer, as in the documented example: {play}"
    );
    // Without a BGG id the game is matched by name: the id is left out (never a string or 0).
    let unknown = serde_json::to_value(export::bgstats_play(entry, &Default::default())).unwrap();
    same_shape(&unknown, &fixture("push-play.json"), "play", &["bggId"]);
    assert!(unknown["game"].get("bggId").is_none());
}

/// The push link carries exactly the play, percent-encoded: decoded back, it is the same JSON.
#[test]
fn the_bg_stats_link_carries_the_play() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let history = history_with(&dir, &[(&["アキ", "Ben & Chie"], [2, 1])]);
    let context = bgstats_context();
    let entry = &history.entries()[0];
    let link = export::bgstats_link(entry, &context);
    // BG Stats' push address, as its page and the apps that push plays give it.
    let encoded = link
        .strip_prefix("https://app.bgstatsapp.com/createPlay.html?data=")
        .expect("BG Stats' push address");
    assert!(
        encoded
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~:,/@!$'()*;?%".contains(&b)),
        "{encoded}"
    );
    let play: serde_json::Value = serde_json::from_slice(&percent_decode(encoded)).unwrap();
    // No notes: no comments (an empty one would only lengthen the QR code).
    same_shape(&play, &fixture("push-play.json"), "play", &["comments"]);
    assert_eq!(play["players"][0]["name"], "アキ");
    assert_eq!(play["players"][1]["name"], "Ben & Chie");
}

#[test]
fn the_bg_stats_file_is_its_own_import_format_linked_by_ids_and_stable_uuids() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let history = history_with(
        &dir,
        &[
            (&["Aki", "Ben"], [2, 1]),
            (&["Aki", "Chie"], [1, 1]),
            (&["Ben", "Chie"], [1, 2]),
        ],
    );
    let context = bgstats_context();
    let text = export::bgstats(history.entries(), &context);
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    same_shape(&file, &fixture("import-file.json"), "file", &[]);

    // One game, three players, three plays; every reference points at an item of the file.
    assert_eq!(file["games"].as_array().unwrap().len(), 1);
    assert_eq!(file["players"].as_array().unwrap().len(), 3);
    let plays = file["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 3);
    let player_name = |id: &serde_json::Value| {
        file["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == id)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .expect("a player of the file")
    };
    for (play, entry) in plays.iter().zip(history.entries()) {
        assert_eq!(play["gameRefId"], file["games"][0]["id"]);
        assert_eq!(
            play["playDate"],
            entry.started_at.format("%Y-%m-%d %H:%M:%S").to_string()
        );
        for (score, player) in play["playerScores"]
            .as_array()
            .unwrap()
            .iter()
            .zip(&entry.players)
        {
            assert_eq!(player_name(&score["playerRefId"]), player.name);
            assert_eq!(score["score"], player.total.to_string());
            assert_eq!(score["winner"], player.winner);
            assert_eq!(score["rank"], player.rank);
        }
    }
    assert_eq!(file["games"][0]["bggId"], 12345);

    // Every uuid is distinct, and the same games exported again have the same ones.
    let uuids = |file: &serde_json::Value| -> Vec<String> {
        ["games", "players", "plays"]
            .iter()
            .flat_map(|list| file[*list].as_array().unwrap().clone())
            .map(|item| item["uuid"].as_str().unwrap().to_string())
            .collect()
    };
    let first = uuids(&file);
    let mut distinct = first.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), first.len());
    let again: serde_json::Value =
        serde_json::from_str(&export::bgstats(history.entries(), &context)).unwrap();
    assert_eq!(uuids(&again), first);
    // The second game alone: its play keeps its uuid, its players theirs.
    let alone: serde_json::Value =
        serde_json::from_str(&export::bgstats(&history.entries()[1..2], &context)).unwrap();
    assert_eq!(alone["plays"][0]["uuid"], file["plays"][1]["uuid"]);
    let aki = |f: &serde_json::Value| {
        f["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Aki")
            .unwrap()["uuid"]
            .clone()
    };
    assert_eq!(aki(&alone), aki(&file));
}

fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[test]
fn statistics_match_the_entries_worked_by_hand() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    // Objective slots 5/3/2/1 and the Owl (4 Smiles) of seat 0 decide every total:
    // game 1, Aki–Ben, results 2/1 each round: Aki 4 + 3×5 + eggs, Ben 3×3.
    let history = history_with(
        &dir,
        &[
            (&["Aki", "Ben"], [2, 1]),
            (&["Aki", "Chie"], [1, 2]),
            (&["Ben", "aki "], [1, 1]),
        ],
    );
    let e = history.entries();
    let s = stats::compute(e, &Filter::default());
    assert_eq!(s.sessions, 3);
    let aki = s.players.iter().find(|p| p.name == "Aki").unwrap();
    assert_eq!(aki.plays, 3, "\"aki \" is Aki");
    let aki_totals = [
        e[0].players[0].total,
        e[1].players[0].total,
        e[2].players[1].total,
    ];
    assert_eq!(aki.best_total, *aki_totals.iter().max().unwrap());
    assert_eq!(aki.worst_total, *aki_totals.iter().min().unwrap());
    assert!(
        (aki.average_total
            - Points::checked_sum(aki_totals.iter().copied())
                .unwrap()
                .to_f64()
                / 3.0)
            .abs()
            < 1e-9
    );
    let aki_wins = u32::from(e[0].players[0].winner)
        + u32::from(e[1].players[0].winner)
        + u32::from(e[2].players[1].winner);
    assert_eq!(aki.wins, aki_wins);
    assert!((aki.win_rate - f64::from(aki_wins) / 3.0).abs() < 1e-9);
    let parts_sum: f64 = aki.average_parts.values().sum();
    assert!(
        (parts_sum - aki.average_total).abs() < 1e-9,
        "the part averages add up to the total's"
    );
    let aki_time = e[0].players[0].time_ms + e[1].players[0].time_ms + e[2].players[1].time_ms;
    let table_time: i64 = e.iter().flat_map(|x| &x.players).map(|p| p.time_ms).sum();
    assert!((aki.time_share - aki_time as f64 / table_time as f64).abs() < 1e-9);
    assert!(aki.time_share > 0.5, "Aki's settling turns take longer");
    let h2h = s
        .head_to_head
        .iter()
        .find(|h| h.player == "Aki" && h.opponent == "Ben")
        .unwrap();
    assert_eq!(h2h.games, 2);
    assert_eq!(h2h.wins + h2h.losses + h2h.ties, 2);
    assert_eq!(s.plays_per_month, vec![("2026-11".to_string(), 3)]);

    let only_chie = stats::compute(
        e,
        &Filter {
            player: Some("CHIE".into()),
            ..Filter::default()
        },
    );
    assert_eq!(only_chie.sessions, 1);
    let none = stats::compute(
        e,
        &Filter {
            game: Some("earth".into()),
            ..Filter::default()
        },
    );
    assert_eq!(none.sessions, 0);
    let later = stats::compute(
        e,
        &Filter {
            from: Some(at(3600)),
            ..Filter::default()
        },
    );
    assert_eq!(later.sessions, 0);
}

#[test]
fn merging_a_misspelt_player_joins_their_record_and_survives_a_reopen() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = history_with(
        &dir,
        &[
            (&["Aki", "Ben"], [2, 1]),
            (&["Akii", "Chie"], [1, 2]),
            (&["Ben", "aki"], [1, 1]),
        ],
    );
    assert_eq!(
        stats::compute(history.entries(), &Filter::default())
            .players
            .len(),
        4
    );
    let changed = history.rename_player("AKII", "Aki").unwrap();
    assert_eq!(changed, 1);
    let s = stats::compute(history.entries(), &Filter::default());
    assert_eq!(s.players.len(), 3, "Akii is now Aki");
    assert_eq!(s.players.iter().find(|p| p.name == "Aki").unwrap().plays, 3);
    let id = history.entries()[1].id.clone();
    drop(history);
    let history = dir.history().unwrap();
    assert_eq!(history.get(&id).unwrap().players[0].name, "Aki");
    assert_eq!(
        history
            .session_file(&id)
            .unwrap()
            .into_file::<Terravist>()
            .unwrap()
            .setup
            .players[0]
            .name,
        "Aki",
        "the event log's setup too"
    );
}

#[test]
fn a_correction_is_recorded_as_an_event_and_re_scores_the_game() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = history_with(&dir, &[(&["Aki", "Ben"], [2, 1])]);
    let id = history.entries()[0].id.clone();
    let before = history.get(&id).unwrap().clone();
    let events_before = history
        .session_file(&id)
        .unwrap()
        .into_file::<Terravist>()
        .unwrap()
        .events
        .len();
    let corrected = history
        .correct_score(&id, 1, "positions", Some(40), at(9_999))
        .unwrap();
    assert_eq!(
        corrected.players[1].total,
        before.players[1]
            .total
            .checked_add(Points::whole(40))
            .unwrap()
    );
    assert_eq!(corrected.winners(), vec!["Ben"]);
    let file = history
        .session_file(&id)
        .unwrap()
        .into_file::<Terravist>()
        .unwrap();
    assert_eq!(
        file.events.len(),
        events_before + 1,
        "the original events stay; the correction is added"
    );
    assert!(matches!(
        file.events.last().unwrap().event,
        Event::SetScore { player: 1, .. }
    ));
    let refused = history.correct_score(&id, 0, "positions", Some(5_000), at(10_000));
    assert!(matches!(
        refused,
        Err(tablekeeper::store::history::CorrectionError::Rule(_))
    ));
    assert_eq!(
        history.get(&id).unwrap().players[1].total,
        corrected.players[1].total,
        "a refused correction changes nothing"
    );
}

#[test]
fn a_logged_past_game_counts_in_the_statistics_but_not_in_their_times() {
    use tablekeeper::past_game::PastGame;
    use tablekeeper::scoring::{CellInput, PlayerInput, SheetInput};
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = history_with(&dir, &[(&["Aki", "Ben"], [2, 1])]);
    let played = history.entries()[0].clone();
    let before = stats::compute(history.entries(), &Filter::default());
    let player = |name: &str, positions: i64| PlayerInput {
        name: name.into(),
        parts: [(
            "positions".to_string(),
            CellInput::Number(Points::whole(positions)),
        )]
        .into(),
        ..PlayerInput::default()
    };
    let past = PastGame {
        played_at: at(-30 * 86_400),
        sheet: SheetInput {
            players: vec![player("Aki", 5), player("Ben", 9)],
            ..SheetInput::default()
        },
        notes: " kept on the back of the rulebook ".into(),
    };
    let (entry, session) = past
        .log(tablekeeper::past_game::SheetGame::of::<Terravist>(
            tablekeeper::terravist::profile::Profile::terravist(),
        ))
        .unwrap();
    assert!(entry.logged);
    assert_eq!(entry.notes, "kept on the back of the rulebook");
    assert_eq!(entry.winners(), ["Ben"]);
    history.put(entry.clone(), &session).unwrap();
    drop(history);

    let history = dir.history().unwrap();
    let after = stats::compute(history.entries(), &Filter::default());
    assert_eq!(after.sessions, 2, "counted like any game");
    let aki = after.players.iter().find(|p| p.name == "Aki").unwrap();
    assert_eq!(aki.plays, 2);
    assert_eq!(
        after.average_game_ms, played.duration_ms as f64,
        "its missing time does not halve the average game"
    );
    assert_eq!(after.average_turn_ms, before.average_turn_ms);
    // Kept as a session like any other: it replays to the same scores.
    let replayed = history
        .session_file(&entry.id)
        .unwrap()
        .summarize(Outcome::Finished, entry.ended_at)
        .unwrap();
    let totals = |e: &tablekeeper::session::summary::HistoryEntry| -> Vec<Points> {
        e.players.iter().map(|p| p.total).collect()
    };
    assert_eq!(totals(&replayed), totals(history.get(&entry.id).unwrap()));

    // A half point is refused for TERRAVIST's whole-number sheet, naming whose it is.
    let mut halves = past.clone();
    halves.sheet.players[0].parts.insert(
        "positions".into(),
        CellInput::Number(Points::new(1, 2).unwrap()),
    );
    let refused = halves
        .log(tablekeeper::past_game::SheetGame::of::<Terravist>(
            tablekeeper::terravist::profile::Profile::terravist(),
        ))
        .unwrap_err();
    assert!(
        refused
            .render(tablekeeper::i18n::Locale::EN)
            .starts_with("Aki: "),
        "{refused}"
    );
}

/// Issue 57, case 12: a phone takes back 3 actions, the table pauses and resumes (a pizza),
/// and the same phone puts all 3 back: nothing is lost. Each undo and redo line of the journal
/// names the phone that asked, and the journal replays to the same game after a kill.
#[test]
fn a_pause_after_undos_keeps_the_redo_and_each_line_names_its_phone() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut live = live(&dir, &["Aki", "Ben"]);
    for t in [10, 20, 30] {
        live.apply(Event::NextPlayerTurn, at(t)).unwrap();
    }
    let played = live.session().records().to_vec();
    for t in [40, 41, 42] {
        assert!(live.undo_by(at(t), Some(1)).unwrap());
    }
    live.apply(Terravist::clock_event(ClockEvent::Pause), at(50))
        .unwrap();
    live.apply(Terravist::clock_event(ClockEvent::Resume), at(60))
        .unwrap();
    assert!(
        live.session().can_redo(),
        "a pause and a resume keep the redo"
    );
    for t in [70, 71, 72] {
        assert!(live.redo_by(at(t), Some(1)).unwrap());
    }
    let records = live.session().records();
    assert_eq!(
        &records[..played.len()],
        &played[..],
        "every action is back"
    );
    let times: Vec<_> = records.iter().map(|r| r.at).collect();
    assert!(times.is_sorted(), "{times:?}");
    assert!(!live.session().state().clock.is_paused());
    // The journal names the phone on each undo and redo line.
    let path = live.journal().path().to_path_buf();
    let journal = fs::read_to_string(&path).unwrap();
    let named = |kind: &str| {
        (journal.lines())
            .filter(|line| line.contains(&format!("\"{kind}\"")))
            .filter(|line| line.contains("\"phone\":1"))
            .count()
    };
    assert_eq!((named("undo"), named("redo")), (3, 3), "{journal}");
    let before = live.session().records().to_vec();
    drop(live);
    let (resumed, _) = dir.resume_game::<Terravist>(&path).unwrap();
    let after: Vec<_> = resumed
        .session()
        .records()
        .iter()
        .take(before.len())
        .collect();
    assert_eq!(
        after,
        before.iter().collect::<Vec<_>>(),
        "the journal replays the same"
    );
}

/// What is made from the history (the league, tonight's standings) is kept with its version:
/// every change gives a version no state had before, so a delete and an add between two looks
/// (the same length) is seen, and a history opened again is not taken for the one before.
#[test]
fn the_history_s_version_changes_with_every_change_and_never_comes_back() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = history_with(&dir, &[(&["Aki", "Ben"], [2, 1])]);
    let mut seen = vec![history.version()];
    let mut saw = |version: u64, what: &str| {
        assert!(!seen.contains(&version), "{what}: {version} seen before");
        seen.push(version);
    };
    let ids: Vec<String> = history.entries().iter().map(|e| e.id.clone()).collect();
    history.set_notes(&ids[0], "close game").unwrap();
    saw(history.version(), "notes");
    let deleted = history.delete(&ids[0]).unwrap();
    saw(history.version(), "delete");
    history.restore(deleted).unwrap();
    assert_eq!(
        history.entries().len(),
        1,
        "the same length as before the delete"
    );
    saw(history.version(), "restore");
    let unchanged = history.version();
    assert_eq!(history.entries().len(), 1);
    assert_eq!(history.version(), unchanged, "reading changes nothing");
    drop(history);
    let again = dir.history().unwrap();
    saw(again.version(), "opened again");
}
