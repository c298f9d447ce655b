//! TERRAVIST's profile: the game profile every game has (name, players, its shrinking rounds, its
//! score sheet), and an [`Extension`] with what only TERRAVIST has (everything the rulebook
//! prints on components: round-board slot points, habitats with their development bonus, dice
//! faces, resource kinds, where each sheet part comes from). Values the rulebook does not give
//! are wrapped in [`Confirmable`] with a `gap` note, so the app can ask the table to confirm them
//! instead of pretending they are known.

mod legacy;
mod validate;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

pub use crate::kit::game_profile::{GameProfile, GapNote, PlayerRange};
use crate::kit::turns::{self, Turns};
pub use crate::vocabulary::{Name, PROFILE_FORMAT, PROFILE_VERSION};
pub use validate::MAX_POINTS;
use validate::field_error;

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

/// What happens to cards tucked under a creature that is discarded at round end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuckedOnDiscard {
    /// They go to the discard pile with it.
    Discard,
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

/// Where one part of the sheet comes from in a tracked TERRAVIST game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartRule {
    pub source: PartSource,
    /// The largest value a hand entry may take (a typo guard, not a rule).
    pub max_entry: u32,
}

/// One part of the score sheet as TERRAVIST's engine reads it: the sheet's part with its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScorePart<'p> {
    pub id: &'p str,
    pub name: &'p Name,
    pub source: PartSource,
    pub max_entry: u32,
}

/// Table rules where the rulebook is silent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseRules {
    /// Does a two-habitat tray card count for both habitats when picking the first habitat?
    pub dual_habitat_counts_both: Confirmable<bool>,
    pub tucked_on_discard: Confirmable<TuckedOnDiscard>,
}

/// What only TERRAVIST's profile has, beside what every game's profile says: the round board's
/// slot points, the round-end steps, the resources and dice, the habitats, where each sheet part
/// comes from, and the house rules. In the file it is the `terravist` object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extension {
    /// The first-round lengths setup offers (the rulebook recommends 6 or 5).
    pub first_round_choices: Vec<u32>,
    /// Points of each ranked slot on the round board, per round (index 0 = 1st place).
    /// A player whose result is zero takes the bottom slot, worth 0, whatever this says.
    pub slot_points: Confirmable<Vec<Vec<u32>>>,
    /// Round-end steps (1-based) that happen after each round, e.g. `[[1,2,3,4],[1,2,3,4],[1]]`.
    pub round_end_steps: Vec<Vec<u8>>,
    /// Round-end steps every player plays at once (TERRAVIST's objective count, step 1): each
    /// player's clock runs from the step's start until they are ready (their result in). A
    /// game saved before there were such steps carries a profile without them: its clocks
    /// replay as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub together_steps: Vec<u8>,
    pub resources: Vec<ResourceKind>,
    pub habitats: Vec<Habitat>,
    pub dice: Confirmable<Vec<Die>>,
    /// Where each part of the sheet comes from, by the part's id.
    pub part_rules: BTreeMap<String, PartRule>,
    pub house_rules: HouseRules,
}

impl Extension {
    /// Each die's kind, as the table tells its dice apart: dice with the same faces are one
    /// kind (the rulebook has 5 resource dice of 4 kinds, rulebook 000, line 153, each made
    /// from one column of the sticker sheet, line 158). Kinds are numbered from 0 in the order
    /// they first appear.
    pub fn die_kinds(&self) -> Vec<usize> {
        let mut kinds: Vec<Vec<&str>> = Vec::new();
        self.dice
            .value
            .iter()
            .map(|die| {
                let mut faces: Vec<&str> = die.faces.iter().map(String::as_str).collect();
                faces.sort_unstable();
                match kinds.iter().position(|k| *k == faces) {
                    Some(kind) => kind,
                    None => {
                        kinds.push(faces);
                        kinds.len() - 1
                    }
                }
            })
            .collect()
    }
}

/// A die kind's letter as the table reads it (0 → A).
pub fn kind_letter(kind: usize) -> String {
    char::from_u32(u32::from(b'A') + kind as u32)
        .filter(|c| c.is_ascii_uppercase())
        .map_or_else(|| (kind + 1).to_string(), String::from)
}

/// TERRAVIST's profile: a game profile like every other game's (name, players, its shrinking
/// rounds, its sheet, its gap notes) with TERRAVIST's own [`Extension`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Profile {
    #[serde(flatten)]
    pub game: GameProfile,
    pub terravist: Extension,
}

impl<'de> Deserialize<'de> for Profile {
    /// Today's layout, or the first one (a profile of its own with `rounds` and `score_parts`),
    /// which every game saved before carries: it is read into today's.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Profile, D::Error> {
        #[derive(Deserialize)]
        struct Current {
            #[serde(flatten)]
            game: GameProfile,
            terravist: Extension,
        }
        /// Which layout, from its keys alone (their values are skipped, not built).
        #[derive(Deserialize)]
        struct Layout {
            terravist: Option<serde::de::IgnoredAny>,
            rounds: Option<serde::de::IgnoredAny>,
        }
        use serde::de::Error;
        // The raw text once, then two fast passes over it, as a saved session is read.
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let layout: Layout = serde_json::from_str(raw.get()).map_err(D::Error::custom)?;
        if layout.terravist.is_none() && layout.rounds.is_some() {
            let first: legacy::FirstLayout =
                serde_json::from_str(raw.get()).map_err(D::Error::custom)?;
            return Ok(first.into());
        }
        let Current { game, terravist } =
            serde_json::from_str(raw.get()).map_err(D::Error::custom)?;
        Ok(Profile { game, terravist })
    }
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

impl ProfileError {
    /// The refusal as a translatable sentence (the JSON parser's own words and a field's
    /// problem stay as they were written).
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            ProfileError::Parse(message) => {
                Text::new("profile_error.parse").arg("message", message)
            }
            ProfileError::Field { field, problem } => Text::new("profile_error.field_said")
                .arg("field", field)
                .arg("problem", problem),
            ProfileError::NewerVersion { found, supported } => Text::new("profile_error.newer")
                .arg("found", found)
                .arg("supported", supported),
        }
    }
}

impl Profile {
    /// The TERRAVIST profile built into the binary.
    pub fn terravist() -> Profile {
        Profile::shipped().clone()
    }

    /// The TERRAVIST profile built into the binary, parsed and checked once: screens read it
    /// while they draw (the settings hold a profile only when the table changed a value).
    pub fn shipped() -> &'static Profile {
        static SHIPPED: std::sync::OnceLock<Profile> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| {
            Profile::from_json(TERRAVIST_JSON).expect("the embedded TERRAVIST profile is valid")
        })
    }

    /// Parses and validates a profile, in today's layout or the first one.
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
        profile.validate()?;
        Ok(profile)
    }

    /// The number of rounds.
    pub fn round_count(&self) -> u32 {
        turns::rounds(&self.game.turns).unwrap_or(1)
    }

    /// Round 1's length when the table does not choose one.
    pub fn default_first_round_turns(&self) -> u32 {
        match self.game.turns {
            Turns::ShrinkingRounds {
                first_round_turns, ..
            } => first_round_turns,
            _ => 1,
        }
    }

    /// The fewest turns round 1 may have so that the last round still has one.
    pub fn min_first_round_turns(&self) -> u32 {
        turns::min_first_round_turns(&self.game.turns).unwrap_or(1)
    }

    /// Turns in the given round (1-based) when the first round has `first_round_turns`.
    pub fn turns_in_round(&self, first_round_turns: u32, round: u32) -> u32 {
        // Every player takes each turn once: one seat's count is the round's length.
        turns::turns_in_round(&self.game.turns, 1, first_round_turns, round).unwrap_or(1)
    }

    /// Points of the ranked slot `rank` (1-based) in `round` (1-based); 0 past the last slot.
    pub fn slot_points(&self, round: u32, rank: u32) -> u32 {
        self.terravist
            .slot_points
            .value
            .get(round as usize - 1)
            .and_then(|slots| slots.get(rank as usize - 1))
            .copied()
            .unwrap_or(0)
    }

    pub fn resource(&self, id: &str) -> Option<&ResourceKind> {
        self.terravist.resources.iter().find(|r| r.id == id)
    }

    pub fn habitat(&self, id: &str) -> Option<&Habitat> {
        self.terravist.habitats.iter().find(|h| h.id == id)
    }

    pub fn habitat_index(&self, id: &str) -> Option<usize> {
        self.terravist.habitats.iter().position(|h| h.id == id)
    }

    /// The steps (1..4) of the round end after `round`.
    pub fn round_end_steps(&self, round: u32) -> &[u8] {
        &self.terravist.round_end_steps[round as usize - 1]
    }

    /// Whether every player plays round-end `step` at once, each on their own clock.
    pub fn played_at_once(&self, step: u8) -> bool {
        self.terravist.together_steps.contains(&step)
    }

    /// The sheet's parts in order, each with where its number comes from. A part the rules do
    /// not name (a profile not yet checked) is entered by hand, up to [`MAX_POINTS`].
    pub fn score_parts(&self) -> impl ExactSizeIterator<Item = ScorePart<'_>> + Clone {
        self.game.sheet.parts.iter().map(|part| {
            let rule = self.terravist.part_rules.get(&part.id);
            ScorePart {
                id: &part.id,
                name: &part.name,
                source: rule.map_or(PartSource::Entered, |r| r.source),
                max_entry: rule.map_or(MAX_POINTS, |r| r.max_entry),
            }
        })
    }

    /// The sheet's part with this id.
    pub fn score_part(&self, id: &str) -> Option<ScorePart<'_>> {
        self.score_parts().find(|part| part.id == id)
    }

    /// Every value the table should confirm: the placeholders of TERRAVIST's components, then
    /// the notes every game's profile may carry (those for the table).
    pub fn gaps(&self) -> Vec<GapNote> {
        let mut gaps = Vec::new();
        let mut push = |field: String, gap: &Option<String>| {
            if let Some(note) = gap {
                gaps.push(GapNote {
                    field,
                    note: note.clone(),
                    note_ja: None,
                    notes: Default::default(),
                    rule: false,
                    when: None,
                });
            }
        };
        let own = &self.terravist;
        push("slot_points".into(), &own.slot_points.gap);
        push("dice".into(), &own.dice.gap);
        for h in &own.habitats {
            push(
                format!("habitats.{}.development_bonus", h.id),
                &h.development_bonus.gap,
            );
        }
        push(
            "house_rules.dual_habitat_counts_both".into(),
            &own.house_rules.dual_habitat_counts_both.gap,
        );
        push(
            "house_rules.tucked_on_discard".into(),
            &own.house_rules.tucked_on_discard.gap,
        );
        gaps.extend(
            self.game
                .gaps
                .iter()
                .filter(|gap| gap.for_the_table())
                .cloned(),
        );
        gaps
    }
}
