//! Joining before the game: while the table sets a game up with the phones on, a phone that
//! scans the code joins with its player's own name and a free colour (`/join`), its seat bound
//! to it from then on (one seat a phone, counted by the id its page keeps, not by address:
//! phones behind one router are separate devices); the host's phone (see `Lobby::host`) makes the table's choice the game
//! needs (TERRAVIST's first habitat, `/choose`); any seated phone starts the game once it can
//! start (`/start`); and with no window a phone sets a game up (`/new`). The server checks who
//! asks and whether the table allows it now; the keeper's setup decides (the window can still
//! reorder, add, rename and remove seats).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Json, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::guard::valid_phone_id;
use super::listener::Peer;
use super::shared::{Arrange, PhoneMessage, Shared, lock, refused, refused_naming};
use crate::remote::{MAX_NAME, colour_key, looks_like_another};
use crate::session::Colour;
use crate::untrusted::NameProblem;

/// A colour by the word the page sends.
fn colour_of(key: &str) -> Option<Colour> {
    Colour::ALL.into_iter().find(|c| colour_key(*c) == key)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JoinRequest {
    phone: String,
    name: String,
    /// `null` when no colour is free (the seat keeps the one it has).
    colour: Option<String>,
}

/// A phone joins the game being set up with its player's name and a colour (or, seated
/// already, changes them): only while the table sets up with the phones on; a device holds
/// its share of the seats.
pub(super) async fn join(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    Json(request): Json<JoinRequest>,
) -> Response {
    if !valid_phone_id(&request.phone) {
        return refused(StatusCode::BAD_REQUEST, "bad_phone");
    }
    if lock(&shared.dropped).bars(&request.phone, Some(peer.ip())) {
        // Removed by the host (or the window), by its id or its device: told why, and not let
        // in again by itself (a fresh id on the same device is the same phone).
        return refused(StatusCode::FORBIDDEN, "removed");
    }
    let name = request.name.trim().to_string();
    // A pasted name with a character that shows nothing is told which one (U+200B), so the
    // player knows what to take out.
    match crate::untrusted::name_problem(&name) {
        Some(NameProblem::Hidden(c)) => {
            let code = format!("U+{:04X}", u32::from(c));
            return refused_naming(StatusCode::UNPROCESSABLE_ENTITY, "hidden_char", &code);
        }
        Some(NameProblem::Marks) => {
            return refused(StatusCode::UNPROCESSABLE_ENTITY, "stacked_marks");
        }
        None => {}
    }
    let name_ok =
        (1..=MAX_NAME).contains(&name.chars().count()) && !name.chars().any(char::is_control);
    let colour = request.colour.as_deref().map(colour_of);
    if !name_ok || colour.is_some_and(|c| c.is_none()) {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_join");
    }
    let colour = colour.flatten();
    let (open, full, look_alike) = {
        let published = shared.published.borrow();
        let table = &published.table;
        match &table.lobby {
            Some(lobby) => {
                // Another seat's name this one looks like ("Аki" beside "Aki"): the setup would
                // not seat it (the one name rule), so the phone is told why at once.
                let holder = |seat: usize| lobby.phones.get(seat).and_then(|p| p.as_deref());
                let seats = (table.glance.players.iter().enumerate())
                    .map(|(seat, p)| (p.name.as_str(), holder(seat)));
                let look_alike = looks_like_another(seats, &request.phone, &name);
                (true, lobby.full(), look_alike)
            }
            None => (false, false, false),
        }
    };
    if !open {
        return refused(StatusCode::CONFLICT, "closed");
    }
    if look_alike {
        return refused(StatusCode::UNPROCESSABLE_ENTITY, "look_alike");
    }
    let id = request.phone;
    {
        let mut phones = lock(&shared.phones);
        let seated = phones.get(&id).and_then(|p| p.seat).is_some();
        if !seated {
            if full {
                return refused(StatusCode::CONFLICT, "full");
            }
            // A device holds one seat here: this phone (by the id its page keeps) holds none
            // yet. Not counted by address: every phone behind one router, or on one IPv6 /64,
            // shares it, and the game's own seats bound what one device can take.
            let streams = lock(&shared.streams);
            let streaming = |id: &str| streams.has(id);
            let now = Instant::now();
            let limits = &shared.limits;
            if let Err(refusal) = phones.take(&id, None, peer.ip(), now, limits, streaming) {
                return refused(StatusCode::SERVICE_UNAVAILABLE, refusal.reason());
            }
        }
    }
    let message = PhoneMessage::Join {
        phone: id,
        name,
        colour,
    };
    shared.to_app(message)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StartRequest {
    phone: String,
    /// The setup the phone saw ([`super::TableNow::rev`]): a start tapped while the window
    /// changed the setup changes nothing.
    rev: u64,
}

/// A seated phone starts the game being set up, once it can start, as it saw it.
pub(super) async fn start(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<StartRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let (ready, rev) = {
        let published = shared.published.borrow();
        let table = &published.table;
        (
            table.lobby.as_ref().map(|l| l.not_ready.is_none()),
            table.rev,
        )
    };
    match ready {
        None => refused(StatusCode::CONFLICT, "closed"),
        Some(_) if request.rev != rev => refused(StatusCode::CONFLICT, "stale"),
        Some(false) => refused(StatusCode::CONFLICT, "not_ready"),
        Some(true) => shared.act(seat, PhoneMessage::StartGame { seat, rev }),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ChooseRequest {
    phone: String,
    /// The setup the phone saw ([`super::TableNow::rev`]).
    rev: u64,
    habitat: String,
}

/// The host's phone chooses the first habitat, among those the game offers.
pub(super) async fn choose(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<ChooseRequest>,
) -> Response {
    let Some(seat) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let allowed = {
        let published = shared.published.borrow();
        let table = &published.table;
        let Some(lobby) = &table.lobby else {
            return refused(StatusCode::CONFLICT, "closed");
        };
        if request.rev != table.rev {
            return refused(StatusCode::CONFLICT, "stale");
        }
        let offered = (lobby.first_habitat.as_ref())
            .is_some_and(|h| h.options.iter().any(|(id, _)| *id == request.habitat));
        if !offered {
            return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_choice");
        }
        lobby.host(table.glance.parent) == Some(seat)
    };
    if !allowed {
        return refused(StatusCode::FORBIDDEN, "not_host");
    }
    let (habitat, rev) = (request.habitat, request.rev);
    shared.act(seat, PhoneMessage::FirstHabitat { seat, habitat, rev })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewGameRequest {
    phone: String,
    /// The game's id, among those the table offers ([`super::TableNow::new_games`]).
    game: String,
    /// The table the phone saw ([`super::TableNow::rev`]).
    rev: u64,
}

/// A phone sets up a new game, where the table lets a phone (no window keeps it): any phone
/// between games, or while no phone has joined the game set up; once one has, only the
/// host's phone changes the game (the others joined the one they saw).
pub(super) async fn new_game(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    Json(request): Json<NewGameRequest>,
) -> Response {
    if !valid_phone_id(&request.phone) {
        return refused(StatusCode::BAD_REQUEST, "bad_phone");
    }
    if lock(&shared.dropped).bars(&request.phone, Some(peer.ip())) {
        return refused(StatusCode::FORBIDDEN, "dropped");
    }
    // Read, then let go of, before the phones are looked at: the seats are locked before the
    // published table wherever both are (see `Shared::seats_changed`).
    let may_switch = {
        let published = shared.published.borrow();
        let table = &published.table;
        if !table.new_games.iter().any(|(id, _)| *id == request.game) {
            return refused(StatusCode::CONFLICT, "closed");
        }
        if request.rev != table.rev {
            return refused(StatusCode::CONFLICT, "stale");
        }
        (table.lobby.as_ref())
            .is_none_or(|lobby| lobby.may_switch_game(table.glance.parent, &request.phone))
    };
    if !may_switch {
        return refused(StatusCode::FORBIDDEN, "not_host");
    }
    let NewGameRequest { phone, game, rev } = request;
    shared.to_app(PhoneMessage::NewGame { phone, game, rev })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ArrangeRequest {
    phone: String,
    /// The setup the phone saw ([`super::TableNow::rev`]).
    rev: u64,
    /// `up`, `down`, `remove` (a seat), `let_in` (the `n`-th phone removed), `draw`, or
    /// `variant` (the `n`-th variant, switched `on`).
    act: String,
    #[serde(default)]
    seat: Option<usize>,
    /// For `variant`: on or off (the variant's place in the lobby's list is `seat`).
    #[serde(default)]
    on: Option<bool>,
}

/// The host's phone runs the lobby: moves a seat up or down, removes a seat's phone (it may
/// not join this game again until the host lets it in), lets a removed phone in again, or
/// draws the start player. Only the host's phone, only in the setup it saw.
pub(super) async fn arrange(
    State(shared): State<Arc<Shared>>,
    Json(request): Json<ArrangeRequest>,
) -> Response {
    let Some(mine) = shared.seat_of(&request.phone) else {
        return refused(StatusCode::FORBIDDEN, "no_seat");
    };
    let published = shared.published.borrow().clone();
    let table = &published.table;
    let Some(lobby) = &table.lobby else {
        return refused(StatusCode::CONFLICT, "closed");
    };
    let seats = match request.act.as_str() {
        "let_in" => lobby.removed.len(),
        "variant" => lobby.variants.len(),
        _ => table.glance.players.len(),
    };
    let seat = request.seat.filter(|s| *s < seats);
    let act = match (request.act.as_str(), seat) {
        ("up", Some(seat)) => Arrange::Up(seat),
        ("down", Some(seat)) => Arrange::Down(seat),
        ("remove", Some(seat)) => Arrange::Remove(seat),
        ("let_in", Some(n)) => Arrange::LetIn(n),
        ("draw", _) => Arrange::DrawParent,
        ("variant", Some(n)) if request.on.is_some() => Arrange::Variant {
            n,
            on: request.on == Some(true),
        },
        _ => return refused(StatusCode::UNPROCESSABLE_ENTITY, "bad_choice"),
    };
    shared.arrange(mine, request.rev, act)
}
