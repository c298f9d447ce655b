//! Past sessions, newest first (a plain list; the full history screens are their own issue).

use chrono::Local;
use iced::widget::{button, column, scrollable, text};
use iced::{Element, Length};

use super::{Action, Context};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::store::entry::{HistoryEntry, Outcome};

/// How many sessions the list shows.
const SHOWN: usize = 200;

#[derive(Debug, Default)]
pub struct HistoryScreen;

#[derive(Debug, Clone)]
pub enum Message {
    Back,
}

pub fn update(message: Message) -> Action {
    match message {
        Message::Back => Action::Home,
    }
}

fn line(entry: &HistoryEntry, context: &Context) -> String {
    let l = context.locale;
    let players: Vec<String> = entry
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.total))
        .collect();
    let key = match entry.outcome {
        Outcome::Finished => "history.gui_line",
        Outcome::Abandoned => "history.gui_line_abandoned",
    };
    Text::new(key)
        .arg(
            "date",
            entry
                .started_at
                .with_timezone(&Local)
                .format("%Y-%m-%d %H:%M"),
        )
        .arg("game", context.name(&entry.game_name))
        .arg("players", players.join(", "))
        .arg("winners", entry.winners().join(", "))
        .arg("minutes", (entry.duration_ms + 30_000) / 60_000)
        .render(l)
}

pub fn view<'a>(context: &Context<'a>) -> Element<'a, Message> {
    let l = context.locale;
    let mut entries: Vec<&HistoryEntry> = context
        .history
        .map(|h| h.entries().iter().collect())
        .unwrap_or_default();
    entries.sort_by_key(|e| std::cmp::Reverse(e.started_at));
    let total = entries.len();
    let mut list = column![].spacing(6.0);
    if entries.is_empty() {
        list = list.push(text(l.tr("history.empty")).size(style::TEXT));
    }
    for entry in entries.into_iter().take(SHOWN) {
        list = list.push(text(line(entry, context)).size(style::TEXT));
    }
    column![
        widgets::title(Text::new("history.title").arg("games", total).render(l)),
        widgets::panel(scrollable(list).height(Length::Fill)),
        widgets::action(l.tr("action.back"), Some(Message::Back)).style(button::secondary),
    ]
    .spacing(style::SPACING)
    .into()
}
