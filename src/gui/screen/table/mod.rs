//! TERRAVIST's table under the header: the round's objective, the players, the panels for
//! dice, creatures and habitats, and the turn's log.

mod card_form;
mod creatures;
mod dice;
mod objective;
mod players;
mod turn_log;

use iced::widget::{column, row};
use iced::{Element, Length};

pub use card_form::{CardForm, FormEdit};

use super::{Action, Context};
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::terravist::Session;
use crate::terravist::event::{CreatureId, Event, RollSource, RolledDie};

#[derive(Debug, Default)]
pub struct TableScreen {
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
    ShowPlayer(usize),
    TakeDie(usize),
    AppRoll,
    EnterFaces,
    Face(usize, String),
    ConfirmFaces,
    CancelFaces,
    /// A change to the card being typed in.
    Form(FormEdit),
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

impl TableScreen {
    fn shown_player(&self, session: &Session) -> usize {
        self.shown
            .filter(|&p| p < session.players().len())
            .or(session.state().current_player())
            .unwrap_or(0)
    }

    pub fn update(&mut self, message: Message, session: &Session, context: &Context) -> Action {
        let player = self.shown_player(session);
        match message {
            Message::ShowPlayer(p) => {
                self.shown = Some(p);
                Action::None
            }
            Message::TakeDie(die) => Action::apply(Event::TakeDie { die }),
            Message::AppRoll => Action::apply(
                session
                    .state()
                    .app_roll(session.profile(), session.dice_seed()),
            ),
            Message::EnterFaces => {
                self.entering = Some(
                    (session.state().dice.to_roll())
                        .into_iter()
                        .map(|d| (d, None))
                        .collect(),
                );
                Action::None
            }
            Message::Face(die, face) => {
                self.set_face(die, face);
                Action::None
            }
            Message::ConfirmFaces => self.confirm_faces(session),
            Message::CancelFaces => {
                self.entering = None;
                Action::None
            }
            Message::Form(edit) => {
                self.form.update(edit, &context.settings.known_cards);
                Action::None
            }
            Message::Settle(habitat) => match self.form.card() {
                Ok(card) => {
                    self.form = CardForm::default();
                    Action::apply(Event::Settle {
                        player,
                        card,
                        habitat,
                    })
                }
                Err(text) => Action::Notice(text),
            },
            Message::StealFrom(target) => {
                self.start_steal(target, session);
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
            Message::ConfirmSteal => self.confirm_steal(session),
            Message::EggPlus(creature) => Action::apply(Event::AddEgg { creature }),
            Message::EggMinus(creature) => Action::apply(Event::RemoveEgg { creature }),
            Message::Tuck(creature) => Action::apply(Event::TuckCard { creature }),
            Message::Discard(creature) => Action::apply(Event::DiscardCreature { creature }),
            Message::Develop(habitat) => Action::apply(Event::DevelopHabitat { player, habitat }),
            Message::ChangeEnvironment => Action::apply(Event::ChangeEnvironment { card: None }),
            Message::ObjectiveLabel(label) => {
                self.objective = label;
                Action::None
            }
            Message::SetObjective => {
                let round = session.state().round().max(1);
                let label = std::mem::take(&mut self.objective);
                Action::apply(Event::SetObjective { round, label })
            }
        }
    }

    /// The face the table read on `die`, while the faces are being entered.
    fn set_face(&mut self, die: usize, face: String) {
        if let Some(entering) = &mut self.entering
            && let Some(slot) = entering.iter_mut().find(|(d, _)| *d == die)
        {
            slot.1 = Some(face);
        }
    }

    /// The entered faces as a roll, once every die has one.
    fn confirm_faces(&mut self, session: &Session) -> Action {
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
                Action::apply((session.state().dice).roll_event(rolled, RollSource::Table))
            }
            None => Action::Notice(Text::new("table.faces_missing")),
        }
    }

    fn start_steal(&mut self, target: CreatureId, session: &Session) {
        self.steal_target = Some(target);
        // The app proposes which of the stealer's cards pay; the table may change it.
        self.steal_payment = stealer(session)
            .map(|thief| session.state().table.propose_steal_payment(thief, target))
            .unwrap_or_default();
    }

    /// The steal as typed: the current player takes the target's niche with the card in the
    /// form, paying the eggs chosen.
    fn confirm_steal(&mut self, session: &Session) -> Action {
        let (Some(target), Some(thief)) = (self.steal_target, stealer(session)) else {
            return Action::None;
        };
        match self.form.card() {
            Ok(card) => {
                self.steal_target = None;
                self.form = CardForm::default();
                Action::apply(Event::StealNiche {
                    player: thief,
                    target,
                    card,
                    paid_eggs: Some(std::mem::take(&mut self.steal_payment)),
                })
            }
            Err(text) => Action::Notice(text),
        }
    }

    pub fn view<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let shown = self.shown_player(session);
        let players = self.players(session, context);
        let habitats = creatures::habitats(session, shown, context);
        let creatures = creatures::view(self, session, shown, context);
        let dice = dice::view(self, session, context);
        let log = turn_log::view(session, context);
        // Three columns where they fit; narrow, the creatures keep a column and the rest
        // shares the other.
        let body = if context.narrow() {
            row![
                widgets::scroll(creatures).width(Length::FillPortion(5)),
                widgets::scroll(column![players, dice, log, habitats].spacing(style::SPACING))
                    .width(Length::FillPortion(4)),
            ]
        } else {
            row![
                widgets::scroll(column![players, habitats].spacing(style::SPACING))
                    .width(Length::FillPortion(3)),
                widgets::scroll(creatures).width(Length::FillPortion(5)),
                widgets::scroll(column![dice, log].spacing(style::SPACING))
                    .width(Length::FillPortion(4)),
            ]
        };
        column![
            self.objective(session, context),
            body.spacing(style::SPACING).height(Length::Fill),
        ]
        .spacing(style::SPACING)
        .into()
    }
}
