//! The phones' server as a hostile phone meets it, on 127.0.0.1 only: raw HTTP requests (so a
//! test can send what no browser would: forged, stale, doubled, oversized and malformed ones),
//! the update stream read off the socket, and what reaches the app checked after each.
#![cfg(feature = "phones")]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use chrono::Duration as Elapsed;
use common::http::{Answer, get, post, request, send, send_from};
use tablekeeper::phones::{
    CSP, Config, HEADER_TIMEOUT, Limits, MAX_BODY, PhoneMessage, PhonesServer, REQUEST_TIMEOUT,
    Secret, TableNow,
};
use tablekeeper::session::{Colour, Glance, Player, Stage, TableAct};
use tablekeeper::vocabulary::Name;
use tokio::sync::mpsc;

const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
/// The table's own limits: connections in all and from one address.
const IN_ALL: usize = Limits::TABLE.connections;
const PER_ADDRESS: usize = Limits::TABLE.connections_per_address;
const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

/// The table on `round`, `turn`, with `current` to play; its state number made from the round
/// and turn, so each one the tests publish is a new state.
fn table(round: u32, turn: u32, current: usize) -> TableNow {
    TableNow {
        game: Name::new("TERRAVIST", "テラビスト"),
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
            side: None,
            clock: Elapsed::seconds(5),
            totals: vec![Elapsed::seconds(40), Elapsed::seconds(30)],
            parent: Some(0),
            starter: tablekeeper::session::glance::Starter::Parent,
            objective: None,
            paused: false,
            last: None,
            turn_number: turn,
            step: None,
            timer: Default::default(),
            table_time: false,
            together: None,
            round_start: Vec::new(),
        },
        target_secs: Some(90),
        rev: u64::from(round * 100 + turn),
        ..TableNow::between_games()
    }
}

struct Running {
    server: PhonesServer,
    inbox: mpsc::Receiver<PhoneMessage>,
    secret: Secret,
}

/// The server, with Aki's seat held by phone A and Ben's by phone B (as the app hands the
/// server the seats its phones held before a restart).
fn start() -> Running {
    start_with(vec![(0, A.into()), (1, B.into())])
}

/// The server, with `seats` held by those phones and the other seats no phone's.
fn start_with(seats: Vec<(usize, String)>) -> Running {
    let secret = Secret::generate();
    let (to_app, inbox) = mpsc::channel(64);
    let config = Config {
        ip: "127.0.0.1".parse().unwrap(),
        port: 0,
        secret: secret.clone(),
        any_network: false,
        limits: Limits::TABLE,
        seats,
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
        self.everything_asked()
            .into_iter()
            .filter(|m| !matches!(m, PhoneMessage::Seated { .. }))
            .collect()
    }

    fn everything_asked(&mut self) -> Vec<PhoneMessage> {
        std::thread::sleep(Duration::from_millis(50));
        let mut out = Vec::new();
        while let Ok(message) = self.inbox.try_recv() {
            out.push(message);
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
        write!(
            tcp,
            "GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n",
            running.addr()
        )
        .unwrap();
        Stream(BufReader::new(tcp))
    }

    /// The next table event's data, or `None` when nothing comes within the read timeout,
    /// the stream ends, or it sends an event of another kind.
    fn next(&mut self) -> Option<serde_json::Value> {
        match self.next_event()? {
            (kind, data) if kind == "table" => Some(data),
            _ => None,
        }
    }

    /// The next event, its kind and its data.
    fn next_event(&mut self) -> Option<(String, serde_json::Value)> {
        let mut line = String::new();
        let mut kind = String::from("message");
        loop {
            line.clear();
            match self.0.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            // Chunked framing puts the size on a line of its own; fields start "event:" and
            // "data:".
            let line = line.trim_end();
            if let Some(name) = line.strip_prefix("event: ") {
                kind = name.to_string();
            }
            if let Some(data) = line.strip_prefix("data: ") {
                return Some((kind, serde_json::from_str(data).ok()?));
            }
        }
    }

    /// Has the server ended the stream (its last chunk, or the connection closed) within the
    /// read timeout, sending no table before?
    fn ended(&mut self) -> bool {
        let mut line = String::new();
        loop {
            line.clear();
            match self.0.read_line(&mut line) {
                Ok(0) => return true,
                Ok(_) if line == "0\r\n" => return true,
                Ok(_) if line.starts_with("event: table") => return false,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
    }

    fn set_timeout(&mut self, timeout: Duration) {
        self.0.get_ref().set_read_timeout(Some(timeout)).unwrap();
    }
}

/// A connection from `source` (every 127.x.y.z address is this machine), which sends `bytes`
/// and then nothing more, holding the connection open.
fn hold_from(source: std::net::Ipv4Addr, to: SocketAddr, bytes: &[u8]) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((source, 0)).into()).unwrap();
    socket.connect(&to.into()).unwrap();
    let mut tcp: TcpStream = socket.into();
    tcp.write_all(bytes).unwrap();
    tcp
}

/// Asks until the answer has `status` or `wait` is over; the last answer. For what the server
/// does once it has accepted connections opened just before, on a machine that may be busy.
fn answered_within(wait: Duration, status: u16, ask: impl Fn() -> Answer) -> Answer {
    let until = std::time::Instant::now() + wait;
    loop {
        let answer = ask();
        if answer.status == status || std::time::Instant::now() >= until {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Has the server closed this connection within `wait`? (It reads to the end, answers and
/// all.)
fn closed_within(tcp: &mut TcpStream, wait: Duration) -> bool {
    tcp.set_read_timeout(Some(wait)).unwrap();
    let mut rest = Vec::new();
    std::io::Read::read_to_end(tcp, &mut rest).is_ok()
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
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","rev":101}"#,
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
    // The page names its own icon, served beside it (a browser asked for /favicon.ico, a 404
    // and a console error on every load): a PNG, by its signature (PNG spec, section 5.2:
    // 137 80 78 71 13 10 26 10).
    let icon = format!("{}/icon.png", running.base());
    assert!(
        page.body
            .contains(&format!("rel=\"icon\" type=\"image/png\" href=\"{icon}\""))
    );
    let raw = std::net::TcpStream::connect(running.addr()).and_then(|mut tcp| {
        use std::io::{Read, Write};
        write!(
            tcp,
            "GET {icon} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            running.addr()
        )?;
        let mut bytes = Vec::new();
        tcp.read_to_end(&mut bytes)?;
        Ok(bytes)
    });
    let raw = raw.unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    assert!(
        head.starts_with("http/1.1 200") && head.contains("content-type: image/png"),
        "{head}"
    );
    assert_eq!(&raw[split + 4..split + 12], b"\x89PNG\r\n\x1a\n");
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
    let done = |phone: &str, rev: u64| format!(r#"{{"phone":"{phone}","rev":{rev}}}"#);

    // Ben's phone on Aki's turn, a phone with no seat, a state that is not the table's:
    // refused, nothing asked.
    assert_eq!(running.post("/done", &done(B, 101)).status, 403);
    let stranger = "cccccccccccccccccccccccccccccccc";
    assert_eq!(running.post("/done", &done(stranger, 101)).status, 403);
    assert_eq!(running.post("/done", &done(A, 100)).status, 409);
    assert_eq!(running.asked(), vec![]);

    // Aki's phone on Aki's turn: asked once, with the state it names.
    assert_eq!(running.post("/done", &done(A, 101)).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Act {
            seat: 0,
            rev: 101,
            act: TableAct::Next
        }]
    );
    // Once the table has moved on, the same tap again is stale, and so is Ben's made in the
    // old state.
    running.server.publish(table(1, 2, 1));
    assert_eq!(running.post("/done", &done(A, 101)).status, 409);
    assert_eq!(running.post("/done", &done(B, 101)).status, 409);
    assert_eq!(running.post("/done", &done(A, 102)).status, 403);
    assert_eq!(running.asked(), vec![]);

    // Pause from any seated phone, in the table's state.
    let pause = format!(r#"{{"phone":"{B}","rev":102,"paused":true}}"#);
    assert_eq!(running.post("/pause", &pause).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Act {
            seat: 1,
            rev: 102,
            act: TableAct::Pause { paused: true }
        }]
    );
}

#[test]
fn the_same_position_after_an_undo_is_a_new_state_and_an_old_tap_changes_nothing() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let done = format!(r#"{{"phone":"{A}","rev":101}}"#);
    assert_eq!(running.post("/done", &done).status, 202);
    // The app applied it (state 102, Ben's turn), then the window took it back: Aki's turn
    // again, the same round, turn and player-turn, but a new state.
    running.server.publish(table(1, 2, 1));
    let mut undone = table(1, 1, 0);
    undone.rev = 103;
    running.server.publish(undone);
    assert_eq!(
        running.post("/done", &done).status,
        409,
        "the tap sent again after the Undo is refused"
    );
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Act {
            seat: 0,
            rev: 101,
            act: TableAct::Next
        }]
    );
}

#[test]
fn an_old_pause_after_a_newer_one_changes_nothing_and_a_phone_pauses_once_a_second() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let pause =
        |rev: u64, paused: bool| format!(r#"{{"phone":"{A}","rev":{rev},"paused":{paused}}}"#);
    assert_eq!(running.post("/pause", &pause(101, true)).status, 202);
    // Too soon after the last one from this phone, even in the right state.
    assert_eq!(running.post("/pause", &pause(101, true)).status, 429);
    std::thread::sleep(Duration::from_millis(1050));
    // The table paused (state 150); a resume made in the state before it is stale.
    let mut paused = table(1, 1, 0);
    paused.rev = 150;
    paused.glance.paused = true;
    running.server.publish(paused);
    assert_eq!(running.post("/pause", &pause(101, false)).status, 409);
    assert_eq!(running.post("/pause", &pause(150, false)).status, 202);
    assert_eq!(
        running.asked(),
        vec![
            PhoneMessage::Act {
                seat: 0,
                rev: 101,
                act: TableAct::Pause { paused: true }
            },
            PhoneMessage::Act {
                seat: 0,
                rev: 150,
                act: TableAct::Pause { paused: false }
            }
        ]
    );
}

#[test]
fn a_dropped_phone_can_act_no_more() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    assert_eq!(running.server.phones().len(), 2);
    running.server.drop_phone(A);
    assert_eq!(running.server.phones().len(), 1);
    let done = format!(r#"{{"phone":"{A}","rev":101}}"#);
    assert_eq!(running.post("/done", &done).status, 403);
    let again = running.post("/seat", &claim);
    assert_eq!(again.status, 403);
    assert!(again.body.contains("dropped"));
    assert_eq!(running.asked(), vec![]);
    // Its seat is no phone's until the table gives it again: the dropped page's new id asks.
    let new_id = invented(5);
    let asks = format!(r#"{{"phone":"{new_id}","seat":0}}"#);
    assert_eq!(running.post("/seat", &asks).status, 202);
    assert_eq!(running.asked(), vec![PhoneMessage::Asks { seat: 0 }]);
    let done = format!(r#"{{"phone":"{new_id}","rev":101}}"#);
    assert_eq!(
        running.post("/done", &done).status,
        403,
        "asking is not holding"
    );
    assert!(running.server.give_seat(0, &new_id));
    assert_eq!(running.post("/done", &done).status, 202);
}

#[test]
fn malformed_and_oversized_requests_get_a_4xx_and_change_nothing() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let huge = format!(
        r#"{{"phone":"{A}","rev":101,"pad":"{}"}}"#,
        "x".repeat(1 << 20)
    );
    let bodies = [
        huge.as_str(),
        "{not json",
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}"#,
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","rev":101,"extra":1}"#,
        r#"{"phone":["a"],"rev":101}"#,
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","rev":-1}"#,
        r#"{"phone":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","rev":"101"}"#,
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
    let just_over = format!(r#"{{"phone":"{A}","rev":{}}}"#, "1".repeat(MAX_BODY));
    assert_eq!(running.post("/done", &just_over).status, 413);
    // A seat claim with a phone id that is no id.
    let bad_id = r#"{"phone":"<script>","seat":1}"#;
    assert_eq!(running.post("/seat", bad_id).status, 400);
    assert_eq!(running.asked(), vec![]);
    assert_eq!(running.server.phones().len(), 2);
}

#[test]
fn a_burst_of_requests_is_slowed_and_reaches_the_app_at_most_once() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let done = format!(r#"{{"phone":"{A}","rev":1}}"#); // stale: the table is in state 101
    let statuses: Vec<u16> = (0..200)
        .map(|_| running.post("/done", &done).status)
        .collect();
    assert!(
        statuses.iter().all(|s| *s == 409 || *s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&429), "200 requests at once are slowed");
    assert_eq!(running.asked(), vec![]);
    // The page's own files have a bucket of their own: a phone reloading now still gets the
    // page with its script and its style (without them it would show a blank page).
    let base = running.base();
    for file in ["", "phone.js", "phone.css"] {
        let answer = get(running.addr(), &format!("{base}/{file}"));
        assert_eq!(answer.status, 200, "{file:?}");
    }
    // Still slowed: the address's bucket refills at 5 a second, so thirty more requests made
    // in under six seconds (a loaded machine's pace included) meet it empty at least once.
    let again: Vec<u16> = (0..30)
        .map(|_| running.post("/done", &done).status)
        .collect();
    assert!(again.contains(&429), "still slowed: {again:?}");
    // And that bucket is no wider a door: a burst of page loads is slowed too.
    let pages: Vec<u16> = (0..100)
        .map(|_| get(running.addr(), &base).status)
        .collect();
    assert!(pages.contains(&429), "{pages:?}");
}

/// `POST path` with `body`, the page's own way: naming its phone in the header.
fn post_as(running: &Running, phone: &str, path: &str, body: &str) -> Answer {
    let path = format!("{}{path}", running.base());
    let addr = running.addr();
    let raw = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nX-Tablekeeper-Phone: {phone}\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    send(addr, raw.as_bytes())
}

/// Ids that hold no seat share their address's share: sixteen made-up ids, each made known by
/// a `/seat null`, once sustained 16 shares from one address (issue 68, case 10: 112–131
/// requests a second). Now they spend one bucket together, and a watcher's `/seat null` said
/// again sends nothing to the phones.
#[test]
fn ids_without_a_seat_share_their_addresss_share_and_a_no_op_publishes_nothing() {
    let running = start();
    let ids: Vec<String> = (0..16).map(|n| format!("{n:032x}")).collect();
    let mut aki = Stream::open(&running, &format!("phone={A}"));
    assert!(aki.next().is_some(), "the table, once");
    for id in &ids {
        let watcher = format!(r#"{{"phone":"{id}","seat":null}}"#);
        loop {
            match post_as(&running, id, "/seat", &watcher).status {
                200 => break,
                429 => std::thread::sleep(std::time::Duration::from_millis(250)),
                other => panic!("{other}"),
            }
        }
    }
    assert!(
        aki.next().is_none(),
        "a watcher's /seat null republished the table"
    );
    std::thread::sleep(std::time::Duration::from_secs(5)); // every bucket full again
    let stale = r#"{"phone":"x","rev":1}"#;
    let taken = (0..160)
        .map(|n| post_as(&running, &ids[n % 16], "/done", stale).status)
        .filter(|&status| status != 429)
        .count();
    // One address's burst (20) and what refills while the requests go out, not 16 of them.
    assert!(taken <= 40, "{taken} of 160 taken from one address");
}

#[test]
fn phones_behind_one_address_each_have_their_share_and_are_told_when_to_send_again() {
    let running = start();
    for (phone, seat) in [(A, 0), (B, 1)] {
        let claim = format!(r#"{{"phone":"{phone}","seat":{seat}}}"#);
        assert_eq!(running.post("/seat", &claim).status, 200);
    }
    // Phone A, its page naming it, spends its share (stale Dones: refused, and counted).
    let stale = |phone: &str| format!(r#"{{"phone":"{phone}","rev":1}}"#);
    let statuses: Vec<u16> = (0..40)
        .map(|_| post_as(&running, A, "/done", &stale(A)).status)
        .collect();
    let slowed = post_as(&running, A, "/done", &stale(A));
    assert_eq!(slowed.status, 429, "{statuses:?}");
    // In words the page reads, with how long to wait, in the body and in Retry-After.
    let answer: serde_json::Value = serde_json::from_str(&slowed.body).unwrap();
    assert_eq!(answer["error"], "too_fast", "{}", slowed.body);
    let wait = answer["retry_ms"].as_u64().unwrap();
    assert!((1..=200).contains(&wait), "{wait}");
    assert!(
        slowed.head.to_ascii_lowercase().contains("retry-after: 1"),
        "{}",
        slowed.head
    );
    // Phone B, on the same address, still has its own share...
    assert_eq!(post_as(&running, B, "/done", &stale(B)).status, 409);
    // ...and so has the address itself, for a request naming no phone or one the table does
    // not know (an invented id buys nothing of A's or B's).
    assert_eq!(running.post("/done", &stale(A)).status, 409);
    assert_eq!(
        post_as(&running, &invented(5), "/done", &stale(A)).status,
        409
    );
    // Once told, A's request is taken again after the wait it was given.
    std::thread::sleep(Duration::from_millis(wait + 20));
    assert_eq!(post_as(&running, A, "/done", &stale(A)).status, 409);
}

#[test]
fn the_stream_sends_the_table_then_each_change_but_not_a_clock_running_on() {
    let running = start();
    let watcher = invented(3);
    let mut stream = Stream::open(&running, &format!("lang=ja&phone={watcher}"));
    let first = stream.next().expect("the table at once");
    assert_eq!(first["table"]["whose"], "Akiの手番");
    assert_eq!(first["table"]["turn"], "1.1.1");
    assert_eq!(first["table"]["rev"], 101);
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
fn a_phone_gets_the_first_language_it_reads_that_the_table_speaks() {
    let running = start();
    for (asked, whose, lang) in [
        ("xx-YY%2Cja-JP%2Cen", "Akiの手番", "ja"),
        ("en-GB%2Cja", "Aki's turn", "en"),
        ("xx", "Aki's turn", "en"),
        ("", "Aki's turn", "en"),
    ] {
        let phone = invented(7);
        let mut stream = Stream::open(&running, &format!("lang={asked}&phone={phone}"));
        let first = stream.next().expect("the table at once");
        assert_eq!(first["table"]["whose"], whose, "{asked}");
        assert_eq!(first["table"]["words"]["lang"], lang, "{asked}");
    }
}

#[test]
fn a_phone_that_reconnects_is_told_its_seat() {
    let running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    let first = stream.next().unwrap();
    assert_eq!(first["you"], 0);
    assert_eq!(first["table"]["players"][0]["claimed"], true);
    assert_eq!(first["table"]["words"]["done"], "Done ▶");
}

#[test]
fn turning_the_phones_off_closes_every_connection_and_the_port() {
    let running = start();
    let addr = running.addr();
    let page = format!("/t/{}", running.secret.as_str());
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert!(stream.next().is_some());
    let stopped = std::time::Instant::now();
    drop(running);
    assert!(
        stopped.elapsed() < Duration::from_secs(3),
        "stopping waited {:?}",
        stopped.elapsed()
    );
    assert!(stream.next().is_none(), "the open stream ends");
    // Nothing of it listens: the port is closed, or (the tests run side by side) another
    // test's server took it since, which does not know this table's page.
    if TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_ok() {
        assert_ne!(get(addr, &page).status, 200, "nothing of it listens");
    }
}

#[test]
fn one_address_cannot_hold_every_connection() {
    let running = start();
    let held: Vec<TcpStream> = (0..PER_ADDRESS)
        .map(|_| TcpStream::connect(running.addr()).unwrap())
        .collect();
    // Over the cap, a connection is closed as it is accepted: no answer comes (once the server
    // has accepted the held ones, which a busy machine may take a moment to do).
    let over = answered_within(Duration::from_secs(3), 0, || {
        get(running.addr(), &running.base())
    });
    assert_eq!(over.status, 0, "{over:?}");
    drop(held);
    let again = answered_within(Duration::from_secs(3), 200, || {
        get(running.addr(), &running.base())
    });
    assert_eq!(again.status, 200, "{again:?}");
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
        game: Name::new("TERRAVIST", "テラビスト"),
        glance: t.session.glance(common::at(t.now)),
        ..TableNow::between_games()
    };
    let now = table(&t);
    assert_eq!(now.turn(), None, "no turn to end: Done is not offered");
    let en = now.render(Locale::EN, &[false, false], None);
    assert_eq!(en["stage"], "round_end");
    assert_eq!(
        en["doing"],
        "Round 1 ends: the round objective is being ranked."
    );
    assert_eq!(en["turn"], serde_json::Value::Null);
    let ja = now.render(Locale::JA, &[false, false], None);
    assert_eq!(
        ja["doing"],
        "第1ラウンド終了：ラウンド目的の順位を決めています。"
    );
}

/// Stops the server while the connections `hold` opened are still there: the stop itself
/// returns at once, the port is closed within a second, the server's thread ends within a
/// second, and so does every held connection.
fn stops_at_once_despite(hold: impl FnOnce(SocketAddr) -> Vec<TcpStream>) {
    let running = start();
    let addr = running.addr();
    let mut held = hold(addr);
    std::thread::sleep(Duration::from_millis(100)); // all accepted, all being read
    let asked = std::time::Instant::now();
    let stopping = running.server.stop();
    assert!(
        asked.elapsed() < Duration::from_millis(100),
        "stopping took {:?}",
        asked.elapsed()
    );
    assert!(
        stopping.port_closed(Duration::from_secs(1)),
        "the port closes"
    );
    assert!(
        TcpStream::connect_timeout(&addr, Duration::from_millis(300)).is_err(),
        "nothing listens"
    );
    assert!(stopping.finished(Duration::from_secs(1)), "the thread ends");
    for tcp in &mut held {
        assert!(
            closed_within(tcp, Duration::from_secs(1)),
            "a held connection is closed"
        );
    }
}

#[test]
fn stopping_never_waits_on_a_half_sent_request_line() {
    // Thirty bytes with no secret and no end of the head: this froze the window for as long
    // as the client kept its socket open.
    stops_at_once_despite(|addr| {
        vec![hold_from(
            [127, 0, 0, 1].into(),
            addr,
            b"GET /t/abc HTTP/1.1\r\nHost: x",
        )]
    });
}

#[test]
fn stopping_never_waits_on_a_half_sent_body() {
    stops_at_once_despite(|addr| {
        let head = format!(
            "POST /t/{A}/seat HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{{\"phone\":"
        );
        vec![hold_from([127, 0, 0, 1].into(), addr, head.as_bytes())]
    });
}

#[test]
fn stopping_never_waits_on_every_connection_slot_held_idle() {
    // 64 silent connections, eight an address from eight addresses (the cap in all).
    stops_at_once_despite(|addr| {
        (0..IN_ALL)
            .map(|i| {
                let source = [127, 0, 0, 2 + (i / PER_ADDRESS) as u8].into();
                hold_from(source, addr, b"")
            })
            .collect()
    });
}

#[test]
fn a_half_sent_request_is_closed_after_the_header_timeout_and_frees_its_slot() {
    let running = start();
    let addr = running.addr();
    // One address's every slot, each with half a request line.
    let mut held: Vec<TcpStream> = (0..PER_ADDRESS)
        .map(|_| hold_from([127, 0, 0, 1].into(), addr, b"GET /t/abc HTTP/1.1\r\nHost"))
        .collect();
    let full = answered_within(Duration::from_secs(3), 0, || get(addr, &running.base()));
    assert_eq!(full.status, 0, "every slot is held: {full:?}");
    let started = std::time::Instant::now();
    for tcp in &mut held {
        let left = (HEADER_TIMEOUT + Duration::from_secs(2)).saturating_sub(started.elapsed());
        assert!(closed_within(tcp, left), "closed by the header timeout");
    }
    assert!(started.elapsed() >= HEADER_TIMEOUT - Duration::from_millis(500));
    assert_eq!(
        get(addr, &running.base()).status,
        200,
        "the slots are free again"
    );
}

#[test]
fn a_half_sent_body_is_refused_after_the_request_timeout() {
    let mut running = start_with(vec![]);
    let addr = running.addr();
    let head = format!(
        "POST {}/seat HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"phone\":",
        running.base()
    );
    let mut tcp = hold_from([127, 0, 0, 1].into(), addr, head.as_bytes());
    tcp.set_read_timeout(Some(REQUEST_TIMEOUT + Duration::from_secs(3)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = std::io::Read::read_to_end(&mut tcp, &mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(running.server.phones().is_empty());
    assert_eq!(running.everything_asked(), vec![]);
}

#[test]
fn a_request_must_name_this_table_and_come_from_its_own_page() {
    let running = start_with(vec![]);
    let addr = running.addr();
    let page = |host: &str, extra: &str| {
        let raw = format!(
            "GET {}/ HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n",
            running.base()
        );
        common::http::send(addr, raw.as_bytes()).status
    };
    // The address a phone opens, with and without the trailing slash, and localhost.
    assert_eq!(page(&addr.to_string(), ""), 200);
    assert_eq!(page(&format!("localhost:{}", addr.port()), ""), 200);
    assert_eq!(get(addr, &running.base()).status, 200);
    // Another name that happens to resolve here (DNS rebinding), no name, or another page's
    // Origin: refused.
    assert_eq!(page("evil.example", ""), 421);
    assert_eq!(page("", ""), 421);
    let evil = "Origin: http://evil.example\r\n";
    assert_eq!(page(&addr.to_string(), evil), 421);
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    let forged = format!(
        "POST {}/seat HTTP/1.1\r\nHost: {addr}\r\n{evil}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{claim}",
        running.base(),
        claim.len()
    );
    assert_eq!(common::http::send(addr, forged.as_bytes()).status, 421);
    assert!(running.server.phones().is_empty(), "no seat taken");
    let own = format!("Origin: http://{addr}\r\n");
    assert_eq!(page(&addr.to_string(), &own), 200);
}

#[test]
fn a_new_code_kills_the_old_address_at_once_and_every_phone_scans_again() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert_eq!(stream.next().unwrap()["you"], 0);
    let old_base = running.base();

    let fresh = Secret::generate();
    running.server.change_secret(fresh.clone());
    // A table sent before the change may still be on its way (a loaded machine): the word
    // that ends the stream comes after it.
    let kind = (0..5)
        .map_while(|_| stream.next_event())
        .map(|(kind, _)| kind)
        .find(|kind| kind != "table")
        .expect("the stream says why it ends");
    assert_eq!(kind, "gone");
    assert!(stream.ended(), "and ends");
    assert!(running.server.phones().is_empty(), "every seat is free");
    // The old address: the page, the check the page makes, Done: all dead.
    let addr = running.addr();
    assert_eq!(get(addr, &old_base).status, 404);
    assert_eq!(get(addr, &format!("{old_base}/hello")).status, 404);
    let done = format!(r#"{{"phone":"{A}","rev":101}}"#);
    assert_eq!(post(addr, &format!("{old_base}/done"), &done).status, 404);
    // The new one works, and the same phone may take its seat again there.
    running.secret = fresh;
    assert_eq!(running.server.path(), running.base());
    assert_eq!(get(addr, &format!("{}/hello", running.base())).status, 204);
    // The same phone asks for its seat again there, and the table gives it.
    given(&running, [127, 0, 0, 1], A, 0);
    assert_eq!(running.post("/done", &done).status, 202);
}

#[test]
fn a_phone_has_one_stream_and_a_newer_one_replaces_the_old() {
    let running = start();
    let mut first = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert!(first.next().is_some());
    let mut second = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert!(second.next().is_some());
    let (kind, _) = first.next_event().expect("told it was replaced");
    assert_eq!(kind, "replaced");
    assert!(first.ended());
    // The newer one goes on.
    running.server.publish(table(1, 2, 1));
    assert_eq!(second.next().unwrap()["table"]["rev"], 102);
}

#[test]
fn a_phone_taking_changing_and_leaving_a_seat_tells_the_window() {
    let mut running = start_with(vec![]);
    let seat = |phone: &str, seat: &str| format!(r#"{{"phone":"{phone}","seat":{seat}}}"#);
    assert_eq!(running.post("/seat", &seat(A, "0")).status, 202);
    assert_eq!(
        running.everything_asked(),
        vec![PhoneMessage::Asks { seat: 0 }]
    );
    // Asking again (the page asks on each update) is no news.
    assert_eq!(running.post("/seat", &seat(A, "0")).status, 202);
    assert_eq!(running.everything_asked(), vec![]);
    assert!(running.server.give_seat(0, A));
    assert_eq!(
        running.everything_asked(),
        vec![PhoneMessage::Seated {
            from: None,
            to: Some(0)
        }]
    );
    // The same seat again (a reload) is no news.
    assert_eq!(running.post("/seat", &seat(A, "0")).status, 200);
    assert_eq!(running.everything_asked(), vec![]);
    assert_eq!(running.post("/seat", &seat(A, "1")).status, 202);
    assert!(running.server.give_seat(1, A));
    assert_eq!(running.post("/seat", &seat(A, "null")).status, 200);
    assert_eq!(running.post("/seat", &seat(B, "0")).status, 202);
    assert!(running.server.give_seat(0, B));
    running.server.drop_phone(B);
    assert_eq!(
        running.everything_asked(),
        vec![
            PhoneMessage::Asks { seat: 1 },
            PhoneMessage::Seated {
                from: Some(0),
                to: Some(1)
            },
            PhoneMessage::Seated {
                from: Some(1),
                to: None
            },
            PhoneMessage::Asks { seat: 0 },
            PhoneMessage::Seated {
                from: None,
                to: Some(0)
            },
            PhoneMessage::Seated {
                from: Some(0),
                to: None
            },
        ]
    );
}

#[test]
fn strangers_holding_every_slot_cannot_shut_a_phone_out() {
    let running = start();
    let addr = running.addr();
    // A phone of the table, its stream open (it showed the secret).
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert!(stream.next().is_some());
    // Strangers from nine addresses open every slot there is and more, and send nothing.
    let strangers: Vec<TcpStream> = (0..IN_ALL + 8)
        .map(|i| {
            let source = [127, 0, 0, 2 + (i % 9) as u8].into();
            hold_from(source, addr, b"")
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    // A phone joining now still gets the page, at once (the oldest stranger makes room).
    assert_eq!(get(addr, &running.base()).status, 200);
    // And the phone already there keeps its stream.
    running.server.publish(table(1, 2, 1));
    assert_eq!(stream.next().expect("still connected")["table"]["rev"], 102);
    drop(strangers);
}

/// The table at a round end asking every seat its result (seat 0's form), and Ben's column of
/// the sheet closed.
fn asking_results() -> TableNow {
    use tablekeeper::session::seat_form::ResultAsked;
    let mut t = table(1, 3, 0);
    t.glance.stage = Stage::RoundEnd { round: 1 };
    t.glance.current = None;
    t.forms = vec![
        tablekeeper::session::SeatForm {
            result: Some(ResultAsked {
                round: 1,
                objective: None,
                value: None,
                by_table: false,
            }),
            column: None,
        },
        tablekeeper::session::SeatForm::default(),
    ];
    t
}

#[test]
fn a_phone_enters_only_its_own_values_only_while_asked_and_only_small_and_well_formed() {
    use tablekeeper::session::{Field, SeatEntry};
    let mut running = start();
    let seat = |phone: &str, seat: usize| format!(r#"{{"phone":"{phone}","seat":{seat}}}"#);
    assert_eq!(running.post("/seat", &seat(A, 0)).status, 200);
    assert_eq!(running.post("/seat", &seat(B, 1)).status, 200);
    let result = |phone: &str, id: &str, value: &str| {
        format!(r#"{{"phone":"{phone}","id":"{id}","value":{value},"was":null}}"#)
    };
    // Mid-turn nothing is asked: closed.
    assert_eq!(running.post("/enter", &result(A, "e1", "3")).status, 409);
    running.server.publish(asking_results());

    // A phone with no seat, a forged seat in the body, a bad id, a value out of range, an
    // unknown field, a body over the limit: refused before the app hears of it.
    let stranger = "cccccccccccccccccccccccccccccccc";
    assert_eq!(
        running.post("/enter", &result(stranger, "e1", "3")).status,
        403
    );
    let forged = format!(r#"{{"phone":"{B}","seat":0,"id":"e1","value":3,"was":null}}"#);
    assert_eq!(running.post("/enter", &forged).status, 422);
    assert_eq!(running.post("/enter", &result(A, "e 1", "3")).status, 422);
    assert_eq!(
        running
            .post("/enter", &result(A, &"e".repeat(33), "3"))
            .status,
        422
    );
    assert_eq!(
        running.post("/enter", &result(A, "e1", "1000001")).status,
        422
    );
    assert_eq!(
        running.post("/enter", &result(A, "e1", "1e400")).status,
        400
    );
    let long_part = format!(
        r#"{{"phone":"{A}","id":"e1","part":"{}","value":1,"was":null}}"#,
        "p".repeat(65)
    );
    assert_eq!(running.post("/enter", &long_part).status, 422);
    let huge = format!(
        r#"{{"phone":"{A}","id":"e1","value":1,"was":null,"pad":"{}"}}"#,
        "x".repeat(2000)
    );
    assert_eq!(running.post("/enter", &huge).status, 413);
    // Ben's phone is asked nothing: its result and its column are closed.
    assert_eq!(running.post("/enter", &result(B, "e1", "2")).status, 409);
    let cell = format!(r#"{{"phone":"{A}","id":"e2","part":"eggs","value":4,"was":null}}"#);
    assert_eq!(running.post("/enter", &cell).status, 409, "no column open");
    assert_eq!(
        running
            .post("/ready", &format!(r#"{{"phone":"{A}","ready":true}}"#))
            .status,
        409
    );
    assert_eq!(running.asked(), vec![]);

    // Aki's phone, asked: handed to the app with Aki's seat (the seat is the phone's, never the
    // body's), the value and what it was typed over.
    assert_eq!(running.post("/enter", &result(A, "e-9", "3")).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Enter {
            seat: 0,
            id: "e-9".into(),
            entry: SeatEntry {
                field: Field::Result,
                value: Some(3),
                was: None
            }
        }]
    );
}

#[test]
fn a_phones_ready_in_a_phase_played_at_once_is_its_own_only_while_it_waits() {
    let mut running = start();
    let seat = |phone: &str, seat: usize| format!(r#"{{"phone":"{phone}","seat":{seat}}}"#);
    assert_eq!(running.post("/seat", &seat(A, 0)).status, 200);
    assert_eq!(running.post("/seat", &seat(B, 1)).status, 200);
    let ready = |phone: &str| format!(r#"{{"phone":"{phone}"}}"#);
    // No phase runs: closed.
    assert_eq!(running.post("/together", &ready(A)).status, 409);
    let mut t = table(1, 2, 0);
    t.glance.together = Some(vec![false, true]);
    running.server.publish(t);

    // A phone with no seat, a forged seat in the body, a body not JSON or over the limit.
    let stranger = "cccccccccccccccccccccccccccccccc";
    assert_eq!(running.post("/together", &ready(stranger)).status, 403);
    let forged = format!(r#"{{"phone":"{B}","seat":0}}"#);
    assert_eq!(running.post("/together", &forged).status, 422);
    assert_eq!(running.post("/together", "{\"phone\":").status, 400);
    let huge = format!(r#"{{"phone":"{A}","pad":"{}"}}"#, "x".repeat(2000));
    assert_eq!(running.post("/together", &huge).status, 413);
    // Ben is ready already.
    assert_eq!(running.post("/together", &ready(B)).status, 409);
    assert_eq!(running.asked(), vec![]);

    // Aki's, sent twice before the table moves on: both handed on with Aki's seat (the app
    // checks each against the game and writes the first only, see tests/gui_clock.rs).
    assert_eq!(running.post("/together", &ready(A)).status, 202);
    assert_eq!(running.post("/together", &ready(A)).status, 202);
    assert_eq!(
        running.asked(),
        vec![
            PhoneMessage::TogetherReady { seat: 0 },
            PhoneMessage::TogetherReady { seat: 0 }
        ]
    );
}

#[test]
fn the_stream_carries_each_seats_form_and_the_apps_answer_in_the_phones_language() {
    use tablekeeper::i18n::Text;
    use tablekeeper::phones::EntryAnswer;
    let running = start();
    let mut now = asking_results();
    now.answers = vec![vec![EntryAnswer {
        id: "e-1".into(),
        refused: Some(Text::new("phone.entry_changed")),
    }]];
    running.server.publish(now);
    let mut stream = Stream::open(&running, &format!("lang=ja&phone={A}"));
    let table = stream.next().expect("the table");
    let aki = &table["table"]["players"][0];
    assert_eq!(
        aki["form"]["result"]["prompt"],
        "ラウンド1の目的のあなたの結果"
    );
    assert_eq!(aki["form"]["column"], serde_json::Value::Null);
    assert_eq!(aki["answers"][0]["id"], "e-1");
    assert_eq!(aki["answers"][0]["ok"], false);
    assert_eq!(
        aki["answers"][0]["said"],
        "この値はテーブルで変更されました。テーブルの値が優先されます。"
    );
    assert_eq!(
        table["table"]["players"][1]["form"]["result"],
        serde_json::Value::Null
    );
}

// What a player holding the link can try from a few devices of their own (each 127.0.0.x
// address is another device): each of these gave way before the limits were per address.

/// A request from `source` to the running table's `path`.
fn post_from(running: &Running, source: [u8; 4], path: &str, body: &str) -> Answer {
    let path = format!("{}{path}", running.base());
    send_from(
        source.into(),
        running.addr(),
        &request(running.addr(), "POST", &path, body),
    )
}

fn get_from(running: &Running, source: [u8; 4], path: &str) -> Answer {
    let path = format!("{}{path}", running.base());
    send_from(
        source.into(),
        running.addr(),
        &request(running.addr(), "GET", &path, ""),
    )
}

/// Asks the table's `/hello` on a connection opened earlier (and closes it); the whole answer.
fn ask_on(tcp: &mut TcpStream, running: &Running) -> String {
    let hello = format!(
        "GET {}/hello HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        running.base(),
        running.addr()
    );
    tcp.write_all(hello.as_bytes()).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut answer = String::new();
    let _ = std::io::Read::read_to_string(tcp, &mut answer);
    answer
}

/// A phone id made up from a number.
/// `id`, from `device`, asks for `seat` (no phone's), and the table gives it.
fn given(running: &Running, device: [u8; 4], id: &str, seat: usize) {
    let body = format!(r#"{{"phone":"{id}","seat":{seat}}}"#);
    let asked = post_from(running, device, "/seat", &body);
    assert_eq!(asked.status, 202, "{asked:?}");
    assert!(running.server.give_seat(seat, id));
    assert_eq!(post_from(running, device, "/seat", &body).status, 200);
}

fn invented(n: usize) -> String {
    format!("{n:032x}")
}

/// The same table with `players` seats.
fn table_of(players: usize) -> TableNow {
    let mut t = table(1, 1, 0);
    let colours = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];
    t.glance.players = (0..players)
        .map(|i| Player {
            name: format!("P{i}"),
            colour: colours[i % 4],
        })
        .collect();
    t.glance.totals = vec![Elapsed::zero(); players];
    t
}

/// A keep-alive connection from `source` that asked `raw` and read the answer's head, then
/// holds the connection open.
fn ask_and_hold(source: [u8; 4], to: SocketAddr, raw: &str) -> TcpStream {
    let mut tcp = hold_from(source.into(), to, raw.as_bytes());
    tcp.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match std::io::Read::read(&mut tcp, &mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => break,
        }
    }
    tcp
}

#[test]
fn a_new_code_closes_every_connection_that_showed_the_old_one_while_its_holders_keep_trying() {
    let mut running = start();
    let addr = running.addr();
    let old = running.base();
    // Eight devices hold every slot there is, each connection kept alive after asking with the
    // secret: the table's phones, as far as the server can tell.
    let hello = move |base: &str| format!("GET {base}/hello HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let device = |i: usize| [127, 0, 0, 2 + (i / PER_ADDRESS) as u8];
    let mut held: Vec<TcpStream> = (0..IN_ALL)
        .map(|i| ask_and_hold(device(i), addr, &hello(&old)))
        .collect();
    // (A phone joining now would get in by closing one of them: see
    // a_player_holding_every_slot_with_the_code_cannot_shut_a_new_phone_out.)

    // The table makes a new code: the leaked address is dead, and whoever held it keeps
    // trying it from every device, a new connection for each one closed.
    let fresh = Secret::generate();
    running.server.change_secret(fresh.clone());
    let changed = std::time::Instant::now();
    for tcp in &mut held {
        assert!(
            closed_within(tcp, Duration::from_secs(2)),
            "a connection that showed the old code is closed"
        );
    }
    let closed_after = changed.elapsed();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let holders = std::thread::spawn({
        let (stop, old) = (stop.clone(), old.clone());
        move || {
            let mut kept = Vec::new();
            let until = std::time::Instant::now() + Duration::from_secs(4);
            while !stop.load(std::sync::atomic::Ordering::Relaxed)
                && std::time::Instant::now() < until
            {
                for i in 0..IN_ALL {
                    kept.push(ask_and_hold(device(i), addr, &hello(&old)));
                }
                kept.truncate(IN_ALL * 2);
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    });
    // A phone with the new code gets in within a second, every time it asks.
    running.secret = fresh;
    let new_hello = format!("{}/hello", running.base());
    for _ in 0..3 {
        let asked = std::time::Instant::now();
        let answer = answered_within(Duration::from_secs(1), 204, || get(addr, &new_hello));
        assert_eq!(answer.status, 204, "{answer:?}");
        assert!(
            asked.elapsed() < Duration::from_secs(1),
            "{:?}",
            asked.elapsed()
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    holders.join().unwrap();
    eprintln!("the old code's {IN_ALL} connections closed within {closed_after:?}");
}

#[test]
fn invented_ids_from_many_devices_never_keep_a_real_phone_from_its_seat() {
    let running = start();
    // Twelve devices make up eight ids each and watch the table with them: 96 phones asked
    // for, more than the server remembers in all and each device more than its share.
    for device in 0..12u8 {
        for n in 0..8 {
            let id = invented(usize::from(device) * 100 + n);
            let body = format!(r#"{{"phone":"{id}","seat":null}}"#);
            let answer = post_from(&running, [127, 0, 0, 10 + device], "/seat", &body);
            assert_eq!(answer.status, 200, "an idle id makes room: {answer:?}");
        }
    }
    let phones = running.server.phones();
    assert!(phones.len() <= Limits::TABLE.phones, "{}", phones.len());
    for device in 0..12u8 {
        let here = (phones.iter())
            .filter(|p| p.address == std::net::IpAddr::from([127, 0, 0, 10 + device]))
            .count();
        assert!(here <= Limits::TABLE.phones_per_address, "{here}");
    }
    // Ben's real phone takes his seat.
    assert_eq!(
        running
            .post("/seat", &format!(r#"{{"phone":"{B}","seat":1}}"#))
            .status,
        200
    );
}

#[test]
fn one_device_asks_for_at_most_its_share_of_the_seats() {
    let running = start_with(vec![]);
    running.server.publish(table_of(4));
    let device = [127, 0, 0, 20];
    let seat = |n: usize, seat: usize| format!(r#"{{"phone":"{}","seat":{seat}}}"#, invented(n));
    for s in 0..Limits::TABLE.seats_per_address {
        assert_eq!(
            post_from(&running, device, "/seat", &seat(s, s)).status,
            202
        );
    }
    let over = post_from(&running, device, "/seat", &seat(9, 3));
    assert_eq!(over.status, 503, "{over:?}");
    assert!(over.body.contains("too_many_asks"), "{}", over.body);
    assert_eq!(running.server.asks().len(), Limits::TABLE.seats_per_address);
    // Another device asks too; and a phone of the first device may still change its ask.
    assert_eq!(
        post_from(&running, [127, 0, 0, 21], "/seat", &seat(10, 3)).status,
        202
    );
    assert_eq!(
        post_from(&running, device, "/seat", &seat(0, 2)).status,
        202
    );
    let asks: Vec<(usize, String)> = (running.server.asks().into_iter())
        .map(|a| (a.seat, a.phone))
        .collect();
    assert!(asks.contains(&(2, invented(0))) && !asks.contains(&(0, invented(0))));
    assert!(asks.contains(&(3, invented(10))));
}

#[test]
fn streams_never_read_from_many_devices_never_keep_a_seated_phone_from_its_stream() {
    let running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let mut aki = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert!(aki.next().is_some());
    // A table display watching from a device of its own, with no seat.
    let display = invented(999);
    let addr = running.addr();
    let raw = format!(
        "GET {}/events?phone={display} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        running.base()
    );
    let tcp = hold_from([127, 0, 0, 25].into(), addr, raw.as_bytes());
    tcp.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut display = Stream(BufReader::new(tcp));
    assert!(display.next().is_some());
    // Ten devices open streams under invented ids and never read them: 50 asked for, more
    // than the server keeps in all, and each device more than its share.
    let unread: Vec<TcpStream> = (0..50)
        .map(|i| {
            let path = format!("{}/events?phone={}", running.base(), invented(i));
            let raw = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n");
            hold_from(
                [127, 0, 0, 30 + (i % 10) as u8].into(),
                addr,
                raw.as_bytes(),
            )
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // Ben's phone opens its stream, and takes its seat.
    let mut ben = Stream::open(&running, &format!("lang=en&phone={B}"));
    assert!(ben.next().is_some(), "Ben's stream opens");
    let claim = format!(r#"{{"phone":"{B}","seat":1}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    // Both seated phones hear the next change: a seat's stream is never the one closed.
    running.server.publish(table(1, 2, 1));
    for (who, stream) in [
        ("Aki", &mut aki),
        ("Ben", &mut ben),
        ("the display", &mut display),
    ] {
        let rev = (0..4).find_map(|_| stream.next().filter(|t| t["table"]["rev"] == 102));
        assert!(rev.is_some(), "{who}'s stream goes on");
    }
    drop(unread);
}

#[test]
fn a_full_rate_table_forgets_the_least_recent_device_and_strangers_leave_no_trace() {
    let mut running = start();
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    // 300 devices ask with the secret, and 300 more without it.
    let device = |n: usize| [127, 0, 1 + (n / 200) as u8, (n % 200) as u8 + 1];
    for n in 0..300 {
        let answer = get_from(&running, device(n), "/hello");
        assert_eq!(answer.status, 204, "device {n}: {answer:?}");
    }
    for n in 300..600 {
        let path = format!("/t/{}/hello", Secret::generate().as_str());
        let raw = request(running.addr(), "GET", &path, "");
        let answer = send_from(device(n).into(), running.addr(), &raw);
        assert_eq!(answer.status, 404, "device {n}: {answer:?}");
    }
    // Aki's phone, come back on another address (it roamed to another access point): its
    // Done lands.
    let done = format!(r#"{{"phone":"{A}","rev":101}}"#);
    let answer = post_from(&running, [127, 0, 9, 9], "/done", &done);
    assert_eq!(answer.status, 202, "{answer:?}");
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Act {
            seat: 0,
            rev: 101,
            act: TableAct::Next
        }]
    );
}

#[test]
fn a_seat_writes_a_few_lines_a_second_however_many_ids_and_devices_ask() {
    let mut running = start();
    running.server.publish(asking_results());
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    // Aki's id, from ten devices at once, sends sixty results in well under a second.
    let started = std::time::Instant::now();
    let statuses: Vec<u16> = (0..60)
        .map(|i| {
            let body = format!(
                r#"{{"phone":"{A}","id":"e{i}","value":{},"was":null}}"#,
                i % 7
            );
            post_from(&running, [127, 0, 0, 40 + (i % 10) as u8], "/enter", &body).status
        })
        .collect();
    let took = started.elapsed().as_secs_f64();
    let reached = running.asked().len();
    assert!(statuses.contains(&429), "{statuses:?}");
    // A burst of twelve, then two a second.
    let most = 12.0 + 2.0 * took + 1.0;
    assert!(
        (reached as f64) <= most,
        "{reached} reached the app in {took:.2} s"
    );

    // Pause: a second id on the same seat (Aki's phone left it, another took it) is the same
    // seat's second pause within the second.
    running.server.publish(table(1, 1, 0));
    let pause = |id: &str| format!(r#"{{"phone":"{id}","rev":101,"paused":true}}"#);
    std::thread::sleep(Duration::from_millis(600)); // the seat's bucket refills a little
    assert_eq!(running.post("/pause", &pause(A)).status, 202);
    let leave = format!(r#"{{"phone":"{A}","seat":null}}"#);
    assert_eq!(running.post("/seat", &leave).status, 200);
    let other = invented(77);
    given(&running, [127, 0, 0, 60], &other, 0);
    let again = post_from(&running, [127, 0, 0, 60], "/pause", &pause(&other));
    assert_eq!(again.status, 429, "{again:?}");
}

#[test]
fn no_number_a_phone_sends_wraps() {
    let mut running = start();
    running.server.publish(asking_results());
    let claim = format!(r#"{{"phone":"{A}","seat":0}}"#);
    assert_eq!(running.post("/seat", &claim).status, 200);
    let result = |value: &str, was: &str| {
        format!(r#"{{"phone":"{A}","id":"x","value":{value},"was":{was}}}"#)
    };
    // i64::MIN passed the ±1,000,000 check when it was `abs() <= 1_000_000` (abs wraps).
    let answer = running.post("/enter", &result("-9223372036854775808", "null"));
    assert_eq!(answer.status, 422, "{answer:?}");
    assert!(answer.body.contains("bad_entry"), "{}", answer.body);
    for value in [
        "-9223372036854775808",
        "9223372036854775807",
        "-9223372036854775809",
        "18446744073709551615",
        "9007199254740993",
        "-9007199254740993",
        "1e308",
        "1e400",
        "-0",
        "NaN",
        "1000001",
        "-1000001",
        "0.5",
    ] {
        for body in [result(value, "null"), result("1", value)] {
            let answer = running.post("/enter", &body);
            assert!((400..500).contains(&answer.status), "{body}: {answer:?}");
        }
    }
    assert_eq!(running.asked(), vec![], "none reached the app");
    // The extremes of what a phone may send still land.
    for value in ["1000000", "-1000000", "0"] {
        // From another device: this one's requests are spent.
        let answer = post_from(&running, [127, 0, 0, 70], "/enter", &result(value, "null"));
        assert_eq!(answer.status, 202, "{value}: {answer:?}");
    }
    // Other numbers a phone sends: the state it saw, a seat, a count.
    for body in [
        format!(r#"{{"phone":"{A}","rev":18446744073709551616}}"#),
        format!(r#"{{"phone":"{A}","rev":-1}}"#),
    ] {
        let answer = post_from(&running, [127, 0, 0, 71], "/done", &body);
        assert_eq!(answer.status, 422, "{body}: {answer:?}");
    }
    let far_seat = format!(r#"{{"phone":"{B}","seat":18446744073709551615}}"#);
    assert_eq!(
        post_from(&running, [127, 0, 0, 71], "/seat", &far_seat).status,
        422
    );
    let far_count = format!(
        r#"{{"phone":"{A}","id":"x","part":"p","count":18446744073709551615,"value":1,"was":null}}"#
    );
    assert_eq!(
        post_from(&running, [127, 0, 0, 71], "/enter", &far_count).status,
        422
    );
}

#[test]
fn a_player_holding_every_slot_with_the_code_cannot_shut_a_new_phone_out() {
    let running = start();
    let addr = running.addr();
    // Aki's phone, its stream open.
    let mut aki = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert!(aki.next().is_some());
    // A player with the link holds every other slot from eight devices of their own, each
    // connection kept alive after asking with the code: vouched for, as a phone's are.
    let hello = format!(
        "GET {}/hello HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        running.base()
    );
    let held: Vec<TcpStream> = (0..IN_ALL)
        .map(|i| ask_and_hold([127, 0, 0, 2 + (i / PER_ADDRESS) as u8], addr, &hello))
        .collect();
    // A phone that joins now gets in at once, from a device of its own: a device holding more
    // than a phone's page needs makes room.
    let joined = std::time::Instant::now();
    let answer = answered_within(Duration::from_secs(1), 204, || {
        get_from(&running, [127, 0, 0, 50], "/hello")
    });
    assert_eq!(answer.status, 204, "{answer:?}");
    assert!(joined.elapsed() < Duration::from_secs(1));
    // And Aki's connection, one of a device's few, is never the one closed.
    running.server.publish(table(1, 2, 1));
    assert_eq!(aki.next().expect("still connected")["table"]["rev"], 102);
    drop(held);
}

#[test]
fn a_phones_new_connection_outlasts_a_stream_of_strangers_connections() {
    let running = start();
    let addr = running.addr();
    // A phone opens a connection and is about to ask on it.
    let mut phone = hold_from([127, 0, 0, 60].into(), addr, b"");
    std::thread::sleep(Duration::from_millis(100));
    // Meanwhile strangers open more connections than there are slots, from ten devices, one
    // after the other: each new one makes room.
    let strangers: Vec<TcpStream> = (0..IN_ALL + 16)
        .map(|i| hold_from([127, 0, 0, 70 + (i % 10) as u8].into(), addr, b""))
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    // The phone asks: its connection, its device's only one, is still there.
    let answer = ask_on(&mut phone, &running);
    assert!(answer.starts_with("HTTP/1.1 204"), "{answer:?}");
    drop(strangers);
}

#[test]
fn a_phones_new_connection_outlasts_a_player_holding_every_slot_with_the_code() {
    let running = start();
    let addr = running.addr();
    let hello = format!(
        "GET {}/hello HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        running.base()
    );
    let device = |i: usize| [127, 0, 0, 2 + (i / PER_ADDRESS) as u8];
    let mut held: Vec<TcpStream> = (0..IN_ALL)
        .map(|i| ask_and_hold(device(i), addr, &hello))
        .collect();
    // A phone connects and is about to ask; the player opens more, with the code, meanwhile.
    let mut phone = hold_from([127, 0, 0, 60].into(), addr, b"");
    std::thread::sleep(Duration::from_millis(50));
    held.extend((0..16).map(|i| ask_and_hold(device(i), addr, &hello)));
    let answer = ask_on(&mut phone, &running);
    assert!(answer.starts_with("HTTP/1.1 204"), "{answer:?}");
    drop(held);
}

#[test]
fn a_player_holding_the_link_can_do_nothing_for_a_seat_the_table_did_not_give_their_phone() {
    // Aki and Ben were named at the window: no phone holds either seat.
    let mut running = start_with(vec![]);
    running.server.publish(asking_results());
    // Aki's real phone asks for her seat; so do ids made up on five devices, for both seats.
    assert_eq!(
        running
            .post("/seat", &format!(r#"{{"phone":"{A}","seat":0}}"#))
            .status,
        202
    );
    let forged: Vec<(String, [u8; 4])> = (0..10)
        .map(|n| (invented(500 + n), [127, 0, 0, 50 + (n % 5) as u8]))
        .collect();
    for (n, (id, device)) in forged.iter().enumerate() {
        let body = format!(r#"{{"phone":"{id}","seat":{}}}"#, n % 2);
        let answer = post_from(&running, *device, "/seat", &body);
        assert!([202, 503].contains(&answer.status), "{answer:?}");
    }
    // Whatever they send for either seat, in whatever state, with whatever `was`: no seat.
    let acts = |id: &str| {
        [
            ("/done", format!(r#"{{"phone":"{id}","rev":103}}"#)),
            (
                "/pause",
                format!(r#"{{"phone":"{id}","rev":103,"paused":true}}"#),
            ),
            ("/ready", format!(r#"{{"phone":"{id}","ready":true}}"#)),
            ("/together", format!(r#"{{"phone":"{id}"}}"#)),
            (
                "/turn",
                format!(r#"{{"phone":"{id}","rev":103,"action":"add_egg","card":0}}"#),
            ),
            (
                "/enter",
                format!(r#"{{"phone":"{id}","id":"x","value":9,"was":null}}"#),
            ),
            (
                "/enter",
                format!(r#"{{"phone":"{id}","id":"y","value":9,"was":9}}"#),
            ),
        ]
    };
    for (id, device) in forged
        .iter()
        .chain([(A.to_string(), [127, 0, 0, 1])].iter())
    {
        for (path, body) in acts(id) {
            let answer = post_from(&running, *device, path, &body);
            assert_eq!(answer.status, 403, "{path} {body}: {answer:?}");
            assert!(answer.body.contains("no_seat"), "{}", answer.body);
        }
    }
    let asked = running.asked();
    assert!(
        asked.iter().all(|m| matches!(m, PhoneMessage::Asks { .. })),
        "only asks reach the window: {asked:?}"
    );
    assert!(running.server.asks().len() <= tablekeeper::phones::ASKS);
    assert!(running.server.seats().is_empty(), "asking is not holding");

    // The table gives Aki's seat to Aki's phone: every other ask for it is refused, and a
    // forged id asking again is told the seat is taken.
    assert!(running.server.give_seat(0, A));
    assert_eq!(running.server.seats(), vec![(0, A.to_string())]);
    for (id, device) in &forged {
        let body = format!(r#"{{"phone":"{id}","seat":0}}"#);
        assert_eq!(post_from(&running, *device, "/seat", &body).status, 409);
        assert!(
            !running.server.give_seat(0, id),
            "the table cannot give it twice"
        );
    }
    // Aki's phone enters her result; the forged ids still cannot.
    let mine = format!(r#"{{"phone":"{A}","id":"r","value":3,"was":null}}"#);
    assert_eq!(running.post("/enter", &mine).status, 202);
    let (id, device) = &forged[0];
    let theirs = format!(r#"{{"phone":"{id}","id":"r","value":9,"was":3}}"#);
    assert_eq!(post_from(&running, *device, "/enter", &theirs).status, 403);
    let entered: Vec<PhoneMessage> = (running.asked().into_iter())
        .filter(|m| matches!(m, PhoneMessage::Enter { .. }))
        .collect();
    assert_eq!(entered.len(), 1);
    assert!(matches!(&entered[0], PhoneMessage::Enter { seat: 0, .. }));
}

#[test]
fn a_phone_is_shown_its_own_form_and_answers_and_no_one_elses() {
    use tablekeeper::i18n::Text;
    use tablekeeper::phones::EntryAnswer;
    let running = start();
    let mut now = asking_results();
    // Both seats are asked; each has an answer waiting.
    now.forms[1] = now.forms[0].clone();
    now.forms[1].result.as_mut().unwrap().value = Some(4271);
    let answer = |id: &str| EntryAnswer {
        id: id.into(),
        refused: Some(Text::new("phone.entry_changed")),
    };
    now.answers = vec![vec![answer("aki-1")], vec![answer("ben-1")]];
    running.server.publish(now);
    let shown = |phone: &str| {
        let mut stream = Stream::open(&running, &format!("lang=en&phone={phone}"));
        stream.next().expect("the table")["table"]["players"].clone()
    };
    let aki = shown(A);
    assert!(aki[0]["form"]["result"].is_object());
    assert_eq!(aki[0]["answers"][0]["id"], "aki-1");
    assert!(
        aki[1]["form"].is_null() && aki[1]["answers"].is_null(),
        "{aki}"
    );
    let ben = shown(B);
    assert_eq!(ben[1]["form"]["result"]["value"], 4271);
    assert!(
        ben[0]["form"].is_null() && ben[0]["answers"].is_null(),
        "{ben}"
    );
    // A phone without a seat (a display, a made-up id) sees no one's.
    let watcher = shown(&invented(4));
    for player in watcher.as_array().unwrap() {
        assert!(player["form"].is_null() && player["answers"].is_null());
    }
    assert!(
        !watcher.to_string().contains("4271"),
        "Ben's value is his phone's only"
    );
    assert!(!aki.to_string().contains("4271"));
}

#[test]
fn a_seat_the_server_kept_is_found_again_after_a_restart_and_asks_are_answered() {
    let running = start_with(vec![(1, B.into())]);
    // Ben's phone, back after the app restarted: its seat, without asking.
    assert_eq!(
        running
            .post("/seat", &format!(r#"{{"phone":"{B}","seat":1}}"#))
            .status,
        200
    );
    // A phone asking for Aki's seat is refused: it may not ask again for a while.
    let stranger = invented(9);
    let ask = format!(r#"{{"phone":"{stranger}","seat":0}}"#);
    assert_eq!(running.post("/seat", &ask).status, 202);
    let mut stream = Stream::open(&running, &format!("lang=en&phone={stranger}"));
    let first = stream.next().unwrap();
    assert_eq!(
        (first["you"].clone(), first["asking"].clone()),
        (serde_json::Value::Null, 0.into())
    );
    running.server.refuse_seat(0, &stranger);
    let after = stream.next().expect("the page hears the answer");
    assert_eq!(after["asking"], serde_json::Value::Null);
    assert_eq!(after["you"], serde_json::Value::Null);
    let again = running.post("/seat", &ask);
    assert_eq!(again.status, 403);
    assert!(again.body.contains("refused"), "{}", again.body);
    assert!(running.server.asks().is_empty());
}

/// The table at a round end's step 2, which Ben's phone (the parent's) confirms.
fn at_a_step() -> TableNow {
    use tablekeeper::i18n::Text;
    use tablekeeper::session::table_step::{StepLine, TableStep};
    let mut t = asking_results();
    t.forms = Vec::new();
    t.rev = 300;
    t.step = Some(TableStep {
        key: "r1s2".into(),
        who: 1,
        title: Text::new("round_end.eggs"),
        lines: vec![StepLine::warning(Text::new("round_end.discarded"))],
        confirm: Text::new("round_end.return_eggs"),
        waiting: vec![0],
        takes_card: false,
        optional: false,
    });
    t
}

#[test]
fn only_the_phone_the_step_waits_on_confirms_it_and_only_that_step_in_that_state() {
    let mut running = start();
    running.server.publish(at_a_step());
    let step = |phone: &str, rev: u64, key: &str, card: &str| {
        format!(r#"{{"phone":"{phone}","rev":{rev},"key":"{key}","card":{card}}}"#)
    };
    // Aki's phone is not the parent's; a made-up id holds no seat.
    assert_eq!(
        running.post("/step", &step(A, 300, "r1s2", "null")).status,
        403
    );
    let stranger = step(&invented(1), 300, "r1s2", "null");
    assert_eq!(
        post_from(&running, [127, 0, 0, 70], "/step", &stranger).status,
        403
    );
    // Ben's, in another state or for another step: stale.
    assert_eq!(
        running.post("/step", &step(B, 299, "r1s2", "null")).status,
        409
    );
    assert_eq!(
        running.post("/step", &step(B, 300, "r1s3", "null")).status,
        409
    );
    // A card's name too long, or one that could pass for another: refused.
    let long = format!("\"{}\"", "x".repeat(65));
    assert_eq!(
        running.post("/step", &step(B, 300, "r1s2", &long)).status,
        422
    );
    let hidden = "\"Oak\\u200bGrove\"";
    assert_eq!(
        running.post("/step", &step(B, 300, "r1s2", hidden)).status,
        422
    );
    assert_eq!(running.asked(), vec![]);
    assert_eq!(
        running
            .post("/step", &step(B, 300, "r1s2", "\"Drought\""))
            .status,
        202
    );
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Act {
            seat: 1,
            rev: 300,
            act: TableAct::Step {
                key: "r1s2".into(),
                card: Some("Drought".into())
            }
        }]
    );
    // The stream shows every phone the step, and who confirms it.
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    let shown = stream.next().unwrap()["table"]["step"].clone();
    assert_eq!(shown["who"], 1);
    assert_eq!(shown["confirm"], "Return the eggs");
    assert_eq!(
        shown["waiting"],
        "Not in yet: Aki. Confirming now counts them as 0."
    );
    assert_eq!(shown["lines"][0]["warning"], true);
}

#[test]
fn a_phone_finishes_only_once_every_column_is_ready_and_only_in_the_state_it_saw() {
    use tablekeeper::session::seat_form::Column;
    let mut running = start();
    let mut t = table(3, 4, 0);
    t.rev = 500;
    t.glance.stage = Stage::Over;
    t.glance.current = None;
    let column = |ready| tablekeeper::session::SeatForm {
        result: None,
        column: Some(Column {
            cells: Vec::new(),
            total: None,
            ready,
        }),
    };
    t.forms = vec![column(true), column(false)];
    running.server.publish(t.clone());
    let finish = |phone: &str, rev: u64| format!(r#"{{"phone":"{phone}","rev":{rev}}}"#);
    let refused = running.post("/finish", &finish(A, 500));
    assert_eq!(refused.status, 409);
    assert!(refused.body.contains("not_ready"));
    t.forms = vec![column(true), column(true)];
    running.server.publish(t);
    let stranger = finish(&invented(2), 500);
    assert_eq!(
        post_from(&running, [127, 0, 0, 71], "/finish", &stranger).status,
        403
    );
    assert_eq!(running.post("/finish", &finish(A, 499)).status, 409);
    assert_eq!(running.asked(), vec![]);
    assert_eq!(running.post("/finish", &finish(B, 500)).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Finish { seat: 1, rev: 500 }]
    );
}

/// The table while TERRAVIST is set up with the phones on: `phones` in seat order.
fn setting_up(phones: Vec<Option<String>>) -> TableNow {
    use tablekeeper::phones::{HostChoice, Lobby};
    let mut t = TableNow::between_games();
    t.glance.players = (0..phones.len())
        .map(|i| Player {
            name: format!("P{i}"),
            colour: Colour::ALL[i],
        })
        .collect();
    t.glance.parent = Some(0);
    t.rev = 7;
    t.lobby = Some(Lobby {
        colours: Colour::ALL[..4].to_vec(),
        free_colours: Colour::ALL[phones.len()..4].to_vec(),
        phones,
        known_names: vec!["Aki".into()],
        known_seated: Vec::new(),
        max_players: 4,
        first_habitat: Some(HostChoice {
            options: vec![("forest".into(), Name::new("Forest", "森林"))],
            chosen: None,
        }),
        not_ready: None,
        removed: Vec::new(),
        gone: Vec::new(),
        host_phone: None,
        variants: Vec::new(),
        notes: Vec::new(),
    });
    t
}

#[test]
fn a_phone_joins_the_game_being_set_up_with_its_own_name_and_nothing_else() {
    let mut running = start_with(vec![]);
    let join = |phone: &str, name: &str, colour: &str| {
        serde_json::json!({"phone": phone, "name": name, "colour": colour}).to_string()
    };
    // Mid-game: nothing to join.
    assert_eq!(running.post("/join", &join(A, "Aki", "red")).status, 409);
    running.server.publish(setting_up(vec![None, None]));
    let hostile = [
        join(A, "", "red"),
        join(A, "   ", "red"),
        join(A, &"あ".repeat(25), "red"),
        join(A, "Aki\u{200b}", "red"),
        join(A, "A\u{202e}ki", "red"),
        join(A, "Aki\nBen", "red"),
        // A line or paragraph separator, and format characters of other scripts.
        join(A, "Aki\u{2028}Ben", "red"),
        join(A, "Aki\u{2029}Ben", "red"),
        join(A, "\u{600}Aki", "red"),
        join(A, "Aki\u{e0001}", "red"),
        join(A, "Aki", "crimson"),
        join(A, "Aki", "colour.red"),
        join("not-an-id", "Aki", "red"),
    ];
    for body in &hostile {
        let answer = running.post("/join", body);
        assert!((400..500).contains(&answer.status), "{body}: {answer:?}");
    }
    assert_eq!(running.asked(), vec![]);
    assert_eq!(running.post("/join", &join(A, " Aki ", "red")).status, 202);
    assert_eq!(
        running.asked(),
        vec![PhoneMessage::Join {
            phone: A.into(),
            name: "Aki".into(),
            colour: Some(Colour::Red),
        }]
    );
    // Phones behind one address are separate devices, each counted by the id its page keeps
    // (issue 57, case 11: the third was refused "too_many_seats"): the game's seats bound them.
    running
        .server
        .publish(setting_up(vec![Some(A.into()), None]));
    let device = [127, 0, 0, 80];
    for n in 0..3 {
        let id = invented(800 + n);
        let body = join(&id, &format!("X{n}"), "blue");
        assert_eq!(post_from(&running, device, "/join", &body).status, 202);
        let mut phones: Vec<Option<String>> = vec![Some(A.into())];
        phones.extend((0..=n).map(|m| Some(invented(800 + m))));
        running.server.publish(setting_up(phones));
    }
    // A full game takes no one new; a seated phone may still change its name.
    let mut four: Vec<Option<String>> = vec![Some(A.into())];
    four.extend((800..803).map(|n| Some(invented(n))));
    running.server.publish(setting_up(four));
    let full = running.post("/join", &join(B, "Ben", "green"));
    assert_eq!(full.status, 409);
    assert!(full.body.contains("full"));
    assert_eq!(running.post("/join", &join(A, "Akiko", "red")).status, 202);
}

#[test]
fn while_the_game_is_set_up_the_setup_says_which_phone_holds_which_seat() {
    let mut running = start_with(vec![]);
    running
        .server
        .publish(setting_up(vec![Some(A.into()), None]));
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    let first = stream.next().unwrap();
    assert_eq!(first["you"], 0);
    assert_eq!(first["table"]["lobby"]["host"], 0);
    // Every colour offered, in order; those seats hold are marked taken, in their place.
    let colours = first["table"]["lobby"]["colours"].as_array().unwrap();
    let taken: Vec<bool> = colours.iter().map(|c| c["taken"] == true).collect();
    assert_eq!(colours[0]["key"], "red");
    assert_eq!(taken, [true, true, false, false], "{colours:?}");
    assert_eq!(colours[2]["key"], "yellow");
    assert_eq!(first["table"]["players"][0]["claimed"], true);
    // The window moved Aki's seat down: her phone follows it.
    running
        .server
        .publish(setting_up(vec![None, Some(A.into())]));
    assert_eq!(stream.next().unwrap()["you"], 1);
    // The window removed her seat: her phone holds none.
    running.server.publish(setting_up(vec![None, None, None]));
    assert_eq!(stream.next().unwrap()["you"], serde_json::Value::Null);
    // A phone cannot take a seat by number while the game is set up; it joins.
    let by_number = running.post("/seat", &format!(r#"{{"phone":"{B}","seat":0}}"#));
    assert_eq!(by_number.status, 409);
    assert_eq!(running.asked(), vec![]);
}

#[test]
fn only_a_seated_phone_starts_and_only_the_host_chooses_the_first_habitat() {
    let mut running = start_with(vec![]);
    running
        .server
        .publish(setting_up(vec![Some(A.into()), Some(B.into())]));
    // The setup the phones were shown is state 7 (see `setting_up`).
    let start = |phone: &str| format!(r#"{{"phone":"{phone}","rev":7}}"#);
    let choose = |phone: &str, habitat: &str| {
        format!(r#"{{"phone":"{phone}","rev":7,"habitat":"{habitat}"}}"#)
    };
    let stranger = invented(42);
    assert_eq!(
        post_from(&running, [127, 0, 0, 90], "/start", &start(&stranger)).status,
        403
    );
    assert_eq!(
        post_from(
            &running,
            [127, 0, 0, 90],
            "/choose",
            &choose(&stranger, "forest")
        )
        .status,
        403
    );
    // Ben's phone is not the host (Aki's is: the parent's seat has a phone).
    assert_eq!(running.post("/choose", &choose(B, "forest")).status, 403);
    assert_eq!(running.post("/choose", &choose(A, "swamp")).status, 422);
    // Tapped on a setup the window has changed since: stale.
    let old = |path: &str| format!(r#"{{"phone":"{A}","rev":6{path}}}"#);
    assert_eq!(running.post("/start", &old("")).status, 409);
    assert_eq!(
        running
            .post("/choose", &old(r#","habitat":"forest""#))
            .status,
        409
    );
    assert_eq!(running.asked(), vec![]);
    assert_eq!(running.post("/choose", &choose(A, "forest")).status, 202);
    assert_eq!(running.post("/start", &start(B)).status, 202);
    assert_eq!(
        running.asked(),
        vec![
            PhoneMessage::FirstHabitat {
                seat: 0,
                habitat: "forest".into(),
                rev: 7,
            },
            PhoneMessage::StartGame { seat: 1, rev: 7 },
        ]
    );
    // Not ready (a seat without a name): Start is refused.
    let mut waiting = setting_up(vec![Some(A.into()), Some(B.into())]);
    waiting.lobby.as_mut().unwrap().not_ready =
        Some(tablekeeper::i18n::Text::new("phone.lobby_unnamed"));
    running.server.publish(waiting);
    std::thread::sleep(Duration::from_millis(1100)); // the seat's share refills
    assert_eq!(running.post("/start", &start(A)).status, 409);
}

#[test]
fn a_dropped_phone_is_never_seated_again_not_by_its_old_ask_nor_by_the_setup() {
    let mut running = start_with(vec![]);
    // A phone watches, then asks for Aki's seat; the table drops it before answering.
    let watch = format!(r#"{{"phone":"{A}","seat":null}}"#);
    assert_eq!(running.post("/seat", &watch).status, 200);
    assert_eq!(
        running
            .post("/seat", &format!(r#"{{"phone":"{A}","seat":0}}"#))
            .status,
        202
    );
    running.server.drop_phone(A);
    assert!(running.server.asks().is_empty(), "its ask went with it");
    assert!(
        !running.server.give_seat(0, A),
        "a late Let it gives nothing"
    );
    let pause = format!(r#"{{"phone":"{A}","rev":101,"paused":true}}"#);
    assert_eq!(running.post("/pause", &pause).status, 403);
    // While a game is set up, a setup that still names it does not seat it either.
    running
        .server
        .publish(setting_up(vec![Some(A.into()), None]));
    let mut stream = Stream::open(&running, &format!("lang=en&phone={A}"));
    assert_eq!(stream.next().unwrap()["you"], serde_json::Value::Null);
    let _ = running.asked();
}

/// Where no window keeps the table, a phone that asks for a free seat while no phone holds any
/// seat (every phone left: nobody to ask) takes it at once, and is the host from then on: the
/// next phone's ask waits for it. Before, the ask waited for no one, for good.
#[test]
fn with_no_seat_held_the_first_phone_that_asks_takes_a_seat_and_answers_the_next() {
    let running = start_with(vec![]);
    let mut alone = table(1, 1, 0);
    alone.keeper = tablekeeper::remote::Host::Alone;
    running.server.publish(alone);
    let seat = |phone: &str, seat: usize| format!(r#"{{"phone":"{phone}","seat":{seat}}}"#);
    assert_eq!(
        running.post("/seat", &seat(A, 0)).status,
        200,
        "taken at once"
    );
    assert_eq!(running.server.seats(), vec![(0, A.to_string())]);
    let asked = post_from(&running, [127, 0, 0, 20], "/seat", &seat(B, 1));
    assert_eq!(asked.status, 202, "now there is a host to ask: {asked:?}");
    assert_eq!(running.server.asks().len(), 1);
}
