//! What the screens ask for: the app carries out each [`Action`] a screen's update returns.
//! Most change the app's state at once; a file dialog, an export and an import return the
//! task that goes on after.

use iced::Task;

use super::screen::{self, Action, GamesAction, HistoryAction, Screen, To};
use super::{App, Message, Notice};
use crate::session::summary::Outcome;
use crate::settings::Settings;

impl App {
    /// Carries out what a screen asked for.
    pub(super) fn perform(&mut self, action: Action) -> Task<Message> {
        match action {
            Action::Run(task) => return task.map(Message::Screen),
            Action::Start(new_game) => self.start(*new_game),
            Action::History(action) => return self.history_action(action),
            Action::None => {}
            Action::Apply(event) => self.apply(event),
            Action::Undo => self.undo_redo(true),
            Action::Redo => self.undo_redo(false),
            Action::Resume(path) => self.resume(path),
            Action::Go(to) => self.go(to),
            Action::Home => self.screen = self.home(),
            Action::Phones => self.chrome.phones = true,
            Action::Finish => self.finish(Outcome::Finished),
            Action::Abandon => self.finish(Outcome::Abandoned),
            Action::SaveSettings(settings) => self.take_settings(*settings),
            Action::Notice(text) => {
                self.chrome.notice = Some(Notice {
                    text: text.render(self.common.locale),
                    error: true,
                })
            }
            Action::Games(action) => self.games_action(action),
        }
        Task::none()
    }

    /// Takes back the last action (`undo`) or puts it back, from a key or a button (the header's,
    /// the round end's). A phone's Undo does not come here: it goes through
    /// [`crate::table::TableKeeper::asked`]; either way [`App::follow`] drops what a screen had
    /// typed over it.
    pub(super) fn undo_redo(&mut self, undo: bool) {
        let happened = self.common.keeper.undo_redo(undo, None, self.common.now);
        self.follow(happened);
    }

    /// Opens a screen, fresh.
    fn go(&mut self, to: To) {
        // The game list is read when a screen first needs it, not at startup.
        if matches!(to, To::Setup | To::Games | To::History | To::LogPast)
            && self.common.keeper.games().is_empty()
        {
            self.reload_games();
        }
        self.screen = match to {
            To::Setup => {
                self.common.keeper.set_up();
                Screen::Setup
            }
            To::Settings => Screen::Settings(screen::settings::SettingsScreen::new(
                self.common.keeper.settings(),
            )),
            To::History => Screen::History(Box::new(screen::history::HistoryScreen::new(
                self.common.keeper.data().history(),
            ))),
            To::Sheet => Screen::Sheet(screen::sheet::SheetScreen::default()),
            To::Table => self.game_screen(),
            To::Games => Screen::Games(Box::default()),
            To::LogPast => Screen::LogPast(Box::new(screen::log_past::LogPast::new(
                self.common.zone.show(
                    self.common.locale,
                    self.common.now,
                    crate::i18n::dates::Shape::DayAndTime,
                ),
            ))),
        };
    }

    /// The settings the player saved: kept, applied, and written off the UI thread.
    fn take_settings(&mut self, mut settings: Settings) {
        let before = self.common.keeper.settings();
        if settings.locale != before.locale {
            self.lang_override = None; // the player just chose a language
        }
        if settings.history_dir != before.history_dir {
            let kept = before.history_dir.clone();
            // Kept only once the history opens there; else the one in use stays, and says why.
            if let Err(error) = self.move_history(&settings) {
                self.error(error);
                settings.history_dir = kept;
            }
        }
        let locale = settings.effective_locale();
        (self.common.keeper).change_settings(|kept| *kept = settings);
        self.common.locale = self.lang_override.unwrap_or(locale);
    }

    /// Opens the history where `settings` put it, and says where it is now.
    fn move_history(&mut self, settings: &Settings) -> Result<(), String> {
        let moved = (self.common.keeper.data_mut())
            .move_history(settings.history_dir.clone())
            .map_err(|e| e.to_string())?;
        let text = match (moved, self.common.keeper.data().history()) {
            (true, Some(history)) => crate::i18n::Text::new("settings.history_moved")
                .arg("dir", history.dir().display().to_string())
                .arg("games", history.entries().len()),
            _ => crate::i18n::Text::new("settings.history_pinned"),
        };
        self.chrome.notice = Some(Notice {
            text: text.render(self.common.locale),
            error: false,
        });
        Ok(())
    }

    fn history_action(&mut self, action: HistoryAction) -> Task<Message> {
        match action {
            HistoryAction::Export(kind, ids, path) => self.export(kind, &ids, path),
            HistoryAction::Import(path) => self.start_import(&path),
            // A logged game is kept; then the history it went into is shown.
            action @ HistoryAction::Log(_) => {
                if self.change_history(action) {
                    self.go(To::History);
                }
                Task::none()
            }
            action => {
                self.change_history(action);
                if let Screen::History(screen) = &mut self.screen {
                    screen.refresh(self.common.keeper.data().history());
                }
                Task::none()
            }
        }
    }

    fn games_action(&mut self, action: GamesAction) {
        match action {
            GamesAction::Save(profile) => self.save_profile(*profile),
            GamesAction::Export(profile, path) => self.export_profile(&profile, &path),
            GamesAction::Import(path) => self.import_profile(&path),
        }
    }
}
