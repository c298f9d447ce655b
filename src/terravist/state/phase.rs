//! Where a TERRAVIST game is: setup, a player-turn, a round end's step, or over.

use serde::{Deserialize, Serialize};

use crate::kit::error::Period;

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn.
    Setup,
    /// A player-turn: `turn` (1-based) of `round` (1-based); `offset` seats after the parent.
    Playing {
        round: u32,
        turn: u32,
        offset: usize,
    },
    /// The end of `round`, at the step `steps[step_index]` of the profile's list for that round.
    RoundEnd { round: u32, step_index: usize },
    /// After the last round: only the score sheet remains.
    Over,
}

impl Phase {
    pub fn stage(self) -> Period {
        match self {
            Phase::Setup => Period::Setup,
            Phase::Playing { .. } => Period::Playing,
            Phase::RoundEnd { .. } => Period::RoundEnd,
            Phase::Over => Period::Over,
        }
    }
}
