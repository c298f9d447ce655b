//! The table's own steps between turns, for every engine: what a round end asks the table to
//! confirm (TERRAVIST's place the markers, return the eggs, flip the environment card, pass
//! the parent marker), or a game's first turn. [`TableStep`] says what the step shows (the
//! same as the window shows before it confirms) and whose phone may confirm it: the player the
//! rules make responsible, as at a real table (TERRAVIST's parent, another game's start
//! player). Confirming is the same event as the window's button, through the same journal.

use crate::i18n::Text;
use crate::vocabulary::Seat;

/// A step the table confirms now.
#[derive(Debug, Clone, PartialEq)]
pub struct TableStep {
    /// Names the step ("r2s3": round 2, step 3): a confirmation of another step changes
    /// nothing.
    pub key: String,
    /// Whose phone may confirm it (the window always may).
    pub who: Seat,
    /// What the step is ("Step 2: every settled creature returns one egg").
    pub title: Text,
    /// What it will do, line by line, as the window shows it before it confirms.
    pub lines: Vec<StepLine>,
    /// The button that confirms it ("Return the eggs").
    pub confirm: Text,
    /// The players whose answer is not in yet: confirming now asks once first.
    pub waiting: Vec<Seat>,
    /// The step takes a card's name (the environment card flipped), which may be left out.
    pub takes_card: bool,
    /// The game does not wait on it (a round declared over, the end triggered): only the
    /// phone it is offered to shows it, beside the turn.
    pub optional: bool,
}

/// One line of what a step will do.
#[derive(Debug, Clone, PartialEq)]
pub struct StepLine {
    pub text: Text,
    /// A line that costs a player something (a creature discarded): shown as a warning.
    pub warning: bool,
}

impl StepLine {
    pub fn plain(text: Text) -> StepLine {
        StepLine {
            text,
            warning: false,
        }
    }

    pub fn warning(text: Text) -> StepLine {
        StepLine {
            text,
            warning: true,
        }
    }
}

/// A way the game on the table may be ended by hand now, as the window's buttons offer it
/// (a game of sides: each ending the rules know, which names the side that wins).
#[derive(Debug, Clone, PartialEq)]
pub struct EndChoice {
    /// The ending's id (`None`: the game ends with no ending named).
    pub id: Option<String>,
    /// The button's words ("Ended by: … (… win)").
    pub label: Text,
}

/// The longest environment card name a phone may send (a card's name is a few words).
pub const MAX_CARD_NAME: usize = 64;

/// The turn order a phone may remake now, in a game whose order is made again each round
/// (The Rats of Wistar from the alchemist's hut, and once more after round 5, so that it
/// breaks a tie; Terramara by the Leader action).
#[derive(Debug, Clone, PartialEq)]
pub struct OrderChoice {
    /// The order now, first to last.
    pub order: Vec<Seat>,
    /// The start player now (the first in `order`): their phone sets the new order. The
    /// phone whose player heads the new order (who took the start card) may set it too.
    pub start: Seat,
    /// The game is over: this is the order made after the last round, which a tie goes by.
    pub last: bool,
}

impl OrderChoice {
    /// Whether the phone of `seat` may set `order`: the start player's, or the phone of the
    /// player the new order starts with (Terramara's Leader takes the start card, rulebook
    /// 003, lines 303-304).
    pub fn settable_by(&self, seat: Seat, order: &[Seat]) -> bool {
        seat == self.start || order.first() == Some(&seat)
    }

    /// Whether `order` names every seat of the game once.
    pub fn is_whole(&self, order: &[Seat]) -> bool {
        let mut sorted = order.to_vec();
        sorted.sort_unstable();
        order.len() == self.order.len() && sorted.iter().enumerate().all(|(i, &s)| i == s)
    }
}

/// A number the table tracks beside the turns (Leviath's monster energy, ships at sea,
/// flooded squares: the profile's counters), as a phone may move it now.
#[derive(Debug, Clone, PartialEq)]
pub struct CounterNow {
    pub id: String,
    pub name: crate::vocabulary::Name,
    pub value: i64,
    /// Its bounds, and the value that ends the game, in words ("0–4, the game ends at 0").
    pub range: Text,
}

/// A part of the score sheet that is the table's to enter rather than one player's: cards
/// claimed in order (Earth's fauna leaves), a bonus only one seat takes (the first full
/// tableau), the dummy players' values in a ranked part (Terramara's military track). The
/// seats include the opponent the game plays itself (Gaia) where it scores it.
#[derive(Debug, Clone, PartialEq)]
pub struct SharedPart {
    pub id: String,
    pub name: crate::vocabulary::Name,
    /// The seats that may claim or take it, in seat order.
    pub seats: Vec<Seat>,
    pub value: SharedValue,
}

/// What a shared part holds now.
#[derive(Debug, Clone, PartialEq)]
pub enum SharedValue {
    /// Each card's claimants, first claimant first.
    Claims(Vec<Vec<Seat>>),
    /// The seat that took the bonus, if one did, and what it is worth.
    Bonus { seat: Option<Seat>, points: u32 },
    /// The dummy players' values as entered (none yet: empty), and how many the rulebook
    /// ranks at this table.
    Dummies { values: Vec<i64>, count: usize },
}

/// What a phone asks of a shared part: the claimants of one card (a claims part), the one
/// seat that took it (a bonus: `seats` holds it, or nothing), or every dummy player's value
/// (a ranked part: `values`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SharedEntry {
    pub part: String,
    pub card: usize,
    pub seats: Vec<Seat>,
    pub values: Vec<i64>,
}
