//! What the table watches, read once from either engine's game: the round and turn, whose
//! turn it is and their colour, the clock against the turn-time target, the parent, the
//! round's objective and the marks (paused, last turn). Both table screens' headers and the
//! table view draw it, so they always say the same thing.

use chrono::Duration;
use iced::Color;

use super::Context;
use crate::any_game::{PlayPhase, PlaySession};
use crate::gui::style;
use crate::i18n::{Locale, Text};
use crate::session::Session;
use crate::terravist::state::Phase;
use crate::turns;

#[derive(Debug, Clone, PartialEq)]
pub struct Glance {
    /// "Round 2", "Round 2 of 5"; or what the game is at ("Not started").
    pub round: String,
    /// "Turn 3 / 5", "Turn 3"; empty outside a turn.
    pub turn: String,
    /// "This turn and 2 more in the round", where the game fixes its turns.
    pub left: Option<String>,
    /// "Ben's turn"; `None` between turns.
    pub who: Option<String>,
    /// The current player's marker colour.
    pub colour: Option<Color>,
    pub clock: Duration,
    /// Past the turn-time target.
    pub over_target: bool,
    /// "Parent: Aki" (TERRAVIST).
    pub parent: Option<String>,
    /// "Objective: …", once the table typed it (TERRAVIST).
    pub objective: Option<String>,
    pub paused: bool,
    /// The last turn of the round (TERRAVIST), the last round (games with an end trigger).
    pub last: Option<String>,
    /// A turn is under way: Next can be pressed.
    pub playing: bool,
}

/// "Ben's turn".
pub fn turn_of(l: Locale, name: &str) -> String {
    Text::new("table.turn_of").arg("player", name).render(l)
}

impl Glance {
    pub fn terravist(session: &Session, context: &Context) -> Glance {
        let l = context.locale;
        let state = session.state();
        let player = |seat: usize| &session.players()[seat];
        let (round, turn, left) = match state.phase {
            Phase::Playing { round, turn, .. } => {
                let turns = state.turns_in_round(round);
                (
                    Text::new("table.round").arg("round", round).render(l),
                    Text::new("table.turn")
                        .arg("turn", turn)
                        .arg("turns", turns)
                        .render(l),
                    Some(turns_left(l, turns, turn)),
                )
            }
            Phase::Setup => (l.tr("table.not_started"), String::new(), None),
            _ => (String::new(), String::new(), None),
        };
        let current = state.current_player();
        let clock = state.clock.current_elapsed(context.now);
        let objective = state
            .objective_labels
            .get(state.round().max(1) as usize - 1)
            .cloned()
            .flatten()
            .map(|label| Text::new("table.objective").arg("label", label).render(l));
        Glance {
            round,
            turn,
            left,
            who: current.map(|seat| turn_of(l, player(seat).name.as_str())),
            colour: current.map(|seat| style::marker(player(seat).colour)),
            over_target: context.over_target(clock),
            clock,
            parent: Some(
                Text::new("table.parent")
                    .arg("player", player(state.parent).name.as_str())
                    .render(l),
            ),
            objective,
            paused: state.clock.is_paused(),
            last: state.is_last_turn().then(|| l.tr("table.last_turn_mark")),
            playing: matches!(state.phase, Phase::Playing { .. }),
        }
    }

    pub fn any_game(session: &PlaySession, context: &Context) -> Glance {
        let l = context.locale;
        let profile = session.profile();
        let state = session.state();
        let (round, turn, left) = match state.phase {
            PlayPhase::Playing { round, turn } => {
                let round_line = match turns::rounds(&profile.turns) {
                    Some(rounds) => Text::new("play.round_of")
                        .arg("round", round)
                        .arg("rounds", rounds),
                    None => Text::new("table.round").arg("round", round),
                };
                let turns = state.turns_in_round(profile, round);
                let turn_line = match turns {
                    Some(turns) => Text::new("table.turn")
                        .arg("turn", turn)
                        .arg("turns", turns),
                    None => Text::new("play.turn").arg("turn", turn),
                };
                (
                    round_line.render(l),
                    turn_line.render(l),
                    turns.map(|turns| turns_left(l, turns, turn)),
                )
            }
            PlayPhase::Setup => (l.tr("table.not_started"), String::new(), None),
            PlayPhase::Over => (l.tr("play.over"), String::new(), None),
        };
        let current = state.current_player(profile);
        let clock = state.clock.current_elapsed(context.now);
        let player = |seat: usize| &session.players()[seat];
        Glance {
            round,
            turn,
            left,
            who: current.map(|seat| turn_of(l, &player(seat).name)),
            colour: current.map(|seat| style::marker(player(seat).colour)),
            over_target: context.over_target(clock),
            clock,
            parent: None,
            objective: None,
            paused: state.clock.is_paused(),
            last: state.triggered.then(|| l.tr("play.last_round")),
            playing: matches!(state.phase, PlayPhase::Playing { .. }),
        }
    }

    /// "Round 2 · Turn 3 / 5" on one line.
    pub fn round_and_turn(&self) -> String {
        if self.turn.is_empty() {
            self.round.clone()
        } else {
            format!("{} · {}", self.round, self.turn)
        }
    }

    /// Paused, the last turn, past the target: the marks a header says beside its facts.
    pub fn marks(&self, l: Locale) -> String {
        let mut said = Vec::new();
        if self.paused {
            said.push(l.tr("table.paused_mark"));
        }
        if let Some(last) = &self.last {
            said.push(last.clone());
        }
        if self.over_target {
            said.push(l.tr("glance.over_target"));
        }
        said.join(" · ")
    }
}

fn turns_left(l: Locale, turns: u32, turn: u32) -> String {
    Text::new("glance.turns_left")
        .arg("more", turns.saturating_sub(turn))
        .render(l)
}
