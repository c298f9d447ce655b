//! The top of the table: round and turn, whose turn with the live clock, the parent, pause,
//! undo and redo; paused and last-turn marks; the round objective; the players.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};

use super::{Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::screen::glance::GlanceWords;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::glance::turn_of;
use crate::terravist::Session;

impl TableScreen {
    /// Whose turn, the clock and Next; under them round and turn, the parent and the tools.
    pub(super) fn header<'a>(
        &'a self,
        glance: &GlanceWords,
        session: &'a Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        // Between turns the header keeps the parent's name and colour.
        let parent = &session.players()[session.state().parent];
        let colour = glance.colour.unwrap_or(style::marker(parent.colour));
        let headline = context.headline();
        let who = text(
            glance
                .who
                .clone()
                .unwrap_or_else(|| turn_of(l, parent.name.as_str())),
        )
        .size(headline)
        .font(style::BOLD)
        // A name is never broken across lines ("Benの手番" stays whole).
        .wrapping(Wrapping::None)
        .color(colour);
        let clock = text(glance.clock_text())
            .size(headline)
            .font(style::BOLD)
            .wrapping(Wrapping::None)
            .color_maybe(glance.over_target.then_some(style::WARNING));
        let next = button(
            text(l.tr("table.next"))
                .size(style::TITLE)
                .font(style::BOLD)
                .wrapping(Wrapping::None),
        )
        .padding(style::HEADER_PADDING)
        .style(button::primary)
        .on_press_maybe(glance.playing.then_some(Message::Next));
        // Whose turn, the clock and Next keep the first line to themselves; round and turn,
        // the parent, the marks and the tools share the second, wrapping under it in a narrow
        // window: the header never loses whose turn it is.
        let fact = |line: String| {
            text(line)
                .size(style::TITLE)
                .font(style::BOLD)
                .wrapping(Wrapping::None)
        };
        let facts = row![
            row![fact(glance.round.clone()), fact(glance.turn.clone())].spacing(style::space::ITEM),
            text(glance.parent.clone().unwrap_or_default()).size(style::TEXT),
            // Paused, the last turn, past the target: beside the facts, in the band's own
            // line, so the screen below never moves when they come or go.
            text(glance.marks.clone())
                .size(style::TEXT)
                .font(style::BOLD)
                .color(style::WARNING),
        ]
        .spacing(style::SPACING)
        .align_y(iced::Alignment::Center);
        // Counting down, the mode in words beside the facts (nothing at all counting up).
        let facts = facts.push(glance.mode.clone().map(|mode| text(mode).size(style::TEXT)));
        let band = column![
            row![container(who).width(Length::Fill).clip(true), clock, next]
                .spacing(style::SPACING * 2.0)
                .align_y(iced::Alignment::Center),
            // The tools move under the facts together; a window too narrow even for them
            // alone (800 px in Japanese) wraps them a button at a time, never squeezing one.
            row![facts, self.tools(session, context)]
                .spacing(style::SPACING)
                .align_y(iced::Alignment::Center)
                .wrap()
                .vertical_spacing(style::space::ITEM),
        ]
        .spacing(style::space::ITEM);
        widgets::panel_marked(band, colour).into()
    }

    /// Pause, undo, redo, the sheet, the table view, the phones, home.
    fn tools<'a>(&self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let pause = if session.state().clock.is_paused() {
            widgets::action(l.tr("table.resume"), Some(Message::Resume)).style(button::success)
        } else {
            widgets::action(l.tr("table.pause"), Some(Message::Pause)).style(style::plain)
        };
        let [undo, redo] = widgets::undo_redo(
            l,
            session.can_undo().then_some(Message::Undo),
            session.can_redo().then_some(Message::Redo),
        );
        let sheet = widgets::action(l.tr("table.sheet"), Some(Message::Sheet)).style(style::plain);
        let home = widgets::action(l.tr("table.home"), Some(Message::Home)).style(style::plain);
        let glance =
            widgets::action(l.tr("glance.enter"), Some(Message::TableView)).style(style::plain);
        let phones =
            widgets::action(l.tr("phones.button"), Some(Message::Phones)).style(style::plain);
        row![pause, undo, redo, sheet, glance, phones, home]
            .spacing(style::space::CLOSE)
            .wrap()
            .vertical_spacing(style::space::ITEM)
            .into()
    }

    /// The round's objective, typed once it is revealed (Enter or OK keeps it).
    pub(super) fn objective<'a>(
        &'a self,
        glance: &GlanceWords,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        match &glance.objective {
            Some(objective) => text(objective.clone())
                .size(style::TEXT)
                .height(Length::Fixed(style::TAP))
                .align_y(iced::Alignment::Center)
                .into(),
            None => row![
                text(l.tr("table.objective_unset")).size(style::TEXT),
                text_input(&l.tr("table.objective_placeholder"), &self.objective)
                    .on_input(Message::ObjectiveLabel)
                    .on_submit(Message::SetObjective)
                    .size(style::TEXT)
                    .padding(style::space::CLOSE)
                    .width(Length::Fixed(OBJECTIVE)),
                widgets::action(
                    l.tr("action.ok"),
                    (!self.objective.trim().is_empty()).then_some(Message::SetObjective)
                ),
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center)
            .into(),
        }
    }

    pub(super) fn players<'a>(
        &'a self,
        session: &'a Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let sheet = session.sheet();
        let shown = self.shown_player(session);
        let mut list = column![widgets::title(l.tr("table.players"))].spacing(style::space::ITEM);
        for (seat, player) in session.players().iter().enumerate() {
            let mut marks = String::new();
            if seat == state.parent {
                marks.push_str(&l.tr("table.parent_mark"));
            }
            if Some(seat) == state.current_player() {
                marks.push_str(" ▶");
            }
            let colour = style::marker(player.colour);
            let time = widgets::duration(state.clock.player_total(seat, context.now));
            let line = column![
                row![
                    text(player.name.as_str())
                        .size(style::TITLE)
                        .font(style::BOLD)
                        .color(colour),
                    text(marks).size(style::TEXT),
                ]
                .spacing(style::space::CLOSE),
                text(
                    Text::new("table.player_line")
                        .arg("points", sheet.players[seat].total)
                        .arg("time", time)
                        .render(l)
                )
                .size(style::SMALL),
            ];
            list = list.push(
                button(line)
                    .width(Length::Fill)
                    .style(if seat == shown {
                        style::plain
                    } else {
                        button::text
                    })
                    .on_press(Message::ShowPlayer(seat)),
            );
        }
        let total = widgets::duration(state.clock.game_total(context.now));
        list = list.push(
            text(Text::new("table.game_time").arg("time", total).render(l)).size(style::SMALL),
        );
        widgets::panel(list).into()
    }
}

/// A round objective's label as printed on its card, typed in one line.
const OBJECTIVE: f32 = 320.0;
