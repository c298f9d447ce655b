//! How the command line reads the history: a game at a time from its logs where the scan
//! serves (`store::index_scan`: a few MB at 100k games, where the history in memory takes
//! about 300 MB), the history opened whole where it must be (damage to say and keep a copy of,
//! games to list again from their files, corrections to replay).

use std::io;
use std::path::PathBuf;

use chrono::{DateTime, Utc};

use crate::backup::{self, LeftOut};
use crate::export::Games;
use crate::i18n::Locale;
use crate::session::summary::HistoryEntry;
use crate::stats::Filter;
use crate::store::DataDir;
use crate::store::history::{History, Sessions};
use crate::store::index_scan::{self, Scan};

/// The history a read-only command works on.
pub enum Reading {
    Scanned {
        scan: Scan,
        dir: PathBuf,
        damaged_dir: PathBuf,
    },
    Whole(History),
}

impl Reading {
    /// Scans the history's logs; opens it whole (saying what it repaired) where the scan
    /// cannot serve.
    pub fn open(data: &DataDir, locale: Locale) -> Result<Reading, String> {
        let dir = data.history_dir();
        if let Ok(scan) = index_scan::scan(&dir) {
            return Ok(Reading::Scanned {
                scan,
                dir,
                damaged_dir: data.damaged_dir(),
            });
        }
        let history = data.history().map_err(|e| e.text().render(locale))?;
        if let Some(notice) = &history.notice {
            esayln!("tablekeeper: {}", notice.describe());
        }
        Ok(Reading::Whole(history))
    }

    /// Calls `visit` with every game `filter` lets through, newest first.
    /// A visit that fails ends the walk with its error.
    pub fn newest_first(&mut self, filter: &Filter, visit: Visit) -> io::Result<()> {
        match self {
            Reading::Scanned { scan, .. } => {
                scan.sort_newest_first();
                each_scanned(scan, Some(filter), visit)
            }
            Reading::Whole(history) => newest_first(history, filter)
                .into_iter()
                .try_for_each(visit),
        }
    }

    /// Calls `visit` with every game, in the order they entered the history.
    pub fn in_history_order(&mut self, visit: Visit) -> io::Result<()> {
        match self {
            Reading::Scanned { scan, .. } => each_scanned(scan, None, visit),
            Reading::Whole(history) => history.entries().iter().try_for_each(visit),
        }
    }

    /// One game's summary.
    pub fn entry(&mut self, id: &str, locale: Locale) -> Result<HistoryEntry, String> {
        let missing = || {
            let id = id.to_string();
            crate::store::history::HistoryError::NotFound { id }
                .text()
                .render(locale)
        };
        match self {
            Reading::Scanned { scan, .. } => scan
                .entry(id)
                .ok_or_else(missing)?
                .map_err(|e| e.to_string()),
            Reading::Whole(history) => history.get(id).cloned().ok_or_else(missing),
        }
    }

    /// The games' sessions as the history has them (corrections replayed, players renamed).
    pub fn sessions(&self) -> Sessions {
        match self {
            Reading::Scanned { scan, dir, .. } => scan.sessions(dir),
            Reading::Whole(history) => history.sessions(),
        }
    }

    /// Writes a backup of every game `filter` lets through, a game at a time.
    pub fn write_backup(
        &mut self,
        filter: &Filter,
        now: DateTime<Utc>,
        out: &mut dyn io::Write,
    ) -> io::Result<Vec<LeftOut>> {
        match self {
            Reading::Scanned { scan, dir, .. } => {
                backup::write_backup_scanned(dir, scan, filter, now, out)
            }
            Reading::Whole(history) => {
                backup::write_backup(history, newest_first(history, filter), now, out)
            }
        }
    }

    /// Keeps a copy of a game's damaged session file in `damaged/`, once.
    pub fn keep_damaged_copy(&self, id: &str) {
        match self {
            Reading::Scanned {
                dir, damaged_dir, ..
            } => {
                let file = dir.join("sessions").join(format!("{id}.json"));
                let _ = crate::store::fsutil::copy_aside_once(&file, damaged_dir);
            }
            Reading::Whole(history) => {
                let _ = history.keep_damaged_copy(id);
            }
        }
    }
}

/// What a walk over the history calls with each game.
type Visit<'v> = &'v mut dyn FnMut(&HistoryEntry) -> io::Result<()>;

/// The games of a history held whole that `filter` lets through, newest first (equal starts in
/// the history's order).
fn newest_first<'a>(history: &'a History, filter: &Filter) -> Vec<&'a HistoryEntry> {
    let mut entries: Vec<&HistoryEntry> = (history.entries().iter())
        .filter(|e| filter.matches(e))
        .collect();
    entries.sort_by_key(|e| std::cmp::Reverse(e.started_at));
    entries
}

fn each_scanned(scan: &mut Scan, filter: Option<&Filter>, visit: Visit) -> io::Result<()> {
    for entry in scan.entries() {
        let entry = entry?;
        if filter.is_none_or(|filter| filter.matches(&entry)) {
            visit(&entry)?;
        }
    }
    Ok(())
}

/// The games an export walks: those `filter` lets through, newest first, read again on every
/// walk.
pub struct Chosen<'a> {
    pub reading: &'a mut Reading,
    pub filter: Filter,
}

impl Games for Chosen<'_> {
    fn each(&mut self, visit: Visit) -> io::Result<()> {
        self.reading.newest_first(&self.filter, visit)
    }
}
