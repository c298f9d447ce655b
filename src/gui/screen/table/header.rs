//! The top of the table: round and turn, whose turn with the live clock, the parent, pause,
//! undo and redo; paused and last-turn marks; the round objective; the players.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};

use super::{Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::Session;
use crate::terravist::state::Phase;

impl TableScreen {
    /// Whose turn, the clock and Next; under them round and turn, the parent and the tools.
    pub(super) fn header<'a>(
        &'a self,
        session: &'a Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let name = |seat: usize| session.players()[seat].name.as_str();
        let compact = context.narrow();
        let (round_line, turn_line) = match state.phase {
            Phase::Playing { round, turn, .. } => (
                Text::new("table.round").arg("round", round).render(l),
                Text::new("table.turn")
                    .arg("turn", turn)
                    .arg("turns", state.turns_in_round(round))
                    .render(l),
            ),
            Phase::Setup => (l.tr("table.not_started"), String::new()),
            _ => (String::new(), String::new()),
        };
        let current = state.current_player().unwrap_or(state.parent);
        let who = text(
            Text::new("table.turn_of")
                .arg("player", name(current))
                .render(l),
        )
        .size(if compact {
            style::BIG_COMPACT
        } else {
            style::BIG
        })
        .font(style::BOLD)
        // A name is never broken across lines ("Benの手番" stays whole).
        .wrapping(Wrapping::None)
        .color(style::marker(session.players()[current].colour));
        let parent = text(
            Text::new("table.parent")
                .arg("player", name(state.parent))
                .render(l),
        )
        .size(style::TEXT);
        let next = button(
            text(l.tr("table.next"))
                .size(style::TITLE)
                .font(style::BOLD)
                .wrapping(Wrapping::None),
        )
        .padding(style::HEADER_PADDING)
        .style(button::primary)
        .on_press_maybe(matches!(state.phase, Phase::Playing { .. }).then_some(Message::Next));
        let clock = self.clock(session, context, compact);
        let tools = self.tools(session, context);
        // Whose turn, the clock and Next keep the first line to themselves; round and turn,
        // the parent, the marks and the tools share the second, wrapping under it in a narrow
        // window: the header never loses whose turn it is.
        let marker = row![
            text(round_line)
                .size(style::TITLE)
                .font(style::BOLD)
                .wrapping(Wrapping::None),
            text(turn_line)
                .size(style::TITLE)
                .font(style::BOLD)
                .wrapping(Wrapping::None),
        ]
        .spacing(style::space::ITEM);
        let facts = row![marker, parent, status(state, context)]
            .spacing(style::SPACING)
            .align_y(iced::Alignment::Center);
        let band = column![
            row![container(who).width(Length::Fill).clip(true), clock, next]
                .spacing(style::SPACING * 2.0)
                .align_y(iced::Alignment::Center),
            row![facts, tools]
                .spacing(style::SPACING)
                .align_y(iced::Alignment::Center)
                .wrap()
                .vertical_spacing(style::space::ITEM),
        ]
        .spacing(style::space::ITEM);
        widgets::panel_marked(band, style::marker(session.players()[current].colour)).into()
    }

    /// The current player's clock, orange past the turn-time target.
    fn clock<'a>(
        &self,
        session: &'a Session,
        context: &Context<'a>,
        compact: bool,
    ) -> Element<'a, Message> {
        let state = session.state();
        let elapsed = state.clock.current_elapsed(context.now);
        let over_target = context.over_target(elapsed);
        text(widgets::duration(elapsed))
            .size(if compact {
                style::BIG_COMPACT
            } else {
                style::BIG
            })
            .font(style::BOLD)
            .wrapping(Wrapping::None)
            .color_maybe(over_target.then_some(style::WARNING))
            .into()
    }

    /// Pause, undo, redo, the sheet, the table view, home.
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
        row![pause, undo, redo, sheet, glance, home]
            .spacing(style::space::CLOSE)
            .into()
    }

    /// The round's objective, typed once it is revealed (Enter or OK keeps it).
    pub(super) fn objective<'a>(
        &'a self,
        session: &'a Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let round = state.round().max(1);
        let objective = state
            .objective_labels
            .get(round as usize - 1)
            .cloned()
            .flatten();
        match objective {
            Some(label) => text(Text::new("table.objective").arg("label", label).render(l))
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
                    .width(Length::Fixed(320.0)),
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

/// Paused, or the round's last turn: said beside the parent, in the band's own line, so the
/// screen below never moves when it comes or goes.
fn status<'a>(
    state: &crate::terravist::state::GameState,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let l = context.locale;
    let mut said = Vec::new();
    if state.clock.is_paused() {
        said.push(l.tr("table.paused_mark"));
    }
    if state.is_last_turn() {
        said.push(l.tr("table.last_turn_mark"));
    }
    if context.over_target(state.clock.current_elapsed(context.now)) {
        said.push(l.tr("glance.over_target"));
    }
    text(said.join(" · "))
        .size(style::TEXT)
        .font(style::BOLD)
        .color(style::WARNING)
        .into()
}
