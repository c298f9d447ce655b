//! The words every layer shares: a name in each language, a player, their seat and marker
//! colour, the profile file's format tag and the shipped profiles. It uses nothing else in the
//! crate, so every other module may use it without an arrow pointing back up.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The profiles shipped with the app, by id: the games' own data (see `kit::game_profile`),
/// and the names in each language that a game saved before the app spoke it lacks.
pub const SHIPPED_PROFILES: [(&str, &str); 6] = [
    ("terravist", include_str!("../profiles/terravist.json")),
    ("earth", include_str!("../profiles/earth.json")),
    (
        "rats-of-wistar",
        include_str!("../profiles/rats-of-wistar.json"),
    ),
    ("terramara", include_str!("../profiles/terramara.json")),
    ("leviath", include_str!("../profiles/leviath.json")),
    ("generic", include_str!("../profiles/generic.json")),
];

/// The format name every profile file carries, so a stray JSON file is not taken for a profile.
pub const PROFILE_FORMAT: &str = "tablekeeper-profile";
/// The profile format version this build writes and reads. 2: TERRAVIST's profile is a game
/// profile like every other game's with a `terravist` part of its own (version 1 had a schema of
/// its own; it is still read, see `terravist::profile`).
pub const PROFILE_VERSION: u32 = 2;

/// A player's seat: index into the session's players, in clockwise seat order.
pub type Seat = usize;

/// A name in each language a profile gives it: a language tag (`en`, `ja`, `de`, …) to the name.
///
/// Saved as a JSON object, `{"en": "Forest", "ja": "森林"}`: the two-field struct this replaced
/// wrote the same object, in the same order (the map's keys are sorted), so older files read
/// and write as before.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Name(BTreeMap<String, String>);

impl Name {
    /// A name in English and Japanese, the two every older file gives.
    pub fn new(en: impl Into<String>, ja: impl Into<String>) -> Name {
        Name(BTreeMap::from([
            ("en".to_string(), en.into()),
            ("ja".to_string(), ja.into()),
        ]))
    }

    /// The same text in English and Japanese (a name typed once, an id where none is given).
    pub fn same(text: impl Into<String>) -> Name {
        let text = text.into();
        Name::new(text.clone(), text)
    }

    /// The name in the language `tag` (`de-AT` asks for German), else in English, else in
    /// whichever language has one; "" where none has.
    pub fn get(&self, tag: &str) -> &str {
        let language = tag.split(['-', '_']).next().unwrap_or(tag);
        let given = |t: &str| self.0.get(t).map(String::as_str).filter(|s| !s.is_empty());
        given(tag)
            .or_else(|| given(language))
            .or_else(|| given("en").and_then(|en| shipped_name(en, language)))
            .or_else(|| given("en"))
            .or_else(|| self.0.values().map(String::as_str).find(|s| !s.is_empty()))
            .unwrap_or_default()
    }

    /// The English name (what exports and ids are made from).
    pub fn en(&self) -> &str {
        self.get("en")
    }

    /// The name in `tag` as the profile gives it, with no fallback.
    pub fn exactly(&self, tag: &str) -> Option<&str> {
        self.0.get(tag).map(String::as_str)
    }

    /// Sets the name in the language `tag`.
    pub fn set(&mut self, tag: &str, text: impl Into<String>) {
        self.0.insert(tag.to_string(), text.into());
    }

    /// Every language's name, by tag.
    pub fn each(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0
            .iter()
            .map(|(tag, name)| (tag.as_str(), name.as_str()))
    }

    /// Does no language give a name (or only blanks)?
    pub fn is_blank(&self) -> bool {
        self.0.values().all(|n| n.trim().is_empty())
    }
}

/// What the shipped profiles call `en` in `language`, where all that name it agree. A game
/// saved before the app spoke `language` keeps the names its profile had then (English and
/// Japanese, in older files); shown in `language`, those names are today's. The file itself is
/// never changed. Read from the profiles once, at the first name a file lacks.
fn shipped_name(en: &str, language: &str) -> Option<&'static str> {
    /// Language → English name → that language's, or `None` where two profiles differ.
    type Names = HashMap<String, HashMap<String, Option<String>>>;
    static NAMES: OnceLock<Names> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut names = Names::new();
        each_shipped_object(&mut |map, en| {
            let Some(en) = en else { return };
            for (tag, text) in map.iter().filter(|(tag, _)| *tag != "en") {
                let text = text.as_str().unwrap_or_default().to_string();
                let by_en = names.entry(tag.clone()).or_default();
                let said = by_en.entry(en.to_string()).or_insert(Some(text.clone()));
                if said.as_ref() != Some(&text) {
                    *said = None;
                }
            }
        });
        names
    });
    names.get(language)?.get(en)?.as_deref()
}

/// Every English name and note the shipped profiles give (a habitat, a part, a counter, a
/// rule's note), once each, sorted: what a translator's file may name for its language.
pub fn shipped_english_names() -> Vec<String> {
    let mut names = std::collections::BTreeSet::new();
    each_shipped_object(&mut |map, en| {
        let note = map.get("note").and_then(|n| n.as_str());
        names.extend(en.or(note).map(str::to_string));
    });
    names.into_iter().filter(|n| !n.trim().is_empty()).collect()
}

/// What [`each_shipped_object`] calls on each object: the object, and its English where it is
/// a name.
type ObjectVisit<'a> = dyn FnMut(&serde_json::Map<String, serde_json::Value>, Option<&str>) + 'a;

/// Every JSON object of the shipped profiles, with its English where it is a name in each
/// language (`{"en": "Forest", "ja": "森林"}`, every value a string: not looked into further).
fn each_shipped_object(visit: &mut ObjectVisit) {
    fn walk(value: &serde_json::Value, visit: &mut ObjectVisit) {
        match value {
            serde_json::Value::Object(map) => {
                let en = map.get("en").and_then(|en| en.as_str());
                let name = en.filter(|_| map.values().all(|v| v.is_string()));
                visit(map, name);
                if name.is_none() {
                    map.values().for_each(|v| walk(v, visit));
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, visit)),
            _ => {}
        }
    }
    for (_, text) in SHIPPED_PROFILES {
        if let Ok(profile) = serde_json::from_str::<serde_json::Value>(text) {
            walk(&profile, visit);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_name_reads_and_writes_the_same_bytes() {
        for written in [
            r#"{"en":"Forest","ja":"森林"}"#,
            r#"{"en":"Forest","ja":""}"#,
            r#"{"de":"Wald","en":"Forest","ja":"森林"}"#,
        ] {
            let name: Name = serde_json::from_str(written).unwrap();
            assert_eq!(serde_json::to_string(&name).unwrap(), written);
        }
        let pretty = "{\n  \"en\": \"Forest\",\n  \"ja\": \"森林\"\n}";
        let name: Name = serde_json::from_str(pretty).unwrap();
        assert_eq!(serde_json::to_string_pretty(&name).unwrap(), pretty);
        assert_eq!(name, Name::new("Forest", "森林"));
    }

    #[test]
    fn a_language_without_a_name_gets_english_then_any() {
        // A name no shipped profile gives (those fill a language an older file lacks).
        let name: Name = serde_json::from_str(r#"{"de":"Lichtung","en":"Glade","ja":""}"#).unwrap();
        assert_eq!(name.get("de"), "Lichtung");
        assert_eq!(name.get("de-AT"), "Lichtung");
        assert_eq!(name.get("ja"), "Glade");
        assert_eq!(name.get("fr"), "Glade");
        let only: Name = serde_json::from_str(r#"{"ja":"森林"}"#).unwrap();
        assert_eq!(only.get("de"), "森林");
        assert!(Name::default().is_blank());
        assert_eq!(Name::default().get("en"), "");
    }
}
