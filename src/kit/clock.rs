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
    /// A phase every player plays at once (`phase` counts them from 1): each player's clock
    /// runs until they are ready.
    Together {
        round: u32,
        phase: u32,
    },
}

/// A phase played at once, under way or done: each player's time in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TogetherPhase {
    pub activity: Activity,
    /// Each player's time in it, in milliseconds: until they were ready, or the phase's end;
    /// `None` while it runs and they are not ready yet.
    pub times: Vec<Option<i64>>,
    /// Player-turns begun before it: where it falls among them.
    pub turns_before: u32,
}

impl Activity {
    pub fn round(self) -> u32 {
        match self {
            Activity::PlayerTurn { round, .. }
            | Activity::RoundEnd { round }
            | Activity::Table { round }
            | Activity::Together { round, .. } => round,
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
    /// During table time or a phase played at once: the activity it interrupted, which goes
    /// on when it ends.
    #[serde(default)]
    interrupted: Option<Activity>,
    /// The phases played at once, the last one under way while the clock's activity is it.
    #[serde(default)]
    pub together: Vec<TogetherPhase>,
    /// The player-turns a sand timer ended.
    #[serde(default)]
    pub time_ups: Vec<Activity>,
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
            together: Vec::new(),
            time_ups: Vec::new(),
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
        matches!(self.activity(), Some(Activity::Table { .. }))
    }

    /// The phase played at once under way, if one is.
    pub fn together_now(&self) -> Option<&TogetherPhase> {
        let Some(Activity::Together { .. }) = self.activity() else {
            return None;
        };
        self.together.last()
    }

    /// In the phase played at once under way, who is ready, in seat order.
    pub fn ready_now(&self) -> Option<Vec<bool>> {
        (self.together_now()).map(|phase| phase.times.iter().map(Option::is_some).collect())
    }

    /// Whether the phase played at once under way waits for `player` to be ready.
    pub fn waits_for(&self, player: usize) -> bool {
        (self.together_now()).is_some_and(|phase| phase.times.get(player) == Some(&None))
    }

    /// The time the phase played at once `activity` has run, at `at`.
    fn phase_elapsed(&self, activity: Activity, at: DateTime<Utc>) -> i64 {
        self.total(at, |a| a == activity).num_milliseconds()
    }

    /// A phase every player (`players` of them) plays at once begins: during a player-turn or
    /// a round end, each player's clock runs until they are ready.
    pub(crate) fn begin_together(
        &mut self,
        players: usize,
        at: DateTime<Utc>,
    ) -> Result<(), crate::kit::error::RuleError> {
        let refused = crate::kit::error::RuleError::Together { on: true };
        let Some(now @ (Activity::PlayerTurn { .. } | Activity::RoundEnd { .. })) = self.activity()
        else {
            return Err(refused);
        };
        let activity = Activity::Together {
            round: now.round(),
            phase: self.together.len() as u32 + 1,
        };
        self.go_on(activity, at);
        self.interrupted = Some(now);
        self.together.push(TogetherPhase {
            activity,
            times: vec![None; players],
            turns_before: self.player_turns_begun,
        });
        Ok(())
    }

    /// A player is ready in the phase played at once: their clock stops there. When everyone
    /// is, the phase ends.
    pub(crate) fn ready_together(
        &mut self,
        player: usize,
        at: DateTime<Utc>,
    ) -> Result<(), crate::kit::error::RuleError> {
        let refused = crate::kit::error::RuleError::Together { on: false };
        let Some(Activity::Together { .. }) = self.activity() else {
            return Err(refused);
        };
        let phase = self.together.last().ok_or(refused.clone())?;
        match phase.times.get(player) {
            None => return Err(crate::kit::error::RuleError::UnknownPlayer { seat: player }),
            Some(Some(_)) => return Err(refused), // ready already
            Some(None) => {}
        }
        let activity = phase.activity;
        self.go_on(activity, at);
        let elapsed = self.phase_elapsed(activity, at);
        let phase = self.together.last_mut().expect("just read");
        phase.times[player] = Some(elapsed);
        if phase.times.iter().all(Option::is_some) {
            self.end_together(at)?;
        }
        Ok(())
    }

    /// The phase played at once ends (the table ends it, or everyone is ready): whoever is not
    /// ready counts the whole phase, and what it interrupted goes on.
    pub(crate) fn end_together(
        &mut self,
        at: DateTime<Utc>,
    ) -> Result<(), crate::kit::error::RuleError> {
        let Some(Activity::Together { .. }) = self.activity() else {
            return Err(crate::kit::error::RuleError::Together { on: false });
        };
        self.close_together(at);
        if let Some(before) = self.interrupted.take() {
            self.go_on(before, at);
        }
        Ok(())
    }

    /// Gives every player not ready in the phase under way the whole phase, at `at`.
    fn close_together(&mut self, at: DateTime<Utc>) {
        let Some(activity) = self.together_now().map(|p| p.activity) else {
            return;
        };
        let elapsed = self.phase_elapsed(activity, at);
        let phase = self.together.last_mut().expect("the phase under way");
        for time in phase.times.iter_mut().filter(|t| t.is_none()) {
            *time = Some(elapsed);
        }
    }

    /// Each phase played at once with `player`'s time in it (a phase under way: until now, or
    /// their Ready), and the player-turns begun before it.
    pub fn together_times(&self, player: usize, now: DateTime<Utc>) -> Vec<(u32, Duration)> {
        let running = self.together_now().map(|p| p.activity);
        (self.together.iter())
            .map(|phase| {
                let ms = match phase.times.get(player).copied().flatten() {
                    Some(ms) => ms,
                    None if running == Some(phase.activity) => {
                        self.phase_elapsed(phase.activity, now)
                    }
                    None => 0,
                };
                (phase.turns_before, Duration::milliseconds(ms))
            })
            .collect()
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
            (false, Some(Activity::Table { .. }), Some(turn)) => {
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
        // A turn that ends ends its table time, or the phase played at once, too.
        self.close_together(at);
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

    /// The player-turn `turn` (as it was under way) was ended by a sand timer.
    pub(crate) fn time_up(&mut self, turn: Option<Activity>) {
        self.time_ups.extend(turn);
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

    /// A player's total over all their player-turns and their time in the phases played at
    /// once.
    pub fn player_total(&self, player: usize, now: DateTime<Utc>) -> Duration {
        let turns = self.turns_total(player, now);
        (self.together_times(player, now).into_iter()).fold(turns, |sum, (_, t)| sum + t)
    }

    /// A player's total over their own player-turns only (what the history's time per turn
    /// and time share are made of).
    pub fn turns_total(&self, player: usize, now: DateTime<Utc>) -> Duration {
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
            // The stretches of one turn that a pause, table time or a phase played at once
            // (none of them a player-turn, so skipped above) split apart are met in a row.
            match turns.last_mut() {
                Some((activity, millis)) if *activity == span.activity => *millis += span.millis,
                _ => turns.push((span.activity, span.millis)),
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
