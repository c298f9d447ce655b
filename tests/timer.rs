//! The clock modes, with scripted timestamps: a time bank with a Fischer increment or a
//! Bronstein delay, a sand timer, time-outs and the time over, Pause, Undo of a turn end, and
//! a game resumed from its journal. Every figure comes from the events' times.

mod common;

use chrono::Duration;
use common::*;
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::kit::timer::{self, ClockMode, Extra, Standing};
use tablekeeper::session::Game;
use tablekeeper::terravist::Session;
use tablekeeper::terravist::event::Event;
use tablekeeper::terravist::profile::Profile;

const S: i64 = 1000;

fn table(mode: ClockMode) -> Table {
    let mut setup = setup(&["Aki", "Ben"], 0, 3);
    setup.clock = mode;
    let mut t = Table {
        session: Session::new(Profile::terravist(), setup, t0()).unwrap(),
        now: 0,
    };
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t
}

/// Each player's figures, at the table's time.
fn standings(t: &Table) -> Vec<Standing> {
    let session = &t.session;
    timer::standings(&session.setup().clock, Game::clock(session), 2, at(t.now))
}

/// Ends the turn under way after `secs` of it.
fn turn(t: &mut Table, secs: i64) {
    t.wait(secs - 1);
    t.ok(Event::NextPlayerTurn);
}

/// The glance's marks line (English) says `words`.
fn assert_marks(glance: &tablekeeper::session::Glance, words: &str) {
    let marks = glance.marks(tablekeeper::i18n::Locale::EN, false);
    assert!(marks.contains(words), "{marks}");
}

fn secs(n: i64) -> Duration {
    Duration::seconds(n)
}

fn bank(minutes: i64, extra: Extra) -> ClockMode {
    ClockMode::Bank {
        bank_ms: minutes * 60 * S,
        handicap_ms: Vec::new(),
        extra,
    }
}

#[test]
fn a_bank_with_an_increment_runs_down_in_the_players_own_turns_and_gains_at_each_end() {
    // The game starts 3 s in (the setup's three events): Aki's first turn begins there.
    let mut t = table(bank(1, Extra::Increment { ms: 10 * S }));
    turn(&mut t, 20); // Aki 60 - 20 + 10 = 50
    turn(&mut t, 45); // Ben 60 - 45 + 10 = 25
    turn(&mut t, 30); // Aki 50 - 30 + 10 = 30
    t.wait(5); // Ben's turn under way: 25 - 5 = 20, no increment yet
    let s = standings(&t);
    assert_eq!(s[0].left, secs(30));
    assert_eq!(s[1].left, secs(20));
    assert_eq!((s[0].timeouts, s[1].timeouts), (0, 0));
    // The glance shows Ben's bank counting down, and the mode in words.
    let glance = t.session.glance(at(t.now));
    assert_eq!(glance.current, Some(1));
    assert_eq!(glance.clock_figure(), secs(20));
    assert_eq!(
        glance
            .timer
            .mode_line(tablekeeper::i18n::Locale::EN)
            .as_deref(),
        Some("Time bank 1 min · +10 s when it ends")
    );
    // Pause stops every bank.
    t.ok_now(Event::Clock(ClockEvent::Pause));
    t.wait(100);
    assert_eq!(standings(&t)[1].left, secs(20));
    t.ok_now(Event::Clock(ClockEvent::Resume));
    t.wait(2);
    assert_eq!(standings(&t)[1].left, secs(18));
}

#[test]
fn a_delay_turn_shorter_than_the_delay_costs_nothing_and_a_longer_one_only_past_it() {
    let mut t = table(bank(1, Extra::Delay { ms: 10 * S }));
    turn(&mut t, 8); // Aki: within the delay, 60 left
    turn(&mut t, 25); // Ben: 15 past the delay, 45 left
    let s = standings(&t);
    assert_eq!((s[0].left, s[1].left), (secs(60), secs(45)));
    // Aki's turn under way, 4 s in: the bank does not move yet, and reaches zero 66 s from
    // now (6 s of delay left, then 60 s).
    t.wait(4);
    let s = standings(&t);
    assert_eq!(s[0].left, secs(60));
    t.wait(65);
    assert_eq!(standings(&t)[0].left, secs(1));
    t.wait(1);
    assert_eq!(standings(&t)[0].left, Duration::zero());
}

#[test]
fn running_out_is_a_time_out_and_the_time_over_counts_on() {
    let mut t = table(bank(1, Extra::None));
    turn(&mut t, 50); // Aki: 10 left
    turn(&mut t, 10); // Ben: 50 left
    turn(&mut t, 25); // Aki: out, 15 s over
    let s = standings(&t);
    assert_eq!(s[0].left, secs(-15));
    assert_eq!((s[0].timeouts, s[0].over), (1, secs(15)));
    turn(&mut t, 10); // Ben: 40 left
    t.wait(7); // Aki again, still out: 7 s more over, a second turn out of time
    let s = standings(&t);
    assert_eq!(
        (s[0].left, s[0].timeouts, s[0].over),
        (secs(-22), 2, secs(22))
    );
    let glance = t.session.glance(at(t.now));
    assert!(glance.out_of_time());
    assert_eq!(
        glance.clock_figure(),
        secs(22),
        "the time over, shown with a +"
    );
    assert_marks(&glance, "Out of time");
    // Ben never ran out.
    assert_eq!((s[1].timeouts, s[1].over), (0, Duration::zero()));
}

#[test]
fn a_sand_timer_is_refilled_every_turn_and_counts_each_turn_that_ran_out() {
    let sand = |ends_turn| ClockMode::Sand {
        turn_ms: 30 * S,
        ends_turn,
    };
    for ends_turn in [false, true] {
        let mut t = table(sand(ends_turn));
        turn(&mut t, 20); // Aki: in time
        turn(&mut t, 42); // Ben: 12 s over
        t.wait(9); // Aki again: a full timer, 9 s of it gone
        let s = standings(&t);
        assert_eq!(s[0].left, secs(21));
        assert_eq!((s[0].timeouts, s[0].over), (0, Duration::zero()));
        assert_eq!((s[1].timeouts, s[1].over), (1, secs(12)));
        assert_eq!(s[1].left, secs(30), "a full timer for the next turn");
        // Its zero, 21 s on: when a timer that ends the turn ends it (the window does then).
        t.wait(20);
        assert_eq!(standings(&t)[0].left, secs(1));
        t.wait(1);
        assert_eq!(standings(&t)[0].left, Duration::zero());
    }
}

#[test]
fn undo_of_a_turn_end_takes_its_increment_back_and_a_replay_gives_the_same_banks() {
    let mut t = table(bank(1, Extra::Increment { ms: 10 * S }));
    turn(&mut t, 20);
    turn(&mut t, 15);
    let before = standings(&t);
    assert_eq!(before[1].left, secs(55));
    t.session.undo(); // Ben's turn end taken back: his turn runs on, no increment
    let s = standings(&t);
    assert_eq!(s[1].left, secs(45));
    // A session replayed from its saved form holds the same figures, to the millisecond.
    t.session.redo();
    let file = t.session.to_file();
    let json = serde_json::to_string(&file).unwrap();
    assert!(
        json.contains(r#""clock":{"mode":"bank""#),
        "the mode is saved: {json}"
    );
    let replayed = Session::from_file(serde_json::from_str(&json).unwrap()).unwrap();
    let again = timer::standings(
        &replayed.setup().clock,
        Game::clock(&replayed),
        2,
        at(t.now),
    );
    assert_eq!(again, before);
}

#[test]
fn a_game_saved_before_the_modes_reads_as_counting_up() {
    let t = table(ClockMode::CountUp);
    let json = serde_json::to_string(&t.session.to_file()).unwrap();
    assert!(
        !json.contains("\"clock\":{\"mode\""),
        "count up is not written"
    );
    let glance = t.session.glance(at(t.now + 30));
    assert_eq!(glance.timer.mode, ClockMode::CountUp);
    assert!(glance.timer.standings.is_empty());
    assert_eq!(glance.clock_figure(), glance.clock);
}

#[test]
fn a_mode_that_cannot_be_played_is_refused() {
    assert!(bank(0, Extra::None).check(2).is_err());
    assert!(bank(60 * 25, Extra::None).check(2).is_err());
    let handicap = ClockMode::Bank {
        bank_ms: 60 * S,
        handicap_ms: vec![-60 * S],
        extra: Extra::None,
    };
    assert!(handicap.check(2).is_err(), "a bank of 0");
    let sand = ClockMode::Sand {
        turn_ms: 0,
        ends_turn: true,
    };
    assert!(sand.check(2).is_err());
    assert!(bank(20, Extra::Increment { ms: 10 * S }).check(4).is_ok());
}

#[test]
fn score_json_and_replay_print_each_players_bank_time_over_and_time_outs() {
    let mut t = table(bank(1, Extra::Increment { ms: 10 * S }));
    turn(&mut t, 70); // Aki: out, 10 s over, then +10 back to 0
    turn(&mut t, 20); // Ben: 50 left
    let sheet = t.session.sheet();
    let json: serde_json::Value =
        serde_json::from_str(&tablekeeper::cli::sheet_json(&t.session, &sheet)).unwrap();
    let clock = &json["clock"];
    assert_eq!(clock["mode"]["mode"], "bank");
    assert_eq!(clock["mode"]["extra"]["kind"], "increment");
    assert_eq!(clock["players"][0]["name"], "Aki");
    assert_eq!(clock["players"][0]["left_ms"], 0);
    assert_eq!(clock["players"][0]["timeouts"], 1);
    assert_eq!(clock["players"][0]["over_ms"], 10_000);
    assert_eq!(clock["players"][1]["left_ms"], 50_000);
    let lines = tablekeeper::cli::clock_lines(&t.session, tablekeeper::i18n::Locale::EN);
    assert!(
        lines.starts_with("Time bank 1 min · +10 s when it ends\n"),
        "{lines}"
    );
    assert!(
        lines.contains("Aki: 0:00 left · time-outs 1 · over 0:10"),
        "{lines}"
    );
    assert!(
        lines.contains("Ben: 0:50 left · time-outs 0 · over 0:00"),
        "{lines}"
    );
    // Counting up, neither says anything of a clock.
    let plain = table(ClockMode::CountUp);
    let json = tablekeeper::cli::sheet_json(&plain.session, &plain.session.sheet());
    assert!(!json.contains("\"clock\""));
    assert_eq!(
        tablekeeper::cli::clock_lines(&plain.session, tablekeeper::i18n::Locale::EN),
        ""
    );
}

#[test]
fn the_history_counts_each_players_time_outs_and_time_over() {
    use tablekeeper::session::summary::Outcome;
    let mut t = table(ClockMode::Sand {
        turn_ms: 30 * S,
        ends_turn: false,
    });
    turn(&mut t, 45); // Aki: 15 over
    turn(&mut t, 10);
    turn(&mut t, 31); // Aki: 1 over
    let entry = t.session.summarize(Outcome::Abandoned, at(t.now));
    assert_eq!(
        (entry.players[0].timeouts, entry.players[0].over_ms),
        (2, 16_000)
    );
    assert_eq!(
        (entry.players[1].timeouts, entry.players[1].over_ms),
        (0, 0)
    );
    let line = serde_json::to_string(&entry.players[0]).unwrap();
    assert!(line.contains(r#""timeouts":2"#) && line.contains(r#""over_ms":16000"#));
    let plain = serde_json::to_string(&entry.players[1]).unwrap();
    assert!(
        !plain.contains("timeouts"),
        "nothing written where nothing ran out"
    );
}

#[test]
fn the_readmes_example_bank_is_what_the_app_works_out() {
    // docs/clock.md: 20 minutes, +10 s; Aki plays turns of 50 s and 70 s: 18:20 left.
    let mut t = table(bank(20, Extra::Increment { ms: 10 * S }));
    turn(&mut t, 50);
    turn(&mut t, 30);
    turn(&mut t, 70);
    assert_eq!(standings(&t)[0].left, Duration::seconds(18 * 60 + 20));
}

#[test]
fn table_time_stops_every_players_clock_but_counts_in_the_game_unlike_pause() {
    let mut t = table(bank(1, Extra::Increment { ms: 10 * S }));
    let start = Game::clock(&t.session).game_total(at(t.now));
    t.wait(10); // Aki's turn: 10 s
    t.ok_now(Event::Clock(ClockEvent::TableTime { on: true }));
    t.wait(30); // a rules question: table time
    let glance = t.session.glance(at(t.now));
    assert!(glance.table_time);
    assert_eq!(glance.clock, secs(10), "Aki's turn clock stands still");
    assert_eq!(standings(&t)[0].left, secs(50), "and so does Aki's bank");
    assert_marks(&glance, "Table time");
    assert!(
        (t.session
            .check(&Event::Clock(ClockEvent::TableTime { on: true }), at(t.now)))
        .is_err(),
        "already on"
    );
    t.ok_now(Event::Clock(ClockEvent::TableTime { on: false }));
    t.wait(5);
    t.ok_now(Event::Clock(ClockEvent::Pause));
    t.wait(20); // a break: counts nowhere
    t.ok_now(Event::Clock(ClockEvent::Resume));
    t.wait(5);
    let clock = Game::clock(&t.session);
    let now = at(t.now);
    assert_eq!(
        clock.current_elapsed(now),
        secs(20),
        "Aki's turn: 10 + 5 + 5"
    );
    assert_eq!(clock.player_total(0, now), secs(20));
    assert_eq!(clock.table_total(now), secs(30));
    assert_eq!(
        clock.game_total(now) - start,
        secs(50),
        "the turn and the table time"
    );
    assert_eq!(clock.paused_millis, 20_000);
    // Ending the turn during table time ends it too; the turn is one turn, its increment once.
    t.ok_now(Event::Clock(ClockEvent::TableTime { on: true }));
    t.wait(4);
    t.ok_now(Event::NextPlayerTurn);
    let clock = Game::clock(&t.session);
    assert!(!clock.table_time());
    let turns = clock.player_turns(at(t.now));
    assert_eq!(
        turns.len(),
        2,
        "Aki's turn counted once, then Ben's: {turns:?}"
    );
    assert_eq!(turns[0].1, secs(20));
    assert_eq!(standings(&t)[0].left, secs(50), "60 - 20 + 10");
    // Not running, it cannot end.
    assert!(
        (t.session.check(
            &Event::Clock(ClockEvent::TableTime { on: false }),
            at(t.now)
        ))
        .is_err()
    );
    let entry = t
        .session
        .summarize(tablekeeper::session::summary::Outcome::Abandoned, at(t.now));
    assert_eq!(entry.table_ms, 34_000, "the history keeps table time apart");
}

#[test]
fn in_a_phase_played_at_once_each_players_clock_runs_until_they_are_ready() {
    let mut t = table(bank(1, Extra::Increment { ms: 10 * S }));
    t.wait(10); // Aki's turn: 10 s
    t.ok_now(Event::Clock(ClockEvent::Simultaneous { on: true }));
    t.wait(20);
    t.ok_now(Event::Clock(ClockEvent::SimultaneousReady { player: 1 })); // Ben: 20 s
    let twice = t.session.check(
        &Event::Clock(ClockEvent::SimultaneousReady { player: 1 }),
        at(t.now),
    );
    assert!(
        matches!(
            twice,
            Err(tablekeeper::kit::error::RuleError::Together { on: false })
        ),
        "Ben is ready already: {twice:?}"
    );
    let glance = t.session.glance(at(t.now));
    assert_eq!(glance.together, Some(vec![false, true]));
    assert_marks(&glance, "waiting for Aki");
    t.wait(5);
    t.ok_now(Event::Clock(ClockEvent::Pause));
    t.wait(100); // a break: counts for nobody
    t.ok_now(Event::Clock(ClockEvent::Resume));
    t.wait(10);
    // Aki's bank runs on in the phase (10 of turn, 35 at once), Ben's stopped at his Ready.
    let s = standings(&t);
    assert_eq!((s[0].left, s[1].left), (secs(15), secs(40)));
    t.ok_now(Event::Clock(ClockEvent::SimultaneousReady { player: 0 })); // Aki: 35 s; everyone: it ends
    assert_eq!(t.session.glance(at(t.now)).together, None);
    t.wait(5); // Aki's turn goes on: 15 s in all
    let clock = Game::clock(&t.session);
    let now = at(t.now);
    assert_eq!(clock.current_elapsed(now), secs(15));
    assert_eq!(
        clock.player_total(0, now),
        secs(50),
        "15 of turn, 35 at once"
    );
    assert_eq!(clock.player_total(1, now), secs(20));
    t.ok_now(Event::NextPlayerTurn);
    let s = standings(&t);
    assert_eq!(
        s[0].left,
        secs(60 - 50 + 10),
        "the increment for the turn, none for the phase"
    );
    assert_eq!(s[1].left, secs(40));
    // A replay gives the same figures; the table may end a phase before everyone is ready,
    // and whoever is not counts the whole phase.
    t.wait(3);
    t.ok_now(Event::Clock(ClockEvent::Simultaneous { on: true }));
    t.wait(7);
    t.ok_now(Event::Clock(ClockEvent::SimultaneousReady { player: 0 }));
    t.wait(5);
    t.ok_now(Event::Clock(ClockEvent::Simultaneous { on: false }));
    let clock = Game::clock(&t.session);
    let times: Vec<_> = clock.together[1].times.clone();
    assert_eq!(times, vec![Some(7_000), Some(12_000)]);
    let json = serde_json::to_string(&t.session.to_file()).unwrap();
    let replayed = Session::from_file(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(
        timer::standings(
            &replayed.setup().clock,
            Game::clock(&replayed),
            2,
            at(t.now)
        ),
        standings(&t)
    );
    assert!(
        (t.session.check(
            &Event::Clock(ClockEvent::SimultaneousReady { player: 0 }),
            at(t.now)
        ))
        .is_err(),
        "no phase runs"
    );
}

#[test]
fn the_objective_count_is_played_at_once_each_players_clock_running_until_their_result_is_in() {
    let mut t = table(bank(5, Extra::None));
    for _ in 0..6 {
        turn(&mut t, 10); // three turns each of 10 s: 30 s each
    }
    // Round end, step 1: TERRAVIST's profile plays the objective count at once.
    assert!(Profile::terravist().played_at_once(1));
    assert_eq!(
        t.session.glance(at(t.now)).together,
        Some(vec![false, false])
    );
    t.wait(8);
    t.ok_now(Event::EnterResult {
        player: 1,
        result: Some(4),
    }); // Ben: 8 s
    t.wait(4);
    t.ok_now(Event::EnterResult {
        player: 1,
        result: Some(5),
    }); // Ben changes his mind: his clock stays stopped at 8 s
    t.wait(8);
    let s = standings(&t);
    assert_eq!(
        (s[0].left, s[1].left),
        (secs(300 - 30 - 20), secs(300 - 30 - 8))
    );
    t.ok_now(Event::EnterResult {
        player: 0,
        result: Some(2),
    }); // Aki: 20 s; everyone has answered, the phase ends
    assert_eq!(t.session.glance(at(t.now)).together, None);
    t.wait(30); // the table looks the results over: nobody's clock
    t.ok_now(Event::RecordObjective {
        results: vec![2, 5],
    });
    let s = standings(&t);
    assert_eq!((s[0].left, s[1].left), (secs(250), secs(262)));

    // Undo of a result makes its player unready again; the table may confirm before everyone
    // answered (a result typed at the window), and whoever did not counts the whole step.
    let mut u = table(bank(5, Extra::None));
    for _ in 0..6 {
        turn(&mut u, 10);
    }
    u.wait(5);
    u.ok_now(Event::EnterResult {
        player: 0,
        result: Some(1),
    });
    u.session.undo().expect("the result is undone");
    assert_eq!(
        u.session.glance(at(u.now)).together,
        Some(vec![false, false])
    );
    u.wait(10);
    u.ok_now(Event::RecordObjective {
        results: vec![1, 3],
    });
    assert_eq!(u.session.glance(at(u.now)).together, None);
    let s = timer::standings(
        &u.session.setup().clock,
        Game::clock(&u.session),
        2,
        at(u.now),
    );
    assert_eq!((s[0].left, s[1].left), (secs(255), secs(255)));
}

#[test]
fn a_game_whose_profile_plays_nothing_at_once_keeps_the_round_end_off_every_players_clock() {
    // Every game saved before there were phases played at once carries such a profile.
    let mut profile = Profile::terravist();
    profile.terravist.together_steps.clear();
    let mut setup = setup(&["Aki", "Ben"], 0, 3);
    setup.clock = bank(5, Extra::None);
    let mut t = Table {
        session: Session::new(profile, setup, t0()).unwrap(),
        now: 0,
    };
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    for _ in 0..6 {
        turn(&mut t, 10);
    }
    assert_eq!(t.session.glance(at(t.now)).together, None);
    t.wait(40);
    t.ok_now(Event::EnterResult {
        player: 0,
        result: Some(1),
    });
    let s = standings(&t);
    assert_eq!((s[0].left, s[1].left), (secs(270), secs(270)));
}

#[test]
fn a_turn_the_sand_timer_ended_is_a_time_out_of_its_own_kind_and_undo_takes_it_back() {
    let sand = ClockMode::Sand {
        turn_ms: 30 * S,
        ends_turn: true,
    };
    let mut t = table(sand);
    t.wait(30); // Aki's timer at zero: the window writes the timer's end at that moment
    let turn = t.session.state().clock.player_turns_begun;
    let time_up = t
        .session
        .time_up_event()
        .expect("the timer may end this turn");
    assert_eq!(time_up, Event::Clock(ClockEvent::TimeUp { turn }));
    // One for a turn no longer under way is refused (a late tick, a resend).
    let stale = Event::Clock(ClockEvent::TimeUp { turn: turn + 1 });
    assert!(t.session.check(&stale, at(t.now)).is_err());
    t.ok_now(time_up.clone());
    let s = standings(&t);
    assert_eq!(
        (s[0].timeouts, s[0].over),
        (1, Duration::zero()),
        "a time-out, though it ended exactly at zero"
    );
    assert_eq!(t.session.state().current_player(), Some(1), "Ben's turn");
    // Undo: Aki's turn again, running on past zero; the timer ends it by itself no more.
    t.session.undo();
    assert_eq!(t.session.state().current_player(), Some(0));
    assert_eq!(t.session.time_up_event(), None);
    t.wait(5);
    assert_eq!(
        (standings(&t)[0].timeouts, standings(&t)[0].over),
        (1, secs(5))
    );
    // Redo puts it back, and the next turn's timer may end it again.
    t.session.redo();
    assert_eq!(t.session.state().current_player(), Some(1));
    assert!(t.session.time_up_event().is_some());
    // The table ends Aki's next turn in time: no time-out for it.
    turn_of(&mut t, 10); // Ben
    turn_of(&mut t, 10); // Aki
    assert_eq!(standings(&t)[0].timeouts, 1);
    // The replay names it.
    let narrated = tablekeeper::cli::clock_lines(&t.session, tablekeeper::i18n::Locale::EN);
    assert!(
        narrated.contains("Aki: 0:30 left · time-outs 1"),
        "{narrated}"
    );
}

/// Ends the turn under way after `secs` of it, at the table's hand.
fn turn_of(t: &mut Table, secs: i64) {
    t.wait(secs);
    t.ok_now(Event::NextPlayerTurn);
}

#[test]
fn a_phase_played_at_once_runs_no_sand_timer_down() {
    let sand = ClockMode::Sand {
        turn_ms: 60 * S,
        ends_turn: false,
    };
    let mut t = table(sand);
    t.wait(10); // Aki's turn: 10 s
    t.ok_now(Event::Clock(ClockEvent::Simultaneous { on: true }));
    t.wait(80); // everyone counts at once, longer than a turn's timer
    t.ok_now(Event::Clock(ClockEvent::Simultaneous { on: false }));
    let s = standings(&t);
    assert_eq!(
        (s[0].timeouts, s[1].timeouts),
        (0, 0),
        "nobody's turn ran out"
    );
    assert_eq!(s[0].left, secs(50), "Aki's turn goes on where it stopped");
    assert_eq!(s[1].left, secs(60));
}

#[test]
fn a_clock_no_table_could_set_up_is_refused_with_the_reason_that_fits() {
    use tablekeeper::kit::timer::ModeError;
    let with = |handicap_ms: Vec<i64>, extra| ClockMode::Bank {
        bank_ms: 10 * 60 * S,
        handicap_ms,
        extra,
    };
    assert_eq!(
        with(vec![], Extra::Increment { ms: -5 * S }).check(2),
        Err(ModeError::Negative)
    );
    assert_eq!(
        with(vec![], Extra::Delay { ms: -1 }).check(2),
        Err(ModeError::Negative)
    );
    assert_eq!(
        with(vec![0, 0, 0], Extra::None).check(2),
        Err(ModeError::TooManyHandicaps {
            handicaps: 3,
            players: 2
        })
    );
    // Setup never leaves a player less than a minute; a file may not either.
    assert_eq!(
        with(vec![-570 * S, 0], Extra::None).check(2),
        Err(ModeError::NoBank)
    );
    assert_eq!(bank(0, Extra::None).check(2), Err(ModeError::Empty));
    let thirty_seconds = ClockMode::Bank {
        bank_ms: 30 * S,
        handicap_ms: vec![],
        extra: Extra::None,
    };
    assert_eq!(thirty_seconds.check(2), Err(ModeError::NoBank));
    assert_eq!(with(vec![-540 * S, 0], Extra::None).check(2), Ok(()));
    // Each reason in the players' words, in both languages.
    let text = ModeError::TooManyHandicaps {
        handicaps: 3,
        players: 2,
    }
    .text();
    assert_eq!(
        text.render(tablekeeper::i18n::Locale::EN),
        "3 handicaps for 2 players"
    );
    assert_eq!(
        text.render(tablekeeper::i18n::Locale::JA),
        "2人に対してハンデが3個あります"
    );
}

#[test]
fn a_bank_past_zero_says_out_of_time_once_and_the_time_over_once() {
    let mut t = table(bank(1, Extra::None));
    turn(&mut t, 20); // Aki
    t.wait(110); // Ben: 50 s past his minute, still playing
    t.ok_now(Event::Clock(ClockEvent::Pause)); // the file's last moment
    let lines = tablekeeper::cli::clock_lines(&t.session, tablekeeper::i18n::Locale::EN);
    assert!(
        lines.contains("Ben: out of time · time-outs 1 · over 0:50"),
        "{lines}"
    );
}
