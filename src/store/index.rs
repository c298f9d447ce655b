//! The history logs' line format, and parsing their lines on every core, in order. A bad line
//! costs that line only: it is skipped and reported, and the lines after it still count.
//!
//! Each device appends only to its own log (`index-<device>.jsonl`); every record of format 2
//! carries the time it was made, so reading the logs of every device in that order gives every
//! device the same history (see `merge.rs`). Format 1's records (`put`, `delete` without `at`)
//! have no time: they come before every timed record.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::session::summary::{EntryPlayer, HistoryEntry};
use crate::store::id::is_valid_id;

pub const HISTORY_FORMAT: &str = "tablekeeper-history";
/// 2: one log per device, timed records, corrections, notes and renames as records of their own.
pub const HISTORY_VERSION: u32 = 2;

/// The log a copy of the app wrote before logs were per device (format 1): read, never written.
pub const LEGACY_INDEX: &str = "index.jsonl";

/// The file name of a device's own log.
pub fn device_log(device: &str) -> String {
    format!("index-{device}.jsonl")
}

/// Is this file in the history folder a log? Every `*.jsonl` is: a sync engine's conflict copy
/// of a log (`index.sync-conflict-….jsonl`, `index (conflicted copy).jsonl`) is read like the
/// log itself, and records read twice change nothing.
pub fn is_log_name(name: &str) -> bool {
    name.ends_with(".jsonl") && !name.starts_with('.')
}

/// The index's first line.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct IndexHeader {
    pub format: String,
    pub version: u32,
}

/// One line of a log after the header.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum IndexOp {
    /// Format 1 (and a game listed again from its session file): adds or replaces the entry.
    /// No time: it comes before every timed record, so any device's later word wins.
    Put(Box<HistoryEntry>),
    /// Takes a game out of the history (its session file stays).
    Delete {
        id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<DateTime<Utc>>,
    },
    /// Lists a game: one just finished, imported or logged, or one restored after a delete.
    Game {
        at: DateTime<Utc>,
        entry: Box<HistoryEntry>,
    },
    /// Replaces a game's notes.
    Notes {
        at: DateTime<Utc>,
        id: String,
        notes: String,
    },
    /// Corrects one score cell. The game's session file is never rewritten: the correction is
    /// replayed onto it. `players` is the game re-scored with the `count` corrections this
    /// device had seen; when no other device corrected the game meanwhile, that is the answer
    /// and nothing needs replaying.
    Correct {
        at: DateTime<Utc>,
        id: String,
        player: usize,
        part: String,
        value: Option<u32>,
        count: usize,
        players: Vec<EntryPlayer>,
    },
    /// Renames a player in every game listed before it (merging a misspelt name is renaming it
    /// onto the right one).
    Rename {
        at: DateTime<Utc>,
        from: String,
        to: String,
    },
}

/// One corrected score cell, as replayed onto the game's events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub player: usize,
    pub part: String,
    /// `None` puts back what the game itself scored.
    pub value: Option<u32>,
}

impl IndexOp {
    /// When the record was made (`None` for format 1's).
    pub(super) fn at(&self) -> Option<DateTime<Utc>> {
        match self {
            IndexOp::Put(_) => None,
            IndexOp::Delete { at, .. } => *at,
            IndexOp::Game { at, .. }
            | IndexOp::Notes { at, .. }
            | IndexOp::Correct { at, .. }
            | IndexOp::Rename { at, .. } => Some(*at),
        }
    }

    /// The game the record is about (a rename is about every game).
    pub(super) fn game(&self) -> Option<&str> {
        match self {
            IndexOp::Put(entry) | IndexOp::Game { entry, .. } => Some(&entry.id),
            IndexOp::Delete { id, .. }
            | IndexOp::Notes { id, .. }
            | IndexOp::Correct { id, .. } => Some(id),
            IndexOp::Rename { .. } => None,
        }
    }
}

/// Ops parsed from index lines, and the bad lines (number, error).
type Parsed = (Vec<IndexOp>, Vec<(usize, String)>);

/// Parses index lines on every core, keeping their order; a bad line is skipped and comes back
/// with its number (1-based, the header being line 1) and error.
pub(super) fn parse_ops(lines: &[&[u8]]) -> Parsed {
    let parse_chunk = |offset: usize, chunk: &[&[u8]]| -> Parsed {
        let mut ops = Vec::with_capacity(chunk.len());
        let mut bad = Vec::new();
        for (i, line) in chunk.iter().enumerate() {
            match serde_json::from_slice::<IndexOp>(line) {
                Ok(op) if op.game().is_some_and(|id| !is_valid_id(id)) => {
                    bad.push((offset + i + 2, format!("bad id {:?}", op.game())))
                }
                Ok(op) => ops.push(op),
                Err(e) => bad.push((offset + i + 2, e.to_string())),
            }
        }
        (ops, bad)
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Small histories are not worth a thread.
    if threads == 1 || lines.len() < 2_000 {
        return parse_chunk(0, lines);
    }
    let size = lines.len().div_ceil(threads);
    let chunks: Vec<Parsed> = std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(size)
            .enumerate()
            .map(|(k, chunk)| scope.spawn(move || parse_chunk(k * size, chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a parse thread does not panic"))
            .collect()
    });
    let mut ops = Vec::with_capacity(lines.len());
    let mut bad = Vec::new();
    for (chunk_ops, chunk_bad) in chunks {
        ops.extend(chunk_ops);
        bad.extend(chunk_bad);
    }
    (ops, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parallel_parse_keeps_order_and_skips_only_the_bad_lines() {
        let lines: Vec<String> = (0..5_000)
            .map(|i| {
                if i == 3_100 || i == 4_000 {
                    "garbage".to_string()
                } else {
                    format!("{{\"delete\":{{\"id\":\"{i:016x}\"}}}}")
                }
            })
            .collect();
        let refs: Vec<&[u8]> = lines.iter().map(|l| l.as_bytes()).collect();
        let (ops, bad) = parse_ops(&refs);
        assert_eq!(ops.len(), 4_998, "every good op, in order");
        assert_eq!(
            bad.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
            [3_102, 4_002],
            "line numbers count the header"
        );
        let IndexOp::Delete { id, .. } = &ops[3_100] else {
            panic!("a delete")
        };
        assert_eq!(
            id,
            &format!("{:016x}", 3_101),
            "the line after a bad one counts"
        );
        let (all, none) = parse_ops(&refs[..3_000]);
        assert_eq!((all.len(), none.len()), (3_000, 0));
    }
}
