//! Files for other programs: CSV for spreadsheets and BG Stats' own files (`bgstats.rs`), and
//! the one place that writes any export (a backup too, see [`crate::backup`]) to a file,
//! atomically.

mod bgstats;

pub use bgstats::{
    BGSTATS_PUSH, BgStatsContext, BgStatsFile, BgStatsGame, BgStatsPlay, BgStatsPlayer, BggIds,
    bgstats, bgstats_file, bgstats_link, bgstats_play, write_bgstats,
};

use chrono::{DateTime, Utc};

use crate::backup::{LeftOut, write_backup_from};
use crate::i18n::Text;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::store::history::History;

/// Games an export walks, more than once where it must (a CSV's columns before its rows, BG
/// Stats' games and players before its plays), in the export's order each time: games held in
/// memory, or the command line's history read from its logs one game at a time.
/// A visit that fails (a write to the export's file) ends the walk with its error.
pub trait Games {
    fn each(
        &mut self,
        visit: &mut dyn FnMut(&HistoryEntry) -> std::io::Result<()>,
    ) -> std::io::Result<()>;
}

/// Games held in memory (any iterator over them that can start again).
pub struct InMemory<I>(pub I);

impl<'a, I: IntoIterator<Item = &'a HistoryEntry> + Clone> Games for InMemory<I> {
    fn each(
        &mut self,
        visit: &mut dyn FnMut(&HistoryEntry) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.0.clone().into_iter().try_for_each(visit)
    }
}

/// CSV: one row per player per session, a column per score part (the union over the entries).
pub fn csv<'a>(entries: impl IntoIterator<Item = &'a HistoryEntry> + Clone) -> String {
    let mut out = Vec::new();
    write_csv(&mut InMemory(entries), &mut out).expect("writing to memory");
    String::from_utf8(out).expect("CSV of UTF-8 strings")
}

/// [`csv`] written to `out`, one row in memory at a time.
pub fn write_csv(games: &mut dyn Games, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut parts: Vec<String> = Vec::new();
    games.each(&mut |entry| {
        for part in &entry.parts {
            if !parts.contains(part) {
                parts.push(part.clone());
            }
        }
        Ok(())
    })?;
    // A byte-order mark first: without it, Excel reads UTF-8 as the system's code page and
    // Japanese names come out garbled.
    out.write_all("\u{feff}".as_bytes())?;
    let mut writer = ::csv::Writer::from_writer(out);
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
    writer.write_record(&header)?;
    games.each(&mut |entry| Ok(csv_rows(&mut writer, entry, &parts)?))?;
    writer.flush()
}

/// One game's rows: a row per player, then one for the opponent the game plays itself (Earth's
/// Gaia), with no seat: a game lost to Gaia reads as lost in a spreadsheet too.
fn csv_rows(
    writer: &mut ::csv::Writer<&mut dyn std::io::Write>,
    entry: &HistoryEntry,
    parts: &[String],
) -> ::csv::Result<()> {
    let game = [
        entry.id.clone(),
        entry.started_at.format("%Y-%m-%d %H:%M").to_string(),
        entry.game.clone(),
        match entry.outcome {
            Outcome::Finished => "finished".into(),
            Outcome::Abandoned => "abandoned".into(),
        },
        // A game logged from paper has no length: an empty cell, never 0.
        match entry.logged {
            true => String::new(),
            false => minutes(entry.duration_ms).to_string(),
        },
    ];
    let scores = |scores: &[crate::scoring::Points]| -> Vec<String> {
        (parts.iter())
            .map(|part| {
                (entry.parts.iter().position(|p| p == part))
                    .and_then(|i| scores.get(i))
                    .map(|v| v.to_string())
                    .unwrap_or_default()
            })
            .collect()
    };
    let mut rows = Vec::new();
    for (seat, player) in entry.players.iter().enumerate() {
        let mut row = game.to_vec();
        row.extend([
            player.name.clone(),
            (seat + 1).to_string(),
            (seat == entry.start_player).to_string(),
            player.rank.to_string(),
            player.winner.to_string(),
            player.total.to_string(),
        ]);
        row.extend(scores(&player.scores));
        rows.push(row);
    }
    if let (Some(opponent), Some(rank)) = (&entry.opponent, entry.opponent_rank()) {
        let mut row = game.to_vec();
        row.extend([
            opponent.name.clone(),
            String::new(),
            false.to_string(),
            rank.to_string(),
            opponent.winner.to_string(),
            opponent.total.to_string(),
        ]);
        row.extend(scores(&opponent.scores));
        rows.push(row);
    }
    for row in rows {
        writer.write_record(
            row.iter()
                .map(|cell| crate::untrusted::for_spreadsheet(cell).into_owned()),
        )?;
    }
    Ok(())
}

/// A duration in whole minutes, rounded; a history line's negative or overflowing figure is
/// held to 0 and the largest.
fn minutes(ms: i64) -> i64 {
    ms.max(0).saturating_add(30_000) / 60_000
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

/// A game left out for a damaged file: a copy of that file goes to `damaged/`, where the other
/// damaged files are (best-effort: a data directory on a read-only disk keeps none).
pub fn keep_damaged_copies(history: &History, left_out: &[LeftOut]) {
    for (id, _) in left_out {
        let _ = history.keep_damaged_copy(id);
    }
}

/// An export that owns what it needs (the summaries, the history's folder), so it can run on a
/// thread of its own while the window goes on; [`ExportJob::run`] writes the file.
#[derive(Debug, Clone)]
pub struct ExportJob {
    sessions: crate::store::history::Sessions,
    entries: Vec<HistoryEntry>,
    kind: ExportKind,
    pub path: std::path::PathBuf,
    now: DateTime<Utc>,
    bgstats: BgStatsContext,
}

impl ExportJob {
    /// The games `ids` of `history` (ids it does not hold are skipped).
    pub fn new(
        history: &History,
        ids: &[String],
        kind: ExportKind,
        path: std::path::PathBuf,
        now: DateTime<Utc>,
    ) -> ExportJob {
        ExportJob {
            sessions: history.sessions(),
            entries: ids
                .iter()
                .filter_map(|id| history.get(id))
                .cloned()
                .collect(),
            kind,
            path,
            now,
            bgstats: BgStatsContext::default(),
        }
    }

    /// The BGG ids a BG Stats file names its games by.
    pub fn with_bgstats(mut self, bgstats: BgStatsContext) -> ExportJob {
        self.bgstats = bgstats;
        self
    }

    /// How many games the export holds.
    pub fn games(&self) -> usize {
        self.entries.len()
    }

    /// Writes the file; the games a backup had to leave out come back.
    pub fn run(self) -> Result<Vec<LeftOut>, String> {
        let text = match self.kind {
            ExportKind::Backup => {
                return crate::store::fsutil::write_chosen_with(&self.path, |out| {
                    write_backup_from(&self.sessions, self.entries, self.now, out)
                })
                .map_err(|e| e.to_string());
            }
            ExportKind::Csv => csv(&self.entries),
            ExportKind::BgStats => bgstats(&self.entries, &self.bgstats),
        };
        crate::store::fsutil::write_chosen(&self.path, text.as_bytes())
            .map(|()| Vec::new())
            .map_err(|e| e.to_string())
    }
}
