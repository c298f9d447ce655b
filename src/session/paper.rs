//! A game kept on paper, as an engine replays it: what refuses one of its entries. Each engine
//! turns a sheet into its own events ([`super::Rules::from_paper`], each entry applied by
//! [`super::GameSession::apply_entry`]); the error is the same for
//! every engine, naming whose entry it is.

use super::LineupError;
use crate::i18n::{Locale, Text};
use crate::kit::error::RuleError;

/// Why a past game cannot be logged or scored; nothing is written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaperError {
    #[error(transparent)]
    Setup(#[from] LineupError),
    #[error("{player}: {error}")]
    Entry { player: String, error: RuleError },
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("{player}: {part} takes a whole number of points")]
    NotWhole { player: String, part: String },
    #[error("the notes are longer than {max} characters")]
    LongNotes { max: usize },
}

impl PaperError {
    /// The refusal in the player's language, naming whose entry it is.
    pub fn render(&self, locale: Locale) -> String {
        self.text().render(locale)
    }

    /// The refusal as a translatable sentence.
    pub fn text(&self) -> Text {
        match self {
            PaperError::Setup(error) => error.text(),
            PaperError::Entry { player, error } => Text::new("past.entry")
                .arg("player", player)
                .arg_text("reason", error.text()),
            PaperError::Rule(error) => error.text(),
            PaperError::NotWhole { player, part } => Text::new("past.not_whole")
                .arg("player", player)
                .arg("part", part),
            PaperError::LongNotes { max } => Text::new("past.long_notes").arg("max", *max),
        }
    }
}
