//! The `tablekeeper` binary: the table app in a window, or the command line (`score`,
//! `replay`, `history`, `check-translation`, and `serve` with the `phones` feature) when given
//! a subcommand.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use tablekeeper::cli::{self, Cli};
use tablekeeper::i18n::Locale;

fn main() -> ExitCode {
    // The help is put in the chosen language before clap parses, so `--help` speaks it.
    let raw: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // A translator's language files are read first, so `--lang fr` finds `fr.ftl` for the help
    // and the errors too.
    cli::add_translations(&cli::Places {
        data_dir: cli::help::data_dir_of_args(&raw),
        history_dir: None,
    });
    let help_language = cli::help::language_of_args(&raw);
    let parsed = cli::help::ready_to_parse(Cli::command(), help_language).try_get_matches_from(raw);
    let matches =
        parsed.unwrap_or_else(
            |error| match cli::parse_errors::said(&error, help_language) {
                Some(said) => {
                    eprintln!("{said}");
                    std::process::exit(error.exit_code());
                }
                None => error.exit(),
            },
        );
    let args = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    let places = cli::Places {
        data_dir: args.data_dir,
        history_dir: args.history_dir,
    };
    let locale = match cli::chosen_language(args.lang.as_deref()) {
        Ok(locale) => locale,
        Err(sentence) => {
            eprintln!("tablekeeper: {sentence}");
            return ExitCode::from(2);
        }
    };
    match args.command {
        Some(command) => cli::run(command, places, locale.unwrap_or_else(Locale::from_env)),
        None => open_window(places, locale, args.phones_listen),
    }
}

/// Built without the `gui` feature: the command line only.
#[cfg(not(feature = "gui"))]
fn open_window(
    _places: cli::Places,
    locale: Option<Locale>,
    _phones: Option<std::net::IpAddr>,
) -> ExitCode {
    let locale = locale.unwrap_or_else(Locale::from_env);
    eprintln!("tablekeeper: {}", locale.tr("error.built_without_window"));
    ExitCode::FAILURE
}

/// Is there a display to open a window on? (On Linux, winit panics without one.)
#[cfg(feature = "gui")]
fn has_display() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|var| std::env::var_os(var).is_some_and(|v| !v.is_empty()))
}

#[cfg(feature = "gui")]
fn open_window(
    places: cli::Places,
    locale: Option<Locale>,
    phones: Option<std::net::IpAddr>,
) -> ExitCode {
    use tablekeeper::gui::{App, Options, Speaker, TimeSource, Zone};
    let options = Options {
        data_dir: places.data_dir,
        history_dir: tablekeeper::store::resolve_history_dir(places.history_dir),
        locale,
        time: TimeSource::System,
        zone: Zone::Local,
        speaker: Speaker::System,
        phones_ip: phones.unwrap_or(std::net::Ipv4Addr::UNSPECIFIED.into()),
        phones_limits: tablekeeper::phones::Limits::TABLE,
    };
    let locale = locale.unwrap_or_else(Locale::from_env);
    if !has_display() {
        eprintln!("tablekeeper: {}", locale.tr("error.no_display"));
        return ExitCode::FAILURE;
    }
    match std::panic::catch_unwind(|| App::run(options)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(error)) => {
            eprintln!("tablekeeper: {}: {error}", locale.tr("error.window"));
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("tablekeeper: {}", locale.tr("error.window"));
            ExitCode::FAILURE
        }
    }
}
