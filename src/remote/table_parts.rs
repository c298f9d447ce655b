//! What a phone is shown of the parts that are the table's rather than one player's (issue 59):
//! the counters a game tracks (Leviath's energy, ships, floods) and the sheet's shared parts
//! (Earth's fauna leaves, the first full tableau), with whose phone may move or enter them
//! ([`super::may`]).

use serde_json::{Value, json};

use super::view::TableNow;
use crate::i18n::{Locale, Text};
use crate::session::table_step::SharedValue;
use crate::vocabulary::Seat;

impl TableNow {
    /// The seats whose phone may move the counters now ([`crate::remote::may::counter_by`]).
    pub fn counter_by(&self) -> Vec<Seat> {
        crate::remote::may::counter_by(self.glance.current, self.host)
    }

    /// The seat whose phone enters the sheet's shared parts ([`crate::remote::may::shared_by`]).
    pub fn shared_by(&self) -> Option<Seat> {
        crate::remote::may::shared_by(self.glance.players.len(), self.host)
    }

    /// Adds the counters and the sheet's shared parts to what a phone is shown.
    pub(super) fn render_table_parts(&self, rendered: &mut Value, l: Locale) {
        rendered["counters"] = (self.counters.iter())
            .map(|c| {
                json!({
                    "id": c.id,
                    "name": l.pick(&c.name),
                    "value": c.value,
                    "range": c.range.render(l),
                })
            })
            .collect();
        rendered["counter_by"] = json!(self.counter_by());
        rendered["shared"] = (self.shared.iter())
            .map(|part| {
                let choices: Vec<Value> = (part.seats.iter())
                    .map(|&seat| json!({"seat": seat, "name": self.seat_name(seat, l)}))
                    .collect();
                let dummies = match &part.value {
                    SharedValue::Dummies { values, count } => {
                        json!({"values": values, "count": count, "label": l.tr("phone.dummy")})
                    }
                    _ => Value::Null,
                };
                let (cards, taken) = match &part.value {
                    SharedValue::Claims(cards) => (
                        (cards.iter().enumerate())
                            .map(|(n, seats)| {
                                let label = Text::new("phone.claim_card").arg("card", n + 1);
                                json!({"label": label.render(l), "seats": seats})
                            })
                            .collect(),
                        None,
                    ),
                    SharedValue::Bonus { seat, .. } => (Vec::new(), Some(*seat)),
                    SharedValue::Dummies { .. } => (Vec::new(), None),
                };
                json!({
                    "id": part.id,
                    "name": l.pick(&part.name),
                    "choices": choices,
                    "cards": cards,
                    "bonus": taken.is_some(),
                    "taken": taken.flatten(),
                    "dummies": dummies,
                })
            })
            .collect();
        rendered["shared_by"] = json!(self.shared_by());
    }

    /// A seat's name on the sheet: a player's, or the opponent's the game plays itself.
    fn seat_name(&self, seat: Seat, l: Locale) -> String {
        match self.glance.players.get(seat) {
            Some(player) => player.name.clone(),
            None => (self.opponent.as_ref())
                .map_or_else(String::new, |(name, _)| l.pick(name).to_string()),
        }
    }
}
