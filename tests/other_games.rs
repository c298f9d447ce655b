//! The other games of the evening, scored by the data-described engine from hand-made games,
//! with the arithmetic in comments; and malformed profiles refused with the problem named.

use tablekeeper::kit::game_profile::{GameProfile, GameProfileError, SHIPPED};
use tablekeeper::scoring::{
    self, CellInput, Origin, PlayerInput, Points, ScoringError, SheetInput,
};

fn player(name: &str, parts: &[(&str, CellInput)]) -> PlayerInput {
    PlayerInput {
        name: name.into(),
        parts: parts
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        ..PlayerInput::default()
    }
}

fn num(text: &str) -> CellInput {
    CellInput::Number(Points::parse(text).unwrap())
}

fn totals(scored: &scoring::Scored) -> Vec<String> {
    scored.players.iter().map(|p| p.total.to_string()).collect()
}

#[test]
fn every_shipped_profile_loads() {
    for (id, text) in SHIPPED {
        let profile = GameProfile::from_json(text).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(profile.id, id);
    }
}

#[test]
fn earth_fauna_leaves_in_claim_order_the_first_tableau_bonus_and_the_tie_chain() {
    let earth = GameProfile::shipped("earth").unwrap();
    let mut input = SheetInput {
        players: vec![
            player(
                "Aki",
                &[
                    ("cards", num("20")),
                    ("compost", num("3")),
                    ("sprouts", num("2")),
                    ("growth", num("6")),
                ],
            ),
            player(
                "Ben",
                &[
                    ("cards", num("25")),
                    ("compost", num("1")),
                    ("growth", num("4")),
                ],
            ),
            player(
                "Chie",
                &[
                    ("cards", num("18")),
                    ("events", num("4")),
                    ("sprouts", num("4")),
                    ("growth", num("3")),
                    ("terrain", num("6")),
                ],
            ),
        ],
        ..SheetInput::default()
    };
    // Fauna: card 1 claimed by Aki then Chie (15, 11); card 2 by Ben (15); card 3 by Chie, Aki,
    // Ben (15, 11, 8); card 4 by nobody.
    input.claims.insert(
        "fauna".into(),
        vec![vec![0, 2], vec![1], vec![2, 0, 1], vec![]],
    );
    input.bonus.insert("full_tableau".into(), 1); // Ben filled 4×4 first: 7
    let scored = scoring::compute(&earth.sheet, &input).unwrap();
    // Aki:  20 + 3 + 2 + 6 + fauna 15 + 11      = 57
    // Ben:  25 + 1 + 4 + fauna 15 + 8 + bonus 7  = 60
    // Chie: 18 + 4 + 4 + 3 + 6 + fauna 11 + 15   = 61
    assert_eq!(totals(&scored), ["57", "60", "61"]);
    assert_eq!(
        scored.players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [false, false, true]
    );

    // A tie on points goes down the chain: soil, then cards in hand, …
    input.players[1].parts.insert("terrain".into(), num("1")); // Ben 61
    input.players[1].tie.insert("soil".into(), 2);
    input.players[2].tie.insert("soil".into(), 2);
    input.players[1].tie.insert("hand".into(), 3);
    input.players[2].tie.insert("hand".into(), 1);
    let scored = scoring::compute(&earth.sheet, &input).unwrap();
    assert_eq!(totals(&scored), ["57", "61", "61"]);
    assert_eq!(
        scored.players.iter().map(|p| p.rank).collect::<Vec<_>>(),
        [3, 1, 2],
        "equal soil, Ben has more cards in hand"
    );

    // The beginner rule: every achiever takes 10.
    let mut beginner = earth.sheet.clone();
    for part in &mut beginner.parts {
        if let scoring::PartKind::Claims { each, .. } = &mut part.kind {
            *each = Some(10);
        }
    }
    let scored = scoring::compute(&beginner, &input).unwrap();
    assert_eq!(
        scored.players[0].parts[9],
        Points::whole(20),
        "Aki claimed two cards: 10 + 10"
    );
}

#[test]
fn rats_of_wistar_the_track_starts_at_10_conversions_per_n_and_turn_order_breaks_ties() {
    let rats = GameProfile::shipped("rats-of-wistar").unwrap();
    let mut a = player(
        "Aki",
        &[
            ("vp_track", num("31")),
            ("beds", num("4")),
            ("power_token", num("1")),
        ],
    );
    a.parts
        .insert("leftovers".into(), CellInput::Counts(vec![3, 2, 4, 1])); // 10 → 2
    a.parts.insert("jokers".into(), CellInput::Counts(vec![5])); // 5 → 2
    a.turn_order = Some(2);
    let mut b = player(
        "Ben",
        &[
            ("beds", num("3")),
            ("rooms", num("6")),
            ("inventions", num("20")),
        ],
    );
    b.parts
        .insert("leftovers".into(), CellInput::Counts(vec![4, 0, 0, 0])); // 4 → 0
    b.turn_order = Some(1);
    let input = SheetInput {
        players: vec![a, b],
        ..SheetInput::default()
    };
    let scored = scoring::compute(&rats.sheet, &input).unwrap();
    // Aki: track 31 + beds 4 + power token 2 + leftovers 2 + jokers 2 = 41
    // Ben: track untouched = 10 (its start) + beds 3 + rooms 6 + inventions 20 + leftovers 0 = 39
    assert_eq!(totals(&scored), ["41", "39"]);
    assert!(scored.players[0].winner);

    let mut tied = input.clone();
    tied.players[1].parts.insert("vp_track".into(), num("12")); // Ben 41 too
    let scored = scoring::compute(&rats.sheet, &tied).unwrap();
    assert_eq!(totals(&scored), ["41", "41"]);
    assert_eq!(
        scored.players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [false, true],
        "Ben is earlier in turn order"
    );

    let mut bad = input.clone();
    bad.players[0]
        .parts
        .insert("jokers".into(), CellInput::Counts(vec![1, 2]));
    assert!(matches!(
        scoring::compute(&rats.sheet, &bad),
        Err(ScoringError::WrongInput { .. })
    ));
}

#[test]
fn terramara_shared_military_ranks_with_a_dummy_half_points_a_penalty_and_the_river_tie() {
    let terramara = GameProfile::shipped("terramara").unwrap();
    let mut input = SheetInput {
        players: vec![
            player(
                "Aki",
                &[
                    ("vp_chips", num("20")),
                    ("military", num("5")),
                    ("raw", num("7")),
                    ("goods", num("2")),
                    ("reserved", num("1")),
                ],
            ),
            player(
                "Ben",
                &[
                    ("vp_chips", num("18")),
                    ("military", num("5")),
                    ("raw", num("1")),
                ],
            ),
            player(
                "Chie",
                &[
                    ("vp_chips", num("25")),
                    ("military", num("3")),
                    ("flags", num("4")),
                ],
            ),
        ],
        ..SheetInput::default()
    };
    // Three players rank one dummy too; the dummy's sword is at 4.
    input.dummies.insert("military".into(), vec![4]);
    let scored = scoring::compute(&terramara.sheet, &input).unwrap();
    // Military: Aki 5 and Ben 5 share 1st (8 each), the dummy 4 is 3rd, Chie 3 is 4th (nothing).
    // Aki:  20 + 8 + raw 7 × 0.5 = 3.5 + goods 2 − 5 (reserved) = 28.5
    // Ben:  18 + 8 + raw 0.5                                   = 26.5
    // Chie: 25 + 0 + flags 4                                   = 29
    assert_eq!(totals(&scored), ["28.5", "26.5", "29"]);
    assert!(scored.players[2].winner);

    // Ties: better river position, then military (rulebook 003, line 252). Level on the river,
    // the military track on the sheet decides (Aki 5, Chie 3): no value typed for it.
    input.players[2].parts.insert("flags".into(), num("3.5")); // Chie 28.5
    input.players[0].tie.insert("river".into(), 4);
    input.players[2].tie.insert("river".into(), 4);
    let scored = scoring::compute(&terramara.sheet, &input).unwrap();
    assert_eq!(
        scored.players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [true, false, false],
        "the military track on the sheet breaks it"
    );
    assert_eq!(scored.tie_broken_by.as_deref(), Some("military"));
    // A better river position decides first.
    input.players[2].tie.insert("river".into(), 5);
    let scored = scoring::compute(&terramara.sheet, &input).unwrap();
    assert_eq!(
        scored.players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert_eq!(scored.tie_broken_by.as_deref(), Some("river"));
}

#[test]
fn leviath_a_side_wins_and_how_is_recorded() {
    let leviath = GameProfile::shipped("leviath").unwrap();
    let side = |name: &str, side: &str| PlayerInput {
        name: name.into(),
        side: Some(side.into()),
        ..PlayerInput::default()
    };
    let mut input = SheetInput {
        players: vec![
            side("Aki", "humans"),
            side("Ben", "monster"),
            side("Chie", "humans"),
        ],
        ..SheetInput::default()
    };
    assert!(matches!(
        scoring::compute(&leviath.sheet, &input),
        Err(ScoringError::NoEnding { .. })
    ));
    input.ending = Some("four_floods".into());
    let scored = scoring::compute(&leviath.sheet, &input).unwrap();
    assert_eq!(scored.winning_side.as_deref(), Some("monster"));
    assert_eq!(
        scored.players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [false, true, false]
    );
    input.ending = Some("mines".into());
    let scored = scoring::compute(&leviath.sheet, &input).unwrap();
    assert_eq!(
        scored.players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [true, false, true]
    );
    input.ending = Some("a meteor".into());
    assert!(matches!(
        scoring::compute(&leviath.sheet, &input),
        Err(ScoringError::UnknownEnding { .. })
    ));

    // Monster energy: never below 0, a gain past 7 is lost.
    let energy = leviath.counters.iter().find(|c| c.id == "energy").unwrap();
    assert_eq!(energy.apply(6, 3), 7);
    assert_eq!(energy.apply(1, -4), 0);
    let flooded = leviath.counters.iter().find(|c| c.id == "flooded").unwrap();
    assert_eq!(flooded.ends_game_at, Some(4));
}

fn refused(edit: impl Fn(&mut serde_json::Value)) -> GameProfileError {
    let mut v: serde_json::Value = serde_json::from_str(SHIPPED[3].1).unwrap(); // terramara
    edit(&mut v);
    GameProfile::from_json(&v.to_string()).unwrap_err()
}

#[test]
fn malformed_profiles_are_refused_with_the_problem_named() {
    let e = refused(|v| v["sheet"]["parts"][0]["kind"] = "magic".into());
    assert!(e.to_string().contains("unknown variant `magic`"), "{e}");
    let e = refused(|v| v["sheet"]["parts"][7]["weight"] = serde_json::json!(-0.5));
    assert!(
        e.to_string()
            .contains("`sheet.parts.raw` is wrong: a weight cannot be negative"),
        "{e}"
    );
    let e = refused(|v| v["sheet"]["parts"] = serde_json::json!([]));
    assert!(e.to_string().contains("`sheet.parts` is wrong"), "{e}");
    // A cap only on a counted part, and of at least one (issue 69).
    let e = refused(|v| v["sheet"]["parts"][0]["most"] = 1.into());
    assert!(
        e.to_string()
            .contains("takes `most` only on a counted part"),
        "{e}"
    );
    let e = refused(|v| v["sheet"]["parts"][7]["most"] = 0.into());
    assert!(e.to_string().contains("`sheet.parts.raw` is wrong"), "{e}");
    let e = refused(|v| {
        let first = v["sheet"]["winner"]["tie_breakers"][0].clone();
        v["sheet"]["winner"]["tie_breakers"]
            .as_array_mut()
            .unwrap()
            .push(first);
    });
    assert!(e.to_string().contains("a cycle"), "{e}");
    let e = refused(|v| v["sheet"]["parts"][3]["points"] = serde_json::json!([]));
    assert!(
        e.to_string().contains("`sheet.parts.military` is wrong"),
        "{e}"
    );
    let junk = "x".repeat(10 * 1024 * 1024);
    assert!(matches!(
        GameProfile::from_json(&junk),
        Err(GameProfileError::TooLarge { .. })
    ));
    assert!(matches!(
        GameProfile::from_json("{ not json"),
        Err(GameProfileError::Parse(_))
    ));
}

#[test]
fn a_sheet_says_which_cells_the_table_has_not_filled() {
    let earth = GameProfile::shipped("earth").unwrap();
    let mut input = SheetInput {
        players: vec![
            player("Aki", &[("cards", num("20")), ("events", num("0"))]),
            player("Ben", &[("cards", num("25"))]),
        ],
        ..SheetInput::default()
    };
    let origin = |scored: &scoring::Scored, seat: usize, part: &str| {
        let index = scored.parts.iter().position(|p| p == part).unwrap();
        scored.players[seat].origins[index]
    };
    let scored = scoring::compute(&earth.sheet, &input).unwrap();
    assert_eq!(origin(&scored, 0, "cards"), Origin::Entered);
    assert_eq!(
        origin(&scored, 0, "events"),
        Origin::Entered,
        "a 0 typed is an answer"
    );
    assert_eq!(
        origin(&scored, 1, "events"),
        Origin::Missing,
        "nothing typed yet"
    );
    assert_eq!(scored.players[1].parts[1], Points::whole(0), "and scores 0");
    assert_eq!(origin(&scored, 1, "fauna"), Origin::Missing);
    assert_eq!(origin(&scored, 0, "full_tableau"), Origin::Missing);

    // A card claimed or a bonus taken fills the part for everyone: the others did not.
    input.claims.insert("fauna".into(), vec![vec![0], vec![]]);
    input.bonus.insert("full_tableau".into(), 0);
    let scored = scoring::compute(&earth.sheet, &input).unwrap();
    for seat in 0..2 {
        assert_eq!(origin(&scored, seat, "fauna"), Origin::Entered);
        assert_eq!(origin(&scored, seat, "full_tableau"), Origin::Entered);
    }
    assert!(
        scored
            .players
            .iter()
            .all(|p| p.origins.len() == scored.parts.len())
    );
}

#[test]
fn terravist_scored_by_the_same_engine_agrees_with_its_tracked_sheet() {
    let terravist = GameProfile::shipped("terravist").unwrap();
    let path = std::path::Path::new("tests/data/session-v1.json");
    let text = tablekeeper::load::read_text(path).unwrap();
    let (session, _) = tablekeeper::load::read_game(&text, "session-v1.json", &[]).unwrap();
    assert_eq!(session.engine(), "terravist");
    let sheet = session.sheet().unwrap();
    let input = SheetInput {
        players: sheet
            .players
            .iter()
            .map(|p| PlayerInput {
                name: p.name.clone(),
                parts: sheet
                    .parts
                    .iter()
                    .zip(&p.parts)
                    .map(|(id, &points)| (id.clone(), CellInput::Number(points)))
                    .collect(),
                ..PlayerInput::default()
            })
            .collect(),
        ..SheetInput::default()
    };
    let scored = scoring::compute(&terravist.sheet, &input).unwrap();
    for (engine, tracked) in scored.players.iter().zip(&sheet.players) {
        assert_eq!(engine.total, tracked.total);
        assert_eq!((engine.rank, engine.winner), (tracked.rank, tracked.winner));
    }
}

#[test]
fn the_users_games_are_saved_kept_imported_and_refused_without_loss() {
    use tablekeeper::store::profiles::{self, ProfileStoreError};
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("profiles");
    let mut game = GameProfile::shipped("generic").unwrap();
    game.id = "pub-quiz".into();
    game.name.set("en", "Pub quiz");
    let path = profiles::save(&dir, &game).unwrap();
    assert_eq!(path, dir.join("pub-quiz.json"));
    // Saving an edit keeps the version it replaces.
    game.players.max = 6;
    profiles::save(&dir, &game).unwrap();
    let kept: Vec<_> = std::fs::read_dir(dir.join("previous")).unwrap().collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(profiles::read_profile(&path).unwrap().players.max, 6);
    // A shipped id, a bad id, an invalid profile: refused, nothing written.
    let mut earth = GameProfile::shipped("earth").unwrap();
    assert_eq!(
        profiles::save(&dir, &earth),
        Err(ProfileStoreError::Shipped { id: "earth".into() })
    );
    earth.id = "../earth".into();
    assert!(matches!(
        profiles::save(&dir, &earth),
        Err(ProfileStoreError::BadId { .. })
    ));
    let mut broken = game.clone();
    broken.id = "broken".into();
    broken.sheet.parts.clear();
    let error = profiles::save(&dir, &broken).unwrap_err().to_string();
    assert!(error.contains("sheet.parts"), "{error}");
    assert!(!dir.join("broken.json").exists());

    // Import: a shared copy of the same game comes in beside it, never over it.
    let shared = tmp.path().join("shared.json");
    profiles::export(&game, &shared).unwrap();
    let imported = profiles::import(&dir, &shared).unwrap();
    assert_eq!(imported.id, "pub-quiz-2");
    // 2 MB of junk and a file that is not a profile: refused with the problem named.
    let junk = tmp.path().join("junk.json");
    std::fs::write(&junk, vec![b'x'; 2 * 1024 * 1024]).unwrap();
    let error = profiles::import(&dir, &junk).unwrap_err().to_string();
    assert!(error.contains("the limit is 1048576"), "{error}");
    std::fs::write(&junk, "{\"format\": \"tablekeeper-profile\"}").unwrap();
    let error = profiles::import(&dir, &junk).unwrap_err().to_string();
    assert!(error.contains("missing field"), "{error}");

    // Loading: the good ones, and a line for a file that does not load (left as it is).
    std::fs::write(dir.join("torn.json"), "{\"format\": ").unwrap();
    let found = profiles::load(&dir);
    let ids: Vec<&str> = found
        .profiles
        .iter()
        .map(|u| u.profile.id.as_str())
        .collect();
    assert_eq!(ids, ["pub-quiz", "pub-quiz-2"]);
    assert_eq!(found.problems.len(), 1);
    assert!(found.problems[0].to_string().contains("torn.json"));
    assert!(found.problems[0].is_of("torn"));
    assert!(dir.join("torn.json").exists());
}

#[test]
fn a_profile_for_more_players_than_the_app_has_markers_is_refused() {
    let error = refused(|p| p["players"]["max"] = serde_json::json!(12));
    assert!(
        error.to_string().contains("markers for 8 players"),
        "{error}"
    );
}
