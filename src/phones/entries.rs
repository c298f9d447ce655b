//! What a phone enters of its own: a value of its player's (`/enter`: a round-objective
//! result, a cell of their column), Ready on their column (`/ready`), and an action on their
//! own cards during their turn (`/turn`), and Ready in a phase every player plays at once
//! (`/together`). Each is checked here for who asks and whether the
//! table asks for it now, bounded in size, and handed to the app, which decides it against
//! the game (see `session::seat_form` and `session::turn_form`).

use std::sync::Arc;

use axum::extract::{Json, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::shared::{PhoneMessage, Shared, refused};
use crate::session::TableAct;
use crate::session::seat_form::{self, Field, SeatEntry};
use crate::session::turn_form::{CardFields, TurnAction};
use crate::vocabulary::Seat;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EnterRequest {
    phone: String,
    /// The page's name for this entry: letters, digits and `-`, at most 32.
    id: String,
    /// The sheet part; absent for the result on the round's objective.
    #[serde(default)]
    part: Option<String>,
    /// Which count of a "per N" part.
    #[serde(default)]
    count: usize,
    /// A tie-breaker's id, for its value (never with `part`).
    #[serde(default)]
    tie: Option<String>,
    /// The value typed; `null` empties the field.
    value: Option<i64>,
    /// What the field showed when the player began typing.
    was: Option<i64>,
    /// Another seat's column, filled from this phone while that seat's phone is offline (see
    /// `ways_out.rs`).
    #[serde(default, rename = "for")]
    for_seat: Option<Seat>,
}

impl EnterRequest {
    fn entry(&self) -> SeatEntry {
        let field = match (&self.part, &self.tie) {
            (Some(part), _) => Field::Cell {
                part: part.clone(),
                count: self.count,
            },
            (None, Some(breaker)) => Field::Tie {
                breaker: breaker.clone(),
            },
            (None, None) => Field::Result,
        };
        SeatEntry {
            field,
            value: self.value,
            was: self.was,
        }
    }
}

/// A phone enters one of its own values: only its own seat's, only while the table asks for it
/// (the app checks it again against the game, and answers on the stream with `id`).
pub(super) async fn enter(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<EnterRequest>,
) -> Response {
    let Some(own) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let seat = match shared.filled_for(own, request.for_seat) {
        Ok(seat) => seat,
        Err(reason) => return refused(StatusCode::FORBIDDEN, reason),
    };
    let id_ok = (1..=32).contains(&request.id.len())
        && (request.id.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-');
    // A range, not `abs`: `abs` of i64::MIN wraps to itself (negative, so "in range") in a
    // release build and panics in a debug one.
    let in_range = |v: Option<i64>| v.is_none_or(seat_form::within_limit);
    let name_ok =
        |name: &Option<String>| name.as_ref().is_none_or(|p| !p.is_empty() && p.len() <= 64);
    let part_ok = name_ok(&request.part)
        && name_ok(&request.tie)
        && !(request.part.is_some() && request.tie.is_some());
    if !id_ok
        || !part_ok
        || request.count > 64
        || !in_range(request.value)
        || !in_range(request.was)
    {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_entry");
    }
    let entry = request.entry();
    let open = {
        let published = shared.published.borrow();
        let form = published.table.form_of(seat);
        match &entry.field {
            Field::Result => form.is_some_and(|f| f.result.is_some()),
            Field::Cell { .. } | Field::Tie { .. } => form.is_some_and(|f| f.column.is_some()),
        }
    };
    if !open {
        return refused(StatusCode::CONFLICT, "closed");
    }
    let id = request.id;
    let message = PhoneMessage::Enter { seat, id, entry };
    shared.act(own, PhoneMessage::by(own, seat, message))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadyRequest {
    phone: String,
    ready: bool,
    /// Another seat's column, while that seat's phone is offline (as for `/enter`).
    #[serde(default, rename = "for")]
    for_seat: Option<Seat>,
    /// The table's state the phone saw ([`crate::remote::TableNow::rev`]): a mark on another's
    /// column confirms the column that phone was shown.
    #[serde(default)]
    rev: Option<u64>,
}

/// A phone marks its column of the sheet done, or takes that back, while the sheet is open.
pub(super) async fn ready(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<ReadyRequest>,
) -> Response {
    let Some(own) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let seat = match shared.filled_for(own, request.for_seat) {
        Ok(seat) => seat,
        Err(reason) => return refused(StatusCode::FORBIDDEN, reason),
    };
    let open =
        (shared.published.borrow().table.forms.get(seat)).is_some_and(|f| f.column.is_some());
    if !open {
        return refused(StatusCode::CONFLICT, "closed");
    }
    let (ready, rev) = (request.ready, request.rev);
    shared.act(
        own,
        PhoneMessage::by(own, seat, PhoneMessage::Ready { seat, ready, rev }),
    )
}

/// A creature card as a phone sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardRequest {
    name: String,
    smiles: u32,
    egg_limit: u32,
    level: u8,
    habitats: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TurnRequest {
    phone: String,
    /// The table's state the phone saw ([`TableNow::rev`]).
    rev: u64,
    /// `add_egg`, `remove_egg`, `tuck`, `develop`, `settle`, `steal`, `take_die` (the die in
    /// `card`), `roll` (the app rolls) or `faces` (the table's own dice, in `faces`).
    action: String,
    #[serde(default)]
    card: Option<usize>,
    #[serde(default)]
    habitat: Option<String>,
    #[serde(default)]
    new_card: Option<CardRequest>,
    /// For `faces`: each die rolled and the face the table's die shows.
    #[serde(default)]
    faces: Option<Vec<FaceRequest>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FaceRequest {
    die: usize,
    face: String,
}

impl TurnRequest {
    /// The action it names, if it names one with what that action needs, in bounds.
    fn action(self) -> Option<TurnAction> {
        let short = |s: &str| !s.trim().is_empty() && s.len() <= 64;
        let fields = |card: CardRequest| {
            let ok = short(&card.name)
                && card.habitats.len() <= 2
                && card.habitats.iter().all(|h| short(h))
                && card.smiles <= 1000
                && card.egg_limit <= 1000;
            ok.then_some(CardFields {
                name: card.name,
                smiles: card.smiles,
                egg_limit: card.egg_limit,
                level: card.level,
                habitats: card.habitats,
            })
        };
        let habitat = self.habitat.filter(|h| short(h));
        Some(match self.action.as_str() {
            "add_egg" => TurnAction::AddEgg { card: self.card? },
            "remove_egg" => TurnAction::RemoveEgg { card: self.card? },
            "tuck" => TurnAction::Tuck { card: self.card? },
            "develop" => TurnAction::Develop { habitat: habitat? },
            "settle" => TurnAction::Settle {
                card: fields(self.new_card?)?,
                habitat: habitat?,
            },
            "steal" => TurnAction::Steal {
                target: self.card?,
                card: fields(self.new_card?)?,
            },
            "take_die" => TurnAction::TakeDie { die: self.card? },
            "roll" => TurnAction::Roll,
            "faces" => {
                let faces = self.faces?;
                // A table's dice box holds a handful of dice; a face is a resource kind's id.
                if faces.len() > 16 || faces.iter().any(|f| !short(&f.face)) {
                    return None;
                }
                TurnAction::Faces {
                    faces: faces.into_iter().map(|f| (f.die, f.face)).collect(),
                }
            }
            _ => return None,
        })
    }
}

/// A phone records an action on its player's own cards: only during its own turn, only in
/// the state it saw (the app checks the cards are its own, and the rules the rest).
pub(super) async fn turn(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<TurnRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let rev = request.rev;
    let Some(action) = request.action() else {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_action");
    };
    shared.play(seat, rev, TableAct::Turn { seat, action })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TogetherRequest {
    phone: String,
}

/// A phone's player is ready in the phase every player plays at once: only while one runs and
/// they are not ready yet.
pub(super) async fn together(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<TogetherRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let waiting = (shared.published.borrow().table.glance.together.as_ref())
        .is_some_and(|ready| ready.get(seat) == Some(&false));
    if !waiting {
        return refused(StatusCode::CONFLICT, "closed");
    }
    shared.act(seat, PhoneMessage::TogetherReady { seat })
}
