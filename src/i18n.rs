//! The translation layer: every word a player sees is a Fluent message in `assets/locales`.
//!
//! Messages are built as [`Text`] (a key plus named arguments) wherever they arise, in the
//! library or the GUI, and rendered in the player's [`Locale`] only when shown. A language is a
//! Fluent file: the shipped ones are built in, and a translator's `<data dir>/locales/<tag>.ftl`
//! is added at start ([`add_translations_from`]). A message a language lacks falls back to
//! English, then to the key itself, so a gap shows up as text, never as a crash.
//!
//! Keys stay as the code has always written them (`error.egg_capacity`); a Fluent message id
//! cannot hold a dot, so [`message_id`] maps each `.` to a `-` (`error-egg_capacity`), here and
//! only here. Keys never hold a `-`, so the mapping goes both ways.

mod catalog;
pub mod check;
pub mod dates;
mod icu;
pub mod lists;
pub mod numbers;

use std::borrow::Cow;
use std::fmt;

use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentValue};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use catalog::Catalog;
pub use catalog::{add_translations_from, english_source, translation_problems};

/// A language the app speaks: a language tag (`en`, `ja`, `de`, or a translator's `fr`).
///
/// Cheap to copy: the tag is interned once. Saved as its tag, so a settings file's `"en"` and
/// `"ja"` (the names of the closed set this replaced) read as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Locale(&'static str);

impl Default for Locale {
    fn default() -> Locale {
        Locale::EN
    }
}

impl Locale {
    pub const EN: Locale = Locale("en");
    pub const JA: Locale = Locale("ja");
    pub const DE: Locale = Locale("de");
    /// The languages built into the app, English first: one per `assets/locales/<tag>.ftl`
    /// (build.rs finds them).
    pub const SHIPPED: [Locale; catalog::SHIPPED_COUNT] = {
        let mut locales = [Locale::EN; catalog::SHIPPED_COUNT];
        let mut i = 0;
        while i < catalog::SHIPPED_COUNT {
            locales[i] = Locale(catalog::SHIPPED_TAGS[i]);
            i += 1;
        }
        locales
    };

    /// The language's tag, as a file is named and a browser asks for it.
    pub fn tag(self) -> &'static str {
        self.0
    }

    /// Every language the app can speak now: the shipped ones, then translators' files.
    pub fn available() -> Vec<Locale> {
        catalog::available()
    }

    /// The language's own name for itself (`Deutsch`), as its file gives it.
    pub fn own_name(self) -> String {
        Text::new("language.name").render(self)
    }

    /// A name a profile gives, in this language: the profile's own, else the one a translator's
    /// file gives for its English name (`name-forest = Forêt`, so a shipped game's parts read in
    /// French with no change to its profile), else English, else any it has.
    pub fn pick(self, name: &crate::vocabulary::Name) -> &str {
        if name.exactly(self.tag()).is_none_or(str::is_empty)
            && let Some(named) = catalog::game_name(self.tag(), name.en())
        {
            return named;
        }
        name.get(self.tag())
    }

    /// A name made in every language the app speaks now.
    pub fn name_in_each(say: impl Fn(Locale) -> String) -> crate::vocabulary::Name {
        let mut name = crate::vocabulary::Name::default();
        for locale in Locale::available() {
            name.set(locale.tag(), say(locale));
        }
        name
    }

    /// The available language a tag asks for: `ja_JP.UTF-8`, `de-AT` and `de` all find German.
    /// An exact match wins over the language alone; `None` if the app has no such language.
    pub fn find(tag: &str) -> Option<Locale> {
        let tag = normalize(tag);
        let available = Locale::available();
        let exact = available
            .iter()
            .find(|l| l.tag().eq_ignore_ascii_case(&tag));
        let language = tag.split('-').next().unwrap_or_default();
        exact
            .or_else(|| {
                available
                    .iter()
                    .find(|l| l.tag().eq_ignore_ascii_case(language))
            })
            .copied()
    }

    /// The language a POSIX locale string or a tag asks for (anything unknown is English).
    pub fn from_tag(tag: &str) -> Locale {
        Locale::find(tag).unwrap_or_default()
    }

    /// The first language a browser's `Accept-Language` asks for that the app speaks, by its
    /// weights (`de-DE,de;q=0.9,en;q=0.8`); English if none.
    pub fn from_accept_language(header: &str) -> Locale {
        // A browser asks for a handful; a forged header of any length costs no more.
        let header = match header.char_indices().nth(256) {
            Some((end, _)) => &header[..end],
            None => header,
        };
        let mut asked: Vec<(f32, usize, &str)> = (header.split(',').enumerate())
            .filter_map(|(order, part)| {
                let mut pieces = part.split(';');
                let tag = pieces.next()?.trim();
                let weight = (pieces.filter_map(|p| p.trim().strip_prefix("q=")))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                (!tag.is_empty() && tag != "*" && weight > 0.0).then_some((weight, order, tag))
            })
            .take(32)
            .collect();
        asked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        (asked.iter())
            .find_map(|(_, _, tag)| Locale::find(tag))
            .unwrap_or_default()
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

    /// A locale for `tag` as it is, spoken or not (a settings file's language whose
    /// translator's file has gone: its words fall back to English).
    fn interned(tag: &str) -> Locale {
        catalog::intern(&normalize(tag))
    }

    fn catalog(self) -> Option<&'static Catalog> {
        catalog::of(self.tag())
    }

    /// Does this language have `key` (a translator's file or the shipped one), English aside?
    pub fn has(self, key: &str) -> bool {
        let id = message_id(key);
        catalog::speaking(self.tag()).any(|c| c.has(&id))
    }

    /// The files a message is looked for in: this language's, then English's.
    fn catalogs(self) -> impl Iterator<Item = &'static Catalog> {
        catalog::speaking(self.tag()).chain(catalog::speaking(Locale::EN.tag()))
    }

    /// The keys this language's own file has (as the code writes them: `error.egg_capacity`).
    pub fn keys(self) -> Vec<String> {
        (self.catalog().map(Catalog::ids).unwrap_or_default().iter())
            .map(|id| key_of(id))
            .collect()
    }

    /// A message with no arguments.
    pub fn tr(self, key: &str) -> String {
        render(self, key, &[])
    }

    /// A message for the phones' page, which fills in its own values: each `{ $name }` left
    /// as `{name}` for the page's script to replace (a count's selector takes its other form).
    pub fn tr_for_page(self, key: &str) -> String {
        let id = message_id(key);
        let names = (self.catalogs())
            .find(|catalog| catalog.has(&id))
            .map(|catalog| catalog.variables(&id))
            .unwrap_or_default();
        let args: Vec<(&str, Arg)> = (names.iter())
            .map(|name| (name.as_str(), Arg::Plain(format!("{{{name}}}"))))
            .collect();
        render(self, key, &args)
    }
}

impl Serialize for Locale {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.tag())
    }
}

impl<'de> Deserialize<'de> for Locale {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Locale, D::Error> {
        let tag = String::deserialize(deserializer)?;
        if tag.is_empty() || tag.len() > 35 || !tag.chars().all(tag_char) {
            return Err(serde::de::Error::custom(format!(
                "not a language tag: {tag}"
            )));
        }
        Ok(Locale::find(&tag).unwrap_or_else(|| Locale::interned(&tag)))
    }
}

fn tag_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// `ja_JP.UTF-8` → `ja-JP`; `de-AT` stays: a POSIX locale's codeset and modifier dropped, `_`
/// made `-`.
fn normalize(tag: &str) -> String {
    let tag = tag.split(['.', '@']).next().unwrap_or_default().trim();
    tag.replace('_', "-")
}

/// The Fluent message id of a key: `error.egg_capacity` → `error-egg_capacity`.
pub fn message_id(key: &str) -> Cow<'_, str> {
    match key.contains('.') {
        true => Cow::Owned(key.replace('.', "-")),
        false => Cow::Borrowed(key),
    }
}

/// The key of a Fluent message id: `error-egg_capacity` → `error.egg_capacity`.
pub fn key_of(id: &str) -> String {
    id.replace('-', ".")
}

/// Where a translator's file names a game's things: `name-` and the English name.
pub(crate) const NAME_PREFIX: &str = "name-";

/// The message id a translator's file gives a game's name by: its English name in lower case,
/// each run of anything but ASCII letters and digits one `_` ("① Creature cards" →
/// `name-creature_cards`); `None` for a name with no such letter.
pub fn name_id(english: &str) -> Option<String> {
    let mut id = String::from(NAME_PREFIX);
    let mut gap = false;
    for c in english.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && id.len() > NAME_PREFIX.len() {
                id.push('_');
            }
            gap = false;
            id.push(c.to_ascii_lowercase());
        } else {
            gap = true;
        }
    }
    (id.len() > NAME_PREFIX.len()).then_some(id)
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
    /// Several plain values (players' names), listed the way the language lists things.
    List(Vec<String>),
    /// A moment on the wall clock where it is shown, written as the language writes it.
    Moment(chrono::NaiveDateTime, dates::Shape),
    /// A figure written in the reader's language ("15,6" in German): its value's bits (an
    /// `f64` has no `Eq`), the digits after the separator, and how its sign shows.
    Decimal {
        bits: u64,
        digits: u8,
        sign: numbers::Sign,
    },
}

impl Text {
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// Adds a `$name` argument.
    pub fn arg(mut self, name: &'static str, value: impl fmt::Display) -> Text {
        self.args.push((name, Arg::Plain(value.to_string())));
        self
    }

    /// Adds a `$name` figure, written with `digits` after the reader's decimal separator.
    pub fn arg_decimal(
        mut self,
        name: &'static str,
        value: f64,
        digits: u8,
        sign: numbers::Sign,
    ) -> Text {
        let bits = value.to_bits();
        self.args.push((name, Arg::Decimal { bits, digits, sign }));
        self
    }

    /// Adds a `$name` list of plain values ("Aki, Ben und Cleo"), in the reader's language.
    pub fn arg_list<S: ToString>(mut self, name: &'static str, values: &[S]) -> Text {
        let values = values.iter().map(ToString::to_string).collect();
        self.args.push((name, Arg::List(values)));
        self
    }

    /// Adds a `$name` moment (already in the zone it is shown in), written in the reader's
    /// language in `shape`.
    pub fn arg_moment(
        mut self,
        name: &'static str,
        at: chrono::NaiveDateTime,
        shape: dates::Shape,
    ) -> Text {
        self.args.push((name, Arg::Moment(at, shape)));
        self
    }

    /// Adds a `$name` argument that is itself translated.
    pub fn arg_text(mut self, name: &'static str, value: Text) -> Text {
        self.args.push((name, Arg::Text(value)));
        self
    }

    /// Adds a `$name` argument given by a profile in each language.
    pub fn arg_name(mut self, name: &'static str, value: &crate::vocabulary::Name) -> Text {
        self.args.push((name, Arg::Name(value.clone())));
        self
    }

    /// Adds a `$name` argument listing names a profile gives in each language.
    pub fn arg_names(mut self, name: &'static str, values: Vec<crate::vocabulary::Name>) -> Text {
        self.args.push((name, Arg::Names(values)));
        self
    }

    /// The message in `locale`, its arguments in place; a count picks its word's form by the
    /// language's plural rules (Fluent's select on CLDR's categories).
    ///
    /// An argument's own text is never read as a pattern, so a player called "{card}" stays
    /// "{card}".
    pub fn render(&self, locale: Locale) -> String {
        render(locale, self.key, &self.args)
    }
}

/// The message `key` in `locale` with `args`, else in English, else the key itself.
fn render(locale: Locale, key: &str, args: &[(&str, Arg)]) -> String {
    let id = message_id(key);
    if !locale.catalogs().any(|catalog| catalog.has(&id)) {
        return key.to_string();
    }
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, arg) in args {
        fluent_args.set(*name, arg.value(locale));
    }
    // A message that names a variable the code does not give (a translator's typo) falls
    // back to the next file that has it, English last: never shown raw to the players.
    let mut flawed = None;
    for catalog in locale.catalogs().filter(|catalog| catalog.has(&id)) {
        match catalog.format(&id, &fluent_args) {
            Some(Ok(text)) => return text,
            Some(Err(text)) => flawed = Some(text),
            None => {}
        }
    }
    flawed.unwrap_or_else(|| key.to_string())
}

impl Arg {
    /// The argument as Fluent takes it: a plain number as a number (so it picks a plural
    /// form), anything else as the text it renders to in `locale`.
    fn value(&self, locale: Locale) -> FluentValue<'static> {
        match self {
            Arg::Plain(plain) => match as_number(plain) {
                Some(number) => FluentValue::Number(number),
                None => FluentValue::from(plain.clone()),
            },
            other => FluentValue::from(other.render(locale)),
        }
    }

    fn render(&self, locale: Locale) -> String {
        match self {
            Arg::Plain(plain) => plain.clone(),
            Arg::Text(text) => text.render(locale),
            Arg::Name(n) => locale.pick(n).to_string(),
            Arg::Decimal { bits, digits, sign } => {
                numbers::decimal(locale.tag(), f64::from_bits(*bits), *digits, *sign)
            }
            Arg::Names(names) => {
                let picked: Vec<&str> = names.iter().map(|n| locale.pick(n)).collect();
                lists::and(locale.tag(), &picked)
            }
            Arg::List(values) => lists::and(locale.tag(), values),
            Arg::Moment(at, shape) => dates::format(locale.tag(), *at, *shape),
        }
    }
}

/// A number written the plain way (`3`, `-2`, `1.50`), which Fluent shows exactly as written;
/// `007`, `1e3` or `+4` stay text, shown as given.
fn as_number(text: &str) -> Option<FluentNumber> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let canonical = plain(whole)
        && (whole == "0" || !whole.starts_with('0'))
        && whole.len() <= 15
        && (fraction.is_empty() || (plain(fraction) && fraction.len() <= 6))
        && !digits.ends_with('.');
    canonical.then(|| text.parse().ok()).flatten()
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Locale::EN))
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

    #[test]
    fn text_renders_arguments_in_each_locale() {
        let text = Text::new("error.egg_capacity")
            .arg("card", "Iriomote cat")
            .arg("eggs", 3)
            .arg("capacity", 3);
        assert_eq!(
            text.render(Locale::EN),
            "Iriomote cat holds 3 eggs; its limit is 3."
        );
        assert!(text.render(Locale::JA).contains("Iriomote cat"));
        assert!(!text.render(Locale::JA).contains('{'));
        assert!(
            !text.render(Locale::JA).contains('\u{2068}'),
            "no isolation marks"
        );
    }

    #[test]
    fn a_count_picks_the_form_of_its_word() {
        let history = |games: usize| Text::new("home.history").arg("games", games);
        assert_eq!(history(1).render(Locale::EN), "History (1 game)");
        assert_eq!(history(0).render(Locale::EN), "History (0 games)");
        assert_eq!(history(12).render(Locale::EN), "History (12 games)");
        assert_eq!(history(1).render(Locale::JA), "履歴（1ゲーム）");
        // German has its own forms, chosen by the same CLDR category.
        assert_ne!(history(1).render(Locale::DE), history(2).render(Locale::DE));
        let eggs = |eggs: u32| {
            Text::new("error.egg_capacity")
                .arg("card", "Owl")
                .arg("eggs", eggs)
                .arg("capacity", 1)
                .render(Locale::EN)
        };
        assert_eq!(eggs(1), "Owl holds 1 egg; its limit is 1.");
        assert_eq!(eggs(2), "Owl holds 2 eggs; its limit is 1.");
    }

    /// "1 eggs" was the phone's steal cost in English, "1 Eier" in German.
    #[test]
    fn a_count_picks_its_words_form_on_the_phone_too() {
        let cost = |eggs: u32, l| {
            (Text::new("phone.steal_cost")
                .arg("humans", 1)
                .arg("eggs", eggs))
            .render(l)
        };
        assert_eq!(cost(1, Locale::EN), "costs 1 Human and 1 egg");
        assert_eq!(cost(2, Locale::EN), "costs 1 Human and 2 eggs");
        assert_eq!(cost(1, Locale::DE), "kostet 1 Mensch und 1 Ei");
        assert_eq!(cost(3, Locale::DE), "kostet 1 Mensch und 3 Eier");
    }

    /// "out of time in 1 turns": a count beside its noun picks the noun's form.
    #[test]
    fn a_count_of_turns_or_dummies_picks_its_form() {
        let timeouts = |n: u32, l| {
            let text = Text::new("detail.timeouts").arg("player", "Aki");
            text.arg("timeouts", n).arg("over", "0:05").render(l)
        };
        assert_eq!(
            timeouts(1, Locale::EN),
            "Aki: out of time in 1 turn, 0:05 over"
        );
        assert_eq!(
            timeouts(2, Locale::EN),
            "Aki: out of time in 2 turns, 0:05 over"
        );
        assert_eq!(
            timeouts(1, Locale::DE),
            "Aki: in 1 Zug Zeit überschritten, 0:05 zu viel"
        );
        assert_eq!(
            timeouts(3, Locale::DE),
            "Aki: in 3 Zügen Zeit überschritten, 0:05 zu viel"
        );
        let dummies = (Text::new("error.dummies_given").arg("part", "River"))
            .arg("players", 3)
            .arg("count", 1)
            .arg("given", 0);
        assert!(dummies.render(Locale::EN).contains("ranks 1 dummy player;"));
    }

    #[test]
    fn a_placeholder_in_an_argument_stays_text() {
        let text = Text::new("error.no_eggs").arg("card", "{ $card } {card}");
        assert_eq!(
            text.render(Locale::EN),
            "{ $card } {card} has no egg to return."
        );
    }

    #[test]
    fn numbers_show_as_written() {
        for written in [
            "3",
            "-2",
            "1.50",
            "007",
            "1e3",
            "+4",
            "12345678901234567890",
        ] {
            let text = Text::new("error.no_eggs").arg("card", written);
            assert_eq!(
                text.render(Locale::EN),
                format!("{written} has no egg to return.")
            );
        }
    }

    #[test]
    fn blanks_at_either_end_are_kept() {
        let redone = Text::new("cli.redone_at").arg("at", "19:30");
        assert_eq!(redone.render(Locale::EN), " · put back (Redo) at 19:30");
    }

    #[test]
    fn an_unknown_key_shows_itself() {
        assert_eq!(Text::new("no.such.key").render(Locale::JA), "no.such.key");
    }

    #[test]
    fn locale_follows_the_tag() {
        assert_eq!(Locale::from_tag("ja_JP.UTF-8"), Locale::JA);
        assert_eq!(Locale::from_tag("en_GB.UTF-8"), Locale::EN);
        assert_eq!(Locale::from_tag("C"), Locale::EN);
        assert_eq!(Locale::from_tag("xx-YY"), Locale::EN);
        assert_eq!(Locale::from_tag("de_AT.UTF-8"), Locale::DE);
        assert_eq!(Locale::from_tag("de-CH"), Locale::DE);
    }

    #[test]
    fn a_browser_gets_the_first_language_it_asks_for_that_the_app_speaks() {
        assert_eq!(Locale::from_accept_language("ja-JP,ja;q=0.9"), Locale::JA);
        assert_eq!(
            Locale::from_accept_language("xx,ja;q=0.5,en;q=0.9"),
            Locale::EN
        );
        assert_eq!(
            Locale::from_accept_language("en;q=0.1, ja;q=0.8"),
            Locale::JA
        );
        assert_eq!(Locale::from_accept_language(""), Locale::EN);
        assert_eq!(Locale::from_accept_language("ja;q=0"), Locale::EN);
        assert_eq!(
            Locale::from_accept_language("de-DE,de;q=0.9,en;q=0.8"),
            Locale::DE
        );
    }

    #[test]
    fn the_old_settings_names_read_as_before() {
        let read: Vec<Locale> = serde_json::from_str(r#"["en","ja"]"#).unwrap();
        assert_eq!(read, [Locale::EN, Locale::JA]);
        assert_eq!(serde_json::to_string(&read).unwrap(), r#"["en","ja"]"#);
        assert!(serde_json::from_str::<Locale>(r#""../x""#).is_err());
    }

    #[test]
    fn ids_map_both_ways() {
        assert_eq!(message_id("error.egg_capacity"), "error-egg_capacity");
        assert_eq!(key_of("error-egg_capacity"), "error.egg_capacity");
    }
}
