//! The man pages: one per command and subcommand (`tablekeeper(1)`, `tablekeeper-score(1)`,
//! `tablekeeper-history(1)`, `tablekeeper-history-list(1)`, …, `tablekeeper-serve(1)`), each
//! with every option of its command, generated from the command line's clap definitions by
//! `clap_mangen::generate_to`. `examples/package_assets.rs` writes them for the Debian package;
//! `tests/man_pages.rs` renders the same ones with `man -l`. English pages go in `man/`, those
//! of every other shipped language in `man/<tag>/` (German in `man/de/`, installed as
//! /usr/share/man/de/man1/ where man-db looks for German; Japanese in `man/ja/`), with their
//! section headings in that language too.

use std::path::{Path, PathBuf};

use clap::CommandFactory;
use tablekeeper::cli::Cli;
use tablekeeper::i18n::Locale;

/// Writes every English page into `dir` (made if missing) and returns their paths, sorted.
pub fn write(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    write_in(dir, Locale::EN)
}

/// Writes every page, in `locale`, into `dir` (made if missing) and returns their paths, sorted.
pub fn write_in(dir: &Path, locale: Locale) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let command = tablekeeper::cli::help::translated(Cli::command(), locale);
    clap_mangen::generate_to(command, dir)?;
    let mut pages: Vec<PathBuf> = (std::fs::read_dir(dir)?.flatten())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "1"))
        .collect();
    pages.sort();
    if locale != Locale::EN {
        for page in &pages {
            let roff = std::fs::read_to_string(page)?;
            std::fs::write(page, tablekeeper::cli::help::man_page_in(&roff, locale))?;
        }
    }
    Ok(pages)
}
