//! Numbers in the reader's language: ICU4X's decimal formatter with its compiled CLDR data
//! ("15,6" in German, "15.6" in English and Japanese). The figure is rounded here, to the
//! digits asked; ICU4X writes it with the language's separators. A language ICU4X has no data
//! for (a translator's) is written as the root locale writes it.

use std::cell::RefCell;
use std::str::FromStr;

use icu_decimal::DecimalFormatter;

use super::icu::{Made, for_language, in_the_font, with_made};
use icu_decimal::input::Decimal;

/// How a figure's sign is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sign {
    /// A minus sign (U+2212) below zero, nothing otherwise: a rating, an average.
    Negative,
    /// Always: `+2,2`, `−0,5`, `±0,0`, a change.
    Always,
}

thread_local! {
    /// The formatter of each language asked for on this thread.
    static FORMATTERS: Made<&'static str, DecimalFormatter> = const { RefCell::new(Vec::new()) };
}

/// `magnitude` (digits and a point, as Rust writes them) in the language `tag`'s separators.
fn in_language(tag: &'static str, magnitude: &Decimal) -> String {
    let make = || {
        for_language(tag, |locale| {
            DecimalFormatter::try_new(locale.into(), Default::default()).ok()
        })
    };
    with_made(&FORMATTERS, tag, make, |formatter| {
        in_the_font(formatter.format(magnitude).to_string())
    })
}

/// `value` to `digits` after the separator, in the language `tag`, with its sign as `sign`
/// says. A value that is not a number (NaN, infinite) is written as 0.
pub fn decimal(tag: &'static str, value: f64, digits: u8, sign: Sign) -> String {
    let value = if value.is_finite() { value } else { 0.0 };
    let rounded = format!("{:.*}", usize::from(digits), value.abs());
    let zero = rounded.chars().all(|c| c == '0' || c == '.');
    let magnitude = Decimal::from_str(&rounded)
        .map(|d| in_language(tag, &d))
        .unwrap_or(rounded);
    let mark = match (sign, zero, value < 0.0) {
        (_, false, true) => "−",
        (Sign::Always, true, _) => "±",
        (Sign::Always, false, false) => "+",
        (Sign::Negative, _, _) => "",
    };
    format!("{mark}{magnitude}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against ICU4X's own output for the language, not a literal from memory: German's
    /// decimal separator is whatever CLDR gives it, and it is not English's.
    #[test]
    fn each_language_writes_its_own_separator() {
        let icu = |tag: &str| {
            let locale = icu_locale_core::Locale::from_str(tag).unwrap();
            let formatter = DecimalFormatter::try_new((&locale).into(), Default::default());
            formatter
                .unwrap()
                .format(&Decimal::from_str("1234.5").unwrap())
                .to_string()
        };
        assert_eq!(decimal("de", 1234.54, 1, Sign::Negative), icu("de"));
        assert_eq!(decimal("en", 1234.54, 1, Sign::Negative), icu("en"));
        assert_eq!(decimal("ja", 1234.54, 1, Sign::Negative), icu("ja"));
        assert_ne!(icu("de"), icu("en"), "German and English write it apart");
        assert_eq!(decimal("en", 15.64, 1, Sign::Negative), "15.6");
    }

    #[test]
    fn a_change_carries_its_sign_and_a_rating_only_a_minus() {
        let comma = decimal("de", 0.5, 1, Sign::Negative).replace(['0', '5'], "");
        assert_eq!(decimal("de", 2.24, 1, Sign::Always), format!("+2{comma}2"));
        assert_eq!(decimal("de", -0.5, 1, Sign::Always), format!("−0{comma}5"));
        assert_eq!(decimal("de", 0.04, 1, Sign::Always), format!("±0{comma}0"));
        assert_eq!(decimal("de", -0.04, 1, Sign::Always), format!("±0{comma}0"));
        assert_eq!(decimal("en", -3.24, 1, Sign::Negative), "−3.2");
        assert_eq!(decimal("en", f64::NAN, 1, Sign::Negative), "0.0");
        // A language with no data of its own (a translator's) is written as the root's.
        let root = decimal("und", 15.6, 1, Sign::Negative);
        assert_eq!(decimal("zz", 15.6, 1, Sign::Negative), root);
    }
}
