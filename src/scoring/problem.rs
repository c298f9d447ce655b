//! What is wrong with a profile's field, as a translatable sentence: the profile editor shows it
//! in the player's language, logs and the command line in English.

use std::fmt;

use crate::i18n::{Locale, Text};

/// One thing wrong with a profile field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    EmptyId,
    /// `what` is a translation key naming the kind of thing ("part", "side").
    Twice {
        what: &'static str,
        id: String,
    },
    NoParts,
    NegativeWeight,
    NegativePenalty,
    PerN,
    RankPoints,
    Claims,
    /// A cap (`most`) on a part that is not counted, or a cap of 0.
    Most,
    /// Dummy players by player count on a part that is not ranked.
    Dummies,
    Cycle {
        id: String,
    },
    TwoSides,
    NoEndings,
    NotASide {
        side: String,
    },
    /// A counter id that names no other counter of the profile.
    NotACounter {
        counter: String,
    },
    /// A side with a fixed number of players that is 0, or more than the game takes.
    SidePlayers,
    /// An opponent the game plays itself in a game of sides, or against no players.
    Opponent,
    /// A part id that names no part of the sheet.
    NotAPart {
        part: String,
    },
    Format {
        format: &'static str,
    },
    Newer {
        found: u32,
        supported: u32,
    },
    PlayerRange,
    RecommendedRange,
    TooManyPlayers {
        max: usize,
    },
    NoName,
    EmptyRound,
    RoundsAndActions,
    Rounds,
    CounterRange,
    EndOutside,
    NotAnEnding {
        ending: String,
    },
    /// A tie-breaker that reads a part with no one number per player (claims, a bonus,
    /// several counts), or that goes by the turn order too.
    BreakerPart,
    /// A variant id the profile does not offer.
    NotAVariant {
        variant: String,
    },
    /// A name holding a character that shows nothing, acts or breaks the line (`code`:
    /// "U+200B"), by the one name rule players' names go by.
    NameHidden {
        code: String,
    },
    /// A name stacking more marks on a letter than a name takes.
    NameMarks,
    /// A name longer than a name may be.
    NameTooLong {
        max: usize,
    },
}

impl Problem {
    pub fn text(&self) -> Text {
        use Problem::*;
        match self {
            EmptyId => Text::new("problem.empty_id"),
            Twice { what, id } => Text::new("problem.twice")
                .arg_text("what", Text::new(what))
                .arg("id", id),
            NoParts => Text::new("problem.no_parts"),
            NegativeWeight => Text::new("problem.negative_weight"),
            NegativePenalty => Text::new("problem.negative_penalty"),
            PerN => Text::new("problem.per_n"),
            RankPoints => Text::new("problem.rank_points"),
            Claims => Text::new("problem.claims"),
            Most => Text::new("problem.most"),
            Dummies => Text::new("problem.dummies"),
            Cycle { id } => Text::new("problem.cycle").arg("id", id),
            TwoSides => Text::new("problem.two_sides"),
            NoEndings => Text::new("problem.no_endings"),
            NotASide { side } => Text::new("problem.not_a_side").arg("side", side),
            NotACounter { counter } => Text::new("problem.not_a_counter").arg("counter", counter),
            SidePlayers => Text::new("problem.side_players"),
            Opponent => Text::new("problem.opponent"),
            NotAPart { part } => Text::new("problem.not_a_part").arg("part", part),
            Format { format } => Text::new("problem.format").arg("format", format),
            Newer { found, supported } => Text::new("problem.newer")
                .arg("found", found)
                .arg("supported", supported),
            PlayerRange => Text::new("problem.player_range"),
            RecommendedRange => Text::new("problem.recommended_range"),
            TooManyPlayers { max } => Text::new("problem.too_many_players").arg("max", max),
            NoName => Text::new("problem.no_name"),
            EmptyRound => Text::new("problem.empty_round"),
            RoundsAndActions => Text::new("problem.rounds_and_actions"),
            Rounds => Text::new("problem.rounds"),
            CounterRange => Text::new("problem.counter_range"),
            EndOutside => Text::new("problem.end_outside"),
            NotAnEnding { ending } => Text::new("problem.not_an_ending").arg("ending", ending),
            BreakerPart => Text::new("problem.breaker_part"),
            NotAVariant { variant } => Text::new("problem.not_a_variant").arg("variant", variant),
            NameHidden { code } => Text::new("problem.name_hidden").arg("code", code),
            NameMarks => Text::new("problem.name_marks"),
            NameTooLong { max } => Text::new("problem.name_too_long").arg("max", max),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().render(Locale::EN))
    }
}
