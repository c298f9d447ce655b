//! The top of the table: round and turn, whose turn with the live clock, the parent, pause,
//! undo and redo; the banners (paused, last turn, the round objective); the players.

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};

use super::{Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::Session;
use crate::terravist::state::Phase;

impl TableScreen {
    pub(super) fn header<'a>(
        &'a self,
        session: &'a Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let name = |seat: usize| session.players()[seat].name.as_str();
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
        let marker = column![
            text(round_line).size(style::BIG).font(style::BOLD),
            text(turn_line).size(style::BIG).font(style::BOLD),
        ];
        let current = state.current_player().unwrap_or(state.parent);
        let elapsed = state.clock.current_elapsed(context.now);
        let over_target = context
            .settings
            .turn_target_secs
            .is_some_and(|target| elapsed.num_seconds() >= i64::from(target));
        let clock = text(widgets::duration(elapsed))
            .size(style::HUGE)
            .font(style::BOLD)
            .color_maybe(over_target.then_some(style::WARNING));
        let colour = style::marker(session.players()[current].colour);
        let who = column![
            text(
                Text::new("table.turn_of")
                    .arg("player", name(current))
                    .render(l)
            )
            .size(style::BIG)
            .font(style::BOLD)
            .color(colour),
            text(
                Text::new("table.parent")
                    .arg("player", name(state.parent))
                    .render(l)
            )
            .size(style::TEXT),
        ];
        let paused = state.clock.is_paused();
        let pause = if paused {
            widgets::action(l.tr("table.resume"), Some(Message::Resume)).style(button::success)
        } else {
            widgets::action(l.tr("table.pause"), Some(Message::Pause)).style(button::secondary)
        };
        let next = button(
            text(l.tr("table.next"))
                .size(style::TITLE)
                .font(style::BOLD),
        )
        .padding(style::HEADER_PADDING)
        .style(button::primary)
        .on_press_maybe(matches!(state.phase, Phase::Playing { .. }).then_some(Message::Next));
        let [undo, redo] = widgets::undo_redo(
            l,
            session.can_undo().then_some(Message::Undo),
            session.can_redo().then_some(Message::Redo),
        );
        let tools = column![
            row![pause, undo, redo].spacing(style::space::CLOSE),
            row![
                widgets::action(l.tr("table.sheet"), Some(Message::Sheet)).style(button::secondary),
                widgets::action(l.tr("table.home"), Some(Message::Home)).style(button::text),
            ]
            .spacing(style::space::CLOSE),
        ]
        .spacing(style::space::CLOSE);
        widgets::panel(
            row![
                container(marker).width(Length::Shrink),
                container(who).width(Length::Fill),
                clock,
                next,
                tools,
            ]
            .spacing(style::SPACING * 2.0)
            .align_y(iced::Alignment::Center),
        )
        .into()
    }

    pub(super) fn banners<'a>(
        &'a self,
        session: &'a Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let mut lines = column![].spacing(style::space::CLOSE);
        if state.clock.is_paused() {
            lines = lines.push(banner(l.tr("table.paused_banner"), true));
        }
        if state.is_last_turn() {
            lines = lines.push(banner(l.tr("table.last_turn"), true));
        }
        // Like the on-settle reminder, but only in a turn where an ability changed the
        // environment: that is when the on-environment-change abilities are due.
        let records = session.records();
        if records[crate::narrate::this_turn(records)].iter().any(|r| {
            matches!(
                r.event,
                crate::terravist::event::Event::ChangeEnvironment { .. }
            )
        }) {
            lines = lines.push(banner(l.tr("table.environment_changed"), false));
        }
        let round = state.round().max(1);
        let objective = state
            .objective_labels
            .get(round as usize - 1)
            .cloned()
            .flatten();
        let objective_line: Element<'a, Message> = match objective {
            Some(label) => text(Text::new("table.objective").arg("label", label).render(l))
                .size(style::TEXT)
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
        };
        lines = lines.push(
            row![
                objective_line,
                iced::widget::space::horizontal(),
                text(l.tr("table.reminder")).size(style::SMALL)
            ]
            .spacing(style::space::ITEM),
        );
        lines.into()
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
                        button::secondary
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

fn banner<'a>(label: String, warn: bool) -> Element<'a, Message> {
    let label = text(label).size(style::TITLE).font(style::BOLD);
    if warn {
        widgets::strip(label, |p| p.warning.weak).into()
    } else {
        widgets::strip(label, |p| p.primary.weak).into()
    }
}
