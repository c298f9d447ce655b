//! Reading a saved session, or a paper score sheet, from a file the user names.
//!
//! A paper sheet (format `tablekeeper-sheet`) gives the parts per player and is turned into a
//! session of `SetScore` events, so it is scored by the same engine as a tracked game.

use std::collections::BTreeMap;
use std::path::Path;

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::session::{
    Colour, Player, ReplayError, SESSION_FORMAT, SESSION_VERSION, SessionFile, Setup,
};
use crate::store::fsutil::read_limited_text;
use crate::store::journal::{self, JOURNAL_FORMAT, JOURNAL_VERSION};
use crate::terravist::event::Event;
use crate::terravist::profile::{PROFILE_FORMAT, Profile, ProfileError};
use crate::terravist::{Session, Terravist};

/// The format name of a paper score sheet file.
pub const SHEET_FORMAT: &str = "tablekeeper-sheet";
/// Files larger than this are refused before they are read (a session is a few hundred KiB).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Why a file could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("{path} is {size} bytes; files over {max} bytes are refused")]
    TooLarge { path: String, size: u64, max: u64 },
    #[error("{path} is not valid JSON: {message}")]
    Json { path: String, message: String },
    #[error("{path} is not a tablekeeper session or score sheet (format \"{format}\")")]
    UnknownFormat { path: String, format: String },
    #[error(
        "{path} was written by a newer tablekeeper (version {found}; this one reads {supported})"
    )]
    NewerVersion {
        path: String,
        found: u32,
        supported: u32,
    },
    #[error("{path}: {error}")]
    Profile { path: String, error: ProfileError },
    #[error("{path}: {error}")]
    Replay { path: String, error: ReplayError },
    #[error("{path}: {message}")]
    Sheet { path: String, message: String },
}

/// Reads a file into a string, refusing oversized files before reading them.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| LoadError::Io {
        path: shown.clone(),
        message: e.to_string(),
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: shown,
            size,
            max: MAX_FILE_BYTES,
        });
    }
    // A regular file only, and no more than the limit even if it grows while read: a FIFO
    // would wait forever for a writer, and /dev/zero says it is empty and never ends.
    read_limited_text(path, MAX_FILE_BYTES).map_err(io)
}

/// Loads a session file or a paper score sheet as a session.
pub fn load_session(path: &Path) -> Result<Session, LoadError> {
    let text = read_text(path)?;
    parse_session(&text, &path.display().to_string())
}

/// Whether `text` is a live game's journal (its first line is a header of that format).
pub fn is_journal(text: &str) -> bool {
    let first_line = text.lines().next().unwrap_or("");
    serde_json::from_str::<serde_json::Value>(first_line)
        .ok()
        .and_then(|v| {
            v.get("format")
                .and_then(|f| f.as_str())
                .map(|f| f == JOURNAL_FORMAT)
        })
        .unwrap_or(false)
}

/// Parses the text of a session file, a live game's journal or a paper score sheet; `path`
/// names it in errors.
pub fn parse_session(text: &str, path: &str) -> Result<Session, LoadError> {
    if is_journal(text) {
        return journal_session(text, path);
    }
    #[derive(Deserialize)]
    struct Header {
        #[serde(default)]
        format: String,
        #[serde(default)]
        version: u32,
    }
    let json = |e: serde_json::Error| LoadError::Json {
        path: path.to_string(),
        message: e.to_string(),
    };
    let header: Header = serde_json::from_str(text).map_err(json)?;
    if header.version > SESSION_VERSION {
        return Err(LoadError::NewerVersion {
            path: path.to_string(),
            found: header.version,
            supported: SESSION_VERSION,
        });
    }
    match header.format.as_str() {
        SESSION_FORMAT => {
            let file: SessionFile<Terravist> = serde_json::from_str(text).map_err(json)?;
            let profile_json = serde_json::to_string(&file.profile).expect("a profile serialises");
            Profile::from_json(&profile_json).map_err(|error| LoadError::Profile {
                path: path.to_string(),
                error,
            })?;
            Session::from_file(file).map_err(|error| LoadError::Replay {
                path: path.to_string(),
                error,
            })
        }
        SHEET_FORMAT => {
            let sheet: SheetFile = serde_json::from_str(text).map_err(json)?;
            sheet_session(sheet, path)
        }
        other => Err(LoadError::UnknownFormat {
            path: path.to_string(),
            format: other.to_string(),
        }),
    }
}

/// A live game's journal, replayed as far as it goes (a torn last line is left out).
fn journal_session(text: &str, path: &str) -> Result<Session, LoadError> {
    let first = serde_json::from_str::<serde_json::Value>(text.lines().next().unwrap_or(""));
    if let Some(found) = first
        .ok()
        .and_then(|v| v.get("version").and_then(|v| v.as_u64()))
        && found > u64::from(JOURNAL_VERSION)
    {
        return Err(LoadError::NewerVersion {
            path: path.to_string(),
            found: found as u32,
            supported: JOURNAL_VERSION,
        });
    }
    let sheet_error = |message: String| LoadError::Sheet {
        path: path.to_string(),
        message,
    };
    let (header, ops, _problem) = journal::parse(text).map_err(sheet_error)?;
    let (session, applied) = journal::replay_ops(&header, &ops).map_err(sheet_error)?;
    if applied < ops.len() {
        return Err(sheet_error(format!(
            "line {} is refused by the rules",
            applied + 2
        )));
    }
    Ok(session)
}

/// A game scored on paper: the parts of each player, by part id.
#[derive(Debug, Deserialize)]
struct SheetFile {
    #[serde(default)]
    played_at: Option<DateTime<Utc>>,
    /// A full profile; the built-in TERRAVIST profile when absent.
    #[serde(default)]
    profile: Option<serde_json::Value>,
    players: Vec<SheetPlayer>,
}

#[derive(Debug, Deserialize)]
struct SheetPlayer {
    name: String,
    parts: BTreeMap<String, u32>,
}

fn sheet_session(sheet: SheetFile, path: &str) -> Result<Session, LoadError> {
    let profile = match sheet.profile {
        None => Profile::terravist(),
        Some(value) => {
            let mut value = value;
            if value.get("format").is_none() {
                value["format"] = PROFILE_FORMAT.into();
            }
            Profile::from_json(&value.to_string()).map_err(|error| LoadError::Profile {
                path: path.to_string(),
                error,
            })?
        }
    };
    let sheet_error = |message: String| LoadError::Sheet {
        path: path.to_string(),
        message,
    };
    let players = sheet
        .players
        .iter()
        .zip(Colour::ALL.iter().cycle())
        .map(|(p, &colour)| Player {
            name: p.name.clone(),
            colour,
        })
        .collect();
    let setup = Setup {
        players,
        parent: 0,
        first_round_turns: profile.default_first_round_turns(),
        sides: Vec::new(),
    };
    let at = sheet.played_at.unwrap_or_else(Utc::now);
    let mut session = Session::new(profile, setup, at).map_err(|e| sheet_error(e.to_string()))?;
    for (seat, player) in sheet.players.iter().enumerate() {
        for (part, &value) in &player.parts {
            let event = Event::SetScore {
                player: seat,
                part: part.clone(),
                value: Some(value),
            };
            session
                .apply(event, at)
                .map_err(|e| sheet_error(format!("{}: {e}", player.name)))?;
        }
    }
    Ok(session)
}
