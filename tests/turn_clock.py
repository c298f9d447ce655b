"""The clock of the player-turn under way in a tablekeeper journal, in seconds, worked out from
the journal's lines alone (the events' times, pauses left out): the real-window test's own
reading of what the app saved, independent of the app's clock code. Each line after the header
is one op: {"event": {"at": ..., "type": ...}}, {"clock": {"at": ...}}, {"undo": ...}; the test
that reads it makes no undo.

Usage: python3 tests/turn_clock.py <journal.jsonl>
"""
import json
import sys
from datetime import datetime


def at(line):
    return datetime.fromisoformat(line["at"].replace("Z", "+00:00"))


def main(path):
    running_since = None
    elapsed = 0.0
    with open(path, encoding="utf-8") as journal:
        lines = [json.loads(text) for text in journal.read().splitlines()[1:] if text.strip()]
    for op in lines:
        line = op.get("event")
        if line is None:
            continue
        kind = line["type"]
        if kind in ("start_game", "next_player_turn"):
            elapsed, running_since = 0.0, at(line)
        elif kind == "pause" and running_since is not None:
            elapsed += (at(line) - running_since).total_seconds()
            running_since = None
        elif kind == "resume":
            running_since = at(line)
    print(f"{elapsed:.1f}")


main(sys.argv[1])
