//! What the ICU4X formatters share (`numbers`, `dates`, `lists`): one made per language on each
//! thread, a language ICU4X has no data for (a translator's) written as the root locale, and
//! what they write put in characters the bundled font draws.

use std::cell::RefCell;
use std::str::FromStr;
use std::thread::LocalKey;

/// The cache of formatters (or anything else made from one) a module keeps per thread: a
/// formatter is not `Sync`, and making one reads its compiled data, so each is made once.
pub(super) type Made<K, F> = RefCell<Vec<(K, F)>>;

/// `use_it` on what `cache` holds for `key`, made by `make` the first time it is asked for.
pub(super) fn with_made<K: PartialEq + Copy + 'static, F: 'static, R>(
    cache: &'static LocalKey<Made<K, F>>,
    key: K,
    make: impl FnOnce() -> F,
    use_it: impl FnOnce(&F) -> R,
) -> R {
    cache.with(|made| {
        let mut made = made.borrow_mut();
        let index = match made.iter().position(|(k, _)| *k == key) {
            Some(index) => index,
            None => {
                made.push((key, make()));
                made.len() - 1
            }
        };
        use_it(&made[index].1)
    })
}

/// A formatter for the language `tag` by `make`, or the root locale's where ICU4X has no
/// data for that language (or `tag` is no locale it reads).
pub(super) fn for_language<F>(
    tag: &str,
    make: impl Fn(&icu_locale_core::Locale) -> Option<F>,
) -> F {
    icu_locale_core::Locale::from_str(tag)
        .ok()
        .and_then(|locale| make(&locale))
        .or_else(|| make(&icu_locale_core::Locale::UNKNOWN))
        .expect("the root locale's data is compiled in")
}

/// CLDR's narrow no-break space (U+202F: English's "7:30 PM", French's thousands) as the
/// no-break space (U+00A0) the shipped font has a glyph for: it keeps the same parts together.
pub fn in_the_font(text: String) -> String {
    if text.contains('\u{202f}') {
        text.replace('\u{202f}', "\u{a0}")
    } else {
        text
    }
}
