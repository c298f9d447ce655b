//! Score sheets described by data: the parts of a game's sheet and how each turns what the table
//! enters into points, and who wins. A new game needs a profile, not code.
//!
//! Part kinds cover the seed games: points entered; a count × a weight (0.5 per raw material);
//! counts summed then 1 point per N; a value ranked among the players (dummies too) with shared
//! ranks; awards claimed in order (15/11/8/6/5); a one-off bonus; a penalty per item; a track
//! that starts at a value. Winners: highest or lowest total with a chain of tie-breakers, or,
//! in a game without points, the side that won and how.

pub mod game;
pub mod points;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::profile::Name;
pub use points::Points;

/// How one part of the sheet is scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PartKind {
    /// Points entered as they are.
    Entered,
    /// A count entered, times a weight (0.5 per raw material, 1 per egg).
    Count { weight: Points },
    /// A count entered, each costing `points` (−5 per unbuilt reserved card).
    Penalty { points: Points },
    /// Several counts entered, summed, then 1 point per `per`, rounded down.
    PerN { per: u32, counts: Vec<Name> },
    /// A value per player (and per dummy player) ranked, highest first: equal values share a
    /// rank and the next rank is skipped; rank k scores `points[k-1]`, past the list 0.
    Rank {
        points: Vec<u32>,
        /// A value of 0 scores nothing, whatever its rank (TERRAVIST's objectives).
        #[serde(default)]
        zero_scores_nothing: bool,
    },
    /// Awards claimed in order: for each of `cards`, the players in the order they claimed it
    /// take `slots[0]`, `slots[1]`, …; with `each`, every claimant takes the same (a beginner rule).
    Claims {
        slots: Vec<u32>,
        cards: u32,
        #[serde(default)]
        each: Option<u32>,
    },
    /// A one-off bonus one player takes (the first full tableau).
    Bonus { points: u32 },
    /// A track read at the game's end; it starts at `start`, the value when nothing is entered.
    Track { start: i64 },
}

/// One part of a sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartSpec {
    pub id: String,
    pub name: Name,
    #[serde(flatten)]
    pub kind: PartKind,
}

/// What a tie-breaker prefers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prefer {
    More,
    Less,
    /// The player earlier in turn order.
    EarlierInTurnOrder,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieBreaker {
    pub id: String,
    pub name: Name,
    pub prefer: Prefer,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub id: String,
    pub name: Name,
}

/// A way a side-game ends, and the side that wins by it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub id: String,
    pub name: Name,
    pub winner: String,
}

/// Who wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum WinnerRule {
    /// Highest total; ties go down the chain; still tied shares the victory.
    Highest {
        #[serde(default)]
        tie_breakers: Vec<TieBreaker>,
    },
    Lowest {
        #[serde(default)]
        tie_breakers: Vec<TieBreaker>,
    },
    /// No points: one side wins, in one of several ways.
    Side {
        sides: Vec<Side>,
        endings: Vec<Ending>,
    },
}

/// A whole sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetSpec {
    pub parts: Vec<PartSpec>,
    pub winner: WinnerRule,
}

/// A value a player's cell takes: one number, or several counts (for a "per N" part).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CellInput {
    Number(Points),
    Counts(Vec<i64>),
}

/// One player's entries.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PlayerInput {
    pub name: String,
    #[serde(default)]
    pub parts: BTreeMap<String, CellInput>,
    /// Tie-breaker values by tie-breaker id.
    #[serde(default)]
    pub tie: BTreeMap<String, i64>,
    /// Position in turn order (1 = first); seat order when absent.
    #[serde(default)]
    pub turn_order: Option<u32>,
    /// The side played, in a side game.
    #[serde(default)]
    pub side: Option<String>,
}

/// Everything the table enters for one game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SheetInput {
    pub players: Vec<PlayerInput>,
    /// Per claims part: for each card, the seats in the order they claimed it.
    #[serde(default)]
    pub claims: BTreeMap<String, Vec<Vec<usize>>>,
    /// Per bonus part: the seat that took it.
    #[serde(default)]
    pub bonus: BTreeMap<String, usize>,
    /// Per rank part: the values of the dummy players, ranked with the others.
    #[serde(default)]
    pub dummies: BTreeMap<String, Vec<i64>>,
    /// In a side game: how it ended.
    #[serde(default)]
    pub ending: Option<String>,
}

/// A scored player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoredPlayer {
    pub name: String,
    pub parts: Vec<Points>,
    pub total: Points,
    /// 1 = best; equal after every tie-breaker shares a rank.
    pub rank: u32,
    pub winner: bool,
}

/// A scored game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scored {
    pub parts: Vec<String>,
    pub players: Vec<ScoredPlayer>,
    /// The winning side, in a side game.
    pub winning_side: Option<String>,
    /// How a side game ended.
    pub ending: Option<String>,
}

/// A sheet description that cannot be used, naming the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the sheet's `{field}` is wrong: {problem}")]
pub struct SpecError {
    pub field: String,
    pub problem: String,
}

/// Entries that do not fit the sheet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    #[error("\"{part}\" is not a part of this sheet")]
    UnknownPart { part: String },
    #[error("{player}: {part} needs {expected}")]
    WrongInput {
        player: String,
        part: String,
        expected: &'static str,
    },
    #[error("{part}: there is no player in seat {seat}")]
    NoSuchSeat { part: String, seat: usize },
    #[error("{part}: {problem}")]
    Claims { part: String, problem: String },
    #[error("say how the game ended (one of: {endings})")]
    NoEnding { endings: String },
    #[error("\"{ending}\" is not a way this game ends")]
    UnknownEnding { ending: String },
    #[error("{player} plays no side of this game")]
    NoSide { player: String },
}

fn spec_error(field: impl Into<String>, problem: impl Into<String>) -> SpecError {
    SpecError {
        field: field.into(),
        problem: problem.into(),
    }
}

fn unique<'a>(
    field: &str,
    ids: impl Iterator<Item = &'a str>,
    what: &str,
) -> Result<(), SpecError> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if id.trim().is_empty() {
            return Err(spec_error(field, "an id is empty"));
        }
        if !seen.insert(id) {
            return Err(spec_error(field, format!("{what} \"{id}\" appears twice")));
        }
    }
    Ok(())
}

impl SheetSpec {
    /// Checks what serde cannot: ids, weights, lists, the tie chain, the sides.
    pub fn validate(&self) -> Result<(), SpecError> {
        if self.parts.is_empty() && !matches!(self.winner, WinnerRule::Side { .. }) {
            return Err(spec_error(
                "parts",
                "a sheet with points needs at least one part",
            ));
        }
        unique("parts", self.parts.iter().map(|p| p.id.as_str()), "part")?;
        for part in &self.parts {
            let field = format!("parts.{}", part.id);
            match &part.kind {
                PartKind::Count { weight } if weight.is_negative() => {
                    return Err(spec_error(
                        field,
                        "a weight cannot be negative (a cost is a penalty part)",
                    ));
                }
                PartKind::Penalty { points } if points.is_negative() => {
                    return Err(spec_error(
                        field,
                        "a penalty is written as the points it takes away, not below 0",
                    ));
                }
                PartKind::PerN { per, counts } if *per == 0 || counts.is_empty() => {
                    return Err(spec_error(field, "needs per ≥ 1 and at least one count"));
                }
                PartKind::Rank { points, .. } if points.is_empty() => {
                    return Err(spec_error(field, "needs the points of each rank"));
                }
                PartKind::Claims { slots, cards, each }
                    if *cards == 0 || (slots.is_empty() && each.is_none()) =>
                {
                    return Err(spec_error(
                        field,
                        "needs cards ≥ 1 and its slots (or `each`)",
                    ));
                }
                _ => {}
            }
        }
        match &self.winner {
            WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers } => {
                // A chain that names a breaker twice would loop back on itself.
                let mut seen = BTreeSet::new();
                for t in tie_breakers {
                    if !seen.insert(t.id.as_str()) {
                        return Err(spec_error(
                            "winner.tie_breakers",
                            format!("the chain comes back to \"{}\" (a cycle)", t.id),
                        ));
                    }
                }
            }
            WinnerRule::Side { sides, endings } => {
                if sides.len() < 2 {
                    return Err(spec_error(
                        "winner.sides",
                        "a side game needs two sides or more",
                    ));
                }
                unique("winner.sides", sides.iter().map(|s| s.id.as_str()), "side")?;
                unique(
                    "winner.endings",
                    endings.iter().map(|e| e.id.as_str()),
                    "ending",
                )?;
                if endings.is_empty() {
                    return Err(spec_error("winner.endings", "say how the game can end"));
                }
                if let Some(e) = endings
                    .iter()
                    .find(|e| sides.iter().all(|s| s.id != e.winner))
                {
                    return Err(spec_error(
                        format!("winner.endings.{}", e.id),
                        format!("\"{}\" is not a side", e.winner),
                    ));
                }
            }
        }
        Ok(())
    }
}

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

/// Scores one game.
pub fn compute(spec: &SheetSpec, input: &SheetInput) -> Result<Scored, ScoringError> {
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
        let values = part_points(part, input)?;
        for (column, value) in columns.iter_mut().zip(values) {
            column.push(value);
        }
    }
    let totals: Vec<Points> = columns.iter().map(|c| c.iter().copied().sum()).collect();

    let (ranks, winning_side) = match &spec.winner {
        WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers } => {
            let lowest = matches!(spec.winner, WinnerRule::Lowest { .. });
            let keys: Vec<(Points, Vec<i64>)> = (0..n)
                .map(|seat| {
                    let total = if lowest {
                        Points::ZERO + Points::whole(-1) * totals[seat]
                    } else {
                        totals[seat]
                    };
                    let chain = tie_breakers
                        .iter()
                        .map(|t| {
                            let p = &input.players[seat];
                            match t.prefer {
                                Prefer::More => p.tie.get(&t.id).copied().unwrap_or(0),
                                Prefer::Less => -p.tie.get(&t.id).copied().unwrap_or(0),
                                Prefer::EarlierInTurnOrder => {
                                    -i64::from(p.turn_order.unwrap_or(seat as u32 + 1))
                                }
                            }
                        })
                        .collect();
                    (total, chain)
                })
                .collect();
            (competition_rank(&keys, |a, b| a > b), None)
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
            (ranks, Some(ending.winner.clone()))
        }
    };
    Ok(Scored {
        parts: spec.parts.iter().map(|p| p.id.clone()).collect(),
        players: input
            .players
            .iter()
            .zip(columns)
            .zip(totals)
            .zip(&ranks)
            .map(|(((p, parts), total), &rank)| ScoredPlayer {
                name: p.name.clone(),
                parts,
                total,
                rank,
                winner: rank == 1,
            })
            .collect(),
        winning_side,
        ending: input.ending.clone(),
    })
}

/// Each player's points for one part.
fn part_points(part: &PartSpec, input: &SheetInput) -> Result<Vec<Points>, ScoringError> {
    let players = &input.players;
    let n = players.len();
    let seat_ok = |seat: usize| {
        if seat < n {
            Ok(seat)
        } else {
            Err(ScoringError::NoSuchSeat {
                part: part.id.clone(),
                seat,
            })
        }
    };
    Ok(match &part.kind {
        PartKind::Entered => players
            .iter()
            .map(|p| Ok(number(p, part)?.unwrap_or_default()))
            .collect::<Result<_, _>>()?,
        PartKind::Count { weight } => players
            .iter()
            .map(|p| Ok(Points::whole(whole(p, part)?) * *weight))
            .collect::<Result<_, _>>()?,
        PartKind::Penalty { points } => players
            .iter()
            .map(|p| Ok(Points::whole(-whole(p, part)?) * *points))
            .collect::<Result<_, _>>()?,
        PartKind::PerN { per, counts } => players
            .iter()
            .map(|p| {
                let sum: i64 = match p.parts.get(&part.id) {
                    None => 0,
                    Some(CellInput::Counts(c))
                        if c.len() == counts.len() && c.iter().all(|v| *v >= 0) =>
                    {
                        c.iter().sum()
                    }
                    Some(_) => {
                        return Err(ScoringError::WrongInput {
                            player: p.name.clone(),
                            part: part.id.clone(),
                            expected: "a list with one count (0 or more) per item",
                        });
                    }
                };
                Ok(Points::whole(sum.div_euclid(i64::from(*per))))
            })
            .collect::<Result<_, _>>()?,
        PartKind::Rank {
            points,
            zero_scores_nothing,
        } => {
            let mut values: Vec<i64> = players
                .iter()
                .map(|p| whole(p, part))
                .collect::<Result<_, _>>()?;
            values.extend(input.dummies.get(&part.id).into_iter().flatten().copied());
            let ranks = competition_rank(&values, |a, b| a > b);
            (0..n)
                .map(|seat| {
                    let scored = !(*zero_scores_nothing && values[seat] == 0);
                    let p = if scored {
                        points.get(ranks[seat] as usize - 1).copied().unwrap_or(0)
                    } else {
                        0
                    };
                    Points::whole(i64::from(p))
                })
                .collect()
        }
        PartKind::Claims { slots, cards, each } => {
            let claims = input
                .claims
                .get(&part.id)
                .map(Vec::as_slice)
                .unwrap_or_default();
            if claims.len() > *cards as usize {
                return Err(ScoringError::Claims {
                    part: part.id.clone(),
                    problem: format!("there are only {cards} cards to claim"),
                });
            }
            let mut totals = vec![Points::ZERO; n];
            for (card, order) in claims.iter().enumerate() {
                let mut seen = BTreeSet::new();
                for (i, &seat) in order.iter().enumerate() {
                    let seat = seat_ok(seat)?;
                    if !seen.insert(seat) {
                        return Err(ScoringError::Claims {
                            part: part.id.clone(),
                            problem: format!("card {} is claimed twice by seat {seat}", card + 1),
                        });
                    }
                    let value = match each {
                        Some(v) => *v,
                        None => *slots.get(i).ok_or_else(|| ScoringError::Claims {
                            part: part.id.clone(),
                            problem: format!("card {} has only {} slots", card + 1, slots.len()),
                        })?,
                    };
                    totals[seat] = totals[seat] + Points::whole(i64::from(value));
                }
            }
            totals
        }
        PartKind::Bonus { points } => {
            let mut totals = vec![Points::ZERO; n];
            if let Some(&seat) = input.bonus.get(&part.id) {
                totals[seat_ok(seat)?] = Points::whole(i64::from(*points));
            }
            totals
        }
        PartKind::Track { start } => players
            .iter()
            .map(|p| Ok(number(p, part)?.unwrap_or(Points::whole(*start))))
            .collect::<Result<_, _>>()?,
    })
}
