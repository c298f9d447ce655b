//! A game kept on paper, entered afterwards: its sheet scored by the same engine as a game
//! played with the app, and kept in the history like one (marked as logged, since it has no
//! times; the statistics leave it out of every time figure and count it in everything else).
//!
//! The game becomes a session like any other: its setup (the players, in seat order) and one
//! event per entry of the sheet, all at the time it was played, so the history can replay,
//! re-score, correct, export and share it as it does a played game.

use chrono::{DateTime, Utc};

use crate::any_game::{AnyGame, PlayEvent, PlaySession};
use crate::i18n::{Locale, Text};
use crate::kit::error::RuleError;
use crate::kit::game_profile::GameProfile;
use crate::scoring::{CellInput, Points, SheetInput};
use crate::session::summary::{HistoryEntry, Outcome};
use crate::session::{Game, GameSession, Player, Rules, Setup, SetupError};
use crate::store::saved::SavedSession;
use crate::terravist::Terravist;
use crate::terravist::profile::{PROFILE_FORMAT, Profile};
use crate::vocabulary::{Colour, Seat};

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
    /// When it was played: required to log it, `now` when only scored.
    #[serde(default)]
    pub played_at: Option<DateTime<Utc>>,
    /// A TERRAVIST profile of the table's own (its components' values); the built-in one when
    /// absent.
    #[serde(default)]
    profile: Option<serde_json::Value>,
    #[serde(default)]
    pub notes: String,
    #[serde(flatten)]
    pub sheet: SheetInput,
}

fn first_version() -> u32 {
    1
}

/// The game a paper sheet is of, with the profile that scores it.
#[derive(Debug, Clone)]
// Made once per sheet read: the size difference is moot.
#[allow(clippy::large_enum_variant)]
pub enum SheetGame {
    Terravist(Profile),
    Other(GameProfile),
}

/// Reads a paper sheet: its format and version checked, nothing else yet.
pub fn parse_sheet(text: &str) -> Result<PaperSheet, String> {
    let file: PaperSheet = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if file.format != SHEET_FORMAT {
        return Err(format!(
            "not a paper sheet (\"format\" is \"{}\", not \"{}\")",
            file.format, SHEET_FORMAT
        ));
    }
    if file.version > 1 {
        return Err(format!(
            "written by a newer tablekeeper (version {})",
            file.version
        ));
    }
    Ok(file)
}

impl PaperSheet {
    /// The game's profile id.
    pub fn game_id(&self) -> &str {
        self.game.as_deref().unwrap_or(Terravist::ENGINE)
    }

    /// The game it is of: TERRAVIST (the built-in profile, or the one the sheet carries), or
    /// one of `games` by its id.
    pub fn game(&self, games: &[GameProfile]) -> Result<SheetGame, String> {
        let id = self.game_id();
        if id == Terravist::ENGINE {
            return match &self.profile {
                None => Ok(SheetGame::Terravist(Profile::terravist())),
                Some(value) => {
                    let mut value = value.clone();
                    if value.get("format").is_none() {
                        value["format"] = PROFILE_FORMAT.into();
                    }
                    Profile::from_json(&value.to_string())
                        .map(SheetGame::Terravist)
                        .map_err(|e| e.to_string())
                }
            };
        }
        games
            .iter()
            .find(|g| g.id == id)
            .cloned()
            .map(SheetGame::Other)
            .ok_or_else(|| format!("no game \"{id}\" is shipped or in profiles/"))
    }

    /// The past game to log: the date it was played is required (a game logged with today's
    /// date by mistake would sit in the wrong month).
    pub fn to_log(&self) -> Result<PastGame, String> {
        let played_at = self
            .played_at
            .ok_or("the sheet does not say when the game was played (\"played_at\")")?;
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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PastGameError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("{player}: {error}")]
    Entry { player: String, error: RuleError },
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("{player}: {part} takes a whole number of points")]
    NotWhole { player: String, part: String },
}

impl PastGameError {
    /// The refusal in the player's language, naming whose entry it is.
    pub fn render(&self, locale: Locale) -> String {
        match self {
            PastGameError::Setup(error) => error.text().render(locale),
            PastGameError::Entry { player, error } => {
                format!("{player}: {}", error.text().render(locale))
            }
            PastGameError::Rule(error) => error.text().render(locale),
            PastGameError::NotWhole { player, part } => Text::new("past.not_whole")
                .arg("player", player.clone())
                .arg("part", part.clone())
                .render(locale),
        }
    }
}

impl PastGame {
    /// Its game as the history keeps it: the entry (logged, with no times) and the session.
    pub fn log(&self, game: SheetGame) -> Result<(HistoryEntry, SavedSession), PastGameError> {
        Ok(match game {
            SheetGame::Terravist(profile) => {
                as_logged(&self.terravist(profile)?, self.played_at, &self.notes)
            }
            SheetGame::Other(profile) => {
                as_logged(&self.any_game(profile)?, self.played_at, &self.notes)
            }
        })
    }

    /// Its game, replayed from its entries: what `score` and `replay` read of a paper sheet.
    pub fn replay(&self, game: SheetGame) -> Result<Box<dyn Game>, PastGameError> {
        Ok(match game {
            SheetGame::Terravist(profile) => Box::new(self.terravist(profile)?),
            SheetGame::Other(profile) => Box::new(self.any_game(profile)?),
        })
    }

    /// A TERRAVIST game: each part of each player is set by hand on the six-part sheet.
    fn terravist(&self, profile: Profile) -> Result<GameSession<Terravist>, PastGameError> {
        let setup = Setup {
            first_round_turns: profile.default_first_round_turns(),
            ..self.setup()
        };
        let mut session = GameSession::<Terravist>::new(profile, setup, self.played_at)?;
        for (seat, player) in self.sheet.players.iter().enumerate() {
            for (part, value) in &player.parts {
                let whole = match value {
                    CellInput::Number(points) if Points::whole(points.floor()) == *points => {
                        u32::try_from(points.floor()).ok()
                    }
                    _ => None,
                };
                let not_whole = || PastGameError::NotWhole {
                    player: player.name.clone(),
                    part: part.clone(),
                };
                let value = whole.ok_or_else(not_whole)?;
                let event = Terravist::set_score(seat, part, Some(value));
                self.apply(&mut session, event, &player.name)?;
            }
        }
        Ok(session)
    }

    /// A game of any other profile: its turn order (for a tie-breaker that asks it), its cells,
    /// tie-breakers, claims, bonuses, dummy players and (in a game of sides) how it ended, then
    /// the end of the game.
    fn any_game(&self, profile: GameProfile) -> Result<PlaySession, PastGameError> {
        let mut setup = self.setup();
        setup.sides = self
            .sheet
            .players
            .iter()
            .filter_map(|p| p.side.clone())
            .collect();
        let at = self.played_at;
        let mut session = GameSession::<AnyGame>::new(profile, setup, at)?;
        // The sheet's positions in turn order (seat order where it gives none).
        let mut order: Vec<Seat> = (0..self.sheet.players.len()).collect();
        order.sort_by_key(|&seat| {
            let position = self.sheet.players[seat].turn_order;
            position.map_or(seat + 1, |p| p as usize)
        });
        if order.iter().enumerate().any(|(i, &seat)| i != seat) {
            session.apply(PlayEvent::SetTurnOrder { order }, at)?;
        }
        session.apply(PlayEvent::StartGame, at)?;
        let ending = self.sheet.ending.clone();
        session.apply(PlayEvent::EndGame { ending }, at)?;
        for (seat, player) in self.sheet.players.iter().enumerate() {
            for (part, value) in &player.parts {
                let event = PlayEvent::SetCell {
                    player: seat,
                    part: part.clone(),
                    value: Some(value.clone()),
                };
                self.apply(&mut session, event, &player.name)?;
            }
            for (breaker, &value) in &player.tie {
                let event = PlayEvent::SetTie {
                    player: seat,
                    breaker: breaker.clone(),
                    value: Some(value),
                };
                self.apply(&mut session, event, &player.name)?;
            }
        }
        for (part, cards) in &self.sheet.claims {
            for (card, seats) in cards.iter().enumerate() {
                let event = PlayEvent::SetClaims {
                    part: part.clone(),
                    card,
                    seats: seats.clone(),
                };
                session.apply(event, at)?;
            }
        }
        for (part, &seat) in &self.sheet.bonus {
            let event = PlayEvent::SetBonus {
                part: part.clone(),
                seat: Some(seat),
            };
            session.apply(event, at)?;
        }
        for (part, values) in &self.sheet.dummies {
            let event = PlayEvent::SetDummies {
                part: part.clone(),
                values: values.clone(),
            };
            session.apply(event, at)?;
        }
        Ok(session)
    }

    fn setup(&self) -> Setup {
        seated(self.sheet.players.iter().map(|p| p.name.as_str()))
    }

    fn apply<R: Rules>(
        &self,
        session: &mut GameSession<R>,
        event: R::Event,
        player: &str,
    ) -> Result<(), PastGameError> {
        session
            .apply(event, self.played_at)
            .map(|_| ())
            .map_err(|error| PastGameError::Entry {
                player: player.to_string(),
                error,
            })
    }
}

/// The setup of a past game: the players in seat order (the first one started), their marker
/// colours in the app's order.
pub fn seated<'a>(names: impl IntoIterator<Item = &'a str>) -> Setup {
    let players = names
        .into_iter()
        .zip(Colour::ALL.iter().cycle())
        .map(|(name, &colour)| Player {
            name: name.trim().to_string(),
            colour,
        })
        .collect();
    Setup {
        players,
        parent: 0,
        first_round_turns: 3,
        sides: Vec::new(),
    }
}

/// A past game of another profile as its sheet is filled in: started and over at the time it
/// was played (`ending`: how a game of sides ended), as a played game is when its sheet opens.
pub fn over_at(
    profile: GameProfile,
    setup: Setup,
    played_at: DateTime<Utc>,
    ending: Option<String>,
) -> Result<crate::any_game::PlaySession, PastGameError> {
    let mut session = GameSession::<AnyGame>::new(profile, setup, played_at)?;
    session.apply(PlayEvent::StartGame, played_at)?;
    session.apply(PlayEvent::EndGame { ending }, played_at)?;
    Ok(session)
}

/// A past game's session (its sheet entered) as the history keeps it: its entry, marked as
/// logged with no times (the clock never ran), and the session to keep with it.
pub fn as_logged<R: Rules>(
    session: &GameSession<R>,
    played_at: DateTime<Utc>,
    notes: &str,
) -> (HistoryEntry, SavedSession)
where
    crate::session::SessionFile<R>: Into<SavedSession>,
{
    let mut entry = crate::session::summary::summarize(session, Outcome::Finished, played_at);
    entry.logged = true;
    entry.notes = notes.trim().to_string();
    entry.duration_ms = 0;
    entry.paused_ms = 0;
    entry.ended_at = played_at;
    for player in &mut entry.players {
        player.time_ms = 0;
        player.turns = 0;
    }
    (entry, session.to_file().into())
}
