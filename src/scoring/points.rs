//! Exact points: a fraction kept in lowest terms, so 0.5 per raw material adds up to 12.5,
//! never 12.499999.
//!
//! Every operation is checked: a sum or product that would not fit gives `None`, in release and
//! debug builds alike, and the caller names the field that was too large. There is no `+` or `*`
//! on `Points` on purpose, so an unchecked step cannot creep back in.

use std::cmp::Ordering;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number of points: `num / den`, `den > 0`, in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    num: i64,
    den: i64,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Points {
    pub const ZERO: Points = Points { num: 0, den: 1 };

    /// `num / den` in lowest terms; `None` for a zero denominator or a value that does not fit.
    pub fn new(num: i64, den: i64) -> Option<Points> {
        Points::reduced(i128::from(num), i128::from(den))
    }

    /// Reduces an intermediate result, computed in `i128` where no product of two `i64` overflows.
    fn reduced(num: i128, den: i128) -> Option<Points> {
        if den == 0 {
            return None;
        }
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den);
        Some(Points {
            num: i64::try_from(sign * num / g).ok()?,
            den: i64::try_from(sign * den / g).ok()?,
        })
    }

    pub fn checked_add(self, other: Points) -> Option<Points> {
        let (a, b, c, d) = self.wide(other);
        Points::reduced(a * d + c * b, b * d)
    }

    pub fn checked_mul(self, other: Points) -> Option<Points> {
        let (a, b, c, d) = self.wide(other);
        Points::reduced(a * c, b * d)
    }

    /// −(self × other), exact: the product need not fit on its own (a penalty of −2 points for
    /// each of −2⁶² is exactly `i64::MIN`, though 2⁶³ is not an `i64`).
    pub fn checked_neg_mul(self, other: Points) -> Option<Points> {
        let (a, b, c, d) = self.wide(other);
        Points::reduced(-(a * c), b * d)
    }

    pub fn checked_neg(self) -> Option<Points> {
        Points::reduced(-i128::from(self.num), i128::from(self.den))
    }

    /// The sum of all, or `None` as soon as a partial sum does not fit.
    pub fn checked_sum(points: impl IntoIterator<Item = Points>) -> Option<Points> {
        points
            .into_iter()
            .try_fold(Points::ZERO, |sum, p| sum.checked_add(p))
    }

    fn wide(self, other: Points) -> (i128, i128, i128, i128) {
        (
            i128::from(self.num),
            i128::from(self.den),
            i128::from(other.num),
            i128::from(other.den),
        )
    }

    pub fn whole(n: i64) -> Points {
        Points { num: n, den: 1 }
    }

    pub fn is_negative(self) -> bool {
        self.num < 0
    }

    /// For averages and charts only: never for a score that is shown or compared.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Whole points, rounded down (a "1 per 5" conversion).
    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den)
    }

    /// The number, if it is a whole one (fractions are kept in lowest terms).
    pub fn as_whole(self) -> Option<i64> {
        (self.den == 1).then_some(self.num)
    }

    /// Parses "3", "-5", "0.5", "2.25" or "1/3".
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        if let Some((a, b)) = text.split_once('/') {
            return Points::new(a.trim().parse().ok()?, b.trim().parse().ok()?);
        }
        match text.split_once('.') {
            None => text.parse().ok().map(Points::whole),
            Some((whole, fraction)) => {
                if fraction.is_empty()
                    || fraction.len() > 9
                    || !fraction.bytes().all(|b| b.is_ascii_digit())
                {
                    return None;
                }
                let negative = whole.starts_with('-');
                let whole: i64 = if whole == "-" || whole.is_empty() {
                    0
                } else {
                    whole.parse().ok()?
                };
                let den = 10i64.pow(fraction.len() as u32);
                let frac: i64 = fraction.parse().ok()?;
                let num = i128::from(whole).abs() * i128::from(den) + i128::from(frac);
                Points::reduced(if negative { -num } else { num }, i128::from(den))
            }
        }
    }
}

impl Default for Points {
    fn default() -> Points {
        Points::ZERO
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// "12", "12.5", "-5"; a fraction with no exact decimal shows as "1/3".
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        match self.decimal() {
            Some((value, digits)) => {
                let sign = if value < 0 { "-" } else { "" };
                let value = value.abs();
                let unit = 10i128.pow(digits);
                write!(
                    f,
                    "{sign}{}.{:0width$}",
                    value / unit,
                    value % unit,
                    width = digits as usize
                )
            }
            None => write!(f, "{}/{}", self.num, self.den),
        }
    }
}

impl Points {
    /// The value as `value / 10^digits` when it has a finite decimal that fits, else `None`.
    fn decimal(self) -> Option<(i128, u32)> {
        let mut den = self.den;
        for p in [2, 5] {
            while den % p == 0 {
                den /= p;
            }
        }
        if den != 1 {
            return None;
        }
        let (num, den) = (i128::from(self.num), i128::from(self.den));
        let (mut scale, mut digits) = (1i128, 0u32);
        while num.checked_mul(scale)? % den != 0 {
            scale = scale.checked_mul(10)?;
            digits += 1;
        }
        Some((num.checked_mul(scale)? / den, digits))
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.den == 1 {
            s.serialize_i64(self.num)
        } else {
            s.serialize_str(&self.to_string())
        }
    }
}

/// Accepts 3, -5, 0.5 (as written in the JSON, not as a float) or "1/3".
impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        struct PointsVisitor;
        impl Visitor<'_> for PointsVisitor {
            type Value = Points;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number of points like 3, -5, 0.5 or \"1/3\"")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Points, E> {
                Ok(Points::whole(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Points, E> {
                i64::try_from(v)
                    .map(Points::whole)
                    .map_err(|_| E::custom("too large"))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Points, E> {
                // Past 2^53 an f64 is no longer every whole number: 9007199254740993 would
                // read as ...992. Such a figure must come as an integer or a string.
                if v.abs() >= 2f64.powi(53) {
                    return Err(E::custom(format!("{v} is too large to be exact")));
                }
                // The shortest decimal that reads back as `v` is what the file said.
                Points::parse(&format!("{v}"))
                    .ok_or_else(|| E::custom(format!("{v} is not an exact number of points")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Points, E> {
                Points::parse(v)
                    .ok_or_else(|| E::custom(format!("\"{v}\" is not a number of points")))
            }
        }
        d.deserialize_any(PointsVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negated_product_fits_when_only_the_product_would_not() {
        // Found by tests/scoring_properties.rs in CI: a penalty of −2 per −2⁶² entered.
        let entry = Points::whole(-(1 << 62));
        let penalty = Points::whole(-2);
        assert_eq!(entry.checked_mul(penalty), None, "2⁶³ is not an i64");
        assert_eq!(
            entry.checked_neg_mul(penalty),
            Some(Points::whole(i64::MIN))
        );
        assert_eq!(
            Points::whole(i64::MIN).checked_neg_mul(Points::whole(-1)),
            Some(Points::whole(i64::MIN))
        );
        assert_eq!(
            Points::whole(i64::MIN).checked_neg_mul(Points::whole(1)),
            None
        );
    }

    #[test]
    fn halves_add_up_exactly_and_print_as_decimals() {
        let half = Points::parse("0.5").unwrap();
        let total = Points::checked_sum(std::iter::repeat_n(half, 25)).unwrap();
        assert_eq!(total.to_string(), "12.5");
        assert_eq!(
            (Points::parse("0.1").unwrap())
                .checked_add(Points::parse("0.2").unwrap())
                .unwrap()
                .to_string(),
            "0.3"
        );
        assert_eq!(Points::parse("1/3").unwrap().to_string(), "1/3");
        assert_eq!(
            Points::whole(-5)
                .checked_mul(Points::whole(2))
                .unwrap()
                .to_string(),
            "-10"
        );
        assert_eq!(Points::parse("-2.25").unwrap().to_string(), "-2.25");
        assert_eq!(Points::parse("17/5").unwrap().floor(), 3);
        assert!(Points::parse("abc").is_none() && Points::parse("1/0").is_none());
    }

    #[test]
    fn json_numbers_are_read_as_written() {
        let p: Vec<Points> = serde_json::from_str(r#"[0.5, 3, -5, "1/3", 0.1]"#).unwrap();
        assert_eq!(
            p.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["0.5", "3", "-5", "1/3", "0.1"]
        );
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"["0.5",3,-5,"1/3","0.1"]"#
        );
    }

    #[test]
    fn a_step_that_would_not_fit_is_none_never_a_wrap_or_a_panic() {
        let max = Points::whole(i64::MAX);
        assert_eq!(max.checked_add(Points::whole(1)), None);
        assert_eq!(max.checked_mul(Points::whole(2)), None);
        assert_eq!(Points::whole(i64::MIN).checked_neg(), None);
        assert_eq!(Points::checked_sum([max, max, Points::whole(-1)]), None);
        // Halfway there and back fits: the i128 intermediate keeps it exact.
        assert_eq!(
            max.checked_add(Points::whole(-1)).unwrap().to_string(),
            (i64::MAX - 1).to_string()
        );
        // Denominators that do not fit after adding.
        let third = Points::new(1, i64::MAX).unwrap();
        assert_eq!(
            third.checked_add(Points::new(1, i64::MAX - 1).unwrap()),
            None
        );
        assert_eq!(Points::new(i64::MIN, -1), None);
        assert_eq!(Points::parse("-9223372036854775808.5"), None);
        assert_eq!(Points::parse("9223372036854775807.999999999"), None);
        // A decimal too long to print exactly prints as a fraction.
        let tiny = Points::new(1, 1 << 62).unwrap();
        assert_eq!(tiny.to_string(), format!("1/{}", 1i64 << 62));
        assert_eq!(
            Points::new(-7, 1 << 20).unwrap().to_string(),
            "-0.00000667572021484375"
        );
    }
}
