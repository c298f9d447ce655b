//! The profile every game has: its players, its score sheet (scored by [`crate::scoring::compute`]),
//! its turn structure, the counters a table tracks and notes on what its sources do not give.
//! Loaded from `profiles/*.json`.
//!
//! [`crate::any_game`] plays any such profile; TERRAVIST's ([`crate::terravist::profile`]) is one
//! of them with a part of its own for its engine.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::i18n::Text;
use crate::scoring::{Problem, SheetSpec, SpecError};
use crate::vocabulary::{Name, PROFILE_FORMAT, PROFILE_VERSION};

/// Profiles larger than this are refused before they are parsed.
pub const MAX_PROFILE_BYTES: usize = 1024 * 1024;

/// The profiles shipped with the app.
pub use crate::vocabulary::SHIPPED_PROFILES as SHIPPED;

/// How many players the game takes, and, when the rulebook says, how many it plays best with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRange {
    pub min: usize,
    pub max: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended_min: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended_max: Option<usize>,
}

impl PlayerRange {
    /// The counts the game plays best with: the recommended range, or all it takes.
    pub fn recommended(&self) -> (usize, usize) {
        (
            self.recommended_min.unwrap_or(self.min),
            self.recommended_max.unwrap_or(self.max),
        )
    }
}

pub use crate::kit::turns::Turns;

/// What happens to a gain past a counter's maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Overflow {
    /// The excess is lost.
    Lost,
}

/// A number the table tracks during play (monster energy 0..7, flooded land squares).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub id: String,
    pub name: Name,
    pub min: i64,
    pub max: i64,
    pub start: i64,
    #[serde(default = "lost")]
    pub overflow: Overflow,
    /// Reaching this value ends the game (4 flooded squares).
    #[serde(default)]
    pub ends_game_at: Option<i64>,
    /// In a game of sides: the ending (by id) that reaching `ends_game_at` means.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// Another counter (by id) this one's value above 0 is counted in too: Leviath's disaster
    /// level +1/+2 puts that many flood tiles on land squares at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub also_counts_in: Option<String>,
}

fn lost() -> Overflow {
    Overflow::Lost
}

impl Counter {
    /// The counter after a change: never below `min`, a gain past `max` lost, and never past
    /// the value that ends the game: a step that would cross it stops there, and the game ends
    /// (issue 68: floods +3 then +2 read 5 and play went on).
    pub fn apply(&self, value: i64, change: i64) -> i64 {
        // Saturating: a change from a crafted file cannot overflow.
        let new = value.saturating_add(change).clamp(self.min, self.max);
        match self.ends_game_at {
            Some(end) if (value < end && new > end) || (value > end && new < end) => end,
            _ => new,
        }
    }
}

/// A value the source does not give, to be confirmed by the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GapNote {
    /// What it is about, as a path in the profile (`sheet.parts.wagons`, `counters.energy`).
    pub field: String,
    /// The note in English, and in Japanese when the profile gives it (an older build reads a
    /// file with `note_ja` and ignores it).
    pub note: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note_ja: Option<String>,
    /// The note in other languages, by language tag (`{"de": "…"}`); `note_ja` stays where
    /// every older file has it.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub notes: std::collections::BTreeMap<String, String>,
    /// A rule the rulebook gives, with its line, rather than a value it lacks: the table reads
    /// it at setup, with nothing to confirm.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rule: bool,
    /// Only for these numbers of players (of one side, when it names one): a setup step that
    /// depends on the count (The Rats' 2-player cheese tile, Leviath's cards by human count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
}

/// The player counts a note is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct When {
    /// Count only the players of this side (Leviath's humans).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub players: Vec<usize>,
}

/// The gap a shipped profile notes when its BoardGameGeek id could not be confirmed: it
/// matters to the exports and the editor, not to the table, so setup does not show it.
pub const BGG_ID_GAP: &str = "bgg_id";

impl GapNote {
    /// Whether the table should see it at setup (the BoardGameGeek id is not the table's concern).
    pub fn for_the_table(&self) -> bool {
        self.field != BGG_ID_GAP
    }

    /// Whether the note is for a table of these players (`sides`: each seat's side, if any).
    pub fn applies(&self, sides: &[Option<&str>]) -> bool {
        let Some(when) = &self.when else {
            return true;
        };
        let count = match &when.side {
            Some(side) => sides.iter().filter(|s| **s == Some(side.as_str())).count(),
            None => sides.len(),
        };
        when.players.contains(&count)
    }

    /// The note in the language `tag` (English when the profile has none in it).
    pub fn note(&self, tag: &str) -> &str {
        let language = tag.split(['-', '_']).next().unwrap_or(tag);
        let given = match language {
            "ja" => self.note_ja.as_deref(),
            _ => (self.notes.get(tag).or_else(|| self.notes.get(language))).map(String::as_str),
        };
        given.filter(|n| !n.is_empty()).unwrap_or(&self.note)
    }

    /// The note in every language the profile gives it, as a name: rendered late, in each
    /// reader's language (a phone's may differ from the window's).
    pub fn every_note(&self) -> Name {
        let mut every = Name::same(self.note.clone());
        if let Some(ja) = self.note_ja.as_deref().filter(|n| !n.is_empty()) {
            every.set("ja", ja);
        }
        for (tag, note) in self.notes.iter().filter(|(_, n)| !n.is_empty()) {
            every.set(tag, note.clone());
        }
        every
    }

    /// The name of the part or counter the note is about, when its field names one.
    pub fn subject<'p>(&self, profile: &'p GameProfile) -> Option<&'p Name> {
        let mut path = self.field.split('.');
        match (path.next(), path.next(), path.next()) {
            (Some("sheet"), Some("parts"), Some(id)) => profile
                .sheet
                .parts
                .iter()
                .find(|p| p.id == id)
                .map(|p| &p.name),
            (Some("counters"), Some(id), _) => profile
                .counters
                .iter()
                .find(|c| c.id == id)
                .map(|c| &c.name),
            _ => None,
        }
    }
}

impl GameProfile {
    /// What the table reads at setup for a table whose seats have these sides (`None` where a
    /// game has none): each note for the table that applies to that many players (a setup
    /// step by player count: the Rats' 2-player cheese tile, Leviath's cards by human count),
    /// as a sentence naming its part or counter, and whether it is a rule the rulebook gives
    /// (`true`) or a value it lacks, to confirm (`false`, shown as a warning). The window's
    /// setup and the host's phone show the same lines.
    pub fn setup_notes(&self, sides: &[Option<&str>]) -> Vec<(Text, bool)> {
        (self.gaps.iter())
            .filter(|gap| gap.for_the_table() && gap.applies(sides))
            .map(|gap| {
                let (about, general) = match gap.rule {
                    true => ("setup.rule_about", "setup.rule_general"),
                    false => ("setup.gap_about", "setup.gap_general"),
                };
                let note = gap.every_note();
                let line = match gap.subject(self) {
                    Some(subject) => Text::new(about)
                        .arg_name("subject", subject)
                        .arg_name("note", &note),
                    None => Text::new(general).arg_name("note", &note),
                };
                (line, gap.rule)
            })
            .collect()
    }
}

/// A game profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameProfile {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub name: Name,
    /// The game's id on BoardGameGeek, which BG Stats matches a pushed play by. Only an id
    /// confirmed from a source is shipped; otherwise it is empty and the profile's gaps say so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bgg_id: Option<u32>,
    pub players: PlayerRange,
    pub sheet: SheetSpec,
    pub turns: Turns,
    #[serde(default)]
    pub counters: Vec<Counter>,
    #[serde(default)]
    pub gaps: Vec<GapNote>,
    /// The clock mode a new game of it starts with, until the table picks another (count up
    /// when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::kit::timer::ClockMode>,
    /// The rulebook's own variants a table switches on in the setup (Earth's beginner rule).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Variant>,
    /// The variants a game was played with, by id: set on the profile a game keeps (see
    /// [`GameProfile::with_variants`]), so its sheet, replay and history say so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played_with: Vec<String>,
}

/// A variant of the rules the rulebook offers at setup: each of its `parts` takes the place of
/// the sheet's part of the same id (Earth's beginner rule: every fauna achiever takes 10).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    pub id: String,
    pub name: Name,
    pub parts: Vec<crate::scoring::PartSpec>,
}

/// Why a profile was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameProfileError {
    #[error("the profile is {size} bytes; profiles over {max} bytes are refused")]
    TooLarge { size: usize, max: usize },
    #[error("the profile is not valid: {0}")]
    Parse(String),
    #[error("the profile's `{field}` is wrong: {problem}")]
    Field { field: String, problem: Problem },
}

impl GameProfileError {
    /// The refusal as a translatable sentence (the JSON parser's own message stays English).
    pub fn text(&self) -> Text {
        match self {
            GameProfileError::TooLarge { size, max } => Text::new("profile_error.too_large")
                .arg("size", size)
                .arg("max", max),
            GameProfileError::Parse(message) => {
                Text::new("profile_error.parse").arg("message", message)
            }
            GameProfileError::Field { field, problem } => Text::new("profile_error.field")
                .arg("field", field)
                .arg_text("problem", problem.text()),
        }
    }
}

impl From<SpecError> for GameProfileError {
    fn from(e: SpecError) -> GameProfileError {
        GameProfileError::Field {
            field: format!("sheet.{}", e.field),
            problem: e.problem,
        }
    }
}

fn field(field: &str, problem: Problem) -> GameProfileError {
    GameProfileError::Field {
        field: field.to_string(),
        problem,
    }
}

impl GameProfile {
    /// Parses and validates a profile; a file over [`MAX_PROFILE_BYTES`] is refused unread.
    pub fn from_json(text: &str) -> Result<GameProfile, GameProfileError> {
        if text.len() > MAX_PROFILE_BYTES {
            return Err(GameProfileError::TooLarge {
                size: text.len(),
                max: MAX_PROFILE_BYTES,
            });
        }
        // The field that holds what it cannot is named (`sheet.parts[3].kind`), so a profile's
        // author finds it without counting columns.
        let profile: GameProfile =
            serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_str(text))
                .map_err(|e| GameProfileError::Parse(at_field(e.path(), e.inner())))?;
        profile.validate()?;
        Ok(profile)
    }

    /// A profile shipped with the app, by id.
    pub fn shipped(id: &str) -> Option<GameProfile> {
        SHIPPED
            .iter()
            .find(|(shipped, _)| *shipped == id)
            .map(|(_, text)| GameProfile::from_json(text).expect("shipped profiles are valid"))
    }

    /// A tie-breaker's name by id (the one a scored sheet says parted a tie).
    pub fn tie_breaker(&self, id: &str) -> Option<&Name> {
        let (crate::scoring::WinnerRule::Highest { tie_breakers }
        | crate::scoring::WinnerRule::Lowest { tie_breakers }) = &self.sheet.winner
        else {
            return None;
        };
        tie_breakers.iter().find(|t| t.id == id).map(|t| &t.name)
    }

    /// Every check a profile file gets: the header, the players and name, the sheet, the turns,
    /// the counters; the first refusal names its field.
    pub fn validate(&self) -> Result<(), GameProfileError> {
        if self.format != PROFILE_FORMAT {
            return Err(field(
                "format",
                Problem::Format {
                    format: PROFILE_FORMAT,
                },
            ));
        }
        if self.version > PROFILE_VERSION {
            return Err(field(
                "version",
                Problem::Newer {
                    found: self.version,
                    supported: PROFILE_VERSION,
                },
            ));
        }
        if self.players.min == 0 || self.players.min > self.players.max {
            return Err(field("players", Problem::PlayerRange));
        }
        let markers = crate::vocabulary::Colour::ALL.len();
        if self.players.max > markers {
            return Err(field("players", Problem::TooManyPlayers { max: markers }));
        }
        let (best_min, best_max) = self.players.recommended();
        if best_min < self.players.min || best_max > self.players.max || best_min > best_max {
            return Err(field("players", Problem::RecommendedRange));
        }
        if self.name.is_blank() {
            return Err(field("name", Problem::NoName));
        }
        self.validate_names()?;
        self.sheet.validate()?;
        self.validate_turns()?;
        self.validate_counters()?;
        self.validate_variants()
    }

    /// Every name the profile gives (the game's, each part's, counter's, side's, ending's,
    /// breaker's, variant's, in every language) by the name rule players' names go by: no
    /// character that shows nothing, acts or breaks the line, no stacked marks, and no longer
    /// than [`MAX_PROFILE_NAME_CHARS`]. A name is shown on every screen and in every file a
    /// game writes; the profile editor, a profile file and a paper sheet's profile are checked
    /// alike.
    fn validate_names(&self) -> Result<(), GameProfileError> {
        let value = serde_json::to_value(self).expect("a profile is plain data");
        names_fit(&value, "")
    }

    /// Variant ids unique; each variant's parts replace parts of the sheet, and the sheet they
    /// make is valid; a game is played with variants the profile offers.
    fn validate_variants(&self) -> Result<(), GameProfileError> {
        let mut seen = BTreeSet::new();
        for variant in &self.variants {
            if variant.id.trim().is_empty() {
                return Err(field("variants", Problem::EmptyId));
            }
            if !seen.insert(variant.id.as_str()) {
                let id = variant.id.clone();
                let twice = Problem::Twice {
                    what: "word.variant",
                    id,
                };
                return Err(field("variants", twice));
            }
            self.with_variants(std::slice::from_ref(&variant.id))?;
        }
        match (self.played_with.iter()).find(|id| !seen.contains(id.as_str())) {
            Some(id) => Err(field(
                "played_with",
                Problem::NotAVariant {
                    variant: id.clone(),
                },
            )),
            None => Ok(()),
        }
    }

    /// The profile a game played with the variants `ids` keeps: each variant's parts in place
    /// of the sheet's, and `played_with` saying which. An id the profile does not offer, or a
    /// variant that names no part of the sheet, is refused.
    pub fn with_variants(&self, ids: &[String]) -> Result<GameProfile, GameProfileError> {
        let mut profile = self.clone();
        for id in ids {
            let Some(variant) = self.variants.iter().find(|v| &v.id == id) else {
                let problem = Problem::NotAVariant {
                    variant: id.clone(),
                };
                return Err(field("played_with", problem));
            };
            for part in &variant.parts {
                let at = format!("variants.{}.parts", variant.id);
                let Some(slot) = (profile.sheet.parts.iter_mut()).find(|p| p.id == part.id) else {
                    let problem = Problem::NotAPart {
                        part: part.id.clone(),
                    };
                    return Err(field(&at, problem));
                };
                *slot = part.clone();
            }
            if !profile.played_with.contains(id) {
                profile.played_with.push(id.clone());
            }
        }
        profile.sheet.validate()?;
        Ok(profile)
    }

    /// Every round has a turn, and an alternating side is one of the sheet's sides.
    fn validate_turns(&self) -> Result<(), GameProfileError> {
        match &self.turns {
            Turns::ShrinkingRounds {
                rounds,
                first_round_turns,
                decrement,
            } if *rounds == 0
                || decrement
                    .checked_mul(rounds - 1)
                    .and_then(|fewer| first_round_turns.checked_sub(fewer))
                    .is_none_or(|t| t == 0) =>
            {
                return Err(field("turns", Problem::EmptyRound));
            }
            Turns::FixedRounds {
                rounds, actions, ..
            } if *rounds == 0 || *actions == 0 => {
                return Err(field("turns", Problem::RoundsAndActions));
            }
            Turns::RoundsUntil { rounds: 0, .. } => return Err(field("turns", Problem::Rounds)),
            Turns::Alternating { between } => {
                let sides = match &self.sheet.winner {
                    crate::scoring::WinnerRule::Side { sides, .. } => {
                        sides.iter().map(|s| s.id.as_str()).collect::<Vec<_>>()
                    }
                    _ => Vec::new(),
                };
                if !sides.contains(&between.as_str()) {
                    return Err(field(
                        "turns.between",
                        Problem::NotASide {
                            side: between.clone(),
                        },
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Counter ids unique, start and end inside the range, an ending one the sheet names.
    fn validate_counters(&self) -> Result<(), GameProfileError> {
        let mut seen = BTreeSet::new();
        for c in &self.counters {
            if !seen.insert(c.id.as_str()) {
                return Err(field(
                    "counters",
                    Problem::Twice {
                        what: "word.counter",
                        id: c.id.clone(),
                    },
                ));
            }
            let at = format!("counters.{}", c.id);
            if c.id.trim().is_empty() {
                return Err(field("counters", Problem::EmptyId));
            }
            if !(c.min <= c.start && c.start <= c.max) {
                return Err(field(&at, Problem::CounterRange));
            }
            if c.ends_game_at.is_some_and(|end| end < c.min || end > c.max) {
                return Err(field(&at, Problem::EndOutside));
            }
            if let Some(target) = &c.also_counts_in
                && (target == &c.id || self.counters.iter().all(|o| &o.id != target))
            {
                return Err(field(
                    &format!("{at}.also_counts_in"),
                    Problem::NotACounter {
                        counter: target.clone(),
                    },
                ));
            }
            if let Some(ending) = &c.ending {
                let known = match &self.sheet.winner {
                    crate::scoring::WinnerRule::Side { endings, .. } => {
                        endings.iter().any(|e| &e.id == ending)
                    }
                    _ => false,
                };
                if !known || c.ends_game_at.is_none() {
                    return Err(field(
                        &at,
                        Problem::NotAnEnding {
                            ending: ending.clone(),
                        },
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The longest name (of a game, a part, a counter…) a profile may give, in characters: the same
/// as a player's (`session::lineup::MAX_NAME_CHARS`, a layer above).
pub const MAX_PROFILE_NAME_CHARS: usize = 100;

/// Each name under `value` (an object's `name` field whose values are all text: a [`Name`]),
/// checked; `at` is the path to `value`, for the error.
fn names_fit(value: &serde_json::Value, at: &str) -> Result<(), GameProfileError> {
    use crate::untrusted::{NameProblem, name_problem};
    use serde_json::Value;
    let join = |key: &str| match at.is_empty() {
        true => key.to_string(),
        false => format!("{at}.{key}"),
    };
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                let texts = (inner.as_object())
                    .filter(|m| key == "name" && m.values().all(Value::is_string));
                let Some(texts) = texts else {
                    names_fit(inner, &join(key))?;
                    continue;
                };
                for (tag, text) in texts {
                    let text = text.as_str().unwrap_or_default();
                    let at = join(&format!("name.{tag}"));
                    if text.chars().count() > MAX_PROFILE_NAME_CHARS {
                        let max = MAX_PROFILE_NAME_CHARS;
                        return Err(field(&at, Problem::NameTooLong { max }));
                    }
                    match name_problem(text) {
                        Some(NameProblem::Hidden(c)) => {
                            let code = format!("U+{:04X}", u32::from(c));
                            return Err(field(&at, Problem::NameHidden { code }));
                        }
                        Some(NameProblem::Marks) => return Err(field(&at, Problem::NameMarks)),
                        None => {}
                    }
                }
            }
            Ok(())
        }
        Value::Array(items) => (items.iter().enumerate())
            .try_for_each(|(i, item)| names_fit(item, &format!("{at}[{i}]"))),
        _ => Ok(()),
    }
}

/// A parse error with the field it is in, where the error is in one ("`sheet.parts[3].kind`:
/// unknown variant `bogus` …"): serde's own message gives only a line and a column.
pub fn at_field(path: &serde_path_to_error::Path, error: &serde_json::Error) -> String {
    match path.to_string().as_str() {
        "" | "." => error.to_string(),
        field => format!("`{field}`: {error}"),
    }
}
