//! Small view helpers shared by the screens: labelled buttons, panels, durations.

use chrono::Duration;
use iced::widget::{button, container, text};
use iced::{Border, Element, Length, Theme};

use super::style;

/// A button with a text label, at least one tap tall.
pub fn action<'a, M: Clone + 'a>(
    label: impl text::IntoFragment<'a>,
    on_press: Option<M>,
) -> button::Button<'a, M> {
    button(text(label).size(style::TEXT))
        .padding(style::BUTTON_PADDING)
        .height(Length::Fixed(style::TAP))
        .on_press_maybe(on_press)
}

/// Two halves of a screen side by side, or one over the other in a narrow window (side by
/// side at 800 pixels, setup's name fields kept no width and the editor's a few characters).
pub fn halves<'a, M: 'a>(
    left: iced::widget::Column<'a, M>,
    right: iced::widget::Column<'a, M>,
    narrow: bool,
) -> Element<'a, M> {
    if narrow {
        iced::widget::column![left, right]
            .spacing(style::SPACING)
            .into()
    } else {
        iced::widget::row![
            left.width(Length::FillPortion(1)),
            right.width(Length::FillPortion(1))
        ]
        .spacing(style::SPACING)
        .into()
    }
}

/// An on/off switch with its label; a tap on the label turns it too.
pub fn switch<'a, M: Clone + 'a>(
    label: impl text::IntoFragment<'a>,
    on: bool,
    toggle: impl Fn(bool) -> M + 'a,
) -> Element<'a, M> {
    let flip = toggle(!on);
    iced::widget::row![
        iced::widget::toggler(on)
            .on_toggle(toggle)
            .size(style::SWITCH),
        button(text(label).size(style::TEXT))
            .padding([style::space::CLOSE, 0.0])
            .style(button::text)
            .on_press(flip),
    ]
    .spacing(style::space::ITEM)
    .align_y(iced::Alignment::Center)
    .into()
}

/// One of a set of choices (a level, a habitat, a colour of a kind): filled when chosen.
/// As tall as any tap target.
pub fn choice<'a, M: Clone + 'a>(
    label: impl text::IntoFragment<'a>,
    chosen: bool,
    on_press: M,
) -> button::Button<'a, M> {
    action(label, Some(on_press))
        .padding(style::CHIP_PADDING)
        .style(if chosen {
            button::primary
        } else {
            style::plain
        })
}

/// Undo and redo, each enabled only when there is something to take back or put back.
pub fn undo_redo<'a, M: Clone + 'a>(
    locale: crate::i18n::Locale,
    undo: Option<M>,
    redo: Option<M>,
) -> [button::Button<'a, M>; 2] {
    [
        action(locale.tr("table.undo"), undo).style(style::plain),
        action(locale.tr("table.redo"), redo).style(style::plain),
    ]
}

/// A vertical scroll whose bar sits beside the content, never over it (a floating bar
/// covered the players' names).
pub fn scroll<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
) -> iced::widget::scrollable::Scrollable<'a, M> {
    iced::widget::scrollable(content).spacing(style::space::TIGHT)
}

/// A panel framed in a player's marker colour: the table's header, in the colour of whoever's
/// turn it is, so the table sees it before it reads it.
pub fn panel_marked<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
    marker: iced::Color,
) -> container::Container<'a, M> {
    panel(content).style(move |theme: &Theme| {
        let style = panel_style(theme);
        container::Style {
            border: style.border.width(4.0).color(marker),
            ..style
        }
    })
}

/// A framed panel.
pub fn panel<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> container::Container<'a, M> {
    container(content)
        .padding(style::PADDING)
        .width(Length::Fill)
        .style(panel_style)
}

fn panel_style(theme: &Theme) -> container::Style {
    let palette = theme.extended_palette();
    container::Style {
        background: Some(palette.background.weak.color.into()),
        border: Border {
            radius: 8.0.into(),
            width: 1.0,
            color: palette.background.strong.color,
        },
        ..container::Style::default()
    }
}

/// Which of the theme's colour pairs tints a strip or a toast.
type Tint = fn(&iced::theme::palette::Extended) -> iced::theme::palette::Pair;

/// A pair's colour behind, its text colour on it.
fn tinted(theme: &Theme, pick: Tint) -> container::Style {
    let pair = pick(theme.extended_palette());
    container::Style {
        background: Some(pair.color.into()),
        text_color: Some(pair.text),
        border: Border {
            radius: 6.0.into(),
            ..Border::default()
        },
        ..container::Style::default()
    }
}

/// A tinted strip across the page (notices, banners); `pick` chooses the palette pair.
pub fn strip<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
    pick: Tint,
) -> container::Container<'a, M> {
    container(content)
        .padding([style::space::ITEM, style::PADDING])
        .width(Length::Fill)
        .style(move |theme: &Theme| tinted(theme, pick))
}

/// A card floating over the screen (a notice), tinted like a strip, with a shadow that lifts
/// it off what it covers.
pub fn toast<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
    pick: Tint,
) -> container::Container<'a, M> {
    container(content)
        .padding([style::space::ITEM, style::PADDING])
        .width(Length::Shrink)
        .style(move |theme: &Theme| {
            let style = tinted(theme, pick);
            let edge = style.text_color.unwrap_or_default().scale_alpha(0.25);
            container::Style {
                border: style.border.rounded(8).width(1.0).color(edge),
                shadow: iced::Shadow {
                    color: iced::Color::BLACK.scale_alpha(0.3),
                    offset: iced::Vector::new(0.0, 3.0),
                    blur_radius: 12.0,
                },
                ..style
            }
        })
}

/// A panel title.
pub fn title<'a>(label: impl text::IntoFragment<'a>) -> text::Text<'a> {
    text(label).size(style::TITLE).font(style::BOLD)
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub fn duration(d: Duration) -> String {
    let secs = d.num_seconds().max(0);
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A five-pointed star, drawn rather than typed: the bundled font has no ★, and a system font
/// would draw it differently on every machine (or as a box where there is none).
pub fn star<'a, M: 'a>(size: f32, colour: iced::Color) -> Element<'a, M> {
    iced::widget::canvas(Star { colour })
        .width(Length::Fixed(size))
        .height(Length::Fixed(size))
        .into()
}

struct Star {
    colour: iced::Color,
}

impl<M> iced::widget::canvas::Program<M> for Star {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &iced::Renderer,
        _theme: &Theme,
        bounds: iced::Rectangle,
        _cursor: iced::mouse::Cursor,
    ) -> Vec<iced::widget::canvas::Geometry> {
        use iced::widget::canvas::{Frame, Path};
        let mut frame = Frame::new(renderer, bounds.size());
        let centre = frame.center();
        let outer = bounds.width.min(bounds.height) / 2.0;
        let inner = outer * 0.42;
        let star = Path::new(|path| {
            for i in 0..10 {
                let radius = if i % 2 == 0 { outer } else { inner };
                let angle = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
                let point = iced::Point::new(
                    centre.x + radius * angle.cos(),
                    centre.y + radius * angle.sin(),
                );
                if i == 0 {
                    path.move_to(point);
                } else {
                    path.line_to(point);
                }
            }
            path.close();
        });
        frame.fill(&star, self.colour);
        vec![frame.into_geometry()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_like_a_clock() {
        assert_eq!(duration(Duration::seconds(0)), "0:00");
        assert_eq!(duration(Duration::seconds(75)), "1:15");
        assert_eq!(duration(Duration::seconds(3725)), "1:02:05");
        assert_eq!(duration(Duration::seconds(-5)), "0:00");
    }
}
