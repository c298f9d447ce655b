//! The charts of the history: a player's totals over time and average by part, win rate and
//! time share per player, games per month; each with its numbers beside it.

use iced::widget::{button, canvas, column, row, text};
use iced::{Element, Length};

use super::players::{Message, Players, container_fill, part_label, sheet_order};
use crate::gui::chart::{Bars, Columns};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;

impl Players {
    pub fn charts<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let c = &self.charts;
        let Some(stats) = &self.stats else {
            return text("").into();
        };
        let colour = |name: &str| {
            let i = stats
                .players
                .iter()
                .position(|p| p.name == name)
                .unwrap_or(0);
            style::part(i)
        };
        let pick = stats.players.iter().fold(
            row![text(l.tr("charts.player")).size(style::TEXT)].spacing(style::space::CLOSE),
            |r, p| {
                r.push(
                    button(text(p.name.clone()).size(style::SMALL))
                        .style(if c.player.as_ref() == Some(&p.name) {
                            button::primary
                        } else {
                            style::plain
                        })
                        .on_press(Message::Select(p.name.clone())),
                )
            },
        );
        let chart = |title: String, drawing: Element<'a, Message>, numbers: Vec<String>| {
            widgets::panel(
                column![
                    widgets::title(title),
                    row![
                        container_fill(drawing),
                        column(
                            numbers
                                .into_iter()
                                .map(|n| text(n).size(style::SMALL).into())
                        )
                        .spacing(style::space::HAIR)
                        .width(Length::Fixed(style::width::LABEL)),
                    ]
                    .spacing(style::space::ITEM),
                ]
                .spacing(style::space::CLOSE),
            )
        };
        let name = c.player.clone().unwrap_or_default();
        let totals = Columns {
            points: c
                .totals_over_time
                .iter()
                .map(|(at, v)| (context.zone.format(*at, "%m/%d"), v.to_f64()))
                .collect(),
            colour: colour(&name),
        };
        let ordered = sheet_order(context, &c.parts);
        let parts = Bars {
            rows: ordered
                .iter()
                .enumerate()
                .map(|(i, (k, v))| (part_label(context, k), *v, style::part(i)))
                .collect(),
            suffix: String::new(),
        };
        let wins = Bars {
            rows: c
                .win_rates
                .iter()
                .map(|(n, v)| (n.clone(), *v, colour(n)))
                .collect(),
            suffix: "%".into(),
        };
        let shares = Bars {
            rows: c
                .time_shares
                .iter()
                .map(|(n, v)| (n.clone(), *v, colour(n)))
                .collect(),
            suffix: "%".into(),
        };
        let months = Columns {
            points: c
                .plays_per_month
                .iter()
                .map(|(m, v)| (m.clone(), f64::from(*v)))
                .collect(),
            colour: style::DERIVED,
        };
        let height = |rows: usize| Length::Fixed((20.0 + 30.0 * rows as f32).max(120.0));
        widgets::scroll(
            column![
                pick.wrap(),
                chart(
                    Text::new("charts.totals").arg("player", &name).render(l),
                    canvas(totals)
                        .width(Length::Fill)
                        .height(Length::Fixed(180.0))
                        .into(),
                    c.totals_over_time
                        .iter()
                        .rev()
                        .take(8)
                        .map(|(at, v)| format!("{} {v}", context.zone.format(*at, "%Y-%m-%d")))
                        .collect(),
                ),
                chart(
                    Text::new("charts.parts").arg("player", &name).render(l),
                    canvas(parts)
                        .width(Length::Fill)
                        .height(height(c.parts.len()))
                        .into(),
                    ordered
                        .iter()
                        .map(|(k, v)| format!("{}: {v:.1}", part_label(context, k)))
                        .collect(),
                ),
                chart(
                    l.tr("charts.win_rate"),
                    canvas(wins)
                        .width(Length::Fill)
                        .height(height(c.win_rates.len()))
                        .into(),
                    c.win_rates
                        .iter()
                        .map(|(n, v)| format!("{n}: {v:.0}%"))
                        .collect(),
                ),
                chart(
                    l.tr("charts.time_share"),
                    canvas(shares)
                        .width(Length::Fill)
                        .height(height(c.time_shares.len()))
                        .into(),
                    c.time_shares
                        .iter()
                        .map(|(n, v)| format!("{n}: {v:.0}%"))
                        .collect(),
                ),
                chart(
                    l.tr("charts.per_month"),
                    canvas(months)
                        .width(Length::Fill)
                        .height(Length::Fixed(160.0))
                        .into(),
                    c.plays_per_month
                        .iter()
                        .rev()
                        .take(8)
                        .map(|(m, v)| format!("{m}: {v}"))
                        .collect(),
                ),
            ]
            .spacing(style::SPACING),
        )
        .height(Length::Fill)
        .into()
    }
}
