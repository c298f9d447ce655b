//! The registry's rules tried on their own: who takes, asks, answers, takes back, is the host;
//! what is forgotten, and what a device is.

use super::*;

const LIMITS: Limits = Limits {
    phones: 4,
    phones_per_address: 2,
    seats_per_address: 1,
    ..Limits::TABLE
};

fn ip(n: u8) -> IpAddr {
    IpAddr::from([192, 168, 1, n])
}

const NONE: fn(&str) -> bool = |_| false;

/// `id` asks for `seat` and the table gives it.
fn seat(registry: &mut Registry, id: &str, seat: Seat, address: IpAddr, now: Instant) {
    let asked = registry.take(id, Some(seat), address, now, &LIMITS, NONE);
    assert_eq!(asked, Ok(Taking::Asked { news: true }));
    assert!(registry.give(seat, id, now).is_some());
}

#[test]
fn a_seat_no_phone_holds_is_asked_for_and_only_the_table_gives_it() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    let asked = registry.take("ben", Some(1), ip(1), t0, &LIMITS, NONE);
    assert_eq!(asked, Ok(Taking::Asked { news: true }));
    // Asking again (the page asks on every update) is no news for the window.
    let again = registry.take("ben", Some(1), ip(1), t0, &LIMITS, NONE);
    assert_eq!(again, Ok(Taking::Asked { news: false }));
    // A made-up id asks for the same seat from another address.
    let thief = registry.take("thief", Some(1), ip(2), t0, &LIMITS, NONE);
    assert_eq!(thief, Ok(Taking::Asked { news: true }));
    assert_eq!(registry.asks(t0).len(), 2);
    assert_eq!(registry.holder(1), None, "asking is not holding");

    assert_eq!(registry.give(1, "ben", t0), Some(None));
    assert_eq!(registry.holder(1), Some("ben"));
    assert!(registry.asks(t0).is_empty(), "the other ask is answered");
    // The other asker is refused, and may not ask again for a while.
    assert_eq!(
        registry.take("thief", Some(1), ip(2), t0, &LIMITS, NONE),
        Err(Refusal::Taken)
    );
    assert_eq!(registry.give(1, "thief", t0), None);
    // Ben's phone takes its seat again after a reload: no ask.
    assert_eq!(
        registry.take("ben", Some(1), ip(1), t0, &LIMITS, NONE),
        Ok(Taking::Seated(Some(1)))
    );
}

/// The countdown to a free table runs only while no seated phone has its stream open, from
/// the seated phone heard last; a device is known by every address it was heard from.
#[test]
fn the_free_table_counts_down_and_a_device_keeps_its_addresses() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    let free_after = Duration::from_secs(300);
    assert_eq!(
        registry.free_in(NONE, free_after, t0),
        None,
        "no seat, no countdown"
    );
    seat(&mut registry, "aki", 0, ip(1), t0);
    seat(&mut registry, "ben", 1, ip(2), t0);
    let later = t0 + Duration::from_secs(100);
    assert_eq!(
        registry.free_in(NONE, free_after, later),
        Some(Duration::from_secs(200))
    );
    assert_eq!(registry.free_in(|id| id == "ben", free_after, later), None);
    registry.heard("ben", later);
    assert_eq!(
        registry.free_in(NONE, free_after, later + Duration::from_secs(10)),
        Some(Duration::from_secs(290)),
        "from the phone heard last"
    );
    // Ben's phone heard from another address too: still the device of both.
    registry.heard_from("ben", ip(9), later);
    let devices = registry.devices();
    let ben = &devices.iter().find(|(s, _)| *s == 1).unwrap().1;
    assert_eq!(ben.0, vec![ip(2), ip(9)]);
}

#[test]
fn a_refused_phone_may_not_ask_again_for_a_while_and_an_ask_lapses() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    registry
        .take("x", Some(0), ip(1), t0, &LIMITS, NONE)
        .unwrap();
    assert!(registry.refuse(0, "x", t0));
    assert_eq!(
        registry.take("x", Some(0), ip(1), t0, &LIMITS, NONE),
        Err(Refusal::Refused)
    );
    // A new id made up on the same device is that device all the same.
    assert_eq!(
        registry.take("y", Some(0), ip(1), t0, &LIMITS, NONE),
        Err(Refusal::Refused)
    );
    let later = t0 + REFUSED_FOR;
    assert_eq!(
        registry.take("x", Some(0), ip(1), later, &LIMITS, NONE),
        Ok(Taking::Asked { news: true })
    );
    assert_eq!(registry.asking("x", later), Some(0));
    assert_eq!(registry.asking("x", later + ASK_LAPSES), None);
    assert!(registry.asks(later + ASK_LAPSES).is_empty());
    assert_eq!(registry.give(0, "x", later + ASK_LAPSES), None);
}

#[test]
fn a_device_asks_once_for_a_seat_whatever_ids_it_makes_up() {
    let limits = Limits {
        seats_per_address: 4,
        ..LIMITS
    };
    let mut registry = Registry::default();
    let t0 = Instant::now();
    for id in ["m1", "m2", "m3"] {
        let asked = registry.take(id, Some(1), ip(7), t0, &limits, NONE);
        assert_eq!(asked, Ok(Taking::Asked { news: true }));
    }
    let asks = registry.asks(t0);
    assert_eq!(asks.len(), 1, "{asks:?}");
    assert_eq!(asks[0].phone, "m3", "the newest id's ask stands");
    // Dropped, a phone's ask goes with it.
    registry.drop_phone("m3");
    assert!(registry.asks(t0).is_empty());
}

#[test]
fn asks_are_bounded_per_address_and_in_all() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    registry
        .take("a", Some(0), ip(1), t0, &LIMITS, NONE)
        .unwrap();
    // One address has one ask here (`seats_per_address`); a phone's newer ask replaces its own.
    assert_eq!(
        registry.take("b", Some(1), ip(1), t0, &LIMITS, NONE),
        Err(Refusal::TooManyAsks)
    );
    assert_eq!(
        registry.take("a", Some(2), ip(1), t0, &LIMITS, NONE),
        Ok(Taking::Asked { news: true })
    );
    assert_eq!(registry.asks(t0).len(), 1);
    for n in 0..20u8 {
        let id = format!("id{n}");
        let _ = registry.take(&id, Some(usize::from(n)), ip(10 + n), t0, &LIMITS, NONE);
    }
    assert_eq!(registry.asks(t0).len(), ASKS);
}

#[test]
fn an_address_holds_its_share_of_phones_and_an_idle_id_makes_room() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    seat(&mut registry, "a", 0, ip(1), t0);
    assert_eq!(
        registry.take("b", None, ip(1), t0, &LIMITS, NONE),
        Ok(Taking::Seated(None))
    );
    // A third id from the same address takes the idle one's place, never the seat's.
    assert_eq!(
        registry.take("c", None, ip(1), t0, &LIMITS, NONE),
        Ok(Taking::Seated(None))
    );
    assert!(registry.get("b").is_none() && registry.get("a").is_some());
    // A streaming id is not idle: with both held, the address is full.
    let streaming = |id: &str| id == "c";
    assert_eq!(
        registry.take("d", None, ip(1), t0, &LIMITS, streaming),
        Err(Refusal::TooManyPhones)
    );
    // Another address is not touched by this one's share.
    seat(&mut registry, "e", 1, ip(2), t0);
    assert_eq!(
        registry.take("f", Some(1), ip(3), t0, &LIMITS, NONE),
        Err(Refusal::Taken)
    );
}

#[test]
fn an_id_with_no_seat_and_no_stream_is_forgotten_after_a_while() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    registry
        .take("idle", None, ip(1), t0, &LIMITS, NONE)
        .unwrap();
    seat(&mut registry, "seated", 0, ip(2), t0);
    registry.forget_idle(t0 + FORGET_AFTER / 2, &NONE);
    assert!(registry.get("idle").is_some());
    registry.forget_idle(t0 + FORGET_AFTER, &NONE);
    assert!(registry.get("idle").is_none());
    assert!(
        registry.get("seated").is_some(),
        "a seat is never forgotten"
    );
}

#[test]
fn a_full_table_forgets_the_least_recent_idle_phone_and_never_a_seat() {
    let mut registry = Registry::default();
    let t0 = Instant::now();
    let at = |s| t0 + Duration::from_secs(s);
    seat(&mut registry, "s1", 0, ip(1), at(0));
    seat(&mut registry, "s2", 1, ip(2), at(0));
    for (id, n, s) in [("old", 3, 1), ("new", 4, 2), ("next", 5, 3)] {
        registry
            .take(id, None, ip(n), at(s), &LIMITS, NONE)
            .unwrap();
    }
    assert!(registry.get("old").is_none() && registry.get("new").is_some());
    let streaming = |id: &str| id == "new" || id == "next";
    assert_eq!(
        registry.take("more", None, ip(6), at(4), &LIMITS, streaming),
        Err(Refusal::TooManyPhones)
    );
}

/// Aki (the host, seat 0), Ben (seat 1) and Chie (seat 2), each on a device of their own,
/// seated where no window keeps the table.
fn three_at_a_table(t0: Instant) -> Registry {
    let mut registry = Registry::default();
    let phones = [
        (0, "aki".to_string()),
        (1, "ben".into()),
        (2, "chie".into()),
    ];
    registry.restore_all(&[], t0);
    for (seat, id) in &phones {
        registry.restore(id, *seat, t0);
        registry.heard_from(id, ip(1 + *seat as u8), t0);
    }
    registry.keep_host();
    registry
}

fn ask_the_host(
    registry: &mut Registry,
    id: &str,
    seat: Seat,
    address: IpAddr,
    now: Instant,
) -> Result<Taking, Refusal> {
    registry.take_or_ask_the_host(id, Some(seat), address, now, &Limits::TABLE, NONE)
}

/// Issue 57, case 1: a second browser on Ben's phone asked for Aki's seat, and Ben's own
/// first browser let it. A device holds one seat, and never answers its own ask.
#[test]
fn an_ask_is_never_answered_from_the_device_that_asked() {
    let t0 = Instant::now();
    let mut registry = three_at_a_table(t0);
    assert_eq!(registry.host(), Some("aki"));
    // Ben's second browser (another id, Ben's address): Ben's phone holds a seat, so only
    // the host may let his device hold a second, and no one else is asked.
    assert_eq!(
        ask_the_host(&mut registry, "ben-2", 0, ip(2), t0),
        Ok(Taking::Asked { news: true })
    );
    let ask = registry.ask_from(0, ip(2), t0).unwrap();
    assert_eq!(ask.shares, Some(1));
    assert_eq!(registry.answerer(&ask, |_| false), Some("aki"));
    // A second browser on the host's own phone is refused outright: no one else may let it.
    assert_eq!(
        ask_the_host(&mut registry, "aki-2", 1, ip(1), t0),
        Err(Refusal::OtherSeat)
    );
    // Ben's own phone asking for Aki's seat is answered by neither Ben's device nor
    // Aki's (the holder, while another can): Chie's.
    assert_eq!(
        ask_the_host(&mut registry, "ben", 0, ip(2), t0),
        Ok(Taking::Asked { news: true })
    );
    let ask = registry.ask_from(0, ip(2), t0).unwrap();
    assert_eq!(registry.answerer(&ask, |_| false), Some("chie"));
    // ... while Aki's phone is gone. With it at the table, the seat is hers to give: she
    // answers (issue 68, case 1).
    assert_eq!(registry.answerer(&ask, |_| true), Some("aki"));
    // A new phone asking for Ben's seat is answered by the host.
    assert_eq!(
        ask_the_host(&mut registry, "ben-new", 1, ip(9), t0),
        Ok(Taking::Asked { news: true })
    );
    let ask = registry.ask_from(1, ip(9), t0).unwrap();
    assert_eq!(registry.answerer(&ask, |_| false), Some("aki"));
    // The host lets Ben's second browser hold Chie's seat too (two players on one phone).
    assert_eq!(
        ask_the_host(&mut registry, "ben-2", 2, ip(2), t0),
        Ok(Taking::Asked { news: true })
    );
    let (_, moved) = registry.give_from_holder(2, "ben-2", t0).unwrap();
    assert_eq!(moved.map(|m| m.from), Some("chie".to_string()));
    assert_eq!(
        (registry.holder(1), registry.holder(2)),
        (Some("ben"), Some("ben-2"))
    );
    // Phones all behind one address (a guest network): ids alone tell them apart, and a
    // phone never answers its own ask.
    let mut behind_one = Registry::default();
    for (seat, id) in [(0, "p0"), (1, "p1")] {
        behind_one.restore(id, seat, t0);
        behind_one.heard_from(id, ip(1), t0);
    }
    assert_eq!(
        ask_the_host(&mut behind_one, "p2", 0, ip(1), t0),
        Ok(Taking::Asked { news: true })
    );
    let ask = behind_one.ask_from(0, ip(1), t0).unwrap();
    assert_eq!(behind_one.answerer(&ask, |_| false), Some("p1"));
}

/// The host is a phone: a seat taken from it does not carry the host role with it, and the
/// phone that lost a seat takes it back with one tap for a while, no ask.
#[test]
fn a_taken_seat_never_carries_the_host_and_its_phone_takes_it_back_for_a_while() {
    let t0 = Instant::now();
    let mut registry = three_at_a_table(t0);
    ask_the_host(&mut registry, "new", 0, ip(9), t0).unwrap();
    let (before, moved) = registry.give_from_holder(0, "new", t0).unwrap();
    assert_eq!(before, None);
    let moved = moved.expect("taken from Aki's phone");
    assert_eq!((moved.seat, &*moved.from, &*moved.to), (0, "aki", "new"));
    assert_eq!(registry.holder(0), Some("new"));
    assert_eq!(registry.host(), Some("aki"), "the host stays Aki's phone");
    assert_eq!(registry.given_away("aki"), Some(0));

    // Aki's phone taps its seat: back at once, and the other phone is told.
    let later = t0 + TAKE_BACK / 2;
    let back = ask_the_host(&mut registry, "aki", 0, ip(1), later).unwrap();
    let Taking::TookBack(back) = back else {
        panic!("{back:?}")
    };
    assert_eq!((back.seat, &*back.from, &*back.to), (0, "new", "aki"));
    assert_eq!(registry.holder(0), Some("aki"));
    assert_eq!(registry.given_away("new"), Some(0));
    // Taken back, it is not taken back again by a tap: the other phone asks.
    assert_eq!(
        ask_the_host(&mut registry, "new", 0, ip(9), later),
        Ok(Taking::Asked { news: true })
    );

    // After a while, the phone that lost its seat asks as anyone does.
    let ask = registry.ask_from(0, ip(9), later).unwrap();
    assert_eq!(registry.answerer(&ask, |_| false), Some("ben"));
    registry.give_from_holder(0, "new", later).unwrap();
    let much_later = later + TAKE_BACK;
    // The table is still played at (Ben's phone was just heard): not free to take.
    registry.heard("ben", much_later);
    assert_eq!(
        ask_the_host(&mut registry, "aki", 0, ip(1), much_later),
        Ok(Taking::Asked { news: true })
    );

    // The host's phone dropped: the first seat's phone that came by no move is the host.
    registry.drop_phone("aki");
    assert_eq!(registry.host(), Some("ben"));
}
