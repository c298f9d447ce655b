#!/usr/bin/env bash
# Installs the Debian package built by packaging/build-deb.sh as a user would (apt-get install
# ./…deb), checks the installed app (its version is Cargo.toml's, as are the package's and the
# metadata's; its man pages render, one per subcommand, and `man tablekeeper-serve` documents
# --listen and --port; the real-window test passes against /usr/bin/tablekeeper), then removes it
# and checks that every file it installed is gone and the user's data stays.
# Needs root (CI runs it as root).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-install: $*" >&2; exit 1; }

deb=$(ls target/debian/tablekeeper_*.deb | head -1)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ] || fail "the package's version is not $version"
grep -q "<release version=\"$version\"" target/package/io.github.tablekeeper.Tablekeeper.metainfo.xml ||
    fail "the metadata's release is not $version"
files=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's#^\./#/#' | grep -v '/$')
# The package ships the user's guide, and not the developers' pages.
for page in README.md docs/README.md docs/table.md docs/phones.md docs/serve.md; do
    grep -qx "/usr/share/doc/tablekeeper/$page" <<<"$files" || fail "the package lacks $page"
done
! grep -q 'CONTRIBUTING\|ARCHITECTURE' <<<"$files" || fail "the package ships a developers' page"

DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "./$deb"
[ "$(command -v tablekeeper)" = /usr/bin/tablekeeper ] || fail "tablekeeper is not /usr/bin/tablekeeper"
[ "$(tablekeeper --version)" = "tablekeeper $version" ] || fail "tablekeeper --version: $(tablekeeper --version)"
man -P cat tablekeeper | grep -q "tablekeeper" || fail "the man page does not render"
# A page per subcommand: `man tablekeeper-serve` documents serve's own options.
for option in --listen --port; do
    MANWIDTH=200 man -P cat tablekeeper-serve | grep -q -- "$option" ||
        fail "man tablekeeper-serve does not document $option"
done
man -w tablekeeper-history-list >/dev/null || fail "man tablekeeper-history-list is not installed"
# The pages in every shipped language: German and Japanese, where man-db looks for them.
for lang in de ja; do
    ls /usr/share/man/$lang/man1/tablekeeper-score.1* >/dev/null 2>&1 ||
        fail "no $lang man page for tablekeeper-score"
done
for f in $files; do [ -e "$f" ] || fail "not installed: $f"; done

# `tablekeeper serve` from the installed package: its user unit is where systemd looks, and the
# binary it runs serves the phones' page (reached with curl), then stops cleanly on SIGTERM.
unit=/usr/lib/systemd/user/tablekeeper-serve.service
grep -qx 'ExecStart=/usr/bin/tablekeeper serve' "$unit" || fail "the user unit does not run serve"
served=$(mktemp -d)
/usr/bin/tablekeeper --lang en serve --listen 127.0.0.1 --port 0 --data-dir "$served/data" \
    >"$served/out" 2>&1 &
serve_pid=$!
for _ in $(seq 100); do grep -q '^The table is at: ' "$served/out" && break; sleep 0.1; done
url=$(sed -n 's/^The table is at: //p' "$served/out")
[ -n "$url" ] || fail "serve printed no address: $(cat "$served/out")"
curl -fsS "$url" | grep -q '<title>tablekeeper</title>' || fail "serve's page did not load from $url"
kill -TERM "$serve_pid"
wait "$serve_pid" || fail "serve did not stop cleanly on SIGTERM"
grep -q 'The table is closed' "$served/out" || fail "serve did not say it closed the table"

# The user's data, made by the installed app.
data=$(mktemp -d)/tablekeeper-data
tablekeeper --data-dir "$data" history import tests/data/backup-v1.json >/dev/null
TABLEKEEPER_BIN=/usr/bin/tablekeeper bash tests/window.sh

apt-get remove --purge -y tablekeeper
for f in $files; do [ ! -e "$f" ] || fail "left behind after removal: $f"; done
[ -s "$data/history/sessions/$(ls "$data/history/sessions" | head -1)" ] || fail "the user's data went with the package"
echo "check-install: installed, ran, removed; nothing left but the user's data"
