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
/// The live clock.
pub const HUGE: f32 = 60.0;

/// Between groups on a screen.
pub const SPACING: f32 = 12.0;
/// Around a screen or a panel.
pub const PADDING: f32 = 16.0;

/// Inside a button: text to edge, vertical then horizontal.
pub const BUTTON_PADDING: [f32; 2] = [10.0, 16.0];
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
    /// A label column beside its controls.
    pub const LABEL: f32 = 220.0;
    /// A wide text field (a note, a correction).
    pub const FIELD_WIDE: f32 = 240.0;
    /// The widest a screen's readable column grows.
    pub const COLUMN_NARROW: f32 = 640.0;
    pub const COLUMN: f32 = 720.0;
    pub const COLUMN_WIDE: f32 = 900.0;
}
/// Minimum height of a tap target.
pub const TAP: f32 = 44.0;

/// Behind a dialog: dims the screen under it.
pub const SCRIM: Color = Color::from_rgba(0.0, 0.0, 0.0, 0.45);
pub const WARNING: Color = Color::from_rgb(0.85, 0.33, 0.10);
/// The winner's star, and the suggested first habitat.
pub const WINNER: Color = Color::from_rgb(0.90, 0.65, 0.05);
pub const DERIVED: Color = Color::from_rgb(0.35, 0.55, 0.75);

/// The colour of a player's marker.
pub fn marker(colour: Colour) -> Color {
    match colour {
        Colour::Red => Color::from_rgb8(0xd6, 0x45, 0x41),
        Colour::Blue => Color::from_rgb8(0x3a, 0x77, 0xc2),
        Colour::Yellow => Color::from_rgb8(0xe3, 0xb0, 0x0b),
        Colour::Green => Color::from_rgb8(0x46, 0x9a, 0x3c),
        Colour::Purple => Color::from_rgb8(0x8e, 0x5b, 0xb5),
        Colour::Orange => Color::from_rgb8(0xe6, 0x7e, 0x22),
        Colour::Pink => Color::from_rgb8(0xd9, 0x6c, 0xa8),
        Colour::Grey => Color::from_rgb8(0x80, 0x80, 0x80),
    }
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

pub fn theme(choice: crate::settings::ThemeChoice) -> Theme {
    match choice {
        crate::settings::ThemeChoice::Light => Theme::Light,
        crate::settings::ThemeChoice::Dark => Theme::Dark,
    }
}
