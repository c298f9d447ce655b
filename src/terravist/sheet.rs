//! The end-game score sheet: parts × players, derived cells from the tracked game, hand entries
//! and overrides from `SetScore` events, totals, ranks and the winner(s).

use serde::{Deserialize, Serialize};

use crate::scoring::{self, CellInput, PlayerInput, Points, SheetInput};
use crate::terravist::profile::{PartSource, Profile};
use crate::terravist::state::GameState;
use crate::vocabulary::Seat;

/// One cell of the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The number that counts.
    pub value: u32,
    /// What the app computed from the game, for derived parts.
    pub computed: Option<u32>,
    /// The table's hand entry (an entered part's value, or an override of a derived one).
    pub entry: Option<u32>,
}

impl Cell {
    pub fn is_derived(&self) -> bool {
        self.computed.is_some()
    }

    /// A derived cell whose value the table changed by hand.
    pub fn is_overridden(&self) -> bool {
        self.computed.is_some() && self.entry.is_some()
    }

    /// An entered cell still waiting for its number.
    pub fn is_missing(&self) -> bool {
        self.computed.is_none() && self.entry.is_none()
    }
}

/// One player's column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerScore {
    pub seat: Seat,
    /// One cell per profile score part, in the profile's order.
    pub cells: Vec<Cell>,
    /// u64: the sum of any number of u32 cells a file can hold fits, so it never wraps.
    pub total: u64,
    /// Competition rank by total (1 = best; equal totals share a rank).
    pub rank: u32,
    /// A tie for the highest total shares the victory.
    pub winner: bool,
}

/// The whole sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSheet {
    pub part_ids: Vec<String>,
    pub players: Vec<PlayerScore>,
}

impl ScoreSheet {
    /// Computes the sheet from the state as it stands.
    pub fn compute(profile: &Profile, state: &GameState) -> ScoreSheet {
        let mut players: Vec<PlayerScore> = (0..state.player_count)
            .map(|seat| {
                let cells: Vec<Cell> = profile
                    .score_parts()
                    .map(|part| {
                        let computed = derived_value(profile, state, seat, part.source);
                        let entry = state
                            .score_entries
                            .get(&(seat, part.id.to_string()))
                            .copied();
                        Cell {
                            value: entry.or(computed).unwrap_or(0),
                            computed,
                            entry,
                        }
                    })
                    .collect();
                let total = cells.iter().map(|c| u64::from(c.value)).sum();
                PlayerScore {
                    seat,
                    cells,
                    total,
                    rank: 0,
                    winner: false,
                }
            })
            .collect();
        // Totals, ranks and winners come from the engine every game's sheet uses; the tracked
        // cells are its entries.
        let spec = &profile.game.sheet;
        let input = SheetInput {
            players: players
                .iter()
                .map(|p| PlayerInput {
                    parts: profile
                        .score_parts()
                        .zip(&p.cells)
                        .map(|(part, cell)| {
                            (
                                part.id.to_string(),
                                CellInput::Number(Points::whole(i64::from(cell.value))),
                            )
                        })
                        .collect(),
                    ..PlayerInput::default()
                })
                .collect(),
            ..SheetInput::default()
        };
        // Cells are u32 and whole, so a total overflows i64 only past 2^31 parts: no profile
        // file under the size limit holds that many, so scoring cannot fail here.
        let scored = scoring::compute(spec, &input).expect("u32 cells always add up in i64");
        for (player, result) in players.iter_mut().zip(&scored.players) {
            debug_assert_eq!(i128::from(player.total), i128::from(result.total.floor()));
            player.rank = result.rank;
            player.winner = result.winner;
        }
        ScoreSheet {
            part_ids: profile.score_parts().map(|p| p.id.to_string()).collect(),
            players,
        }
    }

    pub fn winners(&self) -> Vec<Seat> {
        self.players
            .iter()
            .filter(|p| p.winner)
            .map(|p| p.seat)
            .collect()
    }
}

/// The app's own number for a derived part; `None` for an entered part.
fn derived_value(
    profile: &Profile,
    state: &GameState,
    seat: Seat,
    source: PartSource,
) -> Option<u32> {
    let own = || state.table.settled_of(seat);
    Some(match source {
        PartSource::Entered => return None,
        PartSource::CreatureSmiles => add_up(own().map(|c| c.card.smiles)),
        PartSource::Eggs => add_up(own().map(|c| c.eggs)),
        PartSource::TuckedCards => add_up(own().map(|c| c.tucked)),
        PartSource::ObjectivePoints => add_up(
            state
                .round_ends
                .iter()
                .filter_map(|r| r.objective.as_ref())
                .map(|o| o.points[seat]),
        ),
        PartSource::DevelopmentBonus => add_up(
            state
                .table
                .developments
                .iter()
                .filter(|d| d.by == Some(seat))
                .filter_map(|d| profile.habitat(&d.habitat))
                .map(|h| h.development_bonus.value),
        ),
    })
}

/// Adds up a derived part. Card values are at most 99 and a profile's points at most
/// `MAX_POINTS`, so this takes millions of cards to reach `u32::MAX`; it stops there rather than
/// wrap.
fn add_up(values: impl Iterator<Item = u32>) -> u32 {
    values.fold(0, u32::saturating_add)
}
