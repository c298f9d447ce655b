//! The desktop entry and the AppStream metadata, written with the words of every shipped
//! language from its `.ftl` (the `package.*` messages): shipping a language adds its lines here
//! with no edit to this file. Included by examples/package_assets.rs and tests/packaging.rs.

use tablekeeper::i18n::Locale;

/// The desktop entry from `template`: its `@WORDS@` line becomes each translated key, English
/// first, then `Key[tag]=` for every other shipped language.
pub fn desktop_entry(template: &str) -> String {
    let mut words = Vec::new();
    for (key, message) in [
        ("GenericName", "package.generic_name"),
        ("Comment", "package.comment"),
        ("Keywords", "package.keywords"),
    ] {
        words.push(format!("{key}={}", one_line(&Locale::EN.tr(message))));
        for locale in others() {
            let text = one_line(&locale.tr(message));
            words.push(format!("{key}[{}]={text}", locale.tag()));
        }
    }
    template.replace("@WORDS@", &words.join("\n"))
}

/// The AppStream metadata from `template`: `@SUMMARY@` and `@DESCRIPTION@` in every shipped
/// language (`xml:lang` on all but English's), `@VERSION@` and `@DATE@` as given.
pub fn metainfo(template: &str, version: &str, date: &str) -> String {
    let summary = (Locale::SHIPPED.iter())
        .map(|&l| {
            format!(
                "<summary{}>{}</summary>",
                lang(l),
                xml(&l.tr("package.summary"))
            )
        })
        .collect::<Vec<_>>()
        .join("\n  ");
    let mut paragraphs = Vec::new();
    for message in ["package.about", "package.games"] {
        for &l in Locale::SHIPPED.iter() {
            paragraphs.push(format!("<p{}>{}</p>", lang(l), xml(&l.tr(message))));
        }
    }
    template
        .replace("@SUMMARY@", &summary)
        .replace("@DESCRIPTION@", &paragraphs.join("\n    "))
        .replace("@VERSION@", version)
        .replace("@DATE@", date)
}

fn others() -> impl Iterator<Item = Locale> {
    Locale::SHIPPED.into_iter().filter(|l| *l != Locale::EN)
}

fn lang(locale: Locale) -> String {
    match locale == Locale::EN {
        true => String::new(),
        false => format!(" xml:lang=\"{}\"", locale.tag()),
    }
}

/// A desktop entry's value is one line: a translation's line break becomes a space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn xml(text: &str) -> String {
    one_line(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
