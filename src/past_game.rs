//! A game kept on paper, entered afterwards: its sheet scored by the same engine as a game
//! played with the app, and kept in the history like one (marked as logged, since it has no
//! times; the statistics leave it out of every time figure and count it in everything else).
//!
//! The game becomes a session like any other: its setup (the players, in seat order) and one
//! event per entry of the sheet, all at the time it was played, so the history can replay,
//! re-score, correct, export and share it as it does a played game.

use chrono::{DateTime, Utc};

use std::sync::Arc;

use crate::engines::{self, EngineTask};
use crate::i18n::Text;
use crate::kit::game_profile::GameProfile;
use crate::scoring::SheetInput;
use crate::session::summary::{HistoryEntry, Outcome};
use crate::session::{Game, GameSession, Lineup, PaperError, Player, Rules};
use crate::store::saved::SavedSession;
use crate::vocabulary::Colour;

/// A game played away from the app, as the table kept it.
#[derive(Debug, Clone, PartialEq)]
pub struct PastGame {
    /// When it was played.
    pub played_at: DateTime<Utc>,
    /// The players in seat order (the first one started) and everything the sheet holds.
    pub sheet: SheetInput,
    pub notes: String,
}

/// The format name of a paper score sheet file.
pub const SHEET_FORMAT: &str = "tablekeeper-sheet";

/// A paper sheet file (`"format": "tablekeeper-sheet"`): the one reader of the format, for
/// `score`, `replay` and `history add` alike.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct PaperSheet {
    format: String,
    #[serde(default = "first_version")]
    version: u32,
    /// The game's profile id; TERRAVIST when absent.
    #[serde(default)]
    game: Option<String>,
    /// When it was played: required to log it, `now` when only scored. RFC 3339 with its
    /// zone, or a time with none ("2026-11-14 19:30", as the window's Log a past game form
    /// takes it) read in this computer's time zone.
    #[serde(default, deserialize_with = "played_at")]
    pub played_at: Option<DateTime<Utc>>,
    /// A TERRAVIST profile of the table's own (its components' values); the built-in one when
    /// absent.
    #[serde(default)]
    profile: Option<serde_json::Value>,
    #[serde(default)]
    pub notes: String,
    /// The rulebook's variants the game was played with, by id (Earth's `beginner`), scored as
    /// the window's setup scores them; an id the game does not offer is refused in words.
    #[serde(default)]
    pub played_with: Vec<String>,
    #[serde(flatten)]
    pub sheet: SheetInput,
}

fn first_version() -> u32 {
    1
}

/// A sheet's `played_at`: RFC 3339 with its zone, else a time with none read in this computer's
/// zone, as the window's form reads what is typed in it; anything else is refused naming the
/// field and the forms it takes.
fn played_at<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<DateTime<Utc>>, D::Error> {
    use serde::Deserialize;
    let Some(text) = Option::<String>::deserialize(deserializer)? else {
        return Ok(None);
    };
    read_played_at(&text).map(Some).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "\"played_at\" is not a time: \"{text}\" (write 2026-11-14T19:30:00Z, or 2026-11-14 19:30 in this computer's time zone)"
        ))
    })
}

/// A time as a sheet gives it: with its zone, or in this computer's.
pub fn read_played_at(text: &str) -> Option<DateTime<Utc>> {
    if let Ok(at) = DateTime::parse_from_rfc3339(text.trim()) {
        return Some(at.to_utc());
    }
    let text = text.trim().replacen('T', " ", 1);
    let text = match text.len() {
        // Seconds are not asked for by the form: "19:30:00" is "19:30".
        19 if text.ends_with(":00") => &text[..16],
        _ => text.as_str(),
    };
    crate::zone::Zone::Local.read_iso(text)
}

/// What a file of another of the app's formats is, and what reads it, for a refusal.
pub fn what_it_is(format: &str) -> Option<Text> {
    match format {
        // `backup::BACKUP_FORMAT`, a layer above this file (a test there keeps the two one).
        "tablekeeper-backup" => Some(Text::new("load.is_backup")),
        crate::session::SESSION_FORMAT => Some(Text::new("load.is_session")),
        crate::vocabulary::PROFILE_FORMAT => Some(Text::new("load.is_profile")),
        _ => None,
    }
}

/// `refusal` of a file of `format`, followed by what that file is where the app knows
/// ("…: it is a backup, which `tablekeeper history import` takes").
pub fn naming_what_it_is(refusal: Text, format: &str) -> Text {
    match what_it_is(format) {
        Some(what) => Text::new("load.and_it_is")
            .arg_text("refusal", refusal)
            .arg_text("what", what),
        None => refusal,
    }
}

/// The game a paper sheet is of, with the profile that scores it, whichever engine plays it.
#[derive(Clone)]
pub struct SheetGame(Arc<dyn PaperGame>);

impl std::fmt::Debug for SheetGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SheetGame({})", self.0.engine())
    }
}

impl SheetGame {
    /// A sheet scored by engine `R` with `profile`.
    pub fn of<R: Rules>(profile: R::Profile) -> SheetGame {
        SheetGame(Arc::new(Profiled::<R>(profile)))
    }
}

/// A past game of one engine, seen the same way for every engine.
trait PaperGame: Send + Sync {
    fn engine(&self) -> &'static str;
    fn replay(&self, past: &PastGame) -> Result<Box<dyn Game>, PaperError>;
    fn log(&self, past: &PastGame) -> Result<(HistoryEntry, SavedSession), PaperError>;
}

/// The profile of engine `R` a sheet is scored by.
struct Profiled<R: Rules>(R::Profile);

impl<R: Rules> Profiled<R> {
    fn session(&self, past: &PastGame) -> Result<GameSession<R>, PaperError> {
        R::from_paper(self.0.clone(), past.setup(), &past.sheet, past.played_at)
    }
}

impl<R: Rules> PaperGame for Profiled<R> {
    fn engine(&self) -> &'static str {
        R::ENGINE
    }

    fn replay(&self, past: &PastGame) -> Result<Box<dyn Game>, PaperError> {
        Ok(Box::new(self.session(past)?))
    }

    fn log(&self, past: &PastGame) -> Result<(HistoryEntry, SavedSession), PaperError> {
        past.setup().names_fit()?;
        // The limit a backup's import keeps, where the notes come in.
        let max = crate::session::summary::MAX_NOTES_CHARS;
        if past.notes.trim().chars().count() > max {
            return Err(PaperError::LongNotes { max });
        }
        let session = self.session(past)?;
        Ok(as_logged(&session, past.played_at, &past.notes))
    }
}

/// Reads a paper sheet: its format and version checked, nothing else yet.
pub fn parse_sheet(text: &str) -> Result<PaperSheet, Text> {
    // The format first: a backup or a saved game given here is named as what it is, not
    // refused for a field a paper sheet has and it has not ("missing field `players`").
    #[derive(serde::Deserialize)]
    struct Header {
        #[serde(default)]
        format: String,
    }
    let header: Header = serde_json::from_str(text).map_err(|e| {
        Text::new("load.not_json_here")
            .arg("line", e.line())
            .arg("column", e.column())
    })?;
    if header.format != SHEET_FORMAT {
        let refusal = Text::new("load.not_a_sheet")
            .arg("format", &header.format)
            .arg("sheet", SHEET_FORMAT);
        return Err(naming_what_it_is(refusal, &header.format));
    }
    let file: PaperSheet =
        serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_str(text))
            .map_err(|e| field_refused(text, e))?;
    if file.version > 1 {
        return Err(Text::new("load.newer_sheet")
            .arg("found", file.version)
            .arg("supported", 1));
    }
    Ok(file)
}

/// A sheet's field that holds what it cannot, named by its path (`players[0].parts.cards`).
/// The sheet's own fields are read flattened, which loses the path serde_path_to_error
/// keeps: those are read again alone, to name the field.
fn field_refused(text: &str, error: serde_path_to_error::Error<serde_json::Error>) -> Text {
    let at_field = crate::kit::game_profile::at_field;
    let mut detail = at_field(error.path(), error.inner());
    if error.path().to_string() == "played_at" {
        let value = (serde_json::from_str::<serde_json::Value>(text).ok())
            .map(|v| match &v["played_at"] {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .unwrap_or_default();
        return Text::new("load.not_a_time").arg("text", value);
    }
    if let ("" | ".", Ok(value)) = (
        error.path().to_string().as_str(),
        serde_json::from_str::<serde_json::Value>(text),
    ) && let Err(inner) = serde_path_to_error::deserialize::<_, SheetInput>(value)
    {
        let path = inner.path().to_string();
        // A score cell: what it takes, in the user's words (serde's are English).
        if path.starts_with("players[") && path.contains("].parts.") {
            return Text::new("load.cell_takes").arg("field", path);
        }
        if !matches!(path.as_str(), "" | ".") {
            detail = format!("`{path}`: {}", inner.inner());
        }
    }
    Text::new("load.field").arg("detail", detail)
}

impl PaperSheet {
    /// The game's profile id (TERRAVIST's when the sheet names none).
    pub fn game_id(&self) -> &str {
        self.game.as_deref().unwrap_or(engines::DEFAULT)
    }

    /// The game it is of, with the profile that scores it: the one the sheet carries, the
    /// engine's own, or one of `games` by its id, as the engine that plays it finds it.
    pub fn game(&self, games: &[GameProfile]) -> Result<SheetGame, Text> {
        struct Find<'a> {
            id: &'a str,
            embedded: Option<&'a serde_json::Value>,
            games: &'a [GameProfile],
            played_with: &'a [String],
        }
        impl EngineTask for Find<'_> {
            type Output = Result<SheetGame, Text>;
            fn run<R: Rules>(self) -> Self::Output {
                let profile = R::paper_profile(self.id, self.embedded, self.games)?;
                let played = R::with_variants(profile, self.played_with)?;
                Ok(SheetGame::of::<R>(played))
            }
        }
        let id = self.game_id();
        let engine = engines::of_game(id);
        let find = Find {
            id,
            embedded: self.profile.as_ref(),
            games,
            played_with: &self.played_with,
        };
        engines::run(engine, find).unwrap_or_else(|| Err(engines::unknown(engine)))
    }

    /// The past game to log: the date it was played is required (a game logged with today's
    /// date by mistake would sit in the wrong month), and must not be after `now`, as in the
    /// window's form.
    pub fn to_log(&self, now: DateTime<Utc>) -> Result<PastGame, Text> {
        let played_at = self.played_at.ok_or(Text::new("past.no_date"))?;
        if played_at > now {
            return Err(Text::new("past.future"));
        }
        Ok(self.at(played_at))
    }

    /// The past game as played at `played_at`.
    pub fn at(&self, played_at: DateTime<Utc>) -> PastGame {
        PastGame {
            played_at,
            sheet: self.sheet.clone(),
            notes: self.notes.clone(),
        }
    }
}

/// Why a past game cannot be logged; nothing is written.
pub use crate::session::PaperError as PastGameError;

impl PastGame {
    /// Its game as the history keeps it: the entry (logged, with no times) and the session.
    pub fn log(&self, game: SheetGame) -> Result<(HistoryEntry, SavedSession), PastGameError> {
        game.0.log(self)
    }

    /// Its game, replayed from its entries: what `score` and `replay` read of a paper sheet.
    pub fn replay(&self, game: SheetGame) -> Result<Box<dyn Game>, PastGameError> {
        game.0.replay(self)
    }

    fn setup(&self) -> Lineup {
        seated(self.sheet.players.iter().map(|p| p.name.as_str()))
    }
}

/// The setup of a past game: the players in seat order (the first one started), their marker
/// colours in the app's order.
pub fn seated<'a>(names: impl IntoIterator<Item = &'a str>) -> Lineup {
    let players = names
        .into_iter()
        .zip(Colour::ALL.iter().cycle())
        .map(|(name, &colour)| Player {
            name: name.trim().to_string(),
            colour,
        })
        .collect();
    Lineup {
        players,
        parent: 0,
        first_round_turns: 3,
        sides: Vec::new(),
        clock: crate::kit::timer::ClockMode::CountUp,
    }
}

/// A past game's session (its sheet entered) as the history keeps it: its entry, marked as
/// logged with no times (the clock never ran), and the session to keep with it.
pub fn as_logged<R: Rules>(
    session: &GameSession<R>,
    played_at: DateTime<Utc>,
    notes: &str,
) -> (HistoryEntry, SavedSession) {
    let mut entry =
        crate::session::summarize::summarize(session, Outcome::Finished, played_at).on_paper();
    entry.notes = notes.trim().to_string();
    entry.ended_at = played_at;
    let mut file = session.to_file();
    file.logged = true;
    (entry, SavedSession::from(file))
}
