"""The examples in the docstrings of the rules modules are true (pytest collects doctests
only under ``tests/`` and ``scoring/engine``, so they are run from here)."""

import doctest
import importlib

import pytest

MODULES = ["rendering", "search.text", "selection", "wording", "views"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"carcwiki.rules.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
