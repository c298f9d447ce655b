//! A game kept on paper, entered afterwards: its sheet scored by the same engine as a game
//! played with the app, and kept in the history like one (marked as logged, since it has no
//! times; the statistics leave it out of every time figure and count it in everything else).
//!
//! The game becomes a session like any other: its setup (the players, in seat order) and one
//! event per entry of the sheet, all at the time it was played, so the history can replay,
//! re-score, correct, export and share it as it does a played game.

use chrono::{DateTime, Utc};

use crate::any_game::{AnyGame, PlayEvent};
use crate::error::RuleError;
use crate::game_profile::GameProfile;
use crate::i18n::{Locale, Text};
use crate::scoring::{CellInput, Points, SheetInput};
use crate::session::summary::{HistoryEntry, Outcome};
use crate::session::{GameSession, Player, Rules, Setup, SetupError};
use crate::store::saved::SavedSession;
use crate::terravist::Terravist;
use crate::terravist::profile::Profile;
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

/// A paper sheet file (`"format": "tablekeeper-sheet"`, the file `tablekeeper score` reads)
/// with the date it was played: what `tablekeeper history add` logs.
#[derive(Debug, serde::Deserialize)]
struct SheetFile {
    format: String,
    #[serde(default = "first_version")]
    version: u32,
    /// The game's profile id; TERRAVIST when absent.
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    played_at: Option<DateTime<Utc>>,
    #[serde(default)]
    notes: String,
    #[serde(flatten)]
    sheet: SheetInput,
}

fn first_version() -> u32 {
    1
}

/// Reads a paper sheet to log: the game's id and the past game. The date it was played is
/// required (a game logged with today's date by mistake would sit in the wrong month).
pub fn parse_sheet(text: &str) -> Result<(String, PastGame), String> {
    let file: SheetFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if file.format != crate::load::SHEET_FORMAT {
        return Err(format!(
            "not a paper sheet (\"format\" is \"{}\", not \"{}\")",
            file.format,
            crate::load::SHEET_FORMAT
        ));
    }
    if file.version > 1 {
        return Err(format!(
            "written by a newer tablekeeper (version {})",
            file.version
        ));
    }
    let played_at = file
        .played_at
        .ok_or("the sheet does not say when the game was played (\"played_at\")")?;
    let game = file.game.unwrap_or_else(|| "terravist".to_string());
    Ok((
        game,
        PastGame {
            played_at,
            sheet: file.sheet,
            notes: file.notes,
        },
    ))
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
    /// A TERRAVIST game: each part of each player is set by hand on the six-part sheet.
    pub fn terravist(
        &self,
        profile: Profile,
    ) -> Result<(HistoryEntry, SavedSession), PastGameError> {
        let mut session = GameSession::<Terravist>::new(profile, self.setup(), self.played_at)?;
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
        Ok(as_logged(&session, self.played_at, &self.notes))
    }

    /// A game of any other profile: its cells, tie-breakers, claims, bonuses, dummy players
    /// and (in a game of sides) how it ended, then the end of the game.
    pub fn any_game(
        &self,
        profile: GameProfile,
    ) -> Result<(HistoryEntry, SavedSession), PastGameError> {
        let mut setup = self.setup();
        setup.sides = self
            .sheet
            .players
            .iter()
            .filter_map(|p| p.side.clone())
            .collect();
        let ending = self.sheet.ending.clone();
        let mut session = over_at(profile, setup, self.played_at, ending)?;
        let at = self.played_at;
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
        Ok(as_logged(&session, self.played_at, &self.notes))
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
