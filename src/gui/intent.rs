//! What the table asks of its game, from a key or the header's button alike ([`Intent`]):
//! carried out here, once, whichever engine plays the game on the table.

use iced::Task;

use super::screen::header::Intent;
use super::screen::{Action, Screen, To};
use super::{App, Message};
use crate::store::LiveGame;

impl App {
    pub(super) fn intent(&mut self, intent: Intent) -> Task<Message> {
        self.screen.intent_seen();
        let game = self.shared.live.as_deref().map(LiveGame::game);
        let on_table = matches!(self.screen, Screen::Table(_) | Screen::Play(_));
        let now = self.shared.now;
        let event = match (intent, game) {
            // Space ends a turn only where the table's Next button is on show.
            (Intent::Next, Some(game)) if on_table && game.glance(now).playing() => {
                Some(game.next_turn_event())
            }
            (Intent::TogglePause, Some(game)) => Some(game.toggle_pause_event()),
            (Intent::TableTime, Some(game)) => Some(game.toggle_table_time_event()),
            (Intent::Together, Some(game)) => Some(game.toggle_together_event()),
            (Intent::Ready(seat), Some(game)) => Some(game.together_ready_event(seat)),
            _ => None,
        };
        if let Some(event) = event {
            return self.perform(Action::Apply(event));
        }
        match intent {
            Intent::Undo | Intent::Redo => {
                let task = self.perform(if intent == Intent::Undo {
                    Action::Undo
                } else {
                    Action::Redo
                });
                self.screen.undone();
                task
            }
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
            | Intent::Ready(_) => Task::none(),
        }
    }

    /// The header's Sheet: TERRAVIST's sheet is a screen of its own; the other games' lies
    /// under the same header, and the button leads back to the table.
    fn sheet_or_table(&mut self) -> Task<Message> {
        let session = (self.shared.live.as_deref())
            .and_then(|live| live.game().session::<crate::any_game::AnyGame>());
        match (&mut self.screen, session) {
            (Screen::Play(play), Some(session)) => {
                play.toggle_sheet(session);
                Task::none()
            }
            _ => self.perform(Action::Go(To::Sheet)),
        }
    }
}
