//! The phones' ways out of a table that cannot go on as it is, with no window and no one to
//! ask but the phones (shared/STYLE.md, habit 20): a game abandoned from the phones (`/abandon`:
//! asked by one seated phone, confirmed by another seat's), and which seats' phones are at the
//! table now (an open stream), for the keeper to decide who may stand in for a phone that is
//! gone. The keeper decides what each means ([`crate::table::TableKeeper::asked`]).

use std::sync::Arc;

use axum::extract::{Json, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::shared::{PhoneMessage, Shared, lock, refused};
use crate::vocabulary::Seat;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AbandonRequest {
    phone: String,
    /// `true`: abandon the game (the first ask, or another seat's confirmation); `false`:
    /// keep playing (the ask is withdrawn).
    abandon: bool,
}

/// A seated phone asks to abandon the game on the table, confirms another seat's ask, or
/// withdraws the ask. Not named by the table's state: play goes on while the ask waits, and
/// only a second seat (or the same phone, alone at the table, after a wait) ends the game.
pub(super) async fn abandon(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<AbandonRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    if !shared.published.borrow().table.in_game() {
        return refused(StatusCode::CONFLICT, "closed");
    }
    let alone = shared.online_seats().iter().all(|&s| s == seat);
    let abandon = request.abandon;
    shared.act(
        seat,
        PhoneMessage::Abandon {
            seat,
            abandon,
            alone,
        },
    )
}

impl Shared {
    /// The seats whose phone has its update stream open now: the players at the table, as far
    /// as the phones can tell (a phone whose page is closed, or whose battery died, has none).
    pub(super) fn online_seats(&self) -> Vec<Seat> {
        let phones = lock(&self.phones);
        let streams = lock(&self.streams);
        let mut seats: Vec<Seat> = (phones.iter())
            .filter(|(id, _)| streams.has(id))
            .filter_map(|(_, p)| p.seat)
            .collect();
        seats.sort_unstable();
        seats.dedup();
        seats
    }
}
