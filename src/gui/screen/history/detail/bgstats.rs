//! A finished game sent to BG Stats: its push link as a QR code a phone at the table scans,
//! and the link itself to copy (for BG Stats on this computer, or to send on).

use iced::widget::{canvas, column, row, text};
use iced::{Element, Length};

use super::Message;
use crate::export::{BgStatsContext, bgstats_link};
use crate::gui::qr::Qr;
use crate::gui::{style, widgets};
use crate::i18n::Locale;
use crate::session::summary::HistoryEntry;

/// The QR code's side: large enough for a phone's camera from arm's length.
const QR_SIDE: f32 = 400.0;

#[derive(Debug)]
pub struct Push {
    link: String,
    /// `None`: the play holds more than a QR code can (the link can still be copied).
    qr: Option<Qr>,
    copied: bool,
}

impl Push {
    pub fn new(entry: &HistoryEntry, context: &BgStatsContext) -> Push {
        let link = bgstats_link(entry, context);
        Push {
            qr: Qr::new(&link),
            link,
            copied: false,
        }
    }

    /// The link, for the clipboard; the panel says it was copied.
    pub fn copy(&mut self) -> String {
        self.copied = true;
        self.link.clone()
    }

    pub fn view<'a>(&'a self, l: Locale) -> Element<'a, Message> {
        let code: Element<'a, Message> = match &self.qr {
            Some(qr) => canvas(qr)
                .width(Length::Fixed(QR_SIDE))
                .height(Length::Fixed(QR_SIDE))
                .into(),
            None => text(l.tr("detail.bgstats_too_long"))
                .size(style::TEXT)
                .color(style::WARNING)
                .into(),
        };
        let copy = row![
            widgets::action(l.tr("detail.bgstats_copy"), Some(Message::CopyLink))
                .style(style::plain),
            text(if self.copied {
                l.tr("detail.bgstats_copied")
            } else {
                String::new()
            })
            .size(style::TEXT),
        ]
        .spacing(style::space::ITEM)
        .align_y(iced::Alignment::Center);
        widgets::panel(
            row![
                code,
                column![
                    widgets::title(l.tr("detail.bgstats_title")),
                    text(l.tr("detail.bgstats_help")).size(style::TEXT),
                    copy,
                ]
                .spacing(style::space::ITEM),
            ]
            .spacing(style::SPACING),
        )
        .into()
    }
}
