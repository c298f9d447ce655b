//! clap's own parse errors (an unknown option, a value not offered, an argument missing) in the
//! chosen language. clap words them in English only (clap-rs/clap#380), so each kind a user
//! meets is said again here from the error's context; `--help`, `--version` and any kind not
//! worded here keep clap's own words.

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::i18n::{Locale, Text};

/// A value the app's own parser refused (`--from`, `--tables`): shown in English where clap
/// words the error itself, and in the chosen language by [`said`].
#[derive(Debug)]
pub struct Refusal(pub Text);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.render(Locale::EN))
    }
}

impl std::error::Error for Refusal {}

/// Why a value was refused, in `locale`: the app's own parsers' sentence, and clap's two
/// number parsers' English ("invalid digit found in string", "0 is not in 1..=3600") said
/// again; anything else as its parser said it.
fn reason(source: &(dyn std::error::Error + 'static), locale: Locale) -> String {
    if let Some(Refusal(text)) = source.downcast_ref::<Refusal>() {
        return text.render(locale);
    }
    if source.downcast_ref::<std::num::ParseIntError>().is_some() {
        return locale.tr("cli.not_a_whole_number");
    }
    let said = source.to_string();
    let range = (said.split_once(" is not in "))
        .and_then(|(value, range)| Some((value, range.split_once("..=")?)));
    match range {
        Some((value, (min, max))) => Text::new("cli.not_in_range")
            .arg("value", value)
            .arg("min", min)
            .arg("max", max)
            .render(locale),
        None => said,
    }
}

/// What to print for `error` in `locale`, or `None` where clap's own output stands.
pub fn said(error: &clap::Error, locale: Locale) -> Option<String> {
    if locale == Locale::EN {
        return None;
    }
    let context = |kind| error.get(kind).map(ToString::to_string);
    let arg = || context(ContextKind::InvalidArg);
    let message = match error.kind() {
        ErrorKind::UnknownArgument => Text::new("cli.error_unknown_argument").arg("arg", arg()?),
        ErrorKind::InvalidSubcommand => Text::new("cli.error_unknown_command")
            .arg("command", context(ContextKind::InvalidSubcommand)?),
        ErrorKind::InvalidValue => {
            let value = context(ContextKind::InvalidValue)?;
            match context(ContextKind::ValidValue) {
                // An option given with no value at all.
                _ if value.is_empty() => Text::new("cli.error_value_missing"),
                Some(valid) => Text::new("cli.error_value_not_offered")
                    .arg("valid", valid)
                    .arg("value", value),
                None => Text::new("cli.error_bad_value").arg("value", value),
            }
            .arg("arg", arg()?)
        }
        ErrorKind::ValueValidation => Text::new("cli.error_bad_value")
            .arg("value", context(ContextKind::InvalidValue)?)
            .arg("arg", arg()?),
        ErrorKind::MissingRequiredArgument => Text::new("cli.error_missing").arg("args", arg()?),
        ErrorKind::ArgumentConflict => Text::new("cli.error_conflict")
            .arg("arg", arg()?)
            .arg("prior", context(ContextKind::PriorArg)?),
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            Text::new("cli.error_value_count").arg("arg", arg()?)
        }
        _ => return None,
    };
    let mut said = format!("{} {}", locale.tr("cli.error"), message.render(locale));
    // Why the value was refused, as its parser said it ("40 is not in 2..=16", or the app's
    // own sentence for a date): clap words the first kind in English only.
    if let Some(source) = std::error::Error::source(error) {
        said.push_str(&format!(": {}", reason(source, locale)));
    }
    let mut said = crate::untrusted::for_terminal(&said).into_owned();
    let suggested = [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .find_map(context);
    if let Some(suggested) = suggested {
        let tip = Text::new("cli.error_did_you_mean").arg("suggested", suggested);
        said.push_str(&format!("\n\n  {}", tip.render(locale)));
    }
    // clap's usage comes with its English heading.
    if let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) {
        let usage = usage.to_string();
        let usage = usage.strip_prefix("Usage:").unwrap_or(&usage).trim();
        let heading = locale.tr("cli.help.heading_usage");
        said.push_str(&format!("\n\n{heading} {usage}"));
    }
    said.push_str(&format!("\n\n{}", locale.tr("cli.error_more")));
    Some(said)
}
