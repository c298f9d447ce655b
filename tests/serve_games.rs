//! The games other than TERRAVIST played whole from phones under `tablekeeper serve` (issue
//! 59): each phone an HTTP client on 127.0.0.1 sending what the page sends. The Rats of
//! Wistar remade from the start player's phone each round and once more after round 5, where
//! that last order breaks a tie; Terramara's order changed by the Leader in round 2; Leviath
//! ended by each of its four endings from the monster's phone or the host's, never from a
//! human's other phone; Earth's solo game with Gaia's column filled from the lone phone. Each
//! ends as its rulebook ends it, and the history holds the right winner.
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
        let lobby = tv.until("every phone joined", |t| {
            t["players"].as_array().unwrap().len() == seats && t["lobby"]["not_ready"].is_null()
        })["table"]
            .clone();
        let start = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&lobby));
        assert_eq!(serve.post("/start", &start), 202, "{:#}", lobby["lobby"]);
        tv.until("the game started", |t| t["stage"] == "playing");
        let phones = NAMES[..seats].iter().map(|(phone, _, _)| *phone).collect();
        Table { serve, tv, phones }
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
        let body = format!(
            r#"{{"phone":"{phone}","id":"e-{part}","part":"{part}","value":{value},"was":null{for_seat}}}"#
        );
        self.serve.post("/enter", &body)
    }

    /// Every phone marks its column ready, and Aki's finishes the game; the history's entry.
    fn ready_and_finish(mut self, dir: &std::path::Path) -> tablekeeper::session::HistoryEntry {
        for phone in self.phones.clone() {
            let body = format!(r#"{{"phone":"{phone}","ready":true}}"#);
            assert_eq!(self.serve.post("/ready", &body), 202);
        }
        let finishable = self
            .tv
            .until("every column ready", |t| t["finishable"] == true);
        let finish = format!(r#"{{"phone":"{AKI}","rev":{}}}"#, rev(&finishable["table"]));
        assert_eq!(self.serve.post("/finish", &finish), 202);
        self.tv.until("the game saved", |t| !t["saved"].is_null());
        self.serve.stop();
        let history = (tablekeeper::store::DataDir::open_read_only(dir).history()).unwrap();
        history.entries()[0].clone()
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
    assert_eq!(first["order"]["order"], serde_json::json!([0, 1]));
    assert_eq!(first["order"]["start"], 0);
    // Round 1 as it is; round 2's first turn: Aki, the start player, makes Ben start.
    while table.now()["turn"]
        .as_str()
        .is_none_or(|t| !t.starts_with("2.1."))
    {
        table.play_one();
    }
    let refused = table.set_order(AKI, &[0]);
    assert_eq!(
        (refused.status, reason(&refused)),
        (422, "bad_order".into())
    );
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
    let entry = table.ready_and_finish(dir.path());
    assert_eq!(entry.winners(), ["Aki"]);
}
