//! Other games in the app, driven through its interface: a game made in the profile editor,
//! played and scored; a shipped game of sides played to its end; refusals in the editor.

mod common;

use common::ui::Ui;
use tablekeeper::any_game::AnyGame;
use tablekeeper::i18n::Locale;
use tablekeeper::kit::game_profile::GameProfile;

fn new_ui() -> (tempfile::TempDir, Ui) {
    let tmp = tempfile::tempdir().unwrap();
    let ui = Ui::new(tmp.path(), Locale::EN);
    (tmp, ui)
}

fn players(ui: &mut Ui, names: &[&str]) {
    for (i, name) in names.iter().enumerate() {
        if !ui.shows_id(&format!("setup-name-{i}")) {
            ui.click_id("setup-add");
        }
        ui.replace_in(&format!("setup-name-{i}"), name);
    }
}

#[test]
fn a_game_made_in_the_editor_is_saved_played_and_scored() {
    let (tmp, mut ui) = new_ui();
    ui.click("Games");
    ui.click("New game");
    // Refused first, with the field named: no name, then a weight that is not a number.
    ui.click("Save the game");
    assert_eq!(ui.app.notice().unwrap().text, "The game needs a name.");
    ui.type_into("editor-name", "Pudding Party");
    // The plain sheet has Points, Bonus, Penalty; Bonus becomes eggs × 0.5.
    ui.replace_in("editor-part-1", "Eggs");
    ui.click_id("editor-part-1-kind-count");
    ui.replace_in("editor-part-1-param-0", "half");
    ui.click("Save the game");
    assert_eq!(
        ui.app.notice().unwrap().text,
        "Eggs: \"half\" is not a number this needs."
    );
    ui.replace_in("editor-part-1-param-0", "0.5");
    // Three rounds of two turns each; a tie goes to more cards in hand.
    ui.click_id("editor-structure-fixed_rounds");
    ui.replace_in("editor-turns-0", "3");
    ui.replace_in("editor-turns-1", "2");
    ui.click("Add a tie-breaker");
    ui.type_into("editor-breaker-0", "Cards in hand");
    ui.click("Save the game");
    assert!(
        ui.app
            .notice()
            .unwrap()
            .text
            .starts_with("Pudding Party was saved"),
        "{:?}",
        ui.app.notice()
    );
    let saved = std::fs::read_to_string(tmp.path().join("profiles/pudding-party.json")).unwrap();
    let profile = GameProfile::from_json(&saved).unwrap();
    assert_eq!(
        profile.sheet.parts[1].id, "bonus",
        "a kept part keeps its id"
    );
    assert_eq!(profile.sheet.parts[1].name.en(), "Eggs");
    ui.assert_shows("Pudding Party");

    // Play it.
    ui.click("Back");
    ui.click("New game");
    ui.click_id("setup-game-pudding-party");
    ui.assert_shows("3 rounds, 2 turns each per round");
    players(&mut ui, &["Aki", "Ben"]);
    ui.click("Start the game");
    assert_eq!(ui.app.screen_name(), "play");
    ui.assert_shows("Round 1 of 3");
    ui.assert_shows("Turn 1 / 4");
    ui.assert_shows("Aki's turn");
    ui.app.advance(30);
    ui.click("Next player ▶");
    ui.assert_shows("Ben's turn");
    for _ in 0..11 {
        ui.app.advance(10);
        ui.click("Next player ▶");
    }
    // 3 rounds × 2 players × 2 turns = 12 turns: over, the sheet is shown.
    ui.assert_shows("Game over");
    assert!(ui.shows("Finish and save to history"));
    // Nobody has won a sheet with nothing on it: no winner until a number is in.
    ui.assert_shows("No score is in yet: the winner shows once a number is.");
    for early in ["Winner: Aki, Ben", "Winner: Aki", "Winner: Ben"] {
        assert!(!ui.shows(early), "{early} on an empty sheet");
    }
    ui.type_into("play-points-0-0", "12");
    ui.type_into("play-bonus-0-0", "3");
    ui.type_into("play-points-1-0", "13");
    // A count below 0 is refused by the sheet: it stays as typed, and Finish says so instead
    // of saving the last accepted value without a word.
    ui.type_into("play-penalty-1-0", "-1");
    ui.click("Finish and save to history");
    assert_eq!(ui.app.screen_name(), "play", "not finished");
    assert_eq!(
        ui.app.notice().unwrap().text,
        "Ben: “Penalty” is not saved: \"-1\" is not a value it takes. Correct it, or empty it, to finish."
    );
    ui.replace_in("play-penalty-1-0", "1");
    // Aki 12 + 3 × 0.5 = 13.5; Ben 13 − 1 = 12.
    ui.assert_shows("13.5");
    ui.assert_shows("Winner: Aki");
    ui.finish();
    assert_eq!(
        ui.app.screen_name(),
        "history",
        "the final sheet stays in view"
    );
    let history = ui.app.history().unwrap();
    let entry = &history.entries()[0];
    assert_eq!(entry.game, "pudding-party");
    let totals: Vec<String> = entry.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(totals, ["13.5", "12"]);
    assert_eq!(entry.winners(), ["Aki"]);
    // Aki: 30 s + 5 turns × 10 s; Ben 6 turns × 10 s.
    assert_eq!(entry.players[0].time_ms, 80_000);
    assert_eq!(entry.players[1].time_ms, 60_000);
    // The final sheet says what the game did to each player's rating, in the phones' words.
    let league = tablekeeper::league::of_history(history.entries(), None);
    let lines: Vec<String> = (league.changes_in(&entry.id).iter())
        .map(|change| change.text().render(Locale::EN))
        .collect();
    assert_eq!(lines.len(), 2, "both players are rated");
    ui.assert_shows("Ratings after this game");
    for (line, name) in lines.iter().zip(["Aki", "Ben"]) {
        assert!(line.starts_with(&format!("{name}: ")), "{line}");
        ui.assert_shows(line);
    }
    // The next setup opens on the game played last.
    ui.leave_final_sheet();
    ui.click("New game");
    ui.assert_shows("3 rounds, 2 turns each per round");
}

#[test]
fn a_shared_game_file_is_imported_beside_the_ones_there_and_plays_in_japanese() {
    let (tmp, mut ui) = new_ui();
    let mut shared = GameProfile::shipped("rats-of-wistar").unwrap();
    shared.id = "rats-house-rules".into();
    shared.name.set("en", "Rats (house rules)");
    shared.name.set("ja", "ネズミ（ハウスルール）");
    let file = tmp.path().join("shared.json");
    tablekeeper::store::profiles::export(&shared, &file).unwrap();
    ui.click("Games");
    // What the open dialog hands back when a file is chosen.
    let _ = ui.app.update(picked(file.clone()));
    assert!(
        ui.app
            .notice()
            .unwrap()
            .text
            .contains("imported as \"rats-house-rules\""),
        "{:?}",
        ui.app.notice()
    );
    ui.assert_shows("Rats (house rules)");
    let _ = ui.app.update(picked(file));
    assert!(
        tmp.path().join("profiles/rats-house-rules-2.json").exists(),
        "never over"
    );

    let mut ja = Ui::new(tmp.path().join("ja").as_path(), Locale::JA);
    ja.click("新しいゲーム");
    ja.click_id("setup-game-rats-of-wistar");
    players(&mut ja, &["あき", "べん"]);
    ja.click("ゲーム開始");
    assert_eq!(ja.app.screen_name(), "play");
    ja.assert_shows("ラウンド 1/5");
    ja.assert_shows("あきの手番");
    ja.assert_shows("スタートプレイヤー：あき");
    // The game's name is in the window's title, in the window's language.
    assert_eq!(ja.app.title(), "tablekeeper — ラッツ・オブ・ウィスター");
    ja.click("スコアシート");
    ja.assert_shows("VPトラック");
    // The same button leads back to the table, under the same header.
    ja.click("テーブルに戻る");
    ja.assert_shows("あきの手番");

    // The editor refuses in Japanese, naming the field.
    ja.click("ホーム");
    ja.click("ゲーム");
    ja.click("新しいゲーム");
    ja.type_into("editor-name", "すごろく");
    ja.click("カウンターを追加");
    ja.type_into("editor-counter-0", "体力");
    ja.replace_in("editor-counter-0-2", "20");
    ja.click("ゲームを保存");
    assert_eq!(
        ja.app.notice().unwrap().text,
        "体力：最小 ≤ 初期値 ≤ 最大 にしてください。"
    );
    // A name in Japanese only still makes a game (its file gets an id made from the name).
    ja.replace_in("editor-counter-0-2", "5");
    ja.click("ゲームを保存");
    let saved: Vec<_> = std::fs::read_dir(tmp.path().join("ja/profiles"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?} {:?}", ja.app.notice());
    assert!(saved[0].starts_with("game-"), "{saved:?}");
    ja.assert_shows("すごろく");
}

/// Leviath (rulebook 004, line 100): the first to play is the human on the monster's left, the
/// next seat round the table; the table may still choose another.
#[test]
fn leviath_starts_with_the_human_on_the_monsters_left() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-leviath");
    players(&mut ui, &["Aki", "Ben", "Chie"]);
    // Ben, the last seat when the game was chosen, plays the monster: Chie sits on his left.
    ui.click("Start the game");
    ui.assert_shows("Chie's turn");
    ui.assert_shows("Start player: Chie");
}

/// The monster moved to another seat takes the start player with it, as the book says.
#[test]
fn the_start_player_follows_the_monster_to_its_seat() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-leviath");
    players(&mut ui, &["Aki", "Ben", "Chie"]);
    ui.click_id("setup-side-1-humans");
    ui.click_id("setup-side-2-monster");
    ui.click("Start the game");
    ui.assert_shows("Aki's turn");
}

#[test]
fn leviath_at_the_table_monster_between_humans_energy_and_the_ending() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-leviath");
    players(&mut ui, &["Aki", "Ben", "Mon"]);
    // The setup says the game's own word for who starts.
    ui.assert_shows("Make start player");
    ui.assert_shows("Draw the start player");
    assert!(!ui.shows("Make parent"));
    // Seat 2 (Ben) was the last seat when the game was chosen, so the monster: Mon takes it.
    ui.click_id("setup-side-1-humans");
    ui.click("Start the game");
    assert_eq!(
        ui.app.notice().unwrap().text,
        "Nobody plays Monster.",
        "a side nobody plays is refused"
    );
    ui.click_id("setup-side-2-monster");
    ui.click("Start the game");
    assert_eq!(ui.app.screen_name(), "play");
    ui.assert_shows("Aki's turn");
    // Leviath's own words: the start player (not TERRAVIST's parent), each turn's side.
    ui.assert_shows("Start player: Aki");
    assert!(!ui.shows("Parent: Aki"));
    ui.assert_shows("Humans");
    ui.click("Next player ▶");
    ui.assert_shows("Mon's turn");
    ui.assert_shows("Monster");
    ui.click("Next player ▶");
    ui.assert_shows("Ben's turn");
    for _ in 0..9 {
        ui.click_id("counter-energy-plus");
    }
    let state = ui
        .app
        .game()
        .unwrap()
        .session::<AnyGame>()
        .unwrap()
        .state()
        .clone();
    let profile = ui
        .app
        .game()
        .unwrap()
        .session::<AnyGame>()
        .unwrap()
        .profile()
        .clone();
    assert_eq!(
        state.counter(&profile, "energy"),
        Some(7),
        "a gain past 7 is lost"
    );
    // Abandon asks once; a tap on the header (or a key) takes the question back, as any
    // other tap does: the next Abandon asks again.
    ui.click("Score sheet");
    ui.click("Abandon the game");
    ui.assert_shows("Tap again to abandon (kept in the history, no winner)");
    ui.click("Back to the table");
    ui.click("Pause");
    ui.click("Resume");
    ui.click("Score sheet");
    ui.assert_shows("Abandon the game");
    assert!(!ui.shows("Tap again to abandon (kept in the history, no winner)"));
    ui.click("Back to the table");
    ui.click("No ship left at sea (winner: Monster)");
    // Over, the sheet is under the header, whose button leads back to the table.
    ui.assert_shows("Back to the table");
    // The sheet says how it ended and which side won, not only who.
    ui.assert_shows("No ship left at sea. Winner: Monster (Mon)");
    ui.finish();
    let history = ui.app.history().unwrap();
    assert_eq!(history.entries()[0].ending.as_deref(), Some("no_ships"));
    assert_eq!(history.entries()[0].winners(), ["Mon"]);
    // The window shows the game just finished like any past game, with how it ended.
    assert_eq!(ui.app.screen_name(), "history");
    ui.assert_shows("Ended: No ship left at sea");
}

/// In a game that alternates sides, the start player is whoever plays the round's first turn:
/// the monster never starts, even from the seat the setup marked.
#[test]
fn leviath_names_the_human_who_starts_as_start_player() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-leviath");
    players(&mut ui, &["Aki", "Mon"]);
    ui.click_id("setup-side-1-monster");
    ui.click("Make start player");
    ui.click("Start the game");
    ui.assert_shows("Aki's turn");
    ui.assert_shows("Start player: Aki");
    assert!(!ui.shows("Start player: Mon"));
    // The start undone, nobody's turn is under way: the header says who begins, not whose
    // turn it is.
    ui.click("Undo");
    ui.assert_shows("Aki begins");
    assert!(!ui.shows("Aki's turn"));
    ui.click("Redo");
    ui.assert_shows("Aki's turn");
}

#[test]
fn no_dice_panel_where_the_game_has_no_dice_and_a_copy_of_a_shipped_game() {
    let (tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-terramara");
    players(&mut ui, &["Aki", "Ben"]);
    ui.click("Start the game");
    assert!(!ui.shows("Dice box"), "Terramara has no dice");
    ui.assert_shows("Round over");
    ui.click("Round over");
    ui.assert_shows("Round 2 of 5");
    ui.click("Home");
    ui.click("Games");
    ui.click_id("games-copy-earth");
    ui.click("Save the game");
    assert!(tmp.path().join("profiles/earth-copy.json").exists());
}

#[test]
fn cancel_in_the_editor_asks_once_before_dropping_typed_changes() {
    let (_tmp, mut ui) = new_ui();
    ui.click("Games");
    // Nothing typed: Cancel just closes.
    ui.click("New game");
    ui.click("Cancel");
    assert!(!ui.shows_id("editor-name"));
    // Typed: the first Cancel says what would be lost and keeps the editor open.
    ui.click("New game");
    ui.type_into("editor-name", "Pudding Party");
    ui.click("Cancel");
    assert_eq!(
        ui.app.notice().unwrap().text,
        "The changes to this game are not saved. Press Save the game to keep them, or Cancel again to drop them."
    );
    assert!(ui.shows_id("editor-name"), "still editing");
    ui.click("Cancel");
    assert!(!ui.shows_id("editor-name"), "dropped on the second Cancel");
}

/// What the games screen hears when the open dialog returns `file` (the dialog is the system's).
fn picked(file: std::path::PathBuf) -> tablekeeper::gui::Message {
    use tablekeeper::gui::screen::{Message, games};
    tablekeeper::gui::Message::Screen(Message::Games(games::Message::ImportPicked(Some(file))))
}

#[test]
fn setup_says_what_a_game_lacks_in_the_players_language_and_names_games_in_it() {
    // Before: "GAP sheet.parts.wagons: The points of…" in English on a Japanese screen, and
    // TERRAVIST in Latin letters though its profile's Japanese name is テラビスト.
    let tmp = tempfile::tempdir().unwrap();
    let mut ja = Ui::new(tmp.path(), Locale::JA);
    ja.click("新しいゲーム");
    ja.assert_shows("テラビスト");
    assert!(!ja.shows("TERRAVIST"));
    ja.click_id("setup-game-terramara");
    ja.assert_shows(
        "要確認 – 終点の馬車の順位点：ルールブックは終点に到達した馬車を順位で得点するとしていますが（ルールブック003、243行）、点数はボードにしか印刷されていません。各プレイヤーの馬車の得点を入力してください。",
    );
    ja.assert_shows(
        "ルールブックより：2人・3人では無人プレイヤー2人・1人を加え（ルールブック003、141行）、終了時の武力トラックの順位にも入れます（239行）。その位置を入力してください。",
    );

    let mut en = Ui::new(tmp.path().join("en").as_path(), Locale::EN);
    en.click("New game");
    en.click_id("setup-game-terramara");
    en.assert_shows(
        "To confirm – Wagons at the end, by rank: The rulebook scores wagons that reached the end by rank (rulebook 003, line 243) but prints the points only on the board: enter each player's wagon points.",
    );
}

/// A setup step by player count shows for the players seated (rulebook 002, line 56).
#[test]
fn the_rats_2_player_cheese_tile_is_on_the_setup_checklist_at_2_players_only() {
    let cheese = "From the rulebook: Setup, 2 players: put only the 6 VP cheese tile on its space, not both tiles (rulebook 002, line 56).";
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-rats-of-wistar");
    players(&mut ui, &["Aki", "Ben", "Chie"]);
    assert!(!ui.shows(cheese));
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-rats-of-wistar");
    players(&mut ui, &["Aki", "Ben"]);
    ui.assert_shows(cheese);
}

#[test]
fn rats_of_wistar_and_terramara_remake_their_turn_order_in_a_rounds_first_turn() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-rats-of-wistar");
    players(&mut ui, &["Aki", "Ben", "Chie"]);
    ui.click("Start the game");
    ui.assert_shows("▶ 1. Aki");
    // The alchemist's hut: Chie (third) moves ahead of Ben; nobody is ahead of the first.
    assert!(!ui.shows_id("order-earlier-0"));
    assert!(ui.shows_id("order-earlier-1") && ui.shows_id("order-earlier-2"));
    ui.click_id("order-earlier-2");
    ui.assert_shows("2. Chie");
    ui.assert_shows("3. Ben");
    // Once the round's first turn is over, the order holds.
    for _ in 0..3 {
        ui.key(iced::keyboard::key::Named::Space);
    }
    assert!(!ui.shows_id("order-earlier-1"));

    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-terramara");
    players(&mut ui, &["Aki", "Ben"]);
    ui.click("Start the game");
    ui.assert_shows("▶ 1. Aki");
    // The Leader action (先導, rulebook 003, lines 303-311) makes the next round's order.
    assert!(
        ui.shows_id("order-earlier-1"),
        "Terramara's order is remade by the Leader"
    );
    // With 2 players the dummies advance their military at each round's start (003, 164-168).
    ui.assert_shows("At the round's start");
    ui.key(iced::keyboard::key::Named::Space);
    assert!(!ui.shows("At the round's start"));
}

/// The other games' header keeps the turn-time target like TERRAVIST's: past it the mark says
/// so in words, the table view agrees, and the chime, turned on, rings once.
#[test]
fn another_games_header_says_when_a_turn_is_past_its_target() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click("Earth");
    ui.click("1 min");
    ui.click("Chime when a turn reaches it");
    players(&mut ui, &["Aki", "Ben"]);
    ui.click("Start the game");
    ui.app.advance(59);
    let _ = ui.app.update(tablekeeper::gui::Message::Tick);
    assert!(!ui.shows("Over the turn-time target"));
    ui.app.advance(2);
    let _ = ui.app.update(tablekeeper::gui::Message::Tick);
    ui.assert_shows("Over the turn-time target");
    assert_eq!(ui.app.chimes_rung(), 1);
    ui.click("Table view (T)");
    ui.assert_shows("Over the turn-time target");
    ui.assert_shows("Aki's turn");
}

/// At 800×600 the profile editor puts the sheet under the game's form, so its fields keep room
/// beside their labels (side by side, the id field kept 130 pixels and the players' maximum 26).
#[test]
fn the_editor_fields_keep_their_room_in_a_small_window() {
    let (_tmp, mut ui) = new_ui();
    ui.resize((800.0, 600.0));
    ui.click("Games");
    ui.click_id("games-copy-earth");
    let id = ui.bounds_of_id("editor-id");
    assert!(id.width >= 400.0, "{id:?}");
    let max = ui.bounds_of_id("editor-max");
    assert!(max.width >= 70.0, "{max:?}");
    assert!(max.x + max.width <= 800.0, "{max:?}");
}

/// The profile editor keeps a game's BoardGameGeek id: a copy of Earth keeps the shipped one;
/// a copy of Leviath (whose id no source confirmed) starts empty, refuses a non-number, and a
/// typed id is saved and closes the gap that said it was unknown.
#[test]
fn the_editor_keeps_the_boardgamegeek_id() {
    let (tmp, mut ui) = new_ui();
    ui.click("Games");
    ui.click_id("games-copy-earth");
    ui.click("Save the game");
    let earth: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(tmp.path().join("profiles/earth-copy.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(earth["bgg_id"], 350184);

    ui.click_id("games-copy-leviath");
    ui.type_into("editor-bgg-id", "twelve");
    ui.click("Save the game");
    assert!(!tmp.path().join("profiles/leviath-copy.json").exists());
    assert!(
        ui.app
            .notice()
            .is_some_and(|n| n.text.contains("BoardGameGeek id"))
    );
    ui.replace_in("editor-bgg-id", "4242");
    ui.click("Save the game");
    let leviath: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(tmp.path().join("profiles/leviath-copy.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(leviath["bgg_id"], 4242);
    let gaps = leviath["gaps"].as_array().unwrap();
    assert!(gaps.iter().all(|g| g["field"] != "bgg_id"), "{gaps:?}");
    assert!(!gaps.is_empty(), "the other gaps stay");
}

/// The editor's refusal at 800×600 floats above its footer: Save and Cancel stay free, and
/// Save takes the next tap.
#[test]
fn at_800_by_600_the_editors_notice_leaves_its_footer_free() {
    let (_tmp, mut ui) = new_ui();
    ui.click("Games");
    ui.click("New game");
    ui.resize((800.0, 600.0));
    ui.click("Save the game");
    let notice = ui.app.notice().expect("refused").text.clone();
    assert_eq!(notice, "The game needs a name.");
    let card = ui
        .bounds_of(&notice)
        .expand(tablekeeper::gui::style::PADDING);
    for button in ["Save the game", "Cancel"] {
        let under = ui.bounds_of(button);
        assert!(
            card.intersection(&under).is_none(),
            "the notice ({card:?}) covers {button:?} ({under:?})"
        );
    }
    ui.type_into("editor-name", "Pudding Party");
    ui.click("Save the game");
    assert_ne!(
        ui.app.notice().map(|n| n.text.clone()).as_deref(),
        Some("The game needs a name."),
        "Save took the tap"
    );
}

/// Earth solo (rulebook 001, lines 272-306): Gaia has a column after the player's, in its own
/// parts only; its leaf first on a fauna card leaves the player 11 (line 294); the higher total
/// wins.
#[test]
fn earth_solo_has_gaias_column_and_gaia_can_win() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click("Earth");
    players(&mut ui, &["Aki"]);
    while ui.shows_id("setup-name-1") {
        use tablekeeper::gui::screen::{Message, setup};
        let remove = Message::Setup(setup::Message::Remove(1));
        let _ = ui.app.update(tablekeeper::gui::Message::Screen(remove));
    }
    ui.click("Start the game");
    ui.resize((1280.0, 2000.0));
    ui.click("Score sheet");
    ui.assert_shows("Gaia");
    ui.type_into("play-cards-0-0", "20");
    ui.type_into("play-cards-1-0", "30");
    assert!(
        !ui.shows_id("play-terrain-1-0"),
        "Gaia scores no terrain (line 301-305)"
    );
    ui.click_id("claim-fauna-0-1");
    ui.click_id("claim-fauna-0-0");
    // Aki 20 + 11, Gaia 30 + 15.
    ui.assert_shows("= 11");
    ui.assert_shows("45");
    ui.assert_shows("Winner: Gaia");
}

/// The Rats of Wistar (rulebook 002, lines 490-494): after round 5 the order is made once more
/// from the alchemist's hut, and a tie goes to the player earlier in it; the sheet says so.
#[test]
fn the_rats_final_turn_order_is_set_on_the_sheet_and_breaks_a_tie() {
    let (_tmp, mut ui) = new_ui();
    ui.resize((1280.0, 2000.0));
    ui.click("New game");
    ui.click_id("setup-game-rats-of-wistar");
    players(&mut ui, &["Aki", "Ben"]);
    ui.click("Start the game");
    for _ in 0..30 {
        ui.key(iced::keyboard::key::Named::Space);
    }
    ui.assert_shows("Final turn order (a tie goes by it)");
    ui.type_into("play-vp_track-0-0", "20");
    ui.type_into("play-vp_track-1-0", "20");
    ui.assert_shows("Winner: Aki");
    ui.click_id("final-order-earlier-1");
    ui.assert_shows("Winner: Ben");
    ui.assert_shows("Tie broken by: Earlier in the final turn order (made after round 5)");
}

/// Earth's beginner rule is a switch in the setup (rulebook 001, line 26): the game started
/// with it keeps the rule, and the history's detail says it was played with it.
#[test]
fn earths_beginner_rule_is_a_setup_switch() {
    let (_tmp, mut ui) = new_ui();
    ui.click("New game");
    ui.click_id("setup-game-earth");
    players(&mut ui, &["Aki", "Ben"]);
    ui.assert_shows("Variants");
    ui.click("Beginner rule (every fauna achiever takes 10)");
    ui.click("Start the game");
    assert_eq!(ui.app.screen_name(), "play");
    let game = ui.app.game().unwrap();
    assert_eq!(game.profile().played_with, ["beginner"]);
    let fauna = (game.profile().sheet.parts.iter())
        .find(|p| p.id == "fauna")
        .unwrap();
    assert!(
        matches!(
            fauna.kind,
            tablekeeper::scoring::PartKind::Claims { each: Some(10), .. }
        ),
        "{fauna:?}"
    );
}
