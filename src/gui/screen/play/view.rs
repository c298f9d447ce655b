//! The play screen's frame and its table tab: the round and turn, whose turn with the live
//! clock, the turn order (remade at a round's start where the game does that), the counters,
//! and the ways the game ends.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, row, text};
use iced::{Alignment, Element, Length};

use super::{Message, PlayScreen, Tab};
use crate::any_game::{PlayEvent, PlayPhase, PlaySession};
use crate::gui::screen::Context;
use crate::gui::screen::glance::GlanceWords;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::kit::clock_event::ClockEvent;
use crate::kit::game_profile::Turns;
use crate::kit::turns;
use crate::scoring::WinnerRule;

impl PlayScreen {
    pub fn view<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let tab = self.tab(session);
        let tab_button = |label: String, to: Tab| {
            widgets::action(label, Some(Message::Tab(to))).style(if tab == to {
                button::primary
            } else {
                style::plain
            })
        };
        let [undo, redo] = widgets::undo_redo(
            l,
            session.can_undo().then_some(Message::Undo),
            session.can_redo().then_some(Message::Redo),
        );
        let top = row![
            widgets::title(context.name(&session.profile().name)),
            iced::widget::space::horizontal(),
            tab_button(l.tr("play.table"), Tab::Table),
            tab_button(l.tr("play.sheet"), Tab::Sheet),
            undo,
            redo,
            widgets::action(l.tr("table.home"), Some(Message::Home)).style(style::plain),
        ]
        .spacing(style::SPACING)
        .align_y(Alignment::Center);
        let page = match tab {
            Tab::Table => column![
                top,
                widgets::scroll(self.table(session, context)).height(Length::Fill)
            ],
            Tab::Sheet => column![
                top,
                widgets::scroll(self.sheet(session, context)).height(Length::Fill),
                self.sheet_buttons(session, context),
            ],
        };
        page.spacing(style::SPACING).into()
    }

    /// The table: the header with whose turn and their clock, then the turn order, the
    /// endings and the counters in two columns.
    fn table<'a>(
        &'a self,
        session: &'a PlaySession,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        // Below the clock, two columns, so the whole table fits the window without scrolling.
        let left = column![self.order(session, context), self.endings(session, context)]
            .spacing(style::SPACING)
            .width(Length::FillPortion(1));
        let mut right = column![]
            .spacing(style::SPACING)
            .width(Length::FillPortion(1));
        if !session.profile().counters.is_empty() {
            right = right.push(self.counters(session, context));
        }
        column![
            header(session, context),
            row![left, right].spacing(style::SPACING)
        ]
        .spacing(style::SPACING)
        .into()
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
            panel = panel.push(
                row![
                    text(context.name(&counter.name))
                        .size(style::TEXT)
                        .width(Length::Fill),
                    iced::widget::container(widgets::action("−1", change(-1)).style(style::plain))
                        .id(format!("counter-{}-minus", counter.id)),
                    text(value.to_string())
                        .size(style::BIG)
                        .font(style::BOLD)
                        .width(Length::Fixed(style::width::NUMBER_WIDE))
                        .center(),
                    iced::widget::container(widgets::action("+1", change(1)).style(style::plain))
                        .id(format!("counter-{}-plus", counter.id)),
                    text(range.render(l))
                        .size(style::SMALL)
                        .width(Length::Fixed(COUNTER_RANGE)),
                ]
                .spacing(style::SPACING)
                .align_y(Alignment::Center),
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
                    buttons = buttons.push(
                        widgets::action(
                            Text::new("play.ended_by")
                                .arg("ending", context.name(&ending.name))
                                .arg("side", winner)
                                .render(l),
                            event(PlayEvent::EndGame {
                                ending: Some(ending.id.clone()),
                            }),
                        )
                        .style(button::danger),
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

/// A seat's side, in a game of sides.
pub(super) fn side_name<'a>(
    session: &'a PlaySession,
    seat: usize,
    context: &Context<'a>,
) -> Option<std::borrow::Cow<'a, str>> {
    let WinnerRule::Side { sides, .. } = &session.profile().sheet.winner else {
        return None;
    };
    let id = session.state().sides.get(seat)?;
    sides
        .iter()
        .find(|s| &s.id == id)
        .map(|s| context.name(&s.name))
}

/// The round and turn, whose turn and their clock, next, pause and the table view; framed in
/// the current player's colour, like TERRAVIST's header.
fn header<'a>(session: &'a PlaySession, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let glance = GlanceWords::new(session, context);
    // The round and whose turn are never broken across lines ("第1ラウンド", "Akiの手番"
    // stay whole): in a narrow window they take the compact size, as TERRAVIST's header does.
    let headline = context.headline();
    let marker = column![
        text(glance.round.clone())
            .size(headline)
            .font(style::BOLD)
            .wrapping(Wrapping::None),
        text(glance.turn.clone())
            .size(style::TITLE)
            .wrapping(Wrapping::None),
    ];
    let mut who = column![];
    let current = session.state().current_player(session.profile());
    if let (Some(line), Some(seat)) = (&glance.who, current) {
        who = who.push(
            text(line.clone())
                .size(headline)
                .font(style::BOLD)
                .wrapping(Wrapping::None)
                .color_maybe(glance.colour),
        );
        if let Some(side) = side_name(session, seat, context) {
            who = who.push(text(side).size(style::TEXT));
        }
    }
    who = who.push(
        text(glance.clock_text())
            .size(style::HUGE)
            .font(style::BOLD)
            .color_maybe(glance.over_target.then_some(style::WARNING)),
    );
    if let Some(mode) = &glance.mode {
        who = who.push(text(mode.clone()).size(style::TEXT));
    }
    let playing = glance.playing;
    let (pause, table_time, together) = clock_tools(session, &glance, context);
    let next = button(
        text(l.tr("table.next"))
            .size(style::TITLE)
            .font(style::BOLD)
            .wrapping(Wrapping::None),
    )
    .padding(style::HEADER_PADDING)
    .style(button::primary)
    .on_press_maybe(playing.then_some(Message::Event(PlayEvent::NextTurn)));
    let table_view =
        widgets::action(l.tr("glance.enter"), Some(Message::TableView)).style(style::plain);
    let phones = widgets::action(l.tr("phones.button"), Some(Message::Phones)).style(style::plain);
    // Paused, the last round, past the target: said beside the tools, in a line the header
    // always keeps, so nothing below it moves when they come or go.
    let status = text(glance.marks.clone())
        .size(style::TEXT)
        .font(style::BOLD)
        .color(style::WARNING);
    // The round, whose turn with the clock, and Next keep the first line to themselves; the
    // tools and the marks share the second, wrapping a button at a time in a narrow window
    // (as TERRAVIST's header does): the header never loses whose turn it is.
    widgets::panel_marked(
        column![
            row![
                marker,
                iced::widget::container(who).width(Length::Fill).clip(true),
                next,
            ]
            .spacing(style::SPACING)
            .align_y(Alignment::Center),
            row![pause, table_time, together, table_view, phones, status]
                .spacing(style::space::CLOSE)
                .align_y(Alignment::Center)
                .wrap()
                .vertical_spacing(style::space::ITEM),
        ]
        .spacing(style::space::ITEM),
        glance.colour.unwrap_or(iced::Color::TRANSPARENT),
    )
    .into()
}

/// The header's tools for the clocks: Pause (or Resume), Table time, and Everyone at once
/// with its Ready buttons while a phase runs.
fn clock_tools<'a>(
    session: &'a PlaySession,
    glance: &GlanceWords,
    context: &Context<'a>,
) -> (
    Element<'a, Message>,
    Element<'a, Message>,
    Element<'a, Message>,
) {
    let l = context.locale;
    let playing = glance.playing;
    let pause = if glance.paused {
        widgets::action(
            l.tr("table.resume"),
            Some(Message::Event(PlayEvent::Clock(ClockEvent::Resume))),
        )
        .style(button::success)
    } else {
        widgets::action(
            l.tr("table.pause"),
            playing.then_some(Message::Event(PlayEvent::Clock(ClockEvent::Pause))),
        )
        .style(style::plain)
    };
    let ready = session.state().clock.ready_now();
    let running = ready.is_some();
    let together = crate::gui::screen::glance::together_controls(
        session.players(),
        ready.as_deref(),
        playing,
        Message::Event(PlayEvent::Clock(ClockEvent::Simultaneous { on: !running })),
        |player| Message::Event(PlayEvent::Clock(ClockEvent::SimultaneousReady { player })),
        context,
    );
    let table_time = crate::gui::screen::glance::table_time_button(
        session.state().clock.table_time(),
        playing,
        |on| Message::Event(PlayEvent::Clock(ClockEvent::TableTime { on })),
        context,
    );
    (pause.into(), table_time, together)
}

/// A counter's range and what ends the game, beside its buttons.
const COUNTER_RANGE: f32 = 180.0;
