"""The expansions the calculator knows, each declared once in a module of this package.

Adding an expansion means adding its module (its :class:`~scoring.engine.expansion.Expansion`
with its parts, figures, tile attributes, modifiers, bonuses, rules and checks), its tile
file, and listing it here. The engine's core takes a registry as an argument, so a test
can build one of its own.

>>> DEFAULT_REGISTRY.codes[:4]
('base', 'farmers', 'abbot', 'river')
"""

from __future__ import annotations

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

__all__ = ["DEFAULT_REGISTRY"]
