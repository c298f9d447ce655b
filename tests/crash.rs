//! Crash test: a child process plays random games and is killed with SIGKILL at random moments,
//! at least 200 times. After each kill, everything the child reported as saved must be
//! recovered exactly, and the next child resumes the same game.
//!
//! `cargo test` builds the child (`examples/crash_child.rs`); run alone, build it first:
//! `cargo build --example crash_child && CRASH_KILLS=2000 cargo test --test crash -- --nocapture`.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use tablekeeper::Session;
use tablekeeper::store::DataDir;
use tablekeeper::store::history::History;
use tablekeeper::store::journal::{self, JournalProblem};
use tablekeeper::terravist::state::GameState;

fn digest(state: &GameState) -> u64 {
    let mut hasher = DefaultHasher::new();
    serde_json::to_string(state).unwrap().hash(&mut hasher);
    hasher.finish()
}

fn child_binary() -> PathBuf {
    // target/debug/deps/crash-… → target/debug/examples/crash_child
    let exe = std::env::current_exe().unwrap();
    let debug = exe.parent().unwrap().parent().unwrap();
    let path = debug
        .join("examples")
        .join(format!("crash_child{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "build the example first: cargo build --example crash_child ({})",
        path.display()
    );
    path
}

/// The last complete line the child printed before it died.
enum Last {
    Saved { id: String, ops: usize, digest: u64 },
    Archived { id: String },
}

fn parse_line(line: &str) -> Option<Last> {
    let parts: Vec<&str> = line.split(' ').collect();
    match parts.as_slice() {
        ["saved", id, ops, digest] => Some(Last::Saved {
            id: id.to_string(),
            ops: ops.parse().ok()?,
            digest: digest.parse().ok()?,
        }),
        ["archived", id] => Some(Last::Archived { id: id.to_string() }),
        _ => None,
    }
}

/// The journal at `path` holds at least `ops` whole ops, and replaying the first `ops` of them
/// gives the state whose digest the child reported.
fn check_journal(path: &std::path::Path, ops: usize, reported: u64, kill: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let (header, all_ops, problem) = journal::parse(&text).unwrap();
    // A kill can cut a write that crosses a page boundary (the kernel checks for a fatal signal
    // between pages), and the test tears some journals on purpose: only ever the last line.
    assert!(
        matches!(problem, None | Some(JournalProblem::TornLastLine { .. })),
        "kill {kill}: {problem:?}"
    );
    assert!(
        all_ops.len() >= ops,
        "kill {kill}: {} ops on disk, {ops} reported",
        all_ops.len()
    );
    let mut session =
        Session::with_id(header.id, header.profile, header.setup, header.created_at).unwrap();
    for op in &all_ops[..ops] {
        assert!(
            op.apply_to(&mut session),
            "kill {kill}: a journaled op no longer applies"
        );
    }
    assert_eq!(
        digest(session.state()),
        reported,
        "kill {kill}: the state differs from what was shown"
    );
}

#[test]
fn kill_9_at_random_moments_loses_nothing_the_app_reported_saved() {
    let kills: usize = std::env::var("CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let tmp = tempfile::tempdir().unwrap();
    let child = child_binary();
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261121);
    let started = Instant::now();
    let (mut reported_actions, mut resumed_games, mut archived_seen, mut max_ops) =
        (0usize, 0usize, 0usize, 0usize);
    let mut previous: Option<(String, usize, u64)> = None;
    let mut torn_on_purpose = 0usize;
    let mut silent_kills_checked = 0usize;
    let mut checked_aside = std::collections::HashSet::new();
    let mut torn_recovered = 0usize;

    for kill in 0..kills {
        // Every fifth start finds a torn journal, as after a crash mid-write: the child must
        // recover it, and a short fuse kills some children in the middle of that recovery.
        let tear = kill % 5 == 4 && previous.is_some();
        if tear && let Some((id, _, _)) = &previous {
            let path = tmp.path().join("live").join(format!("{id}.jsonl"));
            if path.exists() {
                let mut file = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .unwrap();
                std::io::Write::write_all(&mut file, b"{\"event\":{\"at\":\"2026-").unwrap();
                torn_on_purpose += 1;
            }
        }
        let mut process = Command::new(&child)
            .arg(tmp.path())
            .arg(kill.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = process.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .collect::<Vec<String>>()
        });
        let fuse = if tear { 0..6 } else { 3..40 };
        std::thread::sleep(Duration::from_millis(rng.random_range(fuse)));
        process.kill().unwrap(); // SIGKILL on Unix
        let status = process.wait().unwrap();
        let lines = reader.join().unwrap();
        if status.success() || lines.is_empty() {
            let mut stderr = String::new();
            std::io::Read::read_to_string(&mut process.stderr.take().unwrap(), &mut stderr)
                .unwrap();
            assert!(
                lines.is_empty() && stderr.is_empty(),
                "child {kill} failed: {stderr}"
            );
            // Killed before its first report (opening, recovering): what an earlier child
            // reported saved must still be there, whole, where the next start looks.
            if let Some((id, ops, reported)) = &previous {
                let path = tmp.path().join("live").join(format!("{id}.jsonl"));
                let archived = || {
                    History::open_read_only(&tmp.path().join("history"))
                        .unwrap()
                        .contains(id)
                };
                assert!(
                    path.exists() || archived(),
                    "kill {kill}: {id} is neither live nor in history after a silent kill"
                );
                if path.exists() {
                    check_journal(&path, *ops, *reported, kill);
                }
                silent_kills_checked += 1;
            }
            continue;
        }
        reported_actions += lines.len();

        // The next child must have picked up where the previous one stopped.
        if let (
            Some((id, ops, _)),
            Some(Last::Saved {
                id: first_id,
                ops: first_ops,
                ..
            }),
        ) = (&previous, parse_line(&lines[0]))
            && &first_id == id
        {
            assert!(
                first_ops >= *ops,
                "child {kill} resumed {id} with fewer ops ({first_ops} < {ops})"
            );
            resumed_games += 1;
        }

        let last = lines
            .iter()
            .rev()
            .find_map(|l| parse_line(l))
            .expect("a report line");
        let dir = DataDir::open(tmp.path()).unwrap();
        match last {
            Last::Saved {
                id,
                ops,
                digest: reported,
            } => {
                let path = dir.live_dir().join(format!("{id}.jsonl"));
                if path.exists() {
                    check_journal(&path, ops, reported, kill);
                    max_ops = max_ops.max(ops);
                    previous = Some((id, ops, reported));
                } else {
                    // Killed after moving the game into history but before saying so.
                    let history = dir.history().unwrap();
                    assert!(
                        history.contains(&id),
                        "kill {kill}: {id} is neither live nor in history"
                    );
                    previous = None;
                }
            }
            Last::Archived { id } => {
                assert!(
                    dir.history().unwrap().contains(&id),
                    "kill {kill}: archived {id} is not in history"
                );
                archived_seen += 1;
                previous = None;
            }
        }
        // Anything set aside must be a file whose only fault is a torn last line.
        for file in std::fs::read_dir(dir.damaged_dir()).unwrap().flatten() {
            let path = file.path();
            if checked_aside.insert(path.clone()) {
                let bytes = std::fs::read(&path).unwrap();
                assert!(
                    !bytes.ends_with(b"\n"),
                    "kill {kill}: {} was set aside but is whole",
                    path.display()
                );
                let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
                for line in &lines[..lines.len() - 1] {
                    serde_json::from_slice::<serde_json::Value>(line).unwrap_or_else(|e| {
                        panic!(
                            "kill {kill}: {} has a bad line before its end: {e}",
                            path.display()
                        )
                    });
                }
                torn_recovered += 1;
            }
        }
    }
    let history = DataDir::open(tmp.path()).unwrap().history().unwrap();
    println!(
        "crash test: {kills} kills in {:.1} s, {reported_actions} actions reported saved and all recovered, \
         {resumed_games} resumes checked, {archived_seen} kills right after an archive, \
         {} games in history, longest journal {max_ops} ops, {torn_recovered} torn journals recovered \
         ({torn_on_purpose} torn on purpose), {silent_kills_checked} kills before a first report checked",
        started.elapsed().as_secs_f64(),
        history.entries().len()
    );
    assert!(
        resumed_games > kills / 4,
        "the test must exercise resumes ({resumed_games})"
    );
    assert!(
        !history.entries().is_empty(),
        "the test must exercise finished games"
    );
}
