//! Lists in the reader's language: ICU4X's list formatter with its compiled CLDR data ("Aki,
//! Ben und Cleo" in German, "Aki, Ben, and Cleo" in English, "Aki、Ben、Cleo" in Japanese).
//! A language ICU4X has no data for (a translator's) lists as the root locale does.

use std::cell::RefCell;

use icu_list::ListFormatter;
use icu_list::options::{ListFormatterOptions, ListLength};

use super::icu::{Made, for_language, in_the_font, with_made};

thread_local! {
    /// The formatter of each language asked for on this thread.
    static FORMATTERS: Made<&'static str, ListFormatter> = const { RefCell::new(Vec::new()) };
}

fn make(tag: &str) -> ListFormatter {
    let options = ListFormatterOptions::default().with_length(ListLength::Wide);
    for_language(tag, |locale| {
        ListFormatter::try_new_and(locale.into(), options).ok()
    })
}

/// `items` as one list ("A, B and C") in the language `tag`.
pub fn and<S: AsRef<str>>(tag: &'static str, items: &[S]) -> String {
    with_made(
        &FORMATTERS,
        tag,
        || make(tag),
        |formatter| in_the_font(formatter.format_to_string(items.iter().map(AsRef::as_ref))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against ICU4X's own output for the language, not a literal from memory.
    #[test]
    fn each_language_lists_as_icu4x_does() {
        let names = ["Aki", "Ben", "Cleo"];
        for tag in ["en", "de", "ja"] {
            let icu = make(tag).format_to_string(names.iter());
            assert_eq!(and(tag, &names), icu, "{tag}");
        }
        assert!(and("ja", &names).contains('、'), "Japanese lists with 、");
        assert_ne!(and("de", &names), and("en", &names), "und, and");
        assert_eq!(and("de", &["Aki"]), "Aki");
        assert_eq!(and("de", &[] as &[&str]), "");
        // A name that looks like a pattern is only a name.
        assert!(and("en", &["{0}", "{1}"]).starts_with("{0}"));
        assert_eq!(
            and("zz", &names),
            make("und").format_to_string(names.iter())
        );
    }
}
