//! What a game played by its profile asks the table between turns, as a [`TableStep`] a phone
//! may confirm: a round that lasts until something runs out is declared over by the round's
//! start player (Terramara: every worker placed), and a game that ends on a trigger is
//! triggered by the player whose turn brought it about (Earth: a 4×4 tableau). Neither waits:
//! each is offered to that player's phone only, beside their turn ([`TableStep::optional`]).

use super::{PlayEvent, PlayPhase, PlayState};
use crate::i18n::Text;
use crate::kit::game_profile::{GameProfile, Turns};
use crate::scoring::{PartKind, Prefer, WinnerRule};
use crate::session::table_step::{
    CounterNow, EndChoice, OrderChoice, SharedEntry, SharedPart, SharedValue, StepLine, TableStep,
};
use crate::vocabulary::{Name, Seat};

/// In a round's first turn, what the rulebook has the table do at each round's start, for the
/// players seated: the profile's notes on `round.…` (Terramara's dummy players advance their
/// military, rulebook 003, lines 164-168), in every language the profile gives them. Shown by
/// the window, every phone and the television alike.
pub fn round_start_notes(profile: &GameProfile, state: &PlayState) -> Vec<Name> {
    if !matches!(state.phase, PlayPhase::Playing { turn: 1, .. }) {
        return Vec::new();
    }
    let sides: Vec<Option<&str>> = (0..state.input.players.len())
        .map(|seat| state.sides.get(seat).map(String::as_str))
        .collect();
    (profile.gaps.iter())
        .filter(|g| g.field.starts_with("round.") && g.applies(&sides))
        .map(|g| g.every_note())
        .collect()
}

/// The step the table may take now, if the game has one.
pub fn table_step(profile: &GameProfile, state: &PlayState) -> Option<TableStep> {
    let PlayPhase::Playing { round, .. } = state.phase else {
        return None;
    };
    let (key, who, said, confirm) = match &profile.turns {
        Turns::RoundsUntil { round_ends, .. } => {
            let start = *state.order.first()?;
            (format!("r{round}-end"), start, round_ends, "play.end_round")
        }
        Turns::UntilTrigger { trigger } if !state.triggered => {
            let current = state.current_player(profile)?;
            ("trigger".to_string(), current, trigger, "play.trigger")
        }
        _ => return None,
    };
    Some(TableStep {
        key,
        who,
        title: Text::new(confirm),
        lines: vec![StepLine::plain(
            Text::new("step.said").arg_name("said", said),
        )],
        confirm: Text::new(confirm),
        waiting: Vec::new(),
        takes_card: false,
        optional: true,
    })
}

/// The endings a phone may end the game with now: in a game of sides (Leviath, whose turns
/// never end by themselves), each ending its profile knows, naming the side it makes win, as
/// the window's buttons do; none in any other game, or once the game is not being played.
pub fn end_choices(profile: &GameProfile, state: &PlayState) -> Vec<EndChoice> {
    let WinnerRule::Side { endings, sides } = &profile.sheet.winner else {
        return Vec::new();
    };
    if !matches!(state.phase, PlayPhase::Playing { .. }) {
        return Vec::new();
    }
    (endings.iter())
        .map(|ending| {
            let side = sides.iter().find(|s| s.id == ending.winner);
            let mut label = Text::new("play.ended_by").arg_name("ending", &ending.name);
            label = match side {
                Some(side) => label.arg_name("side", &side.name),
                None => label.arg("side", ""),
            };
            EndChoice {
                id: Some(ending.id.clone()),
                label,
            }
        })
        .collect()
}

/// The turn order a phone may remake now: in a game that remakes it each round, before the
/// round's first turn is over (as the window's ◀ may), and once the game is over where a tie
/// goes by it (the order made after the last round: The Rats of Wistar, rulebook 002, lines
/// 491-494). None in any other game or moment.
pub fn order_choice(profile: &GameProfile, state: &PlayState) -> Option<OrderChoice> {
    if !crate::kit::turns::reorders(&profile.turns) {
        return None;
    }
    // Once the game is over the order matters only where a tie goes by it (the Rats, not
    // Terramara, whose ties go by the river and military tracks, rulebook 003, lines 252-253).
    let ties_by_order = match &profile.sheet.winner {
        WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers } => {
            (tie_breakers.iter()).any(|t| t.prefer == Prefer::EarlierInTurnOrder)
        }
        _ => false,
    };
    // Remade at a round's first turn from round 2 on (the alchemist's hut, the Leader's start
    // card: rulebook 002, lines 84-88; 003's 先導): round 1 goes in the order drawn at setup
    // (002, line 72), so no phone remakes it and takes the turn (issue 68, case 9).
    let last = match state.phase {
        PlayPhase::Playing { round, turn: 1 } if round > 1 => false,
        PlayPhase::Over if ties_by_order => true,
        _ => return None,
    };
    Some(OrderChoice {
        order: state.order.clone(),
        start: *state.order.first()?,
        last,
    })
}

/// The event that takes the step named `key`, if it is the one the game offers now.
pub fn step_event(profile: &GameProfile, state: &PlayState, key: &str) -> Option<PlayEvent> {
    let step = table_step(profile, state)?;
    if step.key != key {
        return None;
    }
    Some(match profile.turns {
        Turns::RoundsUntil { .. } => PlayEvent::EndRound,
        _ => PlayEvent::Trigger,
    })
}

/// The counters a phone may move now: each of the profile's, while the game is played (the
/// window's −1 and +1 buttons work only then too).
pub fn counters(profile: &GameProfile, state: &PlayState) -> Vec<CounterNow> {
    if !matches!(state.phase, PlayPhase::Playing { .. }) {
        return Vec::new();
    }
    (profile.counters.iter().zip(&state.counters))
        .map(|(counter, &value)| {
            let range = match counter.ends_game_at {
                Some(end) => Text::new("play.counter_range_end").arg("end", end),
                None => Text::new("play.counter_range"),
            };
            CounterNow {
                id: counter.id.clone(),
                name: counter.name.clone(),
                value,
                range: range.arg("min", counter.min).arg("max", counter.max),
            }
        })
        .collect()
}

/// The sheet's parts that are the table's to enter (claims in order, a bonus), with what
/// they hold: the seats are the players', and the opponent's where it scores the part.
pub fn shared_parts(profile: &GameProfile, state: &PlayState) -> Vec<SharedPart> {
    let players = state.input.players.len();
    let opponent = profile
        .sheet
        .opponent
        .as_ref()
        .filter(|_| state.input.opponent.is_some());
    (profile.sheet.parts.iter())
        .filter_map(|part| {
            let value = match &part.kind {
                PartKind::Claims { cards, .. } => {
                    let claimed = state.input.claims.get(&part.id);
                    SharedValue::Claims(
                        (0..*cards as usize)
                            .map(|card| {
                                (claimed.and_then(|c| c.get(card)))
                                    .cloned()
                                    .unwrap_or_default()
                            })
                            .collect(),
                    )
                }
                PartKind::Bonus { points } => SharedValue::Bonus {
                    seat: state.input.bonus.get(&part.id).copied(),
                    points: *points,
                },
                // The dummies the rulebook ranks at this table (Terramara: 2 with 2 players,
                // 1 with 3), where the profile says how many.
                PartKind::Rank { .. } if part.dummies_for(players, 0) > 0 => SharedValue::Dummies {
                    values: (state.input.dummies.get(&part.id))
                        .cloned()
                        .unwrap_or_default(),
                    count: part.dummies_for(players, 0),
                },
                _ => return None,
            };
            let mut seats: Vec<Seat> = (0..players).collect();
            seats.extend(
                opponent
                    .filter(|o| o.parts.contains(&part.id))
                    .map(|_| players),
            );
            Some(SharedPart {
                id: part.id.clone(),
                name: part.name.clone(),
                seats,
                value,
            })
        })
        .collect()
}

/// The event a phone's entry in a shared part makes: the claimants of one card, or the seat
/// that took a bonus (at most one); `None` for a part that is not shared.
pub fn shared_event(profile: &GameProfile, entry: &SharedEntry) -> Option<PlayEvent> {
    let part = (profile.sheet.parts.iter()).find(|p| p.id == entry.part)?;
    match part.kind {
        PartKind::Claims { cards, .. } => {
            (entry.card < cards as usize).then(|| PlayEvent::SetClaims {
                part: entry.part.clone(),
                card: entry.card,
                seats: entry.seats.clone(),
            })
        }
        PartKind::Bonus { .. } => (entry.seats.len() <= 1).then(|| PlayEvent::SetBonus {
            part: entry.part.clone(),
            seat: entry.seats.first().copied(),
        }),
        // How many is the engine's to check (the rulebook's count at this table).
        PartKind::Rank { .. } => Some(PlayEvent::SetDummies {
            part: entry.part.clone(),
            values: entry.values.clone(),
        }),
        _ => None,
    }
}
