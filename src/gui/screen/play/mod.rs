//! The play screen for every game other than TERRAVIST: whose turn it is and for how long, the
//! round, the turn order, the counters and the game's end on one tab; the score sheet the
//! profile describes on the other. Every change is a [`PlayEvent`]: what is shown is on disk.

mod sheet;
mod view;

use std::collections::HashMap;

use super::Action;
use super::ending::{AskOnce, Ending, EndsTheGame};
use crate::any_game::{PlayEvent, PlayPhase, PlaySession};
use crate::i18n::Text;
use crate::scoring::{CellInput, Points};
use crate::vocabulary::Seat;

/// The two halves of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Table,
    Sheet,
}

#[derive(Debug, Default)]
pub struct PlayScreen {
    /// Chosen by the table; `None` follows the game (the sheet once it is over).
    tab: Option<Tab>,
    /// What is typed in each sheet field, by field, exactly as typed (a half-typed "0." stays).
    typed: HashMap<Field, String>,
    /// Finish and Abandon each ask once.
    ending: AskOnce,
}

/// A typed field of the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Field {
    /// A player's cell; `count` is the index of the count in a "per N" part (0 otherwise).
    Cell {
        seat: Seat,
        part: String,
        count: usize,
    },
    Tie {
        seat: Seat,
        breaker: String,
    },
    Dummies {
        part: String,
    },
}

#[derive(Debug, Clone)]
pub enum Message {
    Event(PlayEvent),
    /// Moves the seat at `position` of this round's order one place earlier.
    Earlier(usize),
    Type(Field, String),
    /// A claimant toggled on one card of an in-order awards part (added last, or removed).
    Claim {
        part: String,
        card: usize,
        seat: Seat,
    },
    /// Finish or Abandon tapped (each asks once).
    End(Ending),
}

/// A number as the table types it: "3", "-5", "0.5"; blank is no entry.
fn number(text: &str) -> Result<Option<Points>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    Points::parse(text).map(Some).ok_or(())
}

fn whole(text: &str) -> Result<Option<i64>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(drop)
}

impl PlayScreen {
    pub fn tab(&self, session: &PlaySession) -> Tab {
        self.tab
            .unwrap_or(if session.state().phase == PlayPhase::Over {
                Tab::Sheet
            } else {
                Tab::Table
            })
    }

    /// The header's Sheet: the sheet, or back to the table from it.
    pub fn toggle_sheet(&mut self, session: &PlaySession) {
        self.tab = Some(match self.tab(session) {
            Tab::Table => Tab::Sheet,
            Tab::Sheet => Tab::Table,
        });
    }

    /// A tap on the header or a key: Finish and Abandon ask again.
    pub fn intent_seen(&mut self) {
        self.ending.disarm();
    }

    /// Whether the sheet is under the header now (once the game is over it is, unless the
    /// table went back to the table).
    pub fn sheet_shown(&self, session: &PlaySession) -> bool {
        self.tab(session) == Tab::Sheet
    }

    /// The game was undone or redone: what was typed gives way to what the game now holds.
    pub fn undone(&mut self) {
        self.typed.clear();
    }

    /// A seat's own phone wrote one of its cells: the sheet shows the game's values for it.
    pub fn forget(&mut self, seat: Seat) {
        self.typed
            .retain(|field, _| !matches!(field, Field::Cell { seat: s, .. } if *s == seat));
    }

    pub fn update(&mut self, message: Message, session: &PlaySession) -> Action {
        let tapped = match message {
            Message::End(ending) => Some(ending),
            _ => None,
        };
        if let Some(instead) = self.ask_first(tapped, session) {
            return instead;
        }
        match message {
            Message::Event(event) => {
                if matches!(event, PlayEvent::EndGame { .. }) {
                    self.tab = None;
                }
                Action::apply(event)
            }
            Message::Earlier(position) if position > 0 => {
                let mut order = session.state().order.clone();
                order.swap(position, position - 1);
                Action::apply(PlayEvent::SetTurnOrder { order })
            }
            Message::Earlier(_) => Action::None,
            Message::Type(field, text) => {
                let event = self.typed_event(&field, &text, session);
                self.typed.insert(field, text);
                event.map(Action::apply).unwrap_or(Action::None)
            }
            Message::Claim { part, card, seat } => {
                let mut seats = session
                    .state()
                    .input
                    .claims
                    .get(&part)
                    .and_then(|cards| cards.get(card))
                    .cloned()
                    .unwrap_or_default();
                match seats.iter().position(|&s| s == seat) {
                    Some(i) => {
                        seats.remove(i);
                    }
                    None => seats.push(seat),
                }
                Action::apply(PlayEvent::SetClaims { part, card, seats })
            }
            Message::End(ending) => ending.action(),
        }
    }

    /// The event a typed field means, once it reads as a value (nothing while half-typed).
    fn typed_event(&self, field: &Field, text: &str, session: &PlaySession) -> Option<PlayEvent> {
        match field {
            Field::Cell { seat, part, count } => {
                let spec = session
                    .profile()
                    .sheet
                    .parts
                    .iter()
                    .find(|p| &p.id == part)?;
                let value = if let crate::scoring::PartKind::PerN { counts, .. } = &spec.kind {
                    // Every count of the part, with this one as now typed.
                    let mut values = Vec::with_capacity(counts.len());
                    for i in 0..counts.len() {
                        let typed = if i == *count {
                            Some(text.to_string())
                        } else {
                            self.typed
                                .get(&Field::Cell {
                                    seat: *seat,
                                    part: part.clone(),
                                    count: i,
                                })
                                .cloned()
                        };
                        let current = (session.state().input.column(*seat))
                            .and_then(|c| c.parts.get(part))
                            .and_then(|c| match c {
                                CellInput::Counts(v) => v.get(i).copied(),
                                CellInput::Number(_) => None,
                            });
                        let value = match typed {
                            Some(t) => whole(&t).ok()?,
                            None => current,
                        };
                        values.push(value.unwrap_or(0));
                    }
                    Some(CellInput::Counts(values))
                } else {
                    number(text).ok()?.map(CellInput::Number)
                };
                Some(PlayEvent::SetCell {
                    player: *seat,
                    part: part.clone(),
                    value,
                })
            }
            Field::Tie { seat, breaker } => Some(PlayEvent::SetTie {
                player: *seat,
                breaker: breaker.clone(),
                value: whole(text).ok()?,
            }),
            Field::Dummies { part } => {
                let values = text
                    .split([',', ' ', '、', '/'])
                    .filter(|v| !v.trim().is_empty())
                    .map(|v| v.trim().parse().ok())
                    .collect::<Option<Vec<i64>>>()?;
                Some(PlayEvent::SetDummies {
                    part: part.clone(),
                    values,
                })
            }
        }
    }

    /// What a field shows: as typed, else the value the game holds.
    fn shown(&self, field: &Field, session: &PlaySession) -> String {
        if let Some(text) = self.typed.get(field) {
            return text.clone();
        }
        let input = &session.state().input;
        match field {
            Field::Cell { seat, part, count } => match input
                .column(*seat)
                .and_then(|c| c.parts.get(part))
            {
                Some(CellInput::Number(n)) => n.to_string(),
                Some(CellInput::Counts(v)) => v.get(*count).map(i64::to_string).unwrap_or_default(),
                None => String::new(),
            },
            Field::Tie { seat, breaker } => (input.column(*seat))
                .and_then(|c| c.tie.get(breaker))
                .map(i64::to_string)
                .unwrap_or_default(),
            Field::Dummies { part } => input
                .dummies
                .get(part)
                .map(|v| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
                .unwrap_or_default(),
        }
    }
}

/// A field as a player would name it: whose, and which part.
fn field_label(field: &Field, session: &PlaySession) -> Text {
    let profile = session.profile();
    let player = |seat: &Seat| {
        (session.state().input.column(*seat)).map_or_else(String::new, |p| p.name.clone())
    };
    let part = |id: &String| {
        profile
            .sheet
            .parts
            .iter()
            .find(|p| &p.id == id)
            .map_or_else(
                || crate::vocabulary::Name::same(id.clone()),
                |p| p.name.clone(),
            )
    };
    match field {
        Field::Cell { seat, part: id, .. } => Text::new("sheet.field_cell")
            .arg("player", player(seat))
            .arg_name("part", &part(id)),
        Field::Tie { seat, breaker } => Text::new("sheet.field_cell")
            .arg("player", player(seat))
            .arg("part", breaker),
        Field::Dummies { part: id } => Text::new("sheet.field_dummies").arg_name("part", &part(id)),
    }
}

impl EndsTheGame for PlayScreen {
    type Session = PlaySession;

    fn ask_once(&mut self) -> &mut AskOnce {
        &mut self.ending
    }

    /// The first field (in a stable order) whose typed text is not what the sheet holds, as a
    /// refusal to finish; else what the sheet still lacks by the rulebook (the dummy players,
    /// a tie to break), the same wait as the phones' Finish.
    fn unsaved(&self, session: &PlaySession) -> Option<Text> {
        self.typed_not_taken(session)
            .or_else(|| crate::any_game::sheet_waits(session.profile(), session.state()))
    }
}

impl PlayScreen {
    /// The first field (in a stable order) whose typed text is not what the sheet holds.
    fn typed_not_taken(&self, session: &PlaySession) -> Option<Text> {
        let at = session.records().last().map(|r| r.at)?;
        let mut typed: Vec<_> = self.typed.iter().collect();
        typed.sort_by_key(|(field, _)| format!("{field:?}"));
        typed.into_iter().find_map(|(field, text)| {
            let saved = self
                .typed_event(field, text, session)
                .is_some_and(|event| session.check(&event, at).is_ok());
            (!saved).then(|| {
                Text::new("sheet.unsaved_field")
                    .arg_text("field", field_label(field, session))
                    .arg("value", text.trim())
            })
        })
    }
}
