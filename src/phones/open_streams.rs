//! The phones' update streams as counted: which are open, which one is each phone's (a newer
//! one replaces the older), and which make room when an address or the server holds its share.
//! Data only, kept in the server's shared state; the streams themselves are `stream.rs`'s.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;

use super::guard::Limits;

/// The update streams open, and which one is each phone's (one a phone: a new one replaces
/// the old). A stream is counted from the moment it opens until it ends or is closed to make
/// room (then it ends at its next wake, uncounted already).
#[derive(Default)]
pub(super) struct Streams {
    open: HashMap<u64, Opened>,
    pub(super) owner: HashMap<String, u64>,
    /// Streams replaced by their phone's newer one, until they have said so and ended.
    replaced: HashSet<u64>,
    next: u64,
}

/// Whose an open stream is, and from where.
struct Opened {
    phone: String,
    address: IpAddr,
}

impl Streams {
    /// Has this phone a stream open?
    pub(super) fn has(&self, phone: &str) -> bool {
        self.owner.contains_key(phone)
    }

    /// Opens a stream for `phone` from `address` (its key), replacing the one it had. When the
    /// address or the server holds its share, the oldest stream of a phone without a seat
    /// makes room: `None` when there is none (every one is a seat's). `true` beside the serial
    /// when another stream was told to end.
    pub(super) fn open(
        &mut self,
        phone: &str,
        address: IpAddr,
        limits: &Limits,
        seated: impl Fn(&str) -> bool,
    ) -> Option<(u64, bool)> {
        let mut kicked = false;
        if let Some(old) = self.owner.remove(phone) {
            self.open.remove(&old);
            self.replaced.insert(old);
            kicked = true;
        } else {
            let here = (self.open.values())
                .filter(|o| o.address == address)
                .count();
            if here >= limits.streams_per_address {
                self.make_room(Some(address), &seated)?;
                kicked = true;
            }
            if self.open.len() >= limits.streams {
                self.make_room(None, &seated)?;
                kicked = true;
            }
        }
        self.next += 1;
        let serial = self.next;
        let opened = Opened {
            phone: phone.to_string(),
            address,
        };
        self.open.insert(serial, opened);
        self.owner.insert(phone.to_string(), serial);
        Some((serial, kicked))
    }

    /// Closes a stream of a phone without a seat (from `only`, when given): the oldest of the
    /// address that holds the most, so a display watching from a device of its own is the last
    /// to go, after every stream of a device that opened many.
    fn make_room(&mut self, only: Option<IpAddr>, seated: &impl Fn(&str) -> bool) -> Option<()> {
        let mut per_address: HashMap<IpAddr, usize> = HashMap::new();
        for opened in self.open.values() {
            *per_address.entry(opened.address).or_default() += 1;
        }
        let (&serial, _) = (self.open.iter())
            .filter(|(_, o)| only.is_none_or(|a| o.address == a) && !seated(&o.phone))
            .min_by_key(|(serial, o)| (std::cmp::Reverse(per_address[&o.address]), **serial))?;
        let closed = self.open.remove(&serial)?;
        if self.owner.get(&closed.phone) == Some(&serial) {
            self.owner.remove(&closed.phone);
        }
        Some(())
    }

    pub(super) fn close(&mut self, phone: &str, serial: u64) {
        self.open.remove(&serial);
        self.replaced.remove(&serial);
        if self.owner.get(phone) == Some(&serial) {
            self.owner.remove(phone);
        }
    }

    pub(super) fn was_replaced(&self, serial: u64) -> bool {
        self.replaced.contains(&serial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_server_closes_streams_of_the_device_that_holds_the_most_never_a_seats() {
        let limits = Limits::TABLE;
        let mut streams = Streams::default();
        let address = |n: u8| IpAddr::from([192, 168, 1, n]);
        let seated = |id: &str| id == "aki";
        streams.open("aki", address(1), &limits, seated).unwrap();
        streams
            .open("display", address(2), &limits, seated)
            .unwrap();
        // Ten devices open streams under made-up ids, more than their share and than there is
        // room for.
        for n in 0..100 {
            let id = format!("made-up-{n}");
            assert!(
                streams
                    .open(&id, address(10 + (n % 10) as u8), &limits, seated)
                    .is_some()
            );
        }
        assert!(streams.open.len() <= limits.streams);
        assert!(streams.has("aki"), "a seat's stream is never closed");
        assert!(
            streams.has("display"),
            "a display on its own device outlasts them"
        );
        let most = (10..20)
            .map(|n| {
                (streams.open.values())
                    .filter(|o| o.address == address(n))
                    .count()
            })
            .max();
        assert!(most <= Some(limits.streams_per_address));
    }
}
