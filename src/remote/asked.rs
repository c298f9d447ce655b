//! What a phone's request means for the game on the table, whoever keeps the table (the window,
//! or `tablekeeper serve` with no window): each request the server passed, checked again
//! against the game as it is now and against who may make it now ([`super::may`], with the
//! presence the transport reported), read into the same event the window's own tap makes. A
//! request made in another state of the table (before an Undo, a double tap, a late one), or
//! not this seat's to make now, is [`Asked::Nothing`]. Both keepers apply what this says; the
//! reading is made once, here.

use chrono::{DateTime, Utc};

use super::may::{self, Device, Host, Presence};
use super::message::PhoneMessage;
use crate::i18n::Text;
use crate::session::{Game, NotTaken, Stage, TableAct, TableEvent};
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
    /// (see [`PhoneMessage::Abandon`]): the keeper holds the ask. `alone`: no other seat's
    /// phone is at the table ([`Presence::alone`]). `device`: the phone's device, kept with an
    /// ask: no phone of it confirms the ask.
    Abandon {
        seat: Seat,
        abandon: bool,
        alone: bool,
        device: Device,
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
    /// The phone of `by` (of `device`) marked `seat`'s column done while that seat's phone is
    /// gone, in the table's state `rev` it saw: the column is not Ready until its own phone, or
    /// a phone of another device, confirms the column as it was marked (issue 68, case 8: a
    /// sleeping player's column was overwritten, marked Ready and finished by one phone).
    /// `event` makes it Ready.
    Vouch {
        seat: Seat,
        by: Seat,
        device: Device,
        rev: Option<u64>,
        event: TableEvent,
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

/// The game as the phones see it: the keeper's state of the table they name (`rev`), whether
/// the score sheet is open (the window's screen, or the game being over), who keeps the table,
/// and which phones are at it.
pub struct Table<'a> {
    pub game: &'a dyn Game,
    pub rev: u64,
    pub sheet_open: bool,
    pub now: DateTime<Utc>,
    pub host: Host,
    pub presence: &'a Presence,
}

impl Table<'_> {
    /// What `message` asks of the game now.
    pub fn read(&self, message: PhoneMessage) -> Asked {
        let game = self.game;
        let same_state = |rev: u64| rev == self.rev;
        match message {
            PhoneMessage::Act { seat, rev, act } => {
                let roles = may::Roles::of_game(game, self.now, self.host, self.presence);
                let may = roles.may(&act, seat);
                match same_state(rev) && may {
                    true => self.take(seat, &act, reply_to(&act)),
                    false => Asked::Nothing,
                }
            }
            PhoneMessage::Finish { seat: _, rev } => {
                let players = game.players().len();
                let over = game.glance(self.now).stage == Stage::Over;
                let all_ready = ((game.ready_seats().len() == players && players > 0)
                    || (over && may::nothing_to_fill(game)))
                    && game.sheet_waits().is_none();
                match same_state(rev) && all_ready {
                    true => Asked::Finish { rev },
                    false => Asked::Nothing,
                }
            }
            PhoneMessage::Enter { seat, id, entry } => {
                self.take(seat, &TableAct::Enter { seat, entry }, Reply::Entry(id))
            }
            PhoneMessage::TogetherReady { seat } => {
                self.take(seat, &TableAct::TogetherReady(seat), Reply::Quiet)
            }
            PhoneMessage::Ready { seat, ready, .. } => {
                self.take(seat, &TableAct::Ready { seat, ready }, Reply::Quiet)
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
            PhoneMessage::Seated { from, to } => Asked::Seated { from, to },
            PhoneMessage::SeatMoved { seat, from, to } => Asked::SeatMoved { seat, from, to },
            // Another seat's value or Ready, read as that seat's, written as `by`'s phone's:
            // only where `by`'s phone may fill that seat's column now.
            PhoneMessage::For { by, message } if !self.fills_for(by, &message) => Asked::Nothing,
            PhoneMessage::For { by, message } => {
                match (self.vouches(&message), self.read(*message)) {
                    (Some((seat, rev)), Asked::Apply { event, .. }) => Asked::Vouch {
                        seat,
                        by,
                        device: self.presence.device(by),
                        rev,
                        event: event.from_phone(by),
                    },
                    (Some(_), _) => Asked::Nothing,
                    (None, Asked::Apply { event, reply, .. }) => Asked::Apply {
                        seat: by,
                        event: event.from_phone(by),
                        reply,
                    },
                    (None, Asked::Answer { reply, refused, .. }) => Asked::Answer {
                        seat: by,
                        reply,
                        refused,
                    },
                    (None, _) => Asked::Nothing,
                }
            }
            PhoneMessage::LateResult { seat, value } => Asked::LateResult { seat, value },
            PhoneMessage::AddLate { seat, late } => Asked::AddLate { seat, late },
            PhoneMessage::Abandon { seat, abandon } => Asked::Abandon {
                seat,
                abandon,
                alone: self.presence.alone(seat),
                device: self.presence.device(seat),
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

impl Table<'_> {
    /// What the game makes of `act` by the phone of `seat` (its share checked already): the
    /// event to apply, an answer in words, or nothing.
    fn take(&self, seat: Seat, act: &TableAct, reply: Reply) -> Asked {
        match self.game.act(act, self.sheet_open, self.now) {
            Ok(event) => apply(seat, event, reply),
            Err(NotTaken::NotNow) => Asked::Nothing,
            Err(not_taken) => Asked::Answer {
                seat,
                reply,
                refused: not_taken.text(),
            },
        }
    }

    /// Whether `message` (made for another seat) marks a player's column done: another
    /// phone's word for it is not enough (see [`Asked::Vouch`]). The opponent the game plays
    /// itself (Gaia) has no phone of its own to confirm.
    fn vouches(&self, message: &PhoneMessage) -> Option<(Seat, Option<u64>)> {
        let players = self.game.players().len();
        match message {
            PhoneMessage::Ready {
                seat,
                ready: true,
                rev,
            } if *seat < players => Some((*seat, *rev)),
            _ => None,
        }
    }

    /// Whether the phone of `by` may fill in the column `message` is for (an entry or a Ready).
    fn fills_for(&self, by: Seat, message: &PhoneMessage) -> bool {
        let seat = match message {
            PhoneMessage::Enter { seat, .. } | PhoneMessage::Ready { seat, .. } => *seat,
            _ => return false,
        };
        let players = self.game.players().len();
        let forms = self.game.seat_forms(self.sheet_open);
        let at_the_sheet = forms.get(seat).is_some_and(|form| form.column.is_some());
        let has_opponent = self.game.opponent_form(self.sheet_open).is_some();
        may::fills_for(by, seat, players, has_opponent, at_the_sheet, self.presence)
    }
}

/// Where the answer to a phone's act is told: a step answered drops the window's choice for
/// it; what a phone enters or does on its cards is told under them (an engine's refusal on
/// every phone, under the table's acts); a Ready needs no word.
fn reply_to(act: &TableAct) -> Reply {
    match act {
        TableAct::Step { .. } => Reply::Step,
        TableAct::Turn { .. }
        | TableAct::Objective { .. }
        | TableAct::Counter { .. }
        | TableAct::Shared(_) => Reply::Turn,
        TableAct::TogetherReady(_) | TableAct::Ready { .. } | TableAct::Enter { .. } => {
            Reply::Quiet
        }
        TableAct::Next
        | TableAct::Pause { .. }
        | TableAct::TableTime
        | TableAct::Together
        | TableAct::Order { .. }
        | TableAct::End { .. } => Reply::Table,
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
