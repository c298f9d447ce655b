//! A backup: the whole history, or a chosen part of it, as one JSON file (each game's summary
//! and event log), written and read one game at a time so that its size never sets the memory.
//!
//! [`reader`] reads a file a game at a time; [`importer`] checks each game (it is untrusted
//! input) and writes it into the history.

mod importer;
mod reader;

pub use importer::{
    ImportReport, Importer, checked_entry, import, import_file, import_file_knowing, parse_backup,
};
pub use reader::{BackgroundRead, BackupHeader, MAX_GAME_BYTES, read_backup, read_on_thread};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::session::summary::HistoryEntry;
use crate::store::history::{History, HistoryError};
use crate::store::saved::SavedSession;

pub const BACKUP_FORMAT: &str = "tablekeeper-backup";
/// 2: the sessions inside are session format 2 (version 1 backups are still read).
pub const BACKUP_VERSION: u32 = 2;

/// One session in a backup: its summary and its full event log.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BackupSession {
    pub entry: HistoryEntry,
    pub session: SavedSession,
}

/// A full backup of a history (or of a filtered part of it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Backup {
    pub format: String,
    pub version: u32,
    pub exported_at: DateTime<Utc>,
    pub sessions: Vec<BackupSession>,
}

/// Builds a backup of the given entries.
pub fn backup<'a>(
    history: &History,
    entries: impl IntoIterator<Item = &'a HistoryEntry>,
    now: DateTime<Utc>,
) -> Result<Backup, HistoryError> {
    let sessions = entries
        .into_iter()
        .map(|entry| {
            Ok(BackupSession {
                entry: entry.clone(),
                session: history.session_file(&entry.id)?,
            })
        })
        .collect::<Result<_, HistoryError>>()?;
    Ok(Backup {
        format: BACKUP_FORMAT.into(),
        version: BACKUP_VERSION,
        exported_at: now,
        sessions,
    })
}

/// Why a backup could not be imported at all ([`ImportError::text`] in the user's words;
/// shown as such, in English, for a log).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text().render(crate::i18n::Locale::EN))]
pub enum ImportError {
    /// What the reader found instead (the parser's own words).
    NotABackup(String),
    NewerVersion(u32),
    History(#[from] HistoryError),
    /// One game is larger than a game may be: that game is refused, the others are read.
    GameTooLarge {
        number: usize,
    },
}

impl ImportError {
    /// The refusal as a translatable sentence.
    pub fn text(&self) -> crate::i18n::Text {
        use crate::i18n::Text;
        match self {
            ImportError::NotABackup(detail) => {
                Text::new("import.not_a_backup").arg("detail", detail)
            }
            ImportError::NewerVersion(found) => Text::new("import.newer")
                .arg("found", found)
                .arg("supported", BACKUP_VERSION),
            ImportError::History(error) => error.text(),
            ImportError::GameTooLarge { number } => Text::new("import.game_too_large")
                .arg("number", number)
                .arg("max", MAX_GAME_BYTES),
        }
    }
}

/// A game a backup left out, and why (its session file is damaged or unreadable).
pub type LeftOut = (String, String);

/// Writes a backup of every game `filter` lets through straight from the history's files: the
/// index is scanned for each game's summary line and read one game at a time, so memory is one
/// game, not the history (the command line's whole-history backup of 100k games). Index order.
pub fn write_backup_scanned(
    history_dir: &std::path::Path,
    scan: &mut crate::store::index_scan::Scan,
    filter: &crate::stats::Filter,
    now: DateTime<Utc>,
    out: &mut (impl std::io::Write + ?Sized),
) -> std::io::Result<Vec<LeftOut>> {
    // A summary line that cannot be read stops the backup (and is reported), as a write does.
    let mut unread = None;
    let sessions = scan.sessions(history_dir);
    let entries = scan
        .entries()
        .map_while(|entry| entry.map_err(|e| unread = Some(e)).ok())
        .filter(|entry| filter.matches(entry));
    let left_out = write_backup_from(&sessions, entries, now, out)?;
    match unread {
        Some(error) => Err(error),
        None => Ok(left_out),
    }
}

/// The backup's frame (`{"format":…,"sessions":[` … `]}`) around the games `games` writes,
/// each with the `write` it is given.
fn write_backup_with(
    now: DateTime<Utc>,
    out: &mut (impl std::io::Write + ?Sized),
    games: impl FnOnce(&mut dyn FnMut(BackupSession) -> std::io::Result<()>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    #[derive(Serialize)]
    struct Head<'a> {
        format: &'a str,
        version: u32,
        exported_at: DateTime<Utc>,
    }
    let head = serde_json::to_string(&Head {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        exported_at: now,
    })?;
    // `{"format":…,"exported_at":"…"` then `,"sessions":[…]}`: the same JSON as `Backup`, one
    // game per line.
    out.write_all(head.trim_end_matches('}').as_bytes())?;
    out.write_all(b",\"sessions\":[\n")?;
    let mut first = true;
    games(&mut |game| {
        if !first {
            out.write_all(b",\n")?;
        }
        first = false;
        serde_json::to_writer(&mut *out, &game)?;
        Ok(())
    })?;
    out.write_all(b"\n]}\n")
}

/// Writes a backup of `entries` to `out` one game at a time, so memory holds one game, not the
/// file. A game whose session file cannot be read is left out (and named), never the whole
/// backup refused.
pub fn write_backup<'a>(
    history: &History,
    entries: impl IntoIterator<Item = &'a HistoryEntry>,
    now: DateTime<Utc>,
    out: &mut (impl std::io::Write + ?Sized),
) -> std::io::Result<Vec<LeftOut>> {
    write_backup_from(&history.sessions(), entries.into_iter().cloned(), now, out)
}

/// [`write_backup`] from the history's sessions and its summaries, with no `History` borrowed:
/// the window writes a backup on a thread of its own while the table goes on.
pub fn write_backup_from(
    sessions: &crate::store::history::Sessions,
    entries: impl IntoIterator<Item = HistoryEntry>,
    now: DateTime<Utc>,
    out: &mut (impl std::io::Write + ?Sized),
) -> std::io::Result<Vec<LeftOut>> {
    let mut left_out = Vec::new();
    write_backup_with(now, out, |write| {
        for entry in entries {
            match sessions.read(&entry) {
                Ok(session) => write(BackupSession { entry, session })?,
                Err(e) => left_out.push((entry.id.clone(), e.to_string())),
            }
        }
        Ok(())
    })?;
    Ok(left_out)
}

#[cfg(test)]
mod tests {
    /// A backup given where a paper sheet goes is named as a backup: the paper sheet's reader
    /// spells this format out (it sits a layer below), and the two must stay one.
    #[test]
    fn a_backup_given_as_a_paper_sheet_is_named_as_a_backup() {
        let said = crate::past_game::what_it_is(super::BACKUP_FORMAT)
            .expect("a backup is named")
            .render(crate::i18n::Locale::EN);
        assert!(said.contains("history import"), "{said}");
    }
}
