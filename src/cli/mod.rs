//! The command line: `score` prints a session's score sheet, `replay` prints the state after
//! each event, `history` reads and moves the history. Everything a player reads goes through
//! the translation layer.

/// `print!` for text holding names from files: anything a terminal would act on (escape
/// sequences, backspace, carriage return) is written out escaped instead. Defined before the
/// submodules so they can use it too.
macro_rules! say {
    ($($arg:tt)*) => {
        print!("{}", $crate::untrusted::for_terminal(&format!($($arg)*)))
    };
}

/// `println!` with the same escaping as [`say!`].
macro_rules! sayln {
    ($($arg:tt)*) => {
        println!("{}", $crate::untrusted::for_terminal(&format!($($arg)*)))
    };
}

/// `eprintln!` with the same escaping as [`say!`]: error messages quote names and file text.
macro_rules! esayln {
    ($($arg:tt)*) => {
        eprintln!("{}", $crate::untrusted::for_terminal(&format!($($arg)*)))
    };
}

pub mod history;
mod play;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::game_profile::GameProfile;
use crate::i18n::{Locale, Text};
use crate::scoring::{Origin, Scored, WinnerRule};
use crate::session::Record;
use crate::terravist::Session;

#[derive(Debug, Parser)]
#[command(
    name = "tablekeeper",
    version,
    about = "A table companion for board game sessions"
)]
pub struct Cli {
    /// Language of the output (default: the system's).
    #[arg(long, global = true, value_enum)]
    pub lang: Option<Lang>,
    /// Where the data lives (default: $TABLEKEEPER_DATA_DIR, else the system's data directory).
    #[arg(long, global = true)]
    pub data_dir: Option<PathBuf>,
    /// Where the history lives, a folder several devices may share through a sync engine
    /// (default: $TABLEKEEPER_HISTORY_DIR, else `history/` in the data directory).
    #[arg(long, global = true)]
    pub history_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Where the data and the history live, as the command line gave them.
#[derive(Debug, Clone, Default)]
pub struct Places {
    pub data_dir: Option<PathBuf>,
    pub history_dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Lang {
    En,
    Ja,
}

impl From<Lang> for Locale {
    fn from(lang: Lang) -> Locale {
        match lang {
            Lang::En => Locale::En,
            Lang::Ja => Locale::Ja,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the score sheet of a saved session, or of a paper sheet file.
    Score {
        file: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Print the state after each event of a saved session or a live game's journal.
    Replay { file: PathBuf },
    /// The history of past sessions.
    History {
        #[command(subcommand)]
        command: history::HistoryCommand,
    },
}

/// Runs a command-line command and returns the process exit code.
pub fn run(command: Command, places: Places, locale: Locale) -> ExitCode {
    let result = match command {
        Command::History { command } => history::run(command, places, locale),
        Command::Score { file, json } => score(&file, json, locale),
        Command::Replay { file } => replay(&file, locale),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            esayln!("tablekeeper: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Scores a saved session, a TERRAVIST paper sheet or another game's paper sheet, reading the
/// file once.
fn score(path: &std::path::Path, json: bool, locale: Locale) -> Result<(), String> {
    let text = crate::load::read_text(path).map_err(|e| e.to_string())?;
    if let Some(session) = play::load(&text, &path.display().to_string())? {
        let scored = session
            .state()
            .scored(session.profile())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if json {
            sayln!(
                "{}",
                serde_json::to_string_pretty(&scored).expect("a scored game serialises")
            );
        } else {
            say!("{}", sheet_table(session.profile(), &scored, locale));
        }
        return Ok(());
    }
    if let Some(game) = play::other_game(&text) {
        return play::score_other_game(path, &text, &game, json, locale);
    }
    let session = crate::load::parse_session(&text, &path.display().to_string())
        .map_err(|e| e.to_string())?;
    if json {
        println!("{}", sheet_json(&session));
    } else {
        say!(
            "{}",
            sheet_table(&session.profile().game, &session.sheet(), locale)
        );
    }
    Ok(())
}

/// Rows as an aligned table: the first column left, the rest right.
pub(super) fn aligned(rows: &[Vec<String>]) -> String {
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

/// The score sheet as JSON: parts, and per player the cells, total, rank and winner flag.
pub fn sheet_json(session: &Session) -> String {
    let sheet = session.sheet();
    let players: Vec<serde_json::Value> = sheet
        .players
        .iter()
        .map(|p| {
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
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({
        "session": session.id(),
        "game": session.profile().game.id,
        "parts": sheet.parts,
        "players": players,
    }))
    .expect("JSON values serialise")
}

/// A scored sheet of any game as an aligned table: a row per part, the totals and ranks, the
/// winners, how a game of sides ended. Where the app worked some cells out itself (TERRAVIST's
/// eggs, cards, objectives), the cells the table typed or changed are marked `*`.
pub fn sheet_table(profile: &GameProfile, sheet: &Scored, locale: Locale) -> String {
    let name = |n: &crate::vocabulary::Name| locale.pick(n).to_string();
    let cells = || sheet.players.iter().flat_map(|p| &p.origins);
    let computed = cells().any(|o| matches!(o, Origin::Computed | Origin::Overridden { .. }));
    let marked = computed && cells().any(|o| o.is_entered());
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec![locale.tr("sheet.player")];
    header.extend(sheet.players.iter().map(|p| p.name.clone()));
    rows.push(header);
    for (i, part) in profile.sheet.parts.iter().enumerate() {
        let mut row = vec![name(&part.name)];
        row.extend(sheet.players.iter().map(|p| {
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
        total.extend(sheet.players.iter().map(|p| p.total.to_string()));
        rows.push(total);
    }
    let mut rank = vec![locale.tr("sheet.rank")];
    rank.extend(sheet.players.iter().map(|p| p.rank.to_string()));
    rows.push(rank);
    let mut out = aligned(&rows);
    out.push_str(
        &Text::new("sheet.winners")
            .arg("names", sheet.winner_names().join(", "))
            .render(locale),
    );
    out.push('\n');
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

/// Per event: its number, time and sentence; its JSON (what the file says); and where the game
/// stands after it.
pub fn replay_lines(session: &Session, locale: Locale) -> String {
    let profile = session.profile();
    let mut out = String::new();
    let mut replayed = Session::with_id(
        session.id().to_string(),
        profile.clone(),
        session.setup().clone(),
        session.created_at(),
    )
    .expect("a loaded session's setup is valid");
    for (i, Record { at, event }) in session.records().iter().enumerate() {
        // A journal's undo removed events from the session: only what stands is replayed.
        replayed
            .apply(event.clone(), *at)
            .expect("a loaded session's events replay");
        let event_json = serde_json::to_string(event).expect("events serialise");
        let narrator = crate::narrate::Narrator {
            profile,
            players: replayed.players(),
            state: replayed.state(),
        };
        out.push_str(&format!(
            "{:>4}  {}  {}\n      {}\n      → {}\n",
            i + 1,
            at.format("%Y-%m-%d %H:%M:%S"),
            narrator.record(session.records(), i).render(locale),
            event_json,
            crate::narrate::standing(&replayed, locale)
        ));
    }
    out
}

/// Prints each event of a saved game or live journal with where it left the game.
fn replay(path: &std::path::Path, locale: Locale) -> Result<(), String> {
    let text = crate::load::read_text(path).map_err(|e| e.to_string())?;
    if let Some(session) = play::load(&text, &path.display().to_string())? {
        say!("{}", play::replay_lines(&session, locale));
        return Ok(());
    }
    let session = crate::load::parse_session(&text, &path.display().to_string())
        .map_err(|e| e.to_string())?;
    say!("{}", replay_lines(&session, locale));
    Ok(())
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
}
