//! The table actions of a game played from its profile alone. Tagged JSON like TERRAVIST's
//! events; the serde names are the journal and history format.

use serde::{Deserialize, Serialize};

use crate::kit::clock_event::ClockEvent;
use crate::scoring::CellInput;
use crate::vocabulary::Seat;

/// Every table action of a profile-driven game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// A clock event is an untagged variant (below): an unknown `type`, or a clock event with a
// field it cannot read, is said in this sentence rather than serde's "did not match any variant".
#[serde(
    tag = "type",
    rename_all = "snake_case",
    expecting = "an event this tablekeeper does not know, or one with a field it cannot read"
)]
pub enum PlayEvent {
    /// The start player begins the first turn; clocks start.
    StartGame,
    /// The current turn ends and the next one begins (or the round, or the game, ends).
    NextTurn,
    /// The round is over (a round that lasts until something runs out: every worker placed).
    EndRound,
    /// The game's end was triggered (a 4×4 tableau): the round is finished, then the game ends.
    Trigger,
    /// The turn order for this round, first player first (remade each round in some games).
    SetTurnOrder { order: Vec<Seat> },
    /// A tracked number changes by `change` (monster energy +2, a flooded square +1).
    AdjustCounter { counter: String, change: i64 },
    /// The game ends now; in a game of sides, how it ended.
    EndGame { ending: Option<String> },
    /// A player's entry in one part of the sheet; `None` clears it.
    SetCell {
        player: Seat,
        part: String,
        value: Option<CellInput>,
    },
    /// A player's value for one tie-breaker (soil in reserve); `None` clears it.
    SetTie {
        player: Seat,
        breaker: String,
        value: Option<i64>,
    },
    /// The seats that claimed one card of an in-order awards part, first claimant first.
    SetClaims {
        part: String,
        card: usize,
        seats: Vec<Seat>,
    },
    /// Who took a one-off bonus, if anyone.
    SetBonus { part: String, seat: Option<Seat> },
    /// A player marks their column of the sheet done (`ready`), or takes that back.
    Ready { player: Seat, ready: bool },
    /// The values of the dummy players in a ranked part.
    SetDummies { part: String, values: Vec<i64> },

    /// The table's acts on the clock (pause, table time, a phase played at once, a sand timer
    /// run out), the same in every game: written as their own `type`s, as before.
    #[serde(untagged)]
    Clock(ClockEvent),
}
