//! What a phone asks, on the window's side: each request the phones' server passed, checked
//! again against the game (or the setup) as it is now, and applied through the same path as
//! the window's own tap: the same events, journal, Undo and refusals. A request made in another
//! state of the table (before an Undo, a double tap, a late one) changes nothing.

use iced::Task;

use super::screen::setup::{Joined, Message as SetupMessage};
use super::screen::{Action, Screen};
use super::{App, Message};
use crate::i18n::Text;
use crate::phones::{self, Asked, EntryAnswer, PhoneMessage, Reply};
use crate::session::TableEvent;
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
        let table = phones::Table {
            game,
            rev: rev_now,
            sheet_open: self.screen.sheet_open(game),
            now: self.shared.now,
        };
        match table.read(message) {
            Asked::Nothing | Asked::Lobby(_) => Task::none(),
            Asked::Apply {
                event,
                reply: reply @ (Reply::Table | Reply::Step),
                ..
            } => {
                if reply == Reply::Step {
                    self.screen.step_confirmed();
                }
                self.perform(Action::Apply(event))
            }
            Asked::Apply { seat, event, reply } => {
                let refused = self.phone_writes(seat, event).err();
                self.answer_phone(seat, reply, refused);
                Task::none()
            }
            Asked::Answer {
                seat,
                reply,
                refused,
            } => {
                self.answer_phone(seat, reply, refused);
                Task::none()
            }
            Asked::Finish { rev } => {
                if let Some(unsaved) = self.screen.unsaved(game) {
                    if let Some(phones) = &mut self.phones {
                        phones.turn_refused = Some((rev, unsaved));
                    }
                    return Task::none();
                }
                self.perform(Action::Finish)
            }
            Asked::UndoRedo { undo } => {
                let task = self.perform(if undo { Action::Undo } else { Action::Redo });
                self.screen.undone();
                task
            }
            Asked::Seated { from, to } => {
                if let Some(text) = phones::seated_text(game, from, to) {
                    self.tell_passing(text);
                }
                Task::none()
            }
        }
    }

    /// Tells the phone of `seat` how its entry or its action on its cards went (`refused`:
    /// why not), where it looks for it.
    fn answer_phone(&mut self, seat: Seat, reply: Reply, refused: Option<Text>) {
        let Some(phones) = &mut self.phones else {
            return;
        };
        match reply {
            Reply::Entry(id) => phones.answer(seat, EntryAnswer { id, refused }),
            Reply::Turn => {
                let rev = (self.shared.live.as_deref()).map_or(0, |l| l.journaled_ops() as u64);
                phones.turn_refused = refused.map(|text| (rev, text));
            }
            Reply::Table | Reply::Step | Reply::Quiet => {}
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
                let now = setup.lobby(&context.settings.known_players);
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
        let learned = crate::terravist::event::learned_card(&event);
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
