//! The setup's clock: the mode the game is played to, remembered per game (the game's profile
//! may name a default): count up with the turn-time target, a time bank (its size per player,
//! and per turn an increment or a delay), or a sand timer (its length, and whether the turn
//! ends by itself at zero). The window's clock panel (`gui/screen/setup/clock.rs`) edits it.

use super::Setup;
use crate::kit::game_profile::GameProfile;
use crate::kit::timer::{ClockMode, Extra};
use crate::settings::Settings;

/// The three kinds of clock, as the panel's first row offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    CountUp,
    Bank,
    Sand,
}

/// What the clock panel asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum ClockMessage {
    Kind(Kind),
    BankMinutes(i64),
    Extra(Extra),
    SandSeconds(i64),
    SandEnds(bool),
    /// A player's handicap, in whole minutes, added to (or, negative, taken from) their bank.
    Handicap(usize, i64),
}

pub(crate) const SECOND: i64 = 1000;
pub(crate) const MINUTE: i64 = 60 * SECOND;

/// The game's id as the settings remember its clock (TERRAVIST's is "terravist").
pub fn game_key(game: Option<&GameProfile>) -> String {
    game.map_or_else(
        || crate::session::FIRST_ENGINE.to_string(),
        |g| g.id.clone(),
    )
}

/// The mode a game starts with: the one last played to, else its profile's, else count up.
/// A remembered mode that cannot be played (a settings file or a profile edited by hand) is
/// passed over: setup's steppers count on its figures being a table's.
pub fn remembered(settings: &Settings, game: Option<&GameProfile>) -> ClockMode {
    let playable = |mode: &ClockMode| mode.check(1).is_ok();
    (settings.clock_modes.get(&game_key(game)).cloned())
        .filter(playable)
        .or_else(|| game.and_then(|g| g.clock.clone()).filter(playable))
        .unwrap_or_default()
}

impl Setup {
    pub fn clock_update(&mut self, message: ClockMessage) {
        if let ClockMessage::Handicap(seat, minutes) = message {
            let least = self.least_handicap();
            if let Some(player) = self.players.get_mut(seat) {
                // max then min, not clamp: clamp panics when its bounds cross.
                player.handicap_min = minutes.max(least).min(MAX_HANDICAP_MIN);
            }
            return;
        }
        self.clock = match (message, &self.clock) {
            (ClockMessage::Kind(Kind::CountUp), _) => ClockMode::CountUp,
            (ClockMessage::Kind(Kind::Bank), ClockMode::Bank { .. }) => self.clock.clone(),
            (ClockMessage::Kind(Kind::Bank), _) => ClockMode::Bank {
                bank_ms: 20 * MINUTE,
                handicap_ms: Vec::new(),
                extra: Extra::Increment { ms: 10 * SECOND },
            },
            (ClockMessage::Kind(Kind::Sand), ClockMode::Sand { .. }) => self.clock.clone(),
            (ClockMessage::Kind(Kind::Sand), _) => ClockMode::Sand {
                turn_ms: MINUTE,
                ends_turn: false,
            },
            (ClockMessage::BankMinutes(minutes), ClockMode::Bank { extra, .. }) => {
                ClockMode::Bank {
                    bank_ms: minutes * MINUTE,
                    handicap_ms: Vec::new(),
                    extra: *extra,
                }
            }
            (ClockMessage::Extra(extra), ClockMode::Bank { bank_ms, .. }) => ClockMode::Bank {
                bank_ms: *bank_ms,
                handicap_ms: Vec::new(),
                extra,
            },
            (ClockMessage::SandSeconds(secs), ClockMode::Sand { ends_turn, .. }) => {
                ClockMode::Sand {
                    turn_ms: secs * SECOND,
                    ends_turn: *ends_turn,
                }
            }
            (ClockMessage::SandEnds(ends_turn), ClockMode::Sand { turn_ms, .. }) => {
                ClockMode::Sand {
                    turn_ms: *turn_ms,
                    ends_turn,
                }
            }
            _ => self.clock.clone(),
        };
        // A smaller bank chosen after a handicap: every player keeps at least a minute.
        if let ClockMode::Bank { .. } = self.clock {
            let least = self.least_handicap();
            for player in &mut self.players {
                player.handicap_min = player.handicap_min.max(least);
            }
        }
    }

    /// The smallest handicap, in minutes: never a bank of nothing, at least a minute left to
    /// every player.
    fn least_handicap(&self) -> i64 {
        let bank_minutes = match self.clock {
            ClockMode::Bank { bank_ms, .. } => bank_ms / MINUTE,
            _ => 0,
        };
        1 - bank_minutes
    }

    /// The mode the game starts with: a bank carries each seat's handicap (in seat order, as
    /// the players stand now), when anyone has one.
    pub fn clock_with_handicaps(&self) -> ClockMode {
        let mut mode = self.clock.without_handicaps();
        if let ClockMode::Bank { handicap_ms, .. } = &mut mode
            && self.players.iter().any(|p| p.handicap_min != 0)
        {
            *handicap_ms = (self.players.iter())
                .map(|p| p.handicap_min * MINUTE)
                .collect();
        }
        mode
    }
}

/// The largest handicap a player may be given, in minutes.
const MAX_HANDICAP_MIN: i64 = 60;
