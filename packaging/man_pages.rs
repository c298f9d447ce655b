//! The man pages: one per command and subcommand (`tablekeeper(1)`, `tablekeeper-score(1)`,
//! `tablekeeper-history(1)`, `tablekeeper-history-list(1)`, …, `tablekeeper-serve(1)`), each
//! with every option of its command, generated from the command line's clap definitions by
//! `clap_mangen::generate_to`. `examples/package_assets.rs` writes them for the Debian package;
//! `tests/man_pages.rs` renders the same ones with `man -l`.

use std::path::{Path, PathBuf};

use clap::CommandFactory;
use tablekeeper::cli::Cli;

/// Writes every page into `dir` (made if missing) and returns their paths, sorted.
pub fn write(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    clap_mangen::generate_to(Cli::command(), dir)?;
    let mut pages: Vec<PathBuf> = (std::fs::read_dir(dir)?.flatten())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "1"))
        .collect();
    pages.sort();
    Ok(pages)
}
