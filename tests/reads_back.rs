//! What the app writes, it reads back, and what it refuses it says in the user's words and
//! language (issue 70): one limit for a name and for notes at every way in, an old backup over
//! today's limits imported with the change said, `--game` with an id no game has, the same
//! paper sheet added twice, a sheet saved with a byte-order mark or a time with no zone, a word
//! where a number goes, and a phone told which character its name may not hold.

use std::path::Path;
use std::process::{Command, Output};

mod common;

fn tablekeeper(data: &Path, lang: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .arg("--data-dir")
        .arg(data)
        .args(["--lang", lang])
        .args(args)
        .env("LANG", "C")
        .env("TZ", "UTC")
        .output()
        .expect("the binary runs")
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout)
}

/// A paper sheet of Earth for two, with `name` for the first player and `notes`.
fn sheet(dir: &Path, file: &str, name: &str, notes: &str, played_at: &str) -> std::path::PathBuf {
    let sheet = serde_json::json!({
        "format": "tablekeeper-sheet", "version": 1, "game": "earth",
        "played_at": played_at, "notes": notes,
        "players": [
            { "name": name, "parts": { "cards": 20 } },
            { "name": "Ben", "parts": { "cards": 18 } }
        ]
    });
    let path = dir.join(file);
    std::fs::write(&path, sheet.to_string()).unwrap();
    path
}

fn entries(data: &Path) -> Vec<tablekeeper::session::HistoryEntry> {
    let history = tablekeeper::store::DataDir::open_read_only(data).history();
    history.map(|h| h.entries().to_vec()).unwrap_or_default()
}

/// Case 1: a name of 101 characters and notes of 10,001 are refused where they come in (the
/// window's setup and Log a past game, a phone, `history add`), in words and in German too; a
/// backup written before the limits (made here by hand) still imports, cut to the limits, and
/// the import says what it changed. What one way in takes, import takes.
#[test]
fn a_name_and_notes_past_the_limits_are_refused_where_they_come_in_and_cut_on_import() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let long_name = "A".repeat(101);
    let long_notes = "n".repeat(10_001);
    let at = "2026-11-20T19:00:00Z";
    let path = sheet(dir.path(), "long-name.json", &long_name, "", at);
    let out = tablekeeper(&data, "en", &["history", "add", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        said(&out).contains("Player 1's name is longer than 100 characters"),
        "{}",
        said(&out)
    );
    let out = tablekeeper(&data, "de", &["history", "add", path.to_str().unwrap()]);
    assert!(
        said(&out).contains("länger als 100 Zeichen"),
        "{}",
        said(&out)
    );
    let path = sheet(dir.path(), "long-notes.json", "Aki", &long_notes, at);
    let out = tablekeeper(&data, "en", &["history", "add", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        said(&out).contains("notes are longer than 10000 characters"),
        "{}",
        said(&out)
    );
    assert!(entries(&data).is_empty(), "nothing logged");

    // At the limits, taken; exported, and imported whole into a fresh data directory.
    let name = "A".repeat(100);
    let path = sheet(dir.path(), "at-limits.json", &name, &"n".repeat(10_000), at);
    let out = tablekeeper(&data, "en", &["history", "add", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    let backup = dir.path().join("backup.json");
    let out = tablekeeper(
        &data,
        "en",
        &[
            "history",
            "export",
            "--format",
            "backup",
            "--out",
            backup.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    let fresh = dir.path().join("fresh");
    let out = tablekeeper(
        &fresh,
        "en",
        &["history", "import", backup.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(entries(&fresh)[0].players[0].name, name);

    // A backup from before the limits: one more character each. Imported, cut, and said.
    let text = std::fs::read_to_string(&backup).unwrap();
    let old = text
        .replace(&name, &long_name)
        .replace(&"n".repeat(10_000), &long_notes);
    let old_backup = dir.path().join("old-backup.json");
    std::fs::write(&old_backup, old).unwrap();
    let older = dir.path().join("older");
    let out = tablekeeper(
        &older,
        "en",
        &["history", "import", old_backup.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", said(&out));
    let text = said(&out);
    assert!(
        text.contains("a player name longer than 100 characters was cut"),
        "{text}"
    );
    assert!(
        text.contains("the notes were cut to 10000 characters"),
        "{text}"
    );
    let imported = entries(&older);
    assert_eq!(imported.len(), 1, "never dropped");
    assert_eq!(imported[0].players[0].name, name);
    assert_eq!(imported[0].notes.chars().count(), 10_000);
}

/// Case 5: `--game` with an id no game has is refused, naming the ids there are, in the
/// user's language; a game the history holds is found.
#[test]
fn a_typo_in_game_is_refused_naming_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let out = tablekeeper(&data, "en", &["history", "list", "--game", "terravst"]);
    assert!(!out.status.success(), "a typo is not an empty history");
    let text = said(&out);
    assert!(text.contains("no game has the id “terravst”"), "{text}");
    assert!(
        text.contains("terravist") && text.contains("earth"),
        "{text}"
    );
    let out = tablekeeper(&data, "de", &["history", "stats", "--game", "terravst"]);
    assert!(
        said(&out).contains("kein Spiel hat die ID „terravst“"),
        "{}",
        said(&out)
    );
    for args in [
        &["history", "list", "--game", "earth"][..],
        &["history", "ratings", "--game", "terravist"],
    ] {
        let out = tablekeeper(&data, "en", args);
        assert!(out.status.success(), "{args:?}: {}", said(&out));
    }
}

/// Case 6: the same paper sheet added twice is one game: the second `history add` says so and
/// adds nothing, unless asked with `--again`. A sheet with another number is another game.
#[test]
fn the_same_paper_sheet_added_twice_is_one_game_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = sheet(dir.path(), "sheet.json", "Aki", "", "2026-11-20T19:00:00Z");
    let add = |extra: &[&str]| {
        let mut args = vec!["history", "add", path.to_str().unwrap()];
        args.extend_from_slice(extra);
        tablekeeper(&data, "en", &args)
    };
    assert!(add(&[]).status.success());
    let out = add(&[]);
    assert!(!out.status.success());
    assert!(
        said(&out).contains("this sheet is in the history already"),
        "{}",
        said(&out)
    );
    assert_eq!(entries(&data).len(), 1);
    assert!(add(&["--again"]).status.success());
    assert_eq!(entries(&data).len(), 2);
    let other = sheet(dir.path(), "other.json", "Aki", "", "2026-11-21T19:00:00Z");
    let out = tablekeeper(&data, "en", &["history", "add", other.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(entries(&data).len(), 3);
}

/// Case 3: a sheet saved with a byte-order mark is read; a time with no zone is read in this
/// computer's zone, as the window's form reads it; a word where a score goes says what the
/// cell takes.
#[test]
fn a_sheet_with_a_byte_order_mark_or_a_time_with_no_zone_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = sheet(dir.path(), "sheet.json", "Aki", "", "2026-11-14 19:30");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let out = tablekeeper(&data, "en", &["history", "add", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    // TZ=UTC here: 19:30 in this computer's zone is 19:30 UTC.
    assert_eq!(
        entries(&data)[0].started_at.to_rfc3339(),
        "2026-11-14T19:30:00+00:00"
    );

    let word = text.replace("\"cards\":20", "\"cards\":\"twenty\"");
    assert_ne!(word, text);
    std::fs::write(&path, word).unwrap();
    let out = tablekeeper(&data, "en", &["score", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        said(&out).contains("a number (21, -5, 0.5"),
        "{}",
        said(&out)
    );
    let bad_time = sheet(dir.path(), "bad-time.json", "Aki", "", "Saturday evening");
    let out = tablekeeper(&data, "en", &["history", "add", bad_time.to_str().unwrap()]);
    assert!(
        said(&out).contains("\"played_at\" is not a time"),
        "{}",
        said(&out)
    );
}

/// Case 7: a phone whose pasted name holds a character that shows nothing is told which one.
#[cfg(feature = "phones")]
#[test]
fn a_phone_is_told_which_character_its_name_may_not_hold() {
    use common::serve::{Serve, rev};
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    let mut tv = serve.watch("c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2");
    let now = tv.table();
    let aki = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0";
    let new = format!(r#"{{"phone":"{aki}","game":"earth","rev":{}}}"#, rev(&now));
    assert_eq!(serve.post("/new", &new), 202);
    tv.until("the lobby", |t| !t["lobby"].is_null());
    let body = format!("{{\"phone\":\"{aki}\",\"name\":\"Aki\\u200b\",\"colour\":\"red\"}}");
    let answer = serve.post_from([127, 0, 0, 1], "/join", &body);
    assert_eq!(answer.status, 422);
    let refused: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(refused["error"], "hidden_char");
    assert_eq!(refused["detail"], "U+200B");
    let words = tv.table()["words"]["why"]["hidden_char"].clone();
    assert!(words.as_str().unwrap().contains("{char}"), "{words}");
    serve.stop();
}

/// Case 8: a game logged from paper has no length, so its exports leave it out: an empty
/// `duration_min` in the CSV, no `durationMin` in the BG Stats file, never 0.
#[test]
fn a_paper_games_length_is_left_out_of_the_exports_never_0() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = sheet(dir.path(), "sheet.json", "Aki", "", "2026-11-20T19:00:00Z");
    assert!(
        tablekeeper(&data, "en", &["history", "add", path.to_str().unwrap()])
            .status
            .success()
    );
    let out = tablekeeper(&data, "en", &["history", "export", "--format", "csv"]);
    assert!(out.status.success(), "{}", said(&out));
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.trim_start_matches('\u{feff}').lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == "duration_min").unwrap();
    for row in lines {
        assert_eq!(row.split(',').nth(at), Some(""), "{row}");
    }
    let out = tablekeeper(&data, "en", &["history", "export", "--format", "bgstats"]);
    assert!(out.status.success(), "{}", said(&out));
    let file: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let play = &file["plays"][0];
    assert!(play.is_object(), "{file}");
    assert!(play.get("durationMin").is_none(), "{play}");
}

/// Cases 4 and 10: `serve --tables` out of its range says what it takes in the user's words
/// (not clap's "20 is not in 2..=16"), in the system's language; `--version` answers on every
/// command in every language.
#[cfg(feature = "phones")]
#[test]
fn tables_out_of_range_and_version_speak_the_users_language() {
    let run = |lang: &str, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .output()
            .unwrap()
    };
    for tables in ["1", "20", "zwei"] {
        let out = run("C", &["serve", "--tables", tables]);
        assert_eq!(out.status.code(), Some(2), "{tables}");
        let text = said(&out);
        assert!(text.contains("--tables takes 2 to 16 tables"), "{text}");
    }
    let out = run("de_DE.UTF-8", &["serve", "--tables", "20"]);
    assert!(
        said(&out).contains("--tables nimmt 2 bis 16 Tische"),
        "{}",
        said(&out)
    );
    for lang in ["en", "de", "ja"] {
        let out = run("C", &["--lang", lang, "score", "--version"]);
        assert!(out.status.success(), "{lang}: {}", said(&out));
        assert!(
            said(&out).contains("tablekeeper-score"),
            "{lang}: {}",
            said(&out)
        );
    }
}

/// Case 3: a backup given to `history add`, or to `score`, is named as a backup, with the
/// command that takes it; not refused for a field a paper sheet has ("missing field").
#[test]
fn a_backup_given_where_a_sheet_goes_is_named_as_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let backup = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/backup-v1.json");
    for args in [&["history", "add"][..], &["score"]] {
        let mut args = args.to_vec();
        args.push(backup.to_str().unwrap());
        let out = tablekeeper(&data, "en", &args);
        assert!(!out.status.success(), "{args:?}");
        let text = said(&out);
        assert!(
            text.contains("it is a backup, which `tablekeeper history import` takes"),
            "{args:?}: {text}"
        );
        assert!(!text.contains("missing field"), "{text}");
    }
}

/// Case 8: a version-1 game imported from a backup is written in today's version, since it is
/// written in today's types.
#[test]
fn an_imported_old_session_is_written_in_todays_version() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let backup = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/backup-v1.json");
    let out = tablekeeper(
        &data,
        "en",
        &["history", "import", backup.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", said(&out));
    let sessions = data.join("history/sessions");
    let files: Vec<_> = std::fs::read_dir(&sessions).unwrap().flatten().collect();
    assert!(!files.is_empty());
    for file in files {
        let saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file.path()).unwrap()).unwrap();
        assert_eq!(
            saved["version"],
            tablekeeper::session::SESSION_VERSION,
            "{}",
            file.path().display()
        );
    }
}

/// Case 3: −5 in a TERRAVIST part is said as a number below 0, not as "takes a whole number
/// of points" (it is one).
#[test]
fn a_negative_part_is_said_as_below_0() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.json");
    let sheet = serde_json::json!({
        "format": "tablekeeper-sheet", "version": 1,
        "players": [ { "name": "Aki", "parts": { "creatures": -5 } } ]
    });
    std::fs::write(&path, sheet.to_string()).unwrap();
    let out = tablekeeper(
        &dir.path().join("data"),
        "en",
        &["score", path.to_str().unwrap()],
    );
    assert!(!out.status.success());
    let text = said(&out);
    assert!(text.contains("cannot be below 0"), "{text}");
    assert!(!text.contains("whole number"), "{text}");
}

/// Case 3: a profile's bad value names the field it is in, not only a line and a column.
#[test]
fn a_profiles_bad_value_names_its_field() {
    let earth =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("profiles/earth.json"))
            .unwrap();
    let bogus = earth.replacen("\"kind\": \"count\"", "\"kind\": \"bogus\"", 1);
    assert_ne!(bogus, earth);
    let error = tablekeeper::kit::game_profile::GameProfile::from_json(&bogus).unwrap_err();
    let said = error.to_string();
    assert!(said.contains("`sheet.parts["), "{said}");
    assert!(said.contains("bogus"), "{said}");
}

/// What each refusal case writes into a scratch folder, and the arguments that meet it.
struct Refusal {
    what: &'static str,
    args: Vec<String>,
    english: &'static str,
    german: &'static str,
}

/// The refusals a newcomer meets, each made here: a file that is not there, a folder, a file
/// that is not JSON, one of another format, one from a newer version, a paper sheet of a game
/// there is not, a word where a score goes, a time that is not one, a score above its limit
/// (with the part named in the language), a journal cut short, a game id the history lacks,
/// a backup game over today's limits, and clap's own number checks.
fn refusals(dir: &Path) -> Vec<Refusal> {
    let put = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let paper = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/paper-sheet.json"),
    )
    .unwrap();
    let mut sheet: serde_json::Value = serde_json::from_str(&paper).unwrap();
    sheet["players"][0]["parts"]["eggs"] = 100_000.into();
    let too_high = put("too-high.json", &sheet.to_string());
    sheet["players"][0]["parts"]["eggs"] = "five".into();
    let word = put("word.json", &sheet.to_string());
    sheet["players"][0]["parts"]["eggs"] = 5.into();
    sheet["played_at"] = "Saturday".into();
    let no_time = put("no-time.json", &sheet.to_string());
    sheet["played_at"] = "2026-11-14T19:30:00Z".into();
    sheet["game"] = "no-such-game".into();
    let no_game = put("no-game.json", &sheet.to_string());
    let journal = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/datadir-v1/live/00000000000000b0.jsonl"),
    )
    .unwrap();
    let torn_path = dir.join("torn.jsonl");
    std::fs::write(&torn_path, &journal[..journal.len() - 20]).unwrap();
    // As text: a backup's header comes before its games, an order serde_json's map keeps not.
    let backup = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/backup-v1.json"),
    )
    .unwrap();
    let hidden = backup.replace(r#""name": "Aki""#, r#""name": "A\u200bki""#);
    assert_ne!(hidden, backup);
    let backup = put("old-backup.json", &hidden);
    let folder = dir.join("a-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let case = |what, args, english, german| Refusal {
        what,
        args,
        english,
        german,
    };
    vec![
        case(
            "a file that is not there",
            args(&["score", &dir.join("missing.json").to_string_lossy()]),
            "there is no such file",
            "Diese Datei gibt es nicht",
        ),
        case(
            "a folder",
            args(&["score", &folder.to_string_lossy()]),
            "is not a file (a folder, a pipe or a device)",
            "ist keine Datei (ein Ordner, eine Pipe oder ein Gerät)",
        ),
        case(
            "not JSON",
            args(&["score", &put("notes.json", "Aki 44, Ben 44")]),
            "is not valid JSON (it stops making sense at line 1, column 1)",
            "ist kein gültiges JSON (ab Zeile 1, Spalte 1",
        ),
        case(
            "another format",
            args(&["score", &put("other.json", r#"{"format":"bgstats"}"#)]),
            "is not a tablekeeper session or score sheet",
            "ist weder eine gespeicherte Partie noch ein Wertungsblatt",
        ),
        case(
            "a newer version",
            args(&[
                "score",
                &put(
                    "newer.json",
                    r#"{"format":"tablekeeper-session","version":99}"#,
                ),
            ]),
            "was written by a newer tablekeeper (version 99",
            "wurde von einem neueren tablekeeper geschrieben (Version 99",
        ),
        case(
            "a game there is not",
            args(&["history", "add", &no_game]),
            "no game has the id “no-such-game”",
            "kein Spiel hat die ID „no-such-game“",
        ),
        case(
            "a word where a score goes",
            args(&["history", "add", &word]),
            "the field `players[0].parts.eggs` takes a number",
            "das Feld `players[0].parts.eggs` nimmt eine Zahl",
        ),
        case(
            "a time that is not one",
            args(&["history", "add", &no_time]),
            "\"played_at\" is not a time: “Saturday”",
            "„played_at“ ist keine Uhrzeit: „Saturday“",
        ),
        case(
            "a score above its part's limit, the part in the language",
            args(&["score", &too_high]),
            "Aki: 100000 is too high for ⑤ Eggs (at most 200)",
            "Aki: 100000 ist zu hoch für ⑤ Eier (höchstens 200)",
        ),
        case(
            "a journal cut short",
            args(&["score", &torn_path.to_string_lossy()]),
            "line 7 was cut short; it is left out",
            "Zeile 7 wurde abgeschnitten; sie bleibt weg",
        ),
        case(
            "a game id the history lacks",
            args(&["history", "show", "0123456789abcdef"]),
            "there is no game 0123456789abcdef in the history",
            "es gibt keine Partie 0123456789abcdef in der Historie",
        ),
        case(
            "an old backup's name over today's rule",
            args(&["history", "import", &backup]),
            "a player name held U+200B",
            "ein Spielername enthielt U+200B",
        ),
        case(
            "clap's range",
            args(&["serve", "--grace", "0"]),
            "0 is not in 1..=3600",
            "0 liegt nicht zwischen 1 und 3600",
        ),
        case(
            "clap's number",
            args(&["serve", "--free-after", "soon"]),
            "invalid digit found in string",
            "das ist keine ganze Zahl",
        ),
        case(
            "a date that is not one",
            args(&["history", "list", "--from", "2026-13-01"]),
            "\"2026-13-01\" is not a date like 2026-11-21",
            "„2026-13-01“ ist kein Datum wie 2026-11-21",
        ),
    ]
}

/// Case 4: every refusal above is said in the user's language, the file errors and the part
/// names inside them too; in German, none of the English sentence is left. Each runs on a
/// data directory of its own (an import changes it).
#[test]
fn every_refusal_speaks_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, english) in [("en", true), ("de", false)] {
        for (n, case) in refusals(dir.path()).into_iter().enumerate() {
            if case.args[0] == "serve" && !cfg!(feature = "phones") {
                continue;
            }
            let data = dir.path().join(format!("data-{lang}-{n}"));
            std::fs::create_dir_all(&data).unwrap();
            let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
            let text = said(&tablekeeper(&data, lang, &args));
            let (want, not) = match english {
                true => (case.english, None),
                false => (case.german, Some(case.english)),
            };
            assert!(text.contains(want), "{lang}, {}: {text}", case.what);
            if let Some(english) = not {
                assert!(!text.contains(english), "{}: {text}", case.what);
            }
        }
    }
}

/// Case 4: a data directory another copy keeps is said to be in use, in the user's language.
#[test]
fn a_data_directory_in_use_is_said_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let _held = tablekeeper::store::DataDir::open(&data).unwrap();
    let sheet = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/paper-sheet.json");
    let out = tablekeeper(&data, "de", &["history", "add", sheet.to_str().unwrap()]);
    assert!(!out.status.success());
    let text = said(&out);
    assert!(
        text.contains("nutzt gerade ein anderes tablekeeper"),
        "{text}"
    );
    assert!(!text.contains("is in use by another copy"), "{text}");
}

/// Case 1: a profile's names go by the name rule players' names go by: a part named with a
/// zero-width space, or a game's name past 100 characters, is refused naming the field, in
/// words and in German too; every shipped profile passes.
#[test]
fn a_profiles_names_go_by_the_name_rule() {
    use tablekeeper::i18n::Locale;
    use tablekeeper::kit::game_profile::GameProfile;
    let earth =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("profiles/earth.json"))
            .unwrap();
    let mut profile: serde_json::Value = serde_json::from_str(&earth).unwrap();
    profile["sheet"]["parts"][1]["name"]["en"] = "Ca\u{200B}rds".into();
    let error = GameProfile::from_json(&profile.to_string()).unwrap_err();
    let said = error.text().render(Locale::EN);
    assert!(said.contains("`sheet.parts[1].name.en`"), "{said}");
    assert!(said.contains("U+200B"), "{said}");
    let german = error.text().render(Locale::DE);
    assert!(german.contains("ein Zeichen, das nichts zeigt"), "{german}");

    let mut profile: serde_json::Value = serde_json::from_str(&earth).unwrap();
    profile["name"]["de"] = "E".repeat(101).into();
    let said = GameProfile::from_json(&profile.to_string())
        .unwrap_err()
        .text()
        .render(Locale::EN);
    assert!(said.contains("`name.de`"), "{said}");
    assert!(said.contains("longer than 100 characters"), "{said}");
    profile["name"]["de"] = "E".repeat(100).into();
    assert!(GameProfile::from_json(&profile.to_string()).is_ok());

    let (shipped, problems) = tablekeeper::store::profiles::games(None);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(shipped.len() >= 5);
}
