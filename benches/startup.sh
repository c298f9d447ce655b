#!/usr/bin/env bash
# Startup, memory and idle benchmarks of the release binary in a real X window (Xvfb),
# each against a blank iced window built with the same iced features (examples/blank_window.rs).
#   startup: exec → first view (both print a stamp at their first `view`) and exec → first frame
#            (the first frame they are asked to draw), over RUNS runs each
#   memory:  peak RSS (VmHWM) 1.5 s after start, the same runs
#   idle:    CPU time over IDLE_SECONDS with a game's clock running, nothing touched
# Not part of CI. Installs what it needs on a fresh Debian machine.
# Run: bash benches/startup.sh          (RUNS=10 IDLE_SECONDS=60 by default)
#      BEFORE=path/to/other/tablekeeper bash benches/startup.sh: that build in the same turns,
#      for an A/B of a change (its startup and memory beside this build's)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-10}
IDLE_SECONDS=${IDLE_SECONDS:-60}

for tool in Xvfb xdotool xdpyinfo python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        apt-get update && apt-get install -y --no-install-recommends xvfb xdotool x11-utils python3
        break
    fi
done
cargo build --release --locked --bin tablekeeper --example blank_window 2>&1 | tail -n 1
app=${APP:-target/release/tablekeeper}
blank=target/release/examples/blank_window

export DISPLAY=:95
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
export LANG=C.UTF-8 TABLEKEEPER_BENCH_STAMP=1
work=$(mktemp -d)

# One run: prints "<exec → first view µs> <peak RSS kB> <exec → first frame µs>".
run_once() {
    local out="$work/out" data
    data=$(mktemp -d)
    : >"$out"
    local start
    start=$(date +%s%6N)
    "$@" --data-dir "$data" >"$out" 2>/dev/null &
    local pid=$!
    for _ in $(seq 2000); do grep -q first-frame "$out" && break; sleep 0.005; done
    local stamp frame
    stamp=$(awk '/first-view/ {print $2}' "$out")
    frame=$(awk '/first-frame/ {print $2}' "$out")
    sleep 1.5
    local rss
    rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    echo "$((stamp - start)) $rss $((frame - start))"
}
blank_run() { run_once "$blank" "$@"; }
app_run() { run_once "$app" --lang en "$@"; }

: >"$work/app.txt"; : >"$work/blank.txt"; : >"$work/before.txt"
for i in $(seq "$RUNS"); do
    # Alternate, so all see the same machine.
    TABLEKEEPER_DATA_DIR= blank_run >>"$work/blank.txt"
    app_run >>"$work/app.txt"
    if [ -n "${BEFORE:-}" ]; then run_once "$BEFORE" --lang en >>"$work/before.txt"; fi
done

# Idle: start a game in the app (the clock runs), then leave it alone.
idle_cpu() { # pid seconds → percent of one core
    local pid=$1 seconds=$2 hz
    hz=$(getconf CLK_TCK)
    local before after
    before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    sleep "$seconds"
    after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    python3 -c "print(f'{($after - $before) / $hz / $seconds * 100:.2f}')"
}
data=$(mktemp -d)
"$app" --data-dir "$data" --lang en >/dev/null 2>&1 &
pid=$!
wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^tablekeeper' | head -1)
sleep 1
click() { xdotool mousemove --window "$wid" "$1" "$2" click 1; sleep 0.4; }
click 640 258; click 160 185; xdotool windowfocus --sync "$wid"; xdotool type --delay 30 Aki; click 160 233; xdotool type --delay 30 Ben
click 824 381; click 183 762
sleep 2
"$app" replay "$data"/live/*.jsonl | tail -n 1 | grep -q "Aki's turn" || { echo "the game did not start: idle not measured" >&2; exit 1; }
app_idle=$(idle_cpu "$pid" "$IDLE_SECONDS")
kill "$pid"
"$blank" >/dev/null 2>&1 &
pid=$!
sleep 2
blank_idle=$(idle_cpu "$pid" "$IDLE_SECONDS")
kill "$pid"

font_bytes=$(cat assets/fonts/*.otf | wc -c)
python3 - "$work/app.txt" "$work/blank.txt" "$app_idle" "$blank_idle" "$font_bytes" "$IDLE_SECONDS" "$work/before.txt" <<'PY'
import statistics, sys
app = [tuple(map(int, l.split())) for l in open(sys.argv[1])]
blank = [tuple(map(int, l.split())) for l in open(sys.argv[2])]
before = [tuple(map(int, l.split())) for l in open(sys.argv[7])]
app_idle, blank_idle, font_kb, idle_s = float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]) / 1024, sys.argv[6]
def summary(values):
    return statistics.median(values), min(values), max(values)
a_ms = summary([r[0] / 1000 for r in app]); b_ms = summary([r[0] / 1000 for r in blank])
a_fr = summary([r[2] / 1000 for r in app]); b_fr = summary([r[2] / 1000 for r in blank])
a_mb = summary([r[1] / 1024 for r in app]); b_mb = summary([r[1] / 1024 for r in blank])
print(f"# Startup, memory and idle ({len(app)} runs each, alternating)\n")
print("| measure | app median (min–max) | blank window median (min–max) | ratio | target |")
print("|---|---|---|---|---|")
print(f"| exec → first view | {a_ms[0]:.1f} ms ({a_ms[1]:.1f}–{a_ms[2]:.1f}) | {b_ms[0]:.1f} ms ({b_ms[1]:.1f}–{b_ms[2]:.1f}) | {a_ms[0]/b_ms[0]:.2f} | ≤ 1.25 |")
print(f"| exec → first frame | {a_fr[0]:.1f} ms ({a_fr[1]:.1f}–{a_fr[2]:.1f}) | {b_fr[0]:.1f} ms ({b_fr[1]:.1f}–{b_fr[2]:.1f}) | {a_fr[0]/b_fr[0]:.2f} | ≤ 1.25 |")
floor = b_mb[0] + font_kb / 1024
print(f"| peak RSS | {a_mb[0]:.1f} MB ({a_mb[1]:.1f}–{a_mb[2]:.1f}) | {b_mb[0]:.1f} MB ({b_mb[1]:.1f}–{b_mb[2]:.1f}) + fonts {font_kb/1024:.1f} MB = {floor:.1f} MB | {a_mb[0]/floor:.2f} | ≤ 1.3 |")
print(f"| idle CPU, clock running, {idle_s} s | {app_idle:.2f} % of a core | {blank_idle:.2f} % (1 s tick) | — | ≤ 1 % |")
if before:
    c_ms = summary([r[0] / 1000 for r in before]); c_mb = summary([r[1] / 1024 for r in before])
    print(f"| BEFORE: exec → first view | {c_ms[0]:.1f} ms ({c_ms[1]:.1f}–{c_ms[2]:.1f}) | as above | {c_ms[0]/b_ms[0]:.2f} | — |")
    print(f"| BEFORE: peak RSS | {c_mb[0]:.1f} MB ({c_mb[1]:.1f}–{c_mb[2]:.1f}) | as above | {c_mb[0]/floor:.2f} | — |")
PY
