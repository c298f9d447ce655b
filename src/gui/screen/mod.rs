//! The screens: one module each, with its own message type. A screen's `update` returns an
//! [`Action`] for the app to carry out; it never changes the game itself.
//!
//! It names both engines because it picks the table screen for the game on the table: each
//! engine's table is a screen of its own (TERRAVIST's dice box, creatures and round ends; the
//! other games' turns, counters and sheet). See ARCHITECTURE.md, "A third engine".

pub mod ending;
pub mod games;
pub mod glance;
pub mod header;
pub mod history;
pub mod home;
pub mod log_past;
pub mod play;
pub mod round_end;
pub mod settings;
pub mod setup;
pub mod sheet;
pub mod table;

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use iced::Element;

use crate::any_game::AnyGame;
use crate::i18n::{Locale, Text};
use crate::kit::game_profile::GameProfile;
use crate::session::{EngineEvent, Game, GameSession, NewGame, Rules, TableEvent};
use crate::settings::Settings;
use crate::store::history::History;
use crate::terravist::Terravist;
use crate::terravist::state::Phase;
use crate::vocabulary::Seat;

/// What every screen may read while it updates or draws.
pub struct Context<'a> {
    pub locale: Locale,
    pub now: DateTime<Utc>,
    /// The zone dates are shown in.
    pub zone: crate::gui::Zone,
    pub settings: &'a Settings,
    /// The game on the table, whichever engine plays it.
    pub game: Option<&'a dyn Game>,
    /// The games other than TERRAVIST: shipped, then the user's own.
    pub games: &'a [GameProfile],
    /// The game being set up (the keeper's; the setup screen shows and edits it).
    pub setup: Option<&'a crate::setup::Setup>,
    pub history: Option<&'a History>,
    /// The space the screen has to draw in (unbounded while a message is handled): screens
    /// lay themselves out for it, from 800×600 up.
    pub window: iced::Size,
    /// The phones' code, while the phones are on (the setup shows it: the phones join there).
    pub phones_code: Option<PhonesCode<'a>>,
    /// The seats a phone holds now (none while the phones are off), filled in for the round
    /// end's view only: a step such a phone confirms says so.
    pub phones_seated: Vec<Seat>,
}

/// The code the phones scan, and the address it holds.
#[derive(Clone, Copy)]
pub struct PhonesCode<'a> {
    pub qr: Option<&'a crate::gui::qr::Qr>,
    pub url: Option<&'a str>,
}

impl<'a> Context<'a> {
    /// `at` in the window's zone, as its language writes it.
    pub fn moment(&self, at: DateTime<Utc>, shape: crate::i18n::dates::Shape) -> String {
        self.zone.show(self.locale, at, shape)
    }

    /// `text` naming the two forms a date is typed in, each of now: `$example` as the
    /// window's language writes it ("28.11.2026, 19:30"), `$iso` in ISO ("2026-11-28 19:30");
    /// to the minute for [`Shape::DayAndTime`](crate::i18n::dates::Shape), the day alone
    /// otherwise.
    pub fn date_forms(&self, text: Text, shape: crate::i18n::dates::Shape) -> Text {
        let iso = match shape {
            crate::i18n::dates::Shape::DayAndTime => "%Y-%m-%d %H:%M",
            _ => "%Y-%m-%d",
        };
        text.arg("example", self.moment(self.now, shape))
            .arg("iso", self.zone.format(self.now, iso))
    }

    /// The game on the table, if engine `R` plays it: for the screens that are one engine's.
    pub fn session<R: Rules>(&self) -> Option<&'a GameSession<R>> {
        self.game?.session::<R>()
    }

    /// A turn that has run `elapsed` is past the table's turn-time target (if it set one).
    pub fn over_target(&self, elapsed: chrono::Duration) -> bool {
        self.settings
            .turn_target_secs
            .is_some_and(|target| elapsed.num_seconds() >= i64::from(target))
    }

    /// What a BG Stats play is told with: the games' BGG ids, and this window's time zone.
    pub fn bgstats(&self) -> crate::export::BgStatsContext {
        crate::export::BgStatsContext::new(self.games, self.settings.terravist())
    }

    /// Too narrow for three columns side by side (a small tablet, a split screen).
    pub fn narrow(&self) -> bool {
        self.window.width < crate::gui::style::NARROW
    }

    /// The size of the table's headlines (whose turn, the round, the winners): big, and
    /// compact in a narrow window, where at the big size they break across lines.
    pub fn headline(&self) -> f32 {
        if self.narrow() {
            crate::gui::style::BIG_COMPACT
        } else {
            crate::gui::style::BIG
        }
    }

    pub fn tr(&self, key: &str) -> String {
        self.locale.tr(key)
    }

    /// A profile name in the current language, in glyphs the bundled font draws.
    pub fn name<'n>(&self, name: &'n crate::vocabulary::Name) -> std::borrow::Cow<'n, str> {
        crate::gui::style::drawable(self.locale.pick(name))
    }
}

/// A change to the user's games a screen asks for.
#[derive(Debug, Clone)]
pub enum GamesAction {
    /// Validate and save in the data dir's `profiles/`.
    Save(Box<GameProfile>),
    /// Write to the file the player chose.
    Export(Box<GameProfile>, PathBuf),
    /// Read the profile file the player chose.
    Import(PathBuf),
}

/// Screens the app can open on request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    Setup,
    Settings,
    History,
    Sheet,
    Table,
    /// The games and the profile editor.
    Games,
    /// Logging a game kept on paper.
    LogPast,
}

/// A change to the history a screen asks for.
#[derive(Debug, Clone)]
pub enum HistoryAction {
    Delete(String),
    Restore(Box<crate::session::summary::HistoryEntry>),
    Notes(String, String),
    Rename {
        from: String,
        to: String,
    },
    Correct {
        id: String,
        player: usize,
        part: String,
        value: Option<u32>,
    },
    /// Export into the data directory's `exports/` folder, or to the file the player chose.
    Export(crate::export::ExportKind, Vec<String>, Option<PathBuf>),
    /// Import the backup the player chose.
    Import(PathBuf),
    /// Add a game kept on paper (its summary and its session), then show the history.
    Log(
        Box<(
            crate::session::summary::HistoryEntry,
            crate::store::saved::SavedSession,
        )>,
    ),
}

/// What a screen asks the app to do.
#[derive(Debug)]
pub enum Action {
    None,
    /// Work the screen started (a file dialog): what it yields comes back to the screens.
    Run(iced::Task<Message>),
    /// A table action on the live game.
    Apply(TableEvent),
    Games(GamesAction),
    Undo,
    Redo,
    Start(Box<NewGame>),
    Resume(PathBuf),
    Go(To),
    Home,
    /// The Phones panel open (the table screens' button).
    Phones,
    /// The sheet is done: move the game into the history.
    Finish,
    Abandon,
    SaveSettings(Box<Settings>),
    /// A message for the notice bar (input the screen itself refused).
    Notice(Text),
    History(HistoryAction),
}

impl Action {
    /// A table action on the live game, whichever engine's event it is.
    pub fn apply(event: impl EngineEvent) -> Action {
        Action::Apply(TableEvent::new(event))
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    /// The table's header: carried out by the app, as the same key would be.
    Intent(header::Intent),
    Home(home::Message),
    Setup(setup::Message),
    Table(table::Message),
    RoundEnd(round_end::Message),
    Sheet(sheet::Message),
    Settings(settings::Message),
    History(history::Message),
    Play(play::Message),
    Games(games::Message),
    LogPast(log_past::Message),
}

/// The screen on show, with its own UI state.
pub enum Screen {
    Home(home::Home),
    /// The setup of a new game: the keeper holds the setup itself (the phones join it).
    Setup,
    Table(Box<table::TableScreen>),
    RoundEnd(round_end::RoundEnd),
    Sheet(sheet::SheetScreen),
    Settings(settings::SettingsScreen),
    History(Box<history::HistoryScreen>),
    Play(Box<play::PlayScreen>),
    Games(Box<games::Games>),
    LogPast(Box<log_past::LogPast>),
}

impl Screen {
    /// How many rows of buttons the screen's footer takes: a floating notice sits above them.
    /// The history's footer wraps when the window is narrow; every other footer is one row.
    pub fn footer_rows(&self, context: &Context) -> u16 {
        match self {
            Screen::History(_) if context.narrow() => 2,
            _ => 1,
        }
    }

    /// Whether the window shows the score sheet of `game` now: the phones show each player
    /// their column, and the header's Sheet button leads back to the table.
    pub fn sheet_open(&self, game: &dyn Game) -> bool {
        match self {
            Screen::Sheet(_) => true,
            Screen::Play(play) => (game.session::<AnyGame>()).is_some_and(|s| play.sheet_shown(s)),
            _ => false,
        }
    }

    /// A value typed on this screen's sheet that the game did not take, which finishing now
    /// would lose: the sentence refusing Finish (a phone's, as the window's own).
    pub fn unsaved(&self, game: &dyn Game) -> Option<Text> {
        use ending::EndsTheGame;
        match self {
            Screen::Sheet(sheet) => sheet.unsaved(game.session::<Terravist>()?),
            Screen::Play(play) => play.unsaved(game.session::<AnyGame>()?),
            _ => None,
        }
    }

    /// A tap on the header or a key reached the app: a question the screen was asking (Finish,
    /// Abandon) is taken back, as any other tap takes it back.
    pub fn intent_seen(&mut self) {
        if let Screen::Play(play) = self {
            play.intent_seen();
        }
    }

    /// The game was undone or redone: typed text the game no longer holds gives way to it.
    pub fn undone(&mut self) {
        if let Screen::Play(play) = self {
            play.undone();
        }
    }

    /// The table confirmed a round end's step from a phone: what the window had typed for it
    /// is gone with the step.
    pub fn step_confirmed(&mut self) {
        if let Screen::RoundEnd(round_end) = self {
            round_end.clear();
        }
    }

    /// A seat's own phone wrote one of its values: whatever this screen had typed for that
    /// seat and not saved yet gives way to it.
    pub fn phone_wrote(&mut self, seat: Seat) {
        match self {
            Screen::Sheet(sheet) => sheet.forget(seat),
            Screen::Play(play) => play.forget(seat),
            Screen::RoundEnd(round_end) => round_end.forget(seat),
            _ => {}
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Screen::Home(_) => "home",
            Screen::Setup => "setup",
            Screen::Table(_) => "table",
            Screen::RoundEnd(_) => "round_end",
            Screen::Sheet(_) => "sheet",
            Screen::Settings(_) => "settings",
            Screen::History(_) => "history",
            Screen::Play(_) => "play",
            Screen::Games(_) => "games",
            Screen::LogPast(_) => "log_past",
        }
    }

    /// Which part of the screen fills the window, where a screen has several (a game's detail
    /// over the history list, the sheet after the form): a change is a new page to draw whole.
    pub fn part(&self) -> u8 {
        match self {
            Screen::History(screen) => {
                let (detail, tab) = screen.part();
                if detail { 100 } else { tab as u8 }
            }
            Screen::LogPast(screen) => u8::from(screen.on_sheet()),
            _ => 0,
        }
    }

    /// The screen a game on the table is played on: the other games play every phase on one
    /// screen; TERRAVIST has a screen for its turns, its round ends and its sheet. With the
    /// dispatch in `update` and `view`, the one place the window tells the engines apart.
    pub fn table_for(game: &dyn Game) -> Screen {
        match game.session::<Terravist>().map(|s| s.state().phase) {
            None => Screen::Play(Box::default()),
            Some(Phase::RoundEnd { .. }) => Screen::RoundEnd(round_end::RoundEnd::default()),
            Some(Phase::Over) => Screen::Sheet(sheet::SheetScreen::default()),
            Some(Phase::Setup | Phase::Playing { .. }) => Screen::Table(Box::default()),
        }
    }

    /// The screen to change to when the game moved to a phase this screen does not show (an
    /// undo from the sheet goes back to the round end); `None` keeps this one and its UI state.
    pub fn follow(&self, game: &dyn Game) -> Option<Screen> {
        let phase = game.session::<Terravist>()?.state().phase;
        let fits = match self {
            Screen::Table(_) => matches!(phase, Phase::Playing { .. } | Phase::Setup),
            Screen::RoundEnd(_) => matches!(phase, Phase::RoundEnd { .. }),
            Screen::Sheet(_) => !matches!(phase, Phase::RoundEnd { .. }),
            _ => true,
        };
        (!fits).then(|| Screen::table_for(game))
    }

    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        match (self, message) {
            (Screen::Home(screen), Message::Home(m)) => screen.update(m),
            // The keeper's setup: the app hands the message to it (`App::setup_message`).
            (Screen::Setup, Message::Setup(_)) => Action::None,
            (Screen::Table(screen), Message::Table(m)) => match context.session::<Terravist>() {
                Some(session) => screen.update(m, session, context),
                None => Action::Home,
            },
            (Screen::RoundEnd(screen), Message::RoundEnd(m)) => {
                match context.session::<Terravist>() {
                    Some(session) => screen.update(m, session),
                    None => Action::Home,
                }
            }
            (Screen::Sheet(screen), Message::Sheet(m)) => match context.session::<Terravist>() {
                Some(session) => screen.update(m, session),
                None => Action::Home,
            },
            (Screen::Settings(screen), Message::Settings(m)) => screen.update(m, context),
            (Screen::History(screen), Message::History(m)) => screen.update(m, context),
            (Screen::Play(screen), Message::Play(m)) => match context.session::<AnyGame>() {
                Some(session) => screen.update(m, session),
                None => Action::Home,
            },
            (Screen::Games(screen), Message::Games(m)) => screen.update(m, context),
            (Screen::LogPast(screen), Message::LogPast(m)) => screen.update(m, context),
            // A message from a screen that is gone (a click racing a screen change).
            _ => Action::None,
        }
    }

    pub fn view<'a>(&'a self, context: &Context<'a>, can_play: bool) -> Element<'a, Message> {
        // The game's table, whichever engine plays it, under the one header.
        if let (Some(game), Screen::Table(_) | Screen::Play(_)) = (context.game, self) {
            return iced::widget::column![
                header::view(game, self.sheet_open(game), context).map(Message::Intent),
                self.body(context, can_play),
            ]
            .spacing(crate::gui::style::SPACING)
            .into();
        }
        self.body(context, can_play)
    }

    /// The screen's own part: under the header on a game's table, else the whole of it.
    fn body<'a>(&'a self, context: &Context<'a>, can_play: bool) -> Element<'a, Message> {
        match self {
            Screen::Home(screen) => screen.view(context, can_play).map(Message::Home),
            Screen::Setup => match context.setup {
                Some(setup) => setup::view(setup, context).map(Message::Setup),
                None => iced::widget::text("").into(),
            },
            Screen::Table(screen) => match context.session::<Terravist>() {
                Some(session) => screen.view(session, context).map(Message::Table),
                None => iced::widget::text("").into(),
            },
            Screen::RoundEnd(screen) => match context.session::<Terravist>() {
                Some(session) => screen.view(session, context).map(Message::RoundEnd),
                None => iced::widget::text("").into(),
            },
            Screen::Sheet(screen) => match context.session::<Terravist>() {
                Some(session) => screen.view(session, context).map(Message::Sheet),
                None => iced::widget::text("").into(),
            },
            Screen::Settings(screen) => screen.view(context).map(Message::Settings),
            Screen::History(screen) => screen.view(context).map(Message::History),
            Screen::Play(screen) => match context.session::<AnyGame>() {
                Some(session) => screen.view(session, context).map(Message::Play),
                None => iced::widget::text("").into(),
            },
            Screen::Games(screen) => screen.view(context).map(Message::Games),
            Screen::LogPast(screen) => screen.view(context).map(Message::LogPast),
        }
    }
}
