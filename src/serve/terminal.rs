//! The table's code in a terminal: the QR code the phones scan, drawn with half blocks (two
//! rows of modules a line), dark on light whatever the terminal's colours, with the quiet zone
//! the standard asks for. Drawn only on a terminal: a service's log gets the address alone.

/// The light margin around the code, in modules (ISO/IEC 18004 asks for four).
const QUIET: usize = 4;

/// Black on bright white, then back to the terminal's own colours.
const DARK_ON_LIGHT: &str = "\x1b[30;107m";
const RESET: &str = "\x1b[0m";

/// The QR code for `text` as lines for a terminal, or `None` if it holds more than a code can.
pub fn qr_lines(text: &str) -> Option<Vec<String>> {
    // Level L, as the window's: shown on a screen, so little of it can be damaged.
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::L).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let side = width + 2 * QUIET;
    let dark = |x: usize, y: usize| {
        let inside = (QUIET..QUIET + width).contains(&x) && (QUIET..QUIET + width).contains(&y);
        inside && colors[(y - QUIET) * width + (x - QUIET)] == qrcode::Color::Dark
    };
    let lines = (0..side.div_ceil(2))
        .map(|row| {
            let cells: String = (0..side)
                .map(|x| match (dark(x, 2 * row), dark(x, 2 * row + 1)) {
                    (true, true) => '█',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (false, false) => ' ',
                })
                .collect();
            format!("{DARK_ON_LIGHT}{cells}{RESET}")
        })
        .collect();
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines back into a picture, each module 4×4 pixels, and read by a QR decoder that is
    /// not the encoder that made it.
    fn decode(lines: &[String]) -> String {
        const SCALE: usize = 4;
        let rows: Vec<Vec<char>> = (lines.iter())
            .map(|l| {
                l.trim_start_matches(DARK_ON_LIGHT)
                    .trim_end_matches(RESET)
                    .chars()
                    .collect()
            })
            .collect();
        let width = rows[0].len() * SCALE;
        let height = rows.len() * 2 * SCALE;
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
            let cell = rows[y / (2 * SCALE)][x / SCALE];
            let top = (y / SCALE).is_multiple_of(2);
            let dark = match cell {
                '█' => true,
                '▀' => top,
                '▄' => !top,
                _ => false,
            };
            if dark { 0 } else { 255 }
        });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "one code in the picture");
        grids[0].decode().expect("the code reads").1
    }

    #[test]
    fn the_terminal_code_reads_back_as_the_address() {
        // A table's address on a home network: a host in 192.168.0.0/16, one of the blocks
        // RFC 1918 section 3 sets aside for private networks
        // (https://www.rfc-editor.org/rfc/rfc1918#section-3), as a phone at the table sees it.
        let url = "http://192.168.1.20:8787/t/abcdefghijklmnopqrstuvwx";
        let lines = qr_lines(url).expect("an address fits a code");
        assert_eq!(decode(&lines), url);
        // Dark on light whatever the terminal's colours, and every line back to its own.
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with(DARK_ON_LIGHT) && l.ends_with(RESET))
        );
    }

    #[test]
    fn text_too_long_for_a_code_is_none() {
        assert!(qr_lines(&"x".repeat(8000)).is_none());
    }
}
