//! What a player records of their own cards on their own phone during their own turn, for an
//! engine that keeps a tableau (TERRAVIST's creature cards, eggs, tucked cards and habitats;
//! the other games keep none), and the shared dice box: [`TurnForm`] is what the phone is shown, a [`TurnAction`] what it
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

/// A die of the shared dice box, as the current player's phone shows it: its face (none before
/// the first roll) and whether it is in the resource box (to take) or the used box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieView {
    pub face: Option<Name>,
    pub in_box: bool,
}

/// The roll the dice box allows now, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollOffer {
    /// The first roll, of every die, into the resource box.
    First,
    /// A reroll of the used dice: the resource box shows one kind or none.
    Reroll,
}

/// The shared dice box on the phone of the player whose turn it is: they take the die they
/// choose, and roll when the rules allow it (the app rolls, as the window's "Roll").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceForm {
    pub dice: Vec<DieView>,
    pub roll: Option<RollOffer>,
    /// The dice the roll offered covers (every die before the first roll, else the used ones),
    /// for the faces the table's own dice show to be entered instead.
    pub to_roll: Vec<usize>,
    /// The faces a die may show: each resource kind's id and name.
    pub kinds: Vec<(String, Name)>,
    /// Each die's name as the table tells its dice apart: by its kind (its faces: "A", "B"…),
    /// dice of one kind alike, never by a number no physical die bears.
    pub die_kinds: Vec<String>,
}

/// What a phone shows its player during their own turn.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnForm {
    pub cards: Vec<OwnCard>,
    pub habitats: Vec<HabitatChoice>,
    pub targets: Vec<StealTarget>,
    /// The shared dice box (TERRAVIST's), when the game has one.
    pub dice: Option<DiceForm>,
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
    AddEgg {
        card: usize,
    },
    RemoveEgg {
        card: usize,
    },
    Tuck {
        card: usize,
    },
    Develop {
        habitat: String,
    },
    Settle {
        card: CardFields,
        habitat: String,
    },
    Steal {
        target: usize,
        card: CardFields,
    },
    /// Takes a die from the resource box (the token its face shows).
    TakeDie {
        die: usize,
    },
    /// Rolls the dice the box allows now (the first roll, or a reroll of the used dice).
    Roll,
    /// Records the faces the table's own dice show after the roll the box allows now: each
    /// die's index and the resource kind's id.
    Faces {
        faces: Vec<(usize, String)>,
    },
}
