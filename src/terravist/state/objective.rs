//! Round-objective ranking: competition ranking ("1-1-3") with the rulebook's zero rule.

use serde::{Deserialize, Serialize};

/// Where one player's round-objective result puts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    /// A ranked slot, 1 = best. Equal results share a rank; the next rank is skipped.
    Rank(u32),
    /// The player met the objective not at all: the bottom slot, worth 0.
    Bottom,
}

/// Ranks results (higher is better) in the order given.
///
/// A result of 0 always takes the bottom slot, whatever the others did; the rest are ranked among
/// themselves by standard competition ranking: rank = 1 + the number of strictly better results.
pub fn rank(results: &[u32]) -> Vec<Placement> {
    results
        .iter()
        .map(|&mine| {
            if mine == 0 {
                Placement::Bottom
            } else {
                let better = results.iter().filter(|&&other| other > mine).count();
                Placement::Rank(better as u32 + 1)
            }
        })
        .collect()
}

/// A round's objective once step 1 of its end is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveOutcome {
    /// Each player's result, in seat order.
    pub results: Vec<u32>,
    pub placements: Vec<Placement>,
    pub points: Vec<u32>,
    /// The seats no result came for when step 1 was confirmed (their phone was offline, and
    /// they counted as 0): only theirs may come late ([`super::super::Event::AmendObjective`]
    /// offered by the table; issue 68, case 7). Older states have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<usize>,
}

impl ObjectiveOutcome {
    /// Ranks the results and gives each ranked player the points of their slot.
    pub fn new(results: Vec<u32>, slot_points: impl Fn(u32) -> u32) -> ObjectiveOutcome {
        let placements = rank(&results);
        let points = placements
            .iter()
            .map(|placement| match placement {
                Placement::Rank(rank) => slot_points(*rank),
                Placement::Bottom => 0,
            })
            .collect();
        ObjectiveOutcome {
            results,
            placements,
            points,
            missing: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Placement::*;

    #[test]
    fn the_rulebook_tie_two_first_then_third() {
        assert_eq!(rank(&[7, 7, 4]), vec![Rank(1), Rank(1), Rank(3)]);
        assert_eq!(
            rank(&[4, 7, 2, 7]),
            vec![Rank(3), Rank(1), Rank(4), Rank(1)]
        );
    }

    #[test]
    fn zero_goes_to_the_bottom_even_when_alone_or_tied() {
        assert_eq!(rank(&[0, 3, 0]), vec![Bottom, Rank(1), Bottom]);
        assert_eq!(rank(&[0, 0]), vec![Bottom, Bottom]);
    }

    #[test]
    fn tied_players_score_the_shared_slot_and_zero_scores_nothing() {
        // slots 5/3/2/1: two tied 1st take 5 each, the next is 3rd (2), a zero takes 0.
        let outcome =
            ObjectiveOutcome::new(vec![6, 6, 2, 0], |rank| [5, 3, 2, 1][rank as usize - 1]);
        assert_eq!(outcome.points, vec![5, 5, 2, 0]);
    }
}
