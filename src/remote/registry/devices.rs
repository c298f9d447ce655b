//! What a device is to the table: the exact addresses a phone was heard from, where the table's
//! phones do not all share one (issue 68: two browsers on one phone, or a second seat re-seated
//! from elsewhere, are one thumb). Part of [`Registry`].

use std::net::IpAddr;

use super::*;
use crate::remote::may::Device;

/// The most addresses a phone's device is known by.
const SEEN_FROM: usize = 4;

/// Two addresses are one device: the same address exactly (two browsers on one phone). Phones
/// behind one address (a guest network's router) look the same, so an address tells devices
/// apart only where the table's phones have different ones ([`Registry::address_tells`]).
pub(super) fn same_device(a: IpAddr, b: IpAddr) -> bool {
    a == b && !a.is_unspecified()
}

impl Phone {
    /// It was heard from `address` (its exact address): its device is known by it too.
    pub(super) fn seen(&mut self, address: IpAddr) {
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
    /// Whether addresses tell this table's devices apart: some seated phone has an address
    /// other than `address`. Where every phone shares one (all behind one router), two
    /// browsers on one phone cannot be told from two phones, and only ids count.
    pub fn address_tells(&self, address: IpAddr) -> bool {
        (self.phones.values())
            .any(|p| p.seat.is_some() && !p.address.is_unspecified() && p.address != address)
    }

    /// Each seated phone's device: the exact addresses it was heard from, where addresses tell
    /// the table's devices apart ([`Registry::address_tells`]; else none, and it is one of its
    /// own).
    pub fn devices(&self) -> Vec<(Seat, Device)> {
        let mut devices: Vec<(Seat, Device)> = (self.phones.values())
            .filter_map(|phone| {
                let addresses = (phone.seen_from.iter().copied())
                    .filter(|a| self.address_tells(*a))
                    .collect();
                Some((phone.seat?, Device(addresses)))
            })
            .collect();
        devices.sort_by_key(|(seat, _)| *seat);
        devices
    }

    /// The seat another phone of the device `address` holds, other than `seat` (a device holds
    /// one seat).
    pub fn other_seat_of_device(&self, id: &str, address: IpAddr, seat: Seat) -> Option<Seat> {
        if !self.address_tells(address) {
            return None;
        }
        (self.phones.iter())
            .filter(|(other, p)| *other != id && same_device(p.address, address))
            .find_map(|(_, p)| p.seat.filter(|s| *s != seat))
    }
}
