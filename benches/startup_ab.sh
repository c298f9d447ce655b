#!/usr/bin/env bash
# Startup A/B: exec → first view of two builds of the app and the blank iced window, one run of
# each in turn (RUNS times) in one Xvfb, so the three see the same machine. Medians printed.
# Not part of CI. Needs Xvfb (see benches/startup.sh) and both release binaries:
#   BEFORE=/path/to/old/tablekeeper bash benches/startup_ab.sh     (AFTER: this tree's build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
before=${BEFORE:?BEFORE=path of the other build}
cargo build --release --locked --bin tablekeeper --example blank_window 2>&1 | tail -n 1
after=${AFTER:-target/release/tablekeeper}
blank=target/release/examples/blank_window
export DISPLAY=:96
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
work=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
export LANG=C.UTF-8 TABLEKEEPER_BENCH_STAMP=1
one() {
    local out="$work/out" data start pid stamp
    data=$(mktemp -d -p "$work")
    : >"$out"
    start=$(date +%s%6N)
    "$@" --data-dir "$data" >"$out" 2>/dev/null &
    pid=$!
    for _ in $(seq 2000); do grep -q first-view "$out" && break; sleep 0.002; done
    stamp=$(awk '/first-view/ {print $2}' "$out")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    echo $((stamp - start))
}
for i in $(seq "$RUNS"); do
    one "$before" --lang en >>"$work/before"
    one "$after" --lang en >>"$work/after"
    one "$blank" >>"$work/blank"
done
median() { sort -n "$1" | awk '{a[NR] = $1} END {m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.1f ms", m / 1000}'; }
echo "exec → first view, medians of $RUNS: before $(median "$work/before"), after $(median "$work/after"), blank window $(median "$work/blank")"
