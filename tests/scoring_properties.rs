//! Property tests of the scoring engine at the edges of its numbers: no sheet and no entry makes
//! it panic or wrap. With whole numbers an exact `i128` oracle says what every part and total
//! must be, and the engine must either give exactly that or refuse with `TooLarge`, naming the
//! part (or "total") that did not fit.

use std::collections::BTreeMap;

use proptest::prelude::*;
use tablekeeper::scoring::{
    self, CellInput, PartKind, PartSpec, PlayerInput, Points, Prefer, ScoringError, SheetInput,
    SheetSpec, TieBreaker, WinnerRule,
};
use tablekeeper::vocabulary::Name;

fn name(s: &str) -> Name {
    Name::new(s.to_string(), s.to_string())
}

/// Numbers that live near the edges as often as in the middle.
fn edgy() -> impl Strategy<Value = i64> {
    prop_oneof![
        -1000i64..1000,
        Just(i64::MAX),
        Just(i64::MIN),
        Just(i64::MAX / 2 + 1),
        Just(i64::MIN / 2),
        Just(1i64 << 32),
        Just(-(1i64 << 32)),
        any::<i64>(),
    ]
}

/// A whole-number part: what the table enters and how it becomes points, with its exact value.
#[derive(Debug, Clone)]
enum WholePart {
    Entered,
    Count(i64),
    Penalty(i64),
    Track(i64),
}

impl WholePart {
    fn kind(&self) -> PartKind {
        match self {
            WholePart::Entered => PartKind::Entered,
            WholePart::Count(w) => PartKind::Count {
                weight: Points::whole(*w),
            },
            WholePart::Penalty(p) => PartKind::Penalty {
                points: Points::whole(*p),
            },
            WholePart::Track(start) => PartKind::Track { start: *start },
        }
    }

    /// The exact points for an entry (the engine scores any whole count; whether a negative
    /// count may be entered is checked where it is entered).
    fn exact(&self, entry: Option<i64>) -> Option<i128> {
        let v = entry.map(i128::from);
        match self {
            WholePart::Entered => Some(v.unwrap_or(0)),
            WholePart::Track(start) => Some(v.unwrap_or(i128::from(*start))),
            WholePart::Count(w) => Some(v.unwrap_or(0) * i128::from(*w)),
            WholePart::Penalty(p) => Some(-(v.unwrap_or(0) * i128::from(*p))),
        }
    }
}

fn whole_part() -> impl Strategy<Value = WholePart> {
    prop_oneof![
        Just(WholePart::Entered),
        edgy().prop_map(WholePart::Count),
        edgy().prop_map(WholePart::Penalty),
        edgy().prop_map(WholePart::Track),
    ]
}

fn fits(v: i128) -> bool {
    i64::try_from(v).is_ok()
}

fn winner(lowest: bool, ties: usize) -> WinnerRule {
    let tie_breakers = (0..ties)
        .map(|i| TieBreaker {
            id: format!("t{i}"),
            name: name("tie"),
            prefer: [Prefer::More, Prefer::Less, Prefer::EarlierInTurnOrder][i % 3],
            part: None,
        })
        .collect();
    if lowest {
        WinnerRule::Lowest { tie_breakers }
    } else {
        WinnerRule::Highest { tie_breakers }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn whole_sheets_score_exactly_or_refuse_what_does_not_fit(
        parts in prop::collection::vec(whole_part(), 1..5),
        entries in prop::collection::vec(prop::collection::vec(prop::option::of(edgy()), 4), 1..5),
        ties in prop::collection::vec(prop::collection::vec(edgy(), 3), 5),
        lowest in any::<bool>(),
    ) {
        let spec = SheetSpec {
            parts: parts
                .iter()
                .enumerate()
                .map(|(i, p)| PartSpec {
                    id: format!("p{i}"),
                    name: name("part"),
                    kind: p.kind(),
                    most: None,
                dummies: None,
                })
                .collect(),
            winner: winner(lowest, 3),
            opponent: None,
        };
        let input = SheetInput {
            players: entries
                .iter()
                .enumerate()
                .map(|(seat, row)| PlayerInput {
                    name: format!("P{seat}"),
                    parts: parts
                        .iter()
                        .zip(row)
                        .enumerate()
                        .filter_map(|(i, (_, v))| {
                            v.map(|v| (format!("p{i}"), CellInput::Number(Points::whole(v))))
                        })
                        .collect(),
                    tie: (0..3).map(|t| (format!("t{t}"), ties[seat][t])).collect::<BTreeMap<_, _>>(),
                    ..PlayerInput::default()
                })
                .collect(),
            ..SheetInput::default()
        };
        // The oracle: every part in i128 (a product of two i64 always fits); sums checked, since
        // four such parts can pass i128 (then the total certainly does not fit an i64).
        let expected: Vec<(Vec<i128>, Option<i128>)> = entries
            .iter()
            .map(|row| {
                let column: Vec<i128> = parts
                    .iter()
                    .zip(row)
                    .map(|(part, entry)| part.exact(*entry).expect("every whole part scores"))
                    .collect();
                let total = column.iter().try_fold(0i128, |sum, v| sum.checked_add(*v));
                (column, total)
            })
            .collect();
        // Parts are scored part by part across the players, then the totals: the first value
        // that does not fit in that order is the one a refusal must name.
        let misfit = (0..parts.len())
            .find_map(|i| {
                expected.iter().enumerate().find_map(|(seat, (column, _))| {
                    (!fits(column[i])).then(|| (format!("P{seat}"), format!("p{i}")))
                })
            })
            .or_else(|| {
                // A total is added part by part, so a partial sum that does not fit is refused
                // even when later parts would bring it back.
                expected
                    .iter()
                    .position(|(column, _)| {
                        column
                            .iter()
                            .scan(Some(0i128), |sum, v| {
                                *sum = sum.and_then(|s| s.checked_add(*v));
                                Some(*sum)
                            })
                            .any(|s| !s.is_some_and(fits))
                    })
                    .map(|seat| (format!("P{seat}"), "total".to_string()))
            });
        match scoring::compute(&spec, &input) {
            Ok(scored) => {
                prop_assert!(misfit.is_none(), "scored although {misfit:?} does not fit");
                for (player, (column, total)) in scored.players.iter().zip(&expected) {
                    for (got, want) in player.parts.iter().zip(column) {
                        prop_assert_eq!(got.to_string(), want.to_string());
                    }
                    prop_assert_eq!(Some(player.total.to_string()), total.map(|t| t.to_string()));
                }
                // Ranks agree with the totals, in the sheet's direction.
                for a in &scored.players {
                    for b in &scored.players {
                        let better = if lowest { a.total < b.total } else { a.total > b.total };
                        if better {
                            prop_assert!(a.rank < b.rank);
                        }
                    }
                }
            }
            Err(ScoringError::TooLarge { player, part }) => {
                prop_assert_eq!(Some((player, part)), misfit);
            }
            Err(other) => prop_assert!(false, "unexpected refusal: {other}"),
        }
    }

    #[test]
    fn fractions_never_panic_and_any_score_is_the_true_sum(
        weights in prop::collection::vec((edgy(), prop_oneof![Just(1i64), Just(2), Just(3), Just(7), Just(10), edgy()]), 1..5),
        entries in prop::collection::vec(prop::collection::vec((edgy(), prop_oneof![Just(1i64), Just(3), Just(1 << 40), edgy()]), 4), 1..5),
        lowest in any::<bool>(),
    ) {
        let spec = SheetSpec {
            parts: weights
                .iter()
                .enumerate()
                .map(|(i, &(n, d))| PartSpec {
                    id: format!("p{i}"),
                    name: name("part"),
                    kind: match Points::new(n, d) {
                        Some(weight) if i % 2 == 0 => PartKind::Count { weight },
                        _ => PartKind::Entered,
                    },
                    most: None,
                dummies: None,
                })
                .collect(),
            winner: winner(lowest, 0),
            opponent: None,
        };
        let input = SheetInput {
            players: entries
                .iter()
                .enumerate()
                .map(|(seat, row)| PlayerInput {
                    name: format!("P{seat}"),
                    parts: spec
                        .parts
                        .iter()
                        .zip(row)
                        .filter_map(|(part, &(n, d))| {
                            let value = match part.kind {
                                PartKind::Count { .. } => Points::whole(n),
                                _ => Points::new(n, d)?,
                            };
                            Some((part.id.clone(), CellInput::Number(value)))
                        })
                        .collect(),
                    ..PlayerInput::default()
                })
                .collect(),
            ..SheetInput::default()
        };
        // Whatever happens, no panic; a score that comes back is the true one (checked in
        // floating point, where a wrapped i64 would be off by about 2^64).
        if let Ok(scored) = scoring::compute(&spec, &input) {
            for player in &scored.players {
                let sum: f64 = player.parts.iter().map(|p| p.to_f64()).sum();
                let scale: f64 = player.parts.iter().map(|p| p.to_f64().abs()).sum::<f64>().max(1.0);
                prop_assert!((player.total.to_f64() - sum).abs() <= scale * 1e-9,
                    "total {} is not the sum of {:?}", player.total, player.parts);
            }
        }
    }
}
