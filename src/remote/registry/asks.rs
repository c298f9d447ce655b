//! A phone asking for a seat, and who answers: the asks and their limits, the table's answer
//! (given, refused, given from the phone that held it), the host's phone, and the seat a phone
//! lost and may take back. Part of [`Registry`]: the phones it remembers are in the module above.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::devices::same_device;
use super::*;

impl Registry {
    /// The host's phone where no window keeps the table: a phone, not a seat. The phone of the
    /// first seat when a game starts (or comes back after a restart), kept while the table
    /// knows that phone, even while another phone holds its seat (it may take it back). A
    /// phone that took its seat from another never becomes the host by it; the host role
    /// moves only when the host's phone is dropped or forgotten, to the first seat's phone
    /// that came by no move.
    pub fn host(&self) -> Option<&str> {
        if let Some(host) = &self.host
            && self.phones.contains_key(host)
        {
            return Some(host);
        }
        let mut seated: Vec<(Seat, &String, &Phone)> = (self.phones.iter())
            .filter_map(|(id, p)| Some((p.seat?, id, p)))
            .collect();
        seated.sort_by_key(|(seat, _, _)| *seat);
        let first = seated
            .iter()
            .find(|(_, _, p)| !p.moved_in)
            .or(seated.first());
        first.map(|(_, id, _)| id.as_str())
    }

    /// The phone that acts as the host now: the host's phone while it is at the table
    /// (`present`: its stream open, or heard within the grace); when it is gone past the grace,
    /// the first seat's phone that is there and came by no move (issue 68: a host who left held
    /// the table). The host is the host again once its phone is back. With no phone there, the
    /// host.
    pub fn acting_host(&self, present: impl Fn(&str) -> bool) -> Option<&str> {
        let host = self.host()?;
        if present(host) {
            return Some(host);
        }
        let mut seated: Vec<(Seat, &String)> = (self.phones.iter())
            .filter(|(_, p)| !p.moved_in)
            .filter_map(|(id, p)| Some((p.seat?, id)))
            .filter(|(_, id)| present(id))
            .collect();
        seated.sort();
        Some(seated.first().map_or(host, |(_, id)| id.as_str()))
    }

    /// Makes the host chosen now the host from now on (see [`Registry::host`]).
    pub fn keep_host(&mut self) {
        self.host = self.host().map(str::to_string);
    }

    /// Whether the phone `id` is at the table as the rules count it: its update stream is open
    /// (`streaming`), or it was heard less than `grace` before `now` (a screen locked, a reload).
    pub fn present(
        &self,
        id: &str,
        streaming: impl Fn(&str) -> bool,
        grace: Duration,
        now: Instant,
    ) -> bool {
        streaming(id)
            || (self.phones.get(id))
                .is_some_and(|p| now.saturating_duration_since(p.last_heard) < grace)
    }

    /// Whether the table is free: it has seated phones, and none of them has been at it for
    /// `free_after` ([`super::super::FREE_AFTER`]): a seat is then taken with no ask.
    pub fn free(
        &self,
        streaming: impl Fn(&str) -> bool,
        free_after: Duration,
        now: Instant,
    ) -> bool {
        let mut seated = (self.phones.iter())
            .filter(|(_, p)| p.seat.is_some())
            .peekable();
        seated.peek().is_some()
            && seated.all(|(id, _)| !self.present(id, &streaming, free_after, now))
    }

    /// While the table has seated phones and none of them has its stream open: how long until
    /// it is free ([`Registry::free`]; zero once it is), counted from the seated phone heard
    /// last. Shown on every screen.
    pub fn free_in(
        &self,
        streaming: impl Fn(&str) -> bool,
        free_after: Duration,
        now: Instant,
    ) -> Option<Duration> {
        let mut seated = (self.phones.iter()).filter(|(_, p)| p.seat.is_some());
        if seated.clone().any(|(id, _)| streaming(id)) {
            return None;
        }
        let heard = seated
            .by_ref()
            .map(|(_, p)| now.saturating_duration_since(p.last_heard))
            .min()?;
        Some(free_after.saturating_sub(heard))
    }

    /// The phone that answers `ask` where no window keeps the table: someone else. Never the
    /// asking phone, nor another on its device (where addresses tell, see
    /// [`Registry::address_tells`]). A seat moves only with its holder's consent while the
    /// holder's phone is `present` (at the table, or heard within the grace): the holder
    /// answers (issue 68, case 1: a second device asked for the host's seat, and the asker's own
    /// other phone let it). With the holder gone, the host's phone first, then the seats in
    /// order; the holder itself only when no one else can.
    pub fn answerer(&self, ask: &Ask, present: impl Fn(&str) -> bool) -> Option<&str> {
        let host = self.acting_host(&present);
        // A device that holds a seat already: the host alone may let it share.
        if ask.shares.is_some() {
            let other_device = |id: &str| {
                (self.phones.get(id)).is_some_and(|p| {
                    p.seat.is_some() && !same_device(p.address, ask.address) && id != ask.phone
                })
            };
            return host.filter(|host| other_device(host));
        }
        let mut seated: Vec<(&String, &Phone)> = (self.phones.iter())
            .filter(|(id, p)| p.seat.is_some() && **id != ask.phone)
            .collect();
        seated.sort_by_key(|(id, p)| (Some(id.as_str()) != host, p.seat));
        let tells = self.address_tells(ask.address);
        let other_device = |p: &Phone| !tells || !same_device(p.address, ask.address);
        let first = |holder: bool| {
            (seated.iter())
                .find(|(_, p)| (p.seat == Some(ask.seat)) == holder && other_device(p))
                .map(|(id, _)| id.as_str())
        };
        match first(true).filter(|holder| present(holder)) {
            Some(holder) => Some(holder),
            None => first(false).or_else(|| first(true)),
        }
    }

    /// The seat changes `Move`s kept for [`TAKE_BACK`].
    pub fn moves_now(&mut self, now: Instant) {
        self.moves
            .retain(|m| now.saturating_duration_since(m.at) < TAKE_BACK);
    }

    /// The table itself asks, on behalf of the phone `id` (known to the server), for `seat`:
    /// a phone joining under the name of a seat the window named.
    pub fn ask_for(&mut self, id: &str, seat: Seat, now: Instant, limits: &Limits) -> bool {
        let Some(address) = self.phones.get(id).map(|p| p.address) else {
            return false;
        };
        self.ask(id, seat, address, now, limits, None).is_ok()
    }

    /// The asks still waiting for the table, oldest first.
    pub fn asks(&mut self, now: Instant) -> &[Ask] {
        self.asks
            .retain(|a| now.saturating_duration_since(a.at) < ASK_LAPSES);
        &self.asks
    }

    /// The seat `id` asks for, if it still waits for the table's answer.
    pub fn asking(&self, id: &str, now: Instant) -> Option<Seat> {
        (self.asks.iter())
            .find(|a| a.phone == id && now.saturating_duration_since(a.at) < ASK_LAPSES)
            .map(|a| a.seat)
    }

    /// The table gives `seat` to the phone that asked for it: `Some` with the seat that phone
    /// held before (as [`Registry::take`]), `None` when it no longer asks (its ask lapsed or
    /// was answered) or another phone has taken the seat since. Every other phone asking for
    /// the seat is refused it.
    pub fn give(&mut self, seat: Seat, id: &str, now: Instant) -> Option<Option<Seat>> {
        let ask = (self.asks(now).iter()).position(|a| a.phone == id && a.seat == seat)?;
        if self.holder(seat).is_some() {
            return None;
        }
        let address = self.asks.remove(ask).address;
        for other in (self.asks.iter()).filter(|a| a.seat == seat) {
            self.refused.insert((address_key(other.address), seat), now);
        }
        self.asks.retain(|a| a.seat != seat);
        let before = self.phones.get(id).and_then(|p| p.seat);
        let phone = self.entry(id, Some(seat), address, now, false);
        self.phones.insert(id.to_string(), phone);
        if self.host.is_none() {
            self.keep_host();
        }
        Some(before)
    }

    /// Where no window keeps the table ([`super::TableNow::host_answers_asks`]): as
    /// [`Registry::take`], but a seat another phone holds may be asked for too, for the host's
    /// phone to answer: a player whose phone gave out (its battery, a page closed for good)
    /// takes their seat back from another phone, since no window is there to drop the old one.
    /// Holding a seat is not the answer to whether a phone still plays: the host is.
    pub fn take_or_ask_the_host(
        &mut self,
        id: &str,
        seat: Option<Seat>,
        address: IpAddr,
        now: Instant,
        limits: &Limits,
        streaming: impl Fn(&str) -> bool,
    ) -> Result<Taking, Refusal> {
        let free = self.free(&streaming, limits.free_after, now);
        self.given_away.remove(id);
        if let Some(seat) = seat
            && let Some(back) = self.take_back(id, seat, address, now)
        {
            return Ok(back);
        }
        // A device holding a seat already asks the host alone, who may let it share (two
        // players on one phone); it may not when the host's phone is on that device.
        if let Some(seat) = seat
            && let Some(shares) = self.other_seat_of_device(id, address, seat)
        {
            let host_here = (self.host().and_then(|host| self.phones.get(host)))
                .is_none_or(|host| same_device(host.address, address));
            if host_here {
                return Err(Refusal::OtherSeat);
            }
            return self.ask(id, seat, address, now, limits, Some(shares));
        }
        if let Some(seat) = seat
            && self.holder(seat).is_some_and(|holder| holder != id)
        {
            let asked = self.ask(id, seat, address, now, limits, None)?;
            // A free table: no one is there to answer, so the seat is taken, and every screen
            // and the journal say so.
            if free && let Some((_, Some(moved))) = self.give_from_holder(seat, id, now) {
                return Ok(Taking::Freed(moved));
            }
            return Ok(asked);
        }
        // No phone holds any seat (every phone left, or the seats were lost): there is no host
        // to ask, so the first phone to ask for a free seat takes it, and is the host from
        // then on. An ask here would wait for no one, for good.
        if seat.is_some() && self.phones.values().all(|phone| phone.seat.is_none()) {
            let taken = self.register(id, seat, address, now, limits, streaming);
            self.host = None;
            self.keep_host();
            return taken;
        }
        self.take(id, seat, address, now, limits, streaming)
    }

    /// The phone `id` takes back `seat`, which another phone took from it less than
    /// [`TAKE_BACK`] ago: no ask, and the other phone is told its seat went back. A seat taken
    /// back is not taken back again this way (the other phone asks, as anyone).
    pub fn take_back(
        &mut self,
        id: &str,
        seat: Seat,
        address: IpAddr,
        now: Instant,
    ) -> Option<Taking> {
        self.moves_now(now);
        let holder = self.holder(seat)?.to_string();
        let at =
            (self.moves.iter()).rposition(|m| m.seat == seat && m.from == id && m.to == holder)?;
        self.moves.remove(at);
        if let Some(phone) = self.phones.get_mut(&holder) {
            phone.seat = None;
        }
        self.given_away.insert(holder.clone(), seat);
        self.asks.retain(|a| a.phone != id);
        let phone = self.entry(id, Some(seat), address, now, false);
        self.phones.insert(id.to_string(), phone);
        Some(Taking::TookBack(Move {
            seat,
            from: holder,
            to: id.to_string(),
            at: now,
        }))
    }

    /// The ask for `seat` from `address` (the ask the answering phone was shown).
    pub fn ask_from(&mut self, seat: Seat, address: IpAddr, now: Instant) -> Option<Ask> {
        (self.asks(now).iter())
            .find(|a| a.seat == seat && a.address == address)
            .cloned()
    }

    /// [`Registry::give`], the seat taken from the phone that holds it, if one does (see
    /// [`Registry::take_or_ask_the_host`]): that phone watches from then on, told its seat was
    /// given away ([`Registry::given_away`]), and may take it back for [`TAKE_BACK`]. `Some`
    /// with the seat the asking phone held before, and the move when another phone held
    /// this one. `None` too when the asking device holds another seat by now.
    pub fn give_from_holder(
        &mut self,
        seat: Seat,
        id: &str,
        now: Instant,
    ) -> Option<(Option<Seat>, Option<Move>)> {
        let ask = (self.asks(now).iter()).find(|a| a.phone == id && a.seat == seat)?;
        // Only an ask the host was shown as sharing a device may give a device a second seat.
        let (address, shares) = (ask.address, ask.shares.is_some());
        if !shares && self.other_seat_of_device(id, address, seat).is_some() {
            return None;
        }
        let holder = self.holder(seat).map(str::to_string);
        if let Some(holder) = &holder
            && let Some(phone) = self.phones.get_mut(holder)
        {
            phone.seat = None;
            self.given_away.insert(holder.clone(), seat);
        }
        let before = self.give(seat, id, now)?;
        let moved = holder.map(|from| {
            if let Some(phone) = self.phones.get_mut(id) {
                phone.moved_in = true;
            }
            self.moves_now(now);
            let moved = Move {
                seat,
                from,
                to: id.to_string(),
                at: now,
            };
            self.moves.push(moved.clone());
            moved
        });
        Some((before, moved))
    }

    /// The seat the host's phone gave away from phone `id`, if it did and `id` has not chosen
    /// again since.
    pub fn given_away(&self, id: &str) -> Option<Seat> {
        self.given_away.get(id).copied()
    }

    /// Whether the phone `id` may still take back, with one tap, the seat another phone took
    /// from it ([`TAKE_BACK`]).
    pub fn may_take_back(&self, id: &str, now: Instant) -> bool {
        (self.moves.iter()).any(|m| m.from == id && now.saturating_duration_since(m.at) < TAKE_BACK)
    }

    /// The table refuses `seat` to the phone `id` asking for it: it may not ask again for
    /// [`REFUSED_FOR`]. `false` when it was not asking.
    pub fn refuse(&mut self, seat: Seat, id: &str, now: Instant) -> bool {
        let Some(at) = (self.asks.iter()).position(|a| a.phone == id && a.seat == seat) else {
            return false;
        };
        let ask = self.asks.remove(at);
        self.refused.insert((address_key(ask.address), seat), now);
        true
    }

    /// A phone's ask for `seat`, within the limits: one a phone (a newer one replaces it), one
    /// a seat from a device (a newer id's replaces it: made-up ids cannot fill the window's
    /// list), [`Limits::seats_per_address`] a device, [`ASKS`] in all; a device the table
    /// refused a seat asks again for it only after [`REFUSED_FOR`].
    pub fn ask(
        &mut self,
        id: &str,
        seat: Seat,
        address: IpAddr,
        now: Instant,
        limits: &Limits,
        shares: Option<Seat>,
    ) -> Result<Taking, Refusal> {
        self.refused
            .retain(|_, at| now.saturating_duration_since(*at) < REFUSED_FOR);
        let key = address_key(address);
        if self.refused.contains_key(&(key, seat)) {
            return Err(Refusal::Refused);
        }
        if self.asking(id, now) == Some(seat) {
            return Ok(Taking::Asked { news: false });
        }
        self.asks(now);
        self.asks
            .retain(|a| a.phone != id && !(a.seat == seat && address_key(a.address) == key));
        let here = (self.asks.iter())
            .filter(|a| address_key(a.address) == key)
            .count();
        if here >= limits.seats_per_address || self.asks.len() >= ASKS {
            return Err(Refusal::TooManyAsks);
        }
        let ask = Ask {
            seat,
            phone: id.to_string(),
            address,
            shares,
            at: now,
        };
        self.asks.push(ask);
        Ok(Taking::Asked { news: true })
    }
}
