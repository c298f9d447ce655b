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
use super::screen::Action;
use super::{App, Message, style, widgets};
use crate::i18n::Text;
use crate::phones::{
    self, Config, DEFAULT_PORT, EntryAnswer, PhoneInfo, PhoneMessage, PhonesServer, Secret,
    TableNow,
};
use crate::session::{Stage, TableEvent};
use crate::store::LiveError;
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
}

/// The server while it runs, for the game it serves.
pub(super) struct Phones {
    server: PhonesServer,
    /// The id of the game on the table it serves.
    game: String,
    /// The address a phone opens; `None` when this computer has no network address.
    url: Option<String>,
    qr: Option<Qr>,
    inbox: Inbox,
    /// The app's answers to each seat's last few entries, shown on that phone.
    answers: Vec<Vec<EntryAnswer>>,
    /// Why the app refused the last action a phone took on its cards, in the table's state
    /// it was refused in: shown on the phone until the table changes.
    turn_refused: Option<(u64, Text)>,
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

/// The answers a phone is shown at most (the page sends a few fields at once).
const ANSWERS: usize = 8;

impl Phones {
    /// Keeps the app's answer to an entry of `seat` for its phone, with the last few others.
    fn answer(&mut self, seat: Seat, answer: EntryAnswer) {
        if self.answers.len() <= seat {
            self.answers.resize(seat + 1, Vec::new());
        }
        let answers = &mut self.answers[seat];
        answers.push(answer);
        if answers.len() > ANSWERS {
            answers.remove(0);
        }
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
            }
            PanelMessage::NewCode => self.new_phones_code(),
            PanelMessage::AnyNetwork(any) => {
                self.shared.settings.phones_any_network = any;
                self.save_settings();
                if let Some(phones) = &self.phones {
                    phones.server.set_any_network(any);
                }
            }
        }
        Task::none()
    }

    /// A fresh secret, written beside the journal first (a resumed game keeps the new one),
    /// then handed to the running server: the old address is dead from then on.
    fn new_phones_code(&mut self) {
        let (Some(phones), Data::Writable { dir, .. }) = (&mut self.phones, &self.shared.data)
        else {
            return;
        };
        let secret = Secret::generate();
        if let Err(error) = dir.renew_phones_key(&phones.game, secret.as_str().to_string()) {
            let text = Text::new("phones.failed").arg("error", error.to_string());
            self.error(text.render(self.shared.locale));
            return;
        }
        phones.server.change_secret(secret.clone());
        let port = phones.server.address().port();
        phones.url = phones::lan_address().map(|ip| phones::page_url(ip, port, &secret));
        phones.qr = phones.url.as_deref().and_then(Qr::new);
        self.tell(Text::new("phones.new_code_done"));
    }

    /// What a phone asked, checked again against the game as it is now (the server checked
    /// it against what it last showed), and applied as the window's own tap would be. A
    /// request made in another state of the table (before an Undo, a double tap, a late one)
    /// changes nothing.
    pub(super) fn phone_asked(&mut self, message: PhoneMessage) -> Task<Message> {
        let Some(live) = self.shared.live.as_deref() else {
            return Task::none();
        };
        let game = live.game();
        let rev_now = live.journaled_ops() as u64;
        match message {
            PhoneMessage::Done { seat, rev } => {
                let glance = game.glance(self.shared.now);
                if rev == rev_now && glance.playing() && glance.current == Some(seat) {
                    return self.perform(Action::Apply(game.next_turn_event()));
                }
                Task::none()
            }
            PhoneMessage::Pause { paused, rev, .. } => {
                if rev == rev_now && game.clock().is_paused() != paused {
                    return self.perform(Action::Apply(game.toggle_pause_event()));
                }
                Task::none()
            }
            PhoneMessage::Enter { seat, id, entry } => {
                let sheet_open = self.screen.sheet_open();
                let refused = match game.seat_entry(seat, &entry, sheet_open) {
                    Ok(Some(event)) => self.phone_writes(seat, event).err(),
                    Ok(None) => None,
                    Err(refused) => Some(refused.text()),
                };
                if let Some(phones) = &mut self.phones {
                    phones.answer(seat, EntryAnswer { id, refused });
                }
                Task::none()
            }
            PhoneMessage::Turn { seat, rev, action } => {
                if rev != rev_now {
                    return Task::none();
                }
                let refused = match game.turn_action(seat, &action) {
                    Ok(event) => self.phone_writes(seat, event).err(),
                    Err(rule) => Some(rule.text()),
                };
                if let Some(phones) = &mut self.phones {
                    phones.turn_refused = refused.map(|text| (rev_now, text));
                }
                Task::none()
            }
            PhoneMessage::TogetherReady { seat } => {
                if game.clock().waits_for(seat) {
                    let event = game.together_ready_event(seat);
                    let _ = self.phone_writes(seat, event);
                }
                Task::none()
            }
            PhoneMessage::Ready { seat, ready } => {
                let open =
                    self.screen.sheet_open() || game.glance(self.shared.now).stage == Stage::Over;
                if open && game.ready_seats().contains(&seat) != ready {
                    let event = game.ready_event(seat, ready);
                    let _ = self.phone_writes(seat, event);
                }
                Task::none()
            }
            PhoneMessage::Seated { from, to } => {
                let name = |seat: Seat| {
                    let players = game.players();
                    players
                        .get(seat)
                        .map(|p| p.name.clone())
                        .unwrap_or_default()
                };
                let text = match (from, to) {
                    (None, Some(to)) => Text::new("phones.took_seat").arg("player", name(to)),
                    (Some(from), Some(to)) => Text::new("phones.changed_seat")
                        .arg("from", name(from))
                        .arg("to", name(to)),
                    (Some(from), None) => Text::new("phones.left_seat").arg("player", name(from)),
                    (None, None) => return Task::none(),
                };
                self.tell(text);
                Task::none()
            }
        }
    }

    /// Applies an event a seat's own phone made, attributed to that phone in the journal, as
    /// the window's own would be; the screen drops what it had typed for that seat, so it
    /// shows the phone's value. The refusal's sentence goes back to the phone.
    fn phone_writes(&mut self, seat: Seat, event: TableEvent) -> Result<(), Text> {
        let now = self.shared.now;
        let learned = super::game::learned_card(&event);
        let live = self
            .shared
            .live
            .as_mut()
            .ok_or_else(|| Text::new("phone.entry_closed"))?;
        let result = live
            .apply_event(event.from_phone(seat), now)
            .unwrap_or(Ok(()));
        let answer = match &result {
            Ok(()) => Ok(()),
            Err(LiveError::Rule(rule)) => Err(rule.text()),
            Err(LiveError::Io(message)) => Err(Text::new("notice.not_saved").arg("error", message)),
        };
        if let Err(LiveError::Io(_)) = &result {
            // The table must know too: nothing more can be saved.
            self.report(result);
        } else if result.is_ok() {
            self.learn(learned);
            self.screen.phone_wrote(seat);
            self.follow_phase();
        }
        answer
    }

    /// What the phones are shown of the game on the table now.
    fn table_now(&self) -> Option<TableNow> {
        let live = self.shared.live.as_deref()?;
        let game = live.game();
        let sheet_open = self.screen.sheet_open();
        let glance = game.glance(self.shared.now);
        let turn_form = glance.current.and_then(|seat| game.turn_form(seat));
        Some(TableNow {
            game: game.name().clone(),
            glance,
            target_secs: self.shared.settings.turn_target_secs,
            rev: live.journaled_ops() as u64,
            forms: game.seat_forms(sheet_open),
            answers: self
                .phones
                .as_ref()
                .map(|p| p.answers.clone())
                .unwrap_or_default(),
            turn_form,
            turn_refused: (self.phones.as_ref())
                .and_then(|p| p.turn_refused.clone())
                .filter(|(rev, _)| *rev == live.journaled_ops() as u64)
                .map(|(_, text)| text),
        })
    }

    /// Keeps the server to the table's choice and its game, and shows it the table as it is
    /// now. Runs after every message: with the phones off it does nothing else. Stopping a
    /// server never waits on its clients (see [`PhonesServer::stop`]).
    pub(super) fn phones_follow_the_table(&mut self) {
        let game_id = self
            .shared
            .live
            .as_deref()
            .map(|live| live.game().id().to_string());
        let wanted = game_id.filter(|_| self.shared.settings.phones);
        let serving = self.phones.as_ref().map(|p| p.game.clone());
        if wanted != serving {
            // Stops the server: the port is free again before the next one starts, and no
            // client is waited on (see `PhonesServer`'s drop).
            self.phones = None;
            if let Some(game) = wanted {
                self.start_phones(game);
            }
        }
        if let (Some(phones), Some(table)) = (&self.phones, self.table_now()) {
            phones.server.publish(table);
        }
    }

    fn start_phones(&mut self, game_id: String) {
        let Data::Writable { dir, .. } = &self.shared.data else {
            return;
        };
        let Some(table) = self.table_now() else {
            return;
        };
        let secret = dir
            .phones_key(
                &game_id,
                || Secret::generate().as_str().to_string(),
                |text| Secret::parse(text).is_some(),
            )
            .map(|key| Secret::parse(&key).expect("the key was checked"));
        let (inbox, to_app) = Inbox::new();
        let port = self.shared.settings.phones_port.unwrap_or(DEFAULT_PORT);
        let any_network = self.shared.settings.phones_any_network;
        let started = secret.map_err(|e| e.to_string()).and_then(|secret| {
            let config = |port| Config {
                ip: self.phones_ip,
                port,
                secret: secret.clone(),
                any_network,
                limits: self.phones_limits,
            };
            // The port asked for before (or the default); when another program holds it, any.
            PhonesServer::start(config(port), table.clone(), to_app.clone())
                .or_else(|_| PhonesServer::start(config(0), table, to_app))
                .map(|server| (server, secret))
                .map_err(|e| e.to_string())
        });
        match started {
            Ok((server, secret)) => {
                let port = server.address().port();
                if self.shared.settings.phones_port != Some(port) {
                    self.shared.settings.phones_port = Some(port);
                    self.save_settings();
                }
                let url = phones::lan_address().map(|ip| phones::page_url(ip, port, &secret));
                self.phones = Some(Phones {
                    server,
                    game: game_id,
                    qr: url.as_deref().and_then(Qr::new),
                    url,
                    inbox,
                    answers: Vec::new(),
                    turn_refused: None,
                });
            }
            Err(error) => {
                self.shared.settings.phones = false;
                let text = Text::new("phones.failed").arg("error", error);
                self.error(text.render(self.shared.locale));
            }
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
        let player = (phone.seat).and_then(|seat| {
            self.shared
                .live
                .as_deref()?
                .game()
                .players()
                .get(seat)
                .cloned()
        });
        let (label, colour) = match player {
            Some(p) => (
                Text::new("phones.seat")
                    .arg("player", p.name.as_str())
                    .render(l),
                Some(style::marker(p.colour)),
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
