//! The players' panel: each player's name and colour, the parent and current marks, their
//! points and time; a tap shows their creatures.

use iced::widget::{button, column, row, text};
use iced::{Element, Length};

use super::{Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::terravist::Session;

impl TableScreen {
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
