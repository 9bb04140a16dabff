"""What changed since the last load into this database: a hash of each file it read.

``make run`` loaded the whole catalogue each time (tens of seconds). With ``load_catalogue
--if-changed`` the command first compares the record kept by the last successful load into
the same database with the files as they are now (:func:`changes`): nothing changed, and
nothing is loaded; some files changed, and only the parts they feed are loaded again
(:mod:`carcwiki.catalogue.loading`); the code changed, and everything is.

The record is not made from a list of paths kept here: the loader's inputs move (tile
files, expansion declarations). While the load runs, a Python audit hook notes every file
it opens and every folder it lists under the project (or the folders the command names):
the record keeps a SHA-256 of each file's bytes, each folder's listing (a new tile file in
a folder is a change), and one fingerprint of the source of the project's modules that do
the loading and checking (``carcwiki``, ``scoring``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection

_recording = threading.local()
_hook_installed = False
#: Modules whose code decides what a load writes.
CODE_PACKAGES = ("carcwiki", "scoring")
RECORD_FORMAT = 2


@dataclass(frozen=True)
class Changes:
    """What a load has to read again: ``everything``, or the files in ``paths`` (changed,
    added or removed; a folder that appeared or went stands for everything in it)."""

    everything: bool
    paths: frozenset[Path] = frozenset()

    @property
    def nothing(self) -> bool:
        return not self.everything and not self.paths

    def touches(self, path: Path) -> bool:
        path = Path(path).resolve()
        return self.everything or any(changed == path or changed in path.parents
                                      for changed in self.paths)

    def touches_any(self, paths: Iterable[Path]) -> bool:
        return any(self.touches(path) for path in paths)

    def under(self, folder: Path) -> list[Path]:
        """The changed paths in ``folder`` (any depth)."""
        folder = Path(folder).resolve()
        return sorted(path for path in self.paths if folder in path.parents)


EVERYTHING = Changes(everything=True)


def _under_roots(raw, roots: tuple[Path, ...]) -> Path | None:
    """The path, absolute, when it lies under one of ``roots``; ``None`` for the standard
    library, the virtual environment and caches."""
    if isinstance(raw, int):
        return None
    try:
        path = Path(os.fsdecode(raw)).resolve()
    except (TypeError, ValueError, OSError):
        return None
    if ".venv" in path.parts or "__pycache__" in path.parts:
        return None
    if not any(root == path or root in path.parents for root in roots):
        return None
    return path


def _audit(event: str, args: tuple) -> None:
    inputs = getattr(_recording, "inputs", None)
    if inputs is None:
        return
    roots = inputs["roots"]
    if event == "open" and args and (len(args) < 2 or not args[1] or "r" in str(args[1])):
        path = _under_roots(args[0], roots)
        if path is not None and path.is_file():
            inputs["files"].add(str(path))
    elif event in ("os.scandir", "os.listdir") and args:
        path = _under_roots(args[0], roots)
        if path is not None and path.is_dir():
            inputs["folders"].add(str(path))


def start_recording(roots: Iterable[Path] = ()) -> dict:
    """Note, from now on, the files this thread opens and the folders it lists under the
    project and ``roots``. The record of the last load stays until this one succeeds: a
    load that fails writes nothing (one transaction), so it still tells what the database
    holds, and the next load reads again what had changed."""
    global _hook_installed
    previous = _read_record()
    if not _hook_installed:
        sys.addaudithook(_audit)  # cannot be removed: it does nothing when not recording
        _hook_installed = True
    all_roots = tuple(Path(root).resolve() for root in (settings.BASE_DIR, *roots))
    inputs = {"files": set(), "folders": set(), "roots": all_roots, "previous": previous}
    _recording.inputs = inputs
    return inputs


def stop_recording(inputs: dict) -> dict:
    _recording.inputs = None
    return inputs


@contextmanager
def recording_inputs(roots: Iterable[Path] = ()):
    """:func:`start_recording` … :func:`stop_recording` around a block."""
    inputs = start_recording(roots)
    try:
        yield inputs
    finally:
        stop_recording(inputs)


def _code_files() -> list[str]:
    files = set()
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in CODE_PACKAGES and getattr(module, "__file__", None):
            files.add(str(Path(module.__file__).resolve()))
    return sorted(files)


def file_hash(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "missing"


def listing(folder: str) -> list[str]:
    """The names in ``folder`` that can be inputs (not caches, not hidden files)."""
    try:
        return sorted(name for name in os.listdir(folder)
                      if name != "__pycache__" and not name.startswith("."))
    except OSError:
        return []


def code_fingerprint(files: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(f"{path}\0{file_hash(path)}\0".encode())
    return digest.hexdigest()


def stamp_path() -> Path | None:
    """Where the record of the loads into this database is kept (beside the virtual
    environment, one file per database); ``None`` for an in-memory database."""
    database = connection.settings_dict
    name = str(database.get("NAME") or "")
    if database["ENGINE"].endswith("sqlite3") and (not name or ":memory:" in name
                                                    or "mode=memory" in name):
        return None
    identity = json.dumps([database["ENGINE"], name, database.get("HOST"),
                           database.get("PORT")])
    key = hashlib.sha256(identity.encode()).hexdigest()[:16]
    return Path(settings.BASE_DIR) / ".venv" / f"catalogue-load-{key}.json"


def _read_record() -> dict | None:
    path = stamp_path()
    if path is None or not path.is_file():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return None
    return record


def changes() -> Changes:
    """What changed since the last load into this database: :data:`EVERYTHING` when there
    is no record of one, or when the code it ran has changed since."""
    record = _read_record()
    try:
        if record is None or code_fingerprint(record["code"]) != record["code_fingerprint"]:
            return EVERYTHING
        changed = {Path(path) for path, digest in record["files"].items()
                   if file_hash(path) != digest}
        for folder, names in record["folders"].items():
            now = listing(folder)
            changed |= {Path(folder) / name for name in set(now) ^ set(names)}
    except (KeyError, TypeError, AttributeError):
        return EVERYTHING
    return Changes(everything=False, paths=frozenset(changed))


def changes_to_load() -> Changes:
    """:func:`changes`, or :data:`EVERYTHING` when the database holds no catalogue (an
    emptied database is loaded whatever the record says)."""
    from carcwiki.catalogue.models import TileType
    from carcwiki.rules.models import RulesPage

    if not (TileType.objects.exists() and RulesPage.objects.exists()):
        return EVERYTHING
    return changes()


def remember(inputs: dict, *, partial: bool = False) -> None:
    """Keep the record of a load that succeeded. A partial load read only some inputs:
    what the previous record knew of the others still holds, so the two are merged."""
    path = stamp_path()
    if path is None or not path.parent.is_dir():
        return
    previous = inputs.get("previous") if partial else None
    files = set(inputs["files"])
    folders = set(inputs["folders"])
    code = set(_code_files())
    if previous:
        files |= set(previous["files"])
        folders |= set(previous["folders"])
        code |= set(previous["code"])
    # The code as the load ran it: the modules imported by then, kept in the list, so
    # that the check before the next load hashes the same files whatever it imported.
    code_list = sorted(code)
    record = {
        "format": RECORD_FORMAT,
        "code": code_list,
        "code_fingerprint": code_fingerprint(code_list),
        "files": {name: file_hash(name) for name in sorted(files - code)
                  if Path(name).is_file()},
        "folders": {name: listing(name) for name in sorted(folders) if Path(name).is_dir()},
    }
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")

