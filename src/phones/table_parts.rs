//! What the phones enter that is the table's rather than one player's (issue 59): the
//! counters a game tracks (`/counter`: Leviath's energy, ships, floods), moved by the phone
//! whose turn it is or the host's, and the sheet's shared parts (`/shared`: Earth's fauna
//! leaves, the first full tableau), entered by the host's phone. Each is checked here for who
//! asks and whether the table offers it now, bounded in size, and handed to the keeper, which
//! applies the same events as the window's buttons; the engine's refusals are shown in words.

use std::sync::Arc;

use axum::extract::{Json, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::shared::{Shared, refused};
use crate::session::TableAct;
use crate::session::table_step::SharedEntry;
use crate::vocabulary::Seat;

/// The most a counter moves in one tap: the window's buttons move it by 1, a phone's by a few
/// at most (a card's energy); anything larger is a forged request.
pub const MAX_COUNTER_STEP: i64 = 10;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CounterRequest {
    phone: String,
    /// The table's state the phone saw.
    rev: u64,
    counter: String,
    change: i64,
}

/// The phone whose turn it is, or the host's, moves one of the counters the table offers now.
pub(super) async fn counter(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<CounterRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    if request.change == 0 || request.change.abs_diff(0) > MAX_COUNTER_STEP.unsigned_abs() {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_entry");
    }
    let CounterRequest {
        rev,
        counter: id,
        change,
        ..
    } = request;
    shared.play(seat, rev, TableAct::Counter { id, change })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SharedRequest {
    phone: String,
    /// The table's state the phone saw.
    rev: u64,
    part: String,
    /// Which card of a claims part (0 for a bonus).
    #[serde(default)]
    card: usize,
    /// A card's claimants, first first; a bonus's one seat, or none.
    #[serde(default)]
    seats: Vec<Seat>,
    /// Every dummy player's value, in a ranked part (Terramara's military track).
    #[serde(default)]
    values: Vec<i64>,
}

/// The host's phone enters a part of the sheet that is the table's, while the sheet is open.
pub(super) async fn shared_part(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<SharedRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    // A table seats a handful of players; a claims part has a few cards.
    if request.seats.len() > 16
        || request.card > 64
        || request.part.len() > 64
        || request.values.len() > crate::any_game::MAX_DUMMIES
        || !(request.values.iter()).all(|&v| crate::session::seat_form::within_limit(v))
    {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_entry");
    }
    let SharedRequest {
        rev,
        part,
        card,
        seats,
        values,
        ..
    } = request;
    let entry = SharedEntry {
        part,
        card,
        seats,
        values,
    };
    shared.play(seat, rev, TableAct::Shared(entry))
}
