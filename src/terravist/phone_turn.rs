//! A TERRAVIST player's own cards on their own phone, during their own turn: the creature cards
//! they hold on the table (eggs, tucked cards), the habitats (to develop, to settle in), the
//! niches they may steal and what that costs, and the shared dice box (take a die, roll when the
//! rules allow); and what the phone sends made into the same events the window's table screen
//! makes. The tray and the deck stay with the cardboard.

use super::event::{CardInfo, Event, RollSource, RolledDie};
use super::profile::Profile;
use super::state::GameState;
use super::state::dice::RerollCheck;
use crate::kit::error::RuleError;
use crate::session::turn_form::{
    CardFields, DiceForm, DieView, HabitatChoice, OwnCard, RollOffer, StealTarget, TurnAction,
    TurnForm,
};
use crate::vocabulary::{Name, Player, Seat};

/// The form of `seat`, while it is their turn.
pub fn form(
    profile: &Profile,
    state: &GameState,
    players: &[Player],
    seat: Seat,
) -> Option<TurnForm> {
    if state.current_player() != Some(seat) {
        return None;
    }
    let table = &state.table;
    let habitat_name = |id: &str| {
        profile
            .habitat(id)
            .map(|h| h.name.clone())
            .unwrap_or_default()
    };
    let cards = (table.settled_of(seat))
        .map(|c| OwnCard {
            id: c.id,
            name: c.card.name.clone(),
            eggs: c.eggs,
            egg_limit: c.card.egg_capacity,
            tucked: c.tucked,
            habitat: habitat_name(&c.habitat),
        })
        .collect();
    let habitats = (profile.terravist.habitats.iter())
        .map(|h| HabitatChoice {
            id: h.id.clone(),
            name: h.name.clone(),
            developed: table.is_developed(&h.id),
        })
        .collect();
    let targets = (table.settled())
        .filter_map(|c| {
            let cost = table.steal_cost(seat, c.id).ok()?;
            Some(StealTarget {
                id: c.id,
                name: c.card.name.clone(),
                owner: players.get(c.owner).map(|p| p.name.clone())?,
                habitat_id: c.habitat.clone(),
                habitat: habitat_name(&c.habitat),
                humans: cost.map_or(0, |c| c.humans),
                eggs: cost.map_or(0, |c| c.eggs),
                paid: table.propose_steal_payment(seat, c.id),
            })
        })
        .collect();
    Some(TurnForm {
        cards,
        habitats,
        targets,
        dice: Some(dice_form(profile, state)),
    })
}

/// The dice box as the current player's phone shows it.
fn dice_form(profile: &Profile, state: &GameState) -> DiceForm {
    let dice = (state.dice.dice.iter())
        .map(|die| DieView {
            face: (die.face.as_deref()).map(|id| {
                // A face the profile does not name (an edited journal) shows as its id.
                let unnamed = || Name::same(id);
                profile
                    .resource(id)
                    .map_or_else(unnamed, |r| r.name.clone())
            }),
            in_box: die.in_box,
        })
        .collect();
    let roll = if !state.dice.rolled() {
        Some(RollOffer::First)
    } else if state.dice.reroll_check() == RerollCheck::Allowed {
        Some(RollOffer::Reroll)
    } else {
        None
    };
    let kinds = (profile.terravist.resources.iter())
        .map(|kind| (kind.id.clone(), kind.name.clone()))
        .collect();
    let to_roll = match roll {
        Some(_) => state.dice.to_roll(),
        None => Vec::new(),
    };
    let die_kinds = (profile.terravist.die_kinds().into_iter())
        .map(super::profile::kind_letter)
        .collect();
    DiceForm {
        dice,
        roll,
        to_roll,
        kinds,
        die_kinds,
    }
}

/// The event for a phone's action, refused unless it is `seat`'s turn and the card acted on is
/// theirs.
pub fn action(
    profile: &Profile,
    state: &GameState,
    seat: Seat,
    action: &TurnAction,
    seed: u64,
) -> Result<Event, RuleError> {
    if state.current_player() != Some(seat) {
        return Err(RuleError::NotYourTurn);
    }
    let own = |card: usize| -> Result<usize, RuleError> {
        let creature = state.table.settled_creature(card)?;
        if creature.owner != seat {
            return Err(RuleError::NotYourCard {
                card: creature.card.name.clone(),
            });
        }
        Ok(card)
    };
    Ok(match action {
        TurnAction::AddEgg { card } => Event::AddEgg {
            creature: own(*card)?,
        },
        TurnAction::RemoveEgg { card } => Event::RemoveEgg {
            creature: own(*card)?,
        },
        TurnAction::Tuck { card } => Event::TuckCard {
            creature: own(*card)?,
        },
        TurnAction::Develop { habitat } => Event::DevelopHabitat {
            player: seat,
            habitat: habitat.clone(),
        },
        TurnAction::Settle { card, habitat } => Event::Settle {
            player: seat,
            card: card_info(card),
            habitat: habitat.clone(),
        },
        TurnAction::Steal { target, card } => Event::StealNiche {
            player: seat,
            target: *target,
            card: card_info(card),
            // The app's proposal, as the window's steal pays by default.
            paid_eggs: Some(state.table.propose_steal_payment(seat, *target)),
        },
        TurnAction::TakeDie { die } => Event::TakeDie { die: *die },
        // The app rolls, as the window's Roll (see `GameState::app_roll`). A roll the rules
        // refuse now is refused when the event is applied.
        TurnAction::Roll => state.app_roll(profile, seed),
        // The table's own dice, as the window's "Enter the faces": the rules check that they
        // are the dice the roll covers and that each face is a resource kind.
        TurnAction::Faces { faces } => {
            let rolled = (faces.iter())
                .map(|(die, face)| RolledDie {
                    die: *die,
                    face: face.clone(),
                })
                .collect();
            state.dice.roll_event(rolled, RollSource::Table)
        }
    })
}

fn card_info(card: &CardFields) -> CardInfo {
    CardInfo {
        name: card.name.trim().to_string(),
        smiles: card.smiles,
        egg_capacity: card.egg_limit,
        habitats: card.habitats.clone(),
        level: card.level,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_read_as_typed_with_its_name_trimmed() {
        let card = card_info(&CardFields {
            name: "  Owl ".into(),
            smiles: 4,
            egg_limit: 3,
            level: 2,
            habitats: vec!["forest".into()],
        });
        assert_eq!(card.name, "Owl");
        assert_eq!((card.smiles, card.egg_capacity, card.level), (4, 3, 2));
    }
}
