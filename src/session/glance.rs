//! What the table watches from its chairs, whichever engine plays the game: the round and turn,
//! whose turn it is, their clock, the parent, the round's objective and the marks (paused, the
//! last turn or round). Each engine fills one [`Glance`]; the window's headers, its table view
//! and anything else that shows the table read it, and say it in the same words.

use chrono::Duration;

use crate::i18n::{Locale, Text};
use crate::kit::timer::{ClockMode, Standing};
use crate::vocabulary::{Name, Player, Seat};

/// Where the game is, as the table says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Before the first turn.
    NotStarted,
    /// `turn` of `round` (both from 1); `rounds` and `turns` where the game fixes them.
    Playing {
        round: u32,
        rounds: Option<u32>,
        turn: u32,
        turns: Option<u32>,
    },
    /// The steps at the end of `round`.
    RoundEnd { round: u32 },
    /// Only the score sheet is left.
    Over,
}

/// The mark of a last stretch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Last {
    /// The last turn of the round (TERRAVIST: a creature settled now gets an egg).
    Turn,
    /// The end is triggered: this round is the last.
    Round,
}

/// What a game calls the player who starts the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Starter {
    /// "Start player": the word of most games.
    #[default]
    StartPlayer,
    /// "Parent" (親): TERRAVIST's, whose marker passes clockwise at each round's end.
    Parent,
}

impl Starter {
    /// "Parent", "Start player".
    pub fn word(self, l: Locale) -> String {
        l.tr(match self {
            Starter::Parent => "word.parent",
            Starter::StartPlayer => "word.start_player",
        })
    }
}

/// What the table watches, at one moment.
#[derive(Debug, Clone, PartialEq)]
pub struct Glance {
    pub stage: Stage,
    /// Every player in seat order (name and marker colour).
    pub players: Vec<Player>,
    /// Whose turn it is; `None` between turns.
    pub current: Option<Seat>,
    /// The current player's side, in a game of sides (Leviath's monster).
    pub side: Option<Name>,
    /// How long the current turn (or round end) has run, pauses left out.
    pub clock: Duration,
    /// Each player's time so far, in seat order (the current turn included).
    pub totals: Vec<Duration>,
    /// The player who starts the round (TERRAVIST's parent; the first of the round's order in
    /// the other games).
    pub parent: Option<Seat>,
    /// What the game calls that player.
    pub starter: Starter,
    /// The round's objective, once the table typed it (TERRAVIST).
    pub objective: Option<String>,
    pub paused: bool,
    pub last: Option<Last>,
    /// The number of the player-turn under way, counted from the game's first (see
    /// [`Glance::turn_key`]).
    pub turn_number: u32,
    /// At a round end, the step the table is on in words the phones show ("Round 2 ends: the
    /// round objective is being ranked"), where the engine has steps (TERRAVIST).
    pub step: Option<Text>,
    /// How the clock counts, and in a countdown mode each player's figures (seat order): the
    /// face fills them for every engine from the game's setup (see [`crate::kit::timer`]).
    pub timer: Timer,
    /// Table time runs: every player's clock is stopped, the game's time counts on.
    pub table_time: bool,
    /// A phase every player plays at once runs: who is ready, in seat order.
    pub together: Option<Vec<bool>>,
    /// In a round's first turn, what the rulebook has the table do at the round's start
    /// (Terramara's dummy players advance), for every screen to show.
    pub round_start: Vec<Name>,
}

impl Glance {
    /// A table with nothing on it yet: not started, no one seated, no clock running.
    pub fn not_started() -> Glance {
        Glance {
            stage: Stage::NotStarted,
            players: Vec::new(),
            current: None,
            side: None,
            clock: Duration::zero(),
            totals: Vec::new(),
            parent: None,
            starter: Starter::default(),
            objective: None,
            paused: false,
            last: None,
            turn_number: 0,
            step: None,
            timer: Timer::default(),
            table_time: false,
            together: None,
            round_start: Vec::new(),
        }
    }
}

/// The clock mode's figures at one moment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Timer {
    pub mode: ClockMode,
    /// Each player's bank (or sand timer) left, time-outs and time over; empty counting up.
    pub standings: Vec<Standing>,
}

impl Timer {
    /// The mode in words, counting down (see [`ClockMode::words`]); `None` counting up.
    pub fn mode_line(&self, l: Locale) -> Option<String> {
        self.mode.words().map(|words| words.render(l))
    }

    /// What the current player has left, in a countdown mode: below zero, the time over.
    pub fn left(&self, current: Option<Seat>) -> Option<Duration> {
        self.standings.get(current?).map(|s| s.left)
    }
}

impl Glance {
    /// A turn is under way: Next can be pressed.
    pub fn playing(&self) -> bool {
        matches!(self.stage, Stage::Playing { .. })
    }

    /// The player-turn under way, named so that a request to end it can be told from a stale
    /// one ("2.3.7": round 2, turn 3, the game's 7th player-turn; round and turn alone repeat
    /// where a side plays between every other player); `None` when no player-turn is under way.
    pub fn turn_key(&self) -> Option<String> {
        match (self.stage, self.current) {
            (Stage::Playing { round, turn, .. }, Some(_)) => {
                Some(format!("{round}.{turn}.{}", self.turn_number))
            }
            _ => None,
        }
    }

    /// The current player, with their name and colour.
    pub fn current_player(&self) -> Option<&Player> {
        self.current.and_then(|seat| self.players.get(seat))
    }

    /// "Round 2", "Round 2 of 5"; or what the game is at ("Setup", "Game over").
    pub fn round_line(&self, l: Locale) -> String {
        match self.stage {
            Stage::NotStarted => l.tr("table.not_started"),
            Stage::Playing {
                round,
                rounds: Some(rounds),
                ..
            } => Text::new("play.round_of")
                .arg("round", round)
                .arg("rounds", rounds)
                .render(l),
            Stage::Playing { round, .. } | Stage::RoundEnd { round } => {
                Text::new("table.round").arg("round", round).render(l)
            }
            Stage::Over => l.tr("play.over"),
        }
    }

    /// "Turn 3 / 5", "Turn 3"; empty outside a turn.
    pub fn turn_line(&self, l: Locale) -> String {
        match self.stage {
            Stage::Playing {
                turn,
                turns: Some(turns),
                ..
            } => Text::new("table.turn")
                .arg("turn", turn)
                .arg("turns", turns)
                .render(l),
            Stage::Playing { turn, .. } => Text::new("play.turn").arg("turn", turn).render(l),
            _ => String::new(),
        }
    }

    /// "Round 2 · Turn 3 / 5" on one line.
    pub fn round_and_turn(&self, l: Locale) -> String {
        let turn = self.turn_line(l);
        if turn.is_empty() {
            self.round_line(l)
        } else {
            format!("{} · {}", self.round_line(l), turn)
        }
    }

    /// "This turn and 2 more in the round", where the game fixes its turns.
    pub fn turns_left(&self, l: Locale) -> Option<String> {
        match self.stage {
            Stage::Playing {
                turn,
                turns: Some(turns),
                ..
            } => Some(match turns.saturating_sub(turn) {
                // Never "and 0 more": the last turn is said as such.
                0 => l.tr("glance.last_turn_of_round"),
                more => Text::new("glance.turns_left").arg("more", more).render(l),
            }),
            _ => None,
        }
    }

    /// "Ben's turn"; `None` between turns.
    pub fn whose_turn(&self, l: Locale) -> Option<String> {
        self.current_player().map(|p| turn_of(l, &p.name))
    }

    /// "Parent: Aki", "Start player: Aki".
    pub fn parent_line(&self, l: Locale) -> Option<String> {
        let parent = self.players.get(self.parent?)?;
        Some(
            Text::new("table.starter")
                .arg("word", self.starter.word(l))
                .arg("player", parent.name.as_str())
                .render(l),
        )
    }

    /// "Objective: …".
    pub fn objective_line(&self, l: Locale) -> Option<String> {
        Some(objective_line(self.objective.as_ref()?, l))
    }

    /// The last turn of the round, or the last round, in words.
    pub fn last_line(&self, l: Locale) -> Option<String> {
        self.last.map(|last| match last {
            Last::Turn => l.tr("table.last_turn_mark"),
            Last::Round => l.tr("play.last_round"),
        })
    }

    /// Paused, the last turn, past the turn-time target (`over_target`): the marks a header
    /// says beside its facts.
    pub fn marks(&self, l: Locale, over_target: bool) -> String {
        let mut said = Vec::new();
        if self.paused {
            said.push(l.tr("table.paused_mark"));
        }
        if self.table_time {
            said.push(l.tr("glance.table_time"));
        }
        if let Some(ready) = &self.together {
            let waiting: Vec<&str> = (self.players.iter().zip(ready))
                .filter(|(_, ready)| !**ready)
                .map(|(p, _)| p.name.as_str())
                .collect();
            said.push(
                Text::new("glance.together")
                    .arg_list("names", &waiting)
                    .render(l),
            );
        }
        said.extend(self.last_line(l));
        if self.out_of_time() {
            said.push(l.tr("glance.out_of_time"));
        } else if over_target && !self.timer.mode.counts_down() {
            said.push(l.tr("glance.over_target"));
        }
        said.join(" · ")
    }

    /// The figure the table's big clock shows: the turn clock counting up; the current
    /// player's bank or sand timer left counting down, and past zero the time over.
    pub fn clock_figure(&self) -> Duration {
        match self.timer.left(self.current) {
            Some(left) if self.playing() => left.abs(),
            _ => self.clock,
        }
    }

    /// The current player's bank or sand timer has run out (the figure is the time over).
    pub fn out_of_time(&self) -> bool {
        self.playing()
            && self
                .timer
                .left(self.current)
                .is_some_and(|l| l < Duration::zero())
    }
}

/// "Ben's turn".
/// "Round objective: …", for the round's objective `label`.
pub fn objective_line(label: &str, l: Locale) -> String {
    Text::new("table.objective").arg("label", label).render(l)
}

pub fn turn_of(l: Locale, name: &str) -> String {
    Text::new("table.turn_of").arg("player", name).render(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_turn_of_a_round_is_said_as_such_never_and_0_more() {
        let glance = |turn| Glance {
            stage: Stage::Playing {
                round: 1,
                rounds: None,
                turn,
                turns: Some(3),
            },
            turn_number: turn,
            ..Glance::not_started()
        };
        let said = |turn, l| glance(turn).turns_left(l).unwrap();
        assert_eq!(said(1, Locale::EN), "This turn and 2 more in the round");
        assert_eq!(said(3, Locale::EN), "The round's last turn");
        assert_eq!(said(3, Locale::JA), "このラウンドの最後の手番");
    }
}
