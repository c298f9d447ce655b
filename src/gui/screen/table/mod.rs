//! The table: round and turn, the parent, whose turn with a live clock, the totals, and the
//! panels for dice, creatures and habitats. Next player-turn is one tap (or Space).

mod creatures;
mod dice;
mod header;
mod turn_log;

use iced::widget::{column, row, scrollable};
use iced::{Element, Length};

use super::{Action, Context, To};
use crate::gui::style;
use crate::i18n::Text;
use crate::session::Session;
use crate::terravist::event::{CardInfo, CreatureId, Event, RollSource, RolledDie};
use crate::terravist::state::dice::roll;

/// The card being typed in, as text until it is settled.
#[derive(Debug, Clone)]
pub struct CardForm {
    pub name: String,
    pub smiles: String,
    pub capacity: String,
    pub level: u8,
    pub habitats: Vec<String>,
}

impl Default for CardForm {
    fn default() -> CardForm {
        CardForm {
            name: String::new(),
            smiles: String::new(),
            capacity: String::new(),
            level: 1,
            habitats: Vec::new(),
        }
    }
}

impl CardForm {
    /// The card, or the message saying what is missing.
    fn card(&self) -> Result<CardInfo, Text> {
        let number = |value: &str, field: &'static str| {
            value
                .trim()
                .parse::<u32>()
                .map_err(|_| Text::new("table.not_a_number").arg_text("field", Text::new(field)))
        };
        Ok(CardInfo {
            name: self.name.trim().to_string(),
            smiles: number(&self.smiles, "table.smiles")?,
            egg_capacity: number(&self.capacity, "table.capacity")?,
            habitats: self.habitats.clone(),
            level: self.level,
        })
    }
}

#[derive(Debug, Default)]
pub struct Table {
    /// Whose creatures the panel shows; the current player's when `None`.
    shown: Option<usize>,
    form: CardForm,
    /// The creature whose niche the typed card will take.
    steal_target: Option<CreatureId>,
    /// The stealer's creatures that pay the steal's eggs, one entry per egg.
    steal_payment: Vec<CreatureId>,
    /// Faces being entered from the real dice, per die (for the first roll or a reroll).
    entering: Option<Vec<(usize, Option<String>)>>,
    objective: String,
}

#[derive(Debug, Clone)]
pub enum Message {
    Next,
    Pause,
    Resume,
    Undo,
    Redo,
    Sheet,
    Home,
    ShowPlayer(usize),
    TakeDie(usize),
    AppRoll,
    EnterFaces,
    Face(usize, String),
    ConfirmFaces,
    CancelFaces,
    FormName(String),
    FormSmiles(String),
    FormCapacity(String),
    FormLevel(u8),
    FormHabitat(String),
    PickCard(CardInfo),
    Settle(String),
    StealFrom(CreatureId),
    CancelSteal,
    ConfirmSteal,
    /// One more (or one fewer) of the steal's eggs is paid from this creature.
    PayEgg(CreatureId),
    UnpayEgg(CreatureId),
    EggPlus(CreatureId),
    EggMinus(CreatureId),
    Tuck(CreatureId),
    Discard(CreatureId),
    Develop(String),
    ObjectiveLabel(String),
    SetObjective,
    /// A creature's ability played an environment card during this turn.
    ChangeEnvironment,
}

/// Who steals a niche: always the player whose turn it is, whichever player's creatures the
/// panel shows (the natural way to steal Ben's card is to open Ben's panel).
pub(super) fn stealer(session: &Session) -> Option<usize> {
    session.state().current_player()
}

impl Table {
    fn shown_player(&self, session: &Session) -> usize {
        self.shown
            .filter(|&p| p < session.players().len())
            .or(session.state().current_player())
            .unwrap_or(0)
    }

    /// Dice the next roll covers: all of them before the first roll, else the used ones.
    fn dice_to_roll(session: &Session) -> Vec<usize> {
        let dice = &session.state().dice;
        if dice.rolled() {
            dice.used()
        } else {
            (0..dice.dice.len()).collect()
        }
    }

    fn roll_event(session: &Session, rolled: Vec<RolledDie>, source: RollSource) -> Event {
        if session.state().dice.rolled() {
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

    pub fn update(&mut self, message: Message, session: &Session, context: &Context) -> Action {
        let player = self.shown_player(session);
        match message {
            Message::Next => Action::Apply(Event::NextPlayerTurn),
            Message::Pause => Action::Apply(Event::Pause),
            Message::Resume => Action::Apply(Event::Resume),
            Message::Undo => Action::Undo,
            Message::Redo => Action::Redo,
            Message::Sheet => Action::Go(To::Sheet),
            Message::Home => Action::Home,
            Message::ShowPlayer(p) => {
                self.shown = Some(p);
                Action::None
            }
            Message::TakeDie(die) => Action::Apply(Event::TakeDie { die }),
            Message::AppRoll => {
                let rolled = roll(
                    session.profile(),
                    &Self::dice_to_roll(session),
                    &mut rand::rng(),
                );
                Action::Apply(Self::roll_event(session, rolled, RollSource::App))
            }
            Message::EnterFaces => {
                self.entering = Some(
                    Self::dice_to_roll(session)
                        .into_iter()
                        .map(|d| (d, None))
                        .collect(),
                );
                Action::None
            }
            Message::Face(die, face) => {
                if let Some(entering) = &mut self.entering
                    && let Some(slot) = entering.iter_mut().find(|(d, _)| *d == die)
                {
                    slot.1 = Some(face);
                }
                Action::None
            }
            Message::ConfirmFaces => {
                let Some(entering) = &self.entering else {
                    return Action::None;
                };
                let rolled: Option<Vec<RolledDie>> = entering
                    .iter()
                    .map(|(die, face)| face.clone().map(|face| RolledDie { die: *die, face }))
                    .collect();
                match rolled {
                    Some(rolled) => {
                        self.entering = None;
                        Action::Apply(Self::roll_event(session, rolled, RollSource::Table))
                    }
                    None => Action::Notice(Text::new("table.faces_missing")),
                }
            }
            Message::CancelFaces => {
                self.entering = None;
                Action::None
            }
            Message::FormName(name) => {
                if let Some(card) = context.settings.known_cards.get(&name) {
                    self.fill(card.clone());
                }
                self.form.name = name;
                Action::None
            }
            Message::FormSmiles(value) => {
                self.form.smiles = value;
                Action::None
            }
            Message::FormCapacity(value) => {
                self.form.capacity = value;
                Action::None
            }
            Message::FormLevel(level) => {
                self.form.level = level;
                Action::None
            }
            Message::FormHabitat(id) => {
                if let Some(i) = self.form.habitats.iter().position(|h| h == &id) {
                    self.form.habitats.remove(i);
                } else {
                    if self.form.habitats.len() == 2 {
                        self.form.habitats.remove(0);
                    }
                    self.form.habitats.push(id);
                }
                Action::None
            }
            Message::PickCard(card) => {
                self.fill(card);
                Action::None
            }
            Message::Settle(habitat) => match self.form.card() {
                Ok(card) => {
                    self.form = CardForm::default();
                    Action::Apply(Event::Settle {
                        player,
                        card,
                        habitat,
                    })
                }
                Err(text) => Action::Notice(text),
            },
            Message::StealFrom(target) => {
                self.steal_target = Some(target);
                // The app proposes which of the stealer's cards pay; the table may change it.
                self.steal_payment = stealer(session)
                    .map(|thief| session.state().table.propose_steal_payment(thief, target))
                    .unwrap_or_default();
                Action::None
            }
            Message::CancelSteal => {
                self.steal_target = None;
                self.steal_payment.clear();
                Action::None
            }
            Message::PayEgg(creature) => {
                self.steal_payment.push(creature);
                Action::None
            }
            Message::UnpayEgg(creature) => {
                if let Some(i) = self.steal_payment.iter().position(|&c| c == creature) {
                    self.steal_payment.remove(i);
                }
                Action::None
            }
            Message::ConfirmSteal => {
                let (Some(target), Some(thief)) = (self.steal_target, stealer(session)) else {
                    return Action::None;
                };
                match self.form.card() {
                    Ok(card) => {
                        self.steal_target = None;
                        self.form = CardForm::default();
                        Action::Apply(Event::StealNiche {
                            player: thief,
                            target,
                            card,
                            paid_eggs: Some(std::mem::take(&mut self.steal_payment)),
                        })
                    }
                    Err(text) => Action::Notice(text),
                }
            }
            Message::EggPlus(creature) => Action::Apply(Event::AddEgg { creature }),
            Message::EggMinus(creature) => Action::Apply(Event::RemoveEgg { creature }),
            Message::Tuck(creature) => Action::Apply(Event::TuckCard { creature }),
            Message::Discard(creature) => Action::Apply(Event::DiscardCreature { creature }),
            Message::Develop(habitat) => Action::Apply(Event::DevelopHabitat { player, habitat }),
            Message::ChangeEnvironment => Action::Apply(Event::ChangeEnvironment { card: None }),
            Message::ObjectiveLabel(label) => {
                self.objective = label;
                Action::None
            }
            Message::SetObjective => {
                let round = session.state().round().max(1);
                let label = std::mem::take(&mut self.objective);
                Action::Apply(Event::SetObjective { round, label })
            }
        }
    }

    fn fill(&mut self, card: CardInfo) {
        self.form = CardForm {
            name: card.name,
            smiles: card.smiles.to_string(),
            capacity: card.egg_capacity.to_string(),
            level: card.level,
            habitats: card.habitats,
        };
    }

    pub fn view<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let shown = self.shown_player(session);
        let left = column![
            self.players(session, context),
            creatures::habitats(session, shown, context)
        ]
        .spacing(style::SPACING);
        let middle = creatures::view(self, session, shown, context);
        let right = column![
            dice::view(self, session, context),
            turn_log::view(session, context)
        ]
        .spacing(style::SPACING);
        column![
            self.header(session, context),
            self.banners(session, context),
            row![
                scrollable(left).width(Length::FillPortion(3)),
                scrollable(middle).width(Length::FillPortion(5)),
                scrollable(right).width(Length::FillPortion(4)),
            ]
            .spacing(style::SPACING)
            .height(Length::Fill),
        ]
        .spacing(style::SPACING)
        .into()
    }
}
