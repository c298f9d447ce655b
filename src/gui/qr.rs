//! A QR code drawn with iced's canvas: black modules on white with the quiet zone the standard
//! asks for, whatever the theme (a phone's camera reads dark on light).

use iced::widget::canvas::{self, Frame, Geometry, Path};
use iced::{Color, Point, Rectangle, Renderer, Size, Theme, mouse};

/// The light margin around the code, in modules (ISO/IEC 18004 asks for four).
const QUIET: usize = 4;

/// A QR code's modules, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qr {
    width: usize,
    dark: Vec<bool>,
}

impl Qr {
    /// The code for `text`, or `None` if it holds more than a QR code can.
    pub fn new(text: &str) -> Option<Qr> {
        // Level L: the most data per module; the code is shown on a screen, not printed
        // on a box, so little of it can be damaged.
        let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::L).ok()?;
        Some(Qr {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect(),
        })
    }

    /// Modules across, the quiet zone included.
    fn span(&self) -> usize {
        self.width + 2 * QUIET
    }
}

impl<Message> canvas::Program<Message> for Qr {
    /// The drawn code, kept until the widget's size changes: a code holds thousands of
    /// modules, and the window redraws on every hover.
    type State = canvas::Cache;

    fn draw(
        &self,
        cache: &canvas::Cache,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        vec![cache.draw(renderer, bounds.size(), |frame| self.paint(frame))]
    }
}

impl Qr {
    fn paint(&self, frame: &mut Frame) {
        let side = frame.width().min(frame.height());
        // Whole pixels per module: a module that straddles pixels blurs into its neighbours.
        let module = (side / self.span() as f32).floor().max(1.0);
        let origin = ((side - module * self.span() as f32) / 2.0).floor();
        frame.fill_rectangle(Point::ORIGIN, Size::new(side, side), Color::WHITE);
        let dark = Path::new(|path| {
            for (i, _) in self.dark.iter().enumerate().filter(|(_, dark)| **dark) {
                let (x, y) = (i % self.width + QUIET, i / self.width + QUIET);
                path.rectangle(
                    Point::new(origin + x as f32 * module, origin + y as f32 * module),
                    Size::new(module, module),
                );
            }
        });
        frame.fill(&dark, Color::BLACK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_a_square_code_and_too_much_text_none() {
        let qr = Qr::new("https://example.org/?data=%7B%7D").unwrap();
        assert_eq!(qr.dark.len(), qr.width * qr.width);
        assert!(qr.dark.iter().any(|d| *d) && qr.dark.iter().any(|d| !*d));
        // The largest code (version 40, level L) holds 2953 bytes.
        assert!(Qr::new(&"x".repeat(2953)).is_some());
        assert!(Qr::new(&"x".repeat(2954)).is_none());
    }
}
