//! The window's dates follow the system's time zone (`TZ`): its own test binary, because it
//! sets `TZ` for the whole process.

use chrono::{TimeZone, Utc};
use tablekeeper::gui::Zone;

#[test]
fn the_local_zone_is_the_systems() {
    let at = Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap();
    // SAFETY: the only test in this binary, so no other thread reads the environment.
    // A POSIX zone string, so the test needs no tz database on the machine.
    unsafe { std::env::set_var("TZ", "JST-9") };
    assert_eq!(Zone::Local.format(at, "%Y-%m-%d %H:%M"), "2026-11-22 04:00");
    assert_eq!(Zone::utc().format(at, "%H:%M"), "19:00");
}
