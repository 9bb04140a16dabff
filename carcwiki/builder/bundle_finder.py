"""The builder's script as a static file like any other: ``js/builder.bundle.js``.

A staticfiles finder (listed in ``STATICFILES_FINDERS``) that builds the bundle of the
builder's modules (:mod:`carcwiki.builder.bundling`) from ``static/js/builder/`` when it
is asked for it, so every way the site serves static files has it with nothing to run
besides what already runs:

- in production, ``collectstatic`` copies it into ``STATIC_ROOT``, where the manifest
  storage gives it a hashed name and whitenoise compresses it and serves it for a year;
- under ``make run`` (``WHITENOISE_USE_FINDERS``, ``WHITENOISE_AUTOREFRESH``) and in the
  tests' live server, the finders serve it, rebuilt whenever a module has changed.

The bundle and its source map are written to a private temporary folder of the process
(removed when it exits), never into the source tree: no generated file to commit, or to
conflict on, or to forget to rebuild.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.checks import Error
from django.core.files.storage import FileSystemStorage

from .bundling import BundleError, bundle

BUNDLE = "js/builder.bundle.js"
SOURCE_MAP = BUNDLE + ".map"
MODULES = "js/builder"  # under the project's static folder
ENTRY = "main.js"


class BuilderBundleFinder(BaseFinder):
    # Built bundles, shared by every instance of the process: the modules' folder → the
    # temporary folder it is built in, and what the modules were when it was built.
    _lock = threading.Lock()
    _builds: dict[Path, tuple[Path, tuple]] = {}

    def __init__(self, *args, modules: Path | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.modules = modules or Path(settings.BASE_DIR) / "static" / MODULES

    def check(self, **kwargs):
        try:
            self.build()
        except BundleError as error:
            return [Error(f"The board builder's modules cannot be bundled: {error}",
                          obj=str(self.modules), id="builder.E001")]
        return []

    def find(self, path, find_all=False, **kwargs):
        find_all = find_all or kwargs.get("all", False)  # the name Django < 5.2 used
        if path not in (BUNDLE, SOURCE_MAP):
            return []
        found = str(self.build() / path)
        return [found] if find_all else found

    def list(self, ignore_patterns):
        storage = FileSystemStorage(location=self.build())
        for path in (BUNDLE, SOURCE_MAP):
            yield path, storage

    def build(self) -> Path:
        """The folder with the bundle and its map, rebuilt first if a module changed."""
        with self._lock:
            stamp = tuple((str(path.relative_to(self.modules)), path.stat().st_size,
                           path.stat().st_mtime_ns)
                          for path in sorted(self.modules.rglob("*.js")))
            folder, built_from = self._builds.get(self.modules, (None, None))
            if folder is None:
                folder = Path(tempfile.mkdtemp(prefix="carcwiki-bundle-"))
                atexit.register(shutil.rmtree, folder, ignore_errors=True)
            if stamp != built_from:
                made = bundle(self.modules, ENTRY, sources_url=Path(MODULES).name,
                              map_name=Path(SOURCE_MAP).name, thinned=True)
                _write(folder / BUNDLE, made.code)
                _write(folder / SOURCE_MAP, made.source_map_json())
            self._builds[self.modules] = (folder, stamp)
            return folder


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a request served meanwhile reads the old file or the new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
