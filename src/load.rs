//! Reading a game from a file the user names: a saved session, a live game's journal or a paper
//! score sheet, of any game. A paper sheet (format `tablekeeper-sheet`, read by
//! [`crate::past_game`]) becomes a session of its entries, so it is scored by the same engine
//! as a tracked game.

use std::path::Path;

use chrono::Utc;
use serde::Deserialize;

use crate::engines::{self, EngineTask};
use crate::i18n::Locale;
use crate::kit::game_profile::GameProfile;
use crate::past_game::{SHEET_FORMAT, parse_sheet};
use crate::session::{Game, ReplayError, Rules, SESSION_FORMAT, SESSION_VERSION, engine_of};
use crate::store::journal::{self, JOURNAL_FORMAT, JOURNAL_VERSION, JournalProblem};
use crate::store::saved::SavedSession;
use crate::terravist::profile::ProfileError;

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
    /// Valid JSON, but a field holds what it cannot (a word where a number goes).
    #[error("{path} does not read as a tablekeeper file: {message}")]
    Shape { path: String, message: String },
    #[error(
        "{path} is not a tablekeeper session or score sheet (format \"{format}\"){}",
        crate::past_game::what_it_is(format)
    )]
    UnknownFormat { path: String, format: String },
    #[error(
        "{path} was written by a newer tablekeeper (version {found}; this one reads {supported})"
    )]
    NewerVersion {
        path: String,
        found: u64,
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
    let bytes = crate::store::fsutil::read_limited(path, MAX_FILE_BYTES).map_err(io)?;
    match String::from_utf8(bytes) {
        // A byte-order mark (Notepad writes one) is no part of the text.
        Ok(text) => Ok(match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        }),
        // A journal whose tail is binary garbage (a crash while a sector was written): its
        // damaged line is read as damaged, and left out with a word, as the window does.
        Err(e) => {
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            if is_journal(&text) {
                Ok(text)
            } else {
                Err(io(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    e.utf8_error(),
                )))
            }
        }
    }
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

/// Reads the text of a session file, a live game's journal or a paper score sheet, of any game,
/// as the game it replays to; `path` names it in errors, `games` are the profiles a paper sheet
/// of another game may name. The one place a file's engine is picked for `score` and `replay`.
/// With the game, what was left out of a damaged journal (the window keeps the same part).
pub fn read_game(
    text: &str,
    path: &str,
    games: &[GameProfile],
) -> Result<(Box<dyn Game>, Option<String>), LoadError> {
    if is_journal(text) {
        struct Journal<'a> {
            text: &'a str,
            path: &'a str,
        }
        impl EngineTask for Journal<'_> {
            type Output = Result<(Box<dyn Game>, Option<String>), LoadError>;
            fn run<R: Rules>(self) -> Self::Output {
                journal_game::<R>(self.text, self.path)
            }
        }
        let header = text.lines().next().unwrap_or("");
        // A header that does not read is read as the default engine's, which says what is
        // wrong with it.
        let engine = engine_of(header).unwrap_or_else(|_| engines::DEFAULT.to_string());
        return engines::run(&engine, Journal { text, path }).unwrap_or_else(|| {
            Err(LoadError::Sheet {
                path: path.to_string(),
                message: engines::unknown(&engine),
            })
        });
    }
    #[derive(Deserialize)]
    struct Header {
        #[serde(default)]
        format: String,
        #[serde(default)]
        version: u32,
    }
    let json = |e: serde_json::Error| {
        let (path, message) = (path.to_string(), e.to_string());
        match e.classify() {
            serde_json::error::Category::Data => LoadError::Shape { path, message },
            _ => LoadError::Json { path, message },
        }
    };
    let header: Header = serde_json::from_str(text).map_err(json)?;
    if header.version > SESSION_VERSION {
        return Err(LoadError::NewerVersion {
            path: path.to_string(),
            found: u64::from(header.version),
            supported: SESSION_VERSION,
        });
    }
    let sheet_error = |message: String| LoadError::Sheet {
        path: path.to_string(),
        message,
    };
    match header.format.as_str() {
        SESSION_FORMAT => {
            let saved: SavedSession = serde_json::from_str(text).map_err(json)?;
            let game = saved.replay().map_err(sheet_error)?;
            Ok((game, None))
        }
        SHEET_FORMAT => {
            let sheet = parse_sheet(text).map_err(sheet_error)?;
            let game = sheet.game(games).map_err(sheet_error)?;
            let past = sheet.at(sheet.played_at.unwrap_or_else(Utc::now));
            let game = past
                .replay(game)
                .map_err(|e| sheet_error(e.render(Locale::EN)))?;
            Ok((game, None))
        }
        other => Err(LoadError::UnknownFormat {
            path: path.to_string(),
            format: other.to_string(),
        }),
    }
}

/// A live game's journal of engine `R`, replayed as far as it goes: a torn or damaged line, or
/// an action the rules refuse, ends it, and what was left out is said.
fn journal_game<R: Rules>(
    text: &str,
    path: &str,
) -> Result<(Box<dyn Game>, Option<String>), LoadError> {
    let first = serde_json::from_str::<serde_json::Value>(text.lines().next().unwrap_or(""));
    if let Some(found) = first
        .ok()
        .and_then(|v| v.get("version").and_then(|v| v.as_u64()))
        && found > u64::from(JOURNAL_VERSION)
    {
        return Err(LoadError::NewerVersion {
            path: path.to_string(),
            found,
            supported: JOURNAL_VERSION,
        });
    }
    let sheet_error = |message: String| LoadError::Sheet {
        path: path.to_string(),
        message,
    };
    let (header, ops, problem) = journal::parse::<R>(text).map_err(sheet_error)?;
    let (session, applied) = journal::replay_ops(&header, &ops).map_err(sheet_error)?;
    let left_out = if applied < ops.len() {
        Some(format!(
            "line {} is refused by the rules; it and the {} lines after it are left out",
            applied + 2,
            ops.len() - applied - 1
        ))
    } else {
        problem.map(|problem| match problem {
            JournalProblem::TornLastLine { line } => {
                format!("line {line} was cut short; it is left out")
            }
            JournalProblem::Damaged { line, reason } => {
                format!("line {line} cannot be read ({reason}); it and what follows are left out")
            }
        })
    };
    Ok((Box::new(session), left_out))
}
