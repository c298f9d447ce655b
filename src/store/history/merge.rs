//! Reading the history's logs, one per device, and folding their records in time order into one
//! history: every device that has the same files shows the same games, whatever order the files
//! arrived in, because the result depends only on the set of records.
//!
//! Order: records without a time (format 1) first, in their log's order; then by time, ties
//! broken by the log's name and the line. A device stamps each record later than any it has
//! read (see `History::stamp`), so what it did after seeing another device's record comes after
//! that record here, whatever the two clocks say.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::path::Path;

use chrono::{DateTime, Utc};

use super::History;
use crate::session::summary::EntryPlayer;
use crate::store::fsutil::read_limited;
use crate::store::index::{
    Correction, HISTORY_FORMAT, HISTORY_VERSION, IndexHeader, IndexOp, parse_ops,
};
use crate::store::saved::TimedCorrection;

/// The largest log accepted (about a million games).
const MAX_LOG_BYTES: u64 = 2 * 1024 * 1024 * 1024;

/// One log as read.
pub(super) struct ReadLog {
    /// Its file name: the tie-breaker between devices' records made at the same moment.
    pub name: String,
    pub version: u32,
    pub ops: Vec<IndexOp>,
    /// Lines that could not be read (1 is the header), each with why.
    pub bad: Vec<(usize, String)>,
    /// The last line has no end: a write cut short here, or a file still being copied in.
    pub torn_tail: bool,
    /// Lines in the file, the header included.
    pub lines: usize,
}

impl ReadLog {
    /// A log that could not be read at all: nothing from it, and why.
    pub(super) fn unreadable(name: String, error: &std::io::Error) -> ReadLog {
        ReadLog {
            name,
            version: HISTORY_VERSION,
            ops: Vec::new(),
            bad: vec![(1, format!("it cannot be read: {error}"))],
            torn_tail: false,
            lines: 1,
        }
    }

    /// Another device's log may be mid-copy: an empty file or a last line without its end is
    /// not damage but the rest of the file on its way. Those lines are dropped without a word
    /// (they are read whole when the copy completes); anything else still counts as damage.
    pub(super) fn forgive_transit(&mut self) {
        let (torn, lines) = (self.torn_tail, self.lines);
        self.bad
            .retain(|&(line, _)| !(lines == 0 || (torn && line == lines)));
    }
}

/// Reads one log; a line that does not read costs only itself.
pub(super) fn read_log(path: &Path) -> std::io::Result<ReadLog> {
    let bytes = read_limited(path, MAX_LOG_BYTES)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let torn_tail = !bytes.is_empty() && !bytes.ends_with(b"\n");
    let mut lines = bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    let header = lines
        .next()
        .and_then(|l| serde_json::from_slice::<IndexHeader>(l).ok())
        .filter(|h| h.format == HISTORY_FORMAT);
    if let Some(header) = &header
        && header.version > HISTORY_VERSION
    {
        return Ok(ReadLog {
            name,
            version: header.version,
            ops: Vec::new(),
            bad: Vec::new(),
            torn_tail,
            lines: 0,
        });
    }
    // A damaged header costs the header: the lines after it are read all the same.
    let mut bad = Vec::new();
    if header.is_none() {
        bad.push((1, "no history header".to_string()));
    }
    let lines: Vec<&[u8]> = lines.collect();
    let (ops, bad_ops) = parse_ops(&lines);
    bad.extend(bad_ops);
    let count = if bytes.iter().all(|&b| b == b'\n') {
        0
    } else {
        lines.len() + 1
    };
    Ok(ReadLog {
        name,
        version: header.map_or(HISTORY_VERSION, |h| h.version),
        ops,
        bad,
        torn_tail,
        lines: count,
    })
}

/// What folding the logs found beyond the games themselves.
#[derive(Default)]
pub(super) struct Folded {
    /// Games a record deleted (and none restored): never listed again from their files.
    pub deleted: HashSet<String>,
    /// The latest time on any record.
    pub latest: Option<DateTime<Utc>>,
    /// Games whose corrections must be replayed: another device corrected them meanwhile.
    pub to_replay: Vec<String>,
}

/// The newest word on a game's corrections: the players as re-scored with `count` of them.
struct Rescored {
    count: usize,
    players: Vec<EntryPlayer>,
}

impl History {
    /// Folds every log's records, in the one order every device agrees on, into this history.
    pub(super) fn fold(&mut self, logs: Vec<ReadLog>) -> Folded {
        let mut records: Vec<(Option<DateTime<Utc>>, usize, usize, IndexOp)> = Vec::new();
        let mut logs = logs;
        // Logs by name: the tie-breaker between records made at the same moment.
        logs.sort_by(|a, b| a.name.cmp(&b.name));
        for (log, read) in logs.into_iter().enumerate() {
            records.reserve(read.ops.len());
            for (line, op) in read.ops.into_iter().enumerate() {
                records.push((op.at(), log, line, op));
            }
        }
        // One device's log is already in order: the sort only checks it.
        records.sort_by(|a, b| match a.0.cmp(&b.0) {
            Ordering::Equal => (a.1, a.2).cmp(&(b.1, b.2)),
            other => other,
        });
        let mut folded = Folded::default();
        let mut rescored: HashMap<String, Rescored> = HashMap::new();
        for (at, _, _, op) in records {
            if at.is_some() {
                folded.latest = at.max(folded.latest);
            }
            self.fold_one(op, &mut folded, &mut rescored);
        }
        for (id, last) in rescored {
            // The newest re-score stands until a replay says otherwise (its file may not have
            // arrived yet).
            self.take_scores(&id, &last.players);
            if last.count != self.corrections_of(&id).len() {
                // Corrections from devices that had not seen each other's: replay them all.
                folded.to_replay.push(id);
            }
        }
        folded.to_replay.sort();
        folded
    }

    fn fold_one(
        &mut self,
        op: IndexOp,
        folded: &mut Folded,
        rescored: &mut HashMap<String, Rescored>,
    ) {
        match op {
            IndexOp::Put(entry) | IndexOp::Game { entry, .. } => {
                folded.deleted.remove(&entry.id);
                self.put_in_memory(*entry);
            }
            IndexOp::Delete { id, .. } => {
                self.remove_in_memory(&id);
                folded.deleted.insert(id);
            }
            IndexOp::Notes { id, notes, .. } => {
                if let Some(entry) = self.get_mut(&id) {
                    entry.notes = notes;
                }
                self.count_dead_line();
            }
            IndexOp::Correct {
                at,
                id,
                player,
                part,
                value,
                count,
                players,
            } => {
                let cell = Correction {
                    player,
                    part,
                    value,
                };
                self.remember_correction(&id, TimedCorrection { at, cell });
                rescored.insert(id, Rescored { count, players });
            }
            IndexOp::Rename { from, to, .. } => {
                self.rename_in_memory(&from, &to);
            }
        }
    }
}
