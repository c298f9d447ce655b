//! Who may do what at a table, read once (`remote::Table::read`, with `remote::may`'s rules):
//! every act a phone makes for the table rather than for its own column, under both hosts (the
//! window, `serve` with no window), from its own seat, another seat, the host's phone, and a
//! phone gone from the table. The keeper applies what this reading says; the phones' server
//! only refuses early with the same rules. Before, the keeper applied a counter, a shared part,
//! an ending or another seat's column from any seat the server let through, and took the
//! server's word (a `stand_in` flag, an `alone` flag) for who stood in and who was alone.

use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use tablekeeper::any_game::{PlayEvent, PlaySession};
use tablekeeper::kit::game_profile::GameProfile;
use tablekeeper::remote::{Asked, Device, Host, PhoneMessage, Presence, Table, TableNow};
use tablekeeper::session::seat_form::{Field, SeatEntry};
use tablekeeper::session::table_step::SharedEntry;
use tablekeeper::session::{Colour, Game, Lineup, Player, TableAct};
use tablekeeper::vocabulary::Seat;

/// The grace these tables run with: 30 s (the table's own is 2 minutes).
const GRACE: Duration = Duration::from_secs(30);

fn at(s: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 19, 0, 0).unwrap() + chrono::Duration::seconds(s.into())
}

/// A shipped game of `names` on `sides`, started, with `events` played.
fn game(id: &str, names: &[&str], sides: &[&str], events: &[PlayEvent]) -> PlaySession {
    let lineup = Lineup {
        players: (names.iter().zip(Colour::ALL))
            .map(|(name, colour)| Player {
                name: name.to_string(),
                colour,
            })
            .collect(),
        parent: 0,
        first_round_turns: 0,
        sides: sides.iter().map(|s| s.to_string()).collect(),
        clock: Default::default(),
    };
    let profile = GameProfile::shipped(id).unwrap();
    let mut session = PlaySession::new(profile, lineup, at(0)).unwrap();
    session.apply(PlayEvent::StartGame, at(1)).unwrap();
    for (n, event) in events.iter().enumerate() {
        session.apply(event.clone(), at(2 + n as u32)).unwrap();
    }
    session
}

/// Every seat's phone at the table; the host's phone, where it has one, on `host_phone`.
fn everyone(players: usize, host_phone: Option<Seat>) -> Presence {
    Presence {
        at_table: (0..players).collect(),
        gone_for: Vec::new(),
        host_phone,
        heard: true,
        grace: GRACE,
        devices: Vec::new(),
        free_in: None,
    }
}

/// Whether the reading applies `message` to `game` (an event for the journal), under `host`
/// with `presence`, the sheet open or not.
fn applies(
    game: &dyn Game,
    host: Host,
    presence: &Presence,
    sheet_open: bool,
    message: PhoneMessage,
) -> bool {
    let table = Table {
        game,
        rev: 0,
        sheet_open,
        now: at(100),
        host,
        presence,
    };
    // A Ready for another's column is taken as a mark that waits for a second device
    // (`Asked::Vouch`): it is let through all the same.
    matches!(
        table.read(message),
        Asked::Apply { .. } | Asked::Vouch { .. }
    )
}

/// Who, of each seat, may make an act under each host: `[window, serve]` per seat.
fn allowed(
    game: &dyn Game,
    presence: &Presence,
    sheet_open: bool,
    message: impl Fn(Seat) -> PhoneMessage,
) -> Vec<[bool; 2]> {
    (0..game.players().len())
        .map(|seat| {
            [Host::Window, Host::Alone]
                .map(|host| applies(game, host, presence, sheet_open, message(seat)))
        })
        .collect()
}

/// Leviath (004): the counters move from the phone whose turn it is, or the host's where no
/// window keeps the table; no other seat's phone, and under a window no "host" at all.
#[test]
fn a_counter_moves_from_the_turns_phone_or_the_hosts_under_serve_only() {
    let leviath = game(
        "leviath",
        &["Aki", "Ben", "Mon"],
        &["humans", "humans", "monster"],
        &[],
    );
    let current = leviath.glance(at(100)).current.expect("a turn");
    let host = (0..3).find(|&s| s != current).unwrap();
    let other = (0..3).find(|&s| s != current && s != host).unwrap();
    let counter = |seat| PhoneMessage::Act {
        seat,
        rev: 0,
        act: TableAct::Counter {
            id: "ships".into(),
            change: -1,
        },
    };
    let may = allowed(&leviath, &everyone(3, Some(host)), false, counter);
    assert_eq!(may[current], [true, true], "the turn's phone");
    assert_eq!(
        may[host],
        [false, true],
        "the host's phone, under serve only"
    );
    assert_eq!(may[other], [false, false], "another seat's phone");
    // A gone phone's seat: the rule is the turn, not presence.
    let mut gone = everyone(3, Some(host));
    gone.at_table.retain(|&s| s != current);
    let may = allowed(&leviath, &gone, false, counter);
    assert_eq!(may[current], [true, true]);
    // A stale state is refused whoever asks.
    let stale = PhoneMessage::Act {
        seat: current,
        rev: 7,
        act: TableAct::Counter {
            id: "ships".into(),
            change: -1,
        },
    };
    assert!(!applies(&leviath, Host::Alone, &gone, false, stale));
}

/// Leviath: the game ends by hand from the monster's phone, or the host's under serve; a
/// human's phone cannot end it for the whole table.
#[test]
fn a_game_of_sides_ends_from_the_lone_sides_phone_or_the_hosts_under_serve_only() {
    let leviath = game(
        "leviath",
        &["Aki", "Ben", "Mon"],
        &["humans", "humans", "monster"],
        &[PlayEvent::NextTurn],
    );
    let end = |seat| PhoneMessage::Act {
        seat,
        rev: 0,
        act: TableAct::End {
            ending: Some("no_ships".into()),
        },
    };
    let may = allowed(&leviath, &everyone(3, Some(0)), false, end);
    assert_eq!(may, vec![[false, true], [false, false], [true, true]]);
    // With no host phone seated, only the monster's.
    let may = allowed(&leviath, &everyone(3, None), false, end);
    assert_eq!(may, vec![[false, false], [false, false], [true, true]]);
}

/// Earth: the sheet's shared parts (the fauna cards' leaves) come from the host's phone under
/// serve; under a window from no phone of a table of two (the window enters them), and from the
/// lone player's phone in a solo game, whoever keeps the table.
#[test]
fn the_sheets_shared_parts_come_from_the_hosts_phone_or_a_lone_players() {
    let earth = game(
        "earth",
        &["Aki", "Ben"],
        &[],
        &[PlayEvent::Trigger, PlayEvent::NextTurn, PlayEvent::NextTurn],
    );
    let fauna = |seat| PhoneMessage::Act {
        seat,
        rev: 0,
        act: TableAct::Shared(SharedEntry {
            part: "fauna".into(),
            card: 0,
            seats: vec![seat],
            values: Vec::new(),
        }),
    };
    let may = allowed(&earth, &everyone(2, Some(1)), true, fauna);
    assert_eq!(may, vec![[false, false], [false, true]]);

    let solo = game(
        "earth",
        &["Aki"],
        &[],
        &[PlayEvent::Trigger, PlayEvent::NextTurn],
    );
    let may = allowed(&solo, &everyone(1, None), true, fauna);
    assert_eq!(may, vec![[true, true]]);
}

/// A step waits on its own phone; another may confirm it in its place only once that phone
/// has been gone for 30 s, and then only the next seat round the table whose phone is there.
/// Before, the keeper took the server's `stand_in` flag for it.
#[test]
fn a_step_is_confirmed_by_its_phone_or_after_30_s_gone_by_the_next_seat_there() {
    let generic = game("generic", &["Aki", "Ben", "Chie"], &[], &[]);
    let step = generic.table_step().expect("the trigger step");
    let who = step.who;
    let (next, after) = ((who + 1) % 3, (who + 2) % 3);
    let confirm = |seat| PhoneMessage::Act {
        seat,
        rev: 0,
        act: TableAct::Step {
            key: step.key.clone(),
            card: None,
        },
    };
    let here = everyone(3, None);
    let may = allowed(&generic, &here, false, confirm);
    assert_eq!(may[who], [true, true]);
    assert_eq!((may[next], may[after]), ([false, false], [false, false]));

    let gone = |for_: u64| Presence {
        at_table: vec![next, after],
        gone_for: vec![(who, Duration::from_secs(for_))],
        host_phone: None,
        heard: true,
        grace: GRACE,
        devices: Vec::new(),
        free_in: None,
    };
    let may = allowed(&generic, &gone(5), false, confirm);
    assert_eq!(
        may[next],
        [false, false],
        "a reload is no reason to pass it on"
    );
    let may = allowed(&generic, &gone(31), false, confirm);
    assert_eq!((may[next], may[after]), ([true, true], [false, false]));
    // The next seat gone too: the one after it stands in.
    let mut both = gone(31);
    both.at_table = vec![after];
    let may = allowed(&generic, &both, false, confirm);
    assert_eq!((may[next], may[after]), ([false, false], [true, true]));
}

/// Another player's column is filled from a phone only while that player's phone is gone
/// from the table at the open sheet; never while it is there.
#[test]
fn another_seats_column_is_filled_only_while_its_phone_is_gone() {
    let generic = game("generic", &["Aki", "Ben"], &[], &[PlayEvent::Trigger]);
    let points = |seat| PhoneMessage::Enter {
        seat,
        id: "points".into(),
        entry: SeatEntry {
            field: Field::Cell {
                part: "points".into(),
                count: 0,
            },
            value: Some(12),
            was: None,
        },
    };
    let for_ben = PhoneMessage::For {
        by: 0,
        message: Box::new(points(1)),
    };
    for host in [Host::Window, Host::Alone] {
        let here = everyone(2, None);
        assert!(
            applies(&generic, host, &here, true, points(0)),
            "{host:?}: Aki's own column"
        );
        assert!(
            !applies(&generic, host, &here, true, for_ben.clone()),
            "{host:?}: Ben's phone is here"
        );
        let ben_gone = |for_: u64| Presence {
            at_table: vec![0],
            gone_for: vec![(1, Duration::from_secs(for_))],
            host_phone: None,
            heard: true,
            grace: GRACE,
            devices: Vec::new(),
            free_in: None,
        };
        // A screen locked for a moment: Ben's column stays his (issue 68, case 8).
        assert!(
            !applies(&generic, host, &ben_gone(3), true, for_ben.clone()),
            "{host:?}: Ben's phone gone 3 s, within the grace"
        );
        let ben_gone = ben_gone(31);
        assert!(
            applies(&generic, host, &ben_gone, true, for_ben.clone()),
            "{host:?}: Ben's phone is gone past the grace"
        );
        assert!(
            !applies(&generic, host, &ben_gone, false, for_ben.clone()),
            "{host:?}: the sheet is not open"
        );
    }
}

/// Whether a phone asking to abandon is alone at the table is the presence's to say, not the
/// phone's: a message carries no such claim.
#[test]
fn a_phone_is_alone_at_the_table_only_when_no_other_seats_phone_is_there() {
    let generic = game("generic", &["Aki", "Ben"], &[], &[]);
    let alone = |presence: &Presence| {
        let table = Table {
            game: &generic,
            rev: 0,
            sheet_open: false,
            now: at(100),
            host: Host::Alone,
            presence,
        };
        match table.read(PhoneMessage::Abandon {
            seat: 0,
            abandon: true,
        }) {
            Asked::Abandon { alone, .. } => alone,
            other => panic!("{other:?}"),
        }
    };
    assert!(!alone(&everyone(2, Some(0))));
    // Ben's screen locked a moment ago: he is still at the table (issue 68, case 6).
    let mut ben_locked = everyone(2, Some(0));
    ben_locked.at_table = vec![0];
    ben_locked.gone_for = vec![(1, Duration::from_secs(10))];
    assert!(!alone(&ben_locked));
    // Gone past the grace, or never heard again: Aki is alone.
    ben_locked.gone_for = vec![(1, Duration::from_secs(31))];
    assert!(alone(&ben_locked));
    let mut ben_gone = everyone(2, Some(0));
    ben_gone.at_table = vec![0];
    assert!(alone(&ben_gone));
}

/// With no transport to hear the phones (the phones turned off, a message still queued), no
/// phone is known to be gone: nobody is alone, stands in for a step or fills another's column.
#[test]
fn with_no_phone_heard_nobody_is_gone() {
    let unheard = Presence::default();
    let generic = game("generic", &["Aki", "Ben"], &[], &[]);
    let table = Table {
        game: &generic,
        rev: 0,
        sheet_open: false,
        now: at(100),
        host: Host::Window,
        presence: &unheard,
    };
    let abandon = PhoneMessage::Abandon {
        seat: 0,
        abandon: true,
    };
    assert!(matches!(
        table.read(abandon),
        Asked::Abandon { alone: false, .. }
    ));
    let step = generic.table_step().expect("the trigger step");
    let other = (step.who + 1) % 2;
    let confirm = PhoneMessage::Act {
        seat: other,
        rev: 0,
        act: TableAct::Step {
            key: step.key.clone(),
            card: None,
        },
    };
    assert!(!applies(&generic, Host::Window, &unheard, false, confirm));
    let over = game("generic", &["Aki", "Ben"], &[], &[PlayEvent::Trigger]);
    let for_ben = PhoneMessage::For {
        by: 0,
        message: Box::new(PhoneMessage::Ready {
            seat: 1,
            ready: true,
            rev: None,
        }),
    };
    assert!(!applies(
        &over,
        Host::Alone,
        &unheard,
        true,
        for_ben.clone()
    ));
    // Heard, with Ben's phone gone, the same request fills his column.
    let ben_gone = Presence {
        at_table: vec![0],
        heard: true,
        ..Presence::default()
    };
    assert!(applies(
        &over,
        Host::Alone,
        &ben_gone,
        true,
        for_ben.clone()
    ));
    // It is Aki's phone's mark, not Ben's Ready yet: a second device confirms it (issue 68,
    // case 8). Seats on one device are named, so they confirm nothing to each other.
    let one_device = Presence {
        devices: vec![(0, Device(vec![[192, 168, 1, 7].into()]))],
        ..ben_gone
    };
    let table = Table {
        game: &over,
        rev: 0,
        sheet_open: true,
        now: at(100),
        host: Host::Alone,
        presence: &one_device,
    };
    match table.read(for_ben) {
        Asked::Vouch {
            seat, by, device, ..
        } => assert_eq!(
            (seat, by, device),
            (1, 0, Device(vec![[192, 168, 1, 7].into()]))
        ),
        other => panic!("{other:?}"),
    }
}

/// Whether the table the phones are shown of `game` (under `host`, with `presence` heard)
/// admits `act` from `seat`'s phone at once: the server's early answer.
fn admitted(
    game: &dyn Game,
    host: Host,
    presence: &Presence,
    sheet_open: bool,
    seat: Seat,
    act: &TableAct,
) -> bool {
    let mut shown = TableNow::of_game(game, at(100), sheet_open, 0, None);
    shown.keeper = host;
    shown.hear(presence);
    shown.admits(seat, 0, act).is_ok()
}

/// The server's early answer (`TableNow::admits`, on what the phones were shown) and the
/// keeper's reading (`Table::read`, on the live game) say the same of who may: for each act a
/// phone makes for the table, each seat, both hosts and a phone here, gone a moment or gone a
/// while. A drift between the two is a button that is refused, or a refusal that is applied.
#[test]
fn the_servers_early_answer_and_the_keepers_reading_agree_on_who_may() {
    let leviath = game(
        "leviath",
        &["Aki", "Ben", "Mon"],
        &["humans", "humans", "monster"],
        &[PlayEvent::NextTurn],
    );
    let earth = game(
        "earth",
        &["Aki", "Ben"],
        &[],
        &[PlayEvent::Trigger, PlayEvent::NextTurn, PlayEvent::NextTurn],
    );
    let generic = game("generic", &["Aki", "Ben", "Chie"], &[], &[]);
    let playing = game(
        "generic",
        &["Aki", "Ben", "Chie"],
        &[],
        &[PlayEvent::Trigger],
    );
    let step = generic.table_step().expect("the trigger step");
    let cases: Vec<(&dyn Game, bool, TableAct)> = vec![
        (
            &leviath,
            false,
            TableAct::Counter {
                id: "ships".into(),
                change: -1,
            },
        ),
        (
            &leviath,
            false,
            TableAct::End {
                ending: Some("no_ships".into()),
            },
        ),
        (
            &earth,
            true,
            TableAct::Shared(SharedEntry {
                part: "fauna".into(),
                card: 0,
                seats: vec![1],
                values: Vec::new(),
            }),
        ),
        (
            &generic,
            false,
            TableAct::Step {
                key: step.key.clone(),
                card: None,
            },
        ),
        (&playing, false, TableAct::Next),
        (&playing, false, TableAct::Pause { paused: true }),
    ];
    let gone = |who: Seat, for_: u64, players: usize| Presence {
        at_table: (0..players).filter(|&s| s != who).collect(),
        gone_for: vec![(who, Duration::from_secs(for_))],
        host_phone: Some((who + 1) % players),
        heard: true,
        grace: GRACE,
        devices: Vec::new(),
        free_in: None,
    };
    let mut compared = 0;
    for (game, sheet_open, act) in &cases {
        let players = game.players().len();
        let presences = [
            everyone(players, None),
            everyone(players, Some(0)),
            gone(0, 5, players),
            gone(0, 60, players),
            gone(1, 60, players),
        ];
        for presence in &presences {
            for host in [Host::Window, Host::Alone] {
                for seat in 0..players {
                    let message = PhoneMessage::Act {
                        seat,
                        rev: 0,
                        act: act.clone(),
                    };
                    let read = applies(*game, host, presence, *sheet_open, message);
                    let early = admitted(*game, host, presence, *sheet_open, seat, act);
                    assert_eq!(
                        early, read,
                        "{act:?} from seat {seat} under {host:?} with {presence:?}"
                    );
                    compared += 1;
                }
            }
        }
    }
    // Each case is asked of every seat under both hosts and five presences.
    assert_eq!(compared, 5 * 2 * (3 + 3 + 2 + 3 + 3 + 3));
}
