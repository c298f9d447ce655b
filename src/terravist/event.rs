//! Table actions as typed events: the only way a session changes.
//!
//! Each event is stored with its wall-clock time as a [`crate::session::Record`]; a session's state is the replay
//! of its records. The serde names are stable: they are the journal and history format, so a
//! rename here needs a migration.

use serde::{Deserialize, Serialize};

use crate::kit::clock_event::ClockEvent;
pub use crate::vocabulary::Seat;

/// A creature on the table, numbered in the order it was settled (never reused).
pub type CreatureId = usize;

/// What a creature card prints, as the table typed it in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardInfo {
    pub name: String,
    pub smiles: u32,
    pub egg_capacity: u32,
    /// One or two habitat ids from the profile.
    pub habitats: Vec<String>,
    /// Class level, 1..=4.
    pub level: u8,
}

/// Who rolled a set of dice: the table's real dice, or the app on the table's behalf.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollSource {
    Table,
    App,
}

/// One die's new face after a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    pub die: usize,
    pub face: String,
}

/// Every table action. Tagged JSON: `{"type": "take_die", "die": 2}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// A clock event is an untagged variant (below): an unknown `type`, or a clock event with a
// field it cannot read, is said in this sentence rather than serde's "did not match any variant".
#[serde(
    tag = "type",
    rename_all = "snake_case",
    expecting = "an event this tablekeeper does not know, or one with a field it cannot read"
)]
pub enum Event {
    // --- setup ---
    /// The first habitat, developed by nobody (from the tray cards, the parent breaks ties).
    SetFirstHabitat {
        habitat: String,
    },
    /// The label of a round's objective tile (drawn blind; set when it is revealed).
    SetObjective {
        round: u32,
        label: String,
    },
    /// The first roll of all dice into the resource box.
    InitialRoll {
        dice: Vec<RolledDie>,
        source: RollSource,
    },
    /// The parent starts the first turn; clocks start.
    StartGame,

    // --- the clock ---
    /// The current player's turn ends and the next one's begins (or the round ends).
    NextPlayerTurn,

    // --- the dice box ---
    /// Take the token a die shows; the die moves to the used box.
    TakeDie {
        die: usize,
    },
    /// The used dice are rolled and returned to the box (only when the rules allow).
    Reroll {
        dice: Vec<RolledDie>,
        source: RollSource,
    },

    // --- creatures, eggs, habitats ---
    /// A creature from hand settles in an empty niche of a developed habitat.
    Settle {
        player: Seat,
        card: CardInfo,
        habitat: String,
    },
    /// A creature from hand replaces a settled one (stealing its niche).
    StealNiche {
        player: Seat,
        target: CreatureId,
        card: CardInfo,
        /// The eggs paid for stealing another player's niche: one creature of the stealer's per
        /// egg (a card paying two eggs is named twice). `None` in games saved before the app
        /// kept this payment: their steals replay as they were recorded, nothing paid.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paid_eggs: Option<Vec<CreatureId>>,
    },
    AddEgg {
        creature: CreatureId,
    },
    /// An egg goes back to the supply (used, or paid).
    RemoveEgg {
        creature: CreatureId,
    },
    /// A card is tucked under a creature.
    TuckCard {
        creature: CreatureId,
    },
    /// A creature leaves the table by an ability.
    DiscardCreature {
        creature: CreatureId,
    },
    DevelopHabitat {
        player: Seat,
        habitat: String,
    },
    /// An environment card played during a turn by a creature's ability (the round end's flip is
    /// [`Event::FlipEnvironment`]). Each one triggers the on-environment-change abilities.
    ChangeEnvironment {
        card: Option<String>,
    },

    // --- the round end, in the rulebook's order ---
    /// Step 1: each player's result on the round objective, in seat order.
    RecordObjective {
        results: Vec<u32>,
    },
    /// Step 1, before it is confirmed: one player's result on the round objective, entered on
    /// their phone or typed at the window (`None` clears it). [`Event::RecordObjective`]
    /// confirms the results.
    EnterResult {
        player: Seat,
        result: Option<u32>,
    },
    /// A result that arrived after step 1 of its round's end was confirmed (the player's
    /// phone was offline: it counted as 0), added by the parent's phone: the round's
    /// objective is ranked again with it. Added for issue 57; older journals never hold it.
    AmendObjective {
        round: u32,
        player: Seat,
        result: u32,
    },
    /// Step 2: every settled creature returns one egg; one with none is discarded.
    ReturnEggs,
    /// Step 3: the parent flips an environment card (its name, if the table typed it).
    FlipEnvironment {
        card: Option<String>,
    },
    /// Step 4: the parent marker passes clockwise.
    PassParent,

    // --- the score sheet ---
    /// A player marks their column of the sheet done (`ready`), or takes that back.
    Ready {
        player: Seat,
        ready: bool,
    },
    /// A hand entry in the score sheet: the value of an entered part, or an override of a
    /// derived one. `None` clears the entry (a derived part goes back to its computed value).
    SetScore {
        player: Seat,
        part: String,
        value: Option<u32>,
    },

    /// The table's acts on the clock (pause, table time, a phase played at once, a sand timer
    /// run out), the same in every game: written as their own `type`s, as before.
    #[serde(untagged)]
    Clock(ClockEvent),
}

/// The card a table event settles or steals with, if any: the table has met it, and whoever
/// keeps the table (the window, `serve`) offers it again at the next game's table.
pub fn learned_card(event: &crate::session::TableEvent) -> Option<CardInfo> {
    match event.event::<Event>() {
        Some(Event::Settle { card, .. } | Event::StealNiche { card, .. }) => Some(card.clone()),
        _ => None,
    }
}
