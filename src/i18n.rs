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

    /// Picks the locale from a POSIX locale string such as `ja_JP.UTF-8` (anything else is English).
    pub fn from_tag(tag: &str) -> Locale {
        if tag.to_ascii_lowercase().starts_with("ja") {
            Locale::Ja
        } else {
            Locale::En
        }
    }

    /// The system's language, from the usual environment variables in their order of precedence.
    pub fn from_env() -> Locale {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|var| std::env::var(var).ok())
            .find(|value| !value.is_empty())
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

    /// The message in `locale`, with every `{name}` replaced by its argument.
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
                let name = &after[..close];
                let value = self.args.iter().find(|(n, _)| *n == name)?;
                Some((close, &value.1))
            });
            match arg {
                Some((close, value)) => {
                    out.push_str(&value.render(locale));
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

impl Arg {
    fn render(&self, locale: Locale) -> String {
        let name = |n: &crate::vocabulary::Name| match locale {
            Locale::Ja => n.ja.clone(),
            _ => n.en.clone(),
        };
        match self {
            Arg::Plain(plain) => plain.clone(),
            Arg::Text(text) => text.render(locale),
            Arg::Name(n) => name(n),
            Arg::Names(names) => names
                .iter()
                .map(name)
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(template: &str) -> BTreeSet<String> {
        template
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_string()))
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
