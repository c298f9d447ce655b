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

    /// A date and time as the table types it in this zone: "2026-11-14 19:30", or a date alone
    /// ("2026-11-14", taken as noon); `None` when it is not one, or is no moment here (a time
    /// skipped by a clock change).
    pub fn parse(self, text: &str) -> Option<DateTime<Utc>> {
        use chrono::{NaiveDate, NaiveDateTime, TimeZone};
        let text = text.trim();
        let naive = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
            .ok()
            .or_else(|| {
                NaiveDate::parse_from_str(text, "%Y-%m-%d")
                    .ok()
                    .and_then(|d| d.and_hms_opt(12, 0, 0))
            })?;
        match self {
            Zone::Local => Local
                .from_local_datetime(&naive)
                .earliest()
                .map(|t| t.to_utc()),
            Zone::Fixed(offset) => offset
                .from_local_datetime(&naive)
                .earliest()
                .map(|t| t.to_utc()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_date_is_read_in_the_zone() {
        let tokyo = Zone::Fixed(FixedOffset::east_opt(9 * 3600).unwrap());
        let at = tokyo.parse("2026-11-14 19:30").unwrap();
        assert_eq!(at.to_rfc3339(), "2026-11-14T10:30:00+00:00");
        assert_eq!(tokyo.format(at, "%Y-%m-%d %H:%M"), "2026-11-14 19:30");
        assert_eq!(
            tokyo.parse(" 2026-11-14 ").unwrap().to_rfc3339(),
            "2026-11-14T03:00:00+00:00"
        );
        for bad in [
            "",
            "14/11/2026",
            "2026-13-01",
            "2026-11-14 25:00",
            "yesterday",
        ] {
            assert_eq!(tokyo.parse(bad), None, "{bad}");
        }
    }
}
