//! The history: every past game newest first, filtered by game, player and dates, in a list that
//! draws only the rows in view (10,000 games scroll like 10); a game's detail; the players with
//! their records; charts; and export.

mod charts;
mod detail;
mod list;
pub mod players;
mod ratings;

use chrono::{DateTime, Utc};
use iced::Element;
use iced::widget::{button, column, row, space, text};

use super::{Action, Context, HistoryAction};
use crate::export::ExportKind;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::summary::HistoryEntry;
use crate::stats::Filter;
use crate::store::history::History;

/// Height of one row of the list: fixed, so the rows in view follow from the scroll offset.
const ROW: f32 = 48.0;
/// Rows drawn beyond the visible ones, above and below.
const SPARE: usize = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Games,
    Players,
    Charts,
    /// The league: every player's rating.
    Ratings,
}

#[derive(Debug, Default)]
pub struct HistoryScreen {
    tab: Tab,
    game: Option<String>,
    search: String,
    from: String,
    to: String,
    /// The first and last moment the typed dates stand for, read when typed (in the window's
    /// language and zone); `None` while a field is empty or not a date.
    bounds: (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
    /// Entries the filter lets through, newest first, as indices into the history.
    shown: Vec<usize>,
    scroll: f32,
    viewport: f32,
    detail: Option<detail::Detail>,
    /// The last deleted game, until the undo is used or another is deleted.
    deleted: Option<HistoryEntry>,
    players: players::Players,
    ratings: ratings::Ratings,
}

#[derive(Debug, Clone)]
pub enum Message {
    Tab(Tab),
    /// Log a game kept on paper.
    LogPast,
    Game(Option<String>),
    Search(String),
    From(String),
    To(String),
    Scrolled(f32, f32),
    Open(String),
    Detail(detail::Message),
    Players(players::Message),
    Ratings(ratings::Message),
    Delete(String),
    UndoDelete,
    Export(ExportKind),
    SaveBackupAs,
    /// The save dialog closed: the games to write there, and the path (if one was chosen).
    SaveAsPicked(Vec<String>, Option<std::path::PathBuf>),
    Import,
    /// The open dialog closed, with the chosen backup (if any).
    ImportPicked(Option<std::path::PathBuf>),
    Back,
}

/// A typed day's first (`first`) or last moment in the window's zone: ISO ("2026-11-28") or
/// the language's own form ("28.11.2026"); `None` when it is not a date.
fn day_bound(text: &str, first: bool, context: &Context) -> Option<DateTime<Utc>> {
    let day = crate::i18n::dates::read(context.locale.tag(), text)?.date();
    let time = if first { (0, 0, 0) } else { (23, 59, 59) };
    context
        .zone
        .at_wall(day.and_hms_opt(time.0, time.1, time.2)?)
}

/// Whether a typed date field is one the filter could not read (it says so, not ignores it).
pub(crate) fn unread(text: &str, bound: Option<DateTime<Utc>>) -> bool {
    !text.trim().is_empty() && bound.is_none()
}

impl HistoryScreen {
    /// Which part fills the screen (a game's detail, or a tab): a change redraws it whole.
    pub fn part(&self) -> (bool, Tab) {
        (self.detail.is_some(), self.tab)
    }

    pub fn new(history: Option<&History>) -> HistoryScreen {
        let mut screen = HistoryScreen {
            viewport: 600.0,
            ..HistoryScreen::default()
        };
        screen.refresh(history);
        screen
    }

    /// The history with the game `id` open: its final sheet, as the window shows a game just
    /// finished (from the window or a phone) until someone leaves it, with each player's
    /// rating change (`ratings`, in words).
    pub fn showing(
        history: Option<&History>,
        id: &str,
        locale: crate::i18n::Locale,
        ratings: Vec<crate::i18n::Text>,
    ) -> Self {
        let mut screen = HistoryScreen::new(history);
        if let Some(history) = history
            && let Some(entry) = history.get(id)
        {
            screen.detail =
                Some(detail::Detail::new(entry.clone(), history, locale).with_ratings(ratings));
        }
        screen
    }

    /// The filter the inputs describe (a date that does not parse is not guessed: the
    /// screen says it is not one).
    pub fn filter(&self) -> Filter {
        Filter {
            game: self.game.clone(),
            player: None,
            from: self.bounds.0,
            to: self.bounds.1,
            include_abandoned: true,
        }
    }

    /// Recomputes the rows after a filter or the history changed.
    pub fn refresh(&mut self, history: Option<&History>) {
        let Some(history) = history else {
            self.shown.clear();
            return;
        };
        let filter = self.filter();
        let search = self.search.trim().to_lowercase();
        let entries = history.entries();
        self.shown = (0..entries.len())
            .filter(|&i| filter.matches(&entries[i]))
            .filter(|&i| {
                search.is_empty()
                    || entries[i]
                        .players
                        .iter()
                        .any(|p| p.name.to_lowercase().contains(&search))
            })
            .collect();
        self.shown
            .sort_by_key(|&i| std::cmp::Reverse(entries[i].started_at));
        if let Some(open) = &mut self.detail {
            match history.get(open.id()) {
                Some(entry) => open.refresh(entry.clone(), history),
                None => self.detail = None,
            }
        }
        // The statistics cost more than the list (6 ms at 10k games): only when they are shown.
        match self.tab {
            Tab::Games => {}
            Tab::Players | Tab::Charts => self.players.refresh(history, &filter),
            // The league is the whole history's (of the game chosen): 2 ms at 1k games.
            Tab::Ratings => (self.ratings).refresh(history.entries(), self.game.as_deref()),
        }
    }

    /// The numbers the charts draw.
    pub fn chart_data(&self) -> &players::ChartData {
        self.players.chart_data()
    }

    /// The ids of the games the list shows, in its order (what an export writes).
    fn shown_ids(&self, history: Option<&History>) -> Vec<String> {
        history
            .map(|h| {
                self.shown
                    .iter()
                    .map(|&i| h.entries()[i].id.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        let history = context.history;
        match message {
            Message::Tab(tab) => self.tab = tab,
            Message::Game(game) => self.game = game,
            Message::Search(search) => self.search = search,
            Message::From(from) => {
                self.bounds.0 = day_bound(&from, true, context);
                self.from = from;
            }
            Message::To(to) => {
                self.bounds.1 = day_bound(&to, false, context);
                self.to = to;
            }
            Message::Scrolled(offset, height) => {
                self.scroll = offset;
                self.viewport = height;
                return Action::None;
            }
            Message::Open(id) => {
                if let Some(history) = history
                    && let Some(entry) = history.get(&id)
                {
                    self.detail = Some(detail::Detail::new(entry.clone(), history, context.locale));
                }
                return Action::None;
            }
            Message::Detail(detail::Message::Close) => {
                // Typed and not saved: say what, once; Back again leaves without it.
                if let Some(question) = self.detail.as_mut().and_then(detail::Detail::leave) {
                    return Action::Notice(question);
                }
                self.detail = None;
                return Action::None;
            }
            Message::Detail(detail::Message::Delete) => {
                let Some(id) = self.detail.as_ref().map(|d| d.id().to_string()) else {
                    return Action::None;
                };
                return self.update(Message::Delete(id), context);
            }
            Message::Detail(detail::Message::BgStats) => {
                if let Some(detail) = &mut self.detail {
                    detail.toggle_bgstats(&context.bgstats());
                }
                return Action::None;
            }
            Message::Detail(message) => {
                return match &mut self.detail {
                    Some(detail) => detail.update(message),
                    None => Action::None,
                };
            }
            Message::Ratings(message) => {
                self.ratings.update(message);
                return Action::None;
            }
            Message::Players(message) => {
                let action = self.players.update(message);
                self.refresh(history);
                return action;
            }
            Message::Delete(id) => {
                self.deleted = history.and_then(|h| h.get(&id)).cloned();
                self.detail = None;
                return Action::History(HistoryAction::Delete(id));
            }
            Message::UndoDelete => {
                return match self.deleted.take() {
                    Some(entry) => Action::History(HistoryAction::Restore(Box::new(entry))),
                    None => Action::None,
                };
            }
            Message::Export(kind) => {
                return Action::History(HistoryAction::Export(kind, self.shown_ids(history), None));
            }
            Message::SaveBackupAs => {
                let ids = self.shown_ids(history);
                let name = ExportKind::Backup.file_name(context.now);
                let dialog = crate::gui::dialog::save_file(name);
                return Action::Run(dialog.map(move |path| {
                    super::Message::History(Message::SaveAsPicked(ids.clone(), path))
                }));
            }
            Message::SaveAsPicked(ids, Some(path)) => {
                return Action::History(HistoryAction::Export(ExportKind::Backup, ids, Some(path)));
            }
            Message::Import => {
                let dialog = crate::gui::dialog::open_json();
                return Action::Run(
                    dialog.map(|path| super::Message::History(Message::ImportPicked(path))),
                );
            }
            Message::ImportPicked(Some(path)) => {
                return Action::History(HistoryAction::Import(path));
            }
            Message::SaveAsPicked(_, None) | Message::ImportPicked(None) => return Action::None,
            Message::Back => return Action::Home,
            Message::LogPast => return Action::Go(super::To::LogPast),
        }
        self.refresh(history);
        Action::None
    }

    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        if let (Some(detail), Some(history)) = (&self.detail, context.history) {
            return detail.view(context, history).map(Message::Detail);
        }
        let total = context.history.map(|h| h.entries().len()).unwrap_or(0);
        let tab = |label: String, which: Tab| {
            button(text(label).size(style::TEXT))
                .padding([style::space::ITEM, style::PADDING])
                .style(if self.tab == which {
                    button::primary
                } else {
                    style::plain
                })
                .on_press(Message::Tab(which))
        };
        let tabs = row![
            widgets::title(Text::new("history.title").arg("games", total).render(l)),
            space::horizontal(),
            tab(l.tr("history.tab_games"), Tab::Games),
            tab(l.tr("history.tab_players"), Tab::Players),
            tab(l.tr("history.tab_charts"), Tab::Charts),
            tab(l.tr("history.tab_ratings"), Tab::Ratings),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center);
        let body = match self.tab {
            Tab::Games => self.games(context),
            Tab::Players => self.players.view(context).map(Message::Players),
            Tab::Charts => self.players.charts(context).map(Message::Players),
            Tab::Ratings => self.ratings.view(context).map(Message::Ratings),
        };
        let mut footer = row![
            widgets::action(l.tr("action.back"), Some(Message::Back)).style(style::plain),
            widgets::action(l.tr("history.log_past"), Some(Message::LogPast))
                .style(button::primary),
        ]
        .spacing(style::space::ITEM);
        if self.deleted.is_some() {
            footer = footer.push(
                widgets::action(l.tr("history.undo_delete"), Some(Message::UndoDelete))
                    .style(button::success),
            );
        }
        for (kind, key) in [
            (ExportKind::Backup, "history.export_backup"),
            (ExportKind::Csv, "history.export_csv"),
            (ExportKind::BgStats, "history.export_bgstats"),
        ] {
            footer = footer.push(
                widgets::action(
                    l.tr(key),
                    (!self.shown.is_empty()).then_some(Message::Export(kind)),
                )
                .style(style::plain),
            );
        }
        let save_as = widgets::action(
            l.tr("history.save_as"),
            (!self.shown.is_empty()).then_some(Message::SaveBackupAs),
        )
        .style(style::plain);
        let import =
            widgets::action(l.tr("history.import"), Some(Message::Import)).style(style::plain);
        // Wide, the backup files sit at the right; narrow, every button wraps in reading order.
        let footer: Element<'a, Message> = if context.narrow() {
            footer
                .push(save_as)
                .push(import)
                .wrap()
                .vertical_spacing(style::space::ITEM)
                .into()
        } else {
            footer
                .push(space::horizontal())
                .push(save_as)
                .push(import)
                .into()
        };
        column![tabs, self.filters(context), body, footer]
            .spacing(style::SPACING)
            .into()
    }
}
