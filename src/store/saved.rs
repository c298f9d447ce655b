//! A saved session of either engine, as the history and backups hold it: the file names its
//! engine (files from before there was a choice are TERRAVIST's), and it is read with that one.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};

use super::entry::{HistoryEntry, Outcome, Summarize};
use crate::any_game::AnyGame;
use crate::session::{GameSession, Rules, SessionFile, Setup, Terravist};

/// A saved session of any engine.
// Files are read one at a time (a detail view, a backup item): the size difference is moot.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SavedSession {
    Terravist(SessionFile<Terravist>),
    Profile(SessionFile<AnyGame>),
}

impl<'de> Deserialize<'de> for SavedSession {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SavedSession, D::Error> {
        use serde::de::Error;
        /// Only the engine; every other field is skipped without being built.
        #[derive(Deserialize)]
        struct Engine {
            engine: Option<String>,
        }
        // The raw text once, then two fast passes over it: the engine, then the typed file.
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let engine = serde_json::from_str::<Engine>(raw.get())
            .map_err(D::Error::custom)?
            .engine
            .unwrap_or_else(|| Terravist::ENGINE.to_string());
        if engine == Terravist::ENGINE {
            serde_json::from_str(raw.get())
                .map(SavedSession::Terravist)
                .map_err(D::Error::custom)
        } else if engine == AnyGame::ENGINE {
            serde_json::from_str(raw.get())
                .map(SavedSession::Profile)
                .map_err(D::Error::custom)
        } else {
            Err(D::Error::custom(format!(
                "the session is for an engine this build does not have: \"{engine}\""
            )))
        }
    }
}

/// Replays a file and summarises it, or says why it does not replay.
fn summary<R: Summarize>(
    file: &SessionFile<R>,
    outcome: Outcome,
    ended_at: DateTime<Utc>,
) -> Result<HistoryEntry, String> {
    let session = GameSession::<R>::from_file(file.clone()).map_err(|e| e.to_string())?;
    let ended_at = ended_at.max(session.created_at());
    Ok(R::summarize(&session, outcome, ended_at))
}

impl From<SessionFile<Terravist>> for SavedSession {
    fn from(file: SessionFile<Terravist>) -> SavedSession {
        SavedSession::Terravist(file)
    }
}

impl From<SessionFile<AnyGame>> for SavedSession {
    fn from(file: SessionFile<AnyGame>) -> SavedSession {
        SavedSession::Profile(file)
    }
}

impl SavedSession {
    /// The file, if it is a TERRAVIST session.
    pub fn into_terravist(self) -> Option<SessionFile<Terravist>> {
        match self {
            SavedSession::Terravist(f) => Some(f),
            SavedSession::Profile(_) => None,
        }
    }

    /// Each score part's id and name, in the sheet's order.
    pub fn part_names(&self) -> Vec<(String, crate::vocabulary::Name)> {
        match self {
            SavedSession::Terravist(f) => f
                .profile
                .score_parts
                .iter()
                .map(|p| (p.id.clone(), p.name.clone()))
                .collect(),
            SavedSession::Profile(f) => f
                .profile
                .sheet
                .parts
                .iter()
                .map(|p| (p.id.clone(), p.name.clone()))
                .collect(),
        }
    }

    /// The name of how a game of sides ended.
    pub fn ending_name(&self, ending: &str) -> Option<crate::vocabulary::Name> {
        match self {
            SavedSession::Profile(f) => match &f.profile.sheet.winner {
                crate::scoring::WinnerRule::Side { endings, .. } => endings
                    .iter()
                    .find(|e| e.id == ending)
                    .map(|e| e.name.clone()),
                _ => None,
            },
            SavedSession::Terravist(_) => None,
        }
    }

    pub fn version(&self) -> u32 {
        match self {
            SavedSession::Terravist(f) => f.version,
            SavedSession::Profile(f) => f.version,
        }
    }

    pub fn setup(&self) -> &Setup {
        match self {
            SavedSession::Terravist(f) => &f.setup,
            SavedSession::Profile(f) => &f.setup,
        }
    }

    pub fn setup_mut(&mut self) -> &mut Setup {
        match self {
            SavedSession::Terravist(f) => &mut f.setup,
            SavedSession::Profile(f) => &mut f.setup,
        }
    }

    pub fn id(&self) -> &str {
        match self {
            SavedSession::Terravist(f) => &f.id,
            SavedSession::Profile(f) => &f.id,
        }
    }

    pub fn set_id(&mut self, id: String) {
        match self {
            SavedSession::Terravist(f) => f.id = id,
            SavedSession::Profile(f) => f.id = id,
        }
    }

    pub fn event_count(&self) -> usize {
        match self {
            SavedSession::Terravist(f) => f.events.len(),
            SavedSession::Profile(f) => f.events.len(),
        }
    }

    /// When its last event happened (a game without events: when it was created).
    pub fn last_event_at(&self) -> DateTime<Utc> {
        match self {
            SavedSession::Terravist(f) => f.events.last().map_or(f.created_at, |r| r.at),
            SavedSession::Profile(f) => f.events.last().map_or(f.created_at, |r| r.at),
        }
    }

    /// Checks the profile inside the file as strictly as a profile file is checked.
    pub fn check_profile(&self) -> Result<(), String> {
        match self {
            // The same checks as reading a profile file, without writing it out and reading it back.
            SavedSession::Terravist(f) => f.profile.check().map_err(|e| e.to_string())?,
            SavedSession::Profile(f) => f.profile.validate().map_err(|e| e.to_string())?,
        }
        Ok(())
    }

    /// Replays the events and summarises the game (a summary is never trusted over its events).
    pub fn summarize(
        &self,
        outcome: Outcome,
        ended_at: DateTime<Utc>,
    ) -> Result<HistoryEntry, String> {
        match self {
            SavedSession::Terravist(f) => summary(f, outcome, ended_at),
            SavedSession::Profile(f) => summary(f, outcome, ended_at),
        }
    }
}
