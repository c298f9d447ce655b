//! The games list: every game the app keeps, with copy, edit (the user's own) and export.

use iced::widget::{button, column, container, row, text};
use iced::{Alignment, Element, Length};

use super::Message;
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::store::profiles::is_shipped;

pub(super) fn list<'a>(context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut games = column![].spacing(style::space::ITEM);
    for game in context.games {
        let own = !is_shipped(&game.id);
        let mut line = row![
            text(context.name(&game.name))
                .size(style::TEXT)
                .width(Length::Fill),
            text(if own {
                l.tr("games.own")
            } else {
                l.tr("games.shipped")
            })
            .size(style::SMALL),
            container(
                widgets::action(l.tr("games.copy"), Some(Message::Copy(game.id.clone())))
                    .style(style::plain)
            )
            .id(format!("games-copy-{}", game.id)),
        ]
        .spacing(style::SPACING)
        .align_y(Alignment::Center);
        if own {
            line = line.push(
                container(
                    widgets::action(l.tr("games.edit"), Some(Message::Edit(game.id.clone())))
                        .style(style::plain),
                )
                .id(format!("games-edit-{}", game.id)),
            );
        }
        line = line.push(
            widgets::action(l.tr("games.export"), Some(Message::Export(game.id.clone())))
                .style(style::plain),
        );
        games = games.push(line);
    }
    column![
        row![
            widgets::title(l.tr("games.title")),
            iced::widget::space::horizontal(),
            widgets::action(l.tr("games.new"), Some(Message::New)).style(button::primary),
            widgets::action(l.tr("games.import"), Some(Message::Import)).style(style::plain),
            widgets::action(l.tr("action.back"), Some(Message::Back)).style(style::plain),
        ]
        .spacing(style::SPACING)
        .align_y(Alignment::Center),
        text(l.tr("games.hint")).size(style::SMALL),
        widgets::scroll(widgets::panel(games)).height(Length::Fill),
    ]
    .spacing(style::SPACING)
    .into()
}
