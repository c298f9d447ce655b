//! Home: resume the unfinished game, start a new one, open the history or the settings.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use iced::widget::{column, container, row, text};
use iced::{Element, Length};

use super::{Action, Context, To};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::Lineup;
use crate::vocabulary::Name;

/// An unfinished game found at start, described from its journal's first line.
#[derive(Debug, Clone)]
pub struct Resumable {
    pub path: PathBuf,
    pub game: Option<Name>,
    /// Its players, or the journal's path when its first line could not be read.
    pub players: Vec<String>,
    pub created_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Default)]
pub struct Home {
    resumable: Vec<Resumable>,
}

#[derive(Debug, Clone)]
pub enum Message {
    /// Back to the game this window is playing.
    Continue,
    Resume(PathBuf),
    NewGame,
    Games,
    History,
    Settings,
}

/// The part of a journal's header line the home screen shows, whatever the engine.
#[derive(serde::Deserialize)]
struct Header {
    created_at: DateTime<Utc>,
    profile: HeaderProfile,
    setup: Lineup,
}

#[derive(serde::Deserialize)]
struct HeaderProfile {
    name: Name,
}

/// Reads only a journal's header line: enough to say whose game it is.
fn describe(path: &Path) -> Resumable {
    let header = crate::store::journal::header_line(path)
        .ok()
        .and_then(|line| serde_json::from_str::<Header>(&line).ok());
    Resumable {
        path: path.to_path_buf(),
        game: header.as_ref().map(|h| h.profile.name.clone()),
        players: header
            .as_ref()
            .map(|h| {
                h.setup
                    .players
                    .iter()
                    .map(|p| p.name.clone())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_else(|| vec![path.display().to_string()]),
        created_at: header.map(|h| h.created_at),
    }
}

impl Home {
    pub fn new(unfinished: &[PathBuf]) -> Home {
        Home {
            resumable: unfinished.iter().map(|p| describe(p)).collect(),
        }
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Continue => Action::Go(To::Table),
            Message::Resume(path) => Action::Resume(path),
            Message::NewGame => Action::Go(To::Setup),
            Message::Games => Action::Go(To::Games),
            Message::History => Action::Go(To::History),
            Message::Settings => Action::Go(To::Settings),
        }
    }

    pub fn view<'a>(&'a self, context: &Context<'a>, can_play: bool) -> Element<'a, Message> {
        let l = context.locale;
        let mut page = column![
            text("tablekeeper").size(style::HUGE).font(style::BOLD),
            text(l.tr("home.tagline")).size(style::TITLE),
        ]
        .spacing(style::SPACING * 2.0)
        .max_width(style::width::COLUMN);
        let playing = context.game.map(|game| game.players());
        if let Some(players) = playing {
            let players: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
            page = page.push(
                widgets::action(
                    Text::new("home.continue")
                        .arg_list("players", &players)
                        .render(l),
                    Some(Message::Continue),
                )
                .style(iced::widget::button::success)
                .width(Length::Fill),
            );
        }
        for game in &self.resumable {
            let started = game
                .created_at
                .map(|at| context.moment(at, crate::i18n::dates::Shape::DayAndTime))
                .unwrap_or_default();
            page = page.push(
                widgets::action(
                    Text::new("home.resume")
                        .arg(
                            "game",
                            game.game
                                .as_ref()
                                .map(|n| context.name(n))
                                .unwrap_or_default(),
                        )
                        .arg_list("players", &game.players)
                        .arg("started", started)
                        .render(l),
                    can_play.then(|| Message::Resume(game.path.clone())),
                )
                .style(iced::widget::button::success)
                .width(Length::Fill),
            );
        }
        page = page.push(
            widgets::action(
                l.tr("home.new_game"),
                (can_play && playing.is_none()).then_some(Message::NewGame),
            )
            .style(iced::widget::button::primary)
            .width(Length::Fill),
        );
        let games = context.history.map(|h| h.entries().len()).unwrap_or(0);
        page = page.push(
            row![
                widgets::action(
                    Text::new("home.history").arg("games", games).render(l),
                    Some(Message::History)
                )
                .style(style::plain),
                widgets::action(l.tr("home.games"), Some(Message::Games)).style(style::plain),
                widgets::action(l.tr("home.settings"), Some(Message::Settings)).style(style::plain),
            ]
            .spacing(style::SPACING),
        );
        container(page)
            .center_x(Length::Fill)
            .padding(style::PADDING * 2.0)
            .into()
    }
}
