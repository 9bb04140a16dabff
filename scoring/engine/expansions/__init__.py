"""The expansions the calculator knows, each a package of this one, found by
:func:`discover`.

A package's ``__init__`` declares its :class:`~scoring.engine.expansion.Expansion` as
``EXPANSION`` (with its parts, figures, tile attributes, modifiers, bonuses, rules and
checks, and the expansions it comes ``after``); beside it lie its tile files
(``tiles-*.yaml``), its known-answer boards (``boards/*.json``) and its catalogue entry
(``catalogue.yaml``), which :func:`tile_files`, :func:`board_files` and
:func:`catalogue_files` list. Adding an expansion is adding its package: nothing here
names one. The engine's core takes a registry as an argument, so a test can build one of
its own.

>>> DEFAULT_REGISTRY.codes[:4]
('base', 'farmers', 'abbot', 'river')
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from ..expansion import Expansion, ExpansionRegistry, registration_order
from ..words import declare_words

PACKAGES_DIR = Path(__file__).resolve().parent
"""The folder holding one package per expansion."""


def discover() -> tuple[Expansion, ...]:
    """The ``EXPANSION`` of every package of this folder, in registration order (the
    base game first, each expansion after those it names in ``after``).

    The folders searched are this package's search path (``__path__``: this folder, as
    Python found it), so that a test can put a made-up package beside the others without
    copying them (``tests/scoring/engine/test_one_package.py``)."""
    declared = []
    for found in pkgutil.iter_modules(__path__):
        if found.ispkg:
            module = importlib.import_module(f"{__name__}.{found.name}")
            declared.append(module.EXPANSION)
    return registration_order(declared)


DEFAULT_REGISTRY = ExpansionRegistry(discover())
# The words its errors name things by (a figure kind, a part...), each a template from
# the start. (A registry a test builds declares its words when an error first names them.)
declare_words(DEFAULT_REGISTRY)


def _folders(directory: Path | None) -> list[Path]:
    """``directory``, or every folder of this package's search path (see :func:`discover`)."""
    return [directory] if directory is not None else [Path(folder) for folder in __path__]


def tile_files(directory: Path | None = None) -> tuple[Path, ...]:
    """Every expansion's tile files, by file name (the order the catalogue loads them);
    ``directory`` is a copy of this folder (a test that spoils a file)."""
    return tuple(sorted((path for folder in _folders(directory)
                         for path in folder.glob("*/tiles-*.yaml")), key=lambda path: path.name))


def catalogue_files(directory: Path | None = None) -> tuple[Path, ...]:
    """Every expansion's catalogue entry (``catalogue.yaml``: its category, number and
    descriptions, which the site's catalogue reads and the engine does not), by package."""
    return tuple(sorted(path for folder in _folders(directory)
                        for path in folder.glob("*/catalogue.yaml")))


def board_files(directory: Path | None = None) -> tuple[Path, ...]:
    """Every expansion's known-answer boards (a board mixing several expansions is kept
    outside, with the project's other fixtures), by file name."""
    return tuple(sorted((path for folder in _folders(directory)
                         for path in folder.glob("*/boards/*.json")), key=lambda path: path.name))


__all__ = ["DEFAULT_REGISTRY", "PACKAGES_DIR", "board_files", "catalogue_files", "discover",
           "tile_files"]
