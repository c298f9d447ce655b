//! One thing done to the game on the table, whoever does it: [`TableAct`] is what the window's
//! header and keys and a phone's request both mean, and [`super::Game::act`] reads it, once, into the
//! engine's event, or says why the game takes none now. Who may do an act is not asked here:
//! the window's user may do all of them, and a phone's share is `remote::may`'s.

use chrono::{DateTime, Utc};

use super::glance::Stage;
use super::seat_form::{self, Accepted, EntryRefused, SeatEntry};
use super::table_step::SharedEntry;
use super::turn_form::TurnAction;
use super::{GameSession, Rules};
use crate::i18n::Text;
use crate::kit::clock_event::ClockEvent;
use crate::kit::error::RuleError;
use crate::vocabulary::Seat;

/// One act on the game on the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableAct {
    /// End the turn under way.
    Next,
    /// Pause every clock (`paused`), or resume them.
    Pause { paused: bool },
    /// Begin table time, or end it while it runs.
    TableTime,
    /// Begin a phase every player plays at once, or end the one under way.
    Together,
    /// `seat` is ready in the phase played at once.
    TogetherReady(Seat),
    /// `seat` marks its column of the sheet done, or not.
    Ready { seat: Seat, ready: bool },
    /// Confirm the step named `key` the table is on between turns (with the card's name,
    /// where the step takes one).
    Step { key: String, card: Option<String> },
    /// Name the round's objective tile.
    Objective { label: String },
    /// Make `order` the turn order, as `by` sets it (the start player, or who takes the start).
    Order { by: Seat, order: Vec<Seat> },
    /// End the game as the choice `ending` says.
    End { ending: Option<String> },
    /// Move the counter `id` by `change`.
    Counter { id: String, change: i64 },
    /// Enter a part of the sheet that is the table's.
    Shared(SharedEntry),
    /// `seat` records an action on its own cards in its turn.
    Turn { seat: Seat, action: TurnAction },
    /// `seat` enters one of its own values.
    Enter { seat: Seat, entry: SeatEntry },
}

/// Why the game takes no event for an act now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotTaken {
    /// The act is not one the game offers now (another stage, the step gone, a choice no
    /// longer offered): a late or doubled tap, nothing to say.
    NotNow,
    /// The act asks for what the game holds already: nothing to write.
    AlreadyThere,
    /// The rules refuse an action on the cards ("this card holds 3 eggs; its limit is 3").
    Rule(RuleError),
    /// The entry is refused: the sheet closed, the table's own value, a rule.
    Entry(EntryRefused),
}

impl NotTaken {
    /// What the phone that asked is told, in words: nothing for a late tap or a value the
    /// game holds already.
    pub fn text(&self) -> Option<Text> {
        match self {
            NotTaken::NotNow | NotTaken::AlreadyThere => None,
            NotTaken::Rule(rule) => Some(rule.text()),
            NotTaken::Entry(refused) => Some(refused.text()),
        }
    }
}

/// The engine's event `act` makes of the game `session` now (`sheet_open`: the score sheet is
/// on show).
pub(super) fn event_of<R: Rules>(
    session: &GameSession<R>,
    act: &TableAct,
    sheet_open: bool,
    now: DateTime<Utc>,
) -> Result<R::Event, NotTaken> {
    use NotTaken::NotNow;
    let (profile, state, players) = (session.profile(), session.state(), session.players());
    let clock = R::clock(state);
    let stage = || R::glance(profile, state, players, now).stage;
    let event = |event: R::Event| Ok(event);
    let offered = |event: Option<R::Event>| event.ok_or(NotNow);
    match act {
        TableAct::Next if matches!(stage(), Stage::Playing { .. }) => event(R::next_turn_event()),
        TableAct::Pause { paused } if clock.is_paused() != *paused => event(R::toggle_pause(state)),
        TableAct::TableTime => event(R::clock_event(ClockEvent::TableTime {
            on: !clock.table_time(),
        })),
        TableAct::Together => event(R::clock_event(ClockEvent::Simultaneous {
            on: clock.together_now().is_none(),
        })),
        TableAct::TogetherReady(seat) if clock.waits_for(*seat) => {
            event(R::clock_event(ClockEvent::SimultaneousReady {
                player: *seat,
            }))
        }
        TableAct::Ready { seat, ready } => {
            let open = sheet_open || stage() == Stage::Over;
            match open && R::ready(state).contains(seat) != *ready {
                true => event(R::ready_event(*seat, *ready)),
                false => Err(NotNow),
            }
        }
        TableAct::Step { key, card } => {
            let due = R::table_step(profile, state, players).is_some_and(|s| s.key == *key);
            offered(
                due.then(|| R::step_event(profile, state, key, card.clone()))
                    .flatten(),
            )
        }
        TableAct::Objective { label } => offered(R::objective_event(profile, state, label)),
        TableAct::Order { by, order } => {
            let choice = R::order_choice(profile, state).ok_or(NotNow)?;
            let allowed = choice.is_whole(order) && choice.settable_by(*by, order);
            offered(allowed.then(|| R::order_event(order)).flatten())
        }
        TableAct::End { ending } => {
            let offered_now = (R::end_choices(profile, state).iter()).any(|c| c.id == *ending);
            offered(
                (offered_now)
                    .then(|| R::end_event(profile, state, ending.as_deref()))
                    .flatten(),
            )
        }
        TableAct::Counter { id, change } => {
            let known = (R::counters(profile, state).iter()).any(|c| c.id == *id);
            offered(known.then(|| R::counter_event(id, *change)).flatten())
        }
        TableAct::Shared(entry) => {
            let parts = match sheet_open {
                true => R::shared_parts(profile, state),
                false => Vec::new(),
            };
            let known = parts.iter().any(|p| p.id == entry.part);
            offered(known.then(|| R::shared_event(profile, entry)).flatten())
        }
        TableAct::Turn { seat, action } => {
            let seed = session.dice_seed();
            R::turn_action(profile, state, *seat, action, seed).map_err(NotTaken::Rule)
        }
        TableAct::Enter { seat, entry } => {
            match seat_form::entry(session, *seat, entry, sheet_open) {
                Ok(Accepted::Write(written)) => event(written),
                Ok(Accepted::AlreadyThere) => Err(NotTaken::AlreadyThere),
                Err(refused) => Err(NotTaken::Entry(refused)),
            }
        }
        TableAct::Next | TableAct::Pause { .. } | TableAct::TogetherReady(_) => Err(NotNow),
    }
}
