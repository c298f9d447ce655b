//! What a phone's request means for the game on the table, whoever keeps the table (the window,
//! or `tablekeeper serve` with no window): each request the server passed, checked again
//! against the game as it is now, read into the same event the window's own tap makes. A
//! request made in another state of the table (before an Undo, a double tap, a late one) is
//! [`Asked::Nothing`]. Both keepers apply what this says; the reading is made once, here.
//!
//! Which seat may ask is only partly checked again here (Done, a step, the objective; entries
//! and card actions by the engine). An ending, a counter and a shared part are checked for
//! their seat only by the server's handlers (`ways_out.rs`, `table_parts.rs`), against the
//! table they last published: a rule of that kind belongs there today.

use chrono::{DateTime, Utc};

use super::shared::PhoneMessage;
use crate::i18n::Text;
use crate::session::{Game, Stage, TableEvent};
use crate::vocabulary::Seat;

/// What the table does for a phone's request.
#[derive(Debug)]
pub enum Asked {
    /// Nothing: made in another state of the table, or not this seat's to make now.
    Nothing,
    /// Apply `event` (the phone's seat named in it already); a refusal goes to `reply`.
    Apply {
        seat: Seat,
        event: TableEvent,
        reply: Reply,
    },
    /// Answered with no event: refused by the rules before one was made (`refused`, told to
    /// `reply`), or nothing to write (the entry's value is the one the game holds).
    Answer {
        seat: Seat,
        reply: Reply,
        refused: Option<Text>,
    },
    /// Finish the game (every column is Ready), unless the keeper holds typed values not yet
    /// saved (the window's sheet); the phone's state was `rev`.
    Finish { rev: u64 },
    /// Take back the last action (`undo`), or put back the last taken back.
    UndoRedo { undo: bool, seat: Seat },
    /// A late round-end result of `seat` to keep and offer to the parent's phone.
    LateResult { seat: Seat, value: u32 },
    /// The phone of `seat` adds the late result of `late`.
    AddLate { seat: Seat, late: Seat },
    /// The phone of `seat` asks to abandon the game, confirms another's ask, or withdraws it
    /// (see [`PhoneMessage::Abandon`]): the keeper holds the ask.
    Abandon {
        seat: Seat,
        abandon: bool,
        alone: bool,
    },
    /// A phone took a seat (`to`), changed it (`from` and `to`) or left it (`from`): the table
    /// says so.
    Seated {
        from: Option<Seat>,
        to: Option<Seat>,
    },
    /// A seat moved from one phone to another (by their ids): every phone and the television
    /// are told, and the journal keeps it.
    SeatMoved {
        seat: Seat,
        from: String,
        to: String,
    },
    /// A request of the game being set up, or of the table between games: the keeper's setup
    /// reads it (there is a game on the table, so it is late, or it is the keeper's own).
    Lobby(PhoneMessage),
}

/// Where a refusal of what a phone asked is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// To the table (the window's notice bar), as a refusal of its own tap would be.
    Table,
    /// To the table, and the step the window was asking about is answered: the window drops
    /// what it had chosen for it.
    Step,
    /// To the phone, beside its entry named `id`.
    Entry(String),
    /// To the phone, under its cards, until the table changes.
    Turn,
    /// To no one: the phone shows its own state again at the next update.
    Quiet,
}

/// The game as the phones see it: the keeper's state of the table they name (`rev`), and
/// whether the score sheet is open (the window's screen, or the game being over).
pub struct Table<'a> {
    pub game: &'a dyn Game,
    pub rev: u64,
    pub sheet_open: bool,
    pub now: DateTime<Utc>,
}

impl Table<'_> {
    /// What `message` asks of the game now.
    pub fn read(&self, message: PhoneMessage) -> Asked {
        let game = self.game;
        let same_state = |rev: u64| rev == self.rev;
        match message {
            PhoneMessage::Done { seat, rev } => {
                let glance = game.glance(self.now);
                match same_state(rev) && glance.playing() && glance.current == Some(seat) {
                    true => apply(seat, game.next_turn_event(), Reply::Table),
                    false => Asked::Nothing,
                }
            }
            PhoneMessage::Pause { seat, paused, rev } => {
                match same_state(rev) && game.clock().is_paused() != paused {
                    true => apply(seat, game.toggle_pause_event(), Reply::Table),
                    false => Asked::Nothing,
                }
            }
            PhoneMessage::Step {
                seat,
                rev,
                key,
                card,
                stand_in,
            } => {
                let due =
                    (game.table_step()).filter(|s| s.key == key && (s.who == seat || stand_in));
                match due.and_then(|_| game.step_event(&key, card)) {
                    Some(event) if same_state(rev) => apply(seat, event, Reply::Step),
                    _ => Asked::Nothing,
                }
            }
            PhoneMessage::Finish { seat: _, rev } => {
                let players = game.players().len();
                let over = game.glance(self.now).stage == Stage::Over;
                let all_ready = (game.ready_seats().len() == players && players > 0)
                    || (over && super::game_parts::nothing_to_fill(game));
                match same_state(rev) && all_ready {
                    true => Asked::Finish { rev },
                    false => Asked::Nothing,
                }
            }
            PhoneMessage::Enter { seat, id, entry } => {
                let reply = Reply::Entry(id);
                match game.seat_entry(seat, &entry, self.sheet_open) {
                    Ok(Some(event)) => apply(seat, event, reply),
                    Ok(None) => Asked::Answer {
                        seat,
                        reply,
                        refused: None,
                    },
                    Err(refused) => Asked::Answer {
                        seat,
                        reply,
                        refused: Some(refused.text()),
                    },
                }
            }
            PhoneMessage::Turn { seat, rev, action } if same_state(rev) => {
                match game.turn_action(seat, &action) {
                    Ok(event) => apply(seat, event, Reply::Turn),
                    Err(rule) => Asked::Answer {
                        seat,
                        reply: Reply::Turn,
                        refused: Some(rule.text()),
                    },
                }
            }
            PhoneMessage::Turn { .. } => Asked::Nothing,
            PhoneMessage::TogetherReady { seat } if game.clock().waits_for(seat) => {
                apply(seat, game.together_ready_event(seat), Reply::Quiet)
            }
            PhoneMessage::TogetherReady { .. } => Asked::Nothing,
            PhoneMessage::Ready { seat, ready } => {
                let open = self.sheet_open || game.glance(self.now).stage == Stage::Over;
                match open && game.ready_seats().contains(&seat) != ready {
                    true => apply(seat, game.ready_event(seat, ready), Reply::Quiet),
                    false => Asked::Nothing,
                }
            }
            PhoneMessage::Undo { seat, rev, undo } => {
                let can = match undo {
                    true => game.can_undo(),
                    false => game.can_redo(),
                };
                match same_state(rev) && can {
                    true => Asked::UndoRedo { undo, seat },
                    false => Asked::Nothing,
                }
            }
            // The parent's phone alone names the round's objective, while it may be named.
            PhoneMessage::Objective { seat, rev, label } => {
                let parent = game.glance(self.now).parent == Some(seat);
                match (game.objective_event(&label)).filter(|_| same_state(rev) && parent) {
                    Some(event) => apply(seat, event, Reply::Turn),
                    None => Asked::Nothing,
                }
            }
            PhoneMessage::Seated { from, to } => Asked::Seated { from, to },
            PhoneMessage::SeatMoved { seat, from, to } => Asked::SeatMoved { seat, from, to },
            // Another seat's value or Ready, read as that seat's, written as `by`'s phone's.
            PhoneMessage::For { by, message } => match self.read(*message) {
                Asked::Apply { event, reply, .. } => Asked::Apply {
                    seat: by,
                    event: event.from_phone(by),
                    reply,
                },
                Asked::Answer { reply, refused, .. } => Asked::Answer {
                    seat: by,
                    reply,
                    refused,
                },
                _ => Asked::Nothing,
            },
            PhoneMessage::End { seat, rev, ending } => {
                match game
                    .end_event(ending.as_deref())
                    .filter(|_| same_state(rev))
                {
                    Some(event) => apply(seat, event, Reply::Table),
                    None => Asked::Nothing,
                }
            }
            PhoneMessage::Order { seat, rev, order } => {
                match (game.order_event(seat, &order)).filter(|_| same_state(rev)) {
                    Some(event) => apply(seat, event, Reply::Table),
                    None => Asked::Nothing,
                }
            }
            // The engine's refusal (energy below 0, a seat claiming twice) is shown on every
            // phone under the table's acts, as a refused action on the cards is.
            PhoneMessage::Counter {
                seat,
                rev,
                counter,
                change,
            } => match (game.counter_event(&counter, change)).filter(|_| same_state(rev)) {
                Some(event) => apply(seat, event, Reply::Turn),
                None => Asked::Nothing,
            },
            PhoneMessage::Shared { seat, rev, entry } => {
                let event = game.shared_event(&entry, self.sheet_open);
                match event.filter(|_| same_state(rev)) {
                    Some(event) => apply(seat, event, Reply::Turn),
                    None => Asked::Nothing,
                }
            }
            PhoneMessage::LateResult { seat, value } => Asked::LateResult { seat, value },
            PhoneMessage::AddLate { seat, late } => Asked::AddLate { seat, late },
            PhoneMessage::Abandon {
                seat,
                abandon,
                alone,
            } => Asked::Abandon {
                seat,
                abandon,
                alone,
            },
            PhoneMessage::Asks { .. } => Asked::Nothing,
            lobby @ (PhoneMessage::Join { .. }
            | PhoneMessage::Left { .. }
            | PhoneMessage::StartGame { .. }
            | PhoneMessage::NewGame { .. }
            | PhoneMessage::FirstHabitat { .. }
            | PhoneMessage::Arrange { .. }) => Asked::Lobby(lobby),
        }
    }
}

fn apply(seat: Seat, event: TableEvent, reply: Reply) -> Asked {
    Asked::Apply {
        seat,
        event: event.from_phone(seat),
        reply,
    }
}

/// The sentence for a phone that took a seat (`to`), changed it (`from` and `to`) or left it
/// (`from`), naming the players of `game`: the window's passing notice and `serve`'s log.
pub fn seated_text(game: &dyn Game, from: Option<Seat>, to: Option<Seat>) -> Option<Text> {
    let name = |seat: Seat| {
        let players = game.players();
        players
            .get(seat)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    Some(match (from, to) {
        (None, Some(to)) => Text::new("phones.took_seat").arg("player", name(to)),
        (Some(from), Some(to)) => Text::new("phones.changed_seat")
            .arg("from", name(from))
            .arg("to", name(to)),
        (Some(from), None) => Text::new("phones.left_seat").arg("player", name(from)),
        (None, None) => return None,
    })
}
