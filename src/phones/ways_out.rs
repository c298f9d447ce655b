//! The phones' ways out of a table that cannot go on as it is, with no window and no one to
//! ask but the phones (shared/STYLE.md, habit 20): a game abandoned from the phones (`/abandon`:
//! asked by one seated phone, confirmed by another seat's), a round-end result that came late
//! (`/late`, added by the phone it is offered to, `/late_add`), a game of sides ended by hand
//! (`/end`: the lone side's phone or the host's), another seat's column filled while its phone
//! is gone ([`Shared::filled_for`]), and which seats' phones are at the table now (an open
//! stream), reported as a [`Presence`] to the table's rules ([`crate::remote::may`]): who may
//! stand in for a phone that is gone, fill its column or abandon alone is decided there, by
//! the keeper ([`crate::table::TableKeeper::asked`]); the handlers here refuse early by the
//! same rules.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Json, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::shared::{PhoneMessage, Published, Shared, lock, refused};
use crate::remote::Presence;
use crate::remote::TableNow;
use crate::remote::may;
use crate::session::TableAct;
use crate::session::seat_form;
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
    let abandon = request.abandon;
    shared.act(seat, PhoneMessage::Abandon { seat, abandon })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LateRequest {
    phone: String,
    /// The result typed while the phone was offline.
    value: i64,
}

/// A phone sends the round-end result it typed while offline, after the step that asked for
/// it closed: the keeper keeps it and offers it to the parent's phone, never drops it unsaid.
pub(super) async fn late(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<LateRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let Ok(value) = u32::try_from(request.value) else {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_entry");
    };
    if !seat_form::within_limit(request.value) {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_entry");
    }
    if !shared.published.borrow().table.in_game() {
        return refused(StatusCode::CONFLICT, "closed");
    }
    shared.act(seat, PhoneMessage::LateResult { seat, value })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AddLateRequest {
    phone: String,
    /// The seat whose late result is added.
    seat: Seat,
}

/// The phone a late result is offered to (the parent's) adds it, with one tap.
pub(super) async fn add_late(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<AddLateRequest>,
) -> Response {
    let Some(by) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let offered_to = (shared.published.borrow().table.late.iter())
        .find(|late| late.seat == request.seat)
        .map(|late| late.to);
    match offered_to {
        None => refused(StatusCode::CONFLICT, "stale"),
        Some(to) if to != by => refused(StatusCode::FORBIDDEN, "not_yours"),
        Some(_) => shared.act(
            by,
            PhoneMessage::AddLate {
                seat: by,
                late: request.seat,
            },
        ),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EndRequest {
    phone: String,
    /// The table's state the phone saw.
    rev: u64,
    /// The ending chosen (one of [`TableNow::endings`]).
    ending: Option<String>,
}

/// The phone of the side one player plays (Leviath's monster) or the host's phone ends the
/// game by hand, as one of the endings the table offers now (a game of sides, which has no
/// other end: Leviath), in the state it saw. The page asks its player
/// once first; the score sheet and Finish (or Abandon) follow as in every game.
pub(super) async fn end(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<EndRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let EndRequest { rev, ending, .. } = request;
    shared.play(seat, rev, TableAct::End { ending })
}

impl Shared {
    /// The seat a phone of seat `own` enters for: its own, `for_seat`'s while that seat's
    /// phone is offline at the score sheet (so Finish is reachable with a phone gone), or the
    /// opponent's the game plays itself (Gaia's, filled from the lone player's phone); else
    /// the refusal (the reason's code).
    pub(super) fn filled_for(
        &self,
        own: Seat,
        for_seat: Option<Seat>,
    ) -> Result<Seat, &'static str> {
        let Some(seat) = for_seat.filter(|&s| s != own) else {
            return Ok(own);
        };
        let presence = self.presence_now();
        let published = self.published.borrow();
        let table = &published.table;
        let players = table.glance.players.len();
        let at_the_sheet = table.forms.get(seat).is_some_and(|f| f.column.is_some());
        let has_opponent = table.opponent.is_some();
        match may::fills_for(own, seat, players, has_opponent, at_the_sheet, &presence) {
            true => Ok(seat),
            false => Err("not_yours"),
        }
    }

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

    /// Which seats' phones are at the table, as this server heard them: what the rules of
    /// [`crate::remote::may`] are given, by the keeper and by the handlers alike. The phones'
    /// lock is taken before the streams' (in `online_seats`), as everywhere, and let go of
    /// before the host and the gone phones are read under it again.
    pub fn presence_now(&self) -> Presence {
        let at_table = self.online_seats();
        let phones = lock(&self.phones);
        let (host_phone, free_in) = {
            let streams = lock(&self.streams);
            let (grace, now) = (self.limits.grace, Instant::now());
            let present = |id: &str| phones.present(id, |i| streams.has(i), grace, now);
            let host = (phones.acting_host(present))
                .and_then(|id| phones.get(id))
                .and_then(|p| p.seat);
            let streaming = |id: &str| streams.has(id);
            (host, phones.free_in(streaming, self.limits.free_after, now))
        };
        let devices = phones.devices();
        let mut gone_for: Vec<(Seat, Duration)> = (phones.iter())
            .filter_map(|(_, phone)| Some((phone.seat?, phone.last_heard().elapsed())))
            .filter(|(seat, _)| !at_table.contains(seat))
            .collect();
        // A seat held by more than one phone is as gone as its most recently heard one.
        gone_for.sort_unstable();
        gone_for.dedup_by_key(|(seat, _)| *seat);
        Presence {
            at_table,
            gone_for,
            host_phone,
            heard: true,
            grace: self.limits.grace,
            devices,
            free_in,
        }
    }

    /// A phone opened or closed its stream: the table is shown again with who is offline now
    /// (and who stands in for a phone gone), if that changed. The phones' lock is let go of
    /// before the table's is taken.
    pub(super) fn online_changed(&self) {
        let mut table = self.published.borrow().table.clone();
        self.presence(&mut table);
        self.lobby_host(&table);
        self.published.send_if_modified(|now| {
            // What was heard, onto the table shown now (the keeper may have published another
            // meanwhile); the phones' lock is not taken under the table's.
            let mut shown = now.table.clone();
            // Heard just now; shown as of when the table was published (its clocks are).
            let since = u64::try_from(now.at.elapsed().as_millis()).unwrap_or(u64::MAX);
            table.heard_earlier_by(since);
            shown.heard_as(&table);
            // A countdown that merely ran on (the grace, a free table) is no news.
            if super::shared::same_but_the_time(&shown, &now.table) {
                return false;
            }
            *now = Arc::new(Published::again(now, shown, now.claimed.clone()));
            true
        });
    }

    /// While a game is set up, its host's phone is the host of the game it starts: the host
    /// the role comes back to ([`crate::remote::Lobby::natural_host`]); while that phone is
    /// gone another acts for it ([`crate::remote::registry::Registry::acting_host`]).
    pub(super) fn lobby_host(&self, table: &TableNow) {
        let Some(lobby) = &table.lobby else { return };
        let host =
            (lobby.natural_host(table.glance.parent)).and_then(|seat| lobby.phones.get(seat));
        lock(&self.phones).set_host(host.and_then(|id| id.as_deref()));
    }

    /// Fills in what only the server hears of `table` ([`TableNow::hear`]).
    pub(super) fn presence(&self, table: &mut TableNow) {
        table.hear(&self.presence_now());
    }
}
