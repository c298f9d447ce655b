//! The Phones panel and a phone's tap, end to end in one process: the window turned on through
//! its panel, phones talking HTTP to it on 127.0.0.1, what they ask handed to the app's
//! `update` (in a test no subscription runs, so the test forwards it, as the window's
//! subscription does), and the journal checked.
#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use common::http::{get, post, split_url};
use common::journal_events;
use common::ui::{Ui, t0};
use tablekeeper::gui::Message;
use tablekeeper::i18n::Locale;

const AKI_PHONE: &str = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const BEN_PHONE: &str = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";

/// A phone's Done, made in the table's state `rev` (the journal's count of lines after its
/// header: every event, undo and redo).
fn done(phone_id: &str, rev: usize) -> String {
    format!(r#"{{"phone":"{phone_id}","rev":{rev}}}"#)
}

#[test]
fn phones_on_a_tap_ends_the_right_turn_once_and_undo_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();

    // Off until the table turns it on: nothing listens.
    assert_eq!(ui.app.phones_local_url(), None);
    ui.click("Phones");
    ui.assert_shows("Phones at the table");
    ui.assert_shows("Off: nothing listens on the network.");
    ui.click("Phones can join");
    assert!(ui.app.settings().phones, "the choice is remembered");
    ui.assert_shows("No phone has joined yet.");
    ui.assert_shows(
        "Plain HTTP on the local network: anyone on this network who can read its traffic could act as a phone. Use it on a network you trust.",
    );
    let url = ui.app.phones_local_url().expect("on");
    assert_eq!(get(split_url(&url).0, &split_url(&url).1).status, 200);
    // Listening on 127.0.0.1 alone (as `--phones-listen 127.0.0.1`), the panel and its code
    // give that address, never the network's where nothing listens.
    // The page on this machine is at a loopback address: 127.0.0.0/8, RFC 1122 section
    // 3.2.1.3 (g), written here from the RFC, not from the app.
    let host: std::net::Ipv4Addr = url["http://".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(host.octets()[0], 127, "{url} is in 127.0.0.0/8");
    let shown = ui.app.phones_shown_url().expect("an address shown");
    assert!(shown.starts_with("http://127.0.0.1:"), "{shown}");
    assert_eq!(shown, url);
    ui.assert_shows(&format!("Or open: {shown}"));

    // Two phones ask for the seats the window made; the window shows each ask and lets it;
    // the panel lists them.
    let seat = |id: &str, seat: usize| format!(r#"{{"phone":"{id}","seat":{seat}}}"#);
    assert_eq!(ui.phone("/seat", &seat(AKI_PHONE, 0)), 202);
    ui.assert_shows("A phone (127.0.0.1) asks for Aki's seat.");
    assert_eq!(
        ui.phone("/done", &done(AKI_PHONE, 0)),
        403,
        "asking is not holding"
    );
    ui.click("Let it");
    assert!(!ui.shows("asks for Aki's seat"));
    ui.seat_phone(BEN_PHONE, 1);
    ui.assert_shows("Aki's phone");
    ui.assert_shows("Ben's phone");
    ui.click("Close");

    // Ben's phone on Aki's turn is refused; Aki's ends Aki's turn, as Next in the window would.
    let before = journal_events(dir.path()).len();
    assert_eq!(ui.phone("/done", &done(BEN_PHONE, before)), 403);
    ui.assert_shows("Aki's turn");
    assert_eq!(ui.phone("/done", &done(AKI_PHONE, before)), 202);
    ui.assert_shows("Ben's turn");
    let events = journal_events(dir.path());
    assert_eq!(events.len(), before + 1);
    let after_one = ui.app.game().unwrap().event_count();
    assert!(
        events.last().unwrap().contains("next_player_turn"),
        "{:?}",
        events.last()
    );

    // Undo in the window: Aki's turn again, the same round, turn and player-turn, but a new
    // state of the table. The tap sent again, as it was made before the Undo, changes nothing.
    ui.click("Undo");
    ui.assert_shows("Aki's turn");
    assert_eq!(ui.phone("/done", &done(AKI_PHONE, before)), 409);
    ui.assert_shows("Aki's turn");
    assert_eq!(journal_events(dir.path()).len(), before + 2);

    // A double tap made in the state after the Undo: both reach the server before the app
    // moved on; the app ends the turn once.
    let now = journal_events(dir.path()).len();
    let (addr, base) = split_url(&url);
    let first = post(addr, &format!("{base}/done"), &done(AKI_PHONE, now)).status;
    let second = post(addr, &format!("{base}/done"), &done(AKI_PHONE, now)).status;
    assert_eq!((first, second), (202, 202));
    let asked = ui.app.phone_requests(Duration::from_millis(300));
    assert_eq!(asked.len(), 2, "{asked:?}");
    for request in asked {
        let _ = ui.app.update(Message::FromPhone(request));
    }
    ui.assert_shows("Ben's turn");
    // The journal: the first Done, the window's undo, one Done again (a second would be a
    // fourth line), and the game holds as many events as after the first Done.
    let lines = journal_events(dir.path());
    assert_eq!(lines.len(), before + 3, "{lines:#?}");
    assert!(lines[before + 2].contains("next_player_turn"));
    assert_eq!(ui.app.game().unwrap().event_count(), after_one);
    assert_eq!(ui.app.game().unwrap().glance(t0()).current, Some(1));

    // Ben's phone takes Aki's Done back, then puts it back: nobody takes back in secret. The
    // window says who took back what, and each journal line names Ben's seat.
    let undo =
        |rev: usize, undo: bool| format!(r#"{{"phone":"{BEN_PHONE}","rev":{rev},"undo":{undo}}}"#);
    let now = journal_events(dir.path()).len();
    assert_eq!(ui.phone("/undo", &undo(now, true)), 202);
    ui.assert_shows("Aki's turn");
    let said = ui.app.notice().expect("a notice").text.clone();
    assert!(said.starts_with("Ben took back: "), "{said}");
    assert_eq!(ui.phone("/undo", &undo(now + 1, false)), 202);
    ui.assert_shows("Ben's turn");
    let said = ui.app.notice().expect("a notice").text.clone();
    assert!(said.starts_with("Ben put back: "), "{said}");
    let lines = journal_events(dir.path());
    assert!(lines[now].starts_with(r#"{"undo":"#) && lines[now].contains(r#""phone":1"#));
    assert!(lines[now + 1].starts_with(r#"{"redo":"#) && lines[now + 1].contains(r#""phone":1"#));

    // Pause from any seat's phone, in the table's state; an old one changes nothing.
    let pause = |rev: usize, paused: bool| {
        format!(r#"{{"phone":"{AKI_PHONE}","rev":{rev},"paused":{paused}}}"#)
    };
    let now = journal_events(dir.path()).len();
    assert_eq!(ui.phone("/pause", &pause(now, true)), 202);
    ui.assert_shows("Paused");
    std::thread::sleep(Duration::from_millis(1050)); // a phone pauses once a second at most
    assert_eq!(ui.phone("/pause", &pause(now, false)), 409);
    ui.assert_shows("Paused");

    // The table drops Ben's phone: it can act no more.
    ui.click("Phones");
    ui.click("Drop");
    assert!(!ui.shows("Aki's phone") || !ui.shows("Ben's phone"));
    let dropped_first = if ui.shows("Ben's phone") {
        AKI_PHONE
    } else {
        BEN_PHONE
    };
    let status = ui.phone("/seat", &seat(dropped_first, 0));
    assert_eq!(
        status, 403,
        "a dropped phone must pick again under a new id"
    );
    // Under a new id it asks the table again; the table refuses, and it may not ask again.
    let new_id = "d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0";
    let seat_dropped = usize::from(dropped_first == BEN_PHONE);
    ui.click("Close");
    assert_eq!(ui.phone("/seat", &seat(new_id, seat_dropped)), 202);
    ui.click("Refuse");
    assert_eq!(ui.phone("/seat", &seat(new_id, seat_dropped)), 403);
    assert!(!ui.shows("Let it"));
    ui.click("Phones");

    // Off means off: the address stops answering.
    ui.click("Phones can join");
    assert_eq!(ui.app.phones_local_url(), None);
    assert!(std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(300)).is_err());
}

#[test]
fn a_resumed_game_keeps_its_phones_address() {
    let dir = tempfile::tempdir().unwrap();
    // A port of this test's own: the other tests, run alongside, all ask for the default one
    // first, and one of them may hold it while this game resumes.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let settings = tablekeeper::settings::Settings {
        phones_port: Some(port),
        ..Default::default()
    };
    settings.save(&dir.path().join("settings.json")).unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.click("Phones");
    ui.click("Phones can join");
    let url = ui.app.phones_local_url().expect("on");
    assert!(
        url.contains(&format!(":{port}/")),
        "{url} is on the port remembered"
    );
    drop(ui); // the window closes (or is killed): the server goes with it

    let mut ui = Ui::new(dir.path(), Locale::EN); // the same app, opened again
    assert!(ui.app.settings().phones);
    // Served as the window opens, before any message: a phone finds the table between games
    // without anyone touching the computer.
    let between = ui.app.phones_local_url().expect("on at once");
    let (addr, base) = split_url(&between);
    assert_eq!(get(addr, &base).status, 200);
    ui.click("Resume TERRAVIST: Aki and Ben (started 11/21/2026, 7:00\u{a0}PM)");
    ui.assert_shows("Aki's turn");
    assert_eq!(
        ui.app.phones_local_url(),
        Some(url.clone()),
        "same port, same secret"
    );
    let (addr, base) = split_url(&url);
    assert_eq!(get(addr, &base).status, 200);
}

#[test]
fn a_finished_games_key_goes_with_it_and_the_table_keeps_its_address() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.turn_phones_on();
    let keys = || {
        let mut names: Vec<String> = std::fs::read_dir(dir.path().join("live"))
            .unwrap()
            .flatten()
            .filter(|f| f.path().extension().is_some_and(|e| e == "phones"))
            .map(|f| f.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    // The game's key, and the table's own (between games), holding the same secret.
    assert_eq!(keys().len(), 2, "{:?}", keys());
    assert!(keys().contains(&"table.phones".to_string()));
    let url = ui.app.phones_local_url().unwrap();
    ui.click("Score sheet");
    ui.click("Abandon the game");
    ui.click("Tap again to abandon (kept in the history, no winner)");
    assert_eq!(
        keys(),
        vec!["table.phones".to_string()],
        "the game's key went"
    );
    assert_eq!(
        ui.app.phones_local_url(),
        Some(url.clone()),
        "the phones keep the address for the next game"
    );
    let (addr, base) = split_url(&url);
    assert_eq!(get(addr, &base).status, 200);
    // The next game, set up with the phones on, is served under the same address.
    ui.click("New game");
    assert_eq!(ui.app.phones_local_url(), Some(url));
}

/// A connection that sends `bytes` and then nothing, held open.
fn hold(addr: std::net::SocketAddr, bytes: &[u8]) -> std::net::TcpStream {
    use std::io::Write;
    let mut tcp = std::net::TcpStream::connect(addr).unwrap();
    tcp.write_all(bytes).unwrap();
    tcp
}

/// A game with the phones on, and `held` connections open against its server when the table
/// then does `off` (a click): the click's `update` returns within 100 ms and the port is
/// closed within a second, whatever the held connections do.
fn the_table_never_waits(
    off: &[&str],
    held: impl FnOnce(std::net::SocketAddr, &str) -> Vec<std::net::TcpStream>,
) {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.click("Phones");
    ui.click("Phones can join");
    let (addr, base) = split_url(&ui.app.phones_local_url().expect("on"));
    let _held = held(addr, &base);
    std::thread::sleep(Duration::from_millis(100)); // accepted, being read
    let mut took = Duration::ZERO;
    for label in off {
        took += ui.timed_click(label);
    }
    assert_eq!(ui.app.phones_local_url(), None, "off");
    // A wait on the held connection would last as long as it is held (the whole test); the
    // bound leaves room for a busy machine, and `benches/phones.rs` measures the frame budget.
    assert!(took < Duration::from_millis(500), "update took {took:?}");
    let until = std::time::Instant::now() + Duration::from_secs(1);
    while std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(100)).is_ok() {
        assert!(
            std::time::Instant::now() < until,
            "the port is still open after 1 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn turning_the_phones_off_never_waits_on_a_half_sent_request() {
    // Thirty bytes with no secret and no end: on bf38fc9 this froze the window until the
    // client closed its socket.
    the_table_never_waits(&["Phones can join"], |addr, _| {
        vec![hold(addr, b"GET /t/abc HTTP/1.1\r\nHost: x")]
    });
}

#[test]
fn abandoning_the_game_never_waits_on_a_half_sent_body() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.turn_phones_on();
    let url = ui.app.phones_local_url().expect("on");
    let (addr, base) = split_url(&url);
    // With the secret (a phone that lost its Wi-Fi mid-request): the server is reading its
    // body when the game ends.
    let head = format!(
        "POST {base}/seat HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"phone\":"
    );
    let _held = hold(addr, head.as_bytes());
    std::thread::sleep(Duration::from_millis(100)); // accepted, being read
    let mut took = Duration::ZERO;
    for label in [
        "Score sheet",
        "Abandon the game",
        "Tap again to abandon (kept in the history, no winner)",
    ] {
        took += ui.timed_click(label);
    }
    assert_eq!(ui.app.screen_name(), "home");
    assert!(took < Duration::from_millis(500), "update took {took:?}");
    // The server goes on between games, for the phones: still answering, at once.
    assert_eq!(ui.app.phones_local_url(), Some(url));
    assert_eq!(get(addr, &base).status, 200);
}

#[test]
fn turning_the_phones_off_never_waits_on_a_dozen_idle_connections() {
    // One address's every slot, silent (the other addresses' slots are the server tests').
    the_table_never_waits(&["Phones can join"], |addr, _| {
        (0..tablekeeper::phones::Limits::TABLE.connections_per_address)
            .map(|_| hold(addr, b""))
            .collect()
    });
}

#[test]
fn a_new_code_ends_the_old_address_and_the_window_says_who_joins_and_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.click("Phones");
    ui.click("Phones can join");
    let seat = |id: &str, seat: &str| format!(r#"{{"phone":"{id}","seat":{seat}}}"#);
    ui.click("Close");
    ui.seat_phone(AKI_PHONE, 0);
    ui.assert_shows("Aki's phone joined.");
    ui.seat_phone(AKI_PHONE, 1);
    ui.assert_shows("A phone moved from Aki's seat to Ben's.");
    assert_eq!(ui.phone("/seat", &seat(AKI_PHONE, "null")), 200);
    ui.assert_shows("Ben's phone left the seat.");
    // Such a notice goes by itself: still there after 7 s, gone after 8 (the next message
    // after, a clock tick in a real window).
    ui.app.advance(7);
    let _ = ui.app.update(Message::Tick);
    ui.assert_shows("Ben's phone left the seat.");
    ui.app.advance(1);
    let _ = ui.app.update(Message::Tick);
    assert!(!ui.shows("Ben's phone left the seat."), "the notice stayed");
    assert_eq!(ui.app.notice(), None);
    ui.seat_phone(BEN_PHONE, 1);
    ui.click("Phones");

    // The key beside the journal is this user's alone.
    let key = std::fs::read_dir(dir.path().join("live"))
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .find(|p| p.extension().is_some_and(|e| e == "phones"))
        .expect("a key file");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
    }
    let old_key = std::fs::read_to_string(&key).unwrap();
    let old = ui.app.phones_local_url().unwrap();
    let (addr, old_base) = split_url(&old);

    ui.click("New code");
    ui.assert_shows("New code made: every phone must scan it again.");
    let new = ui.app.phones_local_url().unwrap();
    assert_ne!(new, old);
    assert_eq!(split_url(&new).0, addr, "the same port");
    assert_eq!(get(addr, &old_base).status, 404, "the old address is dead");
    assert_eq!(get(addr, &split_url(&new).1).status, 200);
    let new_key = std::fs::read_to_string(&key).unwrap();
    assert_ne!(new_key, old_key, "a resumed game keeps the new code");
    // The key file names its format and version, and holds the key.
    let kept: serde_json::Value = serde_json::from_str(&new_key).unwrap();
    assert_eq!(kept["format"], "tablekeeper-phones-key");
    assert!(new.ends_with(kept["key"].as_str().unwrap()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
    }
    ui.assert_shows("No phone has joined yet.");
}

/// The sheet's shared parts (Earth's fauna leaves, the first full tableau) with a window: the
/// window enters them for a table of players, but a lone player against Gaia keeps the sheet on
/// their phone and enters them there (issue 59: Gaia's column from the solo player's phone).
#[test]
fn a_lone_players_phone_enters_the_shared_parts_with_a_window_a_table_of_two_does_not() {
    let shared = |phone: &str, rev: usize, part: &str, card: usize, seats: &str| {
        format!(
            r#"{{"phone":"{phone}","rev":{rev},"part":"{part}","card":{card},"seats":{seats}}}"#
        )
    };
    for alone in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let mut ui = Ui::new(dir.path(), Locale::EN);
        ui.click("New game");
        ui.click("Earth");
        ui.replace_in("setup-name-0", "Aki");
        if alone {
            while ui.shows_id("setup-name-1") {
                use tablekeeper::gui::screen::{Message as Screen, setup};
                let remove = Screen::Setup(setup::Message::Remove(1));
                let _ = ui.app.update(Message::Screen(remove));
            }
        } else {
            ui.replace_in("setup-name-1", "Ben");
        }
        ui.click("Start the game");
        ui.turn_phones_on();
        ui.seat_phone(AKI_PHONE, 0);
        ui.click("Score sheet");
        let rev = journal_events(dir.path()).len();
        // Gaia (seat 1 of a solo game) reached the first fauna card first; in a game of two,
        // Ben did.
        let status = ui.phone("/shared", &shared(AKI_PHONE, rev, "fauna", 0, "[1]"));
        let events = journal_events(dir.path());
        if alone {
            assert_eq!(status, 202, "the lone player's phone");
            assert!(
                (events.iter()).any(|l| l.contains("fauna") && l.contains(r#""phone":0"#)),
                "{events:#?}"
            );
        } else {
            assert_eq!(status, 403, "the window's, with players around it");
            assert_eq!(events.len(), rev, "nothing kept");
        }
    }
}

/// Another game through the same path: Earth's sheet opened mid-game in the window, each phone
/// fills its own column, the window types over one value and wins, the table's parts stay the
/// table's; the app killed mid-entry and resumed keeps every value a phone was told was saved.
#[test]
fn earths_sheet_filled_from_the_phones_survives_a_kill_and_the_window_wins() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("New game");
    ui.click("Earth");
    ui.replace_in("setup-name-0", "Aki");
    ui.replace_in("setup-name-1", "Ben");
    ui.click("Start the game");
    ui.turn_phones_on();
    ui.seat_phone(AKI_PHONE, 0);
    ui.seat_phone(BEN_PHONE, 1);
    let enter = |id: &str, part: &str, value: i64, was: &str| {
        format!(r#"{{"phone":"{id}","id":"x{value}","part":"{part}","value":{value},"was":{was}}}"#)
    };
    // Mid-game with the window on the table: the sheet is closed to the phones.
    assert_eq!(
        ui.phone("/enter", &enter(AKI_PHONE, "cards", 21, "null")),
        409
    );
    ui.click("Score sheet");
    assert_eq!(
        ui.phone("/enter", &enter(AKI_PHONE, "cards", 21, "null")),
        202
    );
    assert_eq!(
        ui.phone("/enter", &enter(BEN_PHONE, "compost", 6, "null")),
        202
    );
    assert_eq!(
        ui.phone("/enter", &enter(BEN_PHONE, "fauna", 5, "null")),
        202,
        "the server hands it on; the app refuses it"
    );
    let game = ui.app.game().unwrap();
    let sheet = game.sheet().unwrap();
    let compost = sheet.parts.iter().position(|p| p == "compost").unwrap();
    assert_eq!(sheet.players[0].parts[0].to_string(), "21");
    assert_eq!(
        sheet.players[1].parts[compost].to_string(),
        "6",
        "a point per compost"
    );
    let form = game.seat_forms(true).remove(1).column.unwrap();
    assert!(form.cells.iter().all(|c| !c.by_table));
    // The window's fields show the phones' values.
    ui.assert_shows("21");

    // The window types over Aki's cards: its value stands; Aki's phone, resending its own
    // (typed over nothing), is refused, and the form marks the value as the table's.
    ui.replace_in("play-cards-0-0", "25");
    assert_eq!(
        ui.phone("/enter", &enter(AKI_PHONE, "cards", 21, "null")),
        202
    );
    let game = ui.app.game().unwrap();
    assert_eq!(game.sheet().unwrap().players[0].parts[0].to_string(), "25");
    let cards = &game.seat_forms(true).remove(0).column.unwrap().cells[0];
    assert_eq!((cards.value, cards.by_table), (Some(25), true));

    // Killed (dropped without a word) and reopened: every value is there, each with its phone.
    drop(ui);
    let mut ui = Ui::new(dir.path(), Locale::EN); // the same app, opened again
    ui.click("Resume Earth: Aki and Ben (started 11/21/2026, 7:00\u{a0}PM)");
    let sheet = ui.app.game().unwrap().sheet().unwrap();
    assert_eq!(sheet.players[0].parts[0].to_string(), "25");
    assert_eq!(sheet.players[1].parts[compost].to_string(), "6");
    let lines = journal_events(dir.path());
    assert!(
        (lines.iter()).any(|l| l.contains(r#""compost""#) && l.contains(r#""phone":1"#)),
        "{lines:#?}"
    );
    assert!(
        (lines.iter()).any(|l| l.contains(r#""value":25"#) && !l.contains("phone")),
        "the window's value is the table's: {lines:#?}"
    );
}

#[test]
fn a_phone_joining_under_a_name_the_window_typed_asks_the_table_for_that_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.click("New game");
    ui.click("Phones can join");
    let join = |phone: &str, name: &str, colour: &str| {
        format!(r#"{{"phone":"{phone}","name":"{name}","colour":"{colour}"}}"#)
    };
    assert_eq!(ui.phone("/join", &join(AKI_PHONE, "Aki", "red")), 202);
    ui.assert_shows("1 phone joined");
    // The window names the second seat Ben; a phone joining as Ben only asks for it.
    ui.type_into("setup-name-1", "Ben");
    assert_eq!(ui.phone("/join", &join(BEN_PHONE, "ben", "blue")), 202);
    ui.assert_shows("A phone (127.0.0.1) asks for Ben's seat.");
    ui.assert_shows("1 phone joined");
    ui.click("Let it");
    ui.assert_shows("2 phones joined");
    // Another phone joining as Ben now gets a seat of its own (the window sees two Bens).
    let third = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";
    assert_eq!(ui.phone("/join", &join(third, "Ben", "green")), 202);
    ui.assert_shows("3 phones joined");
}

#[test]
fn a_game_resumed_while_the_phones_wait_between_games_gives_its_phones_their_seats_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    ui.turn_phones_on();
    ui.seat_phone(AKI_PHONE, 0);
    drop(ui); // the app closes (or is killed) mid-game

    // Opened again: the phones' server runs between games at once (a message came before
    // Resume), and Resume keeps that server.
    let mut ui = Ui::new(dir.path(), Locale::EN);
    let _ = ui
        .app
        .update(Message::Resized(iced::Size::new(1280.0, 800.0)));
    assert!(ui.app.phones_local_url().is_some(), "serving between games");
    ui.click("Resume TERRAVIST: Aki and Ben (started 11/21/2026, 7:00\u{a0}PM)");
    let rev = journal_events(dir.path()).len();
    let pause = format!(r#"{{"phone":"{AKI_PHONE}","rev":{rev},"paused":true}}"#);
    assert_eq!(
        ui.phone("/pause", &pause),
        202,
        "Aki's phone has her seat again"
    );
    // A phone that held no seat in this game holds none now.
    let ben = format!(
        r#"{{"phone":"{BEN_PHONE}","rev":{},"paused":false}}"#,
        rev + 1
    );
    assert_eq!(ui.phone("/pause", &ben), 403);
}
