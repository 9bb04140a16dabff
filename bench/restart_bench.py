"""How long ``make run`` takes, on a machine where it ran before, until ``/`` answers 200
(issue 32: "a restart serves in a few seconds, loading only what changed").

Run: ``.venv/bin/python bench/restart_bench.py [--runs 5]``

It runs the real ``make run`` (whatever the Makefile says today) against a throwaway
SQLite database in a temporary folder (``DATABASE_URL``) on a free port, asks for ``/``
every 50 ms until it answers 200, then stops the server. A first run loads everything
into the new database and is not counted. Then, in turn, a restart with nothing changed,
with one rules page changed (a sentence added to its summary) and with one tile file
changed (a word added to a tile's picture): each changed run edits the file the other
way from the run before (adds, then takes away), so every run sees one file changed. The
files are put back as they were at the end, whatever happens.

The phases end at the lines the commands print, whether make runs them in one process or
several: from the start to migrate's last line (Python, Django, the checks if any, the
migrations), then to load_catalogue's line (what it loaded), then to runserver's "Starting
development server" (its processes, its checks), then to the 200. The table gives the
median of each phase and of the whole, with the load average of the machine before and
after (two cores, shared: compare figures of one run).
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_PAGE = ROOT / "fixtures" / "rules" / "abbot.yaml"
TILE_FILE = ROOT / "scoring" / "engine" / "expansions" / "base" / "tiles-river.yaml"
#: The lines that end one phase and start the next, as the commands print them: migrate's
#: last line, load_catalogue's only line (skipped, or what it loaded), runserver's.
PHASE_STARTS = [
    (r"No migrations to apply|Applying .* OK", "load_catalogue"),
    (r"^(The catalogue is unchanged|Changed since the last load|Loaded )", "server's start"),
    (r"Starting development server at", "first answer"),
]
TIMEOUT = 180
#: The records load_catalogue keeps of what it loaded into each database.
RECORDS = ROOT / ".venv" / "catalogue-load-*.json"


class Edit:
    """One file, changed by every other call of :meth:`toggle`, put back by :meth:`restore`."""

    def __init__(self, path: Path, line: str, added: str) -> None:
        self.path, self.original = path, path.read_bytes()
        text = self.original.decode()
        match = re.search(rf"^(\s*{re.escape(line)}.*)$", text, re.MULTILINE)
        if match is None:
            raise SystemExit(f"{path}: no line starting with {line!r} to change")
        self.changed = (text[:match.end()] + added + text[match.end():]).encode()
        self.is_changed = False

    def toggle(self) -> None:
        self.is_changed = not self.is_changed
        self.path.write_bytes(self.changed if self.is_changed else self.original)

    def restore(self) -> None:
        self.path.write_bytes(self.original)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers_200(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/")
        status = connection.getresponse().status
        connection.close()
        return status == 200
    except OSError:
        return False


def start_once(database_url: str) -> dict[str, float]:
    """One ``make run`` until ``/`` answers: seconds per phase, and ``total``."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONUNBUFFERED": "1"}
    started = time.perf_counter()
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"PORT={port}"], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    marks: list[tuple[str, float]] = [("start and migrate", started)]
    output: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            output.append(line)
            for pattern, phase in PHASE_STARTS:
                if re.search(pattern, line) and phase not in dict(marks):
                    marks.append((phase, time.perf_counter()))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        while not answers_200(port):
            if process.poll() is not None or time.perf_counter() - started > TIMEOUT:
                raise SystemExit("make run did not serve:\n" + "".join(output))
            time.sleep(0.05)
        marks.append(("served", time.perf_counter()))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        reader.join(timeout=5)
    phases = {name: next_at - at
              for (name, at), (_, next_at) in zip(marks, marks[1:], strict=False)}
    phases["total"] = marks[-1][1] - started
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    edits = {"one rules page changed": Edit(RULES_PAGE, "summary:", " Bench."),
             "one tile file changed": Edit(TILE_FILE, "picture:", " (bench)")}
    load_before = os.getloadavg()
    results: dict[str, list[dict[str, float]]] = {}
    records = set(RECORDS.parent.glob(RECORDS.name))
    try:
        with tempfile.TemporaryDirectory(prefix="restart-bench-") as folder:
            database_url = f"sqlite:///{folder}/db.sqlite3"
            first = start_once(database_url)
            print(f"first run (empty database): {first['total']:.1f} s", flush=True)
            for _ in range(arguments.runs):
                results.setdefault("nothing changed", []).append(start_once(database_url))
                for label, edit in edits.items():
                    edit.toggle()
                    results.setdefault(label, []).append(start_once(database_url))
    finally:
        for edit in edits.values():
            edit.restore()
        for record in set(RECORDS.parent.glob(RECORDS.name)) - records:
            record.unlink()  # the throwaway database's
    load_after = os.getloadavg()
    phases = list(dict.fromkeys(name for runs in results.values() for run in runs
                                for name in run))
    print(f"\nmedians of {arguments.runs} runs, seconds until / answers 200")
    print(f"{'':26}" + "".join(f"{name:>16}" for name in phases))
    for label, runs in results.items():
        cells = [statistics.median(run[name] for run in runs) if all(name in run for run in runs)
                 else None for name in phases]
        print(f"{label:26}" + "".join(f"{cell:16.2f}" if cell is not None else f"{'':16}"
                                       for cell in cells))
    print(f"\nload average before {load_before[0]:.1f}, after {load_after[0]:.1f} "
          f"(1 min); {os.cpu_count()} cores")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
