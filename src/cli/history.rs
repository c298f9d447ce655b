//! `tablekeeper history …`: list, show, statistics, export and import of the history.

use std::path::{Path, PathBuf};

use chrono::{DateTime, NaiveDate, Utc};
use clap::{Args, Subcommand, ValueEnum};

use crate::i18n::{Locale, Text};
use crate::session::summary::HistoryEntry;
use crate::stats::{self, Filter};
use crate::store::history::History;
use crate::store::{DataDir, resolve_data_dir, resolve_history_dir};
use crate::{backup, export};

#[derive(Debug, Subcommand)]
pub enum HistoryCommand {
    /// Every session, newest first.
    List(FilterArgs),
    /// One session: its score sheet and summary.
    Show { id: String },
    /// Statistics per player, head to head, durations, plays per month.
    Stats {
        #[command(flatten)]
        filter: FilterArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Export sessions as a backup, CSV or a BG Stats play file.
    Export {
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Write here instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Only this session.
        #[arg(long)]
        id: Option<String>,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// Import a backup; sessions already in the history are skipped. The summary goes to
    /// stdout, each refused game to stderr. Exit status: 0 when every game was added or was
    /// already there, 3 when some were refused and the rest imported, 1 when nothing could be
    /// imported (every game refused, or the file unreadable).
    Import { file: PathBuf },
    /// Log a game kept on paper: a sheet file (as `score` reads, with "played_at"), scored
    /// by the same engine and kept in the history like a game played with the app.
    Add { file: PathBuf },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    Backup,
    Csv,
    /// BG Stats' own import file (JSON: games, players, locations, plays linked by ids), for
    /// BG Stats' "import" of a file.
    Bgstats,
    /// One BG Stats push link per play, a line each: opened on a phone with BG Stats, it
    /// fills in the play to save.
    BgstatsLink,
}

#[derive(Debug, Clone, Default, Args)]
pub struct FilterArgs {
    /// Only this game (a profile id, e.g. terravist).
    #[arg(long)]
    pub game: Option<String>,
    /// Only sessions this player played.
    #[arg(long)]
    pub player: Option<String>,
    /// From this date (YYYY-MM-DD).
    #[arg(long, value_parser = parse_day)]
    pub from: Option<NaiveDate>,
    /// Up to and including this date (YYYY-MM-DD).
    #[arg(long, value_parser = parse_day)]
    pub to: Option<NaiveDate>,
}

fn parse_day(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| format!("\"{text}\" is not a date like 2026-11-21"))
}

impl FilterArgs {
    pub fn filter(&self) -> Filter {
        let start = |d: NaiveDate| d.and_hms_opt(0, 0, 0).map(|t| t.and_utc());
        let end = |d: NaiveDate| d.and_hms_opt(23, 59, 59).map(|t| t.and_utc());
        Filter {
            game: self.game.clone(),
            player: self.player.clone(),
            from: self.from.and_then(start),
            to: self.to.and_then(end),
            include_abandoned: false,
        }
    }
}

/// How a history command that did its work ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Done,
    /// An import that refused some games and took the others.
    PartlyImported,
}

/// The exit status of an import that refused some games and took the rest.
pub const EXIT_PARTLY_IMPORTED: u8 = 3;

/// Runs a history command; `Err` is the one line printed on stderr.
pub fn run(
    command: HistoryCommand,
    places: super::Places,
    locale: Locale,
) -> Result<Ended, String> {
    let root = resolve_data_dir(places.data_dir).map_err(|e| e.to_string())?;
    let shared = resolve_history_dir(places.history_dir);
    match command {
        HistoryCommand::Add { file } => {
            let dir =
                DataDir::open_with_history(&root, shared.clone()).map_err(|e| e.to_string())?;
            let entry = add(&dir, &file, locale)?;
            sayln!("{}", Text::new("history.logged").render(locale));
            sayln!("{}", list_line(&entry, locale));
            Ok(Ended::Done)
        }
        HistoryCommand::Import { file } => {
            let dir =
                DataDir::open_with_history(&root, shared.clone()).map_err(|e| e.to_string())?;
            let mut history = dir.history().map_err(|e| e.to_string())?;
            if let Some(notice) = &history.notice {
                esayln!("tablekeeper: {}", notice.describe());
            }
            let report = backup::import_file(&mut history, &file, |_, _| {})
                .map_err(|e| format!("{}: {e}", file.display()))?;
            sayln!(
                "{}",
                Text::new("history.imported")
                    .arg("added", report.added)
                    .arg("skipped", report.skipped)
                    .arg("refused", report.refused.len())
                    .render(locale)
            );
            for (id, reason) in &report.refused {
                esayln!("  {id}: {reason}");
            }
            match (report.refused.len(), report.added + report.skipped) {
                (0, _) => Ok(Ended::Done),
                (_, 0) => Err(Text::new("history.import_none").render(locale)),
                _ => Ok(Ended::PartlyImported),
            }
        }
        command => {
            // A mistyped --data-dir must not look like an empty history.
            if !root.is_dir() {
                return Err(format!(
                    "{}: there is no data directory here",
                    root.display()
                ));
            }
            if let Some(shared) = shared.as_ref().filter(|dir| !dir.is_dir()) {
                return Err(format!(
                    "{}: there is no history folder here",
                    shared.display()
                ));
            }
            // A whole-history backup is written straight from the files, one game at a time,
            // when the index reads cleanly (else the history opens whole, and repairs).
            if let HistoryCommand::Export {
                format: ExportFormat::Backup,
                out,
                id: None,
                filter,
            } = &command
            {
                let data = DataDir::open_read_only_with_history(&root, shared.clone());
                let (history_dir, damaged_dir) = (data.history_dir(), data.damaged_dir());
                match crate::store::index_scan::scan(&history_dir) {
                    Ok(mut scan) => {
                        let mut filter = filter.filter();
                        filter.include_abandoned = true;
                        let keep = |id: &str| {
                            let file = history_dir.join("sessions").join(format!("{id}.json"));
                            let _ = crate::store::fsutil::copy_aside_once(&file, &damaged_dir);
                        };
                        return write_backup(out.as_deref(), &keep, |out| {
                            backup::write_backup_scanned(
                                &history_dir,
                                &mut scan,
                                &filter,
                                Utc::now(),
                                out,
                            )
                        })
                        .map(|()| Ended::Done);
                    }
                    Err(crate::store::index_scan::ScanError::Newer(found)) => {
                        return Err(format!(
                            "{}: written by a newer tablekeeper (version {found})",
                            history_dir.display()
                        ));
                    }
                    Err(_) => {}
                }
            }
            // Reading needs no lock: the history is only ever replaced whole or appended to.
            let data = DataDir::open_read_only_with_history(&root, shared.clone());
            let history = data.history().map_err(|e| e.to_string())?;
            if let Some(notice) = &history.notice {
                esayln!("tablekeeper: {}", notice.describe());
            }
            read_command(command, &history, &data.profiles_dir(), locale).map(|()| Ended::Done)
        }
    }
}

fn newest_first<'a>(history: &'a History, filter: &Filter) -> Vec<&'a HistoryEntry> {
    let mut entries: Vec<&HistoryEntry> = history
        .entries()
        .iter()
        .filter(|e| filter.matches(e))
        .collect();
    entries.sort_by_key(|e| std::cmp::Reverse(e.started_at));
    entries
}

fn read_command(
    command: HistoryCommand,
    history: &History,
    profiles: &Path,
    locale: Locale,
) -> Result<(), String> {
    match command {
        HistoryCommand::List(args) => {
            let mut filter = args.filter();
            filter.include_abandoned = true;
            for entry in newest_first(history, &filter) {
                sayln!("{}", list_line(entry, locale));
            }
            Ok(())
        }
        HistoryCommand::Show { id } => {
            let file = history.session_file(&id).map_err(|e| e.to_string())?;
            let entry = history.get(&id).expect("session_file checked the id");
            sayln!("{}", list_line(entry, locale));
            let game = file.replay()?;
            let sheet = game.sheet().map_err(|e| e.to_string())?;
            say!("{}", super::sheet_table(game.profile(), &sheet, locale));
            if !entry.notes.is_empty() {
                sayln!("{}", entry.notes);
            }
            Ok(())
        }
        HistoryCommand::Stats { filter, json } => {
            let stats = stats::compute(history.entries(), &filter.filter());
            if json {
                sayln!(
                    "{}",
                    serde_json::to_string_pretty(&stats).expect("stats serialise")
                );
            } else {
                say!("{}", stats_text(&stats, locale));
            }
            Ok(())
        }
        HistoryCommand::Export {
            format,
            out,
            id,
            filter,
        } => {
            let mut filter = filter.filter();
            filter.include_abandoned = true;
            let entries: Vec<&HistoryEntry> = match &id {
                Some(id) => vec![
                    history
                        .get(id)
                        .ok_or_else(|| format!("no session {id} in the history"))?,
                ],
                None => newest_first(history, &filter),
            };
            // Only a BG Stats export names games by their BGG ids: the profiles are read for it.
            let bgstats = || export::BgStatsContext::from_profiles_dir(profiles);
            let text = match format {
                ExportFormat::Backup => {
                    let keep = |id: &str| {
                        let _ = history.keep_damaged_copy(id);
                    };
                    return write_backup(out.as_deref(), &keep, |out| {
                        backup::write_backup(history, entries, Utc::now(), out)
                    });
                }
                ExportFormat::Csv => export::csv(entries),
                ExportFormat::Bgstats => export::bgstats(entries, &bgstats()),
                ExportFormat::BgstatsLink => {
                    let bgstats = bgstats();
                    entries
                        .iter()
                        .map(|entry| export::bgstats_link(entry, &bgstats) + "\n")
                        .collect()
                }
            };
            write_out(out.as_deref(), &text)
        }
        HistoryCommand::Import { .. } | HistoryCommand::Add { .. } => {
            unreachable!("handled with the lock")
        }
    }
}

/// A backup, one game at a time (to a file atomically, or to stdout); the games whose files
/// are damaged are left out and named on stderr.
/// Writes a backup to `out` (stdout when `None`); a game left out for a damaged file is said on
/// stderr and its file kept in `damaged/` by `keep`.
fn write_backup(
    out: Option<&Path>,
    keep: &dyn Fn(&str),
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<Vec<backup::LeftOut>>,
) -> Result<(), String> {
    let left_out = match out {
        None => {
            let stdout = std::io::stdout();
            let mut lock = std::io::BufWriter::new(stdout.lock());
            let left_out = write(&mut lock).map_err(|e| e.to_string())?;
            std::io::Write::flush(&mut lock).map_err(|e| e.to_string())?;
            left_out
        }
        Some(path) => crate::store::fsutil::write_atomic_with(path, |file| write(file))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
    };
    for (id, reason) in &left_out {
        esayln!("tablekeeper: left out of the backup: {id}: {reason}");
        keep(id);
    }
    Ok(())
}

fn write_out(out: Option<&Path>, text: &str) -> Result<(), String> {
    match out {
        None => {
            // Data (CSV, BG Stats JSON) is written as it is: it is meant for a file.
            print!("{text}");
            if !text.ends_with('\n') {
                println!();
            }
            Ok(())
        }
        Some(path) => {
            // Atomically: a full disk must never leave a truncated file where a good backup was.
            crate::store::fsutil::write_atomic(path, text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
    }
}

fn game_name(entry: &HistoryEntry, locale: Locale) -> &str {
    locale.pick(&entry.game_name)
}

fn list_line(entry: &HistoryEntry, locale: Locale) -> String {
    let players: Vec<String> = entry
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.total))
        .collect();
    Text::new("history.line")
        .arg("id", &entry.id)
        .arg("date", format_date(entry.started_at))
        .arg("game", game_name(entry, locale))
        .arg("length", entry.length().render(locale))
        .arg("players", players.join(", "))
        .arg("winners", entry.winners().join(", "))
        .render(locale)
}

fn format_date(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M").to_string()
}

fn stats_text(stats: &stats::Stats, locale: Locale) -> String {
    let mut out = Text::new("stats.sessions")
        .arg("sessions", stats.sessions)
        .arg(
            "game_minutes",
            format!("{:.0}", stats.average_game_ms / 60_000.0),
        )
        .arg(
            "turn_seconds",
            format!("{:.0}", stats.average_turn_ms / 1000.0),
        )
        .render(locale);
    out.push('\n');
    for p in &stats.players {
        out.push_str(
            &Text::new("stats.player")
                .arg("name", &p.name)
                .arg("plays", p.plays)
                .arg("wins", p.wins)
                .arg("rate", format!("{:.0}", p.win_rate * 100.0))
                .arg("average", format!("{:.1}", p.average_total))
                .arg("best", p.best_total)
                .arg("worst", p.worst_total)
                .arg("turn_seconds", format!("{:.0}", p.average_turn_ms / 1000.0))
                .arg("share", format!("{:.0}", p.time_share * 100.0))
                .render(locale),
        );
        out.push('\n');
    }
    for h in &stats.head_to_head {
        out.push_str(&h.text().render(locale));
        out.push('\n');
    }
    for (month, plays) in &stats.plays_per_month {
        out.push_str(
            &Text::new("stats.month")
                .arg("month", month)
                .arg("plays", plays)
                .render(locale),
        );
        out.push('\n');
    }
    out
}

/// Logs the paper sheet in `file` into the history of `dir`; nothing is written if the sheet
/// is refused.
fn add(dir: &DataDir, file: &Path, locale: Locale) -> Result<HistoryEntry, String> {
    let at_file = |e: String| format!("{}: {e}", file.display());
    let text = crate::load::read_text(file).map_err(|e| e.to_string())?;
    let sheet = crate::past_game::parse_sheet(&text).map_err(at_file)?;
    let past = sheet.to_log().map_err(at_file)?;
    let (games, _) = crate::store::profiles::games(Some(&dir.profiles_dir()));
    let game = sheet.game(&games).map_err(at_file)?;
    let logged = past.log(game);
    let (entry, session) = logged.map_err(|e| at_file(e.render(locale)))?;
    let mut history = dir.history().map_err(|e| e.to_string())?;
    if let Some(notice) = &history.notice {
        esayln!("tablekeeper: {}", notice.describe());
    }
    history
        .put(entry.clone(), &session)
        .map_err(|e| e.to_string())?;
    Ok(entry)
}
