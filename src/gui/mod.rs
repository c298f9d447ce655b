//! The table app: one window showing one [`Screen`] at a time, over a live session.
//!
//! Elm-style: [`App::update`] takes a [`Message`], [`App::view`] draws the state. Screens own
//! only their UI state (inputs, selections) and hand the app an [`Action`]; the table itself
//! (the game on it, its setup, the settings, the phones) is kept by the library's
//! [`TableKeeper`], as under `tablekeeper serve`: the app turns taps, keys and a phone's
//! requests into the keeper's calls, follows what happened with its screen, and shows what the
//! keeper says in its notice bar. No game rule lives here. TERRAVIST has its own screens;
//! every other game is played on the profile-driven play screen.

mod action;
pub mod bench;
pub mod chart;
mod chime;
mod chrome;
mod dialog;
mod game;
mod games;
mod history_ops;
pub mod icon;
mod inspect;
mod intent;
mod keep_time;
pub mod log;
mod phones;
mod qr;
pub mod screen;
mod startup;
pub mod style;
mod table_view;
mod task;
pub mod widgets;

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use iced::keyboard::{self, Key};
use iced::widget::{container, opaque, stack};
use iced::{Element, Length, Subscription, Task, Theme, window};

use crate::i18n::{Locale, Text};
use crate::table::{Data, TableKeeper};
pub use crate::zone::{self, Zone};
pub use chime::Speaker;
use chrome::Chrome;
pub use phones::PanelMessage;
use screen::Screen;

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
    /// The history's folder when it is not `history/` in the data directory (a shared one).
    pub history_dir: Option<PathBuf>,
    /// Overrides the settings' and the system's language.
    pub locale: Option<Locale>,
    pub time: TimeSource,
    /// The zone dates are shown in (the system's unless a test fixes one).
    pub zone: Zone,
    /// Where the chime past the turn-time target plays (tests keep it silent).
    pub speaker: Speaker,
    /// Where the phones' server listens when the table turns it on: every interface (the
    /// table's network), or 127.0.0.1 in tests.
    pub phones_ip: std::net::IpAddr,
    /// How much of that server one address may hold: [`Limits::TABLE`] at a table; more in a
    /// test whose browsers all come from 127.0.0.1.
    ///
    /// [`Limits::TABLE`]: crate::phones::Limits::TABLE
    pub phones_limits: crate::phones::Limits,
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
    /// What the table asks of its game, from a key or from the header's button alike.
    Intent(screen::header::Intent),
    /// Tab (or Shift+Tab with `back`): the next (previous) field takes the keyboard.
    Focus {
        back: bool,
    },
    /// The window's new size.
    Resized(iced::Size),
    ToggleHelp,
    DismissNotice,
    /// Esc: closes the help if it is open, else dismisses the notice.
    Escape,
    /// An export running on its own thread is done (`None`: the thread failed).
    Exported(ExportDone),
    /// Imports the next batch of a running import.
    ImportStep,
    /// The chime past the turn-time target played, or could not.
    Chimed(Result<(), crate::chime::ChimeError>),
    /// The Phones panel.
    Phones(phones::PanelMessage),
    /// What a phone at the table asked (the server checked who asks).
    FromPhone(crate::phones::PhoneMessage),
    /// The window is asked to close, or the process to end (SIGTERM, SIGINT): a running clock
    /// is paused at this moment first, so the turn under way keeps its time.
    Quit,
}

/// How an export went: where, how many games, and the games a backup left out (or the error).
#[derive(Debug, Clone)]
pub struct ExportDone {
    path: PathBuf,
    games: usize,
    result: Option<Result<Vec<crate::backup::LeftOut>, String>>,
}

/// A backup being imported, a batch per message, so the window stays alive and shows progress.
/// A thread reads the file one game at a time into a bounded channel: memory holds a few games,
/// never the file.
struct ImportJob {
    reading: crate::backup::BackgroundRead,
    importer: crate::backup::Importer,
}

/// Sessions imported per step.
const IMPORT_BATCH: usize = 50;

/// The window's size when it opens, in logical pixels.
const WINDOW: iced::Size = iced::Size::new(1280.0, 800.0);

/// The whole app: it routes each message to the screen or the chrome, and carries out what
/// the screens ask for.
pub struct App {
    /// What every screen reads.
    common: Common,
    screen: Screen,
    /// What lies around and over the screen.
    chrome: Chrome,
    /// The language the command line asked for (`--lang`): it holds until the player picks
    /// another one in the settings, whatever else they save there.
    lang_override: Option<Locale>,
    time: TimeSource,
    import: Option<ImportJob>,
    /// The chime past the turn-time target: which turns rang, and where it plays.
    chimes: chime::Chimes,
    /// The phones' code and the window's end of their requests, while the keeper's phones'
    /// server runs.
    phones: Option<phones::Phones>,
    /// Where it listens ([`Options::phones_ip`]).
    phones_ip: std::net::IpAddr,
    /// [`Options::phones_limits`].
    phones_limits: crate::phones::Limits,
}

/// What every screen reads, owned by the app and lent to the screens as a [`screen::Context`]:
/// apart from the screen, so a screen can update while it reads them.
struct Common {
    locale: Locale,
    /// The table: the data directory, the settings, the game on it and the one set up.
    keeper: TableKeeper,
    zone: Zone,
    /// The time of the message being handled (one "now" for all it does).
    now: DateTime<Utc>,
}

impl Common {
    /// The screens' view of it, for a window of `window` (less the page's padding).
    fn context(&self, window: iced::Size) -> screen::Context<'_> {
        screen::Context {
            locale: self.locale,
            now: self.now,
            zone: self.zone,
            settings: self.keeper.settings(),
            game: self.keeper.game(),
            games: self.keeper.games(),
            setup: self.keeper.setup(),
            history: self.keeper.data().history(),
            window,
            phones_code: None,
            phones_seated: Vec::new(),
        }
    }
}

impl App {
    /// Runs the app in a window.
    pub fn run(options: Options) -> iced::Result {
        style::load_fonts();
        iced::application(
            move || (App::new(options.clone()), Task::none()),
            App::update,
            App::view,
        )
        .title(App::title)
        .theme(App::theme)
        .style(App::style)
        .subscription(App::subscription)
        .default_font(style::FONT)
        .window(window::Settings {
            // A close is heard first (`Message::Quit`): the clock's pause is recorded, then
            // the app exits.
            exit_on_close_request: false,
            size: WINDOW,
            min_size: Some(iced::Size::new(800.0, 600.0)),
            icon: window::icon::from_rgba(icon::rgba(), icon::SIZE, icon::SIZE).ok(),
            ..window::Settings::default()
        })
        .run()
    }

    pub fn title(&self) -> String {
        match self.common.keeper.game() {
            // The game's name in the window's language (the play screen shows it nowhere else).
            Some(game) => format!("tablekeeper — {}", self.common.locale.pick(game.name())),
            None => "tablekeeper".to_string(),
        }
    }

    pub fn theme(&self) -> Theme {
        style::theme(self.common.keeper.settings().theme)
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let keys = keyboard::listen().filter_map(|event| match event {
            keyboard::Event::KeyPressed { key, modifiers, .. } => {
                Some(Message::Key(key, modifiers))
            }
            _ => None,
        });
        // The clock ticks only while it runs: an idle or paused table costs nothing.
        let running = (self.common.keeper.game()).is_some_and(|game| game.running());
        // A passing notice needs a tick to go by itself.
        let passing = self.chrome.passing.is_some();
        let tick = if (running || passing) && matches!(self.time, TimeSource::System) {
            iced::time::every(std::time::Duration::from_secs(1)).map(|_| Message::Tick)
        } else {
            Subscription::none()
        };
        let resized = window::resize_events().map(|(_id, size)| Message::Resized(size));
        let phones = phones::subscription(self.phones.as_ref());
        let closing = window::close_requests().map(|_id| Message::Quit);
        Subscription::batch([
            keys,
            tick,
            resized,
            phones,
            closing,
            keep_time::signals(),
            bench::first_frame(),
        ])
    }

    fn now(&mut self) -> DateTime<Utc> {
        self.common.now = match self.time {
            TimeSource::System => Utc::now(),
            TimeSource::Manual(at) => at,
        };
        self.common.now
    }

    // ----- update

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let shown = self.shown();
        let task = self.handle(message);
        // The keeper's setup lives while its screen is up.
        if !matches!(self.screen, Screen::Setup) {
            self.common.keeper.drop_setup();
        }
        self.let_notices_pass();
        self.phones_follow_the_table();
        if self.shown() != shown {
            self.chrome.repaint = !self.chrome.repaint;
        }
        task
    }

    /// What fills the window: the screen, and what lies over it. When it changes, the whole
    /// window is drawn again (see [`App::style`]).
    fn shown(&self) -> (&'static str, u8, bool, bool, bool) {
        (
            self.screen.name(),
            self.screen.part(),
            self.showing_table_view(),
            self.chrome.help || self.chrome.phones,
            self.chrome.notice.is_some(),
        )
    }

    /// The window's background. tiny-skia redraws only the regions it finds changed, and
    /// misses the anti-aliased edge of a scrolled panel and the fringe of a shadow: leaving a
    /// screen left a faint line of it on the next (iced issues #2712, #3032). A background
    /// colour that differs from the last frame's makes it draw everything; this one differs by
    /// far less than one step of a pixel's colour, so nobody sees it change.
    pub fn style(&self, theme: &Theme) -> iced::theme::Style {
        let mut style = iced::theme::Base::base(theme);
        if self.chrome.repaint {
            let blue = &mut style.background_color.b;
            *blue = if *blue > 0.5 {
                *blue - 1e-4
            } else {
                *blue + 1e-4
            };
        }
        style
    }

    fn handle(&mut self, message: Message) -> Task<Message> {
        self.now();
        if let Some(error) = self.common.keeper.settings_error() {
            self.error(format!("settings: {error}"));
        }
        match message {
            Message::Screen(screen::Message::Intent(intent)) | Message::Intent(intent) => {
                self.intent(intent)
            }
            Message::Screen(screen::Message::Setup(message)) => self.setup_message(message),
            Message::Screen(message) => {
                // Updates lay nothing out: any size does.
                let context = self.common.context(iced::Size::INFINITE);
                let action = self.screen.update(message, &context);
                self.perform(action)
            }
            Message::Tick => {
                let happened = self.common.keeper.tick(self.common.now);
                self.follow(happened);
                let keeper = &self.common.keeper;
                match keeper.game() {
                    Some(game) => self.chimes.tick(keeper.settings(), game, self.common.now),
                    None => Task::none(),
                }
            }
            Message::Quit => self.quit(),
            Message::Key(key, modifiers) => match chrome::shortcut(&key, modifiers) {
                Some(message) => self.handle(message),
                None => Task::none(),
            },
            Message::Focus { back: false } => iced::widget::operation::focus_next(),
            Message::Focus { back: true } => iced::widget::operation::focus_previous(),
            Message::Resized(size) => {
                self.chrome.window = size;
                Task::none()
            }
            Message::ToggleHelp => {
                self.chrome.help = !self.chrome.help;
                Task::none()
            }
            Message::DismissNotice => {
                self.chrome.notice = None;
                Task::none()
            }
            Message::Escape => {
                if self.chrome.phones {
                    self.chrome.phones = false;
                } else if self.chrome.help {
                    self.chrome.help = false;
                } else if self.showing_table_view() {
                    self.chrome.table_view = false;
                } else {
                    self.chrome.notice = None;
                }
                Task::none()
            }
            Message::Exported(done) => {
                self.exported(done);
                Task::none()
            }
            Message::ImportStep => self.import_step(),
            Message::Phones(message) => self.phones_panel(message),
            Message::FromPhone(message) => self.phone_asked(message),
            Message::Chimed(Ok(())) => Task::none(),
            Message::Chimed(Err(error)) => {
                if let Some(error) = self.chimes.failed(&error) {
                    let text = Text::new("notice.no_chime")
                        .arg("error", error)
                        .render(self.common.locale);
                    self.error(text);
                }
                Task::none()
            }
        }
    }

    // ----- view

    /// The table view is on, and there is a game on its table screen to show.
    fn showing_table_view(&self) -> bool {
        self.chrome.table_view
            && self.common.keeper.game().is_some()
            && matches!(self.screen, Screen::Table(_) | Screen::Play(_))
    }

    /// What the table view shows, while it shows.
    fn glance(&self, context: &screen::Context) -> Option<screen::glance::GlanceWords> {
        if !self.showing_table_view() {
            return None;
        }
        (context.game).map(|game| screen::glance::GlanceWords::new(game, context))
    }

    pub fn view(&self) -> Element<'_, Message> {
        bench::first_view();
        let can_play = self.common.keeper.writable();
        // Each screen lays itself out for the window, less the page's padding (800×600 up).
        let mut context = self.common.context(iced::Size::new(
            self.chrome.window.width - 2.0 * style::PADDING,
            self.chrome.window.height - 2.0 * style::PADDING,
        ));
        context.phones_code = self.phones_code();
        // Which seats a phone holds (the server's lock, a list): only for the round end, which
        // names the phone that confirms its steps, not on every frame of every screen.
        if matches!(self.screen, screen::Screen::RoundEnd(_)) {
            context.phones_seated = self.common.keeper.phones_seated();
        }
        let body = match self.glance(&context) {
            Some(glance) => glance.view(&context),
            None => self.screen.view(&context, can_play).map(Message::Screen),
        };
        let page = container(body)
            .padding(style::PADDING)
            .width(Length::Fill)
            .height(Length::Fill);
        // A notice floats over the bottom corner: it never pushes the controls out from under
        // a finger that is about to tap them.
        let mut layers = stack![page];
        if let Some(notice) = &self.chrome.notice {
            let rows = self.screen.footer_rows(&context);
            layers = layers.push(self.notice_toast(notice, rows));
        }
        if self.chrome.phones {
            layers = layers.push(opaque(self.phones_overlay()));
        }
        // A phone asking for a seat is answered over any screen, the Phones panel included.
        if let Some(asks) = self.asks_bar() {
            layers = layers.push(asks);
        }
        if self.chrome.help {
            layers = layers.push(opaque(self.help_overlay()));
        }
        layers.into()
    }
}
