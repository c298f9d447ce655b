//! Setup: which game; who plays in which seat and the start player (the parent). For
//! TERRAVIST also N turns, the objective labels, the first habitat (with the tray-card helper)
//! and the table's values for the profile's GAPs; for a game of sides, each player's side.

mod clock;
mod game;
mod lobby;

pub use lobby::Joined;
mod view;

use super::board_values::BoardValues;
use super::{Action, Context};
use crate::i18n::Text;
use crate::kit::game_profile::GameProfile;
use crate::kit::timer::ClockMode;
use crate::scoring::WinnerRule;
use crate::session::{self, Colour, NewGame};
use crate::settings::Settings;
use crate::terravist::Terravist;
use crate::terravist::event::Event;
use crate::terravist::profile::Profile;
use crate::terravist::state::table::suggest_first_habitat;

/// Cards face up in the tray at setup.
const TRAY: usize = 5;

/// A seat as set up: who sits there, their marker, and their side in a game of sides.
#[derive(Debug, Clone)]
struct Seated {
    name: String,
    colour: Colour,
    /// The side played, in a game of sides.
    side: Option<String>,
    /// Minutes added to (or taken from) this player's time bank.
    handicap_min: i64,
    /// The phone that joined as this player, or was given the seat (its id): the seat is
    /// that phone's in the game.
    phone: Option<String>,
    /// The window named this seat (typed its name, or tapped a known name): a phone joining
    /// under that name asks the table for it. A name the setup only suggested (the players
    /// of the last games) is a phone's to take.
    named_here: bool,
}

impl Seated {
    /// A new seat, with no handicap.
    fn new(name: String, colour: Colour, side: Option<String>) -> Seated {
        Seated {
            name,
            colour,
            side,
            handicap_min: 0,
            phone: None,
            named_here: false,
        }
    }
}

#[derive(Debug)]
pub struct Setup {
    /// The game chosen, when it is not TERRAVIST.
    game: Option<GameProfile>,
    profile: Profile,
    players: Vec<Seated>,
    parent: usize,
    turns: u32,
    objectives: Vec<String>,
    board: BoardValues,
    /// For each tray card, which habitats it shows.
    tray: Vec<Vec<bool>>,
    first_habitat: Option<String>,
    /// The clock mode the game is played to.
    clock: ClockMode,
}

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
    Clock(clock::ClockMessage),
    Start,
    Back,
}

/// The setup's words for the player who starts (translation keys).
struct StarterWords {
    is: &'static str,
    make: &'static str,
    draw: &'static str,
}

fn free_colour(players: &[Seated]) -> Colour {
    Colour::ALL
        .into_iter()
        .find(|c| players.iter().all(|p| p.colour != *c))
        .unwrap_or(Colour::Purple)
}

impl Setup {
    /// A setup for the game played last (`games`: the games other than TERRAVIST).
    pub fn new(settings: &Settings, games: &[GameProfile]) -> Setup {
        let profile = settings.terravist().clone();
        let mut players: Vec<Seated> = Vec::new();
        for name in settings.known_players.iter().take(3) {
            let colour = free_colour(&players);
            players.push(Seated::new(name.clone(), colour, None));
        }
        while players.len() < 2 {
            let colour = free_colour(&players);
            players.push(Seated::new(String::new(), colour, None));
        }
        let last = settings
            .last_game
            .as_ref()
            .and_then(|id| games.iter().find(|g| &g.id == id));
        let mut setup = Setup {
            game: None,
            players,
            parent: 0,
            turns: profile.default_first_round_turns(),
            objectives: vec![String::new(); profile.round_count() as usize],
            board: BoardValues::of(&profile),
            tray: vec![vec![false; profile.terravist.habitats.len()]; TRAY],
            first_habitat: None,
            profile,
            clock: ClockMode::CountUp,
        };
        if let Some(game) = last {
            setup.choose(Some(game.clone()));
        }
        setup.clock = clock::remembered(settings, setup.game.as_ref());
        setup
    }

    fn suggestion(&self) -> Vec<String> {
        let tray: Vec<Vec<String>> = self
            .tray
            .iter()
            .map(|card| {
                card.iter()
                    .enumerate()
                    .filter(|(_, on)| **on)
                    .map(|(h, _)| self.profile.terravist.habitats[h].id.clone())
                    .collect()
            })
            .collect();
        suggest_first_habitat(&self.profile, &tray)
    }

    /// Chooses the game (`None`: TERRAVIST). In a game of sides everyone starts on the first
    /// side but the last seat, on the second (Leviath: one monster).
    fn choose(&mut self, game: Option<GameProfile>) {
        self.game = game;
        let sides: Vec<String> = self
            .sides()
            .map(|s| s.iter().map(|s| s.id.clone()).collect())
            .unwrap_or_default();
        let last = self.players.len().saturating_sub(1);
        for (i, row) in self.players.iter_mut().enumerate() {
            row.side = match sides.len() {
                0 => None,
                _ if i == last => sides.get(1).cloned(),
                _ => sides.first().cloned(),
            };
        }
    }

    /// What the chosen game calls the player who starts: TERRAVIST's parent, the other games'
    /// start player.
    fn words(&self) -> StarterWords {
        if self.game.is_none() {
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

    /// The most players the chosen game takes.
    pub fn max_players(&self) -> usize {
        match &self.game {
            Some(game) => game.players.max,
            None => self.profile.game.players.max,
        }
    }

    /// The sides of the chosen game, if it is a game of sides.
    fn sides(&self) -> Option<&[crate::scoring::Side]> {
        match self.game.as_ref().map(|g| &g.sheet.winner) {
            Some(WinnerRule::Side { sides, .. }) => Some(sides),
            _ => None,
        }
    }

    pub fn update(&mut self, message: Message, context: &Context) -> Action {
        let max = self.max_players();
        match message {
            Message::TurnTarget(secs) => {
                let mut settings = context.settings.clone();
                settings.turn_target_secs = secs;
                return Action::SaveSettings(Box::new(settings));
            }
            Message::TurnSound(on) => {
                let mut settings = context.settings.clone();
                settings.turn_sound = on;
                return Action::SaveSettings(Box::new(settings));
            }
            Message::PhonesPanel => return Action::Phones,
            Message::Phones(on) => {
                let mut settings = context.settings.clone();
                settings.phones = on;
                return Action::SaveSettings(Box::new(settings));
            }
            Message::Game(id) => {
                self.choose(id.and_then(|id| context.games.iter().find(|g| g.id == id).cloned()));
                self.clock = clock::remembered(context.settings, self.game.as_ref());
            }
            Message::Clock(message) => self.clock_update(message),
            Message::Side(i, side) => {
                if let Some(row) = self.players.get_mut(i) {
                    row.side = Some(side);
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
                let side = self.sides().and_then(|s| s.first()).map(|s| s.id.clone());
                self.players.push(Seated::new(String::new(), colour, side));
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
                    let mut row = Seated::new(name, colour, None);
                    row.named_here = true;
                    self.players.push(row);
                }
            }
            Message::Parent(i) => self.parent = i,
            Message::DrawParent => self.parent = rand::random_range(0..self.players.len()),
            Message::Turns(n) => self.turns = n.max(self.profile.min_first_round_turns()),
            Message::Objective(r, label) => self.objectives[r] = label,
            Message::Slots(r, value) => self.board.slots[r] = value,
            Message::Bonus(h, value) => self.board.bonuses[h] = value,
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
        self.board.write_into(&mut profile)?;
        profile
            .validate()
            .map_err(|e| Text::new("setup.bad_profile").arg("error", e))?;
        Ok(profile)
    }

    /// The players as typed, names trimmed.
    fn seated(&self) -> Vec<session::Player> {
        self.players
            .iter()
            .map(|p| session::Player {
                name: p.name.trim().to_string(),
                colour: p.colour,
            })
            .collect()
    }

    /// A name that holds a character that shows nothing or turns the text around (a zero-width
    /// space, a right-to-left override): it could pass for another player's.
    fn hidden_in_names(&self) -> Option<Text> {
        self.players.iter().enumerate().find_map(|(seat, p)| {
            let c = crate::untrusted::first_hidden(&p.name)?;
            Some(
                Text::new("setup_error.hidden_character")
                    .arg("seat", seat + 1)
                    .arg("code", format!("U+{:04X}", u32::from(c))),
            )
        })
    }

    fn start(&self, _context: &Context) -> Action {
        if let Some(text) = self.hidden_in_names() {
            return Action::Notice(text);
        }
        if let Some(game) = &self.game {
            return self.start_other(game);
        }
        let profile = match self.confirmed_profile() {
            Ok(profile) => profile,
            Err(text) => return Action::Notice(text),
        };
        let Some(first) = self.first_habitat.clone() else {
            return Action::Notice(Text::new("setup.choose_first_habitat"));
        };
        let setup = session::Setup {
            players: self.seated(),
            parent: self.parent,
            first_round_turns: self.turns,
            sides: Vec::new(),
            clock: self.clock_with_handicaps(),
        };
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
        match NewGame::new::<Terravist>(profile, setup, events) {
            Ok(new_game) => Action::Start(Box::new(new_game)),
            Err(error) => Action::Notice(error.text()),
        }
    }
}
