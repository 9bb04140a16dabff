"""What the engine read from each tile file at the last load, kept beside the load's record
(:mod:`.load_stamp`), so that a load after one tile file changed does not parse the
others again (pure-Python YAML: most of the cost of reading them).

A partial load happens only when the loading code is the one the last load ran, so a
file whose bytes are the same (its SHA-256) reads the same: its kept tiles are what the
engine's reader returns for it, and they are checked with the others as if just read. A
whole load reads every file afresh and keeps what it read.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from . import load_stamp


def _readings_path() -> Path | None:
    stamp = load_stamp.stamp_path()
    return stamp.with_name(stamp.stem + "-tiles.json") if stamp is not None else None


def digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def kept() -> dict[str, dict[str, Any]]:
    """``{path: {"sha256": …, "tiles": […]}}`` as the last load kept them (empty if none)."""
    path = _readings_path()
    if path is None or not path.is_file():
        return {}
    try:
        readings = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return readings if isinstance(readings, dict) else {}


def keep(readings: dict[str, tuple[str, list[dict[str, Any]]]]) -> None:
    """Keep ``{path: (sha256, tiles)}``: only files whose tiles come back from JSON equal
    (a YAML mapping with a number for a key would not)."""
    path = _readings_path()
    if path is None or not path.parent.is_dir():
        return
    exact = {name: {"sha256": sha, "tiles": tiles} for name, (sha, tiles) in readings.items()
             if json.loads(json.dumps(tiles)) == tiles}
    path.write_text(json.dumps(exact), encoding="utf-8")
