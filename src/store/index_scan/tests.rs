//! The scan must read every history exactly as the history in memory folds it: random
//! histories over several devices' logs, read both ways.

use super::*;
use crate::session::Colour;
use crate::session::summary::Outcome;
use crate::store::history::History;
use crate::vocabulary::Name;
use chrono::TimeZone;
use proptest::prelude::*;

const NAMES: [&str; 4] = ["Aki", " aki", "Ben", "Chie"];

fn entry(id: usize, names: &[usize], score: i64, at: DateTime<Utc>) -> HistoryEntry {
    HistoryEntry {
        id: format!("{id:016x}"),
        origin_id: id.is_multiple_of(3).then(|| format!("{:016x}", id + 100)),
        game: "terravist".into(),
        game_name: Name::new("TERRAVIST", "テラビスト"),
        outcome: Outcome::Finished,
        // Equal starts too: newest first keeps the history's order among them.
        started_at: at - chrono::Duration::hours((id % 3) as i64),
        ended_at: at,
        duration_ms: 60_000,
        paused_ms: 0,
        table_ms: 0,
        start_player: 0,
        parts: vec!["eggs".into()],
        players: names
            .iter()
            .enumerate()
            .map(|(seat, &n)| EntryPlayer {
                name: NAMES[n].into(),
                colour: Colour::ALL[seat],
                scores: vec![crate::scoring::Points::whole(score)],
                total: crate::scoring::Points::whole(score),
                rank: 1,
                winner: seat == 0,
                time_ms: 1000,
                turns: 3,
                side: None,
                timeouts: 0,
                over_ms: 0,
            })
            .collect(),
        objectives: Vec::new(),
        ending: None,
        lowest_wins: false,
        notes: format!("first notes of {id}"),
        logged: false,
        opponent: None,
    }
}

/// A record to write: which log (0 = the first format's untimed log, 1 and 2 two devices),
/// and what.
#[derive(Debug, Clone)]
enum Step {
    List {
        log: usize,
        id: usize,
        names: Vec<usize>,
        score: i64,
    },
    Delete {
        log: usize,
        id: usize,
    },
    Notes {
        log: usize,
        id: usize,
    },
    Correct {
        log: usize,
        id: usize,
        score: i64,
    },
    Rename {
        log: usize,
        from: usize,
        to: usize,
    },
}

fn step() -> impl Strategy<Value = Step> {
    let log = 0..3usize;
    let id = 0..6usize;
    prop_oneof![
        4 => (log.clone(), id.clone(), prop::collection::vec(0..4usize, 2..4), 0..50i64)
            .prop_map(|(log, id, names, score)| Step::List { log, id, names, score }),
        1 => (1..3usize, id.clone()).prop_map(|(log, id)| Step::Delete { log, id }),
        1 => (1..3usize, id.clone()).prop_map(|(log, id)| Step::Notes { log, id }),
        1 => (1..3usize, id.clone(), 0..50i64)
            .prop_map(|(log, id, score)| Step::Correct { log, id, score }),
        1 => (1..3usize, 0..4usize, 0..4usize)
            .prop_map(|(log, from, to)| Step::Rename { log, from, to }),
    ]
}

/// Writes the steps into three logs in `dir`; every timed record later than the one before.
fn write_logs(dir: &Path, steps: &[Step]) {
    let names = ["index.jsonl", "index-aaaa.jsonl", "index-bbbb.jsonl"];
    let mut logs: Vec<String> = names
        .iter()
        .map(|_| "{\"format\":\"tablekeeper-history\",\"version\":2}\n".to_string())
        .collect();
    let start = Utc.with_ymd_and_hms(2026, 11, 1, 19, 0, 0).unwrap();
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for (i, step) in steps.iter().enumerate() {
        let at = start + chrono::Duration::minutes(i as i64);
        let (log, op) = match step.clone() {
            Step::List {
                log: 0,
                id,
                names,
                score,
            } => (0, IndexOp::Put(Box::new(entry(id, &names, score, at)))),
            Step::List {
                log,
                id,
                names,
                score,
            } => (
                log,
                IndexOp::Game {
                    at,
                    entry: Box::new(entry(id, &names, score, at)),
                },
            ),
            Step::Delete { log, id } => (
                log,
                IndexOp::Delete {
                    id: format!("{id:016x}"),
                    at: Some(at),
                },
            ),
            Step::Notes { log, id } => (
                log,
                IndexOp::Notes {
                    at,
                    id: format!("{id:016x}"),
                    notes: format!("notes {i}"),
                },
            ),
            Step::Correct { log, id, score } => {
                let count = counts.entry(id).or_default();
                *count += 1;
                let mut rescored = entry(id, &[0, 2], score, at).players;
                rescored[1].winner = true;
                (
                    log,
                    IndexOp::Correct {
                        at,
                        id: format!("{id:016x}"),
                        player: 0,
                        part: "eggs".into(),
                        value: Some(score as u32),
                        count: *count,
                        players: rescored,
                    },
                )
            }
            Step::Rename { log, from, to } => (
                log,
                IndexOp::Rename {
                    at,
                    from: NAMES[from].into(),
                    to: format!("{} ", NAMES[to]),
                },
            ),
        };
        logs[log].push_str(&serde_json::to_string(&op).unwrap());
        logs[log].push('\n');
    }
    for (name, text) in names.iter().zip(logs) {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

fn scanned(dir: &Path) -> Vec<HistoryEntry> {
    let mut scan = scan(dir).expect("the scan serves");
    scan.entries().collect::<io::Result<_>>().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn the_scan_reads_every_history_as_the_history_folds_it(
        steps in prop::collection::vec(step(), 0..40)
    ) {
        let dir = tempfile::tempdir().unwrap();
        write_logs(dir.path(), &steps);
        let whole = History::open_read_only(dir.path()).unwrap();
        prop_assert!(whole.notice.is_none());
        prop_assert_eq!(&scanned(dir.path()), &whole.entries().to_vec());

        let mut scan = scan(dir.path()).unwrap();
        let start = Utc.with_ymd_and_hms(2026, 11, 1, 19, 0, 0).unwrap();
        let newest_record = (steps.iter().enumerate())
            .filter(|(_, step)| !matches!(step, Step::List { log: 0, .. }))
            .map(|(i, _)| start + chrono::Duration::minutes(i as i64))
            .max();
        prop_assert_eq!(scan.latest(), newest_record);
        scan.sort_newest_first();
        let newest: Vec<HistoryEntry> = scan.entries().collect::<io::Result<_>>().unwrap();
        let mut expected = whole.entries().to_vec();
        expected.sort_by_key(|e| std::cmp::Reverse(e.started_at));
        prop_assert_eq!(newest, expected);
        for e in whole.entries() {
            prop_assert_eq!(&scan.entry(&e.id).unwrap().unwrap(), e);
        }
        // What an import checks a backup's games against: every id and every backup id.
        let mut known: Vec<String> = scan.known_ids().collect();
        let mut expected: Vec<String> = (whole.entries().iter())
            .flat_map(|e| std::iter::once(e.id.clone()).chain(e.origin_id.clone()))
            .collect();
        known.sort();
        expected.sort();
        prop_assert_eq!(known, expected);
    }
}

#[test]
fn records_made_at_the_same_moment_fold_by_log_name_then_line() {
    let dir = tempfile::tempdir().unwrap();
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 19, 0, 0).unwrap();
    let header = "{\"format\":\"tablekeeper-history\",\"version\":2}\n";
    let line = |op: IndexOp| serde_json::to_string(&op).unwrap() + "\n";
    let game = entry(1, &[0, 2], 10, at);
    // The device named later renames at the same moment the earlier one lists the game.
    std::fs::write(
        dir.path().join("index-bbbb.jsonl"),
        format!(
            "{header}{}",
            line(IndexOp::Rename {
                at,
                from: "Aki".into(),
                to: "Akiko".into()
            })
        ),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("index-aaaa.jsonl"),
        format!(
            "{header}{}",
            line(IndexOp::Game {
                at,
                entry: Box::new(game)
            })
        ),
    )
    .unwrap();
    let whole = History::open_read_only(dir.path()).unwrap();
    assert_eq!(whole.entries()[0].players[0].name, "Akiko");
    assert_eq!(scanned(dir.path()), whole.entries());
}

#[test]
fn what_the_scan_cannot_serve_it_says_and_the_history_is_opened_whole() {
    let header = "{\"format\":\"tablekeeper-history\",\"version\":2}\n";
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 19, 0, 0).unwrap();
    let game = serde_json::to_string(&IndexOp::Game {
        at,
        entry: Box::new(entry(1, &[0, 2], 10, at)),
    })
    .unwrap();
    let case = |logs: &[(&str, String)]| {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in logs {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        scan(dir.path()).err()
    };
    let damaged = format!("{header}{game}\nnot json\n");
    assert!(matches!(
        case(&[("index-a.jsonl", damaged)]),
        Some(ScanError::Damaged)
    ));
    let torn = format!("{header}{}", &game[..game.len() / 2]);
    assert!(matches!(
        case(&[("index-a.jsonl", torn)]),
        Some(ScanError::Damaged)
    ));
    let newer = "{\"format\":\"tablekeeper-history\",\"version\":9}\n".to_string();
    assert!(matches!(
        case(&[("index-a.jsonl", newer)]),
        Some(ScanError::Newer(9))
    ));
    // Two devices corrected the same game, each having seen only its own correction.
    let correct = |minute: i64, score: u32| {
        serde_json::to_string(&IndexOp::Correct {
            at: at + chrono::Duration::minutes(minute),
            id: format!("{:016x}", 1),
            player: 0,
            part: "eggs".into(),
            value: Some(score),
            count: 1,
            players: entry(1, &[0, 2], score as i64, at).players,
        })
        .unwrap()
    };
    let a = format!("{header}{game}\n{}\n", correct(1, 5));
    let b = format!("{header}{}\n", correct(2, 7));
    assert!(matches!(
        case(&[("index-a.jsonl", a), ("index-b.jsonl", b)]),
        Some(ScanError::NeedsMerge)
    ));
    // Session files but no log: they are listed again from their files.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("sessions")).unwrap();
    std::fs::write(
        dir.path().join("sessions").join("0000000000000001.json"),
        "{}",
    )
    .unwrap();
    assert!(matches!(scan(dir.path()), Err(ScanError::NeedsMerge)));
    // An empty folder is an empty history.
    let empty = tempfile::tempdir().unwrap();
    assert!(scan(empty.path()).unwrap().is_empty());
}
