//! Text that came from a file (a player's name, a card, a label) shown where it could act: a
//! terminal runs escape sequences, a spreadsheet runs formulas. Both are neutralised here.

use std::borrow::Cow;

/// Characters a terminal would act on rather than show: controls (escape, bell, carriage
/// return, backspace, …) and the bidirectional overrides that reorder what is shown.
fn acts_in_a_terminal(c: char) -> bool {
    (c.is_control() && c != '\n') || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character a terminal would act on written out as an escape (`\u{1b}`), so
/// a name like "\u{8}\u{8}\u{8}Ben" shows as what it is. Line breaks are kept: the command
/// line's own output is made of lines.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts_in_a_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if acts_in_a_terminal(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A CSV cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
/// return first) gets a leading `'`, which spreadsheets show as text. A number stays a number,
/// so "-5" is still −5.
pub fn for_spreadsheet(cell: &str) -> Cow<'_, str> {
    let risky = cell
        .chars()
        .next()
        .is_some_and(|c| matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r'));
    if risky && crate::scoring::Points::parse(cell).is_none() {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_controls_are_shown_not_run() {
        assert_eq!(for_terminal("Aki"), "Aki");
        assert_eq!(for_terminal("\u{8}\u{8}Ben"), "\\u{8}\\u{8}Ben");
        assert_eq!(for_terminal("\u{1b}[2J\u{7}x\r"), "\\u{1b}[2J\\u{7}x\\u{d}");
        assert_eq!(for_terminal("a\u{202E}b"), "a\\u{202e}b");
        assert_eq!(for_terminal("line\nline"), "line\nline");
        assert_eq!(for_terminal("ベン"), "ベン");
    }

    #[test]
    fn formulas_become_text_and_numbers_stay_numbers() {
        assert_eq!(for_spreadsheet("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(for_spreadsheet("+1+1"), "'+1+1");
        assert_eq!(for_spreadsheet("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(for_spreadsheet("-5"), "-5");
        assert_eq!(for_spreadsheet("-2.5"), "-2.5");
        assert_eq!(for_spreadsheet("Aki"), "Aki");
    }
}
