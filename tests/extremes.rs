//! Every number a file brings in, pushed to the extremes: each number of a saved game, a live
//! game's journal, a paper sheet, a backup, a game profile and the history's index is replaced
//! in turn by i64::MIN, i64::MAX, u64::MAX, u32::MAX, ±(2^53 + 1), 1e308, −0, 1e400 and a few more, and
//! the command line's entry points (`score`, `score --json`, `replay`, `history add`, `history
//! import`, `history list`, `history stats`, `history export`) read the file in this process.
//! None may panic: a test build checks every integer overflow, so a number that would wrap in
//! a release build panics here instead (the release build runs the same code without the
//! check, so what passes here wraps nowhere). A number is refused with a sentence or taken
//! exactly; which of the two is each parser's own test's business.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use clap::Parser;
use tablekeeper::cli::{self, Cli, Places};
use tablekeeper::i18n::Locale;

/// What each number is replaced by, as the file's text would say it.
const EXTREMES: &[&str] = &[
    "-9223372036854775808", // i64::MIN
    "9223372036854775807",  // i64::MAX
    "18446744073709551615", // u64::MAX
    "9007199254740993",     // 2^53 + 1: no f64 holds it
    "-9007199254740993",
    "4294967295", // u32::MAX
    "4294967296", // u32::MAX + 1
    "2147483648", // 2^31: twice it wraps a u32
    "1e308",
    "-0",
    "1e400", // past f64: serde_json refuses it
    "-1",
];

/// The byte ranges of the JSON numbers in `text` (outside strings).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            i += 1;
        } else if b == b'-' || b.is_ascii_digit() {
            let start = i;
            i += 1;
            while i < bytes.len()
                && matches!(bytes[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
            {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// The key a number stands under (the last `"key":` before it), to tell its kind.
fn key_of(text: &str, at: usize) -> &str {
    let before = &text[..at];
    let Some(colon) = before.rfind("\":") else {
        return "";
    };
    let open = before[..colon].rfind('"').map_or(0, |q| q + 1);
    &before[open..colon]
}

/// Each variant of `text` with one number replaced by one extreme: the first `each` numbers
/// under every key (the same key's numbers further on are read by the same code).
fn variants(text: &str, each: usize) -> impl Iterator<Item = String> + '_ {
    let mut seen = std::collections::HashMap::new();
    let spans: Vec<(usize, usize)> = (numbers(text).into_iter())
        .filter(|&(start, _)| {
            let n = seen.entry(key_of(text, start)).or_insert(0);
            *n += 1;
            *n <= each
        })
        .collect();
    spans.into_iter().flat_map(move |(start, end)| {
        EXTREMES
            .iter()
            .map(move |extreme| format!("{}{extreme}{}", &text[..start], &text[end..]))
    })
}

/// What the command line prints goes to /dev/null while it runs (thousands of sheets and
/// replays would bury the test's own report), one run at a time.
struct Silenced {
    saved: i32,
    _alone: std::sync::MutexGuard<'static, ()>,
}

static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Silenced {
    fn new() -> Silenced {
        let alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        use std::io::Write;
        let _ = std::io::stdout().flush();
        // SAFETY: dup/open/dup2 on the process's own descriptors; restored in drop.
        let saved = unsafe {
            let saved = libc::dup(1);
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
            libc::dup2(null, 1);
            libc::close(null);
            saved
        };
        Silenced {
            saved,
            _alone: alone,
        }
    }
}

impl Drop for Silenced {
    fn drop(&mut self) {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        // SAFETY: puts back the descriptor saved in `new`.
        unsafe {
            libc::dup2(self.saved, 1);
            libc::close(self.saved);
        }
    }
}

/// Runs the command line with `args` in this process; `false` when it panicked.
fn runs_without_panic(args: &[&str], data_dir: &Path) -> bool {
    let mut all = vec!["tablekeeper", "--lang", "en", "--data-dir"];
    let dir = data_dir.to_str().unwrap();
    all.push(dir);
    all.extend(args);
    let cli = Cli::try_parse_from(&all).expect("the arguments parse");
    let places = Places {
        data_dir: cli.data_dir,
        history_dir: None,
    };
    let command = cli.command.expect("a command");
    let _quiet = Silenced::new();
    catch_unwind(AssertUnwindSafe(|| cli::run(command, places, Locale::EN))).is_ok()
}

/// Feeds every variant of `text`, written to `name` in a fresh data directory, to each of
/// `commands` (`{}` stands for the file); the variants that made one panic.
fn panics(text: &str, name: &str, most: usize, commands: &[&[&str]]) -> Vec<String> {
    let mut failed = Vec::new();
    for variant in variants(text, most) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(name);
        std::fs::write(&file, &variant).unwrap();
        let path = file.to_str().unwrap();
        for command in commands {
            let args: Vec<&str> = command
                .iter()
                .map(|a| if *a == "{}" { path } else { a })
                .collect();
            if !runs_without_panic(&args, dir.path()) {
                failed.push(format!("{args:?} on {}", changed(text, &variant)));
            }
        }
    }
    failed
}

/// Where `variant` differs from `text`, for the failure's message.
fn changed(text: &str, variant: &str) -> String {
    let start = (text.bytes().zip(variant.bytes()))
        .take_while(|(a, b)| a == b)
        .count();
    let from = start.saturating_sub(60);
    let end = (start + 40).min(variant.len());
    variant.get(from..end).unwrap_or("?").replace('\n', " ")
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// One test, the files one after another: what the command line prints is silenced while it
/// runs, and another test's report printed meanwhile would be lost with it.
#[test]
fn no_number_any_file_brings_in_makes_the_command_line_panic() {
    // Each panic would print its message: thousands of lines for one failure.
    check_the_scanner();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failed = Vec::new();
    for (what, cases) in [
        (
            "a saved game and a journal (score, replay)",
            saved_game_and_journal as fn() -> Vec<String>,
        ),
        (
            "a game played to a clock (score --json, replay)",
            game_played_to_a_clock,
        ),
        ("a paper sheet (score, history add)", paper_sheets),
        ("a backup (history import)", backup),
        ("a game profile (score, history add)", game_profile),
        ("the history's index (list, stats, export)", history_index),
    ] {
        failed.extend(cases().into_iter().map(|f| format!("{what}: {f}")));
    }
    let _ = std::panic::take_hook();
    assert!(failed.is_empty(), "{} panicked: {failed:#?}", failed.len());
}

fn saved_game_and_journal() -> Vec<String> {
    let mut all = Vec::new();
    let text = std::fs::read_to_string(data("session-v1.json")).unwrap();
    let failed = panics(
        &text,
        "game.json",
        2,
        &[
            &["score", "{}"],
            &["score", "--json", "{}"],
            &["replay", "{}"],
        ],
    );
    all.extend(failed);
    let journal = std::fs::read_to_string(data("datadir-v1/live/00000000000000b0.jsonl")).unwrap();
    let failed = panics(&journal, "live.jsonl", 3, &[&["replay", "{}"]]);
    all.extend(failed);
    all
}

fn game_played_to_a_clock() -> Vec<String> {
    let mut all = Vec::new();
    use tablekeeper::kit::timer::{ClockMode, Extra};
    let mut setup = common::setup(&["Aki", "Ben"], 0, 3);
    setup.clock = ClockMode::Bank {
        bank_ms: 120_000,
        handicap_ms: vec![60_000, -60_000],
        extra: Extra::Increment { ms: 5_000 },
    };
    let mut table = common::Table {
        session: tablekeeper::terravist::Session::new(
            tablekeeper::terravist::profile::Profile::terravist(),
            setup,
            common::t0(),
        )
        .unwrap(),
        now: 0,
    };
    table.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    for secs in [70, 20] {
        table.wait(secs);
        table.ok(tablekeeper::terravist::event::Event::NextPlayerTurn);
    }
    let text = serde_json::to_string_pretty(&table.session.to_file()).unwrap();
    let failed = panics(
        &text,
        "clock.json",
        3,
        &[&["score", "--json", "{}"], &["replay", "{}"]],
    );
    all.extend(failed);
    all
}

fn paper_sheets() -> Vec<String> {
    let mut all = Vec::new();
    for sheet in ["paper-sheet.json", "terramara-sheet.json"] {
        let text = std::fs::read_to_string(data(sheet)).unwrap();
        let failed = panics(
            &text,
            "sheet.json",
            3,
            &[&["score", "{}"], &["history", "add", "{}"]],
        );
        all.extend(failed.into_iter().map(|f| format!("{sheet}: {f}")));
    }
    all
}

fn backup() -> Vec<String> {
    let mut all = Vec::new();
    let text = std::fs::read_to_string(data("backup-v1.json")).unwrap();
    let failed = panics(&text, "backup.json", 2, &[&["history", "import", "{}"]]);
    all.extend(failed);
    all
}

fn game_profile() -> Vec<String> {
    let mut all = Vec::new();
    let profile = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("profiles/terramara.json"),
    )
    .unwrap();
    let sheet = data("terramara-sheet.json");
    let mut failed = Vec::new();
    for variant in variants(&profile, 2) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("profiles")).unwrap();
        std::fs::write(dir.path().join("profiles/terramara.json"), &variant).unwrap();
        let path = sheet.to_str().unwrap();
        for args in [vec!["score", path], vec!["history", "add", path]] {
            if !runs_without_panic(&args, dir.path()) {
                failed.push(format!("{args:?} on {}", changed(&profile, &variant)));
            }
        }
    }
    all.extend(failed);
    all
}

fn history_index() -> Vec<String> {
    let mut all = Vec::new();
    let index = std::fs::read_to_string(data("datadir-v1/history/index.jsonl")).unwrap();
    let mut failed = Vec::new();
    for variant in variants(&index, 3) {
        let dir = tempfile::tempdir().unwrap();
        common::copy_dir(&data("datadir-v1"), dir.path());
        std::fs::write(dir.path().join("history/index.jsonl"), &variant).unwrap();
        for args in [
            vec!["history", "list"],
            vec!["history", "stats"],
            vec!["history", "export", "--format", "csv"],
            vec!["history", "export", "--format", "bgstats"],
        ] {
            if !runs_without_panic(&args, dir.path()) {
                failed.push(format!("{args:?} on {}", changed(&index, &variant)));
            }
        }
    }
    all.extend(failed);
    all
}

/// The scanner finds every number and its key, and no digit inside a string.
fn check_the_scanner() {
    let spans = numbers(r#"{"a": -12, "b": "3 4", "c": [1e400, 0.5], "d\"5": 6}"#);
    let text = r#"{"a": -12, "b": "3 4", "c": [1e400, 0.5], "d\"5": 6}"#;
    let found: Vec<&str> = spans.iter().map(|&(s, e)| &text[s..e]).collect();
    assert_eq!(found, ["-12", "1e400", "0.5", "6"]);
    let keys: Vec<&str> = spans.iter().map(|&(s, _)| key_of(text, s)).collect();
    assert_eq!(keys[..3], ["a", "c", "c"]);
}
