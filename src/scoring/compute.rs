//! Scoring one game: each part's points from the table's entries, the totals, and the winners
//! by the sheet's rule.

use std::collections::BTreeSet;

use super::{
    CellInput, Origin, PartKind, PartSpec, PlayerInput, Points, Prefer, Scored, ScoredPlayer,
    ScoringError, SheetInput, SheetSpec, TieBreaker, WinnerRule,
};

/// Competition ranking, higher first: rank = 1 + the number of strictly better values.
fn competition_rank<T: Ord>(values: &[T], better: impl Fn(&T, &T) -> bool) -> Vec<u32> {
    values
        .iter()
        .map(|mine| 1 + values.iter().filter(|other| better(other, mine)).count() as u32)
        .collect()
}

fn number(player: &PlayerInput, part: &PartSpec) -> Result<Option<Points>, ScoringError> {
    match player.parts.get(&part.id) {
        None => Ok(None),
        Some(CellInput::Number(n)) => Ok(Some(*n)),
        Some(CellInput::Counts(_)) => Err(ScoringError::WrongInput {
            player: player.name.clone(),
            part: part.id.clone(),
            expected: "one number",
        }),
    }
}

fn whole(player: &PlayerInput, part: &PartSpec) -> Result<i64, ScoringError> {
    match number(player, part)? {
        None => Ok(0),
        Some(n) if Points::whole(n.floor()) == n => Ok(n.floor()),
        Some(_) => Err(ScoringError::WrongInput {
            player: player.name.clone(),
            part: part.id.clone(),
            expected: "a whole number",
        }),
    }
}

/// A total in the direction the sheet prefers (all totals of one sheet are the same variant).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Ordered {
    Plain(Points),
    Reversed(std::cmp::Reverse<Points>),
}

fn too_large(player: &PlayerInput, part: &PartSpec) -> ScoringError {
    ScoringError::TooLarge {
        player: player.name.clone(),
        part: part.id.clone(),
    }
}

/// Scores one game. The opponent the game plays itself (Gaia) is scored as one more column
/// after the players', in its own parts only, and ranked with them.
pub fn compute(spec: &SheetSpec, input: &SheetInput) -> Result<Scored, ScoringError> {
    let (Some(opponent), Some(column)) = (&spec.opponent, &input.opponent) else {
        return compute_columns(spec, input, None);
    };
    let mut all = input.clone();
    all.opponent = None;
    all.players.push(column.clone());
    let mut scored = compute_columns(spec, &all, Some(&opponent.parts))?;
    scored.opponent = scored.players.pop();
    Ok(scored)
}

/// Scores every column of `input`; with `last_scores`, the last column scores those parts only.
fn compute_columns(
    spec: &SheetSpec,
    input: &SheetInput,
    last_scores: Option<&Vec<String>>,
) -> Result<Scored, ScoringError> {
    for player in &input.players {
        if let Some(part) = player
            .parts
            .keys()
            .find(|k| spec.parts.iter().all(|p| &p.id != *k))
        {
            return Err(ScoringError::UnknownPart { part: part.clone() });
        }
    }
    let n = input.players.len();
    let mut columns: Vec<Vec<Points>> = vec![Vec::with_capacity(spec.parts.len()); n];
    for part in &spec.parts {
        let mut values = part_points(part, input)?;
        if last_scores.is_some_and(|parts| !parts.contains(&part.id))
            && let Some(last) = values.last_mut()
        {
            *last = Points::ZERO;
        }
        for (column, value) in columns.iter_mut().zip(values) {
            column.push(value);
        }
    }
    let totals: Vec<Points> = columns
        .iter()
        .zip(&input.players)
        .map(|(column, player)| {
            Points::checked_sum(column.iter().copied()).ok_or_else(|| ScoringError::TooLarge {
                player: player.name.clone(),
                part: "total".to_string(),
            })
        })
        .collect::<Result<_, _>>()?;

    let (ranks, winning_side, tie_broken_by) = ranks(spec, input, &totals)?;
    Ok(Scored {
        parts: spec.parts.iter().map(|p| p.id.clone()).collect(),
        players: input
            .players
            .iter()
            .zip(columns)
            .zip(totals)
            .zip(&ranks)
            .enumerate()
            .map(|(seat, (((p, parts), total), &rank))| ScoredPlayer {
                name: p.name.clone(),
                parts,
                origins: spec
                    .parts
                    .iter()
                    .map(|part| origin(part, input, seat))
                    .collect(),
                total,
                rank,
                winner: rank == 1,
            })
            .collect(),
        winning_side,
        ending: input.ending.clone(),
        tie_broken_by,
        opponent: None,
    })
}

/// Ranks, the winning side, the tie-breaker that parted the best.
type Ranked = (Vec<u32>, Option<String>, Option<String>);

/// Each player's rank by the sheet's winner rule (1 wins); the winning side in a game of
/// sides; the tie-breaker that parted the best on points, if one did.
fn ranks(spec: &SheetSpec, input: &SheetInput, totals: &[Points]) -> Result<Ranked, ScoringError> {
    let n = input.players.len();
    Ok(match &spec.winner {
        WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers } => {
            let lowest = matches!(spec.winner, WinnerRule::Lowest { .. });
            // The lowest total wins by ordering totals in reverse, never by negating them.
            let keys: Vec<(Ordered, Vec<i128>)> = (0..n)
                .map(|seat| {
                    let total = if lowest {
                        Ordered::Reversed(std::cmp::Reverse(totals[seat]))
                    } else {
                        Ordered::Plain(totals[seat])
                    };
                    // i128: negating any i64 fits.
                    let p = &input.players[seat];
                    let chain = (tie_breakers.iter())
                        .map(|t| breaker_key(spec, p, seat, t).unwrap_or(0))
                        .collect();
                    (total, chain)
                })
                .collect();
            let broken = breaker_that_decided(&keys).map(|k| tie_breakers[k].id.clone());
            (competition_rank(&keys, |a, b| a > b), None, broken)
        }
        WinnerRule::Side { sides, endings } => {
            let Some(ending) = &input.ending else {
                return Err(ScoringError::NoEnding {
                    endings: endings
                        .iter()
                        .map(|e| e.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            };
            let Some(ending) = endings.iter().find(|e| &e.id == ending) else {
                return Err(ScoringError::UnknownEnding {
                    ending: ending.clone(),
                });
            };
            let mut ranks = Vec::with_capacity(n);
            for p in &input.players {
                match &p.side {
                    Some(side) if sides.iter().any(|s| &s.id == side) => {
                        ranks.push(if *side == ending.winner { 1 } else { 2 })
                    }
                    _ => {
                        return Err(ScoringError::NoSide {
                            player: p.name.clone(),
                        });
                    }
                }
            }
            (ranks, Some(ending.winner.clone()), None)
        }
    })
}

/// A player's value for one tie-breaker, as the chain compares it (greater is better): the
/// part it reads, their place in turn order, or the value typed for it; `None` where the value
/// is typed and the table has not typed it (it counts 0 in the ranking).
pub fn breaker_key(
    spec: &SheetSpec,
    player: &PlayerInput,
    seat: usize,
    breaker: &TieBreaker,
) -> Option<i128> {
    // i128: negating any i64 fits.
    let value = match (&breaker.part, breaker.prefer) {
        (_, Prefer::EarlierInTurnOrder) => {
            return Some(-i128::from(player.turn_order.unwrap_or(seat as u32 + 1)));
        }
        (Some(part), _) => sheet_value(spec, player, part),
        (None, _) => *player.tie.get(&breaker.id)?,
    };
    Some(match breaker.prefer {
        Prefer::Less => -i128::from(value),
        _ => i128::from(value),
    })
}

/// A player's value in a part of the sheet, as a tie-breaker reads it (issue 69: Terramara's
/// military-track position breaks a tie from the sheet, not from a copy typed again): the
/// number entered, rounded down; a track's start when nothing is; else 0.
fn sheet_value(spec: &SheetSpec, player: &PlayerInput, part: &str) -> i64 {
    match player.parts.get(part) {
        Some(CellInput::Number(n)) => n.floor(),
        Some(CellInput::Counts(counts)) => counts.iter().fold(0i64, |a, c| a.saturating_add(*c)),
        None => match spec.parts.iter().find(|p| p.id == part).map(|p| &p.kind) {
            Some(PartKind::Track { start }) => *start,
            _ => 0,
        },
    }
}

/// Among the players level on the best total, the tie-breaker (its index) that decided the
/// winner: the first after which one of them alone is ahead. Not merely the first that parts
/// them (issue 69: Earth 30-30-30, growth left Aki behind, but compost decided between Ben and
/// Chie, and the sheet named growth). `None` when the best total is one player's alone, or the
/// winners stay level after every breaker (they share the win).
fn breaker_that_decided(keys: &[(Ordered, Vec<i128>)]) -> Option<usize> {
    let best = keys.iter().map(|(total, _)| total).max()?;
    let level: Vec<&Vec<i128>> = (keys.iter())
        .filter(|(total, _)| total == best)
        .map(|(_, chain)| chain)
        .collect();
    let breakers = level.first()?.len();
    if level.len() < 2 {
        return None;
    }
    (0..breakers).find(|&k| {
        let top = level.iter().map(|chain| &chain[..=k]).max();
        level
            .iter()
            .filter(|chain| Some(&chain[..=k]) == top)
            .count()
            == 1
    })
}

/// Whether the table entered anything for a player's part. A claimed card or a taken bonus
/// fills the part for every player: nobody else claimed, which is an answer too.
fn origin(part: &PartSpec, input: &SheetInput, seat: usize) -> Origin {
    let entered = match part.kind {
        PartKind::Claims { .. } => input
            .claims
            .get(&part.id)
            .is_some_and(|cards| cards.iter().any(|claimants| !claimants.is_empty())),
        PartKind::Bonus { .. } => input.bonus.contains_key(&part.id),
        _ => input.players[seat].parts.contains_key(&part.id),
    };
    if entered {
        Origin::Entered
    } else {
        Origin::Missing
    }
}

/// Each player's points for one part.
fn part_points(part: &PartSpec, input: &SheetInput) -> Result<Vec<Points>, ScoringError> {
    let players = &input.players;
    Ok(match &part.kind {
        PartKind::Entered => players
            .iter()
            .map(|p| Ok(number(p, part)?.unwrap_or_default()))
            .collect::<Result<_, _>>()?,
        PartKind::Count { weight } => players
            .iter()
            .map(|p| {
                Points::whole(whole(p, part)?)
                    .checked_mul(*weight)
                    .ok_or_else(|| too_large(p, part))
            })
            .collect::<Result<_, _>>()?,
        PartKind::Penalty { points } => players
            .iter()
            .map(|p| {
                Points::whole(whole(p, part)?)
                    .checked_neg_mul(*points)
                    .ok_or_else(|| too_large(p, part))
            })
            .collect::<Result<_, _>>()?,
        PartKind::PerN { per, counts } => players
            .iter()
            .map(|p| per_n_points(p, part, *per, counts.len()))
            .collect::<Result<_, _>>()?,
        PartKind::Rank {
            points,
            zero_scores_nothing,
        } => rank_points(part, input, points, *zero_scores_nothing)?,
        PartKind::Claims { slots, cards, each } => {
            claims_points(part, input, slots, *cards, *each)?
        }
        PartKind::Bonus { points } => {
            let mut totals = vec![Points::ZERO; players.len()];
            if let Some(&seat) = input.bonus.get(&part.id) {
                totals[seat_in(part, input, seat)?] = Points::whole(i64::from(*points));
            }
            totals
        }
        PartKind::Track { start } => players
            .iter()
            .map(|p| Ok(number(p, part)?.unwrap_or(Points::whole(*start))))
            .collect::<Result<_, _>>()?,
    })
}

/// A seat a claim or a bonus names, if there is a player in it.
fn seat_in(part: &PartSpec, input: &SheetInput, seat: usize) -> Result<usize, ScoringError> {
    if seat < input.players.len() {
        Ok(seat)
    } else {
        Err(ScoringError::NoSuchSeat {
            part: part.id.clone(),
            seat,
        })
    }
}

/// One player's "1 point per `per`" of several counts summed.
fn per_n_points(
    p: &PlayerInput,
    part: &PartSpec,
    per: u32,
    items: usize,
) -> Result<Points, ScoringError> {
    let sum: i64 = match p.parts.get(&part.id) {
        None => 0,
        Some(CellInput::Counts(c)) if c.len() == items && c.iter().all(|v| *v >= 0) => c
            .iter()
            .try_fold(0i64, |sum, v| sum.checked_add(*v))
            .ok_or_else(|| too_large(p, part))?,
        Some(_) => {
            return Err(ScoringError::WrongInput {
                player: p.name.clone(),
                part: part.id.clone(),
                expected: "a list with one count (0 or more) per item",
            });
        }
    };
    // A checked sheet has per ≥ 1; `max` keeps an unchecked one from dividing by zero.
    Ok(Points::whole(sum.div_euclid(i64::from(per.max(1)))))
}

/// A value ranked among the players and the dummies; rank k scores `points[k-1]`.
fn rank_points(
    part: &PartSpec,
    input: &SheetInput,
    points: &[u32],
    zero_scores_nothing: bool,
) -> Result<Vec<Points>, ScoringError> {
    let mut values: Vec<i64> = (input.players.iter())
        .map(|p| whole(p, part))
        .collect::<Result<_, _>>()?;
    values.extend(input.dummies.get(&part.id).into_iter().flatten().copied());
    let ranks = competition_rank(&values, |a, b| a > b);
    Ok((0..input.players.len())
        .map(|seat| {
            let scored = !(zero_scores_nothing && values[seat] == 0);
            let p = if scored {
                points.get(ranks[seat] as usize - 1).copied().unwrap_or(0)
            } else {
                0
            };
            Points::whole(i64::from(p))
        })
        .collect())
}

/// Awards claimed in order: per card, the claimants take the slots in turn (or `each`).
fn claims_points(
    part: &PartSpec,
    input: &SheetInput,
    slots: &[u32],
    cards: u32,
    each: Option<u32>,
) -> Result<Vec<Points>, ScoringError> {
    let problem = |problem: String| ScoringError::Claims {
        part: part.id.clone(),
        problem,
    };
    let claims = (input.claims.get(&part.id))
        .map(Vec::as_slice)
        .unwrap_or_default();
    if claims.len() > cards as usize {
        return Err(problem(format!("there are only {cards} cards to claim")));
    }
    let mut totals = vec![Points::ZERO; input.players.len()];
    for (card, order) in claims.iter().enumerate() {
        let mut seen = BTreeSet::new();
        for (i, &seat) in order.iter().enumerate() {
            let seat = seat_in(part, input, seat)?;
            if !seen.insert(seat) {
                let twice = format!("card {} is claimed twice by seat {seat}", card + 1);
                return Err(problem(twice));
            }
            let value = match each {
                Some(v) => v,
                None => *slots.get(i).ok_or_else(|| {
                    problem(format!("card {} has only {} slots", card + 1, slots.len()))
                })?,
            };
            // At most `cards` × u32::MAX: fits an i64 for any card count a file can hold,
            // and is checked anyway.
            totals[seat] = totals[seat]
                .checked_add(Points::whole(i64::from(value)))
                .ok_or_else(|| too_large(&input.players[seat], part))?;
        }
    }
    Ok(totals)
}
