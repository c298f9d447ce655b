//! What the phones' server refuses at once, before the keeper reads a phone's act: the
//! questions [`super::may`] answers for the keeper, asked of the table the phones were shown
//! ([`TableNow`]), so a page hears straight away, with a reason it understands, what the keeper
//! would not take anyway. The keeper's reading ([`super::Table::read`]) is still the one that
//! counts: an act admitted here changes nothing if the table moved on meanwhile.

use super::may;
use super::message::Arrange;
use super::view::TableNow;
use crate::session::TableAct;
use crate::session::table_step::SharedValue;
use crate::vocabulary::Seat;

/// Why a phone's act is refused before the keeper sees it; the server says it with a status
/// and the reason's word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Early {
    /// Made in another state of the table, or of something it no longer offers.
    Stale,
    /// Not this seat's to do now (the reason's word: "not_your_turn", "counter_not_yours"…).
    NotYours(&'static str),
    /// Not something the table offers in this shape (the reason's word).
    Bad(&'static str),
}

impl TableNow {
    /// Whether the phone of `seat` may ask `act` of the table it was shown in the state `rev`:
    /// the table offers it now, in this shape, and it is this seat's ([`may::Roles::may`], the
    /// keeper's own rule).
    pub fn admits(&self, seat: Seat, rev: u64, act: &TableAct) -> Result<(), Early> {
        if rev != self.rev {
            return Err(Early::Stale);
        }
        self.offers(act)?;
        match self.roles().may(act, seat) {
            true => Ok(()),
            false => Err(Early::NotYours(may::not_yours(act))),
        }
    }

    /// Whether the phone of `seat` may make `act` in the lobby it was shown in the state `rev`:
    /// the lobby's one rule ([`super::Lobby::may_arrange`]), which the keeper reads it by too.
    pub fn admits_arrange(&self, seat: Seat, rev: u64, act: Arrange) -> Result<(), Early> {
        let Some(lobby) = &self.lobby else {
            return Err(Early::Stale);
        };
        if !lobby.may_arrange(act, seat, self.glance.parent) {
            return Err(Early::NotYours("not_host"));
        }
        match rev == self.rev {
            true => Ok(()),
            false => Err(Early::Stale),
        }
    }

    /// Whether the table offers `act` now, as the phones were shown it, in this shape.
    fn offers(&self, act: &TableAct) -> Result<(), Early> {
        let offered = match act {
            TableAct::Next => self.turn().is_some(),
            TableAct::Step { key, .. } => self.step.as_ref().is_some_and(|s| s.key == *key),
            TableAct::Objective { .. } => self.objective_open.is_some(),
            TableAct::Order { order, .. } => {
                let choice = self.order.as_ref().ok_or(Early::Stale)?;
                if !choice.is_whole(order) {
                    return Err(Early::Bad("bad_order"));
                }
                true
            }
            TableAct::End { ending } => (self.endings.iter()).any(|e| e.id == *ending),
            TableAct::Counter { id, .. } => (self.counters.iter()).any(|c| c.id == *id),
            TableAct::Shared(entry) => {
                let part = (self.shared.iter()).find(|p| p.id == entry.part);
                let part = part.ok_or(Early::Stale)?;
                // A card the part has, or one seat at most for a bonus: the page offers
                // nothing else.
                let fits = match &part.value {
                    SharedValue::Claims(cards) => {
                        entry.card < cards.len() && entry.values.is_empty()
                    }
                    SharedValue::Bonus { .. } => {
                        entry.card == 0 && entry.seats.len() <= 1 && entry.values.is_empty()
                    }
                    // Every dummy the rulebook ranks at this table, or none (taken back).
                    SharedValue::Dummies { count, .. } => {
                        entry.card == 0
                            && entry.seats.is_empty()
                            && (entry.values.is_empty() || entry.values.len() == *count)
                    }
                };
                if !fits {
                    return Err(Early::Bad("bad_entry"));
                }
                true
            }
            // The game says whether it takes these; who may is the roles'.
            TableAct::Pause { .. }
            | TableAct::Turn { .. }
            | TableAct::TableTime
            | TableAct::Together
            | TableAct::TogetherReady(_)
            | TableAct::Ready { .. }
            | TableAct::Enter { .. } => true,
        };
        match offered {
            true => Ok(()),
            false => Err(Early::Stale),
        }
    }
}
