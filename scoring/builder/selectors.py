"""Read-only catalogue queries shaped for the board builder page.

Everything the page needs is rendered into it as JSON, so the builder makes no request
for data before the player can start: the tile types (with the part of the base game they
belong to, which the catalogue's ``tile_data`` leaves out), the editions, and the
expansions and parts a player can put in play.
"""

from __future__ import annotations

from typing import Any

from carcwiki.catalogue.models import Edition, Expansion, TileType
from carcwiki.catalogue.selectors import tile_as_data
from scoring.engine.expansions import DEFAULT_REGISTRY as REGISTRY

BUILDER_EDITIONS = ("C1", "C2", "C3")
DEFAULT_EXPANSIONS = ("farmers", "abbot")
# The rules app's selection names edition groups; the builder needs one edition.
EDITION_OF_GROUP = {"c1": "C1", "c23": "C3"}


def builder_tiles() -> list[dict[str, Any]]:
    """Every tile type as plain data, plus its part code (``None`` for the base box)."""
    return [
        {**tile_as_data(tile), "part": tile.part.code if tile.part_id else None}
        for tile in TileType.objects.with_related()
    ]


def builder_editions() -> list[dict[str, str]]:
    return [
        {"code": edition.code, "name": edition.name}
        for edition in Edition.objects.filter(code__in=BUILDER_EDITIONS)
    ]


def figure_limits() -> dict[str, int]:
    """How many figures of each kind a player owns (7 meeples, 1 abbot), from the engine."""
    kinds = REGISTRY.in_play(REGISTRY.codes).figure_kinds
    return {code: kind.limit for code, kind in kinds.items()}


def builder_options() -> list[dict[str, Any]]:
    """What a group can put in play and the score calculator can score: the parts of the
    base game (farmers, abbot) and any other expansion with tiles in the catalogue, each
    with its editions. Parts the calculator does not know yet (the river) are left out:
    a board using them could not be scored."""
    expansions = Expansion.objects.with_related()
    with_tiles = set(
        TileType.objects.exclude(expansion__code="base").values_list("expansion__code", flat=True)
    )
    options: list[dict[str, Any]] = []
    for expansion in expansions:
        if expansion.code == "base":
            options.extend(
                {"code": part.code, "name": part.name,
                 "editions": [edition.code for edition in part.editions.all()]}
                for part in expansion.parts.all()
                if part.code in REGISTRY
            )
        elif expansion.code in with_tiles and expansion.code in REGISTRY:
            options.append({"code": expansion.code, "name": expansion.name,
                            "editions": [edition.code for edition in expansion.editions.all()]})
    return options


def initial_selection(request, options: list[dict[str, Any]]) -> dict[str, Any]:
    """The edition and expansions to start a new board with: the site's expansion
    selection when the rules app provides one, otherwise the farmers and the abbot."""
    offered = [option["code"] for option in options]
    edition = "C3"
    chosen = [code for code in DEFAULT_EXPANSIONS if code in offered]
    try:
        from carcwiki.rules.selection import Selection
    except ImportError:
        return {"edition": edition, "expansions": chosen}
    selection = Selection.from_request(request)
    preferred = getattr(selection, "preferred_edition", None)
    if preferred in BUILDER_EDITIONS:
        edition = preferred
    elif preferred in EDITION_OF_GROUP:
        edition = EDITION_OF_GROUP[preferred]
    codes = set(getattr(selection, "codes", ()) or ())
    if codes:
        # The base box's parts that are not in play by default (The River) are owned by
        # every group but played by choice: the player ticks them.
        chosen = [
            code for code in offered if code in codes
            and (REGISTRY[code].in_play_by_default
                 or REGISTRY.expansion_of(code).code != "base")
        ]
    return {"edition": edition, "expansions": chosen}
