//! A game profile: everything the rulebook prints on components, loaded from JSON and validated.
//!
//! A profile is data, not code: round structure, round-board slot points, habitats with their
//! development bonus, dice faces, resource kinds and score-sheet parts. Values the rulebook does
//! not give are wrapped in [`Confirmable`] with a `gap` note, so the app can ask the table to
//! confirm them instead of pretending they are known.

use std::collections::BTreeSet;
mod validate;
pub use validate::MAX_POINTS;

use validate::field_error;

use serde::{Deserialize, Serialize};

use crate::scoring::{PartKind, PartSpec, SheetSpec, WinnerRule};
use crate::turns::Turns;

pub use crate::vocabulary::{Name, PROFILE_FORMAT, PROFILE_VERSION};

/// The TERRAVIST profile shipped inside the binary (also in `profiles/terravist.json`).
pub const TERRAVIST_JSON: &str = include_str!("../../../profiles/terravist.json");

/// A value from the profile that may be a placeholder: `gap` says why the table should confirm it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confirmable<T> {
    pub value: T,
    /// Set when the rulebook does not give this value: what is missing, in a sentence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap: Option<String>,
}

/// How many players the game takes, and how many it plays best with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerCount {
    pub min: usize,
    pub max: usize,
    pub recommended_min: usize,
    pub recommended_max: usize,
}

/// Round structure: `count` rounds, the first with N turns, each later one `turn_decrement` fewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rounds {
    pub count: u32,
    pub default_first_round_turns: u32,
    /// The choices offered at setup (the rulebook recommends 6 or 5).
    pub first_round_turn_choices: Vec<u32>,
    pub min_first_round_turns: u32,
    pub turn_decrement: u32,
}

/// A resource kind (a token, and a die face).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceKind {
    pub id: String,
    pub name: Name,
}

/// A habitat board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Habitat {
    pub id: String,
    pub name: Name,
    /// Smiles at game end for the player who developed this habitat.
    pub development_bonus: Confirmable<u32>,
}

/// One resource die: its six faces, each a resource kind id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub faces: Vec<String>,
}

/// Where a score-sheet part's number comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartSource {
    /// Sum of the Smile values of the player's settled creatures.
    CreatureSmiles,
    /// Entered by the table (position cards).
    Entered,
    /// Sum of the player's round-objective points.
    ObjectivePoints,
    /// Bonuses of the habitats the player developed (pre-filled, editable).
    DevelopmentBonus,
    /// One per egg on the player's creatures.
    Eggs,
    /// One per card tucked under the player's creatures.
    TuckedCards,
}

impl PartSource {
    /// True when the app computes this part from the tracked game (a hand entry is an override).
    pub fn is_derived(self) -> bool {
        !matches!(self, PartSource::Entered)
    }
}

/// One part of the score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePart {
    pub id: String,
    pub name: Name,
    pub source: PartSource,
    /// The largest value a hand entry may take (a typo guard, not a rule).
    pub max_entry: u32,
}

/// What happens to cards tucked under a creature that is discarded at round end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuckedOnDiscard {
    /// They go to the discard pile with it.
    Discard,
}

/// Table rules where the rulebook is silent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseRules {
    /// Does a two-habitat tray card count for both habitats when picking the first habitat?
    pub dual_habitat_counts_both: Confirmable<bool>,
    pub tucked_on_discard: Confirmable<TuckedOnDiscard>,
}

/// A whole game profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub name: Name,
    /// The game's id on BoardGameGeek (see [`crate::any_game::profile::GameProfile::bgg_id`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bgg_id: Option<u32>,
    pub players: PlayerCount,
    pub rounds: Rounds,
    /// Points of each ranked slot on the round board, per round (index 0 = 1st place).
    /// A player whose result is zero takes the bottom slot, worth 0, whatever this says.
    pub slot_points: Confirmable<Vec<Vec<u32>>>,
    /// Round-end steps (1-based) that happen after each round, e.g. `[[1,2,3,4],[1,2,3,4],[1]]`.
    pub round_end_steps: Vec<Vec<u8>>,
    pub resources: Vec<ResourceKind>,
    pub habitats: Vec<Habitat>,
    pub dice: Confirmable<Vec<Die>>,
    pub score_parts: Vec<ScorePart>,
    pub house_rules: HouseRules,
    /// The sheet as the scoring engine reads it (its parts are the `score_parts`, entered from the
    /// tracked game). Profiles written before it existed get the default: every part entered,
    /// highest total wins, a tie shared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<SheetSpec>,
    /// The turn structure in the form every game profile uses; it must agree with `rounds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Turns>,
}

/// A profile file that cannot be used, with the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    #[error("the profile is not valid JSON for a profile: {0}")]
    Parse(String),
    #[error("the profile's field `{field}` is wrong: {problem}")]
    Field { field: String, problem: String },
    #[error("the profile is format version {found}; this build reads up to {supported}")]
    NewerVersion { found: u32, supported: u32 },
}

/// One GAP value the table should confirm, for the setup screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    pub field: String,
    pub note: String,
}

impl Profile {
    /// The TERRAVIST profile built into the binary.
    pub fn terravist() -> Profile {
        Profile::from_json(TERRAVIST_JSON).expect("the embedded TERRAVIST profile is valid")
    }

    /// Parses and validates a profile.
    pub fn from_json(text: &str) -> Result<Profile, ProfileError> {
        // Read the header first, so a newer file says so instead of failing on an unknown field.
        #[derive(Deserialize)]
        struct Header {
            format: Option<String>,
            version: Option<u32>,
        }
        let header: Header =
            serde_json::from_str(text).map_err(|e| ProfileError::Parse(e.to_string()))?;
        if header.format.as_deref() != Some(PROFILE_FORMAT) {
            return Err(field_error(
                "format",
                format!("must be \"{PROFILE_FORMAT}\""),
            ));
        }
        match header.version {
            Some(v) if v > PROFILE_VERSION => {
                return Err(ProfileError::NewerVersion {
                    found: v,
                    supported: PROFILE_VERSION,
                });
            }
            Some(_) => {}
            None => return Err(field_error("version", "is missing")),
        }
        let profile: Profile =
            serde_json::from_str(text).map_err(|e| ProfileError::Parse(e.to_string()))?;
        profile.check()?;
        Ok(profile)
    }

    /// Every check [`Profile::from_json`] makes, on a profile already parsed (one inside a
    /// saved game): the format, the version, then the fields.
    pub fn check(&self) -> Result<(), ProfileError> {
        if self.format != PROFILE_FORMAT {
            return Err(field_error(
                "format",
                format!("must be \"{PROFILE_FORMAT}\""),
            ));
        }
        if self.version > PROFILE_VERSION {
            return Err(ProfileError::NewerVersion {
                found: self.version,
                supported: PROFILE_VERSION,
            });
        }
        self.validate()
    }

    /// Checks every cross-field rule a hand-edited profile could break.
    /// Turns in the given round (1-based) when the first round has `first_round_turns`.
    pub fn turns_in_round(&self, first_round_turns: u32, round: u32) -> u32 {
        first_round_turns.saturating_sub(self.rounds.turn_decrement * (round - 1))
    }

    /// Points of the ranked slot `rank` (1-based) in `round` (1-based); 0 past the last slot.
    pub fn slot_points(&self, round: u32, rank: u32) -> u32 {
        self.slot_points
            .value
            .get(round as usize - 1)
            .and_then(|slots| slots.get(rank as usize - 1))
            .copied()
            .unwrap_or(0)
    }

    pub fn resource(&self, id: &str) -> Option<&ResourceKind> {
        self.resources.iter().find(|r| r.id == id)
    }

    pub fn habitat(&self, id: &str) -> Option<&Habitat> {
        self.habitats.iter().find(|h| h.id == id)
    }

    pub fn habitat_index(&self, id: &str) -> Option<usize> {
        self.habitats.iter().position(|h| h.id == id)
    }

    /// The steps (1..4) of the round end after `round`.
    pub fn round_end_steps(&self, round: u32) -> &[u8] {
        &self.round_end_steps[round as usize - 1]
    }

    /// The sheet the scoring engine reads: the profile's own, or the default for profiles written
    /// before it existed.
    pub fn sheet_spec(&self) -> std::borrow::Cow<'_, SheetSpec> {
        match &self.sheet {
            Some(sheet) => std::borrow::Cow::Borrowed(sheet),
            None => std::borrow::Cow::Owned(SheetSpec {
                parts: self
                    .score_parts
                    .iter()
                    .map(|p| PartSpec {
                        id: p.id.clone(),
                        name: p.name.clone(),
                        kind: PartKind::Entered,
                    })
                    .collect(),
                winner: WinnerRule::Highest {
                    tie_breakers: Vec::new(),
                },
            }),
        }
    }

    /// Every value marked as a GAP, for the table to confirm.
    pub fn gaps(&self) -> Vec<Gap> {
        let mut gaps = Vec::new();
        let mut push = |field: String, gap: &Option<String>| {
            if let Some(note) = gap {
                gaps.push(Gap {
                    field,
                    note: note.clone(),
                });
            }
        };
        push("slot_points".into(), &self.slot_points.gap);
        push("dice".into(), &self.dice.gap);
        for h in &self.habitats {
            push(
                format!("habitats.{}.development_bonus", h.id),
                &h.development_bonus.gap,
            );
        }
        push(
            "house_rules.dual_habitat_counts_both".into(),
            &self.house_rules.dual_habitat_counts_both.gap,
        );
        push(
            "house_rules.tucked_on_discard".into(),
            &self.house_rules.tucked_on_discard.gap,
        );
        gaps
    }
}
