//! The keeper's own acts on the clock as it ticks, the same whoever keeps the table (the
//! window, or `tablekeeper serve`): while a turn runs the clock is noted in the journal every
//! ten seconds, so a kill or a power cut loses at most that much of it; a sand timer that ends
//! the turn ends it at zero; and leaving the table pauses a running clock first.

use chrono::{DateTime, Duration, Utc};

use super::{LiveError, LiveGame};
use crate::kit::timer::ClockMode;
use crate::session::TableAct;

/// How often the running clock is noted in the journal: the most of a running turn a kill or a
/// power cut can lose.
pub const NOTE_EVERY: Duration = Duration::seconds(10);

/// While the clocks run, notes them in the journal once every [`NOTE_EVERY`]; `None` when
/// nothing was due.
pub fn note_the_clock(
    live: &mut dyn LiveGame,
    now: DateTime<Utc>,
) -> Option<Result<(), LiveError>> {
    if !live.game().running() {
        return None;
    }
    let due = live
        .kept_until()
        .is_none_or(|kept| now - kept >= NOTE_EVERY);
    due.then(|| live.note_clock(now))
}

/// A sand timer that ends the turn, run out: the turn ends (a time-out, an event of its own),
/// at the moment it reached zero (not at the tick that saw it), so the next player's clock
/// starts there. A turn whose time-up the table took back is the table's to end. `None` when
/// nothing ran out.
pub fn sand_runs_out(live: &mut dyn LiveGame, now: DateTime<Utc>) -> Option<Result<(), LiveError>> {
    let game = live.game();
    let ends_turn = matches!(
        game.setup().clock,
        ClockMode::Sand {
            ends_turn: true,
            ..
        }
    );
    if !ends_turn {
        return None;
    }
    let glance = game.glance(now);
    let left = glance.timer.left(glance.current)?;
    // Table time and a phase played at once stop the turn's timer: nothing runs out then.
    let stopped = glance.paused || glance.table_time || glance.together.is_some();
    if !glance.playing() || stopped || left > Duration::zero() {
        return None;
    }
    let time_up = game.time_up_event()?;
    live.apply_event(time_up, now + left)
}

/// Pauses a running clock now (the journal keeps it), before the keeper leaves the table. A
/// refusal cannot happen (a running game pauses); a full disk loses only the pause, and the
/// clock's last note still keeps the turn's time.
pub fn pause_to_leave(live: &mut dyn LiveGame, now: DateTime<Utc>) {
    let game = live.game();
    if game.running()
        && let Ok(pause) = game.act(&TableAct::Pause { paused: true }, false, now)
    {
        let _ = live.apply_event(pause, now);
    }
}
