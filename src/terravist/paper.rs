//! A TERRAVIST game kept on paper: each part of each player's sheet set by hand, as whole
//! points, on a session of the built-in profile or the one the sheet carries.

use chrono::{DateTime, Utc};

use super::Terravist;
use super::profile::{PROFILE_FORMAT, Profile};
use crate::scoring::{CellInput, Points, SheetInput};
use crate::session::paper::{PaperError, apply_entry};
use crate::session::{GameSession, Lineup, Rules};

/// The session of a paper sheet: every part of every player set by hand.
pub fn from_paper(
    profile: Profile,
    setup: Lineup,
    sheet: &SheetInput,
    at: DateTime<Utc>,
) -> Result<GameSession<Terravist>, PaperError> {
    let setup = Lineup {
        first_round_turns: profile.default_first_round_turns(),
        ..setup
    };
    let mut session = GameSession::<Terravist>::new(profile, setup, at)?;
    for (seat, player) in sheet.players.iter().enumerate() {
        for (part, value) in &player.parts {
            let whole = match value {
                CellInput::Number(points) if Points::whole(points.floor()) == *points => {
                    u32::try_from(points.floor()).ok()
                }
                _ => None,
            };
            let not_whole = || PaperError::NotWhole {
                player: player.name.clone(),
                part: part.clone(),
            };
            let value = whole.ok_or_else(not_whole)?;
            let event = Terravist::set_score(seat, part, Some(value));
            apply_entry(&mut session, event, at, &player.name)?;
        }
    }
    Ok(session)
}

/// The profile a paper sheet is scored by: the one it carries (a table's own components'
/// values), else the built-in one.
pub fn paper_profile(embedded: Option<&serde_json::Value>) -> Result<Profile, String> {
    match embedded {
        None => Ok(Profile::terravist()),
        Some(value) => {
            let mut value = value.clone();
            if value.get("format").is_none() {
                value["format"] = PROFILE_FORMAT.into();
            }
            Profile::from_json(&value.to_string()).map_err(|e| e.to_string())
        }
    }
}
