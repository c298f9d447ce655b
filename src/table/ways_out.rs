//! The table's ways out, kept once for the window and `serve`: a game abandoned from the
//! phones alone (asked by one seat's phone, confirmed by another's), kept in the history as
//! the window's Abandon keeps it, and the table back in the lobby it was started from, with
//! what was set up kept, so a friend who came late can join and the game start again; and a
//! round-end result that came after its step closed, kept and offered to the phone that may
//! add it (the parent's); and a column marked done for a player whose phone is gone, Ready
//! only once a second device confirms it.

use chrono::{DateTime, Duration, Utc};

use super::{Happened, Host, TableKeeper, Tone};
use crate::i18n::Text;
use crate::remote::{AbandonAsk, Device, LateResult, Vouch};
use crate::session::TableEvent;
use crate::session::seat_form::Column;
use crate::session::summary::Outcome;
use crate::vocabulary::Seat;

/// How long an ask to abandon waits for another seat's phone: long enough to walk round the
/// table, short enough that a forgotten ask is not confirmed by surprise an hour later.
pub(super) const ABANDON_LAPSES: Duration = Duration::seconds(120);

/// How long a phone alone at the table waits before its second tap abandons the game: a
/// double tap is not a decision (the window asks once too, but a window's second tap is a
/// different place on the screen; the phone's is the same button).
pub(super) const ALONE_WAITS: Duration = Duration::seconds(5);

impl TableKeeper {
    /// The ask to abandon the game that stands now, if one does (an old one has lapsed).
    pub(super) fn abandon_ask(&self, now: DateTime<Utc>) -> Option<AbandonAsk> {
        (self.phones.abandon.clone()).filter(|ask| now - ask.at < ABANDON_LAPSES)
    }

    /// The phone of `seat` asks to abandon the game (`abandon`), or withdraws the ask. The
    /// first ask stands; another device's phone confirming it abandons the game (`device`: the
    /// seats on the confirming phone's device, which confirm nothing to each other); the asking
    /// device's own second tap does only when no other device is at the table (`alone`), and
    /// only after [`ALONE_WAITS`]: a player alone (a friend who never came, one device holding
    /// every seat) is never wedged, and a slip of one thumb ends nothing.
    pub(super) fn abandon_asked(
        &mut self,
        seat: Seat,
        abandon: bool,
        alone: bool,
        device: Device,
        now: DateTime<Utc>,
    ) -> Happened {
        let ask = self.abandon_ask(now);
        let Some(mut ask) = ask.filter(|_| abandon) else {
            self.phones.abandon = abandon.then_some(AbandonAsk {
                by: seat,
                device,
                at: now,
                refused: None,
            });
            if let (true, Some(name)) = (abandon, self.seat_player(seat).map(|(n, _)| n)) {
                let text = Text::new("phone.abandon_asked").arg("player", name);
                self.say(Tone::Passing, text);
            }
            return Happened::Nothing;
        };
        let another = seat != ask.by && !device.same(&ask.device);
        let confirmed = another || (alone && now - ask.at >= ALONE_WAITS);
        if confirmed {
            return self.abandon_from_phones(now);
        }
        ask.refused = Some(match alone {
            true => Text::new("phone.abandon_alone_wait").arg("seconds", ALONE_WAITS.num_seconds()),
            false => Text::new("phone.abandon_needs_another"),
        });
        self.phones.abandon = Some(ask);
        Happened::Nothing
    }

    /// Abandons the game as the window's Abandon does (kept in the history as abandoned);
    /// where the phones set it up, the table goes back to that setup: the same game, names,
    /// colours and first habitat, each seat still its phone's.
    fn abandon_from_phones(&mut self, now: DateTime<Utc>) -> Happened {
        self.phones.abandon = None;
        let happened = self.finish(Outcome::Abandoned, now);
        // A game that could not be saved stays on the table, and keeps its way back.
        let back = happened == Happened::Finished && self.host == Host::Alone;
        if let Some(setup) = back.then(|| self.phones.started_from.take()).flatten() {
            self.setup = Some(setup);
            self.saved = None;
        }
        happened
    }
}

impl TableKeeper {
    /// `seat`'s phone sent a round-end result after its step closed: kept, and offered to the
    /// parent's phone (the phone that confirms the round end; the next player's when the late
    /// one is the parent now), where the game can still add it
    /// (a newer one from the same seat replaces it). The table hears of it too.
    pub(super) fn late_result(&mut self, seat: Seat, value: u32, now: DateTime<Utc>) {
        let Some(game) = self.game() else {
            return;
        };
        let Some((round, _)) = game.late_result_event(seat, value) else {
            return;
        };
        // The parent's phone confirms the round ends; a player never adds their own result
        // (the parent who came late is added by the next player), nor does a phone of the late
        // phone's own device (one thumb would pick its own result after seeing the others').
        let players = game.players().len().max(1);
        let parent = game.glance(now).parent.unwrap_or(0);
        let presence = self.phones_presence();
        let to = (0..players)
            .map(|k| (parent + k) % players)
            .find(|&to| !presence.one_device(seat, to));
        let Some(to) = to else { return };
        self.phones.late.retain(|late| late.seat != seat);
        self.phones.late.push(LateResult {
            seat,
            round,
            value,
            to,
        });
        if let Some((name, _)) = self.seat_player(seat) {
            let text = Text::new("phones.late_result")
                .arg("player", name)
                .arg("round", round)
                .arg("value", value);
            self.say(Tone::Info, text);
        }
    }

    /// The phone of `by` adds the late result of `seat` it was offered: one event, in the
    /// journal as the phone's that sent the result (the parent's phone only let it in), which
    /// one Undo takes back.
    pub(super) fn add_late(&mut self, by: Seat, seat: Seat, now: DateTime<Utc>) -> Happened {
        let Some(index) = (self.phones.late.iter()).position(|l| l.seat == seat && l.to == by)
        else {
            return Happened::Nothing;
        };
        let late = self.phones.late.remove(index);
        let event = (self.game())
            .and_then(|game| game.late_result_event(seat, late.value))
            .filter(|(round, _)| *round == late.round);
        match event {
            Some((_, event)) => self.apply(event.from_phone(seat), now),
            None => Happened::Nothing,
        }
    }
}

impl TableKeeper {
    /// `seat`'s column as the sheet holds it now, while the sheet is open.
    fn column_now(&self, seat: Seat, now: DateTime<Utc>) -> Option<Column> {
        let forms = self.game()?.seat_forms(self.sheet_open(now));
        forms.into_iter().nth(seat)?.column
    }

    /// The phone of `by` (of `device`) marked `seat`'s column done while that seat's phone was
    /// gone, in the table's state `rev` it saw. A first mark is kept and shown on every phone; a
    /// second, from another device that was shown the mark, on the column as it was marked,
    /// makes it Ready (`event`), in the journal as the second phone's. A mark is dropped when
    /// the column is written or its own phone acts ([`TableKeeper::marks_dropped`]).
    pub(super) fn vouch(
        &mut self,
        seat: Seat,
        (by, device, rev): (Seat, Device, Option<u64>),
        event: TableEvent,
        now: DateTime<Utc>,
    ) -> Happened {
        let rev_now = self.rev();
        let Some(column) = self.column_now(seat, now).filter(|c| !c.ready) else {
            return Happened::Nothing;
        };
        let standing = (self.phones.vouches.iter()).find(|v| v.seat == seat && v.column == column);
        if let Some(mark) = standing {
            // One thumb marks once; another device confirms the column it was shown marked
            // (a confirm sent before a change and a new mark confirms nothing).
            let another = by != mark.by && !device.same(&mark.device);
            let saw_it = rev.is_some_and(|seen| seen >= mark.rev && seen <= rev_now);
            if !(another && saw_it) {
                return Happened::Nothing;
            }
            self.phones.vouches.retain(|v| v.seat != seat);
            return self.apply(event, now);
        }
        self.phones.vouches.retain(|v| v.seat != seat);
        self.phones.vouches.push(Vouch {
            seat,
            by,
            device,
            rev: rev_now,
            column,
        });
        let name = |seat: Seat| self.seat_player(seat).map(|(name, _)| name);
        if let (Some(by), Some(player)) = (name(by), name(seat)) {
            let text = Text::new("phone.vouched")
                .arg("by", by)
                .arg("player", player);
            self.tell_the_table(text, now);
        }
        Happened::Nothing
    }

    /// The columns marked done for a gone player and not yet confirmed, each with the seat
    /// that marked it, as long as the column is as it was marked.
    pub(super) fn vouched(&self, now: DateTime<Utc>) -> Vec<(Seat, Seat)> {
        (self.phones.vouches.iter())
            .filter(|v| self.column_now(v.seat, now).as_ref() == Some(&v.column))
            .map(|v| (v.seat, v.by))
            .collect()
    }
}

impl TableKeeper {
    /// An event was applied that writes the column of `written` (`by`: the seat whose own phone
    /// made it, if one did): that column loses the mark another phone put on it, and so does the
    /// column of a player whose own phone acted (they are back: the column is theirs to mark).
    pub(super) fn marks_dropped(&mut self, written: Option<Seat>, by: Option<Seat>) {
        (self.phones.vouches).retain(|v| Some(v.seat) != written && Some(v.seat) != by);
    }
}
