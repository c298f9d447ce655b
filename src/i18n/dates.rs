//! Dates and times in the reader's language: ICU4X's date-time formatter with its compiled
//! CLDR data ("28.11.2026, 19:30" in German, "11/28/2026, 7:30 PM" in English, "2026/11/28
//! 19:30" in Japanese), and a typed date read back in that same numeric form or in ISO.
//! ICU4X formats but does not parse, so the reading learns each language's order of fields
//! (and its AM/PM marks) from what the formatter writes for a known moment.

use std::cell::RefCell;

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};
use icu_datetime::FixedCalendarDateTimeFormatter;
use icu_datetime::fieldsets::enums::{
    CompositeDateTimeFieldSet, DateAndTimeFieldSet, DateFieldSet, TimeFieldSet,
};
use icu_datetime::fieldsets::{MD, T, YMD};
use icu_datetime::input::{Date, DateTime, Time};
use icu_datetime::options::YearStyle;

use super::icu::{Made, for_language, in_the_font, with_made};

/// What of a moment is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// The day and the time to the minute: a game in the history.
    DayAndTime,
    /// The day, with its full year: a chart's tooltip, a filter's bound.
    Day,
    /// The month and day: a chart's axis.
    MonthDay,
    /// The time to the minute: when a game ended tonight.
    Time,
    /// The time to the second: where the clock was counted to.
    TimeWithSeconds,
}

impl Shape {
    fn field_set(self) -> CompositeDateTimeFieldSet {
        let day = YMD::short().with_year_style(YearStyle::Full);
        match self {
            Shape::DayAndTime => {
                CompositeDateTimeFieldSet::DateTime(DateAndTimeFieldSet::YMDT(day.with_time_hm()))
            }
            Shape::Day => CompositeDateTimeFieldSet::Date(DateFieldSet::YMD(day)),
            Shape::MonthDay => CompositeDateTimeFieldSet::Date(DateFieldSet::MD(MD::short())),
            Shape::Time => CompositeDateTimeFieldSet::Time(TimeFieldSet::T(T::hm())),
            Shape::TimeWithSeconds => CompositeDateTimeFieldSet::Time(TimeFieldSet::T(T::hms())),
        }
    }
}

type Formatter = FixedCalendarDateTimeFormatter<icu_calendar::Gregorian, CompositeDateTimeFieldSet>;

thread_local! {
    /// The formatter of each language and shape asked for on this thread.
    static FORMATTERS: Made<(&'static str, Shape), Formatter> = const { RefCell::new(Vec::new()) };
    /// How each language asked for writes a day and time, learnt once.
    static FORMS: Made<&'static str, Form> = const { RefCell::new(Vec::new()) };
}

fn make(tag: &str, shape: Shape) -> Formatter {
    let field_set = shape.field_set();
    for_language(tag, |locale| {
        Formatter::try_new(locale.into(), field_set).ok()
    })
}

/// `at` (a wall-clock moment, already in the zone it is shown in) as the language `tag`
/// writes it. A language ICU4X has no data for (a translator's) is written as the root's.
pub fn format(tag: &'static str, at: NaiveDateTime, shape: Shape) -> String {
    let input = DateTime {
        date: Date::try_new_gregorian(at.year(), at.month() as u8, at.day() as u8)
            .expect("a chrono date is a valid Gregorian date"),
        time: Time::try_new(at.hour() as u8, at.minute() as u8, at.second() as u8, 0)
            .expect("a chrono time is a valid time"),
    };
    let make = || make(tag, shape);
    with_made(&FORMATTERS, (tag, shape), make, |formatter| {
        in_the_font(formatter.format(&input).to_string())
    })
}

/// One field of a typed date, in the order a language writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Year,
    Month,
    Day,
    Hour,
    Minute,
}

/// How a language writes a day and time, learnt from its formatter: the order of the numbers,
/// and the marks after a 12-hour clock's time (empty for a 24-hour one).
struct Form {
    order: Vec<Field>,
    morning: String,
    evening: String,
}

/// The moment the form is learnt from: every field a different number, the hour past noon.
fn probe(hour: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2006, 11, 22)
        .and_then(|d| d.and_hms_opt(hour, 45, 0))
        .expect("a valid moment")
}

fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// What is left of `text` once its digits and separators are taken out: an AM/PM mark.
fn mark(text: &str) -> String {
    let letters: String = text.chars().filter(|c| c.is_alphabetic()).collect();
    letters.to_lowercase()
}

fn learn(tag: &'static str) -> Form {
    let evening = format(tag, probe(13), Shape::DayAndTime);
    let order = numbers(&evening)
        .into_iter()
        .filter_map(|n| match n {
            2006 | 6 => Some(Field::Year),
            11 => Some(Field::Month),
            22 => Some(Field::Day),
            13 | 1 => Some(Field::Hour),
            45 => Some(Field::Minute),
            _ => None,
        })
        .collect();
    let morning = format(tag, probe(1), Shape::DayAndTime);
    let (morning, evening) = (mark(&morning), mark(&evening));
    let twelve_hour = morning != evening;
    Form {
        order,
        morning: if twelve_hour { morning } else { String::new() },
        evening: if twelve_hour { evening } else { String::new() },
    }
}

/// A moment typed as a date and time ("2026-11-28 19:30", or "28.11.2026 19:30" in German),
/// or a date alone (taken as noon), in ISO or in the language's own numeric form. `None` when
/// it is neither.
pub fn read(tag: &'static str, text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    read_iso(text).or_else(|| read_in_language(tag, text))
}

/// A moment in ISO ("2026-11-28 19:30") or a date alone (taken as noon).
pub fn read_iso(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .ok()
        .or_else(|| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(12, 0, 0))
        })
}

fn read_in_language(tag: &'static str, text: &str) -> Option<NaiveDateTime> {
    if text.chars().any(|c| c == '-') {
        return None;
    }
    with_made(&FORMS, tag, || learn(tag), |form| read_in_form(form, text))
}

/// `text` read as a date and time in `form`'s order of fields and marks.
fn read_in_form(form: &Form, text: &str) -> Option<NaiveDateTime> {
    let found = numbers(text);
    let (mut year, mut month, mut day, mut hour, mut minute) = (None, None, None, 12, 0);
    let date_fields = form.order.iter().filter(|f| date_field(**f)).count();
    let fields: Vec<Field> = match found.len() {
        n if n == date_fields => form
            .order
            .iter()
            .copied()
            .filter(|f| date_field(*f))
            .collect(),
        n if n == form.order.len() => form.order.clone(),
        _ => return None,
    };
    for (field, value) in fields.iter().zip(found) {
        match field {
            Field::Year => year = Some(value),
            Field::Month => month = Some(value),
            Field::Day => day = Some(value),
            Field::Hour => hour = value,
            Field::Minute => minute = value,
        }
    }
    let typed_mark = mark(text);
    if fields.len() > date_fields && !form.evening.is_empty() {
        hour = match typed_mark.as_str() {
            m if m == form.evening && (1..=12).contains(&hour) => hour % 12 + 12,
            m if m == form.morning && (1..=12).contains(&hour) => hour % 12,
            "" => hour,
            _ => return None,
        };
    } else if !typed_mark.is_empty() {
        return None;
    }
    let year = i32::try_from(year?).ok().filter(|y| *y >= 1000)?;
    NaiveDate::from_ymd_opt(year, month?, day?)?.and_hms_opt(hour, minute, 0)
}

fn date_field(field: Field) -> bool {
    matches!(field, Field::Year | Field::Month | Field::Day)
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    fn icu(tag: &str, shape: Shape, at: NaiveDateTime) -> String {
        let locale = icu_locale_core::Locale::from_str(tag).unwrap();
        let formatter = Formatter::try_new((&locale).into(), shape.field_set()).unwrap();
        let input = DateTime {
            date: Date::try_new_gregorian(at.year(), at.month() as u8, at.day() as u8).unwrap(),
            time: Time::try_new(at.hour() as u8, at.minute() as u8, 0, 0).unwrap(),
        };
        in_the_font(formatter.format(&input).to_string())
    }

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    /// Against ICU4X's own output, not a literal from memory.
    #[test]
    fn each_language_writes_a_moment_as_icu4x_does() {
        let moment = at("2026-11-28 19:30");
        for tag in ["en", "de", "ja"] {
            for shape in [Shape::DayAndTime, Shape::Day, Shape::MonthDay, Shape::Time] {
                assert_eq!(format(tag, moment, shape), icu(tag, shape, moment), "{tag}");
            }
        }
        assert_ne!(
            format("de", moment, Shape::Day),
            format("en", moment, Shape::Day),
            "German and English write a day apart"
        );
        assert!(
            format("de", moment, Shape::Day).contains("2026"),
            "the full year"
        );
    }

    /// What a language writes, it reads back, to the minute, morning and evening.
    #[test]
    fn each_language_reads_back_what_it_writes() {
        for tag in ["en", "de", "ja", "fr", "zz"] {
            for moment in [
                at("2026-11-28 19:30"),
                at("2026-01-02 09:05"),
                at("2026-12-31 00:00"),
            ] {
                let written = format(tag, moment, Shape::DayAndTime);
                assert_eq!(read(tag, &written), Some(moment), "{tag}: {written}");
                let day = format(tag, moment, Shape::Day);
                assert_eq!(
                    read(tag, &day),
                    Some(moment.date().and_hms_opt(12, 0, 0).unwrap())
                );
            }
        }
    }

    #[test]
    fn iso_is_read_in_every_language_and_nonsense_in_none() {
        for tag in ["en", "de", "ja"] {
            assert_eq!(read(tag, "2026-11-28 19:30"), Some(at("2026-11-28 19:30")));
            assert_eq!(read(tag, " 2026-11-28 "), Some(at("2026-11-28 12:00")));
            for nonsense in [
                "",
                "yesterday",
                "31.02.2026",
                "1.2",
                "28.11.26 19:30 19:30",
                "99/99/9999",
            ] {
                assert_eq!(read(tag, nonsense), None, "{tag}: {nonsense:?}");
            }
        }
        // German's own order: day, month, year; and a German with no comma.
        assert_eq!(read("de", "28.11.2026 19:30"), Some(at("2026-11-28 19:30")));
        assert_eq!(read("de", "28.11.2026"), Some(at("2026-11-28 12:00")));
        // A 24-hour time typed in English is taken as it is.
        assert_eq!(read("en", "11/28/2026 19:30"), Some(at("2026-11-28 19:30")));
        // A two-digit year is not guessed.
        assert_eq!(read("de", "28.11.26"), None);
    }
}
