//! A hook for the startup benchmark (`benches/startup.sh`): with `TABLEKEEPER_BENCH_STAMP` set,
//! the first `view` prints the wall-clock time in microseconds, so a script can measure
//! exec → first frame for this app and for a blank iced window built the same way.

use std::io::Write;
use std::sync::Once;

static FIRST_VIEW: Once = Once::new();

/// Prints `first-view <unix µs>` once, if the environment asks for it.
pub fn first_view() {
    FIRST_VIEW.call_once(|| {
        if std::env::var_os("TABLEKEEPER_BENCH_STAMP").is_some() {
            let micros = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_micros())
                .unwrap_or(0);
            let mut out = std::io::stdout();
            let _ = writeln!(out, "first-view {micros}");
            let _ = out.flush();
        }
    });
}
