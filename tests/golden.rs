//! Files as version 1 of each format wrote them load the same way forever. Version 1 is the
//! first released format, so no migration exists yet; when a format changes, its migration is
//! tested against these files, and new golden files are added beside them.

use std::fs;
use std::path::Path;

use tablekeeper::backup;
use tablekeeper::store::DataDir;
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::state::Phase;

/// Copies a golden data directory, so opening it (which may repair files) never touches it.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_version_1_data_directory_opens_with_its_history_and_unfinished_game() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(Path::new("tests/data/datadir-v1"), tmp.path());
    let dir = DataDir::open(tmp.path()).unwrap();
    let history = dir.history().unwrap();
    assert_eq!(history.notice, None);
    let ids: Vec<&str> = history.entries().iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["00000000000000a0", "00000000000000a1"]);
    let first = &history.entries()[0];
    // Aki: Owl 4 + objectives 3×5 = 19 (the egg added at each round end goes back at step 2);
    // Ben: objectives 3×3 + positions 3 = 12.
    let totals: Vec<String> = first.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(totals, ["19", "12"]);
    assert_eq!(first.winners(), ["Aki"]);
    let replayed = tablekeeper::Session::from_file(
        history
            .session_file("00000000000000a0")
            .unwrap()
            .into_file::<tablekeeper::terravist::Terravist>()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(replayed.sheet().players[0].total.as_whole(), Some(19));

    let journals = dir.unfinished();
    assert_eq!(journals.len(), 1);
    let (live, recovered) = dir.resume_game::<Terravist>(&journals[0]).unwrap();
    assert_eq!(recovered.problem, None);
    assert_eq!(recovered.ops, 6, "4 events, an undo and a redo");
    let state = live.session().state();
    assert_eq!(
        state.phase,
        Phase::Playing {
            round: 1,
            turn: 1,
            offset: 1
        }
    );
    assert!(state.clock.is_paused());
}

#[test]
fn a_version_1_backup_imports() {
    let bytes = fs::read("tests/data/backup-v1.json").unwrap();
    let backup = backup::parse_backup(&bytes).unwrap();
    assert_eq!(backup.sessions.len(), 2);
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = dir.history().unwrap();
    let report = backup::import(&mut history, backup, |_, _| {}).unwrap();
    assert_eq!(
        (report.added, report.skipped, report.refused.len()),
        (2, 0, 0)
    );
    let origins: Vec<Option<&str>> = history
        .entries()
        .iter()
        .map(|e| e.origin_id.as_deref())
        .collect();
    assert_eq!(
        origins,
        [Some("00000000000000a0"), Some("00000000000000a1")]
    );
}

#[test]
fn a_version_1_session_file_scores() {
    // Read as the app reads any game file.
    let text = tablekeeper::load::read_text(Path::new("tests/data/session-v1.json")).unwrap();
    let (session, _) = tablekeeper::load::read_game(&text, "session-v1.json", &[]).unwrap();
    assert_eq!(session.engine(), "terravist");
    let totals: Vec<i64> = (session.sheet().unwrap().players.iter())
        .map(|p| p.total.as_whole().unwrap())
        .collect();
    assert_eq!(totals, [17, 15]);
}
