"""``carcwiki`` and ``scoring`` depend one way only: the site uses the scoring app, the
scoring app never uses the site.

``scoring/engine`` is pure Python (``tests/scoring/engine/test_no_django.py``); the rest of
``scoring`` is the thin Django side of the calculator (the API views, their serializers,
the tile set cache, the ``score_board`` command), which gets what it needs from the site
by being handed it: the tile data through ``scoring.tileset.use_tile_data`` (the catalogue
app calls it when ready) and the throttle through DRF's ``DEFAULT_THROTTLE_CLASSES``. The
site (``carcwiki``: the catalogue, the rules, the public API, the board builder page)
imports ``scoring`` freely.
"""

import ast
from pathlib import Path

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
