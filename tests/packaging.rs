//! The desktop entry and the AppStream metadata carry every shipped language's words, from its
//! `.ftl`, and pass their validators (desktop-file-utils and appstream, which `.ci/run`
//! installs; a machine without them checks the words only).

use std::process::Command;

use tablekeeper::i18n::Locale;

#[path = "../packaging/desktop.rs"]
mod desktop;

fn template(name: &str) -> String {
    std::fs::read_to_string(format!("packaging/{name}")).unwrap()
}

/// Runs `tool` on `text` written to a file named `name`; `None` when the tool is not there.
fn validate(tool: &[&str], name: &str, text: &str) -> Option<std::process::Output> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    Command::new(tool[0])
        .args(&tool[1..])
        .arg(&path)
        .output()
        .ok()
}

#[test]
fn the_desktop_entry_speaks_every_shipped_language() {
    let entry = desktop::desktop_entry(&template("tablekeeper.desktop.in"));
    assert!(!entry.contains('@'), "every placeholder filled: {entry}");
    let comment = Locale::EN.tr("package.comment");
    assert!(entry.contains(&format!("\nComment={comment}\n")), "{entry}");
    for locale in Locale::SHIPPED.into_iter().filter(|l| *l != Locale::EN) {
        for (key, message) in [
            ("GenericName", "package.generic_name"),
            ("Comment", "package.comment"),
        ] {
            let line = format!("\n{key}[{}]={}\n", locale.tag(), locale.tr(message));
            assert!(entry.contains(&line), "{line:?} in {entry}");
        }
    }
    if let Some(out) = validate(&["desktop-file-validate"], "tablekeeper.desktop", &entry) {
        let said = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && !said.contains("error"), "{said}");
    }
}

#[test]
fn the_metainfo_speaks_every_shipped_language() {
    let template = template("io.github.tablekeeper.Tablekeeper.metainfo.xml.in");
    let metainfo = desktop::metainfo(&template, "9.8.7", "2026-11-30");
    assert!(!metainfo.contains('@'), "every placeholder filled");
    assert!(metainfo.contains("<release version=\"9.8.7\" date=\"2026-11-30\"/>"));
    for locale in Locale::SHIPPED {
        let lang = match locale == Locale::EN {
            true => String::new(),
            false => format!(" xml:lang=\"{}\"", locale.tag()),
        };
        let summary = format!("<summary{lang}>{}</summary>", locale.tr("package.summary"));
        assert!(metainfo.contains(&summary), "{summary}");
        assert_eq!(
            metainfo.matches(&format!("<p{lang}>")).count(),
            2,
            "{}",
            locale.tag()
        );
    }
    let tool = ["appstreamcli", "validate", "--no-net"];
    if let Some(out) = validate(
        &tool,
        "io.github.tablekeeper.Tablekeeper.metainfo.xml",
        &metainfo,
    ) {
        let said = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
