//! The clock both engines keep: whose player-turn or which round end the table is on, and the
//! time each took, derived from the events' timestamps with pauses left out.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

/// What the table's time is spent on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Activity {
    PlayerTurn {
        round: u32,
        turn: u32,
        player: usize,
    },
    RoundEnd {
        round: u32,
    },
    /// Table time taken during a player-turn (setup, upkeep, a rules question): nobody's
    /// clock runs, but it counts in the game's duration.
    Table {
        round: u32,
    },
}

impl Activity {
    pub fn round(self) -> u32 {
        match self {
            Activity::PlayerTurn { round, .. }
            | Activity::RoundEnd { round }
            | Activity::Table { round } => round,
        }
    }
}

/// A stretch of unpaused time spent on one activity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub activity: Activity,
    pub millis: i64,
}

/// The game's timekeeping. Time is only ever derived from event timestamps (and, for the live
/// display, a `now` the caller passes), so a replay gives the same figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    /// Closed stretches of time, in order.
    pub spans: Vec<Span>,
    /// The activity now under way and when its running stretch began (`None` while paused).
    current: Option<(Activity, Option<DateTime<Utc>>)>,
    paused_since: Option<DateTime<Utc>>,
    pub paused_millis: i64,
    /// Player-turns begun so far: the number of the one under way, which no later turn has
    /// (a phone's tap names it, so a late tap is told from a current one).
    #[serde(default)]
    pub player_turns_begun: u32,
    /// The latest timestamp seen: a clock set backwards never makes a negative duration.
    last_at: Option<DateTime<Utc>>,
    /// During table time: the player-turn it interrupted, which goes on when it ends.
    #[serde(default)]
    interrupted: Option<Activity>,
}

impl Clock {
    pub fn new() -> Clock {
        Clock {
            started_at: None,
            ended_at: None,
            spans: Vec::new(),
            current: None,
            paused_since: None,
            paused_millis: 0,
            player_turns_begun: 0,
            last_at: None,
            interrupted: None,
        }
    }

    /// The given time, never earlier than any time seen before (a clock set backwards during a
    /// game must not make a negative duration).
    pub(crate) fn clamp(&self, at: DateTime<Utc>) -> DateTime<Utc> {
        match self.last_at {
            Some(last) if at < last => last,
            _ => at,
        }
    }

    /// Remembers the time of an accepted event.
    pub(crate) fn observe(&mut self, at: DateTime<Utc>) {
        self.last_at = Some(at);
    }

    /// The time of the last accepted event.
    pub fn last_event_at(&self) -> Option<DateTime<Utc>> {
        self.last_at
    }

    pub fn is_paused(&self) -> bool {
        self.paused_since.is_some()
    }

    pub fn activity(&self) -> Option<Activity> {
        self.current.map(|(activity, _)| activity)
    }

    /// The player-turn under way, table time or not.
    pub fn turn_under_way(&self) -> Option<Activity> {
        self.interrupted.or(self.activity())
    }

    /// Whether table time runs now (every player's clock stopped, the game's running).
    pub fn table_time(&self) -> bool {
        self.interrupted.is_some()
    }

    /// Table time begins (`on`) or ends: during a player-turn, the turn stops counting and the
    /// game goes on counting; at its end the turn counts on. Refused outside a player-turn, or
    /// when table time already is as asked.
    pub(crate) fn set_table_time(
        &mut self,
        on: bool,
        at: DateTime<Utc>,
    ) -> Result<(), crate::kit::error::RuleError> {
        let refused = crate::kit::error::RuleError::TableTime { on };
        match (on, self.activity(), self.interrupted) {
            (true, Some(turn @ Activity::PlayerTurn { round, .. }), None) => {
                self.go_on(Activity::Table { round }, at);
                self.interrupted = Some(turn);
                Ok(())
            }
            (false, _, Some(turn)) => {
                self.interrupted = None;
                self.go_on(turn, at);
                Ok(())
            }
            _ => Err(refused),
        }
    }

    /// Closes the running stretch at `at` and goes on with `activity`, which is not a new turn.
    fn go_on(&mut self, activity: Activity, at: DateTime<Utc>) {
        self.close_running(at);
        let running_since = if self.is_paused() { None } else { Some(at) };
        self.current = Some((activity, running_since));
    }

    /// Closes the running stretch at `at` and starts `next` (or nothing, at game end).
    pub(crate) fn switch(&mut self, next: Option<Activity>, at: DateTime<Utc>) {
        if self.started_at.is_none() {
            self.started_at = Some(at);
        }
        // A turn that ends ends its table time too.
        self.interrupted = None;
        self.close_running(at);
        if let Some(Activity::PlayerTurn { .. }) = next {
            self.player_turns_begun += 1;
        }
        self.current = next.map(|activity| {
            let running_since = if self.is_paused() { None } else { Some(at) };
            (activity, running_since)
        });
        if next.is_none() {
            if let Some(since) = self.paused_since.take() {
                self.paused_millis += millis_between(since, at);
            }
            self.ended_at = Some(at);
        }
    }

    /// Gives the activity under way another name, its time so far included (the round's first
    /// turn, when the table remakes the order before anyone has played).
    pub(crate) fn relabel(&mut self, activity: Activity) {
        if let Some(turn) = &mut self.interrupted {
            *turn = activity;
        } else if let Some((current, _)) = &mut self.current {
            *current = activity;
        }
    }

    pub(crate) fn pause(&mut self, at: DateTime<Utc>) {
        self.close_running(at);
        if let Some((_, running_since)) = &mut self.current {
            *running_since = None;
        }
        self.paused_since = Some(at);
    }

    pub(crate) fn resume(&mut self, at: DateTime<Utc>) {
        if let Some(since) = self.paused_since.take() {
            self.paused_millis += millis_between(since, at);
        }
        if let Some((_, running_since)) = &mut self.current {
            *running_since = Some(at);
        }
    }

    fn close_running(&mut self, at: DateTime<Utc>) {
        if let Some((activity, Some(since))) = self.current {
            self.spans.push(Span {
                activity,
                millis: millis_between(since, at),
            });
            self.current = Some((activity, Some(at)));
        }
    }

    /// Every stretch so far, the running one closed at `now`.
    fn spans_until(&self, now: DateTime<Utc>) -> impl Iterator<Item = Span> + '_ {
        let running = match self.current {
            Some((activity, Some(since))) => Some(Span {
                activity,
                millis: millis_between(since, now.max(since)),
            }),
            _ => None,
        };
        self.spans.iter().copied().chain(running)
    }

    fn total(&self, now: DateTime<Utc>, keep: impl Fn(Activity) -> bool) -> Duration {
        Duration::milliseconds(
            self.spans_until(now)
                .filter(|span| keep(span.activity))
                .map(|span| span.millis)
                .sum(),
        )
    }

    /// Time spent on the activity under way (the current player's turn, table time left out),
    /// pauses excluded.
    pub fn current_elapsed(&self, now: DateTime<Utc>) -> Duration {
        match self.turn_under_way() {
            Some(current) => self.total(now, |a| a == current),
            None => Duration::zero(),
        }
    }

    /// Table time of the whole game: the round ends and the table time taken in turns.
    pub fn table_total(&self, now: DateTime<Utc>) -> Duration {
        self.total(now, |a| {
            matches!(a, Activity::Table { .. } | Activity::RoundEnd { .. })
        })
    }

    /// A player's total over all their player-turns.
    pub fn player_total(&self, player: usize, now: DateTime<Utc>) -> Duration {
        self.total(
            now,
            |a| matches!(a, Activity::PlayerTurn { player: p, .. } if p == player),
        )
    }

    /// Time spent in a round, its round end included.
    pub fn round_total(&self, round: u32, now: DateTime<Utc>) -> Duration {
        self.total(now, |a| a.round() == round)
    }

    /// Unpaused time of the whole game.
    pub fn game_total(&self, now: DateTime<Utc>) -> Duration {
        self.total(now, |_| true)
    }

    /// Each finished or running player-turn with its time, in play order (the stretches a
    /// pause or table time split it into counted as one).
    pub fn player_turns(&self, now: DateTime<Utc>) -> Vec<(Activity, Duration)> {
        let mut turns: Vec<(Activity, i64)> = Vec::new();
        for span in self.spans_until(now) {
            if !matches!(span.activity, Activity::PlayerTurn { .. }) {
                continue;
            }
            // A turn is one activity (its round, turn and player), met again after table time.
            match turns.iter_mut().rev().find(|(a, _)| *a == span.activity) {
                Some((_, millis)) => *millis += span.millis,
                None => turns.push((span.activity, span.millis)),
            }
        }
        turns
            .into_iter()
            .map(|(a, ms)| (a, Duration::milliseconds(ms)))
            .collect()
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

fn millis_between(from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    (to - from).num_milliseconds().max(0)
}
