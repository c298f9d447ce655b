//! Moving data in and out: a full backup (JSON), CSV for spreadsheets, and BG Stats play files.
//!
//! An import is untrusted input: it is read one game at a time with each game's size bounded
//! ([`crate::backup_stream`]), serde_json's recursion limit stays on, counts and ranges are checked
//! after parsing, each session is replayed and re-scored by the rules instead of trusting its
//! summary, every imported session gets a new id, and no path is taken from the file.

use std::collections::HashSet;

use crate::i18n::Text;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::store::entry::{HistoryEntry, Outcome};
use crate::store::history::{History, HistoryError};
use crate::store::saved::SavedSession;

pub const BACKUP_FORMAT: &str = "tablekeeper-backup";
pub const BACKUP_VERSION: u32 = 1;
const MAX_PLAYERS: usize = 10;
const MAX_EVENTS: usize = 100_000;
const MAX_NAME_CHARS: usize = 100;
const MAX_NOTES_CHARS: usize = 10_000;

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

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub added: usize,
    /// Already in the history (same id, or imported from the same id before).
    pub skipped: usize,
    /// (the session's id in the backup, why it was refused)
    pub refused: Vec<(String, String)>,
}

/// Why a backup could not be imported at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file is not a tablekeeper backup: {0}")]
    NotABackup(String),
    #[error("the backup was written by a newer tablekeeper (version {0})")]
    NewerVersion(u32),
    #[error(transparent)]
    History(#[from] HistoryError),
}

/// Parses a whole backup held in memory (tests, the fuzz target); an import streams instead
/// ([`import_file`]). Both read with [`crate::backup_stream::read_backup`].
pub fn parse_backup(bytes: &[u8]) -> Result<Backup, ImportError> {
    let mut sessions = Vec::new();
    let header = crate::backup_stream::read_backup(bytes, Default::default(), |game| {
        sessions.push(game);
        Ok(())
    })?;
    Ok(Backup {
        format: BACKUP_FORMAT.into(),
        version: header.version,
        exported_at: header.exported_at,
        sessions,
    })
}

/// Imports a backup file one game at a time: a thread parses while this one checks and writes
/// (memory holds a few games and one batch, not the file; the imported games are not kept in
/// `history`'s list: drop it afterwards). `progress(bytes read, file size)` after each game.
pub fn import_file(
    history: &mut History,
    path: &std::path::Path,
    mut progress: impl FnMut(u64, u64),
) -> Result<ImportReport, ImportError> {
    let reading = crate::backup_stream::read_on_thread(path, 64)
        .map_err(|e| ImportError::NotABackup(format!("{}: {e}", path.display())))?;
    let mut importer = Importer::on_disk_only(history);
    let mut failed = None;
    for game in reading.games.iter() {
        match game.and_then(|game| Ok(importer.import(history, game)?)) {
            Ok(()) => progress(
                reading.read.load(std::sync::atomic::Ordering::Relaxed),
                reading.size,
            ),
            Err(error) => {
                failed = Some(error);
                break;
            }
        }
    }
    // The games read before a damaged spot are kept: each batch is whole on disk.
    importer.flush(history)?;
    match failed {
        Some(error) => Err(error),
        None => Ok(importer.report),
    }
}

/// Imports sessions one at a time, remembering which are already in the history, and writes
/// them in batches made durable together (one sync per batch, not per game). The app imports a
/// batch per step and shows progress between them; [`Importer::flush`] ends a step.
#[derive(Debug)]
pub struct Importer {
    known: HashSet<String>,
    pending: Vec<(HistoryEntry, SavedSession)>,
    /// Whether the imported games join the `History`'s list in memory (the app) or are only
    /// written (the command line, which exits after: memory stays one batch).
    keep_listed: bool,
    pub report: ImportReport,
}

/// Games written to the history together.
const IMPORT_WRITE_BATCH: usize = 256;

impl Importer {
    pub fn new(history: &History) -> Importer {
        Importer {
            known: history
                .entries()
                .iter()
                .flat_map(|e| std::iter::once(e.id.clone()).chain(e.origin_id.clone()))
                .collect(),
            pending: Vec::new(),
            keep_listed: true,
            report: ImportReport::default(),
        }
    }

    /// An importer whose games are written but not kept in the `History`'s list (for a
    /// `History` that is dropped when the import is done).
    pub fn on_disk_only(history: &History) -> Importer {
        Importer {
            keep_listed: false,
            ..Importer::new(history)
        }
    }

    /// Takes one session unless it is already there or fails its checks; writes a full batch.
    pub fn import(
        &mut self,
        history: &mut History,
        item: BackupSession,
    ) -> Result<(), HistoryError> {
        let origin = item
            .entry
            .origin_id
            .clone()
            .unwrap_or_else(|| item.entry.id.clone());
        if self.known.contains(&origin) || self.known.contains(&item.entry.id) {
            self.report.skipped += 1;
            return Ok(());
        }
        match checked_entry(item) {
            Ok(game) => {
                self.known.insert(origin);
                self.pending.push(game);
                if self.pending.len() >= IMPORT_WRITE_BATCH {
                    self.flush(history)?;
                }
            }
            Err(reason) => self.report.refused.push((origin, reason)),
        }
        Ok(())
    }

    /// Writes the games taken so far; the report counts them once they are on disk.
    pub fn flush(&mut self, history: &mut History) -> Result<(), HistoryError> {
        let games = std::mem::take(&mut self.pending);
        let count = games.len();
        history.put_batch(games, self.keep_listed)?;
        self.report.added += count;
        Ok(())
    }
}

/// Imports a backup into the history; `progress(done, total)` is called after each session.
pub fn import(
    history: &mut History,
    backup: Backup,
    mut progress: impl FnMut(usize, usize),
) -> Result<ImportReport, ImportError> {
    let mut importer = Importer::new(history);
    let total = backup.sessions.len();
    for (done, item) in backup.sessions.into_iter().enumerate() {
        importer.import(history, item)?;
        progress(done + 1, total);
    }
    importer.flush(history)?;
    Ok(importer.report)
}

/// Checks one imported session and rebuilds its entry from a replay under a new id
/// (no disk access: the fuzz target calls it directly).
pub fn checked_entry(item: BackupSession) -> Result<(HistoryEntry, SavedSession), String> {
    let BackupSession { entry, mut session } = item;
    let players = &session.setup().players;
    if players.len() > MAX_PLAYERS {
        return Err(format!("more than {MAX_PLAYERS} players"));
    }
    if session.event_count() > MAX_EVENTS {
        return Err(format!("more than {MAX_EVENTS} events"));
    }
    let long_name = players
        .iter()
        .any(|p| p.name.chars().count() > MAX_NAME_CHARS);
    if long_name {
        return Err(format!(
            "a player name longer than {MAX_NAME_CHARS} characters"
        ));
    }
    if entry.notes.chars().count() > MAX_NOTES_CHARS {
        return Err(format!("notes longer than {MAX_NOTES_CHARS} characters"));
    }
    // Every level is version-checked: a game written by a newer tablekeeper would be accepted
    // here and then break `history show` and every later backup.
    if session.version() > crate::session::SESSION_VERSION {
        return Err(format!(
            "written by a newer tablekeeper (session version {})",
            session.version()
        ));
    }
    session.check_profile()?;
    let origin = entry.origin_id.clone().unwrap_or(entry.id.clone());
    session.set_id(crate::session::new_id());
    let mut rebuilt = session.summarize(entry.outcome, entry.ended_at)?;
    rebuilt.origin_id = Some(origin);
    rebuilt.notes = entry.notes;
    Ok((rebuilt, session))
}

/// CSV: one row per player per session, a column per score part (the union over the entries).
pub fn csv<'a>(entries: impl IntoIterator<Item = &'a HistoryEntry> + Clone) -> String {
    let mut parts: Vec<String> = Vec::new();
    for entry in entries.clone() {
        for part in &entry.parts {
            if !parts.contains(part) {
                parts.push(part.clone());
            }
        }
    }
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "session",
        "date",
        "game",
        "outcome",
        "duration_min",
        "player",
        "seat",
        "start_player",
        "rank",
        "winner",
        "total",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(parts.iter().cloned());
    writer.write_record(&header).expect("writing to memory");
    for entry in entries {
        for (seat, player) in entry.players.iter().enumerate() {
            let mut row = vec![
                entry.id.clone(),
                entry.started_at.format("%Y-%m-%d %H:%M").to_string(),
                entry.game.clone(),
                match entry.outcome {
                    Outcome::Finished => "finished".into(),
                    Outcome::Abandoned => "abandoned".into(),
                },
                minutes(entry.duration_ms).to_string(),
                player.name.clone(),
                (seat + 1).to_string(),
                (seat == entry.start_player).to_string(),
                player.rank.to_string(),
                player.winner.to_string(),
                player.total.to_string(),
            ];
            for part in &parts {
                let value = entry
                    .parts
                    .iter()
                    .position(|p| p == part)
                    .and_then(|i| player.scores.get(i))
                    .map(|v| v.to_string())
                    .unwrap_or_default();
                row.push(value);
            }
            writer
                .write_record(
                    row.iter()
                        .map(|cell| crate::untrusted::for_spreadsheet(cell).into_owned()),
                )
                .expect("writing to memory");
        }
    }
    // A byte-order mark first: without it, Excel reads UTF-8 as the system's code page and
    // Japanese names come out garbled.
    let mut text = String::from("\u{feff}");
    text.push_str(
        &String::from_utf8(writer.into_inner().expect("writing to memory"))
            .expect("CSV of UTF-8 strings"),
    );
    text
}

fn minutes(ms: i64) -> i64 {
    (ms + 30_000) / 60_000
}

/// A play in BG Stats' push-plays JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsPlay {
    pub source_name: String,
    pub source_play_id: String,
    /// Local time is unknown to the history, so this is UTC: "YYYY-MM-DD hh:mm:ss".
    pub play_date: String,
    pub duration_min: i64,
    pub game: BgStatsGame,
    pub players: Vec<BgStatsPlayer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsGame {
    pub name: String,
    pub highest_wins: bool,
    pub no_points: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStatsPlayer {
    pub name: String,
    pub score: crate::scoring::Points,
    pub rank: u32,
    pub winner: bool,
    pub start_player: bool,
}

/// One session as a BG Stats play.
pub fn bgstats_play(entry: &HistoryEntry) -> BgStatsPlay {
    BgStatsPlay {
        source_name: "tablekeeper".into(),
        source_play_id: entry.origin_id.clone().unwrap_or(entry.id.clone()),
        play_date: entry.started_at.format("%Y-%m-%d %H:%M:%S").to_string(),
        duration_min: minutes(entry.duration_ms),
        game: BgStatsGame {
            name: entry.game_name.en.clone(),
            highest_wins: !entry.lowest_wins,
            no_points: entry.ending.is_some(),
        },
        players: entry
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| BgStatsPlayer {
                name: p.name.clone(),
                score: p.total,
                rank: p.rank,
                winner: p.winner,
                start_player: seat == entry.start_player,
            })
            .collect(),
    }
}

/// A BG Stats play file: one play as an object, several as an array.
pub fn bgstats<'a>(entries: impl IntoIterator<Item = &'a HistoryEntry>) -> String {
    let plays: Vec<BgStatsPlay> = entries.into_iter().map(bgstats_play).collect();
    let json = match plays.as_slice() {
        [one] => serde_json::to_string_pretty(one),
        many => serde_json::to_string_pretty(many),
    };
    json.expect("plays serialise")
}

/// What an export from the history screen writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    Backup,
    Csv,
    BgStats,
}

impl ExportKind {
    /// The file name of an export made at `now`.
    pub fn file_name(self, now: DateTime<Utc>) -> String {
        let stamp = now.format("%Y%m%d-%H%M%S");
        match self {
            ExportKind::Backup => format!("tablekeeper-backup-{stamp}.json"),
            ExportKind::Csv => format!("tablekeeper-{stamp}.csv"),
            ExportKind::BgStats => format!("tablekeeper-bgstats-{stamp}.json"),
        }
    }
}

/// Writes the given games as `kind` into `folder` (atomically) and returns the file's path.
pub fn write_export(
    history: &History,
    ids: &[String],
    kind: ExportKind,
    folder: &std::path::Path,
    now: DateTime<Utc>,
) -> Result<(std::path::PathBuf, Vec<LeftOut>), String> {
    std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
    let path = folder.join(kind.file_name(now));
    let left_out = write_export_to(history, ids, kind, &path, now)?;
    Ok((path, left_out))
}

/// What the window says after an export: how many games went where, and any left out.
pub fn exported_text(written: usize, path: &std::path::Path, left_out: &[LeftOut]) -> Text {
    if left_out.is_empty() {
        return Text::new("notice.exported")
            .arg("games", written)
            .arg("path", path.display());
    }
    let ids: Vec<&str> = left_out.iter().map(|(id, _)| id.as_str()).collect();
    Text::new("notice.exported_left_out")
        .arg("games", written - left_out.len().min(written))
        .arg("path", path.display())
        .arg("left", left_out.len())
        .arg("ids", ids.join(", "))
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
    let mut left_out = Vec::new();
    write_backup_with(now, out, |write| {
        for entry in scan.entries() {
            let entry = entry?;
            if !filter.matches(&entry) {
                continue;
            }
            match crate::store::history::read_session_file(history_dir, &entry.id) {
                Ok(session) => write(BackupSession { entry, session })?,
                Err(e) => left_out.push((entry.id.clone(), e.to_string())),
            }
        }
        Ok(())
    })?;
    Ok(left_out)
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
    let mut left_out = Vec::new();
    write_backup_with(now, out, |write| {
        for entry in entries {
            match history.session_file(&entry.id) {
                Ok(session) => write(BackupSession {
                    entry: entry.clone(),
                    session,
                })?,
                Err(e) => left_out.push((entry.id.clone(), e.to_string())),
            }
        }
        Ok(())
    })?;
    Ok(left_out)
}

/// Writes the given games as `kind` to `path` (atomically). A backup streams, one game at a
/// time; the games it had to leave out come back.
pub fn write_export_to(
    history: &History,
    ids: &[String],
    kind: ExportKind,
    path: &std::path::Path,
    now: DateTime<Utc>,
) -> Result<Vec<LeftOut>, String> {
    let entries: Vec<&HistoryEntry> = ids.iter().filter_map(|id| history.get(id)).collect();
    let text = match kind {
        ExportKind::Backup => {
            let left_out = crate::store::fsutil::write_atomic_with(path, |out| {
                write_backup(history, entries, now, out)
            })
            .map_err(|e| e.to_string())?;
            // A game left out for a damaged file: a copy of that file goes to `damaged/`, where
            // the other damaged files are (only when this copy of the app may write there).
            if history.is_writable() {
                for (id, _) in &left_out {
                    let _ = history.keep_damaged_copy(id);
                }
            }
            return Ok(left_out);
        }
        ExportKind::Csv => csv(entries),
        ExportKind::BgStats => bgstats(entries),
    };
    crate::store::fsutil::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(Vec::new())
}
