"""Durability run of the score pad: every entry answered 201 survives a kill -9 of every
server process, mid-game, with phones adding entries at once.

Run: ``.venv/bin/python bench/pad_durability.py [--writers 6] [--seconds 8] [--rounds 3]``.

It starts gunicorn with the production recipe (``bench/load_bench.py``'s ``serve``: a
throwaway SQLite file in WAL mode, or ``DATABASE_URL``), creates a game, and lets
``--writers`` threads (phones) add entries as fast as the server takes them, each with
its own uid; after ``--seconds`` it sends SIGKILL to the gunicorn master and every worker
at once, while requests are in flight. It starts gunicorn again on the same database and
reads the game: every entry that was answered 201 must be there with the same points, no
uid twice, and the game's version must count every entry. Then again, ``--rounds``
times, the game growing. Entries whose request was cut by the kill may or may not be
there (the client never heard); a phone would send them again with the same uid, which
this run also does after each restart, and they must then count once.

Run of 29 November 2026, 01:12 UTC (SQLite in WAL mode, 6 writers, 8 s a round, 2 cores
shared with seven other jobs): three rounds, 6 processes killed each time; 79, 235 and
351 entries kept, every acknowledged one among them with its points, the 6 requests each
kill cut sent again and counted once, the game's version equal to 1 + its entries.
PASS.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from production import (  # noqa: E402
    HOST,
    PYTHON,
    ROOT,
    free_port,
    production_environment,
    serve,
    wait_for,
)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (gunicorn's workers), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def kill_everything(server: subprocess.Popen) -> int:
    """SIGKILL the master and its workers at once; how many processes."""
    pids = [server.pid, *children(server.pid)]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    server.wait(timeout=30)
    return len(pids)


def restart(folder: Path, port: int) -> subprocess.Popen:
    env = production_environment(folder, port)
    server = subprocess.Popen(
        [str(Path(PYTHON).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py",
         "carcwiki.wsgi"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=open(folder / "gunicorn-restart.log", "a"))
    return wait_for(server, port, seconds=60, name="gunicorn")


def call(port: int, method: str, path: str, body: dict | None = None):
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    data = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, body=data, headers={
        "Content-Type": "application/json", "X-Forwarded-For": "10.9.9.9"})
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, json.loads(payload) if payload else None


def writer(port: int, key: str, name: str, acknowledged: dict, cut: list, stop, lock) -> None:
    number = 0
    while not stop.is_set():
        number += 1
        uid = f"{name}-{number:06d}"
        body = {"uid": uid, "players": ["red" if number % 2 else "blue"],
                "feature": {"kind": "road", "tiles": 1 + number % 9}}
        try:
            status, answer = call(port, "POST", f"/api/pad/games/{key}/entries/", body)
        except (OSError, http.client.HTTPException, ValueError):
            with lock:
                cut.append(body)
            return
        if status == 201:
            with lock:
                acknowledged[uid] = answer["scores"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    passed = True
    with tempfile.TemporaryDirectory(prefix="carcwiki-durable-") as folder:
        port = free_port()
        server = serve(Path(folder), port, None, 1)
        try:
            status, game = call(port, "POST", "/api/pad/games/", {
                "players": [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]})
            assert status == 201, game
            key = game["key"]
            acknowledged: dict[str, dict] = {}
            for round_number in range(1, options.rounds + 1):
                cut: list[dict] = []
                lock, stop = threading.Lock(), threading.Event()
                threads = [threading.Thread(target=writer, args=(
                    port, key, f"r{round_number}w{index}", acknowledged, cut, stop, lock))
                    for index in range(options.writers)]
                for thread in threads:
                    thread.start()
                time.sleep(options.seconds)
                killed = kill_everything(server)  # requests still in flight
                stop.set()
                for thread in threads:
                    thread.join(timeout=30)
                server = restart(Path(folder), port)
                status, state = call(port, "GET", f"/api/pad/games/{key}/")
                kept = {entry["uid"]: entry["scores"] for entry in state["entries"]}
                lost = [uid for uid, scores in acknowledged.items() if kept.get(uid) != scores]
                twice = len(state["entries"]) - len(kept)
                # The requests the kill cut, sent again as a phone would: each counts once.
                for body in cut:
                    call(port, "POST", f"/api/pad/games/{key}/entries/", body)
                status, state = call(port, "GET", f"/api/pad/games/{key}/")
                uids = [entry["uid"] for entry in state["entries"]]
                resent_once = len(uids) == len(set(uids)) and all(
                    body["uid"] in uids for body in cut)
                for entry in state["entries"]:
                    acknowledged[entry["uid"]] = entry["scores"]
                version_ok = state["version"] == 1 + len(state["entries"])
                ok = not lost and not twice and resent_once and version_ok
                passed = passed and ok
                print(f"round {round_number}: killed {killed} processes; "
                      f"{len(kept)} entries kept, every one of the acknowledged there: "
                      f"{not lost} ({len(lost)} lost); cut requests sent again: {len(cut)}, "
                      f"each once: {resent_once}; version counts every entry: {version_ok}")
        finally:
            try:
                kill_everything(server)
            except Exception:  # noqa: BLE001 - already gone
                pass
    print("PASS: nothing acknowledged was lost" if passed else "FAIL")
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
