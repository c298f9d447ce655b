//! Reading the history without holding it: where each live game's summary line is, in every
//! log, and what later records changed in it (notes, renames, corrections).
//!
//! The history in memory ([`super::history::History`]) holds every game's summary: at 100k
//! games about 300 MB. The command line needs one game at a time (a list line, a statistic, an
//! exported row), so it reads the logs twice, a line at a time: first to fold every record in
//! the order the history folds them (`history/merge.rs`), keeping of each live game only where
//! its latest summary line is (about 50 bytes a game); then to read those lines, one game at a
//! time, applying what later records changed.
//!
//! Where the scan cannot serve as the history would, it says so and the caller opens the
//! history whole instead: a line that does not read, a log cut short (the history repairs, or
//! forgives another device's copy in transit), a folder with session files but no log (they are
//! listed again from their files), or corrections made on two devices without seeing each
//! other's (they are replayed onto the game's file).

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::fsutil::open_regular;
use super::history::{Sessions, name_key, rename_in_entry, take_scores_into};
use super::index::{
    Correction, HISTORY_FORMAT, HISTORY_VERSION, IndexHeader, IndexOp, is_log_name, parse_ops,
};
use super::saved::TimedCorrection;
use crate::session::summary::{EntryPlayer, HistoryEntry};
use crate::store::id::is_valid_id;

/// The longest line read (far beyond any real one; a runaway line is damage).
const MAX_LINE_BYTES: u64 = 16 * 1024 * 1024;

/// Lines parsed together (on every core, by the history's own parser, which takes a thread per
/// core from 2,000 lines); a chunk's lines and their parse are in memory until it is folded.
const PARSE_CHUNK: usize = 2048;

/// The history's games, each by the place of its summary line.
pub struct Scan {
    /// The logs, in the order of their names (the index a game's place names).
    logs: Vec<File>,
    /// The live games, in the history's order (the order they entered it).
    games: Vec<Placed>,
    /// Notes recorded after a live game's summary, by game.
    notes: HashMap<u64, String>,
    /// The id an imported game had in its backup, by game.
    origins: HashMap<u64, Box<str>>,
    /// Renames, in fold order: each renames the games listed before it.
    renames: Vec<Renamed>,
    /// Each corrected game's corrections (replayed onto its file when it is read), by its id.
    corrections: HashMap<String, Vec<TimedCorrection>>,
    /// Each corrected game's newest re-score.
    rescored: HashMap<u64, Vec<EntryPlayer>>,
    /// The latest time on any record.
    latest: Option<DateTime<Utc>>,
}

/// A live game: where its summary is, and what the scan needs without reading it (about 50
/// bytes: a history of 100k games is a few MB here, where its summaries take 300 MB).
#[derive(Clone, Copy)]
struct Placed {
    /// Its id, 16 hex digits ([`is_valid_id`]), as the number they write.
    id: u64,
    started_at: DateTime<Utc>,
    log: u32,
    length: u32,
    offset: u64,
    /// Its summary record's place in the fold: renames after it apply to it.
    seq: u32,
}

/// A game's id as the number its 16 hex digits write (the history's parser refuses any other).
fn id_number(id: &str) -> u64 {
    debug_assert!(is_valid_id(id));
    u64::from_str_radix(id, 16).unwrap_or(u64::MAX)
}

/// A game's id as the history writes it.
fn id_text(id: u64) -> String {
    format!("{id:016x}")
}

struct Renamed {
    seq: u32,
    /// The name renamed, as names are compared ([`name_key`]).
    from: String,
    to: String,
}

/// Why the scan cannot serve: the caller opens the history whole instead.
#[derive(Debug)]
pub enum ScanError {
    Io(io::Error),
    /// A line that does not read, or a log cut short: the whole history repairs it.
    Damaged,
    Newer(u32),
    /// Corrections from devices that had not seen each other's, or session files no log lists:
    /// the whole history replays or lists them again.
    NeedsMerge,
}

impl From<io::Error> for ScanError {
    fn from(e: io::Error) -> ScanError {
        ScanError::Io(e)
    }
}

/// A record reduced to what the fold needs; the rare kinds boxed, so the common one is small.
enum Light {
    Listed(Placed, Option<Box<str>>),
    Deleted(u64),
    Notes(u64, Box<str>),
    Corrected(Box<Corrected>),
    Renamed(Box<(String, String)>),
}

struct Corrected {
    id: u64,
    correction: TimedCorrection,
    count: usize,
    players: Vec<EntryPlayer>,
}

/// A record with its place: (time, log, line), the order the history folds in.
type Record = (Option<DateTime<Utc>>, u32, u32, Light);

/// Folds every log in `history_dir` into the places of its live games.
pub fn scan(history_dir: &Path) -> Result<Scan, ScanError> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(history_dir)?
        .flatten()
        .filter(|f| is_log_name(&f.file_name().to_string_lossy()))
        .map(|f| f.path())
        .collect();
    // By name: the tie-breaker between records made at the same moment, as in `merge.rs`.
    paths.sort_by_key(|path| path.file_name().map(|n| n.to_owned()));
    if paths.is_empty() && has_session_files(history_dir) {
        return Err(ScanError::NeedsMerge);
    }
    let mut logs = Vec::with_capacity(paths.len());
    let mut records = Vec::new();
    for (log, path) in (0u32..).zip(&paths) {
        let mut file = open_regular(path)?;
        read_records(&mut file, log, &mut records)?;
        logs.push(file);
    }
    // Untimed (format 1) records first, then by time, ties by log and line: `merge.rs`'s order.
    records.sort_by_key(|record| (record.0, record.1, record.2));
    let mut scan = Scan {
        logs,
        games: Vec::new(),
        notes: HashMap::new(),
        origins: HashMap::new(),
        renames: Vec::new(),
        corrections: HashMap::new(),
        rescored: HashMap::new(),
        latest: None,
    };
    scan.fold(records)?;
    Ok(scan)
}

fn has_session_files(history_dir: &Path) -> bool {
    std::fs::read_dir(history_dir.join("sessions"))
        .map(|mut files| files.next().is_some())
        .unwrap_or(false)
}

/// Reads one log's records, a chunk of lines at a time, parsed by the history's own parser so
/// that a line the history would call damaged is damaged here too.
fn read_records(file: &mut File, log: u32, records: &mut Vec<Record>) -> Result<(), ScanError> {
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut offset = 0u64;
    let mut chunk: Vec<(u64, Vec<u8>)> = Vec::with_capacity(PARSE_CHUNK);
    let mut line_number = 0u32;
    let mut header = true;
    loop {
        let mut line = Vec::new();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut line)? as u64;
        if read == 0 {
            break;
        }
        if !line.ends_with(b"\n") {
            return Err(ScanError::Damaged); // torn, runaway, or still being copied in
        }
        line.pop();
        if header {
            header = false;
            let header: IndexHeader =
                serde_json::from_slice(&line).map_err(|_| ScanError::Damaged)?;
            if header.format != HISTORY_FORMAT {
                return Err(ScanError::Damaged);
            }
            if header.version > HISTORY_VERSION {
                return Err(ScanError::Newer(header.version));
            }
        } else if !line.is_empty() {
            chunk.push((offset, line));
            if chunk.len() == PARSE_CHUNK {
                line_number = fold_chunk(&mut chunk, log, line_number, records)?;
            }
        }
        offset += read;
    }
    if header {
        return Err(ScanError::Damaged); // an empty log: no header
    }
    fold_chunk(&mut chunk, log, line_number, records)?;
    Ok(())
}

/// Parses a chunk of lines and keeps each record's light form; returns the next line's number.
fn fold_chunk(
    chunk: &mut Vec<(u64, Vec<u8>)>,
    log: u32,
    first_line: u32,
    records: &mut Vec<Record>,
) -> Result<u32, ScanError> {
    let lines: Vec<&[u8]> = chunk.iter().map(|(_, line)| line.as_slice()).collect();
    let (ops, bad) = parse_ops(&lines);
    if !bad.is_empty() {
        return Err(ScanError::Damaged);
    }
    for (line, (op, (offset, text))) in (first_line..).zip(ops.into_iter().zip(chunk.iter())) {
        // A line is at most MAX_LINE_BYTES long: its length fits.
        let length = text.len() as u32 + 1;
        records.push((op.at(), log, line, light(op, log, *offset, length)));
    }
    let next = first_line + chunk.len() as u32;
    chunk.clear();
    Ok(next)
}

fn light(op: IndexOp, log: u32, offset: u64, length: u32) -> Light {
    match op {
        IndexOp::Put(entry) | IndexOp::Game { entry, .. } => Light::Listed(
            Placed {
                id: id_number(&entry.id),
                started_at: entry.started_at,
                log,
                length,
                offset,
                seq: 0,
            },
            entry.origin_id.map(String::into_boxed_str),
        ),
        IndexOp::Delete { id, .. } => Light::Deleted(id_number(&id)),
        IndexOp::Notes { id, notes, .. } => Light::Notes(id_number(&id), notes.into()),
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
            Light::Corrected(Box::new(Corrected {
                id: id_number(&id),
                correction: TimedCorrection { at, cell },
                count,
                players,
            }))
        }
        IndexOp::Rename { from, to, .. } => Light::Renamed(Box::new((from, to))),
    }
}

/// What a fold keeps of every game while it goes, live or not.
#[derive(Default)]
struct Folding {
    slots: Vec<Option<Placed>>,
    slot_of: HashMap<u64, usize>,
    corrections: HashMap<u64, Vec<TimedCorrection>>,
    newest_count: HashMap<u64, usize>,
}

impl Scan {
    /// Folds the records in order, as `History::fold` does with the games themselves.
    fn fold(&mut self, records: Vec<Record>) -> Result<(), ScanError> {
        let mut folding = Folding::default();
        for (seq, (at, _, _, record)) in (0u32..).zip(records) {
            if at.is_some() {
                self.latest = at.max(self.latest);
            }
            self.fold_one(seq, record, &mut folding);
        }
        let Folding {
            slots,
            slot_of,
            corrections,
            newest_count,
        } = folding;
        // A live game whose newest re-score did not see every correction: replayed whole.
        let stale = newest_count.iter().any(|(id, count)| {
            slot_of.contains_key(id) && corrections.get(id).map_or(0, Vec::len) != *count
        });
        if stale {
            return Err(ScanError::NeedsMerge);
        }
        self.corrections = (corrections.into_iter())
            .map(|(id, list)| (id_text(id), list))
            .collect();
        self.games = slots.into_iter().flatten().collect();
        Ok(())
    }

    fn fold_one(&mut self, seq: u32, record: Light, folding: &mut Folding) {
        match record {
            Light::Listed(mut game, origin) => {
                game.seq = seq;
                // A summary listed again brings its own notes and backup id.
                self.notes.remove(&game.id);
                match origin {
                    Some(origin) => self.origins.insert(game.id, origin),
                    None => self.origins.remove(&game.id),
                };
                match folding.slot_of.get(&game.id) {
                    // Replaced where it stands, as the history replaces an entry.
                    Some(&slot) => folding.slots[slot] = Some(game),
                    None => {
                        folding.slot_of.insert(game.id, folding.slots.len());
                        folding.slots.push(Some(game));
                    }
                }
            }
            Light::Deleted(id) => {
                if let Some(slot) = folding.slot_of.remove(&id) {
                    folding.slots[slot] = None;
                    self.notes.remove(&id);
                    self.origins.remove(&id);
                }
            }
            Light::Notes(id, notes) => {
                if folding.slot_of.contains_key(&id) {
                    self.notes.insert(id, notes.into());
                }
            }
            Light::Corrected(corrected) => {
                let Corrected {
                    id,
                    correction,
                    count,
                    players,
                } = *corrected;
                let known = folding.corrections.entry(id).or_default();
                if !known.contains(&correction) {
                    known.push(correction);
                }
                folding.newest_count.insert(id, count);
                self.rescored.insert(id, players);
            }
            Light::Renamed(renamed) => {
                let (from, to) = *renamed;
                self.renames.push(Renamed {
                    seq,
                    from: name_key(&from),
                    to: to.trim().to_string(),
                });
            }
        }
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The latest time on any record: the next record is stamped after it.
    pub fn latest(&self) -> Option<DateTime<Utc>> {
        self.latest
    }

    /// Is this game in the history?
    pub fn contains(&self, id: &str) -> bool {
        is_valid_id(id) && self.games.iter().any(|game| game.id == id_number(id))
    }

    /// Every live game's id and, for an imported one, the id it had in its backup.
    pub fn known_ids(&self) -> impl Iterator<Item = String> + '_ {
        (self.games.iter().map(|game| id_text(game.id)))
            .chain(self.origins.values().map(|origin| origin.to_string()))
    }

    /// Puts the games newest first (by start; equal starts keep the history's order).
    pub fn sort_newest_first(&mut self) {
        self.games
            .sort_by_key(|game| std::cmp::Reverse(game.started_at));
    }

    /// Each live game's summary as the history has it, read one at a time, in the history's
    /// order (or newest first after [`Scan::sort_newest_first`]).
    pub fn entries(&mut self) -> impl Iterator<Item = io::Result<HistoryEntry>> + '_ {
        (0..self.games.len()).map(move |i| self.read(i))
    }

    /// One game's summary, if it is in the history.
    pub fn entry(&mut self, id: &str) -> Option<io::Result<HistoryEntry>> {
        if !is_valid_id(id) {
            return None;
        }
        let i = self
            .games
            .iter()
            .position(|game| game.id == id_number(id))?;
        Some(self.read(i))
    }

    /// The games' sessions as the history has them (their corrections replayed).
    pub fn sessions(&self, history_dir: &Path) -> Sessions {
        Sessions::with_corrections(history_dir, self.corrections.clone())
    }

    /// Reads the `i`th game's summary line and applies what later records changed.
    fn read(&mut self, i: usize) -> io::Result<HistoryEntry> {
        let game = self.games[i];
        let file = &mut self.logs[game.log as usize];
        file.seek(SeekFrom::Start(game.offset))?;
        let mut bytes = vec![0; game.length as usize];
        file.read_exact(&mut bytes)?;
        let mut entry = match serde_json::from_slice::<IndexOp>(&bytes) {
            Ok(IndexOp::Put(entry) | IndexOp::Game { entry, .. })
                if entry.id == id_text(game.id) =>
            {
                *entry
            }
            Ok(_) => return Err(io::Error::other("the history's log changed while read")),
            Err(e) => return Err(io::Error::new(io::ErrorKind::InvalidData, e)),
        };
        for rename in self.renames.iter().filter(|r| r.seq > game.seq) {
            rename_in_entry(&mut entry, &rename.from, &rename.to);
        }
        if let Some(notes) = self.notes.get(&game.id) {
            entry.notes.clone_from(notes);
        }
        if let Some(players) = self.rescored.get(&game.id) {
            take_scores_into(&mut entry, players);
        }
        Ok(entry)
    }
}

#[cfg(test)]
mod tests;
