//! One history shared by two devices through a sync engine, simulated: two data directories,
//! each with its own copy of the history folder, games played, corrected, noted, renamed and
//! deleted on each while apart, then the files copied across both ways, in either order, with
//! half-copied files on the way. Both must end up showing the same history, with nothing lost
//! and no file ever written by two devices.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::*;
use tablekeeper::session::summary::HistoryEntry;
use tablekeeper::store::DataDir;
use tablekeeper::store::history::History;

/// Every file under `dir`, by path relative to it, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for file in fs::read_dir(&folder).unwrap().flatten() {
            let path = file.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap().to_path_buf();
                found.insert(relative, fs::read(&path).unwrap());
            }
        }
    }
    found
}

/// What a sync engine does for files with one writer each: every file `from` has that `to`
/// lacks, or holds less of (logs only grow), is copied over whole.
fn sync(from: &Path, to: &Path) {
    for (relative, bytes) in files(from) {
        let target = to.join(&relative);
        let behind = fs::read(&target).map_or(true, |have| have.len() < bytes.len());
        if behind {
            fs::create_dir_all(target.parent().unwrap()).unwrap();
            fs::write(&target, &bytes).unwrap();
        }
    }
}

/// Like [`sync`], but each file arrives cut at `fraction` of its length: a copy in progress.
fn sync_half(from: &Path, to: &Path, fraction: f64) {
    for (relative, bytes) in files(from) {
        let target = to.join(&relative);
        if fs::read(&target).map_or(true, |have| have.len() < bytes.len()) {
            fs::create_dir_all(target.parent().unwrap()).unwrap();
            let cut = (bytes.len() as f64 * fraction) as usize;
            fs::write(&target, &bytes[..cut]).unwrap();
        }
    }
}

/// The history as a device shows it: every entry by id, and each game's session as read.
#[derive(PartialEq)]
struct Shown(Vec<HistoryEntry>, Vec<String>);

impl std::fmt::Debug for Shown {
    /// The games' ids, totals and notes: enough to see what differs without pages of JSON.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (entry, session) in self.0.iter().zip(&self.1) {
            let totals: Vec<String> = entry
                .players
                .iter()
                .map(|p| format!("{} {}", p.name, p.total))
                .collect();
            writeln!(
                f,
                "{} {:?} {:?} session {} bytes",
                entry.id,
                totals,
                entry.notes,
                session.len()
            )?;
        }
        Ok(())
    }
}

fn shown(dir: &DataDir) -> Shown {
    let history = dir.history().unwrap();
    assert!(history.notice.is_none(), "{:?}", history.notice);
    let mut entries = history.entries().to_vec();
    entries.sort_by(|a, b| a.id.cmp(&b.id));
    let sessions = entries
        .iter()
        .map(|e| serde_json::to_string(&history.session_file(&e.id).unwrap()).unwrap())
        .collect();
    Shown(entries, sessions)
}

struct Devices {
    _tmp: tempfile::TempDir,
    a: DataDir,
    b: DataDir,
    /// Games each played while apart, then what each did to the other's.
    a_games: Vec<String>,
    b_games: Vec<String>,
}

/// Two devices that shared their first games, then went apart: each plays, corrects (one game
/// on both, different cells), notes, renames and deletes without seeing the other.
fn devices_apart() -> Devices {
    let tmp = tempfile::tempdir().unwrap();
    let a = DataDir::open(&tmp.path().join("a")).unwrap();
    let b = DataDir::open(&tmp.path().join("b")).unwrap();
    assert_ne!(a.device(), b.device(), "each data directory is a device");
    let mut a_games = Vec::new();
    let mut b_games = Vec::new();
    {
        let mut history = a.history().unwrap();
        a_games.push(finished_game(&a, &mut history, &["Aki", "Ben"], [2, 1], 1));
        a_games.push(finished_game(&a, &mut history, &["Ben", "Chie"], [1, 2], 2));
    }
    {
        let mut history = b.history().unwrap();
        b_games.push(finished_game(&b, &mut history, &["Aki", "Chie"], [1, 1], 3));
    }
    // The first sync: both hold the same three games.
    sync(&a.history_dir(), &b.history_dir());
    sync(&b.history_dir(), &a.history_dir());
    assert_eq!(shown(&a), shown(&b));

    // Apart.
    {
        let mut history = a.history().unwrap();
        a_games.push(finished_game(&a, &mut history, &["Aki", "Dai"], [2, 2], 4));
        history
            .correct_score(&b_games[0], 0, "positions", Some(7), at(10 * 86_400))
            .unwrap();
        history.set_notes(&a_games[0], "on the porch").unwrap();
        history.rename_player("ben", "Benjamin").unwrap();
    }
    {
        let mut history = b.history().unwrap();
        b_games.push(finished_game(&b, &mut history, &["Chie", "Eri"], [1, 2], 5));
        // The same game as A corrected, another cell: both corrections must stay.
        history
            .correct_score(&b_games[0], 1, "positions", Some(11), at(11 * 86_400))
            .unwrap();
        history.delete(&a_games[1]).unwrap();
        history.set_notes(&b_games[1], "Eri's first game").unwrap();
    }
    Devices {
        _tmp: tmp,
        a,
        b,
        a_games,
        b_games,
    }
}

fn check_converged(devices: &Devices) {
    let (a, b) = (&devices.a, &devices.b);
    let shown_a = shown(a);
    assert_eq!(shown_a, shown(b), "both devices show the same history");
    let history = a.history().unwrap();
    let listed: Vec<&str> = shown_a.0.iter().map(|e| e.id.as_str()).collect();
    for id in [
        &devices.a_games[0],
        &devices.a_games[2],
        &devices.b_games[0],
        &devices.b_games[1],
    ] {
        assert!(listed.contains(&id.as_str()), "game {id} lost");
    }
    assert!(
        !listed.contains(&devices.a_games[1].as_str()),
        "B's delete holds"
    );
    // Both corrections of the one game: the replay holds A's cell and B's.
    let both = history.get(&devices.b_games[0]).unwrap();
    assert_eq!(both.players[0].scores[1].to_string(), "7", "A's correction");
    assert_eq!(
        both.players[1].scores[1].to_string(),
        "11",
        "B's correction"
    );
    let session = history.session_file(&devices.b_games[0]).unwrap();
    let replayed = session
        .summarize(both.outcome, both.ended_at)
        .expect("the corrected session replays");
    assert_eq!(
        replayed.players.iter().map(|p| p.total).collect::<Vec<_>>(),
        both.players.iter().map(|p| p.total).collect::<Vec<_>>(),
        "the session as read holds both corrections"
    );
    assert_eq!(
        history.get(&devices.a_games[0]).unwrap().notes,
        "on the porch"
    );
    assert_eq!(
        history.get(&devices.b_games[1]).unwrap().notes,
        "Eri's first game"
    );
    let first = history.get(&devices.a_games[0]).unwrap();
    assert_eq!(first.players[1].name, "Benjamin", "A's rename holds");
    assert_eq!(
        session_names(&history, &devices.a_games[0]),
        ["Aki", "Benjamin"],
        "the session as read carries the rename"
    );
}

fn session_names(history: &History, id: &str) -> Vec<String> {
    let file = history.session_file(id).unwrap();
    file.setup()
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect()
}

/// No device ever wrote a file another device wrote: every file in both folders is either the
/// same in both or one is a beginning of the other (a log one device appends to).
fn check_one_writer_per_file(devices: &Devices) {
    let a = files(&devices.a.history_dir());
    let b = files(&devices.b.history_dir());
    for (path, mine) in &a {
        if let Some(theirs) = b.get(path) {
            let (short, long) = if mine.len() <= theirs.len() {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            assert!(
                long.starts_with(short),
                "{} differs between the devices: a conflict",
                path.display()
            );
        }
    }
    let logs = |files: &BTreeMap<PathBuf, Vec<u8>>| -> Vec<String> {
        files
            .keys()
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .map(|p| p.display().to_string())
            .collect()
    };
    assert_eq!(logs(&a), logs(&b));
    assert_eq!(logs(&a).len(), 2, "one log per device: {:?}", logs(&a));
}

#[test]
fn two_devices_apart_converge_whichever_syncs_first() {
    for a_first in [true, false] {
        let devices = devices_apart();
        let (first, second) = if a_first {
            (&devices.a, &devices.b)
        } else {
            (&devices.b, &devices.a)
        };
        // One way; the receiver opens its history (and writes to it) before the other way.
        sync(&first.history_dir(), &second.history_dir());
        {
            let mut history = second.history().unwrap();
            history
                .set_notes(&devices.a_games[2], "seen on the second device")
                .unwrap();
        }
        sync(&second.history_dir(), &first.history_dir());
        check_converged(&devices);
        check_one_writer_per_file(&devices);
    }
}

#[test]
fn half_copied_files_cost_nothing_and_are_read_whole_once_complete() {
    let devices = devices_apart();
    let (a, b) = (&devices.a, &devices.b);
    let before = shown(a);
    for fraction in [0.0, 0.3, 0.5, 0.97] {
        sync_half(&b.history_dir(), &a.history_dir(), fraction);
        // A opens the history with B's files cut short: it shows at least what it had (less
        // B's deletion once B's log is read that far), says nothing is damaged, and writes
        // nothing into B's files.
        let own_log = common::own_log(a).unwrap();
        let others_in_a: BTreeMap<PathBuf, Vec<u8>> = files(&a.history_dir())
            .into_iter()
            .filter(|(p, _)| a.history_dir().join(p) != own_log)
            .collect();
        let history = a.history().unwrap();
        assert!(
            history.notice.is_none(),
            "{fraction}: a copy in progress is not damage: {:?}",
            history.notice
        );
        // What A wrote stays listed; B's games come and go with B's log while it is copied.
        for id in [&devices.a_games[0], &devices.a_games[2]] {
            assert!(history.contains(id), "{fraction}: {id} lost");
        }
        assert!(before.0.len() >= 4);
        for entry in history.entries() {
            // A game listed before its file arrived whole says so only when opened.
            let _ = history.session_file(&entry.id);
        }
        drop(history);
        let after = files(&a.history_dir());
        for (path, bytes) in &others_in_a {
            assert_eq!(
                after.get(path),
                Some(bytes),
                "{fraction}: A changed {}",
                path.display()
            );
        }
        // The copy resumes where the sync engine left it: whole files replace the cut ones.
        for (relative, bytes) in files(&b.history_dir()) {
            let target = a.history_dir().join(&relative);
            if fs::read(&target).map_or(true, |have| have.len() < bytes.len()) {
                fs::remove_file(&target).ok();
            }
        }
    }
    sync(&b.history_dir(), &a.history_dir());
    sync(&a.history_dir(), &b.history_dir());
    check_converged(&devices);
    check_one_writer_per_file(&devices);
}

#[test]
fn a_sync_engines_conflict_copy_of_a_log_changes_nothing() {
    let devices = devices_apart();
    let (a, b) = (&devices.a, &devices.b);
    sync(&a.history_dir(), &b.history_dir());
    sync(&b.history_dir(), &a.history_dir());
    let before = shown(a);
    // Syncthing's, Dropbox's: a second copy of a log under another name.
    let log = common::own_log(a).unwrap();
    let name = log.file_stem().unwrap().to_string_lossy().into_owned();
    for copy in [
        format!("{name}.sync-conflict-20261123-101500-ABCDEFG.jsonl"),
        format!("{name} (conflicted copy 2026-11-23).jsonl"),
    ] {
        fs::copy(&log, a.history_dir().join(copy)).unwrap();
    }
    assert_eq!(shown(a), before);
}

#[test]
fn a_history_written_before_logs_were_per_device_becomes_this_devices_log() {
    // The golden data directory of format 1: one `history/index.jsonl`.
    let tmp = tempfile::tempdir().unwrap();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/datadir-v1");
    copy_tree(&golden, tmp.path());
    let legacy = tmp.path().join("history/index.jsonl");
    let legacy_bytes = fs::read(&legacy).unwrap();
    let read_only = DataDir::open_read_only(tmp.path()).history().unwrap();
    let games = read_only.entries().to_vec();
    assert!(!games.is_empty());
    assert!(legacy.exists(), "read-only renames nothing");
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = dir.history().unwrap();
    assert_eq!(history.entries(), games.as_slice());
    assert!(!legacy.exists(), "the old log is this device's now");
    let log = common::own_log(&dir).unwrap();
    assert_eq!(
        fs::read(&log).unwrap(),
        legacy_bytes,
        "renamed, not rewritten"
    );
    history
        .set_notes(&games[0].id, "after the upgrade")
        .unwrap();
    drop(history);
    assert_eq!(
        dir.history().unwrap().get(&games[0].id).unwrap().notes,
        "after the upgrade"
    );
}

fn copy_tree(from: &Path, to: &Path) {
    for (relative, bytes) in files(from) {
        let target = to.join(relative);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(target, bytes).unwrap();
    }
}

#[test]
fn damage_inside_another_devices_log_is_said_and_left_to_that_device() {
    let devices = devices_apart();
    let (a, b) = (&devices.a, &devices.b);
    sync(&b.history_dir(), &a.history_dir());
    let theirs = a.history_dir().join(
        common::own_log(b)
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned(),
    );
    let mut bytes = fs::read(&theirs).unwrap();
    // A flipped byte in B's first game's record (line 2), not at the end: damage, not transit.
    let second_line = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    bytes[second_line] = b'#';
    fs::write(&theirs, &bytes).unwrap();
    let history = a.history().unwrap();
    let notice = history.notice.clone().expect("damage is said");
    assert!(notice.foreign && notice.kept.is_none(), "{notice:?}");
    assert_eq!(notice.bad_lines, [2]);
    assert!(
        notice.describe().contains("another device's log"),
        "{}",
        notice.describe()
    );
    assert!(
        history.contains(&devices.b_games[0]),
        "the game it lost is listed again from its file"
    );
    drop(history);
    assert_eq!(
        fs::read(&theirs).unwrap(),
        bytes,
        "B's log left as B wrote it"
    );
}

#[test]
fn a_log_that_cannot_be_read_costs_that_log_only() {
    // A FIFO and a folder where another device's log would be: reading them must neither hang
    // nor lose this device's history.
    let devices = devices_apart();
    let a = &devices.a;
    let fifo = a.history_dir().join("index-00000000000000ff.jsonl");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    fs::create_dir(a.history_dir().join("index-00000000000000fe.jsonl")).unwrap();
    let history = a.history().unwrap();
    let notice = history.notice.clone().expect("said");
    assert!(notice.foreign, "{notice:?}");
    assert!(
        notice.describe().contains("cannot be read"),
        "{}",
        notice.describe()
    );
    for id in [
        &devices.a_games[0],
        &devices.a_games[1],
        &devices.a_games[2],
    ] {
        assert!(history.contains(id), "{id} lost");
    }
}

#[test]
fn a_device_whose_clock_runs_ahead_does_not_outvote_what_is_done_after_it() {
    // Another device's clock is a year fast: its delete carries next year's time. Restoring
    // the game here, after reading that delete, must still win (each record is stamped after
    // every record its device has read), on this device and on any that reads both logs.
    let devices = devices_apart();
    let a = &devices.a;
    let game = devices.a_games[0].clone();
    let next_year = chrono::Utc::now() + chrono::Duration::days(365);
    let fast = format!(
        "{{\"format\":\"tablekeeper-history\",\"version\":2}}\n{{\"delete\":{{\"id\":\"{game}\",\"at\":\"{}\"}}}}\n",
        next_year.to_rfc3339()
    );
    fs::write(a.history_dir().join("index-00000000000000aa.jsonl"), fast).unwrap();
    let history = a.history().unwrap();
    let entry = history.get(&game).cloned();
    assert!(entry.is_none(), "the fast device's delete holds");
    drop(history);
    // Undo it from the saved summary (as the history's undo does).
    let mut history = a.history().unwrap();
    let deleted = shown(&devices.b)
        .0
        .into_iter()
        .find(|e| e.id == game)
        .unwrap();
    history.restore(deleted).unwrap();
    drop(history);
    assert!(
        a.history().unwrap().contains(&game),
        "restored after the delete"
    );
    sync(&a.history_dir(), &devices.b.history_dir());
    assert!(
        devices.b.history().unwrap().contains(&game),
        "and elsewhere"
    );
}

/// What the command line prints of a device's history, against the app's own reading of it:
/// every game newest first as CSV and as a backup's summaries, and the corrected game's sheet.
fn check_command_line_reads_as_the_app(dir: &DataDir, corrected: &str) {
    let run = |args: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .arg("--lang")
            .arg("en")
            .arg("--data-dir")
            .arg(dir.root())
            .arg("history")
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let history = dir.history().unwrap();
    let mut newest: Vec<&HistoryEntry> = history.entries().iter().collect();
    newest.sort_by_key(|e| std::cmp::Reverse(e.started_at));
    assert_eq!(
        run(&["export", "--format", "csv"]),
        tablekeeper::export::csv(newest.clone()),
        "the CSV holds every game as the app shows it (renamed, corrected), newest first"
    );
    let backup =
        tablekeeper::backup::parse_backup(run(&["export", "--format", "backup"]).as_bytes())
            .unwrap();
    let mut exported: Vec<HistoryEntry> = backup.sessions.iter().map(|s| s.entry.clone()).collect();
    let mut expected: Vec<HistoryEntry> = newest.iter().map(|e| (*e).clone()).collect();
    exported.sort_by(|a, b| a.id.cmp(&b.id));
    expected.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(exported, expected, "the backup's summaries, notes included");
    assert_eq!(run(&["list"]).lines().count(), history.entries().len());
    let shown = history.get(corrected).unwrap();
    let sheet = run(&["show", corrected]);
    for player in &shown.players {
        assert!(
            sheet.contains(&player.name) && sheet.contains(&player.total.to_string()),
            "{sheet}"
        );
    }
}

#[test]
fn the_command_line_reads_every_devices_records_as_the_app_does() {
    let devices = devices_apart();
    // Apart, A's history is its own records and the ones it had from B: read a game at a time.
    assert!(tablekeeper::store::index_scan::scan(&devices.a.history_dir()).is_ok());
    check_command_line_reads_as_the_app(&devices.a, &devices.b_games[0]);
    // Together, one game holds two corrections neither device saw both of: read whole, replayed.
    sync(&devices.a.history_dir(), &devices.b.history_dir());
    sync(&devices.b.history_dir(), &devices.a.history_dir());
    assert!(matches!(
        tablekeeper::store::index_scan::scan(&devices.a.history_dir()),
        Err(tablekeeper::store::index_scan::ScanError::NeedsMerge)
    ));
    check_command_line_reads_as_the_app(&devices.a, &devices.b_games[0]);
}
