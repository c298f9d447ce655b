//! Who plays which turn, and when a round ends, for each turn structure a profile can name.

use crate::vocabulary::Seat;
use serde::{Deserialize, Serialize};

use crate::vocabulary::Name;

/// How turns go round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "structure", rename_all = "snake_case")]
pub enum Turns {
    /// Rounds of a fixed number of turns each (TERRAVIST: N, N−1, N−2).
    ShrinkingRounds {
        rounds: u32,
        first_round_turns: u32,
        decrement: u32,
    },
    /// A fixed number of rounds, each player taking `actions` actions a round; the order may be
    /// re-made every round (Rats of Wistar, Terramara).
    FixedRounds {
        rounds: u32,
        actions: u32,
        #[serde(default)]
        reorder_each_round: bool,
    },
    /// A fixed number of rounds, each lasting until something runs out (Terramara: every
    /// worker placed), turns going round clockwise.
    RoundsUntil {
        rounds: u32,
        round_ends: Name,
        #[serde(default)]
        reorder_each_round: bool,
    },
    /// Rounds until a trigger; then the round is finished (Earth: a 4×4 tableau).
    UntilTrigger { trigger: Name },
    /// Sides alternate, one side playing between every member of the other (Leviath).
    Alternating { between: String },
}

/// What ends the turn that was just finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterTurn {
    /// The next turn of the same round.
    NextTurn,
    /// The round is over; another follows.
    NextRound,
    /// The round was the last: the game is over.
    GameOver,
}

/// The order seats play in during one round: for alternating sides, a member of the other
/// side, then every player of the `between` side, and so on (human A, monster, human B,
/// monster…); otherwise the round's order itself.
pub fn schedule(turns: &Turns, order: &[Seat], sides: &[String]) -> Vec<Seat> {
    match turns {
        Turns::Alternating { between } => {
            let side_of = |seat: Seat| sides.get(seat).map(String::as_str);
            let (betweens, others): (Vec<Seat>, Vec<Seat>) = order
                .iter()
                .partition(|&&seat| side_of(seat) == Some(between.as_str()));
            if others.is_empty() {
                return betweens;
            }
            others
                .iter()
                .flat_map(|&other| std::iter::once(other).chain(betweens.iter().copied()))
                .collect()
        }
        _ => order.to_vec(),
    }
}

/// Turns in `round` (1-based), when the structure fixes them; `None` when the round lasts until
/// the table says it is over.
pub fn turns_in_round(
    turns: &Turns,
    schedule_len: usize,
    first_round_turns: u32,
    round: u32,
) -> Option<u32> {
    let n = schedule_len as u32;
    match turns {
        Turns::ShrinkingRounds { decrement, .. } => {
            // Saturating: numbers from a crafted profile cannot overflow.
            let fewer = decrement.saturating_mul(round.saturating_sub(1));
            Some(
                first_round_turns
                    .saturating_sub(fewer)
                    .max(1)
                    .saturating_mul(n),
            )
        }
        Turns::FixedRounds { actions, .. } => Some(actions.saturating_mul(n)),
        Turns::UntilTrigger { .. } | Turns::Alternating { .. } => Some(n),
        Turns::RoundsUntil { .. } => None,
    }
}

/// The fewest turns round 1 may have so that the last round still has one, for shrinking
/// rounds (TERRAVIST: 3 rounds, one fewer each → 3); `None` for the other structures.
pub fn min_first_round_turns(turns: &Turns) -> Option<u32> {
    match turns {
        Turns::ShrinkingRounds {
            rounds, decrement, ..
        } => Some(
            decrement
                .saturating_mul(rounds.saturating_sub(1))
                .saturating_add(1),
        ),
        _ => None,
    }
}

/// The number of rounds, when the structure fixes it.
pub fn rounds(turns: &Turns) -> Option<u32> {
    match turns {
        Turns::ShrinkingRounds { rounds, .. }
        | Turns::FixedRounds { rounds, .. }
        | Turns::RoundsUntil { rounds, .. } => Some(*rounds),
        Turns::UntilTrigger { .. } | Turns::Alternating { .. } => None,
    }
}

/// What follows the end of `turn` of `round` (`triggered`: the game's end was triggered).
pub fn after_turn(
    turns: &Turns,
    in_round: Option<u32>,
    round: u32,
    turn: u32,
    triggered: bool,
) -> AfterTurn {
    match in_round {
        Some(len) if turn >= len => after_round(turns, round, triggered),
        _ => AfterTurn::NextTurn,
    }
}

/// What follows the end of `round`.
pub fn after_round(turns: &Turns, round: u32, triggered: bool) -> AfterTurn {
    let last = match turns {
        Turns::UntilTrigger { .. } => triggered,
        _ => rounds(turns).is_some_and(|r| round >= r),
    };
    if last {
        AfterTurn::GameOver
    } else {
        AfterTurn::NextRound
    }
}

/// Whether the table may remake the order at the start of each round.
pub fn reorders(turns: &Turns) -> bool {
    match turns {
        Turns::FixedRounds {
            reorder_each_round, ..
        }
        | Turns::RoundsUntil {
            reorder_each_round, ..
        } => *reorder_each_round,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_monster_plays_between_every_human() {
        let turns = Turns::Alternating {
            between: "monster".into(),
        };
        let sides: Vec<String> = ["humans", "monster", "humans", "humans"]
            .map(String::from)
            .to_vec();
        // Order from seat 0: humans 0, 2, 3 with the monster (seat 1) after each.
        assert_eq!(
            schedule(&turns, &[0, 1, 2, 3], &sides),
            vec![0, 1, 2, 1, 3, 1]
        );
    }

    #[test]
    fn rounds_of_fixed_actions_end_after_every_player_took_them() {
        let turns = Turns::FixedRounds {
            rounds: 5,
            actions: 3,
            reorder_each_round: true,
        };
        // 3 players × 3 leaders = 9 turns a round.
        let len = turns_in_round(&turns, 3, 0, 1);
        assert_eq!(len, Some(9));
        assert_eq!(after_turn(&turns, len, 1, 8, false), AfterTurn::NextTurn);
        assert_eq!(after_turn(&turns, len, 1, 9, false), AfterTurn::NextRound);
        assert_eq!(after_turn(&turns, len, 5, 9, false), AfterTurn::GameOver);
    }
}
