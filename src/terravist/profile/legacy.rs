//! TERRAVIST's first profile layout (format version 1: a schema of its own, with `rounds` and
//! `score_parts` beside a `turns` and a `sheet` that had to agree with them), and how it becomes
//! today's. Every game saved before version 2 carries its profile in this layout, so it is read
//! for as long as those files are.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{
    Confirmable, Die, Extension, GameProfile, GapNote, Habitat, HouseRules, Name, PROFILE_VERSION,
    PartRule, PartSource, PlayerRange, Profile, ResourceKind,
};
use crate::kit::turns::Turns;
use crate::scoring::{PartKind, PartSpec, SheetSpec, WinnerRule};

/// The first layout, field for field.
#[derive(Deserialize)]
pub(super) struct FirstLayout {
    format: String,
    id: String,
    name: Name,
    #[serde(default)]
    bgg_id: Option<u32>,
    players: Players,
    rounds: Rounds,
    slot_points: Confirmable<Vec<Vec<u32>>>,
    round_end_steps: Vec<Vec<u8>>,
    resources: Vec<ResourceKind>,
    habitats: Vec<Habitat>,
    dice: Confirmable<Vec<Die>>,
    score_parts: Vec<ScorePart>,
    house_rules: HouseRules,
    /// Written by later version-1 builds; the same parts as `score_parts`.
    #[serde(default)]
    sheet: Option<SheetSpec>,
    #[serde(default)]
    gaps: Vec<GapNote>,
}

#[derive(Deserialize)]
struct Players {
    min: usize,
    max: usize,
    recommended_min: usize,
    recommended_max: usize,
}

#[derive(Deserialize)]
struct Rounds {
    count: u32,
    default_first_round_turns: u32,
    first_round_turn_choices: Vec<u32>,
    // `min_first_round_turns` is not read: today the fewest turns are worked out from the
    // rounds (the last round keeps one turn), which is what every shipped file said.
    turn_decrement: u32,
}

#[derive(Deserialize)]
struct ScorePart {
    id: String,
    name: Name,
    source: PartSource,
    max_entry: u32,
}

impl From<FirstLayout> for Profile {
    fn from(first: FirstLayout) -> Profile {
        // The sheet a later version-1 build wrote kept its winner rule; an earlier one had none,
        // which meant every part entered, the highest total winning.
        let winner = first.sheet.map_or(
            WinnerRule::Highest {
                tie_breakers: Vec::new(),
            },
            |sheet| sheet.winner,
        );
        let parts = first
            .score_parts
            .iter()
            .map(|p| PartSpec {
                id: p.id.clone(),
                name: p.name.clone(),
                kind: PartKind::Entered,
                most: None,
                dummies: None,
            })
            .collect();
        let part_rules: BTreeMap<String, PartRule> = first
            .score_parts
            .into_iter()
            .map(|p| {
                let rule = PartRule {
                    source: p.source,
                    max_entry: p.max_entry,
                };
                (p.id, rule)
            })
            .collect();
        let game = GameProfile {
            format: first.format,
            version: PROFILE_VERSION,
            id: first.id,
            name: first.name,
            bgg_id: first.bgg_id,
            players: PlayerRange {
                min: first.players.min,
                max: first.players.max,
                recommended_min: Some(first.players.recommended_min),
                recommended_max: Some(first.players.recommended_max),
            },
            sheet: SheetSpec {
                parts,
                winner,
                opponent: None,
            },
            turns: Turns::ShrinkingRounds {
                rounds: first.rounds.count,
                first_round_turns: first.rounds.default_first_round_turns,
                decrement: first.rounds.turn_decrement,
            },
            counters: Vec::new(),
            gaps: first.gaps,
            clock: None,
            variants: Vec::new(),
            played_with: Vec::new(),
        };
        Profile {
            game,
            terravist: Extension {
                first_round_choices: first.rounds.first_round_turn_choices,
                slot_points: first.slot_points,
                round_end_steps: first.round_end_steps,
                together_steps: Vec::new(),
                resources: first.resources,
                habitats: first.habitats,
                dice: first.dice,
                part_rules,
                house_rules: first.house_rules,
            },
        }
    }
}
