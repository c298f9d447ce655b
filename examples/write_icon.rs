//! Writes `assets/icon.png` from the icon the app draws: `cargo run --example write_icon`.

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/icon.png");
    std::fs::write(path, tablekeeper::gui::icon::png()).expect("assets/ is writable");
    println!("wrote {path}");
}
