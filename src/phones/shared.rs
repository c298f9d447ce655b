//! What the server's thread and the table's side share: the game's key, the table as the
//! phones are shown it, the phones and their streams, the limits, and the channel to the app.
//! The request handlers (`server`, `entries`, `stream`) all read it; it imports none of them.

use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::sync::{mpsc, watch};

use super::guard::{self, Asker, HostNames, Limits, PauseCooldown, RateLimit, Secret};
use super::open_streams::Streams;
use crate::i18n::Locale;
use crate::remote::registry::{Move, Registry};
pub use crate::remote::{Arrange, PhoneMessage};
use crate::remote::{Early, Removals, TableNow};
use crate::session::TableAct;
use crate::vocabulary::Seat;

/// What the table's updates carry, rendered once per language.
pub(super) struct Published {
    pub(super) table: TableNow,
    pub(super) claimed: Vec<bool>,
    /// When the table was read: a phone adds the time since to a running clock.
    pub(super) at: Instant,
    /// The JSON in each language the app speaks, English first: `[0]` for a phone without a
    /// seat, `[1 + seat]` for each seat's phone (its own form and answers in it, no one else's).
    pub(super) json: Vec<(Locale, Vec<String>)>,
}

impl Published {
    /// The table shown again as of the moment `before` was published (its clocks and
    /// countdowns are as of then: a phone counts on from there). A seat or a phone's presence
    /// changed, not the game's clocks (issue 68's soak: every clock on every screen jumped
    /// back whenever a phone reconnected).
    pub(super) fn again(before: &Published, table: TableNow, claimed: Vec<bool>) -> Published {
        Published {
            at: before.at,
            ..Published::new(table, claimed)
        }
    }

    pub(super) fn new(table: TableNow, claimed: Vec<bool>) -> Published {
        let seats = table.glance.players.len();
        let json = (Locale::available().into_iter()).map(|l| {
            let shared = table.render_shared(l, &claimed);
            let mut each = Vec::with_capacity(seats + 1);
            each.push(shared.to_string());
            for seat in 0..seats {
                let mut own = shared.clone();
                table.add_own(&mut own, l, seat);
                each.push(own.to_string());
            }
            (l, each)
        });
        let json = json.collect();
        Published {
            table,
            claimed,
            at: Instant::now(),
            json,
        }
    }

    /// The JSON the phone of `seat` (or a phone without one) is shown, in language `lang`
    /// (English if the table has no words in it).
    pub(super) fn json_for(&self, lang: Locale, seat: Option<Seat>) -> &str {
        let each = &(self.json.iter())
            .find(|(l, _)| *l == lang)
            .unwrap_or(&self.json[0])
            .1;
        let index = seat.map_or(0, |s| s + 1);
        each.get(index).unwrap_or(&each[0])
    }
}

/// The game's secret and how many times the table has made a new one (a stream opened, or a
/// connection vouched for, under an older one ends).
pub(super) struct Key {
    pub(super) secret: Secret,
    pub(super) generation: u64,
}

pub(super) struct Shared {
    pub(super) key: Mutex<Key>,
    /// The key's generation as it changes, for the connections to hear of a new code.
    pub(super) generation: watch::Sender<u64>,
    pub(super) published: watch::Sender<Arc<Published>>,
    pub(super) to_app: mpsc::Sender<PhoneMessage>,
    /// Locked before `streams` whenever both are.
    pub(super) phones: Mutex<Registry>,
    /// Phones the table removed, and their devices ([`Removals`]): for the game they were
    /// removed from.
    pub(super) dropped: Mutex<Removals>,
    pub(super) streams: Mutex<Streams>,
    /// Bumped when a stream is replaced or closed to make room, or the key changes: the streams
    /// then look whether they are still wanted.
    pub(super) kicks: watch::Sender<u64>,
    /// Requests per device (a known phone by its id, else by its address), once a request has
    /// shown the secret.
    pub(super) rate: Mutex<RateLimit<Asker>>,
    /// The page's own files have a bucket of their own: a phone reloading while its address
    /// spent its requests (four test phones on 127.0.0.1, or one busy phone) still gets a whole
    /// page, never one without its script.
    pub(super) page_rate: Mutex<RateLimit<Asker>>,
    /// What each seat hands the app (each a journal line).
    pub(super) seat_rate: Mutex<RateLimit<Seat>>,
    pub(super) pauses: Mutex<PauseCooldown>,
    pub(super) hosts: HostNames,
    /// The last games, as the page reads them, in English and in Japanese: set by a keeper
    /// that shows the phones the history (`tablekeeper serve`), empty otherwise.
    /// The last games as the phones' page reads them, in each language, English first.
    pub(super) past: Mutex<Arc<Vec<(Locale, String)>>>,
    pub(super) any_network: AtomicBool,
    pub(super) limits: Limits,
    pub(super) stop: watch::Receiver<bool>,
}

/// The header in which the page names its phone on every request it sends (the id it keeps in
/// its storage), so its share of the server is its own.
pub const PHONE_HEADER: &str = "x-tablekeeper-phone";

/// The history a phone is shown where the keeper shows none.
pub(super) const NO_PAST: &str = "{\"games\":[]}";

pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    pub(super) fn new(
        secret: Secret,
        table: TableNow,
        to_app: mpsc::Sender<PhoneMessage>,
        any_network: bool,
        limits: Limits,
        stop: watch::Receiver<bool>,
    ) -> Shared {
        let claimed = vec![false; table.glance.players.len()];
        Shared {
            key: Mutex::new(Key {
                secret,
                generation: 0,
            }),
            generation: watch::Sender::new(0),
            published: watch::Sender::new(Arc::new(Published::new(table, claimed))),
            to_app,
            phones: Mutex::default(),
            dropped: Mutex::default(),
            streams: Mutex::default(),
            kicks: watch::Sender::new(0),
            rate: Mutex::new(guard::per_device(&limits)),
            page_rate: Mutex::new(guard::per_device(&limits)),
            seat_rate: Mutex::new(guard::per_seat()),
            pauses: Mutex::default(),
            hosts: HostNames::of_this_machine(),
            past: Mutex::new(Arc::new(vec![(Locale::EN, NO_PAST.to_string())])),
            any_network: AtomicBool::new(any_network),
            limits,
            stop,
        }
    }

    /// Republishes the table with the seats as they are now, and tells the app what changed.
    pub(super) fn seats_changed(&self, change: Option<(Option<Seat>, Option<Seat>)>) {
        let phones = lock(&self.phones);
        self.published.send_modify(|now| {
            let mut claimed = vec![false; now.table.glance.players.len()];
            for seat in phones.seats() {
                if let Some(c) = claimed.get_mut(seat) {
                    *c = true;
                }
            }
            *now = Arc::new(Published::again(now, now.table.clone(), claimed));
        });
        drop(phones);
        if let Some((from, to)) = change {
            let _ = self.to_app.try_send(PhoneMessage::Seated { from, to });
        }
    }

    /// Who a request is counted against ([`Asker`]): the phone its page names in
    /// [`PHONE_HEADER`], when that phone holds a seat and the table has not dropped it; else
    /// its address. Ids that hold no seat share their address's share, so made-up ids (or a
    /// `/seat` that only makes an id known) buy nothing (issue 68, case 10).
    pub(super) fn asker(&self, headers: &HeaderMap, ip: IpAddr) -> Asker {
        let named = (headers.get(PHONE_HEADER))
            .and_then(|value| value.to_str().ok())
            .filter(|id| guard::valid_phone_id(id));
        match named.filter(|id| self.seat_of(id).is_some()) {
            Some(id) => Asker::Phone(id.to_string()),
            None => Asker::Address(guard::address_key(ip)),
        }
    }

    /// The seat of a phone that may act: known, not dropped, holding a seat.
    pub(super) fn seat_of(&self, phone: &str) -> Option<Seat> {
        if lock(&self.dropped).contains(phone) {
            return None;
        }
        lock(&self.phones).get(phone)?.seat
    }

    /// The host's seat, where no window keeps the table: the seat of the host's phone (a
    /// phone, not a seat: see `Registry::host`), while it holds one.
    pub(super) fn host(&self, published: &Published) -> Option<Seat> {
        if !published.table.host_answers_asks() {
            return None;
        }
        let phones = lock(&self.phones);
        let streams = lock(&self.streams);
        let (grace, now) = (self.limits.grace, Instant::now());
        let present = |id: &str| phones.present(id, |i| streams.has(i), grace, now);
        phones.get(phones.acting_host(present)?)?.seat
    }

    /// The asks the phone `phone` is to answer (see `Registry::answerer`): each seat asked
    /// for, and from which address (the answer names both: it lets the phone it was shown,
    /// no other).
    pub(super) fn asks_json(&self, published: &Published, phone: &str) -> String {
        if !published.table.host_answers_asks() {
            return "[]".to_string();
        }
        let mut phones = lock(&self.phones);
        let asks = phones.asks(Instant::now()).to_vec();
        let streams = lock(&self.streams);
        let (grace, now) = (self.limits.grace, Instant::now());
        let present = |id: &str| phones.present(id, |id| streams.has(id), grace, now);
        let mine: Vec<String> = (asks.iter())
            .filter(|ask| phones.answerer(ask, present) == Some(phone))
            .map(|a| {
                let shares = a.shares.map_or("null".to_string(), |s| s.to_string());
                format!(
                    "{{\"seat\":{},\"address\":\"{}\",\"shares\":{shares}}}",
                    a.seat, a.address
                )
            })
            .collect();
        format!("[{}]", mine.join(","))
    }

    /// A seat moved from one phone to another: every phone is shown the seats as they are,
    /// and the app hears both phones (it tells every phone and the television, and writes it
    /// in the journal).
    pub(super) fn seat_moved(&self, moved: Move) {
        self.seats_changed(None);
        let Move { seat, from, to, .. } = moved;
        let _ = self
            .to_app
            .try_send(PhoneMessage::SeatMoved { seat, from, to });
    }

    /// The seat the host's phone gave away from `phone`, if it has not chosen again since.
    pub(super) fn given_away(&self, phone: &str) -> Option<Seat> {
        lock(&self.phones).given_away(phone)
    }

    /// The seat a phone holds, and the one it asks the table for.
    pub(super) fn seat_and_ask(&self, phone: &str) -> (Option<Seat>, Option<Seat>) {
        let phones = lock(&self.phones);
        let seat = phones.get(phone).and_then(|p| p.seat);
        (seat, phones.asking(phone, Instant::now()))
    }

    /// Hands the app what the phone of `seat` asks, within the seat's share: every such
    /// message is a line in the game's journal.
    /// Hands the app the host's arrangement of the lobby (`act`, in the state `rev`), unless
    /// the lobby it was shown refuses it at once ([`TableNow::admits_arrange`]).
    pub(super) fn arrange(&self, seat: Seat, rev: u64, act: Arrange) -> Response {
        let admitted = self.published.borrow().table.admits_arrange(seat, rev, act);
        match admitted {
            Ok(()) => self.act(seat, PhoneMessage::Arrange { seat, rev, act }),
            Err(early) => refused_early(early),
        }
    }

    pub(super) fn act(&self, seat: Seat, message: PhoneMessage) -> Response {
        if let Err(wait) = lock(&self.seat_rate).take(seat, Instant::now()) {
            return too_fast(wait);
        }
        self.to_app(message)
    }

    /// Hands the app the act the phone of `seat` does to the game in the table's state `rev`,
    /// unless the table it was shown refuses it at once ([`TableNow::admits`]): the same
    /// rules the keeper reads it by, said now with a reason the page understands.
    pub(super) fn play(&self, seat: Seat, rev: u64, act: TableAct) -> Response {
        let admitted = self.published.borrow().table.admits(seat, rev, &act);
        if let Err(early) = admitted {
            return refused_early(early);
        }
        match act {
            // Not counted against the seat's share: a Done is taken only on its player's own
            // turn, in the state the table is in, and moves the turn on, so the game's own pace
            // bounds it.
            TableAct::Next => self.to_app(PhoneMessage::Act { seat, rev, act }),
            // Pause and resume: once a second a seat at most, besides its share.
            TableAct::Pause { .. } if !lock(&self.pauses).allow(seat, Instant::now()) => {
                refused(StatusCode::TOO_MANY_REQUESTS, "too_soon")
            }
            act => self.act(seat, PhoneMessage::Act { seat, rev, act }),
        }
    }

    pub(super) fn to_app(&self, message: PhoneMessage) -> Response {
        match self.to_app.try_send(message) {
            Ok(()) => StatusCode::ACCEPTED.into_response(),
            Err(_) => refused(StatusCode::SERVICE_UNAVAILABLE, "busy"),
        }
    }
}

/// "Too fast": the request was not taken, and may be sent again after `wait`. The page does so
/// by itself and says so meanwhile (a tap is never lost to it, nor waits unseen). The wait is
/// in the body to the millisecond (`retry_ms`) and in `Retry-After` in whole seconds, which is
/// all that header may say (RFC 9110, section 10.2.3, delay-seconds:
/// https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3).
pub(super) fn too_fast(wait: Duration) -> Response {
    let ms = wait.as_millis().max(1);
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
    let body = format!("{{\"error\":\"too_fast\",\"retry_ms\":{ms}}}");
    (StatusCode::TOO_MANY_REQUESTS, headers, body).into_response()
}

/// A refusal the page understands: the status and a one-word reason.
pub(super) fn refused(status: StatusCode, reason: &'static str) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    (status, headers, format!("{{\"error\":\"{reason}\"}}")).into_response()
}

/// A refusal that names what it is about (the character a name may not hold): `detail`, for
/// the page to put in its sentence.
pub(super) fn refused_naming(status: StatusCode, reason: &'static str, detail: &str) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = serde_json::json!({ "error": reason, "detail": detail });
    (status, headers, body.to_string()).into_response()
}

/// A refusal the table's rules gave at once ([`Early`]), as the page reads it.
fn refused_early(early: Early) -> Response {
    match early {
        Early::Stale => refused(StatusCode::CONFLICT, "stale"),
        Early::NotYours(reason) => refused(StatusCode::FORBIDDEN, reason),
        Early::Bad(reason) => refused(StatusCode::UNPROCESSABLE_ENTITY, reason),
    }
}

/// The same table apart from how long the clocks and the countdowns have run.
pub(super) fn same_but_the_time(a: &TableNow, b: &TableNow) -> bool {
    // A countdown (the grace, a free table) runs on each screen: only its start and end are
    // news, paused clock or not.
    let counted = |t: &TableNow| {
        let mut t = t.clone();
        t.free_in_ms = t.free_in_ms.map(|ms| u64::from(ms == 0));
        (t.grace_left_ms.iter_mut()).for_each(|(_, ms)| *ms = u64::from(*ms == 0));
        t
    };
    let (a, b) = (counted(a), counted(b));
    let timeless = |t: &TableNow| {
        let mut t = t.clone();
        t.glance.clock = chrono::Duration::zero();
        t.glance.totals.clear();
        t
    };
    // A paused clock does not run on: any change of its figures is news.
    a.glance.paused == b.glance.paused && !a.glance.paused && timeless(&a) == timeless(&b) || a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Retry-After` as RFC 9110 section 10.2.3 writes it (the fixture is its grammar:
    /// `Retry-After = HTTP-date / delay-seconds`, `delay-seconds = 1*DIGIT`, a non-negative
    /// decimal integer of seconds): whole seconds, rounded up so a phone never comes back early.
    #[test]
    fn too_fast_says_when_in_whole_seconds_as_the_rfc_writes_them() {
        for (wait, seconds) in [(1_500, "2"), (200, "1"), (3_000, "3")] {
            let answer = too_fast(Duration::from_millis(wait));
            assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
            let value = answer.headers()[header::RETRY_AFTER].to_str().unwrap();
            assert!(
                value.bytes().all(|b| b.is_ascii_digit()) && !value.is_empty(),
                "{value}"
            );
            assert_eq!(value, seconds);
        }
    }
}
