//! The table's updates to each phone, as server-sent events: the table now, then each change,
//! one stream a phone (a newer one replaces the older, which is told so), ended when the
//! phones go off, the phone goes, or the table makes a new code (the stream is told that too,
//! so the page can say to scan again).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use tokio::sync::watch;

use super::guard::valid_phone_id;
use super::server::{MAX_STREAMS, Published, Shared, lock, refused};

/// The update streams open, and which one is each phone's (one a phone: a new one replaces
/// the old).
#[derive(Default)]
pub(super) struct Streams {
    open: usize,
    owner: HashMap<String, u64>,
    next: u64,
}

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
        let mut streams = lock(&self.shared.streams);
        streams.open -= 1;
        if streams.owner.get(&self.phone) == Some(&self.serial) {
            streams.owner.remove(&self.phone);
        }
    }
}

impl StreamSlot {
    /// Opens a stream for `phone`, replacing the one it had; `None` when too many are open.
    fn open(shared: &Arc<Shared>, phone: String) -> Option<StreamSlot> {
        let generation = lock(&shared.key).generation;
        let serial = {
            let mut streams = lock(&shared.streams);
            if streams.open >= MAX_STREAMS && !streams.owner.contains_key(&phone) {
                return None;
            }
            streams.open += 1;
            streams.next += 1;
            let serial = streams.next;
            let replaced = streams.owner.insert(phone.clone(), serial).is_some();
            drop(streams);
            if replaced {
                shared.kicks.send_modify(|n| *n += 1);
            }
            serial
        };
        Some(StreamSlot {
            shared: shared.clone(),
            phone,
            serial,
            generation,
        })
    }

    /// Why this stream must end now, as the last event it sends: the table made a new code,
    /// or the same phone opened a newer stream.
    fn ended(&self) -> Option<&'static str> {
        if lock(&self.shared.key).generation != self.generation {
            return Some("gone");
        }
        let streams = lock(&self.shared.streams);
        (streams.owner.get(&self.phone) != Some(&self.serial)).then_some("replaced")
    }
}

/// The table's updates, as server-sent events: the table now, then each change, until the
/// phones are turned off, the phone goes, or it opens a newer stream.
pub(super) async fn events(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<StreamQuery>,
) -> Response {
    if !valid_phone_id(&query.phone) {
        return refused(StatusCode::BAD_REQUEST, "bad_phone");
    }
    let Some(slot) = StreamSlot::open(&shared, query.phone) else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, "too_many_phones");
    };
    let lang = usize::from(query.lang.starts_with("ja"));
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

fn table_stream(slot: StreamSlot, lang: usize) -> impl Stream<Item = Result<Event, Infallible>> {
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
                        if let Some(why) = feed.slot.ended() {
                            // The page stops listening on this one: no retry.
                            return Some((Ok(Event::default().event(why).data("{}")), None));
                        }
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
        let you = feed.slot.shared.seat_of(&feed.slot.phone);
        let data = format!(
            "{{\"age_ms\":{},\"you\":{},\"table\":{}}}",
            published.at.elapsed().as_millis(),
            you.map_or("null".to_string(), |s| s.to_string()),
            published.json[lang]
        );
        // A dropped connection is retried by the browser after a second.
        let event = Event::default()
            .event("table")
            .retry(Duration::from_secs(1))
            .data(data);
        Some((Ok(event), Some(feed)))
    })
}
