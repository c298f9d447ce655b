//! Every character the window shows is drawn from the bundled font family, so the app looks the
//! same on every machine: a glyph the family lacks would come from whatever system font has it
//! (DejaVu, Noto) or show as a box where none does.

use std::collections::BTreeMap;

use tablekeeper::gui::style;
use tablekeeper::i18n::Locale;

/// Characters of `text` that `face` has no glyph for.
fn missing(face: &ttf_parser::Face<'_>, text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_control() && face.glyph_index(*c).is_none())
        .collect()
}

/// Every line of a shipped language's Fluent file but its comments, by line number: the
/// messages' text and the syntax around it (which is ASCII, drawn by any face).
fn lines_of(locale: Locale) -> Vec<(usize, String)> {
    let path = format!("assets/locales/{}.ftl", locale.tag());
    let source = std::fs::read_to_string(&path).expect("every shipped language has its file");
    (source.lines().enumerate())
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .map(|(n, line)| (n + 1, line.to_string()))
        .collect()
}

fn faces() -> Vec<(&'static str, ttf_parser::Face<'static>)> {
    vec![
        (
            "Regular",
            ttf_parser::Face::parse(style::FONT_REGULAR_BYTES, 0).unwrap(),
        ),
        (
            "Bold",
            ttf_parser::Face::parse(style::FONT_BOLD_BYTES, 0).unwrap(),
        ),
    ]
}

#[test]
fn both_bundled_faces_are_the_same_family_in_two_weights() {
    let faces = faces();
    for (_, face) in &faces {
        let family = face
            .names()
            .into_iter()
            .find(|n| n.name_id == ttf_parser::name_id::FAMILY && n.is_unicode())
            .and_then(|n| n.to_string());
        assert_eq!(family.as_deref(), Some("M PLUS 1"));
    }
    assert_eq!(faces[0].1.weight(), ttf_parser::Weight::Normal);
    assert_eq!(faces[1].1.weight(), ttf_parser::Weight::Bold);
}

#[test]
fn every_translated_word_has_its_glyphs_in_both_bundled_faces() {
    let mut problems = BTreeMap::new();
    for (weight, face) in faces() {
        for locale in Locale::SHIPPED {
            for (key, text) in lines_of(locale) {
                let lacking = missing(&face, &text);
                if !lacking.is_empty() {
                    problems.insert(format!("{weight} {locale:?} {key}: {text}"), lacking);
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "glyphs the bundled font lacks: {problems:#?}"
    );
}

#[test]
fn every_shipped_profile_name_is_drawable_with_the_bundled_font() {
    let (_, face) = faces().remove(1);
    let mut names = Vec::new();
    for entry in std::fs::read_dir("profiles").unwrap() {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        collect_names(&json, &mut names);
    }
    assert!(
        names.len() > 50,
        "the profiles' names were found: {}",
        names.len()
    );
    let lacking: Vec<_> = names
        .iter()
        .map(|n| (n, missing(&face, &style::drawable(n))))
        .filter(|(_, m)| !m.is_empty())
        .collect();
    assert!(lacking.is_empty(), "{lacking:#?}");
    // The rulebook's circled numbers are not in the font: they are shown as (1)…(20).
    assert_eq!(
        style::drawable("③ Round objectives"),
        "(3) Round objectives"
    );
    assert_eq!(style::drawable("⑳"), "(20)");
}

/// Every name a profile gives in a shipped language (`{"en": …, "ja": …, "de": …}`), and every
/// note shown to players (`note`, `note_ja`, and `notes` by language, of the values the sources
/// lack).
fn collect_names(json: &serde_json::Value, names: &mut Vec<String>) {
    match json {
        serde_json::Value::Object(map) => {
            let tags = Locale::SHIPPED.map(|l| l.tag());
            for lang in tags.iter().chain(&["note", "note_ja"]) {
                if let Some(serde_json::Value::String(name)) = map.get(*lang) {
                    names.push(name.clone());
                }
            }
            map.values().for_each(|v| collect_names(v, names));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_names(v, names)),
        _ => {}
    }
}

/// Whether the font's GDEF table calls `glyph` a mark.
fn mark(face: &ttf_parser::Face<'_>, glyph: ttf_parser::GlyphId) -> bool {
    face.tables().gdef.and_then(|gdef| gdef.glyph_class(glyph))
        == Some(ttf_parser::gdef::GlyphClass::Mark)
}

/// Combining marks: the only characters whose glyphs may take no room of their own.
fn is_combining(c: char) -> bool {
    matches!(u32::from(c),
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F
        | 0x3099..=0x309A)
}

/// A glyph the font calls a mark (GDEF class 3) is given no advance by the shaper, so it is
/// drawn over what follows: M PLUS 1 as shipped calls the middle dot U+00B7 one (for the
/// Catalan l·l), and every " · " the window drew came out " ·X" (issue 32). The bundled faces
/// are patched; this keeps any other such character out of what the window says.
#[test]
fn no_character_the_window_shows_is_a_mark_in_the_bundled_faces() {
    let mut problems = BTreeMap::new();
    for (weight, face) in faces() {
        for locale in Locale::SHIPPED {
            for (key, text) in lines_of(locale) {
                for c in text.chars().filter(|c| !is_combining(*c)) {
                    let Some(glyph) = face.glyph_index(c) else {
                        continue;
                    };
                    if mark(&face, glyph) {
                        problems.insert(format!("{weight} {locale:?} {key}"), c);
                    }
                }
            }
        }
        let dot = face.glyph_index('·').expect("the middle dot");
        assert!(!mark(&face, dot), "{weight}: the middle dot is a mark");
    }
    assert!(problems.is_empty(), "drawn with no room: {problems:#?}");
}

/// What the renderer makes of " · ": laid out by the window's own text engine (cosmic-text,
/// with the shaping iced picks for non-ASCII text), the dot and the spaces around it are as
/// wide as the font's own advances for them: the space after the dot stays a space.
#[test]
fn the_middle_dot_keeps_its_width_and_the_space_after_it() {
    use iced::advanced::graphics::text::cosmic_text as ct;
    let mut fonts =
        ct::FontSystem::new_with_locale_and_db("en-US".into(), ct::fontdb::Database::new());
    fonts
        .db_mut()
        .load_font_data(style::FONT_REGULAR_BYTES.to_vec());
    fonts
        .db_mut()
        .load_font_data(style::FONT_BOLD_BYTES.to_vec());
    for weight in [ct::Weight::NORMAL, ct::Weight::BOLD] {
        let mut glyphs = |text: &str, shaping: ct::Shaping| -> Vec<(String, f32)> {
            let mut buffer = ct::Buffer::new(&mut fonts, ct::Metrics::new(20.0, 26.0));
            let attrs = ct::Attrs::new()
                .family(ct::Family::Name("M PLUS 1"))
                .weight(weight);
            buffer.set_text(&mut fonts, text, &attrs, shaping, None);
            buffer.shape_until_scroll(&mut fonts, false);
            let run = buffer.layout_runs().next().expect("one line");
            run.glyphs
                .iter()
                .map(|g| (text[g.start..g.end].to_string(), g.w))
                .collect()
        };
        for text in ["a · b", "Aki 13 · Chie 18", "Round 1 · Turn 1 / 6"] {
            // The window shapes any non-ASCII text in full (iced's `Shaping::Auto`).
            assert_eq!(
                iced::advanced::graphics::text::to_shaping(iced::widget::text::Shaping::Auto, text),
                ct::Shaping::Advanced
            );
            let shaped = glyphs(text, ct::Shaping::Advanced);
            // The plain advances of the font's glyphs, with no shaping at all.
            let plain = glyphs(text, ct::Shaping::Basic);
            // " · ": the space before, the dot and the space after keep the room the font
            // gives them (elsewhere kerning may move letters; around the dot nothing should).
            let at = shaped.iter().position(|(s, _)| s == "·").expect("the dot");
            assert_eq!(plain[at].0, "·");
            for i in at - 1..=at + 1 {
                assert!(
                    shaped[i].1 > 0.0,
                    "{weight:?} {text:?}: {:?} takes no room",
                    shaped[i].0
                );
                assert!(
                    (shaped[i].1 - plain[i].1).abs() < 0.01,
                    "{weight:?} {text:?}: {:?} is {} wide, its glyph {}",
                    shaped[i].0,
                    shaped[i].1,
                    plain[i].1
                );
            }
        }
    }
}
