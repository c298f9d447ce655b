//! The game on the table, on the window's side: a tap's event, a start, a resume and a finish
//! handed to the keeper ([`crate::table::TableKeeper`], which keeps them for `serve` too);
//! the screen the game's phase calls for after what happened; and what the keeper said, in the
//! notice bar.

use std::path::PathBuf;

use super::screen::{self, Screen};
use super::{App, Data, Notice, log};
use crate::i18n::Text;
use crate::session::summary::Outcome;
use crate::session::{NewGame, TableEvent};
use crate::table::{Happened, Tone};

impl App {
    /// Applies one table action through the keeper, then shows the screen its phase calls for.
    pub(super) fn apply(&mut self, event: TableEvent) {
        let happened = self.common.keeper.apply(event, self.common.now);
        self.follow(happened);
    }

    /// Follows what the keeper did with the screen, and shows what it said.
    pub(super) fn follow(&mut self, happened: Happened) {
        match happened {
            Happened::Nothing => {}
            Happened::Played => {
                self.clear_error();
                self.follow_phase();
            }
            // The screen drops what it had typed for that seat, so it shows the phone's value.
            Happened::PhoneWrote(seat) => {
                self.screen.phone_wrote(seat);
                self.follow_phase();
            }
            Happened::StepAnswered { taken } => {
                self.screen.step_confirmed();
                if taken {
                    self.clear_error();
                    self.follow_phase();
                }
            }
            Happened::TookBack => {
                self.clear_error();
                self.follow_phase();
                self.screen.undone();
            }
            Happened::Started => self.screen = self.game_screen(),
            Happened::Finished => self.screen = self.finished(),
        }
        self.hear_the_keeper();
    }

    /// An action went through: an error the notice bar showed is over.
    fn clear_error(&mut self) {
        if self.chrome.notice.as_ref().is_some_and(|n| n.error) {
            self.chrome.notice = None;
        }
    }

    /// What the keeper said, in the notice bar (in one notice when it said several things at
    /// once, a resume's); an error is also written to the log.
    pub(super) fn hear_the_keeper(&mut self) {
        let said = self.common.keeper.said();
        if said.is_empty() {
            return;
        }
        let l = self.common.locale;
        let text: Vec<String> = said.iter().map(|s| s.text.render(l)).collect();
        let text = text.join(" ");
        if said.iter().all(|s| s.tone == Tone::Passing) {
            return self.pass(text);
        }
        if let (true, Data::Writable { dir, .. }) = (
            said.iter().any(|s| s.tone == Tone::Error),
            self.common.keeper.data(),
        ) {
            log::error(dir, &text);
        }
        let error = (said.iter()).any(|s| matches!(s.tone, Tone::Error | Tone::Warning));
        self.chrome.notice = Some(Notice { text, error });
    }

    /// The games the setup offers besides TERRAVIST: the shipped ones, then the user's own
    /// from the data dir (a file that does not load is named in the notice bar, and left alone).
    pub(super) fn reload_games(&mut self) {
        let problems = self.common.keeper.reload_games();
        if let Some(problem) = problems.first() {
            self.chrome.notice = Some(Notice {
                text: Text::new("notice.profile_unread")
                    .arg("problem", problem)
                    .render(self.common.locale),
                error: true,
            });
        }
    }

    pub(super) fn error(&mut self, text: String) {
        if let Data::Writable { dir, .. } = self.common.keeper.data() {
            log::error(dir, &text);
        }
        self.chrome.notice = Some(Notice { text, error: true });
    }

    /// The game screen the current phase calls for, keeping the screen's UI state when the
    /// phase did not change kind.
    pub(super) fn follow_phase(&mut self) {
        let Some(game) = self.common.keeper.game() else {
            return;
        };
        if let Some(screen) = self.screen.follow(game) {
            self.screen = screen;
        }
    }

    pub(super) fn game_screen(&self) -> Screen {
        match self.common.keeper.game() {
            Some(game) => Screen::table_for(game),
            None => self.home(),
        }
    }

    /// After a Finish (the window's or a phone's): the game's final sheet, every part, the
    /// totals and the winner, until someone leaves it; after an Abandon, Home.
    fn finished(&self) -> Screen {
        let keeper = &self.common.keeper;
        match keeper.last_saved() {
            Some(entry) => Screen::History(Box::new(screen::history::HistoryScreen::showing(
                keeper.data().history(),
                &entry.id,
                self.common.locale,
                keeper.last_ratings().iter().map(|c| c.text()).collect(),
            ))),
            None => self.home(),
        }
    }

    pub(super) fn home(&self) -> Screen {
        Screen::Home(screen::home::Home::new(&self.common.keeper.unfinished()))
    }

    /// Puts a new game on the table (see [`crate::table::TableKeeper::start`]).
    pub(super) fn start(&mut self, new_game: NewGame) {
        let happened = self.common.keeper.start(new_game, self.common.now);
        self.follow(happened);
    }

    /// Reopens an unfinished game with the engine its journal names.
    pub(super) fn resume(&mut self, path: PathBuf) {
        let happened = self.common.keeper.resume(&path);
        self.follow(happened);
    }

    pub(super) fn finish(&mut self, outcome: Outcome) {
        let happened = self.common.keeper.finish(outcome, self.common.now);
        self.follow(happened);
    }

    /// A tap on the setup screen, carried out on the keeper's setup.
    pub(super) fn setup_message(
        &mut self,
        message: screen::setup::Message,
    ) -> iced::Task<super::Message> {
        let Some((setup, settings, games)) = self.common.keeper.setup_mut() else {
            return iced::Task::none();
        };
        let action = screen::setup::update(setup, message, settings, games);
        self.perform(action)
    }
}
