//! The command line, run as a user would: `score` and `replay` on good and bad files.

use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::copy_dir;
use tablekeeper::i18n::Locale;
use tablekeeper::i18n::dates::Shape;
use tablekeeper::zone::Zone;

fn tablekeeper(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(args)
        .env("LANG", "C")
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn score_prints_an_aligned_sheet_with_the_winner() {
    let out = tablekeeper(&["score", "tests/data/session-v1.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Player"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("③ Round objectives") && l.ends_with("13   10")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Total") && l.ends_with("17   15")),
        "{text}"
    );
    assert!(text.contains("Winner: Aki"));
    // Every row of the table is as wide as the header.
    let width = lines[0].chars().count();
    assert!(
        lines[..9].iter().all(|l| l.chars().count() == width),
        "{text}"
    );
}

#[test]
fn score_speaks_german_by_flag_and_by_the_systems_language() {
    let out = tablekeeper(&["--lang", "de", "score", "tests/data/session-v1.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Sieger: Aki"), "{}", stdout(&out));
    let out = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(["score", "tests/data/session-v1.json"])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "de_AT.UTF-8")
        .output()
        .unwrap();
    assert!(stdout(&out).contains("Sieger: Aki"), "{}", stdout(&out));
}

#[test]
fn score_speaks_japanese() {
    let out = tablekeeper(&["--lang", "ja", "score", "tests/data/session-v1.json"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("③ ラウンド終了時目的"), "{text}");
    assert!(text.contains("勝者：Aki"), "{text}");
}

#[test]
fn score_json_gives_parts_totals_ranks_and_winners() {
    let out = tablekeeper(&["score", "tests/data/paper-sheet.json", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let players = v["players"].as_array().unwrap();
    // Aki 21+4+9+3+5+2 = 44, Ben 25+0+10+3+4+2 = 44, Chie 18+6+5+0+7+1 = 37.
    let totals: Vec<u64> = players
        .iter()
        .map(|p| p["total"].as_u64().unwrap())
        .collect();
    assert_eq!(totals, vec![44, 44, 37]);
    let winners: Vec<bool> = players
        .iter()
        .map(|p| p["winner"].as_bool().unwrap())
        .collect();
    assert_eq!(winners, vec![true, true, false], "a tie shares the victory");
    let ranks: Vec<u64> = players
        .iter()
        .map(|p| p["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, vec![1, 1, 3]);
    assert_eq!(players[2]["parts"]["eggs"], 7);
}

#[test]
fn replay_prints_the_state_after_each_event() {
    let out = tablekeeper(&["replay", "tests/data/session-v1.json"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let events = serde_json::from_str::<serde_json::Value>(
        &std::fs::read_to_string("tests/data/session-v1.json").unwrap(),
    )
    .unwrap()["events"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(text.lines().filter(|l| l.contains("→ ")).count(), events);
    assert!(
        text.contains("Round 1 · Turn 1 / 3 · Aki's turn (parent: Aki)"),
        "{text}"
    );
    assert!(text.contains("(paused)"));
    assert!(
        text.contains("Round 2 · Turn 1 / 2 · Ben's turn (parent: Ben)"),
        "{text}"
    );
    assert!(
        text.trim_end().ends_with("Game over · Aki 17, Ben 15"),
        "{text}"
    );
}

fn write_temp(name: &str, contents: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), contents).unwrap();
    dir
}

fn fails_with(args: &[&str], needle: &str) {
    let out = tablekeeper(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail");
    assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    assert!(stdout(&out).is_empty());
}

#[test]
fn bad_files_give_a_clear_error_and_a_failing_exit_code() {
    fails_with(
        &["score", "no/such/file.json"],
        "no/such/file.json: there is no such file",
    );

    let dir = write_temp("garbage.json", "this is not json");
    let path = dir.path().join("garbage.json");
    fails_with(&["score", path.to_str().unwrap()], "is not valid JSON");

    // Valid JSON with a word where a clock figure goes: said as such, not as broken JSON.
    let mut game: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("tests/data/session-v1.json").unwrap())
            .unwrap();
    game["setup"]["clock"] =
        serde_json::json!({"mode": "bank", "bank_ms": "ten", "extra": {"kind": "none"}});
    let dir = write_temp("clock.json", &game.to_string());
    let path = dir.path().join("clock.json");
    fails_with(
        &["score", path.to_str().unwrap()],
        "does not read as a tablekeeper file: invalid type: string \"ten\", expected i64",
    );
    // An event of a kind this version does not know (a newer one's, or a typo).
    let mut unknown = game.clone();
    unknown["setup"].as_object_mut().unwrap().remove("clock");
    unknown["events"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"at": "2026-11-21T19:30:00Z", "type": "flip_table"}));
    let dir = write_temp("unknown.json", &unknown.to_string());
    let path = dir.path().join("unknown.json");
    fails_with(
        &["score", path.to_str().unwrap()],
        "an event this tablekeeper does not know, or one with a field it cannot read",
    );
    // A clock no table could set up: its reason.
    game["setup"]["clock"] = serde_json::json!(
        {"mode": "bank", "bank_ms": 600000, "extra": {"kind": "increment", "ms": -5000}});
    let dir = write_temp("clock.json", &game.to_string());
    let path = dir.path().join("clock.json");
    fails_with(
        &["score", path.to_str().unwrap()],
        "The clock cannot be used: no clock figure may be below 0",
    );

    let dir = write_temp("other.json", r#"{"format": "photo-album", "version": 1}"#);
    let path = dir.path().join("other.json");
    fails_with(
        &["replay", path.to_str().unwrap()],
        "not a tablekeeper session or score sheet",
    );

    let sample = std::fs::read_to_string("tests/data/session-v1.json").unwrap();
    let newer = sample.replacen("\"version\": 1", "\"version\": 7", 1);
    let dir = write_temp("newer.json", &newer);
    let path = dir.path().join("newer.json");
    fails_with(
        &["score", path.to_str().unwrap()],
        "written by a newer tablekeeper (version 7",
    );

    // An event the rules refuse: a fourth egg on a card that holds 3.
    let mut v: serde_json::Value = serde_json::from_str(&sample).unwrap();
    let events = v["events"].as_array_mut().unwrap();
    let egg = events.iter().position(|e| e["type"] == "add_egg").unwrap();
    for _ in 0..3 {
        let copy = events[egg].clone();
        events.insert(egg, copy);
    }
    let dir = write_temp("refused.json", &v.to_string());
    let path = dir.path().join("refused.json");
    // The fourth egg stands at index egg + 3; events are numbered from 1, as `replay` does.
    fails_with(
        &["score", path.to_str().unwrap()],
        &format!(
            "event {} is refused by the rules: Iriomote cat holds 3 eggs; its limit is 3.",
            egg + 4
        ),
    );
    let good = dir.path().join("good.json");
    std::fs::write(&good, &sample).unwrap();
    let replay = tablekeeper(&["replay", good.to_str().unwrap()]);
    let numbered = format!("{:>4}  ", egg + 1);
    let line = String::from_utf8_lossy(&replay.stdout)
        .lines()
        .find(|l| l.starts_with(&numbered))
        .map(str::to_string)
        .unwrap_or_default();
    assert!(
        line.contains("An egg on Iriomote cat"),
        "replay numbers the first egg {}, in words: {line}",
        egg + 1
    );

    let paper =
        r#"{"format": "tablekeeper-sheet", "players": [{"name": "Aki", "parts": {"eggs": 5000}}]}"#;
    let dir = write_temp("paper.json", paper);
    let path = dir.path().join("paper.json");
    fails_with(
        &["score", path.to_str().unwrap()],
        "5000 is too high for ⑤ Eggs",
    );
}

#[test]
fn usage_errors_exit_with_clap_code() {
    let out = tablekeeper(&["score"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Usage"));
    assert!(Path::new(env!("CARGO_BIN_EXE_tablekeeper")).exists());
}

#[test]
fn history_list_show_stats_export_and_import() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(Path::new("tests/data/datadir-v1"), tmp.path());
    let dir = tmp.path().to_str().unwrap();

    let out = tablekeeper(&["--data-dir", dir, "history", "list"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = stdout(&out);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with("00000000000000a1"),
        "newest first: {list}"
    );
    assert!(
        lines[1].contains("Aki 19 and Ben 12") && lines[1].ends_with("winner: Aki"),
        "{list}"
    );
    // In German: the day and time as German writes them, in this machine's zone, and the
    // players listed with "und".
    let german = stdout(&tablekeeper(&[
        "--lang",
        "de",
        "--data-dir",
        dir,
        "history",
        "list",
    ]));
    let began = chrono::DateTime::parse_from_rfc3339("2026-11-21T19:00:00Z").unwrap();
    let when = Zone::Local.show(Locale::DE, began.to_utc(), Shape::DayAndTime);
    assert!(when.contains(".2026, "), "{when}");
    let line = german.lines().nth(1).unwrap_or_default();
    assert!(
        line.contains(&when) && line.contains("Aki 19 und Ben 12"),
        "{german}"
    );
    let out = tablekeeper(&["--data-dir", dir, "history", "list", "--player", "chie"]);
    assert_eq!(stdout(&out).lines().count(), 1);

    let out = tablekeeper(&["--data-dir", dir, "history", "show", "00000000000000a0"]);
    assert!(stdout(&out).contains("Winner: Aki"), "{}", stdout(&out));
    let out = tablekeeper(&["--data-dir", dir, "history", "show", "../../etc/passwd"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("there is no game ../../etc/passwd in the history"));

    let out = tablekeeper(&["--data-dir", dir, "history", "stats", "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["sessions"], 2);
    let aki = stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Aki")
        .unwrap();
    assert_eq!(aki["plays"], 2);
    let out = tablekeeper(&["--lang", "ja", "--data-dir", dir, "history", "stats"]);
    assert!(stdout(&out).contains("2ゲーム"), "{}", stdout(&out));

    let csv_path = tmp.path().join("out.csv");
    let out = tablekeeper(&[
        "--data-dir",
        dir,
        "history",
        "export",
        "--format",
        "csv",
        "--out",
        csv_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let csv_text = std::fs::read_to_string(&csv_path).unwrap();
    assert_eq!(
        csv_text.lines().count(),
        1 + 4,
        "header + 2 sessions × 2 players"
    );

    let out = tablekeeper(&[
        "--data-dir",
        dir,
        "history",
        "export",
        "--format",
        "bgstats",
        "--id",
        "00000000000000a0",
    ]);
    // BG Stats' own import file: the game, its players and its play, linked by ids.
    let file: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(file["plays"].as_array().unwrap().len(), 1, "{file}");
    assert_eq!(file["plays"][0]["gameRefId"], file["games"][0]["id"]);
    assert!(
        file["plays"][0]["playerScores"][0]["score"].is_string(),
        "{file}"
    );
    assert_eq!(
        file["games"][0]["bggId"], 0,
        "TERRAVIST's BGG id is not confirmed: 0 (BG Stats' 'none'), never guessed"
    );
    // One push link per play, a line each.
    let out = tablekeeper(&[
        "--data-dir",
        dir,
        "history",
        "export",
        "--format",
        "bgstats-link",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let links = stdout(&out);
    assert_eq!(links.lines().count(), 2, "{links}");
    assert!(
        links
            .lines()
            .all(|l| l.starts_with("https://app.bgstatsapp.com/createPlay.html?data=%7B")),
        "{links}"
    );

    let out = tablekeeper(&[
        "--data-dir",
        dir,
        "history",
        "import",
        "tests/data/backup-v1.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "Imported: 0 added, 2 already there, 0 refused."
    );
    let fresh = tempfile::tempdir().unwrap();
    let fresh_dir = fresh.path().to_str().unwrap();
    for expected in [
        "Imported: 2 added, 0 already there, 0 refused.",
        "Imported: 0 added, 2 already there, 0 refused.",
    ] {
        let out = tablekeeper(&[
            "--data-dir",
            fresh_dir,
            "history",
            "import",
            "tests/data/backup-v1.json",
        ]);
        assert_eq!(stdout(&out).trim(), expected);
    }
    let out = tablekeeper(&[
        "--data-dir",
        fresh_dir,
        "history",
        "import",
        "tests/data/session-v1.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a tablekeeper backup"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_reads_a_live_journal() {
    let out = tablekeeper(&[
        "replay",
        "tests/data/datadir-v1/live/00000000000000b0.jsonl",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // 4 events stand (an undo and a redo cancel out): the last is the pause.
    assert_eq!(
        text.lines().filter(|l| l.contains("→ ")).count(),
        4,
        "{text}"
    );
    assert!(
        text.trim_end().ends_with(
            "Round 1 · Turn 1 / 6 · Chie's turn (parent: Ben) (paused) · Aki 0, Ben 0, Chie 0"
        ),
        "{text}"
    );
    // The undo and the redo are not lost: the pause taken back is marked where it happened.
    assert!(
        text.contains(
            "↶ taken back (Undo) at 2026-11-24 02:34:55: Clock paused · put back (Redo) at \
             2026-11-24 02:34:56"
        ),
        "{text}"
    );
}

#[test]
fn with_no_display_the_app_says_so_instead_of_panicking() {
    let out = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("LANG", "C")
        .arg("--data-dir")
        .arg(tempfile::tempdir().unwrap().path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no display to open the window on"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_paper_sheet_of_another_game_is_scored_by_its_profile() {
    let out = tablekeeper(&["score", "tests/data/terramara-sheet.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Aki 20 + 8 + 3.5 + 2 − 5; Ben 18 + 8 + 0.5; Chie 25 + 4 (see tests/other_games.rs)
    assert!(
        text.lines()
            .any(|l| l.starts_with("Total") && l.ends_with("28.5  26.5    29")),
        "{text}"
    );
    assert!(text.contains("Winner: Chie"));
    let out = tablekeeper(&["score", "tests/data/terramara-sheet.json", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["players"][0]["total"], "28.5",
        "fractions stay exact in JSON"
    );
}

#[test]
fn score_and_replay_read_a_saved_game_of_another_profile() {
    use chrono::{TimeZone, Utc};
    use tablekeeper::any_game::{PlayEvent, PlaySession};
    use tablekeeper::kit::game_profile::GameProfile;
    use tablekeeper::scoring::{CellInput, Points};
    use tablekeeper::session::{Colour, Lineup, Player};
    let t = |s| Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, s).unwrap();
    let setup = Lineup {
        players: ["Aki", "Ben"]
            .iter()
            .zip(Colour::ALL)
            .map(|(n, colour)| Player {
                name: n.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 0,
        sides: Vec::new(),
        clock: Default::default(),
    };
    let mut game =
        PlaySession::new(GameProfile::shipped("terramara").unwrap(), setup, t(0)).unwrap();
    game.apply(PlayEvent::StartGame, t(1)).unwrap();
    game.apply(PlayEvent::NextTurn, t(2)).unwrap();
    game.apply(
        PlayEvent::SetCell {
            player: 1,
            part: "raw".into(),
            value: Some(CellInput::Number(Points::whole(5))),
        },
        t(3),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("terramara.json");
    std::fs::write(&path, serde_json::to_string(&game.to_file()).unwrap()).unwrap();
    let path = path.to_str().unwrap();

    let out = tablekeeper(&["replay", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("→ Round 1 · Turn 2 / – · Ben's turn"),
        "{text}"
    );
    let out = tablekeeper(&["score", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Ben: raw materials 5 × 0.5 = 2.5, and both tied first on the military track: 8 each.
    assert!(
        text.lines()
            .any(|l| l.starts_with("Total") && l.ends_with("8  10.5")),
        "{text}"
    );
}

#[test]
fn two_data_directories_share_one_history_folder() {
    // Two devices, or two users' data directories, writing one history folder (a network
    // share, a Dropbox folder): each writes its own log, each lists the other's games.
    let tmp = tempfile::tempdir().unwrap();
    let shared = tmp.path().join("Dropbox/tablekeeper-history");
    let backup = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/backup-v1.json");
    // The share is there before any device writes into it: the app never makes one.
    std::fs::create_dir_all(&shared).unwrap();
    let with = |device: &str, args: &[&str]| {
        let data = tmp.path().join(device);
        std::fs::create_dir_all(&data).unwrap();
        let mut all = vec![
            "--data-dir",
            data.to_str().unwrap(),
            "--history-dir",
            shared.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        let output = tablekeeper(&all);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let imported = with("laptop", &["history", "import", backup.to_str().unwrap()]);
    assert!(imported.contains("2"), "{imported}");
    let on_laptop = with("laptop", &["history", "list"]);
    assert_eq!(on_laptop.lines().count(), 2, "{on_laptop}");
    // The other device imports the same backup: the games are there already.
    with("tablet", &["history", "import", backup.to_str().unwrap()]);
    assert_eq!(with("tablet", &["history", "list"]), on_laptop);
    let logs: Vec<String> = std::fs::read_dir(&shared)
        .unwrap()
        .flatten()
        .map(|f| f.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".jsonl"))
        .collect();
    assert_eq!(logs.len(), 1, "only the laptop wrote: {logs:?}");
    assert!(
        !tmp.path().join("laptop/history").exists(),
        "nothing in the data directory's own history folder"
    );
    // A mistyped shared folder is an error, not an empty history.
    let missing = tmp.path().join("Dropbx");
    let output = tablekeeper(&[
        "--data-dir",
        tmp.path().join("laptop").to_str().unwrap(),
        "--history-dir",
        missing.to_str().unwrap(),
        "history",
        "list",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no history folder"));
}

#[test]
fn history_add_logs_a_paper_sheet_scored_like_a_played_game() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let root = env!("CARGO_MANIFEST_DIR");
    let in_data = |args: &[&str]| {
        let mut all = vec!["--data-dir", data.to_str().unwrap()];
        all.extend_from_slice(args);
        tablekeeper(&all)
    };
    let sheet = format!("{root}/tests/data/paper-sheet.json");
    let added = in_data(&["history", "add", &sheet]);
    assert!(added.status.success(), "{}", stderr(&added));
    // The same engine as `score`: the same totals and winners.
    let scored: serde_json::Value =
        serde_json::from_str(&stdout(&tablekeeper(&["score", &sheet, "--json"]))).unwrap();
    let list = stdout(&in_data(&["history", "list"]));
    assert_eq!(list.lines().count(), 1, "{list}");
    for player in scored["players"].as_array().unwrap() {
        let expected = format!("{} {}", player["name"].as_str().unwrap(), player["total"]);
        assert!(list.contains(&expected), "{expected} in {list}");
    }
    // The day as English writes it, in this machine's zone (`.ci/run` is in Tokyo's).
    let played = chrono::DateTime::parse_from_rfc3339("2026-11-14T19:30:00Z").unwrap();
    let day = Zone::Local.show(Locale::EN, played.to_utc(), Shape::Day);
    assert!(list.contains(&day) && list.contains("on paper"), "{list}");
    assert!(list.contains("winner: Aki and Ben"), "{list}");

    // Another game's sheet, with its date and notes: counted in the statistics.
    let terramara: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/tests/data/terramara-sheet.json")).unwrap(),
    )
    .unwrap();
    let mut dated = terramara.clone();
    dated["played_at"] = "2026-11-20T18:00:00Z".into();
    dated["notes"] = "club night".into();
    let dated_path = tmp.path().join("terramara.json");
    std::fs::write(&dated_path, dated.to_string()).unwrap();
    let added = in_data(&["history", "add", dated_path.to_str().unwrap()]);
    assert!(added.status.success(), "{}", stderr(&added));
    let stats: serde_json::Value =
        serde_json::from_str(&stdout(&in_data(&["history", "stats", "--json"]))).unwrap();
    assert_eq!(stats["sessions"], 2, "{stats}");
    let id = stdout(&added).lines().nth(1).unwrap()[..16].to_string();
    let shown = stdout(&in_data(&["history", "show", &id]));
    assert!(shown.contains("club night"), "{shown}");

    // Refused, and nothing written: no date, a cell over the sheet's limit, an unknown game.
    let undated = tmp.path().join("undated.json");
    std::fs::write(&undated, terramara.to_string()).unwrap();
    let mut over: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sheet).unwrap()).unwrap();
    over["players"][0]["parts"]["positions"] = 5000.into();
    let over_path = tmp.path().join("over.json");
    std::fs::write(&over_path, over.to_string()).unwrap();
    let mut unknown = dated.clone();
    unknown["game"] = "chess".into();
    let unknown_path = tmp.path().join("chess.json");
    std::fs::write(&unknown_path, unknown.to_string()).unwrap();
    for (path, says) in [
        (&undated, "played_at"),
        (&over_path, "Aki"),
        (&unknown_path, "chess"),
    ] {
        let refused = in_data(&["history", "add", path.to_str().unwrap()]);
        assert_eq!(refused.status.code(), Some(1), "{}", path.display());
        assert!(stderr(&refused).contains(says), "{}", stderr(&refused));
    }
    assert_eq!(stdout(&in_data(&["history", "list"])).lines().count(), 2);
}

#[test]
fn a_file_whose_profile_breaks_the_games_rules_is_refused_not_a_crash() {
    // Both panicked: the sheet of a TERRAVIST game "won by sides" could not be scored.
    let (file, journal) = common::broken_profile_files();
    for (name, text) in [("game.json", file), ("game.jsonl", journal)] {
        let dir = write_temp(name, &text);
        let path = dir.path().join(name);
        fails_with(&["score", path.to_str().unwrap()], "sheet.winner");
        fails_with(&["replay", path.to_str().unwrap()], "sheet.winner");
    }
}

/// `score`, `replay` and `history add` read a paper sheet with one reader, and `score` and
/// `replay` read every game's files with one loader; each test here is a file one of the
/// three readers used to take differently.
mod one_reader {
    use super::*;
    use tablekeeper::store::DataDir;
    use tablekeeper::terravist::event::Event;

    fn sheet_file(dir: &Path, name: &str, sheet: &serde_json::Value) -> String {
        let path = dir.join(name);
        std::fs::write(&path, sheet.to_string()).unwrap();
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn replay_reads_another_games_paper_sheet() {
        // Before: replay tried every paper sheet as TERRAVIST's and refused Terramara's parts.
        let out = tablekeeper(&["replay", "tests/data/terramara-sheet.json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("\"set_cell\""), "{text}");
        assert!(text.lines().last().unwrap().contains("Game over"), "{text}");
    }

    #[test]
    fn a_turn_order_on_a_sheet_breaks_the_tie_when_scored_and_when_logged() {
        // Before: `score` ranked a tie by the sheet's turn order, `history add` by seat order.
        let tmp = tempfile::tempdir().unwrap();
        let tie = |turn_order: u32| serde_json::json!({"name": "", "parts": {"vp_track": 20}, "turn_order": turn_order});
        let (mut aki, mut ben) = (tie(2), tie(1));
        aki["name"] = "Aki".into();
        ben["name"] = "Ben".into();
        let sheet = serde_json::json!({
            "format": "tablekeeper-sheet", "game": "rats-of-wistar",
            "played_at": "2026-11-20T18:00:00Z", "players": [aki, ben],
        });
        let path = sheet_file(tmp.path(), "rats.json", &sheet);
        let scored: serde_json::Value =
            serde_json::from_str(&stdout(&tablekeeper(&["score", &path, "--json"]))).unwrap();
        assert_eq!(scored["players"][1]["winner"], true, "{scored}");
        assert_eq!(scored["players"][0]["winner"], false, "{scored}");
        let data = tmp.path().join("data");
        let data = data.to_str().unwrap();
        let added = tablekeeper(&["--data-dir", data, "history", "add", &path]);
        assert!(added.status.success(), "{}", stderr(&added));
        let list = stdout(&tablekeeper(&["--data-dir", data, "history", "list"]));
        assert!(list.contains("winner: Ben"), "{list}");
    }

    #[test]
    fn history_add_scores_a_terravist_sheet_with_the_profile_it_carries() {
        // Before: `score` used a sheet's own TERRAVIST profile, `history add` ignored it.
        let tmp = tempfile::tempdir().unwrap();
        let mut profile: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string("profiles/terravist.json").unwrap())
                .unwrap();
        profile["terravist"]["part_rules"]["positions"]["max_entry"] = 2.into();
        let mut sheet: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string("tests/data/paper-sheet.json").unwrap())
                .unwrap();
        sheet["profile"] = profile;
        let path = sheet_file(tmp.path(), "own.json", &sheet);
        let data = tmp.path().join("data");
        let data = data.to_str().unwrap();
        for args in [
            vec!["score", path.as_str()],
            vec!["--data-dir", data, "history", "add", path.as_str()],
        ] {
            let out = tablekeeper(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(&out));
            assert!(
                stderr(&out).contains("too high"),
                "{args:?}: {}",
                stderr(&out)
            );
        }
    }

    #[test]
    fn a_sheet_of_a_newer_version_is_refused_by_every_reader() {
        // Before: `score` took a sheet of version 2, `history add` refused it.
        let tmp = tempfile::tempdir().unwrap();
        let mut sheet: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string("tests/data/paper-sheet.json").unwrap())
                .unwrap();
        sheet["version"] = 2.into();
        let path = sheet_file(tmp.path(), "newer.json", &sheet);
        fails_with(&["score", &path], "written by a newer tablekeeper");
        fails_with(&["replay", &path], "written by a newer tablekeeper");
    }

    #[test]
    fn every_game_scores_to_the_same_json_shape() {
        // Before: another game's JSON was its sheet's own shape (parts in a list per player).
        let out = tablekeeper(&["score", "tests/data/terramara-sheet.json", "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["game"], "terramara");
        assert_eq!(v["players"][0]["parts"]["vp_chips"], 20, "{v}");
        let out = tablekeeper(&["score", "tests/data/paper-sheet.json", "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["game"], "terravist");
        assert_eq!(v["players"][0]["parts"]["creatures"], 21, "{v}");
    }

    #[test]
    fn a_journal_line_the_rules_refuse_ends_the_replay_and_is_said() {
        // Before: a TERRAVIST journal with such a line was refused whole, another game's was
        // cut short without a word. Now both keep what stands before it, as the window does.
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir::open(&tmp.path().join("data")).unwrap();
        let mut live = dir.start(common::session(&["Aki", "Ben"], 0, 6)).unwrap();
        live.apply(Event::StartGame, common::at(0)).unwrap();
        let path = live.journal().path().to_path_buf();
        drop(live);
        let text = std::fs::read_to_string(&path).unwrap();
        let start = text.lines().nth(1).unwrap().to_string();
        std::fs::write(&path, format!("{text}{start}\n")).unwrap();
        let out = tablekeeper(&["replay", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out).matches("\"start_game\"").count(), 1);
        assert!(
            stderr(&out).contains("line 3 is refused by the rules"),
            "{}",
            stderr(&out)
        );
    }
}

/// A backup whose games at `broken` are refused by the rules (a habitat that does not exist).
/// Edited as text: the reader wants the format and version before the games, in file order.
fn backup_with_refused(broken: &[usize]) -> tempfile::TempDir {
    let text = std::fs::read_to_string("tests/data/backup-v1.json").unwrap();
    let first = "\"type\": \"set_first_habitat\",\n            \"habitat\": \"forest\"";
    let mut pieces: Vec<&str> = text.split(first).collect();
    assert_eq!(pieces.len(), 3, "two games, each with its first habitat");
    let mut out = pieces.remove(0).to_string();
    for (i, piece) in pieces.into_iter().enumerate() {
        out.push_str(&if broken.contains(&i) {
            first.replace("forest", "the moon")
        } else {
            first.to_string()
        });
        out.push_str(piece);
    }
    write_temp("backup.json", &out)
}

#[test]
fn an_import_that_refuses_games_says_so_in_its_exit_status_and_on_stderr() {
    let import = |file: &Path| {
        let data = tempfile::tempdir().unwrap();
        let out = tablekeeper(&[
            "--data-dir",
            data.path().to_str().unwrap(),
            "--lang",
            "en",
            "history",
            "import",
            file.to_str().unwrap(),
        ]);
        (out, data)
    };
    // One of two refused: the other is imported, the exit status says "partly" (3).
    let partly = backup_with_refused(&[1]);
    let (out, _data) = import(&partly.path().join("backup.json"));
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "Imported: 1 added, 0 already there, 1 refused."
    );
    assert!(
        stderr(&out).contains("00000000000000a1"),
        "{}",
        stderr(&out)
    );
    assert!(
        !stdout(&out).contains("00000000000000a1"),
        "refusals go to stderr"
    );
    // All refused: nothing imported is a failure (1), with a sentence.
    let none = backup_with_refused(&[0, 1]);
    let (out, _data) = import(&none.path().join("backup.json"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Nothing was imported: every game in the file was refused."),
        "{}",
        stderr(&out)
    );
    // Nothing refused: 0.
    let (out, _data) = import(Path::new("tests/data/backup-v1.json"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A data directory holding the games of `tests/data/backup-v1.json`.
fn backup_imported() -> tempfile::TempDir {
    let data = tempfile::tempdir().unwrap();
    let out = tablekeeper(&[
        "--data-dir",
        data.path().to_str().unwrap(),
        "history",
        "import",
        "tests/data/backup-v1.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    data
}

/// `history export --format csv --out target` of the history in `data`.
fn export_csv(data: &Path, target: &Path) -> Output {
    tablekeeper(&[
        "--data-dir",
        data.to_str().unwrap(),
        "history",
        "export",
        "--format",
        "csv",
        "--out",
        target.to_str().unwrap(),
    ])
}

/// `history export --out DIR/out.json` killed mid-way leaves `DIR/.out.json.<pid>.tmp`; only the
/// data directory is swept at start, so the next export to the same path removes it (found by a
/// tester: 142 MB left for good). A temp file of a running process, or of another file, stays.
#[test]
fn an_export_clears_the_temp_file_a_killed_export_of_the_same_file_left() {
    let data = backup_imported();
    let out_dir = tempfile::tempdir().unwrap();
    // A process that has ended: its id is in the name the killed export left.
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let stale = out_dir.path().join(format!(".out.json.{dead}.tmp"));
    let running = out_dir.path().join(".out.json.1.tmp"); // init is always running
    let other = out_dir.path().join(format!(".other.json.{dead}.tmp"));
    for file in [&stale, &running, &other] {
        std::fs::write(file, "half an export").unwrap();
    }
    let target = out_dir.path().join("out.json");
    let out = export_csv(data.path(), &target);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(target.is_file());
    assert!(!stale.exists(), "the killed export's temp file is gone");
    assert!(running.exists(), "a running process's temp file stays");
    assert!(other.exists(), "another file's temp file stays");
}

/// An export into a folder another user can write to (a shared folder) never writes through a
/// link planted at its temp file's name: links at every name the next 3,000 processes would have
/// used (`.<name>.<pid>.tmp`, the name before it had a random part) point at the victim's file,
/// which the export must leave as it was (issue 68: a planted link made an export overwrite
/// `~/.bashrc` with the CSV).
#[cfg(unix)]
#[test]
fn an_export_never_writes_through_a_link_planted_at_its_temp_files_name() {
    let data = backup_imported();
    let shared = tempfile::tempdir().unwrap();
    let victim = tempfile::tempdir().unwrap();
    let bashrc = victim.path().join(".bashrc");
    std::fs::write(&bashrc, "alias ll='ls -l'\n").unwrap();
    let first = std::process::id();
    let mut planted = 0;
    for pid in first..first + 3000 {
        let link = shared.path().join(format!(".out.csv.{pid}.tmp"));
        std::os::unix::fs::symlink(&bashrc, &link).unwrap();
        planted += 1;
    }
    let target = shared.path().join("out.csv");
    let out = export_csv(data.path(), &target);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&bashrc).unwrap(),
        "alias ll='ls -l'\n",
        "the victim's file was written through a planted link"
    );
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.lines().count() > 1, "{written:?}");
    assert!(!std::fs::symlink_metadata(&target).unwrap().is_symlink());
    assert_eq!(planted, 3000);
}

/// `--out` names what is there: a FIFO a script reads stays a FIFO and gets the export, and a
/// symlink stays a link to its file, which gets the export. Found by using `--out /dev/null` as
/// root: the export was renamed over it, and /dev/null became a plain file for the machine.
#[cfg(unix)]
#[test]
fn an_export_into_a_fifo_or_through_a_symlink_leaves_them_as_they_were() {
    use std::os::unix::fs::FileTypeExt;
    let data = backup_imported();
    let export_to = |target: &Path| export_csv(data.path(), target);
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("export.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = export_to(&fifo);
    assert!(out.status.success(), "{}", stderr(&out));
    // Checked first: a FIFO renamed over never gets a writer, so its reader would wait for good.
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "still a FIFO: {kind:?}");
    let read = reader.join().unwrap();
    assert!(read.lines().count() > 1, "the reader got the CSV: {read:?}");

    let file = dir.path().join("kept.csv");
    std::fs::write(&file, "old").unwrap();
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let out = export_to(&link);
    assert!(out.status.success(), "{}", stderr(&out));
    let kind = std::fs::symlink_metadata(&link).unwrap().file_type();
    assert!(kind.is_symlink(), "still a link: {kind:?}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        read,
        "the linked file holds the export"
    );

    // A relative link to a file not made yet: the file is made where it points.
    let dangling = dir.path().join("dangling.csv");
    std::os::unix::fs::symlink("made.csv", &dangling).unwrap();
    let out = export_to(&dangling);
    assert!(out.status.success(), "{}", stderr(&out));
    let kind = std::fs::symlink_metadata(&dangling).unwrap().file_type();
    assert!(kind.is_symlink(), "still a link: {kind:?}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("made.csv")).unwrap(),
        read
    );

    let out = export_to(dir.path());
    assert!(!out.status.success(), "a folder is refused");
    assert!(stderr(&out).contains("folder"), "{}", stderr(&out));
    assert!(dir.path().is_dir());

    // Another user's link (one left in a shared /tmp) is never followed: it is replaced like a
    // file, and the file it aimed at is left alone. Made as root, where a link can be given away.
    let theirs = dir.path().join("theirs.csv");
    std::os::unix::fs::symlink(&file, &theirs).unwrap();
    if std::os::unix::fs::lchown(&theirs, Some(65534), Some(65534)).is_ok() {
        std::fs::write(&file, "mine").unwrap();
        let out = export_to(&theirs);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
        let kind = std::fs::symlink_metadata(&theirs).unwrap().file_type();
        assert!(kind.is_file(), "the link was replaced: {kind:?}");
    }
}

/// A journal whose tail is damaged (binary or text garbage after the last whole action) is read
/// by `replay` as the window resumes it: the actions before the damage, and a line on stderr
/// saying what was left out (found by a tester: binary garbage failed the whole file, text
/// garbage was dropped without a word).
#[test]
fn replay_reads_a_damaged_journal_as_the_window_does_and_says_what_it_left_out() {
    let journal = std::fs::read("tests/data/datadir-v1/live/00000000000000b0.jsonl").unwrap();
    let whole = tablekeeper(&[
        "replay",
        "tests/data/datadir-v1/live/00000000000000b0.jsonl",
    ]);
    assert!(whole.status.success());
    assert_eq!(stderr(&whole), "", "a whole journal: nothing said");
    for (what, tail) in [
        ("binary", vec![0xff, 0x00, 0xfe, b'\n', 0x80]),
        ("text", b"{\"event\": {\"type\": \"next_pl".to_vec()),
    ] {
        let mut damaged = journal.clone();
        damaged.extend_from_slice(&tail);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("00000000000000b0.jsonl");
        std::fs::write(&path, damaged).unwrap();
        let out = tablekeeper(&["--lang", "en", "replay", path.to_str().unwrap()]);
        assert!(out.status.success(), "{what}: {}", stderr(&out));
        assert_eq!(
            stdout(&out),
            stdout(&whole),
            "{what}: the same actions stand"
        );
        assert!(
            stderr(&out).contains("left out"),
            "{what}: {}",
            stderr(&out)
        );
    }
}

/// Two names that differ only by a character that shows nothing look the same in a terminal:
/// the command line writes such characters out (found by a tester: a zero-width space, a
/// joiner and U+FEFF printed raw). An emoji joined by zero-width joiners stays whole.
#[test]
fn invisible_characters_in_names_are_written_out_in_the_terminal() {
    let text = std::fs::read_to_string("tests/data/paper-sheet.json").unwrap();
    let text = text
        .replace("\"Ben\"", "\"A\\u200bki\"")
        .replace("\"Chie\"", "\"\\ufeffChie\\u200d\"");
    let dir = write_temp("sheet.json", &text);
    let out = tablekeeper(&[
        "--lang",
        "en",
        "score",
        dir.path().join("sheet.json").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(shown.contains("A\\u{200b}ki"), "{shown}");
    assert!(shown.contains("\\u{feff}Chie\\u{200d}"), "{shown}");
    assert!(
        !shown.contains('\u{200b}') && !shown.contains('\u{feff}'),
        "{shown}"
    );
}

/// docs/data-and-history.md says a file that could not be read whole is kept in `damaged/`; the command line
/// did not keep one (only the window did). Now a damaged log read by `history list`, and a
/// damaged game left out of a backup, are copied there, once however often they are read.
#[test]
fn the_command_line_keeps_a_copy_of_a_damaged_file_in_damaged() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(Path::new("tests/data/datadir-v1"), tmp.path());
    let dir = tmp.path().to_str().unwrap();
    let kept = |name: &str| -> usize {
        std::fs::read_dir(tmp.path().join("damaged"))
            .map(|files| {
                files
                    .flatten()
                    .filter(|f| f.file_name().to_string_lossy().ends_with(name))
                    .count()
            })
            .unwrap_or(0)
    };
    // A damaged game: left out of a backup, said on stderr, kept.
    let session = tmp.path().join("history/sessions/00000000000000a0.json");
    let text = std::fs::read_to_string(&session).unwrap();
    std::fs::write(&session, &text[..text.len() / 2]).unwrap();
    for _ in 0..2 {
        let out = tablekeeper(&[
            "--data-dir",
            dir,
            "history",
            "export",
            "--format",
            "backup",
            "--out",
            tmp.path().join("backup.json").to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("00000000000000a0"),
            "{}",
            stderr(&out)
        );
    }
    assert_eq!(kept("-00000000000000a0.json"), 1, "kept once");
    // A damaged log: read as far as it goes, and kept.
    let log = tmp.path().join("history/index.jsonl");
    let mut bytes = std::fs::read(&log).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] = 0xff;
    std::fs::write(&log, bytes).unwrap();
    for _ in 0..2 {
        let out = tablekeeper(&["--data-dir", dir, "history", "list"]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    assert_eq!(kept("-index.jsonl"), 1, "the damaged log, kept once");
    assert!(log.exists(), "the original stays where it is");
}

/// One game larger than a game may be (64 MiB) aborted the whole import with a misleading
/// "the file is not a tablekeeper backup" (found by a tester). It is refused, named by its place
/// in the file, and the games before and after it are imported.
#[test]
fn an_oversized_game_is_refused_and_the_rest_imported() {
    let text = std::fs::read_to_string("tests/data/backup-v1.json").unwrap();
    let backup: serde_json::Value = serde_json::from_str(&text).unwrap();
    let games: Vec<String> = backup["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.to_string())
        .collect();
    // The second of three games carries 65 MiB of notes.
    let big = games[0].replacen(
        "\"notes\":\"\"",
        &format!("\"notes\":\"{}\"", "x".repeat(65 << 20)),
        1,
    );
    assert!(big.len() > 65 << 20, "the notes were padded");
    let file = format!(
        "{{\"format\":{},\"version\":{},\"exported_at\":{},\"sessions\":[{},{},{}]}}",
        backup["format"], backup["version"], backup["exported_at"], games[0], big, games[1]
    );
    let dir = write_temp("big.json", &file);
    let data = tempfile::tempdir().unwrap();
    let out = tablekeeper(&[
        "--data-dir",
        data.path().to_str().unwrap(),
        "--lang",
        "en",
        "history",
        "import",
        dir.path().join("big.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "Imported: 2 added, 0 already there, 1 refused."
    );
    assert!(
        stderr(&out).contains("#2: game 2 of the backup is larger than 67108864 bytes"),
        "{}",
        stderr(&out)
    );
}

/// `tablekeeper replay FILE | head -n 1`: the reader goes after one line; the command stops
/// writing and ends well, instead of panicking on the broken pipe (as `print!` did).
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(["--lang", "en", "replay", "tests/data/session-v1.json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The reader closes its end before the command has said anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{:?} {stderr}", out.status);
}

/// A name that holds a line or paragraph separator (or any control or format character) would
/// split `history list`'s line, the CSV's row and the log's line: a paper sheet and a backup
/// bring none in. A paper sheet is refused in words with the character named, nothing
/// written; a backup's game (an old file) comes in without it, the change said.
#[test]
fn a_name_that_breaks_the_line_comes_in_from_no_file() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let in_data = |dir: &std::path::Path, args: &[&str]| {
        let mut all = vec!["--data-dir", dir.to_str().unwrap()];
        all.extend_from_slice(args);
        tablekeeper(&all)
    };
    let root = env!("CARGO_MANIFEST_DIR");
    let sheet_text =
        std::fs::read_to_string(format!("{root}/tests/data/paper-sheet.json")).unwrap();
    let mut sheet: serde_json::Value = serde_json::from_str(&sheet_text).unwrap();
    sheet["players"][1]["name"] = "Ben\u{2028}Chie".into();
    let broken = tmp.path().join("broken.json");
    std::fs::write(&broken, sheet.to_string()).unwrap();
    let refused = in_data(&data, &["history", "add", broken.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("U+2028"), "{}", stderr(&refused));

    // A backup of a game whose name was changed by hand: that game is refused on import.
    let good = format!("{root}/tests/data/paper-sheet.json");
    assert!(in_data(&data, &["history", "add", &good]).status.success());
    let backup = tmp.path().join("backup.json");
    let exported = in_data(
        &data,
        &[
            "history",
            "export",
            "--format",
            "backup",
            "--out",
            backup.to_str().unwrap(),
        ],
    );
    assert!(exported.status.success(), "{}", stderr(&exported));
    let text = std::fs::read_to_string(&backup).unwrap();
    std::fs::write(&backup, text.replace("\"Ben\"", "\"Ben\\u2029\"")).unwrap();
    let other = tmp.path().join("other");
    let imported = in_data(&other, &["history", "import", backup.to_str().unwrap()]);
    let said = format!("{}{}", stdout(&imported), stderr(&imported));
    // An old file's game is never dropped (issue 70): the character is left out, and said.
    assert!(said.contains("U+2029"), "{said}");
    assert!(
        said.contains("it was left out, so the name reads “Ben”"),
        "{said}"
    );
    let list = stdout(&in_data(&other, &["history", "list"]));
    assert!(list.contains("Ben 44"), "{list}");
    assert!(!list.contains('\u{2029}'), "nothing of it came in: {list}");
}

/// A translator's file in the data directory's locales/ is a language `--lang` takes, with no
/// rebuild; what it lacks is said in English.
#[test]
fn a_translation_in_the_data_directory_is_spoken_with_lang() {
    let tmp = tempfile::tempdir().unwrap();
    let locales = tmp.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    std::fs::write(
        locales.join("eo.ftl"),
        "sheet-winners = Venkinto: { $names }\n\
         cli-help-score-about = Presi la poentaron de ludo.\n\
         cli-error_unknown_argument = neatendita argumento '{ $arg }'\n",
    )
    .unwrap();
    let dir = tmp.path().to_str().unwrap();
    let out = tablekeeper(&[
        "--lang",
        "eo",
        "--data-dir",
        dir,
        "score",
        "tests/data/session-v1.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Venkinto: Aki"), "{text}");
    assert!(
        text.contains("③ Round objectives"),
        "English where eo.ftl has nothing: {text}"
    );

    // The help and clap's errors speak it too: the file is read before clap parses.
    let help = tablekeeper(&["--lang", "eo", "--data-dir", dir, "score", "--help"]);
    assert!(
        stdout(&help).contains("Presi la poentaron de ludo."),
        "{}",
        stdout(&help)
    );
    let wrong = tablekeeper(&["--data-dir", dir, "--lang=eo", "score", "--bogus"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr(&wrong).contains("neatendita argumento '--bogus'"),
        "{}",
        stderr(&wrong)
    );

    // A file named like a shipped language goes in front of it: its own messages show, and
    // what it lacks is the shipped German, not English.
    std::fs::write(
        locales.join("de.ftl"),
        "sheet-winners = Gewonnen hat: { $names }\n",
    )
    .unwrap();
    let out = tablekeeper(&[
        "--lang",
        "de",
        "--data-dir",
        dir,
        "score",
        "tests/data/session-v1.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Gewonnen hat: Aki"), "{text}");
    assert!(text.contains("③ Rundenziele"), "shipped German: {text}");
    assert!(!text.contains("Round objectives"), "{text}");

    // A language there is no file for is refused, naming those there are.
    let out = tablekeeper(&[
        "--lang",
        "zz",
        "--data-dir",
        dir,
        "score",
        "tests/data/session-v1.json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert!(
        said.contains("\"zz\"") && said.contains("eo") && said.contains("ja"),
        "{said}"
    );
}

#[test]
fn check_translation_names_what_a_file_lacks_and_drops() {
    let out = tablekeeper(&["check-translation", "tests/fixtures/locales/drops.ftl"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("error-egg_capacity: drops $capacity"),
        "{text}"
    );
    assert!(
        text.contains("to translate: action-close = Close"),
        "{text}"
    );
    assert!(
        text.contains("not in English (never shown): no-such-message"),
        "{text}"
    );

    let out = tablekeeper(&["check-translation", "assets/locales/ja.ftl"]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("0 missing, 0 extra"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn clap_s_own_help_command_and_value_lists_speak_german_too() {
    let top = stdout(&tablekeeper(&["--lang", "de", "--help"]));
    assert!(
        top.contains("help               Diese Hilfe oder die Hilfe"),
        "{top}"
    );
    assert!(
        top.contains("Aufruf: tablekeeper [OPTIONEN] [BEFEHL]"),
        "{top}"
    );
    assert!(!top.contains("Print this message"), "{top}");
    let japanese = stdout(&tablekeeper(&["--lang", "ja", "score", "-h"]));
    assert!(
        japanese.contains("tablekeeper score [オプション] <FILE>"),
        "{japanese}"
    );
    let help_help = stdout(&tablekeeper(&["--lang", "de", "help", "help"]));
    for word in ["Aufruf: tablekeeper help", "Befehle:", "Wertungsblatt"] {
        assert!(help_help.contains(word), "{word} missing: {help_help}");
    }
    for word in ["Usage:", "Commands:", "Print this message"] {
        assert!(!help_help.contains(word), "{word} left: {help_help}");
    }
    let history = stdout(&tablekeeper(&["--lang", "de", "history", "--help"]));
    assert!(
        history.contains("Aufruf: tablekeeper history [OPTIONEN] <BEFEHL>"),
        "{history}"
    );
    assert!(!history.contains("[OPTIONS]"), "{history}");
    // The placeholders too, where German names them (Japanese keeps them ASCII: see ja.ftl).
    let score = stdout(&tablekeeper(&["--lang", "de", "score", "-h"]));
    assert!(
        score.contains("Aufruf: tablekeeper score [OPTIONEN] <DATEI>"),
        "{score}"
    );
    assert!(score.contains("--data-dir <ORDNER>"), "{score}");
    assert!(
        score.contains("<DATEI>  Eine gespeicherte Partie"),
        "{score}"
    );
    let export = stdout(&tablekeeper(&[
        "--lang", "de", "history", "export", "--help",
    ]));
    assert!(export.contains("Mögliche Werte:"), "{export}");
    assert!(
        export.contains("- csv: Eine Zeile je Spieler und Partie"),
        "{export}"
    );
    assert!(!export.contains("Possible values"), "{export}");
    assert!(!export.contains("BG Stats' own import file"), "{export}");
    let short = stdout(&tablekeeper(&["--lang", "de", "history", "export", "-h"]));
    assert!(
        short.contains("[Mögliche Werte: backup, csv, bgstats, bgstats-link]"),
        "{short}"
    );
    // English keeps clap's own list, with each value's help from its doc comment.
    let english = stdout(&tablekeeper(&[
        "--lang", "en", "history", "export", "--help",
    ]));
    assert!(english.contains("Possible values:"), "{english}");
    assert!(english.contains("- csv:"), "{english}");
}

/// clap's own parse errors, which it words in English only, in the chosen language: with
/// the value or option at fault, clap's tip, the usage, and clap's exit status (2).
#[test]
fn parse_errors_speak_the_chosen_language() {
    let said = |args: &[&str]| {
        let out = tablekeeper(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        stderr(&out)
    };
    let unknown = said(&["--lang", "de", "histry"]);
    for word in [
        "Fehler: unbekannter Befehl „histry“",
        "Tipp: Es gibt ein ähnliches: „history“",
        "Aufruf: tablekeeper",
        "Mehr dazu: „--help“.",
    ] {
        assert!(unknown.contains(word), "{word} missing: {unknown}");
    }
    let value = said(&["--lang", "de", "history", "export", "--format", "xml"]);
    assert!(
        value
            .contains("ungültiger Wert „xml“ für „--format <FORMAT>“ (mögliche Werte: backup, csv"),
        "{value}"
    );
    let missing = said(&["--lang=de", "history", "export"]);
    assert!(
        missing.contains("Fehler: diese Argumente fehlen: --format <FORMAT>"),
        "{missing}"
    );
    // Why a value was refused, as its parser says it, stays with the error.
    let date = said(&["--lang", "de", "history", "list", "--from", "2025-13-40"]);
    assert!(
        date.contains("Fehler: ungültiger Wert „2025-13-40“ für „--from <DATUM>“: ")
            && date.contains("ist kein Datum wie 2026-11-21"),
        "{date}"
    );
    let empty = said(&["--lang", "de", "history", "export", "--format"]);
    assert!(empty.contains("braucht einen Wert"), "{empty}");
    let japanese = said(&["--lang", "ja", "--bogus"]);
    assert!(
        japanese.contains("エラー: 予期しない引数「--bogus」"),
        "{japanese}"
    );
    for german in [&unknown, &value, &missing, &empty, &japanese] {
        for english in [
            "error:",
            "Usage:",
            "For more information",
            "possible values",
        ] {
            assert!(!german.contains(english), "{english} left: {german}");
        }
    }
    // English keeps clap's own words.
    let english = said(&["--lang", "en", "histry"]);
    assert!(
        english.contains("error: unrecognized subcommand 'histry'"),
        "{english}"
    );
}

#[test]
fn help_speaks_the_language_of_the_flag_and_of_the_system() {
    let german = stdout(&tablekeeper(&["--lang", "de", "--help"]));
    assert!(german.contains("Ein Begleiter am Tisch"), "{german}");
    assert!(german.contains("Wertungsblatt"), "{german}");
    let history = stdout(&tablekeeper(&["--lang=de", "history", "--help"]));
    assert!(
        history.contains("Jede Partie, die neueste zuerst"),
        "{history}"
    );
    assert!(!history.contains("Every game, newest first"), "{history}");
    // clap's own words around the help too: the headings and the help flag.
    for word in ["Aufruf:", "Befehle:", "Optionen:", "Hilfe ausgeben"] {
        assert!(history.contains(word), "{word} missing: {history}");
    }
    for word in ["Usage:", "Commands:", "Options:", "Print help"] {
        assert!(!history.contains(word), "{word} left: {history}");
    }
    // An argument shared by several commands, under a subcommand's subcommand.
    let list = stdout(&tablekeeper(&["history", "list", "--lang", "ja", "--help"]));
    assert!(list.contains("このゲームだけ"), "{list}");
    let japanese = stdout(&tablekeeper(&["--lang", "ja", "score", "--help"]));
    assert!(
        japanese.contains("表の代わりに JSON で出力します。"),
        "{japanese}"
    );
    let by_system = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(["history", "--help"])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "de_DE.UTF-8")
        .output()
        .unwrap();
    let by_system = stdout(&by_system);
    assert!(
        by_system.contains("Die Historie vergangener Partien"),
        "{by_system}"
    );
    // Without a language asked for, English, as the doc comments have it.
    let english = stdout(&tablekeeper(&["--help"]));
    assert!(english.contains("A table companion"), "{english}");
    assert!(english.contains("Usage: tablekeeper"), "{english}");
}
