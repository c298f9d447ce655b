//! The `tablekeeper` binary: the command line (`score`, `replay`).

use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use tablekeeper::cli::{self, Cli};
use tablekeeper::i18n::Locale;

fn main() -> ExitCode {
    let args = Cli::parse();
    let locale = args.lang.map(Locale::from).unwrap_or_else(Locale::from_env);
    match args.command {
        Some(command) => cli::run(command, args.data_dir, locale),
        None => {
            Cli::command().print_help().ok();
            ExitCode::SUCCESS
        }
    }
}
