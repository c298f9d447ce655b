//! Bringing a backup's games into the history. A backup is untrusted input: serde_json's
//! recursion limit stays on, counts and lengths are bounded, each game is replayed and
//! re-scored by the rules instead of trusting its summary, every imported game gets a new id
//! (remembering where it came from), and no path is taken from the file.

use std::collections::HashSet;

use chrono::Utc;

use super::{BACKUP_FORMAT, Backup, BackupSession, ImportError};
use crate::i18n::Text;
use crate::session::summary::HistoryEntry;
use crate::store::history::{History, HistoryError};
use crate::store::saved::SavedSession;

const MAX_PLAYERS: usize = 10;
const MAX_EVENTS: usize = 100_000;
use crate::session::lineup::MAX_NAME_CHARS;
use crate::session::summary::MAX_NOTES_CHARS;

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub added: usize,
    /// Already in the history (same id, or imported from the same id before).
    pub skipped: usize,
    /// (the session's id in the backup, why it was refused)
    pub refused: Vec<(String, Text)>,
    /// (the session's id in the backup, what was changed to take it): a game written before
    /// today's limits is taken, fitted to them, and the change said, never dropped.
    pub changed: Vec<(String, Text)>,
}

/// Parses a whole backup held in memory (tests, the fuzz target); an import streams instead
/// ([`import_file`]). Both read with [`super::read_backup`].
pub fn parse_backup(bytes: &[u8]) -> Result<Backup, ImportError> {
    let mut sessions = Vec::new();
    let header = super::read_backup(bytes, Default::default(), |game| {
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
    progress: impl FnMut(u64, u64),
) -> Result<ImportReport, ImportError> {
    let known = history.known_ids().collect();
    import_file_knowing(history, known, path, progress)
}

/// [`import_file`] into a history whose games are not listed in memory (see
/// [`History::open_to_append`]): `known` holds the ids, and backup ids, of those already in it.
pub fn import_file_knowing(
    history: &mut History,
    known: HashSet<String>,
    path: &std::path::Path,
    mut progress: impl FnMut(u64, u64),
) -> Result<ImportReport, ImportError> {
    let reading = super::read_on_thread(path, 64)
        .map_err(|e| ImportError::NotABackup(format!("{}: {e}", path.display())))?;
    let mut importer = Importer::knowing(known, false);
    importer.take(history, reading.games.iter(), usize::MAX, || {
        progress(
            reading.read.load(std::sync::atomic::Ordering::Relaxed),
            reading.size,
        )
    })?;
    Ok(importer.report)
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
    /// An importer into `history`, its games joining the history's list in memory (the app).
    pub fn new(history: &History) -> Importer {
        Importer::knowing(history.known_ids().collect(), true)
    }

    /// An importer into a history holding the games `known` names (their ids and backup ids).
    fn knowing(known: HashSet<String>, keep_listed: bool) -> Importer {
        Importer {
            known,
            pending: Vec::new(),
            keep_listed,
            report: ImportReport::default(),
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
        let mut item = item;
        for change in fit_to_limits(&mut item) {
            self.report.changed.push((origin.clone(), change));
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

    /// The one import loop, for the command line's whole file and the window's steps: takes up
    /// to `limit` games from `games`, calling `each` after each one, then writes what it took.
    /// `Ok(true)` once `games` has run out. An error (a game the reader could not parse, a
    /// write that failed) ends the import; the games taken before it are written first, whole.
    pub fn take(
        &mut self,
        history: &mut History,
        mut games: impl Iterator<Item = Result<BackupSession, ImportError>>,
        limit: usize,
        mut each: impl FnMut(),
    ) -> Result<bool, ImportError> {
        let mut taken = 0;
        let mut failed = None;
        for game in games.by_ref().take(limit) {
            taken += 1;
            match game.and_then(|game| Ok(self.import(history, game)?)) {
                Ok(()) => each(),
                // Refused, named by its place in the file (its id is inside what was too large).
                Err(error @ ImportError::GameTooLarge { number }) => {
                    self.report
                        .refused
                        .push((format!("#{number}"), error.text()));
                    each();
                }
                Err(error) => {
                    failed = Some(error);
                    break;
                }
            }
        }
        self.flush(history)?;
        match failed {
            Some(error) => Err(error),
            None => Ok(taken < limit),
        }
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

/// Imports a backup held in memory; `progress(done, total)` is called after each session.
pub fn import(
    history: &mut History,
    backup: Backup,
    mut progress: impl FnMut(usize, usize),
) -> Result<ImportReport, ImportError> {
    let mut importer = Importer::new(history);
    let total = backup.sessions.len();
    let mut done = 0;
    let games = backup.sessions.into_iter().map(Ok);
    importer.take(history, games, usize::MAX, || {
        done += 1;
        progress(done, total)
    })?;
    Ok(importer.report)
}

/// Fits a game written before today's limits to them: a character a name may no longer hold
/// (one that shows nothing or breaks the line) is left out, a player's name past
/// [`MAX_NAME_CHARS`] and notes past [`MAX_NOTES_CHARS`] are cut there. Returns what changed,
/// in words, for the import's report. A name with nothing left is not changed: it is refused.
pub fn fit_to_limits(item: &mut BackupSession) -> Vec<Text> {
    let mut changed = Vec::new();
    for player in &mut item.session.setup_mut().players {
        if let Some(c) = crate::untrusted::first_hidden(&player.name) {
            let shown = crate::untrusted::without_hidden(&player.name)
                .trim()
                .to_string();
            if !shown.is_empty() {
                let code = format!("U+{:04X}", u32::from(c));
                changed.push(
                    Text::new("import.hidden_left_out")
                        .arg("code", code)
                        .arg("name", &shown),
                );
                player.name = shown;
            }
        }
        if player.name.chars().count() > MAX_NAME_CHARS {
            let short: String = player.name.chars().take(MAX_NAME_CHARS).collect();
            let short = short.trim().to_string();
            changed.push(
                Text::new("import.name_cut")
                    .arg("max", MAX_NAME_CHARS)
                    .arg("name", &short),
            );
            player.name = short;
        }
    }
    if item.entry.notes.chars().count() > MAX_NOTES_CHARS {
        item.entry.notes = item.entry.notes.chars().take(MAX_NOTES_CHARS).collect();
        changed.push(Text::new("import.notes_cut").arg("max", MAX_NOTES_CHARS));
    }
    changed
}

/// Checks one imported session and rebuilds its entry from a replay under a new id
/// (no disk access: the fuzz target calls it directly).
pub fn checked_entry(item: BackupSession) -> Result<(HistoryEntry, SavedSession), Text> {
    let BackupSession { entry, mut session } = item;
    let players = &session.setup().players;
    if players.len() > MAX_PLAYERS {
        return Err(Text::new("import.too_many_players").arg("max", MAX_PLAYERS));
    }
    if session.event_count() > MAX_EVENTS {
        return Err(Text::new("import.too_many_events").arg("max", MAX_EVENTS));
    }
    let long_name = players
        .iter()
        .any(|p| p.name.chars().count() > MAX_NAME_CHARS);
    if long_name {
        return Err(Text::new("import.long_name").arg("max", MAX_NAME_CHARS));
    }
    // A name that shows nothing, acts, or breaks the line (U+2028) is refused as the setup
    // refuses it: it would pass for another player, or split the history's lines.
    let hidden = (players.iter()).find_map(|p| crate::untrusted::first_hidden(&p.name));
    if let Some(c) = hidden {
        let code = format!("U+{:04X}", u32::from(c));
        return Err(Text::new("import.hidden_character").arg("code", code));
    }
    if entry.notes.chars().count() > MAX_NOTES_CHARS {
        return Err(Text::new("past.long_notes").arg("max", MAX_NOTES_CHARS));
    }
    // Every level is version-checked: a game written by a newer tablekeeper would be accepted
    // here and then break `history show` and every later backup.
    if session.version() > crate::session::SESSION_VERSION {
        return Err(Text::new("import.newer_game")
            .arg("found", session.version())
            .arg("supported", crate::session::SESSION_VERSION));
    }
    (session.check_profile())
        .map_err(|problem| Text::new("import.broken_profile").arg("problem", problem))?;
    // Written out in today's types: an older file is rewritten as today's version.
    session.mark_current();
    let origin = entry.origin_id.clone().unwrap_or(entry.id.clone());
    session.set_id(crate::session::new_id());
    // Kept in the file too; the summary takes it from there.
    session.set_origin_id(origin);
    // A game kept on paper says so in its summary (and, written since, in its file): it has
    // no times to believe or doubt, so the mark is taken as it is.
    if entry.logged {
        session.set_logged();
    }
    let mut rebuilt =
        (session.summarize(entry.outcome, entry.ended_at)).map_err(|error| error.text())?;
    // A game from the future would sit in the history at a date no one played it, and in
    // every statistic of a month to come: refused, as the window's and `history add`'s date.
    let last = rebuilt.started_at.max(rebuilt.ended_at);
    if last > Utc::now() {
        let at = last.format("%Y-%m-%d %H:%M UTC");
        return Err(Text::new("import.future").arg("at", at));
    }
    rebuilt.notes = entry.notes;
    Ok((rebuilt, session))
}
