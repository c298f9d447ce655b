//! A translator's file checked against English, with no Rust: which messages it lacks, which
//! it has that English has not, which use other variables, and which lines do not parse
//! (`tablekeeper check-translation FILE`).

use std::collections::{BTreeMap, BTreeSet};

use super::Text;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

/// What a translation lacks or has too many of, against English. Ids are Fluent's
/// (`error-egg_capacity`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Messages English has and the translation lacks (they show in English): the id, and
    /// English's first line of it, to translate from.
    pub missing: Vec<(String, String)>,
    /// Messages the translation has and English has not (never shown).
    pub extra: Vec<String>,
    /// Messages whose variables differ: id, variables English has that the translation
    /// drops, variables the translation has that English never gives.
    pub variables: Vec<(String, Vec<String>, Vec<String>)>,
    /// What could not be read: line number and the text there.
    pub syntax: Vec<(usize, String)>,
}

impl Report {
    /// Every message there and nothing to fix.
    pub fn is_clean(&self) -> bool {
        *self == Report::default()
    }

    /// Nothing to fix but messages still to translate (they show in English meanwhile).
    pub fn is_partial(&self) -> bool {
        self.syntax.is_empty() && self.extra.is_empty() && self.variables.is_empty()
    }

    /// The report as lines a translator reads: what to fix first, then the to-do list of
    /// messages still to translate.
    pub fn texts(&self) -> Vec<Text> {
        let mut lines = Vec::new();
        for (line, text) in &self.syntax {
            lines.push(
                Text::new("check.syntax")
                    .arg("line", line)
                    .arg("text", text),
            );
        }
        for id in &self.extra {
            lines.push(Text::new("check.extra").arg("id", id));
        }
        for (id, dropped, added) in &self.variables {
            if !dropped.is_empty() {
                let names = dollars(dropped);
                lines.push(Text::new("check.drops").arg("id", id).arg("names", names));
            }
            if !added.is_empty() {
                let names = dollars(added);
                lines.push(Text::new("check.adds").arg("id", id).arg("names", names));
            }
        }
        for (id, english) in &self.missing {
            lines.push(
                Text::new("check.missing")
                    .arg("id", id)
                    .arg("english", english),
            );
        }
        lines
    }
}

fn dollars(names: &[String]) -> String {
    (names.iter().map(|n| format!("${n}")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The deepest placeables (`{ … }`) may nest in a translator's file. Fluent's parser recurses
/// once a level: a file nested 200,000 deep (400 kB) overflowed the stack at start. A message
/// nests two or three deep (a selector inside a placeable).
pub const DEEPEST_NESTING: usize = 32;

/// Where `source` nests placeables deeper than [`DEEPEST_NESTING`]: the line (from 1). Text in
/// a string literal (`{ "{" }`) and the message text around placeables do not count.
pub fn too_deep(source: &str) -> Option<usize> {
    let (mut depth, mut line, mut in_literal, mut escaped) = (0usize, 1, false, false);
    for c in source.chars() {
        if c == '\n' {
            line += 1;
        }
        if in_literal {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => in_literal = false,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '"' if depth > 0 => in_literal = true,
            _ => {}
        }
        if depth > DEEPEST_NESTING {
            return Some(line);
        }
    }
    None
}

/// Each message's id with the variables it uses.
pub type Variables = BTreeMap<String, BTreeSet<String>>;

/// Every message of a Fluent text with the variables it uses; the syntax errors.
pub fn messages(source: &str) -> (Variables, Vec<(usize, String)>) {
    // A line as a translator finds it again, cut short where a damaged one runs on.
    let line_text = |line: usize| -> String {
        let text = source.lines().nth(line - 1).unwrap_or_default().trim();
        text.chars().take(80).collect()
    };
    // Nested too deep, the file is not parsed at all: the parser would run out of stack.
    if let Some(line) = too_deep(source) {
        return (Variables::new(), vec![(line, line_text(line))]);
    }
    let (resource, errors) = match fluent_syntax::parser::parse(source) {
        Ok(resource) => (resource, Vec::new()),
        Err((resource, errors)) => (resource, errors),
    };
    let syntax = (errors.iter())
        .map(|error| {
            // Where the broken entry starts (its message's first line), not where the parser
            // noticed: that is often the next message's line.
            let at = error
                .slice
                .as_ref()
                .map_or(error.pos.start, |slice| slice.start);
            let line = source[..at.min(source.len())].matches('\n').count() + 1;
            (line, line_text(line))
        })
        .collect();
    let mut messages = BTreeMap::new();
    for entry in &resource.body {
        if let Entry::Message(message) = entry {
            let mut variables = BTreeSet::new();
            if let Some(pattern) = &message.value {
                pattern_variables(pattern, &mut variables);
            }
            messages.insert(message.id.name.to_string(), variables);
        }
    }
    (messages, syntax)
}

/// `translation` against `english`.
pub fn check(english: &str, translation: &str) -> Report {
    let source = english;
    let (english, _) = messages(english);
    let (translated, syntax) = messages(translation);
    let missing = (english.keys())
        .filter(|id| !translated.contains_key(*id))
        .map(|id| (id.clone(), first_line_of(source, id)))
        .collect();
    // A game's name (`name-forest`) is the translator's to add: English names them in the
    // profiles, not here.
    let extra = (translated.keys())
        .filter(|id| !english.contains_key(*id) && !id.starts_with(super::NAME_PREFIX))
        .cloned()
        .collect();
    let variables = (translated.iter())
        .filter_map(|(id, theirs)| {
            let ours = english.get(id)?;
            let dropped: Vec<String> = ours.difference(theirs).cloned().collect();
            let added: Vec<String> = theirs.difference(ours).cloned().collect();
            (!dropped.is_empty() || !added.is_empty()).then(|| (id.clone(), dropped, added))
        })
        .collect();
    Report {
        missing,
        extra,
        variables,
        syntax,
    }
}

/// The first line of the message `id`'s value in `source` ("Round { $round }").
fn first_line_of(source: &str, id: &str) -> String {
    (source.lines())
        .find_map(|line| {
            let (name, value) = line.split_once('=')?;
            (name.trim() == id).then(|| value.trim().to_string())
        })
        .unwrap_or_default()
}

pub(crate) fn pattern_variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, out);
            }
            for named in &arguments.named {
                inline_variables(&named.value, out);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENGLISH: &str =
        "a = { $n } { $n ->\n    [one] egg\n   *[other] eggs\n}\nb = Hi { $who }\nc = Plain\n";

    #[test]
    fn a_complete_translation_is_clean() {
        let report = check(
            ENGLISH,
            "a = { $n } Eier\nb = Hallo { $who }\nc = Schlicht\n",
        );
        assert!(report.is_clean(), "{report:?}");
    }

    #[test]
    fn gaps_extras_dropped_variables_and_typos_are_named() {
        let report = check(
            ENGLISH,
            "a = Eier\nb = Hallo { $wer }\nd = Extra\ne = { oops\n",
        );
        assert_eq!(report.missing, [("c".to_string(), "Plain".to_string())]);
        assert_eq!(report.extra, ["d"]);
        assert_eq!(
            report.variables,
            [
                ("a".to_string(), vec!["n".to_string()], vec![]),
                (
                    "b".to_string(),
                    vec!["who".to_string()],
                    vec!["wer".to_string()]
                ),
            ]
        );
        assert_eq!(report.syntax.len(), 1);
        assert_eq!(report.syntax[0].0, 4, "the broken message's own line");
        let lines: Vec<String> = (report.texts().iter())
            .map(|t| t.render(super::super::Locale::EN))
            .collect();
        assert!(lines.iter().any(|l| l == "b: drops $who"), "{lines:?}");
    }

    /// Issue 71: a broken message is reported at its own line, not the next message's, and
    /// the messages after it are read.
    #[test]
    fn a_syntax_error_is_reported_at_the_broken_messages_line() {
        let report = check(ENGLISH, "a = { $n } Eier\nb = Hallo { $who\nc = Schlicht\n");
        assert_eq!(report.syntax.len(), 1, "{report:?}");
        assert_eq!(report.syntax[0].0, 2, "{report:?}");
        assert!(report.syntax[0].1.starts_with("b = Hallo"), "{report:?}");
        assert_eq!(report.missing.len(), 1, "only the broken message is lost");
        assert_eq!(report.missing[0].0, "b");
    }

    /// Issue 71: a file nesting placeables 200,000 deep (400 kB) overflowed the parser's
    /// stack; it is refused at the line it goes too deep, and not parsed.
    #[test]
    fn a_file_nested_too_deep_is_refused_not_parsed() {
        let deep = format!("a = {}{}\n", "{".repeat(200_000), "}".repeat(200_000));
        let report = check(ENGLISH, &format!("c = Fine\n{deep}"));
        assert_eq!(report.syntax.len(), 1, "{:?}", report.syntax);
        assert_eq!(report.syntax[0].0, 2);
        assert!(report.syntax[0].1.len() <= 80);
        // A literal brace, and a few levels, are no nesting to refuse.
        let fine = "a = { \"{\" } { $n -> \n   *[other] { { $n } }\n}\n";
        assert_eq!(too_deep(fine), None);
    }
}
