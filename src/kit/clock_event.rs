//! The table's acts on the clock, the same in every game: pause and resume, table time, a phase
//! every player plays at once and each player's Ready in it, and a sand timer running out. Each
//! engine's events hold them as one variant (`Event::Clock`), written in the journal exactly as
//! before (`{"type": "pause"}`), and they are applied here, once. A new clock event is a variant
//! here, its words, and its handling in [`ClockEvent::apply`]: no engine changes.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::clock::{Activity, Clock};
use super::error::RuleError;
use crate::i18n::Text;
use crate::vocabulary::Seat;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClockEvent {
    Pause,
    Resume,
    /// Table time begins (`on`) or ends during a player-turn: every player's clock stops, the
    /// game's time counts on (unlike a pause).
    TableTime {
        on: bool,
    },
    /// A phase every player plays at once begins (`on`) or the table ends it: each player's
    /// clock runs until they are ready.
    Simultaneous {
        on: bool,
    },
    /// A player is ready in the phase played at once; when everyone is, it ends.
    SimultaneousReady {
        player: Seat,
    },
    /// A sand timer that ends the turn ran out: player-turn number `turn` (the clock's count of
    /// turns begun) ends there, as a time-out. The engine ends the turn as its Next does.
    TimeUp {
        turn: u32,
    },
}

/// Where the game stands, as the clock's events ask: the engine's own answers.
pub struct InPlay {
    /// The game is under way (started, not over): its clocks can be paused.
    pub running: Result<(), RuleError>,
    /// A stage with player-turns: table time can be taken.
    pub turns: Result<(), RuleError>,
    /// Seats at the table (a phase played at once waits for each).
    pub players: usize,
}

impl ClockEvent {
    /// Applies the event to `clock`, or refuses it and changes nothing. [`ClockEvent::TimeUp`]
    /// is only checked here (the turn under way is `turn`): the engine then ends the turn and
    /// calls [`Clock::time_up`].
    pub fn apply(
        &self,
        clock: &mut Clock,
        game: InPlay,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        match self {
            ClockEvent::Pause => {
                game.running?;
                if clock.is_paused() {
                    return Err(RuleError::AlreadyPaused);
                }
                clock.pause(at);
                Ok(())
            }
            ClockEvent::Resume => {
                game.running?;
                if !clock.is_paused() {
                    return Err(RuleError::NotPaused);
                }
                clock.resume(at);
                Ok(())
            }
            ClockEvent::TableTime { on } => {
                game.turns?;
                clock.set_table_time(*on, at)
            }
            ClockEvent::Simultaneous { on: true } => {
                game.running?;
                clock.begin_together(game.players, at)
            }
            ClockEvent::Simultaneous { on: false } => clock.end_together(at),
            ClockEvent::SimultaneousReady { player } => clock.ready_together(*player, at),
            ClockEvent::TimeUp { turn } => {
                game.running?;
                let under_way = matches!(clock.activity(), Some(Activity::PlayerTurn { .. }));
                if !under_way || clock.player_turns_begun != *turn || clock.is_paused() {
                    return Err(RuleError::TimeUpStale);
                }
                Ok(())
            }
        }
    }

    /// The event in words, for the replay and the turn log (`name` gives a seat's name).
    pub fn narrate(&self, name: impl Fn(Seat) -> String) -> Text {
        match self {
            ClockEvent::Pause => Text::new("narrate.pause"),
            ClockEvent::Resume => Text::new("narrate.resume"),
            ClockEvent::TableTime { on: true } => Text::new("narrate.table_time_on"),
            ClockEvent::TableTime { on: false } => Text::new("narrate.table_time_off"),
            ClockEvent::Simultaneous { on: true } => Text::new("narrate.together_on"),
            ClockEvent::Simultaneous { on: false } => Text::new("narrate.together_off"),
            ClockEvent::SimultaneousReady { player } => {
                Text::new("narrate.together_ready").arg("player", name(*player))
            }
            ClockEvent::TimeUp { .. } => Text::new("narrate.time_up"),
        }
    }
}
