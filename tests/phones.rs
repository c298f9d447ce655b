//! The phones' server as a hostile phone meets it, on 127.0.0.1 only: raw HTTP requests (so a
//! test can send what no browser would: forged, stale, doubled, oversized and malformed ones),
//! the update stream read off the socket, and what reaches the app checked after each.
#![cfg(feature = "phones")]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use chrono::Duration as Elapsed;
use common::http::{Answer, get, post};
use tablekeeper::phones::{
    CSP, Config, MAX_BODY, PER_ADDRESS, PhoneMessage, PhonesServer, Secret, TableNow,
};
use tablekeeper::session::{Colour, Glance, Player, Stage};
use tablekeeper::vocabulary::Name;
use tokio::sync::mpsc;

const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

fn table(round: u32, turn: u32, current: usize) -> TableNow {
    TableNow {
        game: Name {
            en: "TERRAVIST".into(),
            ja: "テラビスト".into(),
        },
        glance: Glance {
            stage: Stage::Playing {
                round,
                rounds: None,
                turn,
                turns: Some(6),
            },
            players: vec![
                Player {
                    name: "Aki".into(),
                    colour: Colour::Red,
                },
                Player {
                    name: "Ben".into(),
                    colour: Colour::Blue,
                },
            ],
            current: Some(current),
            clock: Elapsed::seconds(5),
            totals: vec![Elapsed::seconds(40), Elapsed::seconds(30)],
            parent: Some(0),
            objective: None,
            paused: false,
            last: None,
            turn_number: turn,
            step: None,
        },
        target_secs: Some(90),
    }
}

struct Running {
    server: PhonesServer,
    inbox: mpsc::Receiver<PhoneMessage>,
    secret: Secret,
}

fn start() -> Running {
    let secret = Secret::generate();
    let (to_app, inbox) = mpsc::channel(64);
    let config = Config {
        ip: "127.0.0.1".parse().unwrap(),
        port: 0,
        secret: secret.clone(),
    };
    let server = PhonesServer::start(config, table(1, 1, 0), to_app).unwrap();
    Running {
        server,
        inbox,
        secret,
    }
}

impl Running {
    fn addr(&self) -> SocketAddr {
        self.server.address()
    }
    fn base(&self) -> String {
        format!("/t/{}", self.secret.as_str())
    }
    fn post(&self, path: &str, body: &str) -> Answer {
        post(self.addr(), &format!("{}{path}", self.base()), body)
    }
    /// What reached the app, leaving out the seat list's changes.
    fn asked(&mut self) -> Vec<PhoneMessage> {
        std::thread::sleep(Duration::from_millis(50));
        let mut out = Vec::new();
        while let Ok(message) = self.inbox.try_recv() {
            if message != PhoneMessage::PhonesChanged {
                out.push(message);
            }
        }
        out
    }
}

/// An open update stream: each event's JSON, as it comes.
struct Stream(BufReader<TcpStream>);

impl Stream {
    fn open(running: &Running, query: &str) -> Stream {
        let mut tcp = TcpStream::connect(running.addr()).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
        let path = format!("{}/events?{query}", running.base());
        write!(tcp, "GET {path} HTTP/1.1\r\nHost: t\r\n\r\n").unwrap();
        Stream(BufReader::new(tcp))
    }

    /// The next event's data, or `None` when nothing comes within the read timeout (or the
    /// stream ends).
    fn next(&mut self) -> Option<serde_json::Value> {
        let mut line = String::new();
        loop {
            line.clear();
            match self.0.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            // Chunked framing puts the size on a line of its own; data lines start "data:".
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                return serde_json::from_str(data).ok();
            }
        }
    }

    fn set_timeout(&mut self, timeout: Duration) {
        self.0.get_ref().set_read_timeout(Some(timeout)).unwrap();
    }
}

#[test]
fn without_the_secret_nothing_is_served_but_ask_the_table() {
    let running = start();
    for path in [
        "/".to_string(),
        "/t/".to_string(),
        format!("/t/{}", Secret::generate().as_str()),
        format!("/t/{}/phone.js", &running.secret.as_str()[..31]),
        "/t/../../etc/passwd".to_string(),
    ] {
        let answer = get(running.addr(), &path);
        assert_eq!(answer.status, 404, "{path}: {answer:?}");
        assert!(
            answer.body.contains("Ask the table"),
            "{path}: {}",
            answer.body
        );
        assert!(!answer.body.contains("phone.js"));
    }
    let forged = post(
        running.addr(),
        &format!("/t/{}/done", Secret::generate().as_str()),
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","turn":"1.1.1"}"#,
    );
    assert_eq!(forged.status, 404);
}

#[test]
fn the_page_is_its_own_only_with_a_strict_policy_and_no_cookie() {
    let running = start();
    let page = get(running.addr(), &running.base());
    assert_eq!(page.status, 200, "{page:?}");
    let head = page.head.to_lowercase();
    assert!(head.contains(&format!("content-security-policy: {}", CSP.to_lowercase())));
    assert!(head.contains("referrer-policy: no-referrer"));
    assert!(!head.contains("set-cookie"));
    assert!(
        page.body
            .contains(&format!("src=\"{}/phone.js\"", running.base()))
    );
    assert!(!page.body.contains("http://") && !page.body.contains("https://"));
    for asset in ["/phone.js", "/phone.css"] {
        let answer = get(running.addr(), &format!("{}{asset}", running.base()));
        assert_eq!(answer.status, 200, "{asset}");
        assert!(!answer.body.contains("http://") && !answer.body.contains("https://"));
    }
}

#[test]
fn a_phone_acts_only_for_its_own_seat_and_only_on_its_own_turn() {
    let mut running = start();
    let seat = |phone: &str, seat: &str| format!(r#"{{"phone":"{phone}","seat":{seat}}}"#);
    assert_eq!(running.post("/seat", &seat(A, "0")).status, 200);
    assert_eq!(
        running.post("/seat", &seat(B, "0")).status,
        409,
        "seat 0 is A's"
    );
    assert_eq!(running.post("/seat", &seat(B, "7")).status, 422);
    assert_eq!(running.post("/seat", &seat(B, "1")).status, 200);
    let done = |phone: &str, turn: &str| format!(r#"{{"phone":"{phone}","turn":"{turn}"}}"#);

    // Ben's phone on Aki's turn, a phone with no seat, a stale turn: refused, nothing asked.
    assert_eq!(running.post("/done", &done(B, "1.1.1")).status, 403);
    let stranger = "cccccccccccccccccccccccccccccccc";
    assert_eq!(running.post("/done", &done(stranger, "1.1.1")).status, 403);
    assert_eq!(running.post("/done", &done(A, "1.0.0")).status, 409);
    assert_eq!(running.asked(), vec![]);

    // Aki's phone on Aki's turn: asked once, with the turn it names.
    assert_eq!(running.post("/done", &done(A, "1.1.1")).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Done {
            seat: 0,
            turn: "1.1.1".into()
        }]
    );
    // Once the table has moved on, the same tap again is stale.
    running.server.publish(table(1, 2, 1));
    assert_eq!(running.post("/done", &done(A, "1.1.1")).status, 403);
    assert_eq!(running.post("/done", &done(B, "1.1.1")).status, 409);
    assert_eq!(running.asked(), vec![]);

    // Pause from any seated phone.
    let pause = format!(r#"{{"phone":"{B}","paused":true}}"#);
    assert_eq!(running.post("/pause", &pause).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Pause {
            seat: 1,
            paused: true
        }]
    );
}

#[test]
fn a_dropped_phone_can_act_no_more() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    assert_eq!(running.server.phones().len(), 1);
    running.server.drop_phone(A);
    assert!(running.server.phones().is_empty());
    let done = format!(r#"{{"phone":"{A}","turn":"1.1.1"}}"#);
    assert_eq!(running.post("/done", &done).status, 403);
    let again = running.post("/seat", &claim);
    assert_eq!(again.status, 403);
    assert!(again.body.contains("dropped"));
    assert_eq!(running.asked(), vec![]);
    // Its seat is free for another phone.
    let other = format!(r#"{{"phone":"{B}","seat":0}}"#);
    assert_eq!(running.post("/seat", &other).status, 200);
}

#[test]
fn malformed_and_oversized_requests_get_a_4xx_and_change_nothing() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let huge = format!(
        r#"{{"phone":"{A}","turn":"1.1.1","pad":"{}"}}"#,
        "x".repeat(1 << 20)
    );
    let bodies = [
        huge.as_str(),
        "{not json",
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}"#,
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","turn":"1.1.1","extra":1}"#,
        r#"{"phone":["a"],"turn":"1.1.1"}"#,
        "",
    ];
    for body in bodies {
        let answer = running.post("/done", body);
        assert!(
            (400..500).contains(&answer.status),
            "{} bytes: {}",
            body.len(),
            answer.status
        );
    }
    let just_over = format!(r#"{{"phone":"{A}","turn":"{}"}}"#, "1".repeat(MAX_BODY));
    assert_eq!(running.post("/done", &just_over).status, 413);
    // A seat claim with a phone id that is no id.
    let bad_id = r#"{"phone":"<script>","seat":1}"#;
    assert_eq!(running.post("/seat", bad_id).status, 400);
    assert_eq!(running.asked(), vec![]);
    assert_eq!(running.server.phones().len(), 1);
}

#[test]
fn a_burst_of_requests_is_slowed_and_reaches_the_app_at_most_once() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let done = format!(r#"{{"phone":"{A}","turn":"1.2.2"}}"#); // stale: the table is on 1.1
    let statuses: Vec<u16> = (0..200)
        .map(|_| running.post("/done", &done).status)
        .collect();
    assert!(
        statuses.iter().all(|s| *s == 409 || *s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&429), "200 requests at once are slowed");
    assert_eq!(running.asked(), vec![]);
}

#[test]
fn the_stream_sends_the_table_then_each_change_but_not_a_clock_running_on() {
    let running = start();
    let mut stream = Stream::open(&running, "lang=ja&phone=");
    let first = stream.next().expect("the table at once");
    assert_eq!(first["table"]["whose"], "Akiの手番");
    assert_eq!(first["table"]["turn"], "1.1.1");
    assert_eq!(first["table"]["players"][0]["colour"], "#d64541");
    assert_eq!(first["you"], serde_json::Value::Null);

    // Only the clock ran on: nothing is sent.
    let mut later = table(1, 1, 0);
    later.glance.clock = Elapsed::seconds(9);
    later.glance.totals[0] = Elapsed::seconds(44);
    running.server.publish(later);
    stream.set_timeout(Duration::from_millis(400));
    assert!(
        stream.next().is_none(),
        "a running clock is the phone's to count"
    );

    stream.set_timeout(Duration::from_secs(3));
    running.server.publish(table(1, 2, 1));
    let second = stream.next().expect("the change");
    assert_eq!(second["table"]["whose"], "Benの手番");
    assert_eq!(second["table"]["turn"], "1.2.2");
}

#[test]
fn a_phone_that_reconnects_is_told_its_seat() {
    let running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":1}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    let first = stream.next().unwrap();
    assert_eq!(first["you"], 1);
    assert_eq!(first["table"]["players"][1]["claimed"], true);
    assert_eq!(first["table"]["words"]["done"], "Done ▶");
}

#[test]
fn turning_the_phones_off_closes_every_connection_and_the_port() {
    let running = start();
    let addr = running.addr();
    let mut stream = Stream::open(&running, "lang=en");
    assert!(stream.next().is_some());
    let stopped = std::time::Instant::now();
    drop(running);
    assert!(
        stopped.elapsed() < Duration::from_secs(3),
        "stopping waited {:?}",
        stopped.elapsed()
    );
    assert!(stream.next().is_none(), "the open stream ends");
    assert!(
        TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_err(),
        "nothing listens"
    );
}

#[test]
fn one_address_cannot_hold_every_connection() {
    let running = start();
    let held: Vec<TcpStream> = (0..PER_ADDRESS)
        .map(|_| TcpStream::connect(running.addr()).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    // Over the cap, a connection is closed as it is accepted: no answer comes.
    let over = get(running.addr(), &running.base());
    assert_eq!(over.status, 0, "{over:?}");
    drop(held);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(get(running.addr(), &running.base()).status, 200);
}

#[test]
fn at_a_round_end_the_phones_say_which_step_the_table_is_on_and_offer_nothing() {
    use tablekeeper::i18n::Locale;
    use tablekeeper::session::Game;
    // Two players, round 1 of three turns each: six player-turns, then the round end.
    let mut t = common::Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.next(6);
    let table = |t: &common::Table| TableNow {
        game: Name {
            en: "TERRAVIST".into(),
            ja: "テラビスト".into(),
        },
        glance: t.session.glance(common::at(t.now)),
        target_secs: None,
    };
    let now = table(&t);
    assert_eq!(now.turn(), None, "no turn to end: Done is not offered");
    let en = now.render(Locale::En, &[false, false]);
    assert_eq!(en["stage"], "round_end");
    assert_eq!(
        en["doing"],
        "Round 1 ends: the round objective is being ranked."
    );
    assert_eq!(en["turn"], serde_json::Value::Null);
    let ja = now.render(Locale::Ja, &[false, false]);
    assert_eq!(
        ja["doing"],
        "第1ラウンド終了：ラウンド目的の順位を決めています。"
    );
}
