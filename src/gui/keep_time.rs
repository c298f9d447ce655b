//! The window's own acts on the clock as it ticks (the acts themselves are the library's,
//! `store::keep_time`, shared with `tablekeeper serve`): leaving the table without losing its time (a
//! close of the window, a logout or a SIGTERM records the pause at that moment before the app
//! exits; while a turn runs the clock is noted in the journal every ten seconds, so a kill or a
//! power cut loses at most that much of it), and a sand timer that ends the turn at zero.

use iced::{Subscription, Task};

use super::{App, Message};
use crate::store::keep_time;

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
    /// While the clocks run, notes them in the journal once every ten seconds.
    pub(super) fn note_the_clock(&mut self) {
        let now = self.shared.now;
        let Some(live) = self.shared.live.as_deref_mut() else {
            return;
        };
        if let Some(result) = keep_time::note_the_clock(live, now) {
            self.report(result);
        }
    }

    /// A sand timer that ends the turn, run out: the turn ends (see
    /// [`keep_time::sand_runs_out`]).
    pub(super) fn sand_runs_out(&mut self) {
        let now = self.shared.now;
        let Some(live) = self.shared.live.as_deref_mut() else {
            return;
        };
        if let Some(result) = keep_time::sand_runs_out(live, now) {
            self.report(result);
            self.follow_phase();
        }
    }

    /// Pauses a running clock now (the journal keeps it), then exits.
    pub(super) fn quit(&mut self) -> Task<Message> {
        if let Some(live) = self.shared.live.as_deref_mut() {
            keep_time::pause_to_leave(live, self.shared.now);
        }
        // The game's journal is closed: its writer's last sync puts the pause on the disk.
        self.shared.live = None;
        self.phones = None;
        iced::exit()
    }
}
