//! Every table action in words, in both languages: the table's log of the turn and the history's
//! replay say what happened, never an event's JSON.

mod common;

use common::*;
use tablekeeper::i18n::Locale;
use tablekeeper::kit::clock_event::ClockEvent;
use tablekeeper::terravist::event::{Event, RollSource};
use tablekeeper::terravist::narrate::{self, Narrator};

/// The name of each kind of event. The match has no wildcard: a new kind of event does not
/// compile here until this test plays one.
fn kind(event: &Event) -> &'static str {
    match event {
        Event::SetFirstHabitat { .. } => "set_first_habitat",
        Event::SetObjective { .. } => "set_objective",
        Event::InitialRoll { .. } => "initial_roll",
        Event::StartGame => "start_game",
        Event::NextPlayerTurn => "next_player_turn",
        Event::Clock(ClockEvent::Pause) => "pause",
        Event::Clock(ClockEvent::Resume) => "resume",
        Event::Clock(ClockEvent::TableTime { .. }) => "table_time",
        Event::Clock(ClockEvent::Simultaneous { .. }) => "simultaneous",
        Event::Clock(ClockEvent::SimultaneousReady { .. }) => "simultaneous_ready",
        Event::Clock(ClockEvent::TimeUp { .. }) => "time_up",
        Event::TakeDie { .. } => "take_die",
        Event::Reroll { .. } => "reroll",
        Event::Settle { .. } => "settle",
        Event::StealNiche { .. } => "steal_niche",
        Event::AddEgg { .. } => "add_egg",
        Event::RemoveEgg { .. } => "remove_egg",
        Event::TuckCard { .. } => "tuck_card",
        Event::DiscardCreature { .. } => "discard_creature",
        Event::DevelopHabitat { .. } => "develop_habitat",
        Event::ChangeEnvironment { .. } => "change_environment",
        Event::EnterResult { .. } => "enter_result",
        Event::RecordObjective { .. } => "record_objective",
        Event::AmendObjective { .. } => "amend_objective",
        Event::ReturnEggs => "return_eggs",
        Event::FlipEnvironment { .. } => "flip_environment",
        Event::PassParent => "pass_parent",
        Event::SetScore { .. } => "set_score",
        Event::Ready { .. } => "ready",
    }
}

const KINDS: usize = 29;

/// A short game that plays every kind of event at least once.
fn every_kind_of_event() -> Table {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv0", "lv0", "lv0", "lv0"]);
    t.ok(Event::SetObjective {
        round: 1,
        label: "Most eggs".into(),
    });
    t.ok(Event::Settle {
        player: 0,
        card: card("Owl", 4, 3, &["forest"], 2),
        habitat: "forest".into(),
    });
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::AddEgg { creature: 0 });
    t.ok(Event::RemoveEgg { creature: 0 });
    t.ok(Event::TuckCard { creature: 0 });
    t.ok(Event::TakeDie { die: 3 });
    t.ok(Event::Clock(ClockEvent::Pause));
    t.ok(Event::Clock(ClockEvent::Resume));
    t.ok(Event::Clock(ClockEvent::TableTime { on: true }));
    t.ok(Event::Clock(ClockEvent::TableTime { on: false }));
    t.ok(Event::Clock(ClockEvent::Simultaneous { on: true }));
    t.ok(Event::Clock(ClockEvent::SimultaneousReady { player: 1 }));
    t.ok(Event::Clock(ClockEvent::Simultaneous { on: false }));
    t.ok(Event::ChangeEnvironment {
        card: Some("Drought".into()),
    });
    t.next(1);
    // Ben: every die shows the same face, so the used one may be rerolled.
    t.ok(Event::TakeDie { die: 0 });
    t.ok(Event::Reroll {
        dice: faces(&[(0, "human"), (3, "lv1")]),
        source: RollSource::App,
    });
    t.ok(Event::DevelopHabitat {
        player: 1,
        habitat: "river".into(),
    });
    t.ok(Event::Settle {
        player: 1,
        card: card("Heron", 2, 2, &["river"], 1),
        habitat: "river".into(),
    });
    t.ok(Event::DiscardCreature { creature: 1 });
    t.ok(Event::Settle {
        player: 1,
        card: card("Heron", 2, 2, &["river"], 1),
        habitat: "river".into(),
    });
    // A steal as the first format saved it (nothing paid) is told too.
    t.ok(Event::StealNiche {
        player: 1,
        target: 2,
        card: card("Kingfisher", 3, 2, &["river"], 2),
        paid_eggs: None,
    });
    // Ben's sand timer ends his turn.
    let turn = t.session.state().clock.player_turns_begun;
    t.ok(Event::Clock(ClockEvent::TimeUp { turn }));
    t.next(4);
    t.ok(Event::EnterResult {
        player: 0,
        result: Some(1),
    });
    t.ok(Event::RecordObjective {
        results: vec![1, 0],
    });
    t.ok(Event::ReturnEggs);
    t.ok(Event::FlipEnvironment {
        card: Some("Flood".into()),
    });
    t.ok(Event::PassParent);
    // Ben's result came late, from his phone that was offline: added after the round end.
    t.ok(Event::AmendObjective {
        round: 1,
        player: 1,
        result: 2,
    });
    t.ok(Event::SetScore {
        player: 0,
        part: "positions".into(),
        value: Some(3),
    });
    t.ok(Event::Ready {
        player: 0,
        ready: true,
    });
    t
}

#[test]
fn every_kind_of_event_is_told_in_words_in_both_languages() {
    let t = every_kind_of_event();
    let session = &t.session;
    let records = session.records();
    let mut kinds: Vec<&str> = records.iter().map(|r| kind(&r.event)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), KINDS, "the game plays every kind: {kinds:?}");
    let narrator = Narrator {
        profile: session.profile(),
        players: session.players(),
        state: session.state(),
    };
    for locale in [Locale::EN, Locale::JA] {
        for (i, record) in records.iter().enumerate() {
            let line = narrator.record(records, i).render(locale);
            let json = serde_json::to_string(&record.event).unwrap();
            assert!(
                !line.contains("narrate.") && !line.contains('{') && !line.contains('}'),
                "{locale:?} event {}: {line} ({json})",
                i + 1
            );
        }
    }
    let line = |i: usize, locale| narrator.record(records, i).render(locale);
    let find = |kind_name: &str| {
        records
            .iter()
            .position(|r| kind(&r.event) == kind_name)
            .unwrap()
    };
    assert_eq!(
        line(find("settle"), Locale::EN),
        "Aki settles Owl in Forest"
    );
    assert_eq!(
        line(find("take_die"), Locale::EN),
        "Aki takes Lv0 (plants) (die 4)"
    );
    // The second take is Ben's, from a state long after it: the k-th take is the k-th token.
    let second_take = records
        .iter()
        .enumerate()
        .filter(|(_, r)| kind(&r.event) == "take_die")
        .nth(1)
        .unwrap()
        .0;
    assert_eq!(
        line(second_take, Locale::EN),
        "Ben takes Lv0 (plants) (die 1)"
    );
    assert_eq!(
        line(find("change_environment"), Locale::JA),
        "能力で環境カード「Drought」を発動"
    );
    assert_eq!(
        line(find("add_egg"), Locale::EN),
        "An egg on Owl (Aki)",
        "a creature is named with its owner"
    );
}

#[test]
fn the_turn_log_holds_the_events_since_the_turn_began() {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    assert!(narrate::this_turn(t.session.records()).is_empty());
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    assert!(narrate::this_turn(t.session.records()).is_empty());
    t.ok(Event::TakeDie { die: 4 });
    t.next(1);
    t.ok(Event::ChangeEnvironment { card: None });
    t.ok(Event::TakeDie { die: 2 });
    let records = t.session.records();
    let turn: Vec<&str> = narrate::this_turn(records)
        .map(|i| kind(&records[i].event))
        .collect();
    assert_eq!(turn, ["change_environment", "take_die"]);
}

#[test]
fn a_name_is_never_read_as_a_placeholder() {
    // Arguments used to be substituted one after another, so a player called "{card}" took the
    // next argument's value.
    let mut t = Table::new(&["{card}", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(Event::Settle {
        player: 0,
        card: card("Owl", 4, 3, &["forest"], 2),
        habitat: "forest".into(),
    });
    let s = &t.session;
    let narrator = Narrator {
        profile: s.profile(),
        players: s.players(),
        state: s.state(),
    };
    assert_eq!(
        narrator
            .record(s.records(), s.records().len() - 1)
            .render(Locale::EN),
        "{card} settles Owl in Forest"
    );
}
