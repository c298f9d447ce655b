//! How the profile-driven engine answers the session's [`Rules`]: its profile and setup
//! checks, its first state, each event applied, and what the table, the phones and the sheet
//! read off a [`PlayState`]. The state's own rules (what each event does) are in the parent.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use super::{AnyGame, PlayEvent, PlayPhase, PlaySession, PlayState, paper, table_step, words};
use crate::i18n::{Locale, Text};
use crate::kit::clock::Clock;
use crate::kit::clock_event::ClockEvent;
use crate::kit::error::RuleError;
use crate::kit::game_profile::{GameProfile, Turns};
use crate::kit::turns;
use crate::scoring::{
    CellInput, PlayerInput, Points, Scored, ScoringError, SheetInput, WinnerRule,
};
use crate::session::glance::{self, Glance, Last};
use crate::session::{Lineup, LineupError, Rules, Written};
use crate::vocabulary::{Player, Seat};

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
            round_start: table_step::round_start_notes(profile, state),
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

    fn sheet_waits(profile: &GameProfile, state: &PlayState) -> Option<crate::i18n::Text> {
        super::sheet_waits(profile, state)
    }

    fn with_variants(profile: GameProfile, ids: &[String]) -> Result<GameProfile, Text> {
        profile.with_variants(ids).map_err(|error| error.text())
    }

    fn paper_profile(
        id: &str,
        _embedded: Option<&serde_json::Value>,
        games: &[GameProfile],
    ) -> Result<GameProfile, Text> {
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

    fn writes(event: &PlayEvent) -> Option<(Seat, Written<'_>)> {
        match event {
            PlayEvent::SetCell { player, part, .. } => Some((*player, Written::Cell(part))),
            PlayEvent::SetTie {
                player, breaker, ..
            } => Some((*player, Written::Tie(breaker))),
            _ => None,
        }
    }

    fn tie_value(state: &PlayState, seat: Seat, breaker: &str) -> Option<i64> {
        (state.input.column(seat)).and_then(|column| column.tie.get(breaker).copied())
    }

    fn tie_event(seat: Seat, breaker: &str, value: Option<i64>) -> Option<PlayEvent> {
        Some(PlayEvent::SetTie {
            player: seat,
            breaker: breaker.to_string(),
            value,
        })
    }

    fn sides(state: &PlayState) -> &[String] {
        &state.sides
    }

    fn ending(state: &PlayState) -> Option<String> {
        state.input.ending.clone()
    }
}
