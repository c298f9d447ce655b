//! Checking a TERRAVIST profile field by field: what serde cannot (ids, references between
//! fields, the numbers the rules need), each refusal naming the field.

use std::fmt;

use super::*;

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
    pub fn validate(&self) -> Result<(), ProfileError> {
        self.validate_point_values()?;
        let p = &self.players;
        if p.min == 0 || p.min > p.max {
            return Err(field_error(
                "players",
                "min must be at least 1 and at most max",
            ));
        }
        if p.recommended_min < p.min
            || p.recommended_max > p.max
            || p.recommended_min > p.recommended_max
        {
            return Err(field_error(
                "players",
                "the recommended range must lie inside min..max",
            ));
        }
        let r = &self.rounds;
        if r.count == 0 {
            return Err(field_error("rounds.count", "must be at least 1"));
        }
        let last_round_turns = |n: u32| {
            n.checked_sub(r.turn_decrement * (r.count - 1))
                .filter(|&t| t >= 1)
        };
        if last_round_turns(r.min_first_round_turns).is_none() {
            return Err(field_error(
                "rounds.min_first_round_turns",
                "leaves the last round with no turn",
            ));
        }
        if r.default_first_round_turns < r.min_first_round_turns {
            return Err(field_error(
                "rounds.default_first_round_turns",
                "is below min_first_round_turns",
            ));
        }
        if let Some(bad) = r
            .first_round_turn_choices
            .iter()
            .find(|&&n| n < r.min_first_round_turns)
        {
            return Err(field_error(
                "rounds.first_round_turn_choices",
                format!("{bad} is below min_first_round_turns"),
            ));
        }
        if self.slot_points.value.len() != r.count as usize {
            return Err(field_error(
                "slot_points",
                format!("needs one list per round ({} rounds)", r.count),
            ));
        }
        if let Some(i) = self.slot_points.value.iter().position(Vec::is_empty) {
            return Err(field_error(format!("slot_points[{i}]"), "is empty"));
        }
        if self.round_end_steps.len() != r.count as usize {
            return Err(field_error(
                "round_end_steps",
                format!("needs one list per round ({} rounds)", r.count),
            ));
        }
        for (i, steps) in self.round_end_steps.iter().enumerate() {
            let increasing = steps.windows(2).all(|w| w[0] < w[1]);
            if steps.first() != Some(&1) || !increasing || steps.iter().any(|&s| s > 4) {
                return Err(field_error(
                    format!("round_end_steps[{i}]"),
                    "must start with step 1 and list steps 1..4 in increasing order",
                ));
            }
        }
        unique_ids("resources", self.resources.iter().map(|r| r.id.as_str()))?;
        unique_ids("habitats", self.habitats.iter().map(|h| h.id.as_str()))?;
        unique_ids(
            "score_parts",
            self.score_parts.iter().map(|s| s.id.as_str()),
        )?;
        if self.resources.is_empty() {
            return Err(field_error("resources", "is empty"));
        }
        if self.habitats.is_empty() {
            return Err(field_error("habitats", "is empty"));
        }
        if self.score_parts.is_empty() {
            return Err(field_error("score_parts", "is empty"));
        }
        for (d, die) in self.dice.value.iter().enumerate() {
            if die.faces.is_empty() {
                return Err(field_error(format!("dice[{d}].faces"), "is empty"));
            }
            if let Some(face) = die.faces.iter().find(|f| self.resource(f).is_none()) {
                return Err(field_error(
                    format!("dice[{d}].faces"),
                    format!("\"{face}\" is not a resource id"),
                ));
            }
        }
        if let Some(sheet) = &self.sheet {
            sheet
                .validate()
                .map_err(|e| field_error(format!("sheet.{}", e.field), e.problem))?;
            let parts = sheet.parts.iter().map(|p| &p.id);
            if !parts.eq(self.score_parts.iter().map(|p| &p.id)) {
                return Err(field_error(
                    "sheet",
                    "its parts must be the score_parts, in their order",
                ));
            }
        }
        if let Some(turns) = &self.turns {
            let agrees = matches!(turns, Turns::ShrinkingRounds { rounds, first_round_turns, decrement }
                if *rounds == r.count && *first_round_turns == r.default_first_round_turns && *decrement == r.turn_decrement);
            if !agrees {
                return Err(field_error("turns", "must say what `rounds` says"));
            }
        }
        Ok(())
    }
}

impl Profile {
    fn validate_point_values(&self) -> Result<(), ProfileError> {
        let too_many =
            |field: String| field_error(field, format!("is more than {MAX_POINTS} points"));
        for (r, slots) in self.slot_points.value.iter().enumerate() {
            if let Some(s) = slots.iter().position(|&p| p > MAX_POINTS) {
                return Err(too_many(format!("slot_points[{r}][{s}]")));
            }
        }
        for (i, habitat) in self.habitats.iter().enumerate() {
            if habitat.development_bonus.value > MAX_POINTS {
                return Err(too_many(format!("habitats[{i}].development_bonus")));
            }
        }
        for (i, part) in self.score_parts.iter().enumerate() {
            if part.max_entry > MAX_POINTS {
                return Err(too_many(format!("score_parts[{i}].max_entry")));
            }
        }
        Ok(())
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
