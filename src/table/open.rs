//! Opening a table, the same for the window and `tablekeeper serve`: the settings first (they
//! may say where the history is: a folder shared by devices), then the data directory with its
//! lock and its history, then the keeper. A settings file that cannot be read (damaged, or
//! written by a newer tablekeeper) is left exactly as it is by either front end: the defaults
//! are used, nothing the table changes is written over it, and the front end says so once.

use std::path::{Path, PathBuf};

use super::{Data, Host, TableKeeper, open_data};
use crate::i18n::Text;
use crate::settings::{Loaded, Settings};
use crate::store::{DataDir, StoreError};
use crate::zone::Zone;

/// The data directory and the settings of a table, opened, for the keeper to take.
pub struct Opening {
    pub data: Data,
    pub settings: Settings,
    /// Why the settings file could not be read, if it could not: the file is left as it is.
    pub settings_unusable: Option<Text>,
    host: Host,
}

/// Opens the data directory `root` for `host`, its history in `history` when this run was
/// given one, else where the settings put it. Another copy of the app holding the directory
/// gives the window a read-only table (its history can still be read) and `serve` the error
/// [`StoreError::InUse`]: a table with no window and nothing to play is of no use. Any other
/// failure gives the window a table with no data (it says why) and `serve` the error.
pub fn open(root: &Path, history: Option<PathBuf>, host: Host) -> Result<Opening, StoreError> {
    let (settings, settings_unusable) = match Settings::load(&DataDir::settings_path_in(root)) {
        Loaded::Fresh(settings) | Loaded::Read(settings) => (settings, None),
        Loaded::Unusable { settings, reason } => (
            settings,
            Some(Text::new("settings.unusable").arg_text("error", reason)),
        ),
    };
    let chosen = settings.history_dir.clone();
    let data = match host {
        Host::Window => {
            open_data(root, history, chosen).unwrap_or_else(|error| Data::Unavailable {
                reason: error.to_string(),
            })
        }
        Host::Alone => {
            // A shared folder that is missing (a sync folder not mounted) is not made.
            let chosen = chosen.filter(|folder| folder.is_dir());
            let dir = DataDir::open_with_chosen_history(root, history, chosen)?;
            let history = dir.history()?;
            Data::writable(dir, history)
        }
    };
    Ok(Opening {
        data,
        settings,
        settings_unusable,
        host,
    })
}

impl Opening {
    /// A window's table with no data directory at all (none could be found), and why.
    pub fn without_data(reason: String) -> Opening {
        Opening {
            data: Data::Unavailable { reason },
            settings: Settings::default(),
            settings_unusable: None,
            host: Host::Window,
        }
    }

    /// The keeper of the table, showing times in `zone`; and what to say of the settings
    /// file, once. With no window the games a phone may set up are read now; the window reads
    /// them when its setup first opens (no file read before its first frame), and says then
    /// which it could not.
    pub fn keeper(self, zone: Zone) -> (TableKeeper, Option<Text>) {
        let mut keeper = TableKeeper::new(self.data, self.settings, self.host, zone);
        if self.settings_unusable.is_some() {
            keeper.keep_settings_file();
        }
        if self.host == Host::Alone {
            keeper.reload_games();
        }
        (keeper, self.settings_unusable)
    }
}
