//! How the game moves on: the next player-turn, the round-end steps in order, and entering a
//! phase (which points the clock at what the table now spends time on).

use chrono::{DateTime, Utc};

use super::GameState;
use super::Phase;
use crate::kit::clock::Activity;
use crate::kit::error::RuleError;
use crate::kit::turns::{self, AfterTurn};
use crate::terravist::profile::Profile;

impl GameState {
    /// Checks that round-end step `step` is the one due; returns the round.
    pub(super) fn round_end(&self, profile: &Profile, step: u8) -> Result<u32, RuleError> {
        match self.phase {
            Phase::RoundEnd { round, .. } => {
                let expected = self
                    .round_end_step(profile)
                    .expect("a round end has a due step");
                if expected == step {
                    Ok(round)
                } else {
                    Err(RuleError::WrongRoundEndStep {
                        expected,
                        got: step,
                    })
                }
            }
            other => Err(RuleError::NotDuring {
                stage: other.stage(),
            }),
        }
    }

    pub(super) fn next_player_turn(
        &mut self,
        profile: &Profile,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let Phase::Playing {
            round,
            turn,
            offset,
        } = self.phase
        else {
            return Err(match self.round_end_step(profile) {
                Some(step) => RuleError::RoundEndPending { step },
                None => RuleError::NotDuring {
                    stage: self.phase.stage(),
                },
            });
        };
        // The turn machinery every game uses counts each player's go as one of the round's
        // turns; TERRAVIST's "turn" is one go round the table, `offset` the player's place in it.
        let players = self.player_count as u32;
        // Saturating: a profile's turns are bounded when it is read, but this stays whole
        // whatever a file holds.
        let played = ((turn - 1).saturating_mul(players)).saturating_add(offset as u32 + 1);
        let in_round = self.turns_in_round(round).saturating_mul(players);
        let next =
            match turns::after_turn(&profile.game.turns, Some(in_round), round, played, false) {
                AfterTurn::NextTurn => Phase::Playing {
                    round,
                    turn: played / players + 1,
                    offset: (played % players) as usize,
                },
                // The last round ends with its round-end steps too (the last objective).
                AfterTurn::NextRound | AfterTurn::GameOver => Phase::RoundEnd {
                    round,
                    step_index: 0,
                },
            };
        self.enter(profile, next, at);
        Ok(())
    }

    pub(super) fn next_round_end_step(&mut self, profile: &Profile, at: DateTime<Utc>) {
        let Phase::RoundEnd { round, step_index } = self.phase else {
            unreachable!("only called during a round end");
        };
        let next = if step_index + 1 < profile.round_end_steps(round).len() {
            Phase::RoundEnd {
                round,
                step_index: step_index + 1,
            }
        } else {
            match turns::after_round(&profile.game.turns, round, false) {
                AfterTurn::NextRound | AfterTurn::NextTurn => Phase::Playing {
                    round: round + 1,
                    turn: 1,
                    offset: 0,
                },
                AfterTurn::GameOver => Phase::Over,
            }
        };
        self.enter(profile, next, at);
    }

    /// Moves to `phase` and points the clock at what the table now spends time on: a round-end
    /// step the profile plays at once starts every player's clock.
    pub(super) fn enter(&mut self, profile: &Profile, phase: Phase, at: DateTime<Utc>) {
        let was = self.clock.activity();
        self.phase = phase;
        let activity = match phase {
            Phase::Setup | Phase::Over => None,
            Phase::Playing { round, turn, .. } => Some(Activity::PlayerTurn {
                round,
                turn,
                player: self.current_player().expect("a player-turn has a player"),
            }),
            Phase::RoundEnd { round, .. } => Some(Activity::RoundEnd { round }),
        };
        if activity != was {
            self.clock.switch(activity, at);
        }
        if (self.round_end_step(profile)).is_some_and(|step| profile.played_at_once(step)) {
            // A round end always admits a phase played at once.
            let begun = self.clock.begin_together(self.player_count, at);
            debug_assert!(begun.is_ok(), "{begun:?}");
        }
    }
}
