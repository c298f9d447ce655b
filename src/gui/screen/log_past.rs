//! Logging a past game (History → Log a past game): a game kept on paper, entered afterwards.
//! First the game, when it was played and who played (in a game of sides, who played which
//! side and how it ended); then its score sheet, the very sheet a played game ends on, on a
//! session held here; then it goes into the history like any game (see `past_game.rs`).
//!
//! One of the three files of `src/` that name both engines (with `engines.rs` and
//! `screen/mod.rs`), because each engine has a sheet editor of its own: TERRAVIST's sheet
//! screen (its six parts, computed from the game or typed) and the other games' (any profile's
//! parts, counts and tie-breakers); this screen hosts the one the chosen game's engine needs.

use chrono::{DateTime, Utc};
use iced::widget::{button, column, row, text, text_input};
use iced::{Alignment, Element, Length};

use super::{Action, Context, HistoryAction, To, play, sheet};
use crate::any_game::paper::over_at;
use crate::any_game::{AnyGame, PlaySession};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::i18n::dates::Shape::DayAndTime;
use crate::kit::game_profile::GameProfile;
use crate::past_game::{as_logged, seated};
use crate::scoring::WinnerRule;
use crate::session::{Colour, GameSession};
use crate::terravist::{Session, Terravist};

/// The most players the form offers (the app's marker colours).
const MOST_PLAYERS: usize = Colour::ALL.len();

/// The form, then the sheet.
pub struct LogPast {
    /// 0 is TERRAVIST; `n` is `context.games[n - 1]`.
    game: usize,
    when: String,
    names: Vec<String>,
    /// In a game of sides: each player's side id.
    sides: Vec<Option<String>>,
    /// In a game of sides: how it ended.
    ending: Option<String>,
    /// The rulebook's variants it was played with, by id (Earth's beginner rule).
    variants: Vec<String>,
    notes: String,
    /// Why the last step was refused, in the player's words.
    problem: Option<String>,
    sheet: Option<PastSheet>,
}

/// The sheet of the game being logged, on a session of its own (nothing is journaled: the game
/// is written once, whole, when it is saved).
enum PastSheet {
    Terravist {
        session: Box<Session>,
        screen: sheet::SheetScreen,
        played_at: DateTime<Utc>,
    },
    Other {
        session: Box<PlaySession>,
        screen: Box<play::PlayScreen>,
        played_at: DateTime<Utc>,
    },
}

/// A message for whichever engine's sheet is shown.
enum SheetMessage {
    Terravist(sheet::Message),
    Other(play::Message),
}

#[derive(Debug, Clone)]
pub enum Message {
    Game(usize),
    When(String),
    Name(usize, String),
    AddPlayer,
    RemovePlayer,
    Side(usize, String),
    Ending(String),
    /// A variant of the game switched on or off.
    Variant(String, bool),
    Notes(String),
    ToSheet,
    Terravist(sheet::Message),
    Other(play::Message),
    BackToForm,
    Save,
    Cancel,
}

impl LogPast {
    /// A fresh form; `now` is the present as the table reads it (the date field starts there).
    pub fn new(now: String) -> LogPast {
        LogPast {
            game: 0,
            when: now,
            names: vec![String::new(), String::new()],
            sides: vec![None, None],
            ending: None,
            variants: Vec::new(),
            notes: String::new(),
            problem: None,
            sheet: None,
        }
    }

    /// The form or the sheet: a change redraws the screen whole.
    pub fn on_sheet(&self) -> bool {
        self.sheet.is_some()
    }

    fn other_game<'a>(&self, context: &Context<'a>) -> Option<&'a GameProfile> {
        self.game.checked_sub(1).and_then(|i| context.games.get(i))
    }

    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        match message {
            Message::Game(game) => {
                self.game = game;
                self.sides.iter_mut().for_each(|side| *side = None);
                self.ending = None;
                self.variants.clear();
            }
            Message::When(when) => self.when = when,
            Message::Name(seat, name) => {
                if let Some(slot) = self.names.get_mut(seat) {
                    *slot = name;
                }
            }
            Message::AddPlayer if self.names.len() < MOST_PLAYERS => {
                self.names.push(String::new());
                self.sides.push(None);
            }
            Message::AddPlayer => {}
            Message::RemovePlayer if self.names.len() > 1 => {
                self.names.pop();
                self.sides.pop();
            }
            Message::RemovePlayer => {}
            Message::Side(seat, side) => {
                if let Some(slot) = self.sides.get_mut(seat) {
                    *slot = Some(side);
                }
            }
            Message::Ending(ending) => self.ending = Some(ending),
            Message::Variant(id, on) => {
                self.variants.retain(|v| *v != id);
                if on {
                    self.variants.push(id);
                }
            }
            Message::Notes(notes) => self.notes = notes,
            Message::ToSheet => match self.start_sheet(context) {
                Ok(sheet) => {
                    self.sheet = Some(sheet);
                    self.problem = None;
                }
                Err(problem) => self.problem = Some(problem),
            },
            Message::Terravist(message) => {
                return self.sheet_message(SheetMessage::Terravist(message), context);
            }
            Message::Other(message) => {
                return self.sheet_message(SheetMessage::Other(message), context);
            }
            Message::BackToForm => {
                self.sheet = None;
                self.problem = None;
            }
            Message::Save => return self.save(context),
            Message::Cancel => return Action::Go(To::History),
        }
        Action::None
    }

    /// Checks the form and opens the game's sheet: refused, in words, when the date is not one
    /// or still to come, a side or the ending is missing, or the players cannot play the game.
    fn start_sheet(&self, context: &Context) -> Result<PastSheet, String> {
        let l = context.locale;
        let played_at = context.zone.read(l, &self.when).ok_or_else(|| {
            context
                .date_forms(Text::new("past.bad_date"), DayAndTime)
                .arg("text", self.when.trim())
                .render(l)
        })?;
        if played_at > context.now {
            return Err(l.tr("past.future"));
        }
        let mut setup = seated(self.names.iter().map(String::as_str));
        // The one name rule of every way in: a name the history would not read back is
        // refused here, where it is typed.
        setup.names_fit().map_err(|e| e.text().render(l))?;
        let Some(profile) = self.other_game(context) else {
            let session = GameSession::new(context.settings.terravist().clone(), setup, played_at)
                .map_err(|e| e.text().render(l))?;
            return Ok(PastSheet::Terravist {
                session: Box::new(session),
                screen: sheet::SheetScreen::default(),
                played_at,
            });
        };
        let sides_game = matches!(profile.sheet.winner, WinnerRule::Side { .. });
        if sides_game {
            setup.sides = self.sides[..self.names.len()]
                .iter()
                .map(|side| side.clone().ok_or_else(|| l.tr("past.choose_side")))
                .collect::<Result<_, _>>()?;
            if self.ending.is_none() {
                return Err(l.tr("past.choose_ending"));
            }
        }
        let ending = self.ending.clone().filter(|_| sides_game);
        // Scored as the window's setup scores a game played with these variants.
        let played = (profile.with_variants(&self.variants)).map_err(|e| e.text().render(l))?;
        let session = over_at(played, setup, played_at, ending).map_err(|e| e.render(l))?;
        Ok(PastSheet::Other {
            session: Box::new(session),
            screen: Box::default(),
            played_at,
        })
    }

    /// A sheet message, handled by the sheet a played game ends on; what it asks for is done
    /// on the game being logged here: its event applied (at the time the game was played), a
    /// refusal or text it did not take said under the sheet.
    fn sheet_message(&mut self, message: SheetMessage, context: &Context) -> Action {
        let (asked, applied) = match (&mut self.sheet, message) {
            (
                Some(PastSheet::Terravist {
                    session,
                    screen,
                    played_at,
                }),
                SheetMessage::Terravist(message),
            ) => match screen.update(message, session) {
                Action::Apply(event) => {
                    let event = event.into_event::<Terravist>().ok();
                    (None, event.map(|e| session.apply(e, *played_at).map(drop)))
                }
                other => (Some(other), None),
            },
            (
                Some(PastSheet::Other {
                    session,
                    screen,
                    played_at,
                }),
                SheetMessage::Other(message),
            ) => match screen.update(message, session) {
                Action::Apply(event) => {
                    let event = event.into_event::<AnyGame>().ok();
                    (None, event.map(|e| session.apply(e, *played_at).map(drop)))
                }
                other => (Some(other), None),
            },
            _ => (None, None),
        };
        match (asked, applied) {
            (_, Some(Ok(()))) => self.problem = None,
            (_, Some(Err(rule))) => self.problem = Some(rule.text().render(context.locale)),
            (Some(Action::Notice(text)), None) => self.problem = Some(text.render(context.locale)),
            _ => {}
        }
        Action::None
    }

    /// The game, scored, into the history.
    fn save(&mut self, context: &Context) -> Action {
        let max = crate::session::summary::MAX_NOTES_CHARS;
        if self.notes.trim().chars().count() > max {
            let text = Text::new("past.long_notes").arg("max", max);
            self.problem = Some(text.render(context.locale));
            return Action::None;
        }
        let logged = match &self.sheet {
            None => return Action::None,
            Some(PastSheet::Terravist {
                session, played_at, ..
            }) => as_logged(session.as_ref(), *played_at, &self.notes),
            Some(PastSheet::Other {
                session, played_at, ..
            }) => {
                if let Err(e) = session.state().scored(session.profile()) {
                    self.problem = Some(
                        Text::new("past.not_scored")
                            .arg("reason", e.to_string())
                            .render(context.locale),
                    );
                    return Action::None;
                }
                // The dummy players the rulebook ranks at this table, as a paper sheet gives.
                if let Some(why) =
                    crate::any_game::dummies_missing(session.profile(), session.state())
                {
                    self.problem = Some(why.render(context.locale));
                    return Action::None;
                }
                as_logged(session.as_ref(), *played_at, &self.notes)
            }
        };
        Action::History(HistoryAction::Log(Box::new(logged)))
    }

    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let (body, buttons): (Element<'a, Message>, _) = match &self.sheet {
            None => (
                self.form(context),
                row![
                    widgets::action(l.tr("past.cancel"), Some(Message::Cancel)).style(style::plain),
                    widgets::action(l.tr("past.to_sheet"), Some(Message::ToSheet))
                        .style(button::primary),
                ],
            ),
            Some(sheet) => (
                self.sheet(sheet, context),
                row![
                    widgets::action(l.tr("past.back"), Some(Message::BackToForm))
                        .style(style::plain),
                    widgets::action(l.tr("past.save"), Some(Message::Save)).style(button::success),
                ],
            ),
        };
        let mut page = column![widgets::title(l.tr("past.title"))].spacing(style::SPACING);
        // The notes stay in view under the sheet, however long it is.
        page = page
            .push(widgets::scroll(body).height(Length::Fill))
            .push(self.notes_field(context));
        if let Some(problem) = &self.problem {
            page = page.push(
                text(problem.as_str())
                    .size(style::TEXT)
                    .color(style::WARNING),
            );
        }
        page.push(buttons.spacing(style::space::ITEM)).into()
    }

    fn form<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut games = row![widgets::choice(
            context
                .name(&context.settings.terravist().game.name)
                .into_owned(),
            self.game == 0,
            Message::Game(0),
        )]
        .spacing(style::space::ITEM);
        for (i, game) in context.games.iter().enumerate() {
            games = games.push(widgets::choice(
                context.name(&game.name),
                self.game == i + 1,
                Message::Game(i + 1),
            ));
        }
        let sides = self
            .other_game(context)
            .and_then(|g| match &g.sheet.winner {
                WinnerRule::Side { sides, endings } => Some((sides, endings)),
                _ => None,
            });
        let mut players =
            column![text(l.tr("past.players")).size(style::TEXT)].spacing(style::space::ITEM);
        for (seat, name) in self.names.iter().enumerate() {
            let mut line = row![
                text_input(&l.tr("past.name"), name)
                    .id(format!("past-name-{seat}"))
                    .on_input(move |n| Message::Name(seat, n))
                    .size(style::TEXT)
                    .width(Length::Fixed(style::width::FIELD_WIDE)),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center);
            for side in sides.map(|(sides, _)| sides.as_slice()).unwrap_or_default() {
                let chosen = self.sides[seat].as_deref() == Some(side.id.as_str());
                line = line.push(widgets::choice(
                    context.name(&side.name),
                    chosen,
                    Message::Side(seat, side.id.clone()),
                ));
            }
            players = players.push(line);
        }
        players = players.push(
            row![
                widgets::action(
                    l.tr("past.add_player"),
                    (self.names.len() < MOST_PLAYERS).then_some(Message::AddPlayer)
                )
                .style(style::plain),
                widgets::action(
                    l.tr("past.remove_player"),
                    (self.names.len() > 1).then_some(Message::RemovePlayer)
                )
                .style(style::plain),
            ]
            .spacing(style::space::ITEM),
        );
        let mut form = column![
            games.wrap().vertical_spacing(style::space::ITEM),
            row![
                text(l.tr("past.when")).size(style::TEXT),
                text_input(&context.moment(context.now, DayAndTime), &self.when)
                    .id("past-when")
                    .on_input(Message::When)
                    .size(style::TEXT)
                    .width(Length::Fixed(style::width::FIELD_WIDE)),
                text(
                    context
                        .date_forms(Text::new("past.when_forms"), DayAndTime)
                        .render(l)
                )
                .size(style::SMALL),
            ]
            .spacing(style::space::ITEM)
            .align_y(Alignment::Center),
            players,
        ]
        .spacing(style::SPACING);
        if let Some((_, endings)) = sides {
            let mut line = row![text(l.tr("past.ending")).size(style::TEXT)]
                .spacing(style::space::ITEM)
                .align_y(Alignment::Center);
            for ending in endings {
                line = line.push(widgets::choice(
                    context.name(&ending.name),
                    self.ending.as_deref() == Some(ending.id.as_str()),
                    Message::Ending(ending.id.clone()),
                ));
            }
            form = form.push(line.wrap());
        }
        for variant in self.other_game(context).map_or(&[][..], |g| &g.variants) {
            let id = variant.id.clone();
            form = form.push(widgets::switch(
                context.name(&variant.name),
                self.variants.contains(&variant.id),
                move |on| Message::Variant(id.clone(), on),
            ));
        }
        form.into()
    }

    fn notes_field<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        row![
            text(context.tr("past.notes")).size(style::TEXT),
            text_input(&context.tr("detail.notes_placeholder"), &self.notes)
                .id("past-notes")
                .on_input(Message::Notes)
                .size(style::TEXT),
        ]
        .spacing(style::space::ITEM)
        .align_y(Alignment::Center)
        .into()
    }

    fn sheet<'a>(&'a self, sheet: &'a PastSheet, context: &Context<'a>) -> Element<'a, Message> {
        let (game, played_at, grid) = match sheet {
            PastSheet::Terravist {
                session,
                screen,
                played_at,
            } => (
                context.name(&session.profile().game.name),
                played_at,
                screen
                    .body(session, &session.sheet(), context)
                    .map(Message::Terravist),
            ),
            PastSheet::Other {
                session,
                screen,
                played_at,
            } => (
                context.name(&session.profile().name),
                played_at,
                screen.sheet(session, context).map(Message::Other),
            ),
        };
        let names: Vec<&str> = self.names.iter().map(|n| n.trim()).collect();
        let summary = format!(
            "{game} · {} · {}",
            context.moment(*played_at, DayAndTime),
            crate::i18n::lists::and(context.locale.tag(), &names)
        );
        column![text(summary).size(style::TEXT).font(style::BOLD), grid]
            .spacing(style::SPACING)
            .into()
    }
}
