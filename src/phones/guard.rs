//! What keeps the phones' server to the people at the table: the game's secret (in the address
//! the code carries), the phones' own ids, how often one address may ask, and which networks
//! and names a request may come from and through.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::{Duration, Instant};

/// The unguessable part of a game's address: 128 random bits, as 32 hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// A new secret from the operating system's random source.
    pub fn generate() -> Secret {
        let bytes: [u8; 16] = rand::random();
        Secret(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// A secret read back (from the file the game keeps it in); `None` unless it is one.
    pub fn parse(text: &str) -> Option<Secret> {
        let text = text.trim();
        (text.len() == 32
            && text
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()))
        .then(|| Secret(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Compares in time independent of where the texts differ, so timing tells an attacker
    /// nothing about how much of a guess was right.
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl std::fmt::Debug for Secret {
    // Never in a log: the secret is the key to the table.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// A phone's own id: made by the page from the browser's random source and kept in its local
/// storage, so a reload or a reconnect is the same phone.
pub fn valid_phone_id(id: &str) -> bool {
    (16..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Requests per address: a bucket of `BURST` that refills `PER_SECOND` a second.
pub struct RateLimit {
    buckets: HashMap<IpAddr, (f64, Instant)>,
}

impl RateLimit {
    pub const BURST: f64 = 20.0;
    pub const PER_SECOND: f64 = 5.0;
    /// Addresses remembered at most (a table has a handful of phones).
    const ADDRESSES: usize = 256;

    pub fn new() -> RateLimit {
        RateLimit {
            buckets: HashMap::new(),
        }
    }

    /// Takes one request from the address's bucket; `false` when it is empty.
    pub fn allow(&mut self, from: IpAddr, now: Instant) -> bool {
        if self.buckets.len() >= Self::ADDRESSES && !self.buckets.contains_key(&from) {
            // Forget the buckets that have refilled: they hold nothing worth keeping.
            let full_after = Self::BURST / Self::PER_SECOND;
            (self.buckets).retain(|_, (_, at)| now.duration_since(*at).as_secs_f64() < full_after);
            if self.buckets.len() >= Self::ADDRESSES {
                return false;
            }
        }
        let (tokens, at) = self.buckets.entry(from).or_insert((Self::BURST, now));
        let refilled = now.duration_since(*at).as_secs_f64() * Self::PER_SECOND;
        *tokens = (*tokens + refilled).min(Self::BURST);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

impl Default for RateLimit {
    fn default() -> Self {
        Self::new()
    }
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

/// Pause from one phone at most once a [`PauseCooldown::GAP`]: every pause is a durable event
/// in the journal, and a phone tapping it five times a second would fill it.
#[derive(Default)]
pub struct PauseCooldown {
    last: HashMap<String, Instant>,
}

impl PauseCooldown {
    pub const GAP: Duration = Duration::from_secs(1);

    /// `true` when the phone may pause now (and starts its gap).
    pub fn allow(&mut self, phone: &str, now: Instant) -> bool {
        // Only the phones that paused in the last gap are remembered.
        self.last
            .retain(|_, at| now.duration_since(*at) < Self::GAP);
        if self.last.contains_key(phone) {
            return false;
        }
        self.last.insert(phone.to_string(), now);
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
        let mut limit = RateLimit::new();
        let phone: IpAddr = "192.168.1.20".parse().unwrap();
        let other: IpAddr = "192.168.1.21".parse().unwrap();
        let t0 = Instant::now();
        let allowed = (0..100).filter(|_| limit.allow(phone, t0)).count();
        assert_eq!(allowed, RateLimit::BURST as usize);
        assert!(limit.allow(other, t0), "another phone has its own bucket");
        assert!(
            limit.allow(phone, t0 + Duration::from_millis(250)),
            "refilled one"
        );
        assert!(!limit.allow(phone, t0 + Duration::from_millis(260)));
    }

    #[test]
    fn a_phone_pauses_once_a_second() {
        let mut cooldown = PauseCooldown::default();
        let t0 = Instant::now();
        assert!(cooldown.allow("a", t0));
        assert!(!cooldown.allow("a", t0 + Duration::from_millis(900)));
        assert!(
            cooldown.allow("b", t0 + Duration::from_millis(900)),
            "its own gap"
        );
        assert!(cooldown.allow("a", t0 + Duration::from_millis(1000)));
    }
}
