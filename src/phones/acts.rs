//! What a phone may do for the whole table, not only its own seat: confirm the step the table
//! is on between turns (`/step`: a round end's, from the phone the rules make responsible,
//! TERRAVIST's parent), finish the game once every column is Ready (`/finish`), and take back
//! the last action or put it back (`/undo`: any seated phone, as anyone at the table reaches
//! for the window's Undo when a tap went wrong), name the round's objective (`/objective`: the
//! parent's phone, checked by [`super::Table::read`]), remake the turn order where the game
//! lets it be remade (`/order`: the seat [`crate::session::table_step::OrderChoice`] names,
//! checked here), and, where no window keeps the table, answer a phone that asks for a seat
//! (`/answer`: the host's phone, see [`super::shared::Shared::host`]). Each names
//! the table's state it was tapped in, as Done does, so a double tap or a late one changes
//! nothing; the app checks each again against the game and applies the same event, or takes
//! the same path, as the window's button.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Json, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::shared::{PhoneMessage, Shared, lock, refused};
use crate::session::TableAct;
use crate::session::table_step::MAX_CARD_NAME;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StepRequest {
    phone: String,
    /// The table's state the phone saw ([`super::TableNow::rev`]).
    rev: u64,
    /// The step it confirms ([`crate::session::table_step::TableStep::key`]).
    key: String,
    /// The card's name, where the step takes one (the environment card flipped).
    #[serde(default)]
    card: Option<String>,
}

/// The phone the step waits on confirms it: only that phone, only that step, only in the state
/// it saw.
pub(super) async fn step(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<StepRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let card_ok = (request.card.as_ref()).is_none_or(|c| {
        c.chars().count() <= MAX_CARD_NAME && crate::untrusted::first_hidden(c).is_none()
    });
    if request.key.len() > 16 || !card_ok {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_step");
    }
    let StepRequest { key, card, rev, .. } = request;
    shared.play(seat, rev, TableAct::Step { key, card })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FinishRequest {
    phone: String,
    /// The table's state the phone saw ([`super::TableNow::rev`]).
    rev: u64,
}

/// A seated phone finishes the game: only once every column of the sheet is Ready, only in
/// the state it saw (the page asks its player once first, as the window's Finish does).
pub(super) async fn finish(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<FinishRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let (rev, finishable) = {
        let published = shared.published.borrow();
        (published.table.rev, published.table.finishable())
    };
    if request.rev != rev {
        return refused(StatusCode::CONFLICT, "stale");
    }
    if !finishable {
        return refused(StatusCode::CONFLICT, "not_ready");
    }
    let rev = request.rev;
    shared.act(seat, PhoneMessage::Finish { seat, rev })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct UndoRequest {
    phone: String,
    /// The table's state the phone saw ([`super::TableNow::rev`]): a double tap takes back
    /// one action, not two.
    rev: u64,
    /// `true`: Undo; `false`: Redo.
    undo: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ObjectiveRequest {
    phone: String,
    rev: u64,
    label: String,
}

/// The most characters an objective tile's label takes (the tiles print a few words).
const OBJECTIVE_CHARS: usize = 80;

/// The parent's phone names the round's objective tile, in the state it saw (the keeper checks
/// it is the parent's, and that a round's objective may be named now).
pub(super) async fn objective(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<ObjectiveRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let label = request.label.trim();
    // The name rule (`untrusted::name_problem`): nothing that shows as nothing, acts or
    // breaks the line (U+202E turning the label round, U+200B, U+2028), no stacked marks: the
    // television shows it to the whole room.
    if label.is_empty()
        || label.chars().count() > OBJECTIVE_CHARS
        || crate::untrusted::name_problem(label).is_some()
    {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_label");
    }
    let label = label.to_string();
    shared.play(seat, request.rev, TableAct::Objective { label })
}

/// A seated phone takes back the last action (or puts it back), in the state it saw.
pub(super) async fn undo(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<UndoRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let (rev, can) = {
        let published = shared.published.borrow();
        let table = &published.table;
        let can = match request.undo {
            true => table.can_undo,
            false => table.can_redo,
        };
        (table.rev, can)
    };
    if request.rev != rev || !can {
        return refused(StatusCode::CONFLICT, "stale");
    }
    let UndoRequest { rev, undo, .. } = request;
    shared.act(seat, PhoneMessage::Undo { seat, rev, undo })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AnswerRequest {
    phone: String,
    /// The seat asked for.
    seat: usize,
    /// The address the ask came from, as the host's phone was shown it: the answer is to that
    /// ask, no other (two phones asking for one seat are told apart by it).
    address: std::net::IpAddr,
    /// `true`: let the asking phone have the seat; `false`: refuse it.
    give: bool,
}

/// A seated phone answers a phone asking for a seat, as the window's Let it and Refuse do:
/// only where no window keeps the table, only the phone that answers that ask (the host's, or
/// another device's: see `Registry::answerer`), only the ask it was shown.
pub(super) async fn answer(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<AnswerRequest>,
) -> Response {
    if shared.seat_of(&request.phone).is_none() {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    }
    if !shared.published.borrow().table.host_answers_asks() {
        return refused(StatusCode::FORBIDDEN, "not_host");
    }
    let now = Instant::now();
    let (asker, answerer) = {
        let mut phones = lock(&shared.phones);
        let Some(ask) = phones.ask_from(request.seat, request.address, now) else {
            return refused(StatusCode::CONFLICT, "ask_gone");
        };
        let streams = lock(&shared.streams);
        let grace = shared.limits.grace;
        let present = |id: &str| phones.present(id, |id| streams.has(id), grace, now);
        (
            ask.phone.clone(),
            phones.answerer(&ask, present).map(str::to_string),
        )
    };
    // Someone else agrees: never the device that asked (see `Registry::answerer`).
    if answerer.as_deref() != Some(request.phone.as_str()) {
        return refused(StatusCode::FORBIDDEN, "not_host");
    }
    if !request.give {
        if lock(&shared.phones).refuse(request.seat, &asker, now) {
            shared.seats_changed(None);
        }
        return StatusCode::OK.into_response();
    }
    if lock(&shared.dropped).contains(&asker) {
        return refused(StatusCode::CONFLICT, "ask_gone");
    }
    let given = lock(&shared.phones).give_from_holder(request.seat, &asker, now);
    match given {
        Some((before, moved)) => {
            match moved {
                // Every phone, the television and the journal hear of a seat that moved.
                Some(moved) => shared.seat_moved(moved),
                None => shared.seats_changed(Some((before, Some(request.seat)))),
            }
            StatusCode::OK.into_response()
        }
        None => refused(StatusCode::CONFLICT, "ask_gone"),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OrderRequest {
    phone: String,
    /// The table's state the phone saw.
    rev: u64,
    /// The new turn order, first to last: every seat once.
    order: Vec<crate::vocabulary::Seat>,
}

/// The start player's phone, or the phone of the player who takes the start (Terramara's
/// Leader), remakes the turn order while the game lets it be remade (see
/// [`crate::session::table_step::OrderChoice`]), in the state it saw.
pub(super) async fn order(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<OrderRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let OrderRequest { rev, order, .. } = request;
    shared.play(seat, rev, TableAct::Order { by: seat, order })
}
