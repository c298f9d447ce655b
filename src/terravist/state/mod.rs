//! The state of one game, derived by applying events in order: nothing else changes it.
//!
//! [`GameState::apply`] checks an event against the rules and either changes the state or
//! returns a [`RuleError`] and leaves it exactly as it was (every handler checks before it
//! writes). The parts of the state live in their own modules: [`clock`], [`dice`], [`table`]
//! and [`objective`].

pub mod dice;
mod flow;
mod phase;
pub use phase::Phase;
pub mod objective;
pub mod table;

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::kit::clock::Clock;
use crate::kit::clock_event::{ClockEvent, InPlay};
use crate::kit::error::{Period, RuleError};
use crate::terravist::event::{CardInfo, CreatureId, Event, Seat};
use crate::terravist::profile::Profile;
use dice::DiceBox;
use objective::ObjectiveOutcome;
use table::Table;

/// A token taken from the dice box, and by whom (the current player, if a player-turn is on).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakenToken {
    pub die: usize,
    pub resource: String,
    pub player: Option<Seat>,
    pub round: u32,
}

/// What happened at one round's end.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundEndReport {
    pub objective: Option<ObjectiveOutcome>,
    /// Creatures discarded at step 2 for want of an egg.
    pub discarded: Vec<CreatureId>,
    /// Step 3: `Some(card)` once an environment card was flipped (`card` is its name, if typed).
    pub environment: Option<Option<String>>,
    /// Step 4: the parent after the marker passed.
    pub new_parent: Option<Seat>,
}

/// An environment card played during a turn by an ability (not a round end's flip).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvironmentChange {
    pub round: u32,
    /// The turn of the round, and whose it was; `None` when played during a round end.
    pub turn: Option<u32>,
    pub player: Option<Seat>,
    /// The card's name, if the table typed it.
    pub card: Option<String>,
}

/// Everything the table tracks, derived from the events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub player_count: usize,
    /// Turns in each round (round 1 first).
    pub turns: Vec<u32>,
    pub rounds: u32,
    pub parent: Seat,
    pub phase: Phase,
    pub clock: Clock,
    pub dice: DiceBox,
    pub table: Table,
    pub taken: Vec<TakenToken>,
    /// The label of each round's objective tile, once revealed.
    pub objective_labels: Vec<Option<String>>,
    /// One report per round, filled in as its end goes by.
    pub round_ends: Vec<RoundEndReport>,
    /// Hand entries in the score sheet, by (seat, part id).
    pub score_entries: BTreeMap<(Seat, String), u32>,
    /// The results entered so far on the objective of the round ending (its step 1), by seat.
    pub answers: Vec<Option<u32>>,
    /// The seats that marked their column of the sheet done.
    pub ready: BTreeSet<Seat>,
    /// Environment cards played by abilities, in order.
    #[serde(default)]
    pub environment_changes: Vec<EnvironmentChange>,
}

impl GameState {
    /// The state before any event.
    pub fn new(
        profile: &Profile,
        player_count: usize,
        parent: Seat,
        first_round_turns: u32,
    ) -> GameState {
        let rounds = profile.round_count();
        GameState {
            player_count,
            turns: (1..=rounds)
                .map(|round| profile.turns_in_round(first_round_turns, round))
                .collect(),
            rounds,
            parent,
            phase: Phase::Setup,
            clock: Clock::new(),
            dice: DiceBox::new(profile.terravist.dice.value.len()),
            table: Table::default(),
            taken: Vec::new(),
            objective_labels: vec![None; rounds as usize],
            round_ends: vec![RoundEndReport::default(); rounds as usize],
            score_entries: BTreeMap::new(),
            answers: vec![None; player_count],
            ready: BTreeSet::new(),
            environment_changes: Vec::new(),
        }
    }

    /// `seat`'s result on the objective of the round ending, as entered so far.
    pub fn answer(&self, seat: Seat) -> Option<u32> {
        self.answers.get(seat).copied().flatten()
    }

    /// Whose player-turn it is, if one is under way.
    pub fn current_player(&self) -> Option<Seat> {
        match self.phase {
            Phase::Playing { offset, .. } => Some((self.parent + offset) % self.player_count),
            _ => None,
        }
    }

    /// Turns in `round` (1-based).
    pub fn turns_in_round(&self, round: u32) -> u32 {
        self.turns.get(round as usize - 1).copied().unwrap_or(0)
    }

    /// Is the current turn the last of its round (a creature settled now gets an egg)?
    pub fn is_last_turn(&self) -> bool {
        matches!(self.phase, Phase::Playing { round, turn, .. } if turn == self.turns_in_round(round))
    }

    /// The round-end step now due (1..4), if a round end is under way.
    pub fn round_end_step(&self, profile: &Profile) -> Option<u8> {
        match self.phase {
            Phase::RoundEnd { round, step_index } => {
                profile.round_end_steps(round).get(step_index).copied()
            }
            _ => None,
        }
    }

    /// Applies one event at time `at`, or refuses it and changes nothing.
    pub fn apply(
        &mut self,
        profile: &Profile,
        event: &Event,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let at = self.clock.clamp(at);
        self.apply_checked(profile, event, at)?;
        self.clock.observe(at);
        Ok(())
    }

    /// Checks `event` against the rules and applies it; each handler checks before it writes.
    fn apply_checked(
        &mut self,
        profile: &Profile,
        event: &Event,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        match event {
            // Setup and the flow of turns.
            Event::SetFirstHabitat { habitat } => {
                self.require(&[Period::Setup])?;
                self.table.develop(profile, habitat, None)
            }
            Event::SetObjective { round, label } => self.set_objective(*round, label),
            Event::InitialRoll { dice, source } => {
                self.require(&[Period::Setup, Period::Playing, Period::RoundEnd])?;
                self.dice.initial_roll(profile, dice, *source)
            }
            Event::StartGame => self.start(profile, at),
            Event::NextPlayerTurn => self.next_player_turn(profile, at),
            Event::Clock(event) => {
                let game = InPlay {
                    running: self.require_in_play(),
                    turns: self.require(&[Period::Playing]),
                    players: self.player_count,
                };
                event.apply(&mut self.clock, game, at)?;
                // A sand timer run out ends the turn as Next does, as a time-out.
                if let ClockEvent::TimeUp { .. } = event {
                    let turn = self.clock.activity();
                    self.next_player_turn(profile, at)?;
                    self.clock.time_up(turn);
                }
                Ok(())
            }
            // What a player does in a turn.
            Event::TakeDie { die } => self.take_die(*die),
            Event::Reroll { dice, source } => {
                self.require_in_play()?;
                self.dice.reroll(profile, dice, *source)
            }
            Event::Settle {
                player,
                card,
                habitat,
            } => self.settle(profile, *player, card, habitat),
            Event::StealNiche {
                player,
                target,
                card,
                paid_eggs,
            } => {
                let steal = table::Steal {
                    player: *player,
                    target: *target,
                    card,
                    paid_eggs: paid_eggs.as_deref(),
                };
                self.steal(profile, steal)
            }
            Event::AddEgg { creature } => self
                .require_in_play()
                .and_then(|()| self.table.add_egg(*creature)),
            Event::RemoveEgg { creature } => self
                .require_in_play()
                .and_then(|()| self.table.remove_egg(*creature)),
            Event::TuckCard { creature } => self
                .require_in_play()
                .and_then(|()| self.table.tuck(*creature)),
            Event::DiscardCreature { creature } => self
                .require_in_play()
                .and_then(|()| self.table.discard(*creature)),
            Event::DevelopHabitat { player, habitat } => {
                self.require_in_play()?;
                self.check_player(*player)?;
                self.table.develop(profile, habitat, Some(*player))
            }
            Event::ChangeEnvironment { card } => self.change_environment(card),
            // The round end's steps, in the profile's order.
            Event::EnterResult { player, result } => {
                self.round_end(profile, 1)?;
                self.check_player(*player)?;
                // In a step played at once, a result is its player's Ready (a cleared one
                // takes nothing back: the time they took is what it was).
                if result.is_some() && self.clock.waits_for(*player) {
                    self.clock.ready_together(*player, at)?;
                }
                self.answers[*player] = *result;
                Ok(())
            }
            Event::RecordObjective { results } => self.record_objective(profile, results, at),
            Event::AmendObjective {
                round,
                player,
                result,
            } => self.amend_objective(profile, *round, *player, *result),
            Event::ReturnEggs => self.take_round_end_step(profile, 2, at, |state, round| {
                state.round_ends[round].discarded = state.table.return_eggs();
            }),
            Event::FlipEnvironment { card } => {
                self.take_round_end_step(profile, 3, at, |state, round| {
                    state.round_ends[round].environment = Some(typed_name(card));
                })
            }
            Event::PassParent => self.take_round_end_step(profile, 4, at, |state, round| {
                state.parent = (state.parent + 1) % state.player_count;
                state.round_ends[round].new_parent = Some(state.parent);
            }),
            // The score sheet.
            Event::SetScore {
                player,
                part,
                value,
            } => self.set_score(profile, *player, part, *value),
            Event::Ready { player, ready } => {
                self.check_player(*player)?;
                if *ready {
                    self.ready.insert(*player);
                } else {
                    self.ready.remove(player);
                }
                Ok(())
            }
        }
    }

    /// The game is under way: a player-turn or a round end (abilities that trigger at a
    /// round's end act then, and the clock can be paused in either).
    fn require_in_play(&self) -> Result<(), RuleError> {
        self.require(&[Period::Playing, Period::RoundEnd])
    }

    fn settle(
        &mut self,
        profile: &Profile,
        player: Seat,
        card: &CardInfo,
        habitat: &str,
    ) -> Result<(), RuleError> {
        self.require_in_play()?;
        self.check_player(player)?;
        let (round, last) = (self.round(), self.is_last_turn());
        self.table
            .settle(profile, player, card, habitat, round, last)
            .map(drop)
    }

    fn steal(&mut self, profile: &Profile, steal: table::Steal) -> Result<(), RuleError> {
        self.require_in_play()?;
        self.check_player(steal.player)?;
        let (round, last) = (self.round(), self.is_last_turn());
        self.table.steal(profile, steal, round, last).map(drop)
    }

    /// Round-end step `step` (2: eggs return, 3: environment flips, 4: parent passes), when it
    /// is the step due: `record` writes what happened into the round's end (index `round - 1`),
    /// then the next step (or the next round) begins.
    fn take_round_end_step(
        &mut self,
        profile: &Profile,
        step: u8,
        at: DateTime<Utc>,
        record: impl FnOnce(&mut GameState, usize),
    ) -> Result<(), RuleError> {
        let round = self.round_end(profile, step)?;
        record(self, round as usize - 1);
        self.next_round_end_step(profile, at);
        Ok(())
    }

    fn set_objective(&mut self, round: u32, label: &str) -> Result<(), RuleError> {
        if round == 0 || round > self.rounds {
            return Err(RuleError::UnknownRound { round });
        }
        if label.trim().is_empty() {
            return Err(RuleError::EmptyLabel);
        }
        self.objective_labels[round as usize - 1] = Some(label.trim().to_string());
        Ok(())
    }

    fn start(&mut self, profile: &Profile, at: DateTime<Utc>) -> Result<(), RuleError> {
        if self.phase != Phase::Setup {
            return Err(RuleError::AlreadyStarted);
        }
        let first = Phase::Playing {
            round: 1,
            turn: 1,
            offset: 0,
        };
        self.enter(profile, first, at);
        Ok(())
    }

    fn take_die(&mut self, die: usize) -> Result<(), RuleError> {
        self.require_in_play()?;
        let resource = self.dice.take(die)?;
        self.taken.push(TakenToken {
            die,
            resource,
            player: self.current_player(),
            round: self.round(),
        });
        Ok(())
    }

    fn change_environment(&mut self, card: &Option<String>) -> Result<(), RuleError> {
        self.require_in_play()?;
        let turn = match self.phase {
            Phase::Playing { turn, .. } => Some(turn),
            _ => None,
        };
        self.environment_changes.push(EnvironmentChange {
            round: self.round(),
            turn,
            player: self.current_player(),
            card: typed_name(card),
        });
        Ok(())
    }

    fn record_objective(
        &mut self,
        profile: &Profile,
        results: &[u32],
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let round = self.round_end(profile, 1)?;
        if results.len() != self.player_count {
            return Err(RuleError::ResultsCount {
                expected: self.player_count,
                got: results.len(),
            });
        }
        let mut outcome =
            ObjectiveOutcome::new(results.to_vec(), |rank| profile.slot_points(round, rank));
        // A seat no phone answered for, and that counted as 0: its result may come late.
        outcome.missing = (0..self.player_count)
            .filter(|&seat| self.answer(seat).is_none() && results[seat] == 0)
            .collect();
        self.round_ends[round as usize - 1].objective = Some(outcome);
        self.answers = vec![None; self.player_count];
        self.next_round_end_step(profile, at);
        Ok(())
    }

    /// A late result for `round`'s objective (see [`Event::AmendObjective`]): the round's
    /// results with it, ranked and scored again as step 1 would have.
    fn amend_objective(
        &mut self,
        profile: &Profile,
        round: u32,
        player: Seat,
        result: u32,
    ) -> Result<(), RuleError> {
        self.check_player(player)?;
        let recorded = (round.checked_sub(1))
            .and_then(|r| self.round_ends.get(r as usize))
            .and_then(|report| report.objective.as_ref());
        let Some(recorded) = recorded else {
            return Err(RuleError::UnknownRound { round });
        };
        let mut results = recorded.results.clone();
        results[player] = result;
        let mut missing = recorded.missing.clone();
        missing.retain(|&seat| seat != player);
        let mut outcome = ObjectiveOutcome::new(results, |rank| profile.slot_points(round, rank));
        outcome.missing = missing;
        self.round_ends[round as usize - 1].objective = Some(outcome);
        Ok(())
    }

    /// Sets (or, with `None`, clears) a player's entry in a score part, within its limit.
    fn set_score(
        &mut self,
        profile: &Profile,
        player: Seat,
        part: &str,
        value: Option<u32>,
    ) -> Result<(), RuleError> {
        self.check_player(player)?;
        let Some(score_part) = profile.score_part(part) else {
            return Err(RuleError::UnknownScorePart {
                part: part.to_string(),
            });
        };
        match value {
            Some(v) if v > score_part.max_entry => Err(RuleError::ScoreTooHigh {
                part: score_part.name.clone(),
                value: v,
                max: score_part.max_entry,
            }),
            Some(v) => {
                self.score_entries.insert((player, part.to_string()), v);
                Ok(())
            }
            None => {
                self.score_entries.remove(&(player, part.to_string()));
                Ok(())
            }
        }
    }

    /// The current round (1-based); 0 before the game starts, the last round after it ends.
    /// The current round's objective, once the table typed it.
    pub fn objective_label(&self) -> Option<&str> {
        let round = self.round().max(1) as usize;
        self.objective_labels.get(round - 1)?.as_deref()
    }

    pub fn round(&self) -> u32 {
        match self.phase {
            Phase::Setup => 0,
            Phase::Playing { round, .. } | Phase::RoundEnd { round, .. } => round,
            Phase::Over => self.rounds,
        }
    }

    fn require(&self, stages: &[Period]) -> Result<(), RuleError> {
        let stage = self.phase.stage();
        if stages.contains(&stage) {
            Ok(())
        } else {
            Err(RuleError::NotDuring { stage })
        }
    }

    fn check_player(&self, seat: Seat) -> Result<(), RuleError> {
        if seat < self.player_count {
            Ok(())
        } else {
            Err(RuleError::UnknownPlayer { seat })
        }
    }
}

/// A name the table typed, trimmed; nothing when it was left empty.
fn typed_name(name: &Option<String>) -> Option<String> {
    name.as_ref()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
}
