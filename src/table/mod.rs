//! The table, kept once: the data directory and its history, the settings, the game on the
//! table (started, resumed, played, finished), the game being set up, and, with the phones'
//! feature, the phones' server and what a phone asks. The window and `tablekeeper serve` each
//! own one [`TableKeeper`] and only drive and draw it: the window turns taps and keys into its
//! calls, `serve` its loop and signals. Named for what it keeps (the table, as the players call
//! what the app sits on), not for a front end: neither front end keeps anything of it itself.
//!
//! What the keeper did comes back as a [`Happened`] (which the window follows with its screen)
//! and what it has to say as [`Said`] sentences (the window's notice bar, `serve`'s log).

pub mod data;
mod open;
mod phones;
mod play;
mod television;
mod tonight;
mod ways_out;

use chrono::{DateTime, Utc};

use crate::i18n::Text;
use crate::kit::game_profile::GameProfile;
use crate::session::Game;
use crate::session::summary::HistoryEntry;
use crate::settings::{Saver, Settings};
use crate::setup::Setup;
use crate::store::LiveGame;
use crate::vocabulary::Name;
use crate::zone::Zone;
pub use data::{Data, open_data};
pub use open::{Opening, open};
pub use phones::PhonesPlace;
pub use tonight::{MadeTonight, tonight_in};

pub use crate::remote::Host;

/// How a sentence of the keeper is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Something went wrong that the table must know and the log keeps (a write that failed).
    Error,
    /// A refusal or a warning: shown as an error, not logged (a rule said no).
    Warning,
    /// News that stays until dismissed (the game is saved).
    Info,
    /// News that goes by itself (a phone took a seat).
    Passing,
}

/// A sentence the keeper has to say.
#[derive(Debug, Clone)]
pub struct Said {
    pub text: Text,
    pub tone: Tone,
}

/// An action taken back (Undo) or put back (Redo), and who asked: every phone and the window
/// say so for a few seconds ("Ben took back: Aki's turn ended").
#[derive(Debug, Clone, PartialEq)]
pub struct TookBack {
    /// `true` for an undo, `false` for a redo.
    pub undo: bool,
    /// The seat whose phone asked; `None`: the window.
    pub by: Option<crate::vocabulary::Seat>,
    /// The action, in words, in every language the table speaks.
    pub what: Name,
    pub at: DateTime<Utc>,
}

/// What a call on the keeper did to the table, for a front end to follow (the window's screen).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    /// Nothing the front end must follow.
    Nothing,
    /// The game on the table changed (an event, an undo, a clock note went into the journal).
    Played,
    /// A seat's own phone wrote one of its values: what the window typed for that seat gives way.
    PhoneWrote(crate::vocabulary::Seat),
    /// The step the table was asked about was answered from a phone (`taken`, or refused).
    StepAnswered { taken: bool },
    /// An action was taken back or put back.
    TookBack,
    /// A game came onto the table (started, or resumed).
    Started,
    /// The game left the table (saved in the history).
    Finished,
}

/// Where the settings go when they change.
enum SettingsStore {
    /// Nowhere: the data is read-only, or the file could not be read (it is left as it was).
    Off,
    /// Off the caller's thread (the window's UI thread never waits on a disk).
    Background(Saver),
    /// At once, its failure said (`serve`'s loop may wait on a disk).
    AtOnce(std::path::PathBuf),
}

/// The table's keeper (see the module's documentation).
pub struct TableKeeper {
    data: Data,
    settings: Settings,
    store: SettingsStore,
    /// The games other than TERRAVIST: shipped, then the data directory's own.
    games: Vec<GameProfile>,
    /// The data directory's game files left unread, each with why (named to whoever sets a
    /// game up, so a game missing from the list is not a mystery).
    unread_games: Vec<crate::store::profiles::ProfileProblem>,
    live: Option<Box<dyn LiveGame>>,
    /// The game on the table was resumed after the app stopped with its clock running (a kill,
    /// a power cut), and came back paused: said until the clock runs again.
    restarted: bool,
    /// The last action taken back or put back, and who asked.
    took_back: Option<TookBack>,
    /// The table's last write failed (a full disk): what every phone and the television say
    /// until a write goes through again.
    cannot_save: Option<Text>,
    /// The game being set up (the window's setup screen edits it; the phones join it).
    setup: Option<Setup>,
    /// The last game saved, for the phones until the next game.
    saved: Option<HistoryEntry>,
    /// Each player's rating change in that game (the league over the history with it).
    saved_ratings: Vec<crate::league::Change>,
    /// Who watches the table besides the phones (what the phones may do depends on it).
    host: Host,
    zone: Zone,
    /// The window shows the score sheet now.
    sheet_shown: bool,
    /// The window holds typed values of the sheet not saved yet: why a Finish would lose them.
    unsaved: Option<Text>,
    said: Vec<Said>,
    phones: phones::Phones,
    /// The address the television was last shown, with its code.
    television: television::Shown,
}

impl TableKeeper {
    /// A keeper of the data directory `data` with its `settings`, written in the background
    /// (`background`) or at once; for `host`, showing times in `zone`.
    pub fn new(data: Data, settings: Settings, host: Host, zone: Zone) -> TableKeeper {
        let store = match (&data, host) {
            (Data::Writable { dir, .. }, Host::Window) => {
                SettingsStore::Background(Saver::new(dir.settings_path()))
            }
            (Data::Writable { dir, .. }, Host::Alone) => SettingsStore::AtOnce(dir.settings_path()),
            _ => SettingsStore::Off,
        };
        TableKeeper {
            data,
            settings,
            store,
            games: Vec::new(),
            unread_games: Vec::new(),
            live: None,
            restarted: false,
            took_back: None,
            cannot_save: None,
            setup: None,
            saved: None,
            saved_ratings: Vec::new(),
            host,
            zone,
            sheet_shown: false,
            unsaved: None,
            said: Vec::new(),
            phones: phones::Phones::default(),
            television: television::Shown::default(),
        }
    }

    /// Keeps the settings file as it is, whatever changes (it could not be read).
    pub fn keep_settings_file(&mut self) {
        self.store = SettingsStore::Off;
    }

    pub fn data(&self) -> &Data {
        &self.data
    }

    /// Lends the data directory to this table and takes it back (the room's tables share one
    /// history, and the league kept with it, which every table's Finish continues).
    pub fn swap_data(&mut self, data: &mut Data) {
        std::mem::swap(&mut self.data, data);
    }

    /// The data to change (an edit, an import, a move): the league kept for Finish is
    /// forgotten, as the history may not be the one it was rated from.
    pub fn data_mut(&mut self) -> &mut Data {
        if let Data::Writable { league, .. } = &mut self.data {
            *league = None;
        }
        &mut self.data
    }

    /// Games can be played here: the data directory is this copy's to write.
    pub fn writable(&self) -> bool {
        matches!(self.data, Data::Writable { .. })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the settings and saves them.
    pub fn change_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        self.save_settings();
    }

    /// Writes the settings as they are now.
    pub fn save_settings(&mut self) {
        match &self.store {
            SettingsStore::Off => {}
            SettingsStore::Background(saver) => saver.save(&self.settings),
            SettingsStore::AtOnce(path) => {
                if let Err(error) = self.settings.save(path) {
                    let text = Text::new("serve.settings_not_saved").arg("error", error);
                    self.say(Tone::Error, text);
                }
            }
        }
    }

    /// The last background write's error, if it failed.
    pub fn settings_error(&self) -> Option<String> {
        match &self.store {
            SettingsStore::Background(saver) => saver.error(),
            _ => None,
        }
    }

    /// The games other than TERRAVIST that can be played.
    pub fn games(&self) -> &[GameProfile] {
        &self.games
    }

    /// The data directory's game files left unread at the last [`TableKeeper::reload_games`],
    /// each with why.
    pub fn unread_games(&self) -> &[crate::store::profiles::ProfileProblem] {
        &self.unread_games
    }

    /// Reads the games again: the shipped ones, then the data directory's own. Returns the
    /// problems of the files that did not load (they are left alone).
    pub fn reload_games(&mut self) -> Vec<String> {
        let dir = match &self.data {
            Data::Writable { dir, .. } | Data::ReadOnly { dir, .. } => Some(dir.profiles_dir()),
            Data::Unavailable { .. } => None,
        };
        let (games, problems) = crate::store::profiles::games(dir.as_deref());
        self.games = games;
        let said = problems.iter().map(ToString::to_string).collect();
        self.unread_games = problems;
        said
    }

    /// The game on the table, whichever engine plays it.
    pub fn game(&self) -> Option<&dyn Game> {
        self.live.as_deref().map(LiveGame::game)
    }

    /// The id of the game on the table, if one is.
    pub fn game_id(&self) -> Option<String> {
        self.game().map(|game| game.id().to_string())
    }

    /// The table's state the phones name (the journal's count of ops); 0 with no game.
    pub fn rev(&self) -> u64 {
        self.live.as_deref().map_or(0, |l| l.journaled_ops() as u64)
    }

    pub fn zone(&self) -> Zone {
        self.zone
    }

    /// The game last finished and saved, until the next game comes (an abandoned one: none).
    pub fn last_saved(&self) -> Option<&HistoryEntry> {
        self.saved.as_ref()
    }

    /// Each player's rating change in the game last saved (none once it is gone).
    pub fn last_ratings(&self) -> &[crate::league::Change] {
        match self.saved {
            Some(_) => &self.saved_ratings,
            None => &[],
        }
    }

    /// The game being set up, if one is.
    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// The game being set up with what a change to it reads: the settings and the games.
    pub fn setup_mut(&mut self) -> Option<(&mut Setup, &Settings, &[GameProfile])> {
        let setup = self.setup.as_mut()?;
        Some((setup, &self.settings, &self.games))
    }

    /// A new game set up: the one played last, with the players of the last games.
    pub fn set_up(&mut self) {
        self.setup = Some(Setup::new(&self.settings, &self.games));
    }

    /// The game being set up is no more (the window left its setup screen).
    pub fn drop_setup(&mut self) {
        self.setup = None;
    }

    /// What the keeper has said since it was last asked, oldest first.
    pub fn said(&mut self) -> Vec<Said> {
        std::mem::take(&mut self.said)
    }

    fn say(&mut self, tone: Tone, text: Text) {
        self.said.push(Said { text, tone });
    }
}
