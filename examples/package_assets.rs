//! Writes what the Debian package installs besides the binary, generated from the app itself so
//! nothing is written twice: the man pages (one per command and subcommand, in `man/`) and the
//! shell completions from the command line's clap definitions, the icon at the theme's sizes
//! from the icon the window draws, the desktop entry, and the AppStream metadata with the
//! version and date from Cargo.toml (both in every shipped language: packaging/desktop.rs).
//!
//! `cargo run --release --example package_assets` (what `packaging/build-deb.sh` runs) writes
//! them into `target/package/`.

use std::path::Path;

use clap::CommandFactory;
use tablekeeper::cli::Cli;

#[path = "../packaging/man_pages.rs"]
mod man_pages;

#[path = "../packaging/desktop.rs"]
mod desktop;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = root.join("target/package");
    std::fs::create_dir_all(out.join("completions"))?;
    std::fs::create_dir_all(out.join("icons"))?;

    let command = Cli::command();
    // Written afresh: a page of a subcommand since removed must not be packaged.
    let _ = std::fs::remove_dir_all(out.join("man"));
    man_pages::write(&out.join("man"))?;
    // Every shipped language has its pages, where man-db looks for them (man/de, man/ja).
    for locale in tablekeeper::i18n::Locale::SHIPPED {
        if locale != tablekeeper::i18n::Locale::EN {
            man_pages::write_in(&out.join("man").join(locale.tag()), locale)?;
        }
    }

    use clap_complete::Shell;
    for (shell, file) in [
        (Shell::Bash, "tablekeeper"),
        (Shell::Zsh, "_tablekeeper"),
        (Shell::Fish, "tablekeeper.fish"),
    ] {
        let mut text = Vec::new();
        clap_complete::generate(shell, &mut command.clone(), "tablekeeper", &mut text);
        std::fs::write(out.join("completions").join(file), text)?;
    }

    for size in [64, 128, 256] {
        std::fs::write(
            out.join("icons").join(format!("{size}.png")),
            tablekeeper::gui::icon::png_sized(size),
        )?;
    }

    // The release date: the build's, unless SOURCE_DATE_EPOCH pins it (reproducible builds).
    let date = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .and_then(|secs| chrono::DateTime::from_timestamp(secs, 0))
        .unwrap_or_else(chrono::Utc::now)
        .format("%Y-%m-%d")
        .to_string();
    let template = std::fs::read_to_string(
        root.join("packaging/io.github.tablekeeper.Tablekeeper.metainfo.xml.in"),
    )?;
    std::fs::write(
        out.join("io.github.tablekeeper.Tablekeeper.metainfo.xml"),
        desktop::metainfo(&template, env!("CARGO_PKG_VERSION"), &date),
    )?;
    let template = std::fs::read_to_string(root.join("packaging/tablekeeper.desktop.in"))?;
    std::fs::write(
        out.join("tablekeeper.desktop"),
        desktop::desktop_entry(&template),
    )?;
    println!("wrote {}", out.display());
    Ok(())
}
