//! The window's setup screen over the setup it edits (`crate::setup::Setup`, shared with the
//! phones and `tablekeeper serve`): what a tap asks for ([`Message`]) and how it changes the
//! setup (`update`, here), and its panels (`view`, `game`, `clock`), free functions over the
//! setup.

mod clock;
mod game;
mod view;

pub use view::view;

use super::Action;
use crate::kit::game_profile::GameProfile;
use crate::session::Colour;
use crate::settings::Settings;
use crate::setup::Setup;
use crate::setup::clock::ClockMessage;
use crate::setup::{Seated, free_colour};

#[derive(Debug, Clone)]
pub enum Message {
    /// Choose a game by id (`None`: TERRAVIST).
    Game(Option<String>),
    /// The turn-time target, in seconds (`None`: no target); kept in the settings.
    TurnTarget(Option<u32>),
    /// The chime past the target on or off (the settings' choice, kept for the next game).
    TurnSound(bool),
    /// The phones on or off (the settings' choice, as the Phones panel's switch).
    Phones(bool),
    /// The Phones panel (which phone holds which seat, Drop, New code).
    PhonesPanel,
    Side(usize, String),
    /// A variant of the chosen game on or off, by id.
    Variant(String, bool),
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
    /// The clock panel.
    Clock(ClockMessage),
    Start,
    Back,
}

/// The setup's words for the player who starts (translation keys).
struct StarterWords {
    is: &'static str,
    make: &'static str,
    draw: &'static str,
}

/// What the chosen game calls the player who starts: TERRAVIST's parent, the other games'
/// start player.
fn words(setup: &Setup) -> StarterWords {
    if setup.game.is_none() {
        StarterWords {
            is: "setup.is_parent",
            make: "setup.make_parent",
            draw: "setup.draw_parent",
        }
    } else {
        StarterWords {
            is: "setup.is_start",
            make: "setup.make_start",
            draw: "setup.draw_start",
        }
    }
}

impl Setup {
    /// What a tap on the setup screen does to the keeper's setup (`settings` and `games`: the
    /// keeper's, which a choice reads).
    pub fn update(
        &mut self,
        message: Message,
        settings: &Settings,
        games: &[GameProfile],
    ) -> Action {
        let max = self.max_players();
        match message {
            Message::TurnTarget(secs) => {
                let mut settings = settings.clone();
                settings.turn_target_secs = secs;
                return Action::SaveSettings(Box::new(settings));
            }
            Message::TurnSound(on) => {
                let mut settings = settings.clone();
                settings.turn_sound = on;
                return Action::SaveSettings(Box::new(settings));
            }
            Message::PhonesPanel => return Action::Phones,
            Message::Phones(on) => {
                let mut settings = settings.clone();
                settings.phones = on;
                return Action::SaveSettings(Box::new(settings));
            }
            Message::Game(id) => self.choose_game(id.as_deref(), settings, games),
            Message::Clock(message) => self.clock_update(message),
            Message::Variant(id, on) => self.switch_variant(&id, on),
            Message::Side(i, side) => {
                if let Some(row) = self.players.get_mut(i) {
                    row.side = Some(side);
                    self.follow_the_sides();
                }
            }
            Message::Name(i, name) => {
                self.players[i].name = name;
                self.players[i].named_here = true;
            }
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
                self.follow_the_sides();
            }
            Message::MoveUp(_) => {}
            Message::Remove(i) if self.players.len() > 1 => {
                self.players.remove(i);
                if self.parent >= self.players.len() || self.parent == i {
                    self.parent = 0;
                }
                self.follow_the_sides();
            }
            Message::Remove(_) => {}
            Message::Add if self.players.len() < max => {
                let colour = free_colour(&self.players);
                let side = self.sides().and_then(|s| s.first()).map(|s| s.id.clone());
                self.players.push(Seated::new(String::new(), colour, side));
                self.follow_the_sides();
                // The name typed next is the new player's: their field takes the focus.
                let field = format!("setup-name-{}", self.players.len() - 1);
                return Action::Run(iced::widget::operation::focus(field));
            }
            Message::Add => {}
            Message::AddKnown(name) => {
                if let Some(empty) = self.players.iter_mut().find(|p| p.name.trim().is_empty()) {
                    empty.name = name;
                    empty.named_here = true;
                } else if self.players.len() < max {
                    let colour = free_colour(&self.players);
                    let side = self.sides().and_then(|s| s.first()).map(|s| s.id.clone());
                    let mut row = Seated::new(name, colour, side);
                    row.named_here = true;
                    self.players.push(row);
                    self.follow_the_sides();
                }
            }
            Message::Parent(i) => self.parent = i,
            Message::DrawParent => self.parent = rand::random_range(0..self.players.len()),
            Message::Turns(n) => self.turns = n.max(self.profile.min_first_round_turns()),
            Message::Objective(r, label) => self.objectives[r] = label,
            Message::Slots(r, value) => self.board.slots[r] = value,
            Message::Bonus(h, value) => self.board.bonuses[h] = value,
            Message::Tray(card, habitat) => self.toggle_tray(card, habitat),
            Message::FirstHabitat(id) => self.first_habitat = Some(id),
            Message::Start => {
                return match self.start() {
                    Ok(new_game) => Action::Start(Box::new(new_game)),
                    Err(text) => Action::Notice(text),
                };
            }
            Message::Back => return Action::Home,
        }
        Action::None
    }
}
