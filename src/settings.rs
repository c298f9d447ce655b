//! The app's settings: language, theme, the turn-time nudge, the names the table has used, and
//! the table's own values for the profile's components (slot points, bonuses, dice faces).
//!
//! Saved as `settings.json` in the data directory, atomically. A damaged or newer settings file
//! is never overwritten: the app falls back to defaults and leaves the file as it is.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};

use crate::i18n::{Locale, Text};
use crate::store::fsutil::{read_limited_text, write_atomic};
use crate::terravist::cards::CardCatalog;
use crate::terravist::profile::Profile;

pub const SETTINGS_VERSION: u32 = 1;
/// The format of `settings.json`.
pub const SETTINGS_FORMAT: &str = "tablekeeper-settings";

fn settings_format() -> String {
    SETTINGS_FORMAT.to_string()
}
/// Names remembered for the setup screen.
const MAX_KNOWN_PLAYERS: usize = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThemeChoice {
    #[default]
    Light,
    Dark,
}

/// Everything the app remembers between runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// [`SETTINGS_FORMAT`]; absent in a file written before files named their format.
    #[serde(default = "settings_format")]
    pub format: String,
    pub version: u32,
    /// `None` follows the system's language.
    #[serde(default)]
    pub locale: Option<Locale>,
    #[serde(default)]
    pub theme: ThemeChoice,
    /// Seconds after which the current player's clock turns to the warning colour.
    #[serde(default)]
    pub turn_target_secs: Option<u32>,
    /// A chime when a turn reaches the target (off unless the table turns it on).
    #[serde(default)]
    pub turn_sound: bool,
    /// Player names from earlier games, most recent first.
    #[serde(default)]
    pub known_players: Vec<String>,
    /// The TERRAVIST profile with the table's confirmed component values, if they changed any.
    #[serde(default)]
    pub profile: Option<Profile>,
    /// Creature cards the table has typed, offered again by name.
    #[serde(default)]
    pub known_cards: CardCatalog,
    /// The id of the last game started other than TERRAVIST (`None`: TERRAVIST); setup opens on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_game: Option<String>,
    /// The history's folder when the table keeps it shared with other devices (a synced
    /// folder); `None`: `history/` in the data directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history_dir: Option<std::path::PathBuf>,
    /// The phones at the table are on (the table turned them on in the Phones panel).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phones: bool,
    /// The port the phones' server got, asked for again so a phone's address keeps working.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phones_port: Option<u16>,
    /// The phones' server also answers requests from outside the local networks (a VPN, a
    /// public address); off unless the table turns it on in the Phones panel.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phones_any_network: bool,
    /// The clock mode each game was last played to, by game id ("terravist" for TERRAVIST).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub clock_modes: std::collections::BTreeMap<String, crate::kit::timer::ClockMode>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            format: settings_format(),
            version: SETTINGS_VERSION,
            locale: None,
            theme: ThemeChoice::Light,
            turn_target_secs: None,
            turn_sound: false,
            known_players: Vec::new(),
            profile: None,
            known_cards: CardCatalog::default(),
            last_game: None,
            history_dir: None,
            phones: false,
            phones_port: None,
            phones_any_network: false,
            clock_modes: std::collections::BTreeMap::new(),
        }
    }
}

/// What loading the settings found.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    Fresh(Settings),
    Read(Settings),
    /// The file could not be used; defaults are in use and the file is left untouched.
    Unusable {
        settings: Settings,
        /// Why, in words the user's language has.
        reason: crate::i18n::Text,
    },
}

/// The most a settings file is read: its profile and thousands of known cards fit many times.
const MAX_SETTINGS_BYTES: u64 = 16 * 1024 * 1024;

impl Settings {
    /// Reads the settings file, if any.
    pub fn load(path: &Path) -> Loaded {
        // A regular file of a bounded size only: a FIFO here would hang the start.
        let text = match read_limited_text(path, MAX_SETTINGS_BYTES) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Loaded::Fresh(Settings::default());
            }
            Err(e) => {
                return Loaded::Unusable {
                    settings: Settings::default(),
                    reason: Text::new("settings.not_read").arg("error", e),
                };
            }
        };
        match serde_json::from_str::<Settings>(&text) {
            Ok(s) if s.format != SETTINGS_FORMAT => Loaded::Unusable {
                settings: Settings::default(),
                reason: Text::new("settings.not_settings").arg("format", s.format),
            },
            Ok(s) if s.version > SETTINGS_VERSION => Loaded::Unusable {
                settings: Settings::default(),
                reason: Text::new("settings.newer").arg("version", s.version),
            },
            Ok(mut s) => {
                if let Some(profile) = &s.profile
                    && profile.validate().is_err()
                {
                    s.profile = None;
                }
                Loaded::Read(s)
            }
            Err(e) => Loaded::Unusable {
                settings: Settings::default(),
                reason: Text::new("settings.damaged").arg("error", e),
            },
        }
    }

    /// Writes the settings atomically.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let bytes = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        write_atomic(path, &bytes)
    }

    /// The locale in effect.
    pub fn effective_locale(&self) -> Locale {
        self.locale.unwrap_or_else(Locale::from_env)
    }

    /// The TERRAVIST profile with the table's values.
    pub fn terravist(&self) -> &Profile {
        self.profile.as_ref().unwrap_or_else(|| Profile::shipped())
    }

    /// Remembers what a game that starts now was set up with, for the next setup: the game
    /// (none: TERRAVIST), TERRAVIST's profile as the table confirmed it (its components'
    /// values), the clock mode without this table's handicaps (its players may differ), and the
    /// players' names first in the list.
    pub fn remember_start(&mut self, new_game: &crate::session::NewGame) {
        let game_id = new_game.game_id().to_string();
        let clock = new_game.setup().clock.without_handicaps();
        if let Some(confirmed) = new_game.profile::<crate::terravist::Terravist>() {
            self.profile = Some(confirmed.clone());
        }
        self.clock_modes.insert(game_id.clone(), clock);
        self.last_game = (game_id != crate::engines::DEFAULT).then_some(game_id);
        let players = &new_game.setup().players;
        self.remember_players(players.iter().map(|p| p.name.as_str()));
    }

    /// Puts the names of a game's players first in the remembered list.
    pub fn remember_players<'a>(&mut self, names: impl IntoIterator<Item = &'a str>) {
        for name in names.into_iter().collect::<Vec<_>>().into_iter().rev() {
            let name = name.trim();
            if name.is_empty() {
                continue;
            }
            self.known_players
                .retain(|known| known.to_lowercase() != name.to_lowercase());
            self.known_players.insert(0, name.to_string());
        }
        self.known_players.truncate(MAX_KNOWN_PLAYERS);
    }
}

/// Writes settings off the UI thread: the latest settings win when changes come fast, and the
/// last write finishes before the app exits (the writer is joined when dropped).
#[derive(Debug)]
pub struct Saver {
    requests: Option<Sender<Settings>>,
    thread: Option<JoinHandle<()>>,
    error: Arc<Mutex<Option<String>>>,
}

impl Saver {
    pub fn new(path: PathBuf) -> Saver {
        let (requests, receiver) = mpsc::channel::<Settings>();
        let error = Arc::new(Mutex::new(None));
        let thread_error = Arc::clone(&error);
        let thread = std::thread::Builder::new()
            .name("settings-saver".into())
            .spawn(move || {
                while let Ok(mut latest) = receiver.recv() {
                    while let Ok(newer) = receiver.try_recv() {
                        latest = newer;
                    }
                    let result = latest.save(&path).map_err(|e| e.to_string());
                    *thread_error.lock().expect("error lock") = result.err();
                }
            })
            .ok();
        Saver {
            requests: Some(requests),
            thread,
            error,
        }
    }

    pub fn save(&self, settings: &Settings) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(settings.clone());
        }
    }

    /// The last write's error, if it failed.
    pub fn error(&self) -> Option<String> {
        self.error.lock().expect("error lock").clone()
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        self.requests.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_remembered_most_recent_first_without_duplicates() {
        let mut s = Settings::default();
        s.remember_players(["Aki", "Ben"]);
        s.remember_players(["Chie", "aki"]);
        assert_eq!(s.known_players, ["Chie", "aki", "Ben"]);
    }

    #[test]
    fn a_damaged_or_newer_file_is_not_used_and_not_touched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, "{ broken").unwrap();
        assert!(matches!(Settings::load(&path), Loaded::Unusable { .. }));
        std::fs::write(&path, r#"{"version": 4}"#).unwrap();
        assert!(matches!(Settings::load(&path), Loaded::Unusable { .. }));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), r#"{"version": 4}"#);
        let s = Settings {
            turn_target_secs: Some(90),
            turn_sound: true,
            ..Settings::default()
        };
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path), Loaded::Read(s));
        // A file written before settings named their format is read as before; another
        // format is not a settings file, and is left as it is.
        std::fs::write(&path, r#"{"version": 1, "turn_sound": true}"#).unwrap();
        let Loaded::Read(old) = Settings::load(&path) else {
            panic!("an older settings file reads")
        };
        assert!(old.turn_sound);
        assert_eq!(old.format, SETTINGS_FORMAT);
        std::fs::write(&path, r#"{"format": "tablekeeper-session", "version": 1}"#).unwrap();
        assert!(matches!(Settings::load(&path), Loaded::Unusable { .. }));
    }
}
