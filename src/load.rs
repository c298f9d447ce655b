//! Reading a game from a file the user names: a saved session, a live game's journal or a paper
//! score sheet, of any game. A paper sheet (format `tablekeeper-sheet`, read by
//! [`crate::past_game`]) becomes a session of its entries, so it is scored by the same engine
//! as a tracked game.

use std::path::Path;

use chrono::Utc;
use serde::Deserialize;

use crate::engines::{self, EngineTask};
use crate::i18n::{Locale, Text};
use crate::kit::game_profile::GameProfile;
use crate::past_game::{SHEET_FORMAT, parse_sheet};
use crate::session::{Game, ReplayError, Rules, SESSION_FORMAT, SESSION_VERSION, engine_of};
use crate::store::journal::{self, JOURNAL_FORMAT, JOURNAL_VERSION, JournalProblem};
use crate::store::saved::SavedSession;
use crate::terravist::profile::ProfileError;

/// Files larger than this are refused before they are read (a session is a few hundred KiB).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Why a file could not be used. Each says in the user's language what is wrong and what to do
/// ([`LoadError::text`]); shown as such, in English (a log line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text().render(Locale::EN))]
pub enum LoadError {
    Io {
        path: String,
        problem: ReadProblem,
    },
    TooLarge {
        path: String,
        size: u64,
        max: u64,
    },
    /// Not JSON at all: where the parser stopped.
    Json {
        path: String,
        line: usize,
        column: usize,
    },
    /// Valid JSON, but a field holds what it cannot (a word where a number goes).
    Shape {
        path: String,
        message: String,
    },
    UnknownFormat {
        path: String,
        format: String,
    },
    NewerVersion {
        path: String,
        found: u64,
        supported: u32,
    },
    Profile {
        path: String,
        error: ProfileError,
    },
    Replay {
        path: String,
        error: ReplayError,
    },
    /// What the file's own reader refuses (a paper sheet's rules, a journal's header).
    Sheet {
        path: String,
        reason: Text,
    },
}

/// Why a file's bytes could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadProblem {
    NotFound,
    Denied,
    /// A folder, a FIFO, a device: nothing a user saves.
    NotRegular,
    /// Not UTF-8 text.
    NotText,
    /// What the system said, as it said it.
    Other(String),
}

impl ReadProblem {
    fn of(error: &std::io::Error) -> ReadProblem {
        use std::io::ErrorKind;
        match error.kind() {
            ErrorKind::NotFound => ReadProblem::NotFound,
            ErrorKind::PermissionDenied => ReadProblem::Denied,
            // `fsutil::open_regular`'s refusal.
            ErrorKind::InvalidInput | ErrorKind::IsADirectory => ReadProblem::NotRegular,
            _ => ReadProblem::Other(error.to_string()),
        }
    }
}

impl LoadError {
    /// The refusal in the user's words: what is wrong with which file, and what to do.
    pub fn text(&self) -> Text {
        match self {
            LoadError::Io { path, problem } => match problem {
                ReadProblem::NotFound => Text::new("load.not_found"),
                ReadProblem::Denied => Text::new("load.denied"),
                ReadProblem::NotRegular => Text::new("load.not_regular"),
                ReadProblem::NotText => Text::new("load.not_text"),
                ReadProblem::Other(message) => Text::new("load.unreadable").arg("message", message),
            }
            .arg("path", path),
            LoadError::TooLarge { path, size, max } => Text::new("load.too_large")
                .arg("path", path)
                .arg("size", size)
                .arg("max", max),
            LoadError::Json { path, line, column } => Text::new("load.not_json")
                .arg("path", path)
                .arg("line", line)
                .arg("column", column),
            LoadError::Shape { path, message } => Text::new("load.shape")
                .arg("path", path)
                .arg("message", message),
            LoadError::UnknownFormat { path, format } => {
                let refusal = Text::new("load.unknown_format")
                    .arg("path", path)
                    .arg("format", format);
                crate::past_game::naming_what_it_is(refusal, format)
            }
            LoadError::NewerVersion {
                path,
                found,
                supported,
            } => Text::new("load.newer")
                .arg("path", path)
                .arg("found", found)
                .arg("supported", supported),
            LoadError::Profile { path, error } => in_file(path, error.text()),
            LoadError::Replay { path, error } => in_file(path, error.text()),
            LoadError::Sheet { path, reason } => in_file(path, reason.clone()),
        }
    }
}

/// "{path}: {reason}".
fn in_file(path: &str, reason: Text) -> Text {
    Text::new("load.in_file")
        .arg("path", path)
        .arg_text("reason", reason)
}

/// Reads a file into a string, refusing oversized files before reading them.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| LoadError::Io {
        path: shown.clone(),
        problem: ReadProblem::of(&e),
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
                Err(LoadError::Io {
                    path: shown,
                    problem: ReadProblem::NotText,
                })
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
) -> Result<(Box<dyn Game>, Option<Text>), LoadError> {
    if is_journal(text) {
        struct Journal<'a> {
            text: &'a str,
            path: &'a str,
        }
        impl EngineTask for Journal<'_> {
            type Output = Result<(Box<dyn Game>, Option<Text>), LoadError>;
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
                reason: engines::unknown(&engine),
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
        let path = path.to_string();
        match e.classify() {
            serde_json::error::Category::Data => LoadError::Shape {
                path,
                message: e.to_string(),
            },
            _ => LoadError::Json {
                path,
                line: e.line(),
                column: e.column(),
            },
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
    let sheet_error = |reason: Text| LoadError::Sheet {
        path: path.to_string(),
        reason,
    };
    match header.format.as_str() {
        SESSION_FORMAT => {
            let saved: SavedSession = serde_json::from_str(text).map_err(json)?;
            let game = saved.replay().map_err(|error| LoadError::Replay {
                path: path.to_string(),
                error,
            })?;
            Ok((game, None))
        }
        SHEET_FORMAT => {
            let sheet = parse_sheet(text).map_err(sheet_error)?;
            let game = sheet.game(games).map_err(sheet_error)?;
            let past = sheet.at(sheet.played_at.unwrap_or_else(Utc::now));
            let game = past.replay(game).map_err(|e| sheet_error(e.text()))?;
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
) -> Result<(Box<dyn Game>, Option<Text>), LoadError> {
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
        reason: Text::new("load.journal_header").arg("message", message),
    };
    let (header, ops, problem) = journal::parse::<R>(text).map_err(sheet_error)?;
    let (session, applied) = journal::replay_ops(&header, &ops).map_err(sheet_error)?;
    let left_out = if applied < ops.len() {
        Some(
            Text::new("load.journal_refused")
                .arg("line", applied + 2)
                .arg("after", ops.len() - applied - 1),
        )
    } else {
        problem.map(|problem| match problem {
            JournalProblem::TornLastLine { line } => {
                Text::new("load.journal_torn").arg("line", line)
            }
            JournalProblem::Damaged { line, .. } => {
                Text::new("load.journal_damaged").arg("line", line)
            }
        })
    };
    Ok((Box::new(session), left_out))
}
