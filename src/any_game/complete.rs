//! What a game's sheet still needs before the game is finished, as the rulebooks keep it: the
//! dummy players a ranked part ranks at this table (Terramara's military track with 2 or 3
//! players), and a tie on total the breakers the table types have not broken yet. One rule for
//! every door a game is played through: the phones' Finish and the window's wait on it. A game
//! kept on paper (a sheet file, Log a past game) needs its dummies too, but a tie its table did
//! not break on paper stays shared: the values are gone with the evening.

use super::PlayState;
use crate::i18n::Text;
use crate::kit::game_profile::GameProfile;
use crate::scoring::{PartKind, WinnerRule, breaker_key};

/// Why the game cannot be finished yet, in words; `None` when its sheet has all it needs.
pub fn sheet_waits(profile: &GameProfile, state: &PlayState) -> Option<Text> {
    dummies_missing(profile, state).or_else(|| tie_unbroken(profile, state))
}

/// A ranked part whose dummy players the rulebook adds at this table and the table has not
/// given: "Military track rank: enter the 2 dummy players' positions."
pub fn dummies_missing(profile: &GameProfile, state: &PlayState) -> Option<Text> {
    let players = state.input.players.len();
    (profile.sheet.parts.iter())
        .filter(|p| matches!(p.kind, PartKind::Rank { .. }))
        .find_map(|part| {
            let count = part.dummies_for(players, 0);
            let given = state.input.dummies.get(&part.id).map_or(0, Vec::len);
            (count > 0 && given != count).then(|| {
                Text::new("sheet.waits_dummies")
                    .arg_name("part", &part.name)
                    .arg("count", count)
            })
        })
}

/// Players level on total whom the breakers have not parted, while a breaker the table types
/// is missing for one of them before one parts them: the rulebook breaks the tie, so the sheet
/// asks for the values ("Aki, Ben are level on points: enter their tie-breakers first"). Typed
/// equal all down the chain, the tie stands and they share the place.
fn tie_unbroken(profile: &GameProfile, state: &PlayState) -> Option<Text> {
    let (WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers }) =
        &profile.sheet.winner
    else {
        return None;
    };
    let typed: Vec<_> = tie_breakers.iter().filter(|t| t.typed()).collect();
    if typed.is_empty() {
        return None;
    }
    let scored = state.scored(profile).ok()?;
    let level = scored.level_seats(&profile.sheet);
    // Down the chain, two level players are parted by the first breaker they differ on; one
    // the table types and has not typed for either of them leaves the tie waiting.
    let input = &state.input.players;
    let key = |seat: usize, t| breaker_key(&profile.sheet, &input[seat], seat, t);
    let waits = |a: usize, b: usize| {
        for t in tie_breakers {
            match (key(a, t), key(b, t)) {
                (Some(x), Some(y)) if x != y => return false,
                (Some(_), Some(_)) => {}
                _ => return true,
            }
        }
        false
    };
    let unbroken: Vec<usize> = (level.iter().copied())
        .filter(|&seat| {
            let total = &scored.players[seat].total;
            (level.iter()).any(|&other| {
                other != seat && scored.players[other].total == *total && waits(seat, other)
            })
        })
        .collect();
    if unbroken.is_empty() {
        return None;
    }
    let names: Vec<&str> = (unbroken.iter())
        .map(|&s| scored.players[s].name.as_str())
        .collect();
    let breakers = typed.iter().map(|t| t.name.clone()).collect();
    Some(
        Text::new("sheet.waits_tie")
            .arg_list("names", &names)
            .arg_names("breakers", breakers),
    )
}
