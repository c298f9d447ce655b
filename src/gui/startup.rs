//! Opening the app: the settings, the data directory and its history, the language, and what
//! to say first if any of them could not be used as asked.

use chrono::Utc;

use super::chrome::Chrome;
use super::screen::{self, Screen};
use super::{App, Common, Notice, Options, TimeSource, WINDOW, chime, log};
use crate::i18n::{Locale, Text};
use crate::store::resolve_data_dir;
use crate::table::{Data, Host, Opening, open};

impl App {
    /// The app as it opens: on the home screen, or with the reason it cannot keep games.
    pub fn new(options: Options) -> App {
        let now = match options.time {
            TimeSource::System => Utc::now(),
            TimeSource::Manual(at) => at,
        };
        // The same opening as `serve`'s: the settings first (they may say where the history
        // is), and a settings file that cannot be read is never written over.
        let opening = match resolve_data_dir(options.data_dir.clone()) {
            Ok(root) => open(&root, options.history_dir.clone(), Host::Window),
            Err(error) => Ok(Opening::without_data(error.to_string())),
        }
        .unwrap_or_else(|error| Opening::without_data(error.to_string()));
        if let (Some(text), Data::Writable { dir, .. } | Data::ReadOnly { dir, .. }) =
            (&opening.settings_unusable, &opening.data)
        {
            log::warn(dir, &text.render(Locale::EN));
        }
        let locale = options
            .locale
            .unwrap_or_else(|| opening.settings.effective_locale());
        let notice = startup_notice(&opening, &options, locale);
        let (keeper, _) = opening.keeper(options.zone);
        let mut app = App {
            common: Common {
                locale,
                keeper,
                zone: options.zone,
                now,
            },
            screen: Screen::Home(screen::home::Home::default()),
            chrome: Chrome {
                notice,
                passing: None,
                help: false,
                phones: false,
                table_view: false,
                window: WINDOW,
                repaint: false,
            },
            lang_override: options.locale,
            time: options.time,
            import: None,
            chimes: chime::Chimes::new(options.speaker),
            phones: None,
            phones_ip: options.phones_ip,
            phones_limits: options.phones_limits,
        };
        app.screen = app.home();
        // The phones left on are served as the window opens, not at its first message: after
        // a restart the phones find the table again without anyone touching the computer.
        if app.common.keeper.settings().phones {
            app.phones_follow_the_table();
        }
        app
    }
}

/// What the app has to say as it opens, if anything: the history or the data directory it
/// could not use as asked, or lines of the history it repaired. The most pressing one.
fn startup_notice(opening: &Opening, options: &Options, locale: Locale) -> Option<Notice> {
    let (settings, data) = (&opening.settings, &opening.data);
    let error = |text: String| Some(Notice { text, error: true });
    if let Data::Writable { history, .. } = data
        && let Some(found) = &history.notice
    {
        let lines: Vec<String> = found.bad_lines.iter().map(|l| l.to_string()).collect();
        let kept = (found.kept.as_ref()).map_or(String::new(), |k| k.display().to_string());
        return error(
            Text::new("notice.history_repaired")
                .arg("lines", lines.join(", "))
                .arg("recovered", found.recovered)
                .arg("kept", kept)
                .render(locale),
        );
    }
    if let Data::ReadOnly { reason, .. } | Data::Unavailable { reason } = data {
        return error(reason.clone());
    }
    if let Some(missing) = settings.history_dir.as_ref().filter(|d| !d.is_dir())
        && options.history_dir.is_none()
    {
        return error(
            Text::new("settings.history_missing")
                .arg("dir", missing.display().to_string())
                .render(locale),
        );
    }
    // Said once, here; the file stays as it is for as long as the app runs.
    (opening.settings_unusable.as_ref()).and_then(|text| error(text.render(locale)))
}
