//! Reading the history's log without holding it: where each live game's summary line is.
//!
//! A whole-history backup needs every game once, not the history's list in memory: at 100k
//! games that list is ~300 MB, the log's positions ~10 MB. The log is read twice, a line at
//! a time: once to find each game's latest summary line (deletes drop it), once to read those
//! lines in order. This serves a history of one log whose games were only listed and deleted;
//! logs from several devices, or notes, corrections and renames, need the whole history
//! merged ([`ScanError::NeedsMerge`]).

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use serde::Deserialize;

use super::fsutil::open_regular;
use super::index::{HISTORY_FORMAT, HISTORY_VERSION, is_log_name};
use crate::session::summary::HistoryEntry;
use crate::store::id::is_valid_id;

/// The longest summary line read (far beyond any real one; a runaway line is damage).
const MAX_LINE_BYTES: u64 = 16 * 1024 * 1024;

/// Only what the first pass needs of a line: which game, and whether it is a delete.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum OpId {
    Put { id: String },
    Game { entry: IdOnly },
    Delete { id: String },
    Notes {},
    Correct {},
    Rename {},
}

#[derive(Deserialize)]
struct IdOnly {
    id: String,
}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// The live games' summary lines, in index order.
pub struct Scan {
    file: File,
    /// (offset, length) of each live game's latest summary line, in index order.
    lines: Vec<(u64, u64)>,
}

/// Why the scan cannot serve: the caller opens the history whole instead (which repairs).
#[derive(Debug)]
pub enum ScanError {
    Io(io::Error),
    /// A line that does not read: the whole-history path knows how to repair it.
    Damaged,
    Newer(u32),
    /// Several logs, or records that change games: the history must be opened whole.
    NeedsMerge,
}

impl From<io::Error> for ScanError {
    fn from(e: io::Error) -> ScanError {
        ScanError::Io(e)
    }
}

/// Finds every live game's latest summary line in the one log in `history_dir`.
pub fn scan(history_dir: &Path) -> Result<Scan, ScanError> {
    let logs: Vec<std::path::PathBuf> = std::fs::read_dir(history_dir)?
        .flatten()
        .filter(|f| is_log_name(&f.file_name().to_string_lossy()))
        .map(|f| f.path())
        .collect();
    let [log] = logs.as_slice() else {
        return Err(ScanError::NeedsMerge);
    };
    let mut file = open_regular(log)?;
    let mut reader = BufReader::with_capacity(1 << 16, &mut file);
    let mut line = Vec::new();
    let mut offset = 0u64;
    let mut live: HashMap<String, (u64, u64)> = HashMap::new();
    let mut first = true;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut line)? as u64;
        if read == 0 {
            break;
        }
        if !line.ends_with(b"\n") {
            return Err(ScanError::Damaged); // torn or runaway
        }
        let text = &line[..line.len() - 1];
        if first {
            first = false;
            let header: Header = serde_json::from_slice(text).map_err(|_| ScanError::Damaged)?;
            if header.format != HISTORY_FORMAT {
                return Err(ScanError::Damaged);
            }
            if header.version > HISTORY_VERSION {
                return Err(ScanError::Newer(header.version));
            }
        } else if !text.is_empty() {
            match serde_json::from_slice::<OpId>(text).map_err(|_| ScanError::Damaged)? {
                OpId::Put { id }
                | OpId::Game {
                    entry: IdOnly { id },
                } if is_valid_id(&id) => {
                    live.insert(id, (offset, read));
                }
                OpId::Put { .. } | OpId::Game { .. } => return Err(ScanError::Damaged),
                OpId::Delete { id } => {
                    live.remove(&id);
                }
                OpId::Notes {} | OpId::Correct {} | OpId::Rename {} => {
                    return Err(ScanError::NeedsMerge);
                }
            }
        }
        offset += read;
    }
    drop(reader);
    let mut lines: Vec<(u64, u64)> = live.into_values().collect();
    lines.sort_unstable();
    Ok(Scan { file, lines })
}

impl Scan {
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Each live game's summary, in index order, read one at a time.
    pub fn entries(&mut self) -> impl Iterator<Item = io::Result<HistoryEntry>> + '_ {
        #[derive(Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Put {
            Put(Box<HistoryEntry>),
            Game { entry: Box<HistoryEntry> },
        }
        let file = &mut self.file;
        self.lines.iter().map(move |&(offset, length)| {
            file.seek(SeekFrom::Start(offset))?;
            let mut bytes = vec![0; length as usize];
            file.read_exact(&mut bytes)?;
            match serde_json::from_slice::<Put>(&bytes) {
                Ok(Put::Put(entry) | Put::Game { entry }) => Ok(*entry),
                Err(e) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
            }
        })
    }
}
