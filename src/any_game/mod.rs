//! The engine for every game described only by its profile (Earth, Rats of Wistar, Terramara,
//! Leviath, a game made in the profile editor): the turn structure and counters the profile
//! names, the clock, and the score sheet scored by [`crate::scoring`].
//!
//! Like TERRAVIST's engine, the state is only ever the replay of [`PlayEvent`]s, and every
//! handler checks before it writes, so a refused event leaves the state exactly as it was.

mod complete;
mod entry;
pub mod event;
pub mod paper;
mod rules;
mod table_step;
mod words;

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::kit::clock::{Activity, Clock};
use crate::kit::clock_event::{ClockEvent, InPlay};
use crate::kit::error::{Period, RuleError};
use crate::kit::game_profile::{GameProfile, Turns};
use crate::kit::turns::{self, AfterTurn};
use crate::scoring::{Scored, ScoringError, SheetInput, WinnerRule};
use crate::session::{EngineEvent, GameSession};
use crate::vocabulary::Seat;
pub use complete::{dummies_missing, sheet_waits};
pub use entry::MAX_DUMMIES;
pub use event::PlayEvent;
pub use table_step::round_start_notes;

/// The profile-driven engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnyGame;

/// A session of a game other than TERRAVIST.
pub type PlaySession = GameSession<AnyGame>;

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayPhase {
    Setup,
    /// `turn` (1-based) of `round` (1-based).
    Playing {
        round: u32,
        turn: u32,
    },
    Over,
}

/// Everything the table tracks in a profile-driven game, derived from the events.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayState {
    pub phase: PlayPhase,
    /// This round's turn order, first player first.
    pub order: Vec<Seat>,
    /// Each seat's side, in a game of sides.
    pub sides: Vec<String>,
    /// Turns in round 1 of a shrinking-rounds game.
    pub first_round_turns: u32,
    /// The game's end was triggered; the round is being finished.
    pub triggered: bool,
    /// The counters' values, in the profile's order.
    pub counters: Vec<i64>,
    /// The score sheet's entries (player names filled in from the setup).
    pub input: SheetInput,
    /// The seats that marked their column of the sheet done.
    pub ready: BTreeSet<Seat>,
    pub clock: Clock,
}

impl EngineEvent for PlayEvent {}

impl PlayState {
    pub fn stage(&self) -> Period {
        match self.phase {
            PlayPhase::Setup => Period::Setup,
            PlayPhase::Playing { .. } => Period::Playing,
            PlayPhase::Over => Period::Over,
        }
    }

    /// A seat's side, in a game of sides, in the profile's words.
    pub fn side_name(&self, profile: &GameProfile, seat: Seat) -> Option<crate::vocabulary::Name> {
        let WinnerRule::Side { sides, .. } = &profile.sheet.winner else {
            return None;
        };
        let id = self.sides.get(seat)?;
        sides.iter().find(|s| &s.id == id).map(|s| s.name.clone())
    }

    /// Who plays each turn of a round, in order.
    pub fn schedule(&self, profile: &GameProfile) -> Vec<Seat> {
        turns::schedule(&profile.turns, &self.order, &self.sides)
    }

    /// Turns in `round`, when the profile fixes them.
    pub fn turns_in_round(&self, profile: &GameProfile, round: u32) -> Option<u32> {
        let len = self.schedule(profile).len();
        turns::turns_in_round(&profile.turns, len, self.first_round_turns, round)
    }

    /// The seat whose turn it is.
    pub fn current_player(&self, profile: &GameProfile) -> Option<Seat> {
        match self.phase {
            PlayPhase::Playing { turn, .. } => {
                let schedule = self.schedule(profile);
                schedule.get((turn as usize - 1) % schedule.len()).copied()
            }
            _ => None,
        }
    }

    /// The sheet as it stands, scored by the profile's rules. What the table state already
    /// knows is filled in here, not kept twice: the last round's turn order (for an "earlier in
    /// turn order" tie-breaker) and each seat's side.
    pub fn scored(&self, profile: &GameProfile) -> Result<Scored, ScoringError> {
        let mut input = self.input.clone();
        for (position, &seat) in self.order.iter().enumerate() {
            input.players[seat].turn_order = Some(position as u32 + 1);
        }
        for (player, side) in input.players.iter_mut().zip(&self.sides) {
            player.side = Some(side.clone());
        }
        crate::scoring::compute(&profile.sheet, &input)
    }

    /// A counter's value by id.
    pub fn counter(&self, profile: &GameProfile, id: &str) -> Option<i64> {
        let index = profile.counters.iter().position(|c| c.id == id)?;
        Some(self.counters[index])
    }

    fn playing(&self) -> Result<(u32, u32), RuleError> {
        match self.phase {
            PlayPhase::Playing { round, turn } => Ok((round, turn)),
            _ => Err(RuleError::NotDuring {
                stage: self.stage(),
            }),
        }
    }

    fn start_turn(&mut self, profile: &GameProfile, round: u32, turn: u32, at: DateTime<Utc>) {
        self.phase = PlayPhase::Playing { round, turn };
        let player = self.current_player(profile).expect("a turn is under way");
        self.clock.switch(
            Some(Activity::PlayerTurn {
                round,
                turn,
                player,
            }),
            at,
        );
    }

    fn end_game(&mut self, at: DateTime<Utc>) {
        self.phase = PlayPhase::Over;
        self.clock.switch(None, at);
    }

    fn follow(
        &mut self,
        profile: &GameProfile,
        next: AfterTurn,
        round: u32,
        turn: u32,
        at: DateTime<Utc>,
    ) {
        match next {
            AfterTurn::NextTurn => self.start_turn(profile, round, turn + 1, at),
            AfterTurn::NextRound => self.start_turn(profile, round + 1, 1, at),
            AfterTurn::GameOver => self.end_game(at),
        }
    }

    fn apply(
        &mut self,
        profile: &GameProfile,
        event: &PlayEvent,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        match event {
            PlayEvent::StartGame => {
                if self.phase != PlayPhase::Setup {
                    return Err(RuleError::AlreadyStarted);
                }
                self.start_turn(profile, 1, 1, at);
            }
            PlayEvent::NextTurn => self.next_turn(profile, at)?,
            PlayEvent::EndRound => {
                let (round, turn) = self.playing()?;
                if !matches!(profile.turns, Turns::RoundsUntil { .. }) {
                    return Err(RuleError::NotInThisGame {
                        action: "play_action.end_round",
                    });
                }
                let next = turns::after_round(&profile.turns, round, self.triggered);
                self.follow(profile, next, round, turn, at);
            }
            PlayEvent::Trigger => {
                self.playing()?;
                if !matches!(profile.turns, Turns::UntilTrigger { .. }) {
                    return Err(RuleError::NotInThisGame {
                        action: "play_action.trigger",
                    });
                }
                if self.triggered {
                    return Err(RuleError::AlreadyTriggered);
                }
                self.triggered = true;
            }
            PlayEvent::SetTurnOrder { order } => self.set_order(profile, order)?,
            PlayEvent::Clock(event) => {
                let playing = self.playing().map(|_| ());
                let game = InPlay {
                    running: playing.clone(),
                    turns: playing,
                    players: self.input.players.len(),
                };
                event.apply(&mut self.clock, game, at)?;
                // A sand timer run out ends the turn as Next does, as a time-out.
                if let ClockEvent::TimeUp { .. } = event {
                    let turn = self.clock.activity();
                    self.next_turn(profile, at)?;
                    self.clock.time_up(turn);
                }
            }
            PlayEvent::AdjustCounter { counter, change } => {
                self.adjust_counter(profile, counter, *change, at)?
            }
            PlayEvent::EndGame { ending } => self.end_by_hand(profile, ending.as_ref(), at)?,
            PlayEvent::SetCell { .. }
            | PlayEvent::SetTie { .. }
            | PlayEvent::SetClaims { .. }
            | PlayEvent::SetBonus { .. }
            | PlayEvent::SetDummies { .. } => entry::apply(&mut self.input, profile, event)?,
            PlayEvent::Ready { player, ready } => {
                if *player >= self.input.players.len() {
                    return Err(RuleError::UnknownPlayer { seat: *player });
                }
                if *ready {
                    self.ready.insert(*player);
                } else {
                    self.ready.remove(player);
                }
            }
        }
        Ok(())
    }

    /// The current turn ends and the next one begins (or the round, or the game, ends).
    fn next_turn(&mut self, profile: &GameProfile, at: DateTime<Utc>) -> Result<(), RuleError> {
        let (round, turn) = self.playing()?;
        let in_round = self.turns_in_round(profile, round);
        let next = turns::after_turn(&profile.turns, in_round, round, turn, self.triggered);
        self.follow(profile, next, round, turn, at);
        Ok(())
    }

    /// Moves a counter by `change` within its bounds; a counter that reaches the value that
    /// ends the game ends it, the way it says.
    fn adjust_counter(
        &mut self,
        profile: &GameProfile,
        counter: &str,
        change: i64,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        self.playing()?;
        let index = (profile.counters.iter())
            .position(|c| c.id == counter)
            .ok_or_else(|| RuleError::UnknownCounter {
                counter: counter.to_string(),
            })?;
        let spec = &profile.counters[index];
        let value = self.counters[index];
        if value.saturating_add(change) < spec.min {
            return Err(RuleError::CounterBelowMin {
                counter: spec.name.clone(),
                value,
                min: spec.min,
            });
        }
        let new = spec.apply(value, change);
        // What this counter has above 0 is counted in another too (Leviath's disaster level
        // +1/+2 puts flood tiles on land squares, which count toward the flood ending).
        let fed = (spec.also_counts_in.as_ref())
            .and_then(|id| profile.counters.iter().position(|c| &c.id == id))
            .map(|target| {
                let more = new.max(0).saturating_sub(value.max(0));
                let spec = &profile.counters[target];
                (target, spec.apply(self.counters[target], more))
            });
        self.counters[index] = new;
        let mut ends = (spec.ends_game_at == Some(new)).then_some(spec);
        if let Some((target, fed)) = fed {
            self.counters[target] = fed;
            let target = &profile.counters[target];
            if ends.is_none() && target.ends_game_at == Some(fed) {
                ends = Some(target);
            }
        }
        if let Some(spec) = ends {
            self.input.ending = spec.ending.clone();
            self.end_game(at);
        }
        Ok(())
    }

    /// The table ends the game; a game of sides says how (one of its endings), any other
    /// game says nothing.
    fn end_by_hand(
        &mut self,
        profile: &GameProfile,
        ending: Option<&String>,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        self.playing()?;
        match (&profile.sheet.winner, ending) {
            (WinnerRule::Side { endings, .. }, Some(ending)) => {
                if endings.iter().all(|e| &e.id != ending) {
                    return Err(RuleError::UnknownEnding {
                        ending: ending.clone(),
                    });
                }
                self.input.ending = Some(ending.clone());
            }
            (WinnerRule::Side { .. }, None) => return Err(RuleError::EndingNeeded),
            (_, Some(ending)) => {
                return Err(RuleError::UnknownEnding {
                    ending: ending.clone(),
                });
            }
            (_, None) => {}
        }
        self.end_game(at);
        Ok(())
    }

    fn set_order(&mut self, profile: &GameProfile, order: &[Seat]) -> Result<(), RuleError> {
        let n = self.order.len();
        let mut sorted = order.to_vec();
        sorted.sort_unstable();
        if sorted != (0..n).collect::<Vec<_>>() {
            return Err(RuleError::BadTurnOrder { players: n });
        }
        match self.phase {
            PlayPhase::Setup => self.order = order.to_vec(),
            // Only before the round's first turn is over: a turn already played stays played.
            PlayPhase::Playing { .. } if !turns::reorders(&profile.turns) => {
                return Err(RuleError::NotInThisGame {
                    action: "play_action.turn_order",
                });
            }
            PlayPhase::Playing { round, turn: 1 } => {
                self.order = order.to_vec();
                let player = self.current_player(profile).expect("a turn is under way");
                // The round's time so far is the new first player's: nobody else has played.
                self.clock.relabel(Activity::PlayerTurn {
                    round,
                    turn: 1,
                    player,
                });
            }
            PlayPhase::Playing { .. } => return Err(RuleError::TurnOrderLocked),
            // The order made after the last round is the one a tie goes by (The Rats of
            // Wistar, `002_…` lines 491-494: the order is updated from the alchemist's hut,
            // then the game is scored, and a tie goes to the player earlier in it).
            PlayPhase::Over if turns::reorders(&profile.turns) => self.order = order.to_vec(),
            PlayPhase::Over => {
                return Err(RuleError::NotDuring {
                    stage: Period::Over,
                });
            }
        }
        Ok(())
    }
}
