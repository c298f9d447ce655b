//! Helpers shared by the integration tests: a table of players, timestamps, cards.
#![allow(dead_code)]

#[cfg(feature = "gui")]
pub mod ui;

#[cfg(feature = "phones")]
pub mod browser;
#[cfg(feature = "phones")]
pub mod room;
#[cfg(feature = "phones")]
pub mod serve;

pub mod http;

use chrono::{DateTime, Duration, TimeZone, Utc};
use tablekeeper::session::{Colour, Lineup, Player};
use tablekeeper::terravist::Session;
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::{CardInfo, Event, RollSource, RolledDie};
use tablekeeper::{Profile, RuleError};

/// A fixed start time, so tests do not depend on the clock.
/// The winners' seats on a scored sheet.
pub fn winning_seats(sheet: &tablekeeper::scoring::Scored) -> Vec<usize> {
    (sheet.players.iter().enumerate())
        .filter(|(_, p)| p.winner)
        .map(|(seat, _)| seat)
        .collect()
}

pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap()
}

/// `t0` plus `secs` seconds.
pub fn at(secs: i64) -> DateTime<Utc> {
    t0() + Duration::seconds(secs)
}

pub fn setup(names: &[&str], parent: usize, first_round_turns: u32) -> Lineup {
    Lineup {
        players: names
            .iter()
            .zip(Colour::ALL)
            .map(|(name, colour)| Player {
                name: name.to_string(),
                colour,
            })
            .collect(),
        parent,
        first_round_turns,
        sides: Vec::new(),
        clock: Default::default(),
    }
}

/// A session of the built-in TERRAVIST profile.
pub fn session(names: &[&str], parent: usize, first_round_turns: u32) -> Session {
    Session::new(
        Profile::terravist(),
        setup(names, parent, first_round_turns),
        t0(),
    )
    .unwrap()
}

pub fn card(name: &str, smiles: u32, egg_capacity: u32, habitats: &[&str], level: u8) -> CardInfo {
    CardInfo {
        name: name.to_string(),
        smiles,
        egg_capacity,
        habitats: habitats.iter().map(|h| h.to_string()).collect(),
        level,
    }
}

pub fn faces(faces: &[(usize, &str)]) -> Vec<RolledDie> {
    faces
        .iter()
        .map(|&(die, face)| RolledDie {
            die,
            face: face.to_string(),
        })
        .collect()
}

/// Drives a session with a clock that moves one second per event unless told otherwise.
pub struct Table {
    pub session: Session,
    pub now: i64,
}

impl Table {
    pub fn new(names: &[&str], parent: usize, first_round_turns: u32) -> Table {
        Table {
            session: session(names, parent, first_round_turns),
            now: 0,
        }
    }

    /// Applies an event one second after the last; panics if refused.
    pub fn ok(&mut self, event: Event) {
        self.now += 1;
        if let Err(e) = self.session.apply(event.clone(), at(self.now)) {
            panic!("{event:?} refused: {e}");
        }
    }

    /// Applies an event that must be refused, checks the state did not change, returns the error.
    pub fn refused(&mut self, event: Event) -> RuleError {
        self.now += 1;
        let before = self.session.state().clone();
        let count = self.session.records().len();
        let error = self
            .session
            .apply(event.clone(), at(self.now))
            .expect_err(&format!("{event:?} should be refused"));
        assert_eq!(
            self.session.state(),
            &before,
            "a refused event changed the state"
        );
        assert_eq!(self.session.records().len(), count);
        error
    }

    /// Waits `secs` seconds of table time.
    pub fn wait(&mut self, secs: i64) {
        self.now += secs;
    }

    /// Applies an event at the current time without moving the clock.
    pub fn ok_now(&mut self, event: Event) {
        if let Err(e) = self.session.apply(event.clone(), at(self.now)) {
            panic!("{event:?} refused: {e}");
        }
    }

    /// Develops the first habitat, rolls the dice and starts the game.
    pub fn start(&mut self, first_habitat: &str, dice: &[&str]) {
        self.ok(Event::SetFirstHabitat {
            habitat: first_habitat.into(),
        });
        self.ok(Event::InitialRoll {
            dice: faces(&dice.iter().copied().enumerate().collect::<Vec<_>>()),
            source: RollSource::Table,
        });
        self.ok(Event::StartGame);
    }

    pub fn next(&mut self, times: usize) {
        for _ in 0..times {
            self.ok(Event::NextPlayerTurn);
        }
    }
}

/// Plays a whole 2-player game (N = 3) in `dir`, `day` days after `t0`, and moves it into the
/// history; seat 0 settles an Owl (4 Smiles); `results` decide every round objective.
pub fn finished_game(
    dir: &tablekeeper::store::DataDir,
    history: &mut tablekeeper::store::history::History,
    names: &[&str; 2],
    results: [u32; 2],
    day: i64,
) -> String {
    use tablekeeper::terravist::state::Phase;
    let session = Session::new(Profile::terravist(), setup(names, 0, 3), at(day * 86_400)).unwrap();
    let mut live = dir.start(session).unwrap();
    let mut t = day * 86_400;
    let mut step = |live: &mut tablekeeper::store::LiveSession<Terravist>, e: Event| {
        t += 30;
        live.apply(e, at(t)).unwrap();
    };
    step(
        &mut live,
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
    );
    step(&mut live, Event::StartGame);
    step(
        &mut live,
        Event::Settle {
            player: 0,
            card: card("Owl", 4, 2, &["forest"], 2),
            habitat: "forest".into(),
        },
    );
    for round in 1..=3u32 {
        for _ in 0..(2 * (4 - round)) {
            step(&mut live, Event::NextPlayerTurn);
        }
        step(
            &mut live,
            Event::RecordObjective {
                results: results.to_vec(),
            },
        );
        if round < 3 {
            step(&mut live, Event::AddEgg { creature: 0 });
            step(&mut live, Event::ReturnEggs);
            step(&mut live, Event::FlipEnvironment { card: None });
            step(&mut live, Event::PassParent);
        }
    }
    assert_eq!(live.session().state().phase, Phase::Over);
    let id = live.session().id().to_string();
    live.finish(
        history,
        tablekeeper::session::summary::Outcome::Finished,
        at(t),
    )
    .unwrap();
    id
}

/// TERRAVIST's game of `tests/data/session-v1.json` with a profile that breaks its rules (won by
/// sides), as a session file and as a live game's journal.
pub fn broken_profile_files() -> (String, String) {
    let read = |path: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let session = read("tests/data/session-v1.json");
    let mut profile = read("profiles/terravist.json");
    let name = serde_json::json!({"en": "A", "ja": "A"});
    profile["sheet"]["winner"] = serde_json::json!({
        "rule": "side",
        "sides": [{"id": "a", "name": name}, {"id": "b", "name": name}],
        "endings": [{"id": "e", "name": name, "winner": "a"}],
    });
    let mut file = session.clone();
    file["profile"] = profile.clone();
    file["version"] = 2.into();
    let header = serde_json::json!({
        "format": "tablekeeper-journal", "version": 2, "engine": "terravist",
        "id": session["id"], "created_at": session["created_at"],
        "profile": profile, "setup": session["setup"],
    });
    let mut journal = format!("{header}\n");
    for event in session["events"].as_array().unwrap() {
        journal.push_str(&format!("{}\n", serde_json::json!({ "event": event })));
    }
    (file.to_string(), journal)
}

/// The live game's journal in data directory `dir`: its event lines, the header left out.
pub fn journal_events(dir: &std::path::Path) -> Vec<String> {
    let journal = std::fs::read_dir(dir.join("live"))
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .expect("a journal");
    let text = std::fs::read_to_string(journal).unwrap();
    text.lines().skip(1).map(str::to_string).collect()
}

/// Copies a folder and everything under it (a data directory a test starts from).
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A game file in `data`'s `profiles/` that does not load: the generic profile as `x.json`, for
/// 9 players (the app has markers for 8 at most), so it is named with why wherever a game is
/// looked up.
pub fn write_unreadable_profile(data: &std::path::Path) {
    std::fs::create_dir_all(data.join("profiles")).unwrap();
    let generic = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("profiles/generic.json");
    let mut profile: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(generic).unwrap()).unwrap();
    profile["id"] = "x".into();
    profile["players"] = serde_json::json!({"min": 1, "max": 9});
    std::fs::write(data.join("profiles/x.json"), profile.to_string()).unwrap();
}

/// This device's log in the history of `dir`, by the name docs/data-and-history.md gives it
/// (`history/index-<device>.jsonl`); `None` before the directory has a device.
pub fn own_log(dir: &tablekeeper::store::DataDir) -> Option<std::path::PathBuf> {
    let device = dir.device()?;
    Some(dir.history_dir().join(format!("index-{device}.jsonl")))
}
