//! The log of the turn under way, in words, newest last; the button for an environment card
//! an ability plays mid-turn (the round end's flip has its own step); what the turn calls for.

use iced::Element;
use iced::widget::{column, text};

use super::Message;
use crate::gui::screen::Context;
use crate::gui::{style, widgets};
use crate::terravist::Session;
use crate::terravist::event::Event;
use crate::terravist::narrate::{self, Narrator};

/// Lines shown at most: the newest of a long turn (the history's replay has them all).
const SHOWN: usize = 8;

pub fn view<'a>(session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let records = session.records();
    let turn = narrate::this_turn(records);
    let narrator = Narrator {
        profile: session.profile(),
        players: session.players(),
        state: session.state(),
    };
    let mut lines = column![].spacing(style::space::TIGHT);
    if turn.is_empty() {
        lines = lines.push(text(l.tr("table.this_turn_empty")).size(style::SMALL));
    }
    let skip = turn.len().saturating_sub(SHOWN);
    for index in turn.clone().skip(skip) {
        let line = narrator.record(records, index).render(l);
        lines = lines.push(text(style::drawable(&line).into_owned()).size(style::SMALL));
    }
    let playing = session.state().current_player().is_some();
    let mut panel = column![
        widgets::title(l.tr("table.this_turn")),
        widgets::action(
            l.tr("table.environment"),
            playing.then_some(Message::ChangeEnvironment)
        ),
    ]
    .spacing(style::space::ITEM);
    // Under the button, so the button never moves: like the on-settle reminder, but only in a
    // turn where an ability changed the environment, when the on-environment-change abilities
    // are due. (The last turn's egg is said under the settle buttons, where it applies, and
    // marked in the header.)
    if turn
        .clone()
        .any(|i| matches!(records[i].event, Event::ChangeEnvironment { .. }))
    {
        panel = panel.push(widgets::strip(
            text(l.tr("table.environment_changed")).size(style::TEXT),
            |p| p.primary.weak,
        ));
    }
    panel = panel
        .push(lines)
        .push(text(l.tr("table.reminder")).size(style::SMALL));
    widgets::panel(panel).into()
}
