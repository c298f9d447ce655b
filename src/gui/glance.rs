//! Table view: the whole window for what the table watches from its chairs — whose turn in
//! their colour, their clock, the round and turn, the turns left, the parent and the round's
//! objective — with Next, Pause and the way back. One key (T) or the header's button; either
//! engine's game fills the same view.

use chrono::Duration;
use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, space, text};
use iced::{Alignment, Color, Element, Length, Size};

use super::screen::Context;
use super::{Message, style, widgets};
use crate::any_game::{PlayPhase, PlaySession};
use crate::i18n::Text;
use crate::session::Session;
use crate::terravist::state::Phase;

/// What the table view shows, read from either engine's game.
#[derive(Debug, Clone, PartialEq)]
pub struct Glance {
    /// "Ben's turn", or what the game is at when nobody's turn it is.
    pub who: String,
    pub colour: Option<Color>,
    pub clock: Duration,
    /// Past the turn-time target.
    pub over_target: bool,
    /// "Round 2 · Turn 3 / 5".
    pub round: String,
    /// "This turn and 2 more in the round".
    pub left: Option<String>,
    pub parent: Option<String>,
    pub objective: Option<String>,
    pub paused: bool,
    pub playing: bool,
}

impl Glance {
    pub fn terravist(session: &Session, context: &Context) -> Glance {
        let l = context.locale;
        let state = session.state();
        let player = |seat: usize| &session.players()[seat];
        let (round, left) = match state.phase {
            Phase::Playing { round, turn, .. } => {
                let turns = state.turns_in_round(round);
                (
                    format!(
                        "{} · {}",
                        Text::new("table.round").arg("round", round).render(l),
                        Text::new("table.turn")
                            .arg("turn", turn)
                            .arg("turns", turns)
                            .render(l)
                    ),
                    Some(
                        Text::new("glance.turns_left")
                            .arg("more", turns.saturating_sub(turn))
                            .render(l),
                    ),
                )
            }
            _ => (l.tr("table.not_started"), None),
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
            who: match current {
                Some(seat) => Text::new("table.turn_of")
                    .arg("player", player(seat).name.as_str())
                    .render(l),
                None => l.tr("glance.between_turns"),
            },
            colour: current.map(|seat| style::marker(player(seat).colour)),
            over_target: context.over_target(clock),
            clock,
            round,
            left,
            parent: Some(
                Text::new("table.parent")
                    .arg("player", player(state.parent).name.as_str())
                    .render(l),
            ),
            objective,
            paused: state.clock.is_paused(),
            playing: matches!(state.phase, Phase::Playing { .. }),
        }
    }

    pub fn any_game(session: &PlaySession, context: &Context) -> Glance {
        let l = context.locale;
        let profile = session.profile();
        let state = session.state();
        let (round, left) = match state.phase {
            PlayPhase::Playing { round, turn } => {
                let turns = state.turns_in_round(profile, round);
                let turn_line = match turns {
                    Some(turns) => Text::new("table.turn")
                        .arg("turn", turn)
                        .arg("turns", turns),
                    None => Text::new("play.turn").arg("turn", turn),
                };
                (
                    format!(
                        "{} · {}",
                        Text::new("table.round").arg("round", round).render(l),
                        turn_line.render(l)
                    ),
                    turns.map(|turns| {
                        Text::new("glance.turns_left")
                            .arg("more", turns.saturating_sub(turn))
                            .render(l)
                    }),
                )
            }
            PlayPhase::Setup => (l.tr("table.not_started"), None),
            PlayPhase::Over => (l.tr("play.over"), None),
        };
        let current = state.current_player(profile);
        let clock = state.clock.current_elapsed(context.now);
        Glance {
            who: match current {
                Some(seat) => Text::new("table.turn_of")
                    .arg("player", &session.players()[seat].name)
                    .render(l),
                None => l.tr("glance.between_turns"),
            },
            colour: current.map(|seat| style::marker(session.players()[seat].colour)),
            over_target: context.over_target(clock),
            clock,
            round,
            left,
            parent: None,
            objective: None,
            paused: state.clock.is_paused(),
            playing: matches!(state.phase, PlayPhase::Playing { .. }),
        }
    }

    /// The view, sized to the window: the name and the clock share the largest size that fits
    /// the name on one line (the name never smaller than the clock).
    pub fn view(&self, context: &Context) -> Element<'static, Message> {
        let l = context.locale;
        let big = headline_size(&self.who, context.window);
        let colour = self.colour;
        let clock = text(widgets::duration(self.clock))
            .size(big)
            .font(style::BOLD)
            .wrapping(Wrapping::None)
            .color_maybe(self.over_target.then_some(style::WARNING));
        let mut facts = column![
            text(self.round.clone())
                .size(style::TITLE * 1.5)
                .font(style::BOLD),
        ]
        .spacing(style::space::ITEM)
        .align_x(Alignment::Center);
        for line in [&self.left, &self.parent, &self.objective]
            .into_iter()
            .flatten()
        {
            facts = facts.push(text(line.clone()).size(style::TITLE));
        }
        let status = if self.paused {
            l.tr("table.paused_mark")
        } else if self.over_target {
            l.tr("glance.over_target")
        } else {
            String::new()
        };
        let next = button(
            text(l.tr("table.next"))
                .size(style::TITLE * 1.25)
                .font(style::BOLD)
                .wrapping(Wrapping::None),
        )
        .padding([style::PADDING, style::PADDING * 2.0])
        .style(button::primary)
        .on_press_maybe(self.playing.then_some(Message::NextTurn));
        let pause = widgets::action(
            l.tr(if self.paused {
                "table.resume"
            } else {
                "table.pause"
            }),
            Some(Message::TogglePause),
        )
        .style(if self.paused {
            button::success
        } else {
            style::plain
        });
        let back =
            widgets::action(l.tr("glance.leave"), Some(Message::TableView)).style(style::plain);
        let mut middle = column![
            text(self.who.clone())
                .size(big)
                .font(style::BOLD)
                .wrapping(Wrapping::None)
                .color_maybe(colour),
            clock,
        ]
        .align_x(Alignment::Center);
        // Paused, or past the target: said in words as well as in the clock's colour.
        if !status.is_empty() {
            middle = middle.push(
                text(status)
                    .size(style::TITLE * 1.5)
                    .font(style::BOLD)
                    .color(style::WARNING),
            );
        }
        let body = column![
            facts,
            space::vertical(),
            middle,
            space::vertical(),
            row![pause, next, back]
                .spacing(style::SPACING * 2.0)
                .align_y(Alignment::Center),
        ]
        .spacing(style::SPACING)
        .align_x(Alignment::Center)
        .width(Length::Fill)
        .height(Length::Fill);
        widgets::panel_marked(
            container(body).center(Length::Fill),
            colour.unwrap_or(Color::TRANSPARENT),
        )
        .height(Length::Fill)
        .into()
    }
}

/// The size for the name and the clock: a seventh of the window's height, or less when the
/// name would not fit its width on one line (a CJK glyph is about 1 em wide, a Latin one about
/// 0.6 em in the bundled face).
fn headline_size(who: &str, window: Size) -> f32 {
    let ems: f32 = who
        .chars()
        .map(|c| if c.is_ascii() { 0.6 } else { 1.0 })
        .sum::<f32>()
        .max(4.0);
    let by_width = (window.width - 4.0 * style::PADDING) / ems;
    let by_height = window.height / 7.0;
    by_width.min(by_height).max(style::HUGE.min(by_width))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_takes_the_largest_size_that_fits_its_width() {
        let wide = Size::new(1280.0, 800.0);
        // A short name: the height decides.
        assert_eq!(headline_size("Aki's turn", wide), 800.0 / 7.0);
        // A long one: the width does, and it still fits.
        let long = "Benjamin-Alexander's turn";
        let size = headline_size(long, wide);
        assert!(size < 800.0 / 7.0 && size * 0.6 * long.len() as f32 <= 1280.0);
        // Japanese glyphs are wider: the same name takes a smaller size.
        assert!(headline_size("ベンジャミン・アレクサンダーの手番", wide) < size);
    }
}
