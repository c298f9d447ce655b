//! Storage benchmarks, each against a floor measured in the same run:
//! 1. one action appended durably by the journal vs a bare `write` + `fsync` of the same bytes;
//! 2. opening the history + full statistics over 1k / 10k / 100k generated sessions vs a bare
//!    serde_json parse of the same bytes.
//!
//! Run: `cargo bench --bench storage` (add `-- --quick` for 1k/10k only).

use std::fs::OpenOptions;
use std::io::Write;
use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use tablekeeper::Profile;
use tablekeeper::scoring::Points;
use tablekeeper::session::Record;
use tablekeeper::session::summary::{HistoryEntry, Outcome};
use tablekeeper::session::{Colour, Lineup, Player};
use tablekeeper::stats::{self, Filter};
use tablekeeper::store::history::History;
use tablekeeper::store::journal::{JournalOp, JournalWriter};
use tablekeeper::terravist::Session;
use tablekeeper::terravist::event::{CardInfo, Event};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn percentile(mut samples: Vec<Duration>, p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn new_session() -> Session {
    let setup = Lineup {
        players: ["Aki", "Ben", "Chie", "Dai"]
            .iter()
            .zip(Colour::ALL)
            .map(|(n, colour)| Player {
                name: n.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 6,
        sides: Vec::new(),
        clock: Default::default(),
    };
    Session::new(Profile::terravist(), setup, Utc::now()).unwrap()
}

fn bench_append(dir: &std::path::Path) {
    const N: usize = 300;
    let session = new_session();
    let mut journal = JournalWriter::create(&dir.join("bench.jsonl"), &session).unwrap();
    let op: JournalOp<tablekeeper::terravist::Terravist> =
        JournalOp::Event(Record::new(Utc::now(), Event::AddEgg { creature: 3 }));
    let mut line = serde_json::to_vec(&op).unwrap();
    line.push(b'\n');

    let mut bare = OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("bare.jsonl"))
        .unwrap();
    let mut floor = Vec::with_capacity(N);
    let mut ours = Vec::with_capacity(N);
    let mut shown = Vec::with_capacity(N);
    for _ in 0..N {
        // Interleaved, so both see the same disk weather.
        let t = Instant::now();
        bare.write_all(&line).unwrap();
        bare.sync_data().unwrap();
        floor.push(t.elapsed());

        let t = Instant::now();
        let seq = journal.append(&op).unwrap();
        shown.push(t.elapsed()); // what the UI thread waits before showing the action
        journal.wait_synced(seq).unwrap();
        ours.push(t.elapsed());
    }
    let (f, o) = (median(floor.clone()), median(ours.clone()));
    println!("## Saving one action ({N} appends of {} bytes)", line.len());
    println!("| measure | median µs | p90 µs | ratio to floor |");
    println!("|---|---|---|---|");
    println!(
        "| bare write + fsync (floor) | {:.1} | {:.1} | 1.00 |",
        micros(f),
        micros(percentile(floor, 0.9))
    );
    println!(
        "| journal append, durable (write + background fsync) | {:.1} | {:.1} | {:.2} |",
        micros(o),
        micros(percentile(ours, 0.9)),
        o.as_secs_f64() / f.as_secs_f64()
    );
    println!(
        "| journal append, shown (what the UI thread waits; survives kill -9) | {:.1} | {:.1} | — |",
        micros(median(shown.clone())),
        micros(percentile(shown, 0.9)),
    );
    println!();
}

/// A finished 4-player game's summary, as the history stores it.
fn template_entry() -> HistoryEntry {
    let mut session = new_session();
    let t0 = Utc.with_ymd_and_hms(2026, 1, 1, 19, 0, 0).unwrap();
    let mut t = t0;
    let mut step = |s: &mut Session, e: Event| {
        t += chrono::Duration::seconds(37);
        s.apply(e, t).unwrap();
    };
    step(
        &mut session,
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
    );
    step(&mut session, Event::StartGame);
    let card = CardInfo {
        name: "Owl".into(),
        smiles: 4,
        egg_capacity: 3,
        habitats: vec!["forest".into()],
        level: 2,
    };
    step(
        &mut session,
        Event::Settle {
            player: 0,
            card,
            habitat: "forest".into(),
        },
    );
    for round in 1..=3u32 {
        for _ in 0..(4 * (7 - round)) {
            step(&mut session, Event::NextPlayerTurn);
        }
        step(
            &mut session,
            Event::RecordObjective {
                results: vec![3, 2, 2, 0],
            },
        );
        if round < 3 {
            step(&mut session, Event::AddEgg { creature: 0 });
            step(&mut session, Event::ReturnEggs);
            step(&mut session, Event::FlipEnvironment { card: None });
            step(&mut session, Event::PassParent);
        }
    }
    tablekeeper::session::summarize::summarize(&session, Outcome::Finished, t)
}

/// The two devices' logs the benchmark's history is shared between.
const LOGS: [&str; 2] = [
    "index-00000000000000a1.jsonl",
    "index-00000000000000b2.jsonl",
];

/// Writes `n` varied entries the way the history writes them, as two devices sharing it do:
/// every other game in each device's log, their times interleaved (so reading must merge).
fn write_index(dir: &std::path::Path, n: usize, template: &HistoryEntry) -> usize {
    std::fs::create_dir_all(dir.join("sessions")).unwrap();
    let header = b"{\"format\":\"tablekeeper-history\",\"version\":2}\n".to_vec();
    let mut logs = [header.clone(), header];
    let names = ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana"];
    for i in 0..n {
        let mut e = template.clone();
        e.id = format!("{:016x}", i + 1);
        e.started_at = template.started_at + chrono::Duration::hours(i as i64 * 7);
        for (k, p) in e.players.iter_mut().enumerate() {
            p.name = names[(i + k * 3) % names.len()].to_string();
            p.scores[1] = Points::whole(((i * 7 + k * 3) % 9) as i64);
            p.total = Points::checked_sum(p.scores.iter().copied()).expect("small scores");
        }
        let at = e.started_at + chrono::Duration::hours(3);
        let bytes = &mut logs[i % 2];
        bytes.extend(format!("{{\"game\":{{\"at\":\"{}\",\"entry\":", at.to_rfc3339()).bytes());
        bytes.extend(serde_json::to_vec(&e).unwrap());
        bytes.extend(b"}}\n");
    }
    for (name, bytes) in LOGS.iter().zip(&logs) {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    logs.iter().map(Vec::len).sum()
}

/// Both logs' bytes, one after the other.
fn read_logs(dir: &std::path::Path) -> Vec<u8> {
    LOGS.iter()
        .flat_map(|name| std::fs::read(dir.join(name)).unwrap())
        .collect()
}

fn bench_history(root: &std::path::Path, sizes: &[usize]) {
    let template = template_entry();
    println!("## Opening the history + full statistics");
    println!(
        "| sessions | index MB | bare parse, IgnoredAny (floor) ms | bare parse, Value ms | open ms | stats ms | open + stats ms | ratio to floor | ratio to Value parse | µs per session |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for &n in sizes {
        let dir = root.join(format!("history-{n}"));
        let size = write_index(&dir, n, &template);
        let bytes = read_logs(&dir);
        let runs = if n >= 100_000 { 3 } else { 7 };
        let mut floor = Vec::new();
        let mut value = Vec::new();
        let mut open = Vec::new();
        let mut stat = Vec::new();
        for _ in 0..runs {
            let t = Instant::now();
            let data = read_logs(&dir);
            for line in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                let _: serde::de::IgnoredAny = serde_json::from_slice(line).unwrap();
            }
            floor.push(t.elapsed());

            let t = Instant::now();
            let data = read_logs(&dir);
            let mut count = 0;
            for line in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                let v: serde_json::Value = serde_json::from_slice(line).unwrap();
                count += v.is_object() as usize;
            }
            assert_eq!(count, n + LOGS.len());
            value.push(t.elapsed());

            let t = Instant::now();
            let history = History::open_read_only(&dir).unwrap();
            open.push(t.elapsed());
            let t = Instant::now();
            let s = stats::compute(history.entries(), &Filter::default());
            stat.push(t.elapsed());
            assert_eq!(s.sessions as usize, n);
        }
        let _ = bytes;
        let (f, v, o, s) = (
            median(floor),
            median(value),
            median(open.clone()),
            median(stat.clone()),
        );
        let both = o + s;
        println!(
            "| {n} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {:.2} |",
            size as f64 / 1e6,
            f.as_secs_f64() * 1e3,
            v.as_secs_f64() * 1e3,
            o.as_secs_f64() * 1e3,
            s.as_secs_f64() * 1e3,
            both.as_secs_f64() * 1e3,
            both.as_secs_f64() / f.as_secs_f64(),
            both.as_secs_f64() / v.as_secs_f64(),
            both.as_secs_f64() * 1e6 / n as f64,
        );
    }
    println!();
}

/// One history open + statistics and nothing else, for `valgrind --tool=callgrind`.
fn profile_history(sessions: usize) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("history");
    write_index(&dir, sessions, &template_entry());
    let history = History::open_read_only(&dir).unwrap();
    let s = stats::compute(history.entries(), &Filter::default());
    println!("{} sessions, {} players", s.sessions, s.players.len());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--profile-history") {
        profile_history(
            args.get(i + 1)
                .and_then(|n| n.parse().ok())
                .unwrap_or(10_000),
        );
        return;
    }
    let quick = args.iter().any(|a| a == "--quick");
    let tmp =
        tempfile::tempdir_in(std::env::var("BENCH_DIR").unwrap_or_else(|_| ".".into())).unwrap();
    println!("# tablekeeper storage benchmarks");
    println!(
        "temp dir: {} (set BENCH_DIR to measure another disk)\n",
        tmp.path().display()
    );
    bench_append(tmp.path());
    let sizes: &[usize] = if quick {
        &[1_000, 10_000]
    } else {
        &[1_000, 10_000, 100_000]
    };
    bench_history(tmp.path(), sizes);
    bench_league(tmp.path(), sizes);
}

/// What Finish spends on the league when the game saved is the latest (the keeper keeps the
/// league of the games before it): `Rater::after_save` with the one game, timed alone.
fn finish_update(history: &History) -> Vec<std::time::Duration> {
    use tablekeeper::league::{RatedGame, Rater};
    let entries = history.entries();
    let latest = (entries.iter())
        .filter(|e| RatedGame::of(e).is_some())
        .max_by_key(|e| (e.ended_at, e.id.clone()))
        .expect("a rated game");
    let before = Rater::of(
        (entries.iter())
            .filter(|e| e.id != latest.id)
            .filter_map(RatedGame::of)
            .collect(),
    );
    (0..7)
        .map(|_| {
            let known = before.clone();
            let t = Instant::now();
            let rater = Rater::after_save(Some(known), entries, latest);
            let took = t.elapsed();
            assert!(!rater.changes_in(&latest.id).is_empty());
            took
        })
        .collect()
}

/// The league over the histories `bench_history` wrote: the ratings against a bare read of
/// the same logs (issue 62: 100,000 games in 1 s at most).
fn bench_league(root: &std::path::Path, sizes: &[usize]) {
    println!("## The league's ratings over the history");
    println!(
        "| sessions | bare parse, IgnoredAny (floor) ms | ratings ms | ratio to floor \
         | Finish's update (latest game) ms |"
    );
    println!("|---|---|---|---|---|");
    for &n in sizes {
        let dir = root.join(format!("history-{n}"));
        let history = History::open_read_only(&dir).unwrap();
        let (mut floor, mut rated) = (Vec::new(), Vec::new());
        for _ in 0..if n >= 100_000 { 3 } else { 7 } {
            let t = Instant::now();
            let data = read_logs(&dir);
            for line in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                let _: serde::de::IgnoredAny = serde_json::from_slice(line).unwrap();
            }
            floor.push(t.elapsed());
            let t = Instant::now();
            let league = tablekeeper::league::of_history(history.entries(), None);
            rated.push(t.elapsed());
            assert!(!league.standings.is_empty());
        }
        let finish = median(finish_update(&history));
        let (f, r) = (median(floor), median(rated));
        println!(
            "| {n} | {:.1} | {:.1} | {:.2} | {:.3} |",
            f.as_secs_f64() * 1e3,
            r.as_secs_f64() * 1e3,
            r.as_secs_f64() / f.as_secs_f64(),
            finish.as_secs_f64() * 1e3,
        );
    }
    println!();
}
