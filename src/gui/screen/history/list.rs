//! The list of games: the filter row, and only the rows in view (spacers stand for the rest).

use iced::widget::{button, column, container, row, space, text, text_input};
use iced::{Element, Length};

use super::{HistoryScreen, Message, ROW, SPARE};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::i18n::dates::Shape::{Day, DayAndTime};
use crate::session::summary::{HistoryEntry, Outcome};

impl HistoryScreen {
    pub(super) fn filters<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut games: Vec<(String, String)> = context
            .history
            .map(|h| {
                h.entries()
                    .iter()
                    .map(|e| (e.game.clone(), context.name(&e.game_name).to_string()))
                    .collect()
            })
            .unwrap_or_default();
        games.sort();
        games.dedup();
        // The field's own hint shows the form a date is read in: today, as the language writes it.
        let day_hint = |key| {
            Text::new(key)
                .arg("example", context.moment(context.now, Day))
                .render(l)
        };
        let mut row = row![
            text_input(&l.tr("history.search"), &self.search)
                .id("history-search")
                .on_input(Message::Search)
                .size(style::TEXT)
                .padding(style::space::ITEM)
                .width(Length::Fixed(style::width::LABEL)),
            text_input(&day_hint("history.from"), &self.from)
                .id("history-from")
                .on_input(Message::From)
                .size(style::TEXT)
                .padding(style::space::ITEM)
                .width(Length::Fixed(style::width::FIELD)),
            text_input(&day_hint("history.to"), &self.to)
                .id("history-to")
                .on_input(Message::To)
                .size(style::TEXT)
                .padding(style::space::ITEM)
                .width(Length::Fixed(style::width::FIELD)),
            button(text(l.tr("history.all_games")).size(style::SMALL))
                .style(if self.game.is_none() {
                    button::primary
                } else {
                    style::plain
                })
                .on_press(Message::Game(None)),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center);
        if games.len() > 1 {
            for (id, name) in games {
                let on = self.game.as_deref() == Some(id.as_str());
                row = row.push(
                    button(text(name).size(style::SMALL))
                        .style(if on { button::primary } else { style::plain })
                        .on_press(Message::Game(Some(id))),
                );
            }
        }
        let mut shown = Text::new("history.shown")
            .arg("shown", self.shown.len())
            .render(l);
        // A date the filter cannot read is said, not silently ignored.
        for (typed, bound) in [(&self.from, self.bounds.0), (&self.to, self.bounds.1)] {
            if super::unread(typed, bound) {
                let refused = (context.date_forms(Text::new("history.bad_date"), Day))
                    .arg("text", typed.trim());
                shown = format!("{shown} · {}", refused.render(l));
            }
        }
        // The game chips and the count wrap under the fields in a narrow window.
        row.push(text(shown).size(style::SMALL))
            .wrap()
            .vertical_spacing(style::space::ITEM)
            .into()
    }

    /// The list: only the rows in view are built; spacers stand for the rest.
    pub(super) fn games<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let Some(history) = context.history else {
            return text(l.tr("history.empty")).into();
        };
        if self.shown.is_empty() {
            return widgets::panel(text(l.tr("history.empty")).size(style::TEXT))
                .height(Length::Fill)
                .into();
        }
        let first = ((self.scroll / ROW) as usize)
            .saturating_sub(SPARE)
            .min(self.shown.len());
        let visible = (self.viewport / ROW).ceil() as usize + 2 * SPARE;
        let last = (first + visible).min(self.shown.len());
        let mut rows = column![space::vertical().height(Length::Fixed(first as f32 * ROW))];
        for &i in &self.shown[first..last] {
            rows = rows.push(game_row(&history.entries()[i], context));
        }
        rows = rows
            .push(space::vertical().height(Length::Fixed((self.shown.len() - last) as f32 * ROW)));
        widgets::panel(
            widgets::scroll(rows)
                .id("history-list")
                .on_scroll(|viewport| {
                    Message::Scrolled(viewport.absolute_offset().y, viewport.bounds().height)
                })
                .height(Length::Fill),
        )
        .height(Length::Fill)
        .into()
    }
}

fn game_row<'a>(entry: &'a HistoryEntry, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let players: Vec<String> = entry
        .players
        .iter()
        .map(|p| format!("{} {}", crate::untrusted::isolated(&p.name), p.total))
        .collect();
    let result = match entry.outcome {
        Outcome::Finished => Text::new("history.winner")
            .arg_list(
                "names",
                &(entry.winners().iter())
                    .map(|name| crate::untrusted::isolated(name))
                    .collect::<Vec<_>>(),
            )
            .render(l),
        Outcome::Abandoned => l.tr("history.abandoned"),
    };
    let when = context.moment(entry.started_at, DayAndTime);
    let minutes = text(entry.length().render(l))
        .size(style::SMALL)
        .width(Length::Fixed(style::width::NUMBER));
    // Narrow, the date sits over the game's name and the players and the result share what is
    // left, so neither wraps past the row.
    let line = if context.narrow() {
        row![
            column![
                text(when).size(style::SMALL),
                text(context.name(&entry.game_name)).size(style::SMALL),
            ]
            .width(Length::Fixed(style::width::DATE)),
            text(players.join(" · "))
                .size(style::TEXT)
                .width(Length::FillPortion(3)),
            text(result).size(style::TEXT).width(Length::FillPortion(2)),
            minutes,
        ]
    } else {
        row![
            text(when).size(style::TEXT).width(Length::Fixed(WHEN)),
            text(context.name(&entry.game_name))
                .size(style::TEXT)
                .width(Length::Fixed(GAME)),
            text(players.join(" · "))
                .size(style::TEXT)
                .width(Length::Fill),
            text(result)
                .size(style::TEXT)
                .width(Length::Fixed(style::width::LABEL)),
            minutes,
        ]
    }
    .spacing(style::space::ITEM)
    .align_y(iced::Alignment::Center);
    container(
        button(line)
            .style(button::text)
            .width(Length::Fill)
            .on_press(Message::Open(entry.id.clone())),
    )
    .id(format!("game-{}", entry.id))
    .height(Length::Fixed(ROW))
    .into()
}

/// A game's row, wide: its date and time, and the game's name, before the players.
const WHEN: f32 = 210.0;
const GAME: f32 = 130.0;
