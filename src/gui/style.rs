//! Fonts, sizes, spacing and colours in one place, so the whole app changes together.

use std::borrow::Cow;

use iced::font::Weight;
use iced::{Color, Font, Theme};

use crate::session::Colour;

/// The bundled font family (M PLUS 1, OFL): Latin and Japanese, the same on every machine.
/// Both weights the app uses are bundled, so no text is ever drawn in a system face: asked for a
/// weight the family lacks, the font system picks any installed face of that exact weight
/// (DejaVu Sans Bold on most Linux desktops) before the family's nearest one.
pub const FONT_REGULAR_BYTES: &[u8] = include_bytes!("../../assets/fonts/Mplus1-Regular.otf");
pub const FONT_BOLD_BYTES: &[u8] = include_bytes!("../../assets/fonts/Mplus1-Bold.otf");
pub const FONT: Font = Font::with_name("M PLUS 1");
/// Emphasis: headings, whose turn, the clock. Drawn from the bundled Bold face.
pub const BOLD: Font = Font {
    weight: Weight::Bold,
    ..FONT
};

/// Registers the bundled faces with iced's font system, once per process, before any text is
/// drawn. They are registered in place: iced's own `font(bytes)` copies each face onto the
/// heap (3.2 MB for the two), which the startup memory target cannot afford (BENCHMARKS.md).
pub fn load_fonts() {
    use iced::advanced::graphics::text::{cosmic_text::fontdb, font_system};
    use std::sync::{Arc, Once};

    static LOADED: Once = Once::new();
    LOADED.call_once(|| {
        let mut system = font_system()
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let db = system.raw().db_mut();
        for face in [FONT_REGULAR_BYTES, FONT_BOLD_BYTES] {
            db.load_font_source(fontdb::Source::Binary(Arc::new(face)));
        }
    });
}

/// `text` in glyphs the bundled font has. M PLUS 1 lacks the circled numbers the TERRAVIST
/// rulebook numbers its sheet with (①–⑳), so they are shown as (1)–(20): drawn by a system
/// font they would look different on every machine, and as boxes on one with no fonts.
pub fn drawable(text: &str) -> Cow<'_, str> {
    const CIRCLED: std::ops::RangeInclusive<char> = '①'..='⑳';
    if !text.chars().any(|c| CIRCLED.contains(&c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        if CIRCLED.contains(&c) {
            out.push_str(&format!("({})", c as u32 - '①' as u32 + 1));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Body text.
pub const TEXT: f32 = 18.0;
/// Secondary text: hints, units.
pub const SMALL: f32 = 15.0;
/// Section titles.
pub const TITLE: f32 = 24.0;
/// The round/turn marker and the current player: readable from 1.5 m.
pub const BIG: f32 = 44.0;
/// Whose turn, in a narrow window.
pub const BIG_COMPACT: f32 = 36.0;
/// The live clock.
pub const HUGE: f32 = 60.0;

/// Between groups on a screen.
pub const SPACING: f32 = 12.0;
/// Around a screen or a panel.
pub const PADDING: f32 = 16.0;

/// Inside a button: text to edge, vertical then horizontal.
pub const BUTTON_PADDING: [f32; 2] = [10.0, 16.0];
/// Inside a short button that sits in a row of its kind (a choice, a card's −/+): narrower
/// at the sides than [`BUTTON_PADDING`], as tall.
pub const CHIP_PADDING: [f32; 2] = [10.0, 12.0];
/// Around the table's header band (round, turn, whose turn, clock).
pub const HEADER_PADDING: [f32; 2] = [PADDING, 24.0];

/// The spacing scale below [`SPACING`]: every gap and padding inside a group is one of these.
pub mod space {
    /// A value and its unit, two lines of one label.
    pub const HAIR: f32 = 2.0;
    /// A label and its control; the buttons of a stepper.
    pub const TIGHT: f32 = 4.0;
    /// The items of a dense row (dice, chips, a card's details); a control's inner padding.
    pub const CLOSE: f32 = 6.0;
    /// The items of a row or a list.
    pub const ITEM: f32 = 8.0;
}

/// Fixed widths, so columns line up across rows.
pub mod width {
    /// A number field or a short number column.
    pub const NUMBER: f32 = 70.0;
    /// A number field that may hold a sign or a fraction.
    pub const NUMBER_WIDE: f32 = 80.0;
    /// A text field or a name column.
    pub const FIELD: f32 = 200.0;
    /// A date and time in small type ("2026-11-23 19:00"), or a game's name under it.
    pub const DATE: f32 = 140.0;
    /// A label column beside its controls.
    pub const LABEL: f32 = 220.0;
    /// A wide text field (a note, a correction).
    pub const FIELD_WIDE: f32 = 240.0;
    /// The widest a screen's readable column grows.
    pub const COLUMN_NARROW: f32 = 640.0;
    pub const COLUMN: f32 = 720.0;
    pub const COLUMN_WIDE: f32 = 900.0;
    /// A notice floating over the screen's corner.
    pub const TOAST: f32 = 560.0;
}
/// Below this width a screen stacks what it shows side by side when wider.
pub const NARROW: f32 = 1100.0;

/// Minimum height of a tap target.
pub const TAP: f32 = 44.0;
/// How far above the window's bottom edge a floating notice sits: over a footer of `rows` rows
/// of buttons (the page's padding, the buttons and the space between and above them), never on
/// it.
pub fn footer_clearance(rows: u16) -> f32 {
    let rows = f32::from(rows.max(1));
    PADDING + rows * TAP + (rows - 1.0) * space::ITEM + SPACING
}
/// The height of an on/off switch (its label beside it takes the tap too).
pub const SWITCH: f32 = 28.0;

/// Behind a dialog: dims the screen under it.
pub const SCRIM: Color = Color::from_rgba(0.0, 0.0, 0.0, 0.45);
pub const WARNING: Color = Color::from_rgb(0.85, 0.33, 0.10);
/// The winner's star, and the suggested first habitat.
pub const WINNER: Color = Color::from_rgb(0.90, 0.65, 0.05);
pub const DERIVED: Color = Color::from_rgb(0.35, 0.55, 0.75);

/// The colour of a player's marker.
pub fn marker(colour: Colour) -> Color {
    let [r, g, b] = colour.rgb();
    Color::from_rgb8(r, g, b)
}

/// The colour of score part `i` in the chart.
pub fn part(i: usize) -> Color {
    const PARTS: [Color; 8] = [
        Color::from_rgb(0.26, 0.55, 0.30),
        Color::from_rgb(0.55, 0.40, 0.70),
        Color::from_rgb(0.90, 0.60, 0.15),
        Color::from_rgb(0.55, 0.35, 0.20),
        Color::from_rgb(0.95, 0.80, 0.30),
        Color::from_rgb(0.30, 0.55, 0.80),
        Color::from_rgb(0.80, 0.30, 0.35),
        Color::from_rgb(0.45, 0.45, 0.45),
    ];
    PARTS[i % PARTS.len()]
}

/// The app's two looks, built once. A game table's colours rather than a form's: card stock
/// on a warm table in the light one, the felt at night in the dark one; the accents (success,
/// warning, danger) stay clear of the marker colours, so a player's colour only ever means
/// that player. Panels are the cards (`background.weak`, set here: iced derives it by
/// mixing toward the text colour, which turns warm colours muddy); plain buttons are sand
/// ([`plain`]).
pub fn theme(choice: crate::settings::ThemeChoice) -> Theme {
    use std::sync::LazyLock;
    static LIGHT: LazyLock<Theme> = LazyLock::new(|| {
        table_theme(
            "Tablekeeper light",
            iced::theme::Palette {
                background: Color::from_rgb8(0xf1, 0xeb, 0xdf),
                text: Color::from_rgb8(0x2a, 0x26, 0x22),
                primary: Color::from_rgb8(0x2f, 0x6b, 0x5e),
                success: Color::from_rgb8(0x2e, 0x7d, 0x4f),
                warning: Color::from_rgb8(0xc8, 0x74, 0x1a),
                danger: Color::from_rgb8(0xb0, 0x3a, 0x34),
            },
            Color::from_rgb8(0xfd, 0xfa, 0xf3),
        )
    });
    static DARK: LazyLock<Theme> = LazyLock::new(|| {
        table_theme(
            "Tablekeeper dark",
            iced::theme::Palette {
                background: Color::from_rgb8(0x1a, 0x20, 0x1d),
                text: Color::from_rgb8(0xec, 0xe6, 0xda),
                primary: Color::from_rgb8(0x3f, 0x8f, 0x7a),
                success: Color::from_rgb8(0x4d, 0x9a, 0x5e),
                warning: Color::from_rgb8(0xe0, 0x95, 0x3a),
                danger: Color::from_rgb8(0xc9, 0x55, 0x4d),
            },
            Color::from_rgb8(0x25, 0x2d, 0x29),
        )
    });
    match choice {
        crate::settings::ThemeChoice::Light => LIGHT.clone(),
        crate::settings::ThemeChoice::Dark => DARK.clone(),
    }
}

/// A theme from `palette` whose panels are `card`.
fn table_theme(name: &'static str, palette: iced::theme::Palette, card: Color) -> Theme {
    use iced::theme::palette::{Extended, Pair};
    Theme::custom_with_fn(name, palette, move |palette| {
        let mut extended = Extended::generate(palette);
        extended.background.weak = Pair::new(card, palette.text);
        extended
    })
}

/// A plain button (anything but the one step a screen is for, which is `button::primary`):
/// sand on the light table, moss on the dark one.
pub fn plain(theme: &Theme, status: iced::widget::button::Status) -> iced::widget::button::Style {
    use iced::widget::button::{Status, Style};
    let palette = theme.extended_palette();
    let [base, hovered] = if palette.is_dark {
        [
            Color::from_rgb8(0x36, 0x42, 0x3c),
            Color::from_rgb8(0x43, 0x50, 0x49),
        ]
    } else {
        [
            Color::from_rgb8(0xe2, 0xd8, 0xc6),
            Color::from_rgb8(0xd3, 0xc6, 0xaf),
        ]
    };
    let style = Style {
        background: Some(
            match status {
                Status::Hovered | Status::Pressed => hovered,
                _ => base,
            }
            .into(),
        ),
        text_color: palette.background.base.text,
        border: iced::border::rounded(4),
        ..Style::default()
    };
    match status {
        Status::Disabled => Style {
            background: style.background.map(|b| b.scale_alpha(0.5)),
            text_color: style.text_color.scale_alpha(0.45),
            ..style
        },
        _ => style,
    }
}
