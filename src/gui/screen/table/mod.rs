//! The table: round and turn, the parent, whose turn with a live clock, the totals, and the
//! panels for dice, creatures and habitats. Next player-turn is one tap (or Space).

mod creatures;
mod dice;

use iced::widget::{button, column, container, row, scrollable, text, text_input};
use iced::{Element, Length};

use super::{Action, Context, To};
use crate::event::{CardInfo, CreatureId, Event, RollSource, RolledDie};
use crate::game::clock::Phase;
use crate::game::dice::roll;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::session::Session;

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
    EggPlus(CreatureId),
    EggMinus(CreatureId),
    Tuck(CreatureId),
    Discard(CreatureId),
    Develop(String),
    ObjectiveLabel(String),
    SetObjective,
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
                if let Some(card) = context.settings.catalog().get(&name) {
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
                Action::None
            }
            Message::CancelSteal => {
                self.steal_target = None;
                Action::None
            }
            Message::ConfirmSteal => {
                let Some(target) = self.steal_target else {
                    return Action::None;
                };
                match self.form.card() {
                    Ok(card) => {
                        self.steal_target = None;
                        self.form = CardForm::default();
                        Action::Apply(Event::StealNiche {
                            player,
                            target,
                            card,
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
        let right = dice::view(self, session, context);
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

    fn header<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let name = |seat: usize| session.players()[seat].name.as_str();
        let (round_line, turn_line) = match state.phase {
            Phase::Playing { round, turn, .. } => (
                Text::new("table.round").arg("round", round).render(l),
                Text::new("table.turn")
                    .arg("turn", turn)
                    .arg("turns", state.turns_in_round(round))
                    .render(l),
            ),
            Phase::Setup => (l.tr("table.not_started"), String::new()),
            _ => (String::new(), String::new()),
        };
        let marker = column![
            text(round_line).size(style::BIG).font(style::BOLD),
            text(turn_line).size(style::BIG).font(style::BOLD),
        ];
        let current = state.current_player().unwrap_or(state.parent);
        let elapsed = state.clock.current_elapsed(context.now);
        let over_target = context
            .settings
            .turn_target_secs
            .is_some_and(|target| elapsed.num_seconds() >= i64::from(target));
        let clock = text(widgets::duration(elapsed))
            .size(style::HUGE)
            .font(style::BOLD)
            .color_maybe(over_target.then_some(style::WARNING));
        let colour = style::marker(session.players()[current].colour);
        let who = column![
            text(
                Text::new("table.turn_of")
                    .arg("player", name(current))
                    .render(l)
            )
            .size(style::BIG)
            .font(style::BOLD)
            .color(colour),
            text(
                Text::new("table.parent")
                    .arg("player", name(state.parent))
                    .render(l)
            )
            .size(style::TEXT),
        ];
        let paused = state.clock.is_paused();
        let pause = if paused {
            widgets::action(l.tr("table.resume"), Some(Message::Resume)).style(button::success)
        } else {
            widgets::action(l.tr("table.pause"), Some(Message::Pause)).style(button::secondary)
        };
        let next = button(
            text(l.tr("table.next"))
                .size(style::TITLE)
                .font(style::BOLD),
        )
        .padding([16.0, 24.0])
        .style(button::primary)
        .on_press_maybe(matches!(state.phase, Phase::Playing { .. }).then_some(Message::Next));
        let tools = column![
            row![
                pause,
                widgets::action(
                    l.tr("table.undo"),
                    session.can_undo().then_some(Message::Undo)
                )
                .style(button::secondary),
                widgets::action(
                    l.tr("table.redo"),
                    session.can_redo().then_some(Message::Redo)
                )
                .style(button::secondary),
            ]
            .spacing(6.0),
            row![
                widgets::action(l.tr("table.sheet"), Some(Message::Sheet)).style(button::secondary),
                widgets::action(l.tr("table.home"), Some(Message::Home)).style(button::text),
            ]
            .spacing(6.0),
        ]
        .spacing(6.0);
        widgets::panel(
            row![
                container(marker).width(Length::Shrink),
                container(who).width(Length::Fill),
                clock,
                next,
                tools,
            ]
            .spacing(style::SPACING * 2.0)
            .align_y(iced::Alignment::Center),
        )
        .into()
    }

    fn banners<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let mut lines = column![].spacing(6.0);
        if state.clock.is_paused() {
            lines = lines.push(banner(l.tr("table.paused_banner"), true));
        }
        if state.is_last_turn() {
            lines = lines.push(banner(l.tr("table.last_turn"), true));
        }
        let round = state.round().max(1);
        let objective = state
            .objective_labels
            .get(round as usize - 1)
            .cloned()
            .flatten();
        let objective_line: Element<'a, Message> = match objective {
            Some(label) => text(Text::new("table.objective").arg("label", label).render(l))
                .size(style::TEXT)
                .into(),
            None => row![
                text(l.tr("table.objective_unset")).size(style::TEXT),
                text_input(&l.tr("table.objective_placeholder"), &self.objective)
                    .on_input(Message::ObjectiveLabel)
                    .on_submit(Message::SetObjective)
                    .size(style::TEXT)
                    .padding(6.0)
                    .width(Length::Fixed(320.0)),
                widgets::action(
                    l.tr("action.ok"),
                    (!self.objective.trim().is_empty()).then_some(Message::SetObjective)
                ),
            ]
            .spacing(8.0)
            .align_y(iced::Alignment::Center)
            .into(),
        };
        lines = lines.push(
            row![
                objective_line,
                iced::widget::space::horizontal(),
                text(l.tr("table.reminder")).size(style::SMALL)
            ]
            .spacing(8.0),
        );
        lines.into()
    }

    fn players<'a>(&'a self, session: &'a Session, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let state = session.state();
        let sheet = session.sheet();
        let shown = self.shown_player(session);
        let mut list = column![widgets::title(l.tr("table.players"))].spacing(8.0);
        for (seat, player) in session.players().iter().enumerate() {
            let mut marks = String::new();
            if seat == state.parent {
                marks.push_str(&l.tr("table.parent_mark"));
            }
            if Some(seat) == state.current_player() {
                marks.push_str(" ▶");
            }
            let colour = style::marker(player.colour);
            let time = widgets::duration(state.clock.player_total(seat, context.now));
            let line = column![
                row![
                    text(player.name.as_str())
                        .size(style::TITLE)
                        .font(style::BOLD)
                        .color(colour),
                    text(marks).size(style::TEXT),
                ]
                .spacing(6.0),
                text(
                    Text::new("table.player_line")
                        .arg("points", sheet.players[seat].total)
                        .arg("time", time)
                        .render(l)
                )
                .size(style::SMALL),
            ];
            list = list.push(
                button(line)
                    .width(Length::Fill)
                    .style(if seat == shown {
                        button::secondary
                    } else {
                        button::text
                    })
                    .on_press(Message::ShowPlayer(seat)),
            );
        }
        let total = widgets::duration(state.clock.game_total(context.now));
        list = list.push(
            text(Text::new("table.game_time").arg("time", total).render(l)).size(style::SMALL),
        );
        widgets::panel(list).into()
    }
}

fn banner<'a>(label: String, warn: bool) -> Element<'a, Message> {
    let label = text(label).size(style::TITLE).font(style::BOLD);
    if warn {
        widgets::strip(label, |p| p.warning.weak).into()
    } else {
        widgets::strip(label, |p| p.primary.weak).into()
    }
}
