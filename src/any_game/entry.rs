//! The score sheet's entries in a profile-driven game: each entry is checked against the part
//! it is for (a number, whole counts, claimants in order) before it is written.

use std::collections::BTreeMap;

use crate::kit::error::RuleError;
use crate::kit::game_profile::GameProfile;
use crate::scoring::{
    self, CellInput, PartKind, PartSpec, PlayerInput, Points, Prefer, ScoringError, SheetInput,
    WinnerRule,
};
use crate::vocabulary::Seat;

/// Dummy players on one ranked part at most (a solo game ranks against a few).
pub const MAX_DUMMIES: usize = 16;

use super::PlayEvent;

fn part<'a>(profile: &'a GameProfile, id: &str) -> Result<&'a PartSpec, RuleError> {
    profile
        .sheet
        .parts
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| RuleError::UnknownScorePart {
            part: id.to_string(),
        })
}

/// A seat on the sheet: a player's, or the one after them of the opponent the game plays
/// itself (Gaia), where it plays.
fn seat(input: &SheetInput, seat: Seat) -> Result<Seat, RuleError> {
    let opponent = usize::from(input.opponent.is_some());
    if seat < input.players.len() + opponent {
        Ok(seat)
    } else {
        Err(RuleError::UnknownPlayer { seat })
    }
}

/// The column of a seat on the sheet (the opponent's after the players').
fn column_mut(input: &mut SheetInput, seat: Seat) -> Option<&mut PlayerInput> {
    let players = input.players.len();
    if seat < players {
        input.players.get_mut(seat)
    } else if seat == players {
        input.opponent.as_mut()
    } else {
        None
    }
}

/// The cells of a seat's column.
fn cells_mut(input: &mut SheetInput, seat: Seat) -> Option<&mut BTreeMap<String, CellInput>> {
    column_mut(input, seat).map(|c| &mut c.parts)
}

/// Refuses a part the opponent (Gaia) does not score, for its column.
fn opponent_scores(
    input: &SheetInput,
    profile: &GameProfile,
    seat: Seat,
    part: &PartSpec,
) -> Result<(), RuleError> {
    if seat < input.players.len() {
        return Ok(());
    }
    match &profile.sheet.opponent {
        Some(opponent) if !opponent.parts.contains(&part.id) => Err(RuleError::NotOpponentsPart {
            part: part.name.clone(),
            opponent: Box::new(opponent.name.clone()),
        }),
        _ => Ok(()),
    }
}

/// Checks that `value` fits `part`: counts for a "per N" part, a whole number ≥ 0 for a
/// counted part, any number for points entered or a track.
fn check_cell(part: &PartSpec, value: &CellInput) -> Result<(), RuleError> {
    let name = part.name.clone();
    match (&part.kind, value) {
        (PartKind::PerN { counts, .. }, CellInput::Counts(values)) => {
            if values.len() != counts.len() {
                return Err(RuleError::EntryNeedsCounts {
                    part: name,
                    count: counts.len(),
                });
            }
            if values.iter().any(|v| *v < 0) {
                return Err(RuleError::EntryNegative { part: name });
            }
        }
        (PartKind::PerN { counts, .. }, CellInput::Number(_)) => {
            return Err(RuleError::EntryNeedsCounts {
                part: name,
                count: counts.len(),
            });
        }
        (PartKind::Claims { .. } | PartKind::Bonus { .. }, _) => {
            return Err(RuleError::EntryNotTyped { part: name });
        }
        (_, CellInput::Counts(_)) => return Err(RuleError::EntryNeedsNumber { part: name }),
        (
            PartKind::Count { .. } | PartKind::Penalty { .. } | PartKind::Rank { .. },
            CellInput::Number(n),
        ) => {
            if Points::whole(n.floor()) != *n {
                return Err(RuleError::EntryNeedsWhole { part: name });
            }
            if n.is_negative() && !matches!(part.kind, PartKind::Rank { .. }) {
                return Err(RuleError::EntryNegative { part: name });
            }
            if let Some(most) = part
                .most
                .filter(|&most| *n > Points::whole(i64::from(most)))
            {
                return Err(RuleError::EntryAboveMost { part: name, most });
            }
        }
        (PartKind::Entered | PartKind::Track { .. }, CellInput::Number(_)) => {}
    }
    Ok(())
}

/// Applies one sheet event to the entries, or refuses it and changes nothing.
pub fn apply(
    input: &mut SheetInput,
    profile: &GameProfile,
    event: &PlayEvent,
) -> Result<(), RuleError> {
    match event {
        PlayEvent::SetCell {
            player,
            part: id,
            value,
        } => set_cell(input, profile, *player, id, value.as_ref())?,
        PlayEvent::SetTie {
            player,
            breaker,
            value,
        } => set_tie(input, profile, *player, breaker, *value)?,
        PlayEvent::SetClaims {
            part: id,
            card,
            seats,
        } => set_claims(input, profile, id, *card, seats)?,
        PlayEvent::SetBonus { part: id, seat: s } => {
            let spec = part(profile, id)?;
            if !matches!(spec.kind, PartKind::Bonus { .. }) {
                return Err(RuleError::UnknownScorePart { part: id.clone() });
            }
            match s {
                Some(s) => {
                    let s = seat(input, *s)?;
                    input.bonus.insert(id.clone(), s);
                }
                None => {
                    input.bonus.remove(id);
                }
            }
        }
        PlayEvent::SetDummies { part: id, values } => {
            let spec = part(profile, id)?;
            if !matches!(spec.kind, PartKind::Rank { .. }) {
                return Err(RuleError::UnknownScorePart { part: id.clone() });
            }
            // Ranking compares every value with every other: a file's million dummies would
            // hang the sheet.
            if values.len() > MAX_DUMMIES {
                let (part, max) = (spec.name.clone(), MAX_DUMMIES);
                return Err(RuleError::TooManyDummies { part, max });
            }
            // As many as the rulebook adds at this table, at most (none with 4 in Terramara).
            let players = input.players.len();
            let most = spec.dummies_for(players, MAX_DUMMIES);
            if values.len() > most {
                let part = spec.name.clone();
                return Err(RuleError::DummiesForPlayers {
                    part,
                    players,
                    most,
                });
            }
            if values.is_empty() {
                input.dummies.remove(id);
            } else {
                input.dummies.insert(id.clone(), values.clone());
            }
        }
        _ => unreachable!("only sheet events come here"),
    }
    Ok(())
}

/// A player's cell of a part: a value its kind takes, or cleared. A value that would make a
/// total too large to add up is refused, and the cell keeps what it had.
fn set_cell(
    input: &mut SheetInput,
    profile: &GameProfile,
    player: Seat,
    id: &str,
    value: Option<&CellInput>,
) -> Result<(), RuleError> {
    let spec = part(profile, id)?;
    let player = seat(input, player)?;
    opponent_scores(input, profile, player, spec)?;
    let column = cells_mut;
    let Some(value) = value else {
        column(input, player).map(|cells| cells.remove(id));
        return Ok(());
    };
    check_cell(spec, value)?;
    let before =
        column(input, player).and_then(|cells| cells.insert(id.to_string(), value.clone()));
    if let Err(ScoringError::TooLarge { .. }) = scoring::compute(&profile.sheet, input)
        && let Some(cells) = column(input, player)
    {
        // Refused: the entries go back to what they were.
        match before {
            Some(before) => cells.insert(id.to_string(), before),
            None => cells.remove(id),
        };
        return Err(RuleError::EntryTooLarge {
            part: spec.name.clone(),
        });
    }
    Ok(())
}

/// A player's value for one of the sheet's tie-breakers, or cleared.
fn set_tie(
    input: &mut SheetInput,
    profile: &GameProfile,
    player: Seat,
    breaker: &str,
    value: Option<i64>,
) -> Result<(), RuleError> {
    let known = match &profile.sheet.winner {
        WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers } => {
            tie_breakers.iter().find(|t| t.id == breaker)
        }
        WinnerRule::Side { .. } => None,
    };
    let Some(known) = known else {
        return Err(RuleError::UnknownScorePart {
            part: breaker.to_string(),
        });
    };
    // The turn order is the table's to keep (a new order after the last round too): a
    // position typed here would never count, so it is refused rather than kept unused.
    if known.prefer == Prefer::EarlierInTurnOrder {
        return Err(RuleError::TieByTurnOrder {
            breaker: known.name.clone(),
        });
    }
    // Read from a part of the sheet (Terramara's military track): a copy typed here would
    // never count, and would say otherwise beside the part.
    if let Some(read) = &known.part {
        let part = part(profile, read)?.name.clone();
        return Err(RuleError::TieReadsPart {
            breaker: known.name.clone(),
            part,
        });
    }
    let player = seat(input, player)?;
    if let Some(column) = column_mut(input, player) {
        let ties = &mut column.tie;
        match value {
            Some(v) => ties.insert(breaker.to_string(), v),
            None => ties.remove(breaker),
        };
    }
    Ok(())
}

/// Who claimed one card of a claims part, in order: each seat once, no more than its slots.
fn set_claims(
    input: &mut SheetInput,
    profile: &GameProfile,
    id: &str,
    card: usize,
    seats: &[Seat],
) -> Result<(), RuleError> {
    let spec = part(profile, id)?;
    let PartKind::Claims { slots, cards, each } = &spec.kind else {
        return Err(RuleError::UnknownScorePart {
            part: id.to_string(),
        });
    };
    if card >= *cards as usize {
        return Err(RuleError::UnknownCard {
            part: spec.name.clone(),
            card: card + 1,
            cards: *cards,
        });
    }
    for (i, &s) in seats.iter().enumerate() {
        seat(input, s)?;
        if seats[..i].contains(&s) {
            return Err(RuleError::ClaimedTwice {
                part: spec.name.clone(),
                seat: s,
            });
        }
    }
    if each.is_none() && seats.len() > slots.len() {
        return Err(RuleError::TooManyClaims {
            part: spec.name.clone(),
            slots: slots.len(),
        });
    }
    let claims = input.claims.entry(id.to_string()).or_default();
    claims.resize(*cards as usize, Vec::new());
    claims[card] = seats.to_vec();
    Ok(())
}
