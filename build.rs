//! Finds the shipped languages: every `assets/locales/<tag>.ftl` is built into the app, English
//! first, so shipping a language is adding its file (no list kept by hand in the code). Writes
//! `$OUT_DIR/shipped_locales.rs`: their count, their tags and a catalog of each file's text.

use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("assets/locales");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut tags: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
        .collect();
    for tag in &tags {
        let simple = tag.len() >= 2
            && tag
                .split('-')
                .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric()));
        assert!(
            simple,
            "assets/locales/{tag}.ftl: a shipped file is named by its language tag (de.ftl, pt-BR.ftl)"
        );
    }
    // English first: every other language falls back to it.
    tags.sort_by_key(|tag| (tag != "en", tag.clone()));
    assert!(
        tags.first().is_some_and(|t| t == "en"),
        "assets/locales/en.ftl is the source every language falls back to"
    );
    let mut out = String::from("// Written by build.rs from the files in assets/locales.\n");
    out.push_str(&format!(
        "pub(crate) const SHIPPED_COUNT: usize = {};\n",
        tags.len()
    ));
    out.push_str(&format!(
        "pub(crate) const SHIPPED_TAGS: [&str; SHIPPED_COUNT] = {tags:?};\n"
    ));
    out.push_str("static SHIPPED: [Catalog; SHIPPED_COUNT] = [\n");
    for tag in &tags {
        let path = dir.join(format!("{tag}.ftl"));
        out.push_str(&format!(
            "    Catalog::built_in({tag:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("shipped_locales.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
