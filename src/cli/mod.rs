//! The command line: `score` prints a session's score sheet, `replay` prints the state after
//! each event, `history` reads and moves the history, `check-translation` checks a translator's
//! file, and `serve` (feature `phones`) hands over to `crate::serve`. Everything a player
//! reads goes through the translation layer.

/// `print!` for text holding names from files: anything a terminal would act on (escape
/// sequences, backspace, carriage return) is written out escaped instead. Defined before the
/// submodules so they can use it too.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::out(&$crate::untrusted::for_terminal(&format!($($arg)*)))
    };
}

/// `println!` with the same escaping as [`say!`].
macro_rules! sayln {
    ($($arg:tt)*) => {
        $crate::cli::out(&format!("{}\n", $crate::untrusted::for_terminal(&format!($($arg)*))))
    };
}

/// `println!` of JSON text: what [`say!`] writes out is written as JSON's own escapes, so the
/// output is still JSON (see [`crate::untrusted::json_for_terminal`]).
macro_rules! say_json {
    ($json:expr) => {
        $crate::cli::out(&format!(
            "{}\n",
            $crate::untrusted::json_for_terminal(&$json)
        ))
    };
}

/// `eprintln!` with the same escaping as [`say!`]: error messages quote names and file text.
macro_rules! esayln {
    ($($arg:tt)*) => {
        eprintln!("{}", $crate::untrusted::for_terminal(&format!($($arg)*)))
    };
}

pub mod help;
pub mod history;
pub mod parse_errors;
mod reading;

/// Set once standard output is closed (`tablekeeper replay FILE | head`): what is left to say
/// is dropped, and the command still finishes what it does (an import is not cut short).
static OUTPUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Writes `text` to standard output. `print!` panics when the reader has gone (a broken pipe);
/// this stops writing instead.
pub fn out(text: &str) {
    use std::io::Write;
    use std::sync::atomic::Ordering;
    if OUTPUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
        OUTPUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

use crate::kit::timer::{self, ClockMode, Standing};
use history::Ended::Done;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::i18n::{Locale, Text};
use crate::kit::game_profile::GameProfile;
use crate::scoring::{Origin, Scored, WinnerRule};
use crate::session::Game;

#[derive(Debug, Parser)]
#[command(
    name = "tablekeeper",
    version,
    propagate_version = true,
    about = "A table companion for board game sessions"
)]
pub struct Cli {
    /// Language of the output and the window, as a language tag: en, ja, or a translator's
    /// file's in the data directory's locales/ (default: the system's).
    #[arg(long, global = true, value_name = "TAG")]
    pub lang: Option<String>,
    /// Where the data lives (default: $TABLEKEEPER_DATA_DIR, else the system's data directory).
    #[arg(long, global = true)]
    pub data_dir: Option<PathBuf>,
    /// Where the history lives, a folder several devices may share through a sync engine
    /// (default: $TABLEKEEPER_HISTORY_DIR, else `history/` in the data directory).
    #[arg(long, global = true)]
    pub history_dir: Option<PathBuf>,
    /// The address the phones' server listens on when the table turns the phones on (default:
    /// every interface; 127.0.0.1 keeps it to this computer).
    #[arg(long, value_name = "IP")]
    pub phones_listen: Option<std::net::IpAddr>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Where the data and the history live, as the command line gave them.
#[derive(Debug, Clone, Default)]
pub struct Places {
    pub data_dir: Option<PathBuf>,
    pub history_dir: Option<PathBuf>,
}

/// Adds the translators' files of the data directory (`<data dir>/locales/<tag>.ftl`) to the
/// languages the app speaks; says on stderr which could not be read.
pub fn add_translations(places: &Places) {
    let Ok(root) = crate::store::resolve_data_dir(places.data_dir.clone()) else {
        return;
    };
    let (_, problems) = crate::i18n::add_translations_from(&crate::store::locales_dir(&root));
    for problem in problems {
        // Said before `--lang` is read: in the system's language.
        esayln!("tablekeeper: {}", problem.render(Locale::from_env()));
    }
}

/// The language `--lang` names, `None` without the flag; a sentence if the app has no such
/// language (in the system's language, naming those it has).
pub fn chosen_language(lang: Option<&str>) -> Result<Option<Locale>, String> {
    let Some(tag) = lang else {
        return Ok(None);
    };
    Locale::find(tag).map(Some).ok_or_else(|| {
        let tags: Vec<&str> = Locale::available().iter().map(|l| l.tag()).collect();
        Text::new("cli.no_such_language")
            .arg("tag", tag)
            .arg("languages", tags.join(", "))
            .render(Locale::from_env())
    })
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the score sheet of a saved session, a journal or a paper sheet.
    ///
    /// Any game's, as an aligned table. Played to a clock that counts down (a time bank, a
    /// sand timer), the mode and each player's time left, time-outs and time over follow; with
    /// --json, a "clock" object (mode, and per player name, left_ms, timeouts, over_ms).
    Score {
        /// A saved game, a journal (`live/*.jsonl`) or a paper sheet.
        file: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Print each event of a saved session or a journal, and where it left the game.
    ///
    /// An event the table took back (Undo) is marked under the step it followed, with when and whether
    /// it was put back (a journal keeps that; a saved game keeps only what stood). Played to a
    /// clock that counts down, each player's time left, time-outs and time over follow. Times
    /// are in UTC.
    Replay {
        /// A saved game or a journal (`live/*.jsonl`).
        file: PathBuf,
    },
    /// List, show, count, export, import and log the history of past games.
    History {
        #[command(subcommand)]
        command: history::HistoryCommand,
    },
    /// Check a translation (a Fluent file, `fr.ftl`) against English.
    ///
    /// The lines that cannot be read, the messages English has not, and the variables a
    /// message drops or adds: what to fix; then the messages it lacks, each with its English
    /// beside it, a to-do list (they show in English meanwhile), and the count of each. Exit
    /// status 1 when there is anything to fix; a correct file that is only partial exits 0,
    /// unless --strict. A translator's file goes in the data directory's `locales/` folder,
    /// named by its language tag (fr.ftl, pt-BR.ftl); the app offers it at its next start.
    CheckTranslation {
        /// The Fluent file to check.
        file: PathBuf,
        /// Count a message the file lacks as a fault too (exit status 1).
        #[arg(long)]
        strict: bool,
        /// Also list the shipped games' names and notes the file does not give yet, a
        /// `name-…` message each with its English, to translate them with no change to a
        /// profile.
        #[arg(long)]
        games: bool,
    },
    /// Keep the table with no window: the phones' server alone.
    ///
    /// For a machine that stays on (a Raspberry Pi, a NAS). Prints the table's address and its QR code;
    /// every phone opens it, sets the game up, plays it and finishes it, and a television's browser watches. The address stays the
    /// same across restarts. Runs until Ctrl+C or SIGTERM, which pause a running clock first.
    /// One copy keeps a data directory: the window and `serve` refuse to share one.
    #[cfg(feature = "phones")]
    Serve {
        /// The address to listen on (default: every interface; 127.0.0.1 keeps it to this
        /// computer).
        #[arg(long, value_name = "IP")]
        listen: Option<std::net::IpAddr>,
        /// The port to listen on (default: the one it had last, else 8787; taken: any free).
        #[arg(long)]
        port: Option<u16>,
        /// Keep several tables at once, for a club night (2 to 16): the venue's address (the
        /// port) shows every table and tonight's standings, and table n listens on the port
        /// plus n. Without it: one table, as always.
        #[arg(long, value_name = "N", value_parser = parse_tables)]
        tables: Option<u8>,
        /// How long, in seconds, a phone gone from the table (a locked screen, a reload) still
        /// counts as at it before the others may act in its place (default: 120).
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
        grace: Option<u64>,
        /// How long, in seconds, a table may have no seated phone at it before any phone with
        /// the link takes a seat without an ask (default: 300).
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86400))]
        free_after: Option<u64>,
    },
}

/// What `serve` runs with: the table's limits, with the grace and the time before a table is
/// free as asked (seconds).
#[cfg(feature = "phones")]
fn serve_limits(grace: Option<u64>, free_after: Option<u64>) -> crate::phones::Limits {
    use std::time::Duration;
    let table = crate::phones::Limits::TABLE;
    crate::phones::Limits {
        grace: grace.map_or(table.grace, Duration::from_secs),
        free_after: free_after.map_or(table.free_after, Duration::from_secs),
        ..table
    }
}

/// Runs a command-line command and returns the process exit code.
pub fn run(command: Command, places: Places, locale: Locale) -> ExitCode {
    let result = match command {
        Command::History { command } => history::run(command, places, locale),
        Command::Score { file, json } => score(&file, json, &places, locale).map(|()| Done),
        Command::Replay { file } => replay(&file, &places, locale).map(|()| Done),
        Command::CheckTranslation {
            file,
            strict,
            games,
        } => {
            return check_translation(&file, strict, games, locale);
        }
        #[cfg(feature = "phones")]
        Command::Serve {
            listen,
            port,
            tables,
            grace,
            free_after,
        } => {
            let options = crate::serve::Options {
                data_dir: places.data_dir,
                history_dir: places.history_dir,
                listen: listen.unwrap_or(std::net::Ipv4Addr::UNSPECIFIED.into()),
                port,
                limits: serve_limits(grace, free_after),
                tables: tables.map_or(1, usize::from),
            };
            crate::serve::run(options, locale).map(|()| Done)
        }
    };
    match result {
        Ok(Done) => ExitCode::SUCCESS,
        Ok(history::Ended::PartlyImported) => ExitCode::from(history::EXIT_PARTLY_IMPORTED),
        Err(error) => {
            esayln!("tablekeeper: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `tablekeeper check-translation FILE`: what the file lacks or has too many of, line by line.
fn check_translation(
    file: &std::path::Path,
    strict: bool,
    games: bool,
    locale: Locale,
) -> ExitCode {
    let text = match crate::load::read_text(file) {
        Ok(text) => text,
        Err(error) => {
            esayln!("tablekeeper: {}", error.text().render(locale));
            return ExitCode::FAILURE;
        }
    };
    let report = crate::i18n::check::check(crate::i18n::english_source(), &text);
    for line in report.texts() {
        sayln!("{}", line.render(locale));
    }
    if games {
        // Ready to paste into the file: `name-forest = Forest`, the English to translate.
        let (given, _) = crate::i18n::check::messages(&text);
        for english in crate::vocabulary::shipped_english_names() {
            if let Some(id) = crate::i18n::name_id(&english)
                && !given.contains_key(&id)
            {
                sayln!("{id} = {}", english.replace('\n', " "));
            }
        }
    }
    let summary = Text::new("cli.check_summary")
        .arg("missing", report.missing.len())
        .arg("extra", report.extra.len())
        .arg("variables", report.variables.len())
        .arg("syntax", report.syntax.len());
    sayln!("{}", summary.render(locale));
    match report.is_clean() || (!strict && report.is_partial()) {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

/// Reads a saved game, a live game's journal or a paper sheet, of any game, saying on stderr
/// what a damaged journal left out. A paper sheet may name a game of the data directory's.
fn read_game(
    path: &std::path::Path,
    places: &Places,
    locale: Locale,
) -> Result<Box<dyn Game>, String> {
    let text = crate::load::read_text(path).map_err(|e| e.text().render(locale))?;
    let profiles = (crate::store::resolve_data_dir(places.data_dir.clone()).ok())
        .map(|root| crate::store::DataDir::settings_path_in(&root).with_file_name("profiles"));
    let (games, problems) = crate::store::profiles::games(profiles.as_deref());
    let shown = path.display().to_string();
    let (game, left_out) = crate::load::read_game(&text, &shown, &games).map_err(|e| {
        #[derive(serde::Deserialize)]
        struct Sheet {
            game: Option<String>,
        }
        // Only a paper sheet looks its game up (a saved game carries its profile).
        let id = (serde_json::from_str::<Sheet>(&text).ok()).and_then(|sheet| sheet.game);
        left_unread(e.text(), id.as_deref(), &problems).render(locale)
    })?;
    if let Some(left_out) = left_out {
        esayln!("tablekeeper: {shown}: {}", left_out.render(locale));
    }
    Ok(game)
}

/// A game looked up by its id and not found: when its profile file is there but was left
/// unread (it breaks a rule, it is too large), the error names the file and why, rather than
/// say there is no such game.
fn left_unread(
    refusal: Text,
    id: Option<&str>,
    problems: &[crate::store::profiles::ProfileProblem],
) -> Text {
    match id.and_then(|id| crate::store::profiles::problem_of(problems, id)) {
        Some(problem) => Text::new("cli.left_unread")
            .arg_text("refusal", refusal)
            .arg("file", problem.path.display())
            .arg_text("reason", problem.reason.clone()),
        None => refusal,
    }
}

/// The score sheet of a saved game, a journal or a paper sheet, as a table or as JSON.
fn score(
    path: &std::path::Path,
    json: bool,
    places: &Places,
    locale: Locale,
) -> Result<(), String> {
    let game = read_game(path, places, locale)?;
    let sheet = game
        .sheet()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if json {
        say_json!(sheet_json(game.as_ref(), &sheet));
    } else {
        say!("{}", sheet_table(game.profile(), &sheet, locale));
        say!("{}", clock_lines(game.as_ref(), locale));
    }
    Ok(())
}

/// Rows as an aligned table: the first column left, the rest right. A cell is measured as
/// the terminal will show it: what [`say!`] writes out escaped (a name holding ESC) is escaped
/// here first, so it takes the columns its escape takes.
pub(super) fn aligned(rows: &[Vec<String>]) -> String {
    let shown = |cell: &String| crate::untrusted::for_terminal(cell).replace('\n', "\\u{a}");
    let rows: Vec<Vec<String>> = (rows.iter())
        .map(|row| row.iter().map(shown).collect())
        .collect();
    let columns = rows[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().map(|r| display_width(&r[c])).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        for (c, cell) in row.iter().enumerate() {
            let pad = widths[c] - display_width(cell);
            if c == 0 {
                out.push_str(cell);
                out.push_str(&" ".repeat(pad));
            } else {
                out.push_str("  ");
                out.push_str(&" ".repeat(pad));
                out.push_str(cell);
            }
        }
        out.push('\n');
    }
    out
}

/// The score sheet as JSON: the game, its parts, and per player the cells by part, total, rank
/// and winner flag; how a game of sides ended.
pub fn sheet_json(game: &dyn Game, sheet: &Scored) -> String {
    let column = |p: &crate::scoring::ScoredPlayer| {
        let parts: serde_json::Map<String, serde_json::Value> = (sheet.parts.iter())
            .zip(&p.parts)
            .map(|(id, points)| (id.clone(), serde_json::json!(points)))
            .collect();
        serde_json::json!({
            "name": p.name,
            "parts": parts,
            "total": p.total,
            "rank": p.rank,
            "winner": p.winner,
        })
    };
    let players: Vec<serde_json::Value> = sheet.players.iter().map(column).collect();
    let mut out = serde_json::json!({
        "session": game.id(),
        "game": game.profile().id,
        "parts": sheet.parts,
        "players": players,
    });
    if let Some(breaker) = &sheet.tie_broken_by {
        out["tie_broken_by"] = breaker.clone().into();
    }
    if let Some(opponent) = &sheet.opponent {
        out["opponent"] = column(opponent);
    }
    if let Some(ending) = &sheet.ending {
        out["ending"] = ending.clone().into();
        out["winning_side"] = sheet.winning_side.clone().into();
    }
    let (mode, standings) = clock_standings(game);
    if mode.counts_down() {
        let clocks: Vec<serde_json::Value> = (sheet.players.iter().zip(&standings))
            .map(|(p, s)| {
                serde_json::json!({
                    "name": p.name,
                    "left_ms": s.left.num_milliseconds(),
                    "timeouts": s.timeouts,
                    "over_ms": s.over.num_milliseconds(),
                })
            })
            .collect();
        out["clock"] = serde_json::json!({ "mode": mode, "players": clocks });
    }
    serde_json::to_string_pretty(&out).expect("JSON values serialise")
}

/// The game's clock mode and each player's standing in it, where the game stands (its end, or
/// a live game's last action).
fn clock_standings(game: &dyn Game) -> (ClockMode, Vec<Standing>) {
    let mode = game.setup().clock.clone();
    let clock = game.clock();
    let at = clock.ended_at.or(clock.last_event_at());
    let standings =
        (at.map(|at| timer::standings(&mode, clock, game.players().len(), at))).unwrap_or_default();
    (mode, standings)
}

/// Counting down, the clock mode and a line per player: what is left, the time-outs, the time
/// over ("Aki: 12:34 left · 1 time-out · 0:15 over").
pub fn clock_lines(game: &dyn Game, locale: Locale) -> String {
    let (mode, standings) = clock_standings(game);
    let Some(line) = mode.words().map(|words| words.render(locale)) else {
        return String::new();
    };
    let time = |d: chrono::Duration| {
        let secs = d.num_seconds().abs();
        format!("{}:{:02}", secs / 60, secs % 60)
    };
    let mut out = format!("{line}\n");
    for (player, s) in game.players().iter().zip(&standings) {
        // Out of time, the figure is the time over, said once at the end of the line.
        let left = if s.left < chrono::Duration::zero() {
            Text::new("cli.clock_out")
        } else {
            Text::new("cli.clock_left").arg("left", time(s.left))
        };
        out.push_str(
            &Text::new("cli.clock_player")
                .arg("player", &player.name)
                .arg_text("left", left)
                .arg("timeouts", s.timeouts)
                .arg("over", time(s.over))
                .render(locale),
        );
        out.push('\n');
    }
    out
}

/// A scored sheet of any game as an aligned table: a row per part, the totals and ranks, the
/// winners, how a game of sides ended. Where the app worked some cells out itself (TERRAVIST's
/// eggs, cards, objectives), the cells the table typed or changed are marked `*`.
pub fn sheet_table(profile: &GameProfile, sheet: &Scored, locale: Locale) -> String {
    let name = |n: &crate::vocabulary::Name| locale.pick(n).to_string();
    let cells = || sheet.players.iter().flat_map(|p| &p.origins);
    let computed = cells().any(|o| matches!(o, Origin::Computed | Origin::Overridden { .. }));
    let marked = computed && cells().any(|o| o.is_entered());
    // The opponent the game plays itself (Gaia) is a column after the players'.
    let columns: Vec<&crate::scoring::ScoredPlayer> =
        sheet.players.iter().chain(&sheet.opponent).collect();
    let opponent = profile.sheet.opponent.as_ref().map(|o| name(&o.name));
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec![locale.tr("sheet.player")];
    header.extend(sheet.players.iter().map(|p| p.name.clone()));
    if let Some(column) = &sheet.opponent {
        header.push(opponent.clone().unwrap_or_else(|| column.name.clone()));
    }
    rows.push(header);
    for (i, part) in profile.sheet.parts.iter().enumerate() {
        let mut row = vec![name(&part.name)];
        row.extend(columns.iter().map(|p| {
            let mark = if computed && p.origins[i].is_entered() {
                "*"
            } else {
                ""
            };
            format!("{}{mark}", p.parts[i])
        }));
        rows.push(row);
    }
    if !profile.sheet.parts.is_empty() {
        let mut total = vec![locale.tr("sheet.total")];
        total.extend(columns.iter().map(|p| p.total.to_string()));
        rows.push(total);
    }
    let mut rank = vec![locale.tr("sheet.rank")];
    rank.extend(columns.iter().map(|p| p.rank.to_string()));
    rows.push(rank);
    let mut out = aligned(&rows);
    let mut winners: Vec<String> = (sheet.winner_names().into_iter())
        .map(str::to_string)
        .collect();
    if let Some(column) = (sheet.opponent.as_ref()).filter(|o| o.winner) {
        winners.push(opponent.clone().unwrap_or_else(|| column.name.clone()));
    }
    out.push_str(
        &Text::new("sheet.winners")
            .arg_list("names", &winners)
            .render(locale),
    );
    out.push('\n');
    if let Some(breaker) = (sheet.tie_broken_by.as_ref()).and_then(|id| profile.tie_breaker(id)) {
        let line = Text::new("sheet.tie_broken_by").arg_name("breaker", breaker);
        out.push_str(&line.render(locale));
        out.push('\n');
    }
    if let (WinnerRule::Side { endings, .. }, Some(ending)) = (&profile.sheet.winner, &sheet.ending)
        && let Some(e) = endings.iter().find(|e| &e.id == ending)
    {
        out.push_str(&name(&e.name));
        out.push('\n');
    }
    if marked {
        out.push_str(&locale.tr("sheet.legend"));
        out.push('\n');
    }
    out
}

/// Terminal columns of a string: CJK, other wide characters and emoji take two, combining
/// marks none.
fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// Per event: its number, time and sentence (where the game has words for it); its JSON (what
/// the file says); and where the game stands after it.
pub fn replay_lines(game: &dyn Game, locale: Locale) -> String {
    let mut out = String::new();
    for (i, step) in game.replay_steps(locale).into_iter().enumerate() {
        let at = step.at.format("%Y-%m-%d %H:%M:%S");
        match step.said {
            Some(said) => out.push_str(&format!(
                "{:>4}  {at}  {said}\n      {}\n      → {}\n",
                i + 1,
                step.json,
                step.standing
            )),
            None => out.push_str(&format!(
                "{:>4}  {at}  {}\n      → {}\n",
                i + 1,
                step.json,
                step.standing
            )),
        }
        for back in &step.taken_back {
            out.push_str(&taken_back_line(back, locale));
        }
    }
    out
}

/// An event the table took back, marked as such under the step it followed: when it was taken
/// back (a journal says; a saved game keeps no undo) and, if so, put back.
fn taken_back_line(back: &crate::session::TakenBackStep, locale: Locale) -> String {
    let time = |at: chrono::DateTime<chrono::Utc>| at.format("%Y-%m-%d %H:%M:%S").to_string();
    let said = back.said.clone().unwrap_or_else(|| back.json.clone());
    let mut line = match back.undone_at {
        Some(at) => Text::new("cli.undone_at").arg("at", time(at)),
        None => Text::new("cli.undone"),
    }
    .arg("said", said)
    .render(locale);
    if let Some(at) = back.redone_at {
        line.push_str(
            &Text::new("cli.redone_at")
                .arg("at", time(at))
                .render(locale),
        );
    }
    format!("      ↶ {line}\n        {}\n", back.json)
}

/// Prints each event of a saved game or live journal with where it left the game.
fn replay(path: &std::path::Path, places: &Places, locale: Locale) -> Result<(), String> {
    let game = read_game(path, places, locale)?;
    say!("{}", replay_lines(game.as_ref(), locale));
    say!("{}", clock_lines(game.as_ref(), locale));
    Ok(())
}

/// `serve --tables N`: 2 to 16, refused in the user's words (clap's own says "20 is not in
/// 2..=16"), in the language `--lang` chose ([`parse_errors::said`]).
#[cfg(feature = "phones")]
fn parse_tables(text: &str) -> Result<u8, parse_errors::Refusal> {
    (text.trim().parse::<u8>().ok())
        .filter(|n| (2..=16).contains(n))
        .ok_or_else(|| parse_errors::Refusal(Text::new("cli.tables_range").arg("text", text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_with_wide_characters_emoji_and_accents() {
        assert_eq!(display_width("Aki"), 3);
        assert_eq!(display_width("アキ"), 4);
        assert_eq!(display_width("🎲Ben"), 5, "an emoji takes two columns");
        assert_eq!(
            display_width("Zoe\u{301}"),
            3,
            "a combining accent takes none"
        );
        let table = aligned(&[
            vec!["🎲Ben".into(), "12".into()],
            vec!["Zoe\u{301}".into(), "7".into()],
            vec!["アキ".into(), "100".into()],
        ]);
        let ends: Vec<usize> = table.lines().map(display_width).collect();
        assert_eq!(ends, [10, 10, 10], "{table}");
    }

    /// A name holding ESC is measured as its escape shows, so the columns still line up
    /// (the header was 11 wide and the column 3 before).
    #[test]
    fn an_escaped_name_keeps_its_column() {
        let table = aligned(&[
            vec!["Player".into(), "\u{1b}[2JBen".into()],
            vec!["Total".into(), "12".into()],
        ]);
        let ends: Vec<usize> = table.lines().map(display_width).collect();
        assert_eq!(ends[0], ends[1], "{table}");
        assert!(table.contains("\\u{1b}[2JBen"), "{table}");
        assert_eq!(
            crate::untrusted::for_terminal(&table),
            table,
            "already escaped"
        );
    }
}
