//! Players (plays, wins, win rate, averages, turn time, head to head, rename and merge) and the
//! charts drawn from the same statistics, each with its numbers beside it.

use chrono::{DateTime, Utc};
use iced::widget::scrollable::{Direction, Scrollbar};
use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Length};

use super::super::{Action, Context, HistoryAction};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::i18n::numbers::{Sign, decimal};
use crate::stats::{self, Filter, Stats};
use crate::store::history::History;

/// The numbers the charts draw, so tests can check them against the statistics.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChartData {
    pub player: Option<String>,
    pub totals_over_time: Vec<(DateTime<Utc>, crate::scoring::Points)>,
    /// The player's average per score part.
    pub parts: Vec<(String, f64)>,
    /// Per player, in percent.
    pub win_rates: Vec<(String, f64)>,
    pub time_shares: Vec<(String, f64)>,
    pub plays_per_month: Vec<(String, u32)>,
}

#[derive(Debug, Default)]
pub struct Players {
    pub(super) stats: Option<Stats>,
    selected: Option<String>,
    rename_to: String,
    pub(super) charts: ChartData,
}

#[derive(Debug, Clone)]
pub enum Message {
    Select(String),
    RenameTo(String),
    Rename,
}

impl Players {
    pub fn refresh(&mut self, history: &History, filter: &Filter) {
        let finished = Filter {
            include_abandoned: false,
            ..filter.clone()
        };
        let stats = stats::compute(history.entries(), &finished);
        if self
            .selected
            .as_ref()
            .is_none_or(|s| stats.players.iter().all(|p| &p.name != s))
        {
            self.selected = stats.players.first().map(|p| p.name.clone());
        }
        let player = self.selected.clone();
        self.charts = ChartData {
            totals_over_time: player
                .as_deref()
                .map(|p| stats::totals_over_time(history.entries(), &finished, p))
                .unwrap_or_default(),
            parts: stats
                .players
                .iter()
                .find(|p| Some(&p.name) == player.as_ref())
                .map(|p| {
                    p.average_parts
                        .iter()
                        .map(|(k, v)| (k.clone(), *v))
                        .collect()
                })
                .unwrap_or_default(),
            win_rates: stats
                .players
                .iter()
                .map(|p| (p.name.clone(), p.win_rate * 100.0))
                .collect(),
            time_shares: stats
                .players
                .iter()
                .map(|p| (p.name.clone(), p.time_share * 100.0))
                .collect(),
            plays_per_month: stats.plays_per_month.clone(),
            player,
        };
        self.stats = Some(stats);
    }

    pub fn chart_data(&self) -> &ChartData {
        &self.charts
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Select(name) => {
                self.selected = Some(name);
                self.rename_to.clear();
                // The charts follow the selection at the next refresh, which the screen runs now.
                Action::None
            }
            Message::RenameTo(name) => {
                self.rename_to = name;
                Action::None
            }
            Message::Rename => match (&self.selected, self.rename_to.trim()) {
                (Some(from), to) if !to.is_empty() => {
                    let action = Action::History(HistoryAction::Rename {
                        from: from.clone(),
                        to: to.to_string(),
                    });
                    self.selected = Some(to.to_string());
                    self.rename_to.clear();
                    action
                }
                _ => Action::None,
            },
        }
    }

    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        // The columns add up to 690 px: inside the table's panel at 1280 px, and inside an
        // 800 px window, where the chosen player goes under the table. Narrower, it scrolls.
        const NAME: f32 = 140.0;
        const COUNT: f32 = 70.0;
        const TIME: f32 = 80.0;
        let l = context.locale;
        let Some(stats) = &self.stats else {
            return text("").into();
        };
        let cell = |s: String, w: f32| text(s).size(style::TEXT).width(Length::Fixed(w));
        let mut table = column![row![
            cell(l.tr("players.name"), NAME),
            cell(l.tr("players.plays"), COUNT),
            cell(l.tr("players.wins"), COUNT),
            cell(l.tr("players.win_rate"), 90.0),
            cell(l.tr("players.average"), 90.0),
            cell(l.tr("players.best"), 70.0),
            cell(l.tr("players.turn"), TIME),
            cell(l.tr("players.share"), TIME),
        ]]
        .spacing(style::space::TIGHT);
        // Figures in the window's language ("34,1", "56 %" in German).
        let one_place = |v: f64| decimal(l.tag(), v, 1, Sign::Negative);
        let percent = |share: f64| {
            let whole = decimal(l.tag(), share * 100.0, 0, Sign::Negative);
            Text::new("number.percent").arg("number", whole).render(l)
        };
        for p in &stats.players {
            let selected = self.selected.as_ref() == Some(&p.name);
            table = table.push(
                button(row![
                    cell(p.name.clone(), NAME),
                    cell(p.plays.to_string(), COUNT),
                    cell(p.wins.to_string(), COUNT),
                    cell(percent(p.win_rate), 90.0),
                    cell(one_place(p.average_total), 90.0),
                    cell(p.best_total.to_string(), 70.0),
                    cell(format!("{:.0} s", p.average_turn_ms / 1000.0), TIME),
                    cell(percent(p.time_share), TIME),
                ])
                .padding(style::space::HAIR)
                .style(if selected { style::plain } else { button::text })
                .on_press(Message::Select(p.name.clone())),
            );
        }
        let mut side = column![].spacing(style::space::CLOSE);
        if let Some(name) = &self.selected {
            side = side.push(widgets::title(name.clone()));
            for (part, average) in sheet_order(context, &self.charts.parts) {
                side = side.push(
                    text(format!(
                        "{}: {}",
                        part_label(context, &part),
                        one_place(average)
                    ))
                    .size(style::SMALL),
                );
            }
            side = side.push(text(l.tr("players.head_to_head")).size(style::TEXT));
            for h in stats.head_to_head.iter().filter(|h| &h.player == name) {
                // Each name set apart, so one that turns text around turns only itself.
                let shown = crate::stats::HeadToHead {
                    player: crate::untrusted::isolated(&h.player).into_owned(),
                    opponent: crate::untrusted::isolated(&h.opponent).into_owned(),
                    ..h.clone()
                };
                side = side.push(text(shown.text().render(l)).size(style::SMALL));
            }
            side = side.push(text(l.tr("players.rename_help")).size(style::SMALL));
            side = side.push(
                row![
                    text_input(&l.tr("players.new_name"), &self.rename_to)
                        .id("rename-to")
                        .on_input(Message::RenameTo)
                        .size(style::TEXT)
                        .padding(style::space::CLOSE),
                    widgets::action(
                        l.tr("players.rename"),
                        (!self.rename_to.trim().is_empty()).then_some(Message::Rename)
                    ),
                ]
                .spacing(style::space::CLOSE),
            );
        }
        // The table scrolls sideways too: its columns are wider than a small window's panel,
        // and a column out of reach is a figure lost.
        let both = Direction::Both {
            vertical: Scrollbar::default(),
            horizontal: Scrollbar::default(),
        };
        let table = widgets::panel(widgets::scroll(table).direction(both).height(Length::Fill));
        let side = widgets::panel(widgets::scroll(side));
        if context.narrow() {
            // A narrow window gives the table its whole width, the chosen player under it.
            column![
                table.width(Length::Fill).height(Length::FillPortion(3)),
                side.width(Length::Fill).height(Length::FillPortion(2)),
            ]
            .spacing(style::SPACING)
            .height(Length::Fill)
            .into()
        } else {
            row![
                table.width(Length::FillPortion(3)).height(Length::Fill),
                side.width(Length::FillPortion(2)).height(Length::Fill),
            ]
            .spacing(style::SPACING)
            .height(Length::Fill)
            .into()
        }
    }
}

/// A score part's name in the current language, from the game's profile (its id if unknown).
pub(super) fn part_label(context: &Context, id: &str) -> String {
    let terravist = context.settings.terravist();
    std::iter::once(&terravist.game)
        .chain(context.games)
        .flat_map(|game| &game.sheet.parts)
        .find(|p| p.id == id)
        .map(|p| context.name(&p.name).to_string())
        .unwrap_or_else(|| id.to_string())
}

/// Parts in the sheet's order (the statistics keep them by id).
pub(super) fn sheet_order(context: &Context, parts: &[(String, f64)]) -> Vec<(String, f64)> {
    let profile = context.settings.terravist();
    let position = |id: &str| {
        profile
            .game
            .sheet
            .parts
            .iter()
            .position(|p| p.id == id)
            .unwrap_or(usize::MAX)
    };
    let mut ordered = parts.to_vec();
    ordered.sort_by_key(|(id, _)| position(id));
    ordered
}

pub(super) fn container_fill<'a>(content: Element<'a, Message>) -> Element<'a, Message> {
    iced::widget::container(content).width(Length::Fill).into()
}
