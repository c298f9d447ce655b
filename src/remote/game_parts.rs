//! A game's parts as the phones' page draws them (each seat's form, a step the table confirms,
//! the clock, the current player's cards and dice, the turn order to remake, what the table is
//! doing), and what a phone's view reads off the game besides its glance (the sides, whose
//! phone ends it). Each is JSON in one language, for [`super::view::TableNow`] to put together.

use serde_json::{Value, json};

use crate::i18n::{Locale, Text};
use crate::kit::timer::ClockMode;
use crate::scoring::WinnerRule;
use crate::session::table_step::{OrderChoice, TableStep};
use crate::session::turn_form::{RollOffer, TurnForm};
use crate::session::{Field, Game, Glance, SeatForm, Stage};
use crate::vocabulary::{Name, Seat};

/// In a game of sides (Leviath), each seat's side by name (`None` for a seat the lineup
/// gives no known side); empty in any other game.
pub(super) fn sides_of(game: &dyn Game) -> Vec<Option<Name>> {
    let WinnerRule::Side { sides, .. } = &game.profile().sheet.winner else {
        return Vec::new();
    };
    (game.setup().sides.iter())
        .map(|id| (sides.iter()).find(|s| &s.id == id).map(|s| s.name.clone()))
        .collect()
}

/// The turn order a phone may remake, as the page draws its form: the seats in order, whose
/// phone sets it, and the title (once the game is over, that a tie goes by it).
pub(super) fn order_choice(choice: &OrderChoice, l: Locale) -> Value {
    let title = match choice.last {
        true => l.tr("play.final_order"),
        false => l.tr("phone.order_title"),
    };
    json!({
        "order": choice.order,
        "start": choice.start,
        "last": choice.last,
        "title": title,
    })
}

/// A seat's form as the page draws it: the result asked, and the column with its total.
pub(super) fn form(form: &SeatForm, l: Locale) -> Value {
    let result = form.result.as_ref().map(|asked| {
        let prompt = match &asked.objective {
            Some(label) => Text::new("phone.result_on").arg("label", label),
            None => Text::new("phone.result_round").arg("round", asked.round),
        };
        json!({
            "prompt": prompt.render(l),
            "value": asked.value,
            "by_table": asked.by_table,
        })
    });
    let column = form.column.as_ref().map(|column| {
        let cells: Vec<Value> = (column.cells.iter())
            .map(|cell| {
                if let Field::Tie { breaker } = &cell.field {
                    let label = Text::new("play.tie_breaker").arg("name", l.pick(&cell.part));
                    return json!({
                        "part": null,
                        "tie": breaker,
                        "count": 0,
                        "label": label.render(l),
                        "sub": null,
                        "value": cell.value,
                        "computed": null,
                        "points": null,
                        "min": cell.min,
                        "table_only": false,
                        "by_table": cell.by_table,
                    });
                }
                let Field::Cell { part, count } = &cell.field else {
                    return Value::Null;
                };
                json!({
                    "part": part,
                    "count": count,
                    "label": l.pick(&cell.part),
                    "sub": cell.count.as_ref().map(|n| l.pick(n)),
                    "value": cell.value,
                    "computed": cell.computed.map(|p| p.to_string()),
                    "points": cell.points.map(|p| p.to_string()),
                    "min": cell.min,
                    "table_only": cell.table_only,
                    "by_table": cell.by_table,
                })
            })
            .collect();
        json!({
            "cells": cells,
            "total": column.total.map(|p| p.to_string()),
            "ready": column.ready,
        })
    });
    json!({"result": result, "column": column})
}

/// A step the table confirms, as the page draws it: what it will do, and whose phone confirms.
pub(super) fn step(
    step: &TableStep,
    g: &Glance,
    (offline, stand_in): (&[Seat], Option<Seat>),
    alone: bool,
    l: Locale,
) -> Value {
    let lines: Vec<Value> = (step.lines.iter())
        .map(|line| json!({"text": line.text.render(l), "warning": line.warning}))
        .collect();
    // A player whose phone is gone is named so: the parent knows whom to ask aloud.
    let waiting: Vec<String> = (step.waiting.iter())
        .filter_map(|&seat| {
            let name = g.players.get(seat)?.name.clone();
            Some(match offline.contains(&seat) {
                true => Text::new("phone.offline_name")
                    .arg("player", name)
                    .render(l),
                false => name,
            })
        })
        .collect();
    // Whose phone confirms it now: the step's own, or the one standing in while it is gone.
    let confirms = stand_in.unwrap_or(step.who);
    let who = g.players.get(confirms).map_or("", |p| p.name.as_str());
    json!({
        "key": step.key,
        "who": step.who,
        // With no window, no "computer" confirms it: the phones alone do.
        "by": Text::new(if alone { "phone.step_by_alone" } else { "phone.step_by" })
            .arg("player", who)
            .render(l),
        "title": step.title.render(l),
        "lines": lines,
        "confirm": step.confirm.render(l),
        "waiting": (!waiting.is_empty()).then(|| {
            Text::new("phone.step_waiting").arg_list("names", &waiting).render(l)
        }),
        "takes_card": step.takes_card,
        "optional": step.optional,
        "card_placeholder": step.takes_card.then(|| l.tr("round_end.environment_placeholder")),
    })
}

/// The clock mode's figures, counting down: the mode in words, what the current player has
/// left (the page counts it down between tables), and each player's standing.
pub(super) fn timer(g: &Glance, l: Locale) -> Value {
    let t = &g.timer;
    let players: Vec<Value> = (t.standings.iter())
        .map(|s| {
            json!({
                "left_ms": s.left.num_milliseconds(),
                "timeouts": s.timeouts,
                "over_ms": s.over.num_milliseconds(),
            })
        })
        .collect();
    let kind = match t.mode {
        ClockMode::CountUp => "count_up",
        ClockMode::Bank { .. } => "bank",
        ClockMode::Sand { .. } => "sand",
    };
    json!({
        "kind": kind,
        "counts_down": t.mode.counts_down(),
        "mode": t.mode_line(l),
        "left_ms": t.left(g.current).map(|d| d.num_milliseconds()),
        "players": players,
    })
}

/// The current player's own cards, the habitats and the niches they may steal, as the page
/// draws them.
pub(super) fn turn_form(form: &TurnForm, l: Locale) -> Value {
    let cards: Vec<Value> = (form.cards.iter())
        .map(|c| {
            json!({
                "id": c.id, "name": c.name, "eggs": c.eggs, "egg_limit": c.egg_limit,
                "tucked": c.tucked, "habitat": l.pick(&c.habitat),
            })
        })
        .collect();
    let habitats: Vec<Value> = (form.habitats.iter())
        .map(|h| json!({"id": h.id, "name": l.pick(&h.name), "developed": h.developed}))
        .collect();
    let targets: Vec<Value> = (form.targets.iter())
        .map(|t| {
            let cost = if t.eggs == 0 && t.humans == 0 {
                l.tr("phone.steal_own")
            } else {
                Text::new("phone.steal_cost")
                    .arg("humans", t.humans)
                    .arg("eggs", t.eggs)
                    .render(l)
            };
            json!({
                "id": t.id, "name": t.name, "owner": t.owner, "habitat_id": t.habitat_id,
                "habitat": l.pick(&t.habitat), "cost": cost,
            })
        })
        .collect();
    let dice = form.dice.as_ref().map(|dice| {
        let each: Vec<Value> = (dice.dice.iter().enumerate())
            .map(|(i, d)| {
                json!({
                    "die": i,
                    "face": d.face.as_ref().map(|f| l.pick(f)),
                    "in_box": d.in_box,
                })
            })
            .collect();
        let roll = dice.roll.map(|offer| match offer {
            RollOffer::First => l.tr("phone.roll_first"),
            RollOffer::Reroll => l.tr("phone.reroll"),
        });
        let kinds: Vec<Value> = (dice.kinds.iter())
            .map(|(id, name)| json!({"id": id, "name": l.pick(name)}))
            .collect();
        // Each die named by its kind, as the window names it ("Die A").
        let names: Vec<String> = (dice.die_kinds.iter())
            .map(|kind| Text::new("dice.kind").arg("kind", kind).render(l))
            .collect();
        json!({"dice": each, "roll": roll, "to_roll": dice.to_roll, "kinds": kinds,
               "names": names})
    });
    json!({"cards": cards, "habitats": habitats, "targets": targets, "dice": dice})
}

pub(super) fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::NotStarted => "not_started",
        Stage::Playing { .. } => "playing",
        Stage::RoundEnd { .. } => "round_end",
        Stage::Over => "over",
    }
}

/// What the table is doing when no player-turn runs, so a phone offers nothing it cannot do.
pub(super) fn doing(g: &Glance, l: Locale) -> Option<String> {
    match g.stage {
        Stage::NotStarted => Some(l.tr("phone.doing_setup")),
        Stage::Playing { .. } if g.current.is_none() => Some(l.tr("phone.doing_between")),
        Stage::Playing { .. } => None,
        Stage::RoundEnd { round } => Some(
            g.step
                .clone()
                .unwrap_or_else(|| Text::new("phone.doing_round_end").arg("round", round))
                .render(l),
        ),
        Stage::Over => Some(l.tr("phone.doing_over")),
    }
}
