//! A game of any other profile kept on paper: its turn order (for a tie-breaker that asks it),
//! its cells, tie-breakers, claims, bonuses, dummy players and (in a game of sides) how it
//! ended, on a session started and over at the time it was played.

use chrono::{DateTime, Utc};

use super::{AnyGame, PlayEvent, PlaySession};
use crate::i18n::Text;
use crate::kit::error::RuleError;
use crate::kit::game_profile::GameProfile;
use crate::scoring::{SheetInput, WinnerRule};
use crate::session::paper::PaperError;
use crate::session::{GameSession, Lineup};
use crate::vocabulary::Seat;

/// The session of a paper sheet, every entry applied.
pub fn from_paper(
    profile: GameProfile,
    mut setup: Lineup,
    sheet: &SheetInput,
    at: DateTime<Utc>,
) -> Result<PlaySession, PaperError> {
    setup.sides = (sheet.players.iter())
        .filter_map(|p| p.side.clone())
        .collect();
    let mut session = GameSession::<AnyGame>::new(profile, setup, at)?;
    // The sheet's positions in turn order (seat order where it gives none).
    let mut order: Vec<Seat> = (0..sheet.players.len()).collect();
    order.sort_by_key(|&seat| {
        let position = sheet.players[seat].turn_order;
        position.map_or(seat + 1, |p| p as usize)
    });
    if order.iter().enumerate().any(|(i, &seat)| i != seat) {
        session.apply(PlayEvent::SetTurnOrder { order }, at)?;
    }
    session.apply(PlayEvent::StartGame, at)?;
    let ending = sheet.ending.clone();
    session.apply(PlayEvent::EndGame { ending }, at)?;
    // The opponent the game plays itself (Gaia) has the seat after the players'.
    let opponent = sheet.opponent.iter().map(|o| (sheet.players.len(), o));
    for (seat, player) in sheet.players.iter().enumerate().chain(opponent) {
        for (part, value) in &player.parts {
            let event = PlayEvent::SetCell {
                player: seat,
                part: part.clone(),
                value: Some(value.clone()),
            };
            session.apply_entry(event, at, &player.name)?;
        }
        for (breaker, &value) in &player.tie {
            // A sheet written before the breaker read its part (issue 69) may carry the same
            // value again: it says what the part says, and is not needed. A different one is
            // refused in words.
            if copies_its_part(session.profile(), player, breaker, value) {
                continue;
            }
            let event = PlayEvent::SetTie {
                player: seat,
                breaker: breaker.clone(),
                value: Some(value),
            };
            session.apply_entry(event, at, &player.name)?;
        }
    }
    for (part, cards) in &sheet.claims {
        for (card, seats) in cards.iter().enumerate() {
            let event = PlayEvent::SetClaims {
                part: part.clone(),
                card,
                seats: seats.clone(),
            };
            session.apply(event, at)?;
        }
    }
    for (part, &seat) in &sheet.bonus {
        let event = PlayEvent::SetBonus {
            part: part.clone(),
            seat: Some(seat),
        };
        session.apply(event, at)?;
    }
    for (part, values) in &sheet.dummies {
        let event = PlayEvent::SetDummies {
            part: part.clone(),
            values: values.clone(),
        };
        session.apply(event, at)?;
    }
    dummies_as_the_book_says(&session, sheet)?;
    Ok(session)
}

/// A sheet kept on paper gives the dummy players the rulebook adds at its table, every one of
/// them (Terramara's 2 with 2 players, 1 with 3, none with 4: rulebook 003, lines 141 and 239):
/// a sheet that gives them otherwise would rank the players wrong (issue 69, case 5).
fn dummies_as_the_book_says(session: &PlaySession, sheet: &SheetInput) -> Result<(), RuleError> {
    let players = sheet.players.len();
    for part in (session.profile().sheet.parts.iter()).filter(|p| p.dummies.is_some()) {
        let count = part.dummies_for(players, 0);
        let given = sheet.dummies.get(&part.id).map_or(0, Vec::len);
        if given != count {
            return Err(RuleError::DummiesGiven {
                part: part.name.clone(),
                players,
                count,
                given,
            });
        }
    }
    Ok(())
}

/// The profile a paper sheet of the game `id` is scored by: one of `games`.
pub fn paper_profile(id: &str, games: &[GameProfile]) -> Result<GameProfile, Text> {
    (games.iter().find(|g| g.id == id).cloned()).ok_or_else(|| {
        let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
        Text::new("load.no_such_game")
            .arg("game", id)
            .arg("ids", ids.join(", "))
    })
}

/// A past game as its sheet is filled in by hand: started and over at the time it was played
/// (`ending`: how a game of sides ended), as a played game is when its sheet opens.
pub fn over_at(
    profile: GameProfile,
    setup: Lineup,
    played_at: DateTime<Utc>,
    ending: Option<String>,
) -> Result<PlaySession, PaperError> {
    let mut session = GameSession::<AnyGame>::new(profile, setup, played_at)?;
    session.apply(PlayEvent::StartGame, played_at)?;
    session.apply(PlayEvent::EndGame { ending }, played_at)?;
    Ok(session)
}

/// Whether `value`, given for the tie-breaker `breaker`, is the player's own value in the part
/// the breaker reads: a copy from before the breaker read it.
fn copies_its_part(
    profile: &GameProfile,
    player: &crate::scoring::PlayerInput,
    breaker: &str,
    value: i64,
) -> bool {
    let (WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers }) =
        &profile.sheet.winner
    else {
        return false;
    };
    let read = tie_breakers
        .iter()
        .find(|t| t.id == breaker)
        .and_then(|t| t.part.as_ref());
    match read.and_then(|part| player.parts.get(part)) {
        Some(crate::scoring::CellInput::Number(n)) => *n == crate::scoring::Points::whole(value),
        _ => false,
    }
}
