//! What the television across the room is shown besides the table every phone sees: the table's
//! address and its QR code (to join from the sofa), the final sheet of the game just saved, the
//! evening so far, and at a round end or at the sheet what may be said of each player without
//! a value (answered or not, how many parts entered, Ready). The page draws it
//! (`assets/phone/television.js`) on a screen in "Just watch" 1000 px wide or more.
//!
//! Nothing here tells a value before the table does: a result asked is "answered" or not, a
//! column is counted in parts until every column is Ready (then the sheet is the table's).

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use crate::i18n::{Locale, Text};
use crate::session::summary::HistoryEntry;
use crate::session::{Field, SeatForm};
use crate::vocabulary::Name;

/// How far back the evening goes: the games finished in the last 12 hours (an evening that
/// runs past midnight stays one, a table left on for days shows only today's).
pub const EVENING_HOURS: i64 = 12;

/// What the keeper adds to the table for the television.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Television {
    /// The address a phone opens, while the server runs and the machine has one.
    pub address: Option<String>,
    /// Its QR code's modules.
    pub qr: Option<Qr>,
    /// The game just finished and saved, with its parts' names: shown until the next game's
    /// lobby begins.
    pub last: Option<FinalSheet>,
    /// The games finished this evening (see [`EVENING_HOURS`]), oldest first.
    pub evening: Vec<HistoryEntry>,
}

/// A QR code as the page draws it: its side in modules, and one `0`/`1` a module, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qr {
    pub width: usize,
    pub dark: String,
}

impl Qr {
    /// The code for `text`, at the lowest error correction (the largest modules for its
    /// side); `None` if it holds more than a code can.
    pub fn of(text: &str) -> Option<Qr> {
        let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::L).ok()?;
        let dark: String = (code.to_colors().into_iter())
            .map(|c| if c == qrcode::Color::Dark { '1' } else { '0' })
            .collect();
        Some(Qr {
            width: code.width(),
            dark,
        })
    }

    pub fn to_json(&self) -> Value {
        json!({ "width": self.width, "dark": self.dark })
    }
}

/// A QR code's modules for `text` as the page reads them (`{width, dark}`); `None` if it holds
/// more than a code can.
pub fn qr_modules(text: &str) -> Option<Value> {
    Qr::of(text).map(|qr| qr.to_json())
}

/// A game saved, with the names of its sheet's parts (by id; an id with no name is shown as
/// it is).
#[derive(Debug, Clone, PartialEq)]
pub struct FinalSheet {
    pub entry: HistoryEntry,
    pub parts: Vec<(String, Name)>,
    /// Each seat's rating after the game with its change ("3.4 (+3.4)"), in seat order; the
    /// keeper reads them from the league.
    pub ratings: Vec<Option<crate::i18n::Text>>,
}

impl Television {
    /// The games of `entries` that count as this evening's at `now`: finished (not abandoned),
    /// ended in the last [`EVENING_HOURS`], oldest first.
    pub fn evening_of<'a>(
        entries: impl IntoIterator<Item = &'a HistoryEntry>,
        now: DateTime<Utc>,
    ) -> Vec<HistoryEntry> {
        let since = now - chrono::Duration::hours(EVENING_HOURS);
        let mut games: Vec<HistoryEntry> = (entries.into_iter())
            .filter(|e| e.outcome == crate::session::summary::Outcome::Finished)
            .filter(|e| e.ended_at >= since && !e.logged)
            .cloned()
            .collect();
        games.sort_by_key(|e| e.ended_at);
        games
    }

    /// What the television is shown, in `l`, of a table of `players` players whose seats'
    /// forms are `forms` (`finishable`: every column is Ready, so the sheet is the table's).
    pub fn render(&self, players: usize, forms: &[SeatForm], finishable: bool, l: Locale) -> Value {
        // At a round end: whether each player answered the result asked (never the value).
        let answered: Vec<Value> = (0..players)
            .map(|seat| {
                let asked = forms.get(seat).and_then(|f| f.result.as_ref());
                json!(asked.map(|r| r.value.is_some()))
            })
            .collect();
        json!({
            "address": self.address,
            "qr": self.qr.as_ref().map(Qr::to_json),
            "last": self.last.as_ref().map(|sheet| final_sheet(sheet, l)),
            "evening": (self.evening.iter()).map(|e| evening_game(e, l)).collect::<Vec<_>>(),
            "answered": answered,
            "sheet": sheet(forms, finishable, l),
            "words": words(l),
        })
    }
}

/// The score sheet as the television shows it: each player's progress (parts entered of the
/// parts to enter, Ready); once every column is Ready, each part's points and the totals.
fn sheet(forms: &[SeatForm], revealed: bool, l: Locale) -> Value {
    let columns: Vec<_> = (forms.iter())
        .map(|f| f.column.as_ref())
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    if columns.is_empty() {
        return Value::Null;
    }
    let progress: Vec<Value> = (columns.iter())
        .map(|column| {
            let own = (column.cells.iter()).filter(|c| !c.table_only);
            let of = own.clone().count();
            let entered = own
                .filter(|c| c.value.is_some() || c.computed.is_some())
                .count();
            json!({
                "entered": Text::new("tv.parts_entered")
                    .arg("entered", entered)
                    .arg("of", of)
                    .render(l),
                "ready": column.ready,
                "total": revealed.then(|| column.total.map(|t| t.to_string())).flatten(),
            })
        })
        .collect();
    // The parts, as the first column names them: a part's last field carries its points.
    let rows: Vec<Value> = if revealed {
        (columns[0].cells.iter().enumerate())
            .filter(|(_, cell)| matches!(cell.field, Field::Cell { .. }) && cell.points.is_some())
            .map(|(i, cell)| {
                let values: Vec<String> = (columns.iter())
                    .map(|c| {
                        (c.cells.get(i).and_then(|cell| cell.points))
                            .map_or_else(String::new, |p| p.to_string())
                    })
                    .collect();
                json!({ "name": l.pick(&cell.part), "values": values })
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({ "revealed": revealed, "players": progress, "parts": rows })
}

/// Each part of a saved game's sheet, named in `l`, with every player's value: what the
/// television's final sheet and the phones' past games show alike.
pub fn parts_json(
    entry: &crate::session::summary::HistoryEntry,
    names: &[(String, crate::vocabulary::Name)],
    l: Locale,
) -> Vec<Value> {
    let part_name = |id: &str| {
        (names.iter().find(|(part, _)| part == id))
            .map_or_else(|| id.to_string(), |(_, name)| l.pick(name).to_string())
    };
    (entry.parts.iter().enumerate())
        .map(|(i, id)| {
            // The opponent the game plays itself (Gaia) has a column after the players'.
            let values: Vec<String> = (entry.players.iter())
                .map(|p| p.scores.get(i).map(ToString::to_string).unwrap_or_default())
                .chain(
                    (entry.opponent.iter())
                        .map(|o| o.scores.get(i).map(ToString::to_string).unwrap_or_default()),
                )
                .collect();
            json!({ "name": part_name(id), "values": values })
        })
        .collect()
}

/// The game just saved: every part, every total, the winner and the game's length.
fn final_sheet(sheet: &FinalSheet, l: Locale) -> Value {
    let entry = &sheet.entry;
    let parts = parts_json(entry, &sheet.parts, l);
    let players: Vec<Value> = (entry.players.iter().enumerate())
        .map(|(seat, p)| {
            let [r, g, b] = p.colour.rgb();
            json!({
                "rating": (sheet.ratings.get(seat).cloned().flatten()).map(|t| t.render(l)),
                "name": p.name,
                "colour": format!("#{r:02x}{g:02x}{b:02x}"),
                "total": p.total.to_string(),
                "winner": p.winner,
            })
        })
        .chain((entry.opponent.iter()).map(|o| {
            json!({"name": o.name, "colour": null, "total": o.total.to_string(), "winner": o.winner})
        }))
        .collect();
    json!({
        "game": l.pick(&entry.game_name),
        "winners": winners_line(entry).render(l),
        "length": Text::new("tv.length").arg_text("length", entry.length()).render(l),
        "players": players,
        "parts": parts,
        "rating_row": l.tr("venue.rating_row"),
    })
}

/// "Winner: Ben" (or the winning side's players, or the game itself where it won).
fn winners_line(entry: &HistoryEntry) -> Text {
    let winners = entry.winners();
    let key = if winners.len() > 1 {
        "tv.winners"
    } else {
        "tv.winner"
    };
    Text::new(key).arg_list("winners", &winners)
}

/// One game of the evening: its name, its winner, its length, when it ended.
fn evening_game(entry: &HistoryEntry, l: Locale) -> Value {
    json!({
        "id": entry.id,
        "game": l.pick(&entry.game_name),
        "winners": winners_line(entry).render(l),
        "length": entry.length().render(l),
        "ended": crate::zone::Zone::Local.show(l, entry.ended_at, crate::i18n::dates::Shape::Time),
    })
}

/// The television's own words, in the screen's language.
fn words(l: Locale) -> Value {
    const KEYS: [&str; 15] = [
        "tv.scan",
        "tv.players",
        "tv.host",
        "tv.waiting_for",
        "tv.no_one_yet",
        "tv.set_up_from_a_phone",
        "tv.evening",
        "tv.no_games_yet",
        "tv.total",
        "tv.answered",
        "tv.not_answered",
        "tv.ready",
        "tv.not_ready",
        "tv.game_over",
        "tv.ready_to_start",
    ];
    let map: serde_json::Map<String, Value> = (KEYS.iter())
        .map(|key| {
            (
                key.trim_start_matches("tv.").to_string(),
                l.tr_for_page(key).into(),
            )
        })
        .collect();
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::Points;
    use crate::session::seat_form::{Cell, Column, ResultAsked};

    fn shown(forms: &[SeatForm]) -> Value {
        let ready = (forms.iter()).all(|f| f.column.as_ref().is_some_and(|c| c.ready));
        Television::default().render(2, forms, ready, Locale::EN)
    }

    fn column(value: i64, ready: bool) -> SeatForm {
        let name = Name::new("Eggs", "卵");
        let cell = Cell {
            field: Field::Cell {
                part: "eggs".into(),
                count: 0,
            },
            part: name,
            count: None,
            value: Some(value),
            computed: None,
            points: Some(Points::whole(value)),
            min: Some(0),
            table_only: false,
            by_table: false,
        };
        SeatForm {
            result: None,
            column: Some(Column {
                cells: vec![cell],
                total: Some(Points::whole(value)),
                ready,
            }),
        }
    }

    /// A column's values reach the television only once every column is Ready: before, its
    /// progress alone.
    #[test]
    fn the_sheet_is_shown_once_every_column_is_ready_and_its_progress_before() {
        let before = shown(&[column(41, true), column(57, false)]);
        let said = before.to_string();
        assert!(!said.contains("41") && !said.contains("57"), "{said}");
        assert_eq!(before["sheet"]["players"][0]["entered"], "1 of 1 parts");
        assert_eq!(before["sheet"]["players"][1]["ready"], false);
        let after = shown(&[column(41, true), column(57, true)]);
        assert_eq!(after["sheet"]["revealed"], true);
        assert_eq!(after["sheet"]["players"][1]["total"], "57");
        assert_eq!(after["sheet"]["parts"][0]["values"], json!(["41", "57"]));
    }

    /// At a round end the television knows who has answered the result asked, never the
    /// value.
    #[test]
    fn a_result_asked_is_answered_or_not_never_its_value() {
        let asked = |value| SeatForm {
            result: Some(ResultAsked {
                round: 1,
                objective: None,
                value,
                by_table: false,
            }),
            column: None,
        };
        let tv = shown(&[asked(Some(17)), asked(None)]);
        assert_eq!(tv["answered"], json!([true, false]));
        assert!(!tv.to_string().contains("17"), "{tv}");
    }

    /// A code is a square of modules, one `0` or `1` each.
    #[test]
    fn a_code_has_every_module_of_its_square() {
        // An address for documentation (RFC 5737, TEST-NET-2: 198.51.100.0/24), never a host's.
        let qr = Qr::of("http://198.51.100.20:8787/t/5f0c").unwrap();
        assert_eq!(qr.dark.len(), qr.width * qr.width);
        assert_eq!(qr_modules("x").unwrap()["width"], 21);
    }
}
