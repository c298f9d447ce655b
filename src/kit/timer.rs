//! The clock modes a table can play to: count up (as the app always did, with the optional
//! turn-time target), a time bank per player (with a Fischer increment or a Bronstein delay),
//! and a sand timer refilled every turn. Every figure is worked out from the [`Clock`]'s
//! stretches of time, themselves the events' timestamps: a replay gives the same banks to the
//! millisecond, an Undo of a turn end takes its increment back, and a resumed game keeps them.
//!
//! What happens at zero: the table is warned (the clock shows the time over, counting on), or,
//! with a sand timer, the turn can end by itself. Running out is counted per player: the turns
//! played out of time (time-outs) and the time spent beyond zero (time over).

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::clock::{Activity, Clock};
use crate::i18n::Text;
use crate::vocabulary::Seat;

/// The most a bank, a delay or a sand timer may hold: a day.
pub const MAX_MILLIS: i64 = 24 * 3600 * 1000;

/// How the table's clock counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum ClockMode {
    /// Each turn counts up (the turn-time target, if set, warns past it).
    #[default]
    CountUp,
    /// Each player starts with `bank_ms` (plus their handicap) that runs down during their
    /// turns only.
    Bank {
        bank_ms: i64,
        /// Per seat, added to (or, negative, taken from) that player's bank.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        handicap_ms: Vec<i64>,
        #[serde(default)]
        extra: Extra,
    },
    /// Every turn has the same countdown, refilled at each turn.
    Sand {
        turn_ms: i64,
        /// At zero the turn ends by itself (else the table is warned and the time over counts).
        #[serde(default)]
        ends_turn: bool,
    },
}

/// What a time bank gives back per turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Extra {
    #[default]
    None,
    /// Fischer: added to the bank when the player's turn ends.
    Increment { ms: i64 },
    /// Bronstein: the first `ms` of each turn do not count.
    Delay { ms: i64 },
}

/// A mode that cannot be played, naming what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModeError {
    #[error("a bank or a sand timer needs more than 0 seconds")]
    Empty,
    #[error("no clock figure may pass a day")]
    TooLong,
    #[error("no clock figure may be below 0")]
    Negative,
    #[error("{handicaps} handicaps for {players} players")]
    TooManyHandicaps { handicaps: usize, players: usize },
    #[error("a player's bank would start below a minute")]
    NoBank,
}

impl ModeError {
    /// The reason in the players' words.
    pub fn text(&self) -> Text {
        match self {
            ModeError::Empty => Text::new("mode_error.empty"),
            ModeError::TooLong => Text::new("mode_error.too_long"),
            ModeError::Negative => Text::new("mode_error.negative"),
            ModeError::TooManyHandicaps { handicaps, players } => {
                Text::new("mode_error.too_many_handicaps")
                    .arg("handicaps", handicaps)
                    .arg("players", players)
            }
            ModeError::NoBank => Text::new("mode_error.no_bank"),
        }
    }
}

/// The least bank a player starts with: setup never offers less (a handicap stops there).
pub const LEAST_BANK_MS: i64 = 60_000;

impl ClockMode {
    /// Checks the figures a table typed (or a file holds), for `players` seats.
    pub fn check(&self, players: usize) -> Result<(), ModeError> {
        let within = |ms: i64| (0..=MAX_MILLIS).contains(&ms);
        match self {
            ClockMode::CountUp => Ok(()),
            ClockMode::Bank {
                bank_ms,
                handicap_ms,
                extra,
            } => {
                if *bank_ms <= 0 {
                    return Err(ModeError::Empty);
                }
                let extra_ms = match extra {
                    Extra::None => 0,
                    Extra::Increment { ms } | Extra::Delay { ms } => *ms,
                };
                if extra_ms < 0 {
                    return Err(ModeError::Negative);
                }
                if !within(*bank_ms) || !within(extra_ms) {
                    return Err(ModeError::TooLong);
                }
                if handicap_ms.len() > players.max(1) {
                    return Err(ModeError::TooManyHandicaps {
                        handicaps: handicap_ms.len(),
                        players,
                    });
                }
                // A range, never `abs`: `i64::MIN.abs()` wraps (release) or panics (debug).
                if !handicap_ms
                    .iter()
                    .all(|h| (-MAX_MILLIS..=MAX_MILLIS).contains(h))
                {
                    return Err(ModeError::TooLong);
                }
                // Every seat's bank, a seat without a handicap's too.
                let starts = (handicap_ms.iter().copied()).chain(std::iter::once(0));
                if starts.map(|h| bank_ms + h).any(|bank| bank < LEAST_BANK_MS) {
                    return Err(ModeError::NoBank);
                }
                Ok(())
            }
            ClockMode::Sand { turn_ms, .. } if *turn_ms <= 0 => Err(ModeError::Empty),
            ClockMode::Sand { turn_ms, .. } if *turn_ms > MAX_MILLIS => Err(ModeError::TooLong),
            ClockMode::Sand { .. } => Ok(()),
        }
    }

    /// The same mode with every player's bank the same (the handicaps belong to one table).
    pub fn without_handicaps(&self) -> ClockMode {
        let mut mode = self.clone();
        if let ClockMode::Bank { handicap_ms, .. } = &mut mode {
            handicap_ms.clear();
        }
        mode
    }

    /// Whether the mode counts down (a bank or a sand timer): the chime rings before zero.
    pub fn counts_down(&self) -> bool {
        !matches!(self, ClockMode::CountUp)
    }

    /// The mode in words, counting down: "Time bank 20 min · +10 s when it ends", "Sand timer
    /// 60 s, ends the turn"; `None` counting up.
    pub fn words(&self) -> Option<Text> {
        match self {
            ClockMode::CountUp => None,
            ClockMode::Bank {
                bank_ms,
                extra: Extra::None,
                ..
            } => Some(Text::new("glance.mode_bank_plain").arg("minutes", bank_ms / 60_000)),
            ClockMode::Bank { bank_ms, extra, .. } => Some(
                Text::new("glance.mode_bank")
                    .arg("minutes", bank_ms / 60_000)
                    .arg_text("extra", extra.words()),
            ),
            ClockMode::Sand { turn_ms, ends_turn } => Some(
                Text::new(if *ends_turn {
                    "glance.mode_sand_ends"
                } else {
                    "glance.mode_sand"
                })
                .arg("secs", turn_ms / 1000),
            ),
        }
    }
}

impl Extra {
    /// "+10 s when it ends", "First 5 s free", "No increment".
    pub fn words(self) -> Text {
        match self {
            Extra::None => Text::new("setup.extra_none"),
            Extra::Increment { ms } => Text::new("setup.increment").arg("secs", ms / 1000),
            Extra::Delay { ms } => Text::new("setup.delay").arg("secs", ms / 1000),
        }
    }
}

/// A player's figures in a countdown mode, at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// What is left: of the bank, or of the turn under way with a sand timer (their own
    /// turn's; a full timer when it is not their turn). Below zero: the time over, counting on.
    pub left: Duration,
    /// Turns played out of time: the bank ran out in them or had run out before them; a sand
    /// timer that ran out.
    pub timeouts: u32,
    /// Time spent beyond zero.
    pub over: Duration,
}

/// Every player's figures in `mode`, at `now`, from the clock's stretches: their turns, and
/// the phases played at once where they fall among them. Counting up there are none.
pub fn standings(
    mode: &ClockMode,
    clock: &Clock,
    players: usize,
    now: DateTime<Utc>,
) -> Vec<Standing> {
    if !mode.counts_down() {
        return Vec::new();
    }
    let turns = clock.player_turns(now);
    let running = clock.turn_under_way();
    let phase_running = clock.together_now().is_some();
    (0..players)
        .map(|seat| {
            let mut spent = Vec::new();
            let mut phases = (clock.together_times(seat, now).into_iter())
                .enumerate()
                .peekable();
            let last_phase = clock.together.len();
            // The phases begun once `before` player-turns had begun, in order.
            let mut take_phases = |spent: &mut Vec<Spent>, before: usize| {
                while let Some((i, (_, time))) =
                    phases.next_if(|(_, (turns_before, _))| *turns_before as usize <= before)
                {
                    spent.push(Spent {
                        ms: time.num_milliseconds(),
                        under_way: phase_running && i + 1 == last_phase,
                        gains: false,
                        timed_out: false,
                    });
                }
            };
            for (index, (activity, length)) in turns.iter().enumerate() {
                take_phases(&mut spent, index);
                if matches!(activity, Activity::PlayerTurn { player, .. } if *player == seat) {
                    spent.push(Spent {
                        ms: length.num_milliseconds(),
                        under_way: Some(*activity) == running,
                        gains: true,
                        timed_out: clock.time_ups.contains(activity),
                    });
                }
            }
            take_phases(&mut spent, usize::MAX);
            standing(mode, seat, &spent)
        })
        .collect()
}

/// One stretch of a player's own time: a turn, or their time in a phase played at once.
struct Spent {
    ms: i64,
    /// It is under way now.
    under_way: bool,
    /// A turn, which a Fischer increment rewards when it ends (a phase does not).
    gains: bool,
    /// A turn a sand timer ended.
    timed_out: bool,
}

/// One player's figures from their stretches of time, in order.
fn standing(mode: &ClockMode, seat: Seat, spent: &[Spent]) -> Standing {
    let ms = Duration::milliseconds;
    match mode {
        ClockMode::CountUp => Standing::default(),
        ClockMode::Bank {
            bank_ms,
            handicap_ms,
            extra,
        } => {
            let mut bank = bank_ms + handicap_ms.get(seat).copied().unwrap_or(0);
            let (mut timeouts, mut over) = (0, 0);
            for stretch in spent {
                let used = match extra {
                    Extra::Delay { ms } => (stretch.ms - ms).max(0),
                    _ => stretch.ms,
                };
                let before = bank;
                bank -= used;
                if bank < 0 {
                    timeouts += 1;
                    over += used - before.max(0);
                }
                if let (Extra::Increment { ms }, false, true) =
                    (extra, stretch.under_way, stretch.gains)
                {
                    bank += ms;
                }
            }
            Standing {
                left: ms(bank),
                timeouts,
                over: ms(over),
            }
        }
        ClockMode::Sand { turn_ms, .. } => {
            let mut figures = Standing {
                left: ms(*turn_ms),
                ..Standing::default()
            };
            // A sand timer times turns: a phase every player plays at once is nobody's turn
            // (everyone counts, or scores, together), so it runs no timer down.
            for stretch in spent.iter().filter(|s| s.gains) {
                if stretch.ms > *turn_ms || stretch.timed_out {
                    figures.timeouts += 1;
                    figures.over += ms((stretch.ms - turn_ms).max(0));
                }
                if stretch.under_way {
                    figures.left = ms(turn_ms - stretch.ms);
                }
            }
            figures
        }
    }
}
