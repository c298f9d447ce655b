//! A game being made in the profile editor: every field as the table typed it, turned into a
//! validated [`GameProfile`] only on save, with a message naming the first field that is wrong.

use crate::i18n::{Locale, Text};
use crate::kit::game_profile::{Counter, GameProfile, Overflow, PlayerRange, Turns};
use crate::scoring::{PartKind, PartSpec, Points, Prefer, SheetSpec, TieBreaker, WinnerRule};
use crate::store::profiles::{id_for_name, id_from_name};
use crate::vocabulary::Name;

pub use super::choices::{Kind, Structure};

#[derive(Debug, Clone, PartialEq)]
pub struct PartDraft {
    pub id: Option<String>,
    pub name: String,
    pub kind: Kind,
    pub params: [String; 2],
    /// The rulebook's cap of a counted part, as the game file gave it: kept while the part
    /// stays counted (the editor has no field for it; the file does).
    pub most: Option<u32>,
    /// The dummy players a ranked part takes by player count, as the game file gave them:
    /// kept while the part stays ranked.
    pub dummies: Option<std::collections::BTreeMap<usize, usize>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BreakerDraft {
    pub name: String,
    pub prefer: Prefer,
    /// The sheet's part the breaker reads, as the game file gave it (kept as it is; a part
    /// renamed away is refused by the sheet's check).
    pub part: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CounterDraft {
    pub name: String,
    /// min, max, start.
    pub values: [String; 3],
}

/// Every field of the editor, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub name: String,
    pub id: String,
    /// The BoardGameGeek id, or empty.
    pub bgg_id: String,
    /// min and max players.
    pub players: [String; 2],
    pub structure: Structure,
    /// rounds, actions (or first-round turns), decrement.
    pub turns: [String; 3],
    pub reorder: bool,
    /// What ends a round, or the game (shown at the table).
    pub end_text: String,
    pub parts: Vec<PartDraft>,
    pub lowest: bool,
    pub breakers: Vec<BreakerDraft>,
    pub counters: Vec<CounterDraft>,
    /// The profile the draft started from: a game of sides keeps its sides and endings.
    base: GameProfile,
}

fn list(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn name(text: &str) -> Name {
    Name::same(text.trim())
}

/// A turn structure as the editor's fields: its kind, up to three numbers, whether the order
/// is remade each round, and the text of what ends the game.
fn turns_draft(
    turns: &Turns,
    pick: &impl Fn(&Name) -> String,
) -> (Structure, [String; 3], bool, String) {
    match turns {
        Turns::FixedRounds {
            rounds,
            actions,
            reorder_each_round,
        } => (
            Structure::FixedRounds,
            [rounds.to_string(), actions.to_string(), String::new()],
            *reorder_each_round,
            String::new(),
        ),
        Turns::RoundsUntil {
            rounds,
            round_ends,
            reorder_each_round,
        } => (
            Structure::RoundsUntil,
            [rounds.to_string(), String::new(), String::new()],
            *reorder_each_round,
            pick(round_ends),
        ),
        Turns::UntilTrigger { trigger } => (
            Structure::UntilTrigger,
            Default::default(),
            false,
            pick(trigger),
        ),
        Turns::ShrinkingRounds {
            rounds,
            first_round_turns,
            decrement,
        } => (
            Structure::ShrinkingRounds,
            [
                rounds.to_string(),
                first_round_turns.to_string(),
                decrement.to_string(),
            ],
            false,
            String::new(),
        ),
        Turns::Alternating { .. } => (
            Structure::Alternating,
            Default::default(),
            false,
            String::new(),
        ),
    }
}

impl PartDraft {
    /// A sheet part as the editor's fields: its kind and up to two parameters as text.
    fn from_spec(p: &PartSpec, pick: &impl Fn(&Name) -> String) -> PartDraft {
        let none = String::new;
        let (kind, params) = match &p.kind {
            PartKind::Entered => (Kind::Entered, [none(), none()]),
            PartKind::Count { weight } => (Kind::Count, [weight.to_string(), none()]),
            PartKind::Penalty { points } => (Kind::Penalty, [points.to_string(), none()]),
            PartKind::PerN { per, counts } => (
                Kind::PerN,
                [
                    per.to_string(),
                    counts.iter().map(pick).collect::<Vec<_>>().join(", "),
                ],
            ),
            PartKind::Rank { points, .. } => (Kind::Rank, [list(points), none()]),
            PartKind::Claims { slots, cards, .. } => {
                (Kind::Claims, [list(slots), cards.to_string()])
            }
            PartKind::Bonus { points } => (Kind::Bonus, [points.to_string(), none()]),
            PartKind::Track { start } => (Kind::Track, [start.to_string(), none()]),
        };
        PartDraft {
            id: Some(p.id.clone()),
            name: pick(&p.name),
            kind,
            params,
            most: p.most,
            dummies: p.dummies.clone(),
        }
    }
}

impl Draft {
    /// A draft of `profile` as it is (to edit it, or to copy it under a new id).
    pub fn from_profile(profile: &GameProfile, locale: Locale) -> Draft {
        let pick = |n: &Name| locale.pick(n).to_string();
        let (structure, turns, reorder, end_text) = turns_draft(&profile.turns, &pick);
        let parts = (profile.sheet.parts.iter())
            .map(|p| PartDraft::from_spec(p, &pick))
            .collect();
        let (lowest, breakers) = match &profile.sheet.winner {
            WinnerRule::Highest { tie_breakers } => (false, tie_breakers.clone()),
            WinnerRule::Lowest { tie_breakers } => (true, tie_breakers.clone()),
            WinnerRule::Side { .. } => (false, Vec::new()),
        };
        Draft {
            name: pick(&profile.name),
            id: profile.id.clone(),
            bgg_id: profile.bgg_id.map(|id| id.to_string()).unwrap_or_default(),
            players: [
                profile.players.min.to_string(),
                profile.players.max.to_string(),
            ],
            structure,
            turns,
            reorder,
            end_text,
            parts,
            lowest,
            breakers: breakers
                .iter()
                .map(|t| BreakerDraft {
                    name: pick(&t.name),
                    prefer: t.prefer,
                    part: t.part.clone(),
                })
                .collect(),
            counters: profile
                .counters
                .iter()
                .map(|c| CounterDraft {
                    name: pick(&c.name),
                    values: [c.min.to_string(), c.max.to_string(), c.start.to_string()],
                })
                .collect(),
            base: profile.clone(),
        }
    }

    pub fn is_side_game(&self) -> bool {
        matches!(self.base.sheet.winner, WinnerRule::Side { .. })
    }

    /// The profile the draft describes, validated; or what is wrong, naming the field.
    pub fn build(&self) -> Result<GameProfile, Text> {
        if self.name.trim().is_empty() {
            return Err(Text::new("editor.no_name"));
        }
        let id = if self.id.trim().is_empty() {
            id_for_name(&self.name)
        } else {
            self.id.trim().to_string()
        };
        let min = num(Field::Key("editor.players_min"), &self.players[0])?;
        let max = num(Field::Key("editor.players_max"), &self.players[1])?;
        // The editor has no field for the recommended counts: the copied game's are kept while
        // they still lie inside the range typed.
        let inside = |n: Option<usize>| n.filter(|n| (min..=max).contains(n));
        let players = PlayerRange {
            min,
            max,
            recommended_min: inside(self.base.players.recommended_min),
            recommended_max: inside(self.base.players.recommended_max),
        };
        let turns = self.build_turns()?;
        let parts = self.build_parts()?;
        let winner = self.build_winner();
        let counters = self.build_counters()?;
        let bgg_id = match self.bgg_id.trim() {
            "" => None,
            typed => Some(num(Field::Key("editor.bgg_id"), typed)?),
        };
        // A typed id closes the gap that said it was unknown.
        let gaps = self
            .base
            .gaps
            .iter()
            .filter(|gap| bgg_id.is_none() || gap.field != crate::kit::game_profile::BGG_ID_GAP)
            .cloned()
            .collect();
        let parts_left: Vec<String> = parts.iter().map(|p| p.id.clone()).collect();
        let profile = GameProfile {
            format: self.base.format.clone(),
            version: self.base.version,
            id,
            name: name(&self.name),
            bgg_id,
            players,
            sheet: SheetSpec {
                // The opponent the game plays itself (Gaia) keeps the parts still on the sheet.
                opponent: self.base.sheet.opponent.clone().map(|mut o| {
                    o.parts.retain(|id| parts.iter().any(|p| &p.id == id));
                    o
                }),
                parts,
                winner,
            },
            turns,
            counters,
            gaps,
            clock: self.base.clock.clone(),
            // A variant keeps to the parts still on the sheet.
            variants: (self.base.variants.iter())
                .filter(|v| (v.parts.iter()).all(|p| parts_left.contains(&p.id)))
                .cloned()
                .collect(),
            played_with: Vec::new(),
        };
        profile
            .validate()
            .map_err(|e| Text::new("editor.invalid").arg_text("error", e.text()))?;
        Ok(profile)
    }

    /// The turn structure chosen, with its numbers (alternating sides stay as the game had them).
    fn build_turns(&self) -> Result<Turns, Text> {
        let rounds = || num::<u32>(Field::Key("editor.rounds"), &self.turns[0]);
        Ok(match self.structure {
            Structure::FixedRounds => Turns::FixedRounds {
                rounds: rounds()?,
                actions: num(Field::Key("editor.actions"), &self.turns[1])?,
                reorder_each_round: self.reorder,
            },
            Structure::RoundsUntil => Turns::RoundsUntil {
                rounds: rounds()?,
                round_ends: name(&self.end_text),
                reorder_each_round: self.reorder,
            },
            Structure::UntilTrigger => Turns::UntilTrigger {
                trigger: name(&self.end_text),
            },
            Structure::ShrinkingRounds => Turns::ShrinkingRounds {
                rounds: rounds()?,
                first_round_turns: num(Field::Key("editor.first_turns"), &self.turns[1])?,
                decrement: num(Field::Key("editor.decrement"), &self.turns[2])?,
            },
            Structure::Alternating => self.base.turns.clone(),
        })
    }

    /// The sheet's parts; a part keeps its id (a copied game's history keeps its columns).
    fn build_parts(&self) -> Result<Vec<PartSpec>, Text> {
        let mut parts = Vec::with_capacity(self.parts.len());
        for (i, p) in self.parts.iter().enumerate() {
            if p.name.trim().is_empty() {
                return Err(Text::new("editor.part_no_name").arg("part", i + 1));
            }
            let field = p.name.trim();
            let named = Field::Named(field);
            let [a, b] = &p.params;
            let kind = match p.kind {
                Kind::Entered => PartKind::Entered,
                Kind::Count => PartKind::Count {
                    weight: points(named, a)?,
                },
                Kind::Penalty => PartKind::Penalty {
                    points: points(named, a)?,
                },
                Kind::PerN => PartKind::PerN {
                    per: num(named, a)?,
                    counts: b
                        .split([',', '、'])
                        .filter(|c| !c.trim().is_empty())
                        .map(name)
                        .collect(),
                },
                Kind::Rank => PartKind::Rank {
                    points: numbers(named, a)?,
                    zero_scores_nothing: false,
                },
                Kind::Claims => PartKind::Claims {
                    slots: numbers(named, a)?,
                    cards: num(named, b)?,
                    each: None,
                },
                Kind::Bonus => PartKind::Bonus {
                    points: num(named, a)?,
                },
                Kind::Track => PartKind::Track {
                    start: num(named, a)?,
                },
            };
            // Ids stay as they were (a copied game's history keeps its columns); a new part
            // takes one from its name, made unique.
            let mut id = p.id.clone().unwrap_or_else(|| {
                let id = id_from_name(field);
                if id.is_empty() {
                    format!("part-{}", i + 1)
                } else {
                    id
                }
            });
            while parts.iter().any(|q: &PartSpec| q.id == id) {
                id.push_str("-2");
            }
            let counted = matches!(kind, PartKind::Count { .. } | PartKind::Penalty { .. });
            let ranked = matches!(kind, PartKind::Rank { .. });
            parts.push(PartSpec {
                id,
                name: name(field),
                kind,
                most: p.most.filter(|_| counted),
                dummies: p.dummies.clone().filter(|_| ranked),
            });
        }
        Ok(parts)
    }

    fn build_winner(&self) -> WinnerRule {
        match &self.base.sheet.winner {
            WinnerRule::Side { .. } => self.base.sheet.winner.clone(),
            _ => {
                let tie_breakers = self
                    .breakers
                    .iter()
                    .enumerate()
                    .map(|(i, t)| TieBreaker {
                        id: match id_from_name(&t.name) {
                            id if id.is_empty() => format!("tie-{}", i + 1),
                            id => id,
                        },
                        name: name(&t.name),
                        prefer: t.prefer,
                        part: t.part.clone(),
                    })
                    .collect();
                if self.lowest {
                    WinnerRule::Lowest { tie_breakers }
                } else {
                    WinnerRule::Highest { tie_breakers }
                }
            }
        }
    }

    /// The counters; one that matches a counter of the game it was made from keeps its id,
    /// names and what it ends.
    fn build_counters(&self) -> Result<Vec<Counter>, Text> {
        let mut counters = Vec::with_capacity(self.counters.len());
        for (i, c) in self.counters.iter().enumerate() {
            let field = c.name.trim();
            let named = Field::Named(field);
            if field.is_empty() {
                return Err(Text::new("editor.counter_no_name").arg("counter", i + 1));
            }
            let [min, max, start]: [i64; 3] = [
                num(named, &c.values[0])?,
                num(named, &c.values[1])?,
                num(named, &c.values[2])?,
            ];
            if !(min <= start && start <= max) {
                return Err(Text::new("editor.counter_range").arg("counter", field));
            }
            let kept = self
                .base
                .counters
                .iter()
                .find(|k| k.name.each().any(|(_, name)| name == field));
            counters.push(Counter {
                id: kept
                    .map(|k| k.id.clone())
                    .unwrap_or_else(|| match id_from_name(field) {
                        id if id.is_empty() => format!("counter-{}", i + 1),
                        id => id,
                    }),
                name: kept.map(|k| k.name.clone()).unwrap_or_else(|| name(field)),
                min,
                max,
                start,
                overflow: Overflow::Lost,
                ends_game_at: kept.and_then(|k| k.ends_game_at),
                ending: kept.and_then(|k| k.ending.clone()),
                also_counts_in: kept.and_then(|k| k.also_counts_in.clone()),
            });
        }
        Ok(counters)
    }
}

/// What a number typed in the editor belongs to, for the message when it is not a number.
#[derive(Debug, Clone, Copy)]
enum Field<'a> {
    /// One of the editor's own fields, by its translation key.
    Key(&'static str),
    /// A part or a counter, by the name the table typed.
    Named(&'a str),
}

fn num<T: std::str::FromStr>(field: Field, text: &str) -> Result<T, Text> {
    text.trim().parse().map_err(|_| bad(field, text))
}

fn points(field: Field, text: &str) -> Result<Points, Text> {
    Points::parse(text.trim()).ok_or_else(|| bad(field, text))
}

/// Numbers typed as a list: "8, 5, 2".
fn numbers(field: Field, text: &str) -> Result<Vec<u32>, Text> {
    text.split([',', ' ', '、', '/'])
        .filter(|v| !v.trim().is_empty())
        .map(|v| num(field, v))
        .collect()
}

fn bad(field: Field, text: &str) -> Text {
    let field = match field {
        Field::Key(key) => Text::new(key),
        Field::Named(name) => Text::new("plain").arg("text", name),
    };
    Text::new("editor.bad_number")
        .arg_text("field", field)
        .arg("value", text.trim())
}
