//! The phones the server remembers: each one's seat, address and when it was last heard of,
//! bounded per address and in all ([`Limits`]). A phone picks its own id, so ids cost a player
//! nothing to invent: an id that holds no seat and has no stream is forgotten after
//! [`FORGET_AFTER`], and when the table is full the least recently heard of such id makes room.
//! A phone that holds a seat is never forgotten by the server (only the table drops it).

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::guard::{Limits, address_key};
use crate::vocabulary::Seat;

/// A phone with no seat and no stream is forgotten once it has not been heard of for this long
/// (its page closed, or an id someone made up).
pub const FORGET_AFTER: Duration = Duration::from_secs(120);

pub(super) struct Phone {
    pub(super) seat: Option<Seat>,
    pub(super) address: IpAddr,
    last_heard: Instant,
}

/// Why a phone may not take what it asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Another phone holds that seat.
    Taken,
    /// Every place is held by phones that hold a seat or a stream (or this address has its
    /// share of them).
    TooManyPhones,
    /// This address's phones hold their share of the seats.
    TooManySeats,
}

impl Refusal {
    /// The word the page reads.
    pub(super) fn reason(self) -> &'static str {
        match self {
            Refusal::Taken => "taken",
            Refusal::TooManyPhones => "too_many_phones",
            Refusal::TooManySeats => "too_many_seats",
        }
    }
}

#[derive(Default)]
pub(super) struct Registry {
    phones: HashMap<String, Phone>,
}

impl Registry {
    pub(super) fn get(&self, id: &str) -> Option<&Phone> {
        self.phones.get(id)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (&String, &Phone)> {
        self.phones.iter()
    }

    pub(super) fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.phones.values().filter_map(|p| p.seat)
    }

    pub(super) fn remove(&mut self, id: &str) -> Option<Phone> {
        self.phones.remove(id)
    }

    pub(super) fn clear(&mut self) {
        self.phones.clear();
    }

    /// The phone was heard from (its stream opened or ended).
    pub(super) fn heard(&mut self, id: &str, now: Instant) {
        if let Some(phone) = self.phones.get_mut(id) {
            phone.last_heard = now;
        }
    }

    /// `id`, from `address`, takes `seat` (or watches, with `None`); the seat it held before.
    /// `streaming` says which phones have a stream open (they are not forgotten).
    pub(super) fn take(
        &mut self,
        id: &str,
        seat: Option<Seat>,
        address: IpAddr,
        now: Instant,
        limits: &Limits,
        streaming: impl Fn(&str) -> bool,
    ) -> Result<Option<Seat>, Refusal> {
        let taken = seat.is_some() && (self.phones.iter()).any(|(i, p)| p.seat == seat && i != id);
        if taken {
            return Err(Refusal::Taken);
        }
        let key = address_key(address);
        let from_here = |p: &Phone, i: &String| address_key(p.address) == key && i != id;
        let seats_here = (self.phones.iter())
            .filter(|(i, p)| p.seat.is_some() && from_here(p, i))
            .count();
        if seat.is_some() && seats_here >= limits.seats_per_address {
            return Err(Refusal::TooManySeats);
        }
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
        let phone = Phone {
            seat,
            address,
            last_heard: now,
        };
        Ok(self
            .phones
            .insert(id.to_string(), phone)
            .and_then(|p| p.seat))
    }

    /// Forgets the phones with no seat and no stream not heard of for [`FORGET_AFTER`].
    pub(super) fn forget_idle(&mut self, now: Instant, streaming: &impl Fn(&str) -> bool) {
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

    #[test]
    fn an_address_holds_its_share_of_phones_and_seats_and_an_idle_id_makes_room() {
        let mut registry = Registry::default();
        let t0 = Instant::now();
        let none = |_: &str| false;
        assert_eq!(
            registry.take("a", Some(0), ip(1), t0, &LIMITS, none),
            Ok(None)
        );
        assert_eq!(
            registry.take("b", Some(1), ip(1), t0, &LIMITS, none),
            Err(Refusal::TooManySeats)
        );
        assert_eq!(registry.take("b", None, ip(1), t0, &LIMITS, none), Ok(None));
        // A third id from the same address takes the idle one's place, never the seat's.
        assert_eq!(registry.take("c", None, ip(1), t0, &LIMITS, none), Ok(None));
        assert!(registry.get("b").is_none() && registry.get("a").is_some());
        // A streaming id is not idle: with both held, the address is full.
        let streaming = |id: &str| id == "c";
        assert_eq!(
            registry.take("d", None, ip(1), t0, &LIMITS, streaming),
            Err(Refusal::TooManyPhones)
        );
        // Another address is not touched by this one's share.
        assert_eq!(
            registry.take("e", Some(1), ip(2), t0, &LIMITS, none),
            Ok(None)
        );
        assert_eq!(
            registry.take("f", Some(1), ip(3), t0, &LIMITS, none),
            Err(Refusal::Taken)
        );
    }

    #[test]
    fn an_id_with_no_seat_and_no_stream_is_forgotten_after_a_while() {
        let mut registry = Registry::default();
        let t0 = Instant::now();
        let none = |_: &str| false;
        registry
            .take("idle", None, ip(1), t0, &LIMITS, none)
            .unwrap();
        registry
            .take("seated", Some(0), ip(2), t0, &LIMITS, none)
            .unwrap();
        registry.forget_idle(t0 + FORGET_AFTER / 2, &none);
        assert!(registry.get("idle").is_some());
        registry.forget_idle(t0 + FORGET_AFTER, &none);
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
        let none = |_: &str| false;
        registry
            .take("s1", Some(0), ip(1), at(0), &LIMITS, none)
            .unwrap();
        registry
            .take("s2", Some(1), ip(2), at(0), &LIMITS, none)
            .unwrap();
        registry
            .take("old", None, ip(3), at(1), &LIMITS, none)
            .unwrap();
        registry
            .take("new", None, ip(4), at(2), &LIMITS, none)
            .unwrap();
        registry
            .take("next", None, ip(5), at(3), &LIMITS, none)
            .unwrap();
        assert!(registry.get("old").is_none() && registry.get("new").is_some());
        let streaming = |id: &str| id == "new" || id == "next";
        assert_eq!(
            registry.take("more", None, ip(6), at(4), &LIMITS, streaming),
            Err(Refusal::TooManyPhones)
        );
    }
}
