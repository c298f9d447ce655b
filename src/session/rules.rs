//! The face every engine shows the rest of the app: what its profile, events and state are, how
//! an event changes the state, and what the table, the sheet and the history read of a game.
//! Each engine has a folder of its own; [`crate::engines`] lists them, and nothing else needs
//! to know which one plays a game.

use std::collections::BTreeSet;
use std::fmt::Debug;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::glance::Glance;
use super::paper::PaperError;
use super::summary::EntryObjective;
use super::table_step::TableStep;
use super::turn_form::{TurnAction, TurnForm};
use super::{GameSession, Lineup, LineupError, Record};
use crate::i18n::Locale;
use crate::kit::clock::Clock;
use crate::kit::clock_event::ClockEvent;
use crate::kit::error::RuleError;
use crate::kit::game_profile::GameProfile;
use crate::scoring::{CellInput, Scored, ScoringError, SheetInput, WinnerRule};
use crate::vocabulary::{Name, Player, Seat};

/// Which of a seat's values an event writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Written<'a> {
    /// Their result on the round's objective.
    Result,
    /// Their cell of a sheet part.
    Cell(&'a str),
    /// Their value for a tie-breaker the table types.
    Tie(&'a str),
}

/// An engine's event: it travels through the window's actions as a
/// [`TableEvent`](super::TableEvent) without the window knowing its engine.
pub trait EngineEvent:
    Debug + Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

/// A game engine: what its profile, events and state are, and how an event changes the state.
/// `apply` must check before it writes: a refused event leaves the state exactly as it was.
pub trait Rules: Debug + Clone + PartialEq + Send + Sync + 'static {
    /// Written in saved files so a reader knows which engine replays them.
    const ENGINE: &'static str;
    type Profile: Debug + Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Event: EngineEvent;
    type State: Debug + Clone + Send + Sync;

    /// What every game's profile says (name, players, turns, sheet): each engine's profile is
    /// one, TERRAVIST's with a part of its own.
    fn game(profile: &Self::Profile) -> &GameProfile;
    /// Checks the profile as strictly as a profile file is checked (a session or a journal
    /// carries its own, which a damaged or hand-made file may have broken).
    fn check_profile(profile: &Self::Profile) -> Result<(), String>;
    fn validate_setup(profile: &Self::Profile, setup: &Lineup) -> Result<(), LineupError>;
    fn initial(profile: &Self::Profile, setup: &Lineup) -> Self::State;
    fn apply(
        state: &mut Self::State,
        profile: &Self::Profile,
        event: &Self::Event,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError>;
    /// The game's clock.
    fn clock(state: &Self::State) -> &Clock;
    /// Whether the game is under way (started, not over): the time when clocks can run.
    fn in_play(state: &Self::State) -> bool;
    /// The event that ends the current player's turn.
    fn next_turn_event() -> Self::Event;
    /// The game's event for an act on the clock (each engine holds them as one variant).
    fn clock_event(event: ClockEvent) -> Self::Event;
    /// The act on the clock an event is, if it is one.
    fn as_clock_event(event: &Self::Event) -> Option<&ClockEvent>;
    /// The seat whose turn it is, while a player's turn is under way.
    fn current_player(profile: &Self::Profile, state: &Self::State) -> Option<Seat>;
    /// What the table watches from its chairs, at `now`.
    fn glance(
        profile: &Self::Profile,
        state: &Self::State,
        players: &[Player],
        now: DateTime<Utc>,
    ) -> Glance;
    /// The score sheet as the game stands, or why it cannot be scored yet (a game of sides
    /// with no ending).
    fn sheet(
        profile: &Self::Profile,
        state: &Self::State,
        players: &[Player],
    ) -> Result<Scored, ScoringError>;
    /// The event that sets a score cell by hand after the game (`None`: back to what the game
    /// scored), as a correction made in the history is replayed.
    fn set_score(player: Seat, part: &str, value: Option<u32>) -> Self::Event;

    // --- what a player enters on their own phone (see `seat_form`) ---

    /// What the table typed in `seat`'s cell of sheet part `part`, as typed (a count, not its
    /// points); `None` when nothing is.
    fn entered(state: &Self::State, seat: Seat, part: &str) -> Option<CellInput>;
    /// The event that types `value` in `seat`'s cell of `part` (`None` clears it), the one the
    /// window's sheet makes; refused when this engine's sheet cannot hold such a value.
    fn enter_cell(
        profile: &Self::Profile,
        seat: Seat,
        part: &str,
        value: Option<CellInput>,
    ) -> Result<Self::Event, RuleError>;
    /// The seats that marked their column of the sheet done.
    fn ready(state: &Self::State) -> &BTreeSet<Seat>;
    /// The event that marks `seat`'s column done (or not).
    fn ready_event(seat: Seat, ready: bool) -> Self::Event;
    /// Whether the game is at its end, where only the sheet is left: the sheet is open to
    /// every phone then, whatever the window shows.
    fn sheet_due(state: &Self::State) -> bool;
    /// The round (and its objective's label, once typed) whose objective every player is asked
    /// their result on now, where the engine asks (TERRAVIST's round-end step 1).
    fn asked(_profile: &Self::Profile, _state: &Self::State) -> Option<(u32, Option<String>)> {
        None
    }
    /// `seat`'s result on the objective asked, as entered so far.
    fn answered(_state: &Self::State, _seat: Seat) -> Option<u32> {
        None
    }
    /// The event that enters `seat`'s result on the objective asked.
    fn answer_event(_seat: Seat, _value: Option<u32>) -> Option<Self::Event> {
        None
    }
    /// The step the table confirms now between turns (a round end's step), if one waits: what
    /// it shows and whose phone may confirm it.
    fn table_step(
        _profile: &Self::Profile,
        _state: &Self::State,
        _players: &[Player],
    ) -> Option<TableStep> {
        None
    }
    /// The round whose objective tile the parent's phone may name now, and its label so far,
    /// where the engine has round objectives (TERRAVIST: during the round, or before its
    /// round end's first step closes).
    fn objective_open(
        _profile: &Self::Profile,
        _state: &Self::State,
    ) -> Option<(u32, Option<String>)> {
        None
    }
    /// The event that names the objective of the round [`Rules::objective_open`] gives.
    fn objective_event(
        _profile: &Self::Profile,
        _state: &Self::State,
        _label: &str,
    ) -> Option<Self::Event> {
        None
    }
    /// The event that confirms the step named `key`, if it is the one waiting; `card`: a
    /// card's name the step takes (see [`TableStep::takes_card`]).
    fn step_event(
        _profile: &Self::Profile,
        _state: &Self::State,
        _key: &str,
        _card: Option<String>,
    ) -> Option<Self::Event> {
        None
    }
    /// The turn order a phone may remake now, if the game remakes it (see
    /// [`crate::session::Game::order_choice`]).
    fn order_choice(
        _profile: &Self::Profile,
        _state: &Self::State,
    ) -> Option<crate::session::table_step::OrderChoice> {
        None
    }
    /// The event that makes `order` the turn order.
    fn order_event(_order: &[Seat]) -> Option<Self::Event> {
        None
    }
    /// The ways the game may be ended by hand now that the phones offer (see
    /// [`crate::session::Game::end_choices`]).
    fn end_choices(
        _profile: &Self::Profile,
        _state: &Self::State,
    ) -> Vec<crate::session::table_step::EndChoice> {
        Vec::new()
    }
    /// The event that ends the game as the choice `id` says.
    fn end_event(
        _profile: &Self::Profile,
        _state: &Self::State,
        _id: Option<&str>,
    ) -> Option<Self::Event> {
        None
    }
    /// The counters a phone may move now, with their values (see
    /// [`crate::session::Game::counters`]); none where the game tracks none.
    fn counters(
        _profile: &Self::Profile,
        _state: &Self::State,
    ) -> Vec<crate::session::table_step::CounterNow> {
        Vec::new()
    }
    /// The event that moves the counter `id` by `change`; the rules check its bounds.
    fn counter_event(_id: &str, _change: i64) -> Option<Self::Event> {
        None
    }
    /// The sheet's shared parts with what they hold (see
    /// [`crate::session::Game::shared_parts`]); none where the sheet has none.
    fn shared_parts(
        _profile: &Self::Profile,
        _state: &Self::State,
    ) -> Vec<crate::session::table_step::SharedPart> {
        Vec::new()
    }
    /// The event a phone's entry in a shared part makes, if the part is one; the rules
    /// check the seats when it is applied.
    fn shared_event(
        _profile: &Self::Profile,
        _entry: &crate::session::table_step::SharedEntry,
    ) -> Option<Self::Event> {
        None
    }
    /// A round-end result `seat`'s phone sent after its step closed: the round it is for and
    /// the event that adds it (see [`crate::session::Game::late_result_event`]); `None`
    /// where the engine keeps no such result.
    fn late_result_event(
        _state: &Self::State,
        _seat: Seat,
        _value: u32,
    ) -> Option<(u32, Self::Event)> {
        None
    }
    /// What `seat`'s phone may record of their own cards now: during their own turn only,
    /// where the engine keeps a tableau (see `turn_form`).
    fn turn_form(
        _profile: &Self::Profile,
        _state: &Self::State,
        _players: &[Player],
        _seat: Seat,
    ) -> Option<TurnForm> {
        None
    }
    /// The event a phone's action on its player's own cards makes, checked to be the seat's
    /// own turn and its own cards; the rules check the rest when it is applied. `seed` is the
    /// game's own ([`GameSession::dice_seed`]), for what the app draws (TERRAVIST's dice).
    fn turn_action(
        _profile: &Self::Profile,
        _state: &Self::State,
        _seat: Seat,
        _action: &TurnAction,
        _seed: u64,
    ) -> Result<Self::Event, RuleError> {
        Err(RuleError::NotInThisGame {
            action: "word.creature_cards",
        })
    }
    /// Whose value an event writes, and which. Tells a value a phone entered from one the
    /// table typed over it.
    fn writes(event: &Self::Event) -> Option<(Seat, Written<'_>)>;
    /// `seat`'s value for the typed tie-breaker `breaker`, as entered so far.
    fn tie_value(_state: &Self::State, _seat: Seat, _breaker: &str) -> Option<i64> {
        None
    }
    /// The event that types `value` for `seat`'s tie-breaker `breaker` (`None` clears it), the
    /// one the window's sheet makes; `None` in an engine whose sheet breaks no tie.
    fn tie_event(_seat: Seat, _breaker: &str, _value: Option<i64>) -> Option<Self::Event> {
        None
    }

    /// Where the game stands, in one line ("Round 2, turn 3 / 5 · Ben's turn"), for a replay.
    fn standing(
        profile: &Self::Profile,
        state: &Self::State,
        players: &[Player],
        locale: Locale,
    ) -> String;

    /// The event at `index` of `records` in words, told from `after`, the state just after it;
    /// `None` where the engine has no words for its events (a replay then shows their JSON).
    fn narrate(
        _profile: &Self::Profile,
        _after: &Self::State,
        players: &[Player],
        records: &[Record<Self::Event>],
        index: usize,
        locale: Locale,
    ) -> Option<String> {
        // The clock's acts are every game's: told the same way whatever the engine.
        let event = Self::as_clock_event(&records.get(index)?.event)?;
        let name = |seat: Seat| players.get(seat).map_or("?".into(), |p| p.name.clone());
        Some(event.narrate(name).render(locale))
    }

    /// A game kept on paper, as this engine replays it: a session of `setup`'s players made
    /// at `at`, with the sheet's entries (and whatever else of it this engine keeps) applied as
    /// its own events.
    fn from_paper(
        profile: Self::Profile,
        setup: Lineup,
        sheet: &SheetInput,
        at: DateTime<Utc>,
    ) -> Result<GameSession<Self>, PaperError>;

    /// The profile a paper sheet of the game `id` is scored by: the one the sheet carries
    /// (`embedded`), this engine's own, or one of `games`.
    fn paper_profile(
        id: &str,
        embedded: Option<&serde_json::Value>,
        games: &[GameProfile],
    ) -> Result<Self::Profile, crate::i18n::Text>;

    /// Why the game cannot be finished yet, where its sheet still lacks what the rulebook
    /// needs (Terramara's dummy players, a tie the typed breakers have not broken); `None`
    /// when it has all. Every door's Finish waits on it.
    fn sheet_waits(_profile: &Self::Profile, _state: &Self::State) -> Option<crate::i18n::Text> {
        None
    }

    /// The profile a game played with the rulebook's variants `ids` keeps (Earth's beginner
    /// rule), or why it cannot be played so: a variant the game does not offer is refused in
    /// words, never ignored.
    fn with_variants(
        profile: Self::Profile,
        ids: &[String],
    ) -> Result<Self::Profile, crate::i18n::Text> {
        match Self::game(&profile).with_variants(ids) {
            Ok(_) => Ok(profile),
            Err(error) => Err(error.text()),
        }
    }

    /// Each round objective's outcome, for the history (TERRAVIST ranks one each round).
    fn round_objectives(_state: &Self::State) -> Vec<EntryObjective> {
        Vec::new()
    }

    /// Each seat's side, in a game of sides.
    fn sides(_state: &Self::State) -> &[String] {
        &[]
    }

    /// How a game of sides ended (an ending id of the profile).
    fn ending(_state: &Self::State) -> Option<String> {
        None
    }

    /// The game's name, in each language its profile gives.
    fn game_name(profile: &Self::Profile) -> &Name {
        &Self::game(profile).name
    }

    /// Each score part's id and name, in the sheet's order (the history's columns).
    fn part_names(profile: &Self::Profile) -> Vec<(String, Name)> {
        let parts = Self::game(profile).sheet.parts.iter();
        parts.map(|p| (p.id.clone(), p.name.clone())).collect()
    }

    /// The name of how a game of sides ended (only games of sides have endings).
    fn ending_name(profile: &Self::Profile, ending: &str) -> Option<Name> {
        match &Self::game(profile).sheet.winner {
            WinnerRule::Side { endings, .. } => endings
                .iter()
                .find(|e| e.id == ending)
                .map(|e| e.name.clone()),
            _ => None,
        }
    }

    /// Whether the clocks are running now.
    fn running(state: &Self::State) -> bool {
        Self::in_play(state) && !Self::clock(state).is_paused()
    }

    /// Pause when running, resume when paused.
    fn toggle_pause(state: &Self::State) -> Self::Event {
        Self::clock_event(if Self::clock(state).is_paused() {
            ClockEvent::Resume
        } else {
            ClockEvent::Pause
        })
    }

    /// If the clocks are running: the event that pauses them, at the last event's time (a
    /// game reopened after a crash counts the closed time as paused).
    fn pause_if_running(state: &Self::State) -> Option<(Self::Event, DateTime<Utc>)> {
        Self::running(state)
            .then(|| Self::clock(state).last_event_at())
            .flatten()
            .map(|at| (Self::clock_event(ClockEvent::Pause), at))
    }
}
