//! The engine for every game described only by its profile (Earth, Rats of Wistar, Terramara,
//! Leviath, a game made in the profile editor): the turn structure and counters the profile
//! names, the clock, and the score sheet scored by [`crate::scoring`].
//!
//! Like TERRAVIST's engine, the state is only ever the replay of [`PlayEvent`]s, and every
//! handler checks before it writes, so a refused event leaves the state exactly as it was.

mod entry;
pub mod event;
pub mod paper;
mod table_step;
mod words;

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::i18n::Locale;
use crate::kit::clock::{Activity, Clock};
use crate::kit::clock_event::{ClockEvent, InPlay};
use crate::kit::error::{Period, RuleError};
use crate::kit::game_profile::{GameProfile, Turns};
use crate::kit::turns::{self, AfterTurn};
use crate::scoring::{CellInput, Points};
use crate::scoring::{PlayerInput, Scored, ScoringError, SheetInput, WinnerRule};
use crate::session::glance::{self, Glance, Last};
use crate::session::{EngineEvent, GameSession, Lineup, LineupError, Rules};
use crate::vocabulary::{Player, Seat};
pub use event::PlayEvent;

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

impl Rules for AnyGame {
    const ENGINE: &'static str = "profile";
    type Profile = GameProfile;
    type Event = PlayEvent;
    type State = PlayState;

    fn game(profile: &GameProfile) -> &GameProfile {
        profile
    }

    fn check_profile(profile: &GameProfile) -> Result<(), String> {
        profile.validate().map_err(|e| e.to_string())
    }

    fn validate_setup(profile: &GameProfile, setup: &Lineup) -> Result<(), LineupError> {
        setup.validate_players(profile.players.min, profile.players.max)?;
        if let WinnerRule::Side { sides, .. } = &profile.sheet.winner {
            for (seat, player) in setup.players.iter().enumerate() {
                let side = setup.sides.get(seat);
                if !side.is_some_and(|side| sides.iter().any(|s| &s.id == side)) {
                    return Err(LineupError::NoSide {
                        name: player.name.clone(),
                    });
                }
            }
            if let Some(empty) = sides.iter().find(|s| !setup.sides.contains(&s.id)) {
                return Err(LineupError::EmptySide {
                    side: empty.name.en().to_string(),
                });
            }
            for side in sides {
                let got = setup.sides.iter().filter(|s| **s == side.id).count();
                if let Some(players) = side.players.filter(|&p| p != got) {
                    return Err(LineupError::SideCount {
                        side: Box::new(side.name.clone()),
                        players,
                        got,
                    });
                }
            }
        }
        Ok(())
    }

    fn initial(profile: &GameProfile, setup: &Lineup) -> PlayState {
        let n = setup.players.len();
        let first_round_turns = match profile.turns {
            Turns::ShrinkingRounds {
                first_round_turns, ..
            } if setup.first_round_turns == 0 => first_round_turns,
            _ => setup.first_round_turns,
        };
        PlayState {
            phase: PlayPhase::Setup,
            order: (0..n).map(|i| (setup.parent + i) % n).collect(),
            sides: setup.sides.clone(),
            first_round_turns,
            triggered: false,
            counters: profile.counters.iter().map(|c| c.start).collect(),
            input: SheetInput {
                players: setup
                    .players
                    .iter()
                    .map(|p| PlayerInput {
                        name: p.name.clone(),
                        ..PlayerInput::default()
                    })
                    .collect(),
                // Gaia's column in Earth's solo game (rulebook 001, lines 272-306).
                opponent: (profile.sheet.opponent_for(n)).map(|o| PlayerInput {
                    name: o.name.en().to_string(),
                    ..PlayerInput::default()
                }),
                ..SheetInput::default()
            },
            ready: BTreeSet::new(),
            clock: Clock::new(),
        }
    }

    fn apply(
        state: &mut PlayState,
        profile: &GameProfile,
        event: &PlayEvent,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        let at = state.clock.clamp(at);
        state.apply(profile, event, at)?;
        state.clock.observe(at);
        Ok(())
    }

    fn clock(state: &PlayState) -> &Clock {
        &state.clock
    }

    fn in_play(state: &PlayState) -> bool {
        matches!(state.phase, PlayPhase::Playing { .. })
    }

    fn next_turn_event() -> PlayEvent {
        PlayEvent::NextTurn
    }

    fn clock_event(event: ClockEvent) -> PlayEvent {
        PlayEvent::Clock(event)
    }

    fn as_clock_event(event: &PlayEvent) -> Option<&ClockEvent> {
        match event {
            PlayEvent::Clock(event) => Some(event),
            _ => None,
        }
    }

    fn table_step(
        profile: &GameProfile,
        state: &PlayState,
        _players: &[Player],
    ) -> Option<crate::session::table_step::TableStep> {
        table_step::table_step(profile, state)
    }

    fn step_event(
        profile: &GameProfile,
        state: &PlayState,
        key: &str,
        _card: Option<String>,
    ) -> Option<PlayEvent> {
        table_step::step_event(profile, state, key)
    }

    fn order_choice(
        profile: &GameProfile,
        state: &PlayState,
    ) -> Option<crate::session::table_step::OrderChoice> {
        table_step::order_choice(profile, state)
    }

    fn order_event(order: &[Seat]) -> Option<PlayEvent> {
        Some(PlayEvent::SetTurnOrder {
            order: order.to_vec(),
        })
    }

    fn end_choices(
        profile: &GameProfile,
        state: &PlayState,
    ) -> Vec<crate::session::table_step::EndChoice> {
        table_step::end_choices(profile, state)
    }

    fn end_event(profile: &GameProfile, state: &PlayState, id: Option<&str>) -> Option<PlayEvent> {
        let offered = table_step::end_choices(profile, state);
        (offered.iter().any(|c| c.id.as_deref() == id)).then(|| PlayEvent::EndGame {
            ending: id.map(str::to_string),
        })
    }

    fn counters(
        profile: &GameProfile,
        state: &PlayState,
    ) -> Vec<crate::session::table_step::CounterNow> {
        table_step::counters(profile, state)
    }

    fn counter_event(id: &str, change: i64) -> Option<PlayEvent> {
        Some(PlayEvent::AdjustCounter {
            counter: id.to_string(),
            change,
        })
    }

    fn shared_parts(
        profile: &GameProfile,
        state: &PlayState,
    ) -> Vec<crate::session::table_step::SharedPart> {
        table_step::shared_parts(profile, state)
    }

    fn shared_event(
        profile: &GameProfile,
        entry: &crate::session::table_step::SharedEntry,
    ) -> Option<PlayEvent> {
        table_step::shared_event(profile, entry)
    }

    fn current_player(profile: &GameProfile, state: &PlayState) -> Option<Seat> {
        state.current_player(profile)
    }

    fn glance(
        profile: &GameProfile,
        state: &PlayState,
        players: &[Player],
        now: DateTime<Utc>,
    ) -> Glance {
        let stage = match state.phase {
            PlayPhase::Setup => glance::Stage::NotStarted,
            PlayPhase::Playing { round, turn } => glance::Stage::Playing {
                round,
                rounds: turns::rounds(&profile.turns),
                turn,
                turns: state.turns_in_round(profile, round),
            },
            PlayPhase::Over => glance::Stage::Over,
        };
        let current = state.current_player(profile);
        Glance {
            stage,
            players: players.to_vec(),
            current,
            side: current.and_then(|seat| state.side_name(profile, seat)),
            clock: state.clock.current_elapsed(now),
            // Who plays the round's first turn starts it: the first of the round's order, or
            // in a game that alternates sides the first of the other side (Leviath's monster
            // never starts).
            parent: (state.phase != PlayPhase::Over)
                .then(|| state.schedule(profile).first().copied())
                .flatten(),
            starter: glance::Starter::StartPlayer,
            objective: None,
            totals: (0..players.len())
                .map(|seat| state.clock.player_total(seat, now))
                .collect(),
            paused: state.clock.is_paused(),
            turn_number: state.clock.player_turns_begun,
            step: None,
            // "This round is the last" while it is played, not once the game is over.
            last: (state.triggered && matches!(state.phase, PlayPhase::Playing { .. }))
                .then_some(Last::Round),
            timer: Default::default(),
            table_time: false,
            together: None,
        }
    }

    fn sheet(
        profile: &GameProfile,
        state: &PlayState,
        _players: &[Player],
    ) -> Result<Scored, ScoringError> {
        state.scored(profile)
    }

    fn from_paper(
        profile: GameProfile,
        setup: Lineup,
        sheet: &crate::scoring::SheetInput,
        at: DateTime<Utc>,
    ) -> Result<PlaySession, crate::session::PaperError> {
        paper::from_paper(profile, setup, sheet, at)
    }

    fn paper_profile(
        id: &str,
        _embedded: Option<&serde_json::Value>,
        games: &[GameProfile],
    ) -> Result<GameProfile, String> {
        paper::paper_profile(id, games)
    }

    fn set_score(player: Seat, part: &str, value: Option<u32>) -> PlayEvent {
        PlayEvent::SetCell {
            player,
            part: part.to_string(),
            value: value.map(|v| CellInput::Number(Points::whole(v.into()))),
        }
    }

    fn standing(
        profile: &GameProfile,
        state: &PlayState,
        players: &[Player],
        locale: Locale,
    ) -> String {
        words::standing(profile, state, players, locale)
    }

    fn narrate(
        profile: &GameProfile,
        after: &PlayState,
        players: &[Player],
        records: &[crate::session::Record<PlayEvent>],
        index: usize,
        locale: Locale,
    ) -> Option<String> {
        words::narrate(profile, after, players, records, index, locale)
    }

    fn entered(state: &PlayState, seat: Seat, part: &str) -> Option<CellInput> {
        // The seat after the players' is the opponent's column (Gaia's).
        state.input.column(seat)?.parts.get(part).cloned()
    }

    fn enter_cell(
        _profile: &GameProfile,
        seat: Seat,
        part: &str,
        value: Option<CellInput>,
    ) -> Result<PlayEvent, RuleError> {
        Ok(PlayEvent::SetCell {
            player: seat,
            part: part.to_string(),
            value,
        })
    }

    fn ready(state: &PlayState) -> &BTreeSet<Seat> {
        &state.ready
    }

    fn ready_event(seat: Seat, ready: bool) -> PlayEvent {
        PlayEvent::Ready {
            player: seat,
            ready,
        }
    }

    fn sheet_due(state: &PlayState) -> bool {
        state.phase == PlayPhase::Over
    }

    fn writes(event: &PlayEvent) -> Option<(Seat, Option<&str>)> {
        match event {
            PlayEvent::SetCell { player, part, .. } => Some((*player, Some(part.as_str()))),
            _ => None,
        }
    }

    fn sides(state: &PlayState) -> &[String] {
        &state.sides
    }

    fn ending(state: &PlayState) -> Option<String> {
        state.input.ending.clone()
    }
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
