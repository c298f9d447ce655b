//! What a phone asks of the table, as plain data: one message per act, each naming the seat
//! whose phone asks and, where it acts on the game, the table's state it saw (`rev`). The
//! phones' server decodes a request into one of these after checking who the phone is (its key
//! and id); who may do the act now is [`super::may`]'s, and what it means for the game is
//! [`super::Table::read`]'s.

use crate::session::Colour;
use crate::session::TableAct;
use crate::session::seat_form::SeatEntry;
use crate::vocabulary::Seat;

/// What a phone asks of the app, once the server has checked who asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhoneMessage {
    /// The phone of `seat` does `act` to the game, in the table's state `rev`: ends its turn,
    /// pauses, confirms a step, names an objective, remakes the order, ends the game, moves a
    /// counter, enters a shared part, or acts on its own cards (an egg added twice by a resend
    /// would be two eggs). Whether this seat may is [`super::may::Roles::may`]'s to say.
    Act { seat: Seat, rev: u64, act: TableAct },
    /// The phone of `seat` enters one of its own values (`id`: the page's name for this entry,
    /// handed back with the answer).
    Enter {
        seat: Seat,
        id: String,
        entry: SeatEntry,
    },
    /// The phone of `seat` is ready in the phase every player plays at once.
    TogetherReady { seat: Seat },
    /// The phone of `seat` marks its column of the sheet done (or not). `rev`: the table's
    /// state the phone saw, where it sent it: a phone confirming another's mark on a gone
    /// player's column confirms the column it was shown, no other (see [`super::Asked::Vouch`]).
    Ready {
        seat: Seat,
        ready: bool,
        rev: Option<u64>,
    },
    /// A phone took a seat (`to`), changed it (`from` and `to`) or left it (`from`).
    Seated {
        from: Option<Seat>,
        to: Option<Seat>,
    },
    /// The phone of `seat` finishes the game (every column Ready), in the table's state `rev`.
    Finish { seat: Seat, rev: u64 },
    /// A phone joins the game being set up as `name` in `colour` (or, seated already,
    /// changes them): the setup gives it a seat, bound to it.
    Join {
        phone: String,
        name: String,
        colour: Option<Colour>,
    },
    /// The phone `phone` left the seat it joined the game being set up with.
    Left { phone: String },
    /// The phone of `seat` starts the game being set up, as it saw it (`rev`).
    StartGame { seat: Seat, rev: u64 },
    /// The host's phone (`seat`) chooses TERRAVIST's first habitat, in the setup `rev`.
    FirstHabitat {
        seat: Seat,
        habitat: String,
        rev: u64,
    },
    /// The phone of `seat` takes back the last action (`undo`), or puts back the last one
    /// taken back, in the table's state `rev`.
    Undo { seat: Seat, rev: u64, undo: bool },
    /// The phone `phone` sets up a new game of `game` (a profile's id; TERRAVIST's is
    /// "terravist"), where no window keeps the table, as it saw the table (`rev`).
    NewGame {
        phone: String,
        game: String,
        rev: u64,
    },
    /// The phone of `seat` asks to abandon the game on the table (`abandon`), confirms
    /// another seat's ask, or withdraws the ask (`!abandon`). Whether it is alone at the
    /// table is the presence's to say, not the phone's ([`super::Presence::alone`]).
    Abandon { seat: Seat, abandon: bool },
    /// The phone of `seat` sends a round-end result (`value`) after the step that asked for
    /// it closed (it was offline then).
    LateResult { seat: Seat, value: u32 },
    /// The phone of `seat` adds the late result of the seat `late` it was offered.
    AddLate { seat: Seat, late: Seat },
    /// The phone of `by` fills in another seat's column (`message`: that seat's Enter or
    /// Ready), that seat's phone being offline: written as `by`'s phone's.
    For {
        by: Seat,
        message: Box<PhoneMessage>,
    },
    /// A phone asks the table for `seat`, which no phone holds: the window shows the ask
    /// (the phones' server's asks) until it lets it or refuses.
    Asks { seat: Seat },
    /// `seat` moved from the phone `from` to the phone `to` (by their ids), where no window
    /// keeps the table: another phone agreed, or the phone that lost it took it back.
    SeatMoved {
        seat: Seat,
        from: String,
        to: String,
    },
    /// The host's phone (`seat`) arranges the game being set up, as it saw it (`rev`).
    Arrange { seat: Seat, rev: u64, act: Arrange },
}

/// What the host's phone does to the game being set up (the lobby).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrange {
    /// Moves a seat one place up (towards the first), or down.
    Up(Seat),
    Down(Seat),
    /// Removes a seat's phone from this game: it may not join it again until the host lets it.
    Remove(Seat),
    /// Lets the phone removed `n`-th (in the lobby's list of removed phones) join again.
    LetIn(usize),
    /// Draws the start player (the parent) at random.
    DrawParent,
    /// Switches the game's `n`-th variant (in the lobby's list) on or off (Earth's beginner
    /// rule).
    Variant {
        n: usize,
        on: bool,
    },
}

impl Arrange {
    /// Whether the host's phone, at `host_seat`, may make this arrangement: any but removing
    /// its own seat, which would leave the lobby with no host.
    pub fn open_to(self, host_seat: Seat) -> bool {
        self != Arrange::Remove(host_seat)
    }
}

impl PhoneMessage {
    /// `message`, for `seat`, sent by the phone of `by`: as it is when that is its own seat,
    /// else [`PhoneMessage::For`].
    pub fn by(by: Seat, seat: Seat, message: PhoneMessage) -> PhoneMessage {
        match by == seat {
            true => message,
            false => PhoneMessage::For {
                by,
                message: Box::new(message),
            },
        }
    }
}
