//! Import and export of large histories, as a user runs them (the release binary's `history
//! export` and `history import`), against a bare parse and a bare write of the same bytes:
//! wall time and peak RSS of each process (`/usr/bin/time`).
//!
//! `cargo bench --bench import_export` (sizes: `IMPORT_EXPORT_SIZES=10000,100000`, the default).
//! A second table: the peak RSS of every history command on a history of each size (list,
//! show, stats, the exports, an import of 10 games). `TABLEKEEPER_BIN=path` measures another
//! build of the binary (the one before a change, say) with the same histories.
//! It re-runs itself as `bare-parse FILE` / `bare-write SRC DST` for the bare rows;
//! `make-history N DIR` leaves a data directory of N games behind, for profiling by hand.

use std::path::Path;
use std::process::Command;

use chrono::{TimeZone, Utc};
use tablekeeper::Profile;
use tablekeeper::session::summary::{HistoryEntry, Outcome};
use tablekeeper::session::{Colour, Lineup, Player};
use tablekeeper::terravist::Session;
use tablekeeper::terravist::event::{CardInfo, Event};

/// A finished 4-player game (N = 6) and its summary.
fn template() -> (Session, HistoryEntry) {
    let setup = Lineup {
        players: ["Aki", "Ben", "Chie", "Dai"]
            .iter()
            .zip(Colour::ALL)
            .map(|(name, colour)| Player {
                name: name.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 6,
        sides: Vec::new(),
        clock: Default::default(),
    };
    let t0 = Utc.with_ymd_and_hms(2026, 1, 1, 19, 0, 0).unwrap();
    let mut session = Session::new(Profile::terravist(), setup, t0).unwrap();
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
    let entry = tablekeeper::session::summarize::summarize(&session, Outcome::Finished, t);
    (session, entry)
}

/// Writes a data directory holding `n` games the way the history lays them out (no fsync: this
/// is set-up, not what is measured).
fn make_history(root: &Path, n: usize) {
    let (session, entry) = template();
    let sessions = root.join("history").join("sessions");
    std::fs::create_dir_all(&sessions).unwrap();
    let file = serde_json::to_value(session.to_file()).unwrap();
    let mut index = String::from("{\"format\":\"tablekeeper-history\",\"version\":1}\n");
    for i in 0..n {
        let id = format!("{:016x}", 0x1000_0000_0000u64 + i as u64);
        let mut file = file.clone();
        file["id"] = id.clone().into();
        std::fs::write(
            sessions.join(format!("{id}.json")),
            serde_json::to_vec(&file).unwrap(),
        )
        .unwrap();
        let mut entry = entry.clone();
        entry.id = id;
        entry.started_at += chrono::Duration::minutes(i as i64);
        index.push_str(&format!(
            "{{\"put\":{}}}\n",
            serde_json::to_string(&entry).unwrap()
        ));
    }
    std::fs::write(root.join("history").join("index.jsonl"), index).unwrap();
}

/// Runs a command under `/usr/bin/time`: (seconds, peak RSS in MB).
fn measure(command: &mut Command) -> (f64, f64) {
    let report = std::env::temp_dir().join(format!("tk-time-{}", std::process::id()));
    let program = command.get_program().to_owned();
    let args: Vec<_> = command.get_args().map(|a| a.to_owned()).collect();
    let status = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%e %M")
        .arg("-o")
        .arg(&report)
        .arg(program)
        .args(args)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("/usr/bin/time runs (apt-get install time)");
    assert!(status.success(), "{command:?} failed");
    let text = std::fs::read_to_string(&report).unwrap();
    let mut parts = text.split_whitespace();
    let seconds: f64 = parts.next().unwrap().parse().unwrap();
    let kb: f64 = parts.next().unwrap().parse().unwrap();
    (seconds, kb / 1024.0)
}

fn bare(mode: &[&str]) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(mode);
    command
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bare-parse") => {
            let bytes = std::fs::read(&args[1]).unwrap();
            let backup: tablekeeper::backup::Backup = serde_json::from_slice(&bytes).unwrap();
            println!("{}", backup.sessions.len());
            return;
        }
        Some("stream-parse") => {
            let file = std::fs::File::open(&args[1]).unwrap();
            let mut games = 0;
            tablekeeper::backup::read_backup(file, Default::default(), |_| {
                games += 1;
                Ok(())
            })
            .unwrap();
            println!("{games}");
            return;
        }
        Some("check-only") => {
            let file = std::fs::File::open(&args[1]).unwrap();
            let mut games = 0;
            tablekeeper::backup::read_backup(file, Default::default(), |game| {
                tablekeeper::backup::checked_entry(game).unwrap();
                games += 1;
                Ok(())
            })
            .unwrap();
            println!("{games}");
            return;
        }
        Some("make-history") => {
            make_history(Path::new(&args[2]), args[1].parse().unwrap());
            return;
        }
        Some("bare-write") => {
            let bytes = std::fs::read(&args[1]).unwrap();
            let mut file = std::fs::File::create(&args[2]).unwrap();
            std::io::Write::write_all(&mut file, &bytes).unwrap();
            file.sync_all().unwrap();
            return;
        }
        _ => {}
    }
    let binary = std::env::var("TABLEKEEPER_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_tablekeeper").to_string());
    let binary = binary.as_str();
    let sizes: Vec<usize> = std::env::var("IMPORT_EXPORT_SIZES")
        .unwrap_or_else(|_| "10000,100000".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    if std::env::var("IMPORT_EXPORT_TABLE").as_deref() != Ok("commands") {
        import_export(binary, &sizes);
    }
    commands(binary, &sizes);
}

/// The history's commands on a history of each size: wall time and peak RSS.
fn commands(binary: &str, sizes: &[usize]) {
    println!();
    println!(
        "| games | list | show | stats | export csv | export bgstats | export backup | import 10 games |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for &n in sizes {
        let tmp = tempfile::tempdir().unwrap();
        let source = tmp.path().join("source");
        make_history(&source, n);
        // Ten games to import, from a history of their own, given ids the big one lacks.
        let small = tmp.path().join("small");
        make_history(&small, 10);
        let ten = tmp.path().join("ten.json");
        measure(
            Command::new(binary)
                .arg("--data-dir")
                .arg(&small)
                .args(["history", "export", "--format", "backup", "--out"])
                .arg(&ten),
        );
        // The ids replaced in the text itself (a `Value` would put the header's keys out of
        // the order the reader wants).
        let renamed = std::fs::read_to_string(&ten)
            .unwrap()
            .replace("\"000010000000", "\"000020000000");
        std::fs::write(&ten, renamed).unwrap();
        let run = |args: &[&str]| {
            let (seconds, mb) = measure(
                Command::new(binary)
                    .arg("--data-dir")
                    .arg(&source)
                    .args(["history"])
                    .args(args),
            );
            format!("{seconds:.2} s / {mb:.0} MB")
        };
        let middle = format!("{:016x}", 0x1000_0000_0000u64 + n as u64 / 2);
        let out = tmp.path().join("out");
        let out = out.to_str().unwrap();
        let row = [
            run(&["list"]),
            run(&["show", &middle]),
            run(&["stats"]),
            run(&["export", "--format", "csv", "--out", out]),
            run(&["export", "--format", "bgstats", "--out", out]),
            run(&["export", "--format", "backup", "--out", out]),
            run(&["import", ten.to_str().unwrap()]),
        ];
        println!("| {n} | {} |", row.join(" | "));
    }
}

/// Backup export and import against a bare write and a bare parse of the same bytes.
fn import_export(binary: &str, sizes: &[usize]) {
    println!(
        "| games | backup size | export s / MB | bare write s / MB | import s / MB | bare parse s / MB |"
    );
    println!("|---|---|---|---|---|---|");
    for &n in sizes {
        let tmp = tempfile::tempdir().unwrap();
        let source = tmp.path().join("source");
        make_history(&source, n);
        let backup = tmp.path().join("backup.json");
        let export = measure(
            Command::new(binary)
                .arg("--data-dir")
                .arg(&source)
                .args(["history", "export", "--format", "backup", "--out"])
                .arg(&backup),
        );
        let size = std::fs::metadata(&backup).unwrap().len() as f64 / 1e6;
        let bare_write = measure(
            bare(&["bare-write"])
                .arg(&backup)
                .arg(tmp.path().join("copy.json")),
        );
        let import = measure(
            Command::new(binary)
                .arg("--data-dir")
                .arg(tmp.path().join("target"))
                .args(["history", "import"])
                .arg(&backup),
        );
        let parse = measure(bare(&["bare-parse"]).arg(&backup));
        println!(
            "| {n} | {size:.0} MB | {:.1} / {:.0} | {:.1} / {:.0} | {:.1} / {:.0} | {:.1} / {:.0} |",
            export.0, export.1, bare_write.0, bare_write.1, import.0, import.1, parse.0, parse.1
        );
    }
}
