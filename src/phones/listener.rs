//! The server's sockets, each bounded: at most [`Limits::connections_per_address`] open
//! connections from one address (an IPv6 one by its /64) and [`Limits::connections`] in all,
//! TCP keepalive so a phone that slept or left the network is
//! noticed, and a stall timeout: a connection on which no byte has moved either way for
//! [`STALL`] is closed, whatever hyper is waiting for (a client that never reads its stream, a
//! half-open socket).
//!
//! When every slot is held, a new connection takes the slot of the oldest one that has not
//! shown the game's current secret (a stranger's, one that never sent a whole request, or one
//! that only knows the code the table replaced): so strangers holding silent connections from
//! many addresses cannot shut a phone out, and a phone of the table, once it has asked with the
//! secret, is never the one closed. Over one address's cap, the new connection is closed as it
//! is accepted. A new code closes every connection that showed the old one (see `serve`).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::AbortHandle;
use tokio::time::{Instant, Sleep};

use super::guard::{Limits, address_key};

/// A connection this new has not had the time to ask yet: a phone's is asked on at once.
const YOUNG: Duration = Duration::from_millis(250);
/// The connections a phone's page holds at most (its stream, a request, a reload's files): an
/// address holding more makes room for a new phone when every slot is held.
const A_PHONES_PAGE: usize = 3;
/// A connection on which nothing has moved for this long is closed. The update stream writes a
/// keep-alive comment every 15 s, so a live phone never comes near it.
pub const STALL: Duration = Duration::from_secs(45);
/// TCP keepalive: the first probe after this much silence, then every [`KEEPALIVE_INTERVAL`].
const KEEPALIVE_IDLE: Duration = Duration::from_secs(30);
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(10);

/// One open connection, as the cap sees it.
struct Slot {
    address: IpAddr,
    opened: Instant,
    /// The key's generation + 1 once a request on it held the game's secret (0 before).
    vouched: Arc<AtomicU64>,
    /// Its task, to close it when a newer connection needs its slot.
    task: Option<AbortHandle>,
    /// Already chosen to make room: not chosen twice.
    closing: bool,
}

/// The open connections, per address and by id.
#[derive(Default)]
struct Open {
    by_address: HashMap<IpAddr, usize>,
    slots: HashMap<u64, Slot>,
    next: u64,
}

impl Open {
    /// Makes room for a new connection. In this order: a connection that has not shown the
    /// secret of key `generation` and has had the time to (a stranger's, held open); one of an
    /// address holding more than a phone's page ever needs (a player with the link holding
    /// connections from a few devices of their own cannot shut a new phone out); a stranger's
    /// opened within [`YOUNG`] (a phone's, about to ask, is the last to go). Within each, the
    /// address holding the most first, then the oldest. `false` when there is none.
    fn make_room(&mut self, generation: u64) -> bool {
        let mut per_address: HashMap<IpAddr, usize> = HashMap::new();
        for slot in self.slots.values().filter(|s| !s.closing) {
            *per_address.entry(slot.address).or_default() += 1;
        }
        let now = Instant::now();
        let order = |slot: &Slot| {
            let stranger = !Vouch(slot.vouched.clone()).current(generation);
            let young = now.saturating_duration_since(slot.opened) < YOUNG;
            let many = per_address[&slot.address] > A_PHONES_PAGE;
            let class = match (stranger, young, many) {
                (true, false, _) => 0,
                (_, _, true) => 1,
                (true, true, false) => 2,
                (false, _, false) => return None, // a phone's: never closed to make room
            };
            Some((
                class,
                std::cmp::Reverse(per_address[&slot.address]),
                slot.opened,
            ))
        };
        let victim = (self.slots.iter())
            .filter(|(_, slot)| !slot.closing)
            .filter_map(|(id, slot)| order(slot).map(|key| (key, *id)))
            .min()
            .map(|(_, id)| id);
        let Some(slot) = victim.and_then(|id| self.slots.get_mut(&id)) else {
            return false;
        };
        slot.closing = true;
        if let Some(task) = &slot.task {
            task.abort(); // its Counted is dropped with the task, freeing the slot
        }
        true
    }

    /// Connections not already on their way out.
    fn live(&self) -> usize {
        self.slots.values().filter(|s| !s.closing).count()
    }
}

/// Connections open in this whole process, over every table's listener and the venue's: each
/// listener's caps add up past what the system lets one process open (`serve --tables 16`:
/// 1,088 against a soft limit of 1,024), so the process keeps one count under one cap
/// ([`cap_connections`]) and a stranger's silent connections can never take the descriptors
/// the keeper needs to open a journal or save a game (issue 68, case 11).
static PROCESS_OPEN: AtomicUsize = AtomicUsize::new(0);
static PROCESS_CAP: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Caps the connections this process keeps open, over every listener, at `cap`.
pub fn cap_connections(cap: usize) {
    PROCESS_CAP.store(cap, Ordering::Relaxed);
}

/// Whether the process has a connection left under its cap.
fn process_has_room() -> bool {
    PROCESS_OPEN.load(Ordering::Acquire) < PROCESS_CAP.load(Ordering::Relaxed)
}

pub struct CappedListener {
    inner: TcpListener,
    open: Arc<Mutex<Open>>,
    limits: Limits,
    /// The key's generation: a connection vouched for under an older one is a stranger's.
    generation: watch::Receiver<u64>,
}

/// Marks a connection as one that showed the secret, and under which key: handed to each of
/// its requests, set by the guard.
#[derive(Clone)]
pub struct Vouch(Arc<AtomicU64>);

impl Vouch {
    /// A request on this connection showed the secret of key `generation`.
    pub fn vouch(&self, generation: u64) {
        self.0
            .store(generation.saturating_add(1), Ordering::Relaxed);
    }

    /// Did it show the secret of key `generation`?
    pub fn current(&self, generation: u64) -> bool {
        self.0.load(Ordering::Relaxed) == generation.saturating_add(1)
    }

    /// Did it show a secret the table has since replaced?
    pub fn stale(&self, generation: u64) -> bool {
        (1..=generation).contains(&self.0.load(Ordering::Relaxed))
    }
}

impl CappedListener {
    pub fn new(
        inner: TcpListener,
        limits: Limits,
        generation: watch::Receiver<u64>,
    ) -> CappedListener {
        CappedListener {
            inner,
            open: Arc::default(),
            limits,
            generation,
        }
    }

    /// The next connection within the caps, with keepalive set: its socket, its peer, its
    /// id (for [`CappedListener::track`]) and the mark its requests carry.
    pub async fn accept(&mut self) -> (Counted, SocketAddr, u64, Vouch) {
        loop {
            let (stream, peer) = match self.inner.accept().await {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors or a reset before accept: wait, as axum's own does.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let address = address_key(peer.ip());
            let generation = *self.generation.borrow();
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            let mine = open.by_address.get(&address).copied().unwrap_or(0);
            let limits = &self.limits;
            // Full (this table, or the whole process): a stranger's connection makes room for
            // a phone's, as it closes.
            let under_caps = open.live() < limits.connections && process_has_room();
            let room =
                mine < limits.connections_per_address && (under_caps || open.make_room(generation));
            if !room {
                drop(stream); // closed at once: over the cap
                continue;
            }
            PROCESS_OPEN.fetch_add(1, Ordering::AcqRel);
            open.next += 1;
            let id = open.next;
            let vouched = Arc::new(AtomicU64::new(0));
            let slot = Slot {
                address,
                opened: Instant::now(),
                vouched: vouched.clone(),
                task: None,
                closing: false,
            };
            open.slots.insert(id, slot);
            *open.by_address.entry(address).or_insert(0) += 1;
            drop(open);
            keep_alive(&stream);
            let _ = stream.set_nodelay(true);
            let counted = Counted {
                stream,
                id,
                open: self.open.clone(),
                last_moved: Instant::now(),
                stall: Box::pin(tokio::time::sleep(STALL)),
            };
            return (counted, peer, id, Vouch(vouched));
        }
    }

    /// The task serving connection `id`, so the cap can close it to make room.
    pub fn track(&self, id: u64, task: AbortHandle) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        match open.slots.get_mut(&id) {
            // Chosen to make room before its task was known: closed now.
            Some(slot) if slot.closing => task.abort(),
            Some(slot) => slot.task = Some(task),
            None => task.abort(), // already gone
        }
    }
}

/// Probes a silent connection, so a peer that vanished (a phone asleep, out of Wi-Fi range) is
/// found and its connection closed by the system. Best-effort: a socket that refuses the option
/// is still bounded by [`STALL`].
fn keep_alive(stream: &TcpStream) {
    let socket = socket2::SockRef::from(stream);
    let keepalive = socket2::TcpKeepalive::new().with_time(KEEPALIVE_IDLE);
    #[cfg(any(target_os = "linux", target_os = "macos", target_os = "windows"))]
    let keepalive = keepalive.with_interval(KEEPALIVE_INTERVAL);
    let _ = socket.set_tcp_keepalive(&keepalive);
    // Data written and never acknowledged (the stream to a phone that went away) is given up
    // after this long instead of the system's ~15 minutes of retransmissions.
    #[cfg(target_os = "linux")]
    let _ = socket.set_tcp_user_timeout(Some(STALL));
}

/// A connection, counted until it closes, closed when it stalls.
pub struct Counted {
    stream: TcpStream,
    id: u64,
    open: Arc<Mutex<Open>>,
    /// When a byte last moved either way.
    last_moved: Instant,
    /// Fires at `last_moved + STALL` (moved on lazily: only when it fires early).
    stall: Pin<Box<Sleep>>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        PROCESS_OPEN.fetch_sub(1, Ordering::AcqRel);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let Some(slot) = open.slots.remove(&self.id) else {
            return;
        };
        if let Some(n) = open.by_address.get_mut(&slot.address) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&slot.address);
            }
        }
    }
}

impl Counted {
    fn moved(&mut self) {
        self.last_moved = Instant::now();
    }

    /// Called when the socket is not ready: an error once nothing has moved for [`STALL`],
    /// and otherwise the task is woken again at the deadline.
    fn check_stall(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        loop {
            if self.stall.as_mut().poll(cx).is_pending() {
                return Ok(());
            }
            let deadline = self.last_moved + STALL;
            if Instant::now() >= deadline {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "connection stalled",
                ));
            }
            // Something moved since the timer was set: wait for the new deadline.
            self.stall.as_mut().reset(deadline);
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    self.moved();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.check_stall(cx) {
                Ok(()) => Poll::Pending,
                Err(e) => Poll::Ready(Err(e)),
            },
        }
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.check_stall(cx) {
                Ok(()) => Poll::Pending,
                Err(e) => Poll::Ready(Err(e)),
            },
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The address a request came from, for the rate limit and the network check.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);
