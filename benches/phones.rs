//! The phones' benchmark, on loopback: eight phones (four seated, four table displays) hold the
//! app's update stream while one of them taps Done. It times a tap from the moment the phone
//! sends it to the moment the last of the eight phones has the new turn: the HTTP request, the
//! app's `update` (the journal's durable write included), the publish and eight streams.
//! Then idle CPU: the app as the window runs it (a clock tick a second, the game's clock
//! running) with the phones off, then on with the eight phones connected.
//!
//! The app runs in this process, as in the GUI tests: what the phones ask is forwarded to its
//! `update` by a loop polling every millisecond, where the window's subscription wakes at once.
//!
//! Each phone is a device of its own: phone `n` sends from 127.0.0.(100 + n), as phones at a
//! table each have an address, so the table's own limits ([`Limits::TABLE`]) apply.
//!
//! Then the soak: the same eight phones play `PHONES_TAPS` more turns while a hostile client on
//! other loopback addresses holds half-sent request lines and half-sent bodies in every slot it
//! can (127.0.0.2–6), floods requests with a wrong secret (127.0.0.7) and sends garbage
//! (127.0.0.8); and a player holding the link attacks from devices of their own: connections
//! kept alive with the code the table replaced just before the soak (127.0.0.20–27, 64 of
//! them, asking every 5 s), ids made up to fill the phones the server remembers
//! (127.0.0.30–39), update streams opened under made-up ids and never read (127.0.0.40–49),
//! and requests with the secret from 300 addresses to fill the rate table (127.0.1–2.x); for
//! at least `PHONES_SOAK_SECONDS`. Every Done must land (a phone retries a refused one for
//! 2 s, as a player taps again), and no `update` of the app may take longer than a frame.
//!
//! Run: `cargo bench --bench phones` (`PHONES_TAPS=300`, `PHONES_IDLE_SECONDS=20`,
//! `PHONES_SOAK_SECONDS=60`)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use chrono::Utc;
use tablekeeper::Profile;
use tablekeeper::gui::screen::header::Intent;
use tablekeeper::gui::screen::{self, home};
use tablekeeper::gui::{App, Message, Options, PanelMessage, Speaker, TimeSource, Zone};
use tablekeeper::i18n::Locale;
use tablekeeper::session::{Colour, Lineup, Player};
use tablekeeper::settings::Settings;
use tablekeeper::store::DataDir;
use tablekeeper::terravist::Session;
use tablekeeper::terravist::event::{Event, RollSource, RolledDie};

const PHONES: usize = 8;
const SEATED: usize = 4;

/// A 4-player TERRAVIST game, started, its journal's path.
fn prepare(dir: &Path) -> PathBuf {
    let data = DataDir::open(dir).unwrap();
    let setup = Lineup {
        players: ["Aki", "Ben", "Chie", "Dai"]
            .iter()
            .zip(Colour::ALL)
            .map(|(n, colour)| Player {
                name: n.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 6,
        sides: Vec::new(),
        clock: Default::default(),
    };
    let now = Utc::now();
    let session = Session::new(Profile::terravist(), setup, now).unwrap();
    let mut live = data.start(session).unwrap();
    live.apply(
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        now,
    )
    .unwrap();
    let dice = (0..5)
        .map(|die| RolledDie {
            die,
            face: ["lv0", "lv1", "lv2", "lv3", "human"][die].into(),
        })
        .collect();
    live.apply(
        Event::InitialRoll {
            dice,
            source: RollSource::Table,
        },
        now,
    )
    .unwrap();
    live.apply(Event::StartGame, now).unwrap();
    live.journal().path().to_path_buf()
}

/// The app on `dir`, its game resumed and its clock running; the phones on if `phones`.
fn open_app(dir: &Path, journal: &Path, phones: bool) -> App {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let settings = Settings {
        phones,
        phones_port: Some(port),
        ..Default::default()
    };
    settings.save(&dir.join("settings.json")).unwrap();
    let mut app = App::new(Options {
        data_dir: Some(dir.to_path_buf()),
        history_dir: None,
        locale: Some(Locale::EN),
        time: TimeSource::System,
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    });
    let _ = app.update(Message::Screen(screen::Message::Home(
        home::Message::Resume(journal.to_path_buf()),
    )));
    assert_eq!(app.screen_name(), "table");
    let _ = app.update(Message::Intent(Intent::TogglePause)); // a resumed game comes back paused
    assert_eq!(app.phones_local_url().is_some(), phones);
    app
}

fn split(url: &str) -> (SocketAddr, String) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    (
        host.parse().unwrap(),
        format!("/{}", path.trim_end_matches('/')),
    )
}

/// Phone `n`'s own address: a device of its own, as at a table.
fn device(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 100 + n as u8)
}

/// A connection from `source`; `None` when it is refused.
fn connect_from(source: Ipv4Addr, to: SocketAddr) -> Option<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    socket.bind(&SocketAddr::from((source, 0)).into()).ok()?;
    socket
        .connect_timeout(&to.into(), Duration::from_millis(500))
        .ok()?;
    Some(socket.into())
}

/// A POST from phone `n`'s address; its status, or 0 when the connection was closed without
/// an answer.
fn post(n: usize, addr: SocketAddr, path: &str, body: &str) -> u16 {
    post_from(device(n), addr, path, body)
}

fn post_from(source: Ipv4Addr, addr: SocketAddr, path: &str, body: &str) -> u16 {
    let Some(mut tcp) = connect_from(source, addr) else {
        return 0;
    };
    let _ = tcp.set_read_timeout(Some(Duration::from_secs(5)));
    let _ = write!(
        tcp,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut answer = String::new();
    let _ = tcp.read_to_string(&mut answer);
    answer.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn phone_id(n: usize) -> String {
    format!("{n:x}").repeat(32)[..32].to_string()
}

/// What a phone was sent: which phone, the turn key, the table's state (`None` from a build
/// before the state was sent), and when.
type Arrival = (usize, String, Option<u64>, Instant);

/// Opens a phone's update stream on its own thread; each table it is sent goes to `arrivals`.
fn stream(addr: SocketAddr, base: &str, n: usize, arrivals: mpsc::Sender<Arrival>) {
    let mut tcp = connect_from(device(n), addr).unwrap();
    write!(
        tcp,
        "GET {base}/events?lang=en&phone={} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        phone_id(n)
    )
    .unwrap();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(tcp);
        let mut line = String::new();
        while lines.read_line(&mut line).is_ok_and(|read| read > 0) {
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                let at = Instant::now();
                let value: serde_json::Value = serde_json::from_str(data).unwrap();
                let turn = value["table"]["turn"].as_str().unwrap_or("").to_string();
                let rev = value["table"]["rev"].as_u64();
                if arrivals.send((n, turn, rev, at)).is_err() {
                    return;
                }
            }
            line.clear();
        }
    });
}

/// The longest and every `update` of the app the bench made, timed.
#[derive(Default)]
struct Updates(Vec<Duration>);

impl Updates {
    fn run(&mut self, app: &mut App, message: Message) {
        let started = Instant::now();
        let _ = app.update(message);
        self.0.push(started.elapsed());
    }
}

/// Forwards the phones' requests to the app until every phone has been sent a table whose
/// turn differs from `from`; returns when the last one had it, the turn, and the table's
/// state then.
fn until_every_phone_moves_on(
    app: &mut App,
    updates: &mut Updates,
    arrivals: &mpsc::Receiver<Arrival>,
    from: &str,
) -> (Instant, String, Option<u64>) {
    let mut moved = [false; PHONES];
    let mut last = None;
    let give_up = Instant::now() + Duration::from_secs(10);
    while moved.iter().any(|m| !m) {
        assert!(Instant::now() < give_up, "the phones never moved on");
        for request in app.phone_requests(Duration::from_millis(1)) {
            updates.run(app, Message::FromPhone(request));
        }
        while let Ok((n, turn, rev, at)) = arrivals.try_recv() {
            if turn != from && !moved[n] {
                moved[n] = true;
                last = Some((at, turn, rev));
            }
        }
    }
    last.unwrap()
}

/// The body of a phone's Done: the state it saw (or, from a build before the state was sent,
/// the turn, as that build asked).
fn done_body(seat: usize, turn: &str, rev: Option<u64>) -> String {
    match rev {
        Some(rev) => format!(r#"{{"phone":"{}","rev":{rev}}}"#, phone_id(seat)),
        None => format!(r#"{{"phone":"{}","turn":"{turn}"}}"#, phone_id(seat)),
    }
}

/// A Done as a player gives it: tapped again (every 50 ms) while it is refused or gets no
/// answer, for 2 s at most. `true` once it landed.
fn tap_done(n: usize, addr: SocketAddr, base: &str, body: &str) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        if post(n, addr, &format!("{base}/done"), body) == 202 {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What the phones measured over a run of taps.
struct Played {
    latencies: Vec<Duration>,
    lost: usize,
    /// The table's state at the end.
    rev: Option<u64>,
}

/// `taps` turns: the current player's phone taps Done, every phone is sent the new turn,
/// then the window's Undo puts the game back (so it never reaches its end).
fn play(
    app: &mut App,
    updates: &mut Updates,
    arrivals: &mpsc::Receiver<Arrival>,
    (addr, base): (SocketAddr, &str),
    taps: usize,
    rev: Option<u64>,
) -> Played {
    let mut played = Played {
        latencies: Vec::with_capacity(taps),
        lost: 0,
        rev,
    };
    let mut ticked = Instant::now();
    for _ in 0..taps {
        let now = app.game().unwrap().glance(Utc::now());
        let turn = now.turn_key().unwrap();
        let seat = now.current.unwrap();
        let sent = Instant::now();
        if !tap_done(seat, addr, base, &done_body(seat, &turn, played.rev)) {
            played.lost += 1;
            continue;
        }
        let (last, moved_to, _) = until_every_phone_moves_on(app, updates, arrivals, &turn);
        played.latencies.push(last - sent);
        updates.run(app, Message::Intent(Intent::Undo));
        let (_, _, back) = until_every_phone_moves_on(app, updates, arrivals, &moved_to);
        played.rev = back;
        // The rate limit (5 a second per address after a burst of 20): keep under it, as a
        // table does.
        std::thread::sleep(Duration::from_millis(200));
        if ticked.elapsed() >= Duration::from_secs(1) {
            updates.run(app, Message::Tick);
            ticked = Instant::now();
        }
        while arrivals.try_recv().is_ok() {}
    }
    played
}

/// A connection from `source` that sends `bytes` and then nothing; `None` when it is refused.
fn held_from(source: Ipv4Addr, to: SocketAddr, bytes: &[u8]) -> Option<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    socket.bind(&SocketAddr::from((source, 0)).into()).ok()?;
    socket
        .connect_timeout(&to.into(), Duration::from_millis(500))
        .ok()?;
    let mut tcp: TcpStream = socket.into();
    tcp.write_all(bytes).ok()?;
    tcp.set_nonblocking(true).ok()?;
    Some(tcp)
}

/// Has the server closed it (or answered and closed)?
fn gone(tcp: &mut TcpStream) -> bool {
    let mut buffer = [0u8; 512];
    loop {
        match tcp.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

/// The hostile client, until `stop`: holds half-sent request lines (127.0.0.2–4) and
/// half-sent bodies (127.0.0.5–6) in every slot it gets, opening a new one for each closed;
/// floods requests with a wrong secret (127.0.0.7) and garbage (127.0.0.8). Counts what it
/// sent in `sent`. Every loop is bounded by `stop` and a pause.
fn hostile(to: SocketAddr, secret_path: String, stop: Arc<AtomicBool>, sent: Arc<AtomicU64>) {
    let link_base = secret_path.clone();
    let holders = std::thread::spawn({
        let (stop, sent) = (stop.clone(), sent.clone());
        move || {
            let half_line = b"GET /t/0123456789abcdef HTTP/1.1\r\nHost: x".to_vec();
            let half_body = format!(
                "POST {secret_path}/seat HTTP/1.1\r\nHost: {to}\r\nContent-Type: application/json\r\n\
                 Content-Length: 500\r\n\r\n{{\"phone\":"
            )
            .into_bytes();
            let mut held: Vec<(Ipv4Addr, &[u8], Option<TcpStream>)> = Vec::new();
            for last in 2..=6u8 {
                let bytes: &[u8] = if last <= 4 { &half_line } else { &half_body };
                for _ in 0..tablekeeper::phones::Limits::TABLE.connections_per_address {
                    held.push((Ipv4Addr::new(127, 0, 0, last), bytes, None));
                }
            }
            while !stop.load(Ordering::Relaxed) {
                for (source, bytes, tcp) in &mut held {
                    if tcp.as_mut().is_none_or(gone) {
                        *tcp = held_from(*source, to, bytes);
                        sent.fetch_add(1, Ordering::Relaxed);
                    }
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    });
    let flood = std::thread::spawn({
        let (stop, sent) = (stop.clone(), sent.clone());
        move || {
            let request = format!(
                "GET /t/ffffffffffffffffffffffffffffffff/events HTTP/1.1\r\nHost: {to}\r\n\
                 Connection: close\r\n\r\n"
            );
            while !stop.load(Ordering::Relaxed) {
                if let Some(mut tcp) =
                    held_from(Ipv4Addr::new(127, 0, 0, 7), to, request.as_bytes())
                {
                    let _ = tcp.set_nonblocking(false);
                    let _ = tcp.set_read_timeout(Some(Duration::from_millis(200)));
                    let _ = tcp.read(&mut [0u8; 256]);
                }
                let garbage: Vec<u8> = (0..2048).map(|_| rand::random::<u8>()).collect();
                drop(held_from(Ipv4Addr::new(127, 0, 0, 8), to, &garbage));
                sent.fetch_add(2, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    });
    let link = std::thread::spawn({
        let (stop, sent) = (stop.clone(), sent.clone());
        move || link_holder(to, link_base, stop, sent)
    });
    let _ = holders.join();
    let _ = flood.join();
    let _ = link.join();
}

/// Every phone opens its stream and takes its seat (or watches) at `base`; the table's state
/// once they all have it.
fn join(
    app: &mut App,
    (addr, base): (SocketAddr, &str),
    send: &mpsc::Sender<Arrival>,
    arrivals: &mpsc::Receiver<Arrival>,
) -> Option<u64> {
    for n in 0..PHONES {
        stream(addr, base, n, send.clone());
    }
    for n in 0..PHONES {
        let seat = if n < SEATED {
            n.to_string()
        } else {
            "null".into()
        };
        let body = format!(r#"{{"phone":"{}","seat":{seat}}}"#, phone_id(n));
        let status = post(n, addr, &format!("{base}/seat"), &body);
        // A seat the window made is asked of the table, which lets it.
        if n < SEATED {
            assert_eq!(status, 202);
            let phone = phone_id(n);
            let _ = app.update(Message::Phones(PanelMessage::Let { seat: n, phone }));
        } else {
            assert_eq!(status, 200);
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    for request in app.phone_requests(Duration::from_millis(1)) {
        let _ = app.update(Message::FromPhone(request));
    }
    std::thread::sleep(Duration::from_millis(100));
    let mut rev = None;
    while let Ok((_, _, sent_rev, _)) = arrivals.try_recv() {
        rev = sent_rev;
    }
    rev
}

/// A player who kept the code the table is about to replace: keep-alive connections that
/// asked with it, eight from each of 127.0.0.20–27 (every slot there is), asking again every
/// 5 s and opening a new one for each closed, until `stop`.
fn old_code_holders(to: SocketAddr, old_base: String, stop: Arc<AtomicBool>, sent: Arc<AtomicU64>) {
    let hello = format!("GET {old_base}/hello HTTP/1.1\r\nHost: {to}\r\n\r\n");
    let per_address = tablekeeper::phones::Limits::TABLE.connections_per_address;
    let mut held: Vec<(Ipv4Addr, Option<TcpStream>, Instant)> = (0..8u8)
        .flat_map(|a| (0..per_address).map(move |_| Ipv4Addr::new(127, 0, 0, 20 + a)))
        .map(|source| (source, None, Instant::now()))
        .collect();
    while !stop.load(Ordering::Relaxed) {
        for (source, tcp, asked) in &mut held {
            let again = asked.elapsed() >= Duration::from_secs(5);
            if tcp.as_mut().is_none_or(gone) || again {
                if tcp.is_none() || tcp.as_mut().is_some_and(gone) {
                    *tcp = held_from(*source, to, hello.as_bytes());
                } else if let Some(tcp) = tcp.as_mut() {
                    let _ = tcp.write_all(hello.as_bytes());
                }
                *asked = Instant::now();
                sent.fetch_add(1, Ordering::Relaxed);
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A player with the link fills what the server remembers: made-up phone ids (127.0.0.30–39),
/// update streams under made-up ids never read (127.0.0.40–49), and requests with the secret
/// from 300 addresses (127.0.1–2.x), until `stop`.
fn link_holder(to: SocketAddr, base: String, stop: Arc<AtomicBool>, sent: Arc<AtomicU64>) {
    let mut unread: Vec<TcpStream> = Vec::new();
    let mut n = 0usize;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let id = format!("{:032x}", 0xbad0_0000_usize + n);
        let body = format!(r#"{{"phone":"{id}","seat":null}}"#);
        post_from(
            Ipv4Addr::new(127, 0, 0, 30 + (n % 10) as u8),
            to,
            &format!("{base}/seat"),
            &body,
        );
        let events = format!("GET {base}/events?phone={id} HTTP/1.1\r\nHost: {to}\r\n\r\n");
        if let Some(tcp) = held_from(
            Ipv4Addr::new(127, 0, 0, 40 + (n % 10) as u8),
            to,
            events.as_bytes(),
        ) {
            unread.push(tcp);
            if unread.len() > 80 {
                unread.remove(0);
            }
        }
        let wide = Ipv4Addr::new(127, 0, 1 + ((n % 300) / 200) as u8, (n % 200) as u8 + 1);
        let hello = format!("GET {base}/hello HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n");
        drop(held_from(wide, to, hello.as_bytes()));
        sent.fetch_add(3, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// This process's peak resident memory, from /proc, in MB.
fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO; // nothing was measured (a build whose every Done was lost)
    }
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

/// This process's CPU time (user + system), from /proc.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Duration::from_micros(ticks * 1_000_000 / per_second)
}

/// CPU used over `seconds` while the app ticks once a second, as the window's subscription
/// makes it, in % of one core.
fn idle(app: &mut App, seconds: u64) -> f64 {
    let cpu = cpu_time();
    let start = Instant::now();
    for _ in 0..seconds {
        std::thread::sleep(Duration::from_secs(1));
        let _ = app.update(Message::Tick);
        for request in app.phone_requests(Duration::ZERO) {
            let _ = app.update(Message::FromPhone(request));
        }
    }
    (cpu_time() - cpu).as_secs_f64() / start.elapsed().as_secs_f64() * 100.0
}

fn main() {
    let taps: usize = std::env::var("PHONES_TAPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let idle_seconds: u64 = std::env::var("PHONES_IDLE_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let soak_seconds: u64 = std::env::var("PHONES_SOAK_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let dir = tempfile::tempdir().unwrap();
    let journal = prepare(dir.path());

    // Phones off: the app as it was before the phones.
    let mut app = open_app(dir.path(), &journal, false);
    let off = idle(&mut app, idle_seconds);
    drop(app);

    let mut app = open_app(dir.path(), &journal, true);
    let (addr, base) = split(&app.phones_local_url().unwrap());
    let (send, arrivals) = mpsc::channel();
    let rev = join(&mut app, (addr, &base), &send, &arrivals);
    let mut updates = Updates::default();
    let played = play(&mut app, &mut updates, &arrivals, (addr, &base), taps, rev);
    assert_eq!(played.lost, 0, "every Done lands with nobody attacking");
    let mut samples = played.latencies;
    let p50 = percentile(&mut samples, 0.5);
    let p99 = percentile(&mut samples, 0.99);
    let on = idle(&mut app, idle_seconds);
    let rss_before_soak = peak_rss_mb();

    // The soak: the same phones, another round of taps, under attack. First the leaked code:
    // a player holds connections with it, and the table makes a new one; the phones scan it.
    let stop = Arc::new(AtomicBool::new(false));
    let sent = Arc::new(AtomicU64::new(0));
    let old_code = std::thread::spawn({
        let (stop, sent, base) = (stop.clone(), sent.clone(), base.clone());
        move || old_code_holders(addr, base, stop, sent)
    });
    std::thread::sleep(Duration::from_secs(2)); // every slot the old code can get is held
    let _ = app.update(Message::Phones(PanelMessage::NewCode));
    let new_code = Instant::now();
    let (_, base) = split(&app.phones_local_url().unwrap());
    let rev = join(&mut app, (addr, &base), &send, &arrivals);
    let rejoined = new_code.elapsed();
    let attacker = std::thread::spawn({
        let (stop, sent, base) = (stop.clone(), sent.clone(), base.clone());
        move || hostile(addr, base, stop, sent)
    });
    std::thread::sleep(Duration::from_secs(2)); // every slot the attacker can get is held
    let soak_started = Instant::now();
    let mut soak_updates = Updates::default();
    let soak = play(
        &mut app,
        &mut soak_updates,
        &arrivals,
        (addr, &base),
        taps,
        rev,
    );
    while soak_started.elapsed() < Duration::from_secs(soak_seconds) {
        std::thread::sleep(Duration::from_millis(200));
        soak_updates.run(&mut app, Message::Tick);
    }
    let soak_time = soak_started.elapsed();
    let mut soak_latencies = soak.latencies;
    let mut all_updates = soak_updates.0;
    let update_p99 = percentile(&mut all_updates, 0.99);
    let update_max = all_updates.last().copied().unwrap_or_default();
    // The phones go off while the attack still holds its connections. A build whose stop
    // waits on them would wait for ever: a watchdog ends the attack after 5 s.
    let watchdog = std::thread::spawn({
        let stop = stop.clone();
        move || {
            std::thread::sleep(Duration::from_secs(5));
            stop.store(true, Ordering::Relaxed);
        }
    });
    let stopping = Instant::now();
    drop(app);
    let stop_time = stopping.elapsed();
    stop.store(true, Ordering::Relaxed);
    let _ = attacker.join();
    let _ = old_code.join();
    let _ = watchdog.join();

    println!("# Phones: {PHONES} phones on loopback ({SEATED} seated), {taps} taps");
    println!("| measure | value | target |");
    println!("|---|---|---|");
    println!(
        "| Done → all {PHONES} phones have the new turn, p50 | {:.2} ms | |",
        p50.as_secs_f64() * 1e3
    );
    println!(
        "| Done → all {PHONES} phones have the new turn, p99 | {:.2} ms | ≤ 100 ms |",
        p99.as_secs_f64() * 1e3
    );
    println!("| idle CPU, clock running, {idle_seconds} s: phones off | {off:.2} % of a core | |");
    println!(
        "| idle CPU, the same with {PHONES} phones connected | {on:.2} % (+{:.2}) | ≤ +0.5 % |",
        on - off
    );
    println!(
        "# Soak: {taps} taps in {:.0} s under attack ({} hostile connections and requests)",
        soak_time.as_secs_f64(),
        sent.load(Ordering::Relaxed)
    );
    println!(
        "| New code with 64 connections of the old one held → all {PHONES} phones in again | {:.0} ms | ≤ 1 s |",
        rejoined.as_secs_f64() * 1e3
    );
    println!(
        "| Done lands (a refused one tapped again for 2 s) | {} of {taps} | all |",
        taps - soak.lost
    );
    if !soak_latencies.is_empty() {
        println!(
            "| Done → all {PHONES} phones, under attack, p50 / p99 | {:.2} / {:.2} ms | p99 ≤ 100 ms |",
            percentile(&mut soak_latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&mut soak_latencies, 0.99).as_secs_f64() * 1e3
        );
    }
    println!(
        "| the app's `update`, under attack, p99 / max ({} updates) | {:.2} / {:.2} ms | max ≤ 16 ms |",
        all_updates.len(),
        update_p99.as_secs_f64() * 1e3,
        update_max.as_secs_f64() * 1e3
    );
    println!(
        "| peak RSS before the soak / after | {rss_before_soak:.1} / {:.1} MB | bounded |",
        peak_rss_mb()
    );
    println!(
        "| phones off with the attack's connections open | {:.2} ms | ≤ 500 ms |",
        stop_time.as_secs_f64() * 1e3
    );
}
