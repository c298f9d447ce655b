//! The games other than TERRAVIST played whole from phones under `tablekeeper serve` (issue
//! 59): each phone an HTTP client on 127.0.0.1 sending what the page sends. The Rats of
//! Wistar remade from the start player's phone each round and once more after round 5, where
//! that last order breaks a tie; Terramara's order changed by the Leader in round 2; Leviath
//! ended by each of its four endings from the monster's phone or the host's, never from a
//! human's other phone, and by its last ship sent to port by counter; Earth's solo game with
//! Gaia's column, fauna leaves and first full tableau filled from the lone phone, and Earth's
//! shared parts from the host's phone only. Each ends as its rulebook ends it, and the
//! history holds the right winner.
#![cfg(feature = "phones")]

mod common;

use common::serve::{Serve, Watch, rev};
use serde_json::Value;

const AKI: &str = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0";
const BEN: &str = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
const CHIE: &str = "d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3";
const TV: &str = "c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2";
const NAMES: [(&str, &str, &str); 3] = [
    (AKI, "Aki", "red"),
    (BEN, "Ben", "blue"),
    (CHIE, "Chie", "green"),
];

/// A table of `seats` phones (Aki's first: the host) and the television's stream.
struct Table {
    serve: Serve,
    tv: Watch,
    phones: Vec<&'static str>,
}

impl Table {
    /// `serve` started in `dir`; the phones set `game` up, join it in seat order, and start it.
    fn start(dir: &std::path::Path, game: &str, seats: usize) -> Table {
        let mut table = Table::lobby(dir, game, seats);
        table.begin();
        table
    }

    /// `serve` started in `dir`; the phones set `game` up and join it in seat order.
    fn lobby(dir: &std::path::Path, game: &str, seats: usize) -> Table {
        let serve = Serve::start(dir, Some(0));
        let mut tv = serve.watch(TV);
        let between = tv.table();
        let new = format!(
            r#"{{"phone":"{AKI}","game":"{game}","rev":{}}}"#,
            rev(&between)
        );
        assert_eq!(serve.post("/new", &new), 202);
        tv.until("the lobby", |t| !t["lobby"].is_null());
        for &(phone, name, colour) in &NAMES[..seats] {
            let body = format!(r#"{{"phone":"{phone}","name":"{name}","colour":"{colour}"}}"#);
            assert_eq!(serve.post("/join", &body), 202);
        }
        // A lobby opens with the game's usual seats: the host's phone removes a seat no
        // phone took (Earth's solo game has one).
        let seated = |t: &Value| t["players"].as_array().unwrap().len();
        tv.until("Aki named", |t| t["players"][0]["name"] == "Aki");
        while seated(&tv.table()) > seats {
            let now = tv.table();
            let last = seated(&now) - 1;
            let body = format!(
                r#"{{"phone":"{AKI}","rev":{},"act":"remove","seat":{last}}}"#,
                rev(&now)
            );
            assert_eq!(serve.post("/arrange", &body), 202, "{body}");
            tv.until("a seat removed", |t| seated(t) == last);
        }
        tv.until("every phone joined", |t| {
            seated(t) == seats && t["lobby"]["not_ready"].is_null()
        });
        let phones = NAMES[..seats].iter().map(|(phone, _, _)| *phone).collect();
        Table { serve, tv, phones }
    }

    /// The host's phone (Aki's) starts the game set up.
    fn begin(&mut self) {
        let lobby = self.now();
        let start = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&lobby));
        assert_eq!(
            self.serve.post("/start", &start),
            202,
            "{:#}",
            lobby["lobby"]
        );
        self.tv
            .until("the game started", |t| t["stage"] == "playing");
    }

    /// The table the television shows now.
    fn now(&mut self) -> Value {
        self.tv.table()
    }

    /// `body` posted, then the television's table once it changed (the request was taken).
    fn act(&mut self, path: &str, body: &str) -> Value {
        let before = rev(&self.now());
        assert_eq!(self.serve.post(path, body), 202, "{path} {body}");
        self.tv.until(path, |t| rev(t) > before)["table"].clone()
    }

    /// The one step of play the table waits on: the step its phone confirms, else the current
    /// player's Done.
    fn play_one(&mut self) -> Value {
        let table = self.now();
        if let Some(step) = table["step"].as_object() {
            let phone = self.phones[step["who"].as_u64().unwrap() as usize];
            let body = format!(
                r#"{{"phone":"{phone}","rev":{},"key":"{}"}}"#,
                rev(&table),
                step["key"].as_str().unwrap()
            );
            return self.act("/step", &body);
        }
        let seat = table["current"].as_u64().expect("a turn under way") as usize;
        let body = format!(
            r#"{{"phone":"{}","rev":{}}}"#,
            self.phones[seat],
            rev(&table)
        );
        self.act("/done", &body)
    }

    /// The phone `phone` asks to make `order` the turn order: the status and the refusal.
    fn set_order(&mut self, phone: &str, order: &[usize]) -> common::http::Answer {
        let table = self.now();
        let body = format!(
            r#"{{"phone":"{phone}","rev":{},"order":{order:?}}}"#,
            rev(&table)
        );
        self.serve.post_from([127, 0, 0, 1], "/order", &body)
    }

    /// The seat's phone enters `value` in `part` of its own column (or `for_seat`'s).
    fn enter(&mut self, phone: &str, part: &str, value: i64, for_seat: Option<usize>) -> u16 {
        let for_seat = for_seat.map_or(String::new(), |s| format!(r#","for":{s}"#));
        // An entry's id is letters, digits and '-'.
        let id = part.replace('_', "-");
        let body = format!(
            r#"{{"phone":"{phone}","id":"e-{id}","part":"{part}","value":{value},"was":null{for_seat}}}"#
        );
        self.serve.post("/enter", &body)
    }

    /// The phone `phone` enters a shared part of the sheet: `card`'s claimants, or a bonus's
    /// one seat (or none).
    fn shared(
        &mut self,
        phone: &str,
        part: &str,
        card: usize,
        seats: &[usize],
    ) -> common::http::Answer {
        let table = self.now();
        let body = format!(
            r#"{{"phone":"{phone}","rev":{},"part":"{part}","card":{card},"seats":{seats:?}}}"#,
            rev(&table)
        );
        self.serve.post_from([127, 0, 0, 1], "/shared", &body)
    }

    /// The phone `phone` moves the counter `counter` by `change`.
    fn counter(&mut self, phone: &str, counter: &str, change: i64) -> common::http::Answer {
        let table = self.now();
        let body = format!(
            r#"{{"phone":"{phone}","rev":{},"counter":"{counter}","change":{change}}}"#,
            rev(&table)
        );
        self.serve.post_from([127, 0, 0, 1], "/counter", &body)
    }

    /// Every phone marks its column ready, and Aki's finishes the game; the history's entry,
    /// and the television's last sheet (the game just saved).
    fn ready_and_finish(
        self,
        dir: &std::path::Path,
    ) -> (tablekeeper::session::HistoryEntry, Value) {
        for phone in self.phones.clone() {
            let body = format!(r#"{{"phone":"{phone}","ready":true}}"#);
            assert_eq!(self.serve.post("/ready", &body), 202);
        }
        self.finish(dir)
    }

    /// Aki's phone finishes the game once every column is Ready and the sheet waits on
    /// nothing; the history's entry, and the television's last sheet (the game just saved).
    fn finish(mut self, dir: &std::path::Path) -> (tablekeeper::session::HistoryEntry, Value) {
        let finishable = self
            .tv
            .until("every column ready", |t| t["finishable"] == true);
        let finish = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&finishable["table"]));
        let answer = self.serve.post_from([127, 0, 0, 1], "/finish", &finish);
        assert_eq!(answer.status, 202, "{}", answer.body);
        let saved = self.tv.until("the game saved", |t| !t["saved"].is_null());
        let last = saved["table"]["television"]["last"].clone();
        // Between games every screen has tonight's standings, this game's players in them
        // (made with the save: the same state that says the game is saved).
        let tonight = saved["table"]["standings"].clone();
        self.serve.stop();
        let history = (tablekeeper::store::DataDir::open_read_only(dir).history()).unwrap();
        let entry = history.entries()[0].clone();
        let named: Vec<&str> = (tonight.as_array().unwrap().iter())
            .map(|s| s["player"].as_str().unwrap())
            .collect();
        for player in &entry.players {
            assert!(
                named.contains(&player.name.as_str()),
                "{} not in {tonight}",
                player.name
            );
        }
        (entry, last)
    }
}

/// The refusal's reason a server answered with.
fn reason(answer: &common::http::Answer) -> String {
    let body: Value = serde_json::from_str(&answer.body).unwrap_or_default();
    body["error"].as_str().unwrap_or_default().to_string()
}

/// The Rats of Wistar (rulebook 002): the start player's phone remakes the order at round 2's
/// first turn; a phone that neither starts nor goes first in the new order is refused in
/// words; after round 5 the sheet says the order made then breaks a tie, and the phone of the
/// player who goes first in it sets it. The two columns tie on points; the final order's
/// first player wins (before it, the other one would have).
#[test]
fn the_rats_order_is_remade_from_the_phones_and_the_last_one_breaks_a_tie() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "rats-of-wistar", 2);
    let first = table.now();
    // Round 1 goes in the order drawn at setup: no phone remakes it (issue 68, case 9: Ben's
    // phone put itself first during Aki's first turn and took the turn).
    assert!(first["order"].is_null(), "{}", first["order"]);
    assert_eq!(first["current"], 0);
    let taken = table.set_order(BEN, &[1, 0]);
    assert_eq!(taken.status, 409, "{taken:?}");
    assert_eq!(table.now()["current"], 0, "the turn is still Aki's");
    // Round 2's first turn: Aki, the start player, makes Ben start.
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| !t.starts_with("2.1."))
    {
        table.play_one();
    }
    // Forged orders: a seat missing, a seat twice, a seat the game does not have.
    for forged in [&[0][..], &[0, 0], &[0, 5], &[1, 0, 2]] {
        let refused = table.set_order(AKI, forged);
        assert_eq!(
            (refused.status, reason(&refused)),
            (422, "bad_order".into()),
            "{forged:?}"
        );
    }
    // A phone with no seat, and an order made in a state the table has left.
    let stranger = "e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4";
    assert_eq!(table.set_order(stranger, &[1, 0]).status, 403);
    let stale = format!(r#"{{"phone":"{AKI}","rev":1,"order":[1,0]}}"#);
    assert_eq!(table.serve.post("/order", &stale), 409);
    assert_eq!(table.set_order(AKI, &[1, 0]).status, 202);
    let remade = table.tv.until("Ben starts", |t| t["order"]["start"] == 1)["table"].clone();
    assert_eq!(remade["current"], 1, "the round's first turn is Ben's now");
    // Round 3's first turn: Aki neither starts nor goes first in [1, 0]: refused.
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| !t.starts_with("3.1."))
    {
        table.play_one();
    }
    let refused = table.set_order(AKI, &[1, 0]);
    assert_eq!(
        (refused.status, reason(&refused)),
        (403, "order_not_yours".into())
    );
    let words = &table.now()["words"]["why"]["order_not_yours"];
    assert!(words.as_str().unwrap().contains("start player"), "{words}");
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    let over = table.now();
    assert_eq!(over["order"]["last"], true);
    assert_eq!(
        over["order"]["title"],
        "Final turn order (a tie goes by it)"
    );
    // The same points each, so the tie goes by the order made after round 5: Aki's phone
    // puts Aki first (she goes first in it, so it is hers to set).
    for phone in [AKI, BEN] {
        assert_eq!(table.enter(phone, "beds", 7, None), 202);
    }
    assert_eq!(table.set_order(AKI, &[0, 1]).status, 202);
    table.tv.until("Aki first", |t| {
        t["order"]["order"] == serde_json::json!([0, 1])
    });
    let (entry, _) = table.ready_and_finish(dir.path());
    assert_eq!(entry.winners(), ["Aki"]);
}

/// Terramara (rulebook 003): in round 2's first turn Ben, who took the Leader action in round
/// 1 and so the start card, sets the new order [Ben, Aki] from his own phone though Aki
/// starts round 2; the round then begins with Ben, and round 3 keeps his order. The game
/// ends after round 5's end, confirmed from the start player's phone; the higher total wins.
/// Started again, `serve` shows the evening's standings before any game.
#[test]
fn terramaras_leader_remakes_the_order_from_their_phone_in_round_2() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "terramara", 2);
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| !t.starts_with("2.1."))
    {
        table.play_one();
    }
    let round_2 = table.now();
    assert_eq!(
        round_2["order"]["start"], 0,
        "Aki starts round 2 as round 1"
    );
    assert_eq!(round_2["current"], 0);
    assert_eq!(table.set_order(BEN, &[1, 0]).status, 202);
    let remade = table.tv.until("Ben's order", |t| t["current"] == 1)["table"].clone();
    assert_eq!(remade["order"]["order"], serde_json::json!([1, 0]));
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| !t.starts_with("3.1."))
    {
        table.play_one();
    }
    assert_eq!(table.now()["current"], 1, "round 3 begins with Ben");
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    // A tie in Terramara goes by the river and military tracks, not the order: none offered.
    assert_eq!(table.now()["order"], Value::Null);
    assert_eq!(table.enter(AKI, "vp_chips", 30, None), 202);
    assert_eq!(table.enter(BEN, "vp_chips", 41, None), 202);
    // The two dummy players the rulebook ranks with 2 players, from the host's phone.
    let now = rev(&table.now());
    let dummies = format!(r#"{{"phone":"{AKI}","rev":{now},"part":"military","values":[2,1]}}"#);
    table.act("/shared", &dummies);
    let (entry, _) = table.ready_and_finish(dir.path());
    assert_eq!(entry.winners(), ["Ben"]);
    // `serve` started again in the middle of the evening shows tonight's standings at once, as
    // the venue's screen does, not only after its next game.
    let serve = Serve::start(dir.path(), Some(0));
    let mut tv = serve.watch(TV);
    let again = tv.until("tonight's standings", |t| {
        t["standings"].as_array().is_some_and(|s| s.len() == 2)
    });
    let mut named: Vec<&str> = (again["table"]["standings"].as_array().unwrap().iter())
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    named.sort_unstable();
    assert_eq!(named, ["Aki", "Ben"]);
    serve.stop();
}

/// The seats of `table`'s players on the side named `side` (English).
fn seats_on(table: &Value, side: &str) -> Vec<usize> {
    (table["players"].as_array().unwrap().iter())
        .filter(|p| p["side"] == side)
        .map(|p| p["seat"].as_u64().unwrap() as usize)
        .collect()
}

/// Leviath (rulebook 004) from three phones, once by each of its four endings: each phone
/// says its side in words, the television names the monster, the endings are offered only on
/// the monster's phone and the host's, and a human's phone that is not the host's is refused
/// in words. The endings alternate between the monster's phone and the host's; the history
/// holds the side the ending makes win.
#[test]
fn leviath_ends_by_each_ending_from_the_monsters_phone_or_the_hosts() {
    let endings = [
        ("mines", "humans", false),
        ("four_floods", "monster", true),
        ("no_ships", "monster", false),
        ("deck_out", "monster", true),
    ];
    for (ending, winner, from_host) in endings {
        let dir = tempfile::tempdir().unwrap();
        let mut table = Table::start(dir.path(), "leviath", 3);
        let now = table.tv.until("the host is known", |t| {
            !t["end_by"].as_array().unwrap().is_empty()
        })["table"]
            .clone();
        let [monster] = seats_on(&now, "Monster")[..] else {
            panic!("one monster: {:#}", now["players"]);
        };
        assert_eq!(seats_on(&now, "Humans").len(), 2);
        assert_eq!(
            now["players"][monster]["side_line"], "Your side: Monster",
            "the monster's phone says its side"
        );
        // The host's phone (the start player's: the human on the monster's left) and the
        // monster's may end the game; the other human's may not.
        let host = now["host"].as_u64().expect("a host's phone") as usize;
        assert_ne!(host, monster);
        let human = (0..3).find(|&s| s != monster && s != host).unwrap();
        let mut end_by = vec![host, monster];
        end_by.sort_unstable();
        assert_eq!(
            now["end_by"],
            serde_json::json!(end_by),
            "{:#}",
            now["players"]
        );
        let end = |phone: &str, rev: u64| {
            format!(r#"{{"phone":"{phone}","rev":{rev},"ending":"{ending}"}}"#)
        };
        let refused =
            (table.serve).post_from([127, 0, 0, 1], "/end", &end(table.phones[human], rev(&now)));
        assert_eq!(
            (refused.status, reason(&refused)),
            (403, "end_not_yours".into())
        );
        assert!(
            (now["words"]["why"]["end_not_yours"].as_str().unwrap()).contains("monster"),
            "refused in words"
        );
        let by = table.phones[if from_host { host } else { monster }];
        table.act("/end", &end(by, rev(&now)));
        table.tv.until("over", |t| t["stage"] == "over");
        let finishable = table.tv.until("finishable", |t| t["finishable"] == true);
        let finish = format!(r#"{{"phone":"{by}","rev":{}}}"#, rev(&finishable["table"]));
        assert_eq!(table.serve.post("/finish", &finish), 202);
        table.tv.until("the game saved", |t| !t["saved"].is_null());
        table.serve.stop();
        let history = (tablekeeper::store::DataDir::open_read_only(dir.path()).history()).unwrap();
        let entry = &history.entries()[0];
        let winners: Vec<&str> = (entry.players.iter())
            .filter(|p| p.side.as_deref() == Some(winner))
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(entry.winners(), winners, "{ending}");
        assert_eq!(entry.ending.as_deref(), Some(ending));
    }
}

/// Earth's solo game (rulebook 001, lines 272-306): Aki alone against Gaia, from one phone.
/// The trigger is declared from her phone and the round ends the game; at the sheet her phone
/// fills her column and Gaia's (only the parts Gaia scores: a part it does not is refused in
/// words), Gaia's column has no Ready of its own, and no other seat's column may be filled.
/// Gaia scores more and wins: the history holds Gaia as the winner, not Aki, and the
/// television's final sheet has Gaia's column.
#[test]
fn earth_solo_fills_gaias_column_from_the_lone_phone_and_gaia_wins() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "earth", 1);
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    let over = table
        .tv
        .until("Gaia's column", |t| !t["opponent"].is_null())["table"]
        .clone();
    assert_eq!(over["opponent"]["seat"], 1);
    assert_eq!(over["opponent"]["name"], "Gaia");
    let parts: Vec<&str> = (over["opponent"]["form"]["column"]["cells"]
        .as_array()
        .unwrap())
    .iter()
    .map(|c| c["part"].as_str().unwrap())
    .collect();
    assert!(
        parts.contains(&"cards") && !parts.contains(&"events"),
        "{parts:?}"
    );
    assert_eq!(table.enter(AKI, "cards", 20, None), 202);
    assert_eq!(table.enter(AKI, "cards", 31, Some(1)), 202);
    assert_eq!(
        table.enter(AKI, "cards", 5, Some(2)),
        403,
        "no third column"
    );
    table.tv.until("Gaia's cards", |t| {
        t["opponent"]["form"]["column"]["total"] == "31"
    });
    // Aki's own column, on Aki's own phone (the television shows no one's form).
    let mut aki = table.serve.watch(AKI);
    let mine = aki.until("Aki's own column", |t| !t["players"][0]["form"].is_null());
    let own = &mine["table"]["players"][0]["form"]["column"];
    assert_eq!(own["total"], "20", "Gaia's value is not Aki's: {own:#}");
    drop(aki);
    // Gaia has no Ready: the lone player's covers the sheet.
    let ready_for_gaia = format!(r#"{{"phone":"{AKI}","ready":true,"for":1}}"#);
    assert_eq!(table.serve.post("/ready", &ready_for_gaia), 409);
    let (entry, last) = table.ready_and_finish(dir.path());
    assert_eq!(entry.winners(), ["Gaia"]);
    let columns: Vec<&str> = (last["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(columns, ["Aki", "Gaia"], "the television's final sheet");
    assert_eq!(last["players"][1]["winner"], true);
    assert_eq!(last["winners"], "Winner: Gaia");
    let gaia = entry.opponent.as_ref().expect("Gaia's column kept");
    assert!(gaia.winner && !entry.players[0].winner);
    assert_eq!(gaia.total, tablekeeper::scoring::Points::whole(31));
}

/// The lobby on the phones (issue 59): the host's phone reads the setup checklist for the
/// players seated now, as the window's setup shows it (the Rats' cheese tile with 2 players,
/// gone with 3), and switches Earth's beginner rule, which every phone is told of; another
/// phone may not switch it. The game started keeps the variant.
#[test]
fn the_hosts_phone_reads_the_checklist_and_switches_earths_beginner_rule() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::lobby(dir.path(), "rats-of-wistar", 2);
    let notes = |t: &Value| t["lobby"]["notes"].to_string();
    assert!(
        notes(&table.now()).contains("6 VP cheese"),
        "{}",
        notes(&table.now())
    );
    let body = format!(r#"{{"phone":"{CHIE}","name":"Chie","colour":"green"}}"#);
    assert_eq!(table.serve.post("/join", &body), 202);
    let three = table.tv.until("Chie joined", |t| {
        t["players"].as_array().unwrap().len() == 3
    });
    assert!(
        !notes(&three["table"]).contains("cheese"),
        "{}",
        notes(&three["table"])
    );
    table.serve.stop();

    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::lobby(dir.path(), "earth", 2);
    let lobby = table.now();
    assert_eq!(lobby["lobby"]["variants"][0]["on"], false);
    assert!((lobby["lobby"]["variants"][0]["name"].as_str().unwrap()).starts_with("Beginner"));
    let switch = |phone: &str, rev: u64| {
        format!(r#"{{"phone":"{phone}","rev":{rev},"act":"variant","seat":0,"on":true}}"#)
    };
    let refused = (table.serve).post_from([127, 0, 0, 1], "/arrange", &switch(BEN, rev(&lobby)));
    assert_eq!((refused.status, reason(&refused)), (403, "not_host".into()));
    assert_eq!(table.serve.post("/arrange", &switch(AKI, rev(&lobby))), 202);
    let mut ben = table.serve.watch(BEN);
    ben.until("told the variant", |t| {
        t["lobby"]["variants"][0]["on"] == true
    });
    table.begin();
    let journal = std::fs::read_dir(dir.path().join("live"))
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "jsonl"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .expect("the game's journal");
    let header: Value = serde_json::from_str(journal.lines().next().unwrap()).unwrap();
    assert!(
        header.to_string().contains(r#""played_with":["beginner"]"#),
        "the game keeps the variant"
    );
}

/// The shared part `id` as `table` shows it.
fn shared_part<'a>(table: &'a Value, id: &str) -> &'a Value {
    (table["shared"].as_array().unwrap().iter())
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("{id} offered: {:#}", table["shared"]))
}

/// Earth's solo game (rulebook 001, lines 272-306) under `serve`, with no window: the lone
/// phone, the host's, enters the table's parts of the sheet, Gaia's fauna leaves and the
/// first full tableau taken by Gaia. The phone sees them as entered; the history's Gaia total
/// holds them (31 cards + 15 + 11 leaves + 7 bonus), and Aki's her 15 leaves.
#[test]
fn earth_solo_enters_gaias_fauna_and_full_tableau_from_the_lone_phone() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "earth", 1);
    assert_eq!(
        table.now()["shared"],
        serde_json::json!([]),
        "not before the sheet"
    );
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    let over = table.tv.until("the shared parts", |t| {
        t["shared"].as_array().is_some_and(|s| s.len() == 2)
    })["table"]
        .clone();
    let fauna = shared_part(&over, "fauna");
    assert_eq!(
        fauna["choices"][1]["name"], "Gaia",
        "Gaia may claim: {fauna:#}"
    );
    assert_eq!(fauna["cards"].as_array().unwrap().len(), 4);
    assert_eq!(over["shared_by"], 0, "the lone phone is the host's");
    assert_eq!(table.enter(AKI, "cards", 20, None), 202);
    assert_eq!(table.enter(AKI, "cards", 31, Some(1)), 202);
    assert_eq!(table.shared(AKI, "fauna", 0, &[1]).status, 202);
    assert_eq!(table.shared(AKI, "fauna", 1, &[0, 1]).status, 202);
    assert_eq!(table.shared(AKI, "full_tableau", 0, &[1]).status, 202);
    let mut aki = table.serve.watch(AKI);
    let seen = aki.until("the phone sees them", |t| {
        shared_part(t, "full_tableau")["taken"] == 1
            && shared_part(t, "fauna")["cards"][1]["seats"] == serde_json::json!([0, 1])
    });
    assert_eq!(
        shared_part(&seen["table"], "fauna")["cards"][0]["seats"],
        serde_json::json!([1])
    );
    // Forged: a part that is not shared, one that does not exist, a fifth card, two seats
    // for a bonus, a seat that is not a number; a seat the game does not have is the
    // engine's refusal, in words.
    for (part, card, seats) in [("cards", 0, "[0]"), ("nope", 0, "[0]")] {
        let body = format!(
            r#"{{"phone":"{AKI}","rev":{},"part":"{part}","card":{card},"seats":{seats}}}"#,
            rev(&table.now())
        );
        assert_eq!(table.serve.post("/shared", &body), 409, "{part}");
    }
    for (part, card, seats) in [
        ("fauna", 4, "[0]"),
        ("full_tableau", 0, "[0,1]"),
        ("fauna", 0, "[-9223372036854775808]"),
        ("fauna", 0, "[99999999999999999999999]"),
    ] {
        let body = format!(
            r#"{{"phone":"{AKI}","rev":{},"part":"{part}","card":{card},"seats":{seats}}}"#,
            rev(&table.now())
        );
        assert_eq!(
            table.serve.post("/shared", &body),
            422,
            "{part} {card} {seats}"
        );
    }
    assert_eq!(table.shared(AKI, "fauna", 2, &[7]).status, 202);
    let told = table
        .tv
        .until("refused in words", |t| !t["cards_refused"].is_null());
    assert_eq!(
        told["table"]["cards_refused"],
        "There is no player in seat 8."
    );
    let stranger = "e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4";
    assert_eq!(table.shared(stranger, "fauna", 2, &[0]).status, 403);
    let (entry, _) = table.ready_and_finish(dir.path());
    let gaia = entry.opponent.as_ref().expect("Gaia's column kept");
    assert_eq!(
        gaia.total,
        tablekeeper::scoring::Points::whole(31 + 15 + 11 + 7)
    );
    assert_eq!(
        entry.players[0].total,
        tablekeeper::scoring::Points::whole(20 + 15)
    );
    assert_eq!(entry.winners(), ["Gaia"]);
}

/// Earth with three phones: Ben's phone, not the host's, is refused the fauna leaves in
/// words; the host's (Aki's) enters them, every phone sees them, and they decide the winner
/// (Chie, first on a card, 15 more).
#[test]
fn earth_shared_parts_come_from_the_hosts_phone_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "earth", 3);
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    table.tv.until("the shared parts", |t| {
        t["shared"].as_array().is_some_and(|s| !s.is_empty())
    });
    let fauna = shared_part(&table.now(), "fauna").clone();
    assert_eq!(
        fauna["choices"].as_array().unwrap().len(),
        3,
        "no Gaia: {fauna:#}"
    );
    let refused = table.shared(BEN, "fauna", 0, &[1]);
    assert_eq!(
        (refused.status, reason(&refused)),
        (403, "shared_not_yours".into())
    );
    let words = table.now()["words"]["why"]["shared_not_yours"].clone();
    assert!(words.as_str().unwrap().contains("host"), "{words}");
    assert_eq!(table.shared(AKI, "fauna", 0, &[2]).status, 202);
    let mut ben = table.serve.watch(BEN);
    ben.until("Ben sees Chie's claim", |t| {
        shared_part(t, "fauna")["cards"][0]["seats"] == serde_json::json!([2])
    });
    // Not level, or the sheet would wait on their tie-breakers.
    for (phone, cards) in [(AKI, 10), (BEN, 11), (CHIE, 10)] {
        assert_eq!(table.enter(phone, "cards", cards, None), 202);
    }
    let (entry, _) = table.ready_and_finish(dir.path());
    assert_eq!(entry.winners(), ["Chie"]);
    assert_eq!(
        entry.players[2].total,
        tablekeeper::scoring::Points::whole(25)
    );
}

/// Leviath (rulebook 004) from three phones, its ships moved by counter: the phone whose turn
/// it is and the host's move the counters, another phone is refused in words; energy below 0
/// is the engine's refusal, in words; a forged counter or step is refused. The third ship
/// sent to port ends the game by "no ship left at sea", and the monster wins in the history.
#[test]
fn leviath_ends_when_the_last_ship_is_sent_to_port_from_a_phone() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "leviath", 3);
    let now = table
        .tv
        .until("the host is known", |t| !t["host"].is_null())["table"]
        .clone();
    let host = now["host"].as_u64().unwrap() as usize;
    let [monster] = seats_on(&now, "Monster")[..] else {
        panic!("one monster: {:#}", now["players"]);
    };
    // The monster's turn: its phone moves the counters, as does the host's.
    while table.now()["current"] != monster {
        table.play_one();
    }
    let now = table.now();
    let ships = (now["counters"].as_array().unwrap().iter())
        .find(|c| c["id"] == "ships")
        .unwrap_or_else(|| panic!("{:#}", now["counters"]))
        .clone();
    assert_eq!(ships["value"], 3);
    let mut by = vec![host, monster];
    by.sort_unstable();
    assert_eq!(now["counter_by"], serde_json::json!(by));
    let other = (0..3).find(|&s| s != monster && s != host).unwrap();
    let refused = table.counter(table.phones[other], "ships", -1);
    assert_eq!(
        (refused.status, reason(&refused)),
        (403, "counter_not_yours".into())
    );
    let words = now["words"]["why"]["counter_not_yours"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(words.contains("turn"), "{words}");
    for (counter, change, status) in [
        ("nope", -1, 409),
        ("ships", 0, 422),
        ("ships", i64::MIN, 422),
        ("ships", i64::MAX, 422),
    ] {
        let answer = table.counter(table.phones[monster], counter, change);
        assert_eq!(answer.status, status, "{counter} {change}");
    }
    let stranger = "e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4";
    assert_eq!(table.counter(stranger, "ships", -1).status, 403);
    // Energy 2 cannot pay 3.
    assert_eq!(
        table.counter(table.phones[monster], "energy", -3).status,
        202
    );
    let told = table
        .tv
        .until("refused in words", |t| !t["cards_refused"].is_null());
    assert_eq!(
        told["table"]["cards_refused"],
        "Monster energy is 2; it cannot go below 0."
    );
    let monster_phone = table.phones[monster];
    let host_phone = table.phones[host];
    // Three ships sent to port, from the monster's phone and the host's in turn.
    for (phone, left) in [(monster_phone, 2), (host_phone, 1), (monster_phone, 0)] {
        let seen = rev(&table.now());
        let body = format!(r#"{{"phone":"{phone}","rev":{seen},"counter":"ships","change":-1}}"#);
        let moved = table.act("/counter", &body);
        if left > 0 {
            assert_eq!(counter_value(&moved, "ships"), left);
        }
    }
    table.tv.until("over", |t| t["stage"] == "over");
    assert_eq!(
        table.now()["counters"],
        serde_json::json!([]),
        "no counter after the end"
    );
    let finishable = table.tv.until("finishable", |t| t["finishable"] == true);
    let finish = format!(
        r#"{{"phone":"{host_phone}","rev":{}}}"#,
        rev(&finishable["table"])
    );
    assert_eq!(table.serve.post("/finish", &finish), 202);
    table.tv.until("the game saved", |t| !t["saved"].is_null());
    table.serve.stop();
    let history = (tablekeeper::store::DataDir::open_read_only(dir.path()).history()).unwrap();
    let entry = &history.entries()[0];
    assert_eq!(entry.ending.as_deref(), Some("no_ships"));
    let monster_name = &entry.players[monster].name;
    assert_eq!(entry.winners(), [monster_name.as_str()]);
}

/// The value of `table`'s counter `id`.
fn counter_value(table: &Value, id: &str) -> i64 {
    (table["counters"].as_array().unwrap().iter())
        .find(|c| c["id"] == id)
        .and_then(|c| c["value"].as_i64())
        .unwrap_or_else(|| panic!("{id}: {:#}", table["counters"]))
}

/// The phone `phone`'s entry `id` of a tie-breaker's value: its status.
fn enter_tie(serve: &Serve, phone: &str, id: &str, breaker: &str, value: i64) -> u16 {
    let body = format!(
        r#"{{"phone":"{phone}","id":"{id}","tie":"{breaker}","value":{value},"was":null}}"#
    );
    serve.post("/enter", &body)
}

/// The tie-breakers `table` shows in the column of `seat` (its own phone's view).
fn tie_fields(table: &Value, seat: usize) -> Vec<String> {
    let cells = &table["players"][seat]["form"]["column"]["cells"];
    (cells.as_array().into_iter().flatten())
        .filter_map(|c| c["tie"].as_str().map(String::from))
        .collect()
}

/// Issue 69, case 1: Terramara with 2 players from the phones ranks the 2 dummy players the
/// rulebook adds (003, lines 141, 164-168, 238-239). Each round's first turn tells every phone
/// and the television to advance the dummies; at the sheet the host's phone enters their
/// military positions (another phone is refused in words, a third dummy is refused), and the
/// book's case ends as the book ends it: Aki 6 and Ben 3 with the dummies at 9 and 5, Aki
/// wins 25-23, where ranked among the players alone it was shared 28-28.
#[test]
fn terramara_for_two_ranks_the_dummies_the_hosts_phone_enters() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "terramara", 2);
    let mut ben = table.serve.watch(BEN);
    for screen in [table.now(), ben.table()] {
        let said = screen["round_start"].to_string();
        assert!(
            said.contains("At the round's start") && said.contains("dummy"),
            "{said}"
        );
    }
    // Gone once the round's first turn is over (each player placed a worker); back at the
    // next round's.
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| t.starts_with("1.1."))
    {
        let now = table.now();
        let phone = table.phones[now["current"].as_u64().unwrap() as usize];
        table.act(
            "/done",
            &format!(r#"{{"phone":"{phone}","rev":{}}}"#, rev(&now)),
        );
    }
    assert_eq!(
        table.now()["round_start"],
        Value::Null,
        "{}",
        table.now()["turn"]
    );
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| !t.starts_with("2.1."))
    {
        table.play_one();
    }
    assert!(!table.now()["round_start"].is_null(), "round 2's start");
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    table.tv.until("the sheet's shared parts", |t| {
        t["shared"].as_array().is_some_and(|s| !s.is_empty())
    });
    let military = shared_part(&table.now(), "military").clone();
    assert_eq!(military["dummies"]["count"], 2, "{military:#}");
    for (phone, chips, track) in [(AKI, 20, 6), (BEN, 23, 3)] {
        assert_eq!(table.enter(phone, "vp_chips", chips, None), 202);
        assert_eq!(table.enter(phone, "military", track, None), 202);
    }
    // Every column Ready, the dummies not given: Finish waits on them, in words.
    for phone in [AKI, BEN] {
        let body = format!(r#"{{"phone":"{phone}","ready":true}}"#);
        assert_eq!(table.serve.post("/ready", &body), 202);
    }
    let waits = table.tv.until("the sheet waits on the dummies", |t| {
        t["sheet_waiting"]
            .as_str()
            .is_some_and(|w| w.contains("2 dummy players"))
    });
    assert_eq!(waits["table"]["finishable"], false);
    let finish = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&waits["table"]));
    let early = table.serve.post_from([127, 0, 0, 1], "/finish", &finish);
    assert_eq!((early.status, reason(&early)), (409, "not_ready".into()));
    let dummies = |phone: &str, values: &[i64], rev: u64| {
        format!(r#"{{"phone":"{phone}","rev":{rev},"part":"military","values":{values:?}}}"#)
    };
    let now = rev(&table.now());
    let refused = (table.serve).post_from([127, 0, 0, 1], "/shared", &dummies(BEN, &[9, 5], now));
    assert_eq!(
        (refused.status, reason(&refused)),
        (403, "shared_not_yours".into())
    );
    for wrong in [&[9, 5, 1][..], &[9]] {
        let body = dummies(AKI, wrong, now);
        let answer = (table.serve).post_from([127, 0, 0, 1], "/shared", &body);
        assert_eq!(
            answer.status, 422,
            "{wrong:?} with 2 players: both dummies or none"
        );
    }
    table.act("/shared", &dummies(AKI, &[9, 5], now));
    ben.until("Ben sees the dummies", |t| {
        t["shared"].to_string().contains(r#""values":[9,5]"#)
    });
    let (entry, _) = table.finish(dir.path());
    assert_eq!(entry.winners(), ["Aki"]);
    let totals: Vec<_> = entry.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(totals, ["25", "23"]);
}

/// Issue 69, case 2: a tie on total in Earth is broken from the phones (rulebook 001, lines
/// 253-254: soil in reserve, then cards in hand, growth, sprouts, compost). Only the tied
/// players' columns ask for the breakers the table types (sprouts and compost are read from the
/// sheet, so never asked); a phone whose player is not tied is refused in words; the tied
/// players type their own values, and the history holds the winner the book names.
#[test]
fn a_tied_earth_game_is_broken_from_the_tied_players_phones() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::start(dir.path(), "earth", 3);
    while table.now()["stage"] != "over" {
        table.play_one();
    }
    let mut aki = table.serve.watch(AKI);
    let empty = aki.until("Aki's column", |t| {
        !t["players"][0]["form"]["column"].is_null()
    });
    assert!(
        tie_fields(&empty, 0).is_empty(),
        "level at nothing: no tie to break"
    );
    for (phone, cards) in [(AKI, 30), (BEN, 30), (CHIE, 20)] {
        assert_eq!(table.enter(phone, "cards", cards, None), 202);
    }
    let level = aki.until("Aki asked the tie", |t| !tie_fields(t, 0).is_empty());
    assert_eq!(tie_fields(&level["table"], 0), ["soil", "hand", "growth"]);
    let mut chie = table.serve.watch(CHIE);
    let untied = chie.until("Chie's column", |t| !t["players"][2]["form"].is_null());
    assert!(tie_fields(&untied, 2).is_empty(), "Chie is not tied");
    assert_eq!(enter_tie(&table.serve, CHIE, "t-chie", "soil", 4), 202);
    let said = chie.until("Chie refused", |t| {
        t["players"][2]["answers"].to_string().contains("t-chie")
    });
    let answer = said["table"]["players"][2]["answers"].to_string();
    assert!(answer.contains("only when your total is level"), "{answer}");
    // Every column Ready with the tie unbroken: Finish waits, naming the tied players.
    for phone in [AKI, BEN, CHIE] {
        let body = format!(r#"{{"phone":"{phone}","ready":true}}"#);
        assert_eq!(table.serve.post("/ready", &body), 202);
    }
    let waits = table.tv.until("the sheet waits on the tie", |t| {
        t["sheet_waiting"]
            .as_str()
            .is_some_and(|w| w.contains("Aki and Ben are level"))
    });
    assert_eq!(waits["table"]["finishable"], false);
    // Level on soil; Ben has more cards in hand (typed in a column already Ready).
    for (phone, id, breaker, value) in [
        (AKI, "t-a1", "soil", 2),
        (BEN, "t-b1", "soil", 2),
        (AKI, "t-a2", "hand", 3),
        (BEN, "t-b2", "hand", 5),
    ] {
        assert_eq!(enter_tie(&table.serve, phone, id, breaker, value), 202);
    }
    let mut ben = table.serve.watch(BEN);
    ben.until("Ben's hand", |t| {
        let cells = &t["players"][1]["form"]["column"]["cells"];
        (cells.as_array().into_iter().flatten()).any(|c| c["tie"] == "hand" && c["value"] == 5)
    });
    let (entry, _) = table.finish(dir.path());
    assert_eq!(entry.winners(), ["Ben"]);
}
