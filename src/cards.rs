//! The card catalog: creature cards the table has typed once, offered again by name.

use std::collections::BTreeMap;

use crate::event::{CardInfo, Event, Record};

/// Cards by name (case-insensitive); the most recent typing of a name wins.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardCatalog {
    cards: BTreeMap<String, CardInfo>,
}

impl CardCatalog {
    pub fn learn(&mut self, card: &CardInfo) {
        let key = card.name.trim().to_lowercase();
        if !key.is_empty() {
            self.cards.insert(key, card.clone());
        }
    }

    /// Learns every card settled in a session's events.
    pub fn learn_from(&mut self, records: &[Record]) {
        for record in records {
            if let Event::Settle { card, .. } | Event::StealNiche { card, .. } = &record.event {
                self.learn(card);
            }
        }
    }

    pub fn get(&self, name: &str) -> Option<&CardInfo> {
        self.cards.get(&name.trim().to_lowercase())
    }

    /// Cards whose name contains `query` (case-insensitive), in name order.
    pub fn search<'a>(&'a self, query: &str) -> impl Iterator<Item = &'a CardInfo> + 'a {
        let query = query.trim().to_lowercase();
        self.cards
            .iter()
            .filter(move |(key, _)| key.contains(&query))
            .map(|(_, card)| card)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}
