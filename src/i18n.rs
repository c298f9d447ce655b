//! The translation layer: every word a player sees is a key looked up in `assets/translations`.
//!
//! Messages are built as [`Text`] (a key plus named arguments) wherever they arise, in the
//! library or the GUI, and rendered in the player's [`Locale`] only when shown. A missing key
//! falls back to English, then to the key itself, so a gap shows up as text, never as a crash.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// A language the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Locale {
    #[default]
    En,
    Ja,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Ja];

    /// A name a profile gives, in this language.
    pub fn pick(self, name: &crate::vocabulary::Name) -> &str {
        match self {
            Locale::En => &name.en,
            Locale::Ja => &name.ja,
        }
    }

    /// Picks the locale from a POSIX locale string such as `ja_JP.UTF-8` (anything else is English).
    pub fn from_tag(tag: &str) -> Locale {
        if tag.to_ascii_lowercase().starts_with("ja") {
            Locale::Ja
        } else {
            Locale::En
        }
    }

    /// The system's language: the usual environment variables in their order of precedence,
    /// else (on Windows and macOS, which keep it in their own settings) the platform's.
    pub fn from_env() -> Locale {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|var| std::env::var(var).ok())
            .find(|value| !value.is_empty())
            .or_else(platform_locale)
            .map(|value| Locale::from_tag(&value))
            .unwrap_or_default()
    }

    fn source(self) -> &'static str {
        match self {
            Locale::En => include_str!("../assets/translations/en.json"),
            Locale::Ja => include_str!("../assets/translations/ja.json"),
        }
    }

    /// The parsed table of this locale, loaded once.
    pub fn table(self) -> &'static HashMap<String, String> {
        static EN: OnceLock<HashMap<String, String>> = OnceLock::new();
        static JA: OnceLock<HashMap<String, String>> = OnceLock::new();
        let cell = match self {
            Locale::En => &EN,
            Locale::Ja => &JA,
        };
        cell.get_or_init(|| {
            serde_json::from_str(self.source()).expect("bundled translation file is valid JSON")
        })
    }

    /// The template for `key`, falling back to English and then to the key itself.
    pub fn template(self, key: &str) -> &str {
        self.table()
            .get(key)
            .or_else(|| Locale::En.table().get(key))
            .map(String::as_str)
            .unwrap_or(key)
    }

    /// A message with no arguments.
    pub fn tr(self, key: &str) -> String {
        self.template(key).to_string()
    }
}

/// A message to show a player: a translation key and its named arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Text`]: a value shown as it is, or another text rendered in the same locale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Plain(String),
    Text(Text),
    /// A name a profile gives in each language (a counter, a score part).
    Name(crate::vocabulary::Name),
    /// Several such names, listed the way the language lists things.
    Names(Vec<crate::vocabulary::Name>),
}

impl Text {
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// Adds a `{name}` argument.
    pub fn arg(mut self, name: &'static str, value: impl fmt::Display) -> Text {
        self.args.push((name, Arg::Plain(value.to_string())));
        self
    }

    /// Adds a `{name}` argument that is itself translated.
    pub fn arg_text(mut self, name: &'static str, value: Text) -> Text {
        self.args.push((name, Arg::Text(value)));
        self
    }

    /// Adds a `{name}` argument given by a profile in each language.
    pub fn arg_name(mut self, name: &'static str, value: &crate::vocabulary::Name) -> Text {
        self.args.push((name, Arg::Name(value.clone())));
        self
    }

    /// Adds a `{name}` argument listing names a profile gives in each language.
    pub fn arg_names(mut self, name: &'static str, values: Vec<crate::vocabulary::Name>) -> Text {
        self.args.push((name, Arg::Names(values)));
        self
    }

    /// The message in `locale`, with every `{name}` replaced by its argument, and every
    /// `{name:one|other}` by the form of the word that fits the count `name`.
    ///
    /// One pass over the template: an argument's own text is never searched for placeholders, so
    /// a player called "{card}" stays "{card}".
    pub fn render(&self, locale: Locale) -> String {
        let template = locale.template(self.key);
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let arg = after.find('}').and_then(|close| {
                let inside = &after[..close];
                // `{games:game|games}`: the form for the count `games` (English; Japanese has
                // one form and needs no selector).
                let (name, forms) = match inside.split_once(':') {
                    Some((name, forms)) => (name, Some(forms)),
                    None => (inside, None),
                };
                let value = &self.args.iter().find(|(n, _)| *n == name)?.1;
                let shown = match forms {
                    Some(forms) => plural_form(forms, value)?.to_string(),
                    None => value.render(locale),
                };
                Some((close, shown))
            });
            match arg {
                Some((close, shown)) => {
                    out.push_str(&shown);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The form of `one|other` for a count: `one` for exactly 1, `other` for any other number.
fn plural_form<'f>(forms: &'f str, count: &Arg) -> Option<&'f str> {
    let (one, other) = forms.split_once('|')?;
    let Arg::Plain(count) = count else {
        return None;
    };
    Some(if count.trim() == "1" { one } else { other })
}

impl Arg {
    fn render(&self, locale: Locale) -> String {
        match self {
            Arg::Plain(plain) => plain.clone(),
            Arg::Text(text) => text.render(locale),
            Arg::Name(n) => locale.pick(n).to_string(),
            Arg::Names(names) => names
                .iter()
                .map(|n| locale.pick(n))
                .collect::<Vec<_>>()
                .join(&locale.tr("list.separator")),
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Locale::En))
    }
}

/// The language tag the platform's settings give (`ja-JP`, `en-US`).
#[cfg(any(windows, target_os = "macos"))]
fn platform_locale() -> Option<String> {
    sys_locale::get_locale()
}

/// Linux keeps the language in the environment, read above.
#[cfg(not(any(windows, target_os = "macos")))]
fn platform_locale() -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(template: &str) -> BTreeSet<String> {
        template
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}'))
            // `{games:game|games}` is the count `games` too (only English needs the forms).
            .map(|(inside, _)| inside.split(':').next().unwrap_or(inside).to_string())
            .collect()
    }

    #[test]
    fn every_locale_has_the_same_keys_and_placeholders() {
        let en = Locale::En.table();
        let ja = Locale::Ja.table();
        let en_keys: BTreeSet<_> = en.keys().collect();
        let ja_keys: BTreeSet<_> = ja.keys().collect();
        assert_eq!(
            en_keys.symmetric_difference(&ja_keys).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "keys present in one locale only"
        );
        for key in en.keys() {
            assert_eq!(
                placeholders(&en[key]),
                placeholders(&ja[key]),
                "placeholders differ for {key}"
            );
        }
    }

    #[test]
    fn text_renders_arguments_in_each_locale() {
        let text = Text::new("error.egg_capacity")
            .arg("card", "Iriomote cat")
            .arg("eggs", 3)
            .arg("capacity", 3);
        assert_eq!(
            text.render(Locale::En),
            "Iriomote cat holds 3 eggs; its limit is 3."
        );
        assert!(text.render(Locale::Ja).contains("Iriomote cat"));
        assert!(!text.render(Locale::Ja).contains('{'));
    }

    #[test]
    fn a_count_picks_the_form_of_its_word() {
        let history = |games: usize| Text::new("home.history").arg("games", games);
        assert_eq!(history(1).render(Locale::En), "History (1 game)");
        assert_eq!(history(0).render(Locale::En), "History (0 games)");
        assert_eq!(history(12).render(Locale::En), "History (12 games)");
        assert_eq!(history(1).render(Locale::Ja), "履歴（1ゲーム）");
        let eggs = |eggs: u32| {
            Text::new("error.egg_capacity")
                .arg("card", "Owl")
                .arg("eggs", eggs)
                .arg("capacity", 1)
                .render(Locale::En)
        };
        assert_eq!(eggs(1), "Owl holds 1 egg; its limit is 1.");
        assert_eq!(eggs(2), "Owl holds 2 eggs; its limit is 1.");
    }

    #[test]
    fn every_plural_selector_has_two_forms_and_names_a_placeholder() {
        for (key, template) in Locale::En.table() {
            for inside in template
                .split('{')
                .skip(1)
                .filter_map(|r| r.split_once('}'))
            {
                if let Some((name, forms)) = inside.0.split_once(':') {
                    assert!(!name.is_empty(), "{key}: {template}");
                    assert_eq!(forms.split('|').count(), 2, "{key}: {template}");
                }
            }
        }
    }

    #[test]
    fn an_unknown_key_shows_itself() {
        assert_eq!(Text::new("no.such.key").render(Locale::Ja), "no.such.key");
    }

    #[test]
    fn locale_follows_the_tag() {
        assert_eq!(Locale::from_tag("ja_JP.UTF-8"), Locale::Ja);
        assert_eq!(Locale::from_tag("en_GB.UTF-8"), Locale::En);
        assert_eq!(Locale::from_tag("C"), Locale::En);
    }
}
