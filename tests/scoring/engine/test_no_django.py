"""The engine is pure Python: no module of it imports Django or DRF."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "scoring" / "engine"
FORBIDDEN = ("django", "rest_framework", "drf_spectacular")


def test_no_engine_module_imports_django():
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) >= 12
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_engine_imports_and_scores_with_django_blocked():
    code = (
        "import sys\n"
        "for name in ('django', 'rest_framework', 'drf_spectacular'):\n"
        "    sys.modules[name] = None\n"
        "import scoring.engine as engine, scoring.engine.generate\n"
        "from scoring.engine.expansions import DEFAULT_REGISTRY\n"
        "tiles = engine.TileSet.from_yaml('scoring/engine/expansions/base/tiles-base.yaml',\n"
        "                                 registry=DEFAULT_REGISTRY)\n"
        "request = {'players': [{'color': 'red'}, {'color': 'blue'}],\n"
        "           'tiles': [{'tile': 'D', 'x': 0, 'y': 0}],\n"
        "           'figures': [{'player': 'red', 'x': 0, 'y': 0, 'at': 'N'}]}\n"
        "print(engine.score_request(request, tiles).player('red').final_points)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ENGINE.parents[1], capture_output=True, text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
