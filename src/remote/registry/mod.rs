//! The phones the table remembers, and who may hold which seat: each phone's seat, address and
//! when it was last heard of, bounded per address and in all ([`Limits`]), and the phones
//! asking the table for a seat. The transport keeps one and reports to it (a phone heard, a
//! stream opened); the seat rules themselves (who takes, who answers an ask, who is the host,
//! who takes a seat back) are here, below the transport, and need no network to test.
//! A phone picks its own id, so ids cost a player nothing to invent: an id that holds no seat
//! and has no stream is forgotten after [`FORGET_AFTER`], and when the table is full the least
//! recently heard of such id makes room.
//!
//! A seat is its phone's: the phone that holds it keeps it through a reload, a sleep or a lost
//! network (it is never forgotten; only the table drops it, or the phone leaves it). A seat no
//! phone holds is given only by the table: a phone that wants it asks ([`Registry::take`]
//! answers [`Taking::Asked`]), and the window lets it ([`Registry::give`]) or refuses. So an
//! id made up by whoever holds the link can watch, and ask, and nothing more.
//!
//! Where no window keeps the table, a seat moves only when someone else agrees: the ask is
//! answered by a seated phone of another device ([`Registry::answerer`]), a device holds one
//! seat, each move is kept ([`Move`]) so the phone that lost the seat takes it back with one
//! tap for [`TAKE_BACK`], and the host is a phone ([`Registry::host`]), not a seat: it never
//! moves with a seat that was taken.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::{Limits, address_key};
use crate::vocabulary::Seat;

mod asks;

/// A phone with no seat and no stream is forgotten once it has not been heard of for this long
/// (its page closed, or an id someone made up).
pub const FORGET_AFTER: Duration = Duration::from_secs(120);

pub struct Phone {
    pub seat: Option<Seat>,
    pub address: IpAddr,
    last_heard: Instant,
    /// Its seat was taken from another phone: it is never made the host for it.
    moved_in: bool,
    /// The exact addresses it was heard from (the last few): its device, which a request from
    /// another address does not shed (issue 68: a second seat re-seated from elsewhere to
    /// confirm its own device's ask).
    seen_from: Vec<IpAddr>,
}

/// The most addresses a phone's device is known by.
const SEEN_FROM: usize = 4;

/// How long the phone that lost its seat to another may take it back with one tap, no ask:
/// its owner may simply have reloaded, or the table let the wrong phone have it.
pub const TAKE_BACK: Duration = Duration::from_secs(600);

/// A seat that moved from one phone to another (where no window keeps the table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub seat: Seat,
    /// The phone that held it, and the one that holds it now.
    pub from: String,
    pub to: String,
    at: Instant,
}

/// How long an ask waits for the table's answer before it lapses (the phone may ask again).
pub const ASK_LAPSES: Duration = Duration::from_secs(120);

/// How long a phone the table refused a seat may not ask for it again: the window is not to
/// be asked the same thing every second.
pub const REFUSED_FOR: Duration = Duration::from_secs(60);

/// Asks waiting for the table at most (an ask names one seat; a table has at most 8 of them).
pub const ASKS: usize = 8;

/// A phone asking the table for a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub seat: Seat,
    /// The asking phone's id.
    pub phone: String,
    pub address: IpAddr,
    /// The seat the asking phone's device holds already, where it holds one: only the host
    /// may let it hold this one too (two players sharing one phone).
    pub shares: Option<Seat>,
    at: Instant,
}

/// What a phone got when it asked for a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taking {
    /// It holds the seat asked for (or watches, for `None`); the seat it held before.
    Seated(Option<Seat>),
    /// The seat is no phone's: the table is asked to give it. `news` is false when this phone
    /// had asked for it already.
    Asked { news: bool },
    /// It took back the seat another phone took from it a moment ago ([`TAKE_BACK`]).
    TookBack(Move),
    /// It took a seat another phone held, on a table no seated phone had been at for a while
    /// ([`super::FREE_AFTER`]): no one was there to ask.
    Freed(Move),
}

/// Why a phone may not take what it asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Another phone holds that seat.
    Taken,
    /// The table refused this phone that seat a moment ago.
    Refused,
    /// Every ask the table can be shown is waiting (or this address has its share).
    TooManyAsks,
    /// Every place is held by phones that hold a seat or a stream (or this address has its
    /// share of them).
    TooManyPhones,
    /// Another phone of the same device holds a seat already, and the host's phone is on
    /// that device: a device holds one seat unless the host (another device) lets it share.
    OtherSeat,
}

impl Refusal {
    /// The word the page reads.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Taken => "taken",
            Refusal::Refused => "refused",
            Refusal::TooManyAsks => "too_many_asks",
            Refusal::TooManyPhones => "too_many_phones",
            Refusal::OtherSeat => "other_seat",
        }
    }
}

#[derive(Default)]
pub struct Registry {
    phones: HashMap<String, Phone>,
    /// Oldest first.
    asks: Vec<Ask>,
    /// Which device (an address's key: ids cost nothing to make up) the table refused which
    /// seat, and when.
    refused: HashMap<(IpAddr, Seat), Instant>,
    /// Phones whose seat the host's phone gave to another (where no window keeps the table),
    /// and that seat: told so, they do not ask for it back by themselves. Forgotten at the
    /// phone's next seat request (its player chose again).
    given_away: HashMap<String, Seat>,
    /// The host's phone, once a game is played (see [`Registry::host`]).
    host: Option<String>,
    /// The seats that moved from one phone to another, oldest first, for [`TAKE_BACK`].
    moves: Vec<Move>,
}

/// Two addresses are one device: the same address exactly (two browsers on one phone). Phones
/// behind one address (a guest network's router) look the same, so an address tells devices
/// apart only where the table's phones have different ones ([`Registry::address_tells`]).
fn same_device(a: IpAddr, b: IpAddr) -> bool {
    a == b && !a.is_unspecified()
}

impl Phone {
    /// When the phone was last heard from (its stream opened or ended).
    pub fn last_heard(&self) -> Instant {
        self.last_heard
    }

    /// It was heard from `address` (its exact address): its device is known by it too.
    fn seen(&mut self, address: IpAddr) {
        if address.is_unspecified() || self.seen_from.contains(&address) {
            return;
        }
        if self.seen_from.len() >= SEEN_FROM {
            self.seen_from.remove(0);
        }
        self.seen_from.push(address);
    }
}

impl Registry {
    pub fn get(&self, id: &str) -> Option<&Phone> {
        self.phones.get(id)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &Phone)> {
        self.phones.iter()
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.phones.values().filter_map(|p| p.seat)
    }

    /// Forgets every phone, seat and ask (a new code: every phone must be seated again).
    pub fn clear(&mut self) {
        self.phones.clear();
        self.asks.clear();
        self.refused.clear();
        self.host = None;
        self.moves.clear();
    }

    /// The phone holding `seat`, if one does.
    pub fn holder(&self, seat: Seat) -> Option<&str> {
        (self.phones.iter())
            .find(|(_, p)| p.seat == Some(seat))
            .map(|(id, _)| id.as_str())
    }

    /// Seats `id` with no questions (a seat the server remembered from before the app
    /// restarted). `address` is unknown until the phone is heard from again.
    pub fn restore(&mut self, id: &str, seat: Seat, now: Instant) {
        if self.holder(seat).is_some() {
            return;
        }
        let phone = Phone {
            seat: Some(seat),
            address: IpAddr::from([0, 0, 0, 0]),
            last_heard: now,
            moved_in: false,
            seen_from: Vec::new(),
        };
        self.phones.insert(id.to_string(), phone);
    }

    /// Forgets every phone, then seats each of `seats` (a phone's id per seat) with no
    /// questions: the seats the phones held when the server last ran for this game.
    pub fn restore_all(&mut self, seats: &[(Seat, String)], now: Instant) {
        self.clear();
        for (seat, id) in seats {
            if super::valid_phone_id(id) {
                self.restore(id, *seat, now);
            }
        }
        self.keep_host();
    }

    /// While the game is set up, the setup decides which phone holds which seat (`phones`, in
    /// seat order): every phone holds the seat the setup gives it, and no other.
    /// `host`: the lobby's host's phone, the host of the game that starts from it.
    pub fn hold_only(&mut self, phones: &[Option<String>], host: Option<&str>, now: Instant) {
        for phone in self.phones.values_mut() {
            phone.seat = None;
        }
        for (seat, id) in phones.iter().enumerate() {
            let Some(id) = id else { continue };
            match self.phones.get_mut(id) {
                Some(phone) => phone.seat = Some(seat),
                None => self.restore(id, seat, now),
            }
        }
        // The game that starts from this setup has the lobby's host as its host (else the
        // first seat's phone).
        self.host = host.map(str::to_string);
        self.moves.clear();
        self.keep_host();
    }

    /// The phone `host` is the host from now on (the lobby's host, who may have passed the role
    /// on: see [`super::Lobby::host`]); none: the first seat's phone.
    pub fn set_host(&mut self, host: Option<&str>) {
        self.host = host.map(str::to_string);
        self.keep_host();
    }

    /// Forgets a phone the table dropped, and its ask.
    pub fn drop_phone(&mut self, id: &str) -> Option<Phone> {
        self.asks.retain(|a| a.phone != id);
        self.moves.retain(|m| m.from != id);
        let dropped = self.phones.remove(id);
        if self.host.as_deref() == Some(id) {
            self.host = None;
            self.keep_host();
        }
        dropped
    }

    /// The phone was heard from (its stream opened or ended).
    pub fn heard(&mut self, id: &str, now: Instant) {
        if let Some(phone) = self.phones.get_mut(id) {
            phone.last_heard = now;
        }
    }

    /// The phone opened its stream from `address`: a seat the server restored (after a
    /// restart, or for another game) learns where its phone is.
    pub fn heard_from(&mut self, id: &str, address: IpAddr, now: Instant) {
        if let Some(phone) = self.phones.get_mut(id) {
            phone.last_heard = now;
            if phone.address.is_unspecified() {
                phone.address = address;
            }
            phone.seen(address);
        }
    }

    /// The entry for `id` from `address` holding `seat`: the device it was known by before,
    /// and this address.
    fn entry(
        &self,
        id: &str,
        seat: Option<Seat>,
        address: IpAddr,
        now: Instant,
        moved_in: bool,
    ) -> Phone {
        let mut phone = Phone {
            seat,
            address,
            last_heard: now,
            moved_in,
            seen_from: (self.phones.get(id)).map_or_else(Vec::new, |p| p.seen_from.clone()),
        };
        phone.seen(address);
        phone
    }

    /// `id`, from `address`, takes `seat` (or watches, with `None`): seated when it holds the
    /// seat already, asking the table when no phone does. `streaming` says which phones have a
    /// stream open (they are not forgotten).
    pub fn take(
        &mut self,
        id: &str,
        seat: Option<Seat>,
        address: IpAddr,
        now: Instant,
        limits: &Limits,
        streaming: impl Fn(&str) -> bool,
    ) -> Result<Taking, Refusal> {
        if let Some(seat) = seat {
            match self.holder(seat) {
                Some(holder) if holder == id => {}
                Some(_) => return Err(Refusal::Taken),
                None => return self.ask(id, seat, address, now, limits, None),
            }
        }
        self.register(id, seat, address, now, limits, streaming)
    }

    /// Remembers phone `id` from `address`, in `seat` (or watching), making room for it if the
    /// limits are reached; the seat's holder was checked by the caller.
    fn register(
        &mut self,
        id: &str,
        seat: Option<Seat>,
        address: IpAddr,
        now: Instant,
        limits: &Limits,
        streaming: impl Fn(&str) -> bool,
    ) -> Result<Taking, Refusal> {
        let key = address_key(address);
        let from_here = |p: &Phone, i: &String| address_key(p.address) == key && i != id;
        if !self.phones.contains_key(id) {
            self.forget_idle(now, &streaming);
            let here = (self.phones.iter())
                .filter(|(i, p)| from_here(p, i))
                .count();
            if here >= limits.phones_per_address {
                self.make_room(&streaming, Some(key))?;
            }
            if self.phones.len() >= limits.phones {
                self.make_room(&streaming, None)?;
            }
        }
        if seat.is_none() {
            self.asks.retain(|a| a.phone != id);
        }
        let moved_in = (self.phones.get(id)).is_some_and(|p| p.moved_in && p.seat == seat);
        let phone = self.entry(id, seat, address, now, moved_in);
        let before = self.phones.insert(id.to_string(), phone);
        Ok(Taking::Seated(before.and_then(|p| p.seat)))
    }

    /// Forgets the phones with no seat and no stream not heard of for [`FORGET_AFTER`].
    pub fn forget_idle(&mut self, now: Instant, streaming: &impl Fn(&str) -> bool) {
        self.phones.retain(|id, p| {
            p.seat.is_some()
                || streaming(id)
                || now.saturating_duration_since(p.last_heard) < FORGET_AFTER
        });
    }

    /// Forgets a phone with no seat and no stream (of the address `only`, when given) to make
    /// room for a new one: the least recently heard of, of the address that holds the most.
    fn make_room(
        &mut self,
        streaming: &impl Fn(&str) -> bool,
        only: Option<IpAddr>,
    ) -> Result<(), Refusal> {
        let mut per_address: HashMap<IpAddr, usize> = HashMap::new();
        for phone in self.phones.values() {
            *per_address.entry(address_key(phone.address)).or_default() += 1;
        }
        let idle = (self.phones.iter())
            .filter(|(id, p)| p.seat.is_none() && !streaming(id))
            .filter(|(_, p)| only.is_none_or(|key| address_key(p.address) == key))
            .min_by_key(|(_, p)| {
                let here = per_address[&address_key(p.address)];
                (std::cmp::Reverse(here), p.last_heard)
            })
            .map(|(id, _)| id.clone());
        match idle {
            Some(id) => {
                self.phones.remove(&id);
                Ok(())
            }
            None => Err(Refusal::TooManyPhones),
        }
    }
}

#[cfg(test)]
mod tests {
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
}
