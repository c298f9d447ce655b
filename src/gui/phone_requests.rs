//! What a phone asks, on the window's side: each request the phones' server passed, checked
//! again against the game (or the setup) as it is now, and applied through the same path as
//! the window's own tap: the same events, journal, Undo and refusals. A request made in another
//! state of the table (before an Undo, a double tap, a late one) changes nothing.

use iced::Task;

use super::screen::setup::{Joined, Message as SetupMessage};
use super::screen::{Action, Screen};
use super::{App, Message};
use crate::i18n::Text;
use crate::phones::{EntryAnswer, PhoneMessage};
use crate::session::{Stage, TableEvent};
use crate::store::LiveError;
use crate::vocabulary::Seat;

impl App {
    /// What a phone asked, checked again against the game as it is now (the server checked
    /// it against what it last showed), and applied as the window's own tap would be. A
    /// request made in another state of the table (before an Undo, a double tap, a late one)
    /// changes nothing.
    pub(super) fn phone_asked(&mut self, message: PhoneMessage) -> Task<Message> {
        let Some(live) = self.shared.live.as_deref() else {
            return self.lobby_asked(message);
        };
        let game = live.game();
        let rev_now = live.journaled_ops() as u64;
        match message {
            PhoneMessage::Done { seat, rev } => {
                let glance = game.glance(self.shared.now);
                if rev == rev_now && glance.playing() && glance.current == Some(seat) {
                    let event = game.next_turn_event().from_phone(seat);
                    return self.perform(Action::Apply(event));
                }
                Task::none()
            }
            PhoneMessage::Pause { seat, paused, rev } => {
                if rev == rev_now && game.clock().is_paused() != paused {
                    let event = game.toggle_pause_event().from_phone(seat);
                    return self.perform(Action::Apply(event));
                }
                Task::none()
            }
            // The window shows the ask (from the server) once it draws again; the lobby's
            // requests come while no game is on the table.
            PhoneMessage::Asks { .. }
            | PhoneMessage::Left { .. }
            | PhoneMessage::Join { .. }
            | PhoneMessage::StartGame { .. }
            | PhoneMessage::FirstHabitat { .. } => Task::none(),
            PhoneMessage::Step {
                seat,
                rev,
                key,
                card,
            } => {
                let due = game.table_step().filter(|s| s.key == key && s.who == seat);
                let event = due.and_then(|_| game.step_event(&key, card));
                match event {
                    Some(event) if rev == rev_now => {
                        self.screen.step_confirmed();
                        self.perform(Action::Apply(event.from_phone(seat)))
                    }
                    _ => Task::none(),
                }
            }
            PhoneMessage::Finish { seat: _, rev } => {
                let players = game.players().len();
                let all_ready = game.ready_seats().len() == players && players > 0;
                if rev != rev_now || !all_ready {
                    return Task::none();
                }
                if let Some(unsaved) = self.screen.unsaved(game) {
                    if let Some(phones) = &mut self.phones {
                        phones.turn_refused = Some((rev_now, unsaved));
                    }
                    return Task::none();
                }
                self.perform(Action::Finish)
            }
            PhoneMessage::Enter { seat, id, entry } => {
                let sheet_open = self.screen.sheet_open(game);
                let refused = match game.seat_entry(seat, &entry, sheet_open) {
                    Ok(Some(event)) => self.phone_writes(seat, event).err(),
                    Ok(None) => None,
                    Err(refused) => Some(refused.text()),
                };
                if let Some(phones) = &mut self.phones {
                    phones.answer(seat, EntryAnswer { id, refused });
                }
                Task::none()
            }
            PhoneMessage::Turn { seat, rev, action } => {
                if rev != rev_now {
                    return Task::none();
                }
                let refused = match game.turn_action(seat, &action) {
                    Ok(event) => self.phone_writes(seat, event).err(),
                    Err(rule) => Some(rule.text()),
                };
                if let Some(phones) = &mut self.phones {
                    phones.turn_refused = refused.map(|text| (rev_now, text));
                }
                Task::none()
            }
            PhoneMessage::TogetherReady { seat } => {
                if game.clock().waits_for(seat) {
                    let event = game.together_ready_event(seat);
                    let _ = self.phone_writes(seat, event);
                }
                Task::none()
            }
            PhoneMessage::Ready { seat, ready } => {
                let open = self.screen.sheet_open(game)
                    || game.glance(self.shared.now).stage == Stage::Over;
                if open && game.ready_seats().contains(&seat) != ready {
                    let event = game.ready_event(seat, ready);
                    let _ = self.phone_writes(seat, event);
                }
                Task::none()
            }
            PhoneMessage::Seated { from, to } => {
                let name = |seat: Seat| {
                    let players = game.players();
                    players
                        .get(seat)
                        .map(|p| p.name.clone())
                        .unwrap_or_default()
                };
                let text = match (from, to) {
                    (None, Some(to)) => Text::new("phones.took_seat").arg("player", name(to)),
                    (Some(from), Some(to)) => Text::new("phones.changed_seat")
                        .arg("from", name(from))
                        .arg("to", name(to)),
                    (Some(from), None) => Text::new("phones.left_seat").arg("player", name(from)),
                    (None, None) => return Task::none(),
                };
                self.tell_passing(text);
                Task::none()
            }
        }
    }

    /// What a phone asked while no game is on the table: while one is set up, a phone joins
    /// it, leaves its seat, the host's phone chooses the first habitat, and a seated phone
    /// starts it, each through the setup's own update, as the window's taps.
    fn lobby_asked(&mut self, message: PhoneMessage) -> Task<Message> {
        // The setup as the phones were last shown it: a start or a choice made on another
        // (the window changed it since) changes nothing.
        let rev_now = self.table_now().rev;
        let context = self.shared.context(self.chrome.window);
        let Screen::Setup(setup) = &mut self.screen else {
            return Task::none();
        };
        let action = match message {
            PhoneMessage::Join {
                phone,
                name,
                colour,
            } => {
                if let Some(Joined::Asks(seat)) = setup.join(&phone, &name, colour)
                    && let Some(phones) = &self.phones
                {
                    phones.server.ask_for(seat, &phone);
                }
                Action::None
            }
            // A phone left its seat: by its id, whatever the window did to the rows meanwhile.
            PhoneMessage::Left { phone } => {
                setup.keep_phones(|id| id != phone);
                Action::None
            }
            PhoneMessage::FirstHabitat { seat, habitat, rev } if rev == rev_now => {
                let now = setup.lobby(&context);
                if now.lobby.host(Some(now.parent)) == Some(seat) {
                    setup.choose_first_habitat(habitat);
                }
                Action::None
            }
            PhoneMessage::StartGame { rev, .. } if rev == rev_now => {
                setup.update(SetupMessage::Start, &context)
            }
            _ => Action::None,
        };
        self.perform(action)
    }

    /// Applies an event a seat's own phone made, attributed to that phone in the journal, as
    /// the window's own would be; the screen drops what it had typed for that seat, so it
    /// shows the phone's value. The refusal's sentence goes back to the phone.
    fn phone_writes(&mut self, seat: Seat, event: TableEvent) -> Result<(), Text> {
        let now = self.shared.now;
        let learned = super::game::learned_card(&event);
        let live = self
            .shared
            .live
            .as_mut()
            .ok_or_else(|| Text::new("phone.entry_closed"))?;
        let result = live
            .apply_event(event.from_phone(seat), now)
            .unwrap_or(Ok(()));
        let answer = match &result {
            Ok(()) => Ok(()),
            Err(LiveError::Rule(rule)) => Err(rule.text()),
            Err(LiveError::Io(message)) => Err(Text::new("notice.not_saved").arg("error", message)),
        };
        if let Err(LiveError::Io(_)) = &result {
            // The table must know too: nothing more can be saved.
            self.report(result);
        } else if result.is_ok() {
            self.learn(learned);
            self.screen.phone_wrote(seat);
            self.follow_phase();
        }
        answer
    }
}
