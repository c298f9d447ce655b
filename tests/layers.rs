//! The module structure holds: every top-level module of `src/` has a layer, imports only from
//! the layers below it (so nothing imports back, directly or around a circle), no module's files
//! import each other around a circle inside it, and only `src/gui/` knows iced. The codemap
//! (ARCHITECTURE.md) lists the same layers, a section for each module, and names no file that
//! is not there; each file of `src/` says what it is in its own first line (`//!`).

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
    &["untrusted"],
    &["kit"],
    &["session"],
    &["terravist", "any_game"],
    &["engines"],
    &["store"],
    &["remote"],
    &["stats", "settings", "past_game", "chime", "phones"],
    &["setup", "league"],
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
fn every_file_opens_with_what_it_is() {
    // The code map (ARCHITECTURE.md) describes modules, not files: each file says what it is in
    // its own first line (`//!`), where whoever opens the file reads it and whoever changes the
    // file sees it. (Until issue 67 the code map had to name every file, which made it a list
    // of per-file notes that drifted from the code.)
    let missing = undocumented(Path::new("src"));
    assert!(
        missing.is_empty(),
        "files of src/ whose first line is not a `//!` saying what they are: {missing:?}"
    );
}

/// The `.rs` files under `dir` whose first line is not a `//!` comment, sorted.
fn undocumented(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    sources(dir, &mut files);
    let mut missing: Vec<String> = files
        .into_iter()
        .filter(|(_, text)| !text.starts_with("//!"))
        .map(|(path, _)| path)
        .collect();
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
fn the_doc_checker_finds_a_file_that_does_not_say_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("src/a/b");
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(dir.path().join("src/a/one.rs"), "//! One.\n").unwrap();
    std::fs::write(deep.join("mod.rs"), "//! The folder.\nmod two;\n").unwrap();
    // A `//!` after the first line is no opening line.
    std::fs::write(deep.join("two.rs"), "use x;\n//! Too late.\n").unwrap();
    let root = dir.path().join("src");
    assert_eq!(
        undocumented(&root),
        vec![format!("{}/a/b/two.rs", root.to_string_lossy())]
    );
}

// --- Circles inside a module -----------------------------------------------------------------
// The layers keep the top-level modules in one order; inside a module, its files must keep one
// too: a file that imports a file that imports it back (around any circle) cannot be read or
// changed alone. A folder's `mod.rs` is the module's face (it declares and re-exports its
// files), so it takes no part in a circle: an import of an item it re-exports counts as an
// import of the file the item is from.

/// Rust code with its comments left out (`//` to the end of the line; a string holding `//` is
/// cut too, which loses nothing here: paths are not in strings).
fn code_of(text: &str) -> String {
    let lines = text.lines().map(|line| line.split("//").next().unwrap());
    lines.collect::<Vec<_>>().join("\n")
}

/// Every path a `use` names, its `{…}` lists expanded (`use super::{a, b::{c, d}}` →
/// `super::a`, `super::b::c`, `super::b::d`), and every path written inline in the code.
fn paths_in(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let statement: String = rest[..end].split_whitespace().collect();
        expand(&statement, &mut paths);
        rest = &rest[end..];
    }
    for start in ["crate::", "super::", "self::"] {
        let mut rest = code;
        while let Some(at) = rest.find(start) {
            let before = rest[..at].chars().last();
            rest = &rest[at..];
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            rest = &rest[path.len().max(1)..];
            if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                paths.push(path.trim_end_matches(':').to_string());
            }
        }
    }
    paths
}

/// `a::{b, c::{d}}` as `a::b`, `a::c::d` (whitespace already taken out).
fn expand(statement: &str, out: &mut Vec<String>) {
    let Some(open) = statement.find('{') else {
        out.push(statement.split(" as ").next().unwrap().to_string());
        return;
    };
    let prefix = &statement[..open];
    let inner = &statement[open + 1..statement.rfind('}').unwrap_or(statement.len())];
    let mut depth = 0;
    let mut item = String::new();
    for c in inner.chars().chain([',']) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                if !item.is_empty() {
                    expand(&format!("{prefix}{item}"), out);
                }
                item.clear();
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
}

/// The module path of a file (`src/phones/lobby.rs` → `["phones", "lobby"]`,
/// `src/phones/mod.rs` → `["phones"]`).
fn module_path(file: &str) -> Vec<String> {
    let rest = file.strip_prefix("src/").unwrap().trim_end_matches(".rs");
    let mut parts: Vec<String> = rest.split('/').map(String::from).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The file that holds the module at `path` under `root`, if any.
fn module_file(root: &Path, path: &[String]) -> Option<String> {
    if path.is_empty() {
        return Some(format!("{}/lib.rs", root.display()));
    }
    let joined = path.join("/");
    [format!("{joined}.rs"), format!("{joined}/mod.rs")]
        .into_iter()
        .map(|f| format!("{}/{f}", root.display()))
        .find(|f| Path::new(f).exists())
}

/// The file an import in `file` of `path` leads to: the deepest module the path names, or, for
/// an item that module's `mod.rs` re-exports from one of its files (`pub use lobby::Lobby`),
/// that file.
fn resolve(root: &Path, file: &str, path: &str) -> Option<String> {
    let mut segments = path.split("::").filter(|s| !s.is_empty());
    let mut module = module_path(&file.replacen(&root.display().to_string(), "src", 1));
    match segments.next()? {
        "crate" => module.clear(),
        "self" => {}
        "super" => {
            module.pop()?;
        }
        _ => return None,
    }
    let mut segments = segments.peekable();
    while segments.peek() == Some(&"super") {
        segments.next();
        module.pop()?;
    }
    for segment in segments {
        let mut deeper = module.clone();
        deeper.push(segment.to_string());
        if module_file(root, &deeper).is_some() {
            module = deeper;
            continue;
        }
        // An item of `module`: from the file it is re-exported from, if it is.
        let face = module_file(root, &module)?;
        let text = std::fs::read_to_string(&face).ok()?;
        for used in paths_in(&code_of(&text)) {
            let from = used.split("::").collect::<Vec<_>>();
            if from.last() == Some(&segment) && from.len() == 2 {
                let mut child = module.clone();
                child.push(from[0].to_string());
                if let Some(found) = module_file(root, &child) {
                    return Some(found);
                }
            }
        }
        return Some(face);
    }
    module_file(root, &module)
}

/// The files under `root` (a `src/`) that import each other around a circle inside one
/// top-level module, each circle as its files, sorted.
fn circles_inside_modules(root: &Path) -> Vec<Vec<String>> {
    let mut files = Vec::new();
    sources(root, &mut files);
    let top = |f: &str| {
        f.split('/')
            .nth(root.components().count())
            .map(String::from)
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in &files {
        if file.ends_with("/mod.rs") {
            continue;
        }
        let to = edges.entry(file.clone()).or_default();
        for path in paths_in(&code_of(text)) {
            if let Some(target) = resolve(root, file, &path)
                && target != *file
                && !target.ends_with("/mod.rs")
                && top(&target) == top(file)
            {
                to.insert(target);
            }
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|group| group.len() > 1)
        .collect()
}

/// The strongly connected groups of a graph (Tarjan's algorithm), each sorted.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        groups: Vec<Vec<String>>,
    }
    fn visit<'a>(walk: &mut Walk<'a>, node: &'a str) {
        let n = walk.index.len();
        walk.index.insert(node, n);
        walk.low.insert(node, n);
        walk.stack.push(node);
        for next in walk.edges.get(node).into_iter().flatten() {
            if !walk.index.contains_key(next.as_str()) {
                visit(walk, next);
                let low = walk.low[next.as_str()].min(walk.low[node]);
                walk.low.insert(node, low);
            } else if walk.stack.contains(&next.as_str()) {
                let low = walk.index[next.as_str()].min(walk.low[node]);
                walk.low.insert(node, low);
            }
        }
        if walk.low[node] == walk.index[node] {
            let mut group = Vec::new();
            while let Some(top) = walk.stack.pop() {
                group.push(top.to_string());
                if top == node {
                    break;
                }
            }
            group.sort();
            walk.groups.push(group);
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        groups: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node.as_str()) {
            visit(&mut walk, node);
        }
    }
    walk.groups.sort();
    walk.groups
}

#[test]
fn no_module_has_a_circle_of_imports_inside() {
    let circles = circles_inside_modules(Path::new("src"));
    assert!(
        circles.is_empty(),
        "files that import each other around a circle: {circles:?}"
    );
}

#[test]
fn the_circle_checker_finds_a_circle_through_a_reexport_and_passes_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    let write = |file: &str, text: &str| {
        let path = src.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod m;\nmod other;\n");
    // a → b (by a re-export in mod.rs), b → c, c → a (by a path written inline): a circle.
    write(
        "m/mod.rs",
        "mod a;\nmod b;\nmod c;\nmod d;\npub use b::Thing;\n",
    );
    write("m/a.rs", "use super::Thing;\n");
    write(
        "m/b.rs",
        "use super::{c::{self, Other}};\npub struct Thing;\n",
    );
    write(
        "m/c.rs",
        "fn f() { super::a::go(); }\n// super::d::nothing\n",
    );
    // d → a only, and another module's file: no part of it.
    write("m/d.rs", "use crate::m::a;\nuse crate::other::X;\n");
    write("other.rs", "use crate::m::Thing;\n");
    let root = src.display().to_string();
    assert_eq!(
        circles_inside_modules(&src),
        vec![vec![
            format!("{root}/m/a.rs"),
            format!("{root}/m/b.rs"),
            format!("{root}/m/c.rs"),
        ]]
    );
    write("m/c.rs", "fn f() {}\n");
    assert!(circles_inside_modules(&src).is_empty());
}

// --- Names the codemap gives ---------------------------------------------------------------------

/// Every file of the repository under `root` (its path from `root`), but for `target/` and
/// `.git/`.
fn repository_files(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if name != "target" && name != ".git" && name != "node_modules" {
                    folders.push(path);
                }
            } else {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out
}

/// The files and folders `codemap` names in backquotes that `files` (the repository's, from its
/// root) do not hold. A name with a folder (`gui/screen/x.rs`, `src/gui/`) must be one, from
/// the root or from `src/`; a bare file name in the code map's section of a folder must be in
/// that folder (or have a section of its own), and anywhere else must be some file's name.
/// Names with a placeholder (`live/<id>.seats`) are the data directory's, not the code's.
fn ghost_names(codemap: &str, files: &[String]) -> Vec<String> {
    const KINDS: [&str; 9] = [
        ".rs", ".sh", ".py", ".md", ".toml", ".json", ".js", ".css", ".html",
    ];
    let exists = |name: &str| files.iter().any(|f| f == name);
    let folder = |name: &str| files.iter().any(|f| f.starts_with(name));
    let mut section: Option<String> = None;
    let mut ghosts = Vec::new();
    for line in codemap.lines() {
        if let Some(heading) = line.strip_prefix("### `") {
            section = heading.split('`').next().map(String::from);
            continue;
        }
        if line.starts_with("## ") {
            section = None;
        }
        for (i, quoted) in line.split('`').enumerate() {
            if i % 2 == 0 || quoted.contains(['<', '*', ' ', '{']) {
                continue;
            }
            let is_file = KINDS.iter().any(|kind| quoted.ends_with(kind));
            let is_folder = quoted.starts_with("src/") && quoted.ends_with('/');
            // A data file the app writes (`settings.json`, `history/index.jsonl`) is no name of
            // the code's: a path is the repository's when its first folder is, and a bare
            // name only when it is code or a page.
            let first = quoted.split('/').next().unwrap_or_default();
            let repository_path = quoted.contains('/')
                && (first == "src" || files.iter().any(|f| f.starts_with(&format!("{first}/"))));
            let data_file = quoted.ends_with(".json") && !repository_path;
            if !(is_file || is_folder) || data_file {
                continue;
            }
            let found = if is_folder {
                folder(quoted)
            } else if quoted.contains('/') {
                exists(quoted) || exists(&format!("src/{quoted}"))
            } else {
                match &section {
                    Some(folder) if folder.ends_with('/') => {
                        exists(&format!("{folder}{quoted}"))
                            || files.iter().any(|f| f.ends_with(&format!("/{quoted}")))
                                && codemap.contains(&format!("### `{folder}{quoted}`"))
                    }
                    _ => exists(quoted) || files.iter().any(|f| f.ends_with(&format!("/{quoted}"))),
                }
            };
            if !found {
                ghosts.push(quoted.to_string());
            }
        }
    }
    ghosts.sort();
    ghosts.dedup();
    ghosts
}

#[test]
fn the_codemap_names_no_file_that_does_not_exist() {
    let codemap = std::fs::read_to_string("ARCHITECTURE.md").unwrap();
    let ghosts = ghost_names(&codemap, &repository_files(Path::new(".")));
    assert!(
        ghosts.is_empty(),
        "ARCHITECTURE.md names files that are not there: {ghosts:?}"
    );
}

#[test]
fn the_ghost_checker_finds_a_name_the_tree_lacks() {
    let files: Vec<String> = [
        "src/gui/screen/mod.rs",
        "src/gui/screen/setup.rs",
        "tests/layers.rs",
    ]
    .map(String::from)
    .to_vec();
    let codemap = "# A\n## Code map\n### `src/gui/screen/`\n`setup.rs`, `board_values.rs`, \
                   `live/<id>.seats`, `settings.json`.\n## Invariants\n`tests/layers.rs`, \
                   `gui/screen/board_values.rs`, `src/gui/`, `src/phones/`, `layers.rs`, `ghost.rs`, \
                   `tests/data/ghost.json`\n";
    assert_eq!(
        ghost_names(codemap, &files),
        vec![
            "board_values.rs",
            "ghost.rs",
            "gui/screen/board_values.rs",
            "src/phones/",
            "tests/data/ghost.json"
        ]
    );
}
