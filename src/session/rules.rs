//! The engines a session can run on: what each one's profile, events and state are, and how an
//! event changes the state. TERRAVIST's engine is here; the other games' is [`crate::any_game`].

use std::fmt::Debug;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Setup, SetupError};
use crate::clock::Clock;
use crate::error::RuleError;
use crate::game_profile::GameProfile;
use crate::terravist::event::Event;
use crate::terravist::profile::Profile;
use crate::terravist::state::GameState;
use crate::terravist::state::Phase;

/// A game engine: what its profile, events and state are, and how an event changes the state.
/// `apply` must check before it writes: a refused event leaves the state exactly as it was.
pub trait Rules: Debug + Clone + PartialEq + 'static {
    /// Written in saved files so a reader knows which engine replays them.
    const ENGINE: &'static str;
    type Profile: Debug + Clone + PartialEq + Serialize + DeserializeOwned;
    type Event: Debug + Clone + PartialEq + Serialize + DeserializeOwned;
    type State: Debug + Clone;

    /// What every game's profile says (name, players, turns, sheet): each engine's profile is
    /// one, TERRAVIST's with a part of its own.
    fn game(profile: &Self::Profile) -> &GameProfile;
    /// Checks the profile as strictly as a profile file is checked (a session or a journal
    /// carries its own, which a damaged or hand-made file may have broken).
    fn check_profile(profile: &Self::Profile) -> Result<(), String>;
    fn validate_setup(profile: &Self::Profile, setup: &Setup) -> Result<(), SetupError>;
    fn initial(profile: &Self::Profile, setup: &Setup) -> Self::State;
    fn apply(
        state: &mut Self::State,
        profile: &Self::Profile,
        event: &Self::Event,
        at: DateTime<Utc>,
    ) -> Result<(), RuleError>;
    /// The game's clock.
    fn clock(state: &Self::State) -> &Clock;
    /// Whether the game is under way (started, not over): the time when clocks can run.
    fn in_play(state: &Self::State) -> bool;
    fn pause_event() -> Self::Event;
    fn resume_event() -> Self::Event;

    /// Whether the clocks are running now.
    fn running(state: &Self::State) -> bool {
        Self::in_play(state) && !Self::clock(state).is_paused()
    }

    /// Pause when running, resume when paused.
    fn toggle_pause(state: &Self::State) -> Self::Event {
        if Self::clock(state).is_paused() {
            Self::resume_event()
        } else {
            Self::pause_event()
        }
    }

    /// If the clocks are running: the event that pauses them, at the last event's time (a
    /// game reopened after a crash counts the closed time as paused).
    fn pause_if_running(state: &Self::State) -> Option<(Self::Event, DateTime<Utc>)> {
        Self::running(state)
            .then(|| Self::clock(state).last_event_at())
            .flatten()
            .map(|at| (Self::pause_event(), at))
    }
}

/// The TERRAVIST engine: [`Profile`], [`Event`], [`GameState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terravist;

impl Rules for Terravist {
    const ENGINE: &'static str = "terravist";
    type Profile = Profile;
    type Event = Event;
    type State = GameState;

    fn game(profile: &Profile) -> &GameProfile {
        &profile.game
    }

    fn check_profile(profile: &Profile) -> Result<(), String> {
        profile.validate().map_err(|e| e.to_string())
    }

    fn validate_setup(profile: &Profile, setup: &Setup) -> Result<(), SetupError> {
        setup.validate(profile)
    }

    fn initial(profile: &Profile, setup: &Setup) -> GameState {
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

    fn pause_event() -> Event {
        Event::Pause
    }

    fn resume_event() -> Event {
        Event::Resume
    }
}
