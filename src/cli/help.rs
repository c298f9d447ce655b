//! The command line's help (`--help` and the man pages) in the chosen language: each about,
//! long about and argument help of the clap tree replaced by its `cli-help-…` message.

use std::ffi::OsString;

use clap::{Arg, ArgAction, Command};

use crate::i18n::Locale;

/// The language the raw arguments name (`--lang TAG` or `--lang=TAG`), else the
/// environment's: read before clap parses, so `--help` is already in that language. A tag the
/// app has no language for is left for [`super::chosen_language`] to refuse.
pub fn language_of_args(args: &[OsString]) -> Locale {
    (values_of_args(args, "--lang").iter())
        .find_map(|tag| Locale::find(&tag.to_string_lossy()))
        .unwrap_or_else(Locale::from_env)
}

/// The data directory the raw arguments name (`--data-dir DIR` or `--data-dir=DIR`), read
/// before clap parses: a translator's files in it are languages `--help` may speak.
pub fn data_dir_of_args(args: &[OsString]) -> Option<std::path::PathBuf> {
    values_of_args(args, "--data-dir").pop().map(Into::into)
}

/// Every value the raw arguments give the long option `name` (`name VALUE`, `name=VALUE`),
/// before a `--`.
fn values_of_args(args: &[OsString], name: &str) -> Vec<OsString> {
    let joined = format!("{name}=");
    let mut values = Vec::new();
    let mut args = args.iter().skip(1);
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if text == "--" {
            break;
        }
        if text == name {
            values.extend(args.next().cloned());
        } else if let Some(value) = arg.to_str().and_then(|a| a.strip_prefix(&joined)) {
            // `name=VALUE` with a value that is not UTF-8 is left to clap alone.
            values.push(OsString::from(value));
        }
    }
    values
}

/// `command` (the whole tree under it) with its help in `locale`. A message the language
/// lacks keeps the English of the doc comments.
pub fn translated(command: Command, locale: Locale) -> Command {
    translate(command, "", locale)
}

/// [`translated`], built for parsing, with clap's own `help` subcommands in `locale` too:
/// clap adds those while it builds, in English, so they can only be retitled after.
pub fn ready_to_parse(command: Command, locale: Locale) -> Command {
    let mut command = translated(command, locale);
    if locale == Locale::EN {
        return command;
    }
    command.build();
    usage_in(retitle_help_commands(command, locale), locale)
}

/// `command` and its subcommands with their usage lines in `locale`: clap writes `[OPTIONS]`
/// there in English whatever the rest says, so each line is rendered once, built as it is,
/// and set in its place with the word in `locale`.
fn usage_in(mut command: Command, locale: Locale) -> Command {
    let rendered = command.render_usage().to_string();
    let usage = rendered.strip_prefix("Usage:").unwrap_or(&rendered).trim();
    let options = format!("[{}]", locale.tr("cli.help.value_options"));
    command = command.override_usage(usage.replace("[OPTIONS]", &options));
    each_subcommand(command, |_, sub| usage_in(sub, locale))
}

/// `command` with each of its subcommands (by name) replaced by what `change` makes of it.
fn each_subcommand(mut command: Command, change: impl Fn(&str, Command) -> Command) -> Command {
    let names: Vec<String> = (command.get_subcommands())
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for name in names {
        command = command.mut_subcommand(&name, |sub| change(&name, sub));
    }
    command
}

/// Each `help` subcommand clap added under `command` and its subcommands, in `locale`.
fn retitle_help_commands(command: Command, locale: Locale) -> Command {
    each_subcommand(command, |name, sub| {
        let sub = retitle_help_commands(sub, locale);
        if name != "help" {
            return sub;
        }
        // It lists the commands it can explain (a copy of the tree) or takes their names.
        let sub = (sub.about(locale.tr("cli.help.help_command")))
            .help_template(help_template(locale))
            .subcommand_help_heading(locale.tr("cli.help.heading_commands"))
            .subcommand_value_name(locale.tr("cli.help.value_command"));
        if !sub.get_arguments().any(|arg| arg.get_id() == "subcommand") {
            return sub;
        }
        sub.mut_arg("subcommand", |arg| {
            (arg.help(locale.tr("cli.help.help_command_which")))
                .value_name(locale.tr("cli.help.value_command"))
                .help_heading(locale.tr("cli.help.heading_arguments"))
        })
    })
}

/// A man page as clap_mangen renders it, with its section headings (`.SH NAME`, …) in
/// `locale`: clap_mangen writes them in English whatever the rest of the page says.
pub fn man_page_in(roff: &str, locale: Locale) -> String {
    let headings = [
        ("NAME", "man.name"),
        ("SYNOPSIS", "man.synopsis"),
        ("DESCRIPTION", "man.description"),
        ("OPTIONS", "man.options"),
        ("VERSION", "man.version"),
        ("AUTHORS", "man.authors"),
    ];
    let mut page = String::with_capacity(roff.len());
    for line in roff.split_inclusive('\n') {
        let heading = (line.trim_end().strip_prefix(".SH "))
            .and_then(|title| headings.iter().find(|(english, _)| *english == title));
        // A possible value's line of a translated option ("- backup: …", see `with_values`)
        // starts a line of its own: roff runs lines of a paragraph together.
        let a_value = line.starts_with("- ") || line.starts_with("\\- ");
        match heading {
            Some((_, key)) => page.push_str(&format!(".SH {}\n", locale.tr(key))),
            None if a_value => page.push_str(&format!(".br\n{line}")),
            None => page.push_str(line),
        }
    }
    page
}

/// clap's help layout with its "Usage:" in `locale`.
fn help_template(locale: Locale) -> String {
    let usage = locale.tr("cli.help.heading_usage");
    format!(
        "{{before-help}}{{about-with-newline}}\n{usage} {{usage}}\n\n{{all-args}}{{after-help}}"
    )
}

/// clap's own words around the help (the usage, commands and options headings, the help and
/// version flags) in `locale`: left as clap writes them in English, where they are the same.
fn headings(mut command: Command, locale: Locale) -> Command {
    if locale == Locale::EN {
        return command;
    }
    command = command
        .help_template(help_template(locale))
        .subcommand_help_heading(locale.tr("cli.help.heading_commands"))
        .subcommand_value_name(locale.tr("cli.help.value_command"))
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(locale.tr("cli.help.flag_help")),
        );
    // Every command answers --version in every language, as in English: the top command
    // propagates its version to the subcommands (`score --version`).
    command = command.disable_version_flag(true).arg(
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help(locale.tr("cli.help.flag_version")),
    );
    let unheaded: Vec<(String, bool)> = (command.get_arguments())
        .filter(|arg| arg.get_help_heading().is_none())
        .map(|arg| (arg.get_id().to_string(), arg.is_positional()))
        .collect();
    let options = locale.tr("cli.help.heading_options");
    let arguments = locale.tr("cli.help.heading_arguments");
    for (id, positional) in unheaded {
        let heading = if positional { &arguments } else { &options };
        command = command.mut_arg(id, |arg| arg.help_heading(heading.clone()));
    }
    command
}

/// One command and, recursively, its subcommands; `path` is the subcommand names above it
/// and its own, each followed by a dot (`history.list.`), empty for `tablekeeper` itself.
fn translate(mut command: Command, path: &str, locale: Locale) -> Command {
    command = headings(command, locale);
    let message = |what: &str| {
        let key = format!("cli.help.{path}{what}");
        locale.has(&key).then(|| locale.tr(&key))
    };
    let about = message("about");
    // The doc comment's paragraphs after its first (clap's long about is the whole comment).
    let english_long = (command.get_long_about().map(ToString::to_string))
        .and_then(|whole| Some(whole.split_once("\n\n")?.1.to_string()));
    if let Some(about) = &about {
        command = command.about(about.clone());
    }
    // A language that words the first line but not the rest (a translator's file half done)
    // still leads `--help` with its own line; the rest falls back to English.
    if let Some(long) = message("long").or(english_long.filter(|_| about.is_some())) {
        let about = about.or_else(|| command.get_about().map(|a| a.to_string()));
        command = command.long_about(format!("{}\n\n{long}", about.unwrap_or_default()));
    }
    let arguments: Vec<String> = (command.get_arguments())
        .map(|arg| arg.get_id().to_string())
        .collect();
    for id in arguments {
        // Arguments several commands share (`--game`, `--from`) have one message, at the top.
        let shared = || {
            let key = format!("cli.help.{id}");
            locale.has(&key).then(|| locale.tr(&key))
        };
        if let Some(help) = message(&id).or_else(shared) {
            let arg_id = id.clone();
            let values = move |value: &str| message(&format!("{arg_id}-{value}"));
            command = command.mut_arg(&id, |arg| with_values(arg, help, values, locale));
        }
        if locale != Locale::EN {
            command = command.mut_arg(&id, |arg| placeholder_in(arg, locale));
        }
    }
    each_subcommand(command, |name, sub| {
        translate(sub, &format!("{path}{name}."), locale)
    })
}

/// `arg` with `help`; where it takes one of a list of values, each named with its own help
/// (`values`) under a heading in `locale`, as clap lists them in English ("Possible values").
fn with_values(
    arg: Arg,
    help: String,
    values: impl Fn(&str) -> Option<String>,
    locale: Locale,
) -> Arg {
    // A flag's possible values are clap's own `true` and `false`, never shown.
    let possible = arg.get_possible_values();
    if locale == Locale::EN || possible.is_empty() || !arg.get_action().takes_values() {
        return arg.help(help);
    }
    let names: Vec<&str> = possible.iter().map(|value| value.get_name()).collect();
    let heading = locale.tr("cli.help.possible_values");
    let short = format!("{help} [{heading}: {}]", names.join(", "));
    let mut long = format!("{help}\n\n{heading}:");
    for value in &possible {
        let name = value.get_name();
        // A value the language has no words for keeps its English help.
        let english = || value.get_help().map(ToString::to_string);
        match values(name).or_else(english) {
            Some(said) => long.push_str(&format!("\n- {name}: {said}")),
            None => long.push_str(&format!("\n- {name}")),
        }
    }
    (arg.hide_possible_values(true)).help(short).long_help(long)
}

/// `arg`'s placeholder (`<FILE>`, `<DATA_DIR>`) in `locale`, where the language names it
/// (`cli-help-value_of-file`: `DATEI`); the code's own name otherwise.
fn placeholder_in(arg: Arg, locale: Locale) -> Arg {
    if !arg.get_action().takes_values() {
        return arg;
    }
    let name = (arg.get_value_names())
        .and_then(|names| names.first())
        .map(|name| name.to_string())
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    let key = format!("cli.help.value_of.{}", name.to_lowercase());
    match locale.has(&key) {
        true => arg.value_name(locale.tr(&key)),
        false => arg,
    }
}
