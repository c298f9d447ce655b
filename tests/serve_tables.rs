//! `tablekeeper serve --tables N`, a club night, run as the binary: three tables played at once
//! from their phones to Finish (TERRAVIST, Earth, Leviath) into the one history; the venue's
//! stream naming every table's state as it changes; no act of a phone reaching another table;
//! and a SIGKILL that every table comes back from where it was.
#![cfg(feature = "phones")]

mod common;

use common::room::{Phones, Room, phone, play_earth, play_leviath, play_terravist};
use common::serve::{Watch, rev};
use serde_json::{Value, json};

/// The venue's stream once every table's state is `states` (in table order).
fn venue_until(venue: &mut Watch, states: &[&str]) -> Value {
    let shown = venue.until_update(&format!("the tables {states:?}"), |update| {
        let tables = update["venue"]["tables"].as_array();
        tables.is_some_and(|tables| {
            tables.len() == states.len() && tables.iter().zip(states).all(|(t, s)| t["state"] == *s)
        })
    });
    shown["venue"].clone()
}

#[test]
fn three_tables_play_three_games_at_once_into_one_history_and_the_venue_follows_each() {
    let dir = tempfile::tempdir().unwrap();
    let room = Room::start(dir.path(), 3);
    let mut venue = room.watch_venue();
    let shown = venue_until(&mut venue, &["free", "free", "free"]);
    assert_eq!(shown["tables"][1]["name"], "Table 2");
    assert_eq!(shown["tables"][1]["address"], room.tables[1].url.as_str());
    assert!(shown["qr"]["width"].as_u64().unwrap() > 20, "{shown}");

    let mut tables: Vec<Phones> = (room.tables.iter().enumerate())
        .map(|(index, table)| Phones::open(table, index + 1))
        .collect();
    for (phones, game) in tables.iter_mut().zip(["terravist", "earth", "leviath"]) {
        phones.set_up_and_start(game);
    }
    let shown = venue_until(&mut venue, &["playing", "playing", "playing"]);
    let earth = &shown["tables"][1];
    assert_eq!(earth["game"], "Earth");
    assert_eq!(earth["round"], "Round 1");
    assert_eq!(earth["turn"], "Chie's turn");
    assert_eq!(earth["players"], "Chie · Dan");

    // Each table's turns go on between the others' (the room's loop takes them in turn).
    play_leviath(&mut tables[2]);
    venue_until(&mut venue, &["playing", "playing", "sheet"]);
    play_earth(&mut tables[1]);
    play_terravist(&mut tables[0]);
    venue_until(&mut venue, &["sheet", "sheet", "sheet"]);
    for phones in tables.iter_mut().rev() {
        phones.fill_and_finish();
    }
    // Each table's phones and television say what the game changed of each player's rating:
    // the first game of every player, so each starts from the league's first figure.
    for (phones, names) in tables
        .iter_mut()
        .zip([["Aki", "Ben"], ["Chie", "Dan"], ["Eri", "Fumi"]])
    {
        let table = phones
            .tv()
            .until("the ratings", |t| !t["television"]["last"].is_null());
        let on_tv = table["table"]["television"]["last"]["players"].clone();
        let on_phone = phones.watches[1].table()["ratings"].clone();
        let lines: Vec<&str> = (on_phone.as_array().unwrap().iter())
            .map(|l| l.as_str().unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        for (seat, name) in names.iter().enumerate() {
            let rating = on_tv[seat]["rating"]
                .as_str()
                .expect("a rating on the sheet");
            assert_eq!(lines[seat], format!("{name}: 0.0 to {rating}"));
        }
    }
    // The winner's figure went up, the other's down (Leviath: Fumi's monster won).
    let leviath = tables[2].watches[1].table()["ratings"].clone();
    assert!(leviath[0].as_str().unwrap().contains("(−"), "{leviath}");
    assert!(leviath[1].as_str().unwrap().contains("(+"), "{leviath}");
    let shown = venue_until(&mut venue, &["finished", "finished", "finished"]);
    assert_eq!(shown["tables"][2]["winners"], "Winner: Fumi", "{shown}");
    // Tonight's standings: every player of the three games, each with a change.
    let standings = shown["standings"].as_array().unwrap();
    let mut names: Vec<&str> = standings
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["Aki", "Ben", "Chie", "Dan", "Eri", "Fumi"]);
    // And every table's phones, the one that finished first (Leviath's) as well: the games
    // saved at the other tables after it are in its standings.
    for phones in &mut tables {
        let table = phones.watches[1].until("the room's standings", |t| {
            t["standings"].as_array().is_some_and(|s| s.len() == 6)
        });
        assert!(
            table["table"]["standings"][0]["change"].is_string(),
            "{table}"
        );
    }
    room.stop();

    let history = (tablekeeper::store::DataDir::open_read_only(dir.path()).history()).unwrap();
    let mut games: Vec<&str> = history.entries().iter().map(|e| e.game.as_str()).collect();
    games.sort();
    assert_eq!(games, ["earth", "leviath", "terravist"]);
    // No table's journal is left: each game left its own folder when it was saved.
    for folder in ["live", "tables/2/live", "tables/3/live"] {
        let journals = std::fs::read_dir(dir.path().join(folder))
            .unwrap()
            .flatten()
            .filter(|f| f.path().extension().is_some_and(|e| e == "jsonl"))
            .count();
        assert_eq!(journals, 0, "{folder}");
    }
}

/// Every POST route the phones' page uses, read from the server's router.
fn post_routes() -> Vec<String> {
    let router = include_str!("../src/phones/server.rs");
    let routes: Vec<String> = (router.lines())
        .filter(|line| line.contains("post("))
        .filter_map(|line| line.split("\"/t/{secret}").nth(1))
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect();
    assert!(routes.len() >= 20, "{routes:?}");
    routes
}

/// A well-formed request of `route` from `phone` in the table's state `rev`: the fields that
/// act reads, no more (every request refuses a field it does not know).
fn act_body(route: &str, phone: &str, rev: u64) -> String {
    let fields = match route {
        "/seat" => r#""seat":0"#.to_string(),
        "/done" | "/finish" | "/start" => format!(r#""rev":{rev}"#),
        "/pause" => format!(r#""rev":{rev},"paused":true"#),
        "/step" => format!(r#""rev":{rev},"key":"trigger""#),
        "/undo" => format!(r#""rev":{rev},"undo":true"#),
        "/objective" => format!(r#""rev":{rev},"label":"most eggs""#),
        "/answer" => r#""seat":0,"address":"127.0.0.1","give":true"#.to_string(),
        "/enter" => r#""id":"x1","part":"cards","value":5,"was":null"#.to_string(),
        "/ready" => r#""ready":true"#.to_string(),
        "/turn" => format!(r#""rev":{rev},"action":"roll""#),
        "/together" => String::new(),
        "/join" => r#""name":"Aki","colour":"red""#.to_string(),
        "/choose" => format!(r#""rev":{rev},"habitat":"forest""#),
        "/new" => format!(r#""rev":{rev},"game":"leviath""#),
        "/arrange" => format!(r#""rev":{rev},"act":"draw""#),
        "/abandon" => r#""abandon":true"#.to_string(),
        "/late" => r#""value":3"#.to_string(),
        "/late_add" => r#""seat":0"#.to_string(),
        "/end" => format!(r#""rev":{rev},"ending":"mines""#),
        "/order" => format!(r#""rev":{rev},"order":[1,0]"#),
        "/counter" => format!(r#""rev":{rev},"counter":"ships","change":-1"#),
        "/shared" => format!(r#""rev":{rev},"part":"fauna","card":0,"seats":[0]"#),
        other => panic!("no request written for {other}: add one"),
    };
    let comma = if fields.is_empty() { "" } else { "," };
    format!(r#"{{"phone":"{phone}"{comma}{fields}}}"#)
}

#[test]
fn no_act_of_a_phone_seated_at_one_table_reaches_another() {
    let dir = tempfile::tempdir().unwrap();
    let room = Room::start(dir.path(), 2);
    let mut first = Phones::open(&room.tables[0], 1);
    let mut second = Phones::open(&room.tables[1], 2);
    first.set_up_and_start("earth");
    second.set_up_and_start("earth");
    let before = second.tv().table();
    let aki = first.id(0);
    for route in post_routes() {
        let body = act_body(&route, &aki, rev(&before));
        // Table 1's own address (its secret) at table 2: the secret is table 1's alone.
        let path = format!("{}{route}", first.table.base);
        let raw = common::http::request(second.table.addr, "POST", &path, &body);
        let answer = common::http::send(second.table.addr, &raw);
        assert_eq!(answer.status, 404, "{route}: {}", answer.body);
        // Table 2's address, which the venue shows, with the phone seated at table 1: a
        // stranger there, refused every act.
        let answer = second.table.post_from([127, 0, 0, 1], &route, &body);
        if route == "/seat" {
            // A seat held is only ever asked for: table 2's own host answers (never this
            // phone), and until then nothing moves.
            assert_eq!(
                (answer.status, answer.body.as_str()),
                (202, r#"{"asked":true}"#)
            );
            continue;
        }
        assert!(
            (401..500).contains(&answer.status) && answer.status != 422,
            "{route}: {} {}",
            answer.status,
            answer.body
        );
        // The same request at its own table is one the server reads (not malformed): the
        // refusal above is the table's, not the parser's.
        let home = first.table.post_from([127, 0, 0, 1], &route, &body);
        assert!(
            ![400, 404, 415, 422].contains(&home.status),
            "{route}: {}",
            home.status
        );
    }
    let after = second.tv().table();
    assert_eq!(rev(&after), rev(&before), "table 2's game is untouched");
    assert_eq!(after["players"], before["players"]);
    let chie = second.watches[0].now()["you"].clone();
    assert_eq!(chie, 0, "Chie's phone keeps her seat");
    // And Aki's phone still acts at its own table.
    first.done();
}

#[test]
fn killed_with_three_games_on_every_table_comes_back_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let room = Room::start(dir.path(), 3);
    let mut shown = Vec::new();
    for (index, game) in ["terravist", "earth", "leviath"].into_iter().enumerate() {
        let mut phones = Phones::open(&room.tables[index], index + 1);
        phones.set_up_and_start(game);
        for _ in 0..=index {
            phones.done();
        }
        shown.push((room.tables[index].base.clone(), phones.tv().table()));
    }
    room.kill();

    let room = Room::start(dir.path(), 3);
    for (index, (base, was)) in shown.iter().enumerate() {
        assert_eq!(
            &room.tables[index].base,
            base,
            "table {} keeps its key",
            index + 1
        );
        let mut phones = Phones::open(&room.tables[index], index + 1);
        let table = phones.tv().table();
        for key in ["game", "whose", "round_line", "turn_line", "current"] {
            assert_eq!(table[key], was[key], "table {}: {key}", index + 1);
        }
        // The players as they were; their clocks where they were last noted: a running clock
        // shown before the kill counts on to the moment it was shown, its note is a moment
        // before or after that (every 10 s, and at each action), so within 10 s either way.
        let (players, players_was) = (clockless(&table["players"]), clockless(&was["players"]));
        assert_eq!(players, players_was, "table {}: players", index + 1);
        let clocks = |t: &serde_json::Value| -> Vec<i64> {
            (t["players"].as_array().unwrap().iter())
                .map(|p| p["total_ms"].as_i64().unwrap())
                .collect()
        };
        for (now, then) in clocks(&table).into_iter().zip(clocks(was)) {
            assert!(
                (then - 10_000..=then + 10_000).contains(&now),
                "table {}: a clock went from {then} ms to {now} ms",
                index + 1
            );
        }
        // Paused where the clock was last noted: one event more, as a lone table's.
        assert_eq!(rev(&table), rev(was) + 1, "table {}", index + 1);
        assert_eq!(table["paused"], true);
        let seated = phones.watches[1].now()["you"].clone();
        assert_eq!(
            seated,
            1,
            "table {}: the second phone keeps its seat",
            index + 1
        );
    }
    let mut venue = room.watch_venue();
    venue_until(&mut venue, &["playing", "playing", "playing"]);
}

#[test]
fn the_venue_answers_only_its_own_address_and_takes_no_act() {
    let dir = tempfile::tempdir().unwrap();
    let room = Room::start(dir.path(), 2);
    let venue = &room.venue;
    assert_eq!(common::http::get(venue.addr, &venue.base).status, 200);
    // A stranger's guesses: another key, a table's key, no key, the events without one.
    let table_key = room.tables[0].base.replacen("/t/", "/v/", 1);
    let forged = format!("/v/{}", "0".repeat(32));
    for path in [
        forged.as_str(),
        &table_key,
        "/",
        "/v/",
        "/events",
        "/v//events",
    ] {
        assert_eq!(common::http::get(venue.addr, path).status, 404, "{path}");
    }
    // Nothing is posted to the venue: it reaches no table.
    for route in post_routes() {
        let status = venue.post(&route, &act_body(&route, &phone(1, 0), 0));
        assert!([404, 405].contains(&status), "{route}: {status}");
    }
    // Another site's page cannot read it (the Host header names this machine only).
    let raw = format!(
        "GET {}/events HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
        venue.base
    );
    assert_eq!(common::http::send(venue.addr, raw.as_bytes()).status, 421);
}

/// A screen whose browser reads German first sees the venue in German, and is told so; one
/// that reads a language the app does not speak sees English.
#[test]
fn the_venue_speaks_the_language_its_screen_asks_for() {
    let dir = tempfile::tempdir().unwrap();
    let room = Room::start(dir.path(), 2);
    let venue = &room.venue;
    let mut german = Watch::open_lang(venue.addr, &venue.base, "venue", "de-DE,en");
    let shown = german.now()["venue"].clone();
    assert_eq!(shown["lang"], "de", "{shown}");
    assert_eq!(shown["title"], "Die Tische heute Abend");
    let mut other = Watch::open_lang(venue.addr, &venue.base, "venue", "xx");
    let shown = other.now()["venue"].clone();
    assert_eq!(
        (&shown["lang"], &shown["title"]),
        (&json!("en"), &json!("Tonight's tables"))
    );
    room.stop();
}

/// The players as a phone is shown them, their clocks left out.
fn clockless(players: &serde_json::Value) -> serde_json::Value {
    let mut players = players.clone();
    for player in players.as_array_mut().unwrap() {
        player.as_object_mut().unwrap().remove("total_ms");
    }
    players
}
