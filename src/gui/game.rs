//! The live game's side of the app: applying table actions through the journal, starting,
//! resuming and finishing games, and showing the screen the game's phase calls for.

use std::path::PathBuf;

use super::screen::{self, NewGame, Screen, TableEvent};
use super::{App, Data, Live, Notice, log};
use crate::any_game::{AnyGame, PlayEvent};
use crate::i18n::Text;
use crate::session::{GameSession, Rules, Terravist};
use crate::store::entry::{Outcome, Summarize};
use crate::store::journal::{JournalProblem, Recovered};
use crate::store::{DataDir, LiveError, LiveSession, StoreError};
use crate::terravist::event::Event;
use crate::terravist::state::Phase;

impl App {
    /// Applies one table action through the journal, then shows the screen its phase calls
    /// for. An event for the other engine than the game on the table's is for a game no
    /// longer there, and does nothing.
    pub(super) fn apply(&mut self, event: TableEvent) {
        let now = self.shared.now;
        let (result, learned) = match (&mut self.shared.live, event) {
            (Some(Live::Terravist(live)), TableEvent::Terravist(event)) => {
                // A card settled or stolen is offered again at the next game's table.
                let learned = match &event {
                    Event::Settle { card, .. } | Event::StealNiche { card, .. } => {
                        Some(card.clone())
                    }
                    _ => None,
                };
                (live.apply(event, now), learned)
            }
            (Some(Live::AnyGame(live)), TableEvent::AnyGame(event)) => {
                (live.apply(event, now), None)
            }
            _ => return,
        };
        let ok = result.is_ok();
        self.report(result);
        if ok {
            if let Some(card) = learned {
                self.shared.settings.known_cards.learn(&card);
                self.save_settings();
            }
            self.follow_phase();
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
        if self.play_session().is_some() {
            return Screen::Play(Box::default());
        }
        match self.session().map(|s| s.state().phase) {
            Some(Phase::RoundEnd { .. }) => {
                Screen::RoundEnd(screen::round_end::RoundEnd::default())
            }
            Some(Phase::Over) => Screen::Sheet(screen::sheet::SheetScreen::default()),
            Some(_) => Screen::Table(Box::default()),
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
        let players: Vec<String> = (new_game.setup().players.iter())
            .map(|p| p.name.clone())
            .collect();
        match new_game {
            NewGame::Terravist {
                profile,
                setup,
                events,
            } => {
                if !self.open_live::<Terravist>(profile.clone(), setup, Live::Terravist) {
                    return;
                }
                for event in events {
                    self.apply(event.into());
                }
                self.shared.settings.profile = Some(profile);
                self.shared.settings.last_game = None;
            }
            NewGame::AnyGame { profile, setup } => {
                let game_id = profile.id.clone();
                if !self.open_live::<AnyGame>(profile, setup, Live::AnyGame) {
                    return;
                }
                self.apply(PlayEvent::StartGame.into());
                self.shared.settings.last_game = Some(game_id);
            }
        }
        (self.shared.settings).remember_players(players.iter().map(String::as_str));
        self.screen = self.game_screen();
        self.save_settings();
    }

    /// Makes the session and its journal, and puts it on the table; `false` (with the reason
    /// in the notice bar) if the setup is refused or nothing can be written.
    fn open_live<R: Summarize>(
        &mut self,
        profile: R::Profile,
        setup: crate::session::Setup,
        wrap: fn(LiveSession<R>) -> Live,
    ) -> bool {
        let Data::Writable { dir, .. } = &self.shared.data else {
            self.error(Text::new("notice.read_only").render(self.shared.locale));
            return false;
        };
        let session = match GameSession::<R>::new(profile, setup, self.shared.now) {
            Ok(session) => session,
            Err(error) => {
                self.chrome.notice = Some(Notice {
                    text: error.text().render(self.shared.locale),
                    error: true,
                });
                return false;
            }
        };
        match dir.start(session) {
            Ok(live) => {
                self.shared.live = Some(wrap(live));
                true
            }
            Err(error) => {
                self.error(error.to_string());
                false
            }
        }
    }

    /// Reopens an unfinished game with the engine its journal names.
    pub(super) fn resume(&mut self, path: PathBuf) {
        let Data::Writable { dir, .. } = &self.shared.data else {
            return;
        };
        let engine = crate::store::journal::engine_of_journal(&path);
        let resumed = if engine == AnyGame::ENGINE {
            resume_with::<AnyGame>(dir, &path).map(|(live, text)| (Live::AnyGame(live), text))
        } else {
            resume_with::<Terravist>(dir, &path).map(|(live, text)| (Live::Terravist(live), text))
        };
        match resumed {
            Ok((live, problem)) => {
                if let Some(text) = problem {
                    self.chrome.notice = Some(Notice {
                        text: text.render(self.shared.locale),
                        error: true,
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
        let finished = match live {
            Live::Terravist(live) => live.finish(history, outcome, now),
            Live::AnyGame(live) => live.finish(history, outcome, now),
        };
        match finished {
            Ok(entry) => {
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

/// Resumes a journal with engine `R`; a problem found on the way, as a notice.
fn resume_with<R: Summarize>(
    dir: &DataDir,
    path: &std::path::Path,
) -> Result<(LiveSession<R>, Option<Text>), StoreError> {
    let (live, recovered): (LiveSession<R>, Recovered<R>) = dir.resume_game::<R>(path)?;
    let kept = recovered
        .set_aside
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let text = recovered.problem.map(|problem| match problem {
        JournalProblem::TornLastLine { .. } => Text::new("notice.torn")
            .arg("ops", recovered.ops)
            .arg("kept", kept),
        JournalProblem::Damaged { line, .. } => Text::new("notice.damaged")
            .arg("ops", recovered.ops)
            .arg("line", line)
            .arg("kept", kept),
    });
    Ok((live, text))
}
