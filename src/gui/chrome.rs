//! What frames every screen: what it holds (the notice, the help, the table view, the window), the
//! notice bar, the keyboard shortcuts and their help overlay.

use iced::widget::{column, container, opaque, row, text};
use iced::{Element, Length, Theme};

use iced::keyboard::{self, Key, key::Named};

use super::screen::header::Intent;
use super::{App, Message, Notice, style, widgets};

/// What lies around and over the screen, and the window it fills.
pub(super) struct Chrome {
    pub(super) notice: Option<Notice>,
    /// A notice that goes by itself (a phone joined or left), and when: the words, so a newer
    /// notice is never taken down with it.
    pub(super) passing: Option<(chrono::DateTime<chrono::Utc>, String)>,
    pub(super) help: bool,
    /// The Phones panel is open over the screen.
    pub(super) phones: bool,
    /// The table view fills the window while a game is on the table (T toggles it).
    pub(super) table_view: bool,
    /// The window's size, as the window system last reported it: screens lay themselves out
    /// for it. (Read from resize events rather than measured in `view` with `responsive`,
    /// which rebuilt every screen inside layout and cost a third more per tap.)
    pub(super) window: iced::Size,
    /// Flips when what fills the window changes: the next frame is drawn whole.
    pub(super) repaint: bool,
}

impl App {
    /// The notice as a card floating over the bottom right corner, above the screen: it takes
    /// no room from the screen, so nothing under a finger moves when it comes or goes.
    pub(super) fn notice_toast<'a>(
        &self,
        notice: &'a Notice,
        footer_rows: u16,
    ) -> Element<'a, Message> {
        let content = row![
            // A refusal may name a profile part ("② Position cards"): drawn in the bundled font.
            // A path has no spaces to wrap at: it breaks anywhere rather than push Dismiss out.
            text(style::drawable(&notice.text))
                .size(style::TEXT)
                .wrapping(iced::widget::text::Wrapping::WordOrGlyph)
                .width(Length::Fill),
            widgets::action(
                self.common.locale.tr("action.dismiss"),
                Some(Message::DismissNotice)
            )
            .style(style::plain),
        ]
        .spacing(style::SPACING)
        .align_y(iced::Alignment::Center);
        let card = if notice.error {
            widgets::toast(content, |p| p.danger.weak)
        } else {
            widgets::toast(content, |p| p.success.weak)
        };
        // As wide as a notice may be: a shrinking card measured its text first and pushed
        // Dismiss out past its edge when a long path filled the line.
        // It floats above the footer's row of buttons (Start the game, Save, Back…), never over
        // it: a notice that says why Start was refused must leave Start to tap again.
        container(opaque(
            card.width(Length::Fill).max_width(style::width::TOAST),
        ))
        .padding(iced::Padding {
            bottom: style::footer_clearance(footer_rows),
            ..iced::Padding::new(style::PADDING)
        })
        .align_right(Length::Fill)
        .align_bottom(Length::Fill)
        .into()
    }

    pub(super) fn help_overlay(&self) -> Element<'_, Message> {
        let l = self.common.locale;
        // The keys as the language's keyboards name them (Strg, Umschalt, Leertaste).
        let line = |keys: &'static str, key: &'static str| {
            row![
                text(l.tr(keys))
                    .size(style::TEXT)
                    .font(style::BOLD)
                    .width(Length::Fixed(style::width::LABEL)),
                text(l.tr(key)).size(style::TEXT)
            ]
        };
        let card = widgets::panel(
            column![
                widgets::title(l.tr("help.title")),
                line("help.keys_next", "help.next"),
                line("help.keys_undo", "help.undo"),
                line("help.keys_redo", "help.redo"),
                line("help.keys_pause", "help.pause"),
                line("help.keys_help", "help.help"),
                line("help.keys_table_view", "help.table_view"),
                line("help.keys_fields", "help.fields"),
                line("help.keys_close", "help.close"),
                widgets::action(l.tr("action.close"), Some(Message::ToggleHelp)),
            ]
            .spacing(style::SPACING),
        )
        .max_width(style::width::COLUMN_NARROW);
        container(card)
            .center(Length::Fill)
            .style(|_theme: &Theme| container::Style {
                background: Some(style::SCRIM.into()),
                ..container::Style::default()
            })
            .into()
    }
}

/// The keyboard shortcuts (keys a text field takes never get here).
pub(super) fn shortcut(key: &Key, modifiers: keyboard::Modifiers) -> Option<Message> {
    match key.as_ref() {
        Key::Named(Named::Space) => Some(Message::Intent(Intent::Next)),
        // Tab and Shift+Tab move between the fields in reading order.
        Key::Named(Named::Tab) => Some(Message::Focus {
            back: modifiers.shift(),
        }),
        Key::Named(Named::F1) => Some(Message::ToggleHelp),
        Key::Named(Named::Escape) => Some(Message::Escape),
        Key::Character(c) if modifiers.command() && c.eq_ignore_ascii_case("z") => {
            Some(Message::Intent(if modifiers.shift() {
                Intent::Redo
            } else {
                Intent::Undo
            }))
        }
        Key::Character(c) if !modifiers.command() && c.eq_ignore_ascii_case("p") => {
            Some(Message::Intent(Intent::TogglePause))
        }
        Key::Character("?") => Some(Message::ToggleHelp),
        Key::Character(c) if !modifiers.command() && c.eq_ignore_ascii_case("t") => {
            Some(Message::Intent(Intent::TableView))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_moves_to_the_next_field_and_shift_tab_back() {
        let tab = Key::Named(Named::Tab);
        let forward = shortcut(&tab, keyboard::Modifiers::empty());
        assert!(matches!(forward, Some(Message::Focus { back: false })));
        let back = shortcut(&tab, keyboard::Modifiers::SHIFT);
        assert!(matches!(back, Some(Message::Focus { back: true })));
    }
}
