//! What the app writes, it reads back (issue 70): any game a way in accepts (a paper sheet as
//! `history add` and the window's Log a past game take it, a game played at the table), with
//! names and notes generated at and past every limit, exports to a backup that imports whole
//! into a fresh data directory, nothing refused or changed, and exports the same again. What is
//! past a limit is refused where it comes in, never found at a restore.

use std::path::Path;

use chrono::Utc;
use proptest::prelude::*;
use tablekeeper::backup;
use tablekeeper::session::lineup::MAX_NAME_CHARS;
use tablekeeper::session::summary::{HistoryEntry, MAX_NOTES_CHARS};
use tablekeeper::store::DataDir;
use tablekeeper::store::history::History;

mod common;

const GAMES: [&str; 6] = [
    "terravist",
    "earth",
    "rats-of-wistar",
    "generic",
    "terramara",
    "leviath",
];

/// A name of a few characters, of about the limit, or past it, from letters a table types:
/// accents, kana, an emoji, a space (a name of spaces alone is refused as empty).
fn name() -> impl Strategy<Value = String> {
    let letters = prop::sample::select(vec![
        'A', 'k', 'i', 'ß', 'é', 'ア', 'キ', '🎲', 'Z', ' ', '-', 'o',
    ]);
    prop_oneof![
        prop::collection::vec(letters.clone(), 1..12),
        prop::collection::vec(letters.clone(), MAX_NAME_CHARS - 3..=MAX_NAME_CHARS),
        prop::collection::vec(letters, MAX_NAME_CHARS + 1..MAX_NAME_CHARS + 8),
    ]
    .prop_map(|chars| chars.into_iter().collect())
}

/// Notes: none, a line, exactly the limit, one past it.
fn notes() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[a-z ]{1,40}",
        Just("n".repeat(MAX_NOTES_CHARS)),
        Just("n".repeat(MAX_NOTES_CHARS + 1)),
    ]
}

/// A paper sheet of `game` for three players: the fixture's parts where the game needs them
/// (TERRAVIST's, Terramara's dummies), Leviath's sides and ending.
fn sheet(game: &str, names: &[String; 3], notes: &str) -> String {
    let fixture = |file: &str| -> serde_json::Value {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(file);
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let mut sheet = match game {
        "terravist" => fixture("paper-sheet.json"),
        "terramara" => fixture("terramara-sheet.json"),
        _ => serde_json::json!({
            "format": "tablekeeper-sheet", "version": 1, "game": game,
            "players": [ { "parts": {} }, { "parts": {} }, { "parts": {} } ]
        }),
    };
    for (seat, name) in names.iter().enumerate() {
        sheet["players"][seat]["name"] = name.as_str().into();
    }
    if game == "leviath" {
        for (seat, side) in ["humans", "humans", "monster"].into_iter().enumerate() {
            sheet["players"][seat]["side"] = side.into();
        }
        sheet["ending"] = "mines".into();
    }
    sheet["played_at"] = "2026-11-14T19:30:00Z".into();
    sheet["notes"] = notes.into();
    sheet.to_string()
}

/// Logs `text` as `history add` does; `Err` is the way in's refusal, in English.
fn add(history: &mut History, text: &str) -> Result<(), String> {
    let sheet = tablekeeper::past_game::parse_sheet(text).map_err(|e| format!("{e:?}"))?;
    let past = sheet.to_log(Utc::now()).map_err(|e| format!("{e:?}"))?;
    let (games, _) = tablekeeper::store::profiles::games(None);
    let game = sheet.game(&games).map_err(|e| format!("{e:?}"))?;
    let (entry, session) = past.log(game).map_err(|e| e.to_string())?;
    history.put(entry, &session).unwrap();
    Ok(())
}

/// What of a game a round trip keeps: its game, when, its players' names, points and places,
/// its notes, how it was kept, and its events.
fn kept(entry: &HistoryEntry, events: usize) -> String {
    let players: Vec<_> = (entry.players.iter())
        .map(|p| (&p.name, &p.scores, p.total, p.rank, p.winner))
        .collect();
    format!(
        "{} {} {:?} {:?} logged={} events={events}",
        entry.game, entry.started_at, players, entry.notes, entry.logged
    )
}

/// A backup of the whole history, as the export writes it, and what it holds, game by game.
fn export(history: &History, out: &Path) -> Vec<String> {
    let mut bytes = Vec::new();
    let left_out = backup::write_backup(history, history.entries(), Utc::now(), &mut bytes);
    assert!(left_out.unwrap().is_empty());
    std::fs::write(out, &bytes).unwrap();
    let mut games: Vec<String> = (backup::parse_backup(&bytes).unwrap().sessions.iter())
        .map(|game| kept(&game.entry, game.session.event_count()))
        .collect();
    games.sort();
    games
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_game_a_way_in_accepts_exports_and_imports_whole(
        game in prop::sample::select(GAMES.to_vec()),
        names in [name(), name(), name()],
        notes in notes(),
        played in any::<bool>(),
    ) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir::open(&tmp.path().join("a")).unwrap();
        let mut history = dir.history().unwrap();
        let past_a_limit = names.iter().any(|n| n.trim().chars().count() > MAX_NAME_CHARS)
            || notes.trim().chars().count() > MAX_NOTES_CHARS;
        let added = add(&mut history, &sheet(game, &names, &notes));
        if past_a_limit {
            prop_assert!(added.is_err(), "past a limit, yet taken: {names:?}");
        }
        // A game played at the table, by the first two names where a table's setup takes them.
        let (first, second) = (names[0].trim(), names[1].trim());
        let a_setup_takes = tablekeeper::session::lineup::name_rule(&[first, second]).is_ok()
            && !first.is_empty() && !second.is_empty() && first != second;
        if played && a_setup_takes {
            common::finished_game(&dir, &mut history, &[first, second], [2, 1], 1);
        }
        prop_assume!(!history.entries().is_empty());

        let written = export(&history, &tmp.path().join("backup.json"));
        let fresh = DataDir::open(&tmp.path().join("b")).unwrap();
        let mut restored = fresh.history().unwrap();
        let report =
            backup::import_file(&mut restored, &tmp.path().join("backup.json"), |_, _| {})
                .unwrap();
        prop_assert_eq!(report.added, history.entries().len());
        prop_assert!(report.refused.is_empty(), "{:?}", report.refused);
        prop_assert!(report.changed.is_empty(), "{:?}", report.changed);
        drop(restored);
        let restored = fresh.history().unwrap();
        let again = export(&restored, &tmp.path().join("again.json"));
        prop_assert_eq!(written, again);
    }
}

/// Every game's sheet above is one a way in takes, with plain names: the property is never
/// left with nothing but refusals for a game.
#[test]
fn each_games_sheet_is_taken_with_plain_names() {
    let names = ["Aki", "Ben", "Chie"].map(String::from);
    for game in GAMES {
        let tmp = tempfile::tempdir().unwrap();
        let mut history = DataDir::open(tmp.path()).unwrap().history().unwrap();
        let added = add(&mut history, &sheet(game, &names, "a good evening"));
        assert_eq!(added, Ok(()), "{game}");
        assert_eq!(history.entries()[0].game, game);
    }
}
