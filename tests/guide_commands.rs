//! The guide kept honest: every command in a ```bash block of `README.md` and `docs/*.md` that
//! starts with `tablekeeper` runs, against a scratch home with a data directory made from the
//! shipped fixtures (`tests/data/`), and exits as the page says; and every `--flag` the guide
//! names exists in the `--help` of the command it is named with.
//!
//! The conventions a page follows (CONTRIBUTING.md says them too):
//! - a command exits 0 unless its line ends with a comment saying `exits N`;
//! - words in capitals are placeholders: `ID` (a game in the scratch history), `SHEET.json` (a
//!   paper sheet), `BACKUP.json` (a backup), `FILE` (a saved game, or where `--out` writes);
//! - `[…]` is optional: the command runs without every such part, then with all of them;
//! - `a|b` is one of them: the command runs once with each;
//! - a command that opens the window (no subcommand) or `serve` (which runs until stopped) is
//!   checked with `--help` instead, its options parsed by the same definitions.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use clap::CommandFactory;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages of the guide: the README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = (std::fs::read_dir(root().join("docs")).unwrap().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// Every line of every ```bash block of a page, with its line number.
fn bash_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut in_bash = false;
    for (number, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        if let Some(info) = fence.strip_prefix("```") {
            in_bash = !in_bash && info.trim() == "bash";
            continue;
        }
        if in_bash {
            lines.push((number + 1, line.trim().to_string()));
        }
    }
    lines
}

/// A line split into the command and its comment (after ` #`).
fn split_comment(line: &str) -> (&str, &str) {
    match line.find(" #") {
        Some(at) => (line[..at].trim(), line[at + 2..].trim()),
        None => (line.trim(), ""),
    }
}

/// The exit status a line's comment says (`exits 1`), else 0.
fn expected_status(comment: &str) -> i32 {
    let words: Vec<&str> = comment.split_whitespace().collect();
    (words.windows(2)).find(|w| w[0] == "exits").map_or(0, |w| {
        w[1].trim_end_matches([':', ',', ';']).parse().unwrap()
    })
}

/// The commands a synopsis line stands for: `[…]` left out and all put in; each `a|b` as `a`
/// and as `b`.
fn variants(command: &str) -> Vec<String> {
    let optional = optional_parts(command, false);
    let all = optional_parts(command, true);
    let mut out = vec![first_alternatives(&optional)];
    let choices = all.split_whitespace().find(|w| w.contains('|'));
    match choices {
        None => out.push(all.clone()),
        Some(word) => {
            for choice in word.split('|') {
                let one = all
                    .split_whitespace()
                    .map(|w| if w == word { choice } else { w })
                    .collect::<Vec<_>>()
                    .join(" ");
                out.push(first_alternatives(&one));
            }
        }
    }
    out.dedup();
    out
}

/// `command` with every `[…]` group kept (brackets dropped) or left out.
fn optional_parts(command: &str, keep: bool) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in command.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if depth == 0 || keep => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `command` with each `a|b` word as its first choice.
fn first_alternatives(command: &str) -> String {
    (command.split_whitespace())
        .map(|w| w.split('|').next().unwrap())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The scratch a command runs in: a home whose system data directory holds the fixtures' games,
/// a synced history folder at `~/Sync/tablekeeper-history`, and the fixtures under the names
/// the guide's placeholders give them.
struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn bin(&self) -> PathBuf {
        self.dir.path().join("bin")
    }

    fn work(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    /// A fresh copy of `template`.
    fn copy_of(template: &Scratch) -> Scratch {
        let scratch = Scratch {
            dir: tempfile::tempdir().unwrap(),
        };
        copy_dir(template.dir.path(), scratch.dir.path());
        std::fs::create_dir_all(scratch.bin()).unwrap();
        let bin = scratch.bin().join("tablekeeper");
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_tablekeeper"), bin).unwrap();
        scratch
    }

    fn template() -> Scratch {
        let scratch = Scratch {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir_all(scratch.bin()).unwrap();
        std::fs::create_dir_all(scratch.home().join("Sync/tablekeeper-history")).unwrap();
        let work = scratch.work();
        copy_dir(&root().join("tests/data"), &work.join("tests/data"));
        for (name, fixture) in [
            ("SHEET.json", "paper-sheet.json"),
            ("BACKUP.json", "backup-v1.json"),
            ("FILE", "session-v1.json"),
        ] {
            std::fs::copy(root().join("tests/data").join(fixture), work.join(name)).unwrap();
        }
        let data = scratch.home().join(".local/share/tablekeeper");
        // A game logged from paper the day before the guide's own sheet: the guide's `history
        // add` of that sheet is then a game the history does not hold yet, as on a machine new
        // to the app (the same sheet twice is refused, issue 70).
        let sheet = std::fs::read_to_string(root().join("tests/data/paper-sheet.json")).unwrap();
        let before = sheet.replace("2026-11-14", "2026-11-13");
        assert_ne!(before, sheet, "the fixture's date moved");
        std::fs::write(work.join("logged-before.json"), before).unwrap();
        for args in [
            ["history", "import", "tests/data/backup-v1.json"],
            ["history", "add", "logged-before.json"],
        ] {
            let out = scratch.run_args(&data, &args);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        scratch
    }

    fn run_args(&self, data: &Path, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
            .arg("--data-dir")
            .arg(data)
            .args(args)
            .current_dir(self.work())
            .env("LANG", "C")
            .env_remove("TABLEKEEPER_DATA_DIR")
            .env_remove("TABLEKEEPER_HISTORY_DIR")
            .output()
            .unwrap()
    }

    /// A game's id in the scratch history.
    fn an_id(&self) -> String {
        let data = self.home().join(".local/share/tablekeeper");
        let out = self.run_args(&data, &["history", "list"]);
        let list = String::from_utf8(out.stdout).unwrap();
        list.split_whitespace().next().unwrap().to_string()
    }

    /// `command` run by bash as a user would, in the scratch home.
    fn run(&self, command: &str) -> Output {
        let path = format!(
            "{}:{}",
            self.bin().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new("bash")
            .args(["-c", command])
            .current_dir(self.work())
            .env("HOME", self.home())
            .env("PATH", path)
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("XDG_DATA_HOME")
            .env_remove("TABLEKEEPER_DATA_DIR")
            .env_remove("TABLEKEEPER_HISTORY_DIR")
            .output()
            .unwrap()
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            copy_dir(&entry.path(), &target);
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The subcommands `args` names (`["history", "list"]`), as the command line's own
/// definitions read them; an option the guide names that does not exist is the error.
fn command_path(args: &[String]) -> Result<Vec<String>, String> {
    let matches = tablekeeper::cli::Cli::command()
        .try_get_matches_from(std::iter::once("tablekeeper".to_string()).chain(args.to_vec()))
        .map_err(|e| e.render().to_string())?;
    let mut path = Vec::new();
    let mut at = &matches;
    while let Some((name, sub)) = at.subcommand() {
        path.push(name.to_string());
        at = sub;
    }
    Ok(path)
}

/// `tablekeeper PATH… --help`, which must succeed.
fn help(path: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tablekeeper"))
        .args(path)
        .arg("--help")
        .env("LANG", "C")
        .output()
        .unwrap();
    assert!(out.status.success(), "{path:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// The `--flags` in a piece of text (`--data-dir`, not `--` alone).
fn flags(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let after = &rest[at + 2..];
        let boundary = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric());
        let name: String = (after.chars())
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if boundary && name.starts_with(|c: char| c.is_ascii_lowercase()) {
            found.push(format!("--{name}"));
        }
        rest = after;
    }
    found
}

/// Every command path the command line has, with its `--help`.
fn every_help() -> Vec<(Vec<String>, String)> {
    fn walk(command: &clap::Command, path: Vec<String>, into: &mut Vec<Vec<String>>) {
        into.push(path.clone());
        for sub in command.get_subcommands() {
            let mut deeper = path.clone();
            deeper.push(sub.get_name().to_string());
            walk(sub, deeper, into);
        }
    }
    let mut paths = Vec::new();
    walk(&tablekeeper::cli::Cli::command(), Vec::new(), &mut paths);
    paths.into_iter().map(|p| (p.clone(), help(&p))).collect()
}

#[test]
fn every_tablekeeper_command_in_the_guide_runs_and_exits_as_the_page_says() {
    let template = Scratch::template();
    let id = template.an_id();
    let mut ran = 0;
    let mut failures = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let shown = page.strip_prefix(root()).unwrap().display().to_string();
        for (number, line) in bash_lines(&text) {
            let (command, comment) = split_comment(&line);
            if !command.starts_with("tablekeeper") {
                continue;
            }
            let status = expected_status(comment);
            for variant in variants(command) {
                let variant = (variant.split_whitespace())
                    .map(|w| if w == "ID" { id.as_str() } else { w })
                    .collect::<Vec<_>>()
                    .join(" ");
                let scratch = Scratch::copy_of(&template);
                let home = scratch.home().display().to_string();
                let args: Vec<String> = (variant.split_whitespace().skip(1))
                    .map(|w| w.replacen('~', &home, 1))
                    .collect();
                let path = match command_path(&args) {
                    Ok(path) => path,
                    Err(e) => {
                        failures.push(format!("{shown}:{number}: `{variant}` does not parse: {e}"));
                        continue;
                    }
                };
                // The window needs a display, and `serve` runs until it is stopped: their
                // options were parsed above; their --help must answer.
                let (run, expected) = match path.first().map(String::as_str) {
                    None | Some("serve") => (format!("{variant} --help"), 0),
                    Some(_) => (variant.clone(), status),
                };
                let out = scratch.run(&run);
                ran += 1;
                if out.status.code() != Some(expected) {
                    failures.push(format!(
                        "{shown}:{number}: `{run}` exited {:?}, the page says {expected}: {}",
                        out.status.code(),
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
                let help = help(&path);
                for flag in flags(&variant) {
                    if !help.contains(&flag) {
                        failures.push(format!(
                            "{shown}:{number}: {flag} is not in `tablekeeper {} --help`",
                            path.join(" ")
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 15, "only {ran} commands found in the guide");
}

/// Every `--flag` the guide names in code (`--json`, `tablekeeper history export --format …`)
/// exists in a `--help`: the one of the command it is named with, or, named alone, in some
/// command's. Another program's command (`cargo build --release`) is left to that program.
#[test]
fn every_flag_the_guide_names_exists_in_the_help() {
    let helps = every_help();
    let in_any = |flag: &str| helps.iter().any(|(_, help)| help.contains(flag));
    let mut failures = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let shown = page.strip_prefix(root()).unwrap().display().to_string();
        let mut pieces: Vec<String> = bash_lines(&text)
            .into_iter()
            .map(|(_, line)| split_comment(&line).0.to_string())
            .collect();
        // Inline code: the text between single backticks.
        for (i, piece) in text.split('`').enumerate() {
            if i % 2 == 1 && !piece.contains('\n') {
                pieces.push(piece.to_string());
            }
        }
        for piece in pieces {
            let first = piece.split_whitespace().next().unwrap_or("");
            let named: BTreeSet<String> = flags(&piece).into_iter().collect();
            if named.is_empty() {
                continue;
            }
            if first == "tablekeeper" {
                let words: Vec<&str> = piece.split_whitespace().skip(1).collect();
                // The subcommands named, as far as they go.
                let mut path: Vec<String> = Vec::new();
                for word in words {
                    let mut deeper = path.clone();
                    deeper.push(word.to_string());
                    if helps.iter().any(|(p, _)| *p == deeper) {
                        path = deeper;
                    } else if !word.starts_with('-') && !path.is_empty() {
                        break;
                    }
                }
                let help = &helps.iter().find(|(p, _)| *p == path).unwrap().1;
                for flag in &named {
                    if !help.contains(flag.as_str()) {
                        failures.push(format!("{shown}: `{piece}`: {flag} is not in its --help"));
                    }
                }
            } else if first.starts_with("--") {
                for flag in &named {
                    if !in_any(flag) {
                        failures.push(format!("{shown}: `{piece}`: {flag} is in no --help"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The guide shows `history list` as a first step: on a machine that never ran the app (no data
/// directory yet) it lists an empty history, and makes nothing.
#[test]
fn a_machine_new_to_the_app_lists_an_empty_history() {
    let scratch = Scratch::copy_of(&Scratch {
        dir: tempfile::tempdir().unwrap(),
    });
    std::fs::create_dir_all(scratch.home()).unwrap();
    std::fs::create_dir_all(scratch.work()).unwrap();
    for command in [
        "tablekeeper history list",
        "tablekeeper history stats --json",
    ] {
        let out = scratch.run(command);
        assert!(
            out.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let list = scratch.run("tablekeeper history list");
    assert!(list.stdout.is_empty());
    assert_eq!(
        std::fs::read_dir(scratch.home()).unwrap().count(),
        0,
        "nothing made"
    );
    // A data directory named, and missing, is a mistake to say, not an empty history.
    let out = scratch.run("tablekeeper --data-dir ~/typo history list");
    assert_eq!(out.status.code(), Some(1));
}
