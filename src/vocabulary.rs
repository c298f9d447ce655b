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

impl Name {
    /// The name in the language `tag`, else in English.
    pub fn get(&self, tag: &str) -> &str {
        match tag {
            "ja" => &self.ja,
            _ => &self.en,
        }
    }
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

    /// The marker's colour on screen, red, green, blue: the window and the phones' page
    /// draw a player in the same one.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Colour::Red => [0xd6, 0x45, 0x41],
            Colour::Blue => [0x3a, 0x77, 0xc2],
            Colour::Yellow => [0xe3, 0xb0, 0x0b],
            Colour::Green => [0x46, 0x9a, 0x3c],
            Colour::Purple => [0x8e, 0x5b, 0xb5],
            Colour::Orange => [0xe6, 0x7e, 0x22],
            Colour::Pink => [0xd9, 0x6c, 0xa8],
            Colour::Grey => [0x80, 0x80, 0x80],
        }
    }

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
