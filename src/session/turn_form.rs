//! What a player records of their own cards on their own phone during their own turn, for an
//! engine that keeps a tableau (TERRAVIST's creature cards, eggs, tucked cards and habitats;
//! the other games keep none): [`TurnForm`] is what the phone is shown, a [`TurnAction`] what it
//! sends back, made into the engine's own event, the one the window's table screen makes.
//!
//! Only the seat whose turn it is may act, and only on their own cards (a steal names another
//! player's card as its target, and pays with the stealer's own eggs): the engine checks it.

use crate::vocabulary::Name;

/// One of the player's own settled cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnCard {
    pub id: usize,
    pub name: String,
    pub eggs: u32,
    pub egg_limit: u32,
    pub tucked: u32,
    pub habitat: Name,
}

/// A habitat: where a card may settle (developed) or what may be developed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HabitatChoice {
    pub id: String,
    pub name: Name,
    pub developed: bool,
}

/// A settled card whose niche may be stolen, and what stealing it costs the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StealTarget {
    pub id: usize,
    pub name: String,
    /// Whose card it is.
    pub owner: String,
    pub habitat_id: String,
    pub habitat: Name,
    /// The extra cost: humans and eggs (none for one's own card).
    pub humans: u32,
    pub eggs: u32,
    /// The eggs the app proposes to pay with, one of the player's own cards per egg.
    pub paid: Vec<usize>,
}

/// What a phone shows its player during their own turn.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnForm {
    pub cards: Vec<OwnCard>,
    pub habitats: Vec<HabitatChoice>,
    pub targets: Vec<StealTarget>,
}

/// A creature card as the player reads it off the cardboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFields {
    pub name: String,
    pub smiles: u32,
    pub egg_limit: u32,
    pub level: u8,
    pub habitats: Vec<String>,
}

/// What a phone may record of its player's own cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnAction {
    AddEgg { card: usize },
    RemoveEgg { card: usize },
    Tuck { card: usize },
    Develop { habitat: String },
    Settle { card: CardFields, habitat: String },
    Steal { target: usize, card: CardFields },
}
