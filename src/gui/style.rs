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

pub const SPACING: f32 = 12.0;
pub const PADDING: f32 = 16.0;
/// Minimum height of a tap target.
pub const TAP: f32 = 44.0;

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
