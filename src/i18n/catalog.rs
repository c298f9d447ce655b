//! The languages' Fluent files, each parsed once, when first needed: the shipped ones built in,
//! a translator's read from `<data dir>/locales/` at start.
//!
//! Parsing is lazy so that the window opens as fast as a blank one: at start only the chosen
//! language is parsed, and English only if a message is missing from it. With the phones on,
//! the table is rendered in every language at each publish, so every shipped language is
//! parsed then.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError, RwLock};

use fluent_bundle::{FluentArgs, FluentResource};

use super::{Locale, Text};

/// A bundle shared by every thread (the window's, the phones' server's).
type Bundle = fluent_bundle::concurrent::FluentBundle<FluentResource>;

/// The largest translator's file read (the shipped English is about 80 kB).
const LARGEST_FILE: u64 = 2 * 1024 * 1024;

/// One language's messages.
pub(crate) struct Catalog {
    tag: &'static str,
    source: Cow<'static, str>,
    parsed: OnceLock<Parsed>,
}

struct Parsed {
    bundle: Bundle,
    /// The message ids, in file order.
    ids: Vec<String>,
    /// A game's names this file gives (`name-forest = Forêt`): the profile's English name made
    /// an id ([`super::name_id`]) → this language's.
    names: std::collections::HashMap<String, String>,
}

impl Catalog {
    const fn built_in(tag: &'static str, source: &'static str) -> Catalog {
        Catalog {
            tag,
            source: Cow::Borrowed(source),
            parsed: OnceLock::new(),
        }
    }

    fn parsed(&self) -> &Parsed {
        self.parsed.get_or_init(|| parse(self.tag, &self.source))
    }

    pub(crate) fn has(&self, id: &str) -> bool {
        self.parsed().bundle.has_message(id)
    }

    pub(crate) fn ids(&self) -> Vec<String> {
        self.parsed().ids.clone()
    }

    /// The variables the message `id` uses.
    pub(crate) fn variables(&self, id: &str) -> Vec<String> {
        let mut names = BTreeSet::new();
        let pattern = self.parsed().bundle.get_message(id).and_then(|m| m.value());
        if let Some(pattern) = pattern {
            super::check::pattern_variables(pattern, &mut names);
        }
        names.into_iter().collect()
    }

    /// The message `id` with `args`; `None` if it has no value. `Err` holds what Fluent made
    /// of a message that names a variable or message there is not (a translator's misspelt
    /// `{ $joueur }` comes out raw): the caller looks in the next file first.
    pub(crate) fn format(&self, id: &str, args: &FluentArgs) -> Option<Result<String, String>> {
        let bundle = &self.parsed().bundle;
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = (bundle.format_pattern(pattern, Some(args), &mut errors)).into_owned();
        Some(match errors.is_empty() {
            true => Ok(text),
            false => Err(text),
        })
    }
}

/// A file's bundle; what of it parses (a translator's typo loses only its own message).
fn parse(tag: &str, source: &str) -> Parsed {
    let resource =
        FluentResource::try_new(source.to_string()).unwrap_or_else(|(partial, _)| partial);
    let ids: Vec<String> = (resource.entries())
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_string()),
            _ => None,
        })
        .collect();
    let language = tag.parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![language]);
    // Unicode isolation marks around each argument would reach the window and the terminal
    // as invisible characters; no language shipped reads right to left.
    bundle.set_use_isolating(false);
    // A message given twice: the first stays (an error Fluent reports, the check lists it).
    let _ = bundle.add_resource(resource);
    let names = (ids.iter())
        .filter(|id| id.starts_with(super::NAME_PREFIX))
        .filter_map(|id| {
            let pattern = bundle.get_message(id)?.value()?;
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            (errors.is_empty() && !text.trim().is_empty()).then(|| (id.clone(), text.into_owned()))
        })
        .collect();
    Parsed { bundle, ids, names }
}

// `SHIPPED_COUNT`, `SHIPPED_TAGS` and the `SHIPPED` catalogs: every `assets/locales/<tag>.ftl`,
// English first, found by build.rs, so a language ships by adding its file.
include!(concat!(env!("OUT_DIR"), "/shipped_locales.rs"));

/// The shipped English file, which every translation is checked against.
pub fn english_source() -> &'static str {
    include_str!("../../assets/locales/en.ftl")
}

/// The translators' files read at start; one for a shipped language goes in front of it (so a
/// translator sees an edited `de.ftl` with no rebuild, and what it lacks stays as shipped).
static ADDED: RwLock<Vec<&'static Catalog>> = RwLock::new(Vec::new());

/// Tags of languages the app may have no file for (a setting kept after a file was removed).
static OTHER_TAGS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// The files that speak `tag`, in the order a message is looked for: a translator's, then the
/// shipped one it stands in front of, so an edited `de.ftl` that lacks a message shows the
/// shipped German for it, not English.
pub(crate) fn speaking(tag: &str) -> impl Iterator<Item = &'static Catalog> {
    let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
    let translator = added.iter().copied().find(|c| c.tag == tag);
    translator
        .into_iter()
        .chain(SHIPPED.iter().find(|c| c.tag == tag))
}

/// The name a file speaking `tag` gives the game's thing called `english` in English
/// (`name-forest = Forêt`), where one does. A name is looked up on every frame: a language
/// whose files name nothing (every shipped one) costs no id to be made.
pub(crate) fn game_name(tag: &str, english: &str) -> Option<&'static str> {
    let mut naming = speaking(tag)
        .filter(|c| !c.parsed().names.is_empty())
        .peekable();
    naming.peek()?;
    let id = super::name_id(english)?;
    naming.find_map(|c| c.parsed().names.get(&id).map(String::as_str))
}

pub(crate) fn of(tag: &str) -> Option<&'static Catalog> {
    let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
    (added.iter().copied())
        .find(|c| c.tag == tag)
        .or_else(|| SHIPPED.iter().find(|c| c.tag == tag))
}

pub(crate) fn available() -> Vec<Locale> {
    let mut locales: Vec<Locale> = SHIPPED.iter().map(|c| Locale(c.tag)).collect();
    let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
    for catalog in added.iter() {
        if !locales.iter().any(|l| l.0 == catalog.tag) {
            locales.push(Locale(catalog.tag));
        }
    }
    locales
}

/// A locale for `tag`, the one tag string per language for the life of the process.
pub(crate) fn intern(tag: &str) -> Locale {
    if let Some(catalog) = of(tag) {
        return Locale(catalog.tag);
    }
    let mut others = OTHER_TAGS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = others.iter().find(|t| **t == tag) {
        return Locale(known);
    }
    let leaked: &'static str = Box::leak(tag.to_string().into_boxed_str());
    others.push(leaked);
    Locale(leaked)
}

/// Is `tag` fit to name a language file (`fr`, `pt-BR`, `sr-Latn`)? A BCP 47 tag whose
/// language is two or three letters: `french` parses as one, but names no language.
pub fn is_tag(tag: &str) -> bool {
    let parsed = tag.parse::<unic_langid::LanguageIdentifier>();
    parsed.is_ok_and(|id| (2..=3).contains(&id.language.as_str().len()))
        && tag.len() <= 35
        && tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// What was wrong with the translators' files at start, said in Settings and in the log.
static PROBLEMS: Mutex<Vec<Text>> = Mutex::new(Vec::new());

/// The translators' files left out at start, or read with lines that cannot be read: a
/// sentence each, naming the file.
pub fn translation_problems() -> Vec<Text> {
    PROBLEMS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Adds every `<tag>.ftl` in `dir` (a data directory's `locales/`) as a language; the
/// languages added, and a sentence for each file left out or read in part (kept for
/// [`translation_problems`] too). A folder that is not there adds nothing and is no problem.
pub fn add_translations_from(dir: &Path) -> (Vec<Locale>, Vec<Text>) {
    let mut added = Vec::new();
    let mut problems = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (added, problems);
    };
    let files: BTreeSet<PathBuf> = (entries.flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    for path in files {
        let file = (path.file_name()).map_or(String::new(), |n| n.to_string_lossy().into_owned());
        match read(&path) {
            Ok((tag, source)) => {
                // A line that cannot be read loses its message only: said, not silent.
                let (_, syntax) = super::check::messages(&source);
                if let Some((line, _)) = syntax.first() {
                    problems.push(
                        Text::new("translation.unreadable_lines")
                            .arg("file", &file)
                            .arg("count", syntax.len())
                            .arg("line", line),
                    );
                }
                added.push(add(&tag, source));
            }
            Err(problem) => problems.push(
                Text::new("translation.left_out")
                    .arg("file", &file)
                    .arg_text("reason", problem),
            ),
        }
    }
    *PROBLEMS.lock().unwrap_or_else(PoisonError::into_inner) = problems.clone();
    (added, problems)
}

fn read(path: &Path) -> Result<(String, String), Text> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    if !is_tag(stem) {
        // `fr_FR.ftl`, as a POSIX locale spells it: the tag is `fr-FR`.
        let dashed = stem.replace('_', "-");
        return Err(match is_tag(&dashed) {
            true => Text::new("translation.rename").arg("name", format!("{dashed}.ftl")),
            false => Text::new("translation.not_a_tag"),
        });
    }
    use std::io::Read;
    let unreadable = |e: std::io::Error| Text::new("translation.io").arg("message", e);
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut source = String::new();
    (file.take(LARGEST_FILE + 1))
        .read_to_string(&mut source)
        .map_err(unreadable)?;
    if source.len() as u64 > LARGEST_FILE {
        return Err(Text::new("translation.too_large"));
    }
    if let Some(line) = super::check::too_deep(&source) {
        return Err(Text::new("translation.too_deep")
            .arg("line", line)
            .arg("max", super::check::DEEPEST_NESTING));
    }
    Ok((stem.to_string(), source))
}

/// Adds (or replaces) the language `tag` with the Fluent text `source`.
pub(crate) fn add(tag: &str, source: String) -> Locale {
    let tag: &'static str = intern(tag).0;
    let catalog: &'static Catalog = Box::leak(Box::new(Catalog {
        tag,
        source: Cow::Owned(source),
        parsed: OnceLock::new(),
    }));
    let mut added = ADDED.write().unwrap_or_else(PoisonError::into_inner);
    added.retain(|c| c.tag != tag);
    added.push(catalog);
    Locale(tag)
}
