//! The league from a history: two devices whose histories Syncthing merged (each with games of
//! its own and games both have) show the same ratings whichever way they merged; and the
//! command line lists them from a real history.

mod common;

use chrono::{DateTime, TimeZone, Utc};
use proptest::prelude::*;
use tablekeeper::league::{RatedGame, rate};

const NAMES: [&str; 6] = ["Aki", "Ben", "Chie", "Dai", "Eri", "Fumi"];

fn at(minute: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 19, 0, 0).unwrap() + chrono::Duration::minutes(minute)
}

/// A game: 2-5 distinct players with places (ties allowed), ended at `minute`.
fn a_game() -> impl Strategy<Value = RatedGame> {
    (
        prop::sample::subsequence(NAMES.to_vec(), 2..=5),
        prop::collection::vec(1usize..=4, 5),
        0i64..10_000,
        0u32..1_000_000,
    )
        .prop_map(|(players, places, minute, id)| RatedGame {
            id: format!("g{id}"),
            game: "terravist".into(),
            ended_at: at(minute),
            teams: (players.iter().zip(places))
                .map(|(name, place)| (vec![name.to_string()], place))
                .collect(),
            opponents: Vec::new(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Device A and device B each kept games, and some games both have: merged A-then-B or
    /// B-then-A (or shuffled), the league is the same, figure for figure.
    #[test]
    fn merging_two_histories_in_either_order_gives_the_same_ratings(
        only_a in prop::collection::vec(a_game(), 0..20),
        only_b in prop::collection::vec(a_game(), 0..20),
        both in prop::collection::vec(a_game(), 0..10),
        seed in any::<u64>(),
    ) {
        // Ids are unique per game here: a game both devices have is the same game.
        let a: Vec<RatedGame> = only_a.iter().chain(&both).cloned().collect();
        let b: Vec<RatedGame> = only_b.iter().chain(&both).cloned().collect();
        let a_then_b = rate(a.iter().chain(&b).cloned().collect());
        let b_then_a = rate(b.iter().chain(&a).cloned().collect());
        prop_assert_eq!(&a_then_b, &b_then_a);
        let mut shuffled: Vec<RatedGame> = a.iter().chain(&b).cloned().collect();
        let n = shuffled.len().max(1) as u64;
        for i in 0..shuffled.len() {
            let j = ((seed.wrapping_mul(6364136223846793005).wrapping_add(i as u64)) % n) as usize;
            shuffled.swap(i, j);
        }
        prop_assert_eq!(&a_then_b, &rate(shuffled));
    }
}

/// `tablekeeper history ratings` over a generated history: Aki wins 6 of 8 games against Ben,
/// and leads; Ben's 8 games are not provisional; the JSON holds each player's figure after
/// each game.
#[test]
fn the_command_line_lists_the_league_from_the_history() {
    let tmp = tempfile::tempdir().unwrap();
    {
        let dir = tablekeeper::store::DataDir::open(tmp.path()).unwrap();
        let mut history = dir.history().unwrap();
        for day in 0..8 {
            let results = if day < 6 { [3, 0] } else { [0, 3] };
            common::finished_game(&dir, &mut history, &["Aki", "Ben"], results, day);
        }
    }
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .arg("--data-dir")
            .arg(tmp.path())
            .args(["history", "ratings"])
            .args(args)
            .env("LANG", "C")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(&[]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("1. Aki ") && lines[1].starts_with("2. Ben "),
        "{text}"
    );
    assert!(
        text.contains("(rated games: 8)") && !text.contains("provisional"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&run(&["--json"])).unwrap();
    let aki = &json["standings"][0];
    assert_eq!(aki["player"], "Aki");
    assert_eq!(aki["games"], 8);
    assert_eq!(aki["over_time"].as_array().unwrap().len(), 8);
    let shown = aki["shown"].as_f64().unwrap();
    let mean = aki["mean"].as_f64().unwrap();
    let sigma = aki["uncertainty"].as_f64().unwrap();
    assert!((shown - (mean - 3.0 * sigma)).abs() < 1e-9);
    // Another game only: none of those games, no ratings.
    assert!(run(&["--game", "earth"]).contains("no ratings yet"));
}
