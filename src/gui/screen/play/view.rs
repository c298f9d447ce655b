//! The play screen under the header: the turn order (remade at a round's start where the game
//! does that), the counters and the ways the game ends; or the sheet.

use iced::widget::{button, column, row, text};
use iced::{Alignment, Element, Length};

use super::{Message, PlayScreen, Tab};
use crate::any_game::{PlayEvent, PlayPhase, PlaySession};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::kit::game_profile::Turns;
use crate::kit::turns;
use crate::scoring::WinnerRule;

impl PlayScreen {
    /// What lies under the header: the table, or the sheet with its Finish and Abandon.
    pub fn view<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        match self.tab(session) {
            Tab::Table => widgets::scroll(self.table(session, context))
                .height(Length::Fill)
                .into(),
            Tab::Sheet => column![
                widgets::scroll(self.sheet(session, context)).height(Length::Fill),
                self.sheet_buttons(session, context),
            ]
            .spacing(style::SPACING)
            .into(),
        }
    }

    /// The turn order and the endings beside the counters, in two columns: the whole table
    /// fits the window under the header without scrolling.
    fn table<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let mut left = column![self.order(session, context), self.endings(session, context)]
            .spacing(style::SPACING)
            .width(Length::FillPortion(1));
        if let Some(reminders) = round_start(session, context) {
            left = left.push(reminders);
        }
        let mut right = column![]
            .spacing(style::SPACING)
            .width(Length::FillPortion(1));
        if !session.profile().counters.is_empty() {
            right = right.push(self.counters(session, context));
        }
        row![left, right].spacing(style::SPACING).into()
    }

    /// The round's turn order, with the current player marked; where the game remakes it
    /// each round, "earlier" buttons until the round's first turn is over.
    fn order<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let profile = session.profile();
        let state = session.state();
        let can_reorder = turns::reorders(&profile.turns)
            && matches!(state.phase, PlayPhase::Playing { turn: 1, .. });
        let current = state.current_player(profile);
        let mut seats = row![].spacing(style::SPACING).align_y(Alignment::Center);
        for (position, &seat) in state.order.iter().enumerate() {
            let player = &session.players()[seat];
            let mut label = format!("{}. {}", position + 1, player.name);
            if Some(seat) == current {
                label = format!("▶ {label}");
            }
            let mut cell = row![
                text(label)
                    .size(style::TEXT)
                    .color(style::marker(player.colour))
            ]
            .spacing(style::space::TIGHT)
            .align_y(Alignment::Center);
            if can_reorder && position > 0 {
                cell = cell.push(
                    iced::widget::container(
                        button(text("◀").size(style::SMALL))
                            .style(style::plain)
                            .on_press(Message::Earlier(position)),
                    )
                    .id(format!("order-earlier-{position}")),
                );
            }
            seats = seats.push(cell);
        }
        let mut panel =
            column![widgets::title(l.tr("play.order")), seats.wrap()].spacing(style::space::ITEM);
        if can_reorder {
            panel = panel.push(text(l.tr("play.reorder_hint")).size(style::SMALL));
        }
        if let Turns::Alternating { between } = &profile.turns
            && let crate::scoring::WinnerRule::Side { sides, .. } = &profile.sheet.winner
            && let Some(side) = sides.iter().find(|s| &s.id == between)
        {
            panel = panel.push(
                text(
                    Text::new("play.alternating")
                        .arg("side", context.name(&side.name))
                        .render(l),
                )
                .size(style::SMALL),
            );
        }
        widgets::panel(panel).into()
    }

    fn counters<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let playing = matches!(session.state().phase, PlayPhase::Playing { .. });
        let mut panel = column![widgets::title(l.tr("play.counters"))].spacing(style::space::ITEM);
        for (counter, &value) in session
            .profile()
            .counters
            .iter()
            .zip(&session.state().counters)
        {
            let change = |by: i64| {
                playing.then(|| {
                    Message::Event(PlayEvent::AdjustCounter {
                        counter: counter.id.clone(),
                        change: by,
                    })
                })
            };
            let mut range = Text::new("play.counter_range")
                .arg("min", counter.min)
                .arg("max", counter.max);
            if let Some(end) = counter.ends_game_at {
                range = Text::new("play.counter_range_end")
                    .arg("min", counter.min)
                    .arg("max", counter.max)
                    .arg("end", end);
            }
            // The name over its buttons: beside them, half of a small window left it no room.
            panel = panel.push(
                column![
                    text(context.name(&counter.name))
                        .size(style::TEXT)
                        .font(style::BOLD),
                    row![
                        iced::widget::container(
                            widgets::action("−1", change(-1)).style(style::plain)
                        )
                        .id(format!("counter-{}-minus", counter.id)),
                        text(value.to_string())
                            .size(style::BIG)
                            .font(style::BOLD)
                            .width(Length::Fixed(style::width::NUMBER_WIDE))
                            .center(),
                        iced::widget::container(
                            widgets::action("+1", change(1)).style(style::plain)
                        )
                        .id(format!("counter-{}-plus", counter.id)),
                        text(range.render(l)).size(style::SMALL).width(Length::Fill),
                    ]
                    .spacing(style::SPACING)
                    .align_y(Alignment::Center),
                ]
                .spacing(style::space::TIGHT),
            );
        }
        widgets::panel(panel).into()
    }

    /// Round over, the end's trigger, and ending the game (in a game of sides: how it ended).
    fn endings<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let profile = session.profile();
        let state = session.state();
        let playing = matches!(state.phase, PlayPhase::Playing { .. });
        let event = |e: PlayEvent| playing.then_some(Message::Event(e));
        let mut panel = column![widgets::title(l.tr("play.end"))].spacing(style::space::ITEM);
        match &profile.turns {
            Turns::RoundsUntil { round_ends, .. } => {
                panel = panel.push(text(context.name(round_ends)).size(style::SMALL));
                panel = panel.push(
                    widgets::action(l.tr("play.end_round"), event(PlayEvent::EndRound))
                        .style(button::primary),
                );
            }
            Turns::UntilTrigger { trigger } => {
                panel = panel.push(text(context.name(trigger)).size(style::SMALL));
                panel = panel.push(
                    widgets::action(
                        l.tr("play.trigger"),
                        event(PlayEvent::Trigger).filter(|_| !state.triggered),
                    )
                    .style(button::primary),
                );
            }
            _ => {}
        }
        let mut buttons = row![].spacing(style::SPACING);
        match &profile.sheet.winner {
            WinnerRule::Side { endings, sides } => {
                for ending in endings {
                    let winner = sides
                        .iter()
                        .find(|s| s.id == ending.winner)
                        .map(|s| context.name(&s.name))
                        .unwrap_or_default();
                    // A long ending wraps: its button grows with it rather than cut it.
                    let label = Text::new("play.ended_by")
                        .arg("ending", context.name(&ending.name))
                        .arg("side", winner)
                        .render(l);
                    buttons = buttons.push(
                        button(text(label).size(style::TEXT))
                            .padding(style::BUTTON_PADDING)
                            .style(button::danger)
                            .on_press_maybe(event(PlayEvent::EndGame {
                                ending: Some(ending.id.clone()),
                            })),
                    );
                }
            }
            _ => {
                buttons = buttons.push(
                    widgets::action(
                        l.tr("play.end_now"),
                        event(PlayEvent::EndGame { ending: None }),
                    )
                    .style(button::danger),
                );
            }
        }
        panel = panel.push(buttons.wrap());
        widgets::panel(panel).into()
    }
}

/// In a round's first turn, what the rulebook has the table do at each round's start, for the
/// players seated ([`crate::any_game::round_start_notes`], which the phones and
/// the television show too).
fn round_start<'a>(
    session: &'a PlaySession,
    context: &Context<'a>,
) -> Option<Element<'a, Message>> {
    let notes = crate::any_game::round_start_notes(session.profile(), session.state());
    if notes.is_empty() {
        return None;
    }
    let mut panel =
        column![widgets::title(context.locale.tr("play.round_start"))].spacing(style::space::ITEM);
    for note in notes {
        panel = panel.push(text(context.name(&note).into_owned()).size(style::SMALL));
    }
    Some(widgets::panel(panel).into())
}
