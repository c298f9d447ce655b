//! The creature card being typed in: text until it is settled, so a half-typed number is
//! never lost or taken for another.

use crate::i18n::Text;
use crate::terravist::cards::CardCatalog;
use crate::terravist::event::CardInfo;

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
    pub(super) fn card(&self) -> Result<CardInfo, Text> {
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

/// A change to the card form.
#[derive(Debug, Clone)]
pub enum FormEdit {
    /// The name typed; a card the table typed before fills the rest.
    Name(String),
    Smiles(String),
    Capacity(String),
    Level(u8),
    /// A habitat tapped: on or off (a card lives in two at most; a third replaces the first).
    Habitat(String),
    /// A card picked from the ones the table typed before.
    Pick(CardInfo),
}

impl CardForm {
    pub fn update(&mut self, edit: FormEdit, known: &CardCatalog) {
        match edit {
            FormEdit::Name(name) => {
                if let Some(card) = known.get(&name) {
                    self.fill(card.clone());
                }
                self.name = name;
            }
            FormEdit::Smiles(value) => self.smiles = value,
            FormEdit::Capacity(value) => self.capacity = value,
            FormEdit::Level(level) => self.level = level,
            FormEdit::Habitat(id) => {
                if let Some(i) = self.habitats.iter().position(|h| h == &id) {
                    self.habitats.remove(i);
                } else {
                    if self.habitats.len() == 2 {
                        self.habitats.remove(0);
                    }
                    self.habitats.push(id);
                }
            }
            FormEdit::Pick(card) => self.fill(card),
        }
    }

    fn fill(&mut self, card: CardInfo) {
        *self = CardForm {
            name: card.name,
            smiles: card.smiles.to_string(),
            capacity: card.egg_capacity.to_string(),
            level: card.level,
            habitats: card.habitats,
        };
    }
}
