//! `tablekeeper history …`: list, show, statistics, export and import of the history.

use crate::i18n::dates::Shape;
use crate::zone::Zone;
use std::path::{Path, PathBuf};

use chrono::{NaiveDate, Utc};
use clap::{Args, Subcommand, ValueEnum};

use crate::i18n::numbers::Sign;
use crate::i18n::{Locale, Text};
use crate::session::summary::HistoryEntry;
use crate::stats::{self, Filter};
use crate::store::{DataDir, resolve_data_dir, resolve_history_dir};
use crate::{backup, export};

use super::reading::{Chosen, Reading};

#[derive(Debug, Subcommand)]
pub enum HistoryCommand {
    /// Every game, newest first, a line each.
    ///
    /// Each line gives the game's id, when it began (in this computer's time zone, as the
    /// language writes it), the game, its length ("on paper" for a game logged from paper),
    /// each player's total and the winners. A machine that never kept a game lists none.
    List(FilterArgs),
    /// One game: its line, its score sheet and its notes.
    Show { id: String },
    /// Statistics per player, head to head, durations, plays per month.
    ///
    /// The games, their average length and turn time; per player plays, wins, win rate, average, best
    /// and worst total, turn time and share of the table's time; head to head; plays per
    /// month. With --json also each player's average per part of the sheet.
    Stats {
        #[command(flatten)]
        filter: FilterArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The league: every player's rating from the history, best first.
    ///
    /// Weng-Lin (OpenSkill) over every finished game, in the order the games ended, each a
    /// free-for-all of its places (a tie shares a place; a game of sides rates the sides as
    /// teams). Shown as μ − 3σ with the games behind it; fewer than 5 games is provisional.
    /// The same history gives the same ratings on every device.
    Ratings {
        /// Only this game (a profile id, e.g. terravist).
        #[arg(long)]
        game: Option<String>,
        /// Print JSON instead of text (each player's figure after each game too).
        #[arg(long)]
        json: bool,
    },
    /// Export games as a backup, CSV, a BG Stats file or BG Stats links.
    Export {
        /// The format to write.
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
    /// Import a backup; games already in the history are skipped.
    ///
    /// The summary goes to stdout, each refused game to stderr. Exit status: 0 when every game was added or was
    /// already there, 3 when some were refused and the rest imported, 1 when nothing could be
    /// imported (every game refused, or the file unreadable).
    Import {
        /// A backup, as `history export --format backup` writes it.
        file: PathBuf,
    },
    /// Log a game kept on paper, from a paper sheet file.
    ///
    /// The file is a paper sheet as `score` reads it, with "played_at": RFC 3339 with its
    /// zone, like "2026-11-14T19:30:00Z", not after now. The game is scored by the same engine
    /// and kept in the history like a game played with the app.
    Add {
        /// The paper sheet, with its "played_at".
        file: PathBuf,
        /// Add it even when the history holds the same game already (the same game, time,
        /// players and parts): a second game played that evening with the same numbers.
        #[arg(long)]
        again: bool,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    /// Every game whole, for `history import` on this or another device.
    Backup,
    /// A row per player per game, for a spreadsheet.
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

fn parse_day(text: &str) -> Result<NaiveDate, super::parse_errors::Refusal> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| super::parse_errors::Refusal(Text::new("cli.not_a_date").arg("text", text)))
}

impl FilterArgs {
    pub fn filter(&self) -> Filter {
        // A day as this computer's clock has it, as `list` prints its games' times.
        let start = |d: NaiveDate| Zone::Local.at_wall(d.and_hms_opt(0, 0, 0)?);
        let end = |d: NaiveDate| Zone::Local.at_wall(d.and_hms_opt(23, 59, 59)?);
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
    // A data directory named on the command line or in the environment, not the system's.
    let named = places.data_dir.is_some()
        || std::env::var_os(crate::store::DATA_DIR_ENV).is_some_and(|v| !v.is_empty());
    let root = resolve_data_dir(places.data_dir).map_err(|e| e.text().render(locale))?;
    let shared = resolve_history_dir(places.history_dir);
    match command {
        HistoryCommand::Add { file, again } => {
            let dir = DataDir::open_with_history(&root, shared.clone())
                .map_err(|e| e.text().render(locale))?;
            let entry = add(&dir, &file, again, locale)?;
            sayln!("{}", Text::new("history.logged").render(locale));
            sayln!("{}", list_line(&entry, locale));
            Ok(Ended::Done)
        }
        HistoryCommand::Import { file } => {
            let dir = DataDir::open_with_history(&root, shared.clone())
                .map_err(|e| e.text().render(locale))?;
            // The games already there by their ids only: an import into a history of 100k
            // games needs no summary of theirs in memory.
            let (mut history, known) = dir
                .history_to_append()
                .map_err(|e| e.text().render(locale))?;
            if let Some(notice) = &history.notice {
                esayln!("tablekeeper: {}", notice.describe());
            }
            let report = backup::import_file_knowing(&mut history, known, &file, |_, _| {})
                .map_err(|e| format!("{}: {}", file.display(), e.text().render(locale)))?;
            sayln!(
                "{}",
                Text::new("history.imported")
                    .arg("added", report.added)
                    .arg("skipped", report.skipped)
                    .arg("refused", report.refused.len())
                    .render(locale)
            );
            for (id, reason) in &report.refused {
                esayln!("  {id}: {}", reason.render(locale));
            }
            for (id, change) in &report.changed {
                esayln!("  {id}: {}", change.render(locale));
            }
            match (report.refused.len(), report.added + report.skipped) {
                (0, _) => Ok(Ended::Done),
                (_, 0) => Err(Text::new("history.import_none").render(locale)),
                _ => Ok(Ended::PartlyImported),
            }
        }
        command => {
            // A mistyped --data-dir must not look like an empty history; the system's data
            // directory missing is a machine that never kept a game: an empty history.
            if !root.is_dir() && named {
                let dir = root.display();
                return Err(Text::new("cli.no_data_dir_here")
                    .arg("dir", dir)
                    .render(locale));
            }
            if let Some(shared) = shared.as_ref().filter(|dir| !dir.is_dir()) {
                let dir = shared.display();
                return Err(Text::new("cli.no_history_dir_here")
                    .arg("dir", dir)
                    .render(locale));
            }
            // Reading needs no lock: the history is only ever replaced whole or appended to.
            let data = DataDir::open_read_only_with_history(&root, shared.clone());
            let mut reading = Reading::open(&data, locale)?;
            read_command(command, &mut reading, &data.profiles_dir(), locale).map(|()| Ended::Done)
        }
    }
}

/// The game a reading command keeps to (`--game`), if it names one.
fn game_asked(command: &HistoryCommand) -> Option<&str> {
    match command {
        HistoryCommand::List(filter)
        | HistoryCommand::Stats { filter, .. }
        | HistoryCommand::Export { filter, .. } => filter.game.as_deref(),
        HistoryCommand::Ratings { game, .. } => game.as_deref(),
        _ => None,
    }
}

/// A `--game` the app knows: a shipped game, one of this data directory's, or one a game in
/// the history was played as. A typo (`terravst`) is refused naming the ids there are, never
/// answered as an empty history.
fn known_game(
    game: &str,
    reading: &mut Reading,
    profiles: &Path,
    locale: Locale,
) -> Result<(), String> {
    let (games, _) = crate::store::profiles::games(Some(profiles));
    let mut ids: Vec<String> = std::iter::once(crate::engines::DEFAULT.to_string())
        .chain(games.into_iter().map(|g| g.id))
        .collect();
    if ids.iter().any(|id| id == game) {
        return Ok(());
    }
    let mut played = false;
    let _ = reading.in_history_order(&mut |entry| {
        played |= entry.game == game;
        if !ids.contains(&entry.game) {
            ids.push(entry.game.clone());
        }
        Ok(())
    });
    if played {
        return Ok(());
    }
    Err(Text::new("cli.unknown_game")
        .arg("game", game)
        .arg("ids", ids.join(", "))
        .render(locale))
}

/// A history command that only reads, a game at a time where the history's logs allow.
fn read_command(
    command: HistoryCommand,
    reading: &mut Reading,
    profiles: &Path,
    locale: Locale,
) -> Result<(), String> {
    let unread = |e: std::io::Error| format!("the history cannot be read: {e}");
    if let Some(game) = game_asked(&command) {
        known_game(game, reading, profiles, locale)?;
    }
    match command {
        HistoryCommand::List(args) => {
            let mut filter = args.filter();
            filter.include_abandoned = true;
            reading
                .newest_first(&filter, &mut |entry| {
                    sayln!("{}", list_line(entry, locale));
                    Ok(())
                })
                .map_err(unread)
        }
        HistoryCommand::Show { id } => {
            let entry = reading.entry(&id, locale)?;
            let file = reading
                .sessions()
                .read(&entry)
                .map_err(|e| e.text().render(locale))?;
            sayln!("{}", list_line(&entry, locale));
            let game = file.replay().map_err(|e| e.text().render(locale))?;
            let sheet = game.sheet().map_err(|e| e.to_string())?;
            say!("{}", super::sheet_table(game.profile(), &sheet, locale));
            if !entry.notes.is_empty() {
                sayln!("{}", entry.notes);
            }
            Ok(())
        }
        HistoryCommand::Stats { filter, json } => {
            let filter = filter.filter();
            // Folded as the games are read: one game in memory at a time.
            let mut tallies = stats::Tallies::default();
            reading
                .in_history_order(&mut |entry| {
                    if filter.matches(entry) {
                        tallies.add(entry);
                    }
                    Ok(())
                })
                .map_err(unread)?;
            let stats = tallies.finish();
            if json {
                say_json!(serde_json::to_string_pretty(&stats).expect("stats serialise"));
            } else {
                say!("{}", stats_text(&stats, locale));
            }
            Ok(())
        }
        HistoryCommand::Ratings { game, json } => {
            // What the league reads of each game, gathered one game in memory at a time.
            let mut games = Vec::new();
            reading
                .in_history_order(&mut |entry| {
                    if game.as_ref().is_none_or(|g| &entry.game == g) {
                        games.extend(crate::league::RatedGame::of(entry));
                    }
                    Ok(())
                })
                .map_err(unread)?;
            let league = crate::league::rate(games);
            if json {
                say_json!(serde_json::to_string_pretty(&league).expect("ratings serialise"));
            } else {
                say!("{}", ratings_text(&league, locale));
            }
            Ok(())
        }
        HistoryCommand::Export {
            format,
            out,
            id,
            filter,
        } => export(
            reading,
            format,
            out.as_deref(),
            id,
            filter,
            profiles,
            locale,
        ),
        HistoryCommand::Import { .. } | HistoryCommand::Add { .. } => {
            unreachable!("handled with the lock")
        }
    }
}
/// `history export`: the chosen games (one, or those the filter lets through, newest first)
/// written a game at a time, to a file atomically or to standard output.
fn export(
    reading: &mut Reading,
    format: ExportFormat,
    out: Option<&Path>,
    id: Option<String>,
    filter: FilterArgs,
    profiles: &Path,
    locale: Locale,
) -> Result<(), String> {
    let mut filter = filter.filter();
    filter.include_abandoned = true;
    let one = match &id {
        Some(id) => Some(reading.entry(id, locale)?),
        None => None,
    };
    if let ExportFormat::Backup = format {
        let sessions = reading.sessions();
        let left_out = match &one {
            Some(entry) => write_to(out, |out| {
                backup::write_backup_from(&sessions, [entry.clone()], Utc::now(), out)
            }),
            None => {
                // The games left out are kept in `damaged/` once the backup is written: the
                // writing holds the history.
                let mut left_out = Vec::new();
                let written = write_to(out, |out| {
                    left_out = reading.write_backup(&filter, Utc::now(), out)?;
                    Ok(())
                });
                written.map(|()| left_out)
            }
        }?;
        for (id, reason) in &left_out {
            esayln!("tablekeeper: left out of the backup: {id}: {reason}");
            reading.keep_damaged_copy(id);
        }
        return Ok(());
    }
    // Only a BG Stats export names games by their BGG ids: the profiles are read for it.
    let bgstats = || export::BgStatsContext::from_profiles_dir(profiles);
    let mut chosen: Box<dyn export::Games + '_> = match &one {
        Some(entry) => Box::new(export::InMemory([entry])),
        None => Box::new(Chosen { reading, filter }),
    };
    match format {
        ExportFormat::Backup => unreachable!("written above"),
        ExportFormat::Csv => write_to(out, |out| export::write_csv(chosen.as_mut(), out)),
        ExportFormat::Bgstats => {
            let context = bgstats();
            write_to(out, |out| {
                export::write_bgstats(chosen.as_mut(), &context, out)
            })
        }
        ExportFormat::BgstatsLink => {
            let context = bgstats();
            write_to(out, |out| {
                chosen.each(&mut |entry| writeln!(out, "{}", export::bgstats_link(entry, &context)))
            })
        }
    }
}

/// Writes what `write` writes to `out` (standard output when `None`): a file is written
/// atomically, so a full disk never leaves a truncated file where a good export was; a pipe
/// or a device is written into (see [`crate::store::fsutil::write_chosen_with`]).
fn write_to<T>(
    out: Option<&Path>,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<T>,
) -> Result<T, String> {
    match out {
        None => {
            let stdout = std::io::stdout();
            let mut lock = std::io::BufWriter::new(stdout.lock());
            let written = write(&mut lock).map_err(|e| e.to_string())?;
            std::io::Write::flush(&mut lock).map_err(|e| e.to_string())?;
            Ok(written)
        }
        Some(path) => crate::store::fsutil::write_chosen_with(path, |file| write(file))
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
    }
}

fn game_name(entry: &HistoryEntry, locale: Locale) -> &str {
    locale.pick(&entry.game_name)
}

fn list_line(entry: &HistoryEntry, locale: Locale) -> String {
    // The opponent the game plays itself (Gaia) is listed after the players.
    let opponent = entry.opponent.iter().map(|o| (&o.name, o.total));
    let players: Vec<String> = (entry.players.iter().map(|p| (&p.name, p.total)))
        .chain(opponent)
        .map(|(name, total)| format!("{name} {total}"))
        .collect();
    let key = match entry.outcome {
        crate::session::summary::Outcome::Finished => "history.line",
        crate::session::summary::Outcome::Abandoned => "history.line_abandoned",
    };
    Text::new(key)
        .arg("id", &entry.id)
        .arg(
            "date",
            Zone::Local.show(locale, entry.started_at, Shape::DayAndTime),
        )
        .arg("game", game_name(entry, locale))
        .arg("length", entry.length().render(locale))
        .arg_list("players", &players)
        .arg_list("winners", &entry.winners())
        .render(locale)
}

/// The league a line a player, best first: place, name, figure, games, provisional.
fn ratings_text(league: &crate::league::League, locale: Locale) -> String {
    if league.standings.is_empty() {
        // A line like every other answer: a shell's prompt starts on the next one.
        return Text::new("league.none").render(locale) + "\n";
    }
    let mut out = String::new();
    for (place, standing) in league.standings.iter().enumerate() {
        let key = match standing.provisional {
            true => "league.line_provisional",
            false => "league.line",
        };
        let line = Text::new(key)
            .arg("place", place + 1)
            .arg("name", crate::untrusted::for_terminal(&standing.player))
            .arg_decimal("rating", standing.shown, 1, Sign::Negative)
            .arg("games", standing.games);
        out.push_str(&line.render(locale));
        out.push('\n');
    }
    out
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
                .arg_decimal("average", p.average_total, 1, Sign::Negative)
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
fn add(dir: &DataDir, file: &Path, again: bool, locale: Locale) -> Result<HistoryEntry, String> {
    let shown = file.display().to_string();
    let at_file = |reason: Text| {
        (Text::new("load.in_file").arg("path", &shown))
            .arg_text("reason", reason)
            .render(locale)
    };
    let text = crate::load::read_text(file).map_err(|e| e.text().render(locale))?;
    let sheet = crate::past_game::parse_sheet(&text).map_err(at_file)?;
    let past = (sheet.to_log(Utc::now())).map_err(at_file)?;
    let (games, problems) = crate::store::profiles::games(Some(&dir.profiles_dir()));
    let game = (sheet.game(&games)).map_err(|e| {
        let refusal = Text::new("load.in_file")
            .arg("path", &shown)
            .arg_text("reason", e);
        super::left_unread(refusal, Some(sheet.game_id()), &problems).render(locale)
    })?;
    let logged = past.log(game);
    let (entry, session) = logged.map_err(|e| at_file(e.text()))?;
    let mut history = dir.history().map_err(|e| e.text().render(locale))?;
    if let Some(notice) = &history.notice {
        esayln!("tablekeeper: {}", notice.describe());
    }
    // A paper sheet has no id: the same game, time, players and parts is the same sheet, added
    // before (import skips a game it holds; so does add, unless asked).
    let twin = (history.entries().iter()).find(|held| same_paper_game(held, &entry));
    if let (Some(twin), false) = (twin, again) {
        return Err(Text::new("history.added_before")
            .arg("id", twin.id.as_str())
            .render(locale));
    }
    history
        .put(entry.clone(), &session)
        .map_err(|e| e.text().render(locale))?;
    Ok(entry)
}

/// Whether two logged games are one sheet: the same game at the same time, the same players in
/// the same seats with the same points in every part, and the same ending.
fn same_paper_game(held: &HistoryEntry, new: &HistoryEntry) -> bool {
    held.logged
        && held.game == new.game
        && held.started_at == new.started_at
        && held.parts == new.parts
        && held.ending == new.ending
        && held.players.len() == new.players.len()
        && (held.players.iter().zip(&new.players))
            .all(|(a, b)| a.name == b.name && a.scores == b.scores && a.side == b.side)
}
