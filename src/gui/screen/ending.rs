//! Finish and Abandon end the game on the table for good, so each asks once: the first tap
//! arms the button (its label asks for a second tap), the second acts, any other tap disarms.

use std::collections::BTreeSet;

use super::Action;
use crate::i18n::{Locale, Text};
use crate::vocabulary::{Player, Seat};

/// The two ways a game leaves the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Finish,
    Abandon,
}

impl Ending {
    /// What the app does once the ending is confirmed.
    pub fn action(self) -> Action {
        match self {
            Ending::Finish => Action::Finish,
            Ending::Abandon => Action::Abandon,
        }
    }

    /// The translation key of the button: its plain label, or the question once armed.
    pub fn label(self, armed: Option<Ending>) -> &'static str {
        match (self, armed == Some(self)) {
            (Ending::Finish, false) => "sheet.finish",
            (Ending::Finish, true) => "sheet.finish_again",
            (Ending::Abandon, false) => "sheet.abandon",
            (Ending::Abandon, true) => "sheet.abandon_again",
        }
    }
}

/// Who marked their column ready on their phone: "Ready: Aki, Ben · not yet: Chie", once
/// anyone has (a table without phones never sees it).
pub fn readiness(players: &[Player], ready: &BTreeSet<Seat>, l: Locale) -> Option<String> {
    if ready.is_empty() {
        return None;
    }
    let waiting = names(players, ready, false, l);
    let key = if waiting.is_empty() {
        "sheet.all_ready"
    } else {
        "sheet.readiness"
    };
    Some(
        Text::new(key)
            .arg("ready", names(players, ready, true, l))
            .arg("waiting", waiting)
            .render(l),
    )
}

/// The names of the players who are ready (`ready_ones`) or not, in seat order, listed as
/// the language lists them: "Aki and Ben".
fn names(players: &[Player], ready: &BTreeSet<Seat>, ready_ones: bool, l: Locale) -> String {
    let names: Vec<&str> = (players.iter().enumerate())
        .filter(|(seat, _)| ready.contains(seat) == ready_ones)
        .map(|(_, p)| p.name.as_str())
        .collect();
    crate::i18n::lists::and(l.tag(), &names)
}

/// Finish's label: once armed, the question names who is not ready yet, where anyone is.
pub fn finish_label(
    armed: Option<Ending>,
    players: &[Player],
    ready: &BTreeSet<Seat>,
    l: Locale,
) -> String {
    let waiting = names(players, ready, false, l);
    if armed == Some(Ending::Finish) && !ready.is_empty() && !waiting.is_empty() {
        return Text::new("sheet.finish_not_ready")
            .arg("names", waiting)
            .render(l);
    }
    l.tr(Ending::Finish.label(armed))
}

/// Which ending, if any, is waiting for its second tap.
#[derive(Debug, Default)]
pub struct AskOnce {
    armed: Option<Ending>,
}

impl AskOnce {
    /// Passes every message a sheet handles through the question: `tapped` is the ending its
    /// button asks for (`None` for any other message), `refusal` why that ending cannot happen
    /// now (finishing, while a cell the game did not take would be lost). `Some(action)` is what the screen does
    /// instead of the message (the refusal, or nothing on a first tap, which arms the button);
    /// `None` lets the message through: the second tap in a row, or any other message, which
    /// takes the question back.
    pub fn intercept(&mut self, tapped: Option<Ending>, refusal: Option<Text>) -> Option<Action> {
        let armed = self.armed.take();
        if let Some(refusal) = refusal {
            return Some(Action::Notice(refusal));
        }
        match tapped {
            Some(ending) if armed != Some(ending) => {
                self.armed = Some(ending);
                Some(Action::None)
            }
            _ => None,
        }
    }

    pub fn armed(&self) -> Option<Ending> {
        self.armed
    }

    /// Another tap, outside the screen's own messages (the header, a key): the question is
    /// taken back, as by any other message.
    pub fn disarm(&mut self) {
        self.armed = None;
    }
}

/// A screen with Finish and Abandon on it (TERRAVIST's sheet and the other games' table):
/// its question, and what finishing now would lose. Both screens' updates start with
/// [`EndsTheGame::ask_first`].
pub trait EndsTheGame {
    /// The game the screen shows.
    type Session;

    fn ask_once(&mut self) -> &mut AskOnce;

    /// A value typed on the screen that the game did not take, which finishing would lose:
    /// the sentence refusing Finish, naming it.
    fn unsaved(&self, session: &Self::Session) -> Option<Text>;

    /// Passes a message through the question (see [`AskOnce::intercept`]); `tapped` is the
    /// ending its button asks for, `None` for any other message. Finish is refused while a
    /// typed value would be lost.
    fn ask_first(&mut self, tapped: Option<Ending>, session: &Self::Session) -> Option<Action> {
        let refusal = (tapped == Some(Ending::Finish))
            .then(|| self.unsaved(session))
            .flatten();
        self.ask_once().intercept(tapped, refusal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_second_tap_in_a_row_ends_and_any_other_tap_disarms() {
        let mut ask = AskOnce::default();
        let stops = |action: Option<Action>| matches!(action, Some(Action::None));
        assert!(stops(ask.intercept(Some(Ending::Abandon), None)));
        assert_eq!(ask.armed(), Some(Ending::Abandon));
        assert_eq!(Ending::Abandon.label(ask.armed()), "sheet.abandon_again");
        assert_eq!(Ending::Finish.label(ask.armed()), "sheet.finish");
        assert!(ask.intercept(Some(Ending::Abandon), None).is_none());
        assert_eq!(ask.armed(), None);

        assert!(stops(ask.intercept(Some(Ending::Finish), None)));
        assert!(ask.intercept(None, None).is_none()); // another tap: the question is taken back
        assert!(stops(ask.intercept(Some(Ending::Finish), None)));
        assert!(stops(ask.intercept(Some(Ending::Abandon), None))); // the other only arms itself
        assert!(ask.intercept(Some(Ending::Abandon), None).is_none());
    }

    #[test]
    fn finishing_with_a_cell_not_taken_is_refused_and_disarms() {
        let mut ask = AskOnce::default();
        let why = || Some(Text::new("sheet.not_whole"));
        assert!(matches!(
            ask.intercept(Some(Ending::Abandon), None),
            Some(Action::None)
        ));
        let refused = ask.intercept(Some(Ending::Finish), why());
        assert!(matches!(refused, Some(Action::Notice(_))));
        assert_eq!(ask.armed(), None);
    }
}
