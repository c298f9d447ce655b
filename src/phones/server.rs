//! The phones' HTTP server: the page, the stream of the table's updates, and the three things a
//! phone may ask (take a seat, end its own turn, pause). It decides nothing about the game: a
//! request that passes its checks goes to the app as a [`PhoneMessage`], and the app applies it
//! through the same path as a tap in the window, checking it again against the game.

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Json, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::Stream;
use serde::Deserialize;
use tokio::sync::{mpsc, watch};

use super::guard::{RateLimit, Secret, valid_phone_id};
use super::listener::{CappedListener, Peer};
use super::page;
use super::view::TableNow;
use crate::i18n::Locale;
use crate::vocabulary::Seat;

/// The largest request body accepted (a phone's requests are a few dozen bytes).
pub const MAX_BODY: usize = 1024;
/// Phones remembered at once (seats, table displays, a phone that came back).
pub const MAX_PHONES: usize = 24;
/// Update streams open at once.
pub const MAX_STREAMS: usize = 32;

/// What a phone asks of the app, once the server has checked who asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhoneMessage {
    /// The phone of `seat` ends its turn, the one named `turn` ([`crate::session::Glance::turn_key`]).
    Done { seat: Seat, turn: String },
    /// A phone pauses (or resumes) every clock.
    Pause { seat: Seat, paused: bool },
    /// A phone took or left a seat: the panel lists them.
    PhonesChanged,
}

/// A phone the server knows, as the table's panel lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneInfo {
    /// The phone's id (the page's own random one).
    pub id: String,
    pub seat: Option<Seat>,
    pub address: IpAddr,
}

/// Where and with which secret to listen.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on: every interface for the table, 127.0.0.1 in tests.
    pub ip: IpAddr,
    /// The port; 0 lets the system pick one.
    pub port: u16,
    pub secret: Secret,
}

/// The server while the table has the phones on. Dropping it stops it: every connection is
/// closed, and the port is free again.
pub struct PhonesServer {
    address: SocketAddr,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What the table's updates carry, rendered once per language.
struct Published {
    table: TableNow,
    claimed: Vec<bool>,
    /// When the table was read: a phone adds the time since to a running clock.
    at: Instant,
    /// The JSON in English and in Japanese.
    json: [String; 2],
}

impl Published {
    fn new(table: TableNow, claimed: Vec<bool>) -> Published {
        let json = [Locale::En, Locale::Ja].map(|l| table.render(l, &claimed).to_string());
        Published {
            table,
            claimed,
            at: Instant::now(),
            json,
        }
    }
}

struct Phone {
    seat: Option<Seat>,
    address: IpAddr,
}

struct Shared {
    secret: Secret,
    published: watch::Sender<Arc<Published>>,
    to_app: mpsc::Sender<PhoneMessage>,
    phones: Mutex<HashMap<String, Phone>>,
    /// Phones the table dropped: they must pick a seat again under a new id.
    dropped: Mutex<HashSet<String>>,
    streams: AtomicUsize,
    rate: Mutex<RateLimit>,
    stop: watch::Receiver<bool>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl PhonesServer {
    /// Starts listening, on a thread with its own small runtime, showing `table`; requests that
    /// pass go to `to_app`. The error is the socket's (the port taken, no network).
    pub fn start(
        config: Config,
        table: TableNow,
        to_app: mpsc::Sender<PhoneMessage>,
    ) -> io::Result<PhonesServer> {
        let listener = std::net::TcpListener::bind((config.ip, config.port))?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()?;
        let (stop, stop_rx) = watch::channel(false);
        let claimed = vec![false; table.glance.players.len()];
        let shared = Arc::new(Shared {
            secret: config.secret,
            published: watch::Sender::new(Arc::new(Published::new(table, claimed))),
            to_app,
            phones: Mutex::default(),
            dropped: Mutex::default(),
            streams: AtomicUsize::new(0),
            rate: Mutex::new(RateLimit::new()),
            stop: stop_rx.clone(),
        });
        let app = router(shared.clone());
        let thread = std::thread::Builder::new()
            .name("phones".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    let mut stop_rx = stop_rx;
                    let stopped = async move {
                        let _ = stop_rx.wait_for(|stop| *stop).await;
                    };
                    let service = app.into_make_service_with_connect_info::<Peer>();
                    let _ = axum::serve(CappedListener::new(listener), service)
                        .with_graceful_shutdown(stopped)
                        .await;
                });
            })?;
        Ok(PhonesServer {
            address,
            shared,
            stop,
            thread: Some(thread),
        })
    }

    /// Where the server listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The page's path for this game: `/t/<secret>`.
    pub fn path(&self) -> String {
        format!("/t/{}", self.shared.secret.as_str())
    }

    /// Shows the table as it is now. Only a change reaches the phones: a clock that merely ran
    /// on is worked out by each phone itself.
    pub fn publish(&self, table: TableNow) {
        self.shared.published.send_if_modified(|now| {
            if same_but_the_time(&now.table, &table) {
                return false;
            }
            let mut claimed = now.claimed.clone();
            claimed.resize(table.glance.players.len(), false);
            *now = Arc::new(Published::new(table, claimed));
            true
        });
    }

    /// The phones that hold a seat or watch the table.
    pub fn phones(&self) -> Vec<PhoneInfo> {
        let mut list: Vec<PhoneInfo> = lock(&self.shared.phones)
            .iter()
            .map(|(id, phone)| PhoneInfo {
                id: id.clone(),
                seat: phone.seat,
                address: phone.address,
            })
            .collect();
        list.sort_by_key(|p| (p.seat.is_none(), p.seat, p.id.clone()));
        list
    }

    /// Drops a phone: it loses its seat and may act no more until it picks one again.
    pub fn drop_phone(&self, id: &str) {
        if lock(&self.shared.phones).remove(id).is_some() {
            lock(&self.shared.dropped).insert(id.to_string());
            self.shared.seats_changed();
        }
    }
}

impl Drop for PhonesServer {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The same table apart from how long the clocks have run.
fn same_but_the_time(a: &TableNow, b: &TableNow) -> bool {
    let timeless = |t: &TableNow| {
        let mut t = t.clone();
        t.glance.clock = chrono::Duration::zero();
        t.glance.totals.clear();
        t
    };
    // A paused clock does not run on: any change of its figures is news.
    a.glance.paused == b.glance.paused && !a.glance.paused && timeless(a) == timeless(b) || a == b
}

impl Shared {
    /// Republishes the table with the seats as they are now.
    fn seats_changed(&self) {
        let phones = lock(&self.phones);
        self.published.send_modify(|now| {
            let mut claimed = vec![false; now.table.glance.players.len()];
            for seat in phones.values().filter_map(|p| p.seat) {
                if let Some(c) = claimed.get_mut(seat) {
                    *c = true;
                }
            }
            *now = Arc::new(Published::new(now.table.clone(), claimed));
        });
        drop(phones);
        let _ = self.to_app.try_send(PhoneMessage::PhonesChanged);
    }

    /// The seat of a phone that may act: known, not dropped, holding a seat.
    fn seat_of(&self, phone: &str) -> Option<Seat> {
        lock(&self.phones).get(phone)?.seat
    }
}

fn router(shared: Arc<Shared>) -> Router {
    let table = Router::new()
        .route("/", get(page::page))
        .route("/phone.js", get(page::script))
        .route("/phone.css", get(page::style))
        .route("/events", get(events))
        .route("/seat", post(seat))
        .route("/done", post(done))
        .route("/pause", post(pause));
    Router::new()
        .nest("/t/{secret}", table)
        .fallback(page::ask_the_table)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Every request: its address's rate first, then the secret; and every answer gets the
/// headers that keep the page to itself.
async fn guard(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    request: Request,
    next: Next,
) -> Response {
    let allowed = lock(&shared.rate).allow(peer.ip(), Instant::now());
    let mut response = if !allowed {
        (StatusCode::TOO_MANY_REQUESTS, "slow down").into_response()
    } else if holds_the_secret(request.uri().path(), &shared.secret) {
        next.run(request).await
    } else {
        page::ask_the_table(request.headers().clone()).await
    };
    page::protect(response.headers_mut());
    response
}

/// Does the path start with `/t/<the secret>`?
fn holds_the_secret(path: &str, secret: &Secret) -> bool {
    let Some(rest) = path.strip_prefix("/t/") else {
        return false;
    };
    let given = rest.split('/').next().unwrap_or("");
    secret.matches(given)
}

#[derive(Deserialize)]
struct StreamQuery {
    #[serde(default)]
    lang: String,
    #[serde(default)]
    phone: String,
}

/// Counts an open stream until it ends.
struct StreamSlot(Arc<Shared>);

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The table's updates, as server-sent events: the table now, then each change, until the
/// phones are turned off or the phone goes.
async fn events(State(shared): State<Arc<Shared>>, Query(query): Query<StreamQuery>) -> Response {
    if shared.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
        shared.streams.fetch_sub(1, Ordering::SeqCst);
        return (StatusCode::SERVICE_UNAVAILABLE, "too many phones").into_response();
    }
    let slot = StreamSlot(shared.clone());
    let lang = usize::from(query.lang.starts_with("ja"));
    let phone = valid_phone_id(&query.phone).then_some(query.phone);
    let stream = table_stream(slot, lang, phone);
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn table_stream(
    slot: StreamSlot,
    lang: usize,
    phone: Option<String>,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let updates = slot.0.published.subscribe();
    let stop = slot.0.stop.clone();
    let state = (slot, updates, stop, phone, true);
    futures_util::stream::unfold(state, move |(slot, mut updates, mut stop, phone, first)| {
        async move {
            if !first {
                tokio::select! {
                    changed = updates.changed() => changed.ok()?,
                    _ = stop.wait_for(|stop| *stop) => return None,
                }
            }
            if *stop.borrow() {
                return None;
            }
            let published = updates.borrow_and_update().clone();
            let you = phone.as_deref().and_then(|p| slot.0.seat_of(p));
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
            Some((Ok(event), (slot, updates, stop, phone, false)))
        }
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    phone: String,
    /// `None`: watch the table without a seat (the table display).
    seat: Option<Seat>,
}

/// A phone takes a seat (or leaves it): refused when another phone holds it.
async fn seat(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    Json(request): Json<SeatRequest>,
) -> Response {
    if !valid_phone_id(&request.phone) {
        return refused(StatusCode::BAD_REQUEST, "bad_phone");
    }
    if lock(&shared.dropped).contains(&request.phone) {
        return refused(StatusCode::FORBIDDEN, "dropped");
    }
    let seats = shared.published.borrow().table.glance.players.len();
    if request.seat.is_some_and(|s| s >= seats) {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "no_such_seat");
    }
    {
        let mut phones = lock(&shared.phones);
        if !phones.contains_key(&request.phone) && phones.len() >= MAX_PHONES {
            return refused(StatusCode::SERVICE_UNAVAILABLE, "too_many_phones");
        }
        let taken = request.seat.is_some()
            && (phones.iter()).any(|(id, p)| p.seat == request.seat && *id != request.phone);
        if taken {
            return refused(StatusCode::CONFLICT, "taken");
        }
        let phone = Phone {
            seat: request.seat,
            address: peer.ip(),
        };
        phones.insert(request.phone, phone);
    }
    shared.seats_changed();
    StatusCode::OK.into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DoneRequest {
    phone: String,
    /// The turn the phone ends, as the table showed it.
    turn: String,
}

/// A phone ends its own turn: only the phone of the seat whose turn it is, only that turn.
async fn done(State(shared): State<Arc<Shared>>, Json(request): Json<DoneRequest>) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let turn_now = shared.published.borrow().table.turn();
    match turn_now {
        Some((current, key)) if current == seat && key == request.turn => {}
        Some((current, _)) if current != seat => {
            return refused(StatusCode::FORBIDDEN, "not_your_turn");
        }
        _ => return refused(StatusCode::CONFLICT, "stale"),
    }
    to_app(
        &shared,
        PhoneMessage::Done {
            seat,
            turn: request.turn,
        },
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PauseRequest {
    phone: String,
    paused: bool,
}

/// Any phone with a seat pauses or resumes every clock.
async fn pause(State(shared): State<Arc<Shared>>, Json(request): Json<PauseRequest>) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    to_app(
        &shared,
        PhoneMessage::Pause {
            seat,
            paused: request.paused,
        },
    )
}

fn to_app(shared: &Shared, message: PhoneMessage) -> Response {
    match shared.to_app.try_send(message) {
        Ok(()) => StatusCode::ACCEPTED.into_response(),
        Err(_) => refused(StatusCode::SERVICE_UNAVAILABLE, "busy"),
    }
}

/// A refusal the page understands: the status and a one-word reason.
fn refused(status: StatusCode, reason: &'static str) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    (status, headers, format!("{{\"error\":\"{reason}\"}}")).into_response()
}
