//! One keeper of the table, whichever front end drives it: the same script of phone requests
//! (HTTP, as the page sends them) played once against the window (the app in this process,
//! its phones on, each request handed to its `update` as its subscription does) and once
//! against `tablekeeper serve` (the binary), leaves the same journal and the same saved game,
//! times and ids aside, and the same cards learned for the next game. A front end that kept
//! anything of the table itself (a card learned by one only, a refusal in other words) fails
//! it. Two games: a whole TERRAVIST game (a card settled from a phone, the dice, three round
//! ends and their steps, the sheet, Ready, Finish) and the generic game (turns, the trigger
//! step, the sheet, Finish). And the setup's edits: a row removed in the window's setup and by
//! the host's phone on `serve` leaves the same players and start player (issue 67).
#![cfg(all(feature = "gui", feature = "phones"))]

mod common;

use std::path::Path;
use std::time::Duration;

use common::serve::{PARTS, Serve, Watch, rev};
use common::ui::Ui;
use serde_json::Value;
use tablekeeper::gui::{Message, PanelMessage};
use tablekeeper::i18n::Locale;

const AKI: &str = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0";
const BEN: &str = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
const SEATS: [&str; 2] = [AKI, BEN];

/// A table the script plays against: the phones' server of one front end.
trait Front {
    /// Sends a phone's request as the page does (again after a moment when told "too fast"),
    /// and lets the keeper take it in; the answer's status.
    fn post(&mut self, path: &str, body: &str) -> u16;
    /// The table as a watching phone is shown it, once it shows what `until` looks for.
    fn until(&mut self, what: &str, until: &dyn Fn(&Value) -> bool) -> Value;
    /// The table as a watching phone is shown it now, every update taken in.
    fn now(&mut self) -> Value;
    fn dir(&self) -> &Path;
}

/// The window, in this process, its phones on.
struct Window {
    ui: Ui,
    dir: tempfile::TempDir,
    watch: Option<Watch>,
}

impl Window {
    fn open() -> Window {
        Window::open_in(tempfile::tempdir().unwrap())
    }

    /// The window on the data directory `dir`, as it is.
    fn open_in(dir: tempfile::TempDir) -> Window {
        let mut ui = Ui::new(dir.path(), Locale::EN);
        let _ = ui.app.update(Message::Phones(PanelMessage::Switch(true)));
        let mut window = Window {
            ui,
            dir,
            watch: None,
        };
        window.rewatch();
        window
    }

    /// A game of `game` set up on the window's own screen ("terravist" is its first choice),
    /// its phones' stream opened again.
    fn set_up(&mut self, game: &str) {
        self.ui.click("New game");
        if game != "terravist" {
            let _ = self
                .ui
                .app
                .update(Message::Screen(tablekeeper::gui::screen::Message::Setup(
                    tablekeeper::gui::screen::setup::Message::Game(Some(game.to_string())),
                )));
        }
        self.rewatch();
    }

    /// A watching phone's stream from the server as it is now.
    fn rewatch(&mut self) {
        let url = self.ui.app.phones_local_url().expect("the phones are on");
        let (addr, base) = common::http::split_url(&url);
        self.watch = Some(Watch::open(addr, &base, "c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2"));
    }
}

impl Front for Window {
    fn post(&mut self, path: &str, body: &str) -> u16 {
        let url = self.ui.app.phones_local_url().expect("the phones are on");
        let (addr, base) = common::http::split_url(&url);
        let status = loop {
            let status = common::http::post(addr, &format!("{base}{path}"), body).status;
            if status != 429 {
                break status;
            }
            std::thread::sleep(Duration::from_millis(200));
        };
        if status == 202 {
            for request in self.ui.app.phone_requests(Duration::from_millis(500)) {
                let _ = self.ui.app.update(Message::FromPhone(request));
            }
        }
        status
    }

    fn until(&mut self, what: &str, until: &dyn Fn(&Value) -> bool) -> Value {
        let watch = self.watch.as_mut().unwrap();
        watch.until(what, until)["table"].clone()
    }

    fn now(&mut self) -> Value {
        self.watch.as_mut().unwrap().table()
    }

    fn dir(&self) -> &Path {
        self.dir.path()
    }
}

/// `tablekeeper serve`, the binary.
struct Headless {
    serve: Serve,
    dir: tempfile::TempDir,
    watch: Watch,
}

impl Headless {
    fn open() -> Headless {
        Headless::open_in(tempfile::tempdir().unwrap())
    }

    /// `serve` on the data directory `dir`, as it is.
    fn open_in(dir: tempfile::TempDir) -> Headless {
        let serve = Serve::start(dir.path(), Some(0));
        let watch = serve.watch("c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2");
        Headless { serve, dir, watch }
    }
}

impl Headless {
    /// A game of `game` set up from Aki's phone, as the table was shown.
    fn set_up(&mut self, game: &str) {
        let between = self.now();
        let new = format!(
            r#"{{"phone":"{AKI}","game":"{game}","rev":{}}}"#,
            rev(&between)
        );
        assert_eq!(self.post("/new", &new), 202);
    }
}

impl Front for Headless {
    fn post(&mut self, path: &str, body: &str) -> u16 {
        self.serve.post(path, body)
    }

    fn until(&mut self, what: &str, until: &dyn Fn(&Value) -> bool) -> Value {
        self.watch.until(what, until)["table"].clone()
    }

    fn now(&mut self) -> Value {
        self.watch.table()
    }

    fn dir(&self) -> &Path {
        self.dir.path()
    }
}

/// The table as shown now (every update taken in).
fn now(front: &mut dyn Front) -> Value {
    front.now()
}

/// The two phones join the game being set up and start it; the host (Aki, the first to join)
/// chooses TERRAVIST's first habitat.
fn join_and_start(front: &mut dyn Front, terravist: bool) {
    front.until("the lobby", &|t| !t["lobby"].is_null());
    for (phone, name, colour) in [(AKI, "Aki", "red"), (BEN, "Ben", "blue")] {
        let body = format!(r#"{{"phone":"{phone}","name":"{name}","colour":"{colour}"}}"#);
        assert_eq!(front.post("/join", &body), 202);
    }
    let lobby = front.until("both joined", &|t| {
        t["players"].as_array().unwrap().len() == 2 && t["players"][1]["name"] == "Ben"
    });
    let lobby = if terravist {
        let body = format!(
            r#"{{"phone":"{AKI}","rev":{},"habitat":"forest"}}"#,
            rev(&lobby)
        );
        assert_eq!(front.post("/choose", &body), 202);
        front.until("the habitat chosen", &|t| t["lobby"]["not_ready"].is_null())
    } else {
        lobby
    };
    let start = format!(r#"{{"phone":"{BEN}","rev":{}}}"#, rev(&lobby));
    assert_eq!(front.post("/start", &start), 202);
    front.until("the game started", &|t| t["stage"] == "playing");
}

/// The phone of the seat whose turn it is records `action` (a `/turn` body's rest), in the
/// state it was shown; the table once it changed (or said why not).
fn turn(front: &mut dyn Front, action: &str) -> Value {
    let table = now(front);
    let seat = table["current"].as_u64().unwrap() as usize;
    let before = rev(&table);
    let said = table["cards_refused"].clone();
    let body = format!(r#"{{"phone":"{}","rev":{before},{action}}}"#, SEATS[seat]);
    assert_eq!(front.post("/turn", &body), 202, "{body}");
    front.until("the action taken or refused", &|t| {
        rev(t) > before || (t["cards_refused"].is_string() && t["cards_refused"] != said)
    })
}

/// The phone whose turn it is ends it.
fn done(front: &mut dyn Front) -> Value {
    let table = now(front);
    let seat = table["current"].as_u64().expect("a turn under way") as usize;
    let before = rev(&table);
    let body = format!(r#"{{"phone":"{}","rev":{before}}}"#, SEATS[seat]);
    assert_eq!(front.post("/done", &body), 202, "{body}");
    front.until("the turn ended", &|t| rev(t) > before)
}

/// A seat's phone enters a value (a sheet part, or its round-end result: `part` `None`).
fn enter(front: &mut dyn Front, seat: usize, part: Option<&str>, value: u32) {
    let part_field = part.map_or(String::new(), |p| format!(r#""part":"{p}","#));
    let id = format!("e{seat}-{}-{value}", part.unwrap_or("result"));
    let body = format!(
        r#"{{"phone":"{}","id":"{id}",{part_field}"value":{value},"was":null}}"#,
        SEATS[seat]
    );
    assert_eq!(front.post("/enter", &body), 202, "{body}");
}

/// The phone `who` takes the step the table shows now.
fn step(front: &mut dyn Front, table: &Value) {
    let step = &table["step"];
    let who = step["who"].as_u64().unwrap() as usize;
    let body = format!(
        r#"{{"phone":"{}","rev":{},"key":"{}"}}"#,
        SEATS[who],
        rev(table),
        step["key"].as_str().unwrap()
    );
    assert_eq!(front.post("/step", &body), 202, "{body}");
    let before = rev(table);
    front.until("the step taken", &|t| rev(t) > before);
}

/// Each seat fills its column, marks it ready, and Ben's phone finishes the game.
fn fill_ready_and_finish(front: &mut dyn Front, parts: &[&str]) {
    for (seat, phone) in SEATS.iter().enumerate() {
        for (p, part) in parts.iter().enumerate() {
            enter(front, seat, Some(part), (seat * 7 + p * 3 + 1) as u32);
        }
        let before = rev(&now(front));
        let body = format!(r#"{{"phone":"{phone}","ready":true}}"#);
        assert_eq!(front.post("/ready", &body), 202);
        front.until("the column ready", &|t| rev(t) > before);
    }
    let finish = format!(r#"{{"phone":"{BEN}","rev":{}}}"#, rev(&now(front)));
    assert_eq!(front.post("/finish", &finish), 202);
    front.until("the game saved", &|t| !t["saved"].is_null());
}

/// A whole TERRAVIST game from the phones: a card settled, the dice rolled, taken, rerolled
/// and entered as the table's own, a refused action, every turn, the round ends' results and
/// steps, the sheet, Finish. Returns the journal as it was before Finish.
fn terravist(front: &mut dyn Front) -> Vec<String> {
    join_and_start(front, true);
    turn(
        front,
        r#""action":"settle","habitat":"forest","new_card":{"name":"Owl","smiles":4,"egg_limit":3,"level":2,"habitats":["forest"]}"#,
    );
    turn(front, r#""action":"add_egg","card":0"#);
    turn(front, r#""action":"roll""#);
    for die in 0..5 {
        turn(front, &format!(r#""action":"take_die","card":{die}"#));
    }
    turn(front, r#""action":"roll""#);
    for die in 0..5 {
        turn(front, &format!(r#""action":"take_die","card":{die}"#));
    }
    let faces: Vec<String> = (0..5)
        .map(|die| format!(r#"{{"die":{die},"face":"gold"}}"#))
        .collect();
    turn(
        front,
        &format!(r#""action":"faces","faces":[{}]"#, faces.join(",")),
    );
    let faces = faces.join(",").replace("gold", "human");
    turn(front, &format!(r#""action":"faces","faces":[{faces}]"#));
    let results: [[u32; 2]; 3] = [[3, 1], [0, 2], [4, 4]];
    for (round, turns) in [6, 5, 4].into_iter().enumerate() {
        for _ in 0..turns * 2 {
            done(front);
        }
        assert_eq!(now(front)["stage"], "round_end", "round {}", round + 1);
        for (seat, value) in results[round].into_iter().enumerate() {
            enter(front, seat, None, value);
        }
        loop {
            let table = front.until("the results in", &|t| {
                t["step"].is_null() || t["step"]["waiting"].is_null()
            });
            if table["step"].is_null() {
                break;
            }
            step(front, &table);
        }
    }
    assert_eq!(now(front)["stage"], "over");
    let before = journal(front.dir());
    fill_ready_and_finish(front, &PARTS);
    before
}

/// The generic game from the phones: turns, the trigger step, turns to the end, the sheet,
/// Finish. Returns the journal as it was before Finish.
fn generic(front: &mut dyn Front) -> Vec<String> {
    join_and_start(front, false);
    for _ in 0..3 {
        done(front);
    }
    let mut turns = 0;
    loop {
        let table = now(front);
        if table["stage"] == "over" {
            break;
        }
        assert!(turns < 20, "the game never ends: {table:#}");
        if table["step"]["key"] == "trigger" {
            step(front, &table);
        } else {
            done(front);
        }
        turns += 1;
    }
    let before = journal(front.dir());
    fill_ready_and_finish(front, &["points", "bonus", "penalty"]);
    before
}

/// The live game's journal, times and ids aside, and the clock's notes left out (a keeper on
/// the system's clock notes it every ten seconds; a hand-set one never moves).
fn journal(dir: &Path) -> Vec<String> {
    let path = std::fs::read_dir(dir.join("live"))
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .expect("a journal");
    let text = std::fs::read_to_string(path).unwrap();
    (text.lines())
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|op| op.get("clock").is_none())
        .map(|op| timeless(op).to_string())
        .collect()
}

/// The saved games in the history, times and ids aside.
fn saved(dir: &Path) -> Vec<Value> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("history").join("sessions"))
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .collect();
    files.sort();
    (files.iter())
        .map(|path| {
            let value: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap())
                .expect("a saved game");
            timeless(value)
        })
        .collect()
}

/// The cards the next game's table offers, from the settings file (`[]` with none).
fn known_cards(dir: &Path) -> Value {
    // The window writes its settings off its thread: a moment for the last write.
    std::thread::sleep(Duration::from_millis(300));
    let path = tablekeeper::store::DataDir::settings_path_in(dir);
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str::<Value>(&text).unwrap()["known_cards"].clone(),
        Err(_) => Value::Null,
    }
}

/// `value` with every time, id and device left out, the clock's notes, and the faces of the
/// app's own rolls (random; the dice the table rolls itself are kept).
fn timeless(value: Value) -> Value {
    const DROPPED: [&str; 5] = ["at", "time", "id", "game_id", "device"];
    let kept = |key: &str| !DROPPED.contains(&key) && !key.ends_with("_at");
    match value {
        Value::Object(mut map) => {
            if map.get("source").is_some_and(|s| s == "app")
                && let Some(Value::Array(dice)) = map.get("dice")
            {
                let count = dice.len();
                map.insert("dice".to_string(), Value::from(count));
            }
            Value::Object(
                map.into_iter()
                    .filter(|(key, v)| kept(key) && v.get("clock").is_none())
                    .map(|(key, v)| (key, timeless(v)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .filter(|v| v.get("clock").is_none())
                .map(timeless)
                .collect(),
        ),
        other => other,
    }
}

/// What a front end left: the journal before Finish, the saved game, the cards it learned.
#[derive(Debug, PartialEq)]
struct Left {
    journal: Vec<String>,
    saved: Vec<Value>,
    known_cards: Value,
}

fn assert_same(window: &Left, serve: &Left) {
    assert_eq!(window.journal.len(), serve.journal.len(), "journal lengths");
    for (line, (w, s)) in window.journal.iter().zip(&serve.journal).enumerate() {
        assert_eq!(w, s, "journal line {line}");
    }
    assert_eq!(window.saved, serve.saved, "the saved game");
    assert_eq!(
        window.known_cards, serve.known_cards,
        "the cards learned for the next game"
    );
}

#[test]
fn a_terravist_game_from_the_phones_leaves_the_same_journal_in_the_window_and_serve() {
    let mut window = Window::open();
    window.set_up("terravist");
    let journal = terravist(&mut window);
    let window = Left {
        journal,
        saved: saved(window.dir()),
        known_cards: known_cards(window.dir()),
    };

    let mut serve = Headless::open();
    serve.set_up("terravist");
    let journal = terravist(&mut serve);
    let serve = Left {
        journal,
        saved: saved(serve.dir()),
        known_cards: known_cards(serve.dir()),
    };
    assert!(
        window.known_cards.to_string().contains("Owl"),
        "{}",
        window.known_cards
    );
    assert_same(&window, &serve);
}

#[test]
fn the_generic_game_from_the_phones_leaves_the_same_journal_in_the_window_and_serve() {
    let mut window = Window::open();
    window.set_up("generic");
    let journal = generic(&mut window);
    let window = Left {
        journal,
        saved: saved(window.dir()),
        known_cards: known_cards(window.dir()),
    };

    let mut serve = Headless::open();
    serve.set_up("generic");
    let journal = generic(&mut serve);
    let serve = Left {
        journal,
        saved: saved(serve.dir()),
        known_cards: known_cards(serve.dir()),
    };
    assert_same(&window, &serve);
}

/// A Finish that cannot be saved (the history's write fails) leaves the game on the table,
/// whichever front end keeps it, and says so in the same words; the next Finish saves it.
#[test]
fn a_finish_that_fails_leaves_the_game_on_the_table_in_the_window_and_serve() {
    use tablekeeper::session::summary::Outcome;
    use tablekeeper::store::DataDir;
    use tablekeeper::store::faults::{self, Fault};
    use tablekeeper::table::{Data, Happened, Host, TableKeeper, Tone};

    let mut said = Vec::new();
    for host in [Host::Window, Host::Alone] {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = DataDir::open(dir.path()).unwrap();
        let history = data_dir.history().unwrap();
        let data = Data::writable(data_dir, history);
        let settings = tablekeeper::settings::Settings::default();
        let mut keeper = TableKeeper::new(data, settings, host, tablekeeper::zone::Zone::utc());
        keeper.reload_games();
        keeper.set_up();
        let (setup, settings, games) = keeper.setup_mut().unwrap();
        setup.choose_game(Some("generic"), settings, games);
        setup.join(AKI, "Aki", None);
        setup.join(BEN, "Ben", None);
        let t0 = common::t0();
        assert_eq!(keeper.start_setup(t0), Happened::Started);
        let id = keeper.game_id().unwrap();
        keeper.said();

        faults::arm(0, Fault::Io);
        let happened = keeper.finish(Outcome::Finished, t0);
        faults::disarm();
        assert_eq!(happened, Happened::Nothing, "{host:?}");
        assert_eq!(keeper.game_id(), Some(id.clone()), "still on the table");
        let words: Vec<(String, Tone)> = (keeper.said().into_iter())
            .map(|s| {
                let text = s.text.render(Locale::EN).replace(&id, "<id>");
                (text.replace(dir.path().to_str().unwrap(), "<dir>"), s.tone)
            })
            .collect();
        assert!(
            words[0].0.starts_with("This action could not be saved"),
            "{words:?}"
        );
        said.push(words);
        assert_eq!(keeper.finish(Outcome::Finished, t0), Happened::Finished);
        assert_eq!(keeper.game_id(), None);
        assert_eq!(keeper.data().history().unwrap().entries()[0].id, id);
    }
    assert_eq!(said[0], said[1], "the same words");
}

/// The phones abandon a game (one asks, the other confirms): what it leaves is the same in
/// the window and `serve`, and the history keeps it as abandoned in both.
fn abandoned(front: &mut dyn Front) -> Vec<String> {
    join_and_start(front, true);
    done(front);
    let abandon = |phone: &str| format!(r#"{{"phone":"{phone}","abandon":true}}"#);
    assert_eq!(front.post("/abandon", &abandon(AKI)), 202);
    front.until("the ask shown", &|t| !t["abandon"].is_null());
    let before = journal(front.dir());
    assert_eq!(front.post("/abandon", &abandon(BEN)), 202);
    front.until("the game gone", &|t| t["stage"] == "not_started");
    let index = std::fs::read_dir(front.dir().join("history"))
        .unwrap()
        .flatten()
        .find(|f| f.file_name().to_string_lossy().starts_with("index-"))
        .expect("the history's log");
    let index = std::fs::read_to_string(index.path()).unwrap();
    assert!(index.contains("abandoned"), "{index}");
    before
}

#[test]
fn a_game_abandoned_from_the_phones_leaves_the_same_in_the_window_and_serve() {
    let mut window = Window::open();
    window.set_up("terravist");
    let journal = abandoned(&mut window);
    let window = Left {
        journal,
        saved: saved(window.dir()),
        known_cards: known_cards(window.dir()),
    };

    let mut serve = Headless::open();
    serve.set_up("terravist");
    let journal = abandoned(&mut serve);
    let serve = Left {
        journal,
        saved: saved(serve.dir()),
        known_cards: known_cards(serve.dir()),
    };
    assert_eq!(window.saved.len(), 1);
    assert_same(&window, &serve);
}

/// A settings file of a newer tablekeeper: neither front end can read it, so neither may write
/// over it, whatever the table changes (the phones turned on, a game started and finished,
/// the players and the game remembered for the next setup).
const NEWER_SETTINGS: &str = r#"{
  "format": "tablekeeper-settings",
  "version": 99,
  "theme": "dark",
  "known_players": ["Dai", "Emi"],
  "a_field_of_version_99": {"kept": true}
}
"#;

fn with_newer_settings() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("settings.json"), NEWER_SETTINGS).unwrap();
    dir
}

#[test]
fn a_settings_file_of_a_newer_version_is_left_byte_for_byte_by_either_front_end() {
    let mut window = Window::open_in(with_newer_settings());
    window.set_up("generic");
    generic(&mut window);
    assert_eq!(saved(window.dir()).len(), 1, "the game is saved");
    let Window { ui, dir, watch } = window;
    // The window's settings are written off its thread; closing it waits for the last write.
    drop(watch);
    drop(ui);
    let left = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert_eq!(left, NEWER_SETTINGS, "the window wrote over the settings");

    let mut serve = Headless::open_in(with_newer_settings());
    serve.set_up("generic");
    generic(&mut serve);
    assert_eq!(saved(serve.dir()).len(), 1, "the game is saved");
    let Headless { serve, dir, watch } = serve;
    drop(watch);
    drop(serve);
    let left = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert_eq!(left, NEWER_SETTINGS, "serve wrote over the settings");
}

/// Aki, Ben and Chie's phones, and the addresses they send from (one each: a table's limits
/// let one address hold two seats).
const CHIE: &str = "d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3";
const TRIO: [(&str, &str, u8); 3] = [(AKI, "Aki", 11), (BEN, "Ben", 12), (CHIE, "Chie", 13)];

/// The names in seat order and the start player, as a watching phone is shown the setup.
fn lineup(table: &Value) -> (Vec<String>, String) {
    let names: Vec<String> = (table["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    let parent = table["lobby"]["parent"].as_u64().expect("a start player") as usize;
    let starter = names[parent].clone();
    (names, starter)
}

/// Aki, Ben and Chie named in the window's setup, `start` made the start player, then the row
/// `removed` removed there: the setup as the phones are shown it after.
fn window_removes(window: &mut Window, start: usize, removed: usize) -> (Vec<String>, String) {
    use tablekeeper::gui::screen::{Message as Screen, setup::Message as Setup};
    let tap = |window: &mut Window, message: Setup| {
        let _ = window
            .ui
            .app
            .update(Message::Screen(Screen::Setup(message)));
    };
    window.set_up("terravist");
    tap(window, Setup::Name(0, "Aki".to_string()));
    tap(window, Setup::Name(1, "Ben".to_string()));
    tap(window, Setup::Add);
    tap(window, Setup::Name(2, "Chie".to_string()));
    tap(window, Setup::Parent(start));
    let names = |t: &Value| lineup(t).0;
    let three = window.until("three seated", &|t| {
        names(t) == ["Aki", "Ben", "Chie"] && t["lobby"]["parent"] == start
    });
    tap(window, Setup::Remove(removed));
    let after = window.until("the row removed", &|t| {
        t["players"].as_array().unwrap().len() == 2 && rev(t) != rev(&three)
    });
    tap(window, Setup::Back);
    lineup(&after)
}

/// Aki, Ben and Chie join `tablekeeper serve` from their phones and the host's phone arranges
/// them in that order, draws until `start` starts, then removes the row `removed`: the setup as
/// the phones are shown it after. The host is a phone not removed (a phone may not remove its
/// own seat): Ben's when Aki's row goes, else Aki's.
fn phones_remove(start: usize, removed: usize) -> (Vec<String>, String) {
    let mut serve = Headless::open();
    serve.set_up("terravist");
    serve.until("the lobby", &|t| !t["lobby"].is_null());
    let post = |serve: &Headless, source: u8, path: &str, body: String| loop {
        match serve
            .serve
            .post_from([127, 0, 0, source], path, &body)
            .status
        {
            429 => std::thread::sleep(Duration::from_millis(200)),
            status => break assert_eq!(status, 202, "{path} {body}"),
        }
    };
    let order: [usize; 3] = if removed == 0 { [1, 0, 2] } else { [0, 1, 2] };
    let (host, _, host_source) = TRIO[order[0]];
    for (joined, &who) in order.iter().enumerate() {
        let (phone, name, source) = TRIO[who];
        let body = format!(r#"{{"phone":"{phone}","name":"{name}","colour":null}}"#);
        post(&serve, source, "/join", body);
        serve.until("joined", &|t| {
            t["players"].as_array().unwrap().len() > joined && t["players"][joined]["name"] == name
        });
    }
    let arrange = |serve: &mut Headless, act: &str| {
        let table = now(serve);
        let body = format!(r#"{{"phone":"{host}","rev":{},{act}}}"#, rev(&table));
        post(serve, host_source, "/arrange", body);
    };
    if removed == 0 {
        arrange(&mut serve, r#""act":"down","seat":0"#);
    }
    let mut table = serve.until("in order", &|t| lineup(t).0 == ["Aki", "Ben", "Chie"]);
    let host_seat = order[0];
    // The phones choose no start player, they draw one: the host draws until it is `start`
    // (at least once, so the host stays the host's phone whoever starts). A draw of the same
    // player shows nothing new, so after each the host's phone changes its colour, which always
    // shows: the keeper takes requests in order, so the draw is in once the colour is.
    let mut draws = 0;
    while draws == 0 || table["lobby"]["parent"] != start {
        assert!(draws < 200, "never drew seat {start}");
        arrange(&mut serve, r#""act":"draw""#);
        draws += 1;
        let was = table["players"][host_seat]["colour"].clone();
        let colour = ["green", "purple"][draws % 2];
        let body = format!(
            r#"{{"phone":"{host}","name":"{}","colour":"{colour}"}}"#,
            TRIO[host_seat].1
        );
        post(&serve, host_source, "/join", body);
        table = serve.until("the colour changed", &|t| {
            t["players"][host_seat]["colour"] != was
        });
    }
    let three = table;
    arrange(&mut serve, &format!(r#""act":"remove","seat":{removed}"#));
    let after = serve.until("the row removed", &|t| {
        t["players"].as_array().unwrap().len() == 2 && rev(t) != rev(&three)
    });
    lineup(&after)
}

/// Issue 67: with Aki, Ben and Chie seated, each of them the start player in turn and each
/// row removed in turn (9 cases), the window's setup screen and the host's phone on
/// `tablekeeper serve` leave the same players and the same start player; the start marker
/// stays with its player, and when the start player themself is removed, the player after
/// them (after the last, the first) starts.
#[test]
fn removing_a_row_leaves_the_same_start_player_in_the_window_and_from_the_phones() {
    let names = ["Aki", "Ben", "Chie"];
    let mut window = Window::open();
    let mut wrong = Vec::new();
    for start in 0..3 {
        for removed in 0..3 {
            let left: Vec<String> = (0..3)
                .filter(|&n| n != removed)
                .map(|n| names[n].to_string())
                .collect();
            let starter = match start == removed {
                true => names[(start + 1) % 3],
                false => names[start],
            };
            let expected = (left, starter.to_string());
            let by_window = window_removes(&mut window, start, removed);
            let by_phones = phones_remove(start, removed);
            if by_window != expected || by_phones != expected {
                wrong.push(format!(
                    "start {}, remove {}: window {:?}, phones {:?}, expected {:?}",
                    names[start], names[removed], by_window, by_phones, expected
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
