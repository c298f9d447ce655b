//! The live game's side of the app: applying table actions through the journal, starting,
//! resuming and finishing games, and showing the screen the game's phase calls for.

use std::path::PathBuf;

use iced::Task;

use super::screen::{self, Screen};
use super::{App, Data, Message, Notice, log};
use crate::event::Event;
use crate::game::clock::Phase;
use crate::i18n::Text;
use crate::session::Session;
use crate::store::LiveError;
use crate::store::entry::Outcome;

impl App {
    /// Applies one table action through the journal, then shows the screen its phase calls for.
    pub(super) fn apply(&mut self, event: Event) {
        let now = self.now;
        let Some(live) = &mut self.live else { return };
        let learned = match &event {
            Event::Settle { card, .. } | Event::StealNiche { card, .. } => Some(card.clone()),
            _ => None,
        };
        let result = live.apply(event, now);
        let ok = result.is_ok();
        self.report(result);
        if ok {
            if let Some(card) = learned {
                self.settings.known_cards.learn(&card);
                self.save_settings();
            }
            self.follow_phase();
        }
    }

    pub(super) fn report(&mut self, result: Result<(), LiveError>) {
        match result {
            Ok(()) => {
                if self.notice.as_ref().is_some_and(|n| n.error) {
                    self.notice = None;
                }
            }
            Err(LiveError::Rule(rule)) => {
                self.notice = Some(Notice {
                    text: rule.text().render(self.locale),
                    error: true,
                })
            }
            Err(LiveError::Io(message)) => {
                let text = Text::new("notice.not_saved")
                    .arg("error", &message)
                    .render(self.locale);
                if let Data::Writable { dir, .. } = &self.data {
                    log::error(dir, &text);
                }
                self.notice = Some(Notice { text, error: true });
            }
        }
    }

    pub(super) fn error(&mut self, text: String) {
        if let Data::Writable { dir, .. } = &self.data {
            log::error(dir, &text);
        }
        self.notice = Some(Notice { text, error: true });
    }

    /// The game screen the current phase calls for, keeping the screen's UI state when the
    /// phase did not change kind.
    pub(super) fn follow_phase(&mut self) {
        let Some(session) = self.session() else {
            return;
        };
        let phase = session.state().phase;
        let fits = matches!(
            (&self.screen, phase),
            (Screen::Table(_), Phase::Playing { .. } | Phase::Setup)
                | (Screen::RoundEnd(_), Phase::RoundEnd { .. })
                | (Screen::Sheet(_), _)
        );
        if matches!(
            self.screen,
            Screen::Table(_) | Screen::RoundEnd(_) | Screen::Sheet(_)
        ) && !fits
        {
            self.screen = self.game_screen();
        }
        if let Screen::Sheet(_) = self.screen
            && matches!(phase, Phase::RoundEnd { .. })
        {
            self.screen = self.game_screen();
        }
    }

    pub(super) fn game_screen(&self) -> Screen {
        match self.session().map(|s| s.state().phase) {
            Some(Phase::RoundEnd { .. }) => {
                Screen::RoundEnd(screen::round_end::RoundEnd::default())
            }
            Some(Phase::Over) => Screen::Sheet(screen::sheet::Sheet::default()),
            Some(_) => Screen::Table(Box::default()),
            None => self.home(),
        }
    }

    pub(super) fn home(&self) -> Screen {
        let unfinished = match &self.data {
            Data::Writable { dir, .. } if self.live.is_none() => dir.unfinished(),
            _ => Vec::new(),
        };
        Screen::Home(screen::home::Home::new(&unfinished))
    }

    pub(super) fn start(&mut self, new_game: screen::NewGame) -> Task<Message> {
        let Data::Writable { dir, .. } = &self.data else {
            self.error(Text::new("notice.read_only").render(self.locale));
            return Task::none();
        };
        let session = match Session::new(new_game.profile.clone(), new_game.setup.clone(), self.now)
        {
            Ok(session) => session,
            Err(error) => {
                self.notice = Some(Notice {
                    text: error.text().render(self.locale),
                    error: true,
                });
                return Task::none();
            }
        };
        match dir.start(session) {
            Ok(live) => self.live = Some(live),
            Err(error) => {
                self.error(error.to_string());
                return Task::none();
            }
        }
        for event in new_game.events {
            self.apply(event);
        }
        self.settings
            .remember_players(new_game.setup.players.iter().map(|p| p.name.as_str()));
        self.settings.profile = Some(new_game.profile);
        self.screen = self.game_screen();
        self.save_settings();
        Task::none()
    }

    pub(super) fn resume(&mut self, path: PathBuf) {
        let Data::Writable { dir, .. } = &self.data else {
            return;
        };
        match dir.resume(&path) {
            Ok((live, recovered)) => {
                if let Some(problem) = recovered.problem {
                    let kept = recovered
                        .set_aside
                        .map(|p| p.display().to_string())
                        .unwrap_or_default();
                    let text = match problem {
                        crate::store::journal::JournalProblem::TornLastLine { .. } => {
                            Text::new("notice.torn")
                                .arg("ops", recovered.ops)
                                .arg("kept", kept)
                        }
                        crate::store::journal::JournalProblem::Damaged { line, .. } => {
                            Text::new("notice.damaged")
                                .arg("ops", recovered.ops)
                                .arg("line", line)
                                .arg("kept", kept)
                        }
                    };
                    self.notice = Some(Notice {
                        text: text.render(self.locale),
                        error: true,
                    });
                }
                self.live = Some(live);
                self.screen = self.game_screen();
            }
            Err(error) => self.error(error.to_string()),
        }
    }

    pub(super) fn finish(&mut self, outcome: Outcome) {
        let Some(live) = self.live.take() else { return };
        let Data::Writable { history, .. } = &mut self.data else {
            self.live = Some(live);
            return;
        };
        let now = self.now;
        match live.finish(history, outcome, now) {
            Ok(entry) => {
                let key = match outcome {
                    Outcome::Finished => "notice.saved_to_history",
                    Outcome::Abandoned => "notice.abandoned",
                };
                self.notice = Some(Notice {
                    text: Text::new(key)
                        .arg("winners", entry.winners().join(", "))
                        .render(self.locale),
                    error: false,
                });
                self.screen = self.home();
            }
            Err(error) => self.error(error.to_string()),
        }
    }
}
