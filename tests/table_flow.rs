//! How many taps a whole game costs: a 4-player TERRAVIST game played the shortest way a
//! table would, through the interface, counting every click, key and typed field (Space for
//! the next player is counted apart: it is the game itself, not bookkeeping). The target is
//! 60; BENCHMARKS.md keeps the breakdown.

mod common;

use common::ui::Ui;
use iced::keyboard::key::Named;
use tablekeeper::i18n::Locale;

/// The interactions, by kind.
#[derive(Debug, Default)]
struct Tally {
    clicks: usize,
    keys: usize,
    typed: usize,
    next: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.clicks + self.keys + self.typed
    }
}

/// The interface, counting.
struct Table {
    ui: Ui,
    tally: Tally,
}

impl Table {
    fn click(&mut self, label: &str) {
        self.tally.clicks += 1;
        self.ui.click(label);
    }

    /// A field tapped and typed into: one interaction.
    fn type_into(&mut self, id: &str, text: &str) {
        self.tally.typed += 1;
        self.ui.type_into(id, text);
    }

    fn type_and_enter(&mut self, id: &str, text: &str) {
        self.tally.typed += 1;
        self.tally.keys += 1;
        self.ui.type_and_enter(id, text);
    }

    fn space(&mut self, times: usize) {
        for _ in 0..times {
            self.tally.next += 1;
            self.ui.key(Named::Space);
        }
    }
}

#[test]
fn a_whole_four_player_game_costs_at_most_sixty_interactions() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Table {
        ui: Ui::new(dir.path(), Locale::EN),
        tally: Tally::default(),
    };
    // Setup: four names, the first habitat the tray shows, start (turns 6 / 5 / 4).
    t.click("New game");
    t.type_into("setup-name-0", "Aki");
    t.type_into("setup-name-1", "Ben");
    t.click("Add a player");
    t.type_into("setup-name-2", "Chie");
    t.click("Add a player");
    t.type_into("setup-name-3", "Dai");
    t.click("Forest");
    t.click("Start the game");
    let setup = t.tally.total();
    assert_eq!(t.ui.app.screen_name(), "table");

    // Three rounds: every player-turn is a Space; each round end records the objective
    // (one result left empty is its 0, Enter in the last field places the markers), then
    // returns the eggs, flips the environment and passes the parent (not after round 3).
    let results = [["3", "2", "1"], ["1", "", "4"], ["2", "2", ""]];
    for (round, turns) in [6, 5, 4].into_iter().enumerate() {
        t.space(turns * 4);
        assert_eq!(t.ui.app.screen_name(), "round_end", "round {}", round + 1);
        let [a, b, c] = results[round];
        for (seat, result) in [a, b].into_iter().enumerate() {
            if !result.is_empty() {
                t.type_into(&format!("result-{seat}"), result);
            }
        }
        if c.is_empty() {
            t.type_and_enter("result-3", "1");
        } else {
            t.type_into("result-2", c);
            t.type_and_enter("result-3", "0");
        }
        // A result left empty: the first Enter asks (as Finish does), the second tap places.
        let empty: Vec<&str> = (["Aki", "Ben", "Chie"].into_iter().zip([a, b, c]))
            .filter(|(_, r)| r.is_empty())
            .map(|(name, _)| name)
            .collect();
        if !empty.is_empty() {
            let again = format!(
                "Tap again to place the markers (0 for {})",
                empty.join(", ")
            );
            t.click(&again);
        }
        if round < 2 {
            t.click("Return the eggs");
            t.click("Flip");
            t.click("Pass the parent marker");
        }
    }
    let round_ends = t.tally.total() - setup;
    assert_eq!(t.ui.app.screen_name(), "sheet");

    // The sheet, typed from the cards on the table: creature Smiles, position cards,
    // development bonuses, eggs, tucked cards (the objectives are filled from the round ends).
    for seat in 0..4 {
        for part in [0, 1, 3, 4, 5] {
            t.type_into(&format!("cell-{seat}-{part}"), &format!("{}", seat + part));
        }
    }
    let totals: Vec<String> =
        t.ui.app
            .session()
            .unwrap()
            .sheet()
            .players
            .iter()
            .map(|p| p.total.to_string())
            .collect();
    t.ui.finish();
    t.tally.clicks += 2;
    assert_eq!(
        t.ui.app.screen_name(),
        "history",
        "the final sheet stays in view"
    );
    let entry = &t.ui.app.history().unwrap().entries()[0];
    let saved: Vec<String> = entry.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(saved, totals, "the history holds the sheet as typed");
    let sheet = t.tally.total() - setup - round_ends;

    eprintln!(
        "interactions: {} (setup {setup}, round ends {round_ends}, sheet {sheet}; \
         clicks {}, keys {}, typed fields {}) + {} Space for the next player",
        t.tally.total(),
        t.tally.clicks,
        t.tally.keys,
        t.tally.typed,
        t.tally.next
    );
    assert!(t.tally.total() <= 60, "{:?}", t.tally);
}

/// Four phones at the table: in-process clients of the real server on 127.0.0.1, each holding
/// its player's seat. What a phone asks is forwarded to the app's `update` as the window's
/// subscription forwards it.
struct Phones {
    addr: std::net::SocketAddr,
    base: String,
}

const PHONE_IDS: [&str; 4] = [
    "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0",
    "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1",
    "c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2",
    "d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3",
];

impl Phones {
    /// A phone's request, sent again after a moment when the server asks it to slow down (the
    /// four share 127.0.0.1, so one address's rate), as the page does; then what it made the
    /// app ask, forwarded.
    fn ask(&self, ui: &mut Ui, path: &str, body: &str) -> u16 {
        let path = format!("{}{path}", self.base);
        let status = loop {
            let status = common::http::post(self.addr, &path, body).status;
            if status != 429 {
                break status;
            }
            std::thread::sleep(std::time::Duration::from_millis(200));
        };
        for request in ui.app.phone_requests(std::time::Duration::from_millis(100)) {
            let _ = ui.app.update(tablekeeper::gui::Message::FromPhone(request));
        }
        status
    }

    /// The table's state, as a phone's tap names it: the journal's count of lines.
    fn rev(dir: &std::path::Path) -> usize {
        common::journal_events(dir).len()
    }

    /// Seat `seat`'s phone confirms the step the table waits on (a round end's), as shown.
    fn step(&self, ui: &mut Ui, dir: &std::path::Path, seat: usize) {
        let step = ui.app.game().unwrap().table_step().expect("a step waits");
        assert_eq!(step.who, seat, "the parent's phone confirms it");
        let body = format!(
            r#"{{"phone":"{}","rev":{},"key":"{}"}}"#,
            PHONE_IDS[seat],
            Phones::rev(dir),
            step.key
        );
        assert_eq!(self.ask(ui, "/step", &body), 202, "{body}");
    }

    /// The current player's phone ends their turn.
    fn done(&self, ui: &mut Ui, dir: &std::path::Path) {
        let glance = ui.app.game().unwrap().glance(chrono::Utc::now());
        let seat = glance.current.expect("a turn under way");
        let body = format!(
            r#"{{"phone":"{}","rev":{}}}"#,
            PHONE_IDS[seat],
            Phones::rev(dir)
        );
        assert_eq!(self.ask(ui, "/done", &body), 202, "{body}");
    }

    /// Seat `seat`'s phone enters `value` in a sheet part, or its result with `part` `None`.
    fn enter(&self, ui: &mut Ui, seat: usize, part: Option<&str>, value: u32) {
        let part = part.map_or(String::new(), |p| format!(r#""part":"{p}","#));
        let body = format!(
            r#"{{"phone":"{}","id":"e{seat}-{value}",{part}"value":{value},"was":null}}"#,
            PHONE_IDS[seat]
        );
        assert_eq!(self.ask(ui, "/enter", &body), 202, "{body}");
    }
}

#[test]
fn four_phones_join_play_and_finish_a_game_with_two_taps_at_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Table {
        ui: Ui::new(dir.path(), Locale::EN),
        tally: Tally::default(),
    };
    // At the computer: a new game, and the phones' switch on the setup screen (remembered
    // from then on: the next game costs one tap).
    t.click("New game");
    t.click("Phones can join");
    assert!(t.ui.app.settings().phones, "remembered");
    let url = t.ui.app.phones_local_url().expect("the phones are on");
    let (addr, base) = common::http::split_url(&url);
    let phones = Phones { addr, base };
    // Each phone joins with its player's own name and colour, in the order they scanned.
    let players = [
        ("Aki", "red"),
        ("Ben", "blue"),
        ("Chie", "yellow"),
        ("Dai", "green"),
    ];
    for (seat, (name, colour)) in players.into_iter().enumerate() {
        let body = format!(
            r#"{{"phone":"{}","name":"{name}","colour":"{colour}"}}"#,
            PHONE_IDS[seat]
        );
        assert_eq!(phones.ask(&mut t.ui, "/join", &body), 202);
    }
    for (name, _) in players {
        t.ui.assert_shows(name);
    }
    t.ui.assert_shows("4 phones joined");
    // Aki's phone (the first seated: the host) takes the first habitat off the tray; Ben's
    // starts the game.
    let rev = |t: &Table| t.ui.app.phones_rev().unwrap();
    // A page's JavaScript holds a number whole only up to 2^53: the state it sends back must
    // be the one it was shown.
    assert!(rev(&t) < 1 << 53, "{}", rev(&t));
    let choose = format!(
        r#"{{"phone":"{}","rev":{},"habitat":"forest"}}"#,
        PHONE_IDS[0],
        rev(&t)
    );
    assert_eq!(phones.ask(&mut t.ui, "/choose", &choose), 202);
    let start = format!(r#"{{"phone":"{}","rev":{}}}"#, PHONE_IDS[1], rev(&t));
    assert_eq!(phones.ask(&mut t.ui, "/start", &start), 202);
    assert_eq!(t.ui.app.screen_name(), "table", "{:?}", t.ui.app.notice());
    let setup = t.tally.total();

    // Each round end: every phone enters its result; the window shows them arrive and who is
    // still to answer; the table places the markers and takes steps 2 to 4.
    let results: [[u32; 4]; 3] = [[3, 2, 1, 0], [1, 0, 4, 1], [2, 2, 0, 5]];
    for (round, turns) in [6, 5, 4].into_iter().enumerate() {
        // Every turn ended by its player's own phone.
        for _ in 0..turns * 4 {
            phones.done(&mut t.ui, dir.path());
        }
        assert_eq!(t.ui.app.screen_name(), "round_end", "round {}", round + 1);
        t.ui.assert_shows("Waiting for: Aki, Ben, Chie, and Dai");
        // The profile plays the count at once: each player's clock runs until their result.
        t.ui.assert_shows("End the phase");
        for (seat, value) in results[round].into_iter().enumerate() {
            phones.enter(&mut t.ui, seat, None, value);
        }
        t.ui.assert_shows("from their phone");
        assert!(!t.ui.shows("Waiting for:"), "everyone answered");
        assert!(
            !t.ui.shows("End the phase"),
            "a result sent is its player's Ready"
        );
        t.ui.assert_shows("Everyone at once");
        let clock = t.ui.app.game().unwrap().clock();
        assert_eq!(clock.together.len(), round + 1);
        assert!(
            clock.together_now().is_none()
                && clock.together[round].times.iter().all(Option::is_some)
        );
        // The parent's phone confirms the round end, step by step, as the window would.
        let parent = round;
        let steps = if round < 2 { 4 } else { 1 };
        for _ in 0..steps {
            phones.step(&mut t.ui, dir.path(), parent);
        }
    }
    let round_ends = t.tally.total() - setup;
    assert_eq!(t.ui.app.screen_name(), "sheet");

    // The sheet: each phone fills its own column (the objectives came from the round ends)
    // and marks it ready; the window shows who is ready.
    let parts = ["creatures", "positions", "development", "eggs", "tucked"];
    let value = |seat: usize, part: usize| (seat * 7 + part * 3) as u32;
    for (seat, _) in PHONE_IDS.iter().enumerate() {
        for (p, part) in parts.iter().enumerate() {
            phones.enter(&mut t.ui, seat, Some(part), value(seat, p));
        }
        if seat < 3 {
            let body = format!(r#"{{"phone":"{}","ready":true}}"#, PHONE_IDS[seat]);
            assert_eq!(phones.ask(&mut t.ui, "/ready", &body), 202);
        }
    }
    t.ui.assert_shows("Ready: Aki, Ben, and Chie · not yet: Dai");
    let body = format!(r#"{{"phone":"{}","ready":true}}"#, PHONE_IDS[3]);
    assert_eq!(phones.ask(&mut t.ui, "/ready", &body), 202);
    t.ui.assert_shows("Everyone is ready: Aki, Ben, Chie, and Dai");
    // Dai's phone finishes the game (the page asked Dai once first).
    let body = format!(
        r#"{{"phone":"{}","rev":{}}}"#,
        PHONE_IDS[3],
        Phones::rev(dir.path())
    );
    assert_eq!(phones.ask(&mut t.ui, "/finish", &body), 202);
    // A phone's Finish leaves the final sheet on the window until someone leaves it.
    assert_eq!(t.ui.app.screen_name(), "history");
    let sheet = t.tally.total() - setup - round_ends;

    // Every value in the history is what the phones sent.
    let history = t.ui.app.history().unwrap();
    let entry = &history.entries()[0];
    let index = |id: &str| entry.parts.iter().position(|p| p == id).unwrap();
    for (seat, player) in entry.players.iter().enumerate() {
        for (p, part) in parts.iter().enumerate() {
            assert_eq!(
                player.scores[index(part)],
                tablekeeper::scoring::Points::whole(i64::from(value(seat, p))),
                "{} {part}",
                player.name
            );
        }
    }
    for (round, objective) in entry.objectives.iter().enumerate() {
        assert_eq!(objective.results, results[round]);
    }
    let saved = history.session_file(&entry.id).unwrap();
    let json = serde_json::to_string(&saved).unwrap();
    let by_phone = json.matches(r#""phone":"#).count();
    assert_eq!(
        by_phone,
        4 * 3 + 4 * 5 + 4 + (4 + 4 + 1) + (6 + 5 + 4) * 4,
        "each entry, each round end's step and each Done is attributed to its phone"
    );
    let names: Vec<&str> = entry.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["Aki", "Ben", "Chie", "Dai"],
        "as the phones named them"
    );

    eprintln!(
        "with phones: interactions at the computer {} (setup {setup}, round ends {round_ends}, \
         sheet {sheet}; clicks {}, keys {}, typed fields {}) + {} Space for the next player",
        t.tally.total(),
        t.tally.clicks,
        t.tally.keys,
        t.tally.typed,
        t.tally.next
    );
    assert!(t.tally.total() <= 2, "{:?}", t.tally);
}

/// The same evening for another game: three phones join an Earth game, play it by Done, the
/// player whose turn completes a tableau triggers the end from their phone, each fills their
/// own column and a phone finishes: the computer only opens the game (the phones' switch
/// remembered from an earlier game).
#[test]
fn an_earth_game_joined_played_triggered_and_finished_from_the_phones() {
    let dir = tempfile::tempdir().unwrap();
    let settings = tablekeeper::settings::Settings {
        phones: true,
        ..Default::default()
    };
    settings.save(&dir.path().join("settings.json")).unwrap();
    let mut t = Table {
        ui: Ui::new(dir.path(), Locale::EN),
        tally: Tally::default(),
    };
    t.click("New game");
    t.click("Earth");
    let url = t.ui.app.phones_local_url().expect("the phones are on");
    let (addr, base) = common::http::split_url(&url);
    let phones = Phones { addr, base };
    for (seat, name) in ["Aki", "Ben", "Chie"].into_iter().enumerate() {
        let body = format!(
            r#"{{"phone":"{}","name":"{name}","colour":null}}"#,
            PHONE_IDS[seat]
        );
        assert_eq!(phones.ask(&mut t.ui, "/join", &body), 202);
    }
    let start = format!(
        r#"{{"phone":"{}","rev":{}}}"#,
        PHONE_IDS[2],
        t.ui.app.phones_rev().unwrap()
    );
    assert_eq!(phones.ask(&mut t.ui, "/start", &start), 202);
    assert_eq!(t.ui.app.screen_name(), "play", "{:?}", t.ui.app.notice());

    // Two whole rounds, then Ben's turn completes his tableau: his phone triggers the end
    // (only his: it is his turn), and the round is played out.
    for _ in 0..7 {
        phones.done(&mut t.ui, dir.path());
    }
    let step =
        t.ui.app
            .game()
            .unwrap()
            .table_step()
            .expect("the trigger, offered");
    assert_eq!((step.who, step.optional), (1, true));
    let trigger = |seat: usize| {
        format!(
            r#"{{"phone":"{}","rev":{},"key":"trigger"}}"#,
            PHONE_IDS[seat],
            Phones::rev(dir.path())
        )
    };
    assert_eq!(
        phones.ask(&mut t.ui, "/step", &trigger(0)),
        403,
        "not Aki's turn"
    );
    assert_eq!(phones.ask(&mut t.ui, "/step", &trigger(1)), 202);
    assert!(
        t.ui.app.game().unwrap().table_step().is_none(),
        "triggered once"
    );
    phones.done(&mut t.ui, dir.path());
    phones.done(&mut t.ui, dir.path());
    let over = t.ui.app.game().unwrap().glance(chrono::Utc::now());
    assert_eq!(over.stage, tablekeeper::session::Stage::Over);
    assert_eq!(
        over.last, None,
        "no 'this round is the last' once the game is over"
    );

    // Each fills their own column and is ready; Aki's phone finishes.
    let parts = ["cards", "events", "compost", "growth", "terrain"];
    for (seat, id) in PHONE_IDS.iter().enumerate().take(3) {
        for (p, part) in parts.iter().enumerate() {
            phones.enter(&mut t.ui, seat, Some(part), (seat * 5 + p) as u32);
        }
        let body = format!(r#"{{"phone":"{id}","ready":true}}"#);
        assert_eq!(phones.ask(&mut t.ui, "/ready", &body), 202);
    }
    let finish = format!(
        r#"{{"phone":"{}","rev":{}}}"#,
        PHONE_IDS[0],
        Phones::rev(dir.path())
    );
    assert_eq!(phones.ask(&mut t.ui, "/finish", &finish), 202);
    assert_eq!(
        t.ui.app.screen_name(),
        "history",
        "the final sheet stays in view"
    );
    let history = t.ui.app.history().unwrap();
    let entry = &history.entries()[0];
    let names: Vec<&str> = entry.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Aki", "Ben", "Chie"]);
    let index = |id: &str| entry.parts.iter().position(|p| p == id).unwrap();
    for (seat, player) in entry.players.iter().enumerate() {
        for (p, part) in parts.iter().enumerate() {
            // Each a point apiece on Earth's sheet (compost's weight is 1).
            let want = (seat * 5 + p) as i64;
            assert_eq!(
                player.scores[index(part)],
                tablekeeper::scoring::Points::whole(want),
                "{} {part}",
                player.name
            );
        }
    }
    eprintln!(
        "Earth with phones: interactions at the computer {}",
        t.tally.total()
    );
    assert!(t.tally.total() <= 2, "{:?}", t.tally);
}
