//! What the table watches ([`crate::session::Glance`], read once from the game on the table
//! whichever engine plays it) in the words and colours the window draws: the table's header and
//! the table view read it, so they always say the same thing.

use chrono::Duration;
use iced::Color;

use super::Context;
use crate::gui::style;
use crate::session::Game;
use crate::session::glance::Glance;

#[derive(Debug, Clone, PartialEq)]
pub struct GlanceWords {
    /// "Round 2", "Round 2 of 5"; or what the game is at ("Setup").
    pub round: String,
    /// "Turn 3 / 5", "Turn 3"; empty outside a turn.
    pub turn: String,
    /// "This turn and 2 more in the round", where the game fixes its turns.
    pub left: Option<String>,
    /// "Ben's turn"; `None` between turns.
    pub who: Option<String>,
    /// The current player's side, in a game of sides ("Monster").
    pub side: Option<String>,
    /// The current player's marker colour.
    pub colour: Option<Color>,
    /// The turn clock counting up; the bank or sand timer left counting down (past zero, the
    /// time over, shown with a "+").
    pub clock: Duration,
    /// Past the turn-time target, or out of time.
    pub over_target: bool,
    /// Counting down, the current player has run out: the clock shows the time over.
    pub out_of_time: bool,
    /// The clock mode in words, counting down ("Time bank 20 min · +10 s when it ends").
    pub mode: Option<String>,
    /// "Parent: Aki" (TERRAVIST).
    pub parent: Option<String>,
    /// "Objective: …", once the table typed it (TERRAVIST).
    pub objective: Option<String>,
    pub paused: bool,
    /// The last turn of the round (TERRAVIST), the last round (games with an end trigger).
    pub last: Option<String>,
    /// A turn is under way: Next can be pressed.
    pub playing: bool,
    /// Paused, the last turn, past the target, in words.
    pub marks: String,
    /// "Round 2 · Turn 3 / 5".
    pub round_and_turn: String,
}

impl GlanceWords {
    pub fn new(game: &dyn Game, context: &Context) -> GlanceWords {
        GlanceWords::from_glance(&game.glance(context.now), context)
    }

    /// The words of a glance already read.
    pub fn from_glance(glance: &Glance, context: &Context) -> GlanceWords {
        let l = context.locale;
        // Counting down, running out is the warning; counting up, the turn-time target.
        let over_target = if glance.timer.mode.counts_down() {
            glance.out_of_time()
        } else {
            context.over_target(glance.clock)
        };
        GlanceWords {
            round: glance.round_line(l),
            turn: glance.turn_line(l),
            left: glance.turns_left(l),
            who: glance.whose_turn(l),
            side: (glance.side.as_ref()).map(|side| context.name(side).into_owned()),
            colour: glance.current_player().map(|p| style::marker(p.colour)),
            clock: glance.clock_figure(),
            out_of_time: glance.out_of_time(),
            mode: glance.timer.mode_line(l),
            over_target,
            parent: glance.parent_line(l),
            objective: glance.objective_line(l),
            paused: glance.paused,
            last: glance.last_line(l),
            playing: glance.playing(),
            marks: glance.marks(l, over_target),
            round_and_turn: glance.round_and_turn(l),
        }
    }

    /// The big clock's text: "12:34"; out of time, the time over "+0:12".
    pub fn clock_text(&self) -> String {
        let figure = crate::gui::widgets::duration(self.clock);
        if self.out_of_time {
            format!("+{figure}")
        } else {
            figure
        }
    }
}
