#!/usr/bin/env python3
"""A club night's benchmark (issue 62), on loopback: `tablekeeper serve --tables 8`, the release
binary as a club's Pi would run it.

1. Eight tables, each a 4-player Earth game set up and started from its phones, five phones a
   table (four seated, one watching, each from an address of its own: 127.0.<table>.<n>) and
   the venue's screen watching the room. Each table's current player taps Done at human pace (a
   turn of 2 to 4 s, the tables out of step). A tap is timed from the moment it is sent to the
   moment the last of its table's five streams shows the new turn, and to the moment the
   venue's stream shows that table's new turn.
2. Idle CPU with every phone and the venue connected and eight clocks running, nobody tapping.
3. Peak RSS (VmHWM) of the 8-table serve, against one table's (plain `serve`, the same five
   phones, the same game, the same pace for the same time).

Run: `python3 benches/club.py` (`CLUB_SECONDS=60`, `CLUB_IDLE_SECONDS=20`,
`TABLEKEEPER_BIN=path`); it builds nothing: `cargo build --release --no-default-features
--features phones` first (serve needs no window).
"""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

BIN = os.environ.get("TABLEKEEPER_BIN", "target/release/tablekeeper")
SECONDS = int(os.environ.get("CLUB_SECONDS", "60"))
IDLE = int(os.environ.get("CLUB_IDLE_SECONDS", "20"))
TABLES = 8
PHONES = 5
SEATED = 4


def split(url):
    host, path = url[len("http://"):].split("/", 1)
    return (host.split(":")[0], int(host.split(":")[1])), "/" + path


def start(data, tables):
    command = [BIN, "--lang", "en", "serve", "--listen", "127.0.0.1", "--port", "0",
               "--data-dir", data]
    if tables > 1:
        command += ["--tables", str(tables)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    urls = []
    venue = None
    if tables > 1:
        venue = proc.stdout.readline().strip().split(": ", 1)[1]
    for _ in range(tables):
        urls.append(proc.stdout.readline().strip().split(": ", 1)[1])
    threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()
    return proc, venue, urls


def request(addr, source, path, body):
    s = socket.create_connection(addr, source_address=(source, 0))
    data = json.dumps(body).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
    s.sendall(head.encode() + data)
    out = b""
    while chunk := s.recv(65536):
        out += chunk
    s.close()
    return int(out.split(b" ", 2)[1])


class Stream(threading.Thread):
    """An update stream (a phone's, or the venue's): the last data, and when it came."""

    def __init__(self, url, source, phone, key, seen):
        super().__init__(daemon=True)
        addr, base = split(url)
        self.sock = socket.create_connection(addr, source_address=(source, 0))
        self.sock.sendall(f"GET {base}/events?phone={phone} HTTP/1.1\r\n"
                          f"Host: {addr[0]}:{addr[1]}\r\n\r\n".encode())
        self.key, self.seen, self.data = key, seen, None
        self.ready = threading.Event()

    def run(self):
        buf = b""
        while chunk := self.sock.recv(65536):
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.startswith(b"data: "):
                    self.data = json.loads(line[6:])[self.key]
                    with self.seen:
                        self.seen.notify_all()
                    self.ready.set()


class Table:
    """One table: its address, its five phones' streams, its players' ids and addresses."""

    def __init__(self, number, url, seen):
        self.number, self.url, self.seen = number, url, seen
        self.addr, self.base = split(url)
        self.phones = [f"{n + 1:x}{number:x}" * 16 for n in range(PHONES)]
        self.sources = [f"127.0.{number}.{n + 1}" for n in range(PHONES)]
        self.streams = [Stream(url, self.sources[n], self.phones[n], "table", seen)
                        for n in range(PHONES)]
        for s in self.streams:
            s.start()
        for s in self.streams:
            assert s.ready.wait(10), "a phone's stream"

    def post(self, n, path, body):
        body = dict(body, phone=self.phones[n])
        while (status := request(self.addr, self.sources[n], self.base + path, body)) == 429:
            time.sleep(0.05)
        assert status == 202, (path, status)

    def wait(self, check, what):
        deadline = time.time() + 10
        with self.seen:
            while not all(s.data and check(s.data) for s in self.streams):
                assert time.time() < deadline, what
                self.seen.wait(0.5)

    def set_up(self):
        self.post(0, "/new", {"game": "earth", "rev": self.streams[0].data["rev"]})
        self.wait(lambda t: t.get("lobby"), "the lobby")
        for n in range(SEATED):
            self.post(n, "/join", {"name": f"T{self.number}P{n}", "colour": None})
        self.wait(lambda t: len(t["players"]) == SEATED and t["players"][-1]["name"], "joined")
        self.post(1, "/start", {"rev": self.streams[0].data["rev"]})
        self.wait(lambda t: t["stage"] == "playing", "started")


def play(tables, venue, seconds):
    """Each table taps Done at human pace for `seconds`; returns the taps' times to the table's
    phones and (with a venue) to the venue's screen."""
    to_phones, to_venue, lock = [], [], threading.Lock()

    def run(table, index):
        rng = random.Random(index)
        until = time.time() + seconds
        time.sleep(rng.uniform(0, 3))
        while time.time() < until:
            shown = table.streams[-1].data
            seat, rev = shown["current"], shown["rev"]
            turn_before = venue.data["tables"][index]["turn"] if venue else None
            began = time.perf_counter()
            table.post(seat, "/done", {"rev": rev})
            table.wait(lambda t: t["rev"] > rev, "the turn")
            phones_at = time.perf_counter()
            venue_at = None
            if venue:
                deadline = time.time() + 10
                with table.seen:
                    while venue.data["tables"][index]["turn"] == turn_before:
                        assert time.time() < deadline, "the venue"
                        table.seen.wait(0.5)
                venue_at = time.perf_counter()
            with lock:
                to_phones.append(phones_at - began)
                if venue_at:
                    to_venue.append(venue_at - began)
            time.sleep(rng.uniform(2, 4))

    threads = [threading.Thread(target=run, args=(t, i)) for i, t in enumerate(tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return to_phones, to_venue


def cpu_share(pid, seconds):
    def ticks():
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    before, began = ticks(), time.perf_counter()
    time.sleep(seconds)
    return (ticks() - before) / os.sysconf("SC_CLK_TCK") / (time.perf_counter() - began)


def peak_rss(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(next(l for l in f if l.startswith("VmHWM")).split()[1]) / 1024


def run_room(count):
    data = tempfile.mkdtemp()
    proc, venue_url, urls = start(data, count)
    seen = threading.Condition()
    venue = None
    if venue_url:
        venue = Stream(venue_url, "127.0.0.200", "", "venue", seen)
        venue.start()
        assert venue.ready.wait(10)
    tables = [Table(n + 1, url, seen) for n, url in enumerate(urls)]
    for table in tables:
        table.set_up()
    to_phones, to_venue = play(tables, venue, SECONDS)
    idle = cpu_share(proc.pid, IDLE)
    rss = peak_rss(proc.pid)
    proc.terminate()
    proc.wait()
    return to_phones, to_venue, idle, rss


def main():
    p = lambda taps, q: sorted(taps)[min(len(taps) - 1, int(q * len(taps)))]
    ms = lambda v: f"{v * 1000:.1f} ms"
    to_phones, to_venue, idle, rss = run_room(TABLES)
    print(f"{TABLES} tables x {PHONES} phones, {SECONDS} s at human pace, {len(to_phones)} taps")
    print(f"a Done to its table's {PHONES} phones: p50 {ms(p(to_phones, 0.5))}, "
          f"p99 {ms(p(to_phones, 0.99))}, max {ms(max(to_phones))}")
    print(f"a Done to the venue's screen: p50 {ms(p(to_venue, 0.5))}, "
          f"p99 {ms(p(to_venue, 0.99))}, max {ms(max(to_venue))}")
    print(f"idle, every phone and the venue connected, {TABLES} clocks running, {IDLE} s: "
          f"{idle * 100:.2f} % of a core")
    one_phones, _, one_idle, one_rss = run_room(1)
    print(f"one table, the same: p99 to its phones {ms(p(one_phones, 0.99))}, "
          f"idle {one_idle * 100:.2f} % of a core")
    print(f"peak RSS: {TABLES} tables {rss:.1f} MB, one table {one_rss:.1f} MB: "
          f"{rss / one_rss:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
