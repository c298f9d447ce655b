//! The round's objective under the header: as the table typed it, or the field to type it in
//! once its card is revealed (Enter or OK keeps it).

use iced::widget::{row, text, text_input};
use iced::{Element, Length};

use super::{Message, TableScreen};
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::session::glance::objective_line;
use crate::terravist::Session;

impl TableScreen {
    /// The round's objective, typed once it is revealed (Enter or OK keeps it).
    pub(super) fn objective<'a>(
        &'a self,
        session: &Session,
        context: &Context<'a>,
    ) -> Element<'a, Message> {
        let l = context.locale;
        // Read from the state: the header has read the glance already, once is enough a frame.
        match session.state().objective_label() {
            Some(label) => text(objective_line(label, l))
                .size(style::TEXT)
                .height(Length::Fixed(style::TAP))
                .align_y(iced::Alignment::Center)
                .into(),
            None => row![
                text(l.tr("table.objective_unset")).size(style::TEXT),
                text_input(&l.tr("table.objective_placeholder"), &self.objective)
                    .id("table-objective")
                    .on_input(Message::ObjectiveLabel)
                    .on_submit(Message::SetObjective)
                    .size(style::TEXT)
                    .padding(style::space::CLOSE)
                    .width(Length::Fixed(OBJECTIVE)),
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
}

/// A round objective's label as printed on its card, typed in one line.
const OBJECTIVE: f32 = 320.0;
