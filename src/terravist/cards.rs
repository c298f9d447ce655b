//! The card library: creature cards the table has typed once, offered again by name.
//!
//! Kept most recent first, one entry per name (case-insensitive; the newest typing wins), and
//! saved with the settings as a plain list of cards.

use serde::{Deserialize, Serialize};

use crate::terravist::event::CardInfo;

/// Cards remembered at most (TERRAVIST has 73; the cap only bounds a runaway settings file).
pub const MAX_CARDS: usize = 500;

fn key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The library: (lookup key, card), most recent first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<CardInfo>", into = "Vec<CardInfo>")]
pub struct CardCatalog {
    cards: Vec<(String, CardInfo)>,
}

impl From<Vec<CardInfo>> for CardCatalog {
    fn from(cards: Vec<CardInfo>) -> CardCatalog {
        let mut catalog = CardCatalog::default();
        for card in cards.iter().rev() {
            catalog.learn(card);
        }
        catalog
    }
}

impl From<CardCatalog> for Vec<CardInfo> {
    fn from(catalog: CardCatalog) -> Vec<CardInfo> {
        catalog.cards.into_iter().map(|(_, card)| card).collect()
    }
}

impl CardCatalog {
    /// Remembers a card as the most recent; a card without a name is ignored.
    pub fn learn(&mut self, card: &CardInfo) {
        let key = key(&card.name);
        if key.is_empty() {
            return;
        }
        self.cards.retain(|(known, _)| *known != key);
        self.cards.insert(0, (key, card.clone()));
        self.cards.truncate(MAX_CARDS);
    }

    pub fn get(&self, name: &str) -> Option<&CardInfo> {
        let key = key(name);
        self.cards
            .iter()
            .find(|(known, _)| *known == key)
            .map(|(_, card)| card)
    }

    /// Cards whose name contains `query` (case-insensitive), most recent first.
    pub fn search<'a>(&'a self, query: &str) -> impl Iterator<Item = &'a CardInfo> + 'a {
        let query = key(query);
        self.cards
            .iter()
            .filter(move |(known, _)| known.contains(&query))
            .map(|(_, card)| card)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}
