//! The words every layer shares: a name in both languages, a player, their seat and marker
//! colour, and the profile file's format tag. It uses nothing else in the crate, so every other module
//! may use it without an arrow pointing back up.

use serde::{Deserialize, Serialize};

/// The format name every profile file carries, so a stray JSON file is not taken for a profile.
pub const PROFILE_FORMAT: &str = "tablekeeper-profile";
/// The profile format version this build writes and reads. 2: TERRAVIST's profile is a game
/// profile like every other game's with a `terravist` part of its own (version 1 had a schema of
/// its own; it is still read, see `terravist::profile`).
pub const PROFILE_VERSION: u32 = 2;

/// A player's seat: index into the session's players, in clockwise seat order.
pub type Seat = usize;

/// A name in each language the app speaks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Name {
    pub en: String,
    pub ja: String,
}

/// Player marker colours: TERRAVIST ships four, and a fifth player uses a substitute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Blue,
    Yellow,
    Green,
    /// The substitute marker of a fifth player.
    Purple,
    /// Markers for the sixth to eighth player of other games.
    Orange,
    Pink,
    Grey,
}

impl Colour {
    pub const ALL: [Colour; 8] = [
        Colour::Red,
        Colour::Blue,
        Colour::Yellow,
        Colour::Green,
        Colour::Purple,
        Colour::Orange,
        Colour::Pink,
        Colour::Grey,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "colour.red",
            Colour::Blue => "colour.blue",
            Colour::Yellow => "colour.yellow",
            Colour::Green => "colour.green",
            Colour::Purple => "colour.purple",
            Colour::Orange => "colour.orange",
            Colour::Pink => "colour.pink",
            Colour::Grey => "colour.grey",
        }
    }
}

/// A player at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub colour: Colour,
}
