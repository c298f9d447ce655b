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
mod devices;

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

impl Phone {
    /// When the phone was last heard from (its stream opened or ended).
    pub fn last_heard(&self) -> Instant {
        self.last_heard
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
mod tests;
