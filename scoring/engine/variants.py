"""How expansions plug into the engine: figure kinds, placements and feature scorers.

Each expansion module (``expansions/base.py``, ``expansions/farmers.py``, ...) declares
one :class:`Expansion`: the editions that have it, the figure kinds it adds with their
per-player limits, where figures may stand once it is in play, and the scorers of its
feature kinds. :class:`ExpansionRegistry` combines the expansions in play; the core
never names an expansion itself.

>>> from scoring.engine.expansions import REGISTRY
>>> REGISTRY.default_codes(Edition.C1)
('farmers',)
>>> REGISTRY.figure_kind("abbot")
FigureKind(code='abbot', name='abbot', limit=1)
>>> sorted(REGISTRY.roles(REGISTRY.in_play(["farmers"])).values())
['farmer', 'highwayman', 'knight', 'monk']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from .rules import Edition, RuleSet
from .tiles import FeatureKind

if TYPE_CHECKING:
    from .board import Color
    from .features import Feature, FeatureGraph
    from .results import FeatureResult


BASE = "base"
"""The code of the base game, always in play."""


@dataclasses.dataclass(frozen=True)
class FigureKind:
    """A kind of figure a player owns, such as the meeple or the abbot."""

    code: str
    """The request's ``kind`` value."""
    name: str
    """The name in messages."""
    limit: int
    """How many a player owns."""
    strength: int = 1
    """How much one counts when deciding who has the most figures on a feature."""

    def __repr__(self) -> str:
        strength = f", strength={self.strength}" if self.strength != 1 else ""
        return f"FigureKind(code={self.code!r}, name={self.name!r}, limit={self.limit}{strength})"


@dataclasses.dataclass(frozen=True)
class Placement:
    """Permission for a figure kind to stand on a feature kind, and its role there."""

    figure: str
    """Figure kind code."""
    feature: FeatureKind
    role: str
    """What the figure is called there (``"farmer"`` for a meeple on a farm)."""


@dataclasses.dataclass(frozen=True)
class ScoringContext:
    """What a scorer needs besides the features it scores."""

    rules: RuleSet
    graph: FeatureGraph
    players: tuple[Color, ...]
    """Player colours in request order: the order of every per-player listing."""
    strengths: Mapping[str, int]
    """Figure strength by kind code, for majorities."""


Scorer = Callable[["Sequence[Feature]", ScoringContext], "Iterable[FeatureResult]"]
"""Scores the occupied features of one kind, returning one result per feature."""


@dataclasses.dataclass(frozen=True)
class Expansion:
    """An expansion or part of the base box, as far as final scoring is concerned."""

    code: str
    name: str
    editions: frozenset[Edition]
    """The editions in which it exists."""
    figure_kinds: tuple[FigureKind, ...] = ()
    placements: tuple[Placement, ...] = ()
    scorers: tuple[tuple[FeatureKind, Scorer], ...] = ()
    in_play_by_default: bool = True
    """Whether it is in play when a request does not list expansions."""

    def __repr__(self) -> str:
        return f"Expansion(code={self.code!r}, name={self.name!r})"


class ExpansionRegistry:
    """The known expansions, by code, and what a set of them in play allows."""

    def __init__(self, expansions: Iterable[Expansion]):
        self._expansions: dict[str, Expansion] = {}
        self._figure_kinds: dict[str, tuple[FigureKind, Expansion]] = {}
        for expansion in expansions:
            if expansion.code in self._expansions:
                raise ValueError(f"expansion {expansion.code} registered twice")
            self._expansions[expansion.code] = expansion
            for kind in expansion.figure_kinds:
                self._figure_kinds[kind.code] = (kind, expansion)
        if BASE not in self._expansions:
            raise ValueError("the base game must be registered")

    def __contains__(self, code: object) -> bool:
        return code in self._expansions

    def __getitem__(self, code: str) -> Expansion:
        return self._expansions[code]

    def __repr__(self) -> str:
        return f"ExpansionRegistry({list(self._expansions)!r})"

    @property
    def codes(self) -> tuple[str, ...]:
        """Codes of every registered expansion, the base game included."""
        return tuple(self._expansions)

    def default_codes(self, edition: Edition) -> tuple[str, ...]:
        """The expansions in play when a request lists none."""
        return tuple(
            code for code, expansion in self._expansions.items()
            if code != BASE and expansion.in_play_by_default and edition in expansion.editions
        )

    def in_play(self, codes: Iterable[str]) -> tuple[Expansion, ...]:
        """The base game and the listed expansions, in registration order."""
        wanted = {BASE, *codes}
        return tuple(
            expansion for code, expansion in self._expansions.items() if code in wanted
        )

    def figure_kind(self, code: str) -> FigureKind | None:
        """The figure kind with that code, from any registered expansion."""
        found = self._figure_kinds.get(code)
        return found[0] if found else None

    def figure_kind_expansion(self, code: str) -> Expansion | None:
        """The expansion that brings the figure kind ``code``."""
        found = self._figure_kinds.get(code)
        return found[1] if found else None

    def roles(self, in_play: Sequence[Expansion]) -> dict[tuple[str, FeatureKind], str]:
        """Where figures may stand with these expansions: (figure, feature) -> role."""
        return {
            (placement.figure, placement.feature): placement.role
            for expansion in in_play
            for placement in expansion.placements
        }

    def placement_provider(self, figure: str, feature: FeatureKind) -> Placement | None:
        """The first registered placement of ``figure`` on ``feature``, in any expansion,
        with the expansion that grants it, to name what to add to the game."""
        for expansion in self._expansions.values():
            for placement in expansion.placements:
                if placement.figure == figure and placement.feature is feature:
                    return placement
        return None

    def placement_expansion(self, placement: Placement) -> Expansion:
        """The expansion that declares ``placement``."""
        for expansion in self._expansions.values():
            if placement in expansion.placements:
                return expansion
        raise KeyError(placement)

    def strengths(self, in_play: Sequence[Expansion]) -> dict[str, int]:
        """Strength of each figure kind in play."""
        return {
            kind.code: kind.strength for expansion in in_play for kind in expansion.figure_kinds
        }

    def scorers(self, in_play: Sequence[Expansion]) -> dict[FeatureKind, Scorer]:
        """The scorer of each feature kind; a later expansion may replace an earlier one."""
        table: dict[FeatureKind, Scorer] = {}
        for expansion in in_play:
            table.update(dict(expansion.scorers))
        return table
