//! Finish and Abandon end the game on the table for good, so each asks once: the first tap
//! arms the button (its label asks for a second tap), the second acts, any other tap disarms.

/// The two ways a game leaves the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Finish,
    Abandon,
}

impl Ending {
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

/// Which ending, if any, is waiting for its second tap.
#[derive(Debug, Default)]
pub struct AskOnce {
    armed: Option<Ending>,
}

impl AskOnce {
    /// Called with every message the screen handles: `Some(ending)` when it is a tap on an
    /// ending's button, `None` for any other. True when the ending should happen now (the
    /// second tap in a row); a first tap arms it and returns false.
    pub fn confirmed(&mut self, tapped: Option<Ending>) -> bool {
        let armed = self.armed.take();
        match tapped {
            Some(ending) if armed == Some(ending) => true,
            Some(ending) => {
                self.armed = Some(ending);
                false
            }
            None => false,
        }
    }

    pub fn armed(&self) -> Option<Ending> {
        self.armed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_second_tap_in_a_row_ends_and_any_other_tap_disarms() {
        let mut ask = AskOnce::default();
        assert!(!ask.confirmed(Some(Ending::Abandon)));
        assert_eq!(ask.armed(), Some(Ending::Abandon));
        assert_eq!(Ending::Abandon.label(ask.armed()), "sheet.abandon_again");
        assert_eq!(Ending::Finish.label(ask.armed()), "sheet.finish");
        assert!(ask.confirmed(Some(Ending::Abandon)));
        assert_eq!(ask.armed(), None);

        assert!(!ask.confirmed(Some(Ending::Finish)));
        assert!(!ask.confirmed(None)); // another tap: the question is taken back
        assert!(!ask.confirmed(Some(Ending::Finish)));
        assert!(!ask.confirmed(Some(Ending::Abandon))); // the other button only arms itself
        assert!(ask.confirmed(Some(Ending::Abandon)));
    }
}
