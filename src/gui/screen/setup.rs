//! Setup: who plays in which seat, the parent, N turns, the objective labels, the first
//! habitat (with the tray-card helper) and the table's values for the profile's GAPs.

use iced::widget::{button, column, container, row, scrollable, text, text_input};
use iced::{Border, Color, Element, Length, Theme};

use super::{Action, Context, NewGame, numbers};
use crate::event::Event;
use crate::game::table::suggest_first_habitat;
use crate::gui::{style, widgets};
use crate::i18n::Text;
use crate::profile::Profile;
use crate::session::{self, Colour};
use crate::settings::Settings;

/// Cards face up in the tray at setup.
const TRAY: usize = 5;

#[derive(Debug, Clone)]
struct Row {
    name: String,
    colour: Colour,
}

#[derive(Debug)]
pub struct Setup {
    profile: Profile,
    players: Vec<Row>,
    parent: usize,
    turns: u32,
    objectives: Vec<String>,
    slots: Vec<String>,
    bonuses: Vec<String>,
    /// For each tray card, which habitats it shows.
    tray: Vec<Vec<bool>>,
    first_habitat: Option<String>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Name(usize, String),
    Colour(usize, Colour),
    MoveUp(usize),
    Remove(usize),
    Add,
    AddKnown(String),
    Parent(usize),
    DrawParent,
    Turns(u32),
    Objective(usize, String),
    Slots(usize, String),
    Bonus(usize, String),
    Tray(usize, usize),
    FirstHabitat(String),
    Start,
    Back,
}

fn free_colour(players: &[Row]) -> Colour {
    Colour::ALL
        .into_iter()
        .find(|c| players.iter().all(|p| p.colour != *c))
        .unwrap_or(Colour::Purple)
}

impl Setup {
    pub fn new(settings: &Settings) -> Setup {
        let profile = settings.terravist();
        let mut players: Vec<Row> = Vec::new();
        for name in settings.known_players.iter().take(3) {
            let colour = free_colour(&players);
            players.push(Row {
                name: name.clone(),
                colour,
            });
        }
        while players.len() < 2 {
            let colour = free_colour(&players);
            players.push(Row {
                name: String::new(),
                colour,
            });
        }
        Setup {
            players,
            parent: 0,
            turns: profile.rounds.default_first_round_turns,
            objectives: vec![String::new(); profile.rounds.count as usize],
            slots: profile
                .slot_points
                .value
                .iter()
                .map(|round| {
                    round
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect(),
            bonuses: profile
                .habitats
                .iter()
                .map(|h| h.development_bonus.value.to_string())
                .collect(),
            tray: vec![vec![false; profile.habitats.len()]; TRAY],
            first_habitat: None,
            profile,
        }
    }

    fn suggestion(&self) -> Vec<String> {
        let tray: Vec<Vec<String>> = self
            .tray
            .iter()
            .map(|card| {
                card.iter()
                    .enumerate()
                    .filter(|(_, on)| **on)
                    .map(|(h, _)| self.profile.habitats[h].id.clone())
                    .collect()
            })
            .collect();
        suggest_first_habitat(&self.profile, &tray)
    }

    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        let max = self.profile.players.max;
        match message {
            Message::Name(i, name) => self.players[i].name = name,
            Message::Colour(i, colour) => {
                // Swap with whoever had it, so colours stay distinct.
                if let Some(j) = self.players.iter().position(|p| p.colour == colour) {
                    self.players[j].colour = self.players[i].colour;
                }
                self.players[i].colour = colour;
            }
            Message::MoveUp(i) if i > 0 => {
                self.players.swap(i, i - 1);
                if self.parent == i {
                    self.parent = i - 1;
                } else if self.parent == i - 1 {
                    self.parent = i;
                }
            }
            Message::MoveUp(_) => {}
            Message::Remove(i) if self.players.len() > 1 => {
                self.players.remove(i);
                if self.parent >= self.players.len() || self.parent == i {
                    self.parent = 0;
                }
            }
            Message::Remove(_) => {}
            Message::Add if self.players.len() < max => {
                let colour = free_colour(&self.players);
                self.players.push(Row {
                    name: String::new(),
                    colour,
                });
            }
            Message::Add => {}
            Message::AddKnown(name) => {
                if let Some(empty) = self.players.iter_mut().find(|p| p.name.trim().is_empty()) {
                    empty.name = name;
                } else if self.players.len() < max {
                    let colour = free_colour(&self.players);
                    self.players.push(Row { name, colour });
                }
            }
            Message::Parent(i) => self.parent = i,
            Message::DrawParent => self.parent = rand::random_range(0..self.players.len()),
            Message::Turns(n) => self.turns = n.max(self.profile.rounds.min_first_round_turns),
            Message::Objective(r, label) => self.objectives[r] = label,
            Message::Slots(r, value) => self.slots[r] = value,
            Message::Bonus(h, value) => self.bonuses[h] = value,
            Message::Tray(card, habitat) => {
                self.tray[card][habitat] = !self.tray[card][habitat];
                let suggested = self.suggestion();
                if suggested.len() == 1 {
                    self.first_habitat = suggested.into_iter().next();
                }
            }
            Message::FirstHabitat(id) => self.first_habitat = Some(id),
            Message::Start => return self.start(context),
            Message::Back => return Action::Home,
        }
        Action::None
    }

    /// The profile with the table's values, or the message saying which value is wrong.
    fn confirmed_profile(&self) -> Result<Profile, Text> {
        let mut profile = self.profile.clone();
        for (r, value) in self.slots.iter().enumerate() {
            match numbers(value) {
                Some(points) if !points.is_empty() => profile.slot_points.value[r] = points,
                _ => return Err(Text::new("setup.bad_slots").arg("round", r + 1)),
            }
        }
        for (h, value) in self.bonuses.iter().enumerate() {
            match value.trim().parse() {
                Ok(bonus) => profile.habitats[h].development_bonus.value = bonus,
                Err(_) => {
                    return Err(
                        Text::new("setup.bad_bonus").arg("habitat", &profile.habitats[h].name.en)
                    );
                }
            }
        }
        profile
            .validate()
            .map_err(|e| Text::new("setup.bad_profile").arg("error", e))?;
        Ok(profile)
    }

    fn start(&self, _context: &Context) -> Action {
        let profile = match self.confirmed_profile() {
            Ok(profile) => profile,
            Err(text) => return Action::Notice(text),
        };
        let Some(first) = self.first_habitat.clone() else {
            return Action::Notice(Text::new("setup.choose_first_habitat"));
        };
        let setup = session::Setup {
            players: self
                .players
                .iter()
                .map(|p| session::Player {
                    name: p.name.trim().to_string(),
                    colour: p.colour,
                })
                .collect(),
            parent: self.parent,
            first_round_turns: self.turns,
        };
        if let Err(error) = setup.validate(&profile) {
            return Action::Notice(error.text());
        }
        let mut events = vec![Event::SetFirstHabitat { habitat: first }];
        for (r, label) in self.objectives.iter().enumerate() {
            if !label.trim().is_empty() {
                events.push(Event::SetObjective {
                    round: r as u32 + 1,
                    label: label.trim().to_string(),
                });
            }
        }
        events.push(Event::StartGame);
        Action::Start(Box::new(NewGame {
            profile,
            setup,
            events,
        }))
    }

    pub fn view<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let left =
            column![self.players_panel(context), self.turns_panel(context)].spacing(style::SPACING);
        let right = column![
            self.first_habitat_panel(context),
            self.objectives_panel(context),
            self.values_panel(context)
        ]
        .spacing(style::SPACING);
        let buttons = row![
            widgets::action(l.tr("action.back"), Some(Message::Back)).style(button::secondary),
            widgets::action(l.tr("setup.start"), Some(Message::Start)).style(button::primary),
        ]
        .spacing(style::SPACING);
        column![
            widgets::title(l.tr("setup.title")),
            scrollable(
                row![
                    left.width(Length::FillPortion(1)),
                    right.width(Length::FillPortion(1))
                ]
                .spacing(style::SPACING)
            )
            .height(Length::Fill),
            buttons,
        ]
        .spacing(style::SPACING)
        .into()
    }

    fn players_panel<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut rows = column![widgets::title(l.tr("setup.players"))].spacing(8.0);
        for (i, player) in self.players.iter().enumerate() {
            let colours = Colour::ALL
                .into_iter()
                .fold(row![].spacing(4.0), |r, colour| {
                    r.push(
                        swatch(colour, colour == player.colour)
                            .on_press(Message::Colour(i, colour)),
                    )
                });
            let parent_label = if i == self.parent {
                l.tr("setup.is_parent")
            } else {
                l.tr("setup.make_parent")
            };
            rows = rows.push(
                row![
                    text(format!("{}", i + 1))
                        .size(style::TITLE)
                        .width(Length::Fixed(28.0)),
                    text_input(&l.tr("setup.name_placeholder"), &player.name)
                        .id(format!("setup-name-{i}"))
                        .on_input(move |name| Message::Name(i, name))
                        .size(style::TEXT)
                        .padding(8.0)
                        .width(Length::Fill),
                    colours,
                    button(
                        text(parent_label)
                            .size(style::SMALL)
                            .center()
                            .width(Length::Fill)
                    )
                    .width(Length::Fixed(120.0))
                    .style(if i == self.parent {
                        button::success
                    } else {
                        button::secondary
                    })
                    .on_press(Message::Parent(i)),
                    button(text("↑").size(style::SMALL))
                        .style(button::text)
                        .on_press_maybe((i > 0).then_some(Message::MoveUp(i))),
                    button(text("✕").size(style::SMALL))
                        .style(button::text)
                        .on_press_maybe((self.players.len() > 1).then_some(Message::Remove(i))),
                ]
                .spacing(6.0)
                .align_y(iced::Alignment::Center),
            );
        }
        let can_add = self.players.len() < self.profile.players.max;
        rows = rows.push(
            row![
                widgets::action(l.tr("setup.add_player"), can_add.then_some(Message::Add))
                    .style(button::secondary),
                widgets::action(l.tr("setup.draw_parent"), Some(Message::DrawParent))
                    .style(button::secondary),
            ]
            .spacing(style::SPACING),
        );
        let known: Vec<&String> = context
            .settings
            .known_players
            .iter()
            .filter(|name| {
                self.players
                    .iter()
                    .all(|p| p.name.trim().to_lowercase() != name.to_lowercase())
            })
            .take(8)
            .collect();
        if !known.is_empty() {
            let chips = known.into_iter().fold(
                row![text(l.tr("setup.known")).size(style::SMALL)].spacing(6.0),
                |r, name| {
                    r.push(
                        button(text(name.as_str()).size(style::SMALL))
                            .style(button::secondary)
                            .on_press(Message::AddKnown(name.clone())),
                    )
                },
            );
            rows = rows.push(chips.wrap());
        }
        let p = &self.profile.players;
        rows = rows.push(
            text(
                Text::new("setup.player_range")
                    .arg("min", p.recommended_min)
                    .arg("max", p.recommended_max)
                    .render(l),
            )
            .size(style::SMALL),
        );
        widgets::panel(rows).into()
    }

    fn turns_panel<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut choices = row![].spacing(6.0);
        for &n in &self.profile.rounds.first_round_turn_choices {
            let turns: Vec<String> = (1..=self.profile.rounds.count)
                .map(|r| self.profile.turns_in_round(n, r).to_string())
                .collect();
            choices = choices.push(
                button(text(turns.join(" / ")).size(style::TEXT))
                    .padding([10.0, 16.0])
                    .style(if n == self.turns {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(Message::Turns(n)),
            );
        }
        let stepper = row![
            button(text("−").size(style::TEXT))
                .on_press(Message::Turns(self.turns.saturating_sub(1))),
            text(Text::new("setup.n_turns").arg("n", self.turns).render(l)).size(style::TEXT),
            button(text("+").size(style::TEXT)).on_press(Message::Turns(self.turns + 1)),
        ]
        .spacing(8.0)
        .align_y(iced::Alignment::Center);
        widgets::panel(column![widgets::title(l.tr("setup.turns")), choices, stepper].spacing(8.0))
            .into()
    }

    fn first_habitat_panel<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut grid = column![text(l.tr("setup.tray_help")).size(style::SMALL)].spacing(4.0);
        for (card, shows) in self.tray.iter().enumerate() {
            let mut line = row![
                text(Text::new("setup.tray_card").arg("n", card + 1).render(l))
                    .size(style::SMALL)
                    .width(Length::Fixed(70.0))
            ]
            .spacing(4.0);
            for (h, habitat) in self.profile.habitats.iter().enumerate() {
                line = line.push(
                    button(text(context.name(&habitat.name)).size(style::SMALL))
                        .style(if shows[h] {
                            button::primary
                        } else {
                            button::secondary
                        })
                        .on_press(Message::Tray(card, h)),
                );
            }
            grid = grid.push(line);
        }
        let suggested = self.suggestion();
        let mut choose = row![text(l.tr("setup.first_habitat")).size(style::TEXT)]
            .spacing(6.0)
            .align_y(iced::Alignment::Center);
        for habitat in &self.profile.habitats {
            let chosen = self.first_habitat.as_deref() == Some(habitat.id.as_str());
            let label = if suggested.contains(&habitat.id) {
                format!("★ {}", context.name(&habitat.name))
            } else {
                context.name(&habitat.name).to_string()
            };
            choose = choose.push(
                button(text(label).size(style::TEXT))
                    .padding([8.0, 12.0])
                    .style(if chosen {
                        button::success
                    } else {
                        button::secondary
                    })
                    .on_press(Message::FirstHabitat(habitat.id.clone())),
            );
        }
        let hint = match suggested.len() {
            0 => String::new(),
            1 => l.tr("setup.suggested"),
            _ => l.tr("setup.tie_parent_chooses"),
        };
        widgets::panel(
            column![
                widgets::title(l.tr("setup.first_habitat_title")),
                grid,
                choose.wrap(),
                text(hint).size(style::SMALL)
            ]
            .spacing(8.0),
        )
        .into()
    }

    fn objectives_panel<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut rows = column![widgets::title(l.tr("setup.objectives"))].spacing(6.0);
        for (r, label) in self.objectives.iter().enumerate() {
            rows = rows.push(
                text_input(
                    &Text::new("setup.objective_placeholder")
                        .arg("round", r + 1)
                        .render(l),
                    label,
                )
                .on_input(move |value| Message::Objective(r, value))
                .size(style::TEXT)
                .padding(8.0),
            );
        }
        widgets::panel(rows).into()
    }

    fn values_panel<'a>(&'a self, context: &Context<'a>) -> Element<'a, Message> {
        let l = context.locale;
        let mut rows = column![
            widgets::title(l.tr("setup.values")),
            text(l.tr("setup.gap_note"))
                .size(style::SMALL)
                .color(style::WARNING)
        ]
        .spacing(6.0);
        for (r, value) in self.slots.iter().enumerate() {
            rows = rows.push(
                row![
                    text(Text::new("setup.slots_round").arg("round", r + 1).render(l))
                        .size(style::TEXT)
                        .width(Length::Fixed(200.0)),
                    text_input("5, 3, 2, 1", value)
                        .on_input(move |v| Message::Slots(r, v))
                        .size(style::TEXT)
                        .padding(6.0),
                ]
                .align_y(iced::Alignment::Center),
            );
        }
        for (h, value) in self.bonuses.iter().enumerate() {
            let habitat = &self.profile.habitats[h];
            rows = rows.push(
                row![
                    text(
                        Text::new("setup.bonus_of")
                            .arg("habitat", context.name(&habitat.name))
                            .render(l)
                    )
                    .size(style::TEXT)
                    .width(Length::Fixed(200.0)),
                    text_input("3", value)
                        .on_input(move |v| Message::Bonus(h, v))
                        .size(style::TEXT)
                        .padding(6.0)
                        .width(Length::Fixed(80.0)),
                ]
                .align_y(iced::Alignment::Center),
            );
        }
        widgets::panel(rows).into()
    }
}

/// A tappable square in a marker colour.
fn swatch<'a>(colour: Colour, selected: bool) -> button::Button<'a, Message> {
    let fill = style::marker(colour);
    button(
        container(text(""))
            .width(Length::Fixed(22.0))
            .height(Length::Fixed(22.0)),
    )
    .padding(2.0)
    .style(move |_theme: &Theme, _status| button::Style {
        background: Some(fill.into()),
        border: Border {
            radius: 4.0.into(),
            width: if selected { 3.0 } else { 0.0 },
            color: Color::BLACK,
        },
        ..button::Style::default()
    })
}
