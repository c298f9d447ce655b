//! What the screens ask for: the app carries out each [`Action`] a screen's update returns.

use iced::Task;

use super::screen::{self, Action, Screen};
use super::{App, Live, Message, Notice};
use crate::store::entry::Outcome;

impl App {
    /// Carries out what a screen asked for.
    pub(super) fn perform(&mut self, action: Action) -> Task<Message> {
        match action {
            Action::None => Task::none(),
            Action::Apply(event) => {
                self.apply(event);
                Task::none()
            }
            Action::Play(event) => {
                self.apply_play(event);
                Task::none()
            }
            Action::Undo | Action::Redo => {
                let now = self.now;
                let undo = matches!(action, Action::Undo);
                let Some(live) = self.live.as_mut().map(Live::on_table_mut) else {
                    return Task::none();
                };
                let result = if undo { live.undo(now) } else { live.redo(now) };
                self.report(result.map(drop));
                self.follow_phase();
                Task::none()
            }
            Action::Start(new_game) => self.start(*new_game),
            Action::StartPlay(new_game) => self.start_play(*new_game),
            Action::Resume(path) => {
                self.resume(path);
                Task::none()
            }
            Action::Go(to) => {
                // The game list is read when a screen first needs it, not at startup.
                if matches!(
                    to,
                    screen::To::Setup | screen::To::Games | screen::To::History
                ) && self.games.is_empty()
                {
                    self.reload_games();
                }
                self.screen = match to {
                    screen::To::Setup => Screen::Setup(Box::new(screen::setup::Setup::new(
                        &self.settings,
                        &self.games,
                    ))),
                    screen::To::Settings => {
                        Screen::Settings(screen::settings::SettingsScreen::new(&self.settings))
                    }
                    screen::To::History => Screen::History(Box::new(
                        screen::history::HistoryScreen::new(self.data.history()),
                    )),
                    screen::To::Sheet => Screen::Sheet(screen::sheet::SheetScreen::default()),
                    screen::To::Table => self.game_screen(),
                    screen::To::Games => Screen::Games(Box::default()),
                };
                Task::none()
            }
            Action::Home => {
                self.screen = self.home();
                Task::none()
            }
            Action::Finish => {
                self.finish(Outcome::Finished);
                Task::none()
            }
            Action::Abandon => {
                self.finish(Outcome::Abandoned);
                Task::none()
            }
            Action::SaveSettings(settings) => {
                if settings.locale != self.settings.locale {
                    self.lang_override = None; // the player just chose a language
                }
                self.settings = *settings;
                self.locale = self
                    .lang_override
                    .unwrap_or_else(|| self.settings.effective_locale());
                self.save_settings();
                Task::none()
            }
            Action::Notice(text) => {
                self.notice = Some(Notice {
                    text: text.render(self.locale),
                    error: true,
                });
                Task::none()
            }
            Action::Run(task) => task.map(Message::Screen),
            Action::History(screen::HistoryAction::Export(kind, ids, path)) => {
                self.export(kind, &ids, path)
            }
            Action::History(screen::HistoryAction::Import(path)) => self.start_import(&path),
            Action::Games(screen::GamesAction::Save(profile)) => {
                self.save_profile(*profile);
                Task::none()
            }
            Action::Games(screen::GamesAction::Export(profile, path)) => {
                self.export_profile(&profile, &path);
                Task::none()
            }
            Action::Games(screen::GamesAction::Import(path)) => {
                self.import_profile(&path);
                Task::none()
            }
            Action::History(action) => {
                self.change_history(action);
                if let Screen::History(screen) = &mut self.screen {
                    screen.refresh(self.data.history());
                }
                Task::none()
            }
        }
    }

    /// Writes the settings off the UI thread.
    pub(super) fn save_settings(&self) {
        if let Some(saver) = &self.saver {
            saver.save(&self.settings);
        }
    }
}
