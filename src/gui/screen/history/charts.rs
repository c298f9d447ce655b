//! The charts of the history: a player's totals over time and average by part, win rate and
//! time share per player, games per month; each with its numbers beside it.

use iced::widget::{button, canvas, column, row, text};
use iced::{Element, Length};

use super::players::{ChartData, Message, Players, container_fill, part_label, sheet_order};
use crate::gui::chart::{Bars, Columns};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::i18n::numbers::{Sign, decimal};
use crate::stats::Stats;

impl Players {
    /// The charts, one panel each, under the player picker.
    pub fn charts<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let c = &self.charts;
        let Some(stats) = &self.stats else {
            return text("").into();
        };
        // A player keeps their colour in every chart: their place in the statistics' list.
        let colour = |name: &str| {
            style::part(
                stats
                    .players
                    .iter()
                    .position(|p| p.name == name)
                    .unwrap_or(0),
            )
        };
        let name = c.player.clone().unwrap_or_default();
        let percent = |title: &str, rows: &[(String, f64)]| {
            let bars = Bars {
                rows: rows
                    .iter()
                    .map(|(n, v)| (n.clone(), *v, colour(n)))
                    .collect(),
                suffix: "%".into(),
            };
            let numbers = rows.iter().map(|(n, v)| format!("{n}: {v:.0}%")).collect();
            panel(l.tr(title), drawing(bars, bars_height(rows.len())), numbers)
        };
        widgets::scroll(
            column![
                player_picker(stats, c.player.as_ref(), context).wrap(),
                totals_chart(c, &name, colour(&name), context),
                parts_chart(c, &name, context),
                percent("charts.win_rate", &c.win_rates),
                percent("charts.time_share", &c.time_shares),
                months_chart(c, context),
            ]
            .spacing(style::SPACING),
        )
        .height(Length::Fill)
        .into()
    }
}

/// A button per player; the one whose charts show is highlighted.
fn player_picker<'a>(
    stats: &'a Stats,
    selected: Option<&String>,
    context: &Context<'a>,
) -> iced::widget::Row<'a, Message> {
    stats.players.iter().fold(
        row![text(context.locale.tr("charts.player")).size(style::TEXT)]
            .spacing(style::space::CLOSE),
        |r, p| {
            r.push(
                button(text(p.name.clone()).size(style::SMALL))
                    .style(if selected == Some(&p.name) {
                        button::primary
                    } else {
                        style::plain
                    })
                    .on_press(Message::Select(p.name.clone())),
            )
        },
    )
}

/// One chart's panel: its title, the drawing, and its numbers beside it.
fn panel<'a>(
    title: String,
    drawing: Element<'a, Message>,
    numbers: Vec<String>,
) -> Element<'a, Message> {
    let numbers = column(
        numbers
            .into_iter()
            .map(|n| text(n).size(style::SMALL).into()),
    )
    .spacing(style::space::HAIR)
    .width(Length::Fixed(style::width::LABEL));
    widgets::panel(
        column![
            widgets::title(title),
            row![container_fill(drawing), numbers].spacing(style::space::ITEM),
        ]
        .spacing(style::space::CLOSE),
    )
    .into()
}

fn drawing<'a, P: canvas::Program<Message> + 'a>(
    program: P,
    height: Length,
) -> Element<'a, Message> {
    canvas(program).width(Length::Fill).height(height).into()
}

/// A bar chart tall enough for its rows.
fn bars_height(rows: usize) -> Length {
    Length::Fixed((20.0 + 30.0 * rows as f32).max(120.0))
}

/// The chosen player's totals, game by game; the last eight with their dates.
fn totals_chart<'a>(
    c: &ChartData,
    name: &str,
    colour: iced::Color,
    context: &Context<'a>,
) -> Element<'a, Message> {
    let columns = Columns {
        points: (c.totals_over_time.iter())
            .map(|(at, v)| {
                (
                    context.moment(*at, crate::i18n::dates::Shape::MonthDay),
                    v.to_f64(),
                )
            })
            .collect(),
        colour,
    };
    let numbers = (c.totals_over_time.iter().rev().take(8))
        .map(|(at, v)| {
            format!(
                "{} · {v}",
                context.moment(*at, crate::i18n::dates::Shape::Day)
            )
        })
        .collect();
    let title = Text::new("charts.totals").arg("player", name);
    panel(
        title.render(context.locale),
        drawing(columns, Length::Fixed(TOTALS_HEIGHT)),
        numbers,
    )
}

/// The chosen player's average per score part, in the sheet's order.
fn parts_chart<'a>(c: &ChartData, name: &str, context: &Context<'a>) -> Element<'a, Message> {
    let ordered = sheet_order(context, &c.parts);
    let bars = Bars {
        rows: (ordered.iter().enumerate())
            .map(|(i, (k, v))| (part_label(context, k), *v, style::part(i)))
            .collect(),
        suffix: String::new(),
    };
    let numbers = (ordered.iter())
        .map(|(k, v)| {
            let figure = decimal(context.locale.tag(), *v, 1, Sign::Negative);
            format!("{}: {figure}", part_label(context, k))
        })
        .collect();
    let title = Text::new("charts.parts").arg("player", name);
    panel(
        title.render(context.locale),
        drawing(bars, bars_height(c.parts.len())),
        numbers,
    )
}

/// Games played per month; the last eight months with their counts.
fn months_chart<'a>(c: &ChartData, context: &Context<'a>) -> Element<'a, Message> {
    let columns = Columns {
        points: (c.plays_per_month.iter())
            .map(|(m, v)| (m.clone(), f64::from(*v)))
            .collect(),
        colour: style::DERIVED,
    };
    let numbers = (c.plays_per_month.iter().rev().take(8))
        .map(|(m, v)| format!("{m}: {v}"))
        .collect();
    panel(
        context.locale.tr("charts.per_month"),
        drawing(columns, Length::Fixed(MONTHS_HEIGHT)),
        numbers,
    )
}

/// The column charts' heights: a player's totals, games per month.
const TOTALS_HEIGHT: f32 = 180.0;
const MONTHS_HEIGHT: f32 = 160.0;
