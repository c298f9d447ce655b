//! The accept loop and each connection, every one of them bounded in time, and a stop that
//! never waits on a client: the port closes as soon as the stop is seen, what is in flight gets
//! [`GRACE`] to finish, and whatever is left after that is aborted.
//!
//! hyper serves each connection through its HTTP/1 builder with tokio's timer (`axum::serve`
//! takes no timer, and without one hyper has no header-read timeout at all). The header-read
//! timeout runs whenever hyper waits for a request head: on a new connection and on an idle
//! keep-alive one alike, so it is the idle timeout too. A body is bounded by the router's own
//! request timeout, and a socket on which nothing moves by [`super::listener::STALL`].

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::watch;
use tokio::task::JoinSet;

use super::listener::{CappedListener, Counted, Peer, Vouch};

/// A request's head must arrive whole within this, and an idle keep-alive connection is closed
/// after it.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A request's body must arrive, and its answer be made, within this.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// After the stop, how long the requests under way get to finish before they are aborted.
pub const GRACE: Duration = Duration::from_millis(300);
/// The largest request head accepted (a phone's are a few hundred bytes; hyper takes no less
/// than 8 KiB).
const MAX_HEAD: usize = 16 * 1024;

/// Serves `app` on `listener` until `stop` turns true; `port_closed` is called once the
/// listening socket is closed (the port is free again), before the grace period. `generation`
/// is the game's key as it changes: a connection that showed an older key is closed.
pub async fn serve(
    listener: CappedListener,
    app: Router,
    stop: watch::Receiver<bool>,
    generation: watch::Receiver<u64>,
    port_closed: impl FnOnce(),
) {
    let mut listener = listener;
    let mut connections = JoinSet::new();
    let for_connections = stop.clone();
    let mut stop = stop;
    loop {
        tokio::select! {
            (io, peer, id, vouch) = listener.accept() => {
                let ends = Ends { stop: for_connections.clone(), generation: generation.clone() };
                let served = connection(io, peer, vouch, app.clone(), ends);
                listener.track(id, connections.spawn(served));
            }
            // Finished connections are reaped as they go, so the set holds only live ones.
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            _ = stop.wait_for(|stop| *stop) => break,
        }
    }
    drop(listener);
    port_closed();
    let drained = async { while connections.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(GRACE, drained).await;
    connections.abort_all();
}

/// What ends a connection before its client does: the server's stop, and a new code when the
/// connection showed the old one.
struct Ends {
    stop: watch::Receiver<bool>,
    generation: watch::Receiver<u64>,
}

/// One connection: HTTP/1 with the timeouts above, told to finish gracefully at the stop, and
/// closed within [`GRACE`] of a new code when it showed the old one (a stream under way gets
/// to say "gone" first).
async fn connection(io: Counted, peer: SocketAddr, vouch: Vouch, app: Router, ends: Ends) {
    let Ends {
        mut stop,
        mut generation,
    } = ends;
    let stale_vouch = vouch.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(Peer(peer)));
        request.extensions_mut().insert(vouch.clone());
        let mut app = app.clone();
        async move {
            let response = tower_service::Service::call(&mut app, request).await;
            Ok::<_, Infallible>(response.unwrap_or_else(|never| match never {}))
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(MAX_HEAD)
        .keep_alive(true);
    let served = builder.serve_connection(TokioIo::new(io), service);
    tokio::pin!(served);
    let stopping = tokio::select! {
        _ = served.as_mut() => return,
        _ = stop.wait_for(|stop| *stop) => true,
        _ = generation.wait_for(|now| stale_vouch.stale(*now)) => false,
    };
    // No new request on this connection; the one under way may finish (at the stop, the
    // caller aborts it after the grace period).
    served.as_mut().graceful_shutdown();
    if stopping {
        let _ = served.await;
    } else {
        let _ = tokio::time::timeout(GRACE, served).await;
    }
}
