//! The data directory as this copy of the app can use it: writable, read-only (another copy
//! holds it: the window still shows its history), or not at all.

use super::tonight::MadeTonight;
use crate::store::history::History;
use crate::store::{DataDir, StoreError};

/// A league rated over a history, and the history's version when it was
/// ([`crate::store::history::History::version`]).
pub type KeptLeague = Option<(u64, crate::league::Rater)>;

/// The data directory as this copy of the app can use it.
pub enum Data {
    Writable {
        dir: DataDir,
        history: History,
        /// The league rated over `history`, with the history's version it was rated at: kept
        /// with the history it came from, so whichever table saves the next game (the window's,
        /// or any of a room's) continues it with that game instead of rating every game again.
        league: KeptLeague,
        /// Tonight's standings, made from that league and kept with the history too: one for
        /// every table of a room and its venue, brought up to date by whichever looks first
        /// ([`MadeTonight::catch_up`]).
        tonight: MadeTonight,
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
    /// The data directory and its history, writable, with no league rated over it yet.
    pub fn writable(dir: DataDir, history: History) -> Data {
        Data::Writable {
            dir,
            history,
            league: None,
            tonight: MadeTonight::default(),
        }
    }

    pub fn history(&self) -> Option<&History> {
        match self {
            Data::Writable { history, .. } => Some(history),
            Data::ReadOnly { history, .. } => history.as_ref(),
            Data::Unavailable { .. } => None,
        }
    }
}

/// Opens the data directory `root`, its history in `history` when this run was given one, else
/// where the settings put it (`wanted`) if that folder is there, else in `history/` there. A
/// shared folder that is missing (a sync folder not mounted) is not made: the games would go
/// where no other device looks.
pub fn open_data(
    root: &std::path::Path,
    history: Option<std::path::PathBuf>,
    wanted: Option<std::path::PathBuf>,
) -> Result<Data, StoreError> {
    let chosen = wanted.filter(|w| w.is_dir());
    match DataDir::open_with_chosen_history(root, history.clone(), chosen.clone()) {
        Ok(dir) => {
            let history = dir.history()?;
            Ok(Data::writable(dir, history))
        }
        Err(error @ StoreError::InUse { .. }) => {
            let dir = DataDir::open_read_only_with_chosen_history(root, history, chosen);
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

impl Data {
    /// Moves the history to `wanted` (`None`: the data directory's own) and opens it there;
    /// `Ok(false)` when this run was given its history folder. If the history there cannot be
    /// opened, the one in use stays.
    pub fn move_history(&mut self, wanted: Option<std::path::PathBuf>) -> Result<bool, StoreError> {
        let dir = match self {
            Data::Writable { dir, .. } | Data::ReadOnly { dir, .. } => dir,
            Data::Unavailable { .. } => return Ok(false),
        };
        let before = dir.history_dir();
        if !dir.move_history(wanted)? {
            return Ok(false);
        }
        let opened = match dir.history() {
            Ok(opened) => opened,
            Err(error) => {
                dir.move_history(Some(before))?;
                return Err(error);
            }
        };
        match self {
            Data::Writable { history, .. } => *history = opened,
            Data::ReadOnly { history, .. } => *history = Some(opened),
            Data::Unavailable { .. } => {}
        }
        Ok(true)
    }
}

impl Data {
    /// Tonight's standings kept with the history brought up to it at `now` (see
    /// [`MadeTonight::catch_up`]): after a Finish at any table, another device's game, or a
    /// start in the middle of an evening.
    pub fn catch_up_tonight(&mut self, now: chrono::DateTime<chrono::Utc>) {
        if let Data::Writable {
            history,
            league,
            tonight,
            ..
        } = self
        {
            tonight.catch_up(history, league, now);
        }
    }

    /// Tonight's standings as last made (none without a writable history).
    pub fn tonight(&self) -> &[crate::remote::Tonight] {
        match self {
            Data::Writable { tonight, .. } => &tonight.standings,
            _ => &[],
        }
    }
}
