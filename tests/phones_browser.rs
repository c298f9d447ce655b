//! The phones' page in a real browser: Debian's headless Chromium, driven through chromedriver
//! (WebDriver) by fantoccini, against the app's server on 127.0.0.1. Each phone is its own
//! browser session (its own storage, so its own phone id and seat), mobile-sized, in its own
//! language. The app runs in this process, as in `tests/gui_phones.rs`: what the phones ask is
//! forwarded to its `update` while the test waits for a page to show something.
//!
//! Needs `chromium` and `chromium-driver` (`.ci/run` installs them). Without chromedriver the
//! test says so and passes, unless `TABLEKEEPER_BROWSER_TESTS=required` (set by `.ci/run`), when
//! a missing browser is a failure.
#![cfg(feature = "gui")]

mod common;

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::http::{post, send, split_url};
use common::ui::{Ui, t0};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone};
use tablekeeper::i18n::Locale;

/// chromedriver on a port of its own, stopped when the test ends.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start() -> Option<Driver> {
        let path = std::env::var_os("CHROMEDRIVER")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/bin/chromedriver"));
        let required = std::env::var("TABLEKEEPER_BROWSER_TESTS").is_ok_and(|v| v == "required");
        if !path.exists() {
            assert!(!required, "no chromedriver at {}", path.display());
            eprintln!(
                "SKIPPED: no chromedriver at {} (install chromium and chromium-driver)",
                path.display()
            );
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        // Its own process group, so that the browsers it starts go with it even when the test
        // fails half-way (a panic closes no browser session).
        let child = Command::new(path)
            .process_group(0)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let until = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < until, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        })
    }

    /// A new phone: a browser of its own, 390×844 CSS pixels, in `lang`.
    async fn phone(&self, lang: &str) -> Client {
        let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let profile = tempfile::tempdir().unwrap().keep();
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": binary,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--lang={lang}"),
                ],
                "prefs": { "intl.accept_languages": lang },
                "mobileEmulation": {
                    "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0, "touch": true }
                }
            }
        });
        let Value::Object(caps) = caps else {
            unreachable!()
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a browser session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // SAFETY: kill(2) on the process group this test made (its id is chromedriver's pid).
        unsafe { libc::kill(-(self.child.id() as i32), libc::SIGKILL) };
        let _ = self.child.wait();
    }
}

/// The app in this process and the browsers, waited on together.
struct Table {
    dir: PathBuf,
    ui: Ui,
    rt: tokio::runtime::Runtime,
}

impl Table {
    /// Forwards what the phones asked to the app, until `js` (an expression) is true in
    /// `phone`'s page.
    fn until(&mut self, phone: &Client, what: &str, js: &str) {
        let script = format!("try {{ return Boolean({js}); }} catch (e) {{ return false; }}");
        let until = Instant::now() + Duration::from_secs(15);
        loop {
            self.pump(Duration::from_millis(20));
            let shown = self
                .rt
                .block_on(phone.execute(&script, vec![]))
                .expect("the page answers");
            if shown == Value::Bool(true) {
                return;
            }
            assert!(Instant::now() < until, "the phone never showed {what}");
        }
    }

    /// Hands the phones' requests to the app's update, as the window's subscription does.
    fn pump(&mut self, wait: Duration) {
        for request in self.ui.app.phone_requests(wait) {
            let _ = self.ui.app.update(Message::FromPhone(request));
        }
    }

    fn click(&mut self, phone: &Client, css: &str) {
        self.rt.block_on(async {
            phone
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("{css}: {e}"))
                .click()
                .await
                .unwrap_or_else(|e| panic!("click {css}: {e}"))
        });
    }

    fn run(&self, phone: &Client, js: &str) -> Value {
        self.rt
            .block_on(phone.execute(js, vec![]))
            .expect("the script runs")
    }

    fn text(&self, phone: &Client, id: &str) -> String {
        let value = self.run(
            phone,
            &format!("return document.getElementById('{id}').textContent;"),
        );
        value.as_str().unwrap_or_default().to_string()
    }

    fn url(&self) -> String {
        self.ui.app.phones_local_url().expect("the phones are on")
    }

    fn journal(&self) -> Vec<String> {
        journal_events(&self.dir)
    }

    fn screenshot(&self, phone: &Client, name: &str) {
        let png = self.rt.block_on(phone.screenshot()).expect("a screenshot");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("phones");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }
}

/// The journal's event lines (the header left out).
fn journal_events(dir: &Path) -> Vec<String> {
    let journal = std::fs::read_dir(dir.join("live"))
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .expect("a journal");
    let text = std::fs::read_to_string(journal).unwrap();
    text.lines().skip(1).map(str::to_string).collect()
}

fn options(dir: &Path) -> Options {
    Options {
        data_dir: Some(dir.to_path_buf()),
        history_dir: None,
        locale: Some(Locale::En),
        time: TimeSource::Manual(t0()),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
    }
}

fn start_two_player_game(ui: &mut Ui) {
    ui.click("New game");
    ui.type_into("setup-name-0", "Aki");
    ui.type_into("setup-name-1", "Ben");
    ui.click("Forest");
    ui.click("Start the game");
    assert_eq!(ui.app.screen_name(), "table", "{:?}", ui.app.notice());
}

/// The same game as the phones', its turn ended by a tap in the window: the line a window tap
/// writes in the journal.
fn window_tap_line() -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::En);
    start_two_player_game(&mut ui);
    ui.click("Next player ▶");
    journal_events(dir.path()).pop().unwrap()
}

/// The event's JSON without its time (the two games' clocks may stand apart).
fn without_time(line: &str) -> Value {
    let mut value: Value = serde_json::from_str(line).unwrap();
    if let Value::Object(map) = &mut value {
        map.retain(|key, _| key != "at" && key != "time");
    }
    value
}

const SEATED: &str = "!document.getElementById('table').hidden \
    && document.getElementById('me-name').textContent";
const DONE_ON: &str = "!document.getElementById('done').disabled";
const DONE_OFF: &str = "document.getElementById('done').disabled";

#[test]
fn two_phones_in_a_real_browser_play_the_table() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::En);
    start_two_player_game(&mut ui);
    ui.click("Phones");
    ui.click("Phones can join");
    let mut table = Table {
        dir: dir.path().to_path_buf(),
        ui,
        rt,
    };
    let url = table.url();
    let (addr, base) = split_url(&url);
    let aki = table.rt.block_on(driver.phone("en-US"));
    let ben = table.rt.block_on(driver.phone("ja"));

    // Without the secret, or with a wrong one, only "ask the table".
    for wrong in ["/".to_string(), format!("/t/{}/", "0".repeat(32))] {
        table
            .rt
            .block_on(aki.goto(&format!("http://{addr}{wrong}")))
            .unwrap();
        let body = table.run(&aki, "return document.body.innerText;");
        assert!(
            body.as_str()
                .unwrap()
                .contains("Ask the table for its code"),
            "{wrong}: {body}"
        );
    }
    table
        .rt
        .block_on(ben.goto(&format!("http://{addr}/")))
        .unwrap();
    let body = table.run(&ben, "return document.body.innerText;");
    assert!(
        body.as_str().unwrap().contains("コード"),
        "the ask page in the phone's language: {body}"
    );

    // Two phones pick two seats.
    table.rt.block_on(aki.goto(&url)).unwrap();
    table.rt.block_on(ben.goto(&url)).unwrap();
    table.until(
        &aki,
        "the seats",
        "document.querySelectorAll('#seats button').length == 2",
    );
    table.until(
        &ben,
        "the seats",
        "document.querySelectorAll('#seats button').length == 2",
    );
    table.screenshot(&ben, "pick-ja");
    table.click(&aki, "#seats button:nth-child(1)");
    table.until(&aki, "its seat", &format!("{SEATED} == 'Aki'"));
    table.until(
        &ben,
        "Aki's seat taken",
        "document.querySelector('#seats button:nth-child(1)').disabled",
    );
    table.click(&ben, "#seats button:nth-child(2)");
    table.until(&ben, "its seat", &format!("{SEATED} == 'Ben'"));
    table.ui.assert_shows("Aki's phone");
    table.ui.assert_shows("Ben's phone");

    // Aki's turn: Aki's Done is live, Ben's is not, and Ben's forged Done is refused.
    table.until(&aki, "Done on", DONE_ON);
    table.until(&ben, "Done off", DONE_OFF);
    assert_eq!(table.text(&aki, "whose"), "Your turn");
    assert_eq!(table.text(&ben, "whose"), "Akiの手番");
    table.screenshot(&aki, "turn-en");
    table.screenshot(&ben, "waiting-ja");
    let before = table.journal();
    let ben_id = table.run(&ben, "return localStorage.getItem('tablekeeper.phone');");
    let rev = table.run(&ben, "return table.rev;");
    let forged = json!({ "phone": ben_id, "rev": rev }).to_string();
    assert_eq!(post(addr, &format!("{base}/done"), &forged).status, 403);
    table.pump(Duration::from_millis(300));
    assert_eq!(table.journal(), before, "a forged Done changes nothing");

    // Aki's Done ends Aki's turn: the journal holds what a window tap writes.
    table.click(&aki, "#done");
    table.until(&ben, "Ben's turn", DONE_ON);
    table.until(&aki, "Done off", DONE_OFF);
    let after = table.journal();
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(
        without_time(after.last().unwrap()),
        without_time(&window_tap_line()),
        "the same event as a tap in the window"
    );
    table.ui.assert_shows("Ben's turn");

    // A double tap (two requests made in the same state, as fast as the page can send them) is
    // one event.
    table.run(
        &ben,
        "post('/done', { phone, rev: table.rev }); post('/done', { phone, rev: table.rev });",
    );
    table.until(&aki, "Aki's turn again", DONE_ON);
    table.pump(Duration::from_millis(300));
    assert_eq!(
        table.journal().len(),
        after.len() + 1,
        "one event for two taps"
    );
    table.ui.assert_shows("Aki's turn");

    // Pause from any phone, and Resume.
    let before = table.journal().len();
    table.click(&ben, "#pause");
    table.until(
        &aki,
        "paused",
        "document.getElementById('marks').textContent.includes('Paused')",
    );
    assert_eq!(table.journal().len(), before + 1);
    assert!(
        table.ui.app.game().unwrap().clock().is_paused(),
        "the window's clocks stop too"
    );
    table.click(&aki, "#pause");
    table.until(
        &ben,
        "resumed",
        "!document.getElementById('marks').textContent.includes('一時停止')",
    );
    assert!(!table.ui.app.game().unwrap().clock().is_paused());

    // A reloaded phone is the same phone in the same seat.
    table.rt.block_on(aki.refresh()).unwrap();
    table.until(
        &aki,
        "its seat after a reload",
        &format!("{SEATED} == 'Aki' && {DONE_ON}"),
    );

    // The host goes (its window closed or killed) and comes back: the phones find the same game
    // at the same address and carry on by themselves.
    let journal_before_restart = table.journal();
    drop(std::mem::replace(
        &mut table.ui,
        Ui::from_app(App::new(options(&tempfile::tempdir().unwrap().keep()))),
    ));
    table.until(
        &aki,
        "the lost connection",
        "!document.getElementById('banner').hidden",
    );
    table.ui = Ui::from_app(App::new(options(dir.path())));
    table
        .ui
        .click("Resume TERRAVIST: Aki, Ben (started 2026-11-21 19:00)");
    assert_eq!(table.url(), url, "the same address after the restart");
    table.until(
        &aki,
        "the table again",
        &format!("document.getElementById('banner').hidden && {SEATED} == 'Aki'"),
    );
    table.until(
        &ben,
        "the table again",
        &format!("{SEATED} == 'Ben' && {DONE_OFF}"),
    );
    table.until(&aki, "Done after the restart", DONE_ON);
    // A resumed game comes back paused (the app's rule, journaled as a pause); nothing else was
    // added or replayed twice.
    let resumed = table.journal();
    assert_eq!(resumed[..resumed.len() - 1], journal_before_restart[..]);
    assert!(resumed.last().unwrap().contains(r#""type":"pause""#));
    table.until(
        &aki,
        "paused",
        "document.getElementById('marks').textContent.includes('Paused')",
    );
    table.click(&aki, "#pause");
    // Done waits for the table the resume made: a person taps it once it is live again.
    table.until(
        &aki,
        "resumed, Done live",
        &format!("!document.getElementById('marks').textContent.includes('Paused') && {DONE_ON}"),
    );
    table.click(&aki, "#done");
    table.until(&ben, "Ben's turn after the restart", DONE_ON);
    assert_eq!(
        table.journal().len(),
        resumed.len() + 2,
        "resume, then Aki's Done"
    );

    // Hostile requests: a 1 MB body, broken JSON, a burst of 200. Each is refused with a 4xx
    // and the journal is untouched.
    let before = table.journal();
    let big = format!(r#"{{"phone":"{}","rev":{}}}"#, "a".repeat(1 << 20), 1);
    assert!((400..500).contains(&post(addr, &format!("{base}/done"), &big).status));
    let broken = post(addr, &format!("{base}/done"), "{\"phone\": ");
    assert!((400..500).contains(&broken.status), "{}", broken.status);
    let rev = table.run(&ben, "return table.rev;");
    let ben_id = table.run(&ben, "return localStorage.getItem('tablekeeper.phone');");
    let stale = json!({ "phone": ben_id, "rev": 1 }).to_string();
    let mut refused = 0;
    for _ in 0..200 {
        let status = post(addr, &format!("{base}/done"), &stale).status;
        assert!((400..500).contains(&status), "{status}");
        refused += usize::from(status == 429);
    }
    assert!(
        refused > 100,
        "a burst is slowed ({refused} of 200 refused as too many)"
    );
    table.pump(Duration::from_millis(300));
    assert_eq!(
        table.journal(),
        before,
        "nothing hostile reached the journal"
    );
    assert_ne!(rev, json!(1));
    // The burst's slowing wears off (5 requests a second refill the address's bucket): what
    // follows must be answered for what it is, not slowed.
    std::thread::sleep(Duration::from_secs(1));
    // A request with no secret at all reaches nothing either; nor one naming another host.
    let raw = |host: &str| {
        let request = format!(
            "POST /done HTTP/1.1\r\nHost: {host}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
        );
        send(addr, request.as_bytes()).status
    };
    assert_eq!(raw(&addr.to_string()), 404);
    assert_eq!(raw("evil.example"), 421);

    // The phones' page in Japanese on Ben's turn, for a person to look at.
    table.until(
        &ben,
        "Ben's turn",
        &format!("{DONE_ON} && document.getElementById('banner').hidden"),
    );
    table.screenshot(&ben, "turn-ja");
    table.click(&aki, "#change");
    table.until(
        &aki,
        "the seat list",
        "!document.getElementById('pick').hidden",
    );
    table.click(&aki, "#as-display");
    table.until(
        &aki,
        "the table display",
        "!document.getElementById('players').hidden",
    );
    table.screenshot(&aki, "display-en");

    // The table makes a new code: both pages are told at once that their address is dead and
    // to scan again, and a reload of the old address gets only "ask the table".
    table.ui.click("Phones");
    table.ui.click("New code");
    table.ui.click("Close");
    for (phone, name) in [(&aki, "aki"), (&ben, "ben")] {
        table.until(
            phone,
            &format!("{name} told to scan again"),
            "document.body.classList.contains('gone') && !document.getElementById('banner').hidden",
        );
    }
    assert!(
        table.text(&ben, "banner-text").contains("コード"),
        "{}",
        table.text(&ben, "banner-text")
    );
    table.screenshot(&ben, "scan-again-ja");
    table.screenshot(&aki, "scan-again-en");
    assert_ne!(table.url(), url, "a new address");

    table.rt.block_on(aki.close()).unwrap();
    table.rt.block_on(ben.close()).unwrap();
}
