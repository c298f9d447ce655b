//! What keeps the phones' server to the people at the table: the game's secret (in the address
//! the code carries), the phones' own ids, how often one address may ask, and which networks
//! and names a request may come from and through.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::{Duration, Instant};

pub use crate::remote::{Limits, Secret, address_key, valid_phone_id};
use crate::vocabulary::Seat;

/// Requests per key (an address, a seat): a bucket of `burst` that refills `per_second` a
/// second. At most `keys` are remembered; a new one then takes the place of the one that asked
/// least recently (a full table never refuses a newcomer: refusing would let whoever fills it
/// shut every new phone out).
pub struct RateLimit<K> {
    buckets: HashMap<K, (f64, Instant)>,
    burst: f64,
    per_second: f64,
    keys: usize,
}

impl<K: std::hash::Hash + Eq + Clone> RateLimit<K> {
    /// A limit of `burst` requests at once, refilled `per_second`, over at most `keys` keys.
    pub fn new(burst: f64, per_second: f64, keys: usize) -> RateLimit<K> {
        RateLimit {
            buckets: HashMap::new(),
            burst,
            per_second,
            keys: keys.max(1),
        }
    }

    /// Takes one request from the key's bucket; `false` when it is empty.
    #[cfg(test)]
    pub fn allow(&mut self, key: K, now: Instant) -> bool {
        self.take(key, now).is_ok()
    }

    /// Takes one request from the key's bucket, or says how long until the bucket holds one
    /// again (what a refused phone is told to wait before it sends its tap again).
    pub fn take(&mut self, key: K, now: Instant) -> Result<(), Duration> {
        if self.buckets.len() >= self.keys && !self.buckets.contains_key(&key) {
            // The least recent key goes: at worst it starts again with a full bucket, which it
            // would have had after `burst / per_second` anyway.
            let oldest = (self.buckets.iter()).min_by_key(|(_, (_, at))| *at);
            if let Some(oldest) = oldest.map(|(key, _)| key.clone()) {
                self.buckets.remove(&oldest);
            }
        }
        let (tokens, at) = self.buckets.entry(key).or_insert((self.burst, now));
        let refilled = now.saturating_duration_since(*at).as_secs_f64() * self.per_second;
        *tokens = (*tokens + refilled).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / self.per_second))
        }
    }

    /// Keys remembered now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.buckets.len()
    }
}

/// Who a request is counted against: a phone the table knows, by the id its page keeps (so
/// two phones behind one address, or on one IPv6 /64, are two devices with a share each); any
/// other request by its address ([`address_key`]). A player with the link who invents ids gets
/// no more than the phones their address may hold ([`Limits::phones_per_address`]), each of
/// which had to come through the address's own bucket to be known.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Asker {
    Phone(String),
    Address(IpAddr),
}

/// Requests one device may make: [`Limits::requests_at_once`], then one every
/// [`Limits::request_every`] (at a table 20, then 5 a second).
pub fn per_device(limits: &Limits) -> RateLimit<Asker> {
    let every = limits.request_every.as_secs_f64().max(1e-3);
    RateLimit::new(f64::from(limits.requests_at_once), 1.0 / every, 256)
}

/// What one seat may hand the app (entries, Ready, actions on its cards, Done): each is a line
/// in the game's journal, so this bounds how fast the journal grows, however many ids or
/// addresses a player invents. A burst for the values a phone sends again after a reconnect.
pub fn per_seat() -> RateLimit<Seat> {
    RateLimit::new(12.0, 2.0, 64)
}

/// Is `ip` on a local network: loopback, a private range (10/8, 172.16/12, 192.168/16),
/// link-local (169.254/16, fe80::/10) or unique-local (fc00::/7)? A phone at the table is; a
/// request from anywhere else came through a VPN, a forwarded port or a public address.
pub fn on_local_network(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => local_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => local_v4(v4),
            None => local_v6(v6),
        },
    }
}

fn local_v4(ip: Ipv4Addr) -> bool {
    ip.is_loopback() || ip.is_private() || ip.is_link_local()
}

fn local_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    ip.is_loopback() || (first & 0xffc0) == 0xfe80 || (first & 0xfe00) == 0xfc00
}

/// The names a request may address this computer by, besides an IP literal: `localhost`, the
/// machine's own name, and that name under `.local` (what mDNS answers). Any other name means
/// the request was sent to some other host's name that resolves here (DNS rebinding), and is
/// refused.
#[derive(Debug, Clone)]
pub struct HostNames {
    machine: Option<String>,
}

impl HostNames {
    /// This computer's names, read once when the server starts.
    pub fn of_this_machine() -> HostNames {
        HostNames::named(machine_name())
    }

    /// The names of a computer called `machine`.
    pub fn named(machine: Option<String>) -> HostNames {
        HostNames {
            machine: machine.map(|n| n.to_ascii_lowercase()),
        }
    }

    /// May a request carry this Host header?
    pub fn allows(&self, host: &str) -> bool {
        let Some(name) = host_without_port(host) else {
            return false;
        };
        if name.starts_with('[') {
            return (name.strip_prefix('[').and_then(|n| n.strip_suffix(']')))
                .is_some_and(|n| n.parse::<Ipv6Addr>().is_ok());
        }
        if name.parse::<Ipv4Addr>().is_ok() {
            return true;
        }
        let name = name.to_ascii_lowercase();
        let name = name.strip_suffix('.').unwrap_or(&name);
        name == "localhost"
            || self.machine.as_deref().is_some_and(|machine| {
                name == machine || name.strip_suffix(".local") == Some(machine)
            })
    }
}

/// `host[:port]` without its port; `None` when the port is not a number.
fn host_without_port(host: &str) -> Option<&str> {
    let host = host.trim();
    if host.is_empty() {
        return None;
    }
    let (name, port) = match host.rfind(':') {
        // An IPv6 literal holds colons of its own: its port comes after the bracket.
        Some(colon) if !host.starts_with('[') || host[..colon].ends_with(']') => {
            (&host[..colon], Some(&host[colon + 1..]))
        }
        _ => (host, None),
    };
    match port {
        Some(port) if port.parse::<u16>().is_err() => None,
        _ => Some(name),
    }
}

/// A browser's Origin, when it sends one, must be the page's own: `http://` and the Host the
/// request names. A page elsewhere that posts to the table is refused.
pub fn same_origin(origin: Option<&str>, host: &str) -> bool {
    match origin {
        None => true,
        Some(origin) => (origin.strip_prefix("http://"))
            .is_some_and(|rest| rest.eq_ignore_ascii_case(host.trim())),
    }
}

#[cfg(target_os = "linux")]
fn machine_name() -> Option<String> {
    let mut buffer = [0u8; 256];
    // SAFETY: gethostname writes at most `len` bytes into the buffer it is given.
    let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) };
    if status != 0 {
        return None;
    }
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    let name = std::str::from_utf8(&buffer[..end]).ok()?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(not(target_os = "linux"))]
fn machine_name() -> Option<String> {
    (std::env::var("COMPUTERNAME").or_else(|_| std::env::var("HOSTNAME")))
        .ok()
        .filter(|n| !n.is_empty())
}

/// Pause from one seat at most once a [`PauseCooldown::GAP`]: every pause is a durable event
/// in the journal, and a phone tapping it five times a second would fill it. Counted by seat,
/// not by phone id: a player who invents ids still holds no more seats.
#[derive(Default)]
pub struct PauseCooldown {
    last: HashMap<Seat, Instant>,
}

impl PauseCooldown {
    pub const GAP: Duration = Duration::from_secs(1);

    /// `true` when the phone may pause now (and starts its gap).
    pub fn allow(&mut self, seat: Seat, now: Instant) -> bool {
        // Only the seats that paused in the last gap are remembered.
        self.last
            .retain(|_, at| now.saturating_duration_since(*at) < Self::GAP);
        if self.last.contains_key(&seat) {
            return false;
        }
        self.last.insert(seat, now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_secret_is_128_random_bits_and_compares_whole() {
        let a = Secret::generate();
        let b = Secret::generate();
        assert_eq!(a.as_str().len(), 32);
        assert_ne!(a, b);
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(&a.as_str()[..31]));
        assert!(!a.matches(b.as_str()));
        assert_eq!(Secret::parse(a.as_str()), Some(a.clone()));
        assert_eq!(Secret::parse("not a secret"), None);
        assert_eq!(format!("{a:?}"), "Secret(…)");
    }

    #[test]
    fn an_address_gets_its_burst_then_waits_for_the_refill() {
        let mut limit = per_device(&Limits::TABLE);
        let phone = Asker::Address("192.168.1.20".parse().unwrap());
        let other = Asker::Address("192.168.1.21".parse().unwrap());
        let t0 = Instant::now();
        let allowed = (0..100).filter(|_| limit.allow(phone.clone(), t0)).count();
        assert_eq!(allowed, 20);
        assert!(limit.allow(other, t0), "another phone has its own bucket");
        assert!(
            limit.allow(phone.clone(), t0 + Duration::from_millis(250)),
            "refilled one"
        );
        // Refused, and told how long until the next one: 0.25 s had refilled 1.25 requests, one
        // was taken, 10 ms more added 0.05, so 0.7 of 0.2 s is still to come.
        let wait = limit
            .take(phone, t0 + Duration::from_millis(260))
            .unwrap_err();
        assert!(
            (Duration::from_millis(139)..=Duration::from_millis(141)).contains(&wait),
            "{wait:?}"
        );
    }

    #[test]
    fn two_phones_behind_one_address_have_a_bucket_each() {
        let mut limit = per_device(&Limits::TABLE);
        let t0 = Instant::now();
        let aki = Asker::Phone("a".repeat(32));
        let ben = Asker::Phone("b".repeat(32));
        let address = Asker::Address("192.168.1.20".parse().unwrap());
        assert_eq!((0..30).filter(|_| limit.allow(aki.clone(), t0)).count(), 20);
        assert_eq!((0..30).filter(|_| limit.allow(ben.clone(), t0)).count(), 20);
        assert!(
            limit.allow(address, t0),
            "nor do they spend their address's"
        );
    }

    #[test]
    fn a_seat_pauses_once_a_second() {
        let mut cooldown = PauseCooldown::default();
        let t0 = Instant::now();
        assert!(cooldown.allow(0, t0));
        assert!(!cooldown.allow(0, t0 + Duration::from_millis(900)));
        assert!(
            cooldown.allow(1, t0 + Duration::from_millis(900)),
            "its own gap"
        );
        assert!(cooldown.allow(0, t0 + Duration::from_millis(1000)));
    }

    #[test]
    fn a_full_rate_table_forgets_the_least_recent_address_instead_of_refusing() {
        let mut limit = RateLimit::new(2.0, 1.0, 3);
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let ip = |n: u8| IpAddr::from([10, 0, 0, n]);
        assert!(limit.allow(ip(1), at(0)));
        assert!(limit.allow(ip(1), at(0)));
        assert!(!limit.allow(ip(1), at(0)), "its burst is spent");
        assert!(limit.allow(ip(2), at(1)));
        assert!(limit.allow(ip(3), at(2)));
        assert!(
            limit.allow(ip(4), at(3)),
            "a newcomer to a full table is let in"
        );
        assert_eq!(limit.len(), 3);
        assert!(limit.allow(ip(1), at(4)), "the least recent was forgotten");
    }

    #[test]
    fn ipv6_is_counted_by_its_64_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa:bbbb:cccc:dddd".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        assert_eq!(address_key(a), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        let mapped: IpAddr = "::ffff:192.168.1.20".parse().unwrap();
        assert_eq!(
            address_key(mapped),
            "192.168.1.20".parse::<IpAddr>().unwrap()
        );
        let v4: IpAddr = "192.168.1.20".parse().unwrap();
        assert_eq!(address_key(v4), v4);
    }
}
