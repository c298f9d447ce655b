//! The child of the crash test (`tests/crash.rs`): plays random games in a data directory and
//! prints a line for every action once it is saved, until it is killed.
//!
//! Output: `saved <session> <ops> <digest>` after each journaled action (the journal holds
//! `ops` ops, and replaying them gives a state whose digest is `digest`), and
//! `archived <session>` when a finished game is in the history.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::PathBuf;

use chrono::Utc;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablekeeper::Profile;
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::session::summary::Outcome;
use tablekeeper::session::{Colour, Lineup, Player};
use tablekeeper::store::{DataDir, LiveSession};
use tablekeeper::terravist::Session;
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::{CardInfo, Event, RollSource};
use tablekeeper::terravist::state::GameState;
use tablekeeper::terravist::state::Phase;
use tablekeeper::terravist::state::dice::roll;

/// A digest of a state, the same in this process and the test's.
fn digest(state: &GameState) -> u64 {
    let mut hasher = DefaultHasher::new();
    serde_json::to_string(state)
        .expect("a state serialises")
        .hash(&mut hasher);
    hasher.finish()
}

fn report(live: &LiveSession<Terravist>) {
    println!(
        "saved {} {} {}",
        live.session().id(),
        live.journaled_ops(),
        digest(live.session().state())
    );
}

fn new_game(dir: &DataDir, rng: &mut StdRng) -> LiveSession<Terravist> {
    let names = ["Aki", "Ben", "Chie", "Dai", "Emi"];
    let count = rng.random_range(2..=5);
    let setup = Lineup {
        players: names[..count]
            .iter()
            .zip(Colour::ALL)
            .map(|(name, colour)| Player {
                name: name.to_string(),
                colour,
            })
            .collect(),
        parent: rng.random_range(0..count),
        first_round_turns: rng.random_range(3..=4),
        sides: Vec::new(),
        clock: Default::default(),
    };
    let session = Session::new(Profile::terravist(), setup, Utc::now()).expect("a valid setup");
    dir.start(session).expect("a journal can be created")
}

/// A plausible next action for the state.
fn next_event(state: &GameState, profile: &Profile, rng: &mut StdRng) -> Option<Event> {
    let habitats = ["forest", "grassland", "coast", "open_ocean", "river"];
    Some(match state.phase {
        Phase::Setup if state.table.developments.is_empty() => Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        Phase::Setup if !state.dice.rolled() => Event::InitialRoll {
            dice: roll(profile, &[0, 1, 2, 3, 4], rng),
            source: RollSource::App,
        },
        Phase::Setup => Event::StartGame,
        Phase::RoundEnd { .. } => match state.round_end_step(profile)? {
            1 => Event::RecordObjective {
                results: (0..state.player_count)
                    .map(|_| rng.random_range(0..4))
                    .collect(),
            },
            2 => Event::ReturnEggs,
            3 => Event::FlipEnvironment { card: None },
            _ => Event::PassParent,
        },
        Phase::Over => return None,
        Phase::Playing { .. } => match rng.random_range(0..100) {
            0..=44 => Event::NextPlayerTurn,
            45..=54 => {
                let habitat = habitats[rng.random_range(0..5)];
                Event::Settle {
                    player: state.current_player()?,
                    card: CardInfo {
                        name: format!("Card {}", rng.random_range(0..40)),
                        smiles: rng.random_range(0..7),
                        egg_capacity: rng.random_range(0..4),
                        habitats: vec![habitat.into()],
                        level: rng.random_range(1..=4),
                    },
                    habitat: habitat.into(),
                }
            }
            55..=69 => Event::AddEgg {
                creature: rng.random_range(0..state.table.creatures.len().max(1)),
            },
            70..=79 => Event::TakeDie {
                die: rng.random_range(0..5),
            },
            80..=84 => Event::Reroll {
                dice: roll(profile, &state.dice.used(), rng),
                source: RollSource::App,
            },
            85..=89 => Event::DevelopHabitat {
                player: state.current_player()?,
                habitat: habitats[rng.random_range(0..5)].into(),
            },
            90..=94 if state.clock.is_paused() => Event::Clock(ClockEvent::Resume),
            90..=94 => Event::Clock(ClockEvent::Pause),
            _ => Event::TuckCard {
                creature: rng.random_range(0..state.table.creatures.len().max(1)),
            },
        },
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let root = PathBuf::from(args.next().expect("usage: crash_child DATA_DIR SEED"));
    let seed: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .expect("a numeric seed");
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = DataDir::open(&root).expect("the data directory opens");
    let mut history = dir.history().expect("the history opens");
    let profile = Profile::terravist();
    loop {
        let mut live = match dir.unfinished().first() {
            Some(path) => {
                dir.resume_game::<Terravist>(path)
                    .expect("an unfinished game resumes")
                    .0
            }
            None => new_game(&dir, &mut rng),
        };
        report(&live);
        loop {
            let roll_for = rng.random_range(0..100);
            if roll_for < 3 {
                if live.undo(Utc::now()).expect("the journal takes an undo") {
                    report(&live);
                }
                continue;
            }
            if roll_for < 5 {
                if live.redo(Utc::now()).expect("the journal takes a redo") {
                    report(&live);
                }
                continue;
            }
            let state = live.session().state().clone();
            let Some(event) = next_event(&state, &profile, &mut rng) else {
                break;
            };
            if live.apply(event, Utc::now()).is_ok() {
                report(&live);
            }
        }
        let id = live.session().id().to_string();
        live.finish(&mut history, Outcome::Finished, Utc::now())
            .expect("the game moves into history");
        println!("archived {id}");
    }
}
