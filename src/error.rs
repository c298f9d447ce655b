//! Rule violations: why the table's action was refused, in words a player understands.
//!
//! Every refusal leaves the session untouched. Each variant maps to a translation key
//! ([`RuleError::text`]); `Display` gives the English sentence for logs and the command line.

use std::fmt;

use crate::i18n::Text;

/// Where in the game the session is, for "not now" refusals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Setup,
    Playing,
    RoundEnd,
    Over,
}

/// A table action the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    NotDuring {
        stage: Stage,
    },
    AlreadyStarted,
    RoundEndPending {
        step: u8,
    },
    WrongRoundEndStep {
        expected: u8,
        got: u8,
    },
    UnknownPlayer {
        seat: usize,
    },
    UnknownCreature {
        id: usize,
    },
    CreatureGone {
        card: String,
    },
    EggCapacity {
        card: String,
        eggs: u32,
        capacity: u32,
    },
    NoEggs {
        card: String,
    },
    UnknownHabitat {
        habitat: String,
    },
    HabitatNotDeveloped {
        habitat: String,
    },
    HabitatAlreadyDeveloped {
        habitat: String,
    },
    CardNotOfHabitat {
        card: String,
        habitat: String,
    },
    EmptyCardName,
    BadLevel {
        level: u8,
    },
    BadHabitatCount {
        count: usize,
    },
    CardValueTooHigh {
        card: String,
    },
    UnknownDie {
        die: usize,
    },
    DieAlreadyUsed {
        die: usize,
    },
    DiceNotRolled,
    DiceAlreadyRolled,
    UnknownResource {
        face: String,
    },
    NoUsedDice,
    RerollNotAllowed {
        kinds: usize,
    },
    RollMustCoverUsedDice,
    AlreadyPaused,
    NotPaused,
    ResultsCount {
        expected: usize,
        got: usize,
    },
    UnknownRound {
        round: u32,
    },
    EmptyLabel,
    UnknownScorePart {
        part: String,
    },
    ScoreTooHigh {
        part: String,
        value: u32,
        max: u32,
    },
}

impl Stage {
    fn key(self) -> &'static str {
        match self {
            Stage::Setup => "stage.setup",
            Stage::Playing => "stage.playing",
            Stage::RoundEnd => "stage.round_end",
            Stage::Over => "stage.over",
        }
    }
}

impl RuleError {
    /// The message for a player, as a translatable text.
    pub fn text(&self) -> Text {
        use RuleError::*;
        match self {
            NotDuring { stage } => {
                Text::new("error.not_during").arg_text("stage", Text::new(stage.key()))
            }
            AlreadyStarted => Text::new("error.already_started"),
            RoundEndPending { step } => Text::new("error.round_end_pending").arg("step", step),
            WrongRoundEndStep { expected, got } => Text::new("error.wrong_round_end_step")
                .arg("expected", expected)
                .arg("got", got),
            UnknownPlayer { seat } => Text::new("error.unknown_player").arg("seat", seat + 1),
            UnknownCreature { id } => Text::new("error.unknown_creature").arg("id", id),
            CreatureGone { card } => Text::new("error.creature_gone").arg("card", card),
            EggCapacity {
                card,
                eggs,
                capacity,
            } => Text::new("error.egg_capacity")
                .arg("card", card)
                .arg("eggs", eggs)
                .arg("capacity", capacity),
            NoEggs { card } => Text::new("error.no_eggs").arg("card", card),
            UnknownHabitat { habitat } => {
                Text::new("error.unknown_habitat").arg("habitat", habitat)
            }
            HabitatNotDeveloped { habitat } => {
                Text::new("error.habitat_not_developed").arg("habitat", habitat)
            }
            HabitatAlreadyDeveloped { habitat } => {
                Text::new("error.habitat_already_developed").arg("habitat", habitat)
            }
            CardNotOfHabitat { card, habitat } => Text::new("error.card_not_of_habitat")
                .arg("card", card)
                .arg("habitat", habitat),
            EmptyCardName => Text::new("error.empty_card_name"),
            BadLevel { level } => Text::new("error.bad_level").arg("level", level),
            BadHabitatCount { count } => Text::new("error.bad_habitat_count").arg("count", count),
            CardValueTooHigh { card } => Text::new("error.card_value_too_high").arg("card", card),
            UnknownDie { die } => Text::new("error.unknown_die").arg("die", die + 1),
            DieAlreadyUsed { die } => Text::new("error.die_already_used").arg("die", die + 1),
            DiceNotRolled => Text::new("error.dice_not_rolled"),
            DiceAlreadyRolled => Text::new("error.dice_already_rolled"),
            UnknownResource { face } => Text::new("error.unknown_resource").arg("face", face),
            NoUsedDice => Text::new("error.no_used_dice"),
            RerollNotAllowed { kinds } => Text::new("error.reroll_not_allowed").arg("kinds", kinds),
            RollMustCoverUsedDice => Text::new("error.roll_must_cover_used_dice"),
            AlreadyPaused => Text::new("error.already_paused"),
            NotPaused => Text::new("error.not_paused"),
            ResultsCount { expected, got } => Text::new("error.results_count")
                .arg("expected", expected)
                .arg("got", got),
            UnknownRound { round } => Text::new("error.unknown_round").arg("round", round),
            EmptyLabel => Text::new("error.empty_label"),
            UnknownScorePart { part } => Text::new("error.unknown_score_part").arg("part", part),
            ScoreTooHigh { part, value, max } => Text::new("error.score_too_high")
                .arg("part", part)
                .arg("value", value)
                .arg("max", max),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text())
    }
}

impl std::error::Error for RuleError {}
