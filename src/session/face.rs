//! One face for a game, whichever engine plays it: [`Game`] is what the window, the command
//! line, the history and anything that shows the table read of a session, and [`TableEvent`]
//! carries an engine's event to the game on the table without the carrier knowing the engine.
//! Only a table screen, which really is one engine's, looks behind the face
//! ([`dyn Game::session`]).

use std::any::Any;
use std::collections::BTreeSet;
use std::fmt;

use chrono::{DateTime, Utc};

use super::act::{NotTaken, TableAct};
use super::glance::{Glance, Timer};
use super::seat_form::{self, SeatForm};
use super::summary::{HistoryEntry, Outcome};
use super::table_step::TableStep;
use super::turn_form::TurnForm;
use super::{GameSession, Lineup, Rules};
use crate::i18n::Locale;
use crate::kit::clock::Clock;
use crate::kit::game_profile::GameProfile;
use crate::kit::timer;
use crate::scoring::{Scored, ScoringError};
use crate::vocabulary::{Name, Player, Seat};

/// A game, live or replayed from the history, seen the same way for every engine.
pub trait Game: Send + Sync {
    /// The engine that plays it, as saved files name it.
    fn engine(&self) -> &'static str;
    fn id(&self) -> &str;
    fn created_at(&self) -> DateTime<Utc>;
    /// What every game's profile says: its name, players, turns and sheet.
    fn profile(&self) -> &GameProfile;
    fn name(&self) -> &Name {
        &self.profile().name
    }
    fn setup(&self) -> &Lineup;
    fn players(&self) -> &[Player] {
        &self.setup().players
    }
    fn clock(&self) -> &Clock;
    /// Whether the clocks run now (a display needs to tick only then).
    fn running(&self) -> bool;
    /// What the table watches, at `now`.
    fn glance(&self, now: DateTime<Utc>) -> Glance;
    /// The score sheet as the game stands, or why it cannot be scored yet.
    fn sheet(&self) -> Result<Scored, ScoringError>;
    /// Its summary for the history, as if it ended at `ended_at`.
    fn summarize(&self, outcome: Outcome, ended_at: DateTime<Utc>) -> HistoryEntry;
    /// How many events it holds.
    fn event_count(&self) -> usize;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// The event a redo put back last: the last one, but for the pauses and resumes made
    /// after the undo, which stay after it (see [`GameSession::redo`]).
    fn last_put_back(&self) -> Option<usize>;
    /// The event at `index` in words, told from the game as it is now; `None` where the
    /// engine has no words for it.
    fn event_words(&self, index: usize, locale: Locale) -> Option<String>;
    /// Where the game stands, in one line.
    fn standing(&self, locale: Locale) -> String;
    /// Every event, told as a replay tells it: each with where it left the game.
    fn replay_steps(&self, locale: Locale) -> Vec<ReplayStep>;
    /// Where the game stood before its first event, as [`ReplayStep::standing`] says it.
    fn first_standing(&self, locale: Locale) -> String;
    /// Whether `event` is this game's end of a turn (a Done, whoever tapped it).
    fn ends_turn(&self, event: &TableEvent) -> bool;
    /// The event a sand timer that ends the turn writes at zero; `None` once the table took
    /// this turn's time-up back.
    fn time_up_event(&self) -> Option<TableEvent>;
    /// What each seat's own phone may fill in now, in seat order; `sheet_open` when the window
    /// shows the sheet.
    fn seat_forms(&self, sheet_open: bool) -> Vec<SeatForm>;
    /// The column of the opponent the game plays itself (Gaia), for the lone player's phone
    /// to fill, with its name; `None` in any other game or while the sheet is closed.
    fn opponent_form(&self, sheet_open: bool) -> Option<(crate::vocabulary::Name, SeatForm)>;
    /// The seats that marked their column of the sheet done.
    fn ready_seats(&self) -> BTreeSet<Seat>;
    /// Why the game cannot be finished yet (see [`Rules::sheet_waits`]).
    fn sheet_waits(&self) -> Option<crate::i18n::Text>;
    /// What `seat`'s phone may record of their own cards now (their own turn only).
    fn turn_form(&self, seat: Seat) -> Option<TurnForm>;
    /// The step the table confirms now between turns, if one waits (see [`TableStep`]).
    fn table_step(&self) -> Option<TableStep>;
    /// The round whose objective may be named now from the parent's phone, and its label
    /// so far (see [`Rules::objective_open`]).
    fn objective_open(&self) -> Option<(u32, Option<String>)>;
    /// The turn order a phone may remake now (a game that remakes it each round, at a round's
    /// first turn or once it is over); `None` where it may not be remade now.
    fn order_choice(&self) -> Option<crate::session::table_step::OrderChoice>;
    /// The ways the game may be ended by hand now that the phones offer (a game of sides has
    /// no other way to end: Leviath); empty where the game ends by its own structure.
    fn end_choices(&self) -> Vec<crate::session::table_step::EndChoice>;
    /// The counters the table tracks, while the game is played (Leviath's ships): the
    /// phone whose turn it is, or the host's, moves them as the window's buttons do.
    fn counters(&self) -> Vec<crate::session::table_step::CounterNow>;
    /// The sheet's parts that are the table's to enter (claims in order, a bonus), while the
    /// sheet is open; empty otherwise.
    fn shared_parts(&self, sheet_open: bool) -> Vec<crate::session::table_step::SharedPart>;
    /// A round-end result `seat`'s phone sent after the step that asked for it closed: the
    /// round it is for and the event that adds it, where the game can still add it.
    fn late_result_event(&self, seat: Seat, value: u32) -> Option<(u32, TableEvent)>;
    /// The seat whose column (or round result) `event` writes, if it writes one.
    fn column_written(&self, event: &TableEvent) -> Option<Seat>;
    /// What `act` makes of the game now, or why it makes nothing (`sheet_open`: the score
    /// sheet is on show); see [`TableAct`].
    fn act(
        &self,
        act: &TableAct,
        sheet_open: bool,
        now: DateTime<Utc>,
    ) -> Result<TableEvent, NotTaken>;
    /// Behind the face, for [`dyn Game::session`].
    fn as_any(&self) -> &dyn Any;
}

impl<R: Rules> Game for GameSession<R> {
    fn engine(&self) -> &'static str {
        R::ENGINE
    }

    fn id(&self) -> &str {
        GameSession::id(self)
    }

    fn created_at(&self) -> DateTime<Utc> {
        GameSession::created_at(self)
    }

    fn profile(&self) -> &GameProfile {
        R::game(GameSession::profile(self))
    }

    fn setup(&self) -> &Lineup {
        GameSession::setup(self)
    }

    fn clock(&self) -> &Clock {
        R::clock(self.state())
    }

    fn running(&self) -> bool {
        R::running(self.state())
    }

    fn glance(&self, now: DateTime<Utc>) -> Glance {
        let mut glance = R::glance(
            GameSession::profile(self),
            self.state(),
            self.players(),
            now,
        );
        let mode = self.setup().clock.clone();
        let clock = R::clock(self.state());
        glance.table_time = clock.table_time();
        glance.together = clock.ready_now();
        glance.timer = Timer {
            standings: timer::standings(&mode, clock, self.players().len(), now),
            mode,
        };
        glance
    }

    fn sheet(&self) -> Result<Scored, ScoringError> {
        R::sheet(GameSession::profile(self), self.state(), self.players())
    }

    fn summarize(&self, outcome: Outcome, ended_at: DateTime<Utc>) -> HistoryEntry {
        super::summarize::summarize(self, outcome, ended_at)
    }

    fn event_count(&self) -> usize {
        self.records().len()
    }

    fn can_undo(&self) -> bool {
        GameSession::can_undo(self)
    }

    fn can_redo(&self) -> bool {
        GameSession::can_redo(self)
    }

    fn last_put_back(&self) -> Option<usize> {
        GameSession::last_put_back(self)
    }

    fn event_words(&self, index: usize, locale: Locale) -> Option<String> {
        let (profile, state, players) = (GameSession::profile(self), self.state(), self.players());
        R::narrate(profile, state, players, self.records(), index, locale)
    }

    fn standing(&self, locale: Locale) -> String {
        R::standing(
            GameSession::profile(self),
            self.state(),
            self.players(),
            locale,
        )
    }

    fn replay_steps(&self, locale: Locale) -> Vec<ReplayStep> {
        // One pass: each event applied once to a game replayed alongside.
        let mut step = self.replayed_to(0);
        let records = self.records();
        (records.iter().enumerate())
            .map(|(index, record)| {
                step.apply(record.event.clone(), record.at)
                    .expect("a session's own events replay");
                let (profile, state, players) = (step.profile(), step.state(), step.players());
                ReplayStep {
                    at: record.at,
                    said: R::narrate(profile, state, players, records, index, locale),
                    json: serde_json::to_string(&record.event).expect("events serialise"),
                    standing: R::standing(profile, state, players, locale),
                    taken_back: taken_back_after(self, &step, index + 1, locale),
                }
            })
            .collect()
    }

    fn first_standing(&self, locale: Locale) -> String {
        let start = self.replayed_to(0);
        R::standing(start.profile(), start.state(), start.players(), locale)
    }

    fn ends_turn(&self, event: &TableEvent) -> bool {
        event.event::<R::Event>() == Some(&R::next_turn_event())
    }

    fn time_up_event(&self) -> Option<TableEvent> {
        GameSession::time_up_event(self).map(TableEvent::new)
    }

    fn seat_forms(&self, sheet_open: bool) -> Vec<SeatForm> {
        seat_form::forms(self, sheet_open)
    }

    fn opponent_form(&self, sheet_open: bool) -> Option<(crate::vocabulary::Name, SeatForm)> {
        seat_form::opponent_form(self, sheet_open)
    }

    fn ready_seats(&self) -> BTreeSet<Seat> {
        R::ready(self.state()).clone()
    }

    fn sheet_waits(&self) -> Option<crate::i18n::Text> {
        R::sheet_waits(GameSession::profile(self), self.state())
    }

    fn turn_form(&self, seat: Seat) -> Option<TurnForm> {
        R::turn_form(
            GameSession::profile(self),
            self.state(),
            self.players(),
            seat,
        )
    }

    fn table_step(&self) -> Option<TableStep> {
        R::table_step(GameSession::profile(self), self.state(), self.players())
    }

    fn order_choice(&self) -> Option<crate::session::table_step::OrderChoice> {
        R::order_choice(GameSession::profile(self), self.state())
    }

    fn end_choices(&self) -> Vec<crate::session::table_step::EndChoice> {
        R::end_choices(GameSession::profile(self), self.state())
    }

    fn objective_open(&self) -> Option<(u32, Option<String>)> {
        R::objective_open(GameSession::profile(self), self.state())
    }

    fn counters(&self) -> Vec<crate::session::table_step::CounterNow> {
        R::counters(GameSession::profile(self), self.state())
    }

    fn shared_parts(&self, sheet_open: bool) -> Vec<crate::session::table_step::SharedPart> {
        match sheet_open {
            true => R::shared_parts(GameSession::profile(self), self.state()),
            false => Vec::new(),
        }
    }

    fn late_result_event(&self, seat: Seat, value: u32) -> Option<(u32, TableEvent)> {
        let (round, event) = R::late_result_event(self.state(), seat, value)?;
        Some((round, TableEvent::new(event)))
    }

    fn column_written(&self, event: &TableEvent) -> Option<Seat> {
        R::writes(event.event::<R::Event>()?).map(|(seat, _)| seat)
    }

    fn act(
        &self,
        act: &TableAct,
        sheet_open: bool,
        now: DateTime<Utc>,
    ) -> Result<TableEvent, NotTaken> {
        super::act::event_of(self, act, sheet_open, now).map(TableEvent::new)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One event as a replay tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayStep {
    pub at: DateTime<Utc>,
    /// The event in words, where its engine has words for it.
    pub said: Option<String>,
    /// The event as the file holds it.
    pub json: String,
    /// Where it left the game.
    pub standing: String,
    /// The events the table took back right after this one, in order.
    pub taken_back: Vec<TakenBackStep>,
}

/// An event taken back (Undo), told as a replay tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakenBackStep {
    pub at: DateTime<Utc>,
    pub said: Option<String>,
    pub json: String,
    pub undone_at: Option<DateTime<Utc>>,
    pub redone_at: Option<DateTime<Utc>>,
}

/// The events of `session` taken back when `after` of its events stood, told against `step`
/// (the game after those events).
fn taken_back_after<R: Rules>(
    session: &GameSession<R>,
    step: &GameSession<R>,
    after: usize,
    locale: Locale,
) -> Vec<TakenBackStep> {
    (session.taken_back().iter())
        .filter(|back| back.after == after)
        .map(|back| {
            let record = &back.record;
            // The event as it was: applied once more to the game it was taken from.
            let mut undone = step.clone();
            let applied = undone.apply(record.event.clone(), record.at).is_ok();
            let (profile, state, players) = (undone.profile(), undone.state(), undone.players());
            let said = applied
                .then(|| R::narrate(profile, state, players, undone.records(), after, locale))
                .flatten();
            TakenBackStep {
                at: record.at,
                said,
                json: serde_json::to_string(&record.event).expect("events serialise"),
                undone_at: back.undone_at,
                redone_at: back.redone_at,
            }
        })
        .collect()
}

impl dyn Game + '_ {
    /// The session itself, if engine `R` plays it: for a screen that is one engine's own.
    pub fn session<R: Rules>(&self) -> Option<&GameSession<R>> {
        self.as_any().downcast_ref()
    }
}

/// An event of whichever engine, on its way to the game on the table. The engine that plays the
/// game takes it if it is its own ([`TableEvent::into_event`]); an event of another engine is
/// for a game no longer there.
pub struct TableEvent {
    event: Box<dyn ErasedEvent>,
    /// The seat whose own phone entered it; `None` for the window.
    phone: Option<Seat>,
}

/// What a [`TableEvent`] holds: an engine's event, behind `Any`.
trait ErasedEvent: Any + Send + Sync + fmt::Debug {
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn as_any(&self) -> &dyn Any;
}

impl<E: super::rules::EngineEvent> ErasedEvent for E {
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl TableEvent {
    pub fn new<E: super::rules::EngineEvent>(event: E) -> TableEvent {
        TableEvent {
            event: Box::new(event),
            phone: None,
        }
    }

    /// The same event, entered on the own phone of `seat` (the journal says so).
    pub fn from_phone(self, seat: Seat) -> TableEvent {
        TableEvent {
            phone: Some(seat),
            ..self
        }
    }

    /// The seat whose phone entered it; `None` for the window.
    pub fn phone(&self) -> Option<Seat> {
        self.phone
    }

    /// The event, if it is engine `R`'s; else the table event back.
    pub fn into_event<R: Rules>(self) -> Result<R::Event, TableEvent> {
        if self.event.as_any().is::<R::Event>() {
            let event = self.event.into_any().downcast::<R::Event>();
            Ok(*event.expect("the type was just checked"))
        } else {
            Err(self)
        }
    }

    /// A look at the event, if it is of type `E`.
    pub fn event<E: super::rules::EngineEvent>(&self) -> Option<&E> {
        self.event.as_any().downcast_ref()
    }
}

impl fmt::Debug for TableEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.event.fmt(f)
    }
}
