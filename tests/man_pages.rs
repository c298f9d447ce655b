//! The man pages the Debian package installs, one per command and subcommand, as
//! `packaging/man_pages.rs` generates them from the command line's clap definitions: each
//! renders with `man -l` (man-db, which `.ci/run` installs) and names every option of its
//! command, so `man tablekeeper-serve` documents `--listen` and `--port`.

use std::path::{Path, PathBuf};
use std::process::Command;

use clap::CommandFactory;

#[path = "../packaging/man_pages.rs"]
mod man_pages;

/// Every command's page name (`tablekeeper-history-list`) with the long options it takes,
/// from the same clap definitions the pages come from.
fn commands() -> Vec<(String, Vec<String>)> {
    fn walk(command: &clap::Command, into: &mut Vec<(String, Vec<String>)>) {
        let name = (command.get_display_name())
            .unwrap_or(command.get_name())
            .to_string();
        let options = (command.get_arguments())
            .filter(|arg| !arg.is_hide_set())
            .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
            .collect();
        into.push((name, options));
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, into);
        }
    }
    let mut command = tablekeeper::cli::Cli::command().disable_help_subcommand(true);
    command.build();
    let mut all = Vec::new();
    walk(&command, &mut all);
    all
}

/// A page as `man -l` renders it, plain ASCII on a wide line so no option is hyphenated.
fn rendered(page: &Path) -> String {
    let out = Command::new("man")
        .args(["-l", "-P", "cat"])
        .arg(page)
        .env("LANG", "C")
        .env("LC_ALL", "C")
        .env("MANWIDTH", "250")
        .env_remove("MANPAGER")
        .output()
        .expect("man runs (man-db: .ci/run installs it)");
    assert!(
        out.status.success(),
        "{}: {}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    // Bold and underline as a terminal's overstrikes, where man leaves them.
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut plain = String::new();
    for c in text.chars() {
        if c == '\u{8}' {
            plain.pop();
        } else {
            plain.push(c);
        }
    }
    plain
}

#[test]
fn every_command_has_a_page_that_renders_and_names_each_of_its_options() {
    if Command::new("man").arg("--version").output().is_err() {
        // `.ci/run` installs man-db, so in CI this runs.
        eprintln!("SKIPPED: man is not installed (apt-get install man-db)");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pages: Vec<PathBuf> = man_pages::write(tmp.path()).unwrap();
    let commands = commands();
    let names: Vec<String> = (pages.iter())
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for (name, _) in &commands {
        assert!(names.contains(name), "no page for {name}: {names:?}");
    }
    for (name, options) in &commands {
        let page = tmp.path().join(format!("{name}.1"));
        let text = rendered(&page);
        assert!(text.contains(name.as_str()), "{name}: {text}");
        for option in options {
            assert!(
                text.contains(option.as_str()),
                "{name} lacks {option}: {text}"
            );
        }
    }
    #[cfg(feature = "phones")]
    {
        let serve = rendered(&tmp.path().join("tablekeeper-serve.1"));
        for option in ["--listen", "--port", "--data-dir"] {
            assert!(serve.contains(option), "{serve}");
        }
    }
}

#[test]
fn the_german_pages_are_german_and_every_command_has_one() {
    let tmp = tempfile::tempdir().unwrap();
    let german = tablekeeper::i18n::Locale::DE;
    let pages: Vec<PathBuf> = man_pages::write_in(tmp.path(), german).unwrap();
    for (name, _) in commands() {
        let page = tmp.path().join(format!("{name}.1"));
        assert!(
            pages.contains(&page),
            "no German page for {name}: {pages:?}"
        );
    }
    let score = std::fs::read_to_string(tmp.path().join("tablekeeper-score.1")).unwrap();
    assert!(score.contains("Wertungsblatt"), "{score}");
    assert!(!score.contains("Print the score sheet"), "{score}");
    let top = std::fs::read_to_string(tmp.path().join("tablekeeper.1")).unwrap();
    assert!(top.contains("Begleiter am Tisch"), "{top}");
    // The section headings as German man pages name them (man-db's own German man(1)).
    for heading in [
        ".SH BEZEICHNUNG",
        ".SH ÜBERSICHT",
        ".SH BESCHREIBUNG",
        ".SH OPTIONEN",
    ] {
        assert!(top.contains(heading), "{heading} missing: {top}");
    }
    for pages in &pages {
        let page = std::fs::read_to_string(pages).unwrap();
        for english in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS"] {
            assert!(!page.contains(english), "{english} left: {page}");
        }
    }
}

/// Issue 70, case 9: a translated option's possible values are a line each on the rendered
/// page, as the English page lists them, not run into one paragraph.
#[test]
fn the_german_export_page_lists_each_format_on_a_line_of_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    man_pages::write_in(tmp.path(), tablekeeper::i18n::Locale::DE).unwrap();
    let page = rendered(&tmp.path().join("tablekeeper-history-export.1"));
    for format in ["backup", "csv", "bgstats", "bgstats-link"] {
        let starts = format!("- {format}:");
        assert!(
            page.lines()
                .any(|line| line.trim_start().starts_with(&starts)),
            "{format} does not start a line: {page}"
        );
    }
}

/// Issue 70, case 9: every shipped language has its man pages; Japanese as German is, every
/// command's page with its headings in Japanese.
#[test]
fn the_japanese_pages_are_japanese_and_every_command_has_one() {
    let tmp = tempfile::tempdir().unwrap();
    let japanese = tablekeeper::i18n::Locale::JA;
    let pages: Vec<PathBuf> = man_pages::write_in(tmp.path(), japanese).unwrap();
    for (name, _) in commands() {
        let page = tmp.path().join(format!("{name}.1"));
        assert!(
            pages.contains(&page),
            "no Japanese page for {name}: {pages:?}"
        );
    }
    let top = std::fs::read_to_string(tmp.path().join("tablekeeper.1")).unwrap();
    assert!(top.contains("ボードゲームの卓のおともに"), "{top}");
    for heading in [".SH 名前", ".SH 書式", ".SH 説明", ".SH オプション"] {
        assert!(top.contains(heading), "{heading} missing: {top}");
    }
    let score = std::fs::read_to_string(tmp.path().join("tablekeeper-score.1")).unwrap();
    assert!(score.contains("得点表"), "{score}");
}
