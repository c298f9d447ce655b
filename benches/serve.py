#!/usr/bin/env python3
"""`tablekeeper serve`'s benchmark, on loopback: the release binary as a Pi would run it.

1. Start to listening: from the process's start to the address printed, and to the page served.
2. Eight phones (four seated, four watching; phone n sends from 127.0.0.(100 + n), as phones at
   a table each have an address, so the table's own limits apply) set up a 4-player TERRAVIST
   game from the phones, start it, and the current player's phone taps Done TAPS times (the
   round ends' results and steps, the sheet and Finish from the phones between): each tap
   is timed from the moment it is sent to the moment the last of the eight streams shows the new
   turn (the HTTP request, the keeper's durable journal write, the publish, eight streams).
3. Idle CPU with the eight phones connected and the clock running, then the peak RSS (VmHWM) of
   the serve process, with the eight phones connected.

4. Against the window: the peak RSS between games with the eight phones' streams open, of `serve`
   and of the window (the same binary in Xvfb, its phones on, on the same data directory).

Run: `python3 benches/serve.py` (`SERVE_TAPS=300`, `SERVE_STARTS=10`, `SERVE_IDLE_SECONDS=20`,
`SERVE_AGAINST_WINDOW=0` to skip 4, `TABLEKEEPER_BIN=path`);
it builds nothing: `cargo build --release` first.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BIN = os.environ.get("TABLEKEEPER_BIN", "target/release/tablekeeper")
TAPS = int(os.environ.get("SERVE_TAPS", "300"))
STARTS = int(os.environ.get("SERVE_STARTS", "10"))
IDLE = int(os.environ.get("SERVE_IDLE_SECONDS", "20"))
PHONES = 8
SEATED = 4


def start(data):
    began = time.perf_counter()
    proc = subprocess.Popen(
        [BIN, "--lang", "en", "serve", "--listen", "127.0.0.1", "--port", "0", "--data-dir", data],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    printed = time.perf_counter() - began
    url = line.strip().split(": ", 1)[1]
    host, path = url[len("http://"):].split("/", 1)
    addr = (host.split(":")[0], int(host.split(":")[1]))
    status = request(addr, "127.0.0.1", "GET", "/" + path, None)[0]
    served = time.perf_counter() - began
    assert status == 200, status
    threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()
    return proc, addr, "/" + path, printed, served


def request(addr, source, method, path, body):
    s = socket.create_connection(addr, source_address=(source, 0))
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    s.sendall(head.encode() + b"\r\n" + data)
    out = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        out += chunk
    s.close()
    status = int(out.split(b" ", 2)[1])
    return status, out


class Stream(threading.Thread):
    """A phone's update stream: the last table it showed, and when each state came."""

    def __init__(self, addr, source, base, phone, seen):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(addr, source_address=(source, 0))
        self.sock.sendall(f"GET {base}/events?phone={phone} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n\r\n".encode())
        self.table = None
        self.seen = seen
        self.ready = threading.Event()

    def run(self):
        buf = b""
        while True:
            chunk = self.sock.recv(65536)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.startswith(b"data: "):
                    self.table = json.loads(line[6:])["table"]
                    with self.seen:
                        self.seen.notify_all()
                    self.ready.set()


def peak_rss(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(next(l for l in f if l.startswith("VmHWM")).split()[1]) / 1024


def between_games_with_phones(url, settle_seconds):
    """Eight phones' streams open on a table between games, for `settle_seconds`."""
    host, path = url[len("http://"):].split("/", 1)
    addr = (host.split(":")[0], int(host.split(":")[1]))
    seen = threading.Condition()
    streams = [Stream(addr, f"127.0.0.{100 + n}", "/" + path, f"{n + 1:02x}" * 16, seen)
               for n in range(PHONES)]
    for s in streams:
        s.start()
    for s in streams:
        assert s.ready.wait(10), "a phone's stream"
    time.sleep(settle_seconds)
    return streams


def against_the_window():
    """Peak RSS between games with eight phones' streams open: `serve`, then the window (the
    same binary, in Xvfb, with its phones on) on the same data directory."""
    data = tempfile.mkdtemp()
    proc, addr, base, _, _ = start(data)
    between_games_with_phones(f"http://{addr[0]}:{addr[1]}{base}", 5)
    serve_rss = peak_rss(proc.pid)
    proc.terminate()
    proc.wait()
    settings_path = os.path.join(data, "settings.json")
    with open(settings_path) as f:
        settings = json.load(f)
    settings["phones"] = True
    with open(settings_path, "w") as f:
        json.dump(settings, f)
    display = ":87"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    env = dict(os.environ, DISPLAY=display)
    window = subprocess.Popen([BIN, "--lang", "en", "--data-dir", data, "--phones-listen",
                               "127.0.0.1"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    url = f"http://{addr[0]}:{addr[1]}{base}"
    deadline = time.time() + 20
    while True:
        try:
            if request(addr, "127.0.0.1", "GET", base, None)[0] == 200:
                break
        except OSError:
            pass
        if time.time() > deadline:
            window.kill()
            xvfb.kill()
            raise AssertionError("the window's phones' server")
        time.sleep(0.2)
    try:
        between_games_with_phones(url, 5)
        window_rss = peak_rss(window.pid)
    finally:
        window.terminate()
        window.wait()
        xvfb.terminate()
        xvfb.wait()
    return serve_rss, window_rss


def main():
    starts = []
    for _ in range(STARTS):
        with tempfile.TemporaryDirectory() as data:
            proc, _, _, printed, served = start(data)
            starts.append((printed, served))
            proc.terminate()
            proc.wait()
    data = tempfile.mkdtemp()
    proc, addr, base, _, _ = start(data)
    phones = [f"{n:02x}" * 16 for n in range(1, PHONES + 1)]
    source = [f"127.0.0.{100 + n}" for n in range(PHONES)]
    seen = threading.Condition()
    streams = [Stream(addr, source[n], base, phones[n], seen) for n in range(PHONES)]
    for s in streams:
        s.start()
        s.ready.wait(5)

    def post(n, path, body):
        return request(addr, source[n], "POST", base + path, body)[0]

    def wait_for(check, what):
        deadline = time.time() + 10
        with seen:
            while not all(check(s.table) for s in streams):
                assert time.time() < deadline, what
                seen.wait(0.5)

    def settle(n, path, body):
        # The phones' share of requests a second: a refused one is sent again, as a page does.
        while (status := post(n, path, body)) == 429:
            time.sleep(0.05)
        assert status == 202, (path, status)

    def set_up_a_game():
        rev = streams[0].table["rev"]
        settle(0, "/new", {"phone": phones[0], "game": "terravist", "rev": rev})
        wait_for(lambda t: t and t.get("lobby"), "the lobby")
        for n in range(SEATED):
            settle(n, "/join", {"phone": phones[n], "name": f"P{n}", "colour": None})
        wait_for(lambda t: len(t["players"]) == SEATED and t["players"][-1]["name"], "joined")
        rev = streams[0].table["rev"]
        settle(0, "/choose", {"phone": phones[0], "rev": rev, "habitat": "forest"})
        wait_for(lambda t: t["lobby"] and t["lobby"]["not_ready"] is None, "ready")
        settle(1, "/start", {"phone": phones[1], "rev": streams[0].table["rev"]})
        wait_for(lambda t: t["stage"] == "playing", "started")

    def round_end():
        for n in range(SEATED):
            body = {"phone": phones[n], "id": f"r{n}", "value": n, "was": None}
            settle(n, "/enter", body)
        while streams[0].table["stage"] == "round_end":
            wait_for(lambda t: t["step"] is None or t["step"]["waiting"] is None, "answers")
            table = streams[0].table
            if table["step"] is None:
                break
            step = table["step"]
            body = {"phone": phones[step["who"]], "rev": table["rev"], "key": step["key"]}
            settle(step["who"], "/step", body)
            wait_for(lambda t: t["rev"] > table["rev"], "the step")

    def sheet_and_finish():
        for n in range(SEATED):
            for part in ["creatures", "positions", "development", "eggs", "tucked"]:
                body = {"phone": phones[n], "id": f"{part}{n}", "part": part, "value": 1,
                        "was": None}
                settle(n, "/enter", body)
            settle(n, "/ready", {"phone": phones[n], "ready": True})
        wait_for(lambda t: t["finishable"], "every column ready")
        settle(0, "/finish", {"phone": phones[0], "rev": streams[0].table["rev"]})
        wait_for(lambda t: t["saved"], "saved")

    set_up_a_game()
    taps = []
    refused = [0]
    while len(taps) < TAPS:
        table = streams[PHONES - 1].table
        if table["stage"] == "round_end":
            round_end()
            continue
        if table["stage"] == "over":
            sheet_and_finish()
            set_up_a_game()
            continue
        seat, rev = table["current"], table["rev"]
        # A tap every 100 ms: each of the four phones taps under its address's 5 a second, as
        # players at a table do (a turn takes seconds); the pause is not in what is timed. A
        # refused tap is sent again, as the page does, and timed from the first.
        time.sleep(0.1)
        began = time.perf_counter()
        while (status := post(seat, "/done", {"phone": phones[seat], "rev": rev})) == 429:
            refused[0] += 1
            time.sleep(0.05)
        assert status == 202, status
        wait_for(lambda t: t["rev"] > rev, "the turn")
        taps.append(time.perf_counter() - began)
    # Idle: the clock running, the eight phones connected, nobody tapping.
    def cpu_ticks():
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    ticks, began = cpu_ticks(), time.perf_counter()
    time.sleep(IDLE)
    idle = (cpu_ticks() - ticks) / os.sysconf("SC_CLK_TCK") / (time.perf_counter() - began)
    with open(f"/proc/{proc.pid}/status") as f:
        hwm = next(l for l in f if l.startswith("VmHWM")).split()[1]
    proc.terminate()
    proc.wait()

    ms = lambda v: f"{v * 1000:.2f} ms"
    printed = sorted(p for p, _ in starts)
    served = sorted(s for _, s in starts)
    print(f"start to the address printed ({STARTS} runs): median {ms(statistics.median(printed))} "
          f"(min {ms(printed[0])}, max {ms(printed[-1])})")
    print(f"start to the page served: median {ms(statistics.median(served))} "
          f"(min {ms(served[0])}, max {ms(served[-1])})")
    taps.sort()
    p = lambda q: taps[min(len(taps) - 1, int(q * len(taps)))]
    print(f"a Done to all {PHONES} phones ({len(taps)} taps): p50 {ms(p(0.5))}, p99 {ms(p(0.99))}, "
          f"max {ms(taps[-1])}; {refused[0]} refused as too fast and sent again")
    print(f"idle with {PHONES} phones connected, the clock running, {IDLE} s: "
          f"{idle * 100:.2f} % of a core")
    print(f"peak RSS with {PHONES} phones connected, after {len(taps)} taps: "
          f"{int(hwm) / 1024:.1f} MB")
    if os.environ.get("SERVE_AGAINST_WINDOW", "1") == "1":
        serve_rss, window_rss = against_the_window()
        print(f"peak RSS between games, {PHONES} phones connected: serve {serve_rss:.1f} MB, "
              f"the window (Xvfb, phones on) {window_rss:.1f} MB: {serve_rss / window_rss:.2f}")


if __name__ == "__main__":
    sys.exit(main())
