"""The expansions the calculator knows, each declared once in a module of this package.

Each expansion is a package of this one: its ``__init__`` declares the
:class:`~scoring.engine.expansion.Expansion` (with its parts, figures, tile attributes,
modifiers, bonuses, rules and checks); beside it lie its tile files (``tiles-*.yaml``) and
its known-answer boards (``boards/*.json``), which :func:`tile_files` and
:func:`board_files` list. The engine's core takes a registry as an argument, so a test can
build one of its own.

>>> DEFAULT_REGISTRY.codes[:4]
('base', 'farmers', 'abbot', 'river')
"""

from __future__ import annotations

from pathlib import Path

from ..expansion import ExpansionRegistry
from . import (
    abbey_mayor,
    base,
    besiegers,
    big_top,
    bridges_castles_bazaars,
    count_king_robber,
    crop_circles,
    ferries,
    festival,
    flier,
    goldmines,
    gq11,
    hills_sheep,
    inns_cathedrals,
    mage_witch,
    messages,
    phantom,
    princess_dragon,
    river2,
    robbers,
    tower,
    traders_builders,
    wind_roses,
)

DEFAULT_REGISTRY = ExpansionRegistry([
    base.EXPANSION,
    river2.EXPANSION,
    inns_cathedrals.EXPANSION,
    traders_builders.EXPANSION,
    abbey_mayor.EXPANSION,
    count_king_robber.EXPANSION,
    hills_sheep.EXPANSION,
    princess_dragon.EXPANSION,
    tower.EXPANSION,
    goldmines.EXPANSION,
    mage_witch.EXPANSION,
    flier.EXPANSION,
    messages.EXPANSION,
    crop_circles.EXPANSION,
    ferries.EXPANSION,
    bridges_castles_bazaars.EXPANSION,
    big_top.EXPANSION,
    robbers.EXPANSION,
    phantom.EXPANSION,
    besiegers.EXPANSION,
    festival.EXPANSION,
    gq11.EXPANSION,
    wind_roses.EXPANSION,
])

PACKAGES_DIR = Path(__file__).resolve().parent
"""The folder holding one package per expansion."""


def tile_files(directory: Path = PACKAGES_DIR) -> tuple[Path, ...]:
    """Every expansion's tile files, by file name (the order the catalogue loads them);
    ``directory`` is a copy of this folder (a test that spoils a file)."""
    return tuple(sorted(directory.glob("*/tiles-*.yaml"), key=lambda path: path.name))


def board_files(directory: Path = PACKAGES_DIR) -> tuple[Path, ...]:
    """Every expansion's known-answer boards (a board mixing several expansions is kept
    outside, with the project's other fixtures), by file name."""
    return tuple(sorted(directory.glob("*/boards/*.json"), key=lambda path: path.name))


__all__ = ["DEFAULT_REGISTRY", "PACKAGES_DIR", "board_files", "tile_files"]
