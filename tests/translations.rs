//! Every translation key the code uses exists in every language, with English's variables, and
//! every message a language has is used, so no player ever sees a raw key or a stale sentence.

use std::collections::BTreeSet;
use std::path::Path;

use tablekeeper::i18n::{self, Locale, check};

/// String literals in the sources that look like translation keys: `word.word`.
fn keys_in(dir: &Path, keys: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            keys_in(&path, keys);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = std::fs::read_to_string(&path).unwrap();
            for piece in string_literals(&source) {
                let (a, b) = piece.split_once('.').unwrap_or(("", ""));
                let word = |s: &str| {
                    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                };
                let tail = |s: &str| word(s.trim_end_matches(|c: char| c.is_ascii_digit()));
                if word(a) && tail(b) {
                    keys.insert(piece.to_string());
                }
            }
            // A key with no dot, named where a text is made.
            for (i, _) in source.match_indices("Text::new(\"") {
                let rest = &source[i + "Text::new(\"".len()..];
                if let Some(end) = rest.find('"').filter(|end| !rest[..*end].contains('.')) {
                    keys.insert(rest[..end].to_string());
                }
            }
        }
    }
}

/// The contents of the string literals in a Rust source, read as the compiler reads them: an
/// escaped quote stays inside, and a quote in a char literal (`'"'`) opens nothing.
fn string_literals(source: &str) -> Vec<&str> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i = start;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                found.push(&source[start..i.min(bytes.len())]);
            }
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            _ => {}
        }
        i += 1;
    }
    found
}

/// The keys the code names, less the literals of that shape that are not keys.
fn keys_the_code_uses() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    keys_in(Path::new("src"), &mut keys);
    // The desktop entry's and the software centre's words (packaging/desktop.rs).
    keys_in(Path::new("packaging"), &mut keys);
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
    // Field paths named in profile errors, not translation keys.
    let field_paths = [
        "terravist.",
        "house_rules.",
        "winner.",
        "turns.",
        "opponent.",
    ];
    keys.retain(|k| {
        !not_keys.contains(&k.as_str()) && !field_paths.iter().any(|p| k.starts_with(p))
    });
    keys
}

#[test]
fn every_key_the_code_uses_is_translated() {
    let keys = keys_the_code_uses();
    let missing: Vec<(&str, &String)> = Locale::SHIPPED
        .iter()
        .flat_map(|locale| {
            keys.iter()
                .filter(move |k| !locale.has(k))
                .map(move |k| (locale.tag(), k))
        })
        .collect();
    assert!(missing.is_empty(), "untranslated keys: {missing:?}");
    assert!(keys.len() > 150, "the scan found the keys ({})", keys.len());
}

/// Keys the code builds at run time (`format!("phone.why_{reason}")`, a colour's key from its
/// name, …): their prefixes, each checked below to still be built somewhere in the source.
const BUILT_PREFIXES: [(&str, &str); 2] = [
    ("phone.why_", "\"phone.why_{"),
    // The command line's help: src/cli/help.rs builds the key from the clap tree's names.
    ("cli.help.", "\"cli.help.{"),
];

#[test]
fn every_message_english_has_is_used() {
    let keys = keys_the_code_uses();
    let sources = all_sources(Path::new("src"));
    for (_, builder) in BUILT_PREFIXES {
        assert!(sources.contains(builder), "{builder} is still built in src");
    }
    let unused: Vec<String> = (Locale::EN.keys().into_iter())
        .filter(|k| !keys.contains(k))
        .filter(|k| {
            !BUILT_PREFIXES
                .iter()
                .any(|(prefix, _)| k.starts_with(prefix))
        })
        .collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

fn all_sources(dir: &Path) -> String {
    let mut all = String::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all.push_str(&all_sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            all.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    all
}

fn shipped_file(locale: Locale) -> String {
    std::fs::read_to_string(format!("assets/locales/{}.ftl", locale.tag())).unwrap()
}

#[test]
fn every_language_has_every_english_message_with_the_same_variables() {
    let english = shipped_file(Locale::EN);
    assert!(check::check(&english, &english).is_clean());
    for locale in Locale::SHIPPED {
        let report = check::check(&english, &shipped_file(locale));
        assert!(
            report.is_clean(),
            "{}: {:#?}",
            locale.tag(),
            report
                .texts()
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_translation_that_drops_a_placeholder_fails_the_check() {
    let english = shipped_file(Locale::EN);
    let fixture = std::fs::read_to_string("tests/fixtures/locales/drops.ftl").unwrap();
    let report = check::check(&english, &fixture);
    assert!(
        report
            .variables
            .iter()
            .any(|(id, dropped, _)| id == "error-egg_capacity" && dropped == &["capacity"]),
        "{:?}",
        report.variables
    );
    assert!(report.missing.len() > 100, "the fixture has few messages");
    assert!(report.extra.contains(&"no-such-message".to_string()));
}

#[test]
fn a_file_dropped_in_the_data_directory_is_offered_and_used() {
    let dir = tempfile::tempdir().unwrap();
    let locales = dir.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    std::fs::write(
        locales.join("eo.ftl"),
        "settings-language = Lingvo\nerror-egg_capacity = { $card } havas { $eggs } { $eggs ->\n    [one] ovon\n   *[other] ovojn\n}; limo { $capacity }.\n",
    )
    .unwrap();
    std::fs::write(locales.join("not a tag!.ftl"), "x = y\n").unwrap();
    std::fs::write(locales.join("notes.txt"), "x = y\n").unwrap();
    let (added, problems) = i18n::add_translations_from(&locales);
    assert_eq!(added.len(), 1);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let esperanto = Locale::find("eo").expect("offered");
    assert!(Locale::available().contains(&esperanto));
    assert_eq!(Locale::from_tag("eo_XX.UTF-8"), esperanto);
    assert_eq!(esperanto.tr("settings.language"), "Lingvo");
    let eggs = |n: u32| {
        i18n::Text::new("error.egg_capacity")
            .arg("card", "Strigo")
            .arg("eggs", n)
            .arg("capacity", 1)
            .render(esperanto)
    };
    assert_eq!(eggs(1), "Strigo havas 1 ovon; limo 1.");
    assert_eq!(eggs(2), "Strigo havas 2 ovojn; limo 1.");
    // What the file lacks is said in English.
    assert_eq!(esperanto.tr("action.close"), Locale::EN.tr("action.close"));
    assert_eq!(Locale::from_accept_language("eo;q=0.9,en;q=0.8"), esperanto);
}

/// The reasons the phones' server can refuse a request with (the `error` of its JSON answer):
/// every `refused(StatusCode::…, "reason")`, every `Refusal`'s word, and `too_fast`.
#[cfg(feature = "phones")]
fn refusal_reasons() -> BTreeSet<String> {
    let mut reasons = BTreeSet::new();
    // Every source file under src/phones/ and src/remote/ (whose registry words a seat's
    // refusals), their folders' too.
    let mut files = Vec::new();
    let mut folders = vec![
        std::path::PathBuf::from("src/phones"),
        std::path::PathBuf::from("src/remote"),
    ];
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
    for locale in Locale::SHIPPED {
        let shown = TableNow::between_games().render_shared(locale, &[]);
        for reason in &reasons {
            let key = format!("phone.why_{reason}");
            assert!(locale.has(&key), "{key} untranslated in {locale:?}");
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

/// The page fills in its own values (`{address}`, `{player}`): its words keep each variable as
/// `{name}`, never as Fluent's own `{ $name }` or a message left unformatted.
#[cfg(feature = "phones")]
#[test]
fn the_phones_words_keep_their_placeholders_for_the_page() {
    use tablekeeper::phones::TableNow;
    fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
            serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }
    for locale in Locale::SHIPPED {
        let shown = TableNow::between_games().render_shared(locale, &[]);
        let mut all = Vec::new();
        strings(&shown["words"], &mut all);
        assert!(all.len() > 100, "{}", all.len());
        let fluent: Vec<&String> = all.iter().filter(|s| s.contains('$')).collect();
        assert!(fluent.is_empty(), "{}: {fluent:?}", locale.tag());
        let line = shown["words"]["ask_line"].as_str().unwrap();
        assert!(
            line.contains("{address}") && line.contains("{player}"),
            "{line}"
        );
    }
}

/// A game saved before the app spoke German carries its profile of then, named in English and
/// Japanese only (`tests/data/before-59/`, copied from the profiles of that time). Shown in
/// German, its game and parts take today's German names from the shipped profile, where the
/// English is the same; the saved profile itself stays as it was, and writes as before.
#[test]
fn a_game_saved_before_german_shows_todays_german_names() {
    use tablekeeper::kit::game_profile::GameProfile;
    for game in ["earth", "leviath", "terramara", "rats-of-wistar"] {
        let path = format!("tests/data/before-59/{game}.json");
        let old = GameProfile::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let today = GameProfile::from_json(
            &std::fs::read_to_string(format!("profiles/{game}.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(old.name.exactly("de"), None, "{path} has no German");
        assert_eq!(old.name.get("de"), today.name.exactly("de").unwrap());
        let mut shown = 0;
        for part in &old.sheet.parts {
            let Some(now) = today
                .sheet
                .parts
                .iter()
                .find(|p| p.name.en() == part.name.en())
            else {
                continue;
            };
            assert_eq!(
                part.name.get("de"),
                now.name.exactly("de").unwrap(),
                "{game}"
            );
            assert_ne!(
                part.name.get("de"),
                part.name.en(),
                "{game}: {}",
                part.name.en()
            );
            shown += 1;
        }
        // Leviath's sheet has no parts: its sides win.
        assert!(
            shown > 0 || old.sheet.parts.is_empty(),
            "{game}: no part kept its English name"
        );
        // Japanese is the file's own, even where today's differs.
        assert_eq!(old.name.get("ja"), old.name.exactly("ja").unwrap());
        let written = serde_json::to_value(&old).unwrap();
        assert!(
            !written.to_string().contains("\"de\""),
            "{game}: nothing German is written into the old profile"
        );
    }
}

/// Issue 71, a translator's tools: a file named as a POSIX locale (`fr_FR.ftl`) is named with
/// the name to give it, a word that is no language (`french.ftl`) is not taken for one, a file
/// nested 200,000 deep is left out without a crash, a file with a broken line is read with the
/// line said, and a misspelt variable falls back to English, never raw. What was said is kept
/// for Settings.
#[test]
fn a_translators_mistakes_are_said_and_never_reach_the_players() {
    let dir = tempfile::tempdir().unwrap();
    let locales = dir.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    std::fs::write(locales.join("fr_FR.ftl"), "settings-language = Langue\n").unwrap();
    std::fs::write(locales.join("french.ftl"), "settings-language = Langue\n").unwrap();
    let deep = format!("x = {}{}\n", "{".repeat(200_000), "}".repeat(200_000));
    std::fs::write(locales.join("fy.ftl"), deep).unwrap();
    std::fs::write(
        locales.join("io.ftl"),
        "settings-language = Linguo\naction-close = { Klozar\nsettings-theme = Temo\n",
    )
    .unwrap();
    std::fs::write(
        locales.join("ia.ftl"),
        "error-egg_capacity = { $carta } ha { $eggs } ovos; limite { $capacity }.\n",
    )
    .unwrap();
    let (added, problems) = i18n::add_translations_from(&locales);
    let said: Vec<String> = problems.iter().map(|p| p.render(Locale::EN)).collect();
    assert_eq!(added.len(), 2, "io and ia: {said:?}");
    assert!(
        said.iter()
            .any(|s| s.contains("fr_FR.ftl") && s.contains("name it fr-FR.ftl")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|s| s.contains("french.ftl") && s.contains("no language tag")),
        "{said:?}"
    );
    assert!(Locale::find("french").is_none());
    assert!(
        said.iter()
            .any(|s| s.contains("fy.ftl") && s.contains("line 1 nests placeables")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|s| s.contains("io.ftl: 1 line cannot be read (the first at line 2)")),
        "{said:?}"
    );
    let ido = Locale::find("io").expect("offered, the broken line aside");
    assert_eq!(
        ido.tr("settings.theme"),
        "Temo",
        "the line after the broken one"
    );
    assert_eq!(ido.tr("action.close"), Locale::EN.tr("action.close"));
    let interlingua = Locale::find("ia").expect("offered");
    let eggs = i18n::Text::new("error.egg_capacity")
        .arg("card", "Strix")
        .arg("eggs", 3)
        .arg("capacity", 3)
        .render(interlingua);
    let english = i18n::Text::new("error.egg_capacity")
        .arg("card", "Strix")
        .arg("eggs", 3)
        .arg("capacity", 3)
        .render(Locale::EN);
    assert_eq!(eggs, english, "a misspelt variable is never shown raw");
    assert!(!eggs.contains("$carta") && !eggs.contains("{"), "{eggs}");
    let kept: Vec<String> = (i18n::translation_problems().iter())
        .map(|p| p.render(Locale::EN))
        .collect();
    assert_eq!(kept, said, "Settings shows what the log said");
}

/// Issue 71: `check-translation` on a correct partial file lists what is left to translate,
/// with English beside it, and exits 0; `--strict` makes it 1; a broken line is named at its
/// own line and exits 1.
#[test]
fn check_translation_tells_a_partial_file_from_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let run = |file: &std::path::Path, strict: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"));
        command
            .args(["--lang", "en", "check-translation"])
            .arg(file);
        if strict {
            command.arg("--strict");
        }
        command
            .env("TABLEKEEPER_DATA_DIR", dir.path())
            .output()
            .unwrap()
    };
    let partial = dir.path().join("fr.ftl");
    std::fs::write(&partial, "settings-language = Langue\n").unwrap();
    let out = run(&partial, false);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("to translate: action-close = "),
        "English beside it: {text}"
    );
    assert_eq!(run(&partial, true).status.code(), Some(1));
    let broken = dir.path().join("de.ftl");
    std::fs::write(
        &broken,
        "settings-language = Sprache\nsettings-theme = { Thema\naction-close = Schließen\n",
    )
    .unwrap();
    let out = run(&broken, false);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("line 2: cannot be read: settings-theme = { Thema"),
        "{text}"
    );
}

/// Issue 71, case 1: every rule and GAP note of every shipped game is in every shipped
/// language (28 notes were English in a German setup: „Aus der Regel – Energie des Monsters:
/// The monster starts with 2 energy tiles …“).
#[test]
fn every_shipped_games_notes_are_in_every_shipped_language() {
    let (games, problems) = tablekeeper::store::profiles::games(None);
    assert!(problems.is_empty(), "{problems:?}");
    let mut notes = 0;
    for game in &games {
        for gap in &game.gaps {
            notes += 1;
            for locale in Locale::SHIPPED {
                let said = gap.note(locale.tag());
                assert!(
                    locale == Locale::EN || said != gap.note("en"),
                    "{} {}: no {} note",
                    game.id,
                    gap.field,
                    locale.tag()
                );
            }
        }
    }
    assert!(notes >= 27, "{notes}");
}

/// Issue 71, case 4: a figure is written in the reader's language on the command line (the
/// window, the phones, the television and the venue render the same `Text`): German's
/// separator is ICU4X's (`i18n::numbers` is checked against ICU4X's own output), not the
/// point English writes.
#[test]
fn ratings_and_averages_are_written_in_the_readers_language() {
    use tablekeeper::i18n::numbers::{Sign, decimal};
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let copy = |from: &std::path::Path, to: &std::path::Path| {
        let ok = std::process::Command::new("cp")
            .arg("-r")
            .arg(from)
            .arg(to)
            .status()
            .unwrap();
        assert!(ok.success());
    };
    copy(std::path::Path::new("tests/data/datadir-v1"), &data);
    let run = |lang: &str, what: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .args(["--lang", lang, "--data-dir"])
            .arg(&data)
            .args(["history", what])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let german = run("de", "stats");
    let average = decimal("de", 16.0, 1, Sign::Negative);
    assert!(german.contains(&format!("Schnitt {average},")), "{german}");
    assert!(!german.contains("16.0"), "{german}");
    assert!(run("en", "stats").contains("average 16.0,"));
    let ratings = run("de", "ratings");
    let chars: Vec<char> = ratings.chars().collect();
    let english_point =
        (chars.windows(3)).any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit());
    assert!(
        !english_point,
        "no English point in a German figure: {ratings}"
    );
}

/// A translator names a shipped game's things from their own file, with no change to the
/// profile: `name-` and the English name made an id. A language the profile itself speaks
/// keeps the profile's names; `check-translation` takes such a message as no mistake.
#[test]
fn a_translators_file_names_a_shipped_games_things() {
    let dir = tempfile::tempdir().unwrap();
    let locales = dir.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    let italian = "settings-language = Lingua\nname-forest = Foresta\nname-coast = Costa\n";
    std::fs::write(locales.join("it.ftl"), italian).unwrap();
    let (added, problems) = i18n::add_translations_from(&locales);
    assert_eq!((added.len(), problems.len()), (1, 0), "{problems:?}");
    let it = Locale::find("it").expect("offered");
    let profile = tablekeeper::terravist::profile::Profile::shipped();
    let habitat = |id: &str| &profile.habitat(id).unwrap().name;
    assert_eq!(
        i18n::name_id(habitat("forest").en()).as_deref(),
        Some("name-forest")
    );
    assert_eq!(it.pick(habitat("forest")), "Foresta");
    assert_eq!(it.pick(habitat("coast")), "Costa");
    // A name the file does not give is the profile's English.
    assert_eq!(it.pick(habitat("river")), habitat("river").en());
    // German is the profile's own.
    assert_eq!(
        Locale::DE.pick(habitat("forest")),
        habitat("forest").get("de")
    );
    let report = i18n::check::check(i18n::english_source(), italian);
    assert!(report.extra.is_empty(), "{:?}", report.extra);
    assert_eq!(
        i18n::name_id("① Creature cards").as_deref(),
        Some("name-creature_cards")
    );
    assert_eq!(i18n::name_id("①"), None);

    // `check-translation --games` lists what is left to name, ready to paste, and takes the
    // file's own names as no mistake (a partial file still exits 0).
    let file = locales.join("it.ftl");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(["--lang", "en", "check-translation", "--games"])
        .arg(&file)
        .env("TABLEKEEPER_DATA_DIR", dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    let river = habitat("river").en();
    assert!(
        text.contains(&format!("\nname-river = {river}\n")),
        "{text}"
    );
    assert!(!text.contains("name-forest ="), "given already: {text}");
}
