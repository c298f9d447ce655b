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
//! Run: `cargo bench --bench phones` (`PHONES_TAPS=300`, `PHONES_IDLE_SECONDS=20`)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chrono::Utc;
use tablekeeper::Profile;
use tablekeeper::gui::screen::{self, home};
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone};
use tablekeeper::i18n::Locale;
use tablekeeper::session::{Colour, Player, Setup};
use tablekeeper::settings::Settings;
use tablekeeper::store::DataDir;
use tablekeeper::terravist::Session;
use tablekeeper::terravist::event::{Event, RollSource, RolledDie};

const PHONES: usize = 8;
const SEATED: usize = 4;

/// A 4-player TERRAVIST game, started, its journal's path.
fn prepare(dir: &Path) -> PathBuf {
    let data = DataDir::open(dir).unwrap();
    let setup = Setup {
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
        locale: Some(Locale::En),
        time: TimeSource::System,
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
    });
    let _ = app.update(Message::Screen(screen::Message::Home(
        home::Message::Resume(journal.to_path_buf()),
    )));
    assert_eq!(app.screen_name(), "table");
    let _ = app.update(Message::TogglePause); // a resumed game comes back paused
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

fn post(addr: SocketAddr, path: &str, body: &str) -> u16 {
    let mut tcp = TcpStream::connect(addr).unwrap();
    write!(
        tcp,
        "POST {path} HTTP/1.1\r\nHost: b\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    answer[9..12].parse().unwrap()
}

fn phone_id(n: usize) -> String {
    format!("{n:x}").repeat(32)[..32].to_string()
}

/// Opens a phone's update stream on its own thread; each table it is sent goes to `arrivals`
/// as (phone, turn key, when).
fn stream(
    addr: SocketAddr,
    base: &str,
    n: usize,
    arrivals: mpsc::Sender<(usize, String, Instant)>,
) {
    let mut tcp = TcpStream::connect(addr).unwrap();
    write!(
        tcp,
        "GET {base}/events?lang=en&phone={} HTTP/1.1\r\nHost: b\r\n\r\n",
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
                if arrivals.send((n, turn, at)).is_err() {
                    return;
                }
            }
            line.clear();
        }
    });
}

/// Forwards the phones' requests to the app until every phone has been sent a table whose
/// turn differs from `from`; returns when the last one had it.
fn until_every_phone_moves_on(
    app: &mut App,
    arrivals: &mpsc::Receiver<(usize, String, Instant)>,
    from: &str,
) -> (Instant, String) {
    let mut moved = [false; PHONES];
    let mut last = None;
    let give_up = Instant::now() + Duration::from_secs(10);
    while moved.iter().any(|m| !m) {
        assert!(Instant::now() < give_up, "the phones never moved on");
        for request in app.phone_requests(Duration::from_millis(1)) {
            let _ = app.update(Message::FromPhone(request));
        }
        while let Ok((n, turn, at)) = arrivals.try_recv() {
            if turn != from && !moved[n] {
                moved[n] = true;
                last = Some((at, turn));
            }
        }
    }
    last.unwrap()
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
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
    let dir = tempfile::tempdir().unwrap();
    let journal = prepare(dir.path());

    // Phones off: the app as it was before the phones.
    let mut app = open_app(dir.path(), &journal, false);
    let off = idle(&mut app, idle_seconds);
    drop(app);

    let mut app = open_app(dir.path(), &journal, true);
    let (addr, base) = split(&app.phones_local_url().unwrap());
    let (send, arrivals) = mpsc::channel();
    for n in 0..PHONES {
        stream(addr, &base, n, send.clone());
    }
    for n in 0..PHONES {
        let seat = if n < SEATED {
            n.to_string()
        } else {
            "null".into()
        };
        let body = format!(r#"{{"phone":"{}","seat":{seat}}}"#, phone_id(n));
        assert_eq!(post(addr, &format!("{base}/seat"), &body), 200);
    }
    std::thread::sleep(Duration::from_millis(300));
    while arrivals.try_recv().is_ok() {}
    let glance = |app: &App| app.game().unwrap().glance(Utc::now());

    let mut samples = Vec::with_capacity(taps);
    for _ in 0..taps {
        let now = glance(&app);
        let turn = now.turn_key().unwrap();
        let seat = now.current.unwrap();
        let body = format!(r#"{{"phone":"{}","turn":"{turn}"}}"#, phone_id(seat));
        let sent = Instant::now();
        assert_eq!(post(addr, &format!("{base}/done"), &body), 202);
        let (last, moved_to) = until_every_phone_moves_on(&mut app, &arrivals, &turn);
        samples.push(last - sent);
        // Back to the same turn (the window's Undo), so the game never reaches its end.
        let _ = app.update(Message::Undo);
        until_every_phone_moves_on(&mut app, &arrivals, &moved_to);
        // The rate limit (5 a second per address after a burst of 20) is every phone's
        // address here: keep under it, as a table does.
        std::thread::sleep(Duration::from_millis(200));
        while arrivals.try_recv().is_ok() {}
    }
    let p50 = percentile(&mut samples, 0.5);
    let p99 = percentile(&mut samples, 0.99);
    let on = idle(&mut app, idle_seconds);

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
}
