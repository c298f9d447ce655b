//! Who plays: the players in seat order, the start player, and what each engine checks of them.

use serde::{Deserialize, Serialize};

use super::Player;
use crate::i18n::Text;
use crate::kit::timer::ClockMode;
use crate::vocabulary::Seat;

/// Who plays, in clockwise seat order, who starts as parent, and how long the rounds are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    pub players: Vec<Player>,
    /// The start player (TERRAVIST's parent).
    pub parent: Seat,
    /// TERRAVIST: turns in round 1 (N); later rounds have fewer, as the profile says.
    /// Other games: turns in round 1 of a shrinking-rounds profile, otherwise unused.
    pub first_round_turns: u32,
    /// In a game of sides (Leviath): each seat's side id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
    /// How the clock counts: up (every game saved before there was a choice), a time bank, or
    /// a sand timer.
    #[serde(default, skip_serializing_if = "is_count_up")]
    pub clock: ClockMode,
}

fn is_count_up(mode: &ClockMode) -> bool {
    *mode == ClockMode::CountUp
}

/// A lineup the profile cannot play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    #[error("this game takes {min} to {max} players, not {got}")]
    PlayerCount { min: usize, max: usize, got: usize },
    #[error("player {seat} has no name")]
    EmptyName { seat: usize },
    #[error("two players are called {name}")]
    DuplicateName { name: String },
    /// A name holds a character that shows nothing, acts, or breaks the line
    /// ([`crate::untrusted::first_hidden`]); `code` names it by its code point, as `U+2028`.
    #[error("player {seat}'s name holds {code}, a character that shows nothing or breaks the line")]
    HiddenCharacter { seat: usize, code: String },
    /// A name longer than any table writes ([`MAX_NAME_CHARS`]): the same limit for every way
    /// a name comes in, so a game the app took is one it reads back from a backup.
    #[error("player {seat}'s name is longer than {max} characters")]
    LongName { seat: usize, max: usize },
    /// A letter of a name carries more marks than a name takes ([`crate::untrusted::MAX_MARKS`]).
    #[error("player {seat}'s name stacks too many marks on one letter")]
    StackedMarks { seat: usize },
    /// Two players' names look alike (UTS #39 confusables: "Aki" and Cyrillic "Аki").
    #[error("{first} and {second} look alike")]
    LookAlike { first: String, second: String },
    #[error("two players have the same colour")]
    DuplicateColour,
    #[error("the parent must be one of the players")]
    ParentOutOfRange,
    #[error("round 1 needs at least {min} turns")]
    TooFewTurns { min: u32 },
    #[error("round 1 takes at most {max} turns")]
    TooManyTurns { max: u32 },
    #[error("{name} plays no side of this game")]
    NoSide { name: String },
    #[error("nobody plays {side}")]
    EmptySide { side: String },
    /// A side the rulebook gives a fixed number of players (Leviath: one monster).
    #[error("{} is played by exactly {players}, not {got}", side.en())]
    SideCount {
        // Boxed: the error travels in every replay's result, kept small.
        side: Box<crate::vocabulary::Name>,
        players: usize,
        got: usize,
    },
    /// The clock mode cannot be played (a damaged or hand-made file).
    #[error("the clock cannot be used: {problem}")]
    Clock {
        problem: crate::kit::timer::ModeError,
    },
    /// The game's profile breaks its own rules (a damaged or hand-made file).
    #[error("the game's profile cannot be used: {problem}")]
    Profile { problem: String },
}

impl LineupError {
    pub fn text(&self) -> Text {
        match self {
            LineupError::PlayerCount { min, max, got } => Text::new("setup_error.player_count")
                .arg("min", min)
                .arg("max", max)
                .arg("got", got),
            LineupError::EmptyName { seat } => {
                Text::new("setup_error.empty_name").arg("seat", seat)
            }
            LineupError::DuplicateName { name } => {
                Text::new("setup_error.duplicate_name").arg("name", name)
            }
            LineupError::HiddenCharacter { seat, code } => {
                Text::new("setup_error.hidden_character")
                    .arg("seat", *seat)
                    .arg("code", code.clone())
            }
            LineupError::LongName { seat, max } => Text::new("setup_error.long_name")
                .arg("seat", *seat)
                .arg("max", *max),
            LineupError::StackedMarks { seat } => {
                Text::new("setup_error.stacked_marks").arg("seat", *seat)
            }
            LineupError::LookAlike { first, second } => Text::new("setup_error.look_alike")
                .arg("first", first.clone())
                .arg("second", second.clone()),
            LineupError::DuplicateColour => Text::new("setup_error.duplicate_colour"),
            LineupError::ParentOutOfRange => Text::new("setup_error.parent_out_of_range"),
            LineupError::TooFewTurns { min } => {
                Text::new("setup_error.too_few_turns").arg("min", min)
            }
            LineupError::TooManyTurns { max } => {
                Text::new("setup_error.too_many_turns").arg("max", max)
            }
            LineupError::NoSide { name } => Text::new("setup_error.no_side").arg("name", name),
            LineupError::EmptySide { side } => {
                Text::new("setup_error.empty_side").arg("side", side)
            }
            LineupError::SideCount { side, players, got } => Text::new("setup_error.side_count")
                .arg_name("side", side)
                .arg("players", players)
                .arg("got", got),
            LineupError::Profile { problem } => {
                Text::new("setup_error.profile").arg("problem", problem)
            }
            LineupError::Clock { problem } => {
                Text::new("setup_error.clock").arg_text("problem", problem.text())
            }
        }
    }
}

/// The longest player name any way in takes (a setup, a paper sheet, a backup), in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// The one rule for the names of a new game's players, in seat order, whichever way they came
/// in (the setup, the phones, a paper sheet): none holds a character that shows nothing or as a
/// blank, none stacks more marks on a letter than a name takes, and no two look alike.
pub fn name_rule(names: &[&str]) -> Result<(), LineupError> {
    use crate::untrusted::{NameProblem, look_alike, name_problem};
    for (seat, name) in names.iter().enumerate() {
        if name.chars().count() > MAX_NAME_CHARS {
            let (seat, max) = (seat + 1, MAX_NAME_CHARS);
            return Err(LineupError::LongName { seat, max });
        }
        match name_problem(name) {
            Some(NameProblem::Hidden(c)) => {
                return Err(LineupError::HiddenCharacter {
                    seat: seat + 1,
                    code: format!("U+{:04X}", u32::from(c)),
                });
            }
            Some(NameProblem::Marks) => return Err(LineupError::StackedMarks { seat: seat + 1 }),
            None => {}
        }
    }
    for (i, first) in names.iter().enumerate() {
        if let Some(second) = names[i + 1..]
            .iter()
            .find(|second| look_alike(first, second))
        {
            return Err(LineupError::LookAlike {
                first: first.trim().to_string(),
                second: second.trim().to_string(),
            });
        }
    }
    Ok(())
}

impl Lineup {
    /// Every name as a new game takes it: none holds a character that shows nothing, acts, or
    /// breaks the line. Checked where names come in (a setup that starts, a paper sheet logged,
    /// a backup imported), not when a saved game is read: a game saved before this check keeps
    /// reading as it was.
    pub fn names_fit(&self) -> Result<(), LineupError> {
        let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        name_rule(&names)
    }

    /// What every game needs: a playable count, names and colours that tell the players
    /// apart, a start player among them.
    pub fn validate_players(&self, min: usize, max: usize) -> Result<(), LineupError> {
        let count = self.players.len();
        if count < min || count > max {
            return Err(LineupError::PlayerCount {
                min,
                max,
                got: count,
            });
        }
        for (seat, player) in self.players.iter().enumerate() {
            let name = player.name.trim();
            if name.is_empty() {
                return Err(LineupError::EmptyName { seat: seat + 1 });
            }
            let clash = self.players[..seat]
                .iter()
                .any(|other| other.name.trim().to_lowercase() == name.to_lowercase());
            if clash {
                return Err(LineupError::DuplicateName {
                    name: name.to_string(),
                });
            }
            if self.players[..seat]
                .iter()
                .any(|o| o.colour == player.colour)
            {
                return Err(LineupError::DuplicateColour);
            }
        }
        if self.parent >= count {
            return Err(LineupError::ParentOutOfRange);
        }
        Ok(())
    }
}
