//! Leaving the window without losing the table's time: a close of the window, a logout or a
//! SIGTERM records the pause at that moment before the app exits. The clock's acts as it ticks
//! (noted every ten seconds, a sand timer that ends the turn) are the keeper's
//! (`TableKeeper::tick`, as under `tablekeeper serve`).

use iced::{Subscription, Task};

use super::{App, Message};

/// SIGTERM and SIGINT as [`Message::Quit`] (a logout, `kill`, systemd, Ctrl+C in a terminal).
pub(super) fn signals() -> Subscription<Message> {
    Subscription::run(|| {
        futures_util::stream::unfold((), |()| async {
            use tokio::signal::unix::{SignalKind, signal};
            let (Ok(mut term), Ok(mut int)) = (
                signal(SignalKind::terminate()),
                signal(SignalKind::interrupt()),
            ) else {
                // No signal handler here: a SIGTERM ends the app as a kill does (the clock's
                // last note still keeps the turn's time).
                std::future::pending::<()>().await;
                return None;
            };
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
            Some((Message::Quit, ()))
        })
    })
}

impl App {
    /// Pauses a running clock now (the journal keeps it), then exits.
    pub(super) fn quit(&mut self) -> Task<Message> {
        // The game's journal is closed: its writer's last sync puts the pause on the disk.
        self.common.keeper.leave(self.common.now);
        self.phones = None;
        iced::exit()
    }
}
