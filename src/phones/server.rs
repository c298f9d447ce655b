//! The phones' HTTP server: the page, the stream of the table's updates, and what a phone may
//! ask (take a seat, end its own turn, pause; its own values, in `entries.rs`). It holds no game
//! and applies nothing. It keeps the table's [`crate::remote::registry::Registry`] (which phone
//! holds which seat, by the seat rules there) and refuses early, with a status and a reason,
//! what the table's rules ([`crate::remote::may`]) refuse on the table it last published. A
//! request that passes goes to the front end as a [`PhoneMessage`] and on to the keeper, which
//! decides: it reads it against the game as it is now and who is at the table
//! ([`crate::remote::Table::read`]) and applies it through the same path as a tap in the window.
//!
//! A tap that changes the game names the table's state it was made in (the revision,
//! [`TableNow::rev`]), not a position in the game: after an Undo the same position comes back
//! under a new revision, so an old tap sent again changes nothing. A value a phone enters names
//! the value it was typed over instead (see `session::seat_form`).

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Json, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use tokio::sync::{mpsc, watch};

use super::accept::{self, REQUEST_TIMEOUT};
use super::guard::{Asker, Secret, address_key, valid_phone_id};
use super::listener::{CappedListener, Peer, Vouch};
use super::page;
use super::shared::{PhoneMessage, Published, Shared, lock, refused, same_but_the_time, too_fast};
use super::stream;
use super::{acts, entries, joining, table_parts, ways_out};
use crate::i18n::Locale;
use crate::remote::registry::{Ask, Refusal, Taking};
use crate::remote::{LinkConfig as Config, TableNow};
use crate::session::TableAct;
use crate::vocabulary::Seat;

/// The largest request body accepted (a phone's requests are a few dozen bytes).
pub const MAX_BODY: usize = 1024;
/// A phone the server knows, as the table's panel lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneInfo {
    /// The phone's id (the page's own random one).
    pub id: String,
    pub seat: Option<Seat>,
    pub address: IpAddr,
}

/// The server while the table has the phones on. Dropping it stops it without waiting: the
/// server's own thread closes the port at once, gives the requests under way
/// [`accept::GRACE`], and aborts the rest ([`PhonesServer::stop`] to wait for that).
pub struct PhonesServer {
    address: SocketAddr,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
    port_closed: Option<std::sync::mpsc::Receiver<()>>,
}

/// A server told to stop, for whoever needs to know when it has.
pub struct Stopping {
    thread: Option<std::thread::JoinHandle<()>>,
    port_closed: Option<std::sync::mpsc::Receiver<()>>,
}

impl Stopping {
    /// Waits at most `wait` for the port to be free again; `true` once it is.
    pub fn port_closed(&self, wait: Duration) -> bool {
        port_closed_within(self.port_closed.as_ref(), wait)
    }

    /// Waits at most `wait` for the server's thread to end; `true` once it has.
    pub fn finished(&self, wait: Duration) -> bool {
        let until = Instant::now() + wait;
        loop {
            if self.thread.as_ref().is_none_or(|t| t.is_finished()) {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
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
        let shared = Arc::new(Shared::new(
            config.secret,
            table,
            to_app,
            config.any_network,
            config.limits,
            stop_rx.clone(),
        ));
        lock(&shared.phones).restore_all(&config.seats, Instant::now());
        shared.seats_changed(None);
        let app = router(shared.clone());
        let generation = shared.generation.subscribe();
        let (closed_tx, closed_rx) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("phones".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        let _ = closed_tx.send(());
                        return;
                    };
                    let port_closed = move || {
                        let _ = closed_tx.send(());
                    };
                    let listener = CappedListener::new(listener, config.limits, generation.clone());
                    accept::serve(listener, app, stop_rx, generation, port_closed).await;
                });
                // Whatever is still running (a stream, a request past the grace period) is
                // dropped with the runtime here, on this thread, never on the window's.
            })?;
        Ok(PhonesServer {
            address,
            shared,
            stop,
            thread: Some(thread),
            port_closed: Some(closed_rx),
        })
    }

    /// Stops the server without waiting (as dropping it does), and hands back a handle to
    /// wait on, for the port to be free again or the thread to end.
    pub fn stop(mut self) -> Stopping {
        let _ = self.stop.send(true);
        Stopping {
            thread: self.thread.take(),
            port_closed: self.port_closed.take(),
        }
    }

    /// A new secret: the old address is dead at once (every stream under it ends, telling its
    /// page to scan again, and every connection that showed it is closed, whatever it is
    /// doing), and every phone must take its seat again.
    pub fn change_secret(&self, secret: Secret) {
        let generation = {
            let mut key = lock(&self.shared.key);
            key.secret = secret;
            key.generation += 1;
            key.generation
        };
        self.shared.generation.send_replace(generation);
        let had_seats = {
            let mut phones = lock(&self.shared.phones);
            let had = phones.seats().next().is_some();
            phones.clear();
            had
        };
        lock(&self.shared.dropped).clear();
        self.shared.kicks.send_modify(|n| *n += 1);
        if had_seats {
            self.shared.seats_changed(None);
        }
    }

    /// Answer requests from outside the local networks too, or not.
    pub fn set_any_network(&self, any: bool) {
        self.shared.any_network.store(any, Ordering::Relaxed);
    }

    /// Where the server listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The page's path for this game: `/t/<secret>`.
    pub fn path(&self) -> String {
        format!("/t/{}", lock(&self.shared.key).secret.as_str())
    }

    /// Shows the table as it is now. Only a change reaches the phones: a clock that merely ran
    /// on is worked out by each phone itself.
    pub fn publish(&self, table: TableNow) {
        let mut table = table;
        // While the game is set up, the setup says which phone holds which seat (never a
        // dropped one's); then what the server heard is filled in, and the lobby's host (which
        // passes over a phone gone past the grace) is the host of the game it starts.
        let phones = (table.lobby.as_ref()).map(|lobby| {
            let dropped = lock(&self.shared.dropped);
            (lobby.phones.iter())
                .map(|p| p.clone().filter(|id| !dropped.contains(id)))
                .collect::<Vec<_>>()
        });
        if let Some(phones) = &phones {
            lock(&self.shared.phones).hold_only(phones, None, Instant::now());
        }
        self.shared.presence(&mut table);
        self.shared.lobby_host(&table);
        self.shared.published.send_if_modified(|now| {
            if same_but_the_time(&now.table, &table) {
                return false;
            }
            let mut claimed = now.claimed.clone();
            claimed.resize(table.glance.players.len(), false);
            if let Some(lobby) = &table.lobby {
                claimed = lobby.phones.iter().map(Option::is_some).collect();
            }
            *now = Arc::new(Published::new(table, claimed));
            true
        });
    }

    /// Shows the phones the last games (`/past`), rendered in English (`[0]`) and Japanese.
    pub fn show_past(&self, past: Vec<(Locale, String)>) {
        *lock(&self.shared.past) = Arc::new(past);
    }

    /// The phones that hold a seat or watch the table.
    pub fn phones(&self) -> Vec<PhoneInfo> {
        let mut phones = lock(&self.shared.phones);
        {
            let streams = lock(&self.shared.streams);
            phones.forget_idle(Instant::now(), &|id| streams.has(id));
        }
        let mut list: Vec<PhoneInfo> = phones
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

    /// Another game on the table under the same address: the seats, asks and drops of the
    /// last one are forgotten, and `seats` (the phones that held this game's seats when it
    /// was last served) hold them again.
    pub fn seats_for_another_game(&self, seats: &[(Seat, String)]) {
        lock(&self.shared.phones).restore_all(seats, Instant::now());
        lock(&self.shared.dropped).clear();
        self.shared.seats_changed(None);
    }

    /// The game the table removed phones from is over: its removals end with it (issue 68,
    /// case 5), and those phones may join the next.
    pub fn forget_removals(&self) {
        lock(&self.shared.dropped).clear();
        self.shared.seats_changed(None);
    }

    /// Which phone holds which seat, for the app to keep beside the game (see
    /// [`Config::seats`]).
    pub fn seats(&self) -> Vec<(Seat, String)> {
        let phones = lock(&self.shared.phones);
        let mut seats: Vec<(Seat, String)> = (phones.iter())
            .filter_map(|(id, p)| Some((p.seat?, id.clone())))
            .collect();
        seats.sort();
        seats
    }

    /// Which seats' phones are at the table now, as this server heard them: reported to the
    /// table's rules ([`crate::remote::may`]), which decide with it.
    pub fn presence(&self) -> crate::remote::Presence {
        self.shared.presence_now()
    }

    /// The phones asking the table for a seat, oldest first.
    pub fn asks(&self) -> Vec<Ask> {
        lock(&self.shared.phones).asks(Instant::now()).to_vec()
    }

    /// The table gives `seat` to the phone `id` that asked for it: `false` when that phone
    /// no longer asks (its ask lapsed, it was answered) or another phone holds the seat now.
    pub fn give_seat(&self, seat: Seat, id: &str) -> bool {
        if lock(&self.shared.dropped).contains(id) {
            return false;
        }
        let given = lock(&self.shared.phones).give(seat, id, Instant::now());
        match given {
            Some(before) => {
                self.shared.seats_changed(Some((before, Some(seat))));
                true
            }
            None => false,
        }
    }

    /// The phone `id` asks the table for `seat` (it joined under the name of a seat the window
    /// named): the window shows the ask as any other.
    pub fn ask_for(&self, seat: Seat, id: &str) -> bool {
        let limits = &self.shared.limits;
        let asked = lock(&self.shared.phones).ask_for(id, seat, Instant::now(), limits);
        if asked {
            self.shared.seats_changed(None);
        }
        asked
    }

    /// The table refuses `seat` to the phone `id` that asked for it.
    pub fn refuse_seat(&self, seat: Seat, id: &str) {
        if lock(&self.shared.phones).refuse(seat, id, Instant::now()) {
            self.shared.seats_changed(None);
        }
    }

    /// Lets a phone the table dropped (or the host removed from the game being set up) join
    /// again under the same id.
    pub fn let_in(&self, id: &str) {
        lock(&self.shared.dropped).let_in(id);
        self.shared.seats_changed(None);
    }

    /// Whether the table dropped the phone `id` (it was removed from the game being set up).
    pub fn dropped(&self, id: &str) -> bool {
        lock(&self.shared.dropped).contains(id)
    }

    /// Drops a phone: it loses its seat, and may act no more. The seat is no phone's until the
    /// table gives it again.
    pub fn drop_phone(&self, id: &str) {
        let removed = {
            let mut phones = lock(&self.shared.phones);
            let removed = phones.drop_phone(id);
            // The device is bound too, where addresses tell the table's devices apart.
            let device = (removed.as_ref())
                .map(|p| p.address)
                .filter(|a| phones.address_tells(*a));
            removed.map(|phone| (phone, device))
        };
        if let Some((phone, device)) = removed {
            lock(&self.shared.dropped).remove(id, device);
            self.shared
                .seats_changed(phone.seat.map(|from| (Some(from), None)));
        }
    }
}

/// How long dropping a server waits at most for its port to be free: so a server started
/// right after (another game, the app opened again) gets the same port. The server's thread
/// closes it as soon as it wakes; this is well inside a frame.
const PORT_HANDOVER: Duration = Duration::from_millis(10);

impl Drop for PhonesServer {
    /// Never waits on a client: the window drops the server inside `update`, and a client
    /// that never finishes its request must not hold the window (the server's own thread
    /// aborts it after the grace period). It waits at most [`PORT_HANDOVER`] for the port.
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        port_closed_within(self.port_closed.as_ref(), PORT_HANDOVER);
    }
}

/// Waits at most `wait` for the server's thread to say its port is closed (or to be gone);
/// `true` once it is.
fn port_closed_within(closed: Option<&std::sync::mpsc::Receiver<()>>, wait: Duration) -> bool {
    closed.is_none_or(|closed| {
        !matches!(
            closed.recv_timeout(wait),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout)
        )
    })
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        // The page answers with and without the trailing slash (docs/phones.md prints neither,
        // but a phone's keyboard or a shortener may add one).
        .route("/t/{secret}", get(page::page))
        .route("/t/{secret}/", get(page::page))
        .route("/t/{secret}/phone.js", get(page::script))
        .route("/t/{secret}/phone.css", get(page::style))
        .route("/t/{secret}/icon.png", get(page::icon))
        .route("/t/{secret}/hello", get(hello))
        .route("/t/{secret}/past", get(past))
        .route("/t/{secret}/events", get(stream::events))
        .route("/t/{secret}/seat", post(seat))
        .route("/t/{secret}/done", post(done))
        .route("/t/{secret}/pause", post(pause))
        .route("/t/{secret}/enter", post(entries::enter))
        .route("/t/{secret}/ready", post(entries::ready))
        .route("/t/{secret}/turn", post(entries::turn))
        .route("/t/{secret}/together", post(entries::together))
        .route("/t/{secret}/step", post(acts::step))
        .route("/t/{secret}/finish", post(acts::finish))
        .route("/t/{secret}/undo", post(acts::undo))
        .route("/t/{secret}/objective", post(acts::objective))
        .route("/t/{secret}/answer", post(acts::answer))
        .route("/t/{secret}/abandon", post(ways_out::abandon))
        .route("/t/{secret}/late", post(ways_out::late))
        .route("/t/{secret}/end", post(ways_out::end))
        .route("/t/{secret}/order", post(acts::order))
        .route("/t/{secret}/counter", post(table_parts::counter))
        .route("/t/{secret}/shared", post(table_parts::shared_part))
        .route("/t/{secret}/late_add", post(ways_out::add_late))
        .route("/t/{secret}/join", post(joining::join))
        .route("/t/{secret}/start", post(joining::start))
        .route("/t/{secret}/choose", post(joining::choose))
        .route("/t/{secret}/new", post(joining::new_game))
        .route("/t/{secret}/arrange", post(joining::arrange))
        .fallback(page::ask_the_table)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Every request: first what costs nothing and keeps nothing (where it comes from, which name
/// it addresses, the secret), then its address's rate; the rest of the request (its body, the
/// answer) gets [`REQUEST_TIMEOUT`]; and every answer gets the headers that keep the page to
/// itself. A request without the secret is answered "ask the table" and leaves no trace here:
/// strangers from many addresses cannot fill the rate table and shut the table's phones out.
async fn guard(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    request: Request,
    next: Next,
) -> Response {
    let any_network = shared.any_network.load(Ordering::Relaxed);
    let stranger = page::refuse_stranger(
        request.headers(),
        peer.ip(),
        any_network,
        &shared.hosts,
        "table",
    );
    let mut response = if let Some(refused) = stranger {
        refused
    } else if holds_the_secret(&request, &shared) {
        let (bucket, asker) = match is_page_file(&request) {
            true => (&shared.page_rate, Asker::Address(address_key(peer.ip()))),
            false => (&shared.rate, shared.asker(request.headers(), peer.ip())),
        };
        let taken = lock(bucket).take(asker, Instant::now());
        match taken {
            Ok(()) => match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
                Ok(response) => response,
                Err(_) => refused(StatusCode::REQUEST_TIMEOUT, "too_slow"),
            },
            Err(wait) => too_fast(wait),
        }
    } else {
        page::ask_the_table(request.headers().clone()).await
    };
    page::protect(response.headers_mut());
    response
}

/// Is this address still the table's? The page asks when its stream broke, to tell a table
/// that is away (try again) from a code that changed (scan again).
async fn hello() -> StatusCode {
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct PastQuery {
    #[serde(default)]
    lang: String,
}

/// The last games, read-only, as the keeper rendered them (empty where it shows none).
async fn past(State(shared): State<Arc<Shared>>, Query(query): Query<PastQuery>) -> Response {
    let past = lock(&shared.past).clone();
    let asked = Locale::from_accept_language(&query.lang);
    let json = (past.iter().find(|(l, _)| *l == asked))
        .unwrap_or(&past[0])
        .1
        .clone();
    let headers = [
        (header::CONTENT_TYPE, "application/json"),
        (header::CACHE_CONTROL, "no-store"),
    ];
    (StatusCode::OK, headers, json).into_response()
}

/// A GET of the page, its script, its style or its icon (whatever the secret it names).
fn is_page_file(request: &Request) -> bool {
    let Some(rest) = (request.method() == axum::http::Method::GET)
        .then(|| request.uri().path().strip_prefix("/t/"))
        .flatten()
    else {
        return false;
    };
    matches!(
        rest.split_once('/'),
        None | Some((_, "" | "phone.js" | "phone.css" | "icon.png"))
    )
}

/// Does the path start with `/t/<the secret>`? When it does, the connection is a phone's: it
/// keeps its slot when strangers fill the others, until the table makes a new code. (Marked
/// while the key is held, so a new code made at the same moment sees the mark and closes it.)
fn holds_the_secret(request: &Request, shared: &Shared) -> bool {
    let Some(rest) = request.uri().path().strip_prefix("/t/") else {
        return false;
    };
    let given = rest.split('/').next().unwrap_or("");
    let key = lock(&shared.key);
    let holds = key.secret.matches(given);
    if let Some(vouch) = request.extensions().get::<Vouch>().filter(|_| holds) {
        vouch.vouch(key.generation);
    }
    holds
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
    if lock(&shared.dropped).bars_seat(&request.phone, request.seat, peer.ip()) {
        return refused(StatusCode::FORBIDDEN, "dropped");
    }
    let (seats, setting_up, host_answers) = {
        let published = shared.published.borrow();
        let table = &published.table;
        let seats = table.glance.players.len();
        (seats, table.lobby.is_some(), table.host_answers_asks())
    };
    if request.seat.is_some_and(|s| s >= seats) {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "no_such_seat");
    }
    // While the game is set up, a phone joins with its own name (`/join`) instead.
    if request.seat.is_some() && setting_up {
        return refused(StatusCode::CONFLICT, "join");
    }
    let (taking, asks_changed) = {
        let mut phones = lock(&shared.phones);
        let asks_before = phones.asks(Instant::now()).to_vec();
        let streams = lock(&shared.streams);
        let streaming = |id: &str| streams.has(id);
        let (id, seat) = (&request.phone, request.seat);
        let (ip, now, limits) = (peer.ip(), Instant::now(), &shared.limits);
        let taken = match host_answers {
            true => phones.take_or_ask_the_host(id, seat, ip, now, limits, streaming),
            false => phones.take(id, seat, ip, now, limits, streaming),
        };
        match taken {
            Ok(taking) => (taking, phones.asks(now).to_vec() != asks_before),
            Err(refusal) => {
                let status = match refusal {
                    Refusal::Taken => StatusCode::CONFLICT,
                    Refusal::TooManyPhones | Refusal::TooManyAsks => {
                        StatusCode::SERVICE_UNAVAILABLE
                    }
                    Refusal::Refused | Refusal::OtherSeat => StatusCode::FORBIDDEN,
                };
                return refused(status, refusal.reason());
            }
        }
    };
    match taking {
        Taking::Seated(before) => {
            // A phone taking its own seat again (after a reload) is no news; a watcher saying
            // again that it watches changes nothing, and nothing is sent to the phones (issue
            // 68, case 10: each such request republished the whole table to every phone).
            let change = (before != request.seat).then_some((before, request.seat));
            let watches_still = before.is_none() && request.seat.is_none() && !asks_changed;
            if !watches_still {
                shared.seats_changed(change);
            }
            // While the game is set up, the setup binds seats to phones by id: it hears which
            // phone left, whatever its seat's number is by the time it hears.
            if setting_up && before.is_some() && request.seat.is_none() {
                let phone = request.phone;
                let _ = shared.to_app.try_send(PhoneMessage::Left { phone });
            }
            StatusCode::OK.into_response()
        }
        Taking::TookBack(moved) | Taking::Freed(moved) => {
            shared.seat_moved(moved);
            StatusCode::OK.into_response()
        }
        Taking::Asked { news } => {
            if let (true, Some(seat)) = (news, request.seat) {
                // Every phone's stream says who asks; the window shows the ask.
                shared.seats_changed(None);
                let _ = shared.to_app.try_send(PhoneMessage::Asks { seat });
            }
            asked()
        }
    }
}

/// "The table is asked": 202, and a word the page reads.
fn asked() -> Response {
    let headers = [(header::CONTENT_TYPE, "application/json")];
    (StatusCode::ACCEPTED, headers, "{\"asked\":true}").into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DoneRequest {
    phone: String,
    /// The table's state the phone saw when its player tapped ([`TableNow::rev`]).
    rev: u64,
}

/// A phone ends its own turn: only the phone of the seat whose turn it is, only in the state
/// it saw.
async fn done(State(shared): State<Arc<Shared>>, Json(request): Json<DoneRequest>) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    shared.play(seat, request.rev, TableAct::Next)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PauseRequest {
    phone: String,
    /// The table's state the phone saw ([`TableNow::rev`]).
    rev: u64,
    paused: bool,
}

/// Any phone with a seat pauses or resumes every clock, once a second a seat at most.
async fn pause(State(shared): State<Arc<Shared>>, Json(request): Json<PauseRequest>) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let paused = request.paused;
    shared.play(seat, request.rev, TableAct::Pause { paused })
}
