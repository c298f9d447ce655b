//! The dice box: each die's face and whether it is in the resource box or the used box.

use std::hash::{DefaultHasher, Hash, Hasher};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::kit::error::RuleError;
use crate::terravist::event::{Event, RollSource, RolledDie};
use crate::terravist::profile::{Die, Profile};

/// One die on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieState {
    /// The resource kind it shows; `None` before the first roll.
    pub face: Option<String>,
    /// In the resource box (can be taken) or in the used box (waits for a reroll).
    pub in_box: bool,
}

/// The resource box and the used box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceBox {
    pub dice: Vec<DieState>,
    /// How many rerolls the table has made.
    pub rerolls: u32,
    /// How many of those the app rolled.
    pub app_rolls: u32,
}

/// Whether a reroll is allowed now, and why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RerollCheck {
    Allowed,
    /// The used box is empty: there is nothing to roll.
    NothingUsed,
    /// The resource box still shows this many kinds (a reroll needs one or fewer).
    TooManyKinds(usize),
}

impl DiceBox {
    pub fn new(count: usize) -> DiceBox {
        DiceBox {
            dice: vec![
                DieState {
                    face: None,
                    in_box: true
                };
                count
            ],
            rerolls: 0,
            app_rolls: 0,
        }
    }

    pub fn rolled(&self) -> bool {
        self.dice.iter().all(|d| d.face.is_some())
    }

    /// The dice the next roll covers: all of them before the first roll, else the used ones.
    pub fn to_roll(&self) -> Vec<usize> {
        if self.rolled() {
            self.used()
        } else {
            (0..self.dice.len()).collect()
        }
    }

    /// The event for `rolled`, the faces of [`DiceBox::to_roll`]: the first roll into the box,
    /// or a reroll of the used dice once there is one.
    pub fn roll_event(&self, rolled: Vec<RolledDie>, source: RollSource) -> Event {
        if self.rolled() {
            Event::Reroll {
                dice: rolled,
                source,
            }
        } else {
            Event::InitialRoll {
                dice: rolled,
                source,
            }
        }
    }

    /// Dice in the used box, by index.
    pub fn used(&self) -> Vec<usize> {
        (0..self.dice.len())
            .filter(|&i| !self.dice[i].in_box)
            .collect()
    }

    /// How many different kinds the dice in the resource box show.
    pub fn kinds_in_box(&self) -> usize {
        let mut kinds: Vec<&str> = self
            .dice
            .iter()
            .filter(|d| d.in_box)
            .filter_map(|d| d.face.as_deref())
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        kinds.len()
    }

    /// The rulebook's general form (section IV): a reroll is allowed when the dice left in the
    /// resource box show one kind or fewer. This covers "all the same", "empty", and the middle of
    /// a two-token take, since the check is made whenever the table asks.
    pub fn reroll_check(&self) -> RerollCheck {
        if self.used().is_empty() {
            RerollCheck::NothingUsed
        } else if self.kinds_in_box() > 1 {
            RerollCheck::TooManyKinds(self.kinds_in_box())
        } else {
            RerollCheck::Allowed
        }
    }

    pub(crate) fn initial_roll(
        &mut self,
        profile: &Profile,
        dice: &[RolledDie],
        source: RollSource,
    ) -> Result<(), RuleError> {
        if self.dice.iter().any(|d| d.face.is_some()) {
            return Err(RuleError::DiceAlreadyRolled);
        }
        let all: Vec<usize> = (0..self.dice.len()).collect();
        check_roll(profile, &all, dice)?;
        for rolled in dice {
            self.dice[rolled.die].face = Some(rolled.face.clone());
        }
        if source == RollSource::App {
            self.app_rolls += 1;
        }
        Ok(())
    }

    pub(crate) fn take(&mut self, die: usize) -> Result<String, RuleError> {
        let state = self.dice.get(die).ok_or(RuleError::UnknownDie { die })?;
        let face = state.face.clone().ok_or(RuleError::DiceNotRolled)?;
        if !state.in_box {
            return Err(RuleError::DieAlreadyUsed { die });
        }
        self.dice[die].in_box = false;
        Ok(face)
    }

    pub(crate) fn reroll(
        &mut self,
        profile: &Profile,
        dice: &[RolledDie],
        source: RollSource,
    ) -> Result<(), RuleError> {
        match self.reroll_check() {
            RerollCheck::Allowed => {}
            RerollCheck::NothingUsed => return Err(RuleError::NoUsedDice),
            RerollCheck::TooManyKinds(kinds) => return Err(RuleError::RerollNotAllowed { kinds }),
        }
        check_roll(profile, &self.used(), dice)?;
        for rolled in dice {
            let state = &mut self.dice[rolled.die];
            state.face = Some(rolled.face.clone());
            state.in_box = true;
        }
        self.rerolls += 1;
        if source == RollSource::App {
            self.app_rolls += 1;
        }
        Ok(())
    }
}

/// A roll must name each of `expected` dice exactly once, each with a known resource.
///
/// Faces from the table may be any resource kind: the profile's die faces are a GAP, and the
/// real dice are what counts.
fn check_roll(profile: &Profile, expected: &[usize], dice: &[RolledDie]) -> Result<(), RuleError> {
    let mut named: Vec<usize> = dice.iter().map(|d| d.die).collect();
    named.sort_unstable();
    if named != expected {
        return Err(RuleError::RollMustCoverUsedDice);
    }
    if let Some(bad) = dice.iter().find(|d| profile.resource(&d.face).is_none()) {
        return Err(RuleError::UnknownResource {
            face: bad.face.clone(),
        });
    }
    Ok(())
}

impl super::GameState {
    /// The app's roll of the dice the next roll covers, as its event (the first roll into the
    /// box, or a reroll of the used dice). Drawn from the game and its place in it, not afresh:
    /// the same game in the same state rolls the same faces, so a roll taken back by Undo and
    /// rolled again shows what it showed (an Undo is no second chance at the dice), while
    /// another game, or another moment of this one, rolls anew. The game is told apart by its
    /// `seed` ([`crate::session::GameSession::dice_seed`]), the moment by everything
    /// the table shows (the phase with its round and turn, the dice, the tokens taken). The
    /// faces are in the event, so a replay never rolls.
    pub fn app_roll(&self, profile: &Profile, seed: u64) -> Event {
        // SipHash with fixed keys: the same in every run of a build, which is all an Undo needs.
        let mut place = DefaultHasher::new();
        seed.hash(&mut place);
        format!("{:?}|{:?}|{}", self.phase, self.dice, self.taken.len()).hash(&mut place);
        let mut rng = StdRng::seed_from_u64(place.finish());
        let rolled = roll(profile, &self.dice.to_roll(), &mut rng);
        self.dice.roll_event(rolled, RollSource::App)
    }
}

/// The app's roll of the given dice, from each die's faces in the profile. Recorded in the event,
/// so replaying it never rolls again.
pub fn roll(profile: &Profile, dice: &[usize], rng: &mut impl Rng) -> Vec<RolledDie> {
    dice.iter()
        .map(|&die| {
            let faces: &[String] = profile
                .terravist
                .dice
                .value
                .get(die)
                .map(|d: &Die| d.faces.as_slice())
                .unwrap_or_default();
            let face = if faces.is_empty() {
                profile.terravist.resources[rng.random_range(0..profile.terravist.resources.len())]
                    .id
                    .clone()
            } else {
                faces[rng.random_range(0..faces.len())].clone()
            };
            RolledDie { die, face }
        })
        .collect()
}
