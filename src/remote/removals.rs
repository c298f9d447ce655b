//! The phones the table removed ([`Removals`]): the host's ✕ in the lobby, or the window's
//! Drop. A removal binds the device, not only the id its page made up (issue 68, case 4: a
//! removed phone came back at once under a fresh id), and it ends with the game it was made in
//! (case 5: an honest wrong tap shut a friend out for the whole night).

use std::collections::HashMap;
use std::net::IpAddr;

/// The phones removed from the game on the table (or the one being set up): each id, and the
/// address of its device where the address tells devices apart.
#[derive(Debug, Default)]
pub struct Removals {
    removed: HashMap<String, Option<IpAddr>>,
}

impl Removals {
    /// Removes the phone `id`. `device`: its exact address, where the table's phones do not
    /// all share one (a guest network's router): fresh ids from that address are removed too.
    /// A full IPv6 address, never its /64: a home table shares one /64.
    pub fn remove(&mut self, id: &str, device: Option<IpAddr>) {
        let device = device.filter(|a| !a.is_unspecified());
        self.removed.insert(id.to_string(), device);
    }

    /// Whether the phone `id` (its request from `address`) is removed: that id, or a fresh id
    /// on a removed device.
    pub fn bars(&self, id: &str, address: Option<IpAddr>) -> bool {
        self.removed.contains_key(id)
            || address.is_some_and(|a| self.removed.values().any(|d| *d == Some(a)))
    }

    /// Whether the phone `id` from `address` may not ask for `seat`: removed itself, or a fresh
    /// id on a removed device asking for a seat (with none it may still watch the table).
    pub fn bars_seat(&self, id: &str, seat: Option<usize>, address: IpAddr) -> bool {
        self.bars(id, seat.is_some().then_some(address))
    }

    /// Whether the id itself was removed (its seat is gone; its page is told so).
    pub fn contains(&self, id: &str) -> bool {
        self.removed.contains_key(id)
    }

    /// Lets the phone `id` (and its device) in again.
    pub fn let_in(&mut self, id: &str) {
        self.removed.remove(id);
    }

    /// The game the removals were made in is over (another is set up, or a new code): they
    /// end with it.
    pub fn clear(&mut self) {
        self.removed.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_removal_binds_the_device_and_ends_with_its_game() {
        let ben = IpAddr::from([192, 168, 1, 7]);
        let chie = IpAddr::from([192, 168, 1, 8]);
        let mut removals = Removals::default();
        removals.remove("ben-phone", Some(ben));
        assert!(
            removals.bars("ben-phone", Some(chie)),
            "the id, from anywhere"
        );
        assert!(
            removals.bars("fresh-id", Some(ben)),
            "a fresh id on that device"
        );
        assert!(!removals.bars("chie-phone", Some(chie)));
        // A phone restored after a restart has no address yet: only its id is barred.
        removals.remove("dai-phone", Some(IpAddr::from([0, 0, 0, 0])));
        assert!(!removals.bars("fresh-id", Some(IpAddr::from([0, 0, 0, 0]))));
        removals.let_in("ben-phone");
        assert!(
            !removals.bars("fresh-id", Some(ben)),
            "let in, with its device"
        );
        removals.remove("ben-phone", Some(ben));
        removals.clear();
        assert!(
            !removals.bars("ben-phone", Some(ben)),
            "ended with the game"
        );
    }
}
