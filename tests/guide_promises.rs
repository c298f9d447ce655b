//! What the guide and `--help` promise, kept (issue 58): eight promises a newcomer tried and
//! found broken, each run as a user would run it, against the binary and a scratch data
//! directory.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tablekeeper(args: &[&str]) -> Output {
    tablekeeper_with(args, &[])
}

/// The binary with `args`, in English, and `env` set (the rest of the caller's environment
/// kept, but for the variables that would point it at the caller's own data).
fn tablekeeper_with(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tablekeeper"));
    command
        .args(args)
        .env("LANG", "C")
        .env_remove("TABLEKEEPER_DATA_DIR")
        .env_remove("TABLEKEEPER_HISTORY_DIR");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `tablekeeper --data-dir DATA args…`, which must succeed; its stdout.
fn ok_in(data: &Path, args: &[&str]) -> String {
    let mut all = vec!["--lang", "en", "--data-dir", path(data)];
    all.extend_from_slice(args);
    let out = tablekeeper(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// Every file under `dir`, at any depth.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        match path.is_dir() {
            true => files.extend(walk(&path)),
            false => files.push(path),
        }
    }
    files
}

/// The paper sheet fixture with these changes made to its JSON, written into `dir`.
fn sheet_with(dir: &Path, name: &str, change: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let text = std::fs::read_to_string(fixture("paper-sheet.json")).unwrap();
    let mut sheet: serde_json::Value = serde_json::from_str(&text).unwrap();
    change(&mut sheet);
    let file = dir.join(name);
    std::fs::write(&file, sheet.to_string()).unwrap();
    file
}

/// Promise 1: `--json` is JSON whatever the names hold: a zero-width space, a byte-order mark, a
/// direction override and DEL were written out the terminal's way (`\u{200b}`), which no JSON
/// reader takes. They are now JSON's own escapes, so the names read back as they are, and the
/// terminal still shows no invisible character.
#[test]
fn json_output_is_valid_json_whatever_the_names_hold() {
    let tmp = tempfile::tempdir().unwrap();
    let odd = ["A\u{200b}ki", "\u{feff}Ben\u{202e}", "Chie\u{7f}"];
    let sheet = sheet_with(tmp.path(), "odd.json", |sheet| {
        for (player, name) in odd.iter().enumerate() {
            sheet["players"][player]["name"] = (*name).into();
        }
    });
    let out = tablekeeper(&["score", path(&sheet), "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let scored: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("score --json is not JSON ({e}): {text}"));
    let names: Vec<&str> = (scored["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, odd);
    assert!(
        !text.contains(['\u{200b}', '\u{feff}', '\u{202e}', '\u{7f}']),
        "nothing invisible reaches the terminal: {text:?}"
    );

    // A history holding such names: written before names were checked (a paper sheet logged
    // or a backup imported by an older tablekeeper), as the history's own files hold them.
    let data = tmp.path().join("data");
    ok_in(
        &data,
        &["history", "add", path(&fixture("paper-sheet.json"))],
    );
    let escaped = |name: &str| serde_json::to_string(name).unwrap();
    for entry in walk(&data.join("history")) {
        let mut text = std::fs::read_to_string(&entry).unwrap();
        for (plain, odd) in ["Aki", "Ben", "Chie"].iter().zip(odd) {
            text = text.replace(&escaped(plain), &escaped(odd));
        }
        std::fs::write(&entry, text).unwrap();
    }
    let text = ok_in(&data, &["history", "stats", "--json"]);
    let stats: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("history stats --json is not JSON ({e}): {text}"));
    let mut names: Vec<&str> = (stats["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    names.sort();
    let mut expected = odd.to_vec();
    expected.sort();
    assert_eq!(names, expected);
    assert!(!text.contains(['\u{200b}', '\u{feff}', '\u{202e}', '\u{7f}']));
}

/// Promise 2: `score --help` promises the clock's lines after the sheet when the game was played to
/// a clock that counts down; only `--json` and `replay` gave them.
#[test]
fn score_prints_the_clock_lines_its_help_promises() {
    let tmp = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("session-v1.json")).unwrap();
    let mut session: serde_json::Value = serde_json::from_str(&text).unwrap();
    session["setup"]["clock"] =
        serde_json::json!({"mode": "bank", "bank_ms": 600_000, "extra": {"kind": "none"}});
    let file = tmp.path().join("bank.json");
    std::fs::write(&file, session.to_string()).unwrap();
    let help = stdout(&tablekeeper(&["score", "--help"]));
    assert!(help.contains("time left"), "{help}");
    let out = tablekeeper(&["--lang", "en", "score", path(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Winner: Aki"), "{text}");
    assert!(text.contains("Time bank 10 min"), "{text}");
    assert!(
        text.contains("Aki: 9:50 left · time-outs 0 · over 0:00"),
        "{text}"
    );
    // A game that counts up has no such lines.
    let plain = stdout(&tablekeeper(&[
        "--lang",
        "en",
        "score",
        path(&fixture("session-v1.json")),
    ]));
    assert!(!plain.contains(" left · "), "{plain}");
}

/// Promise 3: A game logged from paper stays "on paper" (no minutes, out of the time figures)
/// through a backup imported elsewhere, and when a lost index lists it again from its file.
#[test]
fn a_paper_game_stays_on_paper_through_a_backup_and_a_reindex() {
    let tmp = tempfile::tempdir().unwrap();
    let (here, there) = (tmp.path().join("here"), tmp.path().join("there"));
    ok_in(
        &here,
        &["history", "add", path(&fixture("paper-sheet.json"))],
    );
    let backup = tmp.path().join("backup.json");
    ok_in(
        &here,
        &[
            "history",
            "export",
            "--format",
            "backup",
            "--out",
            path(&backup),
        ],
    );
    // Two games played with the app first: their average length is what a paper game must
    // leave as it is.
    ok_in(
        &there,
        &["history", "import", path(&fixture("backup-v1.json"))],
    );
    let average = |data: &Path| {
        let stats: serde_json::Value =
            serde_json::from_str(&ok_in(data, &["history", "stats", "--json"])).unwrap();
        (stats["sessions"].clone(), stats["average_game_ms"].clone())
    };
    let (_, played) = average(&there);
    ok_in(&there, &["history", "import", path(&backup)]);
    let list = ok_in(&there, &["history", "list"]);
    assert_eq!(list.lines().count(), 3, "{list}");
    // The day as English writes it, in this machine's zone.
    let played_on = chrono::DateTime::parse_from_rfc3339("2026-11-14T19:30:00Z").unwrap();
    let day = tablekeeper::zone::Zone::Local.show(
        tablekeeper::i18n::Locale::EN,
        played_on.to_utc(),
        tablekeeper::i18n::dates::Shape::Day,
    );
    assert!(
        list.lines()
            .any(|line| line.contains(&day) && line.contains("on paper")),
        "imported: {list}"
    );
    assert_eq!(average(&there), (3.into(), played), "no minutes counted");

    // The index lost: the game is listed again from its file, still on paper.
    for log in std::fs::read_dir(here.join("history")).unwrap().flatten() {
        if log.path().extension().is_some_and(|e| e == "jsonl") {
            std::fs::remove_file(log.path()).unwrap();
        }
    }
    let terramara = tmp.path().join("terramara.json");
    let mut dated: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("terramara-sheet.json")).unwrap())
            .unwrap();
    dated["played_at"] = "2026-11-20T18:00:00Z".into();
    std::fs::write(&terramara, dated.to_string()).unwrap();
    ok_in(&here, &["history", "add", path(&terramara)]);
    let list = ok_in(&here, &["history", "list"]);
    assert_eq!(list.lines().count(), 2, "{list}");
    assert!(
        list.lines().all(|line| line.contains("on paper")),
        "listed again: {list}"
    );
}

/// Promise 4: A date still to come is refused wherever a date enters the history: a paper sheet's
/// `played_at`, and a game in a backup.
#[test]
fn a_date_still_to_come_is_refused_wherever_a_date_enters() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let future = sheet_with(tmp.path(), "future.json", |sheet| {
        sheet["played_at"] = "2099-01-01T00:00:00Z".into();
    });
    let out = tablekeeper(
        &["--lang", "en", "--data-dir", path(&data), "history", "add"]
            .into_iter()
            .chain([path(&future)])
            .collect::<Vec<_>>(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("still to come"), "{}", stderr(&out));
    assert!(
        !data.join("history/sessions").is_dir()
            || std::fs::read_dir(data.join("history/sessions"))
                .unwrap()
                .count()
                == 0,
        "nothing written"
    );

    // A backup whose game is dated 2099: that game is refused.
    let source = tmp.path().join("source");
    ok_in(
        &source,
        &["history", "add", path(&fixture("paper-sheet.json"))],
    );
    let backup = tmp.path().join("backup.json");
    ok_in(
        &source,
        &[
            "history",
            "export",
            "--format",
            "backup",
            "--out",
            path(&backup),
        ],
    );
    let text = std::fs::read_to_string(&backup).unwrap();
    std::fs::write(
        &backup,
        text.replace("2026-11-14T19:30:00Z", "2099-01-01T00:00:00Z"),
    )
    .unwrap();
    let out = tablekeeper(
        &[
            "--lang",
            "en",
            "--data-dir",
            path(&data),
            "history",
            "import",
        ]
        .into_iter()
        .chain([path(&backup)])
        .collect::<Vec<_>>(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("still to come"), "{}", stderr(&out));
}

/// Promise 6: A profile that does not load is named, with why, wherever a game is looked up: on the
/// command line (not "no game \"x\""), and in `serve`'s log as it starts.
#[test]
fn a_broken_profile_is_named_with_its_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    common::write_unreadable_profile(&data);
    let sheet = sheet_with(tmp.path(), "x-sheet.json", |sheet| {
        sheet["game"] = "x".into();
        for player in sheet["players"].as_array_mut().unwrap() {
            player["parts"] = serde_json::json!({"points": 3});
        }
    });
    for command in [&["score"][..], &["replay"], &["history", "add"]] {
        let mut args = vec!["--lang", "en", "--data-dir", path(&data)];
        args.extend_from_slice(command);
        args.push(path(&sheet));
        let out = tablekeeper(&args);
        assert_eq!(out.status.code(), Some(1), "{command:?}");
        let said = stderr(&out);
        assert!(said.contains("x.json"), "{command:?}: {said}");
        assert!(said.contains("8 players at most"), "{command:?}: {said}");
    }
    #[cfg(feature = "phones")]
    {
        let log = serve_log(&data);
        assert!(log.contains("x.json"), "{log}");
        assert!(log.contains("8 players at most"), "{log}");
    }
}

/// What `serve` says as it starts, until it gives the table's address; then it is stopped.
#[cfg(feature = "phones")]
fn serve_log(data: &Path) -> String {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args([
            "--lang",
            "en",
            "serve",
            "--listen",
            "127.0.0.1",
            "--port",
            "0",
        ])
        .args(["--data-dir", path(data)])
        .env_remove("TABLEKEEPER_HISTORY_DIR")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The address comes first; what it says of the files comes right after, before the table
    // has any phone to answer: read until the line naming the unread file, or for 10 s at most
    // (then the test says what it did print).
    let (lines_to, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines_to.send(line).is_err() {
                break;
            }
        }
    });
    let mut said = String::new();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while let Some(wait) = until.checked_duration_since(std::time::Instant::now()) {
        let Ok(line) = lines.recv_timeout(wait) else {
            break;
        };
        said.push_str(&line);
        said.push('\n');
        if line.contains("x.json") {
            break;
        }
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let _ = child.wait();
    said
}

/// Promise 7: The app never makes a missing shared history folder: games written there would go
/// where no other device looks. Every command that writes refuses, as `history list` does.
#[test]
fn a_missing_shared_history_folder_is_never_made() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let shared = tmp.path().join("sync/tablekeeper-history");
    std::fs::create_dir_all(&data).unwrap();
    let by_env = [("TABLEKEEPER_HISTORY_DIR", shared.as_path())];
    let (sheet, backup) = (fixture("paper-sheet.json"), fixture("backup-v1.json"));
    for command in [
        &["history", "add", path(&sheet)][..],
        &["history", "import", path(&backup)],
        &["history", "list", "--game", "terravist"],
    ] {
        let mut args = vec!["--lang", "en", "--data-dir", path(&data)];
        args.extend_from_slice(command);
        let out = tablekeeper_with(&args, &by_env);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {}", stdout(&out));
        assert!(
            stderr(&out).contains("no history folder"),
            "{command:?}: {}",
            stderr(&out)
        );
        assert!(!tmp.path().join("sync").exists(), "{command:?} made it");
    }
    // Once the sync engine has made it, the same command writes there.
    std::fs::create_dir_all(&shared).unwrap();
    let args = ["--data-dir", path(&data), "history", "add", path(&sheet)];
    let out = tablekeeper_with(&args, &by_env);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_dir(shared.join("sessions")).unwrap().count(),
        1
    );
}

/// Promise 8: Every file the app keeps carries a `format` and a `version`: the settings, the
/// phones' seats and keys, and this device's id had only a version or neither.
#[test]
fn every_file_the_app_keeps_names_its_format_and_version() {
    use tablekeeper::settings::Settings;
    use tablekeeper::store::DataDir;
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    Settings::default().save(&dir.settings_path()).unwrap();
    dir.keep_phones_seats("0123456789abcdef", &[(0, "phone-a".into())])
        .unwrap();
    let key = "k".repeat(32);
    dir.table_phones_key(|| key.clone(), |k| k.len() == 32)
        .unwrap();
    dir.phones_key("0123456789abcdef", || key.clone(), |k| k.len() == 32)
        .unwrap();
    for (file, format) in [
        ("settings.json", "tablekeeper-settings"),
        ("device.json", "tablekeeper-device"),
        ("live/0123456789abcdef.seats", "tablekeeper-seats"),
        ("live/table.phones", "tablekeeper-phones-key"),
        ("live/0123456789abcdef.phones", "tablekeeper-phones-key"),
    ] {
        let text = std::fs::read_to_string(tmp.path().join(file)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{file} is not JSON ({e}): {text}"));
        assert_eq!(json["format"], format, "{file}: {text}");
        assert!(json["version"].is_u64(), "{file}: {text}");
    }
    // What was written is read back: the seats, the keys, the device.
    drop(dir);
    let dir = DataDir::open(tmp.path()).unwrap();
    assert_eq!(
        dir.phones_seats("0123456789abcdef"),
        vec![(0, "phone-a".to_string())]
    );
    let again = dir
        .table_phones_key(|| "fresh".into(), |k| k.len() == 32)
        .unwrap();
    assert_eq!(again, key, "the kept key is read back");

    // Files an older version wrote are read as before: a bare key, seats with a version only.
    let old = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(old.path().join("live")).unwrap();
    std::fs::write(old.path().join("live/table.phones"), &key).unwrap();
    std::fs::write(
        old.path().join("live/0123456789abcdef.seats"),
        r#"{"version":1,"seats":[[1,"phone-b"]]}"#,
    )
    .unwrap();
    let dir = DataDir::open(old.path()).unwrap();
    let read = dir
        .table_phones_key(|| "fresh".into(), |k| k.len() == 32)
        .unwrap();
    assert_eq!(read, key);
    assert_eq!(
        dir.phones_seats("0123456789abcdef"),
        vec![(1, "phone-b".to_string())]
    );
}
