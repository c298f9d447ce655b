//! The module structure holds: every top-level module of `src/` has a layer, imports only from
//! the layers below it (so nothing imports back, directly or around a circle), and only
//! `src/gui/` knows iced.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.to_string_lossy().replace('\\', "/"), text));
        }
    }
}

/// The top-level module a file under `src/` belongs to (`src/store/history.rs` → `store`).
fn module_of(path: &str) -> String {
    let rest = path.strip_prefix("src/").unwrap();
    let first = rest.split('/').next().unwrap();
    first.trim_end_matches(".rs").to_string()
}

/// The top-level modules a file's code names as `crate::x` (comments left out).
fn uses(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            if let Some(list) = rest.strip_prefix('{') {
                // `use crate::{a, b::c}`: the first word of each item (one line is enough here:
                // rustfmt puts the names of a short list on the `use` line).
                for item in list.split([',', '}']) {
                    let name: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != "self" {
                        found.insert(name);
                    }
                }
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    let modules: BTreeSet<String> = files.iter().map(|(p, _)| module_of(p)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &files {
        let from = module_of(path);
        let to = edges.entry(from.clone()).or_default();
        for used in uses(text) {
            if used != from && modules.contains(&used) {
                to.insert(used);
            }
        }
    }
    edges
}

/// The layers of `src/`, lowest first: a module may import only modules of an earlier layer, so
/// the arrows point one way and two modules of one layer (the two engines, the two front ends)
/// never import each other. ARCHITECTURE.md lists the same order.
const LAYERS: &[&[&str]] = &[
    &["vocabulary"],
    &["i18n"],
    &["scoring", "zone"],
    &["kit", "untrusted"],
    &["session"],
    &["terravist", "any_game"],
    &["engines"],
    &["store"],
    &["stats", "settings", "past_game", "chime", "phones"],
    &["setup"],
    &["backup", "load"],
    &["export"],
    &["table"],
    &["serve"],
    &["cli", "gui"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every import that does not point to an earlier layer, as "from → to".
fn imports_against_the_order(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (from, to) in edges {
        for used in to {
            match (layer_of(from), layer_of(used)) {
                (Some(a), Some(b)) if b < a => {}
                _ => wrong.push(format!("{from} → {used}")),
            }
        }
    }
    wrong
}

#[test]
fn every_module_has_a_layer() {
    let edges = graph();
    assert!(edges.len() > 10, "the scan found the modules: {edges:?}");
    let unplaced: Vec<&String> = edges
        .keys()
        .filter(|m| *m != "lib" && *m != "main" && layer_of(m).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules with no layer in LAYERS: {unplaced:?}"
    );
}

#[test]
fn every_import_points_to_an_earlier_layer() {
    let edges = graph();
    assert!(
        edges["store"].contains("session"),
        "the scan sees imports: {edges:?}"
    );
    let wrong = imports_against_the_order(&edges);
    assert!(
        wrong.is_empty(),
        "imports against the layer order (a module may use only earlier layers): {wrong:?}"
    );
}

#[test]
fn the_codemap_lists_the_same_layers() {
    let codemap = std::fs::read_to_string("ARCHITECTURE.md").unwrap();
    let listed = LAYERS
        .iter()
        .map(|layer| {
            layer
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join("; ");
    let flat = codemap.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!("Layers: {listed}.")),
        "ARCHITECTURE.md's layer order differs from LAYERS; it should read: Layers: {listed}."
    );
    // Each folder module's section comes in the layers' order; a module of one file is named
    // in the crate root's section (### `src/`).
    let sections = code_map_sections(&codemap);
    let root = sections.get("src/").expect("a section for the crate root");
    let mut at = 0;
    for module in LAYERS.iter().flat_map(|layer| layer.iter()) {
        if Path::new(&format!("src/{module}.rs")).exists() {
            assert!(
                root.contains(&format!("`{module}.rs`")),
                "ARCHITECTURE.md's crate root section does not name {module}.rs"
            );
            continue;
        }
        let heading = codemap
            .find(&format!("### `src/{module}/`"))
            .unwrap_or_else(|| panic!("ARCHITECTURE.md has no section for {module}"));
        assert!(
            heading > at,
            "{module}'s section is out of the layers' order"
        );
        at = heading;
    }
}

#[test]
fn the_checker_catches_an_import_that_points_up() {
    // The checker itself: made-up imports against the order are caught, one down is not.
    let mut edges = BTreeMap::new();
    edges.insert(
        "session".to_string(),
        BTreeSet::from(["terravist".to_string()]),
    );
    edges.insert(
        "terravist".to_string(),
        BTreeSet::from(["any_game".to_string(), "kit".to_string()]),
    );
    edges.insert("gui".to_string(), BTreeSet::from(["nowhere".to_string()]));
    assert_eq!(
        imports_against_the_order(&edges),
        vec![
            "gui → nowhere",
            "session → terravist",
            "terravist → any_game"
        ]
    );
    assert_eq!(
        uses("use crate::{backup, export::Csv};\nlet x = crate::store::open(); // crate::gui"),
        BTreeSet::from(["backup".into(), "export".into(), "store".into()])
    );
}

#[test]
fn only_the_window_knows_iced() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    let outside: Vec<&String> = files
        .iter()
        .filter(|(path, text)| {
            !path.starts_with("src/gui/") && path != "src/main.rs" && text.contains("iced::")
        })
        .map(|(path, _)| path)
        .collect();
    assert!(
        outside.is_empty(),
        "iced used outside src/gui/: {outside:?}"
    );
}

#[test]
fn the_codemap_names_every_file_at_every_depth() {
    // Every folder of src/, at every depth, has its own section in the codemap's code map
    // (### `src/gui/screen/table/`), and that section names each file in the folder
    // (`dice.rs`), or the file has a section of its own (### `src/i18n.rs`): a newcomer finds
    // every file where its folder is described.
    let codemap = std::fs::read_to_string("ARCHITECTURE.md").unwrap();
    let missing = unnamed(&codemap, Path::new("src"));
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name: {missing:?}"
    );
}

/// The files and folders under `dir` that `codemap`'s code map does not name.
fn unnamed(codemap: &str, dir: &Path) -> Vec<String> {
    let sections = code_map_sections(codemap);
    let mut missing = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let key = format!("{}/", folder.to_string_lossy());
        let Some(section) = sections.get(&key) else {
            missing.push(key);
            continue;
        };
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                folders.push(path);
            } else if name.ends_with(".rs")
                && name != "mod.rs"
                && !section.contains(&format!("`{name}`"))
                // A module of one file may have a section of its own (### `src/i18n.rs`).
                && !sections.contains_key(&format!("{key}{name}"))
            {
                missing.push(format!("{key}{name}"));
            }
        }
    }
    missing.sort();
    missing
}

/// The code map's sections by folder (or one-file module): the text under each
/// `### `src/…/`` heading.
fn code_map_sections(codemap: &str) -> BTreeMap<String, String> {
    let start = codemap.find("## Code map").expect("a code map");
    let rest = &codemap[start + 2..];
    let map = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
    let mut sections = BTreeMap::new();
    for part in map.split("\n### `").skip(1) {
        let (heading, body) = part.split_once('\n').unwrap_or((part, ""));
        if let Some(folder) = heading.split('`').next() {
            sections.insert(folder.to_string(), body.to_string());
        }
    }
    sections
}

#[test]
fn the_codemap_checker_finds_a_file_left_unnamed_deep_down() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("src/a/b");
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(dir.path().join("src/a/one.rs"), "").unwrap();
    std::fs::write(deep.join("two.rs"), "").unwrap();
    std::fs::write(deep.join("mod.rs"), "").unwrap();
    let root = dir.path().join("src").to_string_lossy().to_string();
    let codemap = format!(
        "# A\n## Code map\n### `{root}/`\nThe root.\n### `{root}/a/`\n`one.rs`: one.\n\
         ### `{root}/a/b/`\nNothing named.\n## Invariants\n`two.rs`\n"
    );
    assert_eq!(
        unnamed(&codemap, &dir.path().join("src")),
        vec![format!("{root}/a/b/two.rs")],
        "a file named only outside the code map is missing; mod.rs needs no name"
    );
    let without_b = codemap.replace(&format!("### `{root}/a/b/`"), "### elsewhere");
    assert_eq!(
        unnamed(&without_b, &dir.path().join("src")),
        vec![format!("{root}/a/b/")]
    );
}
