//! Rule violations: why the table's action was refused, in words a player understands.
//!
//! Every refusal leaves the session untouched. Each variant maps to a translation key
//! ([`RuleError::text`]); `Display` gives the English sentence for logs and the command line.

use std::fmt;

use crate::i18n::Text;
use crate::vocabulary::Name;

/// The part of the game a session is in, for "not now" refusals (what the table watches says
/// more: [`crate::session::Stage`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Setup,
    Playing,
    RoundEnd,
    Over,
}

/// A table action the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    NotDuring {
        stage: Period,
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
    NotEnoughEggsToSteal {
        card: String,
        needed: u32,
        have: u32,
    },
    StealPaymentCount {
        needed: u32,
        paid: usize,
    },
    PaidFromAnothersCard {
        card: String,
    },
    NotEnoughEggsOnCard {
        card: String,
        eggs: u32,
        paid: usize,
    },
    OwnNicheCostsNoEggs,
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
    /// A sand timer's end for a turn that is no longer under way (or while paused).
    TimeUpStale,
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
        part: Name,
        value: u32,
        max: u32,
    },
    // --- games played from their profile alone ---
    /// An action this game's turn structure has no place for; `action` is a translation key.
    NotInThisGame {
        action: &'static str,
    },
    AlreadyTriggered,
    /// A phone acted on the table's cards when it was not its player's turn.
    NotYourTurn,
    /// Table time begun while it runs, or ended while it does not, or outside a player-turn.
    TableTime {
        on: bool,
    },
    /// A phase played at once begun outside a turn or a round end (or during one), or a Ready
    /// or an end while none runs.
    Together {
        on: bool,
    },
    /// A phone acted on another player's card.
    NotYourCard {
        card: String,
    },
    BadTurnOrder {
        players: usize,
    },
    TurnOrderLocked,
    /// A part the opponent the game plays itself (Gaia) does not score, typed in its column.
    NotOpponentsPart {
        part: Name,
        // Boxed: every refusal carries this enum's size.
        opponent: Box<Name>,
    },
    /// A tie-breaker that goes by the turn order the table keeps was typed in.
    TieByTurnOrder {
        breaker: Name,
    },
    /// A value typed for a tie-breaker the sheet reads from one of its parts (Terramara's
    /// military-track position): the part's value counts, so a copy typed here would not.
    TieReadsPart {
        breaker: Name,
        part: Name,
    },
    /// A tie-breaker's value from a phone while the player's total is level with no one's:
    /// the sheet asks for it only where a tie needs breaking.
    NoTie {
        breaker: Name,
    },
    UnknownCounter {
        counter: String,
    },
    CounterBelowMin {
        counter: Name,
        value: i64,
        min: i64,
    },
    UnknownEnding {
        ending: String,
    },
    EndingNeeded,
    EntryNeedsCounts {
        part: Name,
        count: usize,
    },
    EntryNeedsNumber {
        part: Name,
    },
    EntryNeedsWhole {
        part: Name,
    },
    EntryNegative {
        part: Name,
    },
    EntryNotTyped {
        part: Name,
    },
    /// The number would make a part or a total too large to add up exactly.
    EntryTooLarge {
        part: Name,
    },
    /// More than the rulebook's cap of a counted part (one level-2 power token).
    EntryAboveMost {
        part: Name,
        most: u32,
    },
    /// More dummy players on a ranked part than the rulebook adds at this table (Terramara: 2
    /// with 2 players, 1 with 3, none with 4).
    DummiesForPlayers {
        part: Name,
        players: usize,
        most: usize,
    },
    /// A sheet kept on paper gives another number of dummy players than the rulebook adds at
    /// its table.
    DummiesGiven {
        part: Name,
        players: usize,
        count: usize,
        given: usize,
    },
    /// More dummy players on a ranked part than any table has.
    TooManyDummies {
        part: Name,
        max: usize,
    },
    UnknownCard {
        part: Name,
        card: usize,
        cards: u32,
    },
    ClaimedTwice {
        part: Name,
        seat: usize,
    },
    TooManyClaims {
        part: Name,
        slots: usize,
    },
}

impl Period {
    fn key(self) -> &'static str {
        match self {
            Period::Setup => "stage.setup",
            Period::Playing => "stage.playing",
            Period::RoundEnd => "stage.round_end",
            Period::Over => "stage.over",
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
            UnknownPlayer { seat } => {
                Text::new("error.unknown_player").arg("seat", seat.saturating_add(1))
            }
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
            NotEnoughEggsToSteal { card, needed, have } => {
                Text::new("error.not_enough_eggs_to_steal")
                    .arg("card", card)
                    .arg("needed", needed)
                    .arg("have", have)
            }
            StealPaymentCount { needed, paid } => Text::new("error.steal_payment_count")
                .arg("needed", needed)
                .arg("paid", paid),
            PaidFromAnothersCard { card } => {
                Text::new("error.paid_from_anothers_card").arg("card", card)
            }
            NotEnoughEggsOnCard { card, eggs, paid } => Text::new("error.not_enough_eggs_on_card")
                .arg("card", card)
                .arg("eggs", eggs)
                .arg("paid", paid),
            OwnNicheCostsNoEggs => Text::new("error.own_niche_costs_no_eggs"),
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
            UnknownDie { die } => Text::new("error.unknown_die").arg("die", die.saturating_add(1)),
            DieAlreadyUsed { die } => {
                Text::new("error.die_already_used").arg("die", die.saturating_add(1))
            }
            DiceNotRolled => Text::new("error.dice_not_rolled"),
            DiceAlreadyRolled => Text::new("error.dice_already_rolled"),
            UnknownResource { face } => Text::new("error.unknown_resource").arg("face", face),
            NoUsedDice => Text::new("error.no_used_dice"),
            RerollNotAllowed { kinds } => Text::new("error.reroll_not_allowed").arg("kinds", kinds),
            RollMustCoverUsedDice => Text::new("error.roll_must_cover_used_dice"),
            AlreadyPaused => Text::new("error.already_paused"),
            TimeUpStale => Text::new("error.time_up_stale"),
            NotPaused => Text::new("error.not_paused"),
            ResultsCount { expected, got } => Text::new("error.results_count")
                .arg("expected", expected)
                .arg("got", got),
            UnknownRound { round } => Text::new("error.unknown_round").arg("round", round),
            EmptyLabel => Text::new("error.empty_label"),
            UnknownScorePart { part } => Text::new("error.unknown_score_part").arg("part", part),
            ScoreTooHigh { part, value, max } => Text::new("error.score_too_high")
                .arg_name("part", part)
                .arg("value", value)
                .arg("max", max),
            NotInThisGame { action } => {
                Text::new("error.not_in_this_game").arg_text("action", Text::new(action))
            }
            AlreadyTriggered => Text::new("error.already_triggered"),
            NotYourTurn => Text::new("error.not_your_turn"),
            TableTime { on: true } => Text::new("error.table_time_on"),
            TableTime { on: false } => Text::new("error.table_time_off"),
            Together { on: true } => Text::new("error.together_on"),
            Together { on: false } => Text::new("error.together_off"),
            NotYourCard { card } => Text::new("error.not_your_card").arg("card", card),
            BadTurnOrder { players } => Text::new("error.bad_turn_order").arg("players", players),
            TurnOrderLocked => Text::new("error.turn_order_locked"),
            NotOpponentsPart { part, opponent } => Text::new("error.not_opponents_part")
                .arg_name("part", part)
                .arg_name("opponent", opponent),
            TieByTurnOrder { breaker } => {
                Text::new("error.tie_by_turn_order").arg_name("breaker", breaker)
            }
            TieReadsPart { breaker, part } => Text::new("error.tie_reads_part")
                .arg_name("breaker", breaker)
                .arg_name("part", part),
            NoTie { breaker } => Text::new("error.no_tie").arg_name("breaker", breaker),
            UnknownCounter { counter } => {
                Text::new("error.unknown_counter").arg("counter", counter)
            }
            CounterBelowMin {
                counter,
                value,
                min,
            } => Text::new("error.counter_below_min")
                .arg_name("counter", counter)
                .arg("value", value)
                .arg("min", min),
            UnknownEnding { ending } => Text::new("error.unknown_ending").arg("ending", ending),
            EndingNeeded => Text::new("error.ending_needed"),
            EntryNeedsCounts { part, count } => Text::new("error.entry_needs_counts")
                .arg_name("part", part)
                .arg("count", count),
            EntryNeedsNumber { part } => {
                Text::new("error.entry_needs_number").arg_name("part", part)
            }
            EntryNeedsWhole { part } => Text::new("error.entry_needs_whole").arg_name("part", part),
            EntryNegative { part } => Text::new("error.entry_negative").arg_name("part", part),
            EntryNotTyped { part } => Text::new("error.entry_not_typed").arg_name("part", part),
            EntryTooLarge { part } => Text::new("error.entry_too_large").arg_name("part", part),
            DummiesForPlayers {
                part,
                players,
                most,
            } => Text::new("error.dummies_for_players")
                .arg_name("part", part)
                .arg("players", players)
                .arg("most", most),
            DummiesGiven {
                part,
                players,
                count,
                given,
            } => Text::new("error.dummies_given")
                .arg_name("part", part)
                .arg("players", players)
                .arg("count", count)
                .arg("given", given),
            EntryAboveMost { part, most } => Text::new("error.entry_above_most")
                .arg_name("part", part)
                .arg("most", most),
            TooManyDummies { part, max } => Text::new("error.too_many_dummies")
                .arg_name("part", part)
                .arg("max", max),
            UnknownCard { part, card, cards } => Text::new("error.unknown_card")
                .arg_name("part", part)
                .arg("card", card)
                .arg("cards", cards),
            ClaimedTwice { part, seat } => Text::new("error.claimed_twice")
                .arg_name("part", part)
                .arg("seat", seat.saturating_add(1)),
            TooManyClaims { part, slots } => Text::new("error.too_many_claims")
                .arg_name("part", part)
                .arg("slots", slots),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text())
    }
}

impl std::error::Error for RuleError {}
