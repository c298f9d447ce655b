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
        for locale in [Locale::En, Locale::Ja] {
            for (key, text) in locale.table() {
                let lacking = missing(&face, text);
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

/// Every `{"en": …, "ja": …}` name object in a profile, and every note shown to players
/// (`note`, `note_ja` of the values the sources lack).
fn collect_names(json: &serde_json::Value, names: &mut Vec<String>) {
    match json {
        serde_json::Value::Object(map) => {
            for lang in ["en", "ja", "note", "note_ja"] {
                if let Some(serde_json::Value::String(name)) = map.get(lang) {
                    names.push(name.clone());
                }
            }
            map.values().for_each(|v| collect_names(v, names));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_names(v, names)),
        _ => {}
    }
}
