//! Text that came from a file (a player's name, a card, a label) shown where it could act: a
//! terminal runs escape sequences, a spreadsheet runs formulas. Both are neutralised here.

use std::borrow::Cow;

use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

/// Characters that show nothing, act, or break the line: every control (escape, bell, carriage
/// return, backspace, a line feed or a tab in a name, …), every format character (zero-width
/// spaces and joiners, marks and overrides of direction, the byte-order mark, the soft
/// hyphen, …) and the line and paragraph separators (U+2028, U+2029), as Unicode's general
/// categories Cc, Cf, Zl and Zp say. So two different names cannot look the same ("Aki" and
/// "A\u{200B}ki"), nor reorder or split the line they are shown in. Two format characters are
/// part of what they join: a zero-width joiner between two emoji (👨‍👩‍👧), and the tags that
/// spell a subdivision's flag after 🏴.
fn is_hidden(c: char, before: Option<char>, after: Option<char>) -> bool {
    let emoji = |c: Option<char>| c.is_some_and(|c| c.is_emoji_char() && !c.is_ascii());
    match c {
        '\u{200D}' => !(emoji(before) && emoji(after)),
        '\u{E0020}'..='\u{E007F}' => {
            !matches!(before, Some('\u{1F3F4}' | '\u{E0020}'..='\u{E007E}'))
        }
        _ => matches!(
            c.general_category(),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        ),
    }
}

/// The characters of `text`, each with whether it is hidden (see [`is_hidden`]).
fn marked(text: &str) -> impl Iterator<Item = (char, bool)> + '_ {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len()).map(move |i| {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        (chars[i], is_hidden(chars[i], before, after))
    })
}

/// The first character of `text` that shows nothing, acts, or breaks the line ([`is_hidden`]):
/// a name that holds one is refused wherever a name comes in (the setup, a phone, a paper
/// sheet, a backup), as it could pass for another or split the line it is shown in.
pub fn first_hidden(text: &str) -> Option<char> {
    marked(text).find(|(_, hidden)| *hidden).map(|(c, _)| c)
}

/// `text` with every character [`first_hidden`] would find left out.
pub fn without_hidden(text: &str) -> String {
    marked(text)
        .filter(|(_, hidden)| !hidden)
        .map(|(c, _)| c)
        .collect()
}

/// Why a new player's name is refused ([`name_problem`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// It holds a character that shows nothing, acts, breaks the line ([`first_hidden`]) or
    /// shows as a blank though Unicode calls it a letter or a mark ([`shows_blank`]).
    Hidden(char),
    /// More than [`MAX_MARKS`] combining marks on one letter: stacked marks run over the
    /// lines above and below it.
    Marks,
}

/// The most combining marks one letter takes in a name (Vietnamese takes two).
pub const MAX_MARKS: usize = 3;

/// Characters that show as a blank, or as nothing, though Unicode files them as letters or
/// marks, so [`first_hidden`] lets them through: the Hangul fillers (U+3164 makes "Ben" and
/// "Ben\u{3164}" two players who look the same), the braille blank, the combining grapheme
/// joiner, Mongolian and Khmer invisibles, and a variation selector that selects nothing (the
/// one after an emoji is part of it: ❤️).
fn shows_blank(c: char, before: Option<char>) -> bool {
    match c {
        '\u{034F}'
        | '\u{115F}'
        | '\u{1160}'
        | '\u{17B4}'
        | '\u{17B5}'
        | '\u{180B}'..='\u{180F}'
        | '\u{2800}'
        | '\u{3164}'
        | '\u{FFA0}'
        | '\u{E0100}'..='\u{E01EF}' => true,
        '\u{FE00}'..='\u{FE0F}' => !before.is_some_and(|b| b.is_emoji_char()),
        _ => false,
    }
}

/// What is wrong with `name` as a new player's name, if anything: the one rule every way a name
/// comes in uses (the setup, a phone joining, a paper sheet). Names already saved are read as
/// they were.
pub fn name_problem(name: &str) -> Option<NameProblem> {
    let mut before = None;
    let mut marks = 0;
    for (c, hidden) in marked(name) {
        if hidden || shows_blank(c, before) {
            return Some(NameProblem::Hidden(c));
        }
        let mark = matches!(
            c.general_category(),
            GeneralCategory::NonspacingMark
                | GeneralCategory::EnclosingMark
                | GeneralCategory::SpacingMark
        );
        marks = if mark { marks + 1 } else { 0 };
        if marks > MAX_MARKS {
            return Some(NameProblem::Marks);
        }
        before = Some(c);
    }
    None
}

/// Whether two different names look alike (UTS #39: the same confusable skeleton): "Aki" and
/// "Аki" (Cyrillic А), "Ben" and "Вen", "l" and "I". Two players at one table may not.
pub fn look_alike(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    a != b && unicode_security::skeleton(a).eq(unicode_security::skeleton(b))
}

/// `text` with every character a terminal would act on written out as an escape (`\u{1b}`), so
/// a name like "\u{8}\u{8}\u{8}Ben" shows as what it is. Line breaks are kept: the command
/// line's own output is made of lines.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    if marked(text).all(|(c, hidden)| !hidden || c == '\n') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (c, hidden) in marked(text) {
        if hidden && c != '\n' {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// JSON text made safe for a terminal the JSON way: every character [`for_terminal`] would write
/// out is written as JSON's own escape (`\u200b`) instead, so the text is still JSON that reads
/// back to the same strings (RFC 8259, section 7: any character may be escaped as `\u` and four
/// hex digits, a character beyond them as a UTF-16 surrogate pair). Outside its strings JSON
/// holds only ASCII punctuation, digits, letters and white space, none of them hidden.
pub fn json_for_terminal(json: &str) -> Cow<'_, str> {
    // JSON's own white space between its tokens (a pretty-printed line break) is not a name's
    // line break: it stays.
    let between_tokens = |c: char| matches!(c, '\n' | '\t' | '\r');
    if marked(json).all(|(c, hidden)| !hidden || between_tokens(c)) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for (c, hidden) in marked(json) {
        if hidden && !between_tokens(c) {
            for unit in c.encode_utf16(&mut [0; 2]) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` changes the direction of the text around it: a right-to-left letter (Hebrew,
/// Arabic and their neighbours) or an explicit direction control.
fn turns_text(c: char) -> bool {
    matches!(u32::from(c),
        0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFE | 0x10800..=0x10FFF
        | 0x1E800..=0x1EFFF | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// A name set apart from the text around it for display (Unicode's first-strong isolate and its
/// pop): a right-to-left override in a name then reverses only the name, not the line it is in
/// ("Aki" + U+202E + ": 1 won, 1 lost" came out reversed after the name). Names without a direction of their
/// own are left as they are.
pub fn isolated(name: &str) -> Cow<'_, str> {
    if name.chars().any(turns_text) {
        Cow::Owned(format!("\u{2068}{name}\u{2069}"))
    } else {
        Cow::Borrowed(name)
    }
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

    /// Issue 68, Low: the names a phone once took that pass for another player's.
    #[test]
    fn a_new_name_refuses_what_shows_as_nothing_and_stacked_marks() {
        for hidden in [
            "Ben\u{3164}",
            "Ben\u{034F}",
            "Ben\u{FE0F}",
            "\u{2800}Ben",
            "A\u{200B}ki",
        ] {
            assert!(
                matches!(name_problem(hidden), Some(NameProblem::Hidden(_))),
                "{hidden:?}"
            );
        }
        let stacked = format!("Z{}", "\u{0301}".repeat(23));
        assert_eq!(name_problem(&stacked), Some(NameProblem::Marks));
        // What names really hold stays: accents, Vietnamese's two marks, an emoji with its
        // selector, a family emoji, a Japanese name with its wide space, a French name with a
        // no-break space.
        for fine in [
            "Zoë",
            "Nguyễn",
            "Aki ❤️",
            "👨‍👩‍👧",
            "山田\u{3000}花子",
            "Jean\u{A0}Luc",
            "Ben",
        ] {
            assert_eq!(name_problem(fine), None, "{fine:?}");
        }
    }

    #[test]
    fn names_that_look_alike_are_told() {
        assert!(look_alike("Aki", "\u{410}ki"), "Cyrillic A");
        assert!(look_alike("Ben", "\u{412}en"), "Cyrillic Ve");
        assert!(look_alike("Il", "lI"));
        assert!(
            !look_alike("Aki", "Aki"),
            "the same name is not a look-alike"
        );
        assert!(!look_alike("Aki", "Ben"));
        assert!(!look_alike("Aki", "Akiko"));
    }

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
    fn what_shows_nothing_is_shown_and_emoji_stay_whole() {
        // Two names that look the same in a terminal no longer do.
        assert_eq!(for_terminal("A\u{200B}ki"), "A\\u{200b}ki");
        assert_eq!(for_terminal("\u{FEFF}Aki"), "\\u{feff}Aki");
        assert_eq!(for_terminal("Ak\u{200D}i"), "Ak\\u{200d}i");
        assert_eq!(for_terminal("Ben\u{00AD}"), "Ben\\u{ad}");
        // A family emoji is joined by zero-width joiners: it stays as it is.
        let family = "👨\u{200D}👩\u{200D}👧";
        assert_eq!(for_terminal(family), family);
        assert_eq!(first_hidden(family), None);
        assert_eq!(first_hidden("Aki"), None);
        assert_eq!(first_hidden("アキ"), None);
        assert_eq!(first_hidden("a\u{202E}b"), Some('\u{202E}'));
        assert_eq!(first_hidden("A\u{200B}ki"), Some('\u{200B}'));
    }

    #[test]
    fn a_name_holds_no_control_format_or_separator_character() {
        // Unicode's categories Cc, Cf, Zl and Zp, each by one of its members.
        for (c, category) in [
            ('\n', "Cc"),
            ('\t', "Cc"),
            ('\u{85}', "Cc"),
            ('\u{2028}', "Zl"),
            ('\u{2029}', "Zp"),
            ('\u{600}', "Cf"),
            ('\u{FFF9}', "Cf"),
            ('\u{206A}', "Cf"),
            ('\u{E0001}', "Cf"),
            ('\u{1BCA0}', "Cf"),
        ] {
            let name = format!("A{c}ki");
            assert_eq!(
                first_hidden(&name),
                Some(c),
                "{category}: U+{:04X}",
                u32::from(c)
            );
            // The terminal shows each as an escape, but for the line feed, which its own text
            // is made of.
            assert!(
                c == '\n' || for_terminal(&name).contains("\\u{"),
                "{category}"
            );
        }
        // Scotland's flag is 🏴 and tags: whole, as an emoji; a tag alone is hidden.
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
        assert_eq!(first_hidden(scotland), None);
        assert_eq!(first_hidden("Aki\u{E0067}"), Some('\u{E0067}'));
        // Letters, marks and symbols of any script are names.
        for name in ["Zoë", "ベン", "Dai🎲", "José", "नमस्ते", "Ωmega", "O'Brien"]
        {
            assert_eq!(first_hidden(name), None, "{name}");
        }
        // A line break in the command line's own text stays a line break.
        assert_eq!(for_terminal("a\nb\u{2028}c"), "a\nb\\u{2028}c");
    }

    #[test]
    fn json_stays_json_and_shows_nothing_hidden() {
        let names = [
            "A\u{200B}ki",
            "\u{FEFF}Ben\u{202E}",
            "Chie\u{7F}\u{1b}[2J",
            "👨\u{200D}👩",
        ];
        let json = serde_json::to_string(&names).unwrap();
        let shown = json_for_terminal(&json);
        assert_eq!(first_hidden(&shown), None, "{shown}");
        assert!(shown.contains("A\\u200bki"), "{shown}");
        let read: Vec<String> = serde_json::from_str(&shown).unwrap();
        assert_eq!(read, names);
        assert_eq!(json_for_terminal("{\"a\": 1}"), "{\"a\": 1}");
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
