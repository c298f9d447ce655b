//! The chime past the turn-time target, as the app rings it: checked on each clock tick, played
//! on a thread of its own, and a device that cannot play it said once, not at every turn.

use chrono::{DateTime, Utc};
use iced::Task;

use super::{Message, task};
use crate::chime::{ChimeError, TurnAlarm};
use crate::session::Game;
use crate::settings::Settings;

/// Where the chime goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speaker {
    /// The system's audio output.
    System,
    /// Nowhere: tests count the chimes without making a sound.
    Silent,
}

#[derive(Debug)]
pub(super) struct Chimes {
    alarm: TurnAlarm,
    speaker: Speaker,
    /// A failure to play was already said in this run.
    failure_said: bool,
}

impl Chimes {
    pub(super) fn new(speaker: Speaker) -> Chimes {
        Chimes {
            alarm: TurnAlarm::new(),
            speaker,
            failure_said: false,
        }
    }

    /// On a tick: plays the chime if the table turned it on and the turn has just reached the
    /// target; counting down (a mode the table chose to be held to time), ten seconds before
    /// zero and at zero.
    pub(super) fn tick(
        &mut self,
        settings: &Settings,
        game: &dyn Game,
        now: DateTime<Utc>,
    ) -> Task<Message> {
        let clock = game.clock();
        let due = if game.setup().clock.counts_down() {
            let glance = game.glance(now);
            self.alarm
                .due_countdown(clock, glance.timer.left(glance.current))
        } else {
            settings.turn_sound && self.alarm.due(clock, now, settings.turn_target_secs)
        };
        if !due {
            return Task::none();
        }
        match self.speaker {
            Speaker::System => task::on_thread(|| crate::chime::play().map(|_| ())).map(|played| {
                Message::Chimed(played.unwrap_or(Err(ChimeError::Device("stopped".into()))))
            }),
            Speaker::Silent => Task::none(),
        }
    }

    /// A chime that could not play: what to tell the table, the first time only.
    pub(super) fn failed(&mut self, error: &ChimeError) -> Option<String> {
        (!std::mem::replace(&mut self.failure_said, true)).then(|| error.to_string())
    }

    pub(super) fn times_rung(&self) -> usize {
        self.alarm.times_rung()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_that_cannot_play_is_said_once_a_run() {
        let mut chimes = Chimes::new(Speaker::Silent);
        let error = ChimeError::NoDevice;
        assert_eq!(
            chimes.failed(&error).as_deref(),
            Some("no audio output device")
        );
        assert_eq!(chimes.failed(&error), None);
    }
}
