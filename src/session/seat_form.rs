//! What one player fills in on their own phone, for every engine: their result on the round's
//! objective while the table ranks it (TERRAVIST's round-end step 1), and their own column of
//! the score sheet while it is open. [`SeatForm`] is what a phone is shown; a [`SeatEntry`] is
//! one value it sends back, turned here into the engine's own event, the same event the window
//! makes, so the journal, Undo and the rules' refusals are one for both.
//!
//! An entry names the value it was typed over (`was`), not a position in the game: a value
//! sent again after a lost answer finds itself already there and changes nothing, and a value
//! typed over one the table has changed since is refused, so the table's stands (the window
//! always wins).

use std::collections::HashMap;

use super::rules::Written;
use super::{GameSession, Record, Rules};
use crate::i18n::{Locale, Text};
use crate::kit::error::RuleError;
use crate::scoring::{
    CellInput, Origin, PartKind, PartSpec, Points, Scored, TieBreaker, WinnerRule,
};
use crate::vocabulary::{Name, Seat};

/// The largest value a phone may send (a score sheet's cell is far smaller).
pub const MAX_VALUE: i64 = 1_000_000;

/// Is `value` within ±[`MAX_VALUE`]? (A range, never `abs`: `i64::MIN.abs()` wraps to itself
/// in a release build and panics in a debug one.)
pub fn within_limit(value: i64) -> bool {
    (-MAX_VALUE..=MAX_VALUE).contains(&value)
}

/// Which of a seat's values an entry is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Field {
    /// Their result on the round's objective (TERRAVIST's round-end step 1).
    Result,
    /// Their cell of a sheet part; `count` is which of a "per N" part's counts (0 otherwise).
    Cell { part: String, count: usize },
    /// Their value for a tie-breaker the table types (Earth's soil in reserve), asked only
    /// while their total is level with another's.
    Tie { breaker: String },
}

impl Field {
    /// Which value an entry in this field writes, as [`Rules::writes`] names it.
    fn written(&self) -> Written<'_> {
        match self {
            Field::Result => Written::Result,
            Field::Cell { part, .. } => Written::Cell(part),
            Field::Tie { breaker } => Written::Tie(breaker),
        }
    }
}

/// One value a phone sends: `value` typed over `was` (what the phone showed in the field).
/// `None` is an empty field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatEntry {
    pub field: Field,
    pub value: Option<i64>,
    pub was: Option<i64>,
}

/// What a phone is shown to fill in, for one seat.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SeatForm {
    /// Asked now: their result on the round's objective.
    pub result: Option<ResultAsked>,
    /// Their column of the sheet, while it is open.
    pub column: Option<Column>,
}

/// The round objective's result a seat is asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultAsked {
    pub round: u32,
    /// The objective tile's label, once the table typed it.
    pub objective: Option<String>,
    pub value: Option<i64>,
    /// The value is the table's (typed at the window), not this seat's phone's.
    pub by_table: bool,
}

/// A seat's own column of the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub cells: Vec<Cell>,
    /// The column's total as the sheet scores it now; `None` where the sheet cannot be scored
    /// yet (a game of sides before its end).
    pub total: Option<Points>,
    /// The player marked the column done.
    pub ready: bool,
}

/// One field of a column: a part's value, or one of the counts of a "per N" part.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub field: Field,
    pub part: Name,
    /// The count's name, in a "per N" part.
    pub count: Option<Name>,
    /// What is typed (a count, not its points); `None` when nothing is.
    pub value: Option<i64>,
    /// What the app worked out, where it works the part out (TERRAVIST's eggs, cards).
    pub computed: Option<Points>,
    /// The part's points, on its last field.
    pub points: Option<Points>,
    /// The smallest value the part takes (0 for a count); `None`: any.
    pub min: Option<i64>,
    /// Only the table enters it (cards claimed in order, a bonus one player takes).
    pub table_only: bool,
    /// The value is the table's (typed at the window), not this seat's phone's.
    pub by_table: bool,
}

/// Why a phone's entry changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryRefused {
    /// The step or the sheet it was typed in is closed.
    #[error("that is closed now")]
    Closed,
    /// The table changed the value since the phone showed it; the table's stands.
    #[error("the table changed it")]
    Changed,
    /// Only the table enters it.
    #[error("the table enters it")]
    TableOnly,
    /// The table typed the value there: it is the table's, and only the table changes it.
    #[error("the table typed it")]
    TableValue,
    #[error("{0}")]
    Rule(RuleError),
}

impl EntryRefused {
    /// The sentence a phone shows.
    pub fn text(&self) -> Text {
        match self {
            EntryRefused::Closed => Text::new("phone.entry_closed"),
            EntryRefused::Changed => Text::new("phone.entry_changed"),
            EntryRefused::TableOnly => Text::new("phone.entry_table_only"),
            EntryRefused::TableValue => Text::new("phone.entry_table_value"),
            EntryRefused::Rule(rule) => rule.text(),
        }
    }
}

/// What an accepted entry does.
#[derive(Debug, Clone, PartialEq)]
pub enum Accepted<E> {
    /// The event that writes it.
    Write(E),
    /// It is there already (sent again after its answer was lost): nothing to write.
    AlreadyThere,
}

/// The form of `seat`, while something is theirs to fill: `sheet_open` when the table has the
/// sheet open (the game's end opens it too).
pub fn form<R: Rules>(session: &GameSession<R>, seat: Seat, sheet_open: bool) -> SeatForm {
    (forms(session, sheet_open).into_iter().nth(seat)).unwrap_or_default()
}

/// Every seat's form, in seat order: the sheet is scored once for all of them, and the records
/// read once for who wrote each value.
pub fn forms<R: Rules>(session: &GameSession<R>, sheet_open: bool) -> Vec<SeatForm> {
    let (profile, state) = (session.profile(), session.state());
    let by_phone = ByPhone::of::<R>(session.records());
    let asked = R::asked(profile, state);
    // Scored only while a column is shown: `None` when the sheet is closed, `Some(None)`
    // when it cannot be scored yet (a game of sides before its end).
    let scored = (sheet_open || R::sheet_due(state))
        .then(|| R::sheet(profile, state, session.players()).ok());
    (0..session.players().len())
        .map(|seat| {
            let result = asked.clone().map(|(round, objective)| {
                let value = R::answered(state, seat).map(i64::from);
                ResultAsked {
                    round,
                    objective,
                    value,
                    by_table: value.is_some() && !by_phone.wrote(seat, Written::Result),
                }
            });
            let column = (scored.as_ref())
                .map(|scored| column(session, seat, scored.as_ref(), &by_phone))
                .filter(|c| !c.cells.is_empty());
            SeatForm { result, column }
        })
        .collect()
}

/// The column of the opponent the game plays itself (Earth's Gaia in the solo game, rulebook
/// 001, lines 272-306), with only the parts it scores, for the lone player's phone to fill:
/// its name and form (no Ready: the player's own Ready covers the sheet). `None` in a game
/// with no such opponent, or while the sheet is closed.
pub fn opponent_form<R: Rules>(
    session: &GameSession<R>,
    sheet_open: bool,
) -> Option<(Name, SeatForm)> {
    let (profile, state) = (session.profile(), session.state());
    let seat = session.players().len();
    let opponent = R::game(profile).sheet.opponent_for(seat)?;
    if !(sheet_open || R::sheet_due(state)) {
        return None;
    }
    let scored = R::sheet(profile, state, session.players()).ok();
    let by_phone = ByPhone::of::<R>(session.records());
    let mut column = column(session, seat, scored.as_ref(), &by_phone);
    (column.cells)
        .retain(|c| matches!(&c.field, Field::Cell { part, .. } if opponent.parts.contains(part)));
    let form = SeatForm {
        result: None,
        column: Some(column),
    };
    Some((opponent.name.clone(), form))
}

fn column<R: Rules>(
    session: &GameSession<R>,
    seat: Seat,
    scored: Option<&Scored>,
    by_phone: &ByPhone<'_>,
) -> Column {
    let (profile, state) = (session.profile(), session.state());
    // The seat after the players' is the opponent's (Gaia's), scored apart from them.
    let is_opponent = seat == session.players().len();
    let player = scored.and_then(|s| match is_opponent {
        true => s.opponent.as_ref(),
        false => s.players.get(seat),
    });
    let mut cells = Vec::new();
    for (index, part) in R::game(profile).sheet.parts.iter().enumerate() {
        let (points, origin) = player
            .and_then(|p| p.cell(index))
            .map_or((None, Origin::Missing), |(p, o)| (Some(p), o));
        let computed = match origin {
            Origin::Computed => points,
            Origin::Overridden { computed } => Some(computed),
            // Nothing entered: the part's empty value counts, said where it is not 0 (a
            // track's start), so the field never reads 0 for what counts 10.
            Origin::Missing => points.filter(|p| *p != Points::ZERO),
            Origin::Entered => None,
        };
        let entered = R::entered(state, seat, &part.id);
        let by_table = entered.is_some() && !by_phone.wrote(seat, Written::Cell(&part.id));
        let names: Vec<Option<Name>> = match &part.kind {
            PartKind::PerN { counts, .. } => counts.iter().cloned().map(Some).collect(),
            _ => vec![None],
        };
        let last = names.len() - 1;
        for (count, name) in names.into_iter().enumerate() {
            cells.push(Cell {
                field: Field::Cell {
                    part: part.id.clone(),
                    count,
                },
                part: part.name.clone(),
                count: name,
                value: value_of(entered.as_ref(), count),
                computed,
                points: (count == last).then_some(points).flatten(),
                min: min_of(part),
                table_only: table_only(part),
                by_table,
            });
        }
    }
    // A tie to break: the breakers the table types, asked of the columns level on total.
    if scored.is_some_and(|s| s.level_seats(&R::game(profile).sheet).contains(&seat)) {
        for breaker in typed_breakers(R::game(profile)) {
            let field = Field::Tie {
                breaker: breaker.id.clone(),
            };
            let value = R::tie_value(state, seat, &breaker.id);
            cells.push(Cell {
                by_table: value.is_some() && !by_phone.wrote(seat, field.written()),
                field,
                part: breaker.name.clone(),
                count: None,
                value,
                computed: None,
                points: None,
                // A count or a track's position: the phone's − stops at 0.
                min: Some(0),
                table_only: false,
            });
        }
    }
    Column {
        cells,
        total: player.map(|p| p.total),
        ready: R::ready(state).contains(&seat),
    }
}

/// The tie-breakers of a sheet whose values the table types: not the turn order, which the
/// table keeps, nor a part the sheet holds already.
fn typed_breakers(game: &crate::kit::game_profile::GameProfile) -> Vec<&TieBreaker> {
    (all_breakers(game).iter()).filter(|t| t.typed()).collect()
}

/// Every tie-breaker of a sheet, in the order the rulebook applies them.
fn all_breakers(game: &crate::kit::game_profile::GameProfile) -> &[TieBreaker] {
    match &game.sheet.winner {
        WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers } => tie_breakers,
        WinnerRule::Side { .. } => &[],
    }
}

/// For each value written (a seat's result, or its cell of a part), the phone whose record
/// wrote it last (`None`: the window's).
struct ByPhone<'a>(HashMap<(Seat, Written<'a>), Option<Seat>>);

impl<'a> ByPhone<'a> {
    fn of<R: Rules>(records: &'a [Record<R::Event>]) -> ByPhone<'a> {
        let mut last = HashMap::new();
        for record in records {
            if let Some((seat, written)) = R::writes(&record.event) {
                last.insert((seat, written), record.phone);
            }
        }
        ByPhone(last)
    }

    /// Whether a phone wrote `seat`'s value last: its own, or another filling it in while
    /// this one was offline. A phone's value is the players'; only the window's is the table's.
    fn wrote(&self, seat: Seat, value: Written<'_>) -> bool {
        (self.0.get(&(seat, value))).is_some_and(Option::is_some)
    }

    /// Whether `seat`'s own phone wrote that value last: its to change again as it likes.
    /// Another phone's value it changes only typed over what it was shown.
    fn own(&self, seat: Seat, value: Written<'_>) -> bool {
        self.0.get(&(seat, value)) == Some(&Some(seat))
    }
}

/// Who wrote the value a phone types over last, as [`already_there`] weighs it.
struct Writer {
    /// A phone (the seat's own or another): the players' value, not the table's.
    phone: bool,
    /// The seat's own phone.
    own: bool,
}

impl Writer {
    fn of(by_phone: &ByPhone<'_>, seat: Seat, value: Written<'_>) -> Writer {
        Writer {
            phone: by_phone.wrote(seat, value),
            own: by_phone.own(seat, value),
        }
    }
}

/// A typed value as a phone's field shows it: a whole number (a fraction is the table's and
/// shows as nothing the phone could type over).
fn value_of(entered: Option<&CellInput>, count: usize) -> Option<i64> {
    match entered? {
        CellInput::Number(n) => whole(*n),
        CellInput::Counts(counts) => counts.get(count).copied(),
    }
}

fn whole(n: Points) -> Option<i64> {
    let floor = n.floor();
    (Points::whole(floor) == n).then_some(floor)
}

fn min_of(part: &PartSpec) -> Option<i64> {
    match part.kind {
        PartKind::Count { .. } | PartKind::Penalty { .. } | PartKind::PerN { .. } => Some(0),
        PartKind::Entered | PartKind::Track { .. } | PartKind::Rank { .. } => None,
        PartKind::Claims { .. } | PartKind::Bonus { .. } => None,
    }
}

/// A part the players share (cards claimed in order, a bonus only one takes) is the table's.
fn table_only(part: &PartSpec) -> bool {
    matches!(part.kind, PartKind::Claims { .. } | PartKind::Bonus { .. })
}

/// The event a phone's entry for `seat` makes, or why it makes none. The event is checked by
/// the rules when it is applied, as the window's are.
pub fn entry<R: Rules>(
    session: &GameSession<R>,
    seat: Seat,
    entry: &SeatEntry,
    sheet_open: bool,
) -> Result<Accepted<R::Event>, EntryRefused> {
    let (profile, state) = (session.profile(), session.state());
    // The seat after the players' is the opponent's the game plays itself (Gaia), whose
    // parts the lone player's phone fills; it has no result to answer.
    let players = session.players().len();
    let opponent = seat == players && R::game(profile).sheet.opponent_for(players).is_some();
    if seat > players || (seat == players && !opponent) {
        return Err(EntryRefused::Rule(RuleError::UnknownPlayer { seat }));
    }
    if opponent && entry.field == Field::Result {
        return Err(EntryRefused::Closed);
    }
    let too_large = |part: Name| match entry.value {
        Some(v) if !within_limit(v) => Err(EntryRefused::Rule(RuleError::EntryTooLarge { part })),
        _ => Ok(()),
    };
    match &entry.field {
        Field::Result => {
            R::asked(profile, state).ok_or(EntryRefused::Closed)?;
            too_large(result_name())?;
            let now = R::answered(state, seat).map(i64::from);
            let writer = Writer::of(&ByPhone::of::<R>(session.records()), seat, Written::Result);
            if already_there(now, writer, entry)? {
                return Ok(Accepted::AlreadyThere);
            }
            let value = match entry.value {
                Some(v) => Some(u32::try_from(v).map_err(|_| {
                    EntryRefused::Rule(RuleError::EntryNegative {
                        part: result_name(),
                    })
                })?),
                None => None,
            };
            let event = R::answer_event(seat, value).ok_or(EntryRefused::Closed)?;
            Ok(Accepted::Write(event))
        }
        Field::Cell { part, count } => {
            if !(sheet_open || R::sheet_due(state)) {
                return Err(EntryRefused::Closed);
            }
            let spec = (R::game(profile).sheet.parts.iter())
                .find(|p| &p.id == part)
                .ok_or_else(|| {
                    EntryRefused::Rule(RuleError::UnknownScorePart { part: part.clone() })
                })?;
            if table_only(spec) {
                return Err(EntryRefused::TableOnly);
            }
            too_large(spec.name.clone())?;
            let entered = R::entered(state, seat, part);
            let writer = Writer::of(
                &ByPhone::of::<R>(session.records()),
                seat,
                entry.field.written(),
            );
            if already_there(value_of(entered.as_ref(), *count), writer, entry)? {
                return Ok(Accepted::AlreadyThere);
            }
            let value = cell_value(spec, entered, *count, entry.value)?;
            R::enter_cell(profile, seat, part, value)
                .map(Accepted::Write)
                .map_err(EntryRefused::Rule)
        }
        Field::Tie { breaker } => {
            if !(sheet_open || R::sheet_due(state)) {
                return Err(EntryRefused::Closed);
            }
            // Any breaker of the sheet: one the table does not type is the engine's to refuse,
            // in its own words (read from a part; the turn order).
            let known = (all_breakers(R::game(profile)).iter())
                .find(|t| &t.id == breaker)
                .ok_or_else(|| {
                    let part = breaker.clone();
                    EntryRefused::Rule(RuleError::UnknownScorePart { part })
                })?;
            too_large(known.name.clone())?;
            // Asked only of a column level on total with another: the book breaks a tie, and
            // a value for no tie would only be noise on the sheet.
            let scored = R::sheet(profile, state, session.players()).ok();
            if !scored.is_some_and(|s| s.level_seats(&R::game(profile).sheet).contains(&seat)) {
                let breaker = known.name.clone();
                return Err(EntryRefused::Rule(RuleError::NoTie { breaker }));
            }
            let now = R::tie_value(state, seat, breaker);
            let writer = Writer::of(
                &ByPhone::of::<R>(session.records()),
                seat,
                entry.field.written(),
            );
            if already_there(now, writer, entry)? {
                return Ok(Accepted::AlreadyThere);
            }
            (R::tie_event(seat, breaker, entry.value))
                .map(Accepted::Write)
                .ok_or(EntryRefused::Closed)
        }
    }
}

/// "Your result" in every language, for a refusal's sentence.
fn result_name() -> Name {
    Locale::name_in_each(|l| l.tr("phone.result"))
}

/// `true` when the value is there already; refused when the table typed the value there (the
/// table's value is the table's, whatever the phone says it showed), or when it was typed over
/// a value changed since by anyone but this seat's own phone (another phone filled it in while
/// this one was offline: the value typed offline does not silently overwrite it; issue 68's
/// soak). A value this seat's own phone wrote last is the phone's to change again (a player
/// tapping + three times sends three values typed over the first).
fn already_there(
    now: Option<i64>,
    writer: Writer,
    entry: &SeatEntry,
) -> Result<bool, EntryRefused> {
    if now == entry.value {
        Ok(true)
    } else if now.is_some() && !writer.phone {
        Err(EntryRefused::TableValue)
    } else if now != entry.was && !writer.own {
        Err(EntryRefused::Changed)
    } else {
        Ok(false)
    }
}

/// The cell's whole input once `value` is typed in field `count` (a "per N" part keeps its
/// other counts; a part left with no count typed is cleared).
fn cell_value(
    spec: &PartSpec,
    entered: Option<CellInput>,
    count: usize,
    value: Option<i64>,
) -> Result<Option<CellInput>, EntryRefused> {
    let PartKind::PerN { counts, .. } = &spec.kind else {
        return Ok(value.map(|v| CellInput::Number(Points::whole(v))));
    };
    if count >= counts.len() {
        return Err(EntryRefused::Rule(RuleError::EntryNeedsCounts {
            part: spec.name.clone(),
            count: counts.len(),
        }));
    }
    let mut now = match entered {
        Some(CellInput::Counts(now)) if now.len() == counts.len() => now,
        _ => vec![0; counts.len()],
    };
    now[count] = value.unwrap_or(0);
    Ok((now.iter().any(|&v| v != 0) || value.is_some()).then_some(CellInput::Counts(now)))
}
