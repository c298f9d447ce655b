//! What lies on the table: settled creatures with their eggs and tucked cards, and the habitats.

use serde::{Deserialize, Serialize};

use crate::kit::error::RuleError;
use crate::terravist::event::{CardInfo, CreatureId, Seat};
use crate::terravist::profile::Profile;

/// The largest Smile value or egg capacity a typed card may have (a typo guard).
pub const MAX_CARD_VALUE: u32 = 99;

/// Whether a creature is still on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CreatureStatus {
    Settled,
    /// Replaced by the given creature (its niche was stolen).
    Replaced {
        by: CreatureId,
    },
    /// Discarded (at a round end with no egg to return, or by an ability).
    Discarded,
}

/// A creature card that was settled at some point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub id: CreatureId,
    pub card: CardInfo,
    /// Whose marker is on it.
    pub owner: Seat,
    /// The habitat board it was settled on.
    pub habitat: String,
    pub eggs: u32,
    pub tucked: u32,
    pub status: CreatureStatus,
    /// The round it was settled in.
    pub round: u32,
}

impl Creature {
    pub fn is_settled(&self) -> bool {
        self.status == CreatureStatus::Settled
    }
}

/// A developed habitat board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Development {
    pub habitat: String,
    /// `None` for the first habitat, which nobody develops.
    pub by: Option<Seat>,
}

/// The extra cost of stealing another player's niche.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StealCost {
    pub humans: u32,
    pub eggs: u32,
}

/// A steal as the rules check it (the fields of [`crate::Event::StealNiche`]).
#[derive(Debug, Clone, Copy)]
pub struct Steal<'a> {
    pub player: Seat,
    pub target: CreatureId,
    pub card: &'a CardInfo,
    pub paid_eggs: Option<&'a [CreatureId]>,
}

/// All creatures ever settled (indexed by id) and the habitats in the order they were developed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Table {
    pub creatures: Vec<Creature>,
    pub developments: Vec<Development>,
}

impl Table {
    pub fn settled(&self) -> impl Iterator<Item = &Creature> {
        self.creatures.iter().filter(|c| c.is_settled())
    }

    pub fn settled_of(&self, player: Seat) -> impl Iterator<Item = &Creature> {
        self.settled().filter(move |c| c.owner == player)
    }

    pub fn is_developed(&self, habitat: &str) -> bool {
        self.developments.iter().any(|d| d.habitat == habitat)
    }

    /// The creature `id`, if it is still settled.
    pub fn settled_creature(&self, id: CreatureId) -> Result<&Creature, RuleError> {
        let creature = self
            .creatures
            .get(id)
            .ok_or(RuleError::UnknownCreature { id })?;
        if !creature.is_settled() {
            return Err(RuleError::CreatureGone {
                card: creature.card.name.clone(),
            });
        }
        Ok(creature)
    }

    /// What `player` pays on top of the card's cost to steal `target`'s niche: nothing for their
    /// own card; 1 Human and (eggs on it + 1) eggs for another player's.
    pub fn steal_cost(
        &self,
        player: Seat,
        target: CreatureId,
    ) -> Result<Option<StealCost>, RuleError> {
        let target = self.settled_creature(target)?;
        Ok((target.owner != player).then_some(StealCost {
            humans: 1,
            eggs: target.eggs + 1,
        }))
    }

    pub(crate) fn settle(
        &mut self,
        profile: &Profile,
        player: Seat,
        card: &CardInfo,
        habitat: &str,
        round: u32,
        last_turn: bool,
    ) -> Result<CreatureId, RuleError> {
        check_card(profile, card)?;
        if profile.habitat(habitat).is_none() {
            return Err(RuleError::UnknownHabitat {
                habitat: habitat.to_string(),
            });
        }
        if !card.habitats.iter().any(|h| h == habitat) {
            return Err(RuleError::CardNotOfHabitat {
                card: card.name.clone(),
                habitat: habitat.to_string(),
            });
        }
        if !self.is_developed(habitat) {
            return Err(RuleError::HabitatNotDeveloped {
                habitat: habitat.to_string(),
            });
        }
        Ok(self.place(player, card, habitat, round, last_turn, 0))
    }

    /// Eggs the stealer would pay for `target`, one of their own creatures per egg: the cards
    /// holding the most eggs first (the app's proposal; the table may choose others).
    pub fn propose_steal_payment(&self, player: Seat, target: CreatureId) -> Vec<CreatureId> {
        let Ok(Some(cost)) = self.steal_cost(player, target) else {
            return Vec::new();
        };
        let mut cards: Vec<&Creature> = self.settled_of(player).collect();
        cards.sort_by_key(|c| (std::cmp::Reverse(c.eggs), c.id));
        cards
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c.id, c.eggs as usize))
            .take(cost.eggs as usize)
            .collect()
    }

    /// Checks what a steal pays, before anything moves. Rulebook IV, 条件3: 「置き換えるカードが
    /// 他プレイヤーの生きものカードの場合は、追加コストとして人トークン1つとカードに載っている卵
    /// トークンの数+1つの卵トークンを共通在庫に戻す」; and eggs are paid from the payer's own
    /// cards: 「卵を使用する場合、自分のプレイヤーマーカーが載っている生きものカードの上に載って
    /// いる卵トークンを共通在庫に戻して使用します」.
    fn check_steal_payment(&self, steal: &Steal<'_>) -> Result<(), RuleError> {
        let Some(paid) = steal.paid_eggs else {
            return Ok(()); // recorded before payments were kept: replayed as it was
        };
        let Some(cost) = self.steal_cost(steal.player, steal.target)? else {
            if paid.is_empty() {
                return Ok(());
            }
            return Err(RuleError::OwnNicheCostsNoEggs);
        };
        let have: u32 = self
            .settled_of(steal.player)
            .map(|c| c.eggs)
            .fold(0, u32::saturating_add);
        if have < cost.eggs {
            return Err(RuleError::NotEnoughEggsToSteal {
                card: self.creatures[steal.target].card.name.clone(),
                needed: cost.eggs,
                have,
            });
        }
        if paid.len() != cost.eggs as usize {
            return Err(RuleError::StealPaymentCount {
                needed: cost.eggs,
                paid: paid.len(),
            });
        }
        for &id in paid {
            let creature = self.settled_creature(id)?;
            if creature.owner != steal.player {
                return Err(RuleError::PaidFromAnothersCard {
                    card: creature.card.name.clone(),
                });
            }
            let times = paid.iter().filter(|&&p| p == id).count();
            if times > creature.eggs as usize {
                return Err(RuleError::NotEnoughEggsOnCard {
                    card: creature.card.name.clone(),
                    eggs: creature.eggs,
                    paid: times,
                });
            }
        }
        Ok(())
    }

    pub(crate) fn steal(
        &mut self,
        profile: &Profile,
        steal: Steal<'_>,
        round: u32,
        last_turn: bool,
    ) -> Result<CreatureId, RuleError> {
        let Steal {
            player,
            target,
            card,
            ..
        } = steal;
        check_card(profile, card)?;
        let old = self.settled_creature(target)?;
        let habitat = old.habitat.clone();
        if !card.habitats.contains(&habitat) {
            return Err(RuleError::CardNotOfHabitat {
                card: card.name.clone(),
                habitat,
            });
        }
        self.check_steal_payment(&steal)?;
        for &id in steal.paid_eggs.unwrap_or_default() {
            self.creatures[id].eggs -= 1; // checked above: the card holds enough
        }
        let old = &self.creatures[target];
        let tucked = old.tucked;
        let id = self.place(player, card, &habitat, round, last_turn, tucked);
        let old = &mut self.creatures[target];
        old.eggs = 0; // back to the supply
        old.tucked = 0; // moved under the new card
        old.status = CreatureStatus::Replaced { by: id };
        Ok(id)
    }

    fn place(
        &mut self,
        player: Seat,
        card: &CardInfo,
        habitat: &str,
        round: u32,
        last_turn: bool,
        tucked: u32,
    ) -> CreatureId {
        let id = self.creatures.len();
        // The last turn of a round gives a settled creature one egg, never above its capacity.
        let eggs = u32::from(last_turn).min(card.egg_capacity);
        self.creatures.push(Creature {
            id,
            card: card.clone(),
            owner: player,
            habitat: habitat.to_string(),
            eggs,
            tucked,
            status: CreatureStatus::Settled,
            round,
        });
        id
    }

    pub(crate) fn add_egg(&mut self, id: CreatureId) -> Result<(), RuleError> {
        let creature = self.settled_creature(id)?;
        if creature.eggs >= creature.card.egg_capacity {
            return Err(RuleError::EggCapacity {
                card: creature.card.name.clone(),
                eggs: creature.eggs,
                capacity: creature.card.egg_capacity,
            });
        }
        self.creatures[id].eggs += 1;
        Ok(())
    }

    pub(crate) fn remove_egg(&mut self, id: CreatureId) -> Result<(), RuleError> {
        let creature = self.settled_creature(id)?;
        if creature.eggs == 0 {
            return Err(RuleError::NoEggs {
                card: creature.card.name.clone(),
            });
        }
        self.creatures[id].eggs -= 1;
        Ok(())
    }

    pub(crate) fn tuck(&mut self, id: CreatureId) -> Result<(), RuleError> {
        self.settled_creature(id)?;
        self.creatures[id].tucked += 1;
        Ok(())
    }

    pub(crate) fn discard(&mut self, id: CreatureId) -> Result<(), RuleError> {
        self.settled_creature(id)?;
        let creature = &mut self.creatures[id];
        creature.status = CreatureStatus::Discarded;
        creature.eggs = 0;
        // House rule (a GAP): tucked cards go to the discard pile with it.
        creature.tucked = 0;
        Ok(())
    }

    /// Round-end step 2 as it would happen now: (creatures that lose an egg, creatures discarded).
    pub fn preview_return_eggs(&self) -> (Vec<CreatureId>, Vec<CreatureId>) {
        self.settled()
            .map(|c| c.id)
            .partition(|&id| self.creatures[id].eggs > 0)
    }

    /// Round-end step 2; returns the discarded creatures.
    pub(crate) fn return_eggs(&mut self) -> Vec<CreatureId> {
        let (losing, discarded) = self.preview_return_eggs();
        for id in losing {
            self.creatures[id].eggs -= 1;
        }
        for &id in &discarded {
            self.discard(id)
                .expect("a settled creature can be discarded");
        }
        discarded
    }

    pub(crate) fn develop(
        &mut self,
        profile: &Profile,
        habitat: &str,
        by: Option<Seat>,
    ) -> Result<(), RuleError> {
        if profile.habitat(habitat).is_none() {
            return Err(RuleError::UnknownHabitat {
                habitat: habitat.to_string(),
            });
        }
        if self.is_developed(habitat) {
            return Err(RuleError::HabitatAlreadyDeveloped {
                habitat: habitat.to_string(),
            });
        }
        self.developments.push(Development {
            habitat: habitat.to_string(),
            by,
        });
        Ok(())
    }
}

/// A typed card must have a name, a level 1..4, one or two known habitats, and sane numbers.
pub fn check_card(profile: &Profile, card: &CardInfo) -> Result<(), RuleError> {
    if card.name.trim().is_empty() {
        return Err(RuleError::EmptyCardName);
    }
    if !(1..=4).contains(&card.level) {
        return Err(RuleError::BadLevel { level: card.level });
    }
    let count = card.habitats.len();
    let distinct = count != 2 || card.habitats[0] != card.habitats[1];
    if !(1..=2).contains(&count) || !distinct {
        return Err(RuleError::BadHabitatCount { count });
    }
    if let Some(bad) = card.habitats.iter().find(|h| profile.habitat(h).is_none()) {
        return Err(RuleError::UnknownHabitat {
            habitat: bad.clone(),
        });
    }
    if card.smiles > MAX_CARD_VALUE || card.egg_capacity > MAX_CARD_VALUE {
        return Err(RuleError::CardValueTooHigh {
            card: card.name.clone(),
        });
    }
    Ok(())
}

/// The first habitat suggested by the five face-up tray cards: the most common habitat.
/// Returns every habitat tied for most (the parent chooses among them); empty if no card.
pub fn suggest_first_habitat(profile: &Profile, tray: &[Vec<String>]) -> Vec<String> {
    let counts_both = profile.terravist.house_rules.dual_habitat_counts_both.value;
    let mut counts = vec![0usize; profile.terravist.habitats.len()];
    for card in tray {
        let counted = if counts_both {
            card.len()
        } else {
            card.len().min(1)
        };
        for habitat in card.iter().take(counted) {
            if let Some(i) = profile.habitat_index(habitat) {
                counts[i] += 1;
            }
        }
    }
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Vec::new();
    }
    profile
        .terravist
        .habitats
        .iter()
        .zip(&counts)
        .filter(|&(_, &count)| count == best)
        .map(|(h, _)| h.id.clone())
        .collect()
}
