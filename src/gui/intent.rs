//! What the table asks of its game, from a key or the header's button alike ([`Intent`]):
//! carried out here, once, whichever engine plays the game on the table.

use iced::Task;

use super::screen::header::Intent;
use super::screen::{Action, Screen, To};
use super::{App, Message};
use crate::session::{TableAct, TableEvent};

impl App {
    pub(super) fn intent(&mut self, intent: Intent) -> Task<Message> {
        self.screen.intent_seen();
        match intent {
            Intent::Undo | Intent::Redo => self.perform(if intent == Intent::Undo {
                Action::Undo
            } else {
                Action::Redo
            }),
            Intent::Sheet => self.sheet_or_table(),
            Intent::TableView => {
                self.chrome.table_view = !self.chrome.table_view;
                Task::none()
            }
            Intent::Phones => self.perform(Action::Phones),
            Intent::Home => self.perform(Action::Home),
            Intent::Next
            | Intent::TogglePause
            | Intent::TableTime
            | Intent::Together
            | Intent::Ready(_) => match self.game_event(intent) {
                Some(event) => self.perform(Action::Apply(event)),
                None => Task::none(),
            },
        }
    }

    /// The event an intent on the game's clock or turn makes, if it makes one now: the same
    /// [`TableAct`] a phone's request is read into.
    fn game_event(&self, intent: Intent) -> Option<TableEvent> {
        let game = self.common.keeper.game()?;
        let act = match intent {
            // Space ends a turn only where the table's Next button is on show.
            Intent::Next if matches!(self.screen, Screen::Table(_) | Screen::Play(_)) => {
                TableAct::Next
            }
            Intent::TogglePause => TableAct::Pause {
                paused: !game.clock().is_paused(),
            },
            Intent::TableTime => TableAct::TableTime,
            Intent::Together => TableAct::Together,
            Intent::Ready(seat) => TableAct::TogetherReady(seat),
            _ => return None,
        };
        (game.act(&act, self.screen.sheet_open(game), self.common.now)).ok()
    }

    /// The header's Sheet: TERRAVIST's sheet is a screen of its own; the other games' lies
    /// under the same header, and the button leads back to the table.
    fn sheet_or_table(&mut self) -> Task<Message> {
        let session =
            (self.common.keeper.game()).and_then(|game| game.session::<crate::any_game::AnyGame>());
        match (&mut self.screen, session) {
            (Screen::Play(play), Some(session)) => {
                play.toggle_sheet(session);
                Task::none()
            }
            _ => self.perform(Action::Go(To::Sheet)),
        }
    }
}
