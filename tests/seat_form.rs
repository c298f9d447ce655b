//! What a player fills in on their own phone, decided once in the library for every engine:
//! TERRAVIST's round-end result and its sheet, another game's sheet (Earth, The Rats of
//! Wistar's "per N" counts), Ready, and the rules that keep the table's record whole: an entry
//! sent again is already there, one typed over a value the table changed is refused (the
//! window wins), a closed step refuses, and the journal says which phone entered a value.

mod common;

use common::*;
use tablekeeper::any_game::{PlayEvent, PlaySession};
use tablekeeper::kit::game_profile::GameProfile;
use tablekeeper::scoring::Points;
use tablekeeper::session::seat_form::{self, Accepted, EntryRefused};
use tablekeeper::session::{Field, Record, SeatEntry};
use tablekeeper::terravist::event::Event;

fn result(value: Option<i64>, was: Option<i64>) -> SeatEntry {
    SeatEntry {
        field: Field::Result,
        value,
        was,
    }
}

fn cell(part: &str, count: usize, value: Option<i64>, was: Option<i64>) -> SeatEntry {
    SeatEntry {
        field: Field::Cell {
            part: part.into(),
            count,
        },
        value,
        was,
    }
}

/// A two-player TERRAVIST game at the end of round 1 (three turns each).
fn at_round_end() -> Table {
    let mut t = Table::new(&["Aki", "Ben"], 0, 3);
    t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
    t.ok(Event::SetObjective {
        round: 1,
        label: "Most eggs".into(),
    });
    t.next(6);
    t
}

/// Applies what a phone's entry makes, as the app does, attributed to that seat's phone.
fn from_phone(t: &mut Table, seat: usize, entry: &SeatEntry, sheet_open: bool) {
    match seat_form::entry(&t.session, seat, entry, sheet_open) {
        Ok(Accepted::Write(event)) => {
            t.now += 1;
            let record = Record {
                at: at(t.now),
                event,
                phone: Some(seat),
            };
            t.session.apply_record(record).expect("accepted");
        }
        other => panic!("{entry:?}: {other:?}"),
    }
}

#[test]
fn round_end_results_come_from_each_phone_and_the_window_still_wins() {
    let mut t = at_round_end();
    let form = seat_form::form(&t.session, 0, false);
    let asked = form.result.expect("step 1 asks every seat");
    assert_eq!(
        (asked.round, asked.objective.as_deref()),
        (1, Some("Most eggs"))
    );
    assert_eq!(asked.value, None);
    assert!(form.column.is_none(), "the sheet is not open mid-game");

    // Aki's phone: 3. Sent again (its answer lost), it is already there: nothing to write.
    from_phone(&mut t, 0, &result(Some(3), None), false);
    assert_eq!(t.session.state().answers, vec![Some(3), None]);
    let count = t.session.records().len();
    assert_eq!(
        seat_form::entry(&t.session, 0, &result(Some(3), None), false),
        Ok(Accepted::AlreadyThere)
    );
    assert_eq!(t.session.records().last().unwrap().phone, Some(0));
    assert!(
        !seat_form::form(&t.session, 0, false)
            .result
            .unwrap()
            .by_table
    );

    // The window types 4 over it: the phone is shown the table's value, marked so, and the
    // value is the table's: a late resend of its own 3 (typed over nothing) is refused, and so
    // is a value sent as if typed over the table's 4 (a phone naming the table's value as
    // `was` cannot overwrite it).
    t.ok(Event::EnterResult {
        player: 0,
        result: Some(4),
    });
    let asked = seat_form::form(&t.session, 0, false).result.unwrap();
    assert_eq!((asked.value, asked.by_table), (Some(4), true));
    for was in [None, Some(4), Some(3)] {
        assert_eq!(
            seat_form::entry(&t.session, 0, &result(Some(5), was), false),
            Err(EntryRefused::TableValue),
            "typed over {was:?}"
        );
    }
    // The table clears it (the player asked): the field is the phone's again, and a quick +
    // after its 5 (sent before the phone heard of its 5, so typed over nothing) changes the
    // phone's own value again.
    t.ok(Event::EnterResult {
        player: 0,
        result: None,
    });
    from_phone(&mut t, 0, &result(Some(5), None), false);
    from_phone(&mut t, 0, &result(Some(6), None), false);
    from_phone(&mut t, 0, &result(Some(5), None), false);
    assert_eq!(t.session.records().len(), count + 5);

    // Nonsense is refused with the same sentences as anywhere.
    assert!(matches!(
        seat_form::entry(&t.session, 1, &result(Some(-1), None), false),
        Err(EntryRefused::Rule(_))
    ));
    assert!(matches!(
        seat_form::entry(&t.session, 1, &result(Some(10_000_000), None), false),
        Err(EntryRefused::Rule(_))
    ));

    // Ben's phone never answered: the table confirms what is there, Ben's as 0 (as the
    // window's empty field always counted), and the step is closed to every phone.
    let results = (t.session.state().answers.iter())
        .map(|a| a.unwrap_or(0))
        .collect();
    t.ok(Event::RecordObjective { results });
    let outcome = t.session.state().round_ends[0].objective.clone().unwrap();
    assert_eq!(outcome.results, vec![5, 0]);
    assert_eq!(
        t.session.state().answers,
        vec![None, None],
        "the next round asks afresh"
    );
    assert!(seat_form::form(&t.session, 1, false).result.is_none());
    assert_eq!(
        seat_form::entry(&t.session, 1, &result(Some(2), None), false),
        Err(EntryRefused::Closed),
        "a value that arrives after the step closed"
    );
    // The rules refuse it too (the window's path): no result outside step 1.
    t.refused(Event::EnterResult {
        player: 1,
        result: Some(2),
    });
}

#[test]
fn terravist_sheet_column_shows_what_the_app_worked_out_and_takes_the_players_values() {
    let mut t = at_round_end();
    t.ok(Event::Settle {
        player: 0,
        card: card("Owl", 4, 3, &["forest"], 2),
        habitat: "forest".into(),
    });
    // Mid-game the sheet is open only while the window shows it.
    assert_eq!(
        seat_form::entry(&t.session, 0, &cell("positions", 0, Some(3), None), false),
        Err(EntryRefused::Closed)
    );
    let column = seat_form::form(&t.session, 0, true).column.expect("open");
    let parts: Vec<&str> = (column.cells.iter())
        .map(|c| match &c.field {
            Field::Cell { part, .. } => part.as_str(),
            Field::Tie { breaker } => breaker.as_str(),
            Field::Result => "result",
        })
        .collect();
    assert_eq!(
        parts,
        [
            "creatures",
            "positions",
            "objectives",
            "development",
            "eggs",
            "tucked"
        ]
    );
    let creatures = &column.cells[0];
    assert_eq!(
        creatures.computed,
        Some(Points::whole(4)),
        "the Owl's Smiles"
    );
    assert_eq!(creatures.value, None);

    // Aki's phone types positions 3 and overrides creatures with 6; the total follows.
    from_phone(&mut t, 0, &cell("positions", 0, Some(3), None), true);
    from_phone(&mut t, 0, &cell("creatures", 0, Some(6), None), true);
    let column = seat_form::form(&t.session, 0, true).column.unwrap();
    assert_eq!(column.cells[1].value, Some(3));
    assert_eq!(column.cells[0].value, Some(6));
    assert_eq!(column.cells[0].computed, Some(Points::whole(4)));
    assert_eq!(column.total, Some(t.session.sheet().players[0].total));
    assert_eq!(t.session.sheet().players[0].parts[0], Points::whole(6));
    assert!(!column.cells[0].by_table);

    // A negative value is not one TERRAVIST's sheet holds: refused, nothing written.
    let count = t.session.records().len();
    assert_eq!(
        seat_form::entry(&t.session, 1, &cell("positions", 0, Some(-2), None), true)
            .map(|_| ())
            .unwrap_err()
            .text()
            .render(tablekeeper::i18n::Locale::EN),
        "② Position cards cannot be below 0."
    );
    assert_eq!(t.session.records().len(), count);

    // Ready marks the column, and can be taken back.
    t.ok(Event::Ready {
        player: 0,
        ready: true,
    });
    assert!(seat_form::form(&t.session, 0, true).column.unwrap().ready);
    t.ok(Event::Ready {
        player: 0,
        ready: false,
    });
    assert!(!seat_form::form(&t.session, 0, true).column.unwrap().ready);
}

fn earth(names: &[&str]) -> PlaySession {
    let profile = GameProfile::shipped("earth").unwrap();
    PlaySession::new(profile, setup(names, 0, 0), at(0)).unwrap()
}

#[test]
fn another_game_takes_the_same_path_and_keeps_the_shared_parts_at_the_table() {
    let mut s = earth(&["Aki", "Ben", "Chie"]);
    s.apply(PlayEvent::StartGame, at(1)).unwrap();
    s.apply(PlayEvent::EndGame { ending: None }, at(2)).unwrap();
    // The game's end opens the sheet to every phone.
    let column = seat_form::form(&s, 2, false)
        .column
        .expect("the end opens it");
    let find = |id: &str| {
        (column.cells.iter())
            .find(|c| matches!(&c.field, Field::Cell { part, .. } if part == id))
            .unwrap()
            .clone()
    };
    assert_eq!(find("compost").min, Some(0), "a count is never negative");
    assert!(
        find("fauna").table_only,
        "cards claimed in order are the table's"
    );
    assert!(find("full_tableau").table_only);
    assert_eq!(
        seat_form::entry(&s, 2, &cell("fauna", 0, Some(5), None), false),
        Err(EntryRefused::TableOnly)
    );
    let write = |s: &mut PlaySession, entry: SeatEntry, secs: i64| match seat_form::entry(
        s, 2, &entry, false,
    ) {
        Ok(Accepted::Write(event)) => {
            let record = Record {
                at: at(secs),
                event,
                phone: Some(2),
            };
            s.apply_record(record).unwrap();
        }
        other => panic!("{other:?}"),
    };
    write(&mut s, cell("cards", 0, Some(21), None), 3);
    write(&mut s, cell("compost", 0, Some(7), None), 4);
    let column = seat_form::form(&s, 2, false).column.unwrap();
    let sheet = tablekeeper::session::Game::sheet(&s).unwrap();
    assert_eq!(column.total, Some(sheet.players[2].total));
    assert_eq!(sheet.players[2].total, Points::whole(28));
    assert!(
        matches!(
            seat_form::entry(&s, 2, &cell("compost", 0, Some(-1), Some(7)), false),
            Ok(Accepted::Write(_))
        ),
        "the entry is the engine's event; its rules refuse it when applied"
    );
    let Ok(Accepted::Write(event)) =
        seat_form::entry(&s, 2, &cell("compost", 0, Some(-1), Some(7)), false)
    else {
        unreachable!()
    };
    assert!(
        s.apply(event, at(5)).is_err(),
        "a negative count is refused"
    );
}

#[test]
fn a_per_n_part_takes_each_count_on_its_own_field() {
    let profile = GameProfile::shipped("rats-of-wistar").unwrap();
    let mut s = PlaySession::new(profile, setup(&["Aki", "Ben"], 0, 0), at(0)).unwrap();
    s.apply(PlayEvent::StartGame, at(1)).unwrap();
    let column = seat_form::form(&s, 1, true).column.unwrap();
    let leftovers: Vec<_> = (column.cells.iter())
        .filter(|c| matches!(&c.field, Field::Cell { part, .. } if part == "leftovers"))
        .collect();
    assert_eq!(
        leftovers.len(),
        4,
        "wood, metal, move tokens, cards in hand"
    );
    assert!(leftovers[..3].iter().all(|c| c.points.is_none()));
    for (count, value) in [(1, 3), (3, 2)] {
        let was = (count == 3).then_some(0);
        let entry = seat_form::entry(&s, 1, &cell("leftovers", count, Some(value), was), true);
        let Ok(Accepted::Write(event)) = entry else {
            panic!("{entry:?}")
        };
        // Written as Ben's phone's: the next count typed on it is its own to change.
        let record = Record {
            at: at(2 + count as i64),
            event,
            phone: Some(1),
        };
        s.apply_record(record).unwrap();
    }
    let column = seat_form::form(&s, 1, true).column.unwrap();
    let values: Vec<Option<i64>> = (column.cells.iter())
        .filter(|c| matches!(&c.field, Field::Cell { part, .. } if part == "leftovers"))
        .map(|c| c.value)
        .collect();
    assert_eq!(values, [Some(0), Some(3), Some(0), Some(2)]);
    // An empty track counts where its marker starts (The Rats of Wistar's VP track: 10): the
    // phone's field shows that, never 0.
    let track = (column.cells.iter())
        .find(|c| matches!(&c.field, Field::Cell { part, .. } if part == "vp_track"))
        .unwrap();
    assert_eq!(track.value, None);
    assert_eq!(track.computed, Some(Points::whole(10)));
    assert_eq!(track.points, Some(Points::whole(10)));
}

#[test]
fn the_journal_line_says_which_phone_entered_it_and_old_lines_read_as_the_windows() {
    let line = r#"{"at":"2026-11-25T10:00:00Z","type":"set_score","player":2,"part":"eggs","value":4,"phone":2}"#;
    let record: Record<Event> = serde_json::from_str(line).unwrap();
    assert_eq!(record.phone, Some(2));
    assert_eq!(
        record.event,
        Event::SetScore {
            player: 2,
            part: "eggs".into(),
            value: Some(4)
        }
    );
    let back = serde_json::to_value(&record).unwrap();
    assert_eq!(back["phone"], 2);
    let old = r#"{"at":"2026-11-25T10:00:00Z","type":"add_egg","creature":0}"#;
    let record: Record<Event> = serde_json::from_str(old).unwrap();
    assert_eq!(record.phone, None);
    assert!(
        !serde_json::to_string(&record).unwrap().contains("phone"),
        "the window's events are written as before"
    );
}

mod own_cards {
    use super::*;
    use tablekeeper::kit::error::RuleError;
    use tablekeeper::session::turn_form::{CardFields, TurnAction};
    use tablekeeper::session::{Game, NotTaken, TableAct};

    fn owl() -> CardFields {
        CardFields {
            name: "Owl".into(),
            smiles: 4,
            egg_limit: 2,
            level: 2,
            habitats: vec!["forest".into()],
        }
    }

    fn act(t: &mut Table, seat: usize, action: TurnAction) -> Result<(), RuleError> {
        let act = TableAct::Turn { seat, action };
        let event = match t.session.act(&act, false, chrono::Utc::now()) {
            Ok(event) => event,
            Err(NotTaken::Rule(rule)) => return Err(rule),
            Err(other) => panic!("an action on the cards is refused by a rule: {other:?}"),
        };
        t.now += 1;
        let event = event
            .into_event::<tablekeeper::terravist::Terravist>()
            .unwrap();
        let record = Record {
            at: at(t.now),
            event,
            phone: Some(seat),
        };
        t.session.apply_record(record).map(drop)
    }

    #[test]
    fn only_the_player_whose_turn_it_is_records_and_only_on_their_own_cards() {
        let mut t = Table::new(&["Aki", "Ben"], 0, 3);
        t.start("forest", &["lv0", "lv1", "lv2", "lv3", "human"]);
        assert!(t.session.turn_form(1).is_none(), "not Ben's turn");
        let form = t.session.turn_form(0).expect("Aki's turn");
        assert!(form.cards.is_empty());
        assert!(
            form.habitats
                .iter()
                .any(|h| h.id == "forest" && h.developed)
        );
        assert_eq!(
            act(
                &mut t,
                1,
                TurnAction::Develop {
                    habitat: "river".into()
                }
            ),
            Err(RuleError::NotYourTurn)
        );
        act(
            &mut t,
            0,
            TurnAction::Settle {
                card: owl(),
                habitat: "forest".into(),
            },
        )
        .unwrap();
        act(&mut t, 0, TurnAction::AddEgg { card: 0 }).unwrap();
        act(&mut t, 0, TurnAction::AddEgg { card: 0 }).unwrap();
        // The egg limit is the rules' own refusal, the window's sentence.
        assert!(matches!(
            act(&mut t, 0, TurnAction::AddEgg { card: 0 }),
            Err(RuleError::EggCapacity { .. })
        ));
        let form = t.session.turn_form(0).unwrap();
        assert_eq!((form.cards[0].eggs, form.cards[0].egg_limit), (2, 2));
        // The automatic sheet counts the card: its Smiles and its eggs.
        let sheet = t.session.sheet();
        assert_eq!(sheet.players[0].parts[0], Points::whole(4));
        assert_eq!(sheet.players[0].parts[4], Points::whole(2));
        assert_eq!(t.session.records().last().unwrap().phone, Some(0));

        // Ben's turn: Aki's Owl is not his to feed, but its niche is his to steal, at a cost.
        t.next(1);
        assert!(matches!(
            act(&mut t, 1, TurnAction::AddEgg { card: 0 }),
            Err(RuleError::NotYourCard { .. })
        ));
        let form = t.session.turn_form(1).unwrap();
        let target = &form.targets[0];
        assert_eq!(
            (target.owner.as_str(), target.humans, target.eggs),
            ("Aki", 1, 3)
        );
        assert!(
            matches!(
                act(
                    &mut t,
                    1,
                    TurnAction::Steal {
                        target: 0,
                        card: owl()
                    }
                ),
                Err(RuleError::NotEnoughEggsToSteal { .. })
            ),
            "Ben has no eggs to pay with"
        );
    }
}

#[test]
fn no_phone_is_shown_another_players_result_before_step_one_closes() {
    use tablekeeper::session::Game;
    let mut t = at_round_end();
    from_phone(&mut t, 0, &result(Some(7), None), false);
    let said = |t: &Table| {
        let step = Game::table_step(&t.session).expect("a step waits");
        let lines: Vec<String> = (step.lines.iter())
            .map(|line| line.text.render(tablekeeper::i18n::Locale::EN))
            .collect();
        (step.key, step.who, lines.join("\n"), step.waiting)
    };
    let (key, who, lines, waiting) = said(&t);
    assert_eq!(
        (key.as_str(), who),
        ("r1s1", 0),
        "the parent's phone confirms it"
    );
    assert!(
        !lines.contains('7'),
        "Aki's 7 is hers until the step closes: {lines}"
    );
    assert_eq!(waiting, vec![1], "Ben has not answered");
    // The window (the table) places the markers: now every phone may see how it went.
    t.ok(Event::RecordObjective {
        results: vec![7, 0],
    });
    let (key, _, lines, _) = said(&t);
    assert_eq!(key, "r1s2");
    assert!(lines.contains("Aki: 7 ▶ rank 1"), "{lines}");
}
