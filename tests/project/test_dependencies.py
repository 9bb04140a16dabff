"""``carcwiki`` and ``scoring`` depend one way only: the site uses the scoring app, the
scoring app never uses the site.

``scoring/engine`` is pure Python (``tests/scoring/engine/test_no_django.py``); the rest of
``scoring`` is the thin Django side of the calculator (the API views, their serializers,
the tile set cache, the ``score_board`` command), which gets what it needs from the site
by being handed it: the tile data through ``scoring.tileset.use_tile_data`` (the catalogue
app calls it when ready) and the throttle through DRF's ``DEFAULT_THROTTLE_CLASSES``. The
site (``carcwiki``: the catalogue, the rules, the public API, the board builder page)
imports ``scoring`` freely, but of the engine only its public face: the names
``scoring.engine`` exports, never a module inside it, so that the engine's modules can move
without the site noticing.
"""

import ast
from pathlib import Path

import scoring.engine

ROOT = Path(__file__).resolve().parents[2]
IMPORTERS = ("import_module", "import_string", "__import__")


def imported_names(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with the line: import statements, and the string
    given to ``importlib.import_module``, ``import_string`` or ``__import__``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            name = getattr(function, "attr", None) or getattr(function, "id", None)
            first = node.args[0]
            if name in IMPORTERS and isinstance(first, ast.Constant) and isinstance(
                    first.value, str):
                found.append((node.lineno, first.value))
    return found


def imports_of(package: str, wanted: str) -> list[str]:
    """``file:line module`` for each import of ``wanted`` (or a module in it) by a module
    of ``package``."""
    modules = sorted((ROOT / package).rglob("*.py"))
    assert modules, package
    return [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in modules
        for line, name in imported_names(path)
        if name == wanted or name.startswith(wanted + ".")
    ]


def test_scoring_never_imports_the_site():
    assert imports_of("scoring", "carcwiki") == []


def test_the_site_uses_scoring():
    # The direction is the site's: the catalogue reads tiles through the engine.
    assert any(line.startswith("carcwiki/catalogue/svg.py")
               for line in imports_of("carcwiki", "scoring"))


def test_the_check_sees_every_way_of_importing(tmp_path):
    module = tmp_path / "sample.py"
    module.write_text(
        "import carcwiki.rules\n"
        "from carcwiki.catalogue import models\n"
        "from . import sibling\n"
        "import importlib\n"
        "importlib.import_module('carcwiki.throttling')\n"
        "from django.utils.module_loading import import_string\n"
        "import_string('carcwiki.catalogue.selectors.tile_data')\n",
        encoding="utf-8",
    )
    names = [name for _line, name in imported_names(module)]
    assert [name for name in names if name.startswith("carcwiki")] == [
        "carcwiki.rules", "carcwiki.catalogue", "carcwiki.throttling",
        "carcwiki.catalogue.selectors.tile_data",
    ]


ENGINE = "scoring.engine"


def engine_imports(path: Path, root: Path = ROOT) -> list[tuple[int, str, tuple[str, ...]]]:
    """Every import of the engine or a module inside it by ``path``, with the line and the
    names taken from it (relative imports resolved from the file's package under ``root``;
    ``importlib.import_module`` and the like included)."""
    package = list(path.relative_to(root).parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, module, tuple(alias.name for alias in node.names)))
    plain_from = {(line, module) for line, module, _names in found}
    found += [(line, name, ()) for line, name in imported_names(path)
              if (line, name) not in plain_from]
    return sorted((line, module, names) for line, module, names in found
                  if module == ENGINE or module.startswith(ENGINE + "."))


def reaches_past_the_engine_face(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line module names`` for each import of an engine module other than the
    package itself, or of a name the package does not export."""
    exported = set(scoring.engine.__all__)
    where = path.relative_to(root).as_posix()
    return [
        f"{where}:{line} {module} {', '.join(names)}".rstrip()
        for line, module, names in engine_imports(path, root)
        if module != ENGINE or not set(names) <= exported
    ]


def site_modules() -> list[Path]:
    """The site's modules and the scoring app's Django side: everything that uses the
    engine from outside it."""
    engine_folder = ROOT / "scoring" / "engine"
    modules = [path for folder in ("carcwiki", "scoring") for path in (ROOT / folder).rglob("*.py")
               if engine_folder not in path.parents]
    assert len(modules) > 50 and ROOT / "scoring" / "api.py" in modules
    return sorted(modules)


def test_the_site_imports_only_the_engines_exported_names():
    assert [problem for path in site_modules()
            for problem in reaches_past_the_engine_face(path)] == []


def test_the_engine_face_check_sees_each_way_past_it(tmp_path):
    folder = tmp_path / "scoring"
    folder.mkdir()
    module = folder / "sample.py"
    module.write_text(
        "from scoring.engine import TileSet, score\n"
        "from .engine import parse_request\n"
        "from scoring.engine.tiles import Segment\n"
        "from .engine.validation import MAX_TILES\n"
        "from scoring.engine import RequestValidator\n"
        "import scoring.engine.outputs\n"
        "from scoring import engine\n"
        "importlib.import_module('scoring.engine.glyphs')\n",
        encoding="utf-8",
    )
    assert reaches_past_the_engine_face(module, tmp_path) == [
        "scoring/sample.py:3 scoring.engine.tiles Segment",
        "scoring/sample.py:4 scoring.engine.validation MAX_TILES",
        "scoring/sample.py:5 scoring.engine RequestValidator",
        "scoring/sample.py:6 scoring.engine.outputs",
        "scoring/sample.py:8 scoring.engine.glyphs",
    ]
