//! What the app shows about itself, for tests, benchmarks and the binary: the session, the
//! screen, the notice, the history; and a hand-set clock's hand, for tests.

use chrono::Duration;

use super::screen::{self, Screen};
use super::{App, Notice, TimeSource};
use crate::i18n::Locale;
use crate::session::Game;
use crate::settings::Settings;
use crate::store::history::History;
use crate::terravist::{Session, Terravist};

impl App {
    /// The game on the table, whichever engine plays it.
    pub fn game(&self) -> Option<&dyn Game> {
        self.common.keeper.game()
    }

    /// The TERRAVIST game on the table, if that is what is played.
    pub fn session(&self) -> Option<&Session> {
        self.game()?.session::<Terravist>()
    }

    /// The games other than TERRAVIST the setup offers.
    pub fn games(&self) -> &[crate::kit::game_profile::GameProfile] {
        self.common.keeper.games()
    }

    pub fn screen_name(&self) -> &'static str {
        self.screen.name()
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.chrome.notice.as_ref()
    }

    pub fn locale(&self) -> Locale {
        self.common.locale
    }

    pub fn settings(&self) -> &Settings {
        self.common.keeper.settings()
    }

    pub fn history(&self) -> Option<&History> {
        self.common.keeper.data().history()
    }

    /// The numbers the history charts draw, while the history screen is open.
    pub fn chart_data(&self) -> Option<&screen::history::players::ChartData> {
        match &self.screen {
            Screen::History(screen) => Some(screen.chart_data()),
            _ => None,
        }
    }

    /// How many times the chime past the turn-time target was due (rung, or silent in tests).
    pub fn chimes_rung(&self) -> usize {
        self.chimes.times_rung()
    }

    /// Moves a hand-set clock on (tests); the system clock ignores it.
    pub fn advance(&mut self, seconds: i64) {
        if let TimeSource::Manual(at) = &mut self.time {
            *at += Duration::seconds(seconds);
            self.common.now = *at;
        }
    }
}

/// The phones, for tests: where the server listens and what the phones asked.
impl App {
    /// The table's state as the phones are shown it now (a tap names it), while the server
    /// runs.
    pub fn phones_rev(&self) -> Option<u64> {
        self.phones.as_ref()?;
        Some(self.table_now().rev)
    }

    /// The address shown in the Phones panel (the network's), while the server runs.
    pub fn phones_url(&self) -> Option<String> {
        self.phones_shown_url()
    }

    /// What the phones asked, waiting up to `wait` for the first: in a test no subscription
    /// runs, so the test hands these to `update` itself.
    pub fn phone_requests(
        &mut self,
        wait: std::time::Duration,
    ) -> Vec<crate::phones::PhoneMessage> {
        match &self.phones {
            Some(phones) => phones.take_requests(wait),
            None => Vec::new(),
        }
    }
}
