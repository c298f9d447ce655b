//! A profile-driven game in words: where it stands, for a replay.

use super::{PlayPhase, PlayState};
use crate::i18n::{Locale, Text};
use crate::kit::game_profile::GameProfile;
use crate::vocabulary::Player;

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
