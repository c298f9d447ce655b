//! The venue's address: one page for the whole room when `serve` keeps several tables. A
//! television in "Just watch" there shows every table at once (its game, round, whose turn and
//! for how long, its state), tonight's standings and the code to join; a phone there picks its
//! table and goes to that table's own address. It is read-only: nothing here reaches a
//! table's keeper, so no act can come through it. Every table keeps its own phones' server
//! (its own secret, its own phones), which is what keeps a phone at its own table.
//!
//! It streams as the tables' servers do (server-sent events, a change at a time), on a
//! thread of its own with the same connection caps and timeouts.

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use tokio::sync::watch;

use super::guard::{HostNames, Limits, Secret};
use super::listener::{CappedListener, Peer, Vouch};
use crate::i18n::Locale;
pub use crate::remote::{TableState, VenueNow, VenueTable};

const PAGE: &str = include_str!("../../assets/phone/venue.html");
/// The venue's script, then the QR code painter the phones' page uses too, served as one (the
/// painter last: the script's "use strict" must come first, and a declared function is known
/// throughout).
const SCRIPT: &str = concat!(
    include_str!("../../assets/phone/venue.js"),
    "\n",
    include_str!("../../assets/phone/qr.js")
);
const STYLE: &str = include_str!("../../assets/phone/venue.css");

/// The most venue streams open at once (televisions and phones looking at the room); one more
/// is refused "busy", so strangers cannot hold the thread's memory.
const MOST_STREAMS: usize = 48;

/// What the server's thread shares with its handlers.
struct VenueShared {
    secret: Secret,
    hosts: HostNames,
    /// The room, rendered in each language the app speaks (English first), and when.
    published: watch::Sender<Arc<(Instant, InEachLanguage)>>,
    streams: AtomicUsize,
    stop: watch::Receiver<bool>,
}

/// The venue's server, while `serve` keeps several tables. Dropping it stops it without
/// waiting on a client.
pub struct VenueServer {
    address: SocketAddr,
    shared: Arc<VenueShared>,
    stop: watch::Sender<bool>,
    shown: VenueNow,
}

impl VenueServer {
    /// Starts listening on `ip`:`port` (0: any) with `secret` in the address, showing `now`.
    pub fn start(
        ip: std::net::IpAddr,
        port: u16,
        secret: Secret,
        now: VenueNow,
    ) -> io::Result<VenueServer> {
        let listener = std::net::TcpListener::bind((ip, port))?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()?;
        let (stop, stop_rx) = watch::channel(false);
        let (published, _) = watch::channel(Arc::new((Instant::now(), rendered(&now))));
        let shared = Arc::new(VenueShared {
            secret,
            hosts: HostNames::of_this_machine(),
            published,
            streams: AtomicUsize::new(0),
            stop: stop_rx.clone(),
        });
        let app = router(shared.clone());
        std::thread::Builder::new()
            .name("venue".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    // One key for the venue's life: no connection is ever stale.
                    let (_keep, generation) = watch::channel(0);
                    let listener = CappedListener::new(listener, Limits::TABLE, generation.clone());
                    super::accept::serve(listener, app, stop_rx, generation, || {}).await;
                });
            })?;
        Ok(VenueServer {
            address,
            shared,
            stop,
            shown: now,
        })
    }

    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The venue's address path: `/v/<secret>`.
    pub fn path(&self) -> String {
        format!("/v/{}", self.shared.secret.as_str())
    }

    /// Shows the room as it is now to every screen, if it changed (the time on a running
    /// clock alone is no change: each page counts it on).
    pub fn publish(&mut self, now: VenueNow) {
        if now.same_but_the_time(&self.shown) {
            return;
        }
        self.shared
            .published
            .send_replace(Arc::new((Instant::now(), rendered(&now))));
        self.shown = now;
    }
}

impl Drop for VenueServer {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

/// The room's JSON in each language the app speaks, English first.
type InEachLanguage = Vec<(Locale, String)>;

fn rendered(now: &VenueNow) -> InEachLanguage {
    (Locale::available().into_iter())
        .map(|l| (l, now.render(l).to_string()))
        .collect()
}

fn router(shared: Arc<VenueShared>) -> Router {
    Router::new()
        .route("/v/{secret}", get(page))
        .route("/v/{secret}/", get(page))
        .route("/v/{secret}/venue.js", get(script))
        .route("/v/{secret}/venue.css", get(style))
        .route("/v/{secret}/icon.png", get(super::page::icon))
        .route("/v/{secret}/events", get(events))
        .fallback(super::page::ask_the_table)
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Every request: from the local network, to this machine's name, with the venue's secret;
/// anything else is answered "ask the table" and leaves no trace.
async fn guard(
    State(shared): State<Arc<VenueShared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    request: Request,
    next: Next,
) -> Response {
    let given =
        (request.uri().path().strip_prefix("/v/")).map(|rest| rest.split('/').next().unwrap_or(""));
    let stranger =
        super::page::refuse_stranger(request.headers(), peer.ip(), false, &shared.hosts, "venue");
    let mut response = if let Some(refused) = stranger {
        refused
    } else if given.is_some_and(|g| shared.secret.matches(g)) {
        if let Some(vouch) = request.extensions().get::<Vouch>() {
            vouch.vouch(0);
        }
        match tokio::time::timeout(super::accept::REQUEST_TIMEOUT, next.run(request)).await {
            Ok(response) => response,
            Err(_) => super::shared::refused(StatusCode::REQUEST_TIMEOUT, "too_slow"),
        }
    } else {
        super::page::ask_the_table(request.headers().clone()).await
    };
    super::page::protect(response.headers_mut());
    response
}

fn typed(content_type: &'static str, body: String) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

async fn page(State(shared): State<Arc<VenueShared>>) -> Response {
    let base = format!("/v/{}", shared.secret.as_str());
    typed("text/html; charset=utf-8", PAGE.replace("{{BASE}}", &base))
}

async fn script() -> Response {
    typed("text/javascript; charset=utf-8", SCRIPT.to_string())
}

async fn style() -> Response {
    typed("text/css; charset=utf-8", STYLE.to_string())
}

#[derive(Deserialize)]
struct StreamQuery {
    #[serde(default)]
    lang: String,
}

/// Counts an open stream until it ends.
struct StreamSlot(Arc<VenueShared>);

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The room now, then each change, as server-sent events, until the venue closes.
async fn events(
    State(shared): State<Arc<VenueShared>>,
    Query(query): Query<StreamQuery>,
) -> Response {
    if shared.streams.fetch_add(1, Ordering::Relaxed) >= MOST_STREAMS {
        shared.streams.fetch_sub(1, Ordering::Relaxed);
        return super::shared::refused(StatusCode::SERVICE_UNAVAILABLE, "busy");
    }
    let slot = StreamSlot(shared.clone());
    let lang = Locale::from_accept_language(&query.lang);
    let updates = shared.published.subscribe();
    let stop = shared.stop.clone();
    let stream = futures_util::stream::unfold(
        (slot, updates, stop, true),
        move |(slot, mut updates, mut stop, first)| async move {
            if !first {
                tokio::select! {
                    changed = updates.changed() => changed.ok()?,
                    _ = stop.wait_for(|stop| *stop) => return None,
                }
            }
            let published = updates.borrow_and_update().clone();
            let data = format!(
                "{{\"age_ms\":{},\"venue\":{}}}",
                published.0.elapsed().as_millis(),
                (published.1.iter())
                    .find(|(l, _)| *l == lang)
                    .unwrap_or(&published.1[0])
                    .1
            );
            let event = Event::default()
                .event("venue")
                .retry(Duration::from_secs(1))
                .data(data);
            Some((Ok::<_, Infallible>(event), (slot, updates, stop, false)))
        },
    );
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
