#!/usr/bin/env python3
"""`tablekeeper serve`'s benchmark, on loopback: the release binary as a Pi would run it.

1. Start to listening: from the process's start to the address printed, and to the page served.
2. Eight phones (four seated, four watching; phone n sends from 127.0.0.(100 + n), as phones at
   a table each have an address, so the table's own limits apply) set up a 4-player TERRAVIST
   game from the phones, start it, and the current player's phone taps Done TAPS times: each tap
   is timed from the moment it is sent to the moment the last of the eight streams shows the new
   turn (the HTTP request, the keeper's durable journal write, the publish, eight streams).
3. Idle CPU with the eight phones connected and the clock running, then the peak RSS (VmHWM) of
   the serve process, with the eight phones connected.

Run: `python3 benches/serve.py` (`SERVE_TAPS=300`, `SERVE_STARTS=10`, `SERVE_IDLE_SECONDS=20`,
`TABLEKEEPER_BIN=path`);
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
        self.sock.sendall(f"GET {base}/events?phone={phone} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
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

    def set_up_a_game():
        assert post(0, "/new", {"phone": phones[0], "game": "terravist"}) == 202
        wait_for(lambda t: t and t.get("lobby"), "the lobby")
        for n in range(SEATED):
            assert post(n, "/join", {"phone": phones[n], "name": f"P{n}", "colour": None}) == 202
        wait_for(lambda t: len(t["players"]) == SEATED and t["players"][-1]["name"], "joined")
        rev = streams[0].table["rev"]
        assert post(0, "/choose", {"phone": phones[0], "rev": rev, "habitat": "forest"}) == 202
        wait_for(lambda t: t["lobby"] and t["lobby"]["not_ready"] is None, "ready")
        assert post(1, "/start", {"phone": phones[1], "rev": streams[0].table["rev"]}) == 202
        wait_for(lambda t: t["stage"] == "playing", "started")

    def settle(n, path, body):
        # The phones' share of requests a second: a refused one is sent again, as a page does.
        while (status := post(n, path, body)) == 429:
            time.sleep(0.05)
        assert status == 202, (path, status)

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
        began = time.perf_counter()
        status = post(seat, "/done", {"phone": phones[seat], "rev": rev})
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
          f"max {ms(taps[-1])}")
    print(f"idle with {PHONES} phones connected, the clock running, {IDLE} s: "
          f"{idle * 100:.2f} % of a core")
    print(f"peak RSS with {PHONES} phones connected: {int(hwm) / 1024:.1f} MB")


if __name__ == "__main__":
    sys.exit(main())
