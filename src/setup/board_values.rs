//! The table's values for what TERRAVIST's rulebook leaves to its boards, as typed: the round
//! board's slot points and each habitat's development bonus. Setup and Settings offer the same
//! fields, filled from a profile and written back into one the same way.

use crate::i18n::Text;
use crate::terravist::profile::Profile;

/// The typed text of each field: one line of slot points per round, one bonus per habitat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardValues {
    pub slots: Vec<String>,
    pub bonuses: Vec<String>,
}

impl BoardValues {
    /// The profile's values, as the fields show them ("5, 3, 2, 1").
    pub fn of(profile: &Profile) -> BoardValues {
        let own = &profile.terravist;
        BoardValues {
            slots: own
                .slot_points
                .value
                .iter()
                .map(|round| {
                    let points: Vec<String> = round.iter().map(u32::to_string).collect();
                    points.join(", ")
                })
                .collect(),
            bonuses: own
                .habitats
                .iter()
                .map(|h| h.development_bonus.value.to_string())
                .collect(),
        }
    }

    /// Writes the typed values into `profile`, or says which field is not a number; the profile
    /// is left as it was if one is not.
    pub fn write_into(&self, profile: &mut Profile) -> Result<(), Text> {
        let mut own = profile.terravist.clone();
        for (r, value) in self.slots.iter().enumerate() {
            own.slot_points.value[r] = numbers(value)
                .filter(|points| !points.is_empty())
                .ok_or_else(|| Text::new("setup.bad_slots").arg("round", r + 1))?;
        }
        for (h, value) in self.bonuses.iter().enumerate() {
            let habitat = &mut own.habitats[h];
            habitat.development_bonus.value = value
                .trim()
                .parse()
                .map_err(|_| Text::new("setup.bad_bonus").arg_name("habitat", &habitat.name))?;
        }
        profile.terravist = own;
        Ok(())
    }
}

/// Numbers typed as a list: "5, 3, 2, 1" (commas, spaces, 、 or / between them).
fn numbers(text: &str) -> Option<Vec<u32>> {
    text.split([',', ' ', '、', '/'])
        .filter(|part| !part.trim().is_empty())
        .map(|part| part.trim().parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Locale;

    #[test]
    fn typed_values_go_back_into_the_profile_or_name_the_field() {
        let mut profile = Profile::terravist();
        let mut values = BoardValues::of(&profile);
        assert_eq!(values.slots[0], "5, 3, 2, 1");
        values.slots[2] = "9 / 4、1".into();
        values.bonuses[4] = "7".into();
        values.write_into(&mut profile).unwrap();
        assert_eq!(profile.terravist.slot_points.value[2], vec![9, 4, 1]);
        assert_eq!(profile.terravist.habitats[4].development_bonus.value, 7);

        let before = profile.clone();
        values.slots[0] = "5, 3".into();
        values.bonuses[1] = "three".into();
        let error = values.write_into(&mut profile).unwrap_err();
        assert_eq!(profile, before, "a refused value changes nothing");
        // The habitat is named in the player's language.
        assert!(
            error.render(Locale::JA).contains("草原"),
            "{}",
            error.render(Locale::JA)
        );
        values.bonuses[1] = "3".into();
        values.slots[1] = "".into();
        let error = values.write_into(&mut profile).unwrap_err();
        assert!(
            error.render(Locale::EN).contains('2'),
            "{}",
            error.render(Locale::EN)
        );
    }
}
