//! The phones at the table, on the window's side: the Phones panel (on or off, the code to
//! scan, the phones that joined), the server kept running for the game on the table while the
//! table has it on, what the table watches handed to it after every change, and what a phone
//! asks applied through the same path as a tap in the window.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use iced::widget::{canvas, column, container, row, text};
use iced::{Element, Length, Subscription, Task, Theme};
use tokio::sync::mpsc;

use super::data::Data;
use super::qr::Qr;
use super::screen::Screen;
use super::{App, Message, style, widgets};
use crate::i18n::Text;
use crate::phones::{
    self, Config, DEFAULT_PORT, EntryAnswer, PhoneInfo, PhoneMessage, PhonesServer, Secret,
    TableNow,
};
use crate::vocabulary::Seat;

/// The code's side on screen, in logical pixels: a phone reads it from across a table.
const QR_SIDE: f32 = 260.0;

/// What the panel asks for.
#[derive(Debug, Clone)]
pub enum PanelMessage {
    Open,
    Close,
    /// The switch: phones on or off (remembered in the settings).
    Switch(bool),
    /// Drops a phone by its id: it loses its seat.
    Drop(String),
    /// A new secret for the game: the old address stops working, every phone scans again.
    NewCode,
    /// Answer phones outside the local networks too (remembered in the settings).
    AnyNetwork(bool),
    /// The table gives `seat` to the phone `phone` that asked for it.
    Let {
        seat: Seat,
        phone: String,
    },
    /// The table refuses `seat` to the phone that asked for it.
    Refuse {
        seat: Seat,
        phone: String,
    },
}

/// The server while it runs: for the game on the table, or for the table between games (a
/// game being set up, whose phones join it; the last one saved).
pub(super) struct Phones {
    pub(super) server: PhonesServer,
    /// The id of the game on the table it serves; `None` between games.
    game: Option<String>,
    /// The key in its address.
    secret: Secret,
    /// The address a phone opens; `None` when this computer has no network address.
    url: Option<String>,
    qr: Option<Qr>,
    inbox: Inbox,
    /// The app's answers to each seat's last few entries, shown on that phone.
    answers: Vec<Vec<EntryAnswer>>,
    /// Why the app refused the last action a phone took on its cards, in the table's state
    /// it was refused in: shown on the phone until the table changes.
    pub(super) turn_refused: Option<(u64, Text)>,
    /// Which phone holds which seat, as last kept beside the game's journal.
    kept_seats: Vec<(Seat, String)>,
    /// The last game saved, in words (who won), for the phones until the next game.
    pub(super) saved: Option<Text>,
    /// The phones were last shown a game being set up: a game that starts now is that one,
    /// its seats the phones that joined it.
    setting_up: bool,
}

/// Where the phones' requests wait for the window: taken once by the subscription that
/// forwards them into `update`. Each server's inbox is a new one (a new id), so turning the
/// phones off and on again starts a new subscription.
#[derive(Clone)]
pub(super) struct Inbox {
    id: u64,
    messages: Arc<Mutex<Option<mpsc::Receiver<PhoneMessage>>>>,
}

impl Hash for Inbox {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

/// Requests waiting for the window at most; more are refused with "busy" (503).
const INBOX: usize = 64;

impl Inbox {
    fn new() -> (Inbox, mpsc::Sender<PhoneMessage>) {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let (sender, receiver) = mpsc::channel(INBOX);
        let inbox = Inbox {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            messages: Arc::new(Mutex::new(Some(receiver))),
        };
        (inbox, sender)
    }
}

/// The phones' requests as the window's messages, while the server runs.
pub(super) fn subscription(phones: Option<&Phones>) -> Subscription<Message> {
    let Some(phones) = phones else {
        return Subscription::none();
    };
    Subscription::run_with(phones.inbox.clone(), |inbox| {
        let receiver = inbox.messages.lock().ok().and_then(|mut r| r.take());
        futures_util::stream::unfold(receiver, |receiver| async move {
            let mut receiver = receiver?;
            let message = receiver.recv().await?;
            Some((Message::FromPhone(message), Some(receiver)))
        })
    })
}

impl Phones {
    /// Keeps the app's answer to an entry of `seat` for its phone, with the last few others.
    pub(super) fn answer(&mut self, seat: Seat, answer: EntryAnswer) {
        phones::keep_answer(&mut self.answers, seat, answer);
    }

    /// The page on this machine, for tests.
    pub(super) fn local_url(&self) -> String {
        let port = self.server.address().port();
        format!("http://127.0.0.1:{port}{}", self.server.path())
    }

    pub(super) fn url(&self) -> Option<String> {
        self.url.clone()
    }

    /// The requests waiting, once the first has come or `wait` is over (tests only: in the
    /// window the subscription has taken the inbox and this finds nothing).
    pub(super) fn take_requests(&self, wait: std::time::Duration) -> Vec<PhoneMessage> {
        let Ok(mut guard) = self.inbox.messages.lock() else {
            return Vec::new();
        };
        let Some(receiver) = guard.as_mut() else {
            return Vec::new();
        };
        let until = std::time::Instant::now() + wait;
        let mut out = Vec::new();
        loop {
            while let Ok(message) = receiver.try_recv() {
                out.push(message);
            }
            if !out.is_empty() || std::time::Instant::now() >= until {
                return out;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

impl App {
    pub(super) fn phones_panel(&mut self, message: PanelMessage) -> Task<Message> {
        match message {
            PanelMessage::Open => self.chrome.phones = true,
            PanelMessage::Close => self.chrome.phones = false,
            PanelMessage::Switch(on) => {
                self.shared.settings.phones = on;
                self.save_settings();
            }
            PanelMessage::Drop(id) => {
                if let Some(phones) = &self.phones {
                    phones.server.drop_phone(&id);
                }
                // While a game is set up, its seat is no phone's from now on.
                if let Screen::Setup(setup) = &mut self.screen {
                    setup.keep_phones(|phone| phone != id);
                }
            }
            PanelMessage::NewCode => self.new_phones_code(),
            PanelMessage::AnyNetwork(any) => {
                self.shared.settings.phones_any_network = any;
                self.save_settings();
                if let Some(phones) = &self.phones {
                    phones.server.set_any_network(any);
                }
            }
            PanelMessage::Let { seat, phone } => {
                let given =
                    (self.phones.as_ref()).is_some_and(|p| p.server.give_seat(seat, &phone));
                // While a game is set up, the seat is bound in the setup too (which says
                // which phone holds which seat until the game starts).
                if let (true, Screen::Setup(setup)) = (given, &mut self.screen) {
                    setup.give(seat, &phone);
                }
                if !given {
                    self.tell(Text::new("phones.ask_gone"));
                }
            }
            PanelMessage::Refuse { seat, phone } => {
                if let Some(phones) = &self.phones {
                    phones.server.refuse_seat(seat, &phone);
                }
            }
        }
        Task::none()
    }

    /// Keeps which phone holds which seat beside the game's journal whenever it changed, so
    /// after a restart every phone finds its seat again without asking the table.
    fn keep_phones_seats(&mut self) {
        let (Some(phones), Data::Writable { dir, .. }) = (&mut self.phones, &self.shared.data)
        else {
            return;
        };
        let Some(game) = &phones.game else {
            return;
        };
        let seats = phones.server.seats();
        if seats == phones.kept_seats {
            return;
        }
        // Written even if it fails again next time: a seat that is not kept only means that
        // phone asks the table again after a restart.
        if dir.keep_phones_seats(game, &seats).is_ok() {
            phones.kept_seats = seats;
        }
    }

    /// A fresh secret, written beside the journal first (a resumed game keeps the new one),
    /// then handed to the running server: the old address is dead from then on.
    fn new_phones_code(&mut self) {
        let (Some(phones), Data::Writable { dir, .. }) = (&mut self.phones, &self.shared.data)
        else {
            return;
        };
        let secret = Secret::generate();
        let key = secret.as_str().to_string();
        let renewed = dir
            .renew_table_phones_key(key.clone())
            .and_then(|_| match &phones.game {
                Some(game) => dir.renew_phones_key(game, key).map(|_| ()),
                None => Ok(()),
            });
        if let Err(error) = renewed {
            let text = Text::new("phones.failed").arg("error", error.to_string());
            self.error(text.render(self.shared.locale));
            return;
        }
        phones.server.change_secret(secret.clone());
        phones.secret = secret.clone();
        let port = phones.server.address().port();
        phones.url =
            phones::shown_address(self.phones_ip).map(|ip| phones::page_url(ip, port, &secret));
        phones.qr = phones.url.as_deref().and_then(Qr::new);
        self.tell(Text::new("phones.new_code_done"));
    }

    /// What the phones are shown now: the game on the table, the game being set up, or the
    /// table between games.
    pub(super) fn table_now(&self) -> TableNow {
        if let Some(table) = self.game_now() {
            return table;
        }
        let context = self.shared.context(self.chrome.window);
        let mut table = TableNow::between_games();
        match &self.screen {
            Screen::Setup(setup) => {
                let now = setup.lobby(&context.settings.known_players);
                table.game = now.game;
                table.glance.players = now.players;
                table.glance.parent = Some(now.parent);
                table.lobby = Some(now.lobby);
            }
            _ => table.saved = self.phones.as_ref().and_then(|p| p.saved.clone()),
        }
        table.stamp_between_games();
        table
    }

    /// What the phones are shown of the game on the table, if there is one.
    fn game_now(&self) -> Option<TableNow> {
        let live = self.shared.live.as_deref()?;
        let game = live.game();
        let rev = live.journaled_ops() as u64;
        let sheet_open = self.screen.sheet_open(game);
        let target = self.shared.settings.turn_target_secs;
        let mut table = TableNow::of_game(game, self.shared.now, sheet_open, rev, target);
        if let Some(phones) = &self.phones {
            table.answers = phones.answers.clone();
            table.turn_refused = (phones.turn_refused.clone())
                .filter(|(when, _)| *when == rev)
                .map(|(_, text)| text);
        }
        Some(table)
    }

    /// Keeps the server to the table's choice, and shows it the table as it is now. Runs
    /// after every message: with the phones off it does nothing else. The server runs while
    /// the phones are on, between games too (the phones join a game being set up, and hear
    /// that the last one is saved); stopping it never waits on its clients (see
    /// [`PhonesServer::stop`]).
    pub(super) fn phones_follow_the_table(&mut self) {
        let on = self.shared.settings.phones && matches!(self.shared.data, Data::Writable { .. });
        if !on {
            // Stops the server: no client is waited on (see `PhonesServer`'s drop).
            self.phones = None;
            return;
        }
        let game = (self.shared.live.as_deref()).map(|live| live.game().id().to_string());
        let serving = self.phones.as_ref().map(|p| p.game.clone());
        if serving != Some(game.clone()) {
            self.serve_phones_for(game);
        }
        let table = self.table_now();
        if let Some(phones) = &mut self.phones {
            phones.setting_up = table.lobby.is_some();
            phones.server.publish(table);
        }
        self.keep_phones_seats();
    }

    /// The key the phones' address holds for `game` (see [`phones::secret_for`]).
    fn phones_secret(&self, game: Option<&str>) -> Result<Secret, String> {
        let Data::Writable { dir, .. } = &self.shared.data else {
            return Err(String::new());
        };
        phones::secret_for(dir, game).map_err(|e| e.to_string())
    }

    /// Serves `game` (or the table between games): the same server when the address stays
    /// the same (a game set up with the phones on starts, a game is saved), else a new one.
    fn serve_phones_for(&mut self, game: Option<String>) {
        let secret = match self.phones_secret(game.as_deref()) {
            Ok(secret) => secret,
            Err(error) => return self.phones_failed(error),
        };
        match &mut self.phones {
            Some(phones) if phones.secret == secret => {
                // The game the phones joined keeps their seats; any other (resumed, or begun
                // with the phones off) has its own, as last kept beside its journal.
                let joined_here = phones.setting_up && game.is_some();
                if !joined_here
                    && let (Some(id), Data::Writable { dir, .. }) = (&game, &self.shared.data)
                {
                    phones.server.seats_for_another_game(&dir.phones_seats(id));
                }
                phones.game = game;
                phones.kept_seats = Vec::new();
                phones.answers = Vec::new();
                phones.turn_refused = None;
            }
            _ => {
                self.phones = None;
                self.start_phones(game, secret);
            }
        }
    }

    fn phones_failed(&mut self, error: String) {
        self.phones = None;
        self.shared.settings.phones = false;
        let text = Text::new("phones.failed").arg("error", error);
        self.error(text.render(self.shared.locale));
    }

    fn start_phones(&mut self, game: Option<String>, secret: Secret) {
        let Data::Writable { dir, .. } = &self.shared.data else {
            return;
        };
        let seats = (game.as_deref()).map_or_else(Vec::new, |game| dir.phones_seats(game));
        let table = self.table_now();
        let (inbox, to_app) = Inbox::new();
        let port = self.shared.settings.phones_port.unwrap_or(DEFAULT_PORT);
        let config = |port| Config {
            ip: self.phones_ip,
            port,
            secret: secret.clone(),
            any_network: self.shared.settings.phones_any_network,
            limits: self.phones_limits,
            seats: seats.clone(),
        };
        // The port asked for before (or the default); when another program holds it, any.
        let started = PhonesServer::start(config(port), table.clone(), to_app.clone())
            .or_else(|_| PhonesServer::start(config(0), table, to_app));
        match started {
            Ok(server) => {
                let port = server.address().port();
                if self.shared.settings.phones_port != Some(port) {
                    self.shared.settings.phones_port = Some(port);
                    self.save_settings();
                }
                let url = phones::shown_address(self.phones_ip)
                    .map(|ip| phones::page_url(ip, port, &secret));
                self.phones = Some(Phones {
                    server,
                    game,
                    secret,
                    qr: url.as_deref().and_then(Qr::new),
                    url,
                    inbox,
                    answers: Vec::new(),
                    turn_refused: None,
                    kept_seats: seats,
                    saved: None,
                    setting_up: false,
                });
            }
            Err(error) => self.phones_failed(error.to_string()),
        }
    }

    /// The Phones panel, over the screen.
    pub(super) fn phones_overlay(&self) -> Element<'_, Message> {
        let l = self.shared.locale;
        let on = self.shared.settings.phones;
        // Close stays in sight on top, whatever the panel holds below it (it scrolls).
        let header = row![
            container(widgets::title(l.tr("phones.title"))).width(Length::Fill),
            widgets::action(
                l.tr("phones.close"),
                Some(Message::Phones(PanelMessage::Close)),
            ),
        ]
        .spacing(style::SPACING)
        .align_y(iced::Alignment::Center);
        let mut body = column![widgets::switch(l.tr("phones.switch"), on, |on| {
            Message::Phones(PanelMessage::Switch(on))
        })]
        .spacing(style::SPACING);
        match &self.phones {
            Some(phones) if on => {
                body = body.push(self.phones_joined(phones));
                body = body.push(self.phones_safety());
            }
            _ => body = body.push(text(l.tr("phones.off_help")).size(style::TEXT)),
        }
        let card = widgets::panel(column![header, widgets::scroll(body)].spacing(style::SPACING))
            .max_width(style::width::COLUMN_NARROW * 1.5);
        container(card)
            .center(Length::Fill)
            .padding(style::PADDING)
            .style(|_theme: &Theme| container::Style {
                background: Some(style::SCRIM.into()),
                ..container::Style::default()
            })
            .into()
    }

    /// Who sits in `seat` (and their colour, in a game): of the game on the table, or of the
    /// game being set up.
    fn seat_player(&self, seat: Seat) -> Option<(String, Option<crate::session::Colour>)> {
        match (self.shared.live.as_deref(), &self.screen) {
            (Some(live), _) => {
                let player = live.game().players().get(seat)?;
                Some((player.name.clone(), Some(player.colour)))
            }
            (None, Screen::Setup(setup)) => Some((setup.name_of(seat)?.to_string(), None)),
            _ => None,
        }
    }

    /// The code the phones scan and its address, while the phones are on.
    pub(super) fn phones_code(&self) -> Option<super::screen::PhonesCode<'_>> {
        let phones = self.phones.as_ref()?;
        Some(super::screen::PhonesCode {
            qr: phones.qr.as_ref(),
            url: phones.url.as_deref(),
        })
    }

    /// The phones asking the table for a seat no phone holds, each with Let it and Refuse:
    /// across the top of the window, over whatever screen is up, until the table answers or
    /// the ask lapses.
    pub(super) fn asks_bar(&self) -> Option<Element<'_, Message>> {
        let l = self.shared.locale;
        let asks = self.phones.as_ref()?.server.asks();
        if asks.is_empty() {
            return None;
        }
        let name = |seat: Seat| self.seat_player(seat).map(|(name, _)| name);
        let mut list = column![].spacing(style::space::ITEM);
        for ask in asks {
            let Some(player) = name(ask.seat) else {
                continue;
            };
            let sentence = Text::new("phones.asks")
                .arg("player", player)
                .arg("address", ask.address.to_string());
            let answer = |seat, phone: &str, give| {
                let phone = phone.to_string();
                Message::Phones(match give {
                    true => PanelMessage::Let { seat, phone },
                    false => PanelMessage::Refuse { seat, phone },
                })
            };
            list = list.push(
                row![
                    text(style::drawable(&sentence.render(l)).into_owned())
                        .size(style::TEXT)
                        .width(Length::Fill),
                    widgets::action(l.tr("phones.let"), Some(answer(ask.seat, &ask.phone, true))),
                    widgets::action(
                        l.tr("phones.refuse"),
                        Some(answer(ask.seat, &ask.phone, false))
                    )
                    .style(iced::widget::button::secondary),
                ]
                .spacing(style::SPACING)
                .align_y(iced::Alignment::Center),
            );
        }
        let card = (widgets::toast(list, |p| p.primary.weak))
            .width(Length::Fill)
            .max_width(style::width::TOAST * 1.4);
        Some(
            container(iced::widget::opaque(card))
                .padding(style::PADDING)
                .align_x(iced::alignment::Horizontal::Center)
                .width(Length::Fill)
                .into(),
        )
    }

    /// The code, the address, and the phones that joined.
    fn phones_joined<'a>(&'a self, phones: &'a Phones) -> Element<'a, Message> {
        let l = self.shared.locale;
        let code: Element<'a, Message> = match (&phones.qr, &phones.url) {
            (Some(qr), _) => canvas(qr)
                .width(Length::Fixed(QR_SIDE))
                .height(Length::Fixed(QR_SIDE))
                .into(),
            (None, _) => text(l.tr("phones.no_network"))
                .size(style::TEXT)
                .color(style::WARNING)
                .into(),
        };
        let mut about =
            column![text(l.tr("phones.help")).size(style::TEXT)].spacing(style::space::ITEM);
        if let Some(url) = &phones.url {
            about = about.push(
                text(Text::new("phones.address").arg("url", url).render(l))
                    .size(style::TEXT)
                    .font(style::BOLD),
            );
        }
        about = about.push(
            text(l.tr("phones.plain_http"))
                .size(style::SMALL)
                .color(style::WARNING),
        );
        let list = phones.server.phones();
        let mut joined = column![].spacing(style::space::CLOSE);
        if list.is_empty() {
            joined = joined.push(text(l.tr("phones.none")).size(style::TEXT));
        }
        for phone in list {
            joined = joined.push(self.phone_row(phone));
        }
        column![row![code, about].spacing(style::SPACING), joined]
            .spacing(style::SPACING)
            .into()
    }

    /// New code (and what it does, beside what Drop does), and who may reach the table.
    fn phones_safety(&self) -> Element<'_, Message> {
        let l = self.shared.locale;
        // Not the panel's main act: every phone will have to scan again.
        let new_code = widgets::action(
            l.tr("phones.new_code"),
            Some(Message::Phones(PanelMessage::NewCode)),
        )
        .style(iced::widget::button::secondary);
        column![
            new_code,
            text(l.tr("phones.new_code_help")).size(style::SMALL),
            widgets::switch(
                l.tr("phones.any_network"),
                self.shared.settings.phones_any_network,
                |any| Message::Phones(PanelMessage::AnyNetwork(any)),
            ),
        ]
        .spacing(style::space::ITEM)
        .into()
    }

    fn phone_row(&self, phone: PhoneInfo) -> Element<'_, Message> {
        let l = self.shared.locale;
        let (label, colour) = match phone.seat.and_then(|seat| self.seat_player(seat)) {
            Some((name, colour)) => (
                Text::new("phones.seat").arg("player", name).render(l),
                colour.map(style::marker),
            ),
            None => (l.tr("phones.watching"), None),
        };
        row![
            text(label)
                .size(style::TEXT)
                .color_maybe(colour)
                .width(Length::Fill),
            text(phone.address.to_string()).size(style::SMALL),
            widgets::action(
                l.tr("phones.drop"),
                Some(Message::Phones(PanelMessage::Drop(phone.id)))
            )
            .style(iced::widget::button::danger),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center)
        .into()
    }
}
