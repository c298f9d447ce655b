//! The server's socket, with a cap on open connections: at most [`PER_ADDRESS`] from one
//! address and [`IN_ALL`] in all, so one phone (or one hostile device) holding connections open
//! cannot shut the others out. A connection over the cap is closed as it is accepted.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// Open connections one address may hold (a phone's page holds two or three).
pub const PER_ADDRESS: usize = 12;
/// Open connections in all.
pub const IN_ALL: usize = 64;

/// The open connections, per address.
#[derive(Default)]
struct Open {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

pub struct CappedListener {
    inner: TcpListener,
    open: Arc<Mutex<Open>>,
}

impl CappedListener {
    pub fn new(inner: TcpListener) -> CappedListener {
        CappedListener {
            inner,
            open: Arc::default(),
        }
    }
}

/// A connection, counted until it closes.
pub struct Counted {
    stream: TcpStream,
    address: IpAddr,
    open: Arc<Mutex<Open>>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&self.address);
            }
        }
    }
}

impl Listener for CappedListener {
    type Io = Counted;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Counted, SocketAddr) {
        loop {
            let (stream, peer) = match self.inner.accept().await {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors or a reset before accept: wait, as axum's own does.
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            };
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            let mine = open.by_address.get(&peer.ip()).copied().unwrap_or(0);
            if open.total >= IN_ALL || mine >= PER_ADDRESS {
                drop(stream); // closed at once: over the cap
                continue;
            }
            open.total += 1;
            *open.by_address.entry(peer.ip()).or_insert(0) += 1;
            drop(open);
            let counted = Counted {
                stream,
                address: peer.ip(),
                open: self.open.clone(),
            };
            return (counted, peer);
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The address a request came from, for the rate limit.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

impl Connected<IncomingStream<'_, CappedListener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, CappedListener>) -> Peer {
        Peer(*stream.remote_addr())
    }
}
