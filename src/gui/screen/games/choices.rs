//! The choices the profile editor offers: the kinds of a score part and the turn structures,
//! with their translation keys.

/// The part kinds the editor offers, in the order shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Entered,
    Count,
    Penalty,
    PerN,
    Rank,
    Claims,
    Bonus,
    Track,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Entered,
        Kind::Count,
        Kind::Penalty,
        Kind::PerN,
        Kind::Rank,
        Kind::Claims,
        Kind::Bonus,
        Kind::Track,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Kind::Entered => "kind.entered",
            Kind::Count => "kind.count",
            Kind::Penalty => "kind.penalty",
            Kind::PerN => "kind.per_n",
            Kind::Rank => "kind.rank",
            Kind::Claims => "kind.claims",
            Kind::Bonus => "kind.bonus",
            Kind::Track => "kind.track",
        }
    }

    /// The labels of the kind's two parameters (translation keys), if it has them.
    pub fn params(self) -> [Option<&'static str>; 2] {
        match self {
            Kind::Entered => [None, None],
            Kind::Count => [Some("param.weight"), None],
            Kind::Penalty => [Some("param.penalty"), None],
            Kind::PerN => [Some("param.per"), Some("param.counts")],
            Kind::Rank => [Some("param.rank_points"), None],
            Kind::Claims => [Some("param.slots"), Some("param.cards")],
            Kind::Bonus => [Some("param.bonus"), None],
            Kind::Track => [Some("param.start"), None],
        }
    }
}

/// How turns go, as the editor offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    FixedRounds,
    RoundsUntil,
    UntilTrigger,
    ShrinkingRounds,
    /// Kept from a copied game of sides (Leviath); not offered for a new game.
    Alternating,
}

impl Structure {
    pub const OFFERED: [Structure; 4] = [
        Structure::FixedRounds,
        Structure::RoundsUntil,
        Structure::UntilTrigger,
        Structure::ShrinkingRounds,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Structure::FixedRounds => "structure.fixed_rounds",
            Structure::RoundsUntil => "structure.rounds_until",
            Structure::UntilTrigger => "structure.until_trigger",
            Structure::ShrinkingRounds => "structure.shrinking_rounds",
            Structure::Alternating => "structure.alternating",
        }
    }
}
