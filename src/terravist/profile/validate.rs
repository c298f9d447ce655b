//! Checking a TERRAVIST profile field by field: what serde cannot (ids, references between
//! fields, the numbers the rules need), each refusal naming the field.

use std::fmt;

use super::*;
use crate::kit::game_profile::GameProfileError;
use crate::scoring::{PartKind, Problem, WinnerRule};

pub(super) fn field_error(field: impl Into<String>, problem: impl fmt::Display) -> ProfileError {
    ProfileError::Field {
        field: field.into(),
        problem: problem.to_string(),
    }
}

/// The largest number of points a profile may give for one thing (a slot, a bonus, a hand
/// entry). No board game comes near it; the bound keeps every sum on the sheet far from `u32::MAX`.
pub const MAX_POINTS: u32 = 1_000_000;

impl Profile {
    /// Every check [`Profile::from_json`] makes, also on a profile already parsed (one inside a
    /// saved game): what every game's profile must be (format, version, players, sheet, turns),
    /// then what TERRAVIST's engine needs of its extension.
    pub fn validate(&self) -> Result<(), ProfileError> {
        self.game.validate().map_err(from_game_error)?;
        if !matches!(self.game.turns, Turns::ShrinkingRounds { .. }) {
            return Err(field_error(
                "turns",
                "TERRAVIST's turns are shrinking rounds (\"structure\": \"shrinking_rounds\")",
            ));
        }
        self.validate_point_values()?;
        self.validate_rounds()?;
        self.validate_components()?;
        self.validate_parts()
    }

    /// The lists kept per round, and the first-round lengths setup offers.
    fn validate_rounds(&self) -> Result<(), ProfileError> {
        let own = &self.terravist;
        let rounds = self.round_count();
        let min = self.min_first_round_turns();
        if let Some(bad) = own.first_round_choices.iter().find(|&&n| n < min) {
            return Err(field_error(
                "terravist.first_round_choices",
                format!("{bad} leaves the last round with no turn (round 1 needs at least {min})"),
            ));
        }
        if own.slot_points.value.len() != rounds as usize {
            return Err(field_error(
                "terravist.slot_points",
                format!("needs one list per round ({rounds} rounds)"),
            ));
        }
        if let Some(i) = own.slot_points.value.iter().position(Vec::is_empty) {
            return Err(field_error(
                format!("terravist.slot_points[{i}]"),
                "is empty",
            ));
        }
        if own.round_end_steps.len() != rounds as usize {
            return Err(field_error(
                "terravist.round_end_steps",
                format!("needs one list per round ({rounds} rounds)"),
            ));
        }
        for (i, steps) in own.round_end_steps.iter().enumerate() {
            let increasing = steps.windows(2).all(|w| w[0] < w[1]);
            if steps.first() != Some(&1) || !increasing || steps.iter().any(|&s| s > 4) {
                return Err(field_error(
                    format!("terravist.round_end_steps[{i}]"),
                    "must start with step 1 and list steps 1..4 in increasing order",
                ));
            }
        }
        if own.together_steps.iter().any(|s| !(1..=4).contains(s)) {
            return Err(field_error(
                "terravist.together_steps",
                "names round-end steps, 1..4",
            ));
        }
        Ok(())
    }

    /// Resources, habitats and dice: ids unique, faces naming resources.
    fn validate_components(&self) -> Result<(), ProfileError> {
        let own = &self.terravist;
        unique_ids(
            "terravist.resources",
            own.resources.iter().map(|r| r.id.as_str()),
        )?;
        unique_ids(
            "terravist.habitats",
            own.habitats.iter().map(|h| h.id.as_str()),
        )?;
        if own.resources.is_empty() {
            return Err(field_error("terravist.resources", "is empty"));
        }
        if own.habitats.is_empty() {
            return Err(field_error("terravist.habitats", "is empty"));
        }
        for (d, die) in own.dice.value.iter().enumerate() {
            let at = format!("terravist.dice[{d}].faces");
            if die.faces.is_empty() {
                return Err(field_error(at, "is empty"));
            }
            if let Some(face) = die.faces.iter().find(|f| self.resource(f).is_none()) {
                return Err(field_error(at, format!("\"{face}\" is not a resource id")));
            }
        }
        Ok(())
    }

    /// Every part of the sheet is a number TERRAVIST's engine keeps, and has a rule.
    fn validate_parts(&self) -> Result<(), ProfileError> {
        let rules = &self.terravist.part_rules;
        for part in &self.game.sheet.parts {
            if part.kind != PartKind::Entered {
                return Err(field_error(
                    format!("sheet.parts.{}", part.id),
                    "TERRAVIST's parts are numbers (\"kind\": \"entered\")",
                ));
            }
            if !rules.contains_key(&part.id) {
                return Err(field_error(
                    "terravist.part_rules",
                    format!("says nothing of the sheet's part \"{}\"", part.id),
                ));
            }
        }
        // Won by the most points, as the rulebook says: a game of sides would have no sheet to
        // end on, and the sheet is scored on every screen that shows it.
        if !matches!(self.game.sheet.winner, WinnerRule::Highest { .. }) {
            return Err(field_error(
                "sheet.winner",
                "TERRAVIST is won by the highest total (\"rule\": \"highest\")",
            ));
        }
        if let Some(extra) = rules
            .keys()
            .find(|id| !self.game.sheet.parts.iter().any(|p| &&p.id == id))
        {
            return Err(field_error(
                "terravist.part_rules",
                format!("\"{extra}\" is not a part of the sheet"),
            ));
        }
        Ok(())
    }

    fn validate_point_values(&self) -> Result<(), ProfileError> {
        let own = &self.terravist;
        let too_many =
            |field: String| field_error(field, format!("is more than {MAX_POINTS} points"));
        for (r, slots) in own.slot_points.value.iter().enumerate() {
            if let Some(s) = slots.iter().position(|&p| p > MAX_POINTS) {
                return Err(too_many(format!("terravist.slot_points[{r}][{s}]")));
            }
        }
        for (i, habitat) in own.habitats.iter().enumerate() {
            if habitat.development_bonus.value > MAX_POINTS {
                return Err(too_many(format!(
                    "terravist.habitats[{i}].development_bonus"
                )));
            }
        }
        for (id, rule) in &own.part_rules {
            if rule.max_entry > MAX_POINTS {
                return Err(too_many(format!("terravist.part_rules.{id}.max_entry")));
            }
        }
        Ok(())
    }
}

/// A refusal of the part every game's profile has, in the words of TERRAVIST's.
fn from_game_error(error: GameProfileError) -> ProfileError {
    match error {
        GameProfileError::Field {
            problem: Problem::Newer { found, supported },
            ..
        } => ProfileError::NewerVersion { found, supported },
        GameProfileError::Field { field, problem } => field_error(field, problem),
        GameProfileError::Parse(message) => ProfileError::Parse(message),
        GameProfileError::TooLarge { .. } => ProfileError::Parse(error.to_string()),
    }
}

fn unique_ids<'a>(field: &str, ids: impl Iterator<Item = &'a str>) -> Result<(), ProfileError> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if id.trim().is_empty() {
            return Err(field_error(field, "has an empty id"));
        }
        if !seen.insert(id) {
            return Err(field_error(field, format!("id \"{id}\" appears twice")));
        }
    }
    Ok(())
}
