//! One past game: its score sheet (a cell can be corrected; the correction is recorded as an
//! event), the objective rankings, each round's time per player, notes, a step-by-step replay
//! of its events, and delete (with undo in the list).

mod bgstats;
mod rounds;

use std::collections::HashMap;

use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Length};

use super::super::{Action, Context, HistoryAction};
use crate::gui::{style, widgets};
use crate::i18n::Locale;
use crate::i18n::Text;
use crate::kit::clock::Clock;
use crate::session::ReplayStep;
use crate::session::summary::HistoryEntry;
use crate::store::history::History;
use crate::vocabulary::Player;

#[derive(Debug)]
pub struct Detail {
    entry: HistoryEntry,
    /// The game replayed from its saved events, whichever engine played it; `None` when its
    /// file is missing or does not replay (the summary still shows).
    replayed: Option<Replayed>,
    /// The sheet's part names (any game), from the saved profile.
    part_names: Vec<(String, crate::vocabulary::Name)>,
    /// How a game of sides ended, by name.
    ending: Option<crate::vocabulary::Name>,
    /// How many events the replay has played.
    step: usize,
    notes: String,
    editing: HashMap<(usize, usize), String>,
    /// Back was pressed once with something typed and not saved: the next Back leaves anyway.
    warned: bool,
    /// The game's BG Stats link and its QR code, while shown.
    push: Option<bgstats::Push>,
    /// The language the replay's steps are told in (the window's when the detail opened).
    locale: Locale,
    /// The rulebook's variants the game was played with, by name (Earth's beginner rule).
    played_with: Vec<crate::vocabulary::Name>,
    /// Each player's rating change, when the game was just finished here or on a phone (the
    /// same lines the phones' and television's final sheet show); empty otherwise.
    ratings: Vec<Text>,
}

/// What the detail keeps of the replayed game: each event told in words with where it left
/// the game (told once, when the detail opens), and the clock and players for the timeline.
#[derive(Debug)]
struct Replayed {
    steps: Vec<ReplayStep>,
    /// Where the game stood before its first event.
    first: String,
    clock: Clock,
    players: Vec<Player>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Notes(String),
    SaveNotes,
    Step(isize),
    Cell(usize, usize, String),
    Submit(usize, usize),
    Delete,
    Close,
    /// The BG Stats panel (QR code and link) on or off; the history screen answers it, as it
    /// knows the games' BGG ids.
    BgStats,
    CopyLink,
}

impl Detail {
    pub fn new(entry: HistoryEntry, history: &History, locale: Locale) -> Detail {
        let saved = history.session_file(&entry.id).ok();
        let part_names = saved.as_ref().map(|f| f.part_names()).unwrap_or_default();
        let ending = saved
            .as_ref()
            .zip(entry.ending.as_deref())
            .and_then(|(f, e)| f.ending_name(e));
        // Every engine's game replays through the same face, in its own words.
        let game = saved.and_then(|f| f.replay().ok());
        let played_with = (game.iter())
            .flat_map(|game| {
                let profile = game.profile();
                (profile.played_with.iter())
                    .filter_map(|id| profile.variants.iter().find(|v| &v.id == id))
                    .map(|variant| variant.name.clone())
            })
            .collect();
        let replayed = game.map(|game| Replayed {
            steps: game.replay_steps(locale),
            first: game.first_standing(locale),
            clock: game.clock().clone(),
            players: game.players().to_vec(),
        });
        let step = replayed.as_ref().map_or(0, |r| r.steps.len());
        Detail {
            part_names,
            ending,
            notes: entry.notes.clone(),
            entry,
            replayed,
            step,
            locale,
            editing: HashMap::new(),
            warned: false,
            push: None,
            played_with,
            ratings: Vec::new(),
        }
    }

    /// The detail of a game just saved, with each player's rating change in it.
    pub fn with_ratings(mut self, ratings: Vec<Text>) -> Detail {
        self.ratings = ratings;
        self
    }

    /// Shows the game's BG Stats link and QR code, or hides them.
    pub fn toggle_bgstats(&mut self, context: &crate::export::BgStatsContext) {
        self.push = match self.push {
            Some(_) => None,
            None => Some(bgstats::Push::new(&self.entry, context)),
        };
    }

    /// What is typed but not saved (notes, or a corrected cell without Enter), as a question to
    /// leave without it; `None` when nothing would be lost or the table was already asked.
    pub fn leave(&mut self) -> Option<Text> {
        if self.warned {
            return None;
        }
        let mut cells: Vec<_> = self
            .editing
            .iter()
            .filter(|((seat, part), text)| {
                let saved = self
                    .entry
                    .players
                    .get(*seat)
                    .and_then(|p| p.scores.get(*part))
                    .map(|v| v.to_string());
                saved.as_deref() != Some(text.trim())
            })
            .map(|(&key, _)| key)
            .collect();
        cells.sort_unstable();
        let what = match cells.first() {
            Some(&(seat, part)) => Text::new("sheet.field_cell")
                .arg(
                    "player",
                    self.entry.players.get(seat).map_or("", |p| p.name.as_str()),
                )
                .arg_name(
                    "part",
                    &self
                        .part_names
                        .get(part)
                        .map(|(_, n)| n.clone())
                        .unwrap_or_default(),
                ),
            None if self.notes != self.entry.notes => Text::new("detail.notes"),
            None => return None,
        };
        self.warned = true;
        Some(Text::new("detail.unsaved").arg_text("what", what))
    }

    pub fn id(&self) -> &str {
        &self.entry.id
    }

    /// After the history changed (a correction, a rename): the new summary and log.
    pub fn refresh(&mut self, entry: HistoryEntry, history: &History) {
        let notes = std::mem::take(&mut self.notes);
        *self = Detail::new(entry, history, self.locale);
        self.notes = notes;
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Notes(notes) => {
                self.notes = notes;
                self.warned = false;
            }
            Message::SaveNotes => {
                return Action::History(HistoryAction::Notes(
                    self.entry.id.clone(),
                    self.notes.clone(),
                ));
            }
            Message::Step(delta) => {
                let events = self.replayed.as_ref().map_or(0, |r| r.steps.len());
                self.step = self.step.saturating_add_signed(delta).min(events);
            }
            Message::Cell(seat, part, value) => {
                self.editing.insert((seat, part), value);
                self.warned = false;
            }
            Message::Submit(seat, part) => {
                let Some(value) = self.editing.remove(&(seat, part)) else {
                    return Action::None;
                };
                let Some(part_id) = self.entry.parts.get(part).cloned() else {
                    return Action::None;
                };
                let value = value.trim();
                let value = if value.is_empty() {
                    None
                } else {
                    match value.parse::<u32>() {
                        Ok(v) => Some(v),
                        Err(_) => {
                            return Action::Notice(
                                Text::new("sheet.not_whole").arg("value", value),
                            );
                        }
                    }
                };
                return Action::History(HistoryAction::Correct {
                    id: self.entry.id.clone(),
                    player: seat,
                    part: part_id,
                    value,
                });
            }
            Message::CopyLink => {
                if let Some(push) = &mut self.push {
                    return Action::Run(iced::clipboard::write(push.copy()));
                }
            }
            Message::Delete | Message::Close | Message::BgStats => {}
        }
        Action::None
    }

    pub fn view<'a>(
        &'a self,
        context: &Context<'a>,
        _history: &'a History,
    ) -> Element<'a, Message> {
        let l = context.locale;
        let e = &self.entry;
        let mut title = format!(
            "{} · {} · {}",
            context.moment(e.started_at, crate::i18n::dates::Shape::DayAndTime),
            context.name(&e.game_name),
            e.length().render(l)
        );
        // Who won, in words beside the sheet's star: the first thing a table reads after
        // Finish.
        let winners = e.winners();
        if e.outcome == crate::session::summary::Outcome::Finished && !winners.is_empty() {
            let said = Text::new("sheet.winners").arg_list("names", &winners);
            title = format!("{title} · {}", said.render(l));
        }
        let notes = widgets::panel(
            row![
                text(l.tr("detail.notes")).size(style::TEXT),
                text_input(&l.tr("detail.notes_placeholder"), &self.notes)
                    .id("detail-notes")
                    .on_input(Message::Notes)
                    .on_submit(Message::SaveNotes)
                    .size(style::TEXT)
                    .padding(style::space::ITEM),
                widgets::action(
                    l.tr("settings.save"),
                    (self.notes != e.notes).then_some(Message::SaveNotes)
                ),
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center),
        );
        let mut body = column![].spacing(style::SPACING);
        if let Some(push) = &self.push {
            body = body.push(push.view(l));
        }
        if let Some(ending) = &self.ending {
            body = body.push(widgets::strip(
                text(
                    Text::new("detail.ended_by")
                        .arg("ending", context.name(ending))
                        .render(l),
                )
                .size(style::TITLE),
                |p| p.primary.weak,
            ));
        }
        if !self.played_with.is_empty() {
            let names: Vec<_> = self.played_with.iter().map(|n| context.name(n)).collect();
            let said = Text::new("detail.played_with").arg_list("variants", &names);
            body = body.push(text(said.render(l)).size(style::TEXT));
        }
        body = body.push(self.sheet(context));
        // The replay's buttons stay right under the sheet, where every detail has them; the
        // rating changes of a game just finished come after.
        if self.replayed.is_some() {
            body = body.push(self.replay(context));
        }
        if !self.ratings.is_empty() {
            body = body.push(self.rating_changes(l));
        }
        body = body.push(notes);
        if !e.objectives.is_empty() {
            body = body.push(self.objectives(context));
        }
        if let Some(timeline) = self.timeline(context) {
            body = body.push(timeline);
        }
        column![
            row![
                // The title wraps before it pushes the buttons out of an 800-pixel window.
                widgets::title(title).width(Length::Fill),
                // A play to log: only a finished game (an abandoned one has no result).
                (e.outcome == crate::session::summary::Outcome::Finished).then(|| {
                    widgets::action(l.tr("detail.bgstats"), Some(Message::BgStats)).style(
                        if self.push.is_some() {
                            button::primary
                        } else {
                            style::plain
                        },
                    )
                }),
                widgets::action(l.tr("action.back"), Some(Message::Close)).style(style::plain)
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center),
            widgets::scroll(body).height(Length::Fill),
            widgets::action(l.tr("detail.delete"), Some(Message::Delete)).style(button::danger),
        ]
        .spacing(style::SPACING)
        .into()
    }

    /// "Ratings after this game", then one line a player: as the phones' final sheet says it.
    fn rating_changes<'a>(&'a self, l: Locale) -> Element<'a, Message> {
        let lines = (self.ratings.iter()).map(|line| text(line.render(l)).size(style::TEXT).into());
        widgets::panel(
            column![text(l.tr("venue.changes_title")).size(style::TITLE)]
                .extend(lines)
                .spacing(style::space::ITEM),
        )
        .into()
    }

    fn sheet<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let e = &self.entry;
        let part_name = |id: &str| {
            self.part_names
                .iter()
                .find(|(p, _)| p == id)
                .map(|(_, name)| context.name(name).to_string())
                .unwrap_or_else(|| id.to_string())
        };
        let width = Length::Fixed(COLUMN);
        let mut header = row![
            text(l.tr("sheet.part"))
                .size(style::TEXT)
                .width(Length::Fixed(style::width::FIELD_WIDE))
        ]
        .spacing(style::space::ITEM);
        for p in &e.players {
            header = header.push(
                text(p.name.as_str())
                    .size(style::TITLE)
                    .color(style::marker(p.colour))
                    .width(width),
            );
        }
        let mut grid = column![header].spacing(style::space::TIGHT);
        for (part, id) in e.parts.iter().enumerate() {
            let mut line = row![
                text(part_name(id))
                    .size(style::TEXT)
                    .width(Length::Fixed(style::width::FIELD_WIDE))
            ]
            .spacing(style::space::ITEM)
            .align_y(iced::Alignment::Center);
            for (seat, p) in e.players.iter().enumerate() {
                let shown = self.editing.get(&(seat, part)).cloned().unwrap_or_else(|| {
                    p.scores
                        .get(part)
                        .map(ToString::to_string)
                        .unwrap_or_default()
                });
                line = line.push(
                    text_input("", &shown)
                        .id(format!("detail-cell-{seat}-{part}"))
                        .on_input(move |v| Message::Cell(seat, part, v))
                        .on_submit(Message::Submit(seat, part))
                        .size(style::TEXT)
                        .padding(style::space::TIGHT)
                        .width(Length::Fixed(style::width::NUMBER)),
                );
                line = line.push(text("").width(Length::Fixed(MARK)));
            }
            grid = grid.push(line);
        }
        let mut totals = row![
            text(l.tr("sheet.total"))
                .size(style::TITLE)
                .width(Length::Fixed(style::width::FIELD_WIDE))
        ]
        .spacing(style::space::ITEM);
        for p in &e.players {
            let mut total = row![text(p.total.to_string()).size(style::TITLE)]
                .spacing(style::space::CLOSE)
                .align_y(iced::Alignment::Center);
            if p.winner {
                total = total.push(widgets::star(style::TITLE, style::WINNER));
            }
            totals = totals.push(iced::widget::container(total).width(width));
        }
        widgets::panel(
            column![
                grid,
                totals,
                text(l.tr("detail.correct_help")).size(style::SMALL)
            ]
            .spacing(style::space::ITEM),
        )
        .into()
    }

    fn replay<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let Some(replayed) = &self.replayed else {
            return widgets::panel(text(l.tr("detail.no_log")).size(style::TEXT)).into();
        };
        let total = replayed.steps.len();
        // The event just replayed, in words (as the file holds it where the engine has no
        // words for it), and where it left the game.
        let step = self.step.checked_sub(1).and_then(|i| replayed.steps.get(i));
        let said = step
            .map(|step| {
                let said = step.said.as_deref().unwrap_or(&step.json);
                style::drawable(said).into_owned()
            })
            .unwrap_or_default();
        let standing = step.map_or(&replayed.first, |step| &step.standing);
        let standing = style::drawable(standing).into_owned();
        widgets::panel(
            column![
                widgets::title(l.tr("detail.replay")),
                row![
                    widgets::action(
                        "◀◀",
                        (self.step > 0).then_some(Message::Step(-(total as isize)))
                    ),
                    widgets::action("◀", (self.step > 0).then_some(Message::Step(-1))),
                    text(
                        Text::new("detail.step")
                            .arg("step", self.step)
                            .arg("total", total)
                            .render(l)
                    )
                    .size(style::TEXT),
                    widgets::action("▶", (self.step < total).then_some(Message::Step(1))),
                    widgets::action(
                        "▶▶",
                        (self.step < total).then_some(Message::Step(total as isize))
                    ),
                ]
                .spacing(style::space::ITEM)
                .align_y(iced::Alignment::Center),
                text(standing).size(style::TEXT),
                text(said).size(style::SMALL),
            ]
            .spacing(style::space::ITEM),
        )
        .into()
    }
}

/// A player's column of the sheet, and the room for a cell's mark after it.
const COLUMN: f32 = 130.0;
const MARK: f32 = 52.0;
