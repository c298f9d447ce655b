//! TERRAVIST's engine: its [`Profile`], [`Event`] and [`GameState`] behind the [`Rules`] every
//! engine implements, with what the table, the sheet and the history read of its games.

use std::collections::BTreeSet;

/// The most turns round 1 may have: far past any table's (TERRAVIST's rounds have a handful),
/// small enough that turns times players never overflows.
pub const MAX_FIRST_ROUND_TURNS: u32 = 99;

use chrono::{DateTime, Utc};

use super::event::Event;
use super::profile::Profile;
use super::state::{GameState, Phase};
use crate::i18n::{Locale, Text};
use crate::kit::clock::Clock;
use crate::kit::clock_event::ClockEvent;
use crate::kit::error::RuleError;
use crate::kit::game_profile::GameProfile;
use crate::scoring::{CellInput, Points, Scored, ScoringError};
use crate::session::glance::{Glance, Last, Stage};
use crate::session::summary::EntryObjective;
use crate::session::table_step::TableStep;
use crate::session::turn_form::{TurnAction, TurnForm};
use crate::session::{EngineEvent, GameSession, Lineup, LineupError, Record, Rules, Written};
use crate::vocabulary::{Player, Seat};

/// The TERRAVIST engine: [`Profile`], [`Event`], [`GameState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terravist;

/// A TERRAVIST session, the app's first game.
pub type Session = GameSession<Terravist>;

impl EngineEvent for Event {}

impl Rules for Terravist {
    const ENGINE: &'static str = crate::session::FIRST_ENGINE;
    type Profile = Profile;
    type Event = Event;
    type State = GameState;

    fn game(profile: &Profile) -> &GameProfile {
        &profile.game
    }

    fn check_profile(profile: &Profile) -> Result<(), String> {
        profile.validate().map_err(|e| e.to_string())
    }

    /// The players, then round 1's length.
    fn validate_setup(profile: &Profile, setup: &Lineup) -> Result<(), LineupError> {
        setup.validate_players(profile.game.players.min, profile.game.players.max)?;
        if setup.first_round_turns < profile.min_first_round_turns() {
            return Err(LineupError::TooFewTurns {
                min: profile.min_first_round_turns(),
            });
        }
        // A file can say anything: the turn arithmetic counts on a table's figures.
        if setup.first_round_turns > MAX_FIRST_ROUND_TURNS {
            return Err(LineupError::TooManyTurns {
                max: MAX_FIRST_ROUND_TURNS,
            });
        }
        Ok(())
    }

    fn initial(profile: &Profile, setup: &Lineup) -> GameState {
        GameState::new(
            profile,
            setup.players.len(),
            setup.parent,
            setup.first_round_turns,
        )
    }

    fn apply(
        state: &mut GameState,
        profile: &Profile,
        event: &Event,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError> {
        state.apply(profile, event, at)
    }

    fn clock(state: &GameState) -> &Clock {
        &state.clock
    }

    fn in_play(state: &GameState) -> bool {
        matches!(state.phase, Phase::Playing { .. } | Phase::RoundEnd { .. })
    }

    fn next_turn_event() -> Event {
        Event::NextPlayerTurn
    }

    fn clock_event(event: ClockEvent) -> Event {
        Event::Clock(event)
    }

    fn as_clock_event(event: &Event) -> Option<&ClockEvent> {
        match event {
            Event::Clock(event) => Some(event),
            _ => None,
        }
    }

    fn current_player(_profile: &Profile, state: &GameState) -> Option<Seat> {
        state.current_player()
    }

    fn glance(
        profile: &Profile,
        state: &GameState,
        players: &[Player],
        now: DateTime<Utc>,
    ) -> Glance {
        let stage = match state.phase {
            Phase::Setup => Stage::NotStarted,
            // TERRAVIST's table says "Round 2", not "of 3": the round board shows the three.
            Phase::Playing { round, turn, .. } => Stage::Playing {
                round,
                rounds: None,
                turn,
                turns: Some(state.turns_in_round(round)),
            },
            Phase::RoundEnd { round, .. } => Stage::RoundEnd { round },
            Phase::Over => Stage::Over,
        };
        let objective = state.objective_label().map(str::to_string);
        Glance {
            stage,
            players: players.to_vec(),
            current: state.current_player(),
            side: None,
            clock: state.clock.current_elapsed(now),
            parent: Some(state.parent),
            starter: crate::session::glance::Starter::Parent,
            objective,
            totals: (0..players.len())
                .map(|seat| state.clock.player_total(seat, now))
                .collect(),
            paused: state.clock.is_paused(),
            turn_number: state.clock.player_turns_begun,
            step: round_end_step(profile, state.phase),
            last: state.is_last_turn().then_some(Last::Turn),
            timer: Default::default(),
            table_time: false,
            together: None,
            round_start: Vec::new(),
        }
    }

    fn sheet(
        profile: &Profile,
        state: &GameState,
        players: &[Player],
    ) -> Result<Scored, ScoringError> {
        Ok(super::sheet::score(profile, state, players))
    }

    fn from_paper(
        profile: Profile,
        setup: Lineup,
        sheet: &crate::scoring::SheetInput,
        at: DateTime<Utc>,
    ) -> Result<crate::session::GameSession<Terravist>, crate::session::PaperError> {
        super::paper::from_paper(profile, setup, sheet, at)
    }

    fn paper_profile(
        _id: &str,
        embedded: Option<&serde_json::Value>,
        _games: &[crate::kit::game_profile::GameProfile],
    ) -> Result<Profile, crate::i18n::Text> {
        super::paper::paper_profile(embedded)
    }

    fn set_score(player: Seat, part: &str, value: Option<u32>) -> Event {
        Event::SetScore {
            player,
            part: part.to_string(),
            value,
        }
    }

    fn entered(state: &GameState, seat: Seat, part: &str) -> Option<CellInput> {
        let value = state.score_entries.get(&(seat, part.to_string()))?;
        Some(CellInput::Number(Points::whole(i64::from(*value))))
    }

    fn enter_cell(
        profile: &Profile,
        seat: Seat,
        part: &str,
        value: Option<CellInput>,
    ) -> Result<Event, RuleError> {
        let name = (profile.score_part(part).map(|p| p.name.clone())).ok_or_else(|| {
            RuleError::UnknownScorePart {
                part: part.to_string(),
            }
        })?;
        let value = match value {
            None => None,
            Some(CellInput::Counts(_)) => return Err(RuleError::EntryNeedsNumber { part: name }),
            Some(CellInput::Number(n)) if Points::whole(n.floor()) != n => {
                return Err(RuleError::EntryNeedsWhole { part: name });
            }
            Some(CellInput::Number(n)) => Some(
                u32::try_from(n.floor()).map_err(|_| RuleError::EntryNegative { part: name })?,
            ),
        };
        Ok(Event::SetScore {
            player: seat,
            part: part.to_string(),
            value,
        })
    }

    fn ready(state: &GameState) -> &BTreeSet<Seat> {
        &state.ready
    }

    fn ready_event(seat: Seat, ready: bool) -> Event {
        Event::Ready {
            player: seat,
            ready,
        }
    }

    fn sheet_due(state: &GameState) -> bool {
        state.phase == Phase::Over
    }

    fn asked(profile: &Profile, state: &GameState) -> Option<(u32, Option<String>)> {
        let Phase::RoundEnd { round, .. } = state.phase else {
            return None;
        };
        (state.round_end_step(profile) == Some(1))
            .then(|| (round, state.objective_labels[round as usize - 1].clone()))
    }

    fn objective_open(profile: &Profile, state: &GameState) -> Option<(u32, Option<String>)> {
        // Named when its tile is revealed: during the round, or at its end before the
        // results are counted (step 1).
        let round = match state.phase {
            Phase::Playing { round, .. } => round,
            Phase::RoundEnd { round, .. } if state.round_end_step(profile) == Some(1) => round,
            _ => return None,
        };
        Some((round, state.objective_labels[round as usize - 1].clone()))
    }

    fn objective_event(profile: &Profile, state: &GameState, label: &str) -> Option<Event> {
        let (round, _) = Self::objective_open(profile, state)?;
        Some(Event::SetObjective {
            round,
            label: label.to_string(),
        })
    }

    fn answered(state: &GameState, seat: Seat) -> Option<u32> {
        state.answer(seat)
    }

    fn answer_event(seat: Seat, value: Option<u32>) -> Option<Event> {
        Some(Event::EnterResult {
            player: seat,
            result: value,
        })
    }

    fn table_step(profile: &Profile, state: &GameState, players: &[Player]) -> Option<TableStep> {
        super::table_step::table_step(profile, state, players)
    }

    fn step_event(
        profile: &Profile,
        state: &GameState,
        key: &str,
        card: Option<String>,
    ) -> Option<Event> {
        super::table_step::step_event(profile, state, key, card)
    }

    fn late_result_event(state: &GameState, seat: Seat, value: u32) -> Option<(u32, Event)> {
        // The last round whose results step 1 recorded: a phone that was offline then sends
        // its result when it is back, while the table plays on.
        let (index, report) = (state.round_ends.iter().enumerate())
            .rev()
            .find(|(_, report)| report.objective.is_some())?;
        let objective = report.objective.as_ref()?;
        // Only a seat step 1 recorded as missing (its phone was offline): a phone that
        // answered in time does not send a second result (issue 68, case 7).
        if !objective.missing.contains(&seat) {
            return None;
        }
        let recorded = objective.results.get(seat)?;
        let round = index as u32 + 1;
        let event = Event::AmendObjective {
            round,
            player: seat,
            result: value,
        };
        (*recorded != value).then_some((round, event))
    }

    fn turn_form(
        profile: &Profile,
        state: &GameState,
        players: &[Player],
        seat: Seat,
    ) -> Option<TurnForm> {
        super::phone_turn::form(profile, state, players, seat)
    }

    fn turn_action(
        profile: &Profile,
        state: &GameState,
        seat: Seat,
        action: &TurnAction,
        seed: u64,
    ) -> Result<Event, RuleError> {
        super::phone_turn::action(profile, state, seat, action, seed)
    }

    fn writes(event: &Event) -> Option<(Seat, Written<'_>)> {
        match event {
            Event::SetScore { player, part, .. } => Some((*player, Written::Cell(part.as_str()))),
            Event::EnterResult { player, .. } => Some((*player, Written::Result)),
            _ => None,
        }
    }

    fn standing(
        profile: &Profile,
        state: &GameState,
        players: &[Player],
        locale: Locale,
    ) -> String {
        super::narrate::standing_of(profile, state, players, locale)
    }

    fn narrate(
        profile: &Profile,
        after: &GameState,
        players: &[Player],
        records: &[Record<Event>],
        index: usize,
        locale: Locale,
    ) -> Option<String> {
        let narrator = super::narrate::Narrator {
            profile,
            players,
            state: after,
        };
        Some(narrator.record(records, index).render(locale))
    }

    fn round_objectives(state: &GameState) -> Vec<EntryObjective> {
        (state.round_ends.iter().enumerate())
            .filter_map(|(i, report)| {
                report.objective.as_ref().map(|o| EntryObjective {
                    round: i as u32 + 1,
                    label: state.objective_labels[i].clone(),
                    results: o.results.clone(),
                    points: o.points.clone(),
                })
            })
            .collect()
    }
}

impl GameSession<Terravist> {
    /// The score sheet as the game stands: a TERRAVIST sheet can always be scored.
    pub fn sheet(&self) -> Scored {
        super::sheet::score(self.profile(), self.state(), self.players())
    }
}

/// The round-end step the table is on, in words for those away from the window.
fn round_end_step(profile: &Profile, phase: Phase) -> Option<Text> {
    let Phase::RoundEnd { round, step_index } = phase else {
        return None;
    };
    let key = match profile.round_end_steps(round).get(step_index)? {
        1 => "phone.step_objective",
        2 => "phone.step_eggs",
        3 => "phone.step_environment",
        _ => "phone.step_parent",
    };
    Some(Text::new(key).arg("round", round))
}
