//! One test (or a few) per rule the session keeps, driven through `Session::apply`.

mod common;

use chrono::Duration;
use common::*;
use tablekeeper::i18n::Locale;
use tablekeeper::kit::clock::Activity;
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::kit::error::Period;
use tablekeeper::scoring::{Origin, Points, Scored};
use tablekeeper::terravist::event::{Event, RollSource};
use tablekeeper::terravist::state::Phase;
use tablekeeper::terravist::state::dice::{RerollCheck, roll};
use tablekeeper::terravist::state::objective::Placement;
use tablekeeper::terravist::state::table::{CreatureStatus, StealCost, suggest_first_habitat};
use tablekeeper::{Profile, RuleError};

fn settle(player: usize, c: tablekeeper::CardInfo, habitat: &str) -> Event {
    Event::Settle {
        player,
        card: c,
        habitat: habitat.into(),
    }
}

// ---------------------------------------------------------------- the clock

#[test]
fn player_turns_go_in_seat_order_from_the_parent() {
    let mut t = Table::new(&["Aki", "Ben", "Chie"], 1, 6);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    let mut order = vec![t.session.state().current_player().unwrap()];
    for _ in 0..5 {
        t.next(1);
        order.push(t.session.state().current_player().unwrap());
    }
    assert_eq!(order, vec![1, 2, 0, 1, 2, 0]);
    assert_eq!(
        t.session.state().phase,
        Phase::Playing {
            round: 1,
            turn: 2,
            offset: 2
        }
    );
}

#[test]
fn rounds_have_n_then_n_minus_1_then_n_minus_2_turns_and_the_last_turn_is_known() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 5);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    assert_eq!(t.session.state().turns, vec![5, 4, 3]);
    t.next(2 * 4); // four turns of two player-turns
    assert!(t.session.state().is_last_turn());
    // The last turn's second player: the next Next ends the turn.
    let last_player =
        |t: &Table| matches!(t.session.state().phase, Phase::Playing { offset: 1, .. });
    assert!(!last_player(&t));
    t.next(1);
    assert!(last_player(&t));
    t.next(1);
    assert_eq!(
        t.session.state().phase,
        Phase::RoundEnd {
            round: 1,
            step_index: 0
        }
    );
    assert_eq!(
        t.refused(Event::NextPlayerTurn),
        RuleError::RoundEndPending { step: 1 }
    );
}

/// Plays every player-turn of the current round.
fn finish_round(t: &mut Table) {
    while matches!(t.session.state().phase, Phase::Playing { .. }) {
        t.next(1);
    }
}

fn full_round_end(t: &mut Table, results: Vec<u32>) {
    t.ok(Event::RecordObjective { results });
    t.ok(Event::ReturnEggs);
    t.ok(Event::FlipEnvironment {
        card: Some("Drought".into()),
    });
    t.ok(Event::PassParent);
}

#[test]
fn the_parent_passes_clockwise_after_rounds_1_and_2_and_the_game_ends_after_round_3() {
    let mut t = Table::new(&["Aki", "Ben", "Chie"], 2, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    assert_eq!(t.session.state().parent, 2);
    finish_round(&mut t);
    full_round_end(&mut t, vec![1, 2, 3]);
    assert_eq!(t.session.state().parent, 0, "after round 1");
    assert_eq!(
        t.session.state().current_player(),
        Some(0),
        "the new parent starts"
    );
    finish_round(&mut t);
    full_round_end(&mut t, vec![1, 2, 3]);
    assert_eq!(t.session.state().parent, 1, "after round 2");
    finish_round(&mut t);
    // After round 3 only step 1 happens.
    assert_eq!(
        t.refused(Event::ReturnEggs),
        RuleError::WrongRoundEndStep {
            expected: 1,
            got: 2
        }
    );
    t.ok(Event::RecordObjective {
        results: vec![1, 2, 3],
    });
    assert_eq!(t.session.state().phase, Phase::Over);
    assert_eq!(t.session.state().parent, 1, "no pass after round 3");
    assert_eq!(
        t.refused(Event::NextPlayerTurn),
        RuleError::NotDuring {
            stage: Period::Over
        }
    );
    assert_eq!(
        t.session.state().round_ends[0].new_parent,
        Some(0),
        "the report keeps the new parent"
    );
}

/// Issue 57, case 8: a result that came after step 1 (the player's phone was offline, so it
/// counted as 0) ranks the round's objective again once added, whatever the table did since;
/// a round whose results were never recorded has nothing to add to.
#[test]
fn a_late_result_ranks_its_rounds_objective_again() {
    let mut t = Table::new(&["Aki", "Ben", "Chie"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    finish_round(&mut t);
    full_round_end(&mut t, vec![2, 0, 1]);
    let before = t.session.state().round_ends[0].objective.clone().unwrap();
    assert_eq!(before.placements[1], Placement::Bottom);
    assert_eq!(
        t.refused(Event::AmendObjective {
            round: 2,
            player: 1,
            result: 5
        }),
        RuleError::UnknownRound { round: 2 }
    );
    t.ok(Event::AmendObjective {
        round: 1,
        player: 1,
        result: 5,
    });
    let after = t.session.state().round_ends[0].objective.clone().unwrap();
    assert_eq!(after.results, [2, 5, 1]);
    assert_eq!(after.placements[1], Placement::Rank(1));
    assert_eq!(after.placements[0], Placement::Rank(2));
    assert!(after.points[1] > before.points[1], "{after:?}");
}

#[test]
fn round_end_steps_come_in_order() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    assert_eq!(
        t.refused(Event::RecordObjective {
            results: vec![1, 1]
        }),
        RuleError::NotDuring {
            stage: Period::Playing
        }
    );
    finish_round(&mut t);
    assert_eq!(
        t.refused(Event::PassParent),
        RuleError::WrongRoundEndStep {
            expected: 1,
            got: 4
        }
    );
    t.ok(Event::RecordObjective {
        results: vec![1, 1],
    });
    assert_eq!(
        t.refused(Event::FlipEnvironment { card: None }),
        RuleError::WrongRoundEndStep {
            expected: 2,
            got: 3
        }
    );
}

#[test]
fn an_ability_can_play_an_environment_card_at_any_time_in_a_turn() {
    // The rulebook's component list: 環境カード「生きものカードの能力や特定のラウンドの終了時などに
    // 発動するカードです。」 (played by creature abilities, and at certain round ends), and the
    // trigger: 環境変化時「環境カードがプレイされる度に発動する能力です。」 (every time one is played).
    let mut t = Table::new(&["Aki", "Ben"], 1, 3);
    assert_eq!(
        t.refused(Event::ChangeEnvironment { card: None }),
        RuleError::NotDuring {
            stage: Period::Setup
        },
        "no turn is on before the game starts"
    );
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.next(3); // round 1, turn 2: Aki's turn (Ben is the parent)
    t.ok(Event::ChangeEnvironment {
        card: Some("  Drought ".into()),
    });
    t.ok(Event::ChangeEnvironment { card: None });
    let changes = &t.session.state().environment_changes;
    assert_eq!(changes.len(), 2, "each flip is kept: each one triggers");
    assert_eq!(
        (changes[0].round, changes[0].turn, changes[0].player),
        (1, Some(2), Some(0))
    );
    assert_eq!(changes[0].card.as_deref(), Some("Drought"));
    assert_eq!(changes[1].card, None);
    // It changes nothing else: the turn goes on, and undo takes back exactly one flip.
    assert_eq!(t.session.state().current_player(), Some(0));
    t.session.undo();
    assert_eq!(t.session.state().environment_changes.len(), 1);
}

#[test]
fn player_turn_times_come_from_event_timestamps_and_pause_stops_every_clock() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    let started = t.now;
    t.wait(29);
    t.ok(Event::Clock(ClockEvent::Pause)); // Aki has played 30 s
    t.wait(99);
    t.ok(Event::Clock(ClockEvent::Resume)); // 100 s paused
    t.wait(19);
    t.ok(Event::NextPlayerTurn); // Aki: 30 + 20 = 50 s
    t.wait(44);
    t.ok(Event::NextPlayerTurn); // Ben: 45 s
    let state = t.session.state();
    let now = at(t.now);
    assert_eq!(state.clock.player_total(0, now), Duration::seconds(50));
    assert_eq!(state.clock.player_total(1, now), Duration::seconds(45));
    assert_eq!(state.clock.paused_millis, 100_000);
    assert_eq!(state.clock.game_total(now), Duration::seconds(95));
    assert_eq!(state.clock.started_at, Some(at(started)));

    // The live figure for the running turn grows with `now` and stops while paused.
    t.wait(10);
    t.ok_now(Event::Clock(ClockEvent::Pause));
    let state = t.session.state();
    assert_eq!(
        state.clock.current_elapsed(at(t.now)),
        Duration::seconds(10)
    );
    assert_eq!(
        state.clock.current_elapsed(at(t.now + 500)),
        Duration::seconds(10)
    );

    // Each player-turn is listed once, with its pause-free time.
    let turns = state.clock.player_turns(at(t.now));
    assert_eq!(
        turns,
        vec![
            (
                Activity::PlayerTurn {
                    round: 1,
                    turn: 1,
                    player: 0
                },
                Duration::seconds(50)
            ),
            (
                Activity::PlayerTurn {
                    round: 1,
                    turn: 1,
                    player: 1
                },
                Duration::seconds(45)
            ),
            (
                Activity::PlayerTurn {
                    round: 1,
                    turn: 2,
                    player: 0
                },
                Duration::seconds(10)
            ),
        ]
    );
    assert_eq!(
        t.refused(Event::Clock(ClockEvent::Pause)),
        RuleError::AlreadyPaused
    );
}

#[test]
fn a_clock_set_backwards_never_makes_negative_time() {
    let mut s = session(&["Aki", "Ben"], 0, 3);
    s.apply(Event::StartGame, at(100)).unwrap();
    s.apply(Event::NextPlayerTurn, at(50)).unwrap(); // the system clock jumped back
    s.apply(Event::NextPlayerTurn, at(160)).unwrap();
    let c = &s.state().clock;
    assert_eq!(c.player_total(0, at(160)), Duration::zero());
    assert_eq!(c.player_total(1, at(160)), Duration::seconds(60));
}

// ---------------------------------------------------------------- the dice box

#[test]
fn taking_a_die_names_its_token_and_moves_it_to_the_used_box() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(Event::TakeDie { die: 4 });
    let state = t.session.state();
    assert_eq!(state.taken.last().unwrap().resource, "human");
    assert_eq!(state.taken.last().unwrap().player, Some(0));
    assert!(!state.dice.dice[4].in_box);
    assert_eq!(
        t.refused(Event::TakeDie { die: 4 }),
        RuleError::DieAlreadyUsed { die: 4 }
    );
    assert_eq!(
        t.refused(Event::TakeDie { die: 9 }),
        RuleError::UnknownDie { die: 9 }
    );
}

#[test]
fn reroll_when_every_die_left_shows_the_same_face() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv1", "lv1", "lv1", "lv2", "human"]);
    t.ok(Event::TakeDie { die: 3 });
    // lv1, lv1, lv1, human left: two kinds, no reroll.
    assert_eq!(
        t.refused(Event::Reroll {
            dice: faces(&[(3, "lv0")]),
            source: RollSource::Table
        }),
        RuleError::RerollNotAllowed { kinds: 2 }
    );
    t.ok(Event::TakeDie { die: 4 });
    assert_eq!(t.session.state().dice.reroll_check(), RerollCheck::Allowed);
    t.ok(Event::Reroll {
        dice: faces(&[(3, "lv0"), (4, "lv3")]),
        source: RollSource::Table,
    });
    let dice = &t.session.state().dice;
    assert!(dice.dice.iter().all(|d| d.in_box));
    assert_eq!(dice.dice[3].face.as_deref(), Some("lv0"));
    assert_eq!(
        dice.dice[0].face.as_deref(),
        Some("lv1"),
        "dice in the box are not rerolled"
    );
    assert_eq!(dice.rerolls, 1);
}

#[test]
fn reroll_when_the_box_is_empty() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    for die in 0..5 {
        t.ok(Event::TakeDie { die });
    }
    assert_eq!(t.session.state().dice.kinds_in_box(), 0);
    t.ok(Event::Reroll {
        dice: faces(&[(0, "lv0"), (1, "lv0"), (2, "lv1"), (3, "human"), (4, "lv2")]),
        source: RollSource::Table,
    });
    assert_eq!(t.session.state().dice.used(), Vec::<usize>::new());
}

#[test]
fn reroll_in_the_middle_of_a_two_token_take() {
    // An ability takes two tokens: after the first, the box shows one kind, so the table may
    // reroll before taking the second.
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv2", "lv2", "lv2", "lv2", "human"]);
    t.ok(Event::TakeDie { die: 4 }); // first token: human; four lv2 left
    t.ok(Event::Reroll {
        dice: faces(&[(4, "lv3")]),
        source: RollSource::Table,
    });
    t.ok(Event::TakeDie { die: 4 }); // second token from the rerolled die
    assert_eq!(t.session.state().taken.last().unwrap().resource, "lv3");
}

#[test]
fn a_reroll_with_nothing_used_or_the_wrong_dice_is_refused() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv2", "lv2", "lv2", "lv2", "lv2"]);
    assert_eq!(
        t.refused(Event::Reroll {
            dice: vec![],
            source: RollSource::Table
        }),
        RuleError::NoUsedDice
    );
    t.ok(Event::TakeDie { die: 0 });
    assert_eq!(
        t.refused(Event::Reroll {
            dice: faces(&[(1, "lv0")]),
            source: RollSource::Table
        }),
        RuleError::RollMustCoverUsedDice
    );
    assert_eq!(
        t.refused(Event::Reroll {
            dice: faces(&[(0, "gold")]),
            source: RollSource::Table
        }),
        RuleError::UnknownResource {
            face: "gold".into()
        }
    );
}

#[test]
fn an_app_roll_is_recorded_so_replay_never_rerolls() {
    let profile = Profile::terravist();
    let mut rng = rand::rng();
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.ok(Event::InitialRoll {
        dice: roll(&profile, &[0, 1, 2, 3, 4], &mut rng),
        source: RollSource::App,
    });
    t.ok(Event::StartGame);
    for die in 0..5 {
        t.ok(Event::TakeDie { die });
    }
    t.ok(Event::Reroll {
        dice: roll(&profile, &[0, 1, 2, 3, 4], &mut rng),
        source: RollSource::App,
    });
    let replayed = tablekeeper::Session::from_file(t.session.to_file()).unwrap();
    assert_eq!(replayed.state().dice, t.session.state().dice);
    assert_eq!(t.session.state().dice.app_rolls, 2);
    assert_eq!(t.session.state().dice.rerolls, 1);
    for (die, state) in t.session.state().dice.dice.iter().enumerate() {
        let face = state.face.as_ref().unwrap();
        assert!(
            profile.terravist.dice.value[die].faces.contains(face),
            "die {die} rolled {face}"
        );
    }
}

/// A roll taken back by Undo and made again shows the same faces, from the window's Roll and
/// from the phone's alike (an Undo is no second chance at the dice); another game rolls anew.
#[test]
fn a_roll_taken_back_and_made_again_shows_the_same_faces() {
    use tablekeeper::session::turn_form::TurnAction;
    use tablekeeper::session::{Game, TableAct};
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    let profile = t.session.profile().clone();
    let seed = t.session.dice_seed();
    let first = t.session.state().app_roll(&profile, seed);
    t.ok(first.clone());
    t.session.undo();
    assert_eq!(t.session.state().app_roll(&profile, seed), first);
    t.ok(first);
    t.ok(Event::StartGame);
    for die in 0..5 {
        t.ok(Event::TakeDie { die });
    }
    // Aki's phone rolls the used dice, Undo, rolls again: the same reroll, three times.
    let by_phone = |session: &tablekeeper::Session| {
        let roll = TableAct::Turn {
            seat: 0,
            action: TurnAction::Roll,
        };
        let event = session.act(&roll, false, chrono::Utc::now()).unwrap();
        event.into_event::<tablekeeper::Terravist>().unwrap()
    };
    let reroll = by_phone(&t.session);
    assert!(matches!(reroll, Event::Reroll { .. }), "{reroll:?}");
    for _ in 0..3 {
        t.ok(reroll.clone());
        t.session.undo();
        assert_eq!(by_phone(&t.session), reroll);
    }
    // And the window's Roll in the same place is the same roll.
    assert_eq!(t.session.state().app_roll(&profile, seed), reroll);
    // Twelve other games' first rolls are not all this one's.
    let others: Vec<Event> = (0..12)
        .map(|_| {
            let other = Table::new(&["Aki", "Ben"], 0, 3);
            assert_ne!(other.session.dice_seed(), seed);
            other
                .session
                .state()
                .app_roll(&profile, other.session.dice_seed())
        })
        .collect();
    let mine = Table::new(&["Aki", "Ben"], 0, 3)
        .session
        .state()
        .app_roll(&profile, seed);
    assert!(others.iter().any(|o| *o != mine), "{others:?}");
}

#[test]
fn dice_must_be_rolled_before_a_take_and_only_once_at_setup() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.ok(Event::StartGame);
    assert_eq!(
        t.refused(Event::TakeDie { die: 0 }),
        RuleError::DiceNotRolled
    );
    t.ok(Event::InitialRoll {
        dice: faces(&[(0, "lv0"), (1, "lv0"), (2, "lv1"), (3, "human"), (4, "lv2")]),
        source: RollSource::Table,
    });
    assert_eq!(
        t.refused(Event::InitialRoll {
            dice: faces(&[(0, "lv0"), (1, "lv0"), (2, "lv1"), (3, "human"), (4, "lv2")]),
            source: RollSource::Table,
        }),
        RuleError::DiceAlreadyRolled
    );
}

// ---------------------------------------------------------------- creatures and eggs

#[test]
fn eggs_stop_at_the_card_capacity_with_a_message_a_player_understands() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(settle(
        0,
        card("Iriomote cat", 4, 3, &["forest"], 2),
        "forest",
    ));
    for _ in 0..3 {
        t.ok(Event::AddEgg { creature: 0 });
    }
    let error = t.refused(Event::AddEgg { creature: 0 });
    assert_eq!(
        error,
        RuleError::EggCapacity {
            card: "Iriomote cat".into(),
            eggs: 3,
            capacity: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "Iriomote cat holds 3 eggs; its limit is 3."
    );
    assert_eq!(
        error.text().render(Locale::JA),
        "Iriomote catには卵が3個載っています。上限は3個です。"
    );
    for _ in 0..3 {
        t.ok(Event::RemoveEgg { creature: 0 });
    }
    assert_eq!(
        t.refused(Event::RemoveEgg { creature: 0 }),
        RuleError::NoEggs {
            card: "Iriomote cat".into()
        }
    );
}

#[test]
fn a_creature_settled_in_the_last_turn_gets_one_egg_capped() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(settle(0, card("Boar", 2, 2, &["forest"], 3), "forest"));
    t.next(2 * 2); // to the last turn (turn 3)
    assert!(t.session.state().is_last_turn());
    t.ok(settle(0, card("Owl", 3, 2, &["forest"], 3), "forest"));
    t.ok(settle(0, card("Moss", 1, 0, &["forest"], 1), "forest"));
    let creatures = &t.session.state().table.creatures;
    assert_eq!(creatures[0].eggs, 0, "settled before the last turn");
    assert_eq!(creatures[1].eggs, 1, "settled in the last turn");
    assert_eq!(creatures[2].eggs, 0, "capacity 0 caps the free egg");
}

#[test]
fn settling_needs_a_developed_habitat_the_card_lives_in() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    assert_eq!(
        t.refused(settle(0, card("Crab", 1, 1, &["coast"], 1), "coast")),
        RuleError::HabitatNotDeveloped {
            habitat: "coast".into()
        }
    );
    assert_eq!(
        t.refused(settle(0, card("Crab", 1, 1, &["coast"], 1), "forest")),
        RuleError::CardNotOfHabitat {
            card: "Crab".into(),
            habitat: "forest".into()
        }
    );
    assert_eq!(
        t.refused(settle(0, card("Crab", 1, 1, &["coast"], 7), "coast")),
        RuleError::BadLevel { level: 7 }
    );
    assert_eq!(
        t.refused(settle(0, card(" ", 1, 1, &["coast"], 1), "coast")),
        RuleError::EmptyCardName
    );
    assert_eq!(
        t.refused(settle(5, card("Crab", 1, 1, &["coast"], 1), "coast")),
        RuleError::UnknownPlayer { seat: 5 }
    );
    t.ok(Event::DevelopHabitat {
        player: 1,
        habitat: "coast".into(),
    });
    t.ok(settle(
        0,
        card("Crab", 1, 1, &["coast", "open_ocean"], 1),
        "coast",
    ));
    assert_eq!(
        t.refused(Event::DevelopHabitat {
            player: 0,
            habitat: "coast".into()
        }),
        RuleError::HabitatAlreadyDeveloped {
            habitat: "coast".into()
        }
    );
}

#[test]
fn round_end_step_2_returns_an_egg_from_each_creature_and_discards_those_with_none() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(settle(0, card("Boar", 2, 3, &["forest"], 3), "forest")); // 0: 2 eggs
    t.ok(settle(1, card("Owl", 3, 2, &["forest"], 3), "forest")); // 1: no egg
    t.ok(settle(1, card("Deer", 4, 2, &["forest"], 3), "forest")); // 2: 1 egg
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::AddEgg { creature: 2 });
    t.ok(Event::TuckCard { creature: 1 });
    finish_round(&mut t);
    t.ok(Event::RecordObjective {
        results: vec![1, 1],
    });
    assert_eq!(
        t.session.state().table.preview_return_eggs(),
        (vec![0, 2], vec![1])
    );
    t.ok(Event::ReturnEggs);
    let state = t.session.state();
    assert_eq!(state.round_ends[0].discarded, vec![1]);
    let c = &state.table.creatures;
    assert_eq!((c[0].eggs, c[0].status), (1, CreatureStatus::Settled));
    assert_eq!((c[2].eggs, c[2].status), (0, CreatureStatus::Settled));
    assert_eq!(c[1].status, CreatureStatus::Discarded);
    assert_eq!(
        c[1].tucked, 0,
        "house rule: tucked cards are discarded with it"
    );
    assert_eq!(
        t.refused(Event::AddEgg { creature: 1 }),
        RuleError::CreatureGone { card: "Owl".into() }
    );
}

/// Aki and Ben, forest first; Ben's Owl holds 2 eggs and 1 tucked card (creature 0); Aki's Boar
/// holds 3 eggs (creature 1). Aki's turn.
fn steal_table() -> Table {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(settle(1, card("Owl", 3, 3, &["forest"], 3), "forest"));
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::TuckCard { creature: 0 });
    t.ok(settle(0, card("Boar", 2, 3, &["forest"], 1), "forest"));
    for _ in 0..3 {
        t.ok(Event::AddEgg { creature: 1 });
    }
    t
}

fn bear_steals(player: usize, paid_eggs: Option<Vec<usize>>) -> Event {
    Event::StealNiche {
        player,
        target: 0,
        card: card("Bear", 6, 2, &["forest", "river"], 4),
        paid_eggs,
    }
}

#[test]
fn stealing_another_players_niche_moves_ownership_returns_eggs_carries_tucked_cards_and_costs() {
    // Rulebook IV, 条件3: 「①置き換えるカードが他プレイヤーの生きものカードの場合は、追加コストとして
    // 人トークン1つとカードに載っている卵トークンの数+1つの卵トークンを共通在庫に戻す。
    // ②置き換えるカードに載っている卵トークンを共通在庫に戻す。」
    let mut t = steal_table();
    let table = &t.session.state().table;
    assert_eq!(
        table.steal_cost(0, 0),
        Ok(Some(StealCost { humans: 1, eggs: 3 })),
        "1 Human and eggs on it (2) + 1"
    );
    assert_eq!(
        table.steal_cost(1, 0),
        Ok(None),
        "stealing your own niche costs nothing extra"
    );
    assert_eq!(table.propose_steal_payment(0, 0), vec![1, 1, 1]);
    assert_eq!(
        t.refused(Event::StealNiche {
            player: 0,
            target: 0,
            card: card("Crab", 1, 1, &["coast"], 1),
            paid_eggs: Some(vec![1, 1, 1]),
        }),
        RuleError::CardNotOfHabitat {
            card: "Crab".into(),
            habitat: "forest".into()
        }
    );
    t.ok(bear_steals(0, Some(vec![1, 1, 1])));
    let c = &t.session.state().table.creatures;
    assert_eq!(c[0].status, CreatureStatus::Replaced { by: 2 });
    assert_eq!(
        (c[0].eggs, c[0].tucked),
        (0, 0),
        "eggs back to the supply, tucked moved"
    );
    assert_eq!(c[1].eggs, 0, "the Boar paid the 3 eggs");
    assert_eq!((c[2].owner, c[2].eggs, c[2].tucked), (0, 0, 1));
    assert_eq!(c[2].habitat, "forest");
    let sheet = t.session.sheet();
    assert_eq!(
        sheet.players[0].parts[0].as_whole(),
        Some(8),
        "Aki now scores the Bear (6) beside the Boar (2)"
    );
    assert_eq!(
        sheet.players[1].parts[0].as_whole(),
        Some(0),
        "Ben lost the Owl"
    );
    assert_eq!(
        sheet.players[0].parts[4].as_whole(),
        Some(0),
        "⑤: Aki's eggs were paid"
    );

    // One action: undo gives the Boar its eggs back and Ben his Owl.
    assert!(t.session.undo().is_some());
    let c = &t.session.state().table.creatures;
    assert_eq!((c[0].owner, c[0].eggs, c[1].eggs), (1, 2, 3));
}

#[test]
fn a_steal_without_enough_eggs_on_the_stealers_cards_is_refused() {
    // 「卵を使用する場合、自分のプレイヤーマーカーが載っている生きものカードの上に載っている
    // 卵トークンを共通在庫に戻して使用します」: eggs are paid from your own cards only.
    let mut t = steal_table();
    t.ok(Event::RemoveEgg { creature: 1 }); // the Boar holds 2: one short of 3
    let before = t.session.state().clone();
    let error = t.refused(bear_steals(0, Some(vec![1, 1])));
    assert_eq!(
        error,
        RuleError::NotEnoughEggsToSteal {
            card: "Owl".into(),
            needed: 3,
            have: 2
        }
    );
    assert_eq!(
        error.to_string(),
        "Stealing the niche of Owl costs 3 eggs from your own cards; you have 2."
    );
    assert_eq!(t.session.state(), &before, "nothing changed");
}

#[test]
fn a_steal_pays_exactly_its_eggs_from_the_stealers_own_cards() {
    let mut t = steal_table();
    assert_eq!(
        t.refused(bear_steals(0, Some(vec![1, 1]))),
        RuleError::StealPaymentCount { needed: 3, paid: 2 }
    );
    assert_eq!(
        t.refused(bear_steals(0, Some(vec![1, 1, 0]))),
        RuleError::PaidFromAnothersCard { card: "Owl".into() },
        "the Owl's eggs are Ben's"
    );
    t.ok(settle(0, card("Mole", 1, 2, &["forest"], 1), "forest")); // creature 2, no egg
    t.ok(Event::RemoveEgg { creature: 1 }); // the Boar holds 2
    t.ok(Event::AddEgg { creature: 2 }); // the Mole holds 1: 3 in all
    assert_eq!(
        t.refused(bear_steals(0, Some(vec![1, 1, 1]))),
        RuleError::NotEnoughEggsOnCard {
            card: "Boar".into(),
            eggs: 2,
            paid: 3
        }
    );
    assert_eq!(
        t.session.state().table.propose_steal_payment(0, 0),
        vec![1, 1, 2],
        "the app proposes the cards with the most eggs first"
    );
    t.ok(bear_steals(0, Some(vec![2, 1, 1])));
    let c = &t.session.state().table.creatures;
    assert_eq!((c[1].eggs, c[2].eggs), (0, 0));
}

#[test]
fn stealing_your_own_niche_costs_no_eggs() {
    // 条件3① applies only 「置き換えるカードが他プレイヤーの生きものカードの場合」.
    let mut t = steal_table();
    assert_eq!(
        t.refused(bear_steals(1, Some(vec![0]))),
        RuleError::OwnNicheCostsNoEggs
    );
    t.ok(bear_steals(1, Some(Vec::new())));
    let c = &t.session.state().table.creatures;
    assert_eq!(
        (c[2].owner, c[1].eggs),
        (1, 3),
        "Ben's own steal; Aki's Boar untouched"
    );
}

#[test]
fn a_steal_recorded_before_payments_were_kept_replays_as_it_was() {
    // Files of the first format have no `paid_eggs`: their steals paid nothing in the app.
    let mut t = steal_table();
    let json = r#"{"type":"steal_niche","player":0,"target":0,
        "card":{"name":"Bear","smiles":6,"egg_capacity":2,"habitats":["forest"],"level":4}}"#;
    let event: Event = serde_json::from_str(json).unwrap();
    assert!(matches!(
        &event,
        Event::StealNiche {
            player: 0,
            target: 0,
            paid_eggs: None,
            ..
        }
    ));
    t.ok(event);
    assert_eq!(t.session.state().table.creatures[1].eggs, 3, "nothing paid");
    let saved = serde_json::to_string(&bear_steals(0, None)).unwrap();
    assert!(
        !saved.contains("paid_eggs"),
        "written as the first format wrote it: {saved}"
    );
}

#[test]
fn the_first_habitat_is_the_most_common_on_the_tray_and_a_tie_goes_to_the_parent() {
    let profile = Profile::terravist();
    let tray = |cards: &[&[&str]]| -> Vec<Vec<String>> {
        cards
            .iter()
            .map(|c| c.iter().map(|h| h.to_string()).collect())
            .collect()
    };
    assert_eq!(
        suggest_first_habitat(
            &profile,
            &tray(&[
                &["forest"],
                &["forest"],
                &["coast"],
                &["river"],
                &["forest", "river"]
            ])
        ),
        vec!["forest"]
    );
    // A two-habitat card counts for both (house rule): forest 2, river 2 → the parent picks.
    assert_eq!(
        suggest_first_habitat(
            &profile,
            &tray(&[
                &["forest"],
                &["river"],
                &["coast"],
                &["grassland"],
                &["forest", "river"]
            ])
        ),
        vec!["forest", "river"]
    );
    assert!(suggest_first_habitat(&profile, &[]).is_empty());
}

// ---------------------------------------------------------------- round objectives

#[test]
fn the_rulebook_tie_two_tied_first_then_third_and_a_zero_takes_the_bottom_slot() {
    let mut t = Table::new(&["Aki", "Ben", "Chie", "Dai"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(Event::SetObjective {
        round: 1,
        label: "Most eggs".into(),
    });
    finish_round(&mut t);
    assert_eq!(
        t.refused(Event::RecordObjective {
            results: vec![4, 4, 2]
        }),
        RuleError::ResultsCount {
            expected: 4,
            got: 3
        }
    );
    t.ok(Event::RecordObjective {
        results: vec![4, 4, 2, 0],
    });
    let outcome = t.session.state().round_ends[0].objective.clone().unwrap();
    assert_eq!(
        outcome.placements,
        vec![
            Placement::Rank(1),
            Placement::Rank(1),
            Placement::Rank(3),
            Placement::Bottom
        ]
    );
    // Slots 5/3/2/1 (placeholder profile): 1st, 1st, 3rd, zero.
    assert_eq!(outcome.points, vec![5, 5, 2, 0]);
    assert_eq!(
        t.session.state().objective_labels[0].as_deref(),
        Some("Most eggs")
    );
}

// ---------------------------------------------------------------- the score sheet

#[test]
fn the_sheet_derives_four_parts_takes_entries_and_overrides_and_shares_a_tied_victory() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(Event::DevelopHabitat {
        player: 1,
        habitat: "river".into(),
    });
    t.ok(settle(0, card("Bear", 6, 2, &["forest"], 4), "forest"));
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::TuckCard { creature: 0 });
    let s = t.session.sheet();
    // Aki: ① 6, ② missing, ③ 0, ④ 0, ⑤ 1, ⑥ 1 = 8. Ben: ④ river 3 = 3.
    let aki: Vec<i64> = s.players[0]
        .parts
        .iter()
        .map(|c| c.as_whole().unwrap())
        .collect();
    assert_eq!(aki, vec![6, 0, 0, 0, 1, 1]);
    assert_eq!(s.players[0].origins[1], Origin::Missing);
    assert_eq!(s.players[1].parts[3].as_whole(), Some(3));
    let totals = |s: &Scored| (s.players[0].total.as_whole(), s.players[1].total.as_whole());
    assert_eq!(totals(&s), (Some(8), Some(3)));
    assert_eq!(winning_seats(&s), vec![0]);

    t.ok(Event::SetScore {
        player: 1,
        part: "positions".into(),
        value: Some(5),
    });
    let s = t.session.sheet();
    assert_eq!(totals(&s), (Some(8), Some(8)));
    assert_eq!(winning_seats(&s), vec![0, 1], "a tie shares the victory");
    assert_eq!((s.players[0].rank, s.players[1].rank), (1, 1));

    t.ok(Event::SetScore {
        player: 0,
        part: "creatures".into(),
        value: Some(10),
    });
    let (value, origin) = t.session.sheet().players[0].cell(0).unwrap();
    assert_eq!(
        (value, origin),
        (
            Points::whole(10),
            Origin::Overridden {
                computed: Points::whole(6)
            }
        ),
        "an override: 10 counts, the app's 6 kept beside it"
    );
    t.ok(Event::SetScore {
        player: 0,
        part: "creatures".into(),
        value: None,
    });
    assert_eq!(
        t.session.sheet().players[0].parts[0].as_whole(),
        Some(6),
        "the override is cleared"
    );

    // The part is named in the player's language, not the English name inside German.
    let refused = t.refused(Event::SetScore {
        player: 0,
        part: "positions".into(),
        value: Some(1000),
    });
    assert!(
        matches!(&refused, RuleError::ScoreTooHigh { part, value: 1000, max: 200 }
            if part.en() == "② Position cards"),
        "{refused:?}"
    );
    assert_eq!(
        t.refused(Event::SetScore {
            player: 0,
            part: "gold".into(),
            value: Some(1)
        }),
        RuleError::UnknownScorePart {
            part: "gold".into()
        }
    );
}

// ---------------------------------------------------------------- undo and redo

#[test]
fn undo_and_redo_are_exact_and_a_new_event_clears_redo() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    let before = t.session.state().clone();
    t.ok(settle(0, card("Bear", 6, 2, &["forest"], 4), "forest"));
    let after = t.session.state().clone();
    let undone = t.session.undo().unwrap();
    assert!(matches!(undone.event, Event::Settle { .. }));
    assert_eq!(t.session.state(), &before);
    t.session.redo().unwrap();
    assert_eq!(t.session.state(), &after);
    t.session.undo();
    t.ok(Event::NextPlayerTurn);
    assert!(!t.session.can_redo());
    assert!(t.session.redo().is_none());
}

#[test]
fn the_card_catalog_offers_a_card_typed_once() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(settle(
        0,
        card("Iriomote cat", 4, 3, &["forest"], 2),
        "forest",
    ));
    let mut catalog = tablekeeper::terravist::cards::CardCatalog::default();
    // As the keeper learns them: every card a settle names.
    for record in t.session.records() {
        if let Event::Settle { card, .. } = &record.event {
            catalog.learn(card);
        }
    }
    assert_eq!(catalog.get("iriomote CAT").unwrap().smiles, 4);
    assert_eq!(catalog.search("cat").count(), 1);
    assert_eq!(catalog.search("owl").count(), 0);
}
