"""Whether the catalogue needs loading again: a fingerprint of everything the last load read.

``make run`` loads the whole catalogue each time (tens of seconds). With ``load_catalogue
--if-changed`` the command first compares the fingerprint kept by the last successful load
into the same database with one made now, and loads only when they differ.

The fingerprint is not made from a list of paths kept here: the loader's inputs move (tile
files, expansion declarations). While the load runs, a Python audit hook notes every file
it opens and every folder it lists under the project; the fingerprint hashes those files'
bytes, those folders' listings (a new tile file in a folder changes it) and the source of
the project's modules that do the loading and checking (``carcwiki``, ``scoring``), so a
change of data or of loader code loads again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection

_recording = threading.local()
_hook_installed = False
#: Modules whose code decides what a load writes.
CODE_PACKAGES = ("carcwiki", "scoring")


def _project_path(raw) -> Path | None:
    """The path as an absolute project path, ``None`` outside the project (the standard
    library, the virtual environment, caches)."""
    if isinstance(raw, int):
        return None
    try:
        path = Path(os.fsdecode(raw)).resolve()
    except (TypeError, ValueError, OSError):
        return None
    root = Path(settings.BASE_DIR).resolve()
    if root not in path.parents or ".venv" in path.parts or "__pycache__" in path.parts:
        return None
    return path


def _audit(event: str, args: tuple) -> None:
    inputs = getattr(_recording, "inputs", None)
    if inputs is None:
        return
    if event == "open" and args and (len(args) < 2 or not args[1] or "r" in str(args[1])):
        path = _project_path(args[0])
        if path is not None and path.is_file():
            inputs["files"].add(str(path))
    elif event in ("os.scandir", "os.listdir") and args:
        path = _project_path(args[0])
        if path is not None and path.is_dir():
            inputs["folders"].add(str(path))


def start_recording() -> dict:
    """Note, from now on, the project files this thread opens and the folders it lists.
    The fingerprint of a load that failed is forgotten, so the next one loads."""
    global _hook_installed
    forget()
    if not _hook_installed:
        sys.addaudithook(_audit)  # cannot be removed: it does nothing when not recording
        _hook_installed = True
    inputs = {"files": set(), "folders": set()}
    _recording.inputs = inputs
    return inputs


def stop_recording(inputs: dict) -> dict:
    _recording.inputs = None
    return inputs


@contextmanager
def recording_inputs():
    """:func:`start_recording` … :func:`stop_recording` around a block."""
    inputs = start_recording()
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


def fingerprint(files, folders) -> str:
    digest = hashlib.sha256()
    for path in sorted(set(files)):
        digest.update(path.encode())
        try:
            digest.update(Path(path).read_bytes())
        except OSError:
            digest.update(b"\0missing")
    for folder in sorted(folders):
        digest.update(folder.encode())
        try:
            digest.update("\n".join(sorted(os.listdir(folder))).encode())
        except OSError:
            digest.update(b"\0missing")
    return digest.hexdigest()


def stamp_path() -> Path | None:
    """Where the fingerprint of the loads into this database is kept (beside the virtual
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


def unchanged_and_loaded() -> bool:
    """Whether the database holds a catalogue loaded from what is there now."""
    from carcwiki.catalogue.models import TileType
    from carcwiki.rules.models import RulesPage

    return unchanged() and TileType.objects.exists() and RulesPage.objects.exists()


def unchanged() -> bool:
    """Whether the last load into this database read exactly what is there now."""
    path = stamp_path()
    if path is None or not path.is_file():
        return False
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        return kept["fingerprint"] == fingerprint(kept["files"], kept["folders"])
    except (OSError, ValueError, KeyError, TypeError):
        return False


def remember(inputs: dict) -> None:
    path = stamp_path()
    if path is None or not path.parent.is_dir():
        return
    # The code as the load ran it: the modules imported by then, kept in the list, so
    # that the check before the next load hashes the same files whatever it imported.
    files = sorted({*inputs["files"], *_code_files()})
    folders = sorted(inputs["folders"])
    path.write_text(json.dumps({"fingerprint": fingerprint(files, folders), "files": files,
                                "folders": folders}, indent=1), encoding="utf-8")


def forget() -> None:
    """Drop the fingerprint (a load failed or wrote something else)."""
    path = stamp_path()
    if path is not None:
        path.unlink(missing_ok=True)
