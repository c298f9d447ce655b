//! The table's updates to each phone, as server-sent events: the table now, then each change,
//! one stream a phone (a newer one replaces the older, which is told so), ended when the
//! phones go off, the phone goes, or the table makes a new code (the stream is told that too,
//! so the page can say to scan again).

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::i18n::Locale;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use tokio::sync::watch;

use super::guard::{address_key, valid_phone_id};
use super::listener::Peer;
use super::shared::{Published, Shared, lock, refused};

#[derive(Deserialize)]
pub(super) struct StreamQuery {
    #[serde(default)]
    lang: String,
    #[serde(default)]
    phone: String,
}

/// One open stream, counted until it ends: whose it is, and under which key it opened.
struct StreamSlot {
    shared: Arc<Shared>,
    phone: String,
    serial: u64,
    generation: u64,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        {
            let mut phones = lock(&self.shared.phones);
            phones.heard(&self.phone, Instant::now());
            lock(&self.shared.streams).close(&self.phone, self.serial);
        }
        // Every phone hears that this seat's phone left the table (if it holds one).
        self.shared.online_changed();
    }
}

/// Why a stream ends before the phones go off.
enum Ended {
    /// The table made a new code: the page says to scan again.
    Gone,
    /// The same phone opened a newer stream: the page stops listening on this one.
    Replaced,
    /// Closed to make room for another phone's: the page's browser opens it again.
    MadeRoom,
}

impl StreamSlot {
    /// Opens a stream for `phone`, replacing the one it had; `None` when its address or the
    /// server holds every stream it may.
    fn open(shared: &Arc<Shared>, phone: String, ip: IpAddr) -> Option<StreamSlot> {
        let generation = lock(&shared.key).generation;
        // Streams are counted by the address's share (an IPv6 /64); the phone's device is
        // known by its exact address.
        let address = address_key(ip);
        let (serial, kicked) = {
            let mut phones = lock(&shared.phones);
            phones.heard_from(&phone, ip, Instant::now());
            let seated = |id: &str| phones.get(id).is_some_and(|p| p.seat.is_some());
            let opened = lock(&shared.streams).open(&phone, address, &shared.limits, seated);
            opened?
        };
        if kicked {
            shared.kicks.send_modify(|n| *n += 1);
        }
        shared.online_changed();
        Some(StreamSlot {
            shared: shared.clone(),
            phone,
            serial,
            generation,
        })
    }

    /// Why this stream must end now, if it must.
    fn ended(&self) -> Option<Ended> {
        if lock(&self.shared.key).generation != self.generation {
            return Some(Ended::Gone);
        }
        let streams = lock(&self.shared.streams);
        if streams.owner.get(&self.phone) == Some(&self.serial) {
            None
        } else if streams.was_replaced(self.serial) {
            Some(Ended::Replaced)
        } else {
            Some(Ended::MadeRoom)
        }
    }
}

/// The table's updates, as server-sent events: the table now, then each change, until the
/// phones are turned off, the phone goes, or it opens a newer stream.
pub(super) async fn events(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    Query(query): Query<StreamQuery>,
) -> Response {
    if !valid_phone_id(&query.phone) {
        return refused(StatusCode::BAD_REQUEST, "bad_phone");
    }
    let Some(slot) = StreamSlot::open(&shared, query.phone, peer.ip()) else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, "too_many_phones");
    };
    let lang = Locale::from_accept_language(&query.lang);
    let stream = table_stream(slot, lang);
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// What a stream holds between two events.
struct Feed {
    slot: StreamSlot,
    updates: watch::Receiver<Arc<Published>>,
    kicks: watch::Receiver<u64>,
    stop: watch::Receiver<bool>,
    first: bool,
}

fn table_stream(slot: StreamSlot, lang: Locale) -> impl Stream<Item = Result<Event, Infallible>> {
    let feed = Feed {
        updates: slot.shared.published.subscribe(),
        kicks: slot.shared.kicks.subscribe(),
        stop: slot.shared.stop.clone(),
        slot,
        first: true,
    };
    futures_util::stream::unfold(Some(feed), move |feed| async move {
        let mut feed = feed?;
        if !feed.first {
            loop {
                tokio::select! {
                    changed = feed.updates.changed() => { changed.ok()?; break; }
                    kicked = feed.kicks.changed() => {
                        kicked.ok()?;
                        let why = match feed.slot.ended() {
                            None => continue,
                            Some(Ended::Gone) => "gone",
                            Some(Ended::Replaced) => "replaced",
                            // No last word: the browser opens the stream again by itself.
                            Some(Ended::MadeRoom) => return None,
                        };
                        // The page stops listening on this one: no retry.
                        return Some((Ok(Event::default().event(why).data("{}")), None));
                    }
                    _ = feed.stop.wait_for(|stop| *stop) => return None,
                }
            }
        }
        feed.first = false;
        if *feed.stop.borrow() {
            return None;
        }
        let published = feed.updates.borrow_and_update().clone();
        let shared = &feed.slot.shared;
        let (you, asking) = shared.seat_and_ask(&feed.slot.phone);
        let seat_json = |s: Option<usize>| s.map_or("null".to_string(), |s| s.to_string());
        // Where no window keeps the table, a seated phone is shown the asks it answers (the
        // host's, but never the asking device's own), and a phone whose seat was given away
        // is told so.
        let host = shared.host(&published);
        let asks = match you {
            Some(_) => shared.asks_json(&published, &feed.slot.phone),
            None => "[]".to_string(),
        };
        let given_away = shared.given_away(&feed.slot.phone);
        // Whether that phone takes it back with a tap, or asks for it like anyone.
        let take_back = lock(&shared.phones).may_take_back(&feed.slot.phone, Instant::now());
        // A phone the table dropped (the host removed it from the game being set up) is told.
        let dropped = lock(&shared.dropped).contains(&feed.slot.phone);
        let data = format!(
            "{{\"age_ms\":{},\"you\":{},\"asking\":{},\"host\":{},\"asks\":{},\"given_away\":{},\"take_back\":{},\"dropped\":{},\"table\":{}}}",
            published.at.elapsed().as_millis(),
            seat_json(you),
            seat_json(asking),
            seat_json(host),
            asks,
            seat_json(given_away),
            take_back,
            dropped,
            published.json_for(lang, you)
        );
        // A dropped connection is retried by the browser after a second.
        let event = Event::default()
            .event("table")
            .retry(Duration::from_secs(1))
            .data(data);
        Some((Ok(event), Some(feed)))
    })
}
