//! The time zone dates are shown in (the window, the exports): the player's own, unless the app
//! was started with a fixed one (the GUI tests do, so a screen looks the same on every machine).

use chrono::{DateTime, FixedOffset, Local, NaiveDateTime, Utc};

use crate::i18n::Locale;
use crate::i18n::dates::{self, Shape};

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

    /// `at` on this zone's wall clock.
    pub fn wall(self, at: DateTime<Utc>) -> NaiveDateTime {
        match self {
            Zone::Local => at.with_timezone(&Local).naive_local(),
            Zone::Fixed(offset) => at.with_timezone(&offset).naive_local(),
        }
    }

    /// `at` in this zone, as `locale`'s language writes it ("28.11.2026, 19:30" in German).
    pub fn show(self, locale: Locale, at: DateTime<Utc>, shape: Shape) -> String {
        dates::format(locale.tag(), self.wall(at), shape)
    }

    /// A date and time as the table types it in this zone, in ISO ("2026-11-14 19:30") or in
    /// `locale`'s own numeric form ("14.11.2026 19:30" in German), or a date alone (taken as
    /// noon); `None` when it is not one, or is no moment here (a time skipped by a clock
    /// change).
    pub fn read(self, locale: Locale, text: &str) -> Option<DateTime<Utc>> {
        self.at_wall(dates::read(locale.tag(), text)?)
    }

    /// A date and time in ISO only ("2026-11-14 19:30", or a date alone, taken as noon): as a
    /// file gives it, whatever the language.
    pub fn read_iso(self, text: &str) -> Option<DateTime<Utc>> {
        self.at_wall(dates::read_iso(text.trim())?)
    }

    /// The moment this zone's wall clock shows `naive`; the earlier of two in a clock change,
    /// `None` for a time it skips.
    pub fn at_wall(self, naive: NaiveDateTime) -> Option<DateTime<Utc>> {
        use chrono::TimeZone;
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
        let parse = |text: &str| tokyo.read(Locale::EN, text);
        let at = parse("2026-11-14 19:30").unwrap();
        assert_eq!(at.to_rfc3339(), "2026-11-14T10:30:00+00:00");
        assert_eq!(tokyo.format(at, "%Y-%m-%d %H:%M"), "2026-11-14 19:30");
        assert_eq!(
            parse(" 2026-11-14 ").unwrap().to_rfc3339(),
            "2026-11-14T03:00:00+00:00"
        );
        // As German writes it, read in German; and what is shown is read back.
        let german = tokyo.read(Locale::DE, "14.11.2026 19:30");
        assert_eq!(german, Some(at));
        let shown = tokyo.show(Locale::DE, at, Shape::DayAndTime);
        assert_eq!(tokyo.read(Locale::DE, &shown), Some(at));
        for bad in [
            "",
            "14/11/2026",
            "2026-13-01",
            "2026-11-14 25:00",
            "yesterday",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
