//! The module structure holds: no top-level module of `src/` imports another that imports it
//! back (directly or around a circle), and only `src/gui/` knows iced.

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

/// A cycle through `start`, if there is one: the modules in order.
fn cycle_from(
    edges: &BTreeMap<String, BTreeSet<String>>,
    path: &mut Vec<String>,
) -> Option<Vec<String>> {
    let here = path.last().unwrap().clone();
    for next in edges.get(&here).into_iter().flatten() {
        if *next == path[0] {
            let mut cycle = path.clone();
            cycle.push(next.clone());
            return Some(cycle);
        }
        if !path.contains(next) {
            path.push(next.clone());
            if let Some(cycle) = cycle_from(edges, path) {
                return Some(cycle);
            }
            path.pop();
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let edges = graph();
    assert!(edges.len() > 10, "the scan found the modules: {edges:?}");
    assert!(
        edges["store"].contains("session"),
        "the scan sees imports: {edges:?}"
    );
    for module in edges.keys() {
        if let Some(cycle) = cycle_from(&edges, &mut vec![module.clone()]) {
            panic!("modules import each other: {}", cycle.join(" → "));
        }
    }
}

#[test]
fn the_scan_finds_a_cycle_when_there_is_one() {
    // The checker itself: a made-up pair that imports each other is caught.
    let mut edges = BTreeMap::new();
    edges.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    edges.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(
        cycle_from(&edges, &mut vec!["a".to_string()]),
        Some(vec!["a".to_string(), "b".to_string(), "a".to_string()])
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
