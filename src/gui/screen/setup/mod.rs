//! The window's setup screen over the setup it edits (`crate::setup::Setup`, shared with the
//! phones and `tablekeeper serve`): what a tap asks for ([`Message`]) and which of the setup's
//! own edits it makes ([`update`], here; the rules are all `crate::setup`'s, shared with the
//! host's phone), and its panels (`view`, `game`, `clock`), free functions over the setup.

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

/// What a tap on the setup screen does to the keeper's setup (`settings` and `games`: the
/// keeper's, which a choice reads). Every edit is the setup's own (`crate::setup`'s
/// `edit.rs`), the same the host's phone makes: the window keeps no rules of its own.
pub fn update(
    setup: &mut Setup,
    message: Message,
    settings: &Settings,
    games: &[GameProfile],
) -> Action {
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
        Message::Game(id) => setup.choose_game(id.as_deref(), settings, games),
        Message::Clock(message) => setup.clock_update(message),
        Message::Variant(id, on) => setup.switch_variant(&id, on),
        Message::Side(seat, side) => setup.set_side(seat, side),
        Message::Name(seat, name) => setup.rename(seat, name),
        Message::Colour(seat, colour) => setup.recolour(seat, colour),
        Message::MoveUp(seat) => setup.move_seat_up(seat),
        Message::Remove(seat) => {
            setup.remove_seat(seat);
        }
        Message::Add => {
            if let Some(seat) = setup.add_seat() {
                // The name typed next is the new player's: their field takes the focus.
                let field = format!("setup-name-{seat}");
                return Action::Run(iced::widget::operation::focus(field));
            }
        }
        Message::AddKnown(name) => setup.add_known(name),
        Message::Parent(seat) => setup.make_parent(seat),
        Message::DrawParent => setup.draw_parent(),
        Message::Turns(n) => setup.set_turns(n),
        Message::Objective(round, label) => setup.set_objective(round, label),
        Message::Slots(round, value) => setup.set_slots(round, value),
        Message::Bonus(habitat, value) => setup.set_bonus(habitat, value),
        Message::Tray(card, habitat) => setup.toggle_tray(card, habitat),
        Message::FirstHabitat(id) => setup.choose_first_habitat(id),
        Message::Start => {
            return match setup.start() {
                Ok(new_game) => Action::Start(Box::new(new_game)),
                Err(text) => Action::Notice(text),
            };
        }
        Message::Back => return Action::Home,
    }
    Action::None
}
