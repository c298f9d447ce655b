//! The phones' page in a real browser (see `tests/common/browser.rs`), against the window's
//! server on 127.0.0.1. The app runs in this process, as in `tests/gui_phones.rs`: what the
//! phones ask is forwarded to its `update` while the test waits for a page to show something.
#![cfg(feature = "gui")]

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::browser::{self, Driver, type_field};
use common::http::{post, send, split_url};
use common::journal_events;
use common::ui::{Ui, t0};
use fantoccini::Client;
use serde_json::{Value, json};
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone};
use tablekeeper::i18n::Locale;

/// The app in this process and the browsers, waited on together.
struct Table {
    dir: PathBuf,
    ui: Ui,
    rt: tokio::runtime::Runtime,
}

impl Table {
    /// The game in `ui` with the phones turned on (their panel closed again), and a runtime to
    /// drive the browsers on.
    fn with_phones_on(dir: PathBuf, mut ui: Ui) -> Table {
        ui.turn_phones_on();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        Table { dir, ui, rt }
    }

    /// Forwards what the phones asked to the app, until `js` (an expression) is true in
    /// `phone`'s page.
    fn until(&mut self, phone: &Client, what: &str, js: &str) {
        let Table { ui, rt, .. } = self;
        browser::until(rt, phone, what, js, || {
            for request in ui.app.phone_requests(Duration::from_millis(20)) {
                let _ = ui.app.update(Message::FromPhone(request));
            }
        });
    }

    /// Forwards what the phones asked until the element `id` of `phone`'s page is shown.
    fn until_shown(&mut self, phone: &Client, what: &str, id: &str) {
        self.until(
            phone,
            what,
            &format!("!document.getElementById('{id}').hidden"),
        );
    }

    /// Forwards what the phones asked until the element `id` of `phone`'s page is hidden.
    fn until_hidden(&mut self, phone: &Client, what: &str, id: &str) {
        self.until(
            phone,
            what,
            &format!("document.getElementById('{id}').hidden"),
        );
    }

    /// Hands the phones' requests to the app's update, as the window's subscription does.
    fn pump(&mut self, wait: Duration) {
        for request in self.ui.app.phone_requests(wait) {
            let _ = self.ui.app.update(Message::FromPhone(request));
        }
    }

    fn click(&mut self, phone: &Client, css: &str) {
        browser::click(&self.rt, phone, css);
    }

    /// `phone` taps the `n`th seat button (from 1), a seat the window made: the page says the
    /// table is asked, the window shows the ask, and the window lets it.
    fn take_seat(&mut self, phone: &Client, n: usize) {
        self.click(phone, &format!("#seats button:nth-child({n})"));
        self.until(
            phone,
            "that the table is asked",
            &format!("document.querySelector('#seats button:nth-child({n})').getAttribute('aria-pressed') == 'true'"),
        );
        let until = Instant::now() + Duration::from_secs(15);
        while !self.ui.shows("Let it") {
            assert!(Instant::now() < until, "the window never showed the ask");
            self.pump(Duration::from_millis(20));
        }
        self.ui.click("Let it");
    }

    fn run(&self, phone: &Client, js: &str) -> Value {
        browser::run(&self.rt, phone, js)
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
        browser::screenshot(&self.rt, phone, name);
    }
}

fn options(dir: &Path) -> Options {
    Options {
        data_dir: Some(dir.to_path_buf()),
        history_dir: None,
        locale: Some(Locale::EN),
        time: TimeSource::Manual(t0()),
        zone: Zone::utc(),
        speaker: Speaker::Silent,
        phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
        phones_limits: common::ui::ONE_ADDRESS,
    }
}

/// The same game as the phones', its turn ended by a tap in the window: the line a window tap
/// writes in the journal.
fn window_tap_line() -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
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
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
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
    table.take_seat(&aki, 1);
    table.until(&aki, "its seat", &format!("{SEATED} == 'Aki'"));
    table.until(
        &ben,
        "Aki's seat taken",
        "document.querySelector('#seats button:nth-child(1)').disabled",
    );
    table.take_seat(&ben, 2);
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

    // Aki's Done ends Aki's turn: the journal holds what a window tap writes, attributed to
    // Aki's phone.
    table.click(&aki, "#done");
    table.until(&ben, "Ben's turn", DONE_ON);
    table.until(&aki, "Done off", DONE_OFF);
    let after = table.journal();
    assert_eq!(after.len(), before.len() + 1);
    let mut tap = without_time(&window_tap_line());
    tap["event"]["phone"] = json!(0);
    assert_eq!(
        without_time(after.last().unwrap()),
        tap,
        "the same event as a tap in the window, from Aki's phone"
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
    table.until_shown(&aki, "the lost connection", "banner");
    table.ui = Ui::from_app(App::new(options(dir.path())));
    table
        .ui
        .click("Resume TERRAVIST: Aki and Ben (started 11/21/2026, 7:00\u{a0}PM)");
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
    // Leaving a seat is asked once: the first tap only asks; the second leaves.
    table.click(&aki, "#change");
    table.until(
        &aki,
        "asked once",
        "document.getElementById('change').textContent == 'Tap again to leave your seat'",
    );
    assert_eq!(
        table.run(
            &aki,
            "return document.getElementById('pick').hidden && you === 0;"
        ),
        json!(true),
        "still in Aki's seat after one tap"
    );
    table.click(&aki, "#change");
    table.until_shown(&aki, "the seat list", "pick");
    table.click(&aki, "#as-display");
    table.until_shown(&aki, "the table display", "players");
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

/// The text a phone's field shows.
/// A tap the server refuses as too fast (this phone spent its share) is not lost, nor waited on
/// unseen: the page says it is sending it again, and sends it when the server says it may. The
/// server here refills a device's share slowly (one request every two seconds), so the Done is
/// refused at first on any machine, however fast or loaded.
#[test]
fn a_tap_refused_as_too_fast_is_sent_again_and_lands() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut slow = options(dir.path());
    slow.phones_limits.request_every = Duration::from_secs(2);
    let mut ui = Ui::from_app(App::new(slow));
    ui.start_two_player_game();
    let mut table = Table::with_phones_on(dir.path().to_path_buf(), ui);
    let url = table.url();
    let (addr, base) = split_url(&url);
    let aki = table.rt.block_on(driver.phone("en-US"));
    table.rt.block_on(aki.goto(&url)).unwrap();
    table.until(
        &aki,
        "the seats",
        "document.querySelectorAll('#seats button').length == 2",
    );
    table.take_seat(&aki, 1);
    table.until(&aki, "Done on", DONE_ON);

    // Aki's phone's share, spent by requests naming it (stale ones: they change nothing).
    let id = table.run(&aki, "return localStorage.getItem('tablekeeper.phone');");
    let id = id.as_str().unwrap().to_string();
    let stale = json!({ "phone": id, "rev": 1 }).to_string();
    let spend = format!(
        "POST {base}/done HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nX-Tablekeeper-Phone: {id}\r\n\
         Content-Length: {}\r\n\r\n{stale}",
        stale.len()
    );
    let statuses: Vec<u16> = (0..25)
        .map(|_| send(addr, spend.as_bytes()).status)
        .collect();
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");

    // The page notes whether it ever said it was sending again, then Aki taps Done.
    table.run(
        &aki,
        "window.saidSending = false; \
         new MutationObserver(() => { if (!document.getElementById('sending').hidden) \
           window.saidSending = document.getElementById('sending').textContent; }) \
         .observe(document.getElementById('sending'), { attributes: true }); return true;",
    );
    let before = table.journal().len();
    table.click(&aki, "#done");
    table.until(&aki, "the turn ended", DONE_OFF);
    assert_eq!(table.journal().len(), before + 1, "the one Done, once");
    let said = table.run(&aki, "return window.saidSending;");
    assert_eq!(said, json!("Too many taps at once: sending yours again…"));
    table.until_hidden(&aki, "the sending line gone", "sending");
}

/// On a long turn (the dice box and three creature cards on a 390×844 phone) Done is under the
/// thumb without scrolling, wherever the page is scrolled to, and nothing hides it.
#[test]
fn done_stays_within_reach_on_a_long_turn() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    let mut table = Table::with_phones_on(dir.path().to_path_buf(), ui);
    let url = table.url();
    let aki = table.rt.block_on(driver.phone("en-US"));
    table.rt.block_on(aki.goto(&url)).unwrap();
    table.until(
        &aki,
        "the seats",
        "document.querySelectorAll('#seats button').length == 2",
    );
    table.take_seat(&aki, 1);
    table.until_shown(&aki, "its cards", "cards");
    table.until_shown(&aki, "the dice box", "dice-box");
    for (n, name) in ["Owl", "Fox", "Heron"].into_iter().enumerate() {
        table.run(
            &aki,
            &format!(
                "document.getElementById('settle-box').open = true; \
                 document.getElementById('c-name').value = '{name}'; \
                 document.getElementById('c-smiles').value = '4'; \
                 document.getElementById('c-limit').value = '3'; \
                 document.getElementById('c-level').value = '1'; \
                 const h = document.getElementById('c-hab1'); h.value = 'forest'; \
                 h.dispatchEvent(new Event('change')); return true;"
            ),
        );
        table.until(
            &aki,
            "the forest offered",
            "document.getElementById('c-place').value.startsWith('h:forest')",
        );
        table.click(&aki, "#c-go");
        table.until(
            &aki,
            &format!("card {n} among its cards"),
            &format!("document.getElementById('own-cards').textContent.includes('{name}')"),
        );
    }
    table.run(
        &aki,
        "document.getElementById('settle-box').open = true; return true;",
    );
    let page = table.run(
        &aki,
        "return [document.documentElement.scrollHeight, innerHeight];",
    );
    assert!(
        page[0].as_f64().unwrap() > page[1].as_f64().unwrap() * 1.5,
        "a page long enough to scroll: {page}"
    );
    // Done's whole rectangle in the viewport, and Done itself what is under its middle, at the
    // top of the page, halfway down, and at the bottom.
    let reach = "const r = document.getElementById('done').getBoundingClientRect(); \
                 const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
                 return [r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth, \
                         hit === document.getElementById('done'), r.top, r.bottom, innerHeight];";
    for scroll in [
        "0",
        "document.documentElement.scrollHeight / 2",
        "document.documentElement.scrollHeight",
    ] {
        table.run(&aki, &format!("window.scrollTo(0, {scroll}); return true;"));
        let seen = table.run(&aki, reach);
        assert_eq!(
            seen[0],
            json!(true),
            "Done inside the viewport at {scroll}: {seen}"
        );
        assert_eq!(seen[1], json!(true), "Done not covered at {scroll}: {seen}");
    }
    table.run(
        &aki,
        "window.scrollTo(0, document.documentElement.scrollHeight / 2); return true;",
    );
    table.screenshot(&aki, "long-turn-en");
    // It is Done that counts: a tap on it there ends Aki's turn.
    table.click(&aki, "#done");
    table.until(&aki, "Aki's turn ended", DONE_OFF);
}

fn field_value(key: &str) -> String {
    format!("document.querySelector('#entry-fields [data-key=\"{key}\"] input').value")
}

/// Four players, the phones on, each phone in its own seat; the game played to the end of
/// round 1 (six turns each).
fn four_phones_at_round_end(driver: &Driver) -> (Table, Vec<Client>) {
    let dir = tempfile::tempdir().unwrap().keep();
    let mut ui = Ui::new(&dir, Locale::EN);
    ui.set_up_aki_and_ben();
    ui.click("Add a player");
    ui.type_into("setup-name-2", "Chie");
    ui.click("Add a player");
    ui.type_into("setup-name-3", "Dai");
    ui.click("Forest");
    ui.click("Start the game");
    let mut table = Table::with_phones_on(dir, ui);
    let url = table.url();
    let phones: Vec<Client> = ["en-US", "ja", "en-US", "ja"]
        .iter()
        .map(|lang| table.rt.block_on(driver.phone(lang)))
        .collect();
    for (seat, phone) in phones.iter().enumerate() {
        table.rt.block_on(phone.goto(&url)).unwrap();
        table.until(
            phone,
            "the seats",
            "document.querySelectorAll('#seats button').length == 4",
        );
        table.take_seat(phone, seat + 1);
        table.until(phone, "its seat", &format!("{SEATED} != ''"));
    }
    for _ in 0..24 {
        table.ui.key(iced::keyboard::key::Named::Space);
    }
    assert_eq!(table.ui.app.screen_name(), "round_end");
    (table, phones)
}

#[test]
fn four_phones_enter_their_results_and_fill_their_columns_at_once_and_a_reload_loses_nothing() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let (mut table, phones) = four_phones_at_round_end(&driver);

    // Round 1's end: each phone is asked its result, in its language, and types it.
    let result_field = "#entry-fields [data-key=\"result\"] input";
    for phone in &phones {
        table.until(
            phone,
            "the result asked",
            &format!("document.querySelector('{result_field}')"),
        );
    }
    table.screenshot(&phones[0], "result-en");
    table.screenshot(&phones[1], "result-ja");
    for (seat, phone) in phones.iter().enumerate() {
        table.run(phone, &type_field("result", &(seat + 1).to_string()));
    }
    for (seat, phone) in phones.iter().enumerate() {
        table.until(
            phone,
            "its result saved",
            &format!("{} == '{}'", field_value("result"), seat + 1),
        );
    }
    table.pump(Duration::from_millis(200));
    assert_eq!(
        table.ui.app.session().unwrap().state().answers,
        vec![Some(1), Some(2), Some(3), Some(4)]
    );
    table.ui.assert_shows("from their phone");
    // The window types over Dai's: Dai's phone shows the table's value, marked as the table's.
    table.ui.replace_in("result-3", "7");
    table.until(
        &phones[3],
        "the table's value",
        &format!("{} == '7'", field_value("result")),
    );
    table.until(
        &phones[3],
        "marked as the table's",
        "document.querySelector('#entry-fields .field-note').textContent.includes('テーブル')",
    );
    table.ui.click("Place the markers");
    for phone in &phones {
        table.until_hidden(phone, "the step closed", "entry");
    }
    table.ui.click("Return the eggs");
    table.ui.click("Flip");
    table.ui.click("Pass the parent marker");
    // Rounds 2 and 3 at the window (results left at 0), to the game's end.
    for turns in [5, 4] {
        for _ in 0..turns * 4 {
            table.ui.key(iced::keyboard::key::Named::Space);
        }
        // Every result left empty: the first tap asks, the second places the markers.
        table.ui.click("Place the markers");
        table
            .ui
            .click("Tap again to place the markers (0 for Aki, Ben, Chie, and Dai)");
        if turns == 5 {
            table.ui.click("Return the eggs");
            table.ui.click("Flip");
            table.ui.click("Pass the parent marker");
        }
    }
    assert_eq!(table.ui.app.screen_name(), "sheet");

    // The sheet: every phone shows its own column and fills it, the four at once, part by part.
    let parts = ["creatures", "positions", "development", "eggs", "tucked"];
    let value = |seat: usize, part: usize| seat * 10 + part + 1;
    for phone in &phones {
        table.until(
            phone,
            "its column",
            "document.querySelector('#entry-fields [data-key=\"tucked#0\"] input')",
        );
    }
    for (p, part) in parts.iter().enumerate() {
        for (seat, phone) in phones.iter().enumerate() {
            // Chie's phone reloads after typing its second part, before the app has it.
            if seat == 2 && p == 1 {
                table.run(
                    phone,
                    &format!(
                        "{} location.reload(); return true;",
                        type_field(&format!("{part}#0"), &value(seat, p).to_string())
                            .trim_end_matches("return true;")
                    ),
                );
                continue;
            }
            let key = format!("{part}#0");
            table.until(
                phone,
                "the field (after Chie's reload too)",
                &format!("document.querySelector('#entry-fields [data-key=\"{key}\"] input')"),
            );
            table.run(phone, &type_field(&key, &value(seat, p).to_string()));
        }
        // The four phones share 127.0.0.1 here, so one address's rate (5 a second): a part a
        // second keeps them under it, as four phones on four addresses would be anyway.
        let paced = Instant::now() + Duration::from_secs(1);
        while Instant::now() < paced {
            table.pump(Duration::from_millis(50));
        }
    }
    table.until(
        &phones[2],
        "Chie's column after the reload",
        "document.querySelector('#entry-fields [data-key=\"tucked#0\"] input')",
    );
    // Every target at least 44 CSS pixels each way, and the number pad for every number field.
    let smallest = table.run(
        &phones[1],
        "const all = [...document.querySelectorAll('#entry button, #entry input')] \
           .filter((e) => e.offsetParent !== null); \
         return Math.min(...all.map((e) => Math.min(e.getBoundingClientRect().height, \
           e.getBoundingClientRect().width)));",
    );
    assert!(smallest.as_f64().unwrap() >= 44.0, "{smallest}");
    let pads = table.run(
        &phones[1],
        "return [...document.querySelectorAll('#entry input')].every((i) => i.inputMode == 'numeric');",
    );
    assert_eq!(pads, Value::Bool(true));
    table.screenshot(&phones[0], "column-en");
    table.screenshot(&phones[1], "column-ja");
    let sheet_values = |table: &Table| -> Vec<Vec<String>> {
        let sheet = table.ui.app.session().unwrap().sheet();
        (0..4)
            .map(|seat| {
                [0, 1, 3, 4, 5]
                    .iter()
                    .map(|&i| sheet.players[seat].parts[i].to_string())
                    .collect()
            })
            .collect()
    };
    let wanted: Vec<Vec<String>> = (0..4)
        .map(|seat| (0..5).map(|p| value(seat, p).to_string()).collect())
        .collect();
    let until = Instant::now() + Duration::from_secs(20);
    while sheet_values(&table) != wanted {
        assert!(
            Instant::now() < until,
            "the window's sheet {:?} never held what the phones typed {wanted:?}",
            sheet_values(&table)
        );
        table.pump(Duration::from_millis(50));
    }
    // Each phone's total is the window's.
    let totals: Vec<String> = (table.ui.app.session().unwrap().sheet().players.iter())
        .map(|p| p.total.to_string())
        .collect();
    for (seat, phone) in phones.iter().enumerate() {
        table.until(
            phone,
            "the window's total",
            &format!(
                "document.getElementById('entry-total').textContent.endsWith('{}') \
                 && document.querySelectorAll('#entry-fields .field-note').length > 0 \
                 && !document.getElementById('ready').disabled",
                totals[seat]
            ),
        );
    }

    // Ready on every phone; the window says so; Finish.
    for phone in &phones {
        table.click(phone, "#ready");
    }
    for phone in &phones {
        table.until(
            phone,
            "marked ready",
            "document.getElementById('ready').classList.contains('done')",
        );
    }
    table.screenshot(&phones[0], "ready-en");
    table.screenshot(&phones[1], "ready-ja");
    table
        .ui
        .assert_shows("Everyone is ready: Aki, Ben, Chie, and Dai");
    let journal = table.journal();
    assert!(
        journal
            .iter()
            .filter(|l| l.contains(r#""phone":2"#))
            .count()
            >= 6,
        "Chie's values and her Ready are her phone's: {journal:#?}"
    );
    table.ui.finish();
    let history = table.ui.app.history().unwrap();
    let entry = &history.entries()[0];
    for (seat, player) in entry.players.iter().enumerate() {
        assert_eq!(player.total.to_string(), totals[seat], "{}", player.name);
    }
    assert_eq!(entry.objectives[0].results, vec![1, 2, 3, 7]);
    for phone in phones {
        let _ = table.rt.block_on(phone.close());
    }
}

#[test]
fn the_current_players_phone_settles_a_creature_card_that_the_window_and_its_sheet_then_hold() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.start_two_player_game();
    let mut table = Table::with_phones_on(dir.path().to_path_buf(), ui);
    let url = table.url();
    let aki = table.rt.block_on(driver.phone("en-US"));
    let ben = table.rt.block_on(driver.phone("ja"));
    for (seat, phone) in [&aki, &ben].into_iter().enumerate() {
        table.rt.block_on(phone.goto(&url)).unwrap();
        table.until(
            phone,
            "the seats",
            "document.querySelectorAll('#seats button').length == 2",
        );
        table.take_seat(phone, seat + 1);
        table.until(phone, "its seat", &format!("{SEATED} != ''"));
    }
    // Aki's turn: Aki's phone offers Aki's cards; Ben's offers nothing of the kind.
    table.until_shown(&aki, "its cards", "cards");
    assert_eq!(
        table.run(&ben, "return document.getElementById('cards').hidden;"),
        Value::Bool(true)
    );
    table.run(
        &aki,
        "document.getElementById('settle-box').open = true; \
         document.getElementById('c-name').value = 'Owl'; \
         document.getElementById('c-smiles').value = '4'; \
         document.getElementById('c-limit').value = '3'; \
         document.getElementById('c-level').value = '2'; \
         const h = document.getElementById('c-hab1'); h.value = 'forest'; \
         h.dispatchEvent(new Event('change')); return true;",
    );
    table.until(
        &aki,
        "the forest offered",
        "document.getElementById('c-place').value == 'h:forest'",
    );
    table.screenshot(&aki, "card-form-en");
    table.click(&aki, "#c-go");
    table.until(
        &aki,
        "the Owl among its cards",
        "document.getElementById('own-cards').textContent.includes('Owl')",
    );
    table.click(&aki, "#own-cards [data-action='add_egg']");
    table.until(
        &aki,
        "an egg on the Owl",
        "document.getElementById('own-cards').textContent.includes('Eggs 1/3')",
    );
    table.screenshot(&aki, "cards-en");
    // A table that changes nothing Aki sees (Ben's phone takes its own seat again) leaves
    // Aki's buttons where they are: the same elements, the keyboard's focus on + Egg.
    table.run(
        &aki,
        "window.egg = document.querySelector('#own-cards [data-action=\"add_egg\"]'); \
         window.egg.focus(); window.tables = 0; \
         connect.source.addEventListener('table', () => { window.tables += 1; }); return true;",
    );
    table.run(&ben, "post('/seat', { phone, seat: 1 }); return true;");
    table.until(&aki, "the table again", "window.tables >= 1");
    let kept = "const e = document.querySelector('#own-cards [data-action=\"add_egg\"]'); \
                return [e === window.egg, window.egg.isConnected, document.activeElement === window.egg];";
    assert_eq!(table.run(&aki, kept), serde_json::json!([true, true, true]));
    // + Egg again: the app's answer leaves the focus where the finger was.
    table.click(&aki, "#own-cards [data-action='add_egg']");
    table.until(
        &aki,
        "a second egg on the Owl",
        "document.getElementById('own-cards').textContent.includes('Eggs 2/3')",
    );
    assert_eq!(table.run(&aki, kept), serde_json::json!([true, true, true]));
    let smallest = table.run(
        &aki,
        "const all = [...document.querySelectorAll('#cards button, #cards input, #cards select, #cards summary')] \
           .filter((e) => e.offsetParent !== null); \
         return Math.min(...all.map((e) => e.getBoundingClientRect().height));",
    );
    assert!(smallest.as_f64().unwrap() >= 44.0, "{smallest}");
    // The window's creature list holds the Owl with its eggs, and the automatic sheet counts them.
    table.ui.assert_shows("Owl");
    let session = table.ui.app.session().unwrap();
    let owl = &session.state().table.creatures[0];
    assert_eq!((owl.owner, owl.eggs, owl.card.smiles), (0, 2, 4));
    let sheet = session.sheet();
    assert_eq!(sheet.players[0].parts[0].to_string(), "4", "Smiles");
    assert_eq!(sheet.players[0].parts[4].to_string(), "2", "eggs");
    let journal = table.journal();
    assert!(
        journal
            .iter()
            .any(|l| l.contains("\"settle\"") && l.contains("\"phone\":0")),
        "{journal:#?}"
    );
    // Ben's turn: his phone shows his cards (none yet), in Japanese; a forged egg on Aki's Owl
    // from his phone is refused with a sentence and changes nothing.
    table.ui.key(iced::keyboard::key::Named::Space);
    table.until_shown(&ben, "its cards", "cards");
    let rev = table.run(&ben, "return table.rev;");
    let (addr, base) = split_url(&url);
    let forged = format!(
        r#"{{"phone":"{}","rev":{rev},"action":"add_egg","card":0}}"#,
        table
            .run(&ben, "return localStorage.getItem('tablekeeper.phone');")
            .as_str()
            .unwrap()
    );
    assert_eq!(post(addr, &format!("{base}/turn"), &forged).status, 202);
    table.until(
        &ben,
        "the refusal",
        "document.getElementById('cards-refused').textContent.includes('Owl')",
    );
    assert_eq!(
        table.ui.app.session().unwrap().state().table.creatures[0].eggs,
        2
    );
    table.run(
        &ben,
        "document.getElementById('settle-box').open = true; return true;",
    );
    table.screenshot(&ben, "cards-ja");
    for phone in [aki, ben] {
        let _ = table.rt.block_on(phone.close());
    }
}

#[test]
fn a_phone_shows_its_players_bank_counting_down_and_vibrates_at_zero() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut ui = Ui::new(dir.path(), Locale::EN);
    ui.set_up_aki_and_ben();
    ui.resize((1280.0, 1600.0));
    ui.click("Time bank");
    ui.click("10 min");
    ui.click("No increment");
    ui.click("Forest");
    ui.click("Start the game");
    ui.resize((1280.0, 800.0));
    let mut table = Table::with_phones_on(dir.path().to_path_buf(), ui);
    // Aki's bank is nearly spent: 9:57 of 10 minutes gone in the app's (manual) clock.
    table.ui.app.advance(597);
    let _ = table.ui.app.update(Message::Tick);
    let url = table.url();
    let aki = table.rt.block_on(driver.phone("en-US"));
    table.rt.block_on(aki.goto(&url)).unwrap();
    // The page's vibrations, recorded: a headless browser has no motor to ask.
    table.run(
        &aki,
        "window.buzzes = []; navigator.vibrate = (p) => { window.buzzes.push(p); return true; }; \
         return true;",
    );
    table.until(
        &aki,
        "the seats",
        "document.querySelectorAll('#seats button').length == 2",
    );
    table.take_seat(&aki, 1);
    table.until(&aki, "its seat", &format!("{SEATED} == 'Aki'"));
    table.until(
        &aki,
        "the bank in words",
        "document.getElementById('facts').textContent.includes('Time bank 10 min')",
    );
    // The page counts the bank down from the table it was sent (the window's clock is held
    // still here): 0:03 left, then at zero the time over, in the warning colour, and a buzz.
    table.until(
        &aki,
        "the bank counting down",
        "['0:03', '0:02', '0:01'].includes(document.getElementById('clock').textContent)",
    );
    table.until(
        &aki,
        "the bank run out",
        "document.getElementById('clock').textContent.startsWith('+') \
         && document.getElementById('clock').classList.contains('over')",
    );
    table.until(
        &aki,
        "a vibration at zero",
        "window.buzzes.some((p) => p.length == 3)",
    );
    assert!(
        table.text(&aki, "marks").contains("Out of time"),
        "{}",
        table.text(&aki, "marks")
    );
    assert!(table.text(&aki, "me-total").starts_with("Your bank +"));
    table.screenshot(&aki, "bank-out-en");

    // Everyone at once: the phone asks its player for their Ready; the window marks Ben's.
    table.ui.click("Everyone at once");
    table.until_shown(&aki, "I'm ready", "together");
    table.screenshot(&aki, "together-en");
    table.ui.click("Ben ready");
    // The phone names who the phase still waits for (issue 60): Aki alone, once Ben is ready.
    table.until(
        &aki,
        "Aki named as the one not ready",
        "document.getElementById('sheet-waiting').textContent == 'Waiting for: Aki'",
    );
    let clock = table.ui.app.game().unwrap().clock();
    assert_eq!(clock.together_now().unwrap().times[0], None, "Aki not yet");
    assert!(
        clock.together_now().unwrap().times[1].is_some(),
        "Ben ready"
    );
    table.click(&aki, "#together-ready");
    table.until_hidden(&aki, "the phase over", "together");
    let clock = table.ui.app.game().unwrap().clock();
    assert!(clock.together_now().is_none());
    assert!(clock.together[0].times.iter().all(Option::is_some));
    let _ = table.rt.block_on(aki.close());
}

/// `phone` joins the game being set up as `name`, in the colour named `colour` (`red`).
fn join(table: &mut Table, phone: &Client, name: &str, colour: &str) {
    table.until_shown(phone, "the join form", "join-box");
    table.run(
        phone,
        &format!(
            "const input = document.getElementById('join-name'); input.value = {name:?}; \
             joinColour = {colour:?}; render(); return true;"
        ),
    );
    table.click(phone, "#join");
}

/// The text of the page's element `id`, once it is shown.
const LOBBY_IN: &str = "!document.getElementById('joined-box').hidden";

#[test]
fn four_phones_join_before_the_game_a_fifth_asks_for_a_seat_and_the_parent_runs_the_round_end() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap().keep();
    // The phones were turned on in an earlier game: the setup shows the code at once.
    let settings = tablekeeper::settings::Settings {
        phones: true,
        known_players: vec!["Aki".into()],
        ..Default::default()
    };
    settings.save(&dir.join("settings.json")).unwrap();
    let mut ui = Ui::new(&dir, Locale::EN);
    ui.click("New game");
    ui.assert_shows("0 phones joined");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut table = Table { dir, ui, rt };
    let url = table.url();
    let langs = ["en-US", "ja", "en-US", "ja"];
    let phones: Vec<Client> = langs
        .iter()
        .map(|lang| table.rt.block_on(driver.phone(lang)))
        .collect();
    for phone in &phones {
        table.rt.block_on(phone.goto(&url)).unwrap();
    }
    // Aki's name is one tap away (she played before): her phone taps it.
    table.until_shown(&phones[0], "the join form", "join-box");
    table.until(
        &phones[0],
        "the names played before",
        "document.querySelectorAll('#known-names button').length == 1",
    );
    table.screenshot(&phones[0], "join-en");
    table.screenshot(&phones[1], "join-ja");
    // Where Dai's Join is, and each colour button, before anyone joins: nothing under a finger
    // moves while the others join (STYLE habit 18).
    let places = "return ['#join', ...[...document.querySelectorAll('#join-colours button')] \
                  .map((b, i) => '#join-colours button:nth-child(' + (i + 1) + ')')] \
                  .map((css) => { const r = document.querySelector(css).getBoundingClientRect(); \
                  return [css, Math.round(r.left), Math.round(r.top)]; });";
    table.until_shown(&phones[3], "Dai's join form", "join-box");
    let before = table.run(&phones[3], places);
    table.click(&phones[0], "#known-names button");
    table.click(&phones[0], "#join");
    table.until(&phones[0], "Aki in", LOBBY_IN);
    // Ben, Chie and Dai tap Join at once: each lands on its first tap.
    let three = [("Ben", "blue"), ("Chie", "green"), ("Dai", "yellow")];
    for (phone, (name, colour)) in phones[1..].iter().zip(three) {
        join(&mut table, phone, name, colour);
    }
    for (phone, (name, _)) in phones[1..].iter().zip(three) {
        table.until(phone, &format!("{name} in on the first tap"), LOBBY_IN);
    }
    // Dai's form is gone now (Dai is in): a fifth phone in Dai's language, its page showing
    // the four colours taken, is measured the same way.
    let taken = "document.querySelectorAll('#join-colours button.taken').length";
    let eve_before = {
        let eve = table.rt.block_on(driver.phone("ja"));
        table.rt.block_on(eve.goto(&url)).unwrap();
        table.until_shown(&eve, "a fifth phone's join form", "join-box");
        table.until(&eve, "four colours taken", &format!("{taken} == 4"));
        let at = table.run(&eve, places);
        table.rt.block_on(eve.close()).unwrap();
        at
    };
    assert_eq!(
        eve_before, before,
        "the Join button and every colour where they were before three phones joined"
    );
    table.ui.assert_shows("4 phones joined");
    for name in ["Aki", "Ben", "Chie", "Dai"] {
        table.ui.assert_shows(name);
    }
    // Chie's phone reloads mid-setup: it keeps its seat.
    table.rt.block_on(phones[2].refresh()).unwrap();
    table.until(&phones[2], "Chie still in", LOBBY_IN);
    assert_eq!(
        table.run(&phones[2], "return you;"),
        json!(2),
        "the same seat after a reload"
    );
    // The window adds Eve, who has no phone here: a fifth phone joining as Eve only asks, and
    // holds nothing until the window lets it.
    table.ui.click("Add a player");
    table.ui.type_into("setup-name-4", "Eve");
    let eve = table.rt.block_on(driver.phone("en-US"));
    table.rt.block_on(eve.goto(&url)).unwrap();
    join(&mut table, &eve, "Eve", "purple");
    table.until(
        &eve,
        "that the table is asked",
        "document.getElementById('lobby-note').textContent.includes('Let it')",
    );
    table.screenshot(&eve, "asking-en");
    assert_eq!(table.run(&eve, "return you;"), Value::Null);
    let forged = json!({ "phone": table.run(&eve, "return phone;"), "seat": 4 }).to_string();
    let (addr, base) = split_url(&url);
    assert_eq!(post(addr, &format!("{base}/seat"), &forged).status, 409);
    table
        .ui
        .assert_shows("A phone (127.0.0.1) asks for Eve's seat.");
    table.ui.click("Let it");
    table.until(&eve, "Eve in", LOBBY_IN);
    table.ui.assert_shows("5 phones joined");

    // Aki's phone (the parent's: the host) takes the first habitat; Ben's starts the game.
    table.until_shown(&phones[0], "the host's choice", "habitat-line");
    table.screenshot(&phones[0], "host-en");
    table.run(
        &phones[0],
        "const s = document.getElementById('habitat'); s.value = 'forest'; \
         s.dispatchEvent(new Event('change')); return true;",
    );
    table.until(
        &phones[1],
        "ready to start",
        "document.getElementById('start').getAttribute('aria-disabled') === null",
    );
    table.click(&phones[1], "#start");
    table.until(&phones[1], "the game", &format!("{SEATED} == 'Ben'"));
    assert_eq!(table.ui.app.screen_name(), "table");
    table.until(&phones[0], "Aki's turn on her phone", DONE_ON);
    table.screenshot(&phones[0], "first-turn-en");

    // Everyone plays round 1 from their own phone, Done by Done.
    let all: Vec<&Client> = phones.iter().chain([&eve]).collect();
    for turn in 0..6 * 5 {
        let seat = turn % 5;
        table.until(all[seat], "their turn", DONE_ON);
        table.click(all[seat], "#done");
        table.until(all[seat], "Done off", DONE_OFF);
    }
    assert_eq!(table.ui.app.screen_name(), "round_end");
    // The window names the phone that confirms the steps: nobody need tap the computer.
    table
        .ui
        .assert_shows("Aki's phone confirms each step: the table may still confirm here.");
    // Dai types his result and reloads at once, before the page's pause for more typing is
    // over: the value is kept and reaches the table all the same.
    table.until_shown(&phones[3], "Dai's result field", "entry");
    table.run(
        &phones[3],
        "const i = document.querySelector('#entry-fields [data-key=\"result\"] input'); \
         i.focus(); i.value = '4'; i.dispatchEvent(new Event('input')); return true;",
    );
    table.rt.block_on(phones[3].refresh()).unwrap();
    table.until(
        &phones[3],
        "Dai's 4 after the reload",
        &format!("{} == '4'", field_value("result")),
    );
    let until = Instant::now() + Duration::from_secs(15);
    while table.ui.app.session().unwrap().state().answer(3) != Some(4) {
        assert!(Instant::now() < until, "Dai's 4 never reached the table");
        table.pump(Duration::from_millis(50));
    }
    // The round end, from the parent's phone (Aki's): step 1 asks once while results are
    // missing, then each step is confirmed there; the window shows each step as it goes.
    table.until_shown(&phones[0], "the step", "step-go");
    table.screenshot(&phones[0], "round-end-en");
    table.screenshot(&phones[1], "round-end-ja");
    assert!(
        table.run(
            &phones[1],
            "return document.getElementById('step-go').hidden;"
        ) == json!(true),
        "only the parent's phone confirms"
    );
    table.click(&phones[0], "#step-go");
    table.until(
        &phones[0],
        "asked once",
        "document.getElementById('step-go').textContent == 'Tap again to confirm'",
    );
    for (step, shown) in [
        (1, "Step 2: every settled creature returns one egg"),
        (2, "Step 3: the parent flips an environment card"),
        (3, "Step 4: the parent marker passes clockwise"),
    ] {
        table.click(&phones[0], "#step-go");
        table.until(
            &phones[0],
            shown,
            &format!("document.getElementById('step-title').textContent == {shown:?}"),
        );
        assert!(table.ui.shows(shown), "step {step}: the window follows");
    }
    table.click(&phones[0], "#step-go");
    table.until(&phones[1], "Ben the parent of round 2", DONE_ON);
    assert_eq!(table.ui.app.screen_name(), "table");
    let journal = table.journal().join("\n");
    for kind in [
        "record_objective",
        "return_eggs",
        "flip_environment",
        "pass_parent",
    ] {
        let line = (table.journal().into_iter())
            .find(|l| l.contains(&format!("\"type\":\"{kind}\"")))
            .unwrap_or_else(|| panic!("{kind} in {journal}"));
        assert!(line.contains("\"phone\":0"), "from Aki's phone: {line}");
    }
}

/// axe-core's script (`.ci/run` installs it with npm into `target/axe`; `TABLEKEEPER_AXE` names
/// another copy): `None` when it is not there and the browser tests are not required.
fn axe_script() -> Option<String> {
    let path = std::env::var_os("TABLEKEEPER_AXE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("target/axe/node_modules/axe-core/axe.min.js")
        });
    match std::fs::read_to_string(&path) {
        Ok(script) => Some(script),
        Err(error) => {
            let required =
                std::env::var("TABLEKEEPER_BROWSER_TESTS").is_ok_and(|v| v == "required");
            assert!(!required, "no axe-core at {}: {error}", path.display());
            eprintln!(
                "SKIPPED: no axe-core at {} (npm install --prefix target/axe axe-core)",
                path.display()
            );
            None
        }
    }
}

/// What axe finds against WCAG 2.1 A and AA on the page as it is now: each violation as
/// "rule: the elements", none when the page passes.
fn violations(table: &Table, phone: &Client, axe: &str, state: &str) -> Vec<String> {
    let loaded = table.run(phone, "return typeof axe !== 'undefined';");
    if loaded != json!(true) {
        table.run(phone, &format!("{axe}\n;window.axe = axe; return true;"));
    }
    let found = table.run(
        phone,
        "return axe.run(document, { runOnly: { type: 'tag', values: \
         ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }) \
         .then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + \
         v.nodes.map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | ')));",
    );
    (found.as_array().cloned().unwrap_or_default().into_iter())
        .map(|v| format!("{state}: {}", v.as_str().unwrap_or_default()))
        .collect()
}

#[test]
fn the_page_passes_wcag_a_and_aa_in_every_state_in_every_language() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let Some(axe) = axe_script() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap().keep();
    let settings = tablekeeper::settings::Settings {
        phones: true,
        known_players: vec!["Aki".into()],
        ..Default::default()
    };
    settings.save(&dir.join("settings.json")).unwrap();
    let mut ui = Ui::new(&dir, Locale::EN);
    ui.click("New game");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut table = Table { dir, ui, rt };
    let url = table.url();
    let aki = table.rt.block_on(driver.phone("en-US"));
    let ben = table.rt.block_on(driver.phone("ja"));
    // A German phone that watches, never joins: the page in German in every state.
    let cleo = table.rt.block_on(driver.phone("de-DE"));
    let mut found = Vec::new();
    let mut check = |table: &mut Table, state: &str| {
        for (phone, lang) in [(&aki, "en"), (&ben, "ja"), (&cleo, "de")] {
            found.extend(violations(table, phone, &axe, &format!("{state} ({lang})")));
        }
    };
    for phone in [&aki, &ben, &cleo] {
        table.rt.block_on(phone.goto(&url)).unwrap();
        table.until_shown(phone, "the join form", "join-box");
    }
    table.until(
        &cleo,
        "the page in German",
        "document.documentElement.lang === 'de' && document.body.innerText.length > 0",
    );
    check(&mut table, "joining");
    table.screenshot(&cleo, "joining-de");
    join(&mut table, &aki, "Aki", "yellow");
    join(&mut table, &ben, "Ben", "blue");
    table.until(&aki, "in", LOBBY_IN);
    table.until(&ben, "in", LOBBY_IN);
    check(&mut table, "joined");
    table.run(
        &aki,
        "const s = document.getElementById('habitat'); s.value = 'forest'; \
         s.dispatchEvent(new Event('change')); return true;",
    );
    table.until(
        &aki,
        "ready to start",
        "document.getElementById('start').getAttribute('aria-disabled') === null",
    );
    table.click(&aki, "#start");
    table.until(&aki, "Aki's turn", DONE_ON);
    table.until(&ben, "Ben waiting", DONE_OFF);
    check(&mut table, "a turn");
    // Round 1, then the round end's first step with the result fields.
    for turn in 0..12 {
        let phone = if turn % 2 == 0 { &aki } else { &ben };
        table.until(phone, "their turn", DONE_ON);
        table.click(phone, "#done");
        table.until(phone, "Done off", DONE_OFF);
    }
    table.until_shown(&aki, "the step", "step-go");
    table.until_shown(&ben, "the result", "entry");
    check(&mut table, "round end");
    table.screenshot(&cleo, "pick-de");
    // Paused from a phone: the mark on every phone.
    table.click(&ben, "#pause");
    table.until(
        &aki,
        "paused",
        "document.getElementById('marks').textContent != ''",
    );
    check(&mut table, "paused");
    std::thread::sleep(Duration::from_millis(1100)); // a seat pauses once a second at most
    table.click(&ben, "#pause");
    table.until(
        &aki,
        "resumed",
        "document.getElementById('marks').textContent == ''",
    );
    // Aki's phone (the parent's) runs the round end: asked once, then each step.
    table.click(&aki, "#step-go");
    table.until(
        &aki,
        "asked once",
        "document.getElementById('step-go').textContent == 'Tap again to confirm'",
    );
    check(&mut table, "step asked once");
    for _ in 0..4 {
        table.click(&aki, "#step-go");
        table.pump(Duration::from_millis(300));
    }
    table.until(&ben, "round 2: Ben the parent", DONE_ON);
    // The window opens the sheet: each phone shows its column; both Ready; Finish offered.
    table.ui.click("Score sheet");
    table.until_shown(&aki, "Aki's column", "entry");
    table.until_shown(&ben, "Ben's column", "entry");
    check(&mut table, "the sheet");
    for phone in [&aki, &ben] {
        table.click(phone, "#ready");
    }
    table.until_shown(&aki, "Finish offered", "finish-box");
    table.until_shown(&ben, "Finish offered", "finish-box");
    check(&mut table, "every column ready");
    table.click(&ben, "#finish");
    table.until(
        &ben,
        "asked once",
        "document.getElementById('finish').textContent == table.words.finish_again",
    );
    // A second tap at once is the same hurried thumb: the page takes one a moment later.
    std::thread::sleep(std::time::Duration::from_millis(700));
    table.click(&ben, "#finish");
    table.until_shown(&aki, "the game saved", "idle-saved");
    table.until_shown(&ben, "the game saved", "idle-saved");
    table.screenshot(&aki, "saved-en");
    table.screenshot(&ben, "saved-ja");
    // The window shows the game just saved (its final sheet) until someone leaves it.
    assert_eq!(table.ui.app.screen_name(), "history");
    check(&mut table, "after Finish");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// "Just watch" on a television (a 1920×1080 browser) is the table view read across the room:
/// whose turn and the clock fill the left, the round, the parent and the objective the right,
/// every player's time under them; big type, the whole width; and it passes axe.
#[test]
fn just_watch_on_a_television_is_the_table_view_read_across_the_room() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap().keep();
    let mut ui = Ui::new(&dir, Locale::EN);
    ui.start_two_player_game();
    ui.type_and_enter("table-objective", "Most eggs");
    let mut table = Table::with_phones_on(dir, ui);
    let url = table.url();
    let tv = table.rt.block_on(driver.television("en-US"));
    table.rt.block_on(tv.goto(&url)).unwrap();
    table.until_shown(&tv, "the seat list", "pick");
    table.click(&tv, "#as-display");
    table.until_shown(&tv, "the table display", "players");
    table.screenshot(&tv, "display-tv-en");
    let measured = table.run(
        &tv,
        "const px = (id) => parseFloat(getComputedStyle(document.getElementById(id)).fontSize);
         const box = (id) => document.getElementById(id).getBoundingClientRect();
         return { whose: px('whose'), clock: px('clock'), round: px('round'),
                  facts: px('facts'), players: px('players'),
                  table: box('table').width, whose_box: box('whose-box').width,
                  facts_left: box('facts').left, whose_right: box('whose-box').right,
                  said: document.getElementById('facts').textContent,
                  who: document.getElementById('whose').textContent };",
    );
    let px = |key: &str| measured[key].as_f64().unwrap_or(0.0);
    assert!(
        px("whose") >= 100.0,
        "whose turn at {} px: {measured}",
        px("whose")
    );
    assert!(
        px("clock") >= 200.0,
        "the clock at {} px: {measured}",
        px("clock")
    );
    assert!(
        px("round") >= 60.0,
        "the round at {} px: {measured}",
        px("round")
    );
    assert!(
        px("facts") >= 40.0,
        "the parent and objective at {} px: {measured}",
        px("facts")
    );
    assert!(
        px("players") >= 36.0,
        "the players at {} px: {measured}",
        px("players")
    );
    assert!(
        px("table") >= 1700.0,
        "a phone's column, not the screen: {measured}"
    );
    assert!(
        px("facts_left") > px("whose_right"),
        "the facts beside whose turn, not under it: {measured}"
    );
    let said = measured["said"].as_str().unwrap_or_default();
    assert!(said.contains("Parent: Aki"), "{said}");
    assert!(said.contains("Round objective: Most eggs"), "{said}");
    assert_eq!(measured["who"], "Aki's turn");
    if let Some(axe) = axe_script() {
        let found = violations(&table, &tv, &axe, "the television");
        assert!(found.is_empty(), "{found:#?}");
    }
}
