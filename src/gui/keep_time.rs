//! The app's own acts on the clock as it ticks: leaving the table without losing its time (a
//! close of the window, a logout or a SIGTERM records the pause at that moment before the app
//! exits; while a turn runs the clock is noted in the journal every ten seconds, so a kill or a
//! power cut loses at most that much of it), and a sand timer that ends the turn at zero.

use chrono::Duration;
use iced::{Subscription, Task};

use super::{App, Message};
use crate::kit::timer::ClockMode;

/// How often the running clock is noted in the journal: the most of a running turn a kill or a
/// power cut can lose.
pub const NOTE_EVERY: Duration = Duration::seconds(10);

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
    /// While the clocks run, notes them in the journal once every [`NOTE_EVERY`].
    pub(super) fn note_the_clock(&mut self) {
        let now = self.shared.now;
        let Some(live) = self.shared.live.as_deref_mut() else {
            return;
        };
        if !live.game().running() {
            return;
        }
        let due = live
            .kept_until()
            .is_none_or(|kept| now - kept >= NOTE_EVERY);
        if due {
            let result = live.note_clock(now);
            self.report(result);
        }
    }

    /// A sand timer that ends the turn, run out: the turn ends (a time-out, an event of its
    /// own), at the moment it reached zero (not at the tick that saw it), so the next player's
    /// clock starts there. A turn whose time-up the table took back is the table's to end.
    pub(super) fn sand_runs_out(&mut self) {
        let now = self.shared.now;
        let Some(live) = self.shared.live.as_deref_mut() else {
            return;
        };
        let game = live.game();
        if !matches!(
            game.setup().clock,
            ClockMode::Sand {
                ends_turn: true,
                ..
            }
        ) {
            return;
        }
        let glance = game.glance(now);
        let left = glance.timer.left(glance.current);
        // Table time and a phase played at once stop the turn's timer: nothing runs out then.
        let stopped = glance.paused || glance.table_time || glance.together.is_some();
        if let (true, false, Some(left)) = (glance.playing(), stopped, left)
            && left <= Duration::zero()
        {
            let Some(time_up) = game.time_up_event() else {
                return;
            };
            let result = live.apply_event(time_up, now + left);
            if let Some(result) = result {
                self.report(result);
                self.follow_phase();
            }
        }
    }

    /// Pauses a running clock now (the journal keeps it), then exits.
    pub(super) fn quit(&mut self) -> Task<Message> {
        if let Some(live) = self.shared.live.as_deref_mut() {
            let game = live.game();
            if game.running() {
                let pause = game.toggle_pause_event();
                let now = self.shared.now;
                // A refusal cannot happen (a running game pauses); a full disk loses only the
                // pause, and the clock's last note still keeps the turn's time.
                let _ = live.apply_event(pause, now);
            }
        }
        // The game's journal is closed: its writer's last sync puts the pause on the disk.
        self.shared.live = None;
        self.phones = None;
        iced::exit()
    }
}
