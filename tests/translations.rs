//! Every translation key the code uses exists in every locale, so no player ever sees a raw key.

use std::collections::BTreeSet;
use std::path::Path;

use tablekeeper::i18n::Locale;

/// String literals in the sources that look like translation keys: `word.word`.
fn keys_in(dir: &Path, keys: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            keys_in(&path, keys);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = std::fs::read_to_string(&path).unwrap();
            for piece in source.split('"').skip(1).step_by(2) {
                let (a, b) = piece.split_once('.').unwrap_or(("", ""));
                let word = |s: &str| {
                    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                };
                if word(a) && word(b) {
                    keys.insert(piece.to_string());
                }
            }
        }
    }
}

#[test]
fn every_key_the_code_uses_is_translated() {
    let mut keys = BTreeSet::new();
    keys_in(Path::new("src"), &mut keys);
    // Literals of that shape that are file names or profile fields, not keys.
    let not_keys = [
        "tablekeeper.lock",
        "tablekeeper.log",
        "settings.json",
        "index.jsonl",
        "device.json",
        "jsonl.copy",
        "phone.js",
        "phone.css",
        "icon.png",
    ];
    let missing: Vec<(&str, &String)> = Locale::ALL
        .iter()
        .flat_map(|locale| {
            keys.iter()
                .filter(|k| !not_keys.contains(&k.as_str()))
                // Field paths named in profile errors, not translation keys.
                .filter(|k| {
                    ![
                        "terravist.",
                        "house_rules.",
                        "winner.",
                        "turns.",
                        "opponent.",
                    ]
                    .iter()
                    .any(|p| k.starts_with(p))
                })
                .filter(move |k| !locale.table().contains_key(*k))
                .map(move |k| (if *locale == Locale::En { "en" } else { "ja" }, k))
        })
        .collect();
    assert!(missing.is_empty(), "untranslated keys: {missing:?}");
    assert!(keys.len() > 150, "the scan found the keys ({})", keys.len());
}
