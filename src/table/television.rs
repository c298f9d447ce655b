//! What the keeper adds to the table for the television ([`Television`]): the address a phone
//! opens and its QR code (made again only when the address changes), the game just saved with
//! its parts' names, and the evening so far from the history. The window and `serve` alike:
//! their phones follow the table through [`TableKeeper::phones_follow_the_table`].

use chrono::{DateTime, Utc};

use super::TableKeeper;
use crate::phones::{FinalSheet, Qr, Television};
use crate::vocabulary::Name;

/// The address last shown and its code: the code is made again only when the address changes
/// (a new code, another port), not on every pass of the loop.
#[derive(Debug, Default)]
pub(super) struct Shown {
    address: Option<(String, Option<Qr>)>,
}

impl TableKeeper {
    /// What the television is shown now, besides the table.
    pub(super) fn television(&mut self, now: DateTime<Utc>) -> Television {
        let address = self.phones_url();
        let shown = &mut self.television.address;
        if shown.as_ref().map(|(url, _)| url) != address.as_ref() {
            *shown = address.map(|url| {
                let qr = Qr::of(&url);
                (url, qr)
            });
        }
        let (address, qr) = shown.clone().unzip();
        let last = (self.last_saved()).map(|entry| FinalSheet {
            parts: self.part_names(&entry.game),
            entry: entry.clone(),
        });
        let evening = (self.data.history())
            .map(|history| Television::evening_of(history.entries(), now))
            .unwrap_or_default();
        Television {
            address,
            qr: qr.flatten(),
            last,
            evening,
        }
    }

    /// The names of the sheet's parts of the game `id`, as the table knows it now (its profile;
    /// TERRAVIST's as the settings keep it).
    fn part_names(&self, id: &str) -> Vec<(String, Name)> {
        let terravist = &self.settings.terravist().game;
        let profile = std::iter::once(terravist)
            .chain(self.games.iter())
            .find(|game| game.id == id);
        (profile.iter())
            .flat_map(|game| game.sheet.parts.iter())
            .map(|part| (part.id.clone(), part.name.clone()))
            .collect()
    }
}
