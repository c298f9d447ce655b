//! TERRAVIST's end-game sheet: the cells the app works out from the game it kept, the table's
//! entries and overrides from `SetScore` events, scored into the one sheet type every game uses.

use crate::scoring::{self, CellInput, Origin, PlayerInput, Points, Scored, SheetInput};
use crate::terravist::profile::{PartSource, Profile};
use crate::terravist::state::GameState;
use crate::vocabulary::{Player, Seat};

/// The sheet as the game stands, for `players` in seat order. A derived
/// cell is the app's number unless the table entered one over it; an entered cell is the
/// table's number, or missing.
pub fn score(profile: &Profile, state: &GameState, players: &[Player]) -> Scored {
    // Each cell as the game holds it: the app's own number (derived parts) and the table's
    // entry over it, by seat then part.
    let cells: Vec<Vec<(Option<u32>, Option<u32>)>> = (0..state.player_count)
        .map(|seat| {
            (profile.score_parts())
                .map(|part| {
                    let computed = derived_value(profile, state, seat, part.source);
                    let entry = state.score_entries.get(&(seat, part.id.to_string()));
                    (computed, entry.copied())
                })
                .collect()
        })
        .collect();
    let input = SheetInput {
        players: (cells.iter().enumerate())
            .map(|(seat, cells)| PlayerInput {
                name: players
                    .get(seat)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                parts: (profile.score_parts().zip(cells))
                    .filter_map(|(part, &(computed, entry))| {
                        Some((part.id.to_string(), number(entry.or(computed)?)))
                    })
                    .collect(),
                ..PlayerInput::default()
            })
            .collect(),
        ..SheetInput::default()
    };
    // A checked TERRAVIST profile's parts are entered numbers won by the highest total, and its
    // cells are whole u32s: a total overflows i64 only past 2^31 parts, which no profile file
    // under the size limit holds, so scoring cannot fail here.
    let mut scored = scoring::compute(&profile.game.sheet, &input)
        .expect("a checked TERRAVIST sheet always scores");
    // The engine saw numbers; which of them the app worked out is known here.
    for (player, cells) in scored.players.iter_mut().zip(&cells) {
        for (origin, &(computed, entry)) in player.origins.iter_mut().zip(cells) {
            *origin = match (computed, entry) {
                (None, _) => continue,
                (Some(_), None) => Origin::Computed,
                (Some(computed), Some(_)) => Origin::Overridden {
                    computed: Points::whole(computed.into()),
                },
            };
        }
    }
    scored
}

fn number(value: u32) -> CellInput {
    CellInput::Number(Points::whole(value.into()))
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
