//! What keeps the phones' server to the people at the table: the game's secret (in the address
//! the code carries), the phones' own ids, and how often one address may ask.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Instant;

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
}
