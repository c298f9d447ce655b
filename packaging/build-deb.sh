#!/usr/bin/env bash
# Builds the Debian package into target/debian/: the release binary, then the files generated
# from it (man page, completions, icons, AppStream metadata: examples/package_assets.rs), then
# cargo-deb (installed if missing), and checks the desktop entry and the metadata.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-deb >/dev/null 2>&1 || cargo install --locked cargo-deb
cargo build --release --locked --bin tablekeeper
cargo run --release --locked --example package_assets
desktop-file-validate target/package/tablekeeper.desktop
appstreamcli validate --no-net target/package/io.github.tablekeeper.Tablekeeper.metainfo.xml
cargo deb --no-build --locked
ls target/debian/*.deb
