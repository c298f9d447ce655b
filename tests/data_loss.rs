//! The ways data was lost in probes of the data directory, each reproduced here: damage costs at
//! most what was damaged, and nothing complete is ever dropped or overwritten.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::*;
use tablekeeper::backup;
use tablekeeper::export;
use tablekeeper::store::DataDir;
use tablekeeper::store::fsutil::read_limited;
use tablekeeper::store::history::History;
use tablekeeper::terravist::Terravist;

/// A data directory with `n` finished games; returns their ids.
fn games(root: &Path, n: usize) -> Vec<String> {
    let dir = DataDir::open(root).unwrap();
    let mut history = dir.history().unwrap();
    let names = [["Aki", "Ben"], ["Ben", "Chie"], ["Chie", "Aki"]];
    (0..n)
        .map(|i| finished_game(&dir, &mut history, &names[i % 3], [2, 1], i as i64))
        .collect()
}

/// This data directory's own log in its history.
fn index(root: &Path) -> std::path::PathBuf {
    common::own_log(&DataDir::open_read_only(root)).unwrap()
}

fn listed(history: &History) -> Vec<String> {
    let mut ids: Vec<String> = history.entries().iter().map(|e| e.id.clone()).collect();
    ids.sort();
    ids
}

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

/// Writes the games as `kind` to `path` the way the app's export does: the job (on a thread
/// there), then a copy of each damaged game's file kept in `damaged/`.
fn write_export_to(
    history: &History,
    ids: &[String],
    kind: export::ExportKind,
    path: &Path,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<backup::LeftOut>, String> {
    let left_out = export::ExportJob::new(history, ids, kind, path.to_path_buf(), now).run()?;
    export::keep_damaged_copies(history, &left_out);
    Ok(left_out)
}

#[test]
fn damage_in_the_index_costs_at_most_that_line_and_no_game_whose_file_exists() {
    // Before: 8 bytes flipped mid-index left 4 of 10 games, and the next writer made it final.
    type Spoil = fn(&mut Vec<u8>);
    let damage: [(&str, Spoil); 4] = [
        ("8 bytes flipped in the middle", |bytes| {
            let mid = bytes.len() / 2;
            for b in &mut bytes[mid..mid + 8] {
                *b ^= 0xA5;
            }
        }),
        ("the last line cut short", |bytes| {
            let len = bytes.len();
            bytes.truncate(len - 40);
        }),
        ("garbage over the header", |bytes| {
            bytes[..12].copy_from_slice(b"\x00garbage!!\x00\x00");
        }),
        ("emptied", |bytes| bytes.clear()),
    ];
    for (what, spoil) in damage {
        let tmp = tempfile::tempdir().unwrap();
        let ids = sorted(games(tmp.path(), 10));
        let mut bytes = fs::read(index(tmp.path())).unwrap();
        spoil(&mut bytes);
        fs::write(index(tmp.path()), &bytes).unwrap();

        // Read-only (the command line's list): every game, and a notice of what was damaged.
        let read_only = History::open_read_only(&tmp.path().join("history")).unwrap();
        assert_eq!(listed(&read_only), ids, "{what}: read-only list");
        assert!(read_only.notice.is_some(), "{what}: said, not silent");
        assert_eq!(
            fs::read(index(tmp.path())).unwrap(),
            bytes,
            "read-only wrote"
        );

        // Writable: the same, the damaged index kept aside, and a clean one written...
        let dir = DataDir::open(tmp.path()).unwrap();
        let history = dir.history().unwrap();
        assert_eq!(listed(&history), ids, "{what}: writable");
        let notice = history.notice.clone().unwrap();
        assert_eq!(fs::read(notice.kept.unwrap()).unwrap(), bytes, "{what}");
        drop(history);
        // ...so the next writer keeps every game.
        let mut history = dir.history().unwrap();
        assert!(history.notice.is_none(), "{what}: repaired once");
        let extra = finished_game(&dir, &mut history, &["Aki", "Ben"], [1, 2], 30);
        drop(history);
        let reopened = dir.history().unwrap();
        let mut all = ids.clone();
        all.push(extra);
        assert_eq!(
            listed(&reopened),
            sorted(all),
            "{what}: after the next write"
        );
    }
}

#[test]
fn a_deleted_game_stays_deleted_when_the_index_is_rebuilt() {
    let tmp = tempfile::tempdir().unwrap();
    let ids = games(tmp.path(), 3);
    {
        let dir = DataDir::open(tmp.path()).unwrap();
        let mut history = dir.history().unwrap();
        history.delete(&ids[1]).unwrap();
    }
    let mut bytes = fs::read(index(tmp.path())).unwrap();
    bytes.extend_from_slice(b"{\"put\":{\"id\":\"torn");
    fs::write(index(tmp.path()), &bytes).unwrap();
    let history = History::open_read_only(&tmp.path().join("history")).unwrap();
    assert_eq!(
        listed(&history),
        sorted(vec![ids[0].clone(), ids[2].clone()])
    );
}

#[test]
fn a_damaged_session_file_is_left_out_of_a_backup_not_the_whole_history() {
    // Before: one truncated file in sessions/ made the whole-history backup fail.
    let tmp = tempfile::tempdir().unwrap();
    let ids = games(tmp.path(), 3);
    let damaged = tmp
        .path()
        .join("history/sessions")
        .join(format!("{}.json", ids[1]));
    let bytes = fs::read(&damaged).unwrap();
    fs::write(&damaged, &bytes[..bytes.len() / 2]).unwrap();
    let history = History::open_read_only(&tmp.path().join("history")).unwrap();
    let out = tmp.path().join("backup.json");
    let left_out =
        write_export_to(&history, &ids, export::ExportKind::Backup, &out, at(0)).unwrap();
    assert_eq!(left_out.len(), 1);
    assert_eq!(left_out[0].0, ids[1]);
    let backup = backup::parse_backup(&fs::read(&out).unwrap()).unwrap();
    let kept: Vec<&str> = backup
        .sessions
        .iter()
        .map(|s| s.entry.id.as_str())
        .collect();
    assert_eq!(kept, [ids[0].as_str(), ids[2].as_str()]);

    // Where the app may write, the damaged file is also copied into damaged/.
    let dir = DataDir::open(tmp.path()).unwrap();
    let history = dir.history().unwrap();
    for _ in 0..2 {
        let left_out =
            write_export_to(&history, &ids, export::ExportKind::Backup, &out, at(0)).unwrap();
        assert_eq!(left_out.len(), 1);
    }
    let copies: Vec<_> = fs::read_dir(dir.damaged_dir())
        .unwrap()
        .flatten()
        .filter(|f| {
            f.file_name()
                .to_string_lossy()
                .ends_with(&format!("{}.json", ids[1]))
        })
        .collect();
    assert_eq!(
        copies.len(),
        1,
        "one copy of the damaged file is kept, however many exports"
    );
    assert_eq!(
        fs::read(copies[0].path()).unwrap(),
        fs::read(&damaged).unwrap()
    );
}

#[test]
fn every_backup_the_app_writes_it_can_import() {
    let tmp = tempfile::tempdir().unwrap();
    let ids = games(tmp.path(), 4);
    let history = History::open_read_only(&tmp.path().join("history")).unwrap();
    let out = tmp.path().join("backup.json");
    write_export_to(&history, &ids, export::ExportKind::Backup, &out, at(0)).unwrap();
    let other = tempfile::tempdir().unwrap();
    let dir = DataDir::open(other.path()).unwrap();
    let mut imported = dir.history().unwrap();
    let backup = backup::parse_backup(&fs::read(&out).unwrap()).unwrap();
    let report = backup::import(&mut imported, backup, |_, _| {}).unwrap();
    assert_eq!((report.added, report.refused.len()), (4, 0));
}

#[test]
fn a_backup_holding_a_game_of_a_newer_version_is_refused_for_that_game() {
    let tmp = tempfile::tempdir().unwrap();
    let ids = games(tmp.path(), 2);
    let history = History::open_read_only(&tmp.path().join("history")).unwrap();
    let out = tmp.path().join("backup.json");
    write_export_to(&history, &ids, export::ExportKind::Backup, &out, at(0)).unwrap();
    let mut backup = backup::parse_backup(&fs::read(&out).unwrap()).unwrap();
    let session = &mut backup.sessions[1].session;
    if let Some(file) = session.as_file_mut::<tablekeeper::terravist::Terravist>() {
        file.version = 99;
    } else if let Some(file) = session.as_file_mut::<tablekeeper::any_game::AnyGame>() {
        file.version = 99;
    }
    // Written back in the backup's own field order (format and version before the games).
    let backup = backup::parse_backup(&serde_json::to_vec(&backup).unwrap()).unwrap();
    let other = tempfile::tempdir().unwrap();
    let dir = DataDir::open(other.path()).unwrap();
    let mut imported = dir.history().unwrap();
    let report = backup::import(&mut imported, backup, |_, _| {}).unwrap();
    assert_eq!(report.added, 1);
    assert_eq!(report.refused.len(), 1);
    assert!(
        report.refused[0]
            .1
            .render(tablekeeper::i18n::Locale::EN)
            .contains("newer"),
        "{:?}",
        report.refused
    );
    // The history stays whole: every game in it still opens.
    for entry in imported.entries() {
        imported.session_file(&entry.id).unwrap();
    }
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read() {
    // Before: a FIFO blocked an import forever (holding the lock); /dev/zero passed the size
    // check (it reports 0 bytes) and was read until memory ran out.
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let error = read_limited(&fifo, 1024).unwrap_err();
    assert!(error.to_string().contains("not a regular file"), "{error}");
    let error = read_limited(Path::new("/dev/zero"), 1024).unwrap_err();
    assert!(error.to_string().contains("not a regular file"), "{error}");
}

/// Runs `read` on a thread: a read that hangs fails the test instead of hanging it.
#[cfg(unix)]
fn within_seconds<T: Send + 'static>(what: &str, read: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(read()));
    rx.recv_timeout(std::time::Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("{what} hangs"))
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_device_where_a_file_should_be_is_refused_without_hanging() {
    // Before: `tablekeeper score` on a FIFO waited forever and on /dev/zero read until memory
    // ran out; a FIFO among the unfinished games hung the home screen (its header) and Resume,
    // and one named settings.json hung the start.
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    fs::create_dir_all(dir.live_dir()).unwrap();
    let journal = dir.live_dir().join("fifo.jsonl");
    let settings = tmp.path().join("settings.json");
    for fifo in [&journal, &settings] {
        assert!(Command::new("mkfifo").arg(fifo).status().unwrap().success());
    }
    for path in [journal.clone(), "/dev/zero".into()] {
        let shown = path.display().to_string();
        let loaded = within_seconds(&shown, move || {
            tablekeeper::load::read_text(&path).map(drop)
        });
        let error = loaded.unwrap_err().to_string();
        assert!(
            error.contains("is not a file (a folder, a pipe or a device)"),
            "{error}"
        );
    }
    let header = {
        let journal = journal.clone();
        within_seconds("a journal's header", move || {
            tablekeeper::store::journal::header_line(&journal).map(drop)
        })
    };
    assert!(header.is_err());
    drop(dir); // the directory's lock, for the thread to take
    let resumed = {
        let journal = journal.clone();
        let root = tmp.path().to_path_buf();
        within_seconds("resume", move || {
            DataDir::open(&root)
                .unwrap()
                .resume_game::<Terravist>(&journal)
                .map(drop)
        })
    };
    let error = resumed.unwrap_err().to_string();
    assert!(error.contains("not a regular file"), "{error}");
    let loaded = within_seconds("the settings", move || {
        matches!(
            tablekeeper::settings::Settings::load(&settings),
            tablekeeper::settings::Loaded::Unusable { .. }
        )
    });
    assert!(
        loaded,
        "a FIFO is not settings, and the start goes on without them"
    );
}

#[test]
fn temp_files_left_by_killed_writes_are_cleared_when_the_directory_is_opened() {
    let tmp = tempfile::tempdir().unwrap();
    games(tmp.path(), 1);
    let stale = [
        tmp.path().join("live/.abc.jsonl.4242.tmp"),
        tmp.path()
            .join("history/.index-0123456789abcdef.jsonl.4242.tmp"),
        tmp.path().join("history/sessions/.x.json.4242.tmp"),
    ];
    for path in &stale {
        fs::write(path, b"half").unwrap();
    }
    // The history folder may be shared: a temp file of a process that is running (another copy
    // writing into the same folder from another data directory) is in flight, until it is old.
    let running = std::os::unix::process::parent_id();
    let in_flight = tmp
        .path()
        .join(format!("history/sessions/.y.json.{running}.tmp"));
    let old = tmp
        .path()
        .join(format!("history/sessions/.z.json.{running}.tmp"));
    let keep = [
        tmp.path().join("live/notes.tmp"), // not one of ours: no leading dot
        in_flight,
        // Syncthing's temp file of a file it is copying in, however old.
        tmp.path()
            .join("history/.syncthing.index-fedcba9876543210.jsonl.tmp"),
    ];
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for path in keep.iter().chain([&old]) {
        fs::write(path, b"mine").unwrap();
        let file = fs::File::options().write(true).open(path).unwrap();
        if path != &keep[1] {
            file.set_modified(an_hour_ago).unwrap();
        }
    }
    let stale = [stale.as_slice(), &[old]].concat();
    let _dir = DataDir::open(tmp.path()).unwrap();
    for path in &stale {
        assert!(!path.exists(), "{} left", path.display());
    }
    for path in &keep {
        assert!(path.exists(), "{} removed", path.display());
    }
}

#[test]
fn export_to_a_bare_file_name_and_a_missing_data_directory() {
    // `history export --out backup.json` has a parent of "" (syncing that folder failed), and
    // `history list` of a mistyped --data-dir exited 0 as if the history were empty.
    let tmp = tempfile::tempdir().unwrap();
    games(&tmp.path().join("data"), 2);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .current_dir(tmp.path())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[
        "--data-dir",
        "data",
        "history",
        "export",
        "--format",
        "backup",
        "--out",
        "backup.json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let backup = backup::parse_backup(&fs::read(tmp.path().join("backup.json")).unwrap()).unwrap();
    assert_eq!(backup.sessions.len(), 2);
    // In English whatever the machine's language (CI runs in Japanese).
    let out = run(&[
        "--lang",
        "en",
        "--data-dir",
        "no-such-dir",
        "history",
        "list",
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("there is no data directory here"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["--data-dir", "backup.json", "history", "list"]);
    assert!(!out.status.success(), "a file is not a data directory");
}

#[test]
fn names_from_files_never_act_in_a_terminal_or_a_spreadsheet() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let mut history = dir.history().unwrap();
    // "\b\b\bBen" used to print as the winner "Ben"; "=1+2" ran as a formula in a spreadsheet.
    finished_game(
        &dir,
        &mut history,
        &["\u{8}\u{8}\u{8}Ben", "=1+2"],
        [2, 1],
        0,
    );
    drop(history);
    drop(dir);
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .arg("--data-dir")
            .arg(tmp.path())
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let list = run(&["history", "list"]);
    assert!(!list.contains('\u{8}'), "{list:?}");
    assert!(list.contains("\\u{8}\\u{8}\\u{8}Ben"), "{list:?}");
    let csv = run(&["history", "export", "--format", "csv"]);
    assert!(csv.starts_with('\u{feff}'), "a BOM, so Excel reads UTF-8");
    assert!(csv.contains(",'=1+2,"), "{csv}");
    assert!(!csv.contains(",=1+2,"), "{csv}");
}

#[test]
fn a_backup_is_read_one_game_at_a_time_and_checked_before_its_first_game() {
    let tmp = tempfile::tempdir().unwrap();
    // Enough games that the file spans several of the reader's chunks.
    let ids = games(tmp.path(), 40);
    let history = History::open_read_only(&tmp.path().join("history")).unwrap();
    let out = tmp.path().join("backup.json");
    write_export_to(&history, &ids, export::ExportKind::Backup, &out, at(0)).unwrap();
    let text = fs::read_to_string(&out).unwrap();
    assert!(text.len() > 64 * 1024, "{} bytes", text.len());

    // A newer version is refused before any game is handed on.
    let newer = text.replacen(
        &format!("\"version\":{}", backup::BACKUP_VERSION),
        "\"version\":7",
        1,
    );
    let mut seen = 0;
    let refused = tablekeeper::backup::read_backup(newer.as_bytes(), Default::default(), |_| {
        seen += 1;
        Ok(())
    });
    assert!(
        matches!(refused, Err(backup::ImportError::NewerVersion(7))),
        "{refused:?}"
    );
    assert_eq!(seen, 0);

    // Games come one by one, and the bytes read so far are counted for progress.
    let read = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut at_each = Vec::new();
    tablekeeper::backup::read_backup(text.as_bytes(), read.clone(), |game| {
        at_each.push((game.entry.id.clone(), read.get()));
        Ok(())
    })
    .unwrap();
    // The count moves a chunk at a time, so neighbours may share one; it never goes back.
    assert_eq!(at_each.len(), 40);
    assert!(at_each.windows(2).all(|w| w[0].1 <= w[1].1), "{at_each:?}");
    assert!(
        at_each[0].1 < text.len() as u64 / 2,
        "the first game comes before the file is read"
    );
    assert!(at_each[39].1 > at_each[0].1, "{at_each:?}");

    // Cut mid-file: the games before the cut were handed on, then a clear error.
    let cut = &text.as_bytes()[..text.len() * 2 / 3];
    let mut before_cut = 0;
    let error = tablekeeper::backup::read_backup(cut, Default::default(), |_| {
        before_cut += 1;
        Ok(())
    })
    .unwrap_err();
    assert!(before_cut >= 1, "games before the damage are kept");
    assert!(
        matches!(error, backup::ImportError::NotABackup(_)),
        "{error:?}"
    );
}

#[test]
fn a_whole_history_backup_from_the_command_line_reads_the_files_one_game_at_a_time() {
    // The scanned path (no history list in memory) must give what the history says: the
    // latest summary of each game, deleted games left out; a damaged index falls back to the
    // history opened whole, which relists every game.
    let tmp = tempfile::tempdir().unwrap();
    let ids = games(tmp.path(), 4);
    {
        let dir = DataDir::open(tmp.path()).unwrap();
        let mut history = dir.history().unwrap();
        history.set_notes(&ids[0], "rainy").unwrap();
        history.delete(&ids[2]).unwrap();
    }
    let export = |root: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .arg("--data-dir")
            .arg(root)
            .args(["history", "export", "--format", "backup"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        backup::parse_backup(&out.stdout).unwrap()
    };
    let backup = export(tmp.path());
    let mut got: Vec<(&str, &str)> = backup
        .sessions
        .iter()
        .map(|s| (s.entry.id.as_str(), s.entry.notes.as_str()))
        .collect();
    got.sort();
    let mut want = vec![
        (ids[0].as_str(), "rainy"),
        (ids[1].as_str(), ""),
        (ids[3].as_str(), ""),
    ];
    want.sort();
    assert_eq!(got, want);
    // Damage the index: the export still holds every game whose file is there (and says so).
    let mut bytes = fs::read(index(tmp.path())).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0xff;
    bytes[mid + 1] ^= 0xff;
    fs::write(index(tmp.path()), &bytes).unwrap();
    let backup = export(tmp.path());
    assert!(backup.sessions.len() >= 3, "{}", backup.sessions.len());
}

#[test]
fn a_journal_whose_profile_breaks_the_rules_is_not_resumed_and_is_left_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let (_, journal) = broken_profile_files();
    fs::create_dir_all(dir.live_dir()).unwrap();
    let path = dir.live_dir().join("broken.jsonl");
    fs::write(&path, &journal).unwrap();
    assert_eq!(dir.unfinished(), std::slice::from_ref(&path));
    let error = dir.resume_game::<Terravist>(&path).unwrap_err().to_string();
    assert!(error.contains("sheet.winner"), "{error}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        journal,
        "left exactly as it was"
    );
}
