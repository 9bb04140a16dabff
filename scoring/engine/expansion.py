"""How an expansion plugs into the engine: one declaration, read by everything else.

An expansion (or the base game) is declared once, in ``expansions/<code>.py``, as an
:class:`Expansion`. Everything it brings is a value of this module:

- :class:`FigureKind` — a figure a player owns, with its limit, its strength in a
  majority and where it may stand (:class:`Placement`);
- :class:`SegmentAttribute` and :class:`LandmarkKind` — what its tiles may carry in the
  tile data (an inn on a road, goods in a city, the river), checked when tiles load;
- :class:`ScoreModifier` — changes the value of a feature the base scoring computed
  (an inn doubles a road), instead of replacing its scorer;
- :class:`PlayerBonus` — points per player that belong to no feature (trade goods);
- :class:`PlayerTokens` — counters a player brings in the request (goods tokens);
- :class:`LayoutRule`, :class:`FigureRule`, :class:`BoardCheck` — checks the validator
  calls on the placed tiles, on each figure, and on the finished feature graph;
- :class:`RuleOption` — a rule the players choose, with its labels.

An :class:`Expansion` may have parts (Inns & Cathedrals has five): listing the
expansion puts all its parts in play, listing a part puts that part and the expansion's
tiles in play. :class:`ExpansionRegistry` holds the known expansions and answers, for a
list of codes, what is in play (:class:`InPlay`). The registry is handed to the engine
with the tile set (see :class:`~scoring.engine.tiles.TileSet`); the engine's core never
names an expansion, a figure kind or a tile.

>>> from scoring.engine.expansions import DEFAULT_REGISTRY as registry
>>> registry.default_codes(Edition.C1)
('farmers',)
>>> registry.default_codes(Edition.C3) == registry.default_codes(Edition.C2)
True
>>> in_play = registry.in_play(["river"])
>>> sorted(in_play.tile_groups)
['base', 'river']
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .glyphs import Glyph, Glyphs
from .outputs import Output
from .problems import BoardError, ProblemCode
from .rules import Edition, RuleOption
from .tiles import FeatureKind

if TYPE_CHECKING:
    from .board import Color
    from .features import Feature, FeatureGraph
    from .results import BonusResult, FeatureResult


BASE = "base"
"""The code of the base game, always in play."""


class WhenMissing(enum.Enum):
    """Which error a figure of a kind whose part is not in play gets."""

    NOT_IN_PLAY = "expansion_not_in_play"
    """The kind is known; the message names the code to add (the abbot)."""
    UNKNOWN_KIND = "unknown_figure_kind"
    """The kind is unknown to the game as listed; the message names the part to add."""


@dataclasses.dataclass(frozen=True)
class FigureKind:
    """A kind of figure a player owns, such as the meeple or the pig."""

    code: str
    """The request's ``kind`` value."""
    name: str
    """The name in messages and on the builder's buttons."""
    limit: int
    """How many a player owns."""
    strength: int = 1
    """How much one counts when deciding who has the most figures on a feature (0: it
    never counts, and the response's ``figures`` leaves it out)."""
    plural: str = ""
    """The plural name (default: the name with an ``s``)."""
    listed_as: str | None = None
    """Response key under which a feature lists the colours of these figures
    (``"builders"``), for kinds that do not count in the majority."""
    when_missing: WhenMissing = WhenMissing.NOT_IN_PLAY

    @property
    def plural_name(self) -> str:
        return self.plural or self.name + "s"

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
    needs: tuple[str, ...] = ()
    """Other codes that must be in play too (a large meeple in a field needs the
    farmers)."""
    beside: tuple[str, ...] = ()
    """The owner must also have a figure of one of these kinds on the same feature (a
    builder joins its owner's meeple)."""


@dataclasses.dataclass(frozen=True)
class SegmentAttribute:
    """Something the tile data may write on a feature segment (``inn: true``)."""

    name: str
    feature: FeatureKind
    values: tuple[Any, ...] = (True,)
    """The values it may take."""
    meaning: str = ""
    glyph: Glyphs | None = None
    """How tile pictures show it (see :mod:`~scoring.engine.glyphs`)."""


@dataclasses.dataclass(frozen=True)
class LandmarkKind:
    """Something printed on tiles that is not a feature (the river, a volcano): no figure
    stands on it and nothing scores it, but pictures draw it and rules may read it."""

    name: str
    """The ``kind`` in the tile data."""
    on_edges: bool = False
    """Whether it names the tile's edges (``edges: [N, S]``), which must then be of
    ``edge`` type."""
    edge: str | None = None
    """The edge letter its edges must show (``"V"`` for the river)."""
    values: Mapping[str, tuple[Any, ...]] = dataclasses.field(default_factory=dict)
    """Other keys it may carry and their allowed values (``end: spring | lake``)."""
    meaning: str = ""
    glyph: Glyph | None = None
    """How tile pictures show it (see :mod:`~scoring.engine.glyphs`)."""


@dataclasses.dataclass
class Valuation:
    """What a feature is worth, as the base scoring computes it and modifiers change it.

    The points are ``each`` times the sum of the ``terms`` (a road: its tiles; a city:
    its tiles and pennants; a farm: its completed cities), plus for farms the bonuses per
    unit in ``shared_bonus`` (every owner) and ``owner_bonus`` (some owners).
    """

    label: str
    """How the explanation names it: ``"completed road"``."""
    each: int
    terms: list[tuple[int, str, str]]
    """(count, singular word, plural word)."""
    zero_reason: str | None = None
    """Set when the feature scores nothing, and why (``"scores nothing"``)."""
    show_empty_terms: bool = False
    """Write terms with a count of 0 in the explanation (``0 pennants × 3``)."""
    extras: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Keys added to the feature in the response (``"inn": true``)."""
    shared_bonus: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    """Points per unit every owner gets on top of ``each``, with a note."""
    owner_bonus: dict[Color, list[tuple[int, str]]] = dataclasses.field(default_factory=dict)
    """Points per unit only some owners get, with a note."""

    @property
    def units(self) -> int:
        return sum(count for count, _, _ in self.terms)


Modify = Callable[["Feature", Valuation, "ScoringContext"], None]


@dataclasses.dataclass(frozen=True)
class ScoreModifier:
    """Changes the valuation of every scored feature of one kind."""

    feature: FeatureKind
    apply: Modify


@dataclasses.dataclass(frozen=True)
class PlayerTokens:
    """Counters each player may bring in the request, under ``players[].<name>``."""

    name: str
    kinds: tuple[str, ...]
    """The token names, in response order (``wine``, ``grain``, ``cloth``)."""
    invalid: ProblemCode
    """The error for an unknown token name or a negative count."""
    meaning: str = ""
    on_board: Callable[[FeatureGraph], Mapping[str, int]] | None = None
    """How many tokens of each kind the board says the players hold in all (goods: the
    symbols of the completed cities), when it says so."""


@dataclasses.dataclass(frozen=True)
class PlayerBonus:
    """Points per player that belong to no feature, listed under ``key`` in the
    response and counted in ``by_kind[by_kind]``."""

    key: str
    by_kind: str
    score: Callable[[ScoringContext], Sequence[BonusResult]]


@dataclasses.dataclass(frozen=True)
class LayoutRule:
    """A check of the placed tiles (the river's shape), called once the tiles are
    known to fit. ``check`` receives the tiles on the board (each with ``index``,
    ``code``, ``x``, ``y``, ``oriented`` and ``label``) and yields problems."""

    codes: tuple[ProblemCode, ...]
    check: Callable[[Sequence[Any]], Iterable[BoardError]]


@dataclasses.dataclass(frozen=True)
class FigureRule:
    """A check of one figure on its tile: ``check(tile, segment, kind)`` returns why it
    may not stand there, or ``None``."""

    check: Callable[[Any, Any, str], str | None]


@dataclasses.dataclass(frozen=True)
class BoardCheck:
    """A check that needs the feature graph (tokens against the completed cities)."""

    codes: tuple[ProblemCode, ...]
    check: Callable[[BoardView], Iterable[BoardError]]


@dataclasses.dataclass(frozen=True)
class BoardView:
    """What a :class:`BoardCheck` reads: the request and its feature graph."""

    request: Any
    graph: FeatureGraph
    in_play: InPlay


@dataclasses.dataclass(frozen=True)
class Part:
    """A piece of an expansion that can be put in play on its own, and what it brings."""

    code: str
    name: str
    editions: frozenset[Edition] = frozenset(Edition)
    figure_kinds: tuple[FigureKind, ...] = ()
    placements: tuple[Placement, ...] = ()
    scorers: tuple[tuple[FeatureKind, Callable[..., Iterable[FeatureResult]]], ...] = ()
    """Scorers of feature kinds the part makes scorable (the farmers score farms)."""
    modifiers: tuple[ScoreModifier, ...] = ()
    bonuses: tuple[PlayerBonus, ...] = ()
    tokens: tuple[PlayerTokens, ...] = ()
    attributes: tuple[SegmentAttribute, ...] = ()
    landmarks: tuple[LandmarkKind, ...] = ()
    layout_rules: tuple[LayoutRule, ...] = ()
    figure_rules: tuple[FigureRule, ...] = ()
    board_checks: tuple[BoardCheck, ...] = ()
    rule_options: tuple[RuleOption, ...] = ()
    start_tiles: tuple[str, ...] = ()
    """Tile codes a game with this part in play starts from (the spring), by
    preference; the first one the edition has is used."""
    in_play_by_default: bool = False
    """Whether it is in play when a request does not list expansions."""
    outputs: tuple[Output, ...] = ()
    """What its rules add to the response (see :mod:`~scoring.engine.outputs`)."""
    title: str = ""
    """How the catalogue and the site's pages name it, when not ``name`` (which messages
    use, as in "add the large meeple")."""
    other_editions: tuple[str, ...] = ()
    """Catalogue codes of editions that have it besides those the calculator scores
    (the Winter Edition)."""

    @property
    def catalogue_name(self) -> str:
        return self.title or self.name

    @property
    def catalogue_editions(self) -> tuple[str, ...]:
        """Every edition that has it, by catalogue code, in edition order."""
        return (*(edition.value for edition in Edition if edition in self.editions),
                *self.other_editions)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, name={self.name!r})"


@dataclasses.dataclass(frozen=True, repr=False)
class Expansion(Part):
    """An expansion (or the base game): its own rules, its parts and its tiles."""

    parts: tuple[Part, ...] = ()

    @property
    def members(self) -> tuple[Part, ...]:
        """The expansion itself and its parts."""
        return (self, *self.parts)


def _merged(parts: Iterable[Part], name: str) -> tuple:
    """A field of every part, concatenated, each value once (parts may share a rule)."""
    seen: dict[int, Any] = {}
    for part in parts:
        for item in getattr(part, name):
            seen.setdefault(id(item), item)
    return tuple(seen.values())


@dataclasses.dataclass(frozen=True, eq=False)
class InPlay:
    """What a set of listed codes puts in play, combined once and kept."""

    parts: tuple[Part, ...]
    """The base game, the listed parts and every part of a listed expansion."""
    tile_groups: frozenset[str]
    """Codes of the expansions whose tiles are in play."""
    listed: tuple[str, ...]
    """The codes as a request gives them, normalised (registry order, no repeats, no
    base game)."""

    @functools.cached_property
    def codes(self) -> frozenset[str]:
        return frozenset(part.code for part in self.parts) | self.tile_groups

    def __contains__(self, code: object) -> bool:
        return any(part.code == code for part in self.parts)

    @functools.cached_property
    def figure_kinds(self) -> dict[str, FigureKind]:
        return {kind.code: kind for kind in _merged(self.parts, "figure_kinds")}

    @functools.cached_property
    def strengths(self) -> dict[str, int]:
        return {code: kind.strength for code, kind in self.figure_kinds.items()}

    @functools.cached_property
    def placements(self) -> dict[tuple[str, FeatureKind], Placement]:
        """Where figures may stand: (figure, feature) -> placement."""
        codes = self.codes
        return {
            (placement.figure, placement.feature): placement
            for placement in _merged(self.parts, "placements")
            if all(code in codes for code in placement.needs)
        }

    @functools.cached_property
    def scorers(self) -> dict[FeatureKind, Callable[..., Iterable[FeatureResult]]]:
        table: dict[FeatureKind, Callable[..., Iterable[FeatureResult]]] = {}
        for part in self.parts:
            table.update(dict(part.scorers))
        return table

    @functools.cached_property
    def _modifiers(self) -> dict[FeatureKind, tuple[Modify, ...]]:
        return {
            kind: tuple(m.apply for m in _merged(self.parts, "modifiers") if m.feature is kind)
            for kind in FeatureKind
        }

    def modifiers(self, kind: FeatureKind) -> tuple[Modify, ...]:
        """The modifiers in play for one feature kind, in part order."""
        return self._modifiers[kind]

    @functools.cached_property
    def listed_kinds(self) -> dict[str, str]:
        """Figure kind -> response key, for kinds a feature lists by colour."""
        return {code: kind.listed_as for code, kind in self.figure_kinds.items()
                if kind.listed_as}

    @functools.cached_property
    def bonuses(self) -> tuple[PlayerBonus, ...]:
        return _merged(self.parts, "bonuses")

    @functools.cached_property
    def tokens(self) -> tuple[PlayerTokens, ...]:
        return _merged(self.parts, "tokens")

    @functools.cached_property
    def layout_rules(self) -> tuple[LayoutRule, ...]:
        return _merged(self.parts, "layout_rules")

    @functools.cached_property
    def figure_rules(self) -> tuple[FigureRule, ...]:
        return _merged(self.parts, "figure_rules")

    @functools.cached_property
    def board_checks(self) -> tuple[BoardCheck, ...]:
        return _merged(self.parts, "board_checks")

    @functools.cached_property
    def by_kind_keys(self) -> tuple[str, ...]:
        """The keys of every player's ``by_kind``: the feature kinds, then the bonuses."""
        return (*(kind.value for kind in FeatureKind), *(b.by_kind for b in self.bonuses))

    def start_tile(self, available: Callable[[str], bool]) -> str | None:
        """The tile the game starts from: the first start tile, by part order from the
        last listed, that ``available`` accepts."""
        for part in reversed(self.parts):
            for code in part.start_tiles:
                if available(code):
                    return code
        return None


class ExpansionRegistry:
    """The known expansions, by code, and what a list of codes puts in play.

    Parts and expansions share one space of codes (the catalogue's).
    """

    def __init__(self, expansions: Iterable[Expansion]):
        self._expansions: dict[str, Expansion] = {}
        self._parts: dict[str, Part] = {}
        self._owner: dict[str, Expansion] = {}
        self._figure_kinds: dict[str, tuple[FigureKind, Part]] = {}
        for expansion in expansions:
            for member in expansion.members:
                if member.code in self._parts:
                    raise ValueError(f"code {member.code} registered twice")
                self._parts[member.code] = member
                self._owner[member.code] = expansion
                for kind in member.figure_kinds:
                    if kind.code in self._figure_kinds:
                        raise ValueError(f"figure kind {kind.code} registered twice")
                    self._figure_kinds[kind.code] = (kind, member)
            self._expansions[expansion.code] = expansion
        if BASE not in self._expansions:
            raise ValueError("the base game must be registered")
        self._in_play: dict[tuple[str, ...], InPlay] = {}
        self.attributes: dict[tuple[FeatureKind, str], SegmentAttribute] = {
            (attribute.feature, attribute.name): attribute
            for part in self._parts.values() for attribute in part.attributes
        }
        """What tile data may write on segments, from every registered part."""
        self.landmarks: dict[str, LandmarkKind] = {
            landmark.name: landmark
            for part in self._parts.values() for landmark in part.landmarks
        }
        """What tile data may print besides features, from every registered part."""
        self.rule_options: tuple[RuleOption, ...] = _merged(self._parts.values(), "rule_options")
        """Every rule a request may set; a rule of a part not in play has no effect."""
        self.tokens: tuple[PlayerTokens, ...] = _merged(self._parts.values(), "tokens")
        """Every kind of token a player may bring, with the part that brings it."""
        self.token_part: dict[str, Part] = {
            tokens.name: part for part in self._parts.values() for tokens in part.tokens
        }

    def __contains__(self, code: object) -> bool:
        return code in self._parts

    def __getitem__(self, code: str) -> Part:
        return self._parts[code]

    def __repr__(self) -> str:
        return f"ExpansionRegistry({list(self._parts)!r})"

    @property
    def codes(self) -> tuple[str, ...]:
        """Every registered code (expansions and parts, the base game included), in
        registration order."""
        return tuple(self._parts)

    @property
    def default_figure_kind(self) -> str:
        """The kind of a figure that names none: the base game's first figure kind."""
        return self._expansions[BASE].figure_kinds[0].code

    @property
    def expansions(self) -> tuple[Expansion, ...]:
        return tuple(self._expansions.values())

    def expansion_of(self, code: str) -> Expansion:
        """The expansion a code belongs to (itself for an expansion)."""
        return self._owner[code]

    def error_codes(self) -> tuple[ProblemCode, ...]:
        """The error codes the expansions add to the core's."""
        parts = self._parts.values()
        codes = [code for rule in (*_merged(parts, "layout_rules"), *_merged(parts, "board_checks"))
                 for code in rule.codes]
        codes += [tokens.invalid for tokens in _merged(parts, "tokens")]
        return tuple({code.value: code for code in codes}.values())

    def default_codes(self, edition: Edition) -> tuple[str, ...]:
        """The codes in play when a request does not list expansions."""
        return tuple(
            code for code, part in self._parts.items()
            if code != BASE and part.in_play_by_default and edition in part.editions
        )

    def in_play(self, codes: Iterable[str]) -> InPlay:
        """What the base game and the listed codes put in play (unknown codes are
        ignored: the validator reports them)."""
        listed = set(codes)
        key = tuple(code for code in self._parts if code in listed and code != BASE)
        found = self._in_play.get(key)
        if found is None:
            wanted = {BASE}
            groups = {BASE}
            for code in key:
                expansion = self._owner[code]
                # A whole expansion brings all its parts; a part brings itself and what
                # its expansion declares for every part.
                if code == expansion.code:
                    wanted.update(member.code for member in expansion.members)
                else:
                    wanted.update((code, expansion.code))
                # A part of the base game with tiles of its own (The River) puts its own
                # tiles in play; any code of another expansion puts that expansion's.
                groups.add(code if expansion.code == BASE else expansion.code)
            parts = tuple(part for code, part in self._parts.items() if code in wanted)
            found = self._in_play[key] = InPlay(parts, frozenset(groups), key)
        return found

    def figure_kind(self, code: str) -> FigureKind | None:
        """The figure kind with that code, from any registered part."""
        found = self._figure_kinds.get(code)
        return found[0] if found else None

    def figure_kind_part(self, code: str) -> Part | None:
        """The part that brings the figure kind ``code``."""
        found = self._figure_kinds.get(code)
        return found[1] if found else None

    def placement_provider(
        self, figure: str, feature: FeatureKind
    ) -> tuple[Placement, Part] | None:
        """The first registered placement of ``figure`` on ``feature`` with the part that
        grants it, to name what to add to the game."""
        for part in self._parts.values():
            for placement in part.placements:
                if placement.figure == figure and placement.feature is feature:
                    return placement, part
        return None


@dataclasses.dataclass(frozen=True)
class ScoringContext:
    """What a scorer, modifier or bonus needs besides the features it scores."""

    rules: Any
    """The :class:`~scoring.engine.rules.RuleSet` of the request."""
    graph: FeatureGraph
    players: tuple[Color, ...]
    """Player colours in request order: the order of every per-player listing."""
    strengths: Mapping[str, int]
    """Figure strength by kind code, for majorities."""
    in_play: InPlay
    request: Any = None
    """The :class:`~scoring.engine.request.ScoreRequest` (player tokens)."""
    listed_kinds: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Figure kind code -> response key, for kinds a feature lists by colour."""
    warnings: list = dataclasses.field(default_factory=list)
    """Notes for the players that a scorer or modifier adds (texts)."""

    def modifiers(self, kind: FeatureKind) -> tuple[Modify, ...]:
        return self.in_play.modifiers(kind)

    def figure_lists(self, feature: Feature) -> dict[str, list[str]]:
        """The colours of the listed figure kinds on a feature (``{"builders": [...]}``),
        each colour once, in player order."""
        if not self.listed_kinds:
            return {}
        found: dict[str, set] = {}
        for figure in feature.figures:
            key = self.listed_kinds.get(figure.kind)
            if key is not None:
                found.setdefault(key, set()).add(figure.player)
        return {
            key: [player.value for player in self.players if player in colours]
            for key, colours in found.items()
        }
