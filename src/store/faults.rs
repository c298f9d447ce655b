//! Fault injection for the durability tests, in the manner of SQLite's I/O-error and crash
//! tests: the N-th file operation of this thread fails with "no space left", an I/O error, or a
//! "crash" (it and every later operation fail, as if the process had died there; what was
//! written before stays, as it would in the page cache after `kill -9`).
//!
//! Nothing is armed in a normal run: each check is one thread-local read. Only the thread that
//! armed a fault sees it, so the journal's background sync thread never fails by accident.

use std::cell::Cell;
use std::io;

/// What the armed operation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// `ENOSPC`; a write takes half its bytes first, as a full disk can.
    NoSpace,
    /// `EIO`, with nothing written.
    Io,
    /// The process "dies": this operation writes half (a write) or nothing, and every later one
    /// fails.
    Crash,
}

thread_local! {
    /// Operations left before the fault, and the fault.
    static ARMED: Cell<Option<(u64, Fault)>> = const { Cell::new(None) };
    static CRASHED: Cell<bool> = const { Cell::new(false) };
    static COUNTED: Cell<u64> = const { Cell::new(0) };
}

/// The `(after + 1)`-th file operation from now fails with `fault`.
pub fn arm(after: u64, fault: Fault) {
    ARMED.set(Some((after, fault)));
    CRASHED.set(false);
    COUNTED.set(0);
}

/// Back to normal: nothing fails (a "restart" after a crash).
pub fn disarm() {
    ARMED.set(None);
    CRASHED.set(false);
}

/// File operations counted since [`arm`] (a run that fails nothing counts them all).
pub fn counted() -> u64 {
    COUNTED.get()
}

/// Whether a "crash" has happened: from then on nothing may touch the disk.
pub fn crashed() -> bool {
    CRASHED.get()
}

/// Whether the armed fault has fired.
pub fn fired() -> bool {
    CRASHED.get() || matches!(ARMED.get(), Some((u64::MAX, _)))
}

/// What this operation does: `None` to go ahead, or the fault.
fn next() -> Option<Fault> {
    if CRASHED.get() {
        return Some(Fault::Crash);
    }
    let (left, fault) = ARMED.get()?;
    if left == u64::MAX {
        return None; // fired already (a non-crash fault fires once)
    }
    COUNTED.set(COUNTED.get() + 1);
    if left > 0 {
        ARMED.set(Some((left - 1, fault)));
        return None;
    }
    ARMED.set(Some((u64::MAX, fault)));
    if fault == Fault::Crash {
        CRASHED.set(true);
    }
    Some(fault)
}

fn error(fault: Fault) -> io::Error {
    match fault {
        Fault::NoSpace => io::Error::new(io::ErrorKind::StorageFull, "no space left (injected)"),
        Fault::Io => io::Error::other("I/O error (injected)"),
        Fault::Crash => io::Error::other("the process died here (injected)"),
    }
}

/// Checks an operation that writes nothing (open, sync, rename, remove).
pub(crate) fn check() -> io::Result<()> {
    match next() {
        None => Ok(()),
        Some(fault) => Err(error(fault)),
    }
}

/// Writes `bytes`, or as much of them as the armed fault lets through, then fails.
pub(crate) fn write_all(out: &mut impl io::Write, bytes: &[u8]) -> io::Result<()> {
    match next() {
        None => out.write_all(bytes),
        Some(Fault::Io) => Err(error(Fault::Io)),
        Some(fault) => {
            out.write_all(&bytes[..bytes.len() / 2])?;
            let _ = out.flush();
            Err(error(fault))
        }
    }
}
