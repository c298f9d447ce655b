//! A whole evening with no window, in real browsers (see `tests/common/browser.rs`): the
//! `tablekeeper serve` binary, two headless Chromium phones (one in English, one in Japanese)
//! and a 1920×1080 television in "Just watch". Aki's phone sets a TERRAVIST game up, both join,
//! Aki's phone (the host) chooses the first habitat, Ben's starts; every turn is ended by its
//! player's Done; on Aki's first turn Aki's phone rolls the dice, takes all five and rerolls; each
//! round end's results come from the phones and its steps from the parent's; the sheet from the
//! phones' columns; Ben's phone finishes. `tablekeeper history` then lists the game with the
//! phones' values. A second game is killed with SIGKILL in the middle and started again: the
//! pages find it by themselves, each phone in its seat, nothing they were shown lost.
#![cfg(feature = "phones")]

mod common;

use std::time::Duration;

use common::browser::{self, Driver, type_field};
use common::serve::{PARTS, Serve, assert_history_holds};
use fantoccini::Client;
use serde_json::Value;
use tokio::runtime::Runtime;

/// The three browsers and the runtime that drives them.
struct Evening {
    rt: Runtime,
    aki: Client,
    ben: Client,
    tv: Client,
}

impl Evening {
    /// Waits until `js` is true in `phone`'s page (the server runs in its own process: nothing
    /// to forward meanwhile).
    fn until(&self, phone: &Client, what: &str, js: &str) {
        browser::until(&self.rt, phone, what, js, || {
            std::thread::sleep(Duration::from_millis(20))
        });
    }

    fn shown(&self, phone: &Client, what: &str, id: &str) {
        self.until(
            phone,
            what,
            &format!("!document.getElementById('{id}').hidden"),
        );
    }

    fn click(&self, phone: &Client, css: &str) {
        browser::click(&self.rt, phone, css);
    }

    fn run(&self, phone: &Client, js: &str) -> Value {
        browser::run(&self.rt, phone, js)
    }

    fn phones(&self) -> [&Client; 2] {
        [&self.aki, &self.ben]
    }

    /// The phone whose Done is on (the current player's), if one is.
    fn current(&self) -> Option<usize> {
        let on = "return !document.getElementById('table').hidden \
                  && !document.getElementById('done').disabled;";
        (self.phones().iter()).position(|phone| self.run(phone, on) == Value::Bool(true))
    }

    /// The stage the television's table shows.
    fn stage(&self) -> String {
        let stage = self.run(&self.tv, "return table ? table.stage : '';");
        stage.as_str().unwrap_or_default().to_string()
    }

    /// The table's state the television shows.
    fn rev(&self) -> u64 {
        let rev = self.run(&self.tv, "return table ? table.rev : 0;");
        rev.as_u64().unwrap()
    }

    /// The current player's phone taps Done; the television shows the next state.
    fn done(&self) {
        let seat = (0..100)
            .find_map(|_| {
                let seat = self.current();
                if seat.is_none() {
                    std::thread::sleep(Duration::from_millis(50));
                }
                seat
            })
            .expect("a phone's Done is on");
        let before = self.rev();
        self.click(self.phones()[seat], "#done");
        self.until(&self.tv, "the turn ended", &format!("table.rev > {before}"));
    }

    /// The host's phone (Aki's) chooses the forest as TERRAVIST's first habitat.
    fn choose_the_forest(&self) {
        self.shown(&self.aki, "the first habitat", "habitat-line");
        self.run(
            &self.aki,
            "const s = document.getElementById('habitat'); s.value = 'forest'; \
             s.dispatchEvent(new Event('change')); return true;",
        );
    }
}

/// `phone` joins the game being set up as `name` in `colour`.
fn join(evening: &Evening, phone: &Client, name: &str, colour: &str) {
    evening.shown(phone, "the join form", "join-box");
    evening.run(
        phone,
        &format!(
            "document.getElementById('join-name').value = {name:?}; joinColour = {colour:?}; \
             render(); return true;"
        ),
    );
    evening.click(phone, "#join");
    evening.shown(phone, "joined", "joined-box");
}

/// Aki's phone sets up a TERRAVIST game, Aki and Ben join, Aki's phone chooses the first habitat
/// and Ben's starts.
fn set_up_and_start(evening: &Evening) {
    evening.shown(&evening.aki, "the games to set up", "new-box");
    evening.until(
        &evening.aki,
        "TERRAVIST offered first",
        "document.querySelector('#new-games button').textContent == 'TERRAVIST'",
    );
    evening.click(&evening.aki, "#new-games button:nth-child(1)");
    join(evening, &evening.aki, "Aki", "red");
    join(evening, &evening.ben, "Ben", "blue");
    // Issue 60: the host is asked to choose, Ben's phone is told whose choice it is (never to
    // choose it himself), and neither names a computer where none keeps the table.
    evening.until(
        &evening.aki,
        "the host asked to choose",
        "document.getElementById('start-note').textContent == \
         'Choose the first habitat above: then anyone may start.'",
    );
    // Ben's phone is in Japanese.
    evening.until(
        &evening.ben,
        "Ben told who chooses",
        "document.getElementById('start-note').textContent == \
         'Akiさんが自分のスマホで最初の生息地を選びます。'",
    );
    evening.until(
        &evening.ben,
        "no computer named",
        "document.getElementById('joined-note').textContent == \
         '参加しました。ゲームはどのスマホからでも始められます。'",
    );
    evening.choose_the_forest();
    evening.until(
        &evening.ben,
        "ready to start",
        "document.getElementById('start-note').textContent == ''",
    );
    evening.click(&evening.ben, "#start");
    for phone in evening.phones() {
        evening.until(
            phone,
            "the game on the table",
            "!document.getElementById('table').hidden \
             && document.getElementById('me-name').textContent",
        );
    }
}

/// The number of dice a phone may take now.
const DICE_TO_TAKE: &str =
    "[...document.querySelectorAll('#dice-list button')].filter((b) => !b.disabled).length";

/// Aki's phone takes every die in the resource box, one tap each.
fn take_every_die(evening: &Evening) {
    let aki = &evening.aki;
    for left in (0..5).rev() {
        evening.click(aki, "#dice-list button:not([disabled])");
        evening.until(
            aki,
            "the die taken",
            &format!("{DICE_TO_TAKE} == {left} && !turnWaiting"),
        );
    }
}

/// Aki's phone, on Aki's turn: roll, take every die, then reroll the used dice.
fn dice(evening: &Evening) {
    let aki = &evening.aki;
    evening.shown(aki, "the dice box", "dice-box");
    evening.until(
        aki,
        "Roll",
        "document.getElementById('roll').textContent == 'Roll the dice'",
    );
    evening.click(aki, "#roll");
    evening.until(aki, "five faces", &format!("{DICE_TO_TAKE} == 5"));
    browser::screenshot(&evening.rt, aki, "serve-dice-en");
    take_every_die(evening);
    evening.until(
        aki,
        "the reroll offered",
        "document.getElementById('roll').textContent == 'Reroll the used dice'",
    );
    evening.click(aki, "#roll");
    evening.until(
        aki,
        "the dice back in the box",
        &format!("{DICE_TO_TAKE} == 5"),
    );
    // Every die taken again; the table rolls its own dice and the phone records their faces.
    take_every_die(evening);
    evening.shown(aki, "the faces to enter", "faces-box");
    evening.run(
        aki,
        "document.getElementById('faces-box').open = true; \
         for (const s of document.querySelectorAll('#faces-list select')) s.value = 'lv2'; \
         return true;",
    );
    browser::screenshot(&evening.rt, aki, "serve-faces-en");
    // Each die is named by its kind, as the window names it, never "Die 1" (issue 60).
    let names = evening.run(
        aki,
        "return [...document.querySelectorAll('#faces-list label > span')].map((s) => s.textContent);",
    );
    let names: Vec<&str> = (names.as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Die A", "Die B", "Die C", "Die D", "Die E"],
        "{names:?}"
    );
    evening.click(aki, "#faces-go");
    evening.until(
        aki,
        "the faces recorded",
        &format!(
            "{DICE_TO_TAKE} == 5 && [...document.querySelectorAll('#dice-list button')] \
             .every((b) => b.textContent == 'Lv2 (small animals)')"
        ),
    );
}

/// Every phone enters its result; the parent's phone confirms each step.
fn round_end(evening: &Evening, round: usize, results: [u32; 2]) {
    for (seat, phone) in evening.phones().into_iter().enumerate() {
        evening.until(
            phone,
            "the result asked",
            "document.querySelector('#entry-fields [data-key=\"result\"] input')",
        );
        evening.run(phone, &type_field("result", &results[seat].to_string()));
    }
    let parent = evening.phones()[round % 2];
    while evening.stage() == "round_end" {
        evening.until(
            parent,
            "the step to confirm, every result in",
            "table.stage != 'round_end' || (!document.getElementById('step-go').hidden \
             && document.getElementById('step-waiting').hidden)",
        );
        if evening.stage() != "round_end" {
            break;
        }
        let before = evening.rev();
        evening.click(parent, "#step-go");
        evening.until(
            &evening.tv,
            "the step taken",
            &format!("table.rev > {before}"),
        );
    }
}

/// Each phone fills its column and is Ready; Ben's phone finishes (asked once). Returns the
/// columns.
fn sheet_and_finish(evening: &Evening) -> Vec<Vec<u32>> {
    let values = fill_the_sheet(evening);
    every_column_ready(evening);
    browser::screenshot(&evening.rt, &evening.ben, "serve-sheet-ja");
    finish(evening);
    values
}

/// Each phone fills its column (seat 0: 1 to 5, seat 1: 11 to 15), not Ready yet. Returns the
/// columns.
fn fill_the_sheet(evening: &Evening) -> Vec<Vec<u32>> {
    let values: Vec<Vec<u32>> = (0..2)
        .map(|seat| (0..5).map(|p| (seat * 10 + p + 1) as u32).collect())
        .collect();
    for (seat, phone) in evening.phones().into_iter().enumerate() {
        for (p, part) in PARTS.iter().enumerate() {
            let key = format!("{part}#0");
            evening.until(
                phone,
                "the field",
                &format!("document.querySelector('#entry-fields [data-key=\"{key}\"] input')"),
            );
            evening.run(phone, &type_field(&key, &values[seat][p].to_string()));
            // One address for both phones here: a part at a time keeps them under its rate.
            std::thread::sleep(Duration::from_millis(250));
        }
    }
    for phone in evening.phones() {
        evening.until(
            phone,
            "every value saved",
            "document.querySelectorAll('#entry-fields .field-note').length >= 5 \
             && !document.getElementById('ready').disabled",
        );
    }
    values
}

/// Each phone marks its column Ready; Finish is offered.
fn every_column_ready(evening: &Evening) {
    for phone in evening.phones() {
        evening.click(phone, "#ready");
    }
    evening.shown(&evening.ben, "Finish offered", "finish-box");
}

/// Ben's phone finishes the game (asked once).
fn finish(evening: &Evening) {
    evening.click(&evening.ben, "#finish");
    evening.until(
        &evening.ben,
        "asked once",
        "document.getElementById('finish').textContent == table.words.finish_again",
    );
    // A second tap at once is the same hurried thumb: the page takes one a moment later.
    std::thread::sleep(std::time::Duration::from_millis(700));
    evening.click(&evening.ben, "#finish");
}

#[test]
fn a_whole_evening_from_two_phones_and_a_television_with_no_window() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("ja")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    for phone in [&evening.aki, &evening.ben, &evening.tv] {
        evening.rt.block_on(phone.goto(&serve.url)).unwrap();
    }
    browser::screenshot(&evening.rt, &evening.aki, "serve-set-up-en");
    // The television watches from before the game.
    evening.shown(&evening.tv, "Just watch", "watch-idle");
    evening.click(&evening.tv, "#watch-idle");
    set_up_and_start(&evening);
    // The television is the table view, read across the room.
    evening.until(
        &evening.tv,
        "whose turn, big",
        "document.body.classList.contains('display') \
         && document.getElementById('whose').textContent == \"Aki's turn\"",
    );
    browser::screenshot(&evening.rt, &evening.tv, "serve-tv-en");
    // The parent's phone (Aki's) names round 1's objective tile; Ben's phone offers no such
    // field; the television shows it (issue 60).
    evening.shown(&evening.aki, "the objective's field", "objective-box");
    assert_eq!(
        evening.run(
            &evening.ben,
            "return document.getElementById('objective-box').hidden;"
        ),
        serde_json::json!(true)
    );
    evening.run(
        &evening.aki,
        "const i = document.getElementById('objective-label'); i.value = 'Most forest cards'; \
         i.dispatchEvent(new Event('input')); return true;",
    );
    evening.click(&evening.aki, "#objective-set");
    evening.until(
        &evening.tv,
        "the objective on the television",
        "(table.objective || '').includes('Most forest cards')",
    );
    browser::screenshot(&evening.rt, &evening.aki, "serve-objective-en");
    dice(&evening);

    let results: [[u32; 2]; 3] = [[3, 1], [0, 2], [4, 4]];
    for (round, turns) in [6, 5, 4].into_iter().enumerate() {
        for _ in 0..turns * 2 {
            evening.done();
        }
        round_end(&evening, round, results[round]);
    }
    evening.until(&evening.tv, "the game over", "table.stage == 'over'");
    let values = sheet_and_finish(&evening);
    for phone in evening.phones() {
        evening.shown(phone, "the game saved", "idle-saved");
    }
    let saved = evening.run(
        &evening.aki,
        "return document.getElementById('idle-saved').textContent;",
    );
    assert!(saved.as_str().unwrap().contains("Winner: Ben"), "{saved}");
    browser::screenshot(&evening.rt, &evening.ben, "serve-saved-ja");
    // Tonight's standings under it, on every phone (issue 62): both players, each with a
    // figure and tonight's change.
    for phone in evening.phones() {
        evening.shown(phone, "tonight's standings", "idle-standings-box");
    }
    let standings = evening.run(
        &evening.aki,
        "const box = document.getElementById('idle-standings-box'); box.scrollIntoView(); \
         return box.innerText;",
    );
    let standings = standings.as_str().unwrap();
    for line in ["Tonight", "Aki", "Ben", "+"] {
        assert!(standings.contains(line), "{line} missing: {standings}");
    }
    browser::screenshot(&evening.rt, &evening.aki, "serve-standings-en");
    // The history on a phone: the game just saved, its sheet, its BG Stats link and code.
    evening.shown(&evening.ben, "the past games", "past-box");
    evening.click(&evening.ben, "#past-list button:nth-child(1)");
    evening.shown(&evening.ben, "the game's sheet", "past-game");
    evening.until(
        &evening.ben,
        "the columns the phones filled",
        &format!(
            "document.getElementById('past-sheet').textContent.includes('生きもの') \
             && [...document.querySelectorAll('#past-sheet tr:nth-child(7) td')].map((c) => \
             c.textContent).join(',') == '{},{}'",
            values[0][4], values[1][4]
        ),
    );
    // The Total row is a row of the table like the others: each of its cells one column's, at
    // that column's left edge (its cells once stacked down the first column).
    let total_row = evening.run(
        &evening.ben,
        "const rows = [...document.querySelectorAll('#past-sheet tr')]; \
         const total = rows[rows.length - 2]; const head = rows[0]; \
         return [...total.children].map((c, i) => [getComputedStyle(c).display, \
           Math.round(c.getBoundingClientRect().left - head.children[i].getBoundingClientRect().left)]);",
    );
    for (cell, column) in total_row.as_array().unwrap().iter().zip(0..) {
        assert_eq!(
            cell,
            &serde_json::json!(["table-cell", 0]),
            "column {column}: {total_row}"
        );
    }
    evening.shown(&evening.ben, "the BG Stats code", "past-qr");
    evening.until(
        &evening.ben,
        "the BG Stats link",
        "document.getElementById('past-bgstats').href.startsWith('https://app.bgstatsapp.com/')",
    );
    browser::screenshot(&evening.rt, &evening.ben, "serve-past-ja");
    evening.click(&evening.ben, "#past-back");

    // The history: the command line lists the game (read while serve runs), with the values
    // the phones entered.
    assert_history_holds(dir.path(), &values, &results);

    // A second game, killed in the middle: started again, the pages find it by themselves.
    set_up_and_start(&evening);
    for _ in 0..3 {
        evening.done();
    }
    let whose = evening.run(&evening.tv, "return table.whose;");
    let rev = evening.rev();
    serve.kill();
    // Restarted with a grace of 2 s: Ben's phone, once gone, is gone from the table 2 s later.
    let serve = Serve::start_with(dir.path(), None, &["--grace", "2"]);
    // Killed while the clock ran: the game comes back paused at the clock's last note.
    evening.until(
        &evening.tv,
        "the same game again",
        &format!("table.rev == {} && table.paused", rev + 1),
    );
    assert_eq!(evening.run(&evening.tv, "return table.whose;"), whose);
    for (seat, phone) in evening.phones().into_iter().enumerate() {
        evening.until(phone, "its seat again", &format!("you === {seat}"));
    }
    // Ben's phone resumes the clock; the game goes on.
    evening.click(&evening.ben, "#pause");
    evening.until(&evening.tv, "resumed", "!table.paused");
    evening.done();

    // Ben's phone gives out (its page gone past the grace): his new phone asks for his seat,
    // and Aki's (the first to join: the host) lets it, with no window to ask. While Ben's phone
    // was at the table, the ask would have been his alone.
    evening
        .rt
        .block_on(evening.ben.goto("about:blank"))
        .unwrap();
    evening.until(
        &evening.tv,
        "Ben offline",
        "table.players[1].offline === true",
    );
    std::thread::sleep(Duration::from_secs(3));
    let new = evening.rt.block_on(driver.phone("ja"));
    evening.rt.block_on(new.goto(&serve.url)).unwrap();
    evening.until(
        &new,
        "the seats",
        "document.querySelectorAll('#seats button').length == 2",
    );
    evening.click(&new, "#seats button:nth-child(2)");
    evening.shown(&evening.aki, "the ask on the host's phone", "asks-box");
    browser::screenshot(&evening.rt, &evening.aki, "serve-ask-en");
    evening.click(&evening.aki, "#asks-list .ask button.primary");
    evening.until(
        &new,
        "Ben's seat on the new phone",
        "you === 1 && !document.getElementById('table').hidden",
    );
    // Ben's old phone comes back.
    evening.rt.block_on(evening.ben.goto(&serve.url)).unwrap();
    evening.until(
        &evening.ben,
        "the old phone told, not asking back",
        "!document.getElementById('pick').hidden && chosen === null && asking === null",
    );
    evening.until(
        &evening.aki,
        "the ask answered",
        "document.getElementById('asks-box').hidden",
    );
    let _ = evening.rt.block_on(new.close());
    drop(serve);
    let Evening { rt, aki, ben, tv } = evening;
    for phone in [aki, ben, tv] {
        let _ = rt.block_on(phone.close());
    }
}

/// Issue 57, case 13 and the host's lobby (STYLE.md habit 18): on the host's phone every button
/// of the lobby (each seat's Move up, Move down and Remove, Draw the start player, the games,
/// Start) stays where it is while three more phones join, and a tap on the host's own Move down
/// lands on the first try.
#[test]
fn the_hosts_lobby_buttons_stay_put_while_three_phones_join() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("en-US")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    evening.rt.block_on(evening.aki.goto(&serve.url)).unwrap();
    evening.shown(&evening.aki, "the games to set up", "new-box");
    evening.click(&evening.aki, "#new-games button:nth-child(1)");
    join(&evening, &evening.aki, "Aki", "red");
    evening.shown(&evening.aki, "the host's tools", "host-tools");
    let places = "const els = [...document.querySelectorAll('#lobby-players > div:first-child \
                  .seat-tools button'), document.getElementById('draw-parent'), \
                  document.getElementById('start'), ...document.querySelectorAll('#lobby-games \
                  button')]; \
                  return els.map((e) => { const r = e.getBoundingClientRect(); \
                  return [Math.round(r.left), Math.round(r.top + window.scrollY), \
                  Math.round(r.width), Math.round(r.height)]; });";
    let before = evening.run(&evening.aki, places);
    assert!(before.as_array().is_some_and(|a| a.len() >= 5), "{before}");
    for (n, id) in ["d1d1", "e2e2", "f3f3"].iter().enumerate() {
        let body = format!(
            r#"{{"phone":"{}","name":"P{n}","colour":null}}"#,
            id.repeat(8)
        );
        assert_eq!(serve.post("/join", &body), 202);
    }
    evening.until(
        &evening.aki,
        "four seats",
        "document.querySelectorAll('#lobby-players > div').length == 4",
    );
    let after = evening.run(&evening.aki, places);
    assert_eq!(after, before, "every host's button where it was");
    browser::screenshot(&evening.rt, &evening.aki, "serve-host-lobby-en");
    // The host's own Move down, tapped once, lands.
    evening.click(
        &evening.aki,
        "#lobby-players > div:first-child .seat-tools button[data-act='down']",
    );
    evening.until(&evening.aki, "Aki second", "table.players[1].name == 'Aki'");
    // Another game for everyone: the first tap asks, the second switches, and the page says
    // who switched it to which, over the page for a few seconds.
    let earth = "#lobby-games button:nth-child(2)";
    evening.click(&evening.aki, earth);
    evening.until(
        &evening.aki,
        "asked to tap again",
        &format!(
            "document.querySelector(\"{earth}\").textContent.startsWith('Tap again') \
             && table.game == 'TERRAVIST'"
        ),
    );
    evening.click(&evening.aki, earth);
    evening.until(
        &evening.aki,
        "the news on the page",
        "!document.getElementById('news').hidden && document.getElementById('news') \
         .textContent == 'Aki switched the game to Earth'",
    );
}
/// Issue 57, case 4, in real browsers: Aki's phone taps **Abandon the game**; Ben's (in
/// Japanese) shows the ask and confirms it; both phones are back in the game's lobby, seated.
/// Chie, who came after Start, is told how to get in, and finds the lobby's join form then.
#[test]
fn a_game_is_abandoned_from_two_phones_and_both_are_back_in_the_lobby() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("ja")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    for phone in [&evening.aki, &evening.ben, &evening.tv] {
        evening.rt.block_on(phone.goto(&serve.url)).unwrap();
    }
    evening.shown(&evening.tv, "Just watch", "watch-idle");
    evening.click(&evening.tv, "#watch-idle");
    set_up_and_start(&evening);
    let chie = evening.rt.block_on(driver.phone("en-US"));
    evening.rt.block_on(chie.goto(&serve.url)).unwrap();
    evening.until(
        &chie,
        "the way in, said",
        "!document.getElementById('pick-late').hidden \
         && document.getElementById('pick-late').textContent.includes('Abandon the game')",
    );
    evening.shown(&evening.aki, "Abandon", "abandon-box");
    evening.click(&evening.aki, "#abandon");
    evening.until(
        &evening.ben,
        "the ask on Ben's phone",
        "!document.getElementById('abandon-line').hidden \
         && document.getElementById('abandon-line').textContent.includes('Aki')",
    );
    browser::screenshot(&evening.rt, &evening.ben, "serve-abandon-asked-ja");
    evening.until(
        &evening.tv,
        "the ask on the television, with nothing to tap",
        "!document.getElementById('abandon-line').hidden \
         && document.getElementById('abandon').hidden",
    );
    evening.click(&evening.ben, "#abandon");
    for phone in evening.phones() {
        evening.shown(phone, "back in the lobby", "lobby");
    }
    evening.shown(&chie, "the join form for Chie", "join-box");
    browser::screenshot(&evening.rt, &evening.aki, "serve-abandoned-lobby-en");
    drop(evening);
    serve.stop();
}

/// The television's two screens: a 1920×1080 one in English that watches the whole evening,
/// and a 1280×720 one in Japanese opened at each phase to look (the server holds a few
/// connections per address, and every browser here is 127.0.0.1: four at once are too many).
struct Televisions<'a> {
    evening: &'a Evening,
    driver: &'a Driver,
    axe: Option<String>,
    url: String,
    found: Vec<String>,
}

impl Televisions<'_> {
    /// A 1280×720 television in Japanese, on the table's address, in "Just watch".
    fn small(&self) -> Client {
        self.screen("ja", 1280, 720)
    }

    /// A television of `width`×`height` in the language `lang`, on the table's address, in
    /// "Just watch".
    fn screen(&self, lang: &str, width: u32, height: u32) -> Client {
        let evening = self.evening;
        let small = evening.rt.block_on(self.driver.browser(
            lang,
            serde_json::json!({ "width": width, "height": height, "pixelRatio": 1.0, "touch": false }),
        ));
        // Every browser here is 127.0.0.1, and an address holds a few connections at once: a
        // page that could not connect is loaded again a moment later.
        'load: for _ in 0..12 {
            evening.rt.block_on(small.goto(&self.url)).unwrap();
            for _ in 0..50 {
                // Drawn: the script came and the table with it (a page whose script could not
                // connect stays blank).
                let page = "return [...document.querySelectorAll('main')].some((m) => !m.hidden);";
                if evening.run(&small, page) == serde_json::json!(true) {
                    break 'load;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        let watch = "['watch-idle', 'watch-lobby', 'as-display'].find((id) => \
                     document.getElementById(id).getClientRects().length > 0)";
        evening.until(&small, "Just watch", watch);
        let id = evening.run(&small, &format!("return {watch};"));
        evening.click(&small, &format!("#{}", id.as_str().unwrap()));
        small
    }

    /// Both screens show the television's view `phase`; each is measured (at 1080p every name
    /// and number 40 px or more; at every size nothing off the screen and no scrolling; no
    /// button shown), checked with axe, pictured as `tv-<picture>-<lang>`, and with `code` its
    /// QR code read back. The page's text, in English.
    fn look(&mut self, phase: &str, picture: &str, code: bool) -> String {
        let small = self.small();
        let mut english = String::new();
        let mut found = Vec::new();
        for (screen, lang) in [(&self.evening.tv, "en"), (&small, "ja")] {
            self.evening.until(
                screen,
                &format!("the television's {phase}"),
                &format!(
                    "!document.getElementById('tv').hidden \
                     && document.getElementById('tv').dataset.phase == '{phase}'"
                ),
            );
            // Drawn (a table that came a moment ago is laid out at the next frame).
            std::thread::sleep(Duration::from_millis(150));
            browser::screenshot(&self.evening.rt, screen, &format!("tv-{picture}-{lang}"));
            let measured = self.evening.run(screen, MEASURE);
            let smallest = measured["smallest"].as_f64().unwrap();
            if lang == "en" {
                assert!(
                    smallest >= 40.0,
                    "{phase}: text at {smallest} px at 1080p: {measured}"
                );
                english = measured["text"].as_str().unwrap().to_string();
            }
            println!(
                "{phase} ({lang}): smallest text {smallest} px ({})",
                measured["at"]
            );
            assert_eq!(
                measured["out"],
                serde_json::json!([]),
                "{phase} ({lang}): off the screen"
            );
            assert_eq!(measured["scrolls"], false, "{phase} ({lang}): {measured}");
            assert_eq!(measured["buttons"], 0, "{phase} ({lang}): a button shown");
            if let Some(axe) = &self.axe {
                let state = format!("{phase} ({lang})");
                let rt = &self.evening.rt;
                found.extend(browser::axe_violations(rt, screen, axe, &state));
            }
            if code {
                self.code_reads_as_the_address(screen, lang);
            }
        }
        // Four browsers on one address are more than it may connect at once: a request the
        // server turned away for that is the test's, not the page's.
        let errors: Vec<String> = (self.driver.console_errors(&self.evening.rt, &small))
            .into_iter()
            .filter(|e| !e.contains("net::ERR_SOCKET_NOT_CONNECTED"))
            .collect();
        assert!(errors.is_empty(), "{phase}: console errors: {errors:#?}");
        let _ = self.evening.rt.block_on(small.close());
        self.found.extend(found);
        english
    }

    /// `screen`'s QR code, read back from a picture of it as a camera would: the table's
    /// address, and only it; drawn a third of the screen's height or more.
    fn code_reads_as_the_address(&self, screen: &Client, lang: &str) {
        let png = self.evening.rt.block_on(async {
            let code = screen
                .find(fantoccini::Locator::Css("#tv-qr"))
                .await
                .unwrap();
            code.screenshot().await.unwrap()
        });
        assert_eq!(browser::read_qr(&png), vec![self.url.clone()], "({lang})");
        let size = self.evening.run(
            screen,
            "return document.getElementById('tv-qr').getBoundingClientRect().height / innerHeight;",
        );
        let size = size.as_f64().unwrap();
        println!(
            "the code ({lang}): {:.0}% of the screen's height, read: {}",
            size * 100.0,
            self.url
        );
        assert!(size >= 0.33, "the code at {size} of the height ({lang})");
    }
}

/// What the television shows, measured: the smallest text (CSS px), any text off the screen,
/// whether the page scrolls, the buttons shown anywhere on it, and the view's text.
const MEASURE: &str = "
    const tv = document.getElementById('tv');
    let smallest = 1e9, at = '';
    const out = [];
    const walker = document.createTreeWalker(tv, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || el.closest('[hidden]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < smallest) { smallest = px; at = text; }
      if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1 || r.left < -1 || r.top < -1)
        out.push(text.slice(0, 40));
    }
    const buttons = [...document.querySelectorAll('button')].filter((b) =>
      b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden').length;
    const root = document.documentElement;
    return { smallest, at, out, buttons, text: tv.innerText,
      scrolls: root.scrollWidth > innerWidth || root.scrollHeight > innerHeight };";

/// Issue 60's television, through a whole evening under `tablekeeper serve`, on a 1920×1080
/// screen in English and a 1280×720 one in Japanese, both in "Just watch": between games and in
/// the lobby the table's QR code (read back by rqrr as the table's address) with who joined,
/// who hosts and what the table waits for; at a round end who has answered (never the value),
/// then the results; at the sheet each player's progress, then the columns once every one is
/// Ready; after Finish the final sheet with the winner and the length, until the next lobby,
/// which then shows the evening so far. Every phase is measured, checked with axe and pictured
/// (`target/tmp/phones/tv-*.png`); no page logs a console error.
#[test]
fn the_television_follows_every_phase_of_the_evening() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("ja")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    let mut tvs = Televisions {
        evening: &evening,
        driver: &driver,
        axe: browser::axe_script(),
        url: serve.url.clone(),
        found: Vec::new(),
    };
    for page in [&evening.aki, &evening.ben, &evening.tv] {
        evening.rt.block_on(page.goto(&serve.url)).unwrap();
    }
    evening.shown(&evening.tv, "Just watch", "watch-idle");
    browser::screenshot(&evening.rt, &evening.tv, "debug");
    evening.click(&evening.tv, "#watch-idle");

    // Before anyone: the code and the address, and no game yet.
    let text = tvs.look("between", "between", true);
    assert!(text.contains(&serve.url), "{text}");
    assert!(text.contains("No game finished yet."), "{text}");

    // The lobby: who joined, who hosts, what the table waits for.
    evening.shown(&evening.aki, "the games to set up", "new-box");
    evening.click(&evening.aki, "#new-games button:nth-child(1)");
    join(&evening, &evening.aki, "Aki", "red");
    join(&evening, &evening.ben, "Ben", "blue");
    evening.until(
        &evening.tv,
        "both joined",
        "document.querySelectorAll('#tv-people li').length == 2",
    );
    let text = tvs.look("lobby", "lobby", true);
    assert!(text.contains("TERRAVIST"), "{text}");
    assert!(text.contains("Aki") && text.contains("Ben"), "{text}");
    assert!(text.contains("host"), "{text}");
    assert!(text.contains("Before the start:"), "{text}");
    assert!(
        text.contains("Aki chooses the first habitat on their phone."),
        "the television says whose choice it is: {text}"
    );
    evening.choose_the_forest();
    evening.until(
        &evening.tv,
        "ready to start",
        "document.getElementById('tv-note').textContent.startsWith('Ready')",
    );
    evening.until(
        &evening.ben,
        "ready to start",
        "document.getElementById('start-note').textContent == ''",
    );
    evening.click(&evening.ben, "#start");

    // A turn: the table view, as before.
    evening.until(
        &evening.tv,
        "the table view",
        "document.getElementById('tv').hidden && !document.getElementById('table').hidden \
         && document.getElementById('whose').textContent != ''",
    );
    for _ in 0..12 {
        evening.done();
    }

    // Round 1's end: who has answered, never the value; then the results, ranks and points.
    let result_field = "document.querySelector('#entry-fields [data-key=\"result\"] input')";
    evening.until(&evening.aki, "the result asked", result_field);
    let text = tvs.look("round_end", "round-end-asked", false);
    assert_eq!(text.matches("not yet").count(), 2, "{text}");
    evening.run(&evening.aki, &type_field("result", "17"));
    evening.until(
        &evening.tv,
        "Aki answered",
        "document.getElementById('tv-people').textContent.includes('answered')",
    );
    let text = tvs.look("round_end", "round-end-answered", false);
    assert!(
        text.contains("answered") && text.contains("not yet"),
        "{text}"
    );
    assert!(!text.contains("17"), "a value on the television: {text}");
    evening.until(&evening.ben, "the result asked", result_field);
    evening.run(&evening.ben, &type_field("result", "23"));
    evening.until(
        &evening.aki,
        "every result in",
        "!document.getElementById('step-go').hidden \
         && document.getElementById('step-waiting').hidden",
    );
    let before = evening.rev();
    evening.click(&evening.aki, "#step-go");
    evening.until(&evening.tv, "the results", &format!("table.rev > {before}"));
    let text = tvs.look("round_end", "round-end-results", false);
    assert!(text.contains("17") && text.contains("23"), "{text}");
    while evening.stage() == "round_end" {
        evening.until(
            &evening.aki,
            "the next step",
            "table.stage != 'round_end' || !document.getElementById('step-go').hidden",
        );
        if evening.stage() != "round_end" {
            break;
        }
        if evening.run(&evening.tv, "return table.step ? table.step.key : '';") == "r1s4" {
            tvs.look("round_end", "round-end-parent", false);
        }
        let before = evening.rev();
        evening.click(&evening.aki, "#step-go");
        evening.until(
            &evening.tv,
            "the step taken",
            &format!("table.rev > {before}"),
        );
    }
    for (round, turns) in [(1, 5), (2, 4)] {
        for _ in 0..turns * 2 {
            evening.done();
        }
        round_end(&evening, round, [2, 1]);
    }

    // The sheet: each player's progress, then, every column Ready, the columns and totals.
    evening.until(&evening.tv, "the game over", "table.stage == 'over'");
    let text = tvs.look("sheet", "sheet-empty", false);
    assert!(text.contains("still entering"), "{text}");
    let values = fill_the_sheet(&evening);
    let text = tvs.look("sheet", "sheet-progress", false);
    assert_eq!(text.matches("still entering").count(), 2, "{text}");
    assert!(
        !text.contains("15"),
        "a value before every column is Ready: {text}"
    );
    every_column_ready(&evening);
    evening.until(
        &evening.tv,
        "the sheet revealed",
        "!document.getElementById('tv-sheet').hidden",
    );
    let text = tvs.look("sheet", "sheet-revealed", false);
    assert!(text.contains("Total") && text.contains("15"), "{text}");

    // After Finish: the final sheet, the winner, the length, and the evening; it stays.
    finish(&evening);
    let text = tvs.look("final", "final", true);
    // The final sheet, with its Rating row, fits whole in every shipped language at both
    // sizes (in German it was 1,760 px wide in an 843 px column).
    for (lang, width, height) in [
        ("de", 1920, 1080),
        ("de", 1280, 720),
        ("en-US", 1280, 720),
        ("ja", 1920, 1080),
    ] {
        let screen = tvs.screen(lang, width, height);
        evening.until(
            &screen,
            "the final sheet",
            "!document.getElementById('tv').hidden \
             && document.getElementById('tv').dataset.phase == 'final' \
             && !document.getElementById('tv-sheet').hidden",
        );
        std::thread::sleep(Duration::from_millis(150));
        browser::screenshot(&evening.rt, &screen, &format!("tv-final-{lang}-{width}"));
        let measured = evening.run(&screen, MEASURE);
        assert_eq!(
            measured["out"],
            serde_json::json!([]),
            "{lang} {width}: {measured}"
        );
        assert_eq!(measured["scrolls"], false, "{lang} {width}: {measured}");
        // The sheet, and the evening under it, inside the television's box (which cuts what
        // overflows it).
        let sheet = "const s = document.getElementById('tv-sheet').getBoundingClientRect(); \
                     const box = document.getElementById('tv').getBoundingClientRect(); \
                     const under = document.getElementById('tv-sheet').parentElement \
                       .getBoundingClientRect(); \
                     return s.right <= innerWidth + 1 && under.bottom <= box.bottom + 1 \
                       && document.querySelectorAll('#tv-sheet tr').length;";
        let size = "return getComputedStyle(document.getElementById('tv-sheet')).fontSize \
                    + ' ' + [...document.querySelectorAll('#tv-sheet th, #tv-sheet td')] \
                    .map((c) => Math.round(c.getBoundingClientRect().width)).join(',');";
        println!(
            "final sheet ({lang}, {width}): {}",
            evening.run(&screen, size)
        );
        let rows = evening.run(&screen, sheet);
        assert!(
            rows.as_u64().is_some_and(|n| n >= 8),
            "{lang} {width}: the sheet whole: {rows}"
        );
        let _ = evening.rt.block_on(screen.close());
    }
    assert!(text.contains("Winner: Ben"), "{text}");
    assert!(text.contains("Length: "), "{text}");
    assert!(text.contains(&values[1][4].to_string()), "{text}");
    let games = evening.run(
        &evening.tv,
        "return document.getElementById('tv-games').textContent;",
    );
    assert!(
        games.as_str().unwrap().contains("TERRAVIST · Winner: Ben"),
        "{games}"
    );
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        evening.run(
            &evening.tv,
            "return document.getElementById('tv').dataset.phase;"
        ),
        "final"
    );

    // The next game's lobby: the final sheet gives way; the evening so far stays.
    evening.shown(&evening.aki, "the games to set up", "new-box");
    evening.click(&evening.aki, "#new-games button:nth-child(1)");
    join(&evening, &evening.aki, "Aki", "red");
    let text = tvs.look("lobby", "lobby-evening", false);
    assert!(text.contains("This evening"), "{text}");
    assert!(text.contains("Winner: Ben"), "{text}");

    // No page said a console error all evening.
    for page in [&evening.aki, &evening.ben, &evening.tv] {
        let errors = tvs.driver.console_errors(&evening.rt, page);
        assert!(errors.is_empty(), "console errors: {errors:#?}");
    }
    assert!(tvs.found.is_empty(), "{}", tvs.found.join("\n"));
    drop(serve);
    let Evening { rt, aki, ben, tv } = evening;
    for page in [aki, ben, tv] {
        let _ = rt.block_on(page.close());
    }
}

/// Aki's phone sets a game up by the button that names it (`name`), Aki and Ben join, and
/// Aki's phone (the host) starts it.
fn set_up_other_game(evening: &Evening, name: &str) {
    evening.shown(&evening.aki, "the games to set up", "new-box");
    evening.run(
        &evening.aki,
        &format!(
            "[...document.querySelectorAll('#new-games button')] \
             .find((b) => b.textContent == {name:?}).click(); return true;"
        ),
    );
    join(evening, &evening.aki, "Aki", "red");
    join(evening, &evening.ben, "Ben", "blue");
    evening.until(
        &evening.aki,
        "Start on",
        "!document.getElementById('start').disabled && table.lobby.not_ready === null",
    );
    evening.click(&evening.aki, "#start");
    evening.until(&evening.aki, "the game started", "table.stage == 'playing'");
}

/// Issue 59 in real browsers. The Rats of Wistar: in round 1's first turn the start player's
/// phone (Aki's) shows the new turn order's form, makes Ben first with ↓ and sets it; Ben's
/// phone then has the turn. Aki's phone, no longer the start player's, is refused in words
/// when it sets an order Aki is not first in. Leviath: each phone says its side in words, and the
/// television names the monster beside its player; only the monster's phone and the host's
/// are offered the endings, and the host's phone sends a ship to port by its counter, which
/// another phone shows. Pictures: `serve-order-en`, `serve-leviath-side-en`,
/// `serve-leviath-counters-en`.
#[test]
fn the_turn_order_and_leviaths_sides_on_real_phones() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("en-US")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    for browser in [&evening.aki, &evening.ben] {
        evening.rt.block_on(browser.goto(&serve.url)).unwrap();
    }
    set_up_other_game(&evening, "The Rats of Wistar");
    evening.rt.block_on(evening.tv.goto(&serve.url)).unwrap();
    evening.click(&evening.tv, "#as-display");
    // Round 1 goes in the order set up; the order is remade from round 2's first turn.
    for _ in 0..40 {
        if evening.run(&evening.tv, "return !!(table && table.order);") == Value::Bool(true) {
            break;
        }
        evening.done();
    }
    evening.shown(&evening.aki, "the order's form", "order-box");
    evening.until(
        &evening.aki,
        "Aki first",
        "document.querySelector('#order-list > div:first-child span').textContent == '1. Aki'",
    );
    evening.click(
        &evening.aki,
        "#order-list > div:first-child button:nth-of-type(2)",
    );
    evening.until(
        &evening.aki,
        "Ben first in the draft",
        "document.querySelector('#order-list > div:first-child span').textContent == '1. Ben'",
    );
    browser::screenshot(&evening.rt, &evening.aki, "serve-order-en");
    if let Some(axe) = browser::axe_script() {
        let found = browser::axe_violations(&evening.rt, &evening.aki, &axe, "order");
        assert!(found.is_empty(), "{found:#?}");
    }
    evening.click(&evening.aki, "#order-set");
    evening.until(
        &evening.ben,
        "Ben's turn",
        "table.current == 1 && table.order.start == 1",
    );
    // Aki's phone: Ben starts now, and Aki is not first in the order it shows: not Aki's
    // to set, refused in words.
    evening.until(
        &evening.aki,
        "Aki's form follows the table",
        "document.querySelector('#order-list > div:first-child span').textContent == '1. Ben'",
    );
    evening.click(&evening.aki, "#order-set");
    evening.until(
        &evening.aki,
        "refused in words",
        "document.getElementById('banner-text').textContent.startsWith('Only the start player')",
    );
    browser::screenshot(&evening.rt, &evening.aki, "serve-order-refused-en");
    serve.stop();

    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    for browser in [&evening.aki, &evening.ben, &evening.tv] {
        evening.rt.block_on(browser.goto(&serve.url)).unwrap();
    }
    set_up_other_game(&evening, "Leviath");
    evening.click(&evening.tv, "#as-display");
    let monster = evening.run(
        &evening.aki,
        "return table.players.findIndex((p) => p.side == 'Monster');",
    );
    let monster = monster.as_u64().expect("a monster") as usize;
    let phones = evening.phones();
    evening.shown(phones[monster], "the monster's side", "me-side");
    evening.until(
        phones[monster],
        "the monster's side in words",
        "document.getElementById('me-side').textContent == 'Your side: Monster'",
    );
    evening.until(
        phones[1 - monster],
        "the human's side in words",
        "document.getElementById('me-side').textContent == 'Your side: Humans'",
    );
    evening.shown(
        phones[monster],
        "the endings on the monster's phone",
        "end-box",
    );
    evening.until(
        &evening.tv,
        "the television names the monster",
        "document.getElementById('players').textContent.includes('· Monster')",
    );
    browser::screenshot(&evening.rt, phones[monster], "serve-leviath-side-en");
    if let Some(axe) = browser::axe_script() {
        let found = browser::axe_violations(&evening.rt, phones[monster], &axe, "side");
        assert!(found.is_empty(), "{found:#?}");
    }
    browser::screenshot(&evening.rt, &evening.tv, "serve-leviath-tv-en");
    // The counters: the host's phone (Aki's) sends a ship to port with its −1, and Ben's
    // phone shows the new value.
    evening.shown(&evening.aki, "the counters", "counters-box");
    evening.click(
        &evening.aki,
        "#counters-list > div[data-key='ships'] button:nth-of-type(1)",
    );
    evening.until(
        &evening.ben,
        "two ships left on Ben's phone",
        "document.querySelector(\"#counters-list > div[data-key='ships'] strong\").textContent == '2'",
    );
    evening.run(
        &evening.aki,
        "document.getElementById('counters-box').scrollIntoView(); return true;",
    );
    browser::screenshot(&evening.rt, &evening.aki, "serve-leviath-counters-en");
    if let Some(axe) = browser::axe_script() {
        let found = browser::axe_violations(&evening.rt, &evening.aki, &axe, "counters");
        assert!(found.is_empty(), "{found:#?}");
    }
}

/// Issue 59 in real browsers: Earth played to its end from two phones (the step each is
/// offered, else Done), then the table's parts of the sheet on the host's phone (Aki's): a
/// tap gives fauna card 1 to Ben, whose phone shows him as its first claimant; Ben's phone
/// sees the parts without their buttons working. Picture: `serve-earth-shared-en`.
#[test]
fn the_tables_sheet_parts_from_the_hosts_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("en-US")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start(dir.path(), Some(0));
    for browser in [&evening.aki, &evening.ben, &evening.tv] {
        evening.rt.block_on(browser.goto(&serve.url)).unwrap();
    }
    set_up_other_game(&evening, "Earth");
    evening.click(&evening.tv, "#as-display");
    // The step a phone is offered (the trigger), else the current player's Done.
    let step = "if (table.step && table.step.who === you) { post('/step', { phone, rev: \
                table.rev, key: table.step.key }); return true; } return false;";
    while evening.stage() != "over" {
        let before = evening.rev();
        let stepped = (evening.phones().iter()).any(|p| evening.run(p, step) == Value::Bool(true));
        if stepped {
            evening.until(
                &evening.tv,
                "the step taken",
                &format!("table.rev > {before}"),
            );
        } else {
            evening.done();
        }
    }
    evening.shown(&evening.aki, "the table's parts", "shared-box");
    evening.shown(
        &evening.ben,
        "the table's parts on Ben's phone",
        "shared-box",
    );
    let disabled =
        "return document.querySelector(\"#shared-list [data-key='fauna-0'] button\").disabled;";
    assert_eq!(evening.run(&evening.ben, disabled), Value::Bool(true));
    evening.click(
        &evening.aki,
        "#shared-list [data-key='fauna-0'] button:nth-of-type(2)",
    );
    evening.until(
        &evening.ben,
        "Ben first on card 1",
        "document.querySelector(\"#shared-list [data-key='fauna-0'] button:nth-of-type(2)\").textContent == '1. Ben'",
    );
    evening.run(
        &evening.aki,
        "document.getElementById('shared-box').scrollIntoView(); return true;",
    );
    evening.until(
        &evening.aki,
        "Aki's phone shows it",
        "document.querySelector(\"#shared-list [data-key='fauna-0'] button:nth-of-type(2)\").textContent == '1. Ben'",
    );
    browser::screenshot(&evening.rt, &evening.aki, "serve-earth-shared-en");
    if let Some(axe) = browser::axe_script() {
        let found = browser::axe_violations(&evening.rt, &evening.aki, &axe, "shared");
        assert!(found.is_empty(), "{found:#?}");
    }
    serve.stop();
}

/// Issue 68, case 8, in real browsers: an Earth game of three reaches its sheet; Chie's page
/// closes; every screen counts the grace down (5 s here), and past it her column is offered
/// on the others' phones. Aki's
/// phone fills it and marks it done: that is not enough alone. Aki's button waits for a second
/// phone; Ben's phone says who marked it and offers **Confirm Chie's column**, and its tap
/// makes the column Ready. Pictures: `serve-grace-tv-en` (the television counting down),
/// `serve-vouch-en` (Ben's phone, the confirm offered).
#[test]
fn a_column_marked_for_a_gone_player_waits_for_a_second_phone() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let evening = Evening {
        aki: rt.block_on(driver.phone("en-US")),
        ben: rt.block_on(driver.phone("en-US")),
        tv: rt.block_on(driver.television("en-US")),
        rt,
    };
    let chie = evening.rt.block_on(driver.phone("en-US"));
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::start_with(dir.path(), Some(0), &["--grace", "5"]);
    for browser in [&evening.aki, &evening.ben, &evening.tv, &chie] {
        evening.rt.block_on(browser.goto(&serve.url)).unwrap();
    }
    evening.shown(&evening.aki, "the games to set up", "new-box");
    evening.run(
        &evening.aki,
        "[...document.querySelectorAll('#new-games button')] \
         .find((b) => b.textContent == 'Earth').click(); return true;",
    );
    join(&evening, &evening.aki, "Aki", "red");
    join(&evening, &evening.ben, "Ben", "blue");
    join(&evening, &chie, "Chie", "green");
    evening.until(
        &evening.aki,
        "Start on",
        "!document.getElementById('start').disabled && table.lobby.not_ready === null",
    );
    evening.click(&evening.aki, "#start");
    evening.until(&evening.aki, "the game started", "table.stage == 'playing'");
    // The television offers Just watch once it shows the game (not before: a loaded machine
    // draws it a moment later).
    evening.until(
        &evening.tv,
        "Just watch offered",
        "table && table.stage == 'playing' && !document.getElementById('pick').hidden          && document.getElementById('as-display').offsetParent !== null",
    );
    evening.click(&evening.tv, "#as-display");
    // Played to its end: the step a phone is offered (the trigger), else the current Done.
    let phones = [&evening.aki, &evening.ben, &chie];
    let step = "if (table.step && table.step.who === you) { post('/step', { phone, rev: \
                table.rev, key: table.step.key }); return true; } \
                if (table.current === you && !table.step) { post('/done', { phone, rev: \
                table.rev }); return true; } return false;";
    while evening.stage() != "over" {
        let before = evening.rev();
        let acted = phones
            .iter()
            .any(|p| evening.run(p, step) == Value::Bool(true));
        assert!(acted, "some phone acts");
        evening.until(
            &evening.tv,
            "the table moved",
            &format!("table.rev > {before}"),
        );
    }
    evening.rt.block_on(chie.close()).unwrap();
    // Within the grace every screen counts it down; past it, her column is offered.
    evening.until(
        &evening.tv,
        "the grace counted down",
        "!document.getElementById('waits').hidden && document.getElementById('waits') \
         .textContent.startsWith(\"Chie's phone is offline: the table counts it as here for 0:0\")",
    );
    browser::screenshot(&evening.rt, &evening.tv, "serve-grace-tv-en");
    evening.shown(
        &evening.aki,
        "Chie's column offered past the grace",
        "fill-box",
    );
    let fields = "return document.querySelectorAll('#fill-list input').length;";
    let count = evening.run(&evening.aki, fields).as_u64().unwrap();
    assert!(count > 0, "Chie's fields");
    for n in 0..count {
        evening.run(
            &evening.aki,
            &format!(
                "const i = document.querySelectorAll('#fill-list input')[{n}]; i.value = '{}'; \
                 i.dispatchEvent(new Event('change')); return true;",
                n + 2
            ),
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    evening.until(
        &evening.aki,
        "Chie's values in",
        &format!(
            "table.players[2].form && table.players[2].form.column.cells \
             .filter((c) => c && c.value !== null).length >= {count}"
        ),
    );
    evening.click(&evening.aki, "#fill-list button.primary");
    evening.until(
        &evening.aki,
        "Aki's phone waits for a second one",
        "document.querySelector('#fill-list button.primary').disabled \
         && document.querySelector('#fill-list button.primary').textContent \
            == 'Waiting for a second phone to confirm'",
    );
    evening.until(
        &evening.ben,
        "Ben's phone offers the confirm",
        "document.querySelector('#fill-list button.primary').textContent \
            == \"Confirm Chie's column\" \
         && document.querySelector('#fill-list p.note').textContent \
            .startsWith(\"Aki marked Chie's column done\")",
    );
    evening.until(
        &evening.tv,
        "the television waits for Chie",
        "(table.sheet_waiting || '').includes('Chie') && table.players[2].vouched !== null \
         && table.players[2].form === null",
    );
    evening.run(
        &evening.ben,
        "document.querySelector('#fill-list p.note').scrollIntoView({ block: 'center' });          return true;",
    );
    // The news line that said it (on every screen for a few seconds) has passed.
    evening.until(
        &evening.ben,
        "the news passed",
        "document.getElementById('news').hidden",
    );
    browser::screenshot(&evening.rt, &evening.ben, "serve-vouch-en");
    evening.click(&evening.ben, "#fill-list button.primary");
    evening.until(
        &evening.tv,
        "Chie's column Ready",
        "!(table.sheet_waiting || '').includes('Chie') && table.players[2].vouched === null",
    );
    serve.stop();
}

/// Issue 69 in real browsers, in English, Japanese and German: a 2-player Terramara game. In
/// round 1's first turn Ben's phone and the television show what the rulebook has the table
/// do at the round's start (advance the dummy players); at the sheet Aki's phone (the host's)
/// moves a dummy player's military with +1 (Ben's phone shows the values, no buttons); the
/// totals tie, so both phones ask for the river track, Aki types hers in her column, and the
/// history holds the winner the river names. Every state is checked with axe and pictured
/// (`serve-round-start-*`, `tv-round-start-*`, `serve-dummies-*`, `serve-tie-*`).
#[test]
fn terramaras_dummies_and_a_tie_on_real_phones_in_three_languages() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let axe = browser::axe_script();
    let mut found = Vec::new();
    for (lang, game, short) in [
        ("en-US", "Terramara", "en"),
        ("ja-JP", "テラマラ", "ja"),
        ("de-DE", "Terramara", "de"),
    ] {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let evening = Evening {
            aki: rt.block_on(driver.phone(lang)),
            ben: rt.block_on(driver.phone(lang)),
            tv: rt.block_on(driver.television(lang)),
            rt,
        };
        let dir = tempfile::tempdir().unwrap();
        let serve = Serve::start(dir.path(), Some(0));
        for browser in [&evening.aki, &evening.ben] {
            evening.rt.block_on(browser.goto(&serve.url)).unwrap();
        }
        set_up_other_game(&evening, game);
        evening.rt.block_on(evening.tv.goto(&serve.url)).unwrap();
        evening.click(&evening.tv, "#as-display");
        for screen in [&evening.ben, &evening.tv] {
            evening.shown(screen, "the round's start", "round-start-box");
        }
        browser::screenshot(
            &evening.rt,
            &evening.ben,
            &format!("serve-round-start-{short}"),
        );
        browser::screenshot(&evening.rt, &evening.tv, &format!("tv-round-start-{short}"));
        let check = |found: &mut Vec<String>, page: &Client, state: &str| {
            if let Some(axe) = &axe {
                found.extend(browser::axe_violations(&evening.rt, page, axe, state));
            }
        };
        check(&mut found, &evening.ben, &format!("round start {short}"));
        let ids: Vec<String> = (evening.phones().iter())
            .map(|p| {
                evening
                    .run(p, "return phone;")
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        play_to_the_end(&evening, &serve, &ids);

        // The dummies: one tap on Aki's phone, the rest typed as the table's values.
        evening.shown(&evening.aki, "the table's parts", "shared-box");
        evening.click(
            &evening.aki,
            "#shared-list > div:first-child button:last-of-type",
        );
        evening.until(
            &evening.ben,
            "the first dummy at 1",
            "JSON.stringify(table.shared[0].dummies.values) == '[1,0]'",
        );
        let plus_on_ben = "return [...document.querySelectorAll('#shared-list button')] \
                           .some((b) => !b.hidden);";
        assert_eq!(evening.run(&evening.ben, plus_on_ben), Value::Bool(false));
        let rev = evening.rev();
        let body = format!(
            r#"{{"phone":"{}","rev":{rev},"part":"military","values":[9,5]}}"#,
            ids[0]
        );
        assert_eq!(serve.post("/shared", &body), 202);
        evening.until(
            &evening.aki,
            "the dummies at 9 and 5",
            "JSON.stringify(table.shared[0].dummies.values) == '[9,5]'",
        );
        // Nothing typed in the players' columns yet: everyone is level at nothing, and no tie
        // is asked.
        let asked = "return !!document.querySelector('#entry-fields [data-key=\"tie#river\"]');";
        assert_eq!(evening.run(&evening.aki, asked), Value::Bool(false));
        browser::screenshot(&evening.rt, &evening.aki, &format!("serve-dummies-{short}"));
        check(&mut found, &evening.aki, &format!("dummies {short}"));

        // Aki 20 + 5 (second on the track), Ben 25 + 0 (fourth): level at 25.
        for (id, chips, track) in [(&ids[0], 20, 6), (&ids[1], 25, 3)] {
            for (part, value) in [("vp_chips", chips), ("military", track)] {
                // An entry's id is letters, digits and '-'.
                let entry = part.replace('_', "-");
                let body = format!(
                    r#"{{"phone":"{id}","id":"e-{entry}","part":"{part}","value":{value},"was":null}}"#
                );
                assert_eq!(serve.post("/enter", &body), 202);
            }
        }
        let river = "[data-key=\"tie#river\"]";
        for phone in evening.phones() {
            evening.until(
                phone,
                "the river asked",
                &format!("!!document.querySelector('#entry-fields {river}')"),
            );
        }
        evening.run(&evening.aki, &type_field("tie#river", "4"));
        let body = format!(
            r#"{{"phone":"{}","id":"t-ben","tie":"river","value":2,"was":null}}"#,
            ids[1]
        );
        assert_eq!(serve.post("/enter", &body), 202);
        evening.until(
            &evening.aki,
            "Aki's river saved",
            "table.players[0].form.column.cells.some((c) => c.tie == 'river' && c.value == 4)",
        );
        browser::screenshot(&evening.rt, &evening.aki, &format!("serve-tie-{short}"));
        check(&mut found, &evening.aki, &format!("tie {short}"));
        for id in &ids {
            let body = format!(r#"{{"phone":"{id}","ready":true}}"#);
            assert_eq!(serve.post("/ready", &body), 202);
        }
        evening.until(&evening.tv, "finishable", "table.finishable === true");
        let body = format!(r#"{{"phone":"{}","rev":{}}}"#, ids[0], evening.rev());
        assert_eq!(serve.post("/finish", &body), 202);
        evening.until(&evening.tv, "saved", "!!table.saved");
        serve.stop();
        let history = tablekeeper::store::DataDir::open_read_only(dir.path())
            .history()
            .unwrap();
        assert_eq!(
            history.entries()[0].winners(),
            ["Aki"],
            "{short}: the river decides"
        );
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// Plays a game of another profile to its end from the phones' ids, as their pages would:
/// each step the table waits on is confirmed by its phone, else the current player's Done.
fn play_to_the_end(evening: &Evening, serve: &Serve, ids: &[String]) {
    for _ in 0..400 {
        let now = evening.run(
            &evening.tv,
            "return {stage: table.stage, rev: table.rev, current: table.current, \
             step: table.step ? {who: table.step.who, key: table.step.key} : null};",
        );
        if now["stage"] == "over" {
            return;
        }
        let rev = now["rev"].as_u64().unwrap();
        let body = match now["step"].as_object() {
            Some(step) => {
                let who = step["who"].as_u64().unwrap() as usize;
                format!(
                    r#"{{"phone":"{}","rev":{rev},"key":"{}"}}"#,
                    ids[who],
                    step["key"].as_str().unwrap()
                )
            }
            None => {
                let seat = now["current"].as_u64().expect("a turn") as usize;
                format!(r#"{{"phone":"{}","rev":{rev}}}"#, ids[seat])
            }
        };
        let path = if now["step"].is_object() {
            "/step"
        } else {
            "/done"
        };
        assert_eq!(serve.post(path, &body), 202, "{path} {body}");
        evening.until(
            &evening.tv,
            "the table moved",
            &format!("table.rev > {rev}"),
        );
    }
    panic!("the game did not end");
}
