//! The history screens driven through the interface: the list and its filters, a game's
//! detail, delete with undo, a correction, notes, merging players, the charts' numbers, export.

mod common;

use common::ui::Ui;
use tablekeeper::i18n::Locale;
use tablekeeper::stats::{self, Filter};
use tablekeeper::store::DataDir;

/// Four games: Aki–Ben, Akii–Chie (a typo), Ben–Chie, Aki–Chie, on days 0, 1, 2, 40.
fn with_history(dir: &std::path::Path) -> Vec<String> {
    let data = DataDir::open(dir).unwrap();
    let mut history = data.history().unwrap();
    let ids = vec![
        common::finished_game(&data, &mut history, &["Aki", "Ben"], [2, 1], 0),
        common::finished_game(&data, &mut history, &["Akii", "Chie"], [1, 2], 1),
        common::finished_game(&data, &mut history, &["Ben", "Chie"], [1, 1], 2),
        common::finished_game(&data, &mut history, &["Aki", "Chie"], [3, 1], 40),
    ];
    ids
}

fn open_history(dir: &std::path::Path, locale: Locale) -> Ui {
    let mut ui = Ui::new(dir, locale);
    ui.click(match locale {
        Locale::JA => "履歴（4ゲーム）",
        Locale::DE => "Historie (4 Partien)",
        _ => "History (4 games)",
    });
    assert_eq!(ui.app.screen_name(), "history");
    ui
}

#[test]
fn the_list_filters_by_player_and_date() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.assert_shows("4 shown");
    ui.type_into("history-search", "chie");
    ui.assert_shows("3 shown");
    ui.type_into("history-from", "2026-12-01");
    ui.assert_shows("1 shown"); // only day 40 (2026-12-31) is on or after December 1st
    ui.assert_shows("winner: Aki");
}

#[test]
fn a_game_opens_replays_takes_notes_a_correction_and_is_deleted_with_undo() {
    let dir = tempfile::tempdir().unwrap();
    let ids = with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click_id(&format!("game-{}", ids[0]));
    ui.assert_shows("Time per round");
    ui.assert_shows("Replay");
    let events = ui
        .app
        .history()
        .unwrap()
        .session_file(&ids[0])
        .unwrap()
        .event_count();
    ui.assert_shows(&format!("Action {events} / {events}"));
    ui.click("◀");
    ui.assert_shows(&format!("Action {} / {events}", events - 1));
    ui.click("◀◀");
    ui.assert_shows(&format!("Action 0 / {events}"));
    ui.assert_shows("Setup · Aki 0, Ben 0");

    // Notes.
    ui.type_and_enter("detail-notes", "Rainy evening");
    assert_eq!(
        ui.app.history().unwrap().get(&ids[0]).unwrap().notes,
        "Rainy evening"
    );

    // A correction: Ben's position cards were 12, not 0. It is added to the game's log.
    let before = ui.app.history().unwrap().get(&ids[0]).unwrap().players[1].total;
    ui.type_and_enter("detail-cell-1-1", "12");
    let after = ui.app.history().unwrap().get(&ids[0]).unwrap().clone();
    assert_eq!(
        after.players[1].total,
        before
            .checked_add(tablekeeper::scoring::Points::whole(12))
            .unwrap()
    );
    assert_eq!(
        ui.app
            .history()
            .unwrap()
            .session_file(&ids[0])
            .unwrap()
            .event_count(),
        events + 1
    );
    ui.assert_shows("The correction is recorded and the game re-scored.");

    // A number typed without Enter is not lost silently: Back says so once, then leaves.
    ui.type_into("detail-cell-0-1", "7");
    ui.click("Back");
    let notice = ui.app.notice().unwrap().text.clone();
    assert!(
        notice.starts_with("Not saved yet: Aki: “")
            && notice.ends_with("press Back again to leave without it."),
        "{notice}"
    );
    assert!(ui.shows_id("detail-cell-0-1"), "still in the game's detail");
    ui.click("Back");
    assert!(!ui.shows_id("detail-cell-0-1"), "left on the second Back");
    ui.click_id(&format!("game-{}", ids[0]));

    // Delete, then undo.
    ui.click("Delete this game");
    ui.assert_shows("3 shown");
    assert!(ui.app.history().unwrap().get(&ids[0]).is_none());
    ui.click("Undo the delete");
    ui.assert_shows("4 shown");
    assert_eq!(
        ui.app.history().unwrap().get(&ids[0]).unwrap().notes,
        "Rainy evening"
    );
}

#[test]
fn a_misspelt_player_is_merged_and_the_charts_draw_the_statistics() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click("Players");
    ui.assert_shows("Akii");
    ui.click("Akii");
    ui.type_into("rename-to", "Aki");
    ui.click("Rename / merge");
    ui.assert_shows("Akii is now Aki in 1 game.");
    assert!(!ui.shows("Akii"));

    ui.click("Charts");
    ui.click("Aki");
    let history = ui.app.history().unwrap();
    let expected = stats::compute(history.entries(), &Filter::default());
    let aki = expected.players.iter().find(|p| p.name == "Aki").unwrap();
    assert_eq!(aki.plays, 3, "the merged record");
    let data = ui.app.chart_data().unwrap().clone();
    assert_eq!(data.player.as_deref(), Some("Aki"));
    let totals: Vec<f64> = data
        .totals_over_time
        .iter()
        .map(|(_, t)| t.to_f64())
        .collect();
    assert_eq!(totals.len(), 3);
    assert!(
        (totals.iter().sum::<f64>() / 3.0 - aki.average_total).abs() < 1e-9,
        "the columns average to the statistics"
    );
    let parts_sum: f64 = data.parts.iter().map(|(_, v)| v).sum();
    assert!(
        (parts_sum - aki.average_total).abs() < 1e-9,
        "the part bars add up to the average total"
    );
    for (name, rate) in &data.win_rates {
        let p = expected.players.iter().find(|p| &p.name == name).unwrap();
        assert!((rate - p.win_rate * 100.0).abs() < 1e-9);
    }
    for (name, share) in &data.time_shares {
        let p = expected.players.iter().find(|p| &p.name == name).unwrap();
        assert!((share - p.time_share * 100.0).abs() < 1e-9);
    }
    assert_eq!(data.plays_per_month, expected.plays_per_month);
    assert_eq!(data.plays_per_month.iter().map(|(_, n)| n).sum::<u32>(), 4);
}

#[test]
fn the_filtered_games_export_as_csv() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.type_into("history-search", "ben");
    // Written on a thread of its own, so the window keeps drawing.
    ui.click_and_wait("CSV");
    let text = ui.app.notice().unwrap().text.clone();
    assert!(text.starts_with("2 games exported to "), "{text}");
    let path = text.trim_start_matches("2 games exported to ");
    let csv = std::fs::read_to_string(path).unwrap();
    assert_eq!(csv.lines().count(), 1 + 4, "header + 2 games × 2 players");
    assert!(csv.lines().all(|l| !l.contains("Akii")));
}

#[test]
fn snapshots_of_the_history_screens_in_english_and_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let ids = with_history(dir.path());
    for (locale, suffix, players, charts) in [
        (Locale::EN, "en", "Players", "Charts"),
        (Locale::JA, "ja", "プレイヤー", "グラフ"),
    ] {
        let mut ui = open_history(dir.path(), locale);
        ui.snapshot(&format!("history-list-{suffix}"));
        ui.click_id(&format!("game-{}", ids[3]));
        ui.snapshot(&format!("history-detail-{suffix}"));
        ui.click(if locale == Locale::JA {
            "戻る"
        } else {
            "Back"
        });
        ui.click(players);
        ui.snapshot(&format!("history-players-{suffix}"));
        ui.click(charts);
        ui.snapshot(&format!("history-charts-{suffix}"));
    }
}

#[test]
fn a_backup_imports_in_batches_with_progress_and_a_report() {
    use tablekeeper::gui::Message;
    // 120 games: the two of the v1 golden backup, copied under new ids.
    let golden: tablekeeper::backup::Backup =
        serde_json::from_str(&std::fs::read_to_string("tests/data/backup-v1.json").unwrap())
            .unwrap();
    let mut big = golden.clone();
    big.sessions = (0..120)
        .map(|i| {
            let mut item = golden.sessions[i % 2].clone();
            item.entry.id = format!("{:016x}", 0x1000 + i);
            item
        })
        .collect();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), serde_json::to_vec(&big).unwrap()).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("History (0 games)");
    ui.assert_shows("Import a backup…");
    // The open dialog is the system's; the test hands the app the file it would return.
    let _ = ui.app.update(picked_backup(file.path().to_path_buf()));
    // Read one game at a time on a thread: the share of the file read is ahead of the games
    // imported, by as many as the channel holds.
    let progress = ui.app.notice().unwrap().text.clone();
    assert!(
        progress.starts_with("Importing: 50 games so far (")
            && progress.ends_with("% of the file)"),
        "{progress}"
    );
    let mut steps = 1;
    while ui.app.importing() {
        let _ = ui.app.update(Message::ImportStep);
        steps += 1;
    }
    assert_eq!(steps, 3, "120 games in batches of 50");
    ui.assert_shows("Imported: 120 added, 0 already there, 0 refused.");
    ui.assert_shows("120 shown");

    let _ = ui.app.update(picked_backup(file.path().to_path_buf()));
    while ui.app.importing() {
        let _ = ui.app.update(Message::ImportStep);
    }
    ui.assert_shows("Imported: 0 added, 120 already there, 0 refused.");

    let _ = ui
        .app
        .update(picked_backup("tests/data/session-v1.json".into()));
    assert!(
        ui.app
            .notice()
            .unwrap()
            .text
            .contains("not a tablekeeper backup")
    );
}

/// What the history screen hears when the open dialog returns `file` (the dialog is the
/// system's).
fn picked_backup(file: std::path::PathBuf) -> tablekeeper::gui::Message {
    use tablekeeper::gui::screen::{self, history};
    tablekeeper::gui::Message::Screen(screen::Message::History(history::Message::ImportPicked(
        Some(file),
    )))
}

/// At 800×600 the list keeps every row to its height (a long name once wrapped out of its row
/// and was cut), the filter row wraps instead of pushing the count out of the window, and the
/// footer's buttons wrap instead of breaking their labels.
#[test]
fn the_history_fits_a_small_window() {
    let dir = tempfile::tempdir().unwrap();
    let data = DataDir::open(dir.path()).unwrap();
    let mut history = data.history().unwrap();
    common::finished_game(
        &data,
        &mut history,
        &["Chie", "Benjamin Franklin"],
        [2, 1],
        0,
    );
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.resize((800.0, 600.0));
    ui.click("History (1 game)");
    for label in [
        "Chie 19 · Benjamin Franklin 9",
        "winner: Chie",
        "1 shown",
        "Import a backup…",
    ] {
        ui.assert_shows_on_one_line(label);
    }
}

/// A finished game's detail offers its BG Stats push link as a QR code: the code the window
/// draws decodes (with a QR reader, from the window's pixels) to exactly the play's link.
#[test]
fn the_detail_shows_the_bg_stats_link_as_a_qr_code_a_phone_can_read() {
    let dir = tempfile::tempdir().unwrap();
    let ids = with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click_id(&format!("game-{}", ids[0]));
    assert!(!ui.shows("Log this play in BG Stats"));
    ui.click("BG Stats");
    ui.assert_shows("Log this play in BG Stats");
    let entry = ui.app.history().unwrap().get(&ids[0]).unwrap().clone();
    let context =
        tablekeeper::export::BgStatsContext::new(ui.app.games(), ui.app.settings().terravist());
    let link = tablekeeper::export::bgstats_link(&entry, &context);
    let (width, height, grey) = ui.pixels();
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| grey[y * width + x]);
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code on the screen");
    let (_meta, content) = grids[0].decode().expect("the code decodes");
    assert_eq!(content, link);
    // BG Stats' push address, as its page and the apps that push plays give it (not the app's
    // constant): the play JSON follows, URL-encoded.
    let data = content
        .strip_prefix("https://app.bgstatsapp.com/createPlay.html?data=")
        .expect("BG Stats' createPlay address");
    let json = decode_query(data);
    let play: serde_json::Value = serde_json::from_str(&json).expect("the play's JSON");
    for key in ["sourceName", "sourcePlayId", "playDate", "game", "players"] {
        assert!(play.get(key).is_some(), "{key} in {play}");
    }
    for player in play["players"].as_array().unwrap() {
        for key in ["winner", "startPlayer", "role", "score", "sourcePlayerId"] {
            assert!(player.get(key).is_some(), "{key} in {player}");
        }
        assert!(player["score"].is_number());
    }
    ui.click("Copy the link");
    ui.assert_shows("Copied.");
    ui.click("BG Stats");
    assert!(!ui.shows("Log this play in BG Stats"));
}

/// A German types a date as Germans write it: the filter reads it, and says so when it cannot.
#[test]
fn the_list_filters_by_a_date_typed_in_german() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::DE);
    ui.assert_shows("4 angezeigt");
    ui.type_into("history-from", "01.12.2026");
    ui.assert_shows("1 angezeigt"); // only 2026-12-31
    ui.replace_in("history-from", "1.12.");
    ui.assert_shows(
        "4 angezeigt · „1.12.“ ist kein Datum: tippe es wie 21.11.2026 oder 2026-11-21",
    );
    // The last day is taken whole, and ISO is read in German too.
    ui.replace_in("history-from", "");
    ui.type_into("history-to", "2026-12-30");
    ui.assert_shows("3 angezeigt");
}

/// The date a German types in Log a past game is read in German, and saved as that moment.
#[test]
fn a_past_game_takes_a_date_typed_in_german() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::DE);
    ui.click("Partie nachtragen");
    // The field starts at now, written as German writes it.
    ui.assert_shows("wie 21.11.2026, 19:00 oder 2026-11-21 19:00");
    ui.type_into("past-name-0", "Aki");
    ui.type_into("past-name-1", "Dai");
    ui.replace_in("past-when", "28.11.2026 19:30");
    ui.click("Zum Wertungsblatt ▶");
    ui.assert_shows(
        "Dieser Zeitpunkt liegt in der Zukunft: eine vergangene Partie wurde vor jetzt gespielt.",
    );
    ui.replace_in("past-when", "01.11.2026 19:30");
    ui.click("Zum Wertungsblatt ▶");
    ui.type_into("cell-0-1", "7");
    ui.click("In Historie speichern");
    assert_eq!(ui.app.screen_name(), "history");
    let history = DataDir::open_read_only(dir.path()).history().unwrap();
    let logged = history.entries().iter().find(|e| e.logged).unwrap();
    assert_eq!(logged.started_at.to_rfc3339(), "2026-11-01T19:30:00+00:00");
}

#[test]
fn a_past_game_is_logged_from_its_sheet_and_counted_in_the_history() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click("Log a past game");
    assert_eq!(ui.app.screen_name(), "log_past");
    // The date starts at now; a time still to come and a non-date are refused in words.
    ui.type_into("past-name-0", "Aki");
    ui.type_into("past-name-1", "Dai");
    ui.replace_in("past-when", "2026-12-24 19:30");
    ui.click("The score sheet ▶");
    ui.assert_shows("That time is still to come: a past game was played before now.");
    ui.replace_in("past-when", "yesterday");
    ui.click("The score sheet ▶");
    // The two forms a date is read in, each of now: as English writes it, and ISO.
    ui.assert_shows(
        "“yesterday” is not a date: type it like 11/21/2026, 7:00\u{a0}PM or 2026-11-21 19:00.",
    );
    ui.replace_in("past-when", "2026-11-01 19:30");
    ui.click("The score sheet ▶");
    // TERRAVIST's own sheet, the one a played game ends on: ② typed, ① set by hand.
    ui.type_into("cell-0-1", "7");
    ui.type_into("cell-1-0", "12");
    ui.type_into("cell-1-1", "x");
    ui.assert_shows("\"x\" is not a whole number.");
    ui.type_into("past-notes", "from the notebook");
    ui.click("Save to the history");
    assert_eq!(ui.app.screen_name(), "history");
    ui.assert_shows("Logged in the history.");
    ui.assert_shows("5 shown");
    ui.assert_shows("on paper");

    let history = DataDir::open_read_only(dir.path()).history().unwrap();
    let logged = history.entries().iter().find(|e| e.logged).unwrap();
    assert_eq!(logged.started_at.to_rfc3339(), "2026-11-01T19:30:00+00:00");
    assert_eq!(logged.notes, "from the notebook");
    let totals: Vec<(String, String)> = logged
        .players
        .iter()
        .map(|p| (p.name.clone(), p.total.to_string()))
        .collect();
    assert_eq!(
        totals,
        [("Aki".into(), "7".into()), ("Dai".into(), "12".into())]
    );
    assert_eq!(logged.winners(), ["Dai"]);
    let stats = stats::compute(history.entries(), &Filter::default());
    assert_eq!(stats.sessions, 5);
}

#[test]
fn a_past_game_of_sides_needs_every_side_and_how_it_ended() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click("Log a past game");
    ui.click("Leviath");
    ui.type_into("past-name-0", "Aki");
    ui.type_into("past-name-1", "Ben");
    ui.replace_in("past-when", "2026-11-02");
    ui.click("The score sheet ▶");
    ui.assert_shows("Choose a side for every player.");
    // Each player's row has the same side chips: the first row's by a click, the second's by
    // its message (a click by label finds the first).
    ui.click("Humans");
    let _ = ui.app.update(tablekeeper::gui::Message::Screen(
        tablekeeper::gui::screen::Message::LogPast(
            tablekeeper::gui::screen::log_past::Message::Side(1, "monster".into()),
        ),
    ));
    ui.click("The score sheet ▶");
    ui.assert_shows("Choose how the game ended.");
    ui.click("Four land squares flooded");
    ui.click("The score sheet ▶");
    ui.click("Save to the history");
    assert_eq!(ui.app.screen_name(), "history");
    let history = DataDir::open_read_only(dir.path()).history().unwrap();
    let logged = history.entries().iter().find(|e| e.logged).unwrap();
    assert_eq!(logged.ending.as_deref(), Some("four_floods"));
    assert_eq!(logged.winners(), ["Ben"], "the monster won");
    assert_eq!(logged.started_at.to_rfc3339(), "2026-11-02T12:00:00+00:00");
}

#[test]
fn the_history_folder_moves_to_a_shared_one_in_the_settings_and_stays_there() {
    use tablekeeper::gui::screen::{self, settings};
    let tmp = tempfile::tempdir().unwrap();
    let shared = tmp.path().join("Sync/tablekeeper-history");
    // The sync engine made the shared folder; the tablet played one game into it.
    std::fs::create_dir_all(&shared).unwrap();
    {
        let tablet =
            DataDir::open_with_history(&tmp.path().join("tablet"), Some(shared.clone())).unwrap();
        let mut history = tablet.history().unwrap();
        common::finished_game(&tablet, &mut history, &["Aki", "Ben"], [2, 1], 0);
    }
    let laptop = tmp.path().join("laptop");
    with_history(&laptop);
    let mut ui = common::ui::Ui::new(&laptop, Locale::EN);
    ui.assert_shows("History (4 games)");
    ui.click("Settings");
    // What the folder dialog answers when the player picks the shared folder.
    let picked = |dir: Option<std::path::PathBuf>| {
        tablekeeper::gui::Message::Screen(screen::Message::Settings(
            settings::Message::HistoryFolderPicked(dir),
        ))
    };
    let _ = ui.app.update(picked(Some(shared.clone())));
    ui.assert_shows(&format!(
        "The history is now in {} (1 game).",
        shared.display()
    ));
    ui.click("Back");
    ui.assert_shows("History (1 game)");
    // Remembered: the next start opens the shared folder.
    drop(ui);
    let mut again = common::ui::Ui::new(&laptop, Locale::EN);
    again.assert_shows("History (1 game)");
    drop(again);
    // The shared folder gone (a sync folder not mounted): said, and this device's own opens;
    // the folder is not made where no other device would look.
    std::fs::rename(&shared, tmp.path().join("unmounted")).unwrap();
    let mut gone = common::ui::Ui::new(&laptop, Locale::EN);
    gone.assert_shows(&format!(
        "The history folder {} is not there (a sync folder not mounted?): this device's own history is open until it is back.",
        shared.display()
    ));
    gone.assert_shows("History (4 games)");
    assert!(!shared.exists());
    drop(gone);
    std::fs::rename(tmp.path().join("unmounted"), &shared).unwrap();
    let mut again = common::ui::Ui::new(&laptop, Locale::EN);
    again.assert_shows("History (1 game)");
    again.click("Settings");
    again.click("Back to this device's own");
    again.click("Back");
    again.assert_shows("History (4 games)");
    // A folder given for this run (--history-dir) is not moved by the settings.
    drop(again);
    let mut pinned = common::ui::Ui::with_options(&laptop, Locale::EN, Some(shared.clone()));
    pinned.click("Settings");
    let _ = pinned
        .app
        .update(picked(Some(tmp.path().join("elsewhere"))));
    pinned.assert_shows(
        "This run was started with its history folder (--history-dir or TABLEKEEPER_HISTORY_DIR): the new one is used from the next start without it.",
    );
    pinned.click("Back");
    pinned.assert_shows("History (1 game)");
}

/// A percent-encoded query value, decoded.
fn decode_query(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(
                u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap(), 16).unwrap(),
            );
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// A notice floats, but never over a footer's button: at 800×600 (the smallest size the app
/// is made for), in English and Japanese, the notice an export leaves and the one a refused
/// Start gives sit above the footer, and the buttons under them still take a tap.
#[test]
fn at_800_by_600_a_notice_leaves_every_footer_button_free() {
    let clear = |ui: &mut Ui, notice: &str, buttons: &[&str]| {
        let card = ui
            .bounds_of(notice)
            .expand(tablekeeper::gui::style::PADDING);
        for button in buttons {
            let under = ui.bounds_of(button);
            assert!(
                card.intersection(&under).is_none(),
                "the notice {notice:?} ({card:?}) covers {button:?} ({under:?})"
            );
        }
    };
    for locale in [Locale::EN, Locale::JA] {
        let dir = tempfile::tempdir().unwrap();
        with_history(dir.path());
        let mut ui = open_history(dir.path(), locale);
        ui.resize((800.0, 600.0));
        let (csv, backup, back) = match locale {
            Locale::JA => ("CSV", "バックアップ", "戻る"),
            _ => ("CSV", "Back up", "Back"),
        };
        ui.click_and_wait(csv);
        let notice = ui
            .app
            .notice()
            .expect("the export says where it went")
            .text
            .clone();
        clear(&mut ui, &notice, &[csv, backup, back]);
        // The button under where a notice used to float still takes a tap.
        ui.click(back);
        assert_eq!(ui.app.screen_name(), "home");

        ui.click(match locale {
            Locale::JA => "新しいゲーム",
            _ => "New game",
        });
        // The first habitat is chosen at full size (at 800×600 it is further down the page).
        ui.resize((1280.0, 800.0));
        ui.click(match locale {
            Locale::JA => "森林",
            _ => "Forest",
        });
        ui.resize((800.0, 600.0));
        let start = match locale {
            Locale::JA => "ゲーム開始",
            _ => "Start the game",
        };
        ui.click(start);
        let notice = ui
            .app
            .notice()
            .expect("Start refused, with why")
            .text
            .clone();
        clear(&mut ui, &notice, &[start]);
        ui.type_into("setup-name-0", "Aki");
        ui.type_into("setup-name-1", "Ben");
        // Start again, under where the notice floats: the tap reaches Start.
        ui.click(start);
        assert_eq!(ui.app.screen_name(), "table", "{:?}", ui.app.notice());
    }
}

/// A name with a right-to-left override (U+202E) reversed the rest of its line in the window
/// ("vs deit 0 ,tsol 1 ,now 1 :JWZAki" in head to head, found by a tester). Each name is set
/// apart (first-strong isolate … pop), so it turns only itself: the line reads in order. The
/// snapshot is the window's own drawing of it.
#[test]
fn a_name_that_turns_text_around_turns_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    {
        let data = DataDir::open(dir.path()).unwrap();
        let mut history = data.history().unwrap();
        common::finished_game(&data, &mut history, &["JWZAki\u{202E}", "Ben"], [2, 1], 0);
    }
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("History (1 game)");
    ui.assert_shows("\u{2068}JWZAki\u{202E}\u{2069} 19 · Ben 9");
    ui.click("Players");
    ui.click("JWZAki\u{202E}");
    ui.assert_shows("  \u{2068}JWZAki\u{202E}\u{2069} vs Ben: 1 won, 0 lost, 0 tied");
    ui.snapshot("history-players-bidi-en");
}

/// A game of another engine than TERRAVIST replays in the history step by step, in words, as
/// TERRAVIST's does: Earth, played in the window, then opened from the history.
#[test]
fn an_earth_game_in_the_history_replays_step_by_step_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("New game");
    ui.click_id("setup-game-earth");
    ui.replace_in("setup-name-0", "Aki");
    ui.replace_in("setup-name-1", "Ben");
    ui.click("Start the game");
    ui.click("Next player ▶");
    ui.click("The end is triggered");
    ui.click("The game is over");
    ui.finish();
    // The window shows the game just finished: its detail, with the replay.
    assert_eq!(ui.app.screen_name(), "history");
    let id = ui.app.history().unwrap().entries()[0].id.clone();
    let events = (ui.app.history().unwrap().session_file(&id).unwrap()).event_count();
    assert!(events >= 4, "start, a turn, the trigger, the end: {events}");
    ui.assert_shows(&format!("Action {events} / {events}"));
    ui.click("◀◀");
    ui.assert_shows(&format!("Action 0 / {events}"));
    ui.assert_shows("Setup");
    // Each step in words, and where it left the game.
    ui.click("▶");
    ui.assert_shows("The game starts");
    ui.assert_shows("Round 1 · Turn 1 / 2 · Aki's turn");
    ui.click("▶");
    ui.assert_shows("Turn over");
    ui.assert_shows("Round 1 · Turn 2 / 2 · Ben's turn");
    ui.click("▶");
    ui.assert_shows("The game's end is triggered: this round is the last");
    ui.click("▶▶");
    ui.assert_shows("Game over");
    assert!(!ui.shows("{\""), "no step is shown as its JSON");
}

/// The league in the history (issue 62): each player's rating as the command line computes it,
/// best first, provisional under 5 games; a misspelt name merged in the Players tab is one
/// player in the league too. The guide shows the picture.
#[test]
fn the_ratings_tab_lists_the_league_after_a_merge() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click("Players");
    ui.click("Akii");
    ui.type_into("rename-to", "Aki");
    ui.click("Rename / merge");
    ui.click("Ratings");
    ui.assert_shows("The league");
    let league = tablekeeper::league::of_history(ui.app.history().unwrap().entries(), None);
    let names: Vec<&str> = league.standings.iter().map(|s| s.player.as_str()).collect();
    assert_eq!(names.len(), 3, "Akii is Aki: {names:?}");
    let aki = league.standings.iter().find(|s| s.player == "Aki").unwrap();
    assert_eq!(aki.games, 3);
    for (place, s) in league.standings.iter().enumerate() {
        ui.assert_shows(&format!(
            "{}. {}  {}  (rated games: {}, provisional)",
            place + 1,
            s.player,
            tablekeeper::league::figure(s.shown, Locale::EN),
            s.games
        ));
    }
    ui.picture("history-ratings");
}

/// Issue 69, case 3: Log a past game offers the game's variants (Earth's beginner rule) as
/// switches, and the game logged keeps the one switched on, scored as the setup scores it.
#[test]
fn a_past_game_is_logged_with_the_variants_it_was_played_with() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click("Log a past game");
    ui.click("Earth");
    ui.click("Beginner rule (every fauna achiever takes 10)");
    ui.type_into("past-name-0", "Aki");
    ui.type_into("past-name-1", "Ben");
    ui.replace_in("past-when", "2026-11-03");
    ui.click("The score sheet ▶");
    ui.click("Save to the history");
    assert_eq!(ui.app.screen_name(), "history");
    let kept = walk(dir.path()).into_iter().any(|file| {
        std::fs::read_to_string(&file).is_ok_and(|text| {
            text.contains("Aki") && text.contains(r#""played_with":["beginner"]"#)
        })
    });
    assert!(kept, "the logged game keeps the beginner rule");
}

/// Every file under `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let path = entry.path();
        match path.is_dir() {
            true => files.extend(walk(&path)),
            false => files.push(path),
        }
    }
    files
}

/// Issue 69, cases 1 and 4 in the window: a Terramara game for two logged from paper takes its
/// two dummy players on the sheet (the rulebook's number at this table), ranks them with the
/// players, and asks for the river track only once the totals tie: Aki 6 and Ben 3 with the
/// dummies at 9 and 5 score 25-23, as the book scores it; at 25-25 the river decides.
#[test]
fn a_past_terramara_for_two_takes_its_dummies_and_asks_the_river_only_on_a_tie() {
    let dir = tempfile::tempdir().unwrap();
    with_history(dir.path());
    let mut ui = open_history(dir.path(), Locale::EN);
    ui.click("Log a past game");
    ui.click("Terramara");
    ui.type_into("past-name-0", "Aki");
    ui.type_into("past-name-1", "Ben");
    ui.replace_in("past-when", "2026-11-04");
    ui.click("The score sheet ▶");
    assert!(!ui.shows_id("tie-river-0"), "no tie to break yet");
    ui.type_and_enter("dummies-military", "9, 5");
    for (seat, chips, track) in [(0, "20", "6"), (1, "23", "3")] {
        ui.type_and_enter(&format!("play-vp_chips-{seat}-0"), chips);
        ui.type_and_enter(&format!("play-military-{seat}-0"), track);
    }
    assert!(!ui.shows_id("tie-river-0"), "25-23: no tie");
    ui.assert_shows("Winner: Aki");
    // Ben had 25 chips after all: 25-25, and the river track breaks it (rulebook 003, line
    // 252); the military track, the second breaker, is read from the sheet, never typed.
    ui.replace_in("play-vp_chips-1-0", "25");
    assert!(
        ui.shows_id("tie-river-0") && ui.shows_id("tie-river-1"),
        "a tie to break"
    );
    assert!(
        !ui.shows_id("tie-military-0"),
        "the military track is read from the sheet"
    );
    // The rows sit below the fold of the test's window: typed by their messages.
    for (seat, river) in [(0, "2"), (1, "4")] {
        use tablekeeper::gui::screen::{self, log_past, play};
        let field = play::Field::Tie {
            seat,
            breaker: "river".into(),
        };
        let typed = play::Message::Type(field, river.into());
        let _ = ui
            .app
            .update(tablekeeper::gui::Message::Screen(screen::Message::LogPast(
                log_past::Message::Other(typed),
            )));
    }
    ui.click("Save to the history");
    assert_eq!(ui.app.screen_name(), "history");
    let history = DataDir::open_read_only(dir.path()).history().unwrap();
    let logged = history.entries().iter().find(|e| e.logged).unwrap();
    let totals: Vec<String> = logged.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(totals, ["25", "25"]);
    assert_eq!(logged.winners(), ["Ben"]);
}

/// Issue 70: the window's import says in the window's language what it changed to take an old
/// game (a name holding U+200B, left out), never dropping it.
#[test]
fn the_windows_import_says_what_it_changed_in_german() {
    use tablekeeper::gui::Message;
    let golden = std::fs::read_to_string("tests/data/backup-v1.json").unwrap();
    let old = golden.replace(r#""name": "Aki""#, r#""name": "A\u200bki""#);
    assert_ne!(old, golden);
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), old).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::DE);
    ui.click("Historie (0 Partien)");
    let _ = ui.app.update(picked_backup(file.path().to_path_buf()));
    while ui.app.importing() {
        let _ = ui.app.update(Message::ImportStep);
    }
    let said = ui.app.notice().unwrap().text.clone();
    assert!(said.starts_with("Importiert: 2 neu"), "{said}");
    assert!(
        said.contains("ein Spielername enthielt U+200B") && said.contains("„Aki“"),
        "{said}"
    );
}
