//! The score sheet as the phones are shown it: whom it waits on (a column not Ready, or what
//! the sheet itself still lacks), a mark one phone put on another's column, whose column a
//! phone may fill in, and whether Finish is open. What [`super::view::TableNow`] reads of the
//! sheet, apart from how it renders the rest of the table.

use serde_json::{Value, json};

use super::view::TableNow;
use crate::i18n::{Locale, Text};
use crate::session::{Glance, SeatForm, Stage};
use crate::vocabulary::Seat;

impl TableNow {
    /// While the sheet is open, the players whose column is not Ready yet, named on every
    /// phone and the television ("Waiting for: Chie, Dai (offline)"); `None` when none is.
    pub(super) fn sheet_waiting(&self, g: &Glance, l: Locale) -> Option<String> {
        let names: Vec<String> = (self.forms.iter().enumerate())
            .filter(|(_, form)| form.column.as_ref().is_some_and(|c| !c.ready))
            .filter_map(|(seat, _)| {
                let name = g.players.get(seat)?.name.clone();
                Some(match self.offline.contains(&seat) {
                    true => Text::new("phone.offline_name")
                        .arg("player", name)
                        .render(l),
                    false => name,
                })
            })
            .collect();
        let waiting = Text::new("phone.sheet_waiting").arg_list("names", &names);
        if names.is_empty() || self.sheet_empty {
            // Every column Ready: what the sheet itself still lacks, if anything.
            return self.sheet_waits.as_ref().map(|why| why.render(l));
        }
        Some(waiting.render(l))
    }

    /// Who marked `seat`'s column done for it, waiting for a second phone: the marking seat,
    /// and the line every phone shows.
    pub(super) fn vouched_line(&self, seat: Seat, l: Locale) -> Value {
        let name = |seat: Seat| {
            self.glance
                .players
                .get(seat)
                .map_or("", |p| p.name.as_str())
        };
        match self.vouched.iter().find(|(s, _)| *s == seat) {
            Some(&(_, by)) => json!({
                "by": by,
                "line": Text::new("phone.vouched")
                    .arg("by", name(by))
                    .arg("player", name(seat))
                    .render(l),
                "confirm": Text::new("phone.vouch_confirm").arg("player", name(seat)).render(l),
            }),
            None => Value::Null,
        }
    }

    /// The form of `seat`'s column when another phone may fill it: the sheet is open and
    /// that seat's phone has been gone past the grace.
    pub(super) fn fill_for(&self, seat: Seat) -> Option<&SeatForm> {
        (self.forms.get(seat)).filter(|f| f.column.is_some() && self.gone.contains(&seat))
    }

    /// Whether a phone may finish the game now: the sheet is open and every column is Ready.
    pub fn finishable(&self) -> bool {
        if self.sheet_waits.is_some() {
            return false;
        }
        if self.sheet_empty {
            return self.glance.stage == Stage::Over && !self.forms.is_empty();
        }
        !self.forms.is_empty()
            && (self.forms.iter()).all(|f| f.column.as_ref().is_some_and(|c| c.ready))
    }
}
