//! The user's games on disk: saving a profile from the editor, exporting one to share,
//! importing one; the list the setup offers is reloaded after each.

use std::path::Path;

use super::screen::Screen;
use super::{App, Data, Notice};
use crate::i18n::Text;
use crate::kit::game_profile::GameProfile;
use crate::store::profiles;

/// How long a passing notice stays up.
const PASSING: chrono::Duration = chrono::Duration::seconds(8);

impl App {
    fn profiles_dir(&mut self) -> Option<std::path::PathBuf> {
        match self.common.keeper.data() {
            Data::Writable { dir, .. } => Some(dir.profiles_dir()),
            _ => {
                self.error(Text::new("notice.read_only").render(self.common.locale));
                None
            }
        }
    }

    /// A notice of something that needs no answer (a phone joined): it goes by itself after
    /// a few seconds.
    pub(super) fn pass(&mut self, text: String) {
        self.chrome.notice = Some(Notice {
            text: text.clone(),
            error: false,
        });
        // On the app's time, so a test that sets the time sees it go.
        let until = self.common.now + PASSING;
        self.chrome.passing = Some((until, text));
    }

    /// Takes a passing notice down once its time is up.
    pub(super) fn let_notices_pass(&mut self) {
        let Some((until, text)) = &self.chrome.passing else {
            return;
        };
        if self.common.now < *until {
            return;
        }
        if self.chrome.notice.as_ref().is_some_and(|n| &n.text == text) {
            self.chrome.notice = None;
        }
        self.chrome.passing = None;
    }

    pub(super) fn tell(&mut self, text: Text) {
        self.chrome.notice = Some(Notice {
            text: text.render(self.common.locale),
            error: false,
        });
    }

    pub(super) fn save_profile(&mut self, profile: GameProfile) {
        let Some(dir) = self.profiles_dir() else {
            return;
        };
        match profiles::save(&dir, &profile) {
            Ok(path) => {
                self.reload_games();
                self.tell(
                    Text::new("notice.game_saved")
                        .arg_name("name", &profile.name)
                        .arg("path", path.display()),
                );
                if let Screen::Games(games) = &mut self.screen {
                    games.saved();
                }
            }
            Err(error) => self.error(error.text().render(self.common.locale)),
        }
    }

    pub(super) fn export_profile(&mut self, profile: &GameProfile, path: &Path) {
        match profiles::export(profile, path) {
            Ok(()) => self.tell(
                Text::new("notice.game_exported")
                    .arg_name("name", &profile.name)
                    .arg("path", path.display()),
            ),
            Err(error) => self.error(error.text().render(self.common.locale)),
        }
    }

    pub(super) fn import_profile(&mut self, path: &Path) {
        let Some(dir) = self.profiles_dir() else {
            return;
        };
        match profiles::import(&dir, path) {
            Ok(profile) => {
                self.reload_games();
                self.tell(
                    Text::new("notice.game_imported")
                        .arg_name("name", &profile.name)
                        .arg("id", &profile.id),
                );
            }
            Err(error) => self.error(error.text().render(self.common.locale)),
        }
    }
}
