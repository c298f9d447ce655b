//! Table view: the whole window for what the table watches from its chairs ([`GlanceWords`]) —
//! whose turn in their colour, their clock, the round and turn, the turns left, the parent and
//! the round's objective — with Next, Pause and the way back. One key (T) or the header's
//! button; either engine's game fills the same view.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, space, text};
use iced::{Alignment, Color, Element, Length, Size};

use super::screen::Context;
use super::screen::glance::GlanceWords;
use super::screen::header::Intent;
use super::{Message, style, widgets};

impl GlanceWords {
    /// The view, sized to the window: the name and the clock share the largest size that fits
    /// the name on one line (the name never smaller than the clock).
    pub fn view(&self, context: &Context) -> Element<'static, Message> {
        let l = context.locale;
        let who = self
            .who
            .clone()
            .unwrap_or_else(|| l.tr("glance.between_turns"));
        let big = headline_size(&who, context.window);
        let colour = self.colour;
        let clock = text(self.clock_text())
            .size(big)
            .font(style::BOLD)
            .wrapping(Wrapping::None)
            .color_maybe(self.over_target.then_some(style::WARNING));
        let mut facts = column![
            text(self.round_and_turn.clone())
                .size(style::TITLE * 1.5)
                .font(style::BOLD),
        ]
        .spacing(style::space::ITEM)
        .align_x(Alignment::Center);
        for line in [&self.left, &self.parent, &self.objective, &self.mode]
            .into_iter()
            .flatten()
        {
            facts = facts.push(text(line.clone()).size(style::TITLE));
        }
        let status = self.marks.clone();
        let next = button(
            text(l.tr("table.next"))
                .size(style::TITLE * 1.25)
                .font(style::BOLD)
                .wrapping(Wrapping::None),
        )
        .padding([style::PADDING, style::PADDING * 2.0])
        .style(button::primary)
        .on_press_maybe(self.playing.then_some(Message::Intent(Intent::Next)));
        let pause = widgets::action(
            l.tr(if self.paused {
                "table.resume"
            } else {
                "table.pause"
            }),
            Some(Message::Intent(Intent::TogglePause)),
        )
        .style(if self.paused {
            button::success
        } else {
            style::plain
        });
        let back = widgets::action(
            l.tr("glance.leave"),
            Some(Message::Intent(Intent::TableView)),
        )
        .style(style::plain);
        let mut middle = column![
            text(who)
                .size(big)
                .font(style::BOLD)
                .wrapping(Wrapping::None)
                .color_maybe(colour),
            clock,
        ]
        .align_x(Alignment::Center);
        // Paused, the last turn, past the target: said in words (the clock's colour too).
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
