//! The phones at the table, on the window's side: the Phones panel (on or off, the code to
//! scan, the phones that joined, Let it and Refuse for a phone asking for a seat), and the
//! window's end of the phones' requests (a subscription). The server, the seats, the address
//! and what a phone asks are the keeper's ([`crate::table::TableKeeper`]), as under `serve`:
//! the window turns the server on and off with the table's switch, and hands each request to
//! the keeper.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use iced::widget::{canvas, column, container, row, text};
use iced::{Element, Length, Subscription, Task, Theme};
use tokio::sync::mpsc;

use super::qr::Qr;
use super::{App, Message, style, widgets};
use crate::i18n::Text;
use crate::phones::{PhoneInfo, PhoneMessage, TableNow};
use crate::table::PhonesPlace;
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

/// The window's side of the phones while the keeper's server runs: the address shown and its
/// code, and where the requests wait.
pub(super) struct Phones {
    /// The address a phone opens; `None` when this computer has no network address.
    url: Option<String>,
    qr: Option<Qr>,
    inbox: Inbox,
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
        let keeper = &mut self.common.keeper;
        match message {
            PanelMessage::Open => self.chrome.phones = true,
            PanelMessage::Close => self.chrome.phones = false,
            PanelMessage::Switch(on) => keeper.change_settings(|settings| settings.phones = on),
            PanelMessage::Drop(id) => keeper.drop_phone(&id),
            PanelMessage::NewCode => keeper.new_phones_code(),
            PanelMessage::AnyNetwork(any) => keeper.phones_any_network(any),
            PanelMessage::Let { seat, phone } => keeper.let_seat(seat, &phone),
            PanelMessage::Refuse { seat, phone } => keeper.refuse_seat(seat, &phone),
        }
        self.hear_the_keeper();
        Task::none()
    }

    /// What a phone asked, handed to the keeper with what the window shows of the sheet (a
    /// phone's entries and Finish read it), then followed as a tap would be.
    pub(super) fn phone_asked(&mut self, message: PhoneMessage) -> Task<Message> {
        self.show_the_keeper_the_sheet();
        let happened = self.common.keeper.asked(message, self.common.now);
        self.follow(happened);
        Task::none()
    }

    /// Tells the keeper whether this window shows the score sheet, and what it holds typed and
    /// not saved.
    fn show_the_keeper_the_sheet(&mut self) {
        let (shown, unsaved) = match self.common.keeper.game() {
            Some(game) => (self.screen.sheet_open(game), self.screen.unsaved(game)),
            None => (false, None),
        };
        self.common.keeper.show_sheet(shown, unsaved);
    }

    /// What the phones are shown now (tests read its state).
    pub(super) fn table_now(&self) -> TableNow {
        self.common.keeper.table_now(self.common.now)
    }

    /// Keeps the keeper's server to the table's switch, and has it show the phones the table as
    /// it is now. Runs after every message: with the phones off it does nothing else. The
    /// server runs while the phones are on, between games too (the phones join a game being
    /// set up, and hear that the last one is saved); stopping it never waits on its clients
    /// (see [`crate::phones::PhonesServer::stop`]).
    pub(super) fn phones_follow_the_table(&mut self) {
        let keeper = &mut self.common.keeper;
        if !(keeper.settings().phones && keeper.writable()) {
            if self.phones.take().is_some() {
                keeper.stop_phones();
            }
            return;
        }
        if self.phones.is_none() {
            let (inbox, to_app) = Inbox::new();
            let place = PhonesPlace {
                ip: self.phones_ip,
                port: None,
                limits: self.phones_limits,
            };
            if let Err(error) =
                keeper.start_phones(place, &crate::phones::connect(to_app), self.common.now)
            {
                return self.phones_failed(error);
            }
            self.phones = Some(Phones {
                url: None,
                qr: None,
                inbox,
            });
        }
        self.show_the_keeper_the_sheet();
        self.common.keeper.phones_follow_the_table(self.common.now);
        // The address changes with a new code, or a game that has its own.
        let url = self.common.keeper.phones_url();
        if let Some(phones) = &mut self.phones
            && (phones.url != url || phones.qr.is_none())
        {
            phones.qr = url.as_deref().and_then(Qr::new);
            phones.url = url;
        }
        self.hear_the_keeper();
    }

    fn phones_failed(&mut self, error: String) {
        self.phones = None;
        self.common.keeper.stop_phones();
        (self.common.keeper).change_settings(|settings| settings.phones = false);
        let text = Text::new("phones.failed").arg("error", error);
        self.error(text.render(self.common.locale));
    }

    /// The phones' page on this machine, at the IPv4 loopback address (RFC 1122, 3.2.1.3:
    /// 127.0.0.0/8 never leaves the host), while the server runs: what a test opens.
    pub fn phones_local_url(&self) -> Option<String> {
        let server = self
            .common
            .keeper
            .phones_link()
            .and_then(crate::phones::server_of)?;
        let port = server.address().port();
        let here = std::net::Ipv4Addr::LOCALHOST;
        Some(format!("http://{here}:{port}{}", server.path()))
    }

    /// The address the Phones panel shows and its code holds, while the server runs.
    pub fn phones_shown_url(&self) -> Option<String> {
        self.phones.as_ref()?.url.clone()
    }

    /// The Phones panel, over the screen.
    pub(super) fn phones_overlay(&self) -> Element<'_, Message> {
        let l = self.common.locale;
        let on = self.common.keeper.settings().phones;
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
        let l = self.common.locale;
        let asks = self
            .common
            .keeper
            .phones_link()
            .and_then(crate::phones::server_of)?
            .asks();
        if asks.is_empty() {
            return None;
        }
        let name = |seat: Seat| self.common.keeper.seat_player(seat).map(|(name, _)| name);
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
        let l = self.common.locale;
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
        let list = (self
            .common
            .keeper
            .phones_link()
            .and_then(crate::phones::server_of))
        .map_or_else(Vec::new, |s| s.phones());
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
        let l = self.common.locale;
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
                self.common.keeper.settings().phones_any_network,
                |any| Message::Phones(PanelMessage::AnyNetwork(any)),
            ),
        ]
        .spacing(style::space::ITEM)
        .into()
    }

    fn phone_row(&self, phone: PhoneInfo) -> Element<'_, Message> {
        let l = self.common.locale;
        let (label, colour) = match phone
            .seat
            .and_then(|seat| self.common.keeper.seat_player(seat))
        {
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
