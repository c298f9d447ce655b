//! The time zone dates are shown in (the window, the exports): the player's own, unless the app
//! was started with a fixed one (the GUI tests do, so a screen looks the same on every machine).

use chrono::{DateTime, FixedOffset, Local, Utc};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Zone {
    /// The system's time zone (`TZ`, else the machine's setting).
    #[default]
    Local,
    /// A fixed offset from UTC.
    Fixed(FixedOffset),
}

impl Zone {
    /// UTC, for tests that must not depend on the machine's zone.
    pub fn utc() -> Zone {
        Zone::Fixed(FixedOffset::east_opt(0).expect("0 is a valid offset"))
    }

    /// `at` in this zone, formatted with a `chrono` format string.
    pub fn format(self, at: DateTime<Utc>, format: &str) -> String {
        match self {
            Zone::Local => at.with_timezone(&Local).format(format).to_string(),
            Zone::Fixed(offset) => at.with_timezone(&offset).format(format).to_string(),
        }
    }
}
