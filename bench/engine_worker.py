"""Times the scoring engine of one checkout on games read from a JSON file; run by
:mod:`engine_against`, once per checkout and round, each time in a new process.

    python bench/engine_worker.py ROOT GAMES.json RUNS

``ROOT`` is the checkout whose ``scoring.engine`` and ``fixtures/catalogue/tiles-*.yaml``
are used (the engine imports no Django, so nothing else of the checkout is loaded).
Prints one JSON object: for each game's label, the median CPU milliseconds of the whole
path (``score_request(...).to_json()``: validation, graph, scoring, the response) and of
the core (``score()`` on the parsed request: graph and scoring).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path


def median_ms(function, runs: int) -> float:
    for _ in range(max(10, runs // 10)):  # warm the per-rotation and join caches
        function()
    times = []
    for _ in range(runs):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main() -> None:
    root, games_path, runs = Path(sys.argv[1]).resolve(), Path(sys.argv[2]), int(sys.argv[3])
    sys.path.insert(0, str(root))
    from scoring.engine import ScoreRequest, TileSet, score, score_request
    from scoring.engine.expansions import DEFAULT_REGISTRY

    paths = sorted((root / "fixtures" / "catalogue").glob("tiles-*.yaml"))
    tiles = TileSet.from_yaml(*map(str, paths), registry=DEFAULT_REGISTRY)
    timings = {}
    for label, game in json.loads(games_path.read_text()).items():
        parsed = ScoreRequest.from_json(game, tiles)
        timings[label] = {
            "whole": median_ms(lambda game=game: score_request(game, tiles).to_json(), runs),
            "core": median_ms(lambda parsed=parsed: score(parsed, tiles), runs),
        }
    print(json.dumps(timings))


if __name__ == "__main__":
    main()
