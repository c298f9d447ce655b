//! Property tests over random event sequences: replay is deterministic, undo is exact, a refused
//! event changes nothing, eggs never exceed capacity, and ranking ignores seat order.

mod common;

use common::*;
use proptest::prelude::*;
use tablekeeper::Session;
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::session::Rules;
use tablekeeper::terravist::Terravist;
use tablekeeper::terravist::event::{Event, RollSource, RolledDie};
use tablekeeper::terravist::state::Phase;
use tablekeeper::terravist::state::objective::rank;

const HABITATS: [&str; 5] = ["forest", "grassland", "coast", "open_ocean", "river"];
const RESOURCES: [&str; 5] = ["lv0", "lv1", "lv2", "lv3", "human"];

/// An action chosen by proptest, turned into a concrete event against the current state, so that
/// most generated sequences get deep into a game instead of being refused at once.
#[derive(Debug, Clone)]
enum Action {
    Next,
    Pause,
    Resume,
    TakeDie(usize),
    RerollUsed(Vec<usize>),
    RerollSome(usize, usize),
    Settle {
        player: usize,
        smiles: u32,
        cap: u32,
        habitat: usize,
        second: Option<usize>,
    },
    Steal {
        player: usize,
        target: usize,
        cap: u32,
    },
    AddEgg(usize),
    RemoveEgg(usize),
    Tuck(usize),
    Discard(usize),
    Develop {
        player: usize,
        habitat: usize,
    },
    /// Results for every player (the vector is cut to the player count).
    Objective(Vec<u32>),
    ObjectiveAnyLength(Vec<u32>),
    ReturnEggs,
    Flip,
    /// An ability's environment card, mid-turn (or anywhere the generator happens to be).
    ChangeEnvironment,
    PassParent,
    Score {
        player: usize,
        part: usize,
        value: Option<u32>,
    },
    Raw(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        14 => Just(Action::Next),
        1 => Just(Action::Pause),
        1 => Just(Action::Resume),
        2 => (0usize..6).prop_map(Action::TakeDie),
        1 => prop::collection::vec(0usize..5, 5).prop_map(Action::RerollUsed),
        1 => (0usize..6, 0usize..5).prop_map(|(d, f)| Action::RerollSome(d, f)),
        3 => (0usize..6, 0u32..8, 0u32..5, 0usize..5, prop::option::of(0usize..5)).prop_map(
            |(player, smiles, cap, habitat, second)| Action::Settle { player, smiles, cap, habitat, second }
        ),
        1 => (0usize..6, 0usize..12, 0u32..5).prop_map(|(player, target, cap)| Action::Steal { player, target, cap }),
        5 => (0usize..12).prop_map(Action::AddEgg),
        1 => (0usize..12).prop_map(Action::RemoveEgg),
        1 => (0usize..12).prop_map(Action::Tuck),
        1 => (0usize..12).prop_map(Action::Discard),
        1 => (0usize..6, 0usize..5).prop_map(|(player, habitat)| Action::Develop { player, habitat }),
        3 => prop::collection::vec(0u32..4, 5).prop_map(Action::Objective),
        1 => prop::collection::vec(0u32..4, 0..7).prop_map(Action::ObjectiveAnyLength),
        2 => Just(Action::ReturnEggs),
        2 => Just(Action::Flip),
        1 => Just(Action::ChangeEnvironment),
        2 => Just(Action::PassParent),
        1 => (0usize..6, 0usize..7, prop::option::of(0u32..300)).prop_map(|(player, part, value)| Action::Score { player, part, value }),
        1 => (0usize..3).prop_map(Action::Raw),
    ]
}

fn event_for(action: &Action, session: &Session) -> Event {
    let state = session.state();
    match action.clone() {
        Action::Next => Event::NextPlayerTurn,
        Action::Pause => Event::Clock(ClockEvent::Pause),
        Action::Resume => Event::Clock(ClockEvent::Resume),
        Action::TakeDie(die) => Event::TakeDie { die },
        Action::RerollUsed(faces) => Event::Reroll {
            dice: state
                .dice
                .used()
                .into_iter()
                .map(|die| RolledDie {
                    die,
                    face: RESOURCES[faces[die]].into(),
                })
                .collect(),
            source: RollSource::App,
        },
        Action::RerollSome(die, face) => Event::Reroll {
            dice: vec![RolledDie {
                die,
                face: RESOURCES[face].into(),
            }],
            source: RollSource::Table,
        },
        Action::Settle {
            player,
            smiles,
            cap,
            habitat,
            second,
        } => {
            let mut habitats = vec![HABITATS[habitat]];
            habitats.extend(second.map(|s| HABITATS[s]));
            Event::Settle {
                player,
                card: card("Card", smiles, cap, &habitats, 1 + (smiles % 4) as u8),
                habitat: HABITATS[habitat].into(),
            }
        }
        Action::Steal {
            player,
            target,
            cap,
        } => {
            let habitat = state
                .table
                .creatures
                .get(target)
                .map(|c| c.habitat.clone())
                .unwrap_or_else(|| "forest".into());
            Event::StealNiche {
                player,
                target,
                card: card("Thief", 2, cap, &[&habitat], 2),
                paid_eggs: Some(state.table.propose_steal_payment(player, target)),
            }
        }
        Action::AddEgg(creature) => Event::AddEgg { creature },
        Action::RemoveEgg(creature) => Event::RemoveEgg { creature },
        Action::Tuck(creature) => Event::TuckCard { creature },
        Action::Discard(creature) => Event::DiscardCreature { creature },
        Action::Develop { player, habitat } => Event::DevelopHabitat {
            player,
            habitat: HABITATS[habitat].into(),
        },
        Action::Objective(mut results) => {
            results.truncate(state.player_count);
            Event::RecordObjective { results }
        }
        Action::ObjectiveAnyLength(results) => Event::RecordObjective { results },
        Action::ReturnEggs => Event::ReturnEggs,
        Action::Flip => Event::FlipEnvironment { card: None },
        Action::ChangeEnvironment => Event::ChangeEnvironment { card: None },
        Action::PassParent => Event::PassParent,
        Action::Score {
            player,
            part,
            value,
        } => Event::SetScore {
            player,
            part: [
                "creatures",
                "positions",
                "objectives",
                "development",
                "eggs",
                "tucked",
                "gold",
            ][part]
                .into(),
            value,
        },
        Action::Raw(0) => Event::StartGame,
        Action::Raw(1) => Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        Action::Raw(_) => Event::SetObjective {
            round: 2,
            label: "Label".into(),
        },
    }
}

/// A started game of `players` players with forest developed and the dice rolled.
fn started(players: usize) -> Session {
    let names = ["Aki", "Ben", "Chie", "Dai", "Emi"];
    let mut s = session(&names[..players], players - 1, 4);
    s.apply(
        Event::SetFirstHabitat {
            habitat: "forest".into(),
        },
        at(0),
    )
    .unwrap();
    s.apply(
        Event::InitialRoll {
            dice: faces(&[(0, "lv0"), (1, "lv1"), (2, "lv1"), (3, "lv3"), (4, "human")]),
            source: RollSource::Table,
        },
        at(0),
    )
    .unwrap();
    s.apply(Event::StartGame, at(1)).unwrap();
    s
}

fn check_eggs(session: &Session) -> Result<(), TestCaseError> {
    for c in &session.state().table.creatures {
        prop_assert!(
            c.eggs <= c.card.egg_capacity,
            "{} holds {} eggs over its capacity {}",
            c.card.name,
            c.eggs,
            c.card.egg_capacity
        );
        if !c.is_settled() {
            prop_assert_eq!(c.eggs, 0);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Every accepted event: undo restores the state before it exactly, redo the state after it.
    /// Every refused event: the state is untouched. Eggs never exceed capacity.
    #[test]
    fn undo_is_exact_refusals_change_nothing_and_eggs_stay_capped(
        players in 2usize..=5,
        steps in prop::collection::vec((action(), 0i64..120), 1..400),
    ) {
        let mut s = started(players);
        let mut now = 1;
        for (action, gap) in steps {
            now += gap;
            let event = event_for(&action, &s);
            let before = s.state().clone();
            let count = s.records().len();
            match s.apply(event, at(now)) {
                Ok(_) => {
                    let after = s.state().clone();
                    s.undo();
                    prop_assert_eq!(s.state(), &before, "undo is not exact");
                    s.redo();
                    prop_assert_eq!(s.state(), &after, "redo is not exact");
                    prop_assert_eq!(s.records().len(), count + 1);
                }
                Err(_) => {
                    prop_assert_eq!(s.state(), &before, "a refused event changed the state");
                    prop_assert_eq!(s.records().len(), count);
                }
            }
            check_eggs(&s)?;
        }
    }

    /// The saved events replay to the same state, twice over, and through JSON.
    #[test]
    fn replay_is_deterministic(
        players in 2usize..=5,
        steps in prop::collection::vec((action(), 0i64..120), 1..250),
    ) {
        let mut s = started(players);
        let mut now = 1;
        for (action, gap) in steps {
            now += gap;
            let event = event_for(&action, &s);
            let _ = s.apply(event, at(now));
        }
        let json = serde_json::to_string(&s.to_file()).unwrap();
        let once = Session::from_file(serde_json::from_str(&json).unwrap()).unwrap();
        let twice = Session::from_file(s.to_file()).unwrap();
        prop_assert_eq!(once.state(), s.state());
        prop_assert_eq!(twice.state(), s.state());
        prop_assert_eq!(once.sheet(), s.sheet());
    }

    /// Ranking depends on the results, not on who sits where.
    #[test]
    fn ranking_is_invariant_to_player_order(
        results in prop::collection::vec(0u32..6, 1..6),
        seed in any::<u64>(),
    ) {
        let n = results.len();
        let mut order: Vec<usize> = (0..n).collect();
        // A permutation from the seed (Fisher–Yates with a small LCG).
        let mut x = seed;
        for i in (1..n).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            order.swap(i, (x >> 33) as usize % (i + 1));
        }
        let permuted: Vec<u32> = order.iter().map(|&i| results[i]).collect();
        let ranked = rank(&results);
        let ranked_permuted = rank(&permuted);
        for (k, &i) in order.iter().enumerate() {
            prop_assert_eq!(ranked_permuted[k], ranked[i]);
        }
    }
}

/// The generator does reach the end of games, so the properties cover round ends and scoring.
#[test]
fn the_generator_reaches_round_ends_and_game_over() {
    let mut s = started(2);
    let mut now = 1;
    let round_end = || {
        vec![
            Action::Objective(vec![1, 2]),
            Action::ReturnEggs,
            Action::Flip,
            Action::PassParent,
        ]
    };
    let nexts = |n: usize| vec![Action::Next; n];
    let script = [
        nexts(8),
        round_end(),
        nexts(6),
        round_end(),
        nexts(4),
        vec![Action::Objective(vec![2, 2])],
    ]
    .concat();
    for action in script {
        now += 1;
        let event = event_for(&action, &s);
        s.apply(event, at(now)).unwrap();
    }
    assert_eq!(s.state().phase, Phase::Over);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Issue 57: a table takes back up to 8 actions, pauses and resumes any number of times,
    /// and puts back any number of them: the events' times never go back, the events replay
    /// to the state shown, and every action put back stands where it stood.
    #[test]
    fn pauses_between_undo_and_redo_lose_nothing(
        players in 2usize..=4,
        steps in prop::collection::vec((action(), 1i64..60), 5..80),
        undos in 1usize..=8,
        pauses in 0usize..=3,
        redos in 0usize..=8,
    ) {
        let mut s = started(players);
        let mut now = 1;
        for (action, gap) in steps {
            now += gap;
            let event = event_for(&action, &s);
            let _ = s.apply(event, at(now));
        }
        let played = s.records().to_vec();
        let undone = (0..undos).filter(|_| s.undo().is_some()).count();
        for _ in 0..pauses {
            now += 30;
            let pause = s.state().clock.is_paused();
            let event = Terravist::clock_event(if pause { ClockEvent::Resume } else { ClockEvent::Pause });
            let _ = s.apply(event, at(now));
        }
        prop_assert_eq!(s.can_redo(), undone > 0);
        let redone = (0..redos).filter(|_| s.redo().is_some()).count();
        prop_assert_eq!(redone, redos.min(undone));
        let back = played.len() - undone + redone;
        prop_assert_eq!(&s.records()[..back], &played[..back]);
        let times: Vec<_> = s.records().iter().map(|r| r.at).collect();
        prop_assert!(times.is_sorted(), "{:?}", times);
        let replayed = Session::from_file(s.to_file()).unwrap();
        prop_assert_eq!(replayed.state(), s.state());
    }
}
