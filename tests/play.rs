//! Playing the other games at the table: each turn structure the profiles name, the counters,
//! the sheet entered during play, and the same journal, resume and history as TERRAVIST.

mod common;

use common::{at, setup};
use tablekeeper::any_game::{AnyGame, PlayEvent, PlayPhase, PlaySession};
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::kit::error::{Period, RuleError};
use tablekeeper::kit::game_profile::GameProfile;
use tablekeeper::scoring::{CellInput, Points};
use tablekeeper::session::summary::Outcome;
use tablekeeper::session::{LineupError, engine_of};
use tablekeeper::store::DataDir;
use tablekeeper::store::saved::SavedSession;
use tablekeeper::terravist::Terravist;

fn game(id: &str, names: &[&str], parent: usize) -> PlaySession {
    let mut s = setup(names, parent, 0);
    if id == "leviath" {
        // Seat 1 is the monster; everyone else plays the humans.
        s.sides = (0..names.len())
            .map(|i| if i == 1 { "monster" } else { "humans" }.to_string())
            .collect();
    }
    PlaySession::new(GameProfile::shipped(id).unwrap(), s, at(0)).unwrap()
}

/// Applies events one second apart from `t`, panicking on a refusal.
fn play(session: &mut PlaySession, t: &mut i64, events: impl IntoIterator<Item = PlayEvent>) {
    for event in events {
        *t += 1;
        let shown = format!("{event:?}");
        session
            .apply(event, at(*t))
            .unwrap_or_else(|e| panic!("{shown} refused: {e}"));
    }
}

fn num(n: i64) -> Option<CellInput> {
    Some(CellInput::Number(Points::whole(n)))
}

#[test]
fn rats_of_wistar_five_rounds_of_three_actions_with_the_order_remade_each_round() {
    let mut s = game("rats-of-wistar", &["Aki", "Ben"], 1);
    let mut t = 0;
    play(&mut s, &mut t, [PlayEvent::StartGame]);
    let rats = s.profile().clone();
    // Ben starts (the parent): Ben, Aki, Ben, Aki, Ben, Aki: 3 leaders each.
    assert_eq!(s.state().current_player(&rats), Some(1));
    assert_eq!(s.state().turns_in_round(&rats, 1), Some(6));
    play(&mut s, &mut t, [PlayEvent::NextTurn]);
    assert_eq!(s.state().current_player(&rats), Some(0));
    assert_eq!(
        s.check(&PlayEvent::SetTurnOrder { order: vec![0, 1] }, at(t)),
        Err(RuleError::TurnOrderLocked),
        "a played turn stays played"
    );
    play(&mut s, &mut t, (0..5).map(|_| PlayEvent::NextTurn));
    assert_eq!(s.state().phase, PlayPhase::Playing { round: 2, turn: 1 });
    // Aki took the alchemist's hut: Aki first from round 2.
    play(
        &mut s,
        &mut t,
        [PlayEvent::SetTurnOrder { order: vec![0, 1] }],
    );
    assert_eq!(s.state().current_player(&rats), Some(0));
    assert_eq!(
        s.check(&PlayEvent::SetTurnOrder { order: vec![0, 0] }, at(t)),
        Err(RuleError::BadTurnOrder { players: 2 })
    );
    // Rounds 2..5: 4 × 6 turns, the last one ends the game.
    play(&mut s, &mut t, (0..24).map(|_| PlayEvent::NextTurn));
    assert_eq!(s.state().phase, PlayPhase::Over);
    assert_eq!(
        s.check(&PlayEvent::NextTurn, at(t)),
        Err(RuleError::NotDuring {
            stage: Period::Over
        })
    );
    // 30 turns, 15 each, one second apart; the second the table spent remaking the order
    // at round 2's start is Aki's, who then went first (Ben had not played): 16 s and 15 s.
    let turns = s.state().clock.player_turns(at(t));
    assert_eq!(turns.len(), 30);
    assert_eq!(s.state().clock.player_total(0, at(t)).num_seconds(), 16);
    assert_eq!(s.state().clock.player_total(1, at(t)).num_seconds(), 15);

    // The track is entered as the disc reads (it started on 10): Aki 13 + beds 2 = 15,
    // Ben 15.
    play(
        &mut s,
        &mut t,
        [
            PlayEvent::SetCell {
                player: 0,
                part: "vp_track".into(),
                value: num(13),
            },
            PlayEvent::SetCell {
                player: 0,
                part: "beds".into(),
                value: num(2),
            },
            PlayEvent::SetCell {
                player: 1,
                part: "vp_track".into(),
                value: num(15),
            },
        ],
    );
    let scored = s.state().scored(&rats).unwrap();
    let totals: Vec<String> = scored.players.iter().map(|p| p.total.to_string()).collect();
    assert_eq!(totals, ["15", "15"]);
    // Tied: the earlier in the last round's turn order wins: Aki went first.
    assert!(scored.players[0].winner && !scored.players[1].winner);
}

#[test]
fn leviath_the_monster_plays_between_every_human_and_its_energy_stays_in_0_to_7() {
    let mut s = game("leviath", &["Aki", "Mon", "Chie", "Dai"], 0);
    let leviath = s.profile().clone();
    let mut t = 0;
    play(&mut s, &mut t, [PlayEvent::StartGame]);
    let mut seen = vec![s.state().current_player(&leviath).unwrap()];
    for _ in 0..6 {
        play(&mut s, &mut t, [PlayEvent::NextTurn]);
        seen.push(s.state().current_player(&leviath).unwrap());
    }
    // Human A, monster, human B, monster, human C, monster, then A again.
    assert_eq!(seen, [0, 1, 2, 1, 3, 1, 0]);

    let energy = |change| PlayEvent::AdjustCounter {
        counter: "energy".into(),
        change,
    };
    play(&mut s, &mut t, [energy(5), energy(5)]);
    assert_eq!(
        s.state().counter(&leviath, "energy"),
        Some(7),
        "5 + 5 = 10, the 3 past 7 are lost"
    );
    let before = s.state().clone();
    let refused = s.apply(energy(-8), at(t + 1)).unwrap_err();
    assert_eq!(
        refused.text().render(tablekeeper::i18n::Locale::EN),
        "Monster energy is 7; it cannot go below 0."
    );
    assert_eq!(s.state(), &before, "a refused spend changes nothing");

    // The fourth flooded square ends the game at once: the monster wins by it.
    let flood = PlayEvent::AdjustCounter {
        counter: "flooded".into(),
        change: 1,
    };
    play(&mut s, &mut t, (0..4).map(|_| flood.clone()));
    assert_eq!(s.state().phase, PlayPhase::Over);
    let scored = s.state().scored(&leviath).unwrap();
    assert_eq!(scored.ending.as_deref(), Some("four_floods"));
    assert_eq!(scored.winning_side.as_deref(), Some("monster"));
    let winners: Vec<&str> = scored
        .players
        .iter()
        .filter(|p| p.winner)
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(winners, ["Mon"]);
}

/// A counter step never passes the value that ends the game: floods +3 then +2 stop at the
/// fourth square and end the game (issue 68: they read 5 and play went on); the disaster level
/// +2 (counted in the floods) from 3 floods stops them at 4 too.
#[test]
fn a_counter_step_past_the_value_that_ends_the_game_stops_there_and_ends_it() {
    let step = |counter: &str, change| PlayEvent::AdjustCounter {
        counter: counter.into(),
        change,
    };
    for last in [step("flooded", 2), step("disaster", 2)] {
        let mut s = game("leviath", &["Aki", "Mon"], 0);
        let leviath = s.profile().clone();
        let mut t = 0;
        play(&mut s, &mut t, [PlayEvent::StartGame, step("flooded", 3)]);
        assert_ne!(s.state().phase, PlayPhase::Over, "three floods end nothing");
        play(&mut s, &mut t, [last.clone()]);
        assert_eq!(s.state().counter(&leviath, "flooded"), Some(4), "{last:?}");
        assert_eq!(s.state().phase, PlayPhase::Over, "{last:?}");
        let scored = s.state().scored(&leviath).unwrap();
        assert_eq!(scored.ending.as_deref(), Some("four_floods"));
    }
}

#[test]
fn leviath_ends_when_the_table_says_how_and_a_side_needs_a_player() {
    let mut s = game("leviath", &["Aki", "Mon"], 0);
    let mut t = 0;
    play(&mut s, &mut t, [PlayEvent::StartGame]);
    assert_eq!(
        s.check(&PlayEvent::EndGame { ending: None }, at(t)),
        Err(RuleError::EndingNeeded)
    );
    play(
        &mut s,
        &mut t,
        [PlayEvent::EndGame {
            ending: Some("mines".into()),
        }],
    );
    let scored = s.state().scored(s.profile()).unwrap();
    assert_eq!(scored.winning_side.as_deref(), Some("humans"));
    assert!(scored.players[0].winner);

    let mut nobody_monster = setup(&["Aki", "Ben"], 0, 0);
    nobody_monster.sides = vec!["humans".into(), "humans".into()];
    let refused = PlaySession::new(
        GameProfile::shipped("leviath").unwrap(),
        nobody_monster,
        at(0),
    );
    assert_eq!(
        refused.unwrap_err(),
        LineupError::EmptySide {
            side: "Monster".into()
        }
    );
}

#[test]
fn earth_rounds_go_on_until_the_trigger_then_the_round_is_finished() {
    // Chie (seat 2) starts: Chie, Aki, Ben each round.
    let mut s = game("earth", &["Aki", "Ben", "Chie"], 2);
    let earth = s.profile().clone();
    let mut t = 0;
    play(&mut s, &mut t, [PlayEvent::StartGame]);
    assert_eq!(s.state().current_player(&earth), Some(2));
    play(&mut s, &mut t, (0..7).map(|_| PlayEvent::NextTurn));
    // Turn 8 is round 3's second turn: Aki fills 4×4.
    assert_eq!(s.state().phase, PlayPhase::Playing { round: 3, turn: 2 });
    play(&mut s, &mut t, [PlayEvent::Trigger]);
    assert_eq!(
        s.check(&PlayEvent::Trigger, at(t)),
        Err(RuleError::AlreadyTriggered)
    );
    play(&mut s, &mut t, [PlayEvent::NextTurn]);
    assert_eq!(s.state().current_player(&earth), Some(1), "Ben still plays");
    play(&mut s, &mut t, [PlayEvent::NextTurn]);
    assert_eq!(s.state().phase, PlayPhase::Over, "the round ended with Ben");

    let mut rats = game("rats-of-wistar", &["Aki", "Ben"], 0);
    play(&mut rats, &mut 0, [PlayEvent::StartGame]);
    assert_eq!(
        rats.check(&PlayEvent::Trigger, at(5)),
        Err(RuleError::NotInThisGame {
            action: "play_action.trigger"
        })
    );
}

#[test]
fn terramara_rounds_last_until_the_table_says_every_worker_is_placed() {
    let mut s = game("terramara", &["Aki", "Ben"], 0);
    let terramara = s.profile().clone();
    let mut t = 0;
    play(&mut s, &mut t, [PlayEvent::StartGame]);
    assert_eq!(s.state().turns_in_round(&terramara, 1), None);
    // Turns go round for as long as workers last.
    play(&mut s, &mut t, (0..9).map(|_| PlayEvent::NextTurn));
    assert_eq!(s.state().phase, PlayPhase::Playing { round: 1, turn: 10 });
    assert_eq!(s.state().current_player(&terramara), Some(1));
    play(&mut s, &mut t, [PlayEvent::EndRound]);
    assert_eq!(s.state().phase, PlayPhase::Playing { round: 2, turn: 1 });
    play(&mut s, &mut t, (0..4).map(|_| PlayEvent::EndRound));
    assert_eq!(s.state().phase, PlayPhase::Over, "five rounds");
}

#[test]
fn sheet_entries_are_checked_against_their_part() {
    let mut s = game("terramara", &["Aki", "Ben"], 0);
    let before = s.state().clone();
    let cases = [
        (
            PlayEvent::SetCell {
                player: 0,
                part: "raw".into(),
                value: Some(CellInput::Number(Points::parse("0.5").unwrap())),
            },
            "Raw materials (0.5 each) counts whole items: no fractions.",
        ),
        (
            PlayEvent::SetCell {
                player: 0,
                part: "reserved".into(),
                value: num(-1),
            },
            "Unbuilt reserved craft card (−5) cannot be below 0.",
        ),
        // A player holds one reserved craft at most (rulebook 003, line 191).
        (
            PlayEvent::SetCell {
                player: 0,
                part: "reserved".into(),
                value: num(2),
            },
            "Unbuilt reserved craft card (−5): the rulebook has at most 1.",
        ),
        (
            PlayEvent::SetCell {
                player: 5,
                part: "raw".into(),
                value: num(1),
            },
            "There is no player in seat 6.",
        ),
    ];
    for (event, message) in cases {
        let error = s.apply(event, at(1)).unwrap_err();
        assert_eq!(error.text().render(tablekeeper::i18n::Locale::EN), message);
        assert_eq!(s.state(), &before);
    }
    let mut rats = game("rats-of-wistar", &["Aki", "Ben"], 0);
    assert_eq!(
        rats.apply(
            PlayEvent::SetCell {
                player: 0,
                part: "jokers".into(),
                value: num(3),
            },
            at(1),
        )
        .unwrap_err()
        .text()
        .render(tablekeeper::i18n::Locale::EN),
        "Joker tokens: 1 per 2 takes 1 counts."
    );
    // Raw materials 3 × 0.5 = 1.5, goods 2 × 1 = 2, and the military track: both still on 0,
    // tied first, 8 each. Aki 1.5 + 2 + 8 = 11.5 exactly.
    let mut t = 0;
    play(
        &mut s,
        &mut t,
        [
            PlayEvent::SetCell {
                player: 0,
                part: "raw".into(),
                value: num(3),
            },
            PlayEvent::SetCell {
                player: 0,
                part: "goods".into(),
                value: num(2),
            },
        ],
    );
    let scored = s.state().scored(s.profile()).unwrap();
    assert_eq!(scored.players[0].total.to_string(), "11.5");
}

#[test]
fn an_entry_too_large_to_add_up_is_refused_naming_its_part() {
    // Before, points added with unchecked i64: a release build wrapped the total (to 0 here),
    // a debug build panicked.
    let mut s = game("terramara", &["Aki", "Ben"], 0);
    let mut t = 0;
    play(
        &mut s,
        &mut t,
        [PlayEvent::SetCell {
            player: 0,
            part: "goods".into(),
            // Fits, with the military track's 8 for the tied first place.
            value: num(i64::MAX - 20),
        }],
    );
    let before = s.state().clone();
    let error = s
        .apply(
            PlayEvent::SetCell {
                player: 0,
                part: "raw".into(),
                value: num(100),
            },
            at(t + 1),
        )
        .unwrap_err();
    assert_eq!(
        error.text().render(tablekeeper::i18n::Locale::EN),
        "Raw materials (0.5 each): this number is too large for the sheet to add up."
    );
    assert_eq!(s.state(), &before, "a refused entry changes nothing");
    // The same number in another player's column is fine: totals are per player.
    play(
        &mut s,
        &mut t,
        [PlayEvent::SetCell {
            player: 1,
            part: "raw".into(),
            value: num(100),
        }],
    );
    assert_eq!(
        s.state().scored(s.profile()).unwrap().players[1]
            .total
            .to_string(),
        "58"
    );
}

#[test]
fn a_game_of_another_engine_is_journaled_resumed_and_kept_in_the_history() {
    let tmp = tempfile::tempdir().unwrap();
    let path;
    {
        let dir = DataDir::open(tmp.path()).unwrap();
        let mut live = dir.start(game("leviath", &["Aki", "Mon"], 0)).unwrap();
        for (i, event) in [
            PlayEvent::StartGame,
            PlayEvent::AdjustCounter {
                counter: "energy".into(),
                change: 3,
            },
            PlayEvent::NextTurn,
        ]
        .into_iter()
        .enumerate()
        {
            live.apply(event, at(10 * i as i64)).unwrap();
        }
        path = live.journal().path().to_path_buf();
        // Dropped without finishing: the app was killed.
    }
    let dir = DataDir::open(tmp.path()).unwrap();
    let unfinished = dir.unfinished();
    assert_eq!(unfinished, std::slice::from_ref(&path));
    let header = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        engine_of(header.lines().next().unwrap()).unwrap(),
        "profile"
    );
    assert!(
        dir.resume_game::<Terravist>(&path).is_err(),
        "read as TERRAVIST's, it is refused and left alone"
    );
    assert!(path.exists());
    let (mut live, recovered) = dir.resume_game::<AnyGame>(&path).unwrap();
    assert_eq!(recovered.problem, None);
    let state = live.session().state();
    // 2 to start (rulebook 004, line 49), then 3.
    assert_eq!(state.counter(live.session().profile(), "energy"), Some(5));
    assert!(state.clock.is_paused(), "the closed time counts as paused");
    live.apply(PlayEvent::Clock(ClockEvent::Resume), at(100))
        .unwrap();
    live.apply(
        PlayEvent::EndGame {
            ending: Some("no_ships".into()),
        },
        at(130),
    )
    .unwrap();
    let mut history = dir.history().unwrap();
    let entry = live
        .finish(&mut history, Outcome::Finished, at(131))
        .unwrap();
    assert_eq!(entry.game, "leviath");
    assert_eq!(entry.ending.as_deref(), Some("no_ships"));
    assert_eq!(entry.winners(), ["Mon"]);
    // BG Stats: each player's side is their role; a game that ends by an ending has no points.
    let play = tablekeeper::export::bgstats_play(&entry, &Default::default());
    let roles: Vec<Option<&str>> = play.players.iter().map(|p| Some(p.role.as_str())).collect();
    let sides: Vec<Option<&str>> = entry.players.iter().map(|p| p.side.as_deref()).collect();
    assert!(sides.iter().all(Option::is_some), "{sides:?}");
    assert_eq!(roles, sides);
    assert!(play.game.no_points);
    // 20 s of play before the crash, 30 s after it; the closed time is not play.
    assert_eq!(entry.duration_ms, 50_000);
    assert!(!path.exists());
    drop(history);
    let reopened = dir.history().unwrap();
    assert_eq!(reopened.entries()[0], entry);
    let saved: SavedSession = reopened.session_file(&entry.id).unwrap();
    let Some(file) = saved.into_file::<tablekeeper::any_game::AnyGame>() else {
        panic!("saved as a profile game")
    };
    assert_eq!(
        file.events.len(),
        6,
        "start, energy, turn, pause, resume, end"
    );
}

#[test]
fn a_lowest_wins_game_is_exported_to_bg_stats_as_one() {
    use tablekeeper::scoring::WinnerRule;
    let mut golf = GameProfile::shipped("generic").unwrap();
    golf.id = "golf".into();
    golf.sheet.winner = WinnerRule::Lowest {
        tie_breakers: Vec::new(),
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = DataDir::open(tmp.path()).unwrap();
    let session = PlaySession::new(golf, setup(&["Aki", "Ben"], 0, 0), at(0)).unwrap();
    let mut live = dir.start(session).unwrap();
    for (i, event) in [
        PlayEvent::StartGame,
        PlayEvent::SetCell {
            player: 0,
            part: "points".into(),
            value: num(40),
        },
        PlayEvent::SetCell {
            player: 1,
            part: "points".into(),
            value: num(36),
        },
        PlayEvent::EndGame { ending: None },
    ]
    .into_iter()
    .enumerate()
    {
        live.apply(event, at(i as i64)).unwrap();
    }
    let mut history = dir.history().unwrap();
    let entry = live
        .finish(&mut history, Outcome::Finished, at(10))
        .unwrap();
    assert_eq!(entry.winners(), ["Ben"], "36 strokes beat 40");
    let play = tablekeeper::export::bgstats_play(&entry, &Default::default());
    assert!(!play.game.highest_wins);
    assert!(!play.game.no_points);
    let file: serde_json::Value = serde_json::from_str(&tablekeeper::export::bgstats(
        std::slice::from_ref(&entry),
        &Default::default(),
    ))
    .unwrap();
    assert_eq!(file["games"][0]["highestWins"], false);
    assert_eq!(file["games"][0]["noPoints"], false);
}

#[test]
fn every_player_turn_has_its_own_key_even_where_a_side_plays_between_every_player() {
    use tablekeeper::session::Game;
    let mut s = game("leviath", &["Aki", "Mon", "Chie"], 0);
    let mut t = 0;
    play(&mut s, &mut t, [PlayEvent::StartGame]);
    let mut keys = vec![s.glance(at(t)).turn_key().unwrap()];
    for _ in 0..8 {
        play(&mut s, &mut t, [PlayEvent::NextTurn]);
        keys.push(s.glance(at(t)).turn_key().unwrap());
    }
    // The monster (seat 1) plays several times within one round and turn: a phone's late tap
    // for its last turn must not end its next one.
    let mut distinct = keys.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), keys.len(), "{keys:?}");
    // An undo gives the turn back its own key, so a tap sent for it still ends it.
    let before = keys[keys.len() - 2].clone();
    s.undo().unwrap();
    assert_eq!(s.glance(at(t + 1)).turn_key().unwrap(), before);
}
