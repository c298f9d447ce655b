//! Score sheets described by data: the parts of a game's sheet and how each turns what the table
//! enters into points, and who wins. A new game needs a profile, not code.
//!
//! Part kinds cover the seed games: points entered; a count × a weight (0.5 per raw material);
//! counts summed then 1 point per N; a value ranked among the players (dummies too) with shared
//! ranks; awards claimed in order (15/11/8/6/5); a one-off bonus; a penalty per item; a track
//! that starts at a value. Winners: highest or lowest total with a chain of tie-breakers, or,
//! in a game without points, the side that won and how.

mod compute;
pub mod points;
pub mod problem;

use std::collections::{BTreeMap, BTreeSet};

/// The most cards a claims part may have (a game's deck is a few hundred at most).
pub const MAX_CLAIM_CARDS: u32 = 1000;

use serde::{Deserialize, Serialize};

use crate::vocabulary::Name;
pub use compute::{breaker_key, compute};
pub use points::Points;
pub use problem::Problem;

/// How one part of the sheet is scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartSpec {
    pub id: String,
    pub name: Name,
    #[serde(flatten)]
    pub kind: PartKind,
    /// The most a counted part may be, where the rulebook caps it (the Rats' one level-2 power
    /// token; Terramara's one reserved craft): a higher count is refused in words. Only for
    /// `count` and `penalty` parts. A game saved before a cap keeps its own profile, so it
    /// reads and scores as it was saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub most: Option<u32>,
    /// For a ranked part, how many dummy players the rulebook ranks with the players, by the
    /// number of players (Terramara: 2 with 2 players, 1 with 3, none with 4; rulebook 003,
    /// lines 141 and 239): a count not listed takes none, and more are refused in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dummies: Option<BTreeMap<usize, usize>>,
}

impl PartSpec {
    /// The most dummy players this part ranks at a table of `players`: the profile's count for
    /// it, where it gives one; else any number up to `cap`.
    pub fn dummies_for(&self, players: usize, cap: usize) -> usize {
        match &self.dummies {
            Some(by_players) => by_players.get(&players).copied().unwrap_or(0),
            None => cap,
        }
    }
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
    /// The part of the sheet the breaker reads, where the rulebook breaks a tie by something
    /// the sheet already holds (Terramara's military-track position, Earth's sprouts and
    /// compost): the player's value there, never a copy typed again. Absent: a value typed for
    /// the tie (soil in reserve), which is not on the sheet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

impl TieBreaker {
    /// Whether the table types a value for this breaker: one that reads neither a part of the
    /// sheet nor the turn order.
    pub fn typed(&self) -> bool {
        self.part.is_none() && self.prefer != Prefer::EarlierInTurnOrder
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub id: String,
    pub name: Name,
    /// How many players take this side, when the rulebook fixes it (Leviath: one monster).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
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

/// An opponent the game plays itself (Earth's Gaia in a solo game): a column of its own after
/// the players', scored only in the parts it names, and ranked with them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    pub name: Name,
    /// The number of players it plays against (Gaia: 1, the solo game).
    pub players: usize,
    /// The ids of the parts it scores; the others are 0 in its column.
    pub parts: Vec<String>,
}

/// A whole sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetSpec {
    pub parts: Vec<PartSpec>,
    pub winner: WinnerRule,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Opponent>,
}

impl SheetSpec {
    /// The opponent the game plays itself with `players` players, if any.
    pub fn opponent_for(&self, players: usize) -> Option<&Opponent> {
        self.opponent.as_ref().filter(|o| o.players == players)
    }
}

/// A value a player's cell takes: one number, or several counts (for a "per N" part).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "a number (21, -5, 0.5 or a fraction as \"1/3\") or a list of counts ([3, 1])"
)]
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
    /// The column of the opponent the game plays itself (Gaia), scored after the players'; in
    /// claims and bonuses its seat is the one after the last player's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<PlayerInput>,
}

impl SheetInput {
    /// A seat's column: a player's, or the opponent's the game plays itself (the seat after
    /// the players').
    pub fn column(&self, seat: usize) -> Option<&PlayerInput> {
        match seat.checked_sub(self.players.len()) {
            None => self.players.get(seat),
            Some(0) => self.opponent.as_ref(),
            Some(_) => None,
        }
    }
}

/// Where a cell's points come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Nothing entered yet: the part's empty value counts (0, or a track's start).
    Missing,
    /// What the table entered.
    Entered,
    /// What the app worked out from the game it kept (TERRAVIST's eggs, cards, objectives).
    Computed,
    /// The app worked out `computed`; the table entered the value that counts over it.
    Overridden { computed: Points },
}

impl Origin {
    /// Whether the table's hand is in the cell (an entry, or an override).
    pub fn is_entered(self) -> bool {
        matches!(self, Origin::Entered | Origin::Overridden { .. })
    }
}

/// A scored player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoredPlayer {
    pub name: String,
    pub parts: Vec<Points>,
    /// Where each part's points come from, in the parts' order. Not written out: a sheet
    /// scored from a file is all entries.
    #[serde(skip)]
    pub origins: Vec<Origin>,
    pub total: Points,
    /// 1 = best; equal after every tie-breaker shares a rank.
    pub rank: u32,
    pub winner: bool,
}

/// A scored sheet: every game's, TERRAVIST's tracked one too, is shown, summarised and
/// exported from this one type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scored {
    pub parts: Vec<String>,
    pub players: Vec<ScoredPlayer>,
    /// The winning side, in a side game.
    pub winning_side: Option<String>,
    /// How a side game ended.
    pub ending: Option<String>,
    /// The tie-breaker (its id) that parted the winner from a player level on points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_broken_by: Option<String>,
    /// The opponent the game plays itself (Gaia), scored and ranked with the players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<ScoredPlayer>,
}

impl ScoredPlayer {
    /// A part's points and where they come from.
    pub fn cell(&self, part: usize) -> Option<(Points, Origin)> {
        Some((*self.parts.get(part)?, *self.origins.get(part)?))
    }
}

impl Scored {
    /// Whether any number is in: a cell the table entered or the app worked out from the game.
    /// Before one is, every player stands at the parts' empty values, and whoever "wins" that
    /// wins only a tie-breaker: no sheet names a winner then.
    pub fn any_number_in(&self) -> bool {
        (self.players.iter())
            .flat_map(|p| &p.origins)
            .any(|origin| *origin != Origin::Missing)
    }

    /// The players whose total is level with another player's, in seat order: the seats a
    /// typed tie-breaker is asked of, and only while there is a tie to break. A column with
    /// nothing in it yet ties with nobody: at an empty sheet every total is level, and no tie
    /// is there to break. (The opponent the game plays itself, Gaia, types no tie-breaker.)
    /// A column is filled by its own parts only: a card claimed fills the claims part for
    /// every player (nobody else claimed), but says nothing of the others' own numbers.
    pub fn level_seats(&self, spec: &SheetSpec) -> Vec<usize> {
        let columns: Vec<&ScoredPlayer> = self.players.iter().collect();
        let own = |part: &PartSpec| {
            !matches!(part.kind, PartKind::Claims { .. } | PartKind::Bonus { .. })
        };
        let filled = |c: &ScoredPlayer| {
            (spec.parts.iter().zip(&c.origins)).any(|(part, o)| own(part) && *o != Origin::Missing)
        };
        (0..columns.len())
            .filter(|&seat| {
                filled(columns[seat])
                    && (columns.iter().enumerate()).any(|(other, c)| {
                        other != seat && filled(c) && c.total == columns[seat].total
                    })
            })
            .collect()
    }

    /// The winners' names, in seat order (a tie for the best shares the victory).
    pub fn winner_names(&self) -> Vec<&str> {
        (self.players.iter())
            .filter(|p| p.winner)
            .map(|p| p.name.as_str())
            .collect()
    }
}

/// A sheet description that cannot be used, naming the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the sheet's `{field}` is wrong: {problem}")]
pub struct SpecError {
    pub field: String,
    pub problem: Problem,
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
    /// A number too large to add up exactly (an i64 fraction); `part` is "total" for the sum.
    #[error("{player}: {part} is too large to add up")]
    TooLarge { player: String, part: String },
}

fn spec_error(field: impl Into<String>, problem: Problem) -> SpecError {
    SpecError {
        field: field.into(),
        problem,
    }
}

/// `what` is the translation key of what the ids name ("word.part").
fn unique<'a>(
    field: &str,
    ids: impl Iterator<Item = &'a str>,
    what: &'static str,
) -> Result<(), SpecError> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if id.trim().is_empty() {
            return Err(spec_error(field, Problem::EmptyId));
        }
        if !seen.insert(id) {
            return Err(spec_error(
                field,
                Problem::Twice {
                    what,
                    id: id.to_string(),
                },
            ));
        }
    }
    Ok(())
}

impl SheetSpec {
    /// A breaker that reads a part reads one number per player: a counted, ranked, entered or
    /// track part, never claims, a bonus or several counts; and the turn order is not a part.
    fn validate_breaker_part(&self, breaker: &TieBreaker) -> Result<(), SpecError> {
        let Some(id) = &breaker.part else {
            return Ok(());
        };
        let field = format!("winner.tie_breakers.{}.part", breaker.id);
        let Some(part) = self.parts.iter().find(|p| &p.id == id) else {
            return Err(spec_error(field, Problem::NotAPart { part: id.clone() }));
        };
        let one_number = !matches!(
            part.kind,
            PartKind::Claims { .. } | PartKind::Bonus { .. } | PartKind::PerN { .. }
        );
        if !one_number || breaker.prefer == Prefer::EarlierInTurnOrder {
            return Err(spec_error(field, Problem::BreakerPart));
        }
        Ok(())
    }

    /// Checks what serde cannot: ids, weights, lists, the tie chain, the sides.
    pub fn validate(&self) -> Result<(), SpecError> {
        if self.parts.is_empty() && !matches!(self.winner, WinnerRule::Side { .. }) {
            return Err(spec_error("parts", Problem::NoParts));
        }
        unique(
            "parts",
            self.parts.iter().map(|p| p.id.as_str()),
            "word.part",
        )?;
        if let Some(opponent) = &self.opponent {
            if matches!(self.winner, WinnerRule::Side { .. }) || opponent.players == 0 {
                return Err(spec_error("opponent", Problem::Opponent));
            }
            if let Some(part) =
                (opponent.parts.iter()).find(|id| self.parts.iter().all(|p| &p.id != *id))
            {
                return Err(spec_error(
                    "opponent.parts",
                    Problem::NotAPart { part: part.clone() },
                ));
            }
        }
        for part in &self.parts {
            let field = format!("parts.{}", part.id);
            match &part.kind {
                PartKind::Count { weight } if weight.is_negative() => {
                    return Err(spec_error(field, Problem::NegativeWeight));
                }
                PartKind::Penalty { points } if points.is_negative() => {
                    return Err(spec_error(field, Problem::NegativePenalty));
                }
                PartKind::PerN { per, counts } if *per == 0 || counts.is_empty() => {
                    return Err(spec_error(field, Problem::PerN));
                }
                PartKind::Rank { points, .. } if points.is_empty() => {
                    return Err(spec_error(field, Problem::RankPoints));
                }
                _ if part.dummies.is_some() && !matches!(part.kind, PartKind::Rank { .. }) => {
                    return Err(spec_error(field, Problem::Dummies));
                }
                _ if part.most.is_some_and(|most| most == 0)
                    || (part.most.is_some()
                        && !matches!(
                            part.kind,
                            PartKind::Count { .. } | PartKind::Penalty { .. }
                        )) =>
                {
                    return Err(spec_error(field, Problem::Most));
                }
                // A claim is kept per card: a profile's billions of cards would fill memory.
                PartKind::Claims { slots, cards, each }
                    if *cards == 0
                        || *cards > MAX_CLAIM_CARDS
                        || (slots.is_empty() && each.is_none()) =>
                {
                    return Err(spec_error(field, Problem::Claims));
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
                            Problem::Cycle { id: t.id.clone() },
                        ));
                    }
                    self.validate_breaker_part(t)?;
                }
            }
            WinnerRule::Side { sides, endings } => {
                if sides.len() < 2 {
                    return Err(spec_error("winner.sides", Problem::TwoSides));
                }
                unique(
                    "winner.sides",
                    sides.iter().map(|s| s.id.as_str()),
                    "word.side",
                )?;
                unique(
                    "winner.endings",
                    endings.iter().map(|e| e.id.as_str()),
                    "word.ending",
                )?;
                if endings.is_empty() {
                    return Err(spec_error("winner.endings", Problem::NoEndings));
                }
                if let Some(side) = sides.iter().find(|s| s.players == Some(0)) {
                    let at = format!("winner.sides.{}.players", side.id);
                    return Err(spec_error(at, Problem::SidePlayers));
                }
                if let Some(e) = endings
                    .iter()
                    .find(|e| sides.iter().all(|s| s.id != e.winner))
                {
                    return Err(spec_error(
                        format!("winner.endings.{}", e.id),
                        Problem::NotASide {
                            side: e.winner.clone(),
                        },
                    ));
                }
            }
        }
        Ok(())
    }
}
