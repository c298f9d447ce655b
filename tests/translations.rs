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

/// The reasons the phones' server can refuse a request with (the `error` of its JSON answer):
/// every `refused(StatusCode::…, "reason")`, every `Refusal`'s word, and `too_fast`.
#[cfg(feature = "phones")]
fn refusal_reasons() -> BTreeSet<String> {
    let mut reasons = BTreeSet::new();
    // Every source file under src/phones/, its folders' too (the registry is one).
    let mut files = Vec::new();
    let mut folders = vec![std::path::PathBuf::from("src/phones")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            match path.is_dir() {
                true => folders.push(path),
                false => files.push(path),
            }
        }
    }
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let literal_after = |marker: &str, reasons: &mut BTreeSet<String>| {
            for (i, _) in source.match_indices(marker) {
                let rest = &source[i..];
                let call = &rest[marker.len()..rest.find(['\n', ';']).unwrap_or(rest.len())];
                if let Some(word) = call.split('"').nth(1) {
                    reasons.insert(word.to_string());
                }
            }
        };
        literal_after("refused(StatusCode::", &mut reasons);
        literal_after("Refusal::Taken =>", &mut reasons);
        literal_after("Refusal::Refused =>", &mut reasons);
        literal_after("Refusal::TooManyAsks =>", &mut reasons);
        literal_after("Refusal::TooManyPhones =>", &mut reasons);
        literal_after("Refusal::OtherSeat =>", &mut reasons);
        for (i, _) in source.match_indices(r#"{{\"error\":\""#) {
            let rest = &source[i + r#"{{\"error\":\""#.len()..];
            let word = &rest[..rest.find('\\').unwrap()];
            if word.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                reasons.insert(word.to_string());
            }
        }
    }
    // What the page itself calls an answer it could not read.
    reasons.insert("error".into());
    reasons
}

#[cfg(feature = "phones")]
#[test]
fn every_reason_the_phones_server_refuses_with_is_a_sentence_in_every_language() {
    use tablekeeper::phones::TableNow;
    let reasons = refusal_reasons();
    for expected in ["other_seat", "closed", "full", "stale", "too_fast", "taken"] {
        assert!(
            reasons.contains(expected),
            "the scan found {expected}: {reasons:?}"
        );
    }
    for locale in Locale::ALL {
        let shown = TableNow::between_games().render_shared(locale, &[]);
        for reason in &reasons {
            let key = format!("phone.why_{reason}");
            assert!(
                locale.table().contains_key(key.as_str()),
                "{key} untranslated in {locale:?}"
            );
            let said = shown["words"]["why"][reason.as_str()].as_str();
            assert!(
                said.is_some_and(|s| !s.is_empty() && s != reason && !s.starts_with("phone.")),
                "the page is given no sentence for {reason} in {locale:?}: {said:?}"
            );
        }
    }
    // The page never shows a reason's code: an unknown one gets the general sentence.
    let page = std::fs::read_to_string("assets/phone/phone.js").unwrap();
    assert!(
        !page.contains("|| answer.reason"),
        "the page falls back to the raw code"
    );
}
