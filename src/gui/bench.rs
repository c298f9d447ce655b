//! A hook for the startup benchmark (`benches/startup.sh`): with `TABLEKEEPER_BENCH_STAMP` set,
//! the first `view` and the first frame each print the wall-clock time in microseconds, so a
//! script can measure exec → first view and exec → first frame for this app and for a blank
//! iced window built the same way. The first frame is the fairer of the two: iced starts its
//! font system (the system's fonts, read through fontconfig) when it first lays text out, which
//! a blank window does after its first view and the app, loading its own fonts, before.

use std::io::Write;
use std::sync::Once;

static FIRST_VIEW: Once = Once::new();
static FIRST_FRAME: Once = Once::new();

fn asked() -> bool {
    std::env::var_os("TABLEKEEPER_BENCH_STAMP").is_some()
}

fn stamp(what: &str) {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros())
        .unwrap_or(0);
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{what} {micros}");
    let _ = out.flush();
}

/// Prints `first-view <unix µs>` once, if the environment asks for it.
pub fn first_view() {
    FIRST_VIEW.call_once(|| {
        if asked() {
            stamp("first-view");
        }
    });
}

/// With the environment asking, a subscription that prints `first-frame <unix µs>` at the
/// first frame the window is asked to draw (after the first view was laid out), and never
/// gives a message; otherwise none.
pub fn first_frame<Message: Send + 'static>() -> iced::Subscription<Message> {
    if !asked() {
        return iced::Subscription::none();
    }
    iced::window::frames().filter_map(|_| {
        FIRST_FRAME.call_once(|| stamp("first-frame"));
        None
    })
}
