//! Who may do what at a table now: the one place that says it. Each rule is a plain function of
//! the game (or what a phone was shown of it), the table's [`Host`], and the [`Presence`] the
//! phones' transport reports (which phones were heard, and when). The keeper's reading of a
//! request ([`super::Table::read`]) enforces them; the table a phone is shown
//! ([`super::TableNow`]) offers what they allow, and the server's handlers refuse early
//! with the same answers, so a button is shown, a request is refused and an event is applied by
//! one rule. The transport reports presence and never decides with it.

use std::time::Duration;

use crate::scoring::WinnerRule;
use chrono::{DateTime, Utc};

use crate::session::table_step::OrderChoice;
use crate::session::{Game, TableAct};
use crate::vocabulary::Seat;

/// Who watches the table besides the phones: what differs between the window and `serve` is
/// said here, once, and the keeper does the rest the same for both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// The window: it sets games up on its own screen, answers a phone's ask for a seat, and
    /// says when the score sheet is open.
    Window,
    /// No window (`tablekeeper serve`): the phones set games up, the host's phone answers asks,
    /// and the sheet is open once the game is over.
    Alone,
}

impl Host {
    /// The host's phone answers for the table (asks for a seat, who sets the next game up):
    /// only where no window does.
    pub fn phone_answers(self) -> bool {
        self == Host::Alone
    }
}

/// How long a phone gone from the table still counts as at it, unless the table sets another
/// ([`Presence::grace`], `serve --grace`): a locked screen, a reload, a phone put down between
/// turns. Every rule that acts on someone's absence waits this long (issue 68: a column was
/// filled over and a game abandoned while a player's screen was locked for seconds).
pub const PRESENCE_GRACE: Duration = Duration::from_secs(120);

/// How long a table may have no seated phone at it before it is free: a player who tried a game
/// on two ids and went home, or a squatter, never holds it for good (issue 68, case 2). Any
/// phone with the link then takes a seat with no ask, and the move is news on every screen.
pub const FREE_AFTER: Duration = Duration::from_secs(300);

/// Which seats' phones are at the table, as the transport last heard them: reported to the
/// rules, never decided with by the transport itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Presence {
    /// The seats whose phone is at the table now (its update stream is open), in order.
    pub at_table: Vec<Seat>,
    /// For each seat a phone holds that is not at the table: how long since it was heard.
    pub gone_for: Vec<(Seat, Duration)>,
    /// The seat of the phone the server counts as the host's (the first to join), if seated.
    /// It speaks for the table only where [`Host::phone_answers`].
    pub host_phone: Option<Seat>,
    /// A transport heard the phones. With none (the phones off, a keeper with no server), no
    /// phone is known to be gone: nobody stands in, fills another's column or is alone.
    pub heard: bool,
    /// How long a phone gone from the table still counts as at it (the table's setting,
    /// [`PRESENCE_GRACE`] unless set).
    pub grace: Duration,
    /// Each seated phone's device, as far as the table can tell them apart: seats of one
    /// device are one thumb, so they confirm nothing to each other (issue 68, case 4).
    pub devices: Vec<(Seat, Device)>,
    /// While no seated phone is at the table (none has its stream open): how long until the
    /// table is free to take ([`FREE_AFTER`]; zero once it is). Shown on every screen, so the
    /// table is never taken by surprise.
    pub free_in: Option<Duration>,
}

impl Presence {
    /// The seat's phone is at the table: its stream is open, or it was heard within the grace.
    /// A seat no phone holds is gone.
    pub fn here(&self, seat: Seat) -> bool {
        !self.heard || self.at_table.contains(&seat) || self.gone_less_than_grace(seat)
    }

    /// How long the table still counts `seat`'s phone as here though its stream is closed:
    /// `None` while its stream is open, once the grace ran out, or with no phone heard.
    pub fn grace_left(&self, seat: Seat) -> Option<Duration> {
        let &(_, gone) = self.gone_for.iter().find(|&&(s, _)| s == seat)?;
        let open = self.at_table.contains(&seat);
        (self.heard && !open && gone < self.grace).then(|| self.grace - gone)
    }

    fn gone_less_than_grace(&self, seat: Seat) -> bool {
        (self.gone_for.iter()).any(|&(s, gone)| s == seat && gone < self.grace)
    }

    /// The seats of a game of `players` whose phone's stream is closed now: shown as
    /// "offline" at once, though the rules count it as at the table for the grace.
    pub fn offline(&self, players: usize) -> Vec<Seat> {
        let open = |seat| !self.heard || self.at_table.contains(&seat);
        (0..players).filter(|&seat| !open(seat)).collect()
    }

    /// The seats of a game of `players` whose phone is gone past the grace: the rules act on
    /// their absence (another phone fills their column, stands in for them).
    pub fn gone(&self, players: usize) -> Vec<Seat> {
        (0..players).filter(|&seat| !self.here(seat)).collect()
    }

    /// The device of `seat`'s phone (of every phone holding it), as the table knows it.
    pub fn device(&self, seat: Seat) -> Device {
        let addresses = (self.devices.iter())
            .filter(|(s, _)| *s == seat)
            .flat_map(|(_, device)| device.0.iter().copied())
            .collect();
        Device(addresses)
    }

    /// Whether the phones of `a` and `b` are one device (the same seat, or a phone of each
    /// heard from one address).
    pub fn one_device(&self, a: Seat, b: Seat) -> bool {
        a == b || self.device(a).same(&self.device(b))
    }

    /// No other device than the one of `seat`'s phone is at the table (within the grace).
    pub fn alone(&self, seat: Seat) -> bool {
        let others = (self.at_table.iter().copied())
            .chain(self.gone_for.iter().map(|&(s, _)| s))
            .filter(|&s| !self.one_device(seat, s));
        self.heard && others.into_iter().all(|s| !self.here(s))
    }

    /// The host's seat as the table's rules see it: the host's phone's, where it answers for
    /// the table; none under a window.
    pub fn host_seat(&self, host: Host) -> Option<Seat> {
        self.host_phone.filter(|_| host.phone_answers())
    }
}

/// A phone's device as the table can tell it: the exact addresses it was heard from, where
/// addresses tell the table's phones apart (none where every phone shares one: then it is a
/// device of its own). Kept with an ask or a mark, so a phone that left its seat, or was heard
/// from elsewhere since, is still the device that made it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Device(pub Vec<std::net::IpAddr>);

impl Device {
    /// Whether `other` is this device: heard from one address.
    pub fn same(&self, other: &Device) -> bool {
        self.0.iter().any(|a| other.0.contains(a))
    }
}

/// The seats that hold a part at the table now, as the rules of who may look at them: read
/// from the live game by the keeper ([`Roles::of_game`]) and from the table the phones were
/// shown by the server (`TableNow::roles`), so one rule ([`Roles::may`]) answers both.
#[derive(Debug, Clone, PartialEq)]
pub struct Roles {
    pub players: usize,
    /// The seat whose turn is under way.
    pub current: Option<Seat>,
    /// The start player (TERRAVIST's parent).
    pub parent: Option<Seat>,
    /// The seat whose phone the table's step waits on, and the seat that may stand in for it.
    pub step: Option<Seat>,
    pub stand_in: Option<Seat>,
    /// The seats of the side one player plays (Leviath's monster).
    pub enders: Vec<Seat>,
    /// The host's phone's seat, where it speaks for the table.
    pub host_seat: Option<Seat>,
    /// The turn order that may be remade now, and by whom.
    pub order: Option<OrderChoice>,
}

impl Roles {
    /// The roles in `game` at `now`, under `host`, with the phones `presence` reports.
    pub fn of_game(game: &dyn Game, now: DateTime<Utc>, host: Host, presence: &Presence) -> Roles {
        let glance = game.glance(now);
        let players = game.players().len();
        let step = game.table_step().map(|s| s.who);
        Roles {
            players,
            current: glance.current,
            parent: glance.parent,
            step,
            stand_in: step.and_then(|who| stand_in(who, players, presence)),
            enders: enders_of(game),
            host_seat: presence.host_seat(host),
            order: game.order_choice(),
        }
    }

    /// Whether the phone of `seat` may do `act` now. Whether the game takes it now is the
    /// game's to say ([`Game::act`]); this says only whose it is.
    pub fn may(&self, act: &TableAct, seat: Seat) -> bool {
        match act {
            TableAct::Next | TableAct::Turn { .. } if self.current != Some(seat) => false,
            // Any seated phone pauses or resumes, as anyone at the table reaches for Pause.
            TableAct::Pause { .. } | TableAct::Next => true,
            // Table time and a phase played at once are begun and ended at the window alone.
            TableAct::TableTime | TableAct::Together => false,
            TableAct::TogetherReady(own)
            | TableAct::Ready { seat: own, .. }
            | TableAct::Turn { seat: own, .. }
            | TableAct::Enter { seat: own, .. } => *own == seat,
            // The start player's phone, or the one who takes the start (Terramara's Leader).
            TableAct::Order { by, order } => {
                *by == seat && (self.order.as_ref()).is_some_and(|c| c.settable_by(seat, order))
            }
            // The step's own phone, or the one that stands in for it.
            TableAct::Step { .. } => self.step == Some(seat) || self.stand_in == Some(seat),
            // The parent's phone alone names the round's objective.
            TableAct::Objective { .. } => self.parent == Some(seat),
            TableAct::End { .. } => end_by(&self.enders, self.host_seat).contains(&seat),
            TableAct::Counter { .. } => counter_by(self.current, self.host_seat).contains(&seat),
            TableAct::Shared(_) => shared_by(self.players, self.host_seat) == Some(seat),
        }
    }
}

/// The word a page understands for an act refused as not this seat's.
pub fn not_yours(act: &TableAct) -> &'static str {
    match act {
        TableAct::Next | TableAct::Turn { .. } => "not_your_turn",
        TableAct::Order { .. } => "order_not_yours",
        TableAct::End { .. } => "end_not_yours",
        TableAct::Counter { .. } => "counter_not_yours",
        TableAct::Shared(_) => "shared_not_yours",
        _ => "not_yours",
    }
}

/// The seats whose phone may move the game's counters now: the player whose turn it is (the
/// monster's actions and the humans' move ships, rulebook 004), and the host's.
pub fn counter_by(current: Option<Seat>, host_seat: Option<Seat>) -> Vec<Seat> {
    and_the_host(current, host_seat)
}

/// The seats whose phone may end a game of sides by hand: the side one player plays (Leviath's
/// monster, whose `enders` they are) and the host's; a human's phone cannot end it for all.
pub fn end_by(enders: &[Seat], host_seat: Option<Seat>) -> Vec<Seat> {
    and_the_host(enders.iter().copied(), host_seat)
}

/// `seats` and the host's, each once, in seat order.
fn and_the_host(seats: impl IntoIterator<Item = Seat>, host_seat: Option<Seat>) -> Vec<Seat> {
    let mut seats: Vec<Seat> = seats.into_iter().chain(host_seat).collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// The seat whose phone enters the sheet's shared parts (Earth's fauna leaves and first full
/// tableau): the host's. With a window there is no host phone and the window enters them, but
/// a lone player (Earth's solo game against Gaia) keeps the sheet on their phone and enters
/// them there, with a window or not.
pub fn shared_by(players: usize, host_seat: Option<Seat>) -> Option<Seat> {
    host_seat.or((players == 1).then_some(0))
}

/// The seat whose phone may confirm the step that waits on `who`'s phone in its place: none
/// while that phone is at the table (within the grace: a reload, a screen locked); then the
/// next seat round the table whose phone is there, on another device. A seat no phone holds is gone for good. So
/// a dead phone never holds a round end.
pub fn stand_in(who: Seat, players: usize, presence: &Presence) -> Option<Seat> {
    if presence.here(who) {
        return None;
    }
    // Never a seat on the gone phone's own device: it would run the round end on its own
    // results (issue 68).
    (1..players)
        .map(|k| (who + k) % players)
        .find(|&seat| presence.here(seat) && !presence.one_device(who, seat))
}

/// Whether the phone of `own` may fill in `seat`'s column of the sheet: its own; the opponent
/// the game plays itself (Gaia, seat `players`: the lone player's phone fills it); or another
/// player's whose column is open (`at_the_sheet`) while that player's phone is offline, so
/// Finish is reachable with a phone gone.
pub fn fills_for(
    own: Seat,
    seat: Seat,
    players: usize,
    has_opponent: bool,
    at_the_sheet: bool,
    presence: &Presence,
) -> bool {
    if seat == own || (seat == players && has_opponent) {
        return true;
    }
    seat < players && at_the_sheet && !presence.here(seat)
}

/// The seats on the side one player plays in a game of sides (Leviath's monster, rulebook
/// 004, lines 3-5): theirs is the phone that ends the game, besides the host's.
pub fn enders_of(game: &dyn Game) -> Vec<Seat> {
    let WinnerRule::Side { sides, .. } = &game.profile().sheet.winner else {
        return Vec::new();
    };
    (game.setup().sides.iter().enumerate())
        .filter(|(_, id)| (sides.iter()).any(|s| &s.id == *id && s.players == Some(1)))
        .map(|(seat, _)| seat)
        .collect()
}

/// The game's sheet has no column to fill in for anyone (its parts are none: a game won by a
/// side, Leviath), so a Finish waits on no Ready.
pub fn nothing_to_fill(game: &dyn Game) -> bool {
    (game.seat_forms(true).iter()).all(|form| form.column.is_none())
}
