//! The venue's screen in a real browser (see `tests/common/browser.rs`): `tablekeeper serve
//! --tables 8` with its tables in every state a club night has (playing, joining, a round end,
//! the score sheet, finished with the winner, free), watched by a 1920×1080 television in
//! English, a 1280×720 one in Japanese and a 1920×1080 one in German. Measured (every word 32 px or more at 1080p, nothing
//! off the screen, no scrolling), checked with axe, its code read back as the venue's address,
//! and pictured (`docs/pictures/venue-8-tables.png` when missing, `target/tmp/phones/` always).
#![cfg(feature = "phones")]

mod common;

use std::time::Duration;

use common::browser::{self, Driver};
use common::room::{Phones, Room, play_earth, play_leviath};
use serde_json::{Value, json};

/// What the screen shows, measured: the smallest text and where, what lies off the screen,
/// whether the page scrolls, the states of the tables drawn.
const MEASURE: &str = "
    let smallest = 1e9, at = '';
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
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
    const root = document.documentElement;
    const states = [...document.querySelectorAll('.venue-table')].map((t) => t.dataset.state);
    return { smallest, at, out, states, text: document.body.innerText,
      scrolls: root.scrollWidth > innerWidth || root.scrollHeight > innerHeight };";

/// The room's eight tables, each brought to its state from its phones over HTTP.
fn eight_tables(room: &Room) {
    let mut phones: Vec<Phones> = (room.tables.iter().enumerate())
        .map(|(index, table)| Phones::open(table, index + 1))
        .collect();
    // 1: TERRAVIST under way; 2: Earth under way, its end triggered.
    phones[0].set_up_and_start("terravist");
    for _ in 0..3 {
        phones[0].done();
    }
    phones[1].set_up_and_start("earth");
    phones[1].done();
    // 3: phones joining a Leviath game.
    assert_eq!(phones[2].act(0, "/new", r#","game":"leviath""#), 202);
    phones[2].tv().until("the lobby", |t| !t["lobby"].is_null());
    // 4: TERRAVIST's first round end.
    phones[3].set_up_and_start("terravist");
    for _ in 0..12 {
        phones[3].done();
    }
    // 5: Leviath at its sheet; 6 and 7: Leviath and Earth finished.
    phones[4].set_up_and_start("leviath");
    play_leviath(&mut phones[4]);
    phones[5].set_up_and_start("leviath");
    play_leviath(&mut phones[5]);
    phones[5].fill_and_finish();
    phones[6].set_up_and_start("earth");
    play_earth(&mut phones[6]);
    phones[6].fill_and_finish();
    // 8: free.
}

const STATES: [&str; 8] = [
    "playing",
    "playing",
    "lobby",
    "round_end",
    "sheet",
    "finished",
    "finished",
    "free",
];

#[test]
fn the_venue_screen_shows_eight_tables_legibly_at_1080p() {
    let Some(driver) = Driver::start() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let room = Room::start(dir.path(), 8);
    eight_tables(&room);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let axe = browser::axe_script();
    let screens = [
        (
            "en",
            json!({ "width": 1920, "height": 1080, "pixelRatio": 1.0, "touch": false }),
        ),
        (
            "ja",
            json!({ "width": 1280, "height": 720, "pixelRatio": 1.0, "touch": false }),
        ),
        (
            "de-DE",
            json!({ "width": 1920, "height": 1080, "pixelRatio": 1.0, "touch": false }),
        ),
    ];
    let mut found = Vec::new();
    for (lang, metrics) in screens {
        let screen = rt.block_on(driver.browser(lang, metrics));
        rt.block_on(screen.goto(&room.venue.url)).unwrap();
        let drawn = format!(
            "JSON.stringify([...document.querySelectorAll('.venue-table')].map((t) => \
             t.dataset.state)) == '{}'",
            serde_json::to_string(&STATES).unwrap()
        );
        browser::until(&rt, &screen, "every table in its state", &drawn, || {});
        std::thread::sleep(Duration::from_millis(300));
        browser::screenshot(&rt, &screen, &format!("venue-8-tables-{lang}"));
        let measured: Value = browser::run(&rt, &screen, MEASURE);
        println!("venue ({lang}): {measured}");
        assert_eq!(measured["out"], json!([]), "({lang}) off the screen");
        assert_eq!(measured["scrolls"], false, "({lang}) {measured}");
        let text = measured["text"].as_str().unwrap();
        if lang == "en" {
            let smallest = measured["smallest"].as_f64().unwrap();
            assert!(
                smallest >= 32.0,
                "text at {smallest} px at 1080p: {measured}"
            );
            for said in [
                "Table 8",
                "Joining",
                "Round end",
                "Scoring",
                "Winner: ",
                "TERRAVIST",
                "Round 1",
                "Tonight's standings",
            ] {
                assert!(text.contains(said), "{said}: {text}");
            }
            let picture = std::path::Path::new("docs/pictures/venue-8-tables.png");
            if !picture.exists() {
                let png = rt.block_on(screen.screenshot()).unwrap();
                std::fs::write(picture, png).unwrap();
            }
            let png = rt.block_on(async {
                let code = screen
                    .find(fantoccini::Locator::Css("#venue-qr"))
                    .await
                    .unwrap();
                code.screenshot().await.unwrap()
            });
            assert_eq!(browser::read_qr(&png), vec![room.venue.url.clone()]);
        } else if lang == "ja" {
            assert!(text.contains("テーブル8"), "{text}");
        } else {
            // Its browser's first language, which the page once narrowed to English.
            assert!(
                text.contains("Tisch 8") && text.contains("Rangliste heute Abend"),
                "{text}"
            );
            let declared: Value =
                browser::run(&rt, &screen, "return document.documentElement.lang;");
            assert_eq!(declared, "de");
        }
        if let Some(axe) = &axe {
            found.extend(browser::axe_violations(&rt, &screen, axe, lang));
        }
        let errors = driver.console_errors(&rt, &screen);
        assert!(errors.is_empty(), "({lang}) console errors: {errors:#?}");
        let _ = rt.block_on(screen.close());
    }
    assert!(found.is_empty(), "axe: {found:#?}");
}
