//! A TERRAVIST game kept on paper: each part of each player's sheet set by hand, as whole
//! points, on a session of the built-in profile or the one the sheet carries.

use chrono::{DateTime, Utc};

use super::profile::{PROFILE_FORMAT, Profile};
use crate::i18n::Text;
use crate::scoring::{CellInput, Points, SheetInput};
use crate::session::paper::PaperError;
use crate::session::{GameSession, Lineup, Rules};

/// The session of a paper sheet: every part of every player set by hand. Generic over the
/// engine only so that this file need not name it (the engine's `from_paper` is this, for
/// TERRAVIST's own rules).
pub fn from_paper<R: Rules<Profile = Profile>>(
    profile: Profile,
    setup: Lineup,
    sheet: &SheetInput,
    at: DateTime<Utc>,
) -> Result<GameSession<R>, PaperError> {
    let setup = Lineup {
        first_round_turns: profile.default_first_round_turns(),
        ..setup
    };
    let mut session = GameSession::<R>::new(profile, setup, at)?;
    for (seat, player) in sheet.players.iter().enumerate() {
        for (part, value) in &player.parts {
            let whole = match value {
                CellInput::Number(points) if Points::whole(points.floor()) == *points => {
                    u32::try_from(points.floor()).ok()
                }
                _ => None,
            };
            // A whole number below 0 is said as that, not as a fraction (issue 70).
            if let CellInput::Number(points) = value
                && points.is_negative()
                && Points::whole(points.floor()) == *points
            {
                let name = (R::part_names(session.profile()).into_iter())
                    .find(|(id, _)| id == part)
                    .map_or_else(|| crate::vocabulary::Name::same(part.clone()), |(_, n)| n);
                return Err(PaperError::Entry {
                    player: player.name.clone(),
                    error: crate::kit::error::RuleError::EntryNegative { part: name },
                });
            }
            let not_whole = || PaperError::NotWhole {
                player: player.name.clone(),
                part: part.clone(),
            };
            let value = whole.ok_or_else(not_whole)?;
            let event = R::set_score(seat, part, Some(value));
            session.apply_entry(event, at, &player.name)?;
        }
    }
    Ok(session)
}

/// The profile a paper sheet is scored by: the one it carries (a table's own components'
/// values), else the built-in one.
pub fn paper_profile(embedded: Option<&serde_json::Value>) -> Result<Profile, Text> {
    match embedded {
        None => Ok(Profile::terravist()),
        Some(value) => {
            let mut value = value.clone();
            if value.get("format").is_none() {
                value["format"] = PROFILE_FORMAT.into();
            }
            Profile::from_json(&value.to_string()).map_err(|e| e.text())
        }
    }
}
