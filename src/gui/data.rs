//! The data directory as this copy of the app can use it: writable, read-only (another copy
//! holds it), or not at all.

use crate::store::history::History;
use crate::store::{DataDir, StoreError};

/// The data directory as this copy of the app can use it.
pub(super) enum Data {
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
    pub(super) fn history(&self) -> Option<&History> {
        match self {
            Data::Writable { history, .. } => Some(history),
            Data::ReadOnly { history, .. } => history.as_ref(),
            Data::Unavailable { .. } => None,
        }
    }
}

pub(super) fn open_data(
    root: &std::path::Path,
    history: Option<std::path::PathBuf>,
) -> Result<Data, StoreError> {
    match DataDir::open_with_history(root, history.clone()) {
        Ok(dir) => {
            let history = dir.history()?;
            Ok(Data::Writable { dir, history })
        }
        Err(error @ StoreError::InUse { .. }) => {
            let dir = DataDir::open_read_only_with_history(root, history);
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
