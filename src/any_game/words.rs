//! A profile-driven game in words, for a replay: where it stands, and each event.

use super::{PlayEvent, PlayPhase, PlayState};
use crate::i18n::{Locale, Text};
use crate::kit::game_profile::GameProfile;
use crate::scoring::{CellInput, WinnerRule};
use crate::session::Record;
use crate::vocabulary::{Player, Seat};

/// Where the game stands, in one line.
pub fn standing(
    profile: &GameProfile,
    state: &PlayState,
    players: &[Player],
    locale: Locale,
) -> String {
    let mut line = match state.phase {
        PlayPhase::Setup => locale.tr("replay.setup"),
        PlayPhase::Playing { round, turn } => {
            let player = state
                .current_player(profile)
                .map(|seat| players[seat].name.clone())
                .unwrap_or_default();
            let turns = state
                .turns_in_round(profile, round)
                .map(|t| t.to_string())
                .unwrap_or_else(|| "–".into());
            format!(
                "{} · {}",
                Text::new("replay.round_turn")
                    .arg("round", round)
                    .arg("turn", turn)
                    .arg("turns", turns)
                    .render(locale),
                Text::new("table.turn_of")
                    .arg("player", player)
                    .render(locale)
            )
        }
        PlayPhase::Over => locale.tr("replay.over"),
    };
    if state.clock.is_paused() {
        line.push_str(&format!(" ({})", locale.tr("replay.paused")));
    }
    for (counter, value) in profile.counters.iter().zip(&state.counters) {
        let name = locale.pick(&counter.name);
        line.push_str(&format!(" · {name} {value}"));
    }
    line
}

/// The event at `index` of `records` in words, told from `after`, the state just after it.
pub fn narrate(
    profile: &GameProfile,
    after: &PlayState,
    players: &[Player],
    records: &[Record<PlayEvent>],
    index: usize,
    locale: Locale,
) -> Option<String> {
    // The seat after the players' is the opponent the game plays itself (Gaia).
    let opponent = (profile.sheet.opponent.as_ref())
        .filter(|_| after.input.opponent.is_some())
        .map(|o| locale.pick(&o.name).to_string());
    let name = |seat: Seat| match players.get(seat) {
        Some(p) => p.name.clone(),
        None if seat == players.len() => opponent.clone().unwrap_or_else(|| "?".into()),
        None => "?".into(),
    };
    let part = |id: &str| {
        (profile.sheet.parts.iter())
            .find(|p| p.id == id)
            .map_or_else(|| id.to_string(), |p| locale.pick(&p.name).to_string())
    };
    let text = match &records.get(index)?.event {
        PlayEvent::StartGame => Text::new("narrate.start"),
        PlayEvent::NextTurn => Text::new("narrate.next_turn"),
        PlayEvent::EndRound => Text::new("narrate.end_round"),
        PlayEvent::Trigger => Text::new("narrate.trigger"),
        PlayEvent::SetTurnOrder { order } => {
            let names: Vec<String> = order.iter().map(|&seat| name(seat)).collect();
            Text::new("narrate.turn_order").arg_list("players", &names)
        }
        PlayEvent::AdjustCounter { counter, change } => {
            let at = profile.counters.iter().position(|c| &c.id == counter)?;
            Text::new("narrate.counter")
                .arg_name("counter", &profile.counters[at].name)
                .arg("change", format!("{change:+}"))
                .arg("value", after.counters.get(at).copied().unwrap_or_default())
        }
        PlayEvent::EndGame { ending: None } => Text::new("narrate.end_game"),
        PlayEvent::EndGame {
            ending: Some(ending),
        } => {
            let named = <super::AnyGame as crate::session::Rules>::ending_name(profile, ending);
            Text::new("narrate.end_game_by").arg(
                "ending",
                named.map_or_else(|| ending.clone(), |n| locale.pick(&n).to_string()),
            )
        }
        PlayEvent::SetCell {
            player,
            part: id,
            value: Some(value),
        } => {
            let value = match value {
                CellInput::Number(points) => points.to_string(),
                CellInput::Counts(counts) => {
                    let counts: Vec<String> = counts.iter().map(i64::to_string).collect();
                    counts.join(" / ")
                }
            };
            Text::new("narrate.score")
                .arg("player", name(*player))
                .arg("part", part(id))
                .arg("value", value)
        }
        PlayEvent::SetCell {
            player,
            part: id,
            value: None,
        } => Text::new("narrate.score_cleared")
            .arg("player", name(*player))
            .arg("part", part(id)),
        PlayEvent::SetTie {
            player,
            breaker,
            value,
        } => {
            let named = tie_breaker(profile, breaker).map(|n| locale.pick(n).to_string());
            Text::new("narrate.tie")
                .arg("player", name(*player))
                .arg("breaker", named.unwrap_or_else(|| breaker.clone()))
                .arg(
                    "value",
                    value.map_or_else(|| "–".to_string(), |v| v.to_string()),
                )
        }
        PlayEvent::SetClaims {
            part: id,
            card,
            seats,
        } => {
            let names: Vec<String> = seats.iter().map(|&seat| name(seat)).collect();
            let players = if names.is_empty() {
                "–".to_string()
            } else {
                crate::i18n::lists::and(locale.tag(), &names)
            };
            Text::new("narrate.claims")
                .arg("part", part(id))
                .arg("card", card + 1)
                .arg("players", players)
        }
        PlayEvent::SetBonus { part: id, seat } => Text::new("narrate.bonus")
            .arg("part", part(id))
            .arg("player", seat.map_or_else(|| "–".to_string(), name)),
        PlayEvent::Ready {
            player,
            ready: true,
        } => Text::new("narrate.ready").arg("player", name(*player)),
        PlayEvent::Ready {
            player,
            ready: false,
        } => Text::new("narrate.not_ready").arg("player", name(*player)),
        PlayEvent::SetDummies { part: id, values } => {
            let values: Vec<String> = values.iter().map(i64::to_string).collect();
            Text::new("narrate.dummies")
                .arg("part", part(id))
                .arg("values", values.join(", "))
        }
        PlayEvent::Clock(event) => event.narrate(name),
    };
    Some(text.render(locale))
}

/// A tie-breaker's name, by id.
fn tie_breaker<'p>(profile: &'p GameProfile, id: &str) -> Option<&'p crate::vocabulary::Name> {
    let (WinnerRule::Highest { tie_breakers } | WinnerRule::Lowest { tie_breakers }) =
        &profile.sheet.winner
    else {
        return None;
    };
    tie_breakers.iter().find(|t| t.id == id).map(|t| &t.name)
}
