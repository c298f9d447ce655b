//! The league in the history: every player's rating, best first, with the games behind it and
//! whether it is provisional; the chosen player's rating over time as a line.

use iced::widget::{button, canvas, column, row, text};
use iced::{Element, Length};

use crate::gui::chart::Line;
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::i18n::numbers::Sign;
use crate::league::League;
use crate::session::summary::HistoryEntry;

#[derive(Debug, Default)]
pub struct Ratings {
    league: League,
    /// Whose rating over time shows; the first in the league when none was chosen.
    chosen: Option<String>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Select(String),
}

impl Ratings {
    /// The league over `entries`, of every game or of `game` alone (the history's game filter).
    pub fn refresh<'a>(
        &mut self,
        entries: impl IntoIterator<Item = &'a HistoryEntry>,
        game: Option<&str>,
    ) {
        self.league = crate::league::of_history(entries, game);
    }

    pub fn update(&mut self, message: Message) {
        match message {
            Message::Select(name) => self.chosen = Some(name),
        }
    }

    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let standings = &self.league.standings;
        if standings.is_empty() {
            return widgets::panel(text(l.tr("league.none")).size(style::TEXT)).into();
        }
        let chosen = (self.chosen.as_ref())
            .and_then(|name| standings.iter().find(|s| &s.player == name))
            .unwrap_or(&standings[0]);
        let mut list = column![
            widgets::title(l.tr("league.title")),
            text(l.tr("league.explained")).size(style::SMALL),
        ]
        .spacing(style::space::CLOSE);
        for (place, standing) in standings.iter().enumerate() {
            let key = match standing.provisional {
                true => "league.line_provisional",
                false => "league.line",
            };
            let line = Text::new(key)
                .arg("place", place + 1)
                .arg("name", &standing.player)
                .arg_decimal("rating", standing.shown, 1, Sign::Negative)
                .arg("games", standing.games);
            list = list.push(
                button(text(line.render(l)).size(style::TEXT))
                    .style(if standing.player == chosen.player {
                        button::primary
                    } else {
                        button::text
                    })
                    .on_press(Message::Select(standing.player.clone())),
            );
        }
        let values: Vec<f64> = chosen.over_time.iter().map(|(_, v)| *v).collect();
        let title = Text::new("league.over_time").arg("player", &chosen.player);
        let drawing = canvas(Line {
            values,
            colour: style::DERIVED,
        })
        .width(Length::Fill)
        .height(Length::Fixed(200.0));
        let chart = column![widgets::title(title.render(l)), drawing].spacing(style::space::CLOSE);
        widgets::scroll(
            row![
                widgets::panel(list).width(Length::FillPortion(2)),
                widgets::panel(chart).width(Length::FillPortion(3)),
            ]
            .spacing(style::SPACING),
        )
        .height(Length::Fill)
        .into()
    }
}
