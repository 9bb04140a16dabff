"""The examples in the docstrings of the Django apps run as tests.

pytest collects the engine's doctests itself (``scoring/engine`` is a test path); the
apps are not collected as a whole, since importing every module would import the
production settings, which refuse to load without their secrets.
"""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def modules_with_examples() -> list[str]:
    names = []
    for package in ("carcwiki", "scoring"):
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative.parts[:2] == ("scoring", "engine") or "settings" in relative.parts:
                continue
            if ">>> " in path.read_text(encoding="utf-8"):
                names.append(".".join(relative.with_suffix("").parts))
    return names


MODULES = modules_with_examples()


def test_the_apps_have_examples():
    assert "carcwiki.rules.search.text" in MODULES and len(MODULES) >= 7


@pytest.mark.parametrize("name", MODULES)
def test_examples_in_docstrings(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
