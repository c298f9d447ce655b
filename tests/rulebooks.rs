//! Each game's rulebook case (`../shared/seeds/*.txt`, cited by line) played as a session,
//! written to a file, then scored and replayed by the command line as a player would: the cases
//! issue 59 found the app getting wrong.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::{DateTime, TimeZone, Utc};
use tablekeeper::any_game::{PlayEvent, PlaySession};
use tablekeeper::kit::game_profile::GameProfile;
use tablekeeper::scoring::{CellInput, Points};
use tablekeeper::session::{Colour, Lineup, Player};

fn at(s: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap() + chrono::Duration::seconds(s.into())
}

fn setup(names: &[&str], sides: &[&str]) -> Lineup {
    Lineup {
        players: (names.iter().zip(Colour::ALL))
            .map(|(n, colour)| Player {
                name: n.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 0,
        sides: sides.iter().map(|s| s.to_string()).collect(),
        clock: Default::default(),
    }
}

/// A game of a shipped profile, started.
fn started(game: &str, names: &[&str], sides: &[&str]) -> PlaySession {
    let profile = GameProfile::shipped(game).unwrap();
    let mut session = PlaySession::new(profile, setup(names, sides), at(0)).unwrap();
    session.apply(PlayEvent::StartGame, at(1)).unwrap();
    session
}

/// Applies `event` one second after the last, or says which rule refused it.
fn play(session: &mut PlaySession, event: PlayEvent) {
    let t = at(session.records().len() as u32 + 1);
    if let Err(e) = session.apply(event.clone(), t) {
        panic!("{event:?} refused: {e}");
    }
}

fn cell(player: usize, part: &str, value: i64) -> PlayEvent {
    PlayEvent::SetCell {
        player,
        part: part.into(),
        value: Some(CellInput::Number(Points::whole(value))),
    }
}

fn tablekeeper(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(args)
        .env("LANG", "C")
        .output()
        .unwrap()
}

/// The session written where the command line reads it.
fn saved(dir: &Path, session: &PlaySession) -> PathBuf {
    let path = dir.join(format!("{}.json", session.profile().id));
    std::fs::write(&path, serde_json::to_string(&session.to_file()).unwrap()).unwrap();
    path
}

/// `tablekeeper score --json` and `tablekeeper replay` of the session: the sheet as JSON and
/// the replay's last line.
fn scored_and_replayed(session: &PlaySession) -> (serde_json::Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = saved(dir.path(), session);
    let path = path.to_str().unwrap();
    let out = tablekeeper(&["score", path, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sheet = serde_json::from_slice(&out.stdout).unwrap();
    let out = tablekeeper(&["replay", path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replay = String::from_utf8_lossy(&out.stdout).to_string();
    (sheet, replay.lines().last().unwrap_or_default().to_string())
}

fn winners(sheet: &serde_json::Value) -> Vec<String> {
    (sheet["players"].as_array().unwrap().iter())
        .filter(|p| p["winner"] == true)
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

/// The Rats of Wistar (`002_…`, lines 490-494): after round 5 the turn order is updated from
/// the leaders in the alchemist's hut, then the game is scored; a tie goes to the player earlier
/// in that order.
#[test]
fn rats_a_tie_goes_to_the_player_first_in_the_order_made_after_round_5() {
    let mut game = started("rats-of-wistar", &["Aki", "Ben"], &[]);
    // 5 rounds of 2 players × 3 leaders: 30 turns, Aki first every round.
    for _ in 0..30 {
        play(&mut game, PlayEvent::NextTurn);
    }
    assert_eq!(game.state().phase, tablekeeper::any_game::PlayPhase::Over);
    // Ben's leader is first in the alchemist's hut: he is first in the final order.
    play(&mut game, PlayEvent::SetTurnOrder { order: vec![1, 0] });
    play(&mut game, cell(0, "vp_track", 20));
    play(&mut game, cell(1, "vp_track", 20));
    let (sheet, replay) = scored_and_replayed(&game);
    assert_eq!(winners(&sheet), ["Ben"], "{sheet}");
    assert_eq!(sheet["tie_broken_by"], "turn_order", "{sheet}");
    assert!(replay.contains("Game over"), "{replay}");

    // The sheet says so, in words.
    let dir = tempfile::tempdir().unwrap();
    let path = saved(dir.path(), &game);
    let text = tablekeeper(&["score", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("final turn order"), "{text}");

    // The order is the table's to keep: a position typed as a tie value would be ignored, so
    // it is refused, saying what to do.
    let refused = game.apply(
        PlayEvent::SetTie {
            player: 0,
            breaker: "turn_order".into(),
            value: Some(1),
        },
        at(100),
    );
    let said = refused
        .expect_err("a typed turn order is refused")
        .to_string();
    assert!(said.contains("turn order"), "{said}");
}

/// Terramara (`003_…`, lines 303-311): the Leader action (先導) takes the start card and makes
/// the play order of the next round; play goes clockwise from the start player (line 173).
#[test]
fn terramara_a_leader_in_round_1_makes_round_2s_order() {
    let mut game = started("terramara", &["Aki", "Ben", "Chie"], &[]);
    for _ in 0..5 {
        play(&mut game, PlayEvent::NextTurn);
    }
    play(&mut game, PlayEvent::EndRound);
    // Chie took the Leader action in round 1: round 2 starts with her, then clockwise.
    play(
        &mut game,
        PlayEvent::SetTurnOrder {
            order: vec![2, 0, 1],
        },
    );
    assert_eq!(game.state().current_player(game.profile()), Some(2));
    play(&mut game, PlayEvent::NextTurn);
    let (_, replay) = scored_and_replayed(&game);
    assert!(
        replay.contains("Round 2 · Turn 2") && replay.contains("Aki's turn"),
        "{replay}"
    );
}

/// Leviath (`004_…`): one monster, seated with the humans.
fn leviath(names: &[&str], sides: &[&str]) -> PlaySession {
    started("leviath", names, sides)
}

fn adjust(counter: &str, change: i64) -> PlayEvent {
    PlayEvent::AdjustCounter {
        counter: counter.into(),
        change,
    }
}

/// Lines 3-5: one player takes the monster's side, the rest the humans'.
#[test]
fn leviath_a_second_monster_is_refused_at_setup() {
    let profile = GameProfile::shipped("leviath").unwrap();
    let two = setup(&["Aki", "Ben", "Chie"], &["humans", "monster", "monster"]);
    let Err(refused) = PlaySession::new(profile, two, at(0)) else {
        panic!("a second monster is refused");
    };
    let said = refused.to_string();
    assert!(
        said.contains("Monster") && said.contains("exactly 1"),
        "{said}"
    );
}

/// Line 49: the monster starts with 2 energy tiles, so its first Move (−2, line 136) is legal.
#[test]
fn leviath_the_monsters_first_move_is_paid_from_its_2_starting_energy() {
    let mut game = leviath(&["Aki", "Mon"], &["humans", "monster"]);
    play(&mut game, PlayEvent::NextTurn); // Aki's turn over: the monster's.
    play(&mut game, adjust("energy", -2));
    assert_eq!(game.state().counter(game.profile(), "energy"), Some(0));
}

/// Lines 10-11: ships start on [4], [10] and [14], one more in port; a Predation attack sends one
/// to port (line 132), and none left on the sea squares is the monster's win (lines 134, 167).
#[test]
fn leviath_three_predations_leave_no_ship_at_sea_and_the_monster_wins() {
    let mut game = leviath(&["Aki", "Ben", "Mon"], &["humans", "humans", "monster"]);
    assert_eq!(game.state().counter(game.profile(), "ships"), Some(3));
    for _ in 0..3 {
        play(&mut game, adjust("ships", -1));
    }
    let (sheet, replay) = scored_and_replayed(&game);
    assert_eq!(sheet["ending"], "no_ships", "{sheet}");
    assert_eq!(winners(&sheet), ["Mon"], "{sheet}");
    assert!(replay.contains("Game over"), "{replay}");
}

/// Line 166: four flood tiles on land squares end the game; the disaster level's +2 (line
/// 176-178) puts two of them there at the start, so two tsunamis more are enough.
#[test]
fn leviath_the_disaster_levels_flood_tiles_count_toward_the_flood_ending() {
    let mut game = leviath(&["Aki", "Mon"], &["humans", "monster"]);
    play(&mut game, adjust("disaster", 2));
    assert_eq!(game.state().counter(game.profile(), "flooded"), Some(2));
    play(&mut game, adjust("flooded", 1));
    play(&mut game, adjust("flooded", 1));
    let (sheet, _) = scored_and_replayed(&game);
    assert_eq!(sheet["ending"], "four_floods", "{sheet}");
    assert_eq!(winners(&sheet), ["Mon"], "{sheet}");
}

/// Lines 160-168: each of the four endings is reachable, and only its side wins.
#[test]
fn leviath_every_ending_is_reachable_and_one_side_wins() {
    for (ending, winner) in [
        ("mines", "Aki, Ben"),
        ("four_floods", "Mon"),
        ("no_ships", "Mon"),
        ("deck_out", "Mon"),
    ] {
        let mut game = leviath(&["Aki", "Ben", "Mon"], &["humans", "humans", "monster"]);
        play(&mut game, PlayEvent::NextTurn);
        play(
            &mut game,
            PlayEvent::EndGame {
                ending: Some(ending.into()),
            },
        );
        let (sheet, replay) = scored_and_replayed(&game);
        assert_eq!(winners(&sheet).join(", "), winner, "{ending}: {sheet}");
        assert!(replay.contains("Game over"), "{ending}: {replay}");
    }
}

/// Earth solo against Gaia (`001_…`, lines 272-306): Gaia scores its cards' base VP (negatives
/// as positive), sprouts, growth or canopy, compost and its leaves (lines 301-305), and the 7 VP
/// of whoever ends the game (line 300). A fauna card Gaia reached first has its leaf on the
/// highest value (line 297): the player who meets it after takes the next, 11.
#[test]
fn earth_solo_lost_to_gaia_is_lost_on_the_sheet_in_the_history_and_the_statistics() {
    let mut game = started("earth", &["Aki"], &[]);
    play(&mut game, PlayEvent::Trigger);
    play(&mut game, PlayEvent::NextTurn);
    play(&mut game, cell(0, "cards", 20));
    play(&mut game, cell(0, "compost", 2));
    // Gaia's column is the one after the players'.
    play(&mut game, cell(1, "cards", 30));
    play(
        &mut game,
        PlayEvent::SetClaims {
            part: "fauna".into(),
            card: 0,
            seats: vec![1, 0],
        },
    );
    let (sheet, replay) = scored_and_replayed(&game);
    // Aki: 20 + 2 + 11 = 33; Gaia: 30 + 15 = 45.
    assert_eq!(sheet["players"][0]["total"], 33, "{sheet}");
    assert_eq!(sheet["opponent"]["total"], 45, "{sheet}");
    assert_eq!(sheet["opponent"]["winner"], true, "{sheet}");
    assert_eq!(winners(&sheet), Vec::<String>::new(), "{sheet}");
    assert!(replay.contains("Game over"), "{replay}");
    let dir = tempfile::tempdir().unwrap();
    let path = saved(dir.path(), &game);
    let out = tablekeeper(&["replay", path.to_str().unwrap()]);
    let told = String::from_utf8_lossy(&out.stdout);
    assert!(
        told.contains("Gaia"),
        "the replay names Gaia's entries: {told}"
    );

    // A part Gaia does not score is refused for its column.
    let refused = game.apply(cell(1, "terrain", 5), at(200));
    assert!(refused.is_err(), "Gaia scores no terrain (line 301-305)");

    // The same game on paper, logged: no win for Aki, and the statistics count it lost.
    let tmp = tempfile::tempdir().unwrap();
    let sheet = serde_json::json!({
        "format": "tablekeeper-sheet", "game": "earth",
        "played_at": "2026-11-20T18:00:00Z",
        "players": [{"name": "Aki", "parts": {"cards": 20, "compost": 2}}],
        "opponent": {"name": "Gaia", "parts": {"cards": 30}},
        "claims": {"fauna": [[1, 0]]},
    });
    let path = tmp.path().join("solo.json");
    std::fs::write(&path, sheet.to_string()).unwrap();
    let data = tmp.path().join("data");
    let data = data.to_str().unwrap();
    let added = tablekeeper(&["--data-dir", data, "history", "add", path.to_str().unwrap()]);
    assert!(
        added.status.success(),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    let list = tablekeeper(&["--data-dir", data, "history", "list"]);
    let list = String::from_utf8_lossy(&list.stdout);
    assert!(
        list.contains("Aki 33 and Gaia 45") && list.contains("winner: Gaia"),
        "{list}"
    );
    let stats = tablekeeper(&["--data-dir", data, "history", "stats", "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["players"][0]["wins"], 0, "{stats}");
    assert_eq!(stats["players"][0]["plays"], 1, "{stats}");

    // The exports say it too: Gaia is a row of the CSV (no seat, first place, the winner) and
    // a player of the BG Stats play, so a spreadsheet or BG Stats counts the game lost.
    let export = |format: &str| {
        let out = tablekeeper(&["--data-dir", data, "history", "export", "--format", format]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = export("csv");
    let rows: Vec<Vec<&str>> = (csv.trim_start_matches('\u{feff}').lines())
        .map(|line| line.split(',').collect())
        .collect();
    let column = |name: &str| rows[0].iter().position(|c| *c == name).unwrap();
    let (player, seat, rank, winner, total) = (
        column("player"),
        column("seat"),
        column("rank"),
        column("winner"),
        column("total"),
    );
    let row = |name: &str| {
        let row = rows.iter().find(|r| r[player] == name).expect(name);
        (row[seat], row[rank], row[winner], row[total])
    };
    assert_eq!(row("Aki"), ("1", "2", "false", "33"), "{csv}");
    assert_eq!(row("Gaia"), ("", "1", "true", "45"), "{csv}");
    let file: serde_json::Value = serde_json::from_str(&export("bgstats")).unwrap();
    let names: Vec<&str> = (file["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Aki", "Gaia"], "{file}");
    let scores = file["plays"][0]["playerScores"].as_array().unwrap();
    let won: Vec<(&str, bool)> = (scores.iter())
        .map(|s| (s["score"].as_str().unwrap(), s["winner"].as_bool().unwrap()))
        .collect();
    assert_eq!(won, [("33", false), ("45", true)], "{file}");
}

/// A game saved with the profiles as they were before the names and rules above were mended
/// (`tests/data/before-59/`, copied from the profiles of that time) reads and scores as it did:
/// its own profile travels in the file, and nothing keys on a Japanese name.
#[test]
fn games_saved_with_the_old_names_and_rules_read_as_before() {
    for (game, old_name) in [
        ("leviath", "リヴァイアス"),
        ("terramara", "テッラマーレ"),
        ("rats-of-wistar", "ウィスターのネズミ"),
        ("earth", "アース"),
    ] {
        let text = std::fs::read_to_string(format!(
            "{}/tests/data/before-59/{game}.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let profile = GameProfile::from_json(&text).unwrap();
        assert_eq!(profile.name.exactly("ja").unwrap(), old_name);
        // Leviath of that time took two monsters, and both won.
        let (names, sides): (&[&str], &[&str]) = match game {
            "leviath" => (&["Aki", "Ben", "Chie"], &["humans", "monster", "monster"]),
            "earth" => (&["Aki"], &[]),
            _ => (&["Aki", "Ben"], &[]),
        };
        let mut session = PlaySession::new(profile, setup(names, sides), at(0)).unwrap();
        play(&mut session, PlayEvent::StartGame);
        if game == "leviath" {
            play(&mut session, adjust("energy", 3));
            play(
                &mut session,
                PlayEvent::EndGame {
                    ending: Some("deck_out".into()),
                },
            );
        } else {
            let part = match game {
                "terramara" => "vp_chips",
                "earth" => "cards",
                _ => "vp_track",
            };
            play(&mut session, cell(0, part, 1));
        }
        let file = serde_json::to_string(&session.to_file()).unwrap();
        let again = PlaySession::from_file(serde_json::from_str(&file).unwrap()).unwrap();
        assert_eq!(
            again.profile().name.exactly("ja").unwrap(),
            old_name,
            "{game}"
        );
        assert_eq!(again.state(), session.state(), "{game}");
        if game == "leviath" {
            // 0 to start then, 3 after: not the 2 of today's profile.
            assert_eq!(again.state().counter(again.profile(), "energy"), Some(3));
            let (sheet, _) = scored_and_replayed(&again);
            assert_eq!(winners(&sheet), ["Ben", "Chie"], "{sheet}");
        }
    }
}

/// The setup checklists by player count, kept as data in each profile and shown at setup for
/// the players seated: the Rats' 2-player cheese tile (002, line 56), Leviath's Sonar cards by
/// human count and a lone human's 3-card hand (004, lines 24-28, 41-42), Terramara's dummy
/// players (003, lines 141-168).
#[test]
fn setup_checklists_follow_the_player_count() {
    let notes = |game: &str, sides: &[Option<&str>]| -> Vec<String> {
        let profile = GameProfile::shipped(game).unwrap();
        (profile.gaps.iter())
            .filter(|g| g.for_the_table() && g.applies(sides))
            .map(|g| g.note.clone())
            .collect()
    };
    let cheese = |sides: &[Option<&str>]| {
        (notes("rats-of-wistar", sides).iter()).any(|n| n.contains("cheese"))
    };
    assert!(cheese(&[None, None]));
    assert!(!cheese(&[None, None, None]));
    let lone = notes("leviath", &[Some("humans"), Some("monster")]);
    assert!(
        lone.iter()
            .any(|n| n.contains("3 Sonar") && n.contains("3 cards")),
        "{lone:?}"
    );
    assert!(!lone.iter().any(|n| n.contains("draws 2")), "{lone:?}");
    let three = notes(
        "leviath",
        &[
            Some("humans"),
            Some("monster"),
            Some("humans"),
            Some("humans"),
        ],
    );
    assert!(three.iter().any(|n| n.contains("1 Sonar")), "{three:?}");
    let two = notes("terramara", &[None, None]);
    assert!(two.iter().any(|n| n.contains("add 2 dummy")), "{two:?}");
    assert!(
        !notes("terramara", &[None; 4])
            .iter()
            .any(|n| n.contains("dummy player"))
    );
}

/// TERRAVIST (`000_…`, line 153): 5 resource dice of 4 kinds, each die one column of the sticker
/// sheet (line 158). The table tells its dice apart by kind, so Enter the faces names them so:
/// dice with the same faces (in any order) are one kind.
#[test]
fn terravist_dice_are_named_by_their_kind() {
    let mut profile = tablekeeper::Profile::terravist();
    let dice = &mut profile.terravist.dice.value;
    assert_eq!(dice.len(), 5);
    let mut same = dice[3].faces.clone();
    same.reverse();
    dice[4].faces = same;
    assert_eq!(profile.terravist.die_kinds(), [0, 1, 2, 3, 3]);
    let letters: Vec<String> = (profile.terravist.die_kinds().into_iter())
        .map(tablekeeper::terravist::profile::kind_letter)
        .collect();
    assert_eq!(letters, ["A", "B", "C", "D", "D"]);
}

/// Earth's beginner rule (`001_…`, lines 26 and 271: chosen at setup, every player who meets a
/// fauna card takes 10 whatever the order) is a switch, not a profile edit: the game keeps the
/// profile it was played with, so its file scores and replays the same anywhere, and says so.
#[test]
fn earth_played_with_the_beginner_rule_gives_every_fauna_achiever_10() {
    let shipped = GameProfile::shipped("earth").unwrap();
    let beginner = shipped.with_variants(&["beginner".to_string()]).unwrap();
    assert_eq!(beginner.played_with, ["beginner"]);
    let mut session = PlaySession::new(beginner, setup(&["Aki", "Ben"], &[]), at(0)).unwrap();
    play(&mut session, PlayEvent::StartGame);
    play(&mut session, PlayEvent::Trigger);
    play(&mut session, PlayEvent::NextTurn);
    play(&mut session, PlayEvent::NextTurn);
    play(
        &mut session,
        PlayEvent::SetClaims {
            part: "fauna".into(),
            card: 0,
            seats: vec![1, 0],
        },
    );
    let (sheet, _) = scored_and_replayed(&session);
    let fauna = |seat: usize| sheet["players"][seat]["parts"]["fauna"].clone();
    assert_eq!((fauna(0), fauna(1)), (10.into(), 10.into()), "{sheet}");

    // Without it, the order counts: 15 to the first, 11 to the next.
    let mut plain = started("earth", &["Aki", "Ben"], &[]);
    play(&mut plain, PlayEvent::Trigger);
    play(&mut plain, PlayEvent::NextTurn);
    play(&mut plain, PlayEvent::NextTurn);
    play(
        &mut plain,
        PlayEvent::SetClaims {
            part: "fauna".into(),
            card: 0,
            seats: vec![1, 0],
        },
    );
    let (sheet, _) = scored_and_replayed(&plain);
    let fauna = |seat: usize| sheet["players"][seat]["parts"]["fauna"].clone();
    assert_eq!((fauna(0), fauna(1)), (11.into(), 15.into()), "{sheet}");

    // A variant the game does not offer is refused, in words.
    let refused = shipped.with_variants(&["expert".to_string()]).unwrap_err();
    assert!(refused.to_string().contains("expert"), "{refused}");
}

/// Issue 69, case 7: the Japanese names of the sheet's parts are the books' own words, so a
/// Japanese table finds on the screen what it reads in the box: Earth's 生物カード (rulebook
/// 001, lines 20-31), the Rats' 来訪ネズミタイル (002, lines 29, 469, 507) and 電気トークン
/// (レベル2) (002, lines 517-519).
#[test]
fn the_japanese_part_names_are_the_books_words() {
    let ja = |game: &str, part: &str| {
        let profile = GameProfile::shipped(game).unwrap();
        let spec = (profile.sheet.parts.iter()).find(|p| p.id == part).unwrap();
        spec.name.get("ja").to_string()
    };
    assert_eq!(ja("earth", "fauna"), "生物カードの葉っぱ");
    assert_eq!(
        ja("rats-of-wistar", "rats_cheese"),
        "来訪ネズミタイルとチーズタイル"
    );
    assert_eq!(
        ja("rats-of-wistar", "power_token"),
        "電気トークン（レベル2）"
    );
    for game in ["earth", "rats-of-wistar"] {
        let profile = GameProfile::shipped(game).unwrap();
        for part in &profile.sheet.parts {
            for wrong in ["動物カード", "訪問ネズミ", "パワートークン"] {
                let name = part.name.get("ja");
                assert!(!name.contains(wrong), "{game} {}: {name}", part.id);
            }
        }
    }
}

/// Issue 69, case 6: the books' caps of one. The Rats' level-2 power token is one token worth 2
/// (rulebook 002, lines 517-519): a count of 2 is refused in words, where it once scored 4 and
/// turned a 32–33 loss into a win. Terramara holds one reserved craft (003, line 191). A game
/// saved before the cap keeps its own profile, and scores as it was saved.
#[test]
fn the_books_caps_of_one_are_kept_and_old_games_score_as_saved() {
    use tablekeeper::i18n::Locale;
    for (game, part, words) in [
        ("rats-of-wistar", "power_token", "Level-2 power token"),
        ("terramara", "reserved", "Unbuilt reserved craft card (−5)"),
    ] {
        let mut session = started(game, &["Aki", "Ben"], &[]);
        let before = session.state().clone();
        let refused = session.apply(cell(0, part, 2), at(5)).unwrap_err();
        assert_eq!(
            refused.text().render(Locale::EN),
            format!("{words}: the rulebook has at most 1."),
            "{game}"
        );
        assert_eq!(session.state(), &before, "{game}: nothing changed");
        play(&mut session, cell(0, part, 1));
    }
    // From paper too: the same refusal, in words, and nothing logged.
    let dir = tempfile::tempdir().unwrap();
    let sheet = format!(
        "{}/tests/data/terramara-sheet.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut sheet: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(sheet).unwrap()).unwrap();
    sheet["players"][0]["parts"]["reserved"] = 2.into();
    let path = dir.path().join("sheet.json");
    std::fs::write(&path, sheet.to_string()).unwrap();
    let out = tablekeeper(&["score", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("the rulebook has at most 1"), "{said}");
    // The Rats' power token as the app once kept it: a saved game with 2 tokens.
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/before-59/rats-of-wistar.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let old = GameProfile::from_json(&text).unwrap();
    let mut session = PlaySession::new(old, setup(&["Aki", "Ben"], &[]), at(0)).unwrap();
    play(&mut session, PlayEvent::StartGame);
    play(&mut session, cell(0, "power_token", 2));
    let file = serde_json::to_string(&session.to_file()).unwrap();
    let again = PlaySession::from_file(serde_json::from_str(&file).unwrap()).unwrap();
    let (sheet, _) = scored_and_replayed(&again);
    assert_eq!(sheet["players"][0]["parts"]["power_token"], 4, "{sheet}");
}

/// Issue 69, case 5: Terramara's dummy players follow the player count (rulebook 003, lines 141
/// and 239: 2 with 2 players, 1 with 3, none with 4). More are refused in words wherever they
/// are entered; a sheet kept on paper gives exactly the book's number. The book's own case:
/// Aki 6 and Ben 3 on the military track with the dummies at 9 and 5: Aki wins 25–23, where
/// ranked among the players alone it ended shared 28–28.
#[test]
fn terramaras_dummies_follow_the_player_count() {
    use tablekeeper::i18n::Locale;
    let dummies = |values: &[i64]| PlayEvent::SetDummies {
        part: "military".into(),
        values: values.to_vec(),
    };
    let mut four = started("terramara", &["Aki", "Ben", "Chie", "Dai"], &[]);
    let refused = four.apply(dummies(&[12]), at(5)).unwrap_err();
    assert_eq!(
        refused.text().render(Locale::EN),
        "Military track rank (8/5/2): with 4 players the rulebook ranks 0 dummy players at most."
    );
    let mut two = started("terramara", &["Aki", "Ben"], &[]);
    assert!(
        two.apply(dummies(&[1, 2, 3]), at(5)).is_err(),
        "3 with 2 players"
    );
    play(&mut two, dummies(&[9, 5]));

    let sheet = |dummies: serde_json::Value| {
        serde_json::json!({
            "format": "tablekeeper-sheet", "version": 1, "game": "terramara",
            "players": [
                { "name": "Aki", "parts": { "vp_chips": 20, "military": 6 } },
                { "name": "Ben", "parts": { "vp_chips": 23, "military": 3 } }
            ],
            "dummies": dummies
        })
    };
    let dir = tempfile::tempdir().unwrap();
    let score = |sheet: serde_json::Value| {
        let path = dir.path().join("sheet.json");
        std::fs::write(&path, sheet.to_string()).unwrap();
        tablekeeper(&["score", path.to_str().unwrap(), "--json"])
    };
    let out = score(sheet(serde_json::json!({})));
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("with 2 players the rulebook ranks 2 dummy players; this sheet gives 0"),
        "{said}"
    );
    let out = score(sheet(serde_json::json!({ "military": [9, 5] })));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scored: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let totals: Vec<String> = (scored["players"].as_array().unwrap().iter())
        .map(|p| p["total"].to_string())
        .collect();
    assert_eq!(totals, ["25", "23"], "{scored}");
    assert_eq!(winners(&scored), ["Aki"]);
}

/// Issue 69: the sheet names the tie-breaker that decided the winner, not merely the first
/// that parted the tied players. Earth 30-30-30 (rulebook 001, lines 253-254: soil, hand,
/// growth, sprouts, compost): growth leaves Aki behind, Ben and Chie stay level until compost,
/// which Chie has more of. Sprouts and compost are read from the sheet's own counts.
#[test]
fn the_sheet_names_the_breaker_that_decided_the_winner() {
    let tie = |growth: i64| serde_json::json!({"soil": 1, "hand": 1, "growth": growth});
    let parts = |cards: i64, compost: i64| serde_json::json!({ "cards": cards, "sprouts": 1, "compost": compost });
    let sheet = serde_json::json!({
        "format": "tablekeeper-sheet", "version": 1, "game": "earth",
        "players": [
            { "name": "Aki", "parts": parts(26, 3), "tie": tie(1) },
            { "name": "Ben", "parts": parts(28, 1), "tie": tie(2) },
            { "name": "Chie", "parts": parts(27, 2), "tie": tie(2) }
        ]
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.json");
    std::fs::write(&path, sheet.to_string()).unwrap();
    let out = tablekeeper(&["score", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scored: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(winners(&scored), ["Chie"], "{scored}");
    assert_eq!(scored["tie_broken_by"], "compost", "{scored}");
}

/// Issue 69, case 4: where the book breaks a tie by a part of the sheet, the sheet's value
/// decides, never a copy typed again. Terramara (rulebook 003, line 252: the river track, then
/// the military track): river 5-5, totals 32-32, military 7 against 3 on the sheet: Aki wins
/// by the military track. A military value typed for the tie is refused in words; a game saved
/// before (its profile read the typed copy) still scores as it was saved.
#[test]
fn terramaras_second_tie_breaker_reads_the_military_track_on_the_sheet() {
    use tablekeeper::i18n::Locale;
    let mut game = started("terramara", &["Aki", "Ben", "Chie", "Dai"], &[]);
    for (seat, chips, military) in [(0, 24, 7), (1, 27, 3), (2, 10, 1), (3, 10, 0)] {
        play(&mut game, cell(seat, "vp_chips", chips));
        play(&mut game, cell(seat, "military", military));
    }
    for seat in 0..2 {
        play(
            &mut game,
            PlayEvent::SetTie {
                player: seat,
                breaker: "river".into(),
                value: Some(5),
            },
        );
    }
    let typed = PlayEvent::SetTie {
        player: 1,
        breaker: "military".into(),
        value: Some(9),
    };
    let refused = game.apply(typed.clone(), at(50)).unwrap_err();
    assert!(
        (refused.text().render(Locale::EN)).contains("is read from the sheet"),
        "{}",
        refused.text().render(Locale::EN)
    );
    let (scored, _) = scored_and_replayed(&game);
    let totals: Vec<String> = (scored["players"].as_array().unwrap().iter())
        .map(|p| p["total"].to_string())
        .collect();
    assert_eq!(totals[..2], ["32", "32"], "{scored}");
    assert_eq!(winners(&scored), ["Aki"], "{scored}");
    assert_eq!(scored["tie_broken_by"], "military", "{scored}");

    // The profile a game saved before this rule kept: the breaker read a typed value.
    let mut old_profile = GameProfile::shipped("terramara").unwrap();
    if let tablekeeper::scoring::WinnerRule::Highest { tie_breakers } =
        &mut old_profile.sheet.winner
    {
        tie_breakers.iter_mut().for_each(|t| t.part = None);
    }
    let mut old = PlaySession::new(old_profile, setup(&["Aki", "Ben"], &[]), at(0)).unwrap();
    play(&mut old, PlayEvent::StartGame);
    for (seat, chips, military) in [(0, 24, 7), (1, 27, 3)] {
        play(&mut old, cell(seat, "vp_chips", chips));
        play(&mut old, cell(seat, "military", military));
    }
    play(
        &mut old,
        PlayEvent::SetDummies {
            part: "military".into(),
            values: vec![1, 0],
        },
    );
    let mut typed = typed;
    if let PlayEvent::SetTie { value, .. } = &mut typed {
        *value = Some(9);
    }
    play(&mut old, typed);
    let dir = tempfile::tempdir().unwrap();
    let path = saved(dir.path(), &old);
    let out = tablekeeper(&["score", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scored: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        winners(&scored),
        ["Ben"],
        "the typed copy, as it was saved: {scored}"
    );
}

/// Issue 69, case 3: a game kept on paper takes the variants it was played with
/// (`"played_with"`), scored as the window's setup scores them: Earth's beginner rule (rulebook
/// 001, lines 26 and 271) gives two achievers of one fauna card 10 each, not 15 and 11, and the
/// history keeps the variant. A variant the game does not offer is refused in words, never
/// ignored, and nothing is logged.
#[test]
fn a_paper_sheet_takes_the_variants_it_was_played_with() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let sheet = |played_with: serde_json::Value| {
        let sheet = serde_json::json!({
            "format": "tablekeeper-sheet", "version": 1, "game": "earth",
            "played_at": "2026-11-20T19:00:00Z",
            "played_with": played_with,
            "players": [
                { "name": "Aki", "parts": { "cards": 20 } },
                { "name": "Ben", "parts": { "cards": 20 } }
            ],
            "claims": { "fauna": [[1, 0], [], [], []] }
        });
        let path = dir.path().join("sheet.json");
        std::fs::write(&path, sheet.to_string()).unwrap();
        path
    };
    let path = sheet(serde_json::json!(["beginner"]));
    let out = tablekeeper(&["score", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scored: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let fauna = |seat: usize| scored["players"][seat]["parts"]["fauna"].clone();
    assert_eq!((fauna(0), fauna(1)), (10.into(), 10.into()), "{scored}");

    let data_dir = data.to_str().unwrap();
    let out = tablekeeper(&[
        "--data-dir",
        data_dir,
        "history",
        "add",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let history = tablekeeper::store::DataDir::open_read_only(&data)
        .history()
        .unwrap();
    let entry = &history.entries()[0];
    let totals: Vec<String> = entry.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(totals, ["30", "30"]);

    let path = sheet(serde_json::json!(["expert"]));
    let out = tablekeeper(&[
        "--data-dir",
        data_dir,
        "history",
        "add",
        path.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("\"expert\" is not a variant of this game"),
        "{said}"
    );
    let history = tablekeeper::store::DataDir::open_read_only(&data)
        .history()
        .unwrap();
    assert_eq!(history.entries().len(), 1, "nothing logged");
}

/// Issue 69: what a sheet still needs before a played game is finished, as every door's Finish
/// waits on it: Terramara's two dummy players with 2 players (rulebook 003, lines 141, 239),
/// and a tie on total the typed breakers have not broken (the river track, line 252). Typed
/// equal all down the chain, the tie stands. A paper sheet written before the military track
/// was read from the sheet may repeat it as a tie value: the same value is taken, another is
/// refused in words.
#[test]
fn a_played_game_waits_on_its_dummies_and_an_unbroken_tie() {
    use tablekeeper::any_game::sheet_waits;
    use tablekeeper::i18n::Locale;
    let mut two = started("terramara", &["Aki", "Ben"], &[]);
    for (seat, chips) in [(0, 20), (1, 20)] {
        play(&mut two, cell(seat, "vp_chips", chips));
        play(&mut two, cell(seat, "military", 3));
    }
    let waits = |game: &PlaySession| {
        sheet_waits(game.profile(), game.state()).map(|t| t.render(Locale::EN))
    };
    assert_eq!(
        waits(&two).as_deref(),
        Some("Military track rank (8/5/2): enter the 2 dummy players' values first.")
    );
    play(
        &mut two,
        PlayEvent::SetDummies {
            part: "military".into(),
            values: vec![9, 5],
        },
    );
    let said = waits(&two).expect("level at 20 + 2, the river not typed");
    assert!(
        said.starts_with("Aki and Ben are level on points"),
        "{said}"
    );
    let river = |player: usize, value: i64| PlayEvent::SetTie {
        player,
        breaker: "river".into(),
        value: Some(value),
    };
    play(&mut two, river(0, 2));
    play(&mut two, river(1, 2));
    // Level on the river and on the military track (both at 3): the tie stands, shared.
    assert_eq!(waits(&two), None);

    let sheet = |tie: i64| {
        serde_json::json!({
            "format": "tablekeeper-sheet", "version": 1, "game": "terramara",
            "players": [
                { "name": "Aki", "parts": { "vp_chips": 20, "military": 6 }, "tie": { "military": tie } },
                { "name": "Ben", "parts": { "vp_chips": 23, "military": 3 } }
            ],
            "dummies": { "military": [9, 5] }
        })
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.json");
    std::fs::write(&path, sheet(6).to_string()).unwrap();
    let out = tablekeeper(&["score", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&path, sheet(7).to_string()).unwrap();
    let out = tablekeeper(&["score", path.to_str().unwrap(), "--json"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("is read from the sheet"), "{said}");
}
