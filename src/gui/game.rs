//! The live game's side of the app: applying table actions through the journal, starting,
//! resuming and finishing games, and showing the screen the game's phase calls for.

use std::path::PathBuf;

use super::screen::{self, Screen};
use super::{App, Data, Notice, log};
use crate::i18n::Text;
use crate::session::summary::Outcome;
use crate::session::{NewGame, TableEvent};
use crate::store::journal::JournalProblem;
use crate::store::{LiveError, LiveGame, Recovery, StartError};
use crate::terravist::event::CardInfo;

impl App {
    /// Applies one table action through the journal, then shows the screen its phase calls
    /// for. An event of another engine than the game on the table's is for a game no longer
    /// there, and does nothing.
    pub(super) fn apply(&mut self, event: TableEvent) {
        let now = self.shared.now;
        let learned = crate::terravist::event::learned_card(&event);
        let Some(live) = self.shared.live.as_mut() else {
            return;
        };
        let Some(result) = live.apply_event(event, now) else {
            return;
        };
        let ok = result.is_ok();
        self.report(result);
        if ok {
            self.learn(learned);
            self.follow_phase();
        }
    }

    /// A card settled or stolen is offered again at the next game's table.
    pub(super) fn learn(&mut self, card: Option<CardInfo>) {
        if let Some(card) = card {
            self.shared.settings.known_cards.learn(&card);
            self.save_settings();
        }
    }

    /// The games the setup offers besides TERRAVIST: the shipped ones, then the user's own
    /// from the data dir (a file that does not load is named in the notice bar, and left alone).
    pub(super) fn reload_games(&mut self) {
        let dir = match &self.shared.data {
            Data::Writable { dir, .. } | Data::ReadOnly { dir, .. } => Some(dir.profiles_dir()),
            Data::Unavailable { .. } => None,
        };
        let (games, problems) = crate::store::profiles::games(dir.as_deref());
        if let Some(problem) = problems.first() {
            self.chrome.notice = Some(Notice {
                text: Text::new("notice.profile_unread")
                    .arg("problem", problem)
                    .render(self.shared.locale),
                error: true,
            });
        }
        self.shared.games = games;
    }

    pub(super) fn report(&mut self, result: Result<(), LiveError>) {
        match result {
            Ok(()) => {
                if self.chrome.notice.as_ref().is_some_and(|n| n.error) {
                    self.chrome.notice = None;
                }
            }
            Err(LiveError::Rule(rule)) => {
                self.chrome.notice = Some(Notice {
                    text: rule.text().render(self.shared.locale),
                    error: true,
                })
            }
            Err(LiveError::Io(message)) => {
                let text = Text::new("notice.not_saved")
                    .arg("error", &message)
                    .render(self.shared.locale);
                if let Data::Writable { dir, .. } = &self.shared.data {
                    log::error(dir, &text);
                }
                self.chrome.notice = Some(Notice { text, error: true });
            }
        }
    }

    pub(super) fn error(&mut self, text: String) {
        if let Data::Writable { dir, .. } = &self.shared.data {
            log::error(dir, &text);
        }
        self.chrome.notice = Some(Notice { text, error: true });
    }

    /// The game screen the current phase calls for, keeping the screen's UI state when the
    /// phase did not change kind.
    pub(super) fn follow_phase(&mut self) {
        let Some(game) = self.shared.live.as_deref().map(LiveGame::game) else {
            return;
        };
        if let Some(screen) = self.screen.follow(game) {
            self.screen = screen;
        }
    }

    pub(super) fn game_screen(&self) -> Screen {
        match self.shared.live.as_deref().map(LiveGame::game) {
            Some(game) => Screen::table_for(game),
            None => self.home(),
        }
    }

    pub(super) fn home(&self) -> Screen {
        let unfinished = match &self.shared.data {
            Data::Writable { dir, .. } if self.shared.live.is_none() => dir.unfinished(),
            _ => Vec::new(),
        };
        Screen::Home(screen::home::Home::new(&unfinished))
    }

    /// Puts a new game on the table, records its first events, and remembers who played
    /// what for the next setup.
    pub(super) fn start(&mut self, new_game: NewGame) {
        let mut remembered = self.shared.settings.clone();
        remembered.remember_start(&new_game);
        let Data::Writable { dir, .. } = &self.shared.data else {
            self.error(Text::new("notice.read_only").render(self.shared.locale));
            return;
        };
        match dir.start_new(new_game, self.shared.now) {
            Ok((live, first)) => {
                self.shared.live = Some(live);
                for event in first {
                    self.apply(event);
                }
            }
            Err(StartError::Setup(error)) => {
                self.chrome.notice = Some(Notice {
                    text: error.text().render(self.shared.locale),
                    error: true,
                });
                return;
            }
            Err(StartError::Store(error)) => {
                self.error(error.to_string());
                return;
            }
        }
        self.shared.settings = remembered;
        self.screen = self.game_screen();
        self.save_settings();
    }

    /// Reopens an unfinished game with the engine its journal names.
    pub(super) fn resume(&mut self, path: PathBuf) {
        let Data::Writable { dir, .. } = &self.shared.data else {
            return;
        };
        match dir.resume_any(&path) {
            Ok((live, recovery)) => {
                let l = self.shared.locale;
                let problem = recovery_notice(&recovery).map(|t| t.render(l));
                let clock = clock_notice(&recovery, self.shared.zone).map(|t| t.render(l));
                let said: Vec<String> = [problem.clone(), clock].into_iter().flatten().collect();
                if !said.is_empty() {
                    self.chrome.notice = Some(Notice {
                        text: said.join(" "),
                        error: problem.is_some(),
                    });
                }
                self.shared.live = Some(live);
                self.screen = self.game_screen();
            }
            Err(error) => self.error(error.to_string()),
        }
    }

    pub(super) fn finish(&mut self, outcome: Outcome) {
        let Some(live) = self.shared.live.take() else {
            return;
        };
        let Data::Writable { history, .. } = &mut self.shared.data else {
            self.shared.live = Some(live);
            return;
        };
        let now = self.shared.now;
        match live.finish(history, outcome, now) {
            Ok(entry) => {
                if let Some(phones) = &mut self.phones {
                    phones.saved = None;
                }
                if let (Some(phones), Outcome::Finished) = (&mut self.phones, outcome) {
                    phones.saved = Some(crate::phones::TableNow::saved_game(&entry));
                }
                let key = match outcome {
                    Outcome::Finished => "notice.saved_to_history",
                    Outcome::Abandoned => "notice.abandoned",
                };
                self.chrome.notice = Some(Notice {
                    text: Text::new(key)
                        .arg("winners", entry.winners().join(", "))
                        .render(self.shared.locale),
                    error: false,
                });
                self.screen = self.home();
            }
            Err(error) => self.error(error.to_string()),
        }
    }
}

/// What a reopened journal's problem says to the table, if it had one.
fn recovery_notice(recovery: &Recovery) -> Option<Text> {
    let kept = (recovery.set_aside.as_ref())
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    recovery.problem.as_ref().map(|problem| match problem {
        JournalProblem::TornLastLine { .. } => Text::new("notice.torn")
            .arg("ops", recovery.ops)
            .arg("kept", kept),
        JournalProblem::Damaged { line, .. } => Text::new("notice.damaged")
            .arg("ops", recovery.ops)
            .arg("line", *line)
            .arg("kept", kept),
    })
}

/// What a resume says when the app stopped while the clocks ran (a kill, a power cut): how much
/// of the turn under way it counted, up to when, and that what came after could not be.
fn clock_notice(recovery: &Recovery, zone: super::Zone) -> Option<Text> {
    let (last_action, counted_to) = recovery.stopped_running?;
    let counted = (counted_to - last_action).num_seconds();
    Some(
        Text::new("notice.stopped_running")
            .arg("counted", counted)
            .arg("at", zone.format(counted_to, "%H:%M:%S"))
            .arg("lost", crate::store::keep_time::NOTE_EVERY.num_seconds()),
    )
}
