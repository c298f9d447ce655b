//! The command line's help (`--help` and the man pages) in the chosen language: each about,
//! long about and argument help of the clap tree replaced by its `cli-help-…` message.

use std::ffi::OsString;

use clap::{Arg, ArgAction, Command};

use crate::i18n::Locale;

/// The language the raw arguments name (`--lang TAG` or `--lang=TAG`), else the
/// environment's: read before clap parses, so `--help` is already in that language. A tag the
/// app has no language for is left for [`super::chosen_language`] to refuse.
pub fn language_of_args(args: &[OsString]) -> Locale {
    let mut args = args.iter().skip(1).map(|arg| arg.to_string_lossy());
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        let tag = match arg.strip_prefix("--lang=") {
            Some(tag) => Some(tag.to_owned()),
            None if arg == "--lang" => args.next().map(|tag| tag.into_owned()),
            None => None,
        };
        if let Some(locale) = tag.as_deref().and_then(Locale::find) {
            return locale;
        }
    }
    Locale::from_env()
}

/// `command` (the whole tree under it) with its help in `locale`. A message the language
/// lacks keeps the English of the doc comments.
pub fn translated(command: Command, locale: Locale) -> Command {
    translate(command, "", locale)
}

/// clap's own words around the help (the usage, commands and options headings, the help and
/// version flags) in `locale`: left as clap writes them in English, where they are the same.
fn headings(mut command: Command, top: bool, locale: Locale) -> Command {
    if locale == Locale::EN {
        return command;
    }
    let usage = locale.tr("cli.help.heading_usage");
    command = command
        .help_template(format!(
            "{{before-help}}{{about-with-newline}}\n{usage} {{usage}}\n\n{{all-args}}{{after-help}}"
        ))
        .subcommand_help_heading(locale.tr("cli.help.heading_commands"))
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(locale.tr("cli.help.flag_help")),
        );
    if top {
        command = command.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help(locale.tr("cli.help.flag_version")),
        );
    }
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
    command = headings(command, path.is_empty(), locale);
    let message = |what: &str| {
        let key = format!("cli.help.{path}{what}");
        locale.has(&key).then(|| locale.tr(&key))
    };
    let about = message("about");
    if let Some(about) = &about {
        command = command.about(about.clone());
    }
    if let Some(long) = message("long") {
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
            command = command.mut_arg(id, |arg| arg.help(help));
        }
    }
    let subcommands: Vec<String> = (command.get_subcommands())
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for name in subcommands {
        let below = format!("{path}{name}.");
        command = command.mut_subcommand(name, |sub| translate(sub, &below, locale));
    }
    command
}
