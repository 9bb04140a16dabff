"""The rules the engine scores by, as one JSON document: :func:`rules_document`.

Each declaration says what it is as plain data (``FigureKind.to_data``,
``RuleOption.to_data``…); this module gathers those of what a set of codes puts in play
(:class:`~scoring.engine.expansion.InPlay`) into one document, with what the registry adds
to each (the part that brings it, whom a builder may stand beside). The board builder's
page data, the OpenAPI schema of ``POST /api/score/`` and the expansions part of the
board format's page are generated from it, so none of them writes the rules out again.

Every entry that a part brings names that part (``part``), so that a page holding the
document of every code can tell what a smaller game puts in play by the codes in
``brings``. The document's ``version`` changes whenever anything in it does.

>>> document = rules_document(["inns-cathedrals"], Edition.C3)
>>> document["listed"], document["edition"]
(['inns-cathedrals'], 'C3')
>>> large = next(kind for kind in document["figures"] if kind["code"] == "large")
>>> large["name"], large["strength"], large["limit"], large["part"], large["counts_as"]
('large meeple', 2, 1, 'large-meeple', None)
>>> sorted(placement["feature"] for placement in large["placements"])
['city', 'monastery', 'road']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from .declarations import CORNERS, Placement
from .expansion import BASE, ExpansionRegistry, FigureKind, InPlay, Part
from .expansions import DEFAULT_REGISTRY
from .outputs import page_data as outputs_page_data
from .problems import ErrorCode, ProblemCode
from .rules import Edition
from .tiles import FeatureKind
from .wording import EDITION_WORDING

__all__ = ["rules_document"]


def rules_document(codes: Iterable[str] | None = None, edition: Edition | None = None,
                   registry: ExpansionRegistry = DEFAULT_REGISTRY) -> dict[str, Any]:
    """What the base game and ``codes`` put in play, as plain data (JSON's types only).

    ``codes``: the request's ``expansions`` (default: every registered code, the
    document a page holds to offer any game). ``edition``: leave out the codes that
    edition does not have (the abbot in C1) and keep only its words; default every
    edition. Codes the registry does not know are left out, as the validator reports
    them.

    >>> base = rules_document([], Edition.C1)
    >>> [kind["code"] for kind in base["figures"]], base["always"]["parts"]
    (['meeple'], ['base'])
    >>> [step["code"] for step in base["steps"]]
    ['features-road', 'features-city', 'features-monastery']
    >>> rules_document(["abbot"], Edition.C1)["listed"]
    []
    >>> len(base["version"]), base["version"] == rules_document([], Edition.C1)["version"]
    (16, True)
    """
    wanted = registry.codes if codes is None else tuple(codes)
    if edition is not None:
        wanted = tuple(code for code in wanted
                       if code in registry and edition in registry[code].editions)
    in_play = registry.in_play([code for code in wanted if code in registry])
    parts = in_play.parts
    content: dict[str, Any] = {
        "edition": edition.value if edition is not None else None,
        "listed": list(in_play.listed),
        "parts": [_part_data(registry, part) for part in parts],
        # What listing a code puts in play (parts, and the codes whose tiles come with
        # it); "always" is what the base game brings with nothing listed.
        "always": _brings(registry, []),
        "brings": {part.code: _brings(registry, [part.code])
                   for part in parts if part.code != BASE},
        "figures": [_figure_data(registry, in_play, kind)
                    for kind in in_play.figure_kinds.values()],
        # The kind of a figure whose request names none.
        "default_figure": registry.default_figure_kind,
        # Figures nobody owns (a witch, a dragon), where they may stand and how many.
        "neutral": [{**figure.to_data(), "part": part.code}
                    for part in parts for figure in part.neutral_figures],
        "options": [{**option.to_data(),
                     "parts": [part.code for part in parts if option in part.rule_options]}
                    for option in _unique(option for part in parts
                                          for option in part.rule_options)],
        "tokens": [{**tokens.to_data(), "part": registry.token_part[tokens.name].code}
                   for tokens in in_play.tokens],
        # What a player enters on a laid tile (which jetties a ferry links).
        "tile_states": [{**state.to_data(), "part": registry.tile_state_part[name].code}
                        for name, state in in_play.tile_states.items()],
        # Spaces printed on tiles, off their features, where players' figures stand (an
        # acrobat space): the landmark's name (the figures' `at`), the kinds it takes and
        # how many one tile holds; a tile has one where its data lists the landmark.
        "spaces": [{"name": landmark.name, **landmark.space.to_data(),
                    "meaning": landmark.meaning, "part": part.code}
                   for landmark, part in registry.spaces.values()
                   if landmark.space is not None and part.code in in_play],
        # The names of a tile's corners, where a figure standing on a corner (a barn)
        # is put: each is the half-edge of the tile that ends at that corner.
        "corners": list(CORNERS),
        # Tiles over several squares (the City of Carcassonne): their pieces (ordinary
        # tile types at offsets from the piece at (0, 0), turned with it), copies per
        # edition, and the districts where followers stand.
        "large_tiles": [{**large.to_data(), "part": part.code}
                        for part in parts for large in part.large_tiles],
        # What a tile type may be beyond its features (an abbey fits any hole).
        "tile_traits": [{**trait.to_data(), "part": part.code}
                        for part in parts for trait in part.tile_traits],
        # Start tiles by part, in registry order: the game starts from the first tile,
        # taking the parts in play from the last, that the edition has.
        "start_tiles": [[part.code, list(part.start_tiles)]
                        for part in parts if part.start_tiles],
        "feature_kinds": [kind.value for kind in FeatureKind],
        "layout": _layout_data(parts),
        # The final scoring, in the order the scorer runs it.
        "steps": [step.to_json() for step in in_play.steps],
        # Every code an error may carry: the contract's, then those the parts add.
        "error_codes": _error_codes(in_play),
        # What the expansions add to a scoring's response, for a results panel.
        "outputs": outputs_page_data(in_play),
        # The words each edition uses where they differ (coat of arms or pennant, field
        # or farm, monastery or cloister), for the names in explanations.
        "wording": {each.value: wording.to_json_names()
                    for each, wording in EDITION_WORDING.items()
                    if edition is None or each is edition},
    }
    return {"version": _version(content), **content}


def _figure_shape(kind: FigureKind, placements: Iterable[Placement]) -> str:
    """How a page draws a kind of figure, read from its rules: a figure that never
    counts in a majority is a token, one that stands only on centre features wears a
    robe, any other stands (drawn larger for each point of strength over 1)."""
    if kind.strength == 0:
        return "token"
    features = [placement.feature for placement in placements]
    if features and all(feature.is_centre for feature in features):
        return "robe"
    return "standing"


def _version(content: dict[str, Any]) -> str:
    """A short hash of the document's text: equal documents, equal versions."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _unique(items: Iterable[Any]) -> list[Any]:
    """Each item once (by identity: parts may share a declaration), in order."""
    return list({id(item): item for item in items}.values())


def _part_data(registry: ExpansionRegistry, part: Part) -> dict[str, Any]:
    return {"code": part.code, "name": part.catalogue_name,
            "expansion": registry.expansion_of(part.code).code,
            "editions": [edition.value for edition in Edition if edition in part.editions],
            "default": part.in_play_by_default}


def _brings(registry: ExpansionRegistry, codes: list[str]) -> dict[str, list[str]]:
    in_play = registry.in_play(codes)
    return {"parts": [part.code for part in in_play.parts], "tiles": sorted(in_play.tile_groups)}


def _figure_data(registry: ExpansionRegistry, in_play: InPlay,
                 kind: FigureKind) -> dict[str, Any]:
    """A figure kind with the part that brings it and every placement of it in play
    (with the part granting it and the kinds in play it must stand beside)."""
    granted = [(part, placement) for part in in_play.parts for placement in part.placements
               if placement.figure == kind.code
               and all(code in in_play.codes for code in placement.needs)]
    part = registry.figure_kind_part(kind.code)
    return {
        **kind.to_data(),
        "part": part.code if part is not None else None,
        "placements": [{**placement.to_data(), "part": owner.code,
                        "beside": list(in_play.beside(placement))}
                       for owner, placement in granted],
        "shape": _figure_shape(kind, (placement for _owner, placement in granted)),
    }


def _layout_data(parts: tuple[Part, ...]) -> dict[str, Any]:
    """Tiles of these codes are checked by the server's layout rules (the river) as soon
    as they are placed; a placement drawing one of these errors is refused. Joins of two
    tiles these rules refuse whatever else is on the board (the river's U-turn), found by
    the engine's own check: per problem code, joins [mine, side, theirs]: a tile showing
    ``edge`` on its sides ``mine`` may not be laid with its side ``side`` against a tile
    showing it on ``theirs``."""
    rules = _unique(rule for part in parts for rule in part.layout_rules)
    return {
        "tiles": [part.code for part in parts if part.layout_rules],
        "codes": sorted({problem.value for rule in rules for problem in rule.codes}),
        "refused_joins": [{"edge": rule.edge, **join}
                          for rule in rules for join in rule.refused_joins()],
    }


def _error_codes(in_play: InPlay) -> list[str]:
    """The contract's codes, then those the parts in play add (as
    ``ExpansionRegistry.error_codes`` lists them for every part)."""
    added: list[ProblemCode] = [code for rule in in_play.layout_rules for code in rule.codes]
    added += [code for check in in_play.board_checks for code in check.codes]
    added += [tokens.invalid for tokens in in_play.tokens]
    added += [state.invalid for state in in_play.tile_states.values()]
    return list(dict.fromkeys([*(code.value for code in ErrorCode),
                               *(code.value for code in added)]))
