//! The table app: one window showing one [`Screen`] at a time, over a live session.
//!
//! Elm-style: [`App::update`] takes a [`Message`], [`App::view`] draws the state. Screens own
//! only their UI state (inputs, selections) and hand the app an [`Action`]; every change to the
//! game is an [`Event`] applied through the journaled [`LiveSession`], so undo, autosave and
//! resume come from the library. No game rule lives here.

pub mod bench;
pub mod chart;
pub mod icon;
pub mod screen;
pub mod style;
pub mod widgets;

use std::path::PathBuf;

use chrono::{DateTime, Duration, Utc};
use iced::keyboard::{self, Key, key::Named};
use iced::widget::{button, column, container, opaque, row, stack, text};
use iced::{Element, Length, Subscription, Task, Theme, window};

use crate::event::Event;
use crate::game::clock::Phase;
use crate::i18n::{Locale, Text};
use crate::session::Session;
use crate::settings::{Loaded, Saver, Settings};
use crate::store::entry::Outcome;
use crate::store::history::History;
use crate::store::{DataDir, LiveError, LiveSession, StoreError, resolve_data_dir};
use screen::{Action, Screen};

/// Where "now" comes from: the system clock, or a hand-set time for tests.
#[derive(Debug, Clone, Copy)]
pub enum TimeSource {
    System,
    Manual(DateTime<Utc>),
}

/// How the app starts.
#[derive(Debug, Clone)]
pub struct Options {
    pub data_dir: Option<PathBuf>,
    /// Overrides the settings' and the system's language.
    pub locale: Option<Locale>,
    pub time: TimeSource,
}

/// The data directory as this copy of the app can use it.
enum Data {
    Writable {
        dir: DataDir,
        history: History,
    },
    /// Another copy writes here: history can be read, nothing can be played or saved.
    ReadOnly {
        dir: DataDir,
        history: Option<History>,
        reason: String,
    },
    Unavailable {
        reason: String,
    },
}

impl Data {
    fn history(&self) -> Option<&History> {
        match self {
            Data::Writable { history, .. } => Some(history),
            Data::ReadOnly { history, .. } => history.as_ref(),
            Data::Unavailable { .. } => None,
        }
    }
}

/// A message shown in the notice bar until dismissed or replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

#[derive(Debug, Clone)]
pub enum Message {
    Screen(screen::Message),
    Tick,
    Key(Key, keyboard::Modifiers),
    NextTurn,
    TogglePause,
    Undo,
    Redo,
    ToggleHelp,
    DismissNotice,
    /// Esc: closes the help if it is open, else dismisses the notice.
    Escape,
    Home,
    /// The save dialog closed (with the chosen path, if any).
    SaveAsPicked(crate::export::ExportKind, Vec<String>, Option<PathBuf>),
    /// The open dialog closed (with the chosen backup, if any).
    ImportPicked(Option<PathBuf>),
    /// Imports the next batch of a running import.
    ImportStep,
}

/// A backup being imported, a batch per message, so the window stays alive and shows progress.
struct ImportJob {
    items: std::collections::VecDeque<crate::export::BackupSession>,
    total: usize,
    importer: crate::export::Importer,
}

/// Sessions imported per step.
const IMPORT_BATCH: usize = 50;

/// The whole app.
pub struct App {
    locale: Locale,
    settings: Settings,
    saver: Option<Saver>,
    data: Data,
    live: Option<LiveSession>,
    screen: Screen,
    time: TimeSource,
    now: DateTime<Utc>,
    notice: Option<Notice>,
    help: bool,
    import: Option<ImportJob>,
}

impl App {
    pub fn new(options: Options) -> App {
        let now = match options.time {
            TimeSource::System => Utc::now(),
            TimeSource::Manual(at) => at,
        };
        let mut notice = None;
        let data =
            match resolve_data_dir(options.data_dir.clone()).and_then(|root| open_data(&root)) {
                Ok(data) => data,
                Err(error) => Data::Unavailable {
                    reason: error.to_string(),
                },
            };
        let settings = match &data {
            Data::Writable { dir, .. } | Data::ReadOnly { dir, .. } => {
                match Settings::load(&dir.settings_path()) {
                    Loaded::Fresh(s) | Loaded::Read(s) => s,
                    Loaded::Unusable { settings, reason } => {
                        log::warn(dir, &format!("settings not used: {reason}"));
                        settings
                    }
                }
            }
            Data::Unavailable { .. } => Settings::default(),
        };
        let locale = options
            .locale
            .unwrap_or_else(|| settings.effective_locale());
        if let Data::ReadOnly { reason, .. } | Data::Unavailable { reason } = &data {
            notice = Some(Notice {
                text: reason.clone(),
                error: true,
            });
        }
        if let Data::Writable { history, .. } = &data
            && let Some(found) = &history.notice
        {
            notice = Some(Notice {
                text: Text::new("notice.history_repaired")
                    .arg("line", found.line)
                    .arg("kept", found.kept.display())
                    .render(locale),
                error: true,
            });
        }
        let saver = match &data {
            Data::Writable { dir, .. } => Some(Saver::new(dir.settings_path())),
            _ => None,
        };
        let mut app = App {
            locale,
            settings,
            saver,
            data,
            live: None,
            screen: Screen::Home(screen::home::Home::default()),
            time: options.time,
            now,
            notice,
            help: false,
            import: None,
        };
        app.screen = app.home();
        app
    }

    /// Runs the app in a window.
    pub fn run(options: Options) -> iced::Result {
        iced::application(
            move || (App::new(options.clone()), Task::none()),
            App::update,
            App::view,
        )
        .title(App::title)
        .theme(App::theme)
        .subscription(App::subscription)
        .font(style::FONT_REGULAR_BYTES)
        .default_font(style::FONT)
        .window(window::Settings {
            size: iced::Size::new(1280.0, 800.0),
            min_size: Some(iced::Size::new(900.0, 600.0)),
            icon: window::icon::from_rgba(icon::rgba(), icon::SIZE, icon::SIZE).ok(),
            ..window::Settings::default()
        })
        .run()
    }

    pub fn title(&self) -> String {
        match &self.live {
            Some(live) => format!("tablekeeper — {}", live.session().profile().name.en),
            None => "tablekeeper".to_string(),
        }
    }

    pub fn theme(&self) -> Theme {
        style::theme(self.settings.theme)
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let keys = keyboard::listen().filter_map(|event| match event {
            keyboard::Event::KeyPressed { key, modifiers, .. } => {
                Some(Message::Key(key, modifiers))
            }
            _ => None,
        });
        // The clock ticks only while it runs: an idle or paused table costs nothing.
        let running = self.live.as_ref().is_some_and(|live| {
            let state = live.session().state();
            matches!(state.phase, Phase::Playing { .. } | Phase::RoundEnd { .. })
                && !state.clock.is_paused()
        });
        let tick = if running && matches!(self.time, TimeSource::System) {
            iced::time::every(std::time::Duration::from_secs(1)).map(|_| Message::Tick)
        } else {
            Subscription::none()
        };
        Subscription::batch([keys, tick])
    }

    // ----- accessors for tests and the binary

    pub fn session(&self) -> Option<&Session> {
        self.live.as_ref().map(LiveSession::session)
    }

    pub fn screen_name(&self) -> &'static str {
        self.screen.name()
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn history(&self) -> Option<&History> {
        self.data.history()
    }

    /// The numbers the history charts draw, while the history screen is open.
    pub fn chart_data(&self) -> Option<&screen::history::players::ChartData> {
        match &self.screen {
            Screen::History(screen) => Some(screen.chart_data()),
            _ => None,
        }
    }

    /// Moves a hand-set clock on (tests); the system clock ignores it.
    pub fn advance(&mut self, seconds: i64) {
        if let TimeSource::Manual(at) = &mut self.time {
            *at += Duration::seconds(seconds);
            self.now = *at;
        }
    }

    fn now(&mut self) -> DateTime<Utc> {
        self.now = match self.time {
            TimeSource::System => Utc::now(),
            TimeSource::Manual(at) => at,
        };
        self.now
    }

    // ----- update

    pub fn update(&mut self, message: Message) -> Task<Message> {
        self.now();
        if let Some(error) = self.saver.as_ref().and_then(Saver::error) {
            self.error(format!("settings: {error}"));
        }
        match message {
            Message::Screen(message) => {
                let context = screen::Context {
                    locale: self.locale,
                    now: self.now,
                    settings: &self.settings,
                    session: self.live.as_ref().map(LiveSession::session),
                    history: self.data.history(),
                };
                let action = self.screen.update(message, &context);
                self.perform(action)
            }
            Message::Tick => Task::none(),
            Message::Key(key, modifiers) => match shortcut(&key, modifiers) {
                Some(message) => self.update(message),
                None => Task::none(),
            },
            Message::NextTurn => {
                let in_play = matches!(self.screen, Screen::Table(_))
                    && self
                        .session()
                        .is_some_and(|s| matches!(s.state().phase, Phase::Playing { .. }));
                if in_play {
                    self.perform(Action::Apply(Event::NextPlayerTurn))
                } else {
                    Task::none()
                }
            }
            Message::TogglePause => {
                let paused = self.session().map(|s| s.state().clock.is_paused());
                match paused {
                    Some(true) => self.perform(Action::Apply(Event::Resume)),
                    Some(false) => self.perform(Action::Apply(Event::Pause)),
                    None => Task::none(),
                }
            }
            Message::Undo => self.perform(Action::Undo),
            Message::Redo => self.perform(Action::Redo),
            Message::ToggleHelp => {
                self.help = !self.help;
                Task::none()
            }
            Message::DismissNotice => {
                self.notice = None;
                Task::none()
            }
            Message::Escape => {
                if self.help {
                    self.help = false;
                } else {
                    self.notice = None;
                }
                Task::none()
            }
            Message::Home => self.perform(Action::Home),
            Message::SaveAsPicked(kind, ids, Some(path)) => {
                if let Some(history) = self.data.history() {
                    let now = self.now;
                    match crate::export::write_export_to(history, &ids, kind, &path, now) {
                        Ok(()) => {
                            self.notice = Some(Notice {
                                text: Text::new("notice.exported")
                                    .arg("games", ids.len())
                                    .arg("path", path.display())
                                    .render(self.locale),
                                error: false,
                            })
                        }
                        Err(error) => self.error(error),
                    }
                }
                Task::none()
            }
            Message::SaveAsPicked(_, _, None) | Message::ImportPicked(None) => Task::none(),
            Message::ImportPicked(Some(path)) => self.start_import(&path),
            Message::ImportStep => self.import_step(),
        }
    }

    /// Carries out what a screen asked for.
    fn perform(&mut self, action: Action) -> Task<Message> {
        match action {
            Action::None => Task::none(),
            Action::Apply(event) => {
                self.apply(event);
                Task::none()
            }
            Action::Undo => {
                let now = self.now;
                if let Some(live) = &mut self.live {
                    let result = live.undo(now);
                    self.report(result.map(drop));
                    self.follow_phase();
                }
                Task::none()
            }
            Action::Redo => {
                let now = self.now;
                if let Some(live) = &mut self.live {
                    let result = live.redo(now);
                    self.report(result.map(drop));
                    self.follow_phase();
                }
                Task::none()
            }
            Action::Start(new_game) => self.start(*new_game),
            Action::Resume(path) => {
                self.resume(path);
                Task::none()
            }
            Action::Go(to) => {
                self.screen = match to {
                    screen::To::Setup => {
                        Screen::Setup(Box::new(screen::setup::Setup::new(&self.settings)))
                    }
                    screen::To::Settings => {
                        Screen::Settings(screen::settings::SettingsScreen::new(&self.settings))
                    }
                    screen::To::History => Screen::History(Box::new(
                        screen::history::HistoryScreen::new(self.data.history()),
                    )),
                    screen::To::Sheet => Screen::Sheet(screen::sheet::Sheet::default()),
                    screen::To::Table => self.game_screen(),
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
                self.settings = *settings;
                self.locale = self.settings.effective_locale();
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
            Action::History(screen::HistoryAction::SaveAs(kind, ids)) => {
                let name = crate::export::export_file_name(kind, self.now);
                Task::perform(
                    async move {
                        rfd::AsyncFileDialog::new()
                            .set_file_name(name)
                            .save_file()
                            .await
                            .map(|f| f.path().to_path_buf())
                    },
                    move |path| Message::SaveAsPicked(kind, ids.clone(), path),
                )
            }
            Action::History(screen::HistoryAction::Import) => Task::perform(
                async {
                    rfd::AsyncFileDialog::new()
                        .add_filter("JSON", &["json"])
                        .pick_file()
                        .await
                        .map(|f| f.path().to_path_buf())
                },
                Message::ImportPicked,
            ),
            Action::History(action) => {
                self.change_history(action);
                if let Screen::History(screen) = &mut self.screen {
                    screen.refresh(self.data.history());
                }
                Task::none()
            }
        }
    }

    /// Reads and checks a backup, then imports it a batch at a time.
    fn start_import(&mut self, path: &std::path::Path) -> Task<Message> {
        let Data::Writable { history, .. } = &self.data else {
            self.error(Text::new("notice.read_only").render(self.locale));
            return Task::none();
        };
        let backup = crate::store::fsutil::read_limited(path, crate::export::MAX_IMPORT_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|bytes| crate::export::parse_backup(&bytes).map_err(|e| e.to_string()));
        match backup {
            Ok(backup) => {
                let total = backup.sessions.len();
                self.import = Some(ImportJob {
                    items: backup.sessions.into(),
                    total,
                    importer: crate::export::Importer::new(history),
                });
                self.import_step()
            }
            Err(error) => {
                self.error(format!("{}: {error}", path.display()));
                Task::none()
            }
        }
    }

    fn import_step(&mut self) -> Task<Message> {
        let (Some(job), Data::Writable { history, .. }) = (&mut self.import, &mut self.data) else {
            return Task::none();
        };
        for _ in 0..IMPORT_BATCH {
            let Some(item) = job.items.pop_front() else {
                break;
            };
            if let Err(error) = job.importer.import(history, item) {
                let message = error.to_string();
                self.import = None;
                self.error(message);
                return Task::none();
            }
        }
        let done = job.total - job.items.len();
        if job.items.is_empty() {
            let report = &job.importer.report;
            let mut text = Text::new("history.imported")
                .arg("added", report.added)
                .arg("skipped", report.skipped)
                .arg("refused", report.refused.len())
                .render(self.locale);
            for (id, reason) in report.refused.iter().take(3) {
                text.push_str(&format!(" {id}: {reason}."));
            }
            self.notice = Some(Notice { text, error: false });
            self.import = None;
            if let Screen::History(screen) = &mut self.screen {
                screen.refresh(self.data.history());
            }
            Task::none()
        } else {
            self.notice = Some(Notice {
                text: Text::new("notice.importing")
                    .arg("done", done)
                    .arg("total", job.total)
                    .render(self.locale),
                error: false,
            });
            Task::done(Message::ImportStep)
        }
    }

    /// Whether an import is still running (tests step it by hand).
    pub fn importing(&self) -> bool {
        self.import.is_some()
    }

    /// Carries out a change to the history, and says how it went.
    fn change_history(&mut self, action: screen::HistoryAction) {
        use screen::HistoryAction as H;
        let now = self.now;
        let locale = self.locale;
        let Data::Writable { dir, history } = &mut self.data else {
            self.error(Text::new("notice.read_only").render(locale));
            return;
        };
        let result: Result<Option<Text>, String> = match action {
            H::Delete(id) => history
                .delete(&id)
                .map(|_| Some(Text::new("notice.deleted")))
                .map_err(|e| e.to_string()),
            H::Restore(entry) => history
                .restore(*entry)
                .map(|()| None)
                .map_err(|e| e.to_string()),
            H::Notes(id, notes) => match history.get(&id).cloned() {
                Some(mut entry) => {
                    entry.notes = notes;
                    history
                        .update(entry)
                        .map(|()| Some(Text::new("notice.notes_saved")))
                        .map_err(|e| e.to_string())
                }
                None => Ok(None),
            },
            H::Rename { from, to } => history
                .rename_player(&from, &to)
                .map(|n| {
                    Some(
                        Text::new("notice.renamed")
                            .arg("from", from)
                            .arg("to", to)
                            .arg("games", n),
                    )
                })
                .map_err(|e| e.to_string()),
            H::Correct {
                id,
                player,
                part,
                value,
            } => match history.correct_score(&id, player, &part, value, now) {
                Ok(_) => Ok(Some(Text::new("notice.corrected"))),
                Err(crate::store::history::CorrectionError::Rule(rule)) => {
                    Err(rule.text().render(locale))
                }
                Err(e) => Err(e.to_string()),
            },
            H::Export(kind, ids) => {
                crate::export::write_export(history, &ids, kind, &dir.root().join("exports"), now)
                    .map(|path| {
                        Some(
                            Text::new("notice.exported")
                                .arg("games", ids.len())
                                .arg("path", path.display()),
                        )
                    })
            }
            // The dialogs are opened in `perform`; they never reach here.
            H::SaveAs(..) | H::Import => Ok(None),
        };
        match result {
            Ok(Some(text)) => {
                self.notice = Some(Notice {
                    text: text.render(locale),
                    error: false,
                })
            }
            Ok(None) => self.notice = None,
            Err(message) => self.error(message),
        }
    }

    /// Applies one table action through the journal, then shows the screen its phase calls for.
    fn apply(&mut self, event: Event) {
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
                self.settings.remember_card(&card);
                self.save_settings();
            }
            self.follow_phase();
        }
    }

    fn report(&mut self, result: Result<(), LiveError>) {
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

    fn error(&mut self, text: String) {
        if let Data::Writable { dir, .. } = &self.data {
            log::error(dir, &text);
        }
        self.notice = Some(Notice { text, error: true });
    }

    /// The game screen the current phase calls for, keeping the screen's UI state when the
    /// phase did not change kind.
    fn follow_phase(&mut self) {
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

    fn game_screen(&self) -> Screen {
        match self.session().map(|s| s.state().phase) {
            Some(Phase::RoundEnd { .. }) => {
                Screen::RoundEnd(screen::round_end::RoundEnd::default())
            }
            Some(Phase::Over) => Screen::Sheet(screen::sheet::Sheet::default()),
            Some(_) => Screen::Table(Box::default()),
            None => self.home(),
        }
    }

    fn home(&self) -> Screen {
        let unfinished = match &self.data {
            Data::Writable { dir, .. } if self.live.is_none() => dir.unfinished(),
            _ => Vec::new(),
        };
        Screen::Home(screen::home::Home::new(&unfinished))
    }

    fn start(&mut self, new_game: screen::NewGame) -> Task<Message> {
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

    fn resume(&mut self, path: PathBuf) {
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

    fn finish(&mut self, outcome: Outcome) {
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

    /// Writes the settings off the UI thread.
    fn save_settings(&self) {
        if let Some(saver) = &self.saver {
            saver.save(&self.settings);
        }
    }

    // ----- view

    pub fn view(&self) -> Element<'_, Message> {
        bench::first_view();
        let context = screen::Context {
            locale: self.locale,
            now: self.now,
            settings: &self.settings,
            session: self.session(),
            history: self.history(),
        };
        let can_play = matches!(self.data, Data::Writable { .. });
        let body = self.screen.view(&context, can_play).map(Message::Screen);
        let mut page = column![].spacing(style::SPACING);
        if let Some(notice) = &self.notice {
            page = page.push(self.notice_bar(notice));
        }
        page = page.push(body);
        let page = container(page)
            .padding(style::PADDING)
            .width(Length::Fill)
            .height(Length::Fill);
        if self.help {
            stack![page, opaque(self.help_overlay())].into()
        } else {
            page.into()
        }
    }

    fn notice_bar<'a>(&self, notice: &'a Notice) -> Element<'a, Message> {
        let content = row![
            text(&notice.text).size(style::TEXT).width(Length::Fill),
            button(text(self.locale.tr("action.dismiss")).size(style::SMALL))
                .style(button::text)
                .on_press(Message::DismissNotice),
        ]
        .spacing(style::SPACING)
        .align_y(iced::Alignment::Center);
        if notice.error {
            widgets::strip(content, |p| p.danger.weak).into()
        } else {
            widgets::strip(content, |p| p.success.weak).into()
        }
    }

    fn help_overlay(&self) -> Element<'_, Message> {
        let l = self.locale;
        let line = |keys: &'static str, key: &'static str| {
            row![
                text(keys)
                    .size(style::TEXT)
                    .font(style::BOLD)
                    .width(Length::Fixed(220.0)),
                text(l.tr(key)).size(style::TEXT)
            ]
        };
        let card = widgets::panel(
            column![
                widgets::title(l.tr("help.title")),
                line("Space", "help.next"),
                line("Ctrl+Z", "help.undo"),
                line("Ctrl+Shift+Z", "help.redo"),
                line("P", "help.pause"),
                line("F1 / ?", "help.help"),
                line("Esc", "help.close"),
                widgets::action(l.tr("action.close"), Some(Message::ToggleHelp)),
            ]
            .spacing(style::SPACING),
        )
        .max_width(640.0);
        container(card)
            .center(Length::Fill)
            .style(|_theme: &Theme| container::Style {
                background: Some(iced::Color::from_rgba(0.0, 0.0, 0.0, 0.45).into()),
                ..container::Style::default()
            })
            .into()
    }
}

/// The keyboard shortcuts (keys a text field takes never get here).
fn shortcut(key: &Key, modifiers: keyboard::Modifiers) -> Option<Message> {
    match key.as_ref() {
        Key::Named(Named::Space) => Some(Message::NextTurn),
        Key::Named(Named::F1) => Some(Message::ToggleHelp),
        Key::Named(Named::Escape) => Some(Message::Escape),
        Key::Character(c) if modifiers.command() && c.eq_ignore_ascii_case("z") => {
            Some(if modifiers.shift() {
                Message::Redo
            } else {
                Message::Undo
            })
        }
        Key::Character(c) if !modifiers.command() && c.eq_ignore_ascii_case("p") => {
            Some(Message::TogglePause)
        }
        Key::Character("?") => Some(Message::ToggleHelp),
        _ => None,
    }
}

fn open_data(root: &std::path::Path) -> Result<Data, StoreError> {
    match DataDir::open(root) {
        Ok(dir) => {
            let history = dir.history()?;
            Ok(Data::Writable { dir, history })
        }
        Err(error @ StoreError::InUse { .. }) => {
            let dir = DataDir::open_read_only(root);
            let history = dir.history().ok();
            Ok(Data::ReadOnly {
                dir,
                history,
                reason: error.to_string(),
            })
        }
        Err(error) => Err(error),
    }
}

/// The app's log file (`log/tablekeeper.log` in the data directory), for bug reports.
pub mod log {
    use std::io::Write;

    use crate::store::DataDir;

    fn write(dir: &DataDir, level: &str, message: &str) {
        let path = dir.log_dir().join("tablekeeper.log");
        if let Ok(mut file) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(
                file,
                "{} {level} {message}",
                chrono::Utc::now().to_rfc3339()
            );
        }
        eprintln!("tablekeeper: {level}: {message}");
    }

    pub fn warn(dir: &DataDir, message: &str) {
        write(dir, "WARN", message);
    }

    pub fn error(dir: &DataDir, message: &str) {
        write(dir, "ERROR", message);
    }
}
