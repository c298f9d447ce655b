//! The app driven through its interface (iced_test's Simulator): clicks by visible text or
//! widget id, typing, keys; then checks of what the screen shows.
#![allow(dead_code)]

use chrono::{TimeZone, Utc};
use iced::Settings;
use iced::keyboard::key::Named;
use iced_test::{Simulator, selector};
use tablekeeper::gui::{App, Message, Options, Speaker, TimeSource, Zone, style};
use tablekeeper::i18n::Locale;

pub fn t0() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 19, 0, 0).unwrap()
}

/// The app's own settings: its bundled fonts (loaded as the app loads them) as the default.
pub fn settings() -> Settings {
    style::load_fonts();
    Settings {
        default_font: style::FONT,
        ..Settings::default()
    }
}

/// The phones' limits for a test whose phones all come from 127.0.0.1: at a table each phone
/// has an address of its own, so [`Limits::TABLE`] lets one address hold two seats, which four
/// test phones on one address would pass. `tests/phones.rs` tests the table's own limits from
/// several 127.0.0.x addresses.
///
/// [`Limits::TABLE`]: tablekeeper::phones::Limits::TABLE
pub const ONE_ADDRESS: tablekeeper::phones::Limits = tablekeeper::phones::Limits {
    connections_per_address: 48,
    streams_per_address: 16,
    phones_per_address: 16,
    seats_per_address: 8,
    ..tablekeeper::phones::Limits::TABLE
};

/// The app and a way to poke it the way a person would.
pub struct Ui {
    pub app: App,
    /// The window's size in logical pixels (1280×800 unless a test sets a smaller one).
    pub size: (f32, f32),
}

impl Ui {
    /// The app on `dir`, its clock at [`t0`], showing dates in UTC (the same on every machine).
    pub fn new(dir: &std::path::Path, locale: Locale) -> Ui {
        Ui::with_zone(dir, locale, Zone::utc())
    }

    pub fn with_zone(dir: &std::path::Path, locale: Locale, zone: Zone) -> Ui {
        Ui::with(dir, locale, zone, None)
    }

    /// The app started with its history in `history_dir` (`--history-dir`).
    pub fn with_options(
        dir: &std::path::Path,
        locale: Locale,
        history_dir: Option<std::path::PathBuf>,
    ) -> Ui {
        Ui::with(dir, locale, Zone::utc(), history_dir)
    }

    /// An app already made (reopened on a data directory, say).
    pub fn from_app(app: App) -> Ui {
        Ui {
            app,
            size: (1280.0, 800.0),
        }
    }

    fn with(
        dir: &std::path::Path,
        locale: Locale,
        zone: Zone,
        history_dir: Option<std::path::PathBuf>,
    ) -> Ui {
        Ui {
            app: App::new(Options {
                data_dir: Some(dir.to_path_buf()),
                history_dir,
                locale: Some(locale),
                time: TimeSource::Manual(t0()),
                zone,
                speaker: Speaker::Silent,
                phones_ip: std::net::Ipv4Addr::LOCALHOST.into(),
                phones_limits: ONE_ADDRESS,
            }),
            size: (1280.0, 800.0),
        }
    }

    /// Runs one interaction on a fresh view, then feeds the messages it produced to the app.
    /// The tasks the app returns are dropped (a file dialog would wait for a person); use
    /// [`Ui::click_and_wait`] for work the app runs on a thread.
    pub fn interact(&mut self, what: impl FnOnce(&mut Simulator<'_, Message>)) {
        for message in self.messages_of(what) {
            let _ = self.app.update(message);
        }
    }

    fn messages_of(&mut self, what: impl FnOnce(&mut Simulator<'_, Message>)) -> Vec<Message> {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        what(&mut ui);
        ui.into_messages().collect()
    }

    /// Feeds `message` to the app and runs the task it returns to its end, feeding back every
    /// message the task yields the same way (work on a thread, then its result).
    pub fn update_and_wait(&mut self, message: Message) {
        use futures::StreamExt;
        let task = self.app.update(message);
        let Some(stream) = iced_test::runtime::task::into_stream(task) else {
            return;
        };
        let actions: Vec<_> = futures::executor::block_on(stream.collect());
        for action in actions {
            if let iced_test::runtime::Action::Output(message) = action {
                self.update_and_wait(message);
            }
        }
    }

    /// Clicks `label` and waits for the work the click started (an export) to finish.
    pub fn click_and_wait(&mut self, label: &str) {
        let messages = self.messages_of(|ui| {
            ui.click(label)
                .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
        });
        for message in messages {
            self.update_and_wait(message);
        }
    }

    /// Clicks `label` and returns how long the app's `update` took on what the click asked
    /// (the time the window would not draw), the view's layout left out.
    pub fn timed_click(&mut self, label: &str) -> std::time::Duration {
        let messages = self.messages_of(|ui| {
            ui.click(label)
                .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
        });
        let started = std::time::Instant::now();
        for message in messages {
            let _ = self.app.update(message);
        }
        started.elapsed()
    }

    /// From home: the setup of a new TERRAVIST game, Aki and Ben named.
    pub fn set_up_aki_and_ben(&mut self) {
        self.click("New game");
        self.type_into("setup-name-0", "Aki");
        self.type_into("setup-name-1", "Ben");
    }

    /// From home: a new TERRAVIST game of Aki and Ben, first habitat Forest, started.
    pub fn start_two_player_game(&mut self) {
        self.set_up_aki_and_ben();
        self.click("Forest");
        self.click("Start the game");
        assert_eq!(self.app.screen_name(), "table", "{:?}", self.app.notice());
    }

    /// In a game: the Phones panel opened, the phones turned on, the panel closed.
    pub fn turn_phones_on(&mut self) {
        self.click("Phones");
        self.click("Phones can join");
        self.click("Close");
    }

    /// A phone's request to the table's phones (they must be on), then what it made the app
    /// ask, handed to `update` as the window's subscription does (in a test none runs). The
    /// answer's status.
    pub fn phone(&mut self, path: &str, body: &str) -> u16 {
        let url = self.app.phones_local_url().expect("the phones are on");
        let (addr, base) = super::http::split_url(&url);
        let status = super::http::post(addr, &format!("{base}{path}"), body).status;
        for request in self
            .app
            .phone_requests(std::time::Duration::from_millis(300))
        {
            let _ = self.app.update(Message::FromPhone(request));
        }
        status
    }

    /// The phone `id` asks for `seat`, a seat the window made, and the window lets it: one tap
    /// on Let it, in English.
    pub fn seat_phone(&mut self, id: &str, seat: usize) {
        let body = format!(r#"{{"phone":"{id}","seat":{seat}}}"#);
        assert_eq!(self.phone("/seat", &body), 202, "the table is asked");
        self.click("Let it");
        assert_eq!(self.phone("/seat", &body), 200, "the seat is the phone's");
    }

    pub fn click(&mut self, label: &str) {
        self.interact(|ui| {
            ui.click(label)
                .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
        });
    }

    pub fn click_id(&mut self, id: &str) {
        let id = id.to_string();
        self.interact(|ui| {
            ui.click(selector::id(id.clone()))
                .unwrap_or_else(|e| panic!("no #{id} to click: {e:?}"));
        });
    }

    pub fn type_into(&mut self, id: &str, text: &str) {
        let id = id.to_string();
        self.interact(|ui| {
            ui.click(selector::id(id.clone()))
                .unwrap_or_else(|e| panic!("no #{id} to type in: {e:?}"));
            let _ = ui.typewrite(text);
        });
    }

    /// Clears a short field (End, then Backspace) and types `text` in its place.
    pub fn replace_in(&mut self, id: &str, text: &str) {
        let id = id.to_string();
        self.interact(|ui| {
            ui.click(selector::id(id.clone()))
                .unwrap_or_else(|e| panic!("no #{id} to type in: {e:?}"));
            let _ = ui.tap_key(Named::End);
            for _ in 0..24 {
                let _ = ui.tap_key(Named::Backspace);
            }
            let _ = ui.typewrite(text);
        });
    }

    pub fn type_and_enter(&mut self, id: &str, text: &str) {
        let id = id.to_string();
        self.interact(|ui| {
            ui.click(selector::id(id.clone()))
                .unwrap_or_else(|e| panic!("no #{id} to type in: {e:?}"));
            let _ = ui.typewrite(text);
            let _ = ui.tap_key(Named::Enter);
        });
    }

    pub fn key(&mut self, key: Named) {
        let _ = self.app.update(Message::Key(
            iced::keyboard::Key::Named(key),
            iced::keyboard::Modifiers::empty(),
        ));
    }

    pub fn shows(&mut self, text: &str) -> bool {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        ui.find(text).is_ok()
    }

    pub fn shows_id(&mut self, id: &str) -> bool {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        ui.find(selector::id(id.to_string())).is_ok()
    }

    pub fn assert_shows(&mut self, text: &str) {
        assert!(
            self.shows(text),
            "the screen ({}) should show {text:?}",
            self.app.screen_name()
        );
    }

    /// The window becomes `size`, as a window system reports a resize.
    pub fn resize(&mut self, size: (f32, f32)) {
        self.size = size;
        let _ = self
            .app
            .update(Message::Resized(iced::Size::new(size.0, size.1)));
    }

    /// Finish asks once: the first tap arms it, the second saves the game.
    pub fn finish(&mut self) {
        self.click("Finish and save to history");
        self.click("Tap again to finish (the game goes to the history)");
    }

    /// Leaves the final sheet a Finish shows (the game in the history) for Home.
    pub fn leave_final_sheet(&mut self) {
        assert_eq!(
            self.app.screen_name(),
            "history",
            "a Finish shows the sheet"
        );
        self.click("Back");
        self.click("Back");
        assert_eq!(self.app.screen_name(), "home");
    }

    pub fn next(&mut self, times: usize) {
        for _ in 0..times {
            self.click("Next player ▶");
        }
    }

    pub fn settle(&mut self, name: &str, smiles: &str, capacity: &str) {
        self.type_into("card-name", name);
        self.type_into("card-smiles", smiles);
        self.type_into("card-capacity", capacity);
        self.click_id("form-habitat-forest");
        self.click("Settle in Forest");
    }

    /// Is `text` on screen whole: laid out inside the window and not clipped by a scroll or
    /// a container (a label pushed out of a small window fails this).
    pub fn shows_whole(&mut self, text: &str) -> bool {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        let Ok(target) = ui.find(text) else {
            return false;
        };
        let seen = target.visible_bounds().unwrap_or_default();
        whole_in(self.size, target.bounds(), seen)
    }

    /// The widget with `id` (a button) is on screen whole, as [`Ui::shows_whole`] asks of a text.
    pub fn assert_id_whole(&mut self, id: &str) {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        let target =
            (ui.find(selector::id(id.to_string()))).unwrap_or_else(|e| panic!("no #{id}: {e:?}"));
        let seen = target.visible_bounds().unwrap_or_default();
        assert!(
            whole_in(self.size, target.bounds(), seen),
            "at {:?} #{id} should be whole, unclipped: laid out at {:?}, seen {seen:?}",
            self.size,
            target.bounds()
        );
    }

    /// Where `text` is laid out (it must be on screen).
    pub fn bounds_of(&mut self, text: &str) -> iced::Rectangle {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        ui.find(text)
            .unwrap_or_else(|e| panic!("no {text:?}: {e:?}"))
            .bounds()
    }

    /// Where the widget with `id` is laid out (it must be on screen).
    pub fn bounds_of_id(&mut self, id: &str) -> iced::Rectangle {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        ui.find(selector::id(id.to_string()))
            .unwrap_or_else(|e| panic!("no #{id}: {e:?}"))
            .bounds()
    }

    pub fn assert_shows_whole(&mut self, text: &str) {
        assert!(
            self.shows_whole(text),
            "at {:?} the screen ({}) should show {text:?} whole, unclipped",
            self.size,
            self.app.screen_name()
        );
    }

    /// `text` is on screen whole and on one line (a label squeezed by a small window wraps).
    pub fn assert_shows_on_one_line(&mut self, text: &str) {
        self.assert_shows_whole(text);
        let bounds = self.bounds_of(text);
        // One line of the largest body text is 24 px tall; two are 47.
        assert!(
            bounds.height < 30.0,
            "at {:?} {text:?} wraps over lines: {bounds:?}",
            self.size
        );
    }

    /// What the window shows, as greyscale pixels (width, height, one byte a pixel), at the
    /// renderer's scale.
    pub fn pixels(&mut self) -> (usize, usize, Vec<u8>) {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        let snapshot = ui.snapshot(&self.app.theme()).expect("a snapshot renders");
        // iced_test hands its picture out only as a file it writes where none is.
        let dir = tempfile::tempdir().unwrap();
        assert!(snapshot.matches_image(dir.path().join("window")).unwrap());
        let file = std::fs::read_dir(dir.path())
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        let decoder = png::Decoder::new(std::io::BufReader::new(
            std::fs::File::open(file.path()).unwrap(),
        ));
        let mut reader = decoder.read_info().unwrap();
        let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut rgba).unwrap();
        let grey = rgba[..info.buffer_size()]
            .chunks_exact(4)
            .map(|p| ((u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3) as u8)
            .collect();
        (info.width as usize, info.height as usize, grey)
    }

    /// The window as it is now, as the guide's picture `docs/pictures/<name>-tiny-skia.png`:
    /// written the first time, compared after (a change of the screen asks for a new picture:
    /// delete it, run the test again, and look at it).
    pub fn picture(&mut self, name: &str) {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        let snapshot = ui.snapshot(&self.app.theme()).expect("a snapshot renders");
        assert!(
            snapshot
                .matches_image(format!("docs/pictures/{name}"))
                .expect("the picture is readable"),
            "{name} differs from docs/pictures/{name}-tiny-skia.png"
        );
    }

    pub fn snapshot(&mut self, name: &str) {
        let mut ui = Simulator::with_size(settings(), self.size, self.app.view());
        let snapshot = ui.snapshot(&self.app.theme()).expect("a snapshot renders");
        assert!(
            snapshot
                .matches_image(format!("tests/snapshots/{name}"))
                .expect("the snapshot file is readable"),
            "{name} differs from tests/snapshots/{name}-tiny-skia.png"
        );
    }
}

/// `bounds` is inside a window of `size` and not clipped (`seen` is all of it).
fn whole_in(size: (f32, f32), bounds: iced::Rectangle, seen: iced::Rectangle) -> bool {
    let window = iced::Rectangle::new(iced::Point::ORIGIN, iced::Size::new(size.0, size.1));
    let whole =
        (seen.width - bounds.width).abs() < 0.5 && (seen.height - bounds.height).abs() < 0.5;
    whole
        && window.contains(bounds.position())
        && bounds.x + bounds.width <= window.width + 0.5
        && bounds.y + bounds.height <= window.height + 0.5
}
