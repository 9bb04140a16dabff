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

The hooks that the next expansions need, each a small value of this module too:

- ``FigureKind.strength_of`` — strength as a function of the feature (a mayor counts
  the pennants of its city); ``FigureKind.follower`` — whether the kind is a follower
  (a wagon is, a builder, pig or barn is not), which ``Placement.beside_follower`` reads;
- :class:`NeutralFigure` — a figure no player owns (mage, witch, fairy, dragon), listed
  under the request's ``neutral`` and handed to modifiers on ``Feature.neutral``;
- ``FigureKind.stands`` = :attr:`Stand.CORNER` — a figure on the corner where four tiles
  meet (the barn), in the field there;
- :class:`TileTrait` — tiles that ignore edge matching and close what they touch (abbey);
- :class:`LargeTile` with :class:`District` — one tile that covers several squares (the
  City of Carcassonne), with named districts where figures stand;
- :class:`TileState` — per-tile state the player enters (``tiles[].state``: a ferry, a
  bridge, a castle), declared with its allowed values;
- :class:`TieBreak` — who wins a tied majority (hills);
- :class:`PlayerTokens` — what a player holds off the board: counters (goods, gold),
  flags (the king tile), with limits per player and in all;
- :class:`AreaBonus` — points counted over the 3×3 squares around a tile (vineyards);
- :class:`ScoreTransform` — a change of a feature's points after the modifiers (the
  witch halves them, rounded up).

The request fields these hooks add (the rest of the format is unchanged):

- ``neutral``: ``[{"kind": "witch", "x": 1, "y": 0, "at": "N"}]`` (no ``at`` for a
  figure that stands on a tile);
- ``figures[].at`` of a corner kind: ``NE``, ``SE``, ``SW`` or ``NW``, the corner of the
  tile at ``x``, ``y``; of a figure in a district: the district's name;
- ``tiles[].tile`` may name a large tile, laid once at the square of its piece (0, 0);
- ``tiles[].state``: ``{"<state name>": <value>}``;
- ``players[].<tokens name>``: ``{"<kind>": <count>}``, or ``{"<kind>": true}`` for flags.

What a set of codes puts in play is resolved once (:meth:`ExpansionRegistry.in_play`):
a hook of an expansion not in play costs nothing when scoring. The final scoring runs
the ordered :attr:`InPlay.steps` (:class:`ScoringStep`), which a page can list.

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

from .problems import BoardError, ProblemCode
from .results import figure_counts, majority
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


class Stand(enum.Enum):
    """Where a figure of a kind stands, and so how the request's ``at`` names it."""

    FEATURE = "feature"
    """On a feature of one tile: ``at`` is an edge, a half-edge, ``C`` or ``I``."""
    CORNER = "corner"
    """On the corner where four tiles meet (the barn): ``at`` is the corner of the tile
    at ``x``, ``y`` — ``NE``, ``SE``, ``SW`` or ``NW`` — and any of the four tiles may be
    named. The four squares around the corner must hold tiles, and on each of them both
    half-edges at the corner must be field: the figure then stands in that field (the
    field of the half-edge of the same name). Otherwise ``figure_not_allowed``."""


CORNERS = ("NE", "SE", "SW", "NW")
"""The corner names of a tile, each also the half-edge that ends at that corner."""

StrengthOf = Callable[["Feature"], int]
"""A figure's strength computed from the feature it stands on."""


@dataclasses.dataclass(frozen=True)
class FigureKind:
    """A kind of figure a player owns, such as the meeple or the pig.

    ``strength_of`` makes the strength a function of the feature (a mayor counts the
    pennants of its city: ``strength_of=lambda city: city.pennants``); ``follower``
    says whether the kind is a follower (meeples, the abbot, a wagon; not a builder, a
    pig or a barn); ``stands`` where it stands (:class:`Stand`).
    """

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
    follower: bool = True
    """Whether it is a follower: what a builder or pig joins (``Placement.
    beside_follower``) and what rules about followers count. A figure of strength 0
    that is still a follower must say so."""
    strength_of: StrengthOf | None = None
    """When set, the strength on each feature, replacing ``strength`` (the mayor:
    ``lambda city: city.pennants``). Called once per feature the kind stands on."""
    stands: Stand = Stand.FEATURE

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
    """The owner must also have a figure of one of these kinds on the same feature."""
    beside_follower: bool = False
    """The owner must also have a follower (any figure kind in play with ``follower``
    set) on the same feature: a builder joins its owner's meeple, large meeple or
    wagon."""


@dataclasses.dataclass(frozen=True)
class SegmentAttribute:
    """Something the tile data may write on a feature segment (``inn: true``)."""

    name: str
    feature: FeatureKind
    values: tuple[Any, ...] = (True,)
    """The values it may take."""
    meaning: str = ""


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
    plus: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    """Points added once to the feature's value, with a note (``(6, "2 vineyards × 3")``,
    see :class:`AreaBonus`); not for farms."""

    @property
    def units(self) -> int:
        return sum(count for count, _, _ in self.terms)

    @property
    def points(self) -> int:
        """The value without the farm bonuses: ``each`` × the terms, plus ``plus``."""
        if self.zero_reason is not None:
            return 0
        return self.each * self.units + sum(points for points, _ in self.plus)


Modify = Callable[["Feature", Valuation, "ScoringContext"], None]


@dataclasses.dataclass(frozen=True)
class ScoreModifier:
    """Changes the valuation of every scored feature of one kind."""

    feature: FeatureKind
    apply: Modify
    title: str = ""
    """A short title for the list of scoring steps (default: the function's first
    docstring line)."""

    @property
    def step_title(self) -> str:
        return self.title or _first_line(self.apply)


@dataclasses.dataclass(frozen=True)
class PlayerTokens:
    """What a player holds that is not on the board, under ``players[].<name>``.

    Counters (goods tokens, gold ingots): ``{"wine": 2, "cloth": 1}``, whole numbers
    of at least 0. Flags (``flags=True``; the king and robber baron tiles):
    ``{"king": true, "robber-baron": false}``, booleans, counted as 1 and 0. A missing
    name counts 0. ``per_player`` caps each kind for one player and ``in_all`` for all
    players together (one king tile: ``in_all=1``); going over either is the
    ``invalid`` error at ``players[i].<name>.<kind>``. Scorers read a count with
    :meth:`~scoring.engine.request.Player.token_count`.
    """

    name: str
    kinds: tuple[str, ...]
    """The token names, in response order (``wine``, ``grain``, ``cloth``)."""
    invalid: ProblemCode
    """The error for an unknown token name, a negative count or a count over a limit."""
    meaning: str = ""
    on_board: Callable[[FeatureGraph], Mapping[str, int]] | None = None
    """How many tokens of each kind the board says the players hold in all (goods: the
    symbols of the completed cities), when it says so."""
    flags: bool = False
    """Each kind is held or not: the request gives ``true`` or ``false``."""
    per_player: int | None = None
    """The most of one kind a player may hold."""
    in_all: int | None = None
    """The most of one kind all players together may hold (a single king tile: 1)."""
    words: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """How messages name a kind (``{"king": "the king tile"}``; default: the kind)."""

    def word(self, kind: str) -> str:
        return self.words.get(kind, kind)


@dataclasses.dataclass(frozen=True)
class PlayerBonus:
    """Points per player that belong to no feature, listed under ``key`` in the
    response and counted in ``by_kind[by_kind]``."""

    key: str
    by_kind: str
    score: Callable[[ScoringContext], Sequence[BonusResult]]
    title: str = ""
    """A short title for the list of scoring steps (default: the function's first
    docstring line)."""

    @property
    def step_title(self) -> str:
        return self.title or _first_line(self.score)


@dataclasses.dataclass(frozen=True)
class NeutralFigure:
    """A figure no player owns (the mage, the witch, the fairy, the dragon).

    The request lists them apart from the players' figures, under the top-level
    ``neutral``: ``[{"kind": "witch", "x": 1, "y": 0, "at": "N"}]`` — ``kind`` (this
    ``code``), ``x``, ``y`` and, for a figure that stands on a feature, ``at`` named as
    for ``figures`` (after rotation). A figure with empty ``features`` stands on a tile
    and takes no ``at``. At most ``limit`` of a kind are on the board.

    Modifiers and transforms read them: ``feature.neutral`` lists the
    :class:`~scoring.engine.request.NeutralPiece` standing on a feature (kind, x, y,
    at), and ``context.request.neutral`` all of them (those on tiles too).
    """

    code: str
    name: str
    features: tuple[FeatureKind, ...] = ()
    """The feature kinds it may stand on; empty: it stands on a tile, not a feature."""
    limit: int = 1
    """How many of the kind may be on the board in all."""
    meaning: str = ""


@dataclasses.dataclass(frozen=True)
class TileTrait:
    """Something a tile type is, beyond its features, that changes how tiles meet (the
    abbey). Tile data names it: ``traits: [abbey]``.

    ``any_edges``: the tile fits any hole whatever the neighbours' edges (no
    ``edge_mismatch`` on its sides). ``closes``: nothing joins across its edges, so it
    ends the roads, cities and fields that touch it (a road or city ending there is
    closed on that side); its own half-edges need no field. A trait of a part not in
    play changes nothing only if its tiles are not in play either: tiles are put in play
    by their expansion.
    """

    name: str
    meaning: str = ""
    any_edges: bool = False
    closes: bool = False


@dataclasses.dataclass(frozen=True)
class District:
    """A named place on a :class:`LargeTile` where figures stand (the market of the City
    of Carcassonne). Not a feature: a figure there scores nothing unless a rule says so.

    The request places a player's figure there among ``figures``, with the district's
    name as ``at`` and ``x``, ``y`` of any square of the large tile: ``{"player": "red",
    "x": 0, "y": 0, "at": "market"}``. Only followers stand in a district; they count
    against their owner's supply. Such a figure is on no feature: the parsed request
    keeps it apart, in ``request.board.districts``
    (:class:`~scoring.engine.board.DistrictFigure`: player, x, y, district, kind), where
    rules, checks and bonuses find it.
    """

    name: str
    meaning: str = ""


@dataclasses.dataclass(frozen=True)
class LargeTile:
    """One tile that covers several squares (the City of Carcassonne).

    Each square is a piece: an ordinary tile type of the tile data (with count 0 in
    every edition, so it is never laid alone) at an offset ``(dx, dy)`` from the large
    tile's own square, in its canonical orientation. The request lays the whole tile
    once, as any tile: ``{"tile": "<code>", "x": 0, "y": 0, "rotation": 90}``; ``x``,
    ``y`` is the square of the piece at offset ``(0, 0)``; rotation turns the whole tile
    about that square (clockwise: an offset ``(dx, dy)`` becomes ``(-dy, dx)``) and
    each piece with it. The pieces then meet each other and their neighbours as
    ordinary tiles, and figures stand on their features by square and location.
    """

    code: str
    name: str
    pieces: tuple[tuple[int, int, str], ...]
    """``(dx, dy, piece tile code)`` for every square."""
    counts: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """How many the box holds per edition value (``{"C2": 1}``); absent: none."""
    districts: tuple[District, ...] = ()

    def squares(self, x: int, y: int, rotation: int) -> list[tuple[int, int, str]]:
        """The pieces laid at ``(x, y)`` turned ``rotation`` degrees: ``(x, y, code)``."""
        placed = []
        for dx, dy, code in self.pieces:
            for _ in range(rotation // 90):
                dx, dy = -dy, dx
            placed.append((x + dx, y + dy, code))
        return placed


@dataclasses.dataclass(frozen=True)
class TileState:
    """Per-tile state the player enters, under ``tiles[].state.<name>`` (which jetties a
    ferry links, a bridge laid across a tile, a city turned into a castle).

    ``values`` are the allowed values; ``applies`` says which tile types accept it;
    ``variant`` gives the tile type as that state leaves it (canonical orientation, same
    code), from which the tile is turned and joined like any other. A value outside
    ``values``, or the state on a tile that does not accept it, is the ``invalid``
    error; a state of a part not in play is ``expansion_not_in_play``; a name no
    expansion declares ``unknown_tile_state``. The request:
    ``{"tile": "ferries-A", "x": 0, "y": 0, "state": {"ferry": "N-S"}}``.
    """

    name: str
    invalid: ProblemCode
    values: tuple[Any, ...]
    applies: Callable[[Any], bool]
    """Whether a :class:`~scoring.engine.tiles.TileDefinition` accepts the state."""
    variant: Callable[[Any, Any], Any]
    """``variant(definition, value)`` -> the tile definition with the state applied."""
    meaning: str = ""
    _variants: dict = dataclasses.field(default_factory=dict, compare=False, hash=False,
                                        repr=False)

    def variant_of(self, definition: Any, value: Any) -> Any:
        """The tile definition with this state, made once per tile and value."""
        key = (id(definition), value)
        found = self._variants.get(key)
        if found is None:
            found = self._variants[key] = (definition, self.variant(definition, value))
        return found[1]


@dataclasses.dataclass(frozen=True)
class TieBreak:
    """Decides between players tied for the most strength on a feature (hills).

    ``decide(feature, owners, context)`` gets the tied owners (two or more, in player
    order) and returns the owners it keeps with a note for the explanation, or ``None``
    to leave the tie. Tie-breaks of the kinds in ``features`` run in part order.
    """

    features: tuple[FeatureKind, ...]
    decide: Callable[[Feature, list, ScoringContext], tuple[list, str] | None]
    title: str = ""

    @property
    def step_title(self) -> str:
        return self.title or _first_line(self.decide)


@dataclasses.dataclass(frozen=True)
class AreaBonus:
    """Points for what lies on the 3×3 squares around a tile (vineyards around a
    monastery, a big top). Applied as a modifier of ``feature``: for each scored feature
    of that kind (completed only with ``completed_only``), ``counts`` is summed over the
    tiles on the squares around ``centre(feature)`` (the square itself included) and
    ``each`` point per count is added to the feature's value, noted as
    ``"<count> <word> × <each>"``.
    """

    feature: FeatureKind
    counts: Callable[[Any], int]
    """How many count on one placed :class:`~scoring.engine.tiles.OrientedTile`."""
    each: int
    word: str
    """The counted thing in the explanation, plural (``"vineyards"``)."""
    completed_only: bool = False
    centre: Callable[[Feature], tuple[int, int]] | None = None
    """The square at the middle of the 3×3; default: the feature's first square."""
    title: str = ""

    @property
    def step_title(self) -> str:
        return self.title or f"{self.word} around {_a_word(self.feature.value)}"

    def modify(self, feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
        if valuation.zero_reason is not None or (self.completed_only and not feature.complete):
            return
        x, y = self.centre(feature) if self.centre is not None else feature.tiles[0]
        tile_at = context.graph.tile_at
        counts = self.counts
        found = 0
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                tile = tile_at(x + dx, y + dy)
                if tile is not None:
                    found += counts(tile)
        if found:
            valuation.plus.append((found * self.each, f"{found} {self.word} × {self.each}"))


@dataclasses.dataclass(frozen=True)
class ScoreTransform:
    """Changes a feature's points after every modifier (the witch halves, rounded up).

    ``apply(feature, points, context)`` returns the new points and a note, or ``None``
    to leave them. It applies to what the feature is worth and to what each player
    collects through it; the note is added to the explanation as ``"; <note> → <new>"``.
    """

    features: tuple[FeatureKind, ...]
    apply: Callable[[Feature, int, ScoringContext], tuple[int, str] | None]
    title: str = ""

    @property
    def step_title(self) -> str:
        return self.title or _first_line(self.apply)


def _first_line(function: Callable[..., Any]) -> str:
    """The first sentence of a function's docstring, as a step title."""
    doc = (function.__doc__ or "").strip()
    if not doc:
        return getattr(function, "__name__", "rule").replace("_", " ")
    paragraph = " ".join(line.strip() for line in doc.split("\n\n")[0].splitlines())
    return paragraph.split(". ")[0].rstrip(".")


def _a_word(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


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
    neutral_figures: tuple[NeutralFigure, ...] = ()
    tile_traits: tuple[TileTrait, ...] = ()
    large_tiles: tuple[LargeTile, ...] = ()
    tile_states: tuple[TileState, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = ()
    area_bonuses: tuple[AreaBonus, ...] = ()
    transforms: tuple[ScoreTransform, ...] = ()
    start_tiles: tuple[str, ...] = ()
    """Tile codes a game with this part in play starts from (the spring), by
    preference; the first one the edition has is used."""
    in_play_by_default: bool = False
    """Whether it is in play when a request does not list expansions."""

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


class StepAction(enum.Enum):
    """What the scorer does at a :class:`ScoringStep`."""

    FEATURES = "features"
    """Score the occupied features of one kind (``subject``: the
    :class:`~scoring.engine.tiles.FeatureKind`), each valued, then changed by the
    modifiers, area bonuses and tie-breaks listed in ``details``."""
    TRANSFORM = "transform"
    """Change the points of the features scored so far (``subject``: the
    :class:`ScoreTransform`)."""
    BONUS = "bonus"
    """Score a bonus that belongs to no feature (``subject``: the :class:`PlayerBonus`)."""


@dataclasses.dataclass(frozen=True)
class ScoringStep:
    """One step of the final scoring, in the order the scorer applies them.

    ``code`` is stable (``"features-road"``, ``"inns.inn-on-road"``,
    ``"trade-goods.trade_goods"``), ``title`` a short sentence for a page, ``expansion``
    and ``part`` the codes that bring it. A page lists ``InPlay.steps`` with their
    ``details`` (what changes a feature's value inside a features step).
    """

    code: str
    title: str
    expansion: str
    part: str
    action: StepAction
    subject: Any = dataclasses.field(default=None, compare=False, repr=False)
    details: tuple[ScoringStep, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The step as a page reads it."""
        data: dict[str, Any] = {"code": self.code, "title": self.title,
                                "expansion": self.expansion, "part": self.part,
                                "action": self.action.value}
        if self.details:
            data["details"] = [detail.to_json() for detail in self.details]
        return data


_KIND_TITLES = {
    FeatureKind.ROAD: "Roads", FeatureKind.CITY: "Cities", FeatureKind.MONASTERY: "Monasteries",
    FeatureKind.GARDEN: "Gardens", FeatureKind.FARM: "Farms",
}


def _step_code(part: Part, function: Callable[..., Any]) -> str:
    return f"{part.code}.{getattr(function, '__name__', 'rule').replace('_', '-')}"


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
    expansion_of: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The expansion code of each part in play (itself for an expansion)."""

    @functools.cached_property
    def steps(self) -> tuple[ScoringStep, ...]:
        """The final scoring in order: the features of each kind but farms, each with
        its modifiers, area bonuses and tie-breaks; then the score transforms; then the
        farms; then the bonuses that belong to no feature. The scorer runs them in this
        order, and a page can list them for this set of codes."""
        owner = self.expansion_of

        def step(part: Part, code: str, title: str, action: StepAction, subject: Any = None,
                 details: tuple[ScoringStep, ...] = ()) -> ScoringStep:
            return ScoringStep(code, title, owner.get(part.code, part.code), part.code,
                               action, subject, details)

        def details(kind: FeatureKind) -> tuple[ScoringStep, ...]:
            found = []
            for part in self.parts:
                for modifier in part.modifiers:
                    if modifier.feature is kind:
                        found.append(step(part, _step_code(part, modifier.apply),
                                          modifier.step_title, StepAction.FEATURES, modifier))
                for area in part.area_bonuses:
                    if area.feature is kind:
                        found.append(step(part, f"{part.code}.{area.word.replace(' ', '-')}",
                                          area.step_title, StepAction.FEATURES, area))
                for tie_break in part.tie_breaks:
                    if kind in tie_break.features:
                        found.append(step(part, _step_code(part, tie_break.decide),
                                          tie_break.step_title, StepAction.FEATURES, tie_break))
            return tuple({detail.code: detail for detail in found}.values())

        scorer_part = {kind: part for part in self.parts for kind, _ in part.scorers}
        steps: list[ScoringStep] = []
        farms: list[ScoringStep] = []
        for kind in FeatureKind:
            part = scorer_part.get(kind)
            if part is None:
                continue
            scorer = self.scorers[kind]
            title = f"{_KIND_TITLES.get(kind, kind.value)}: {_first_line(scorer)}"
            made = step(part, f"features-{kind.value}", title, StepAction.FEATURES, kind,
                        details(kind))
            (farms if kind is FeatureKind.FARM else steps).append(made)
        seen: set[int] = set()
        for part in self.parts:
            for transform in part.transforms:
                if id(transform) not in seen:
                    seen.add(id(transform))
                    steps.append(step(part, _step_code(part, transform.apply),
                                      transform.step_title, StepAction.TRANSFORM, transform))
        steps += farms
        for part in self.parts:
            for bonus in part.bonuses:
                if id(bonus) not in seen:
                    seen.add(id(bonus))
                    steps.append(step(part, f"{part.code}.{bonus.key}", bonus.step_title,
                                      StepAction.BONUS, bonus))
        return tuple(steps)

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
        modifiers = _merged(self.parts, "modifiers")
        areas = _merged(self.parts, "area_bonuses")
        return {
            kind: (*(m.apply for m in modifiers if m.feature is kind),
                   *(area.modify for area in areas if area.feature is kind))
            for kind in FeatureKind
        }

    @functools.cached_property
    def strength_functions(self) -> dict[str, StrengthOf]:
        """Figure kinds whose strength depends on the feature, with how (the mayor)."""
        return {code: kind.strength_of for code, kind in self.figure_kinds.items()
                if kind.strength_of is not None}

    @functools.cached_property
    def followers(self) -> frozenset[str]:
        """The figure kinds in play that are followers."""
        return frozenset(code for code, kind in self.figure_kinds.items() if kind.follower)

    def beside(self, placement: Placement) -> tuple[str, ...]:
        """The figure kinds in play that a figure of ``placement`` may join: its
        ``beside`` kinds and, with ``beside_follower``, every follower kind in play that
        may stand on the same feature kind (a builder on a road: meeple, large meeple,
        wagon)."""
        found = self._beside.get(placement)
        if found is None:
            kinds = list(placement.beside)
            if placement.beside_follower:
                kinds += [code for code in self.followers_in_order
                          if (code, placement.feature) in self.placements and code not in kinds]
            found = self._beside[placement] = tuple(kinds)
        return found

    @functools.cached_property
    def _beside(self) -> dict[Placement, tuple[str, ...]]:
        return {}

    @functools.cached_property
    def followers_in_order(self) -> tuple[str, ...]:
        """The follower kinds in play, in declaration order."""
        return tuple(code for code, kind in self.figure_kinds.items() if kind.follower)

    @functools.cached_property
    def corner_kinds(self) -> frozenset[str]:
        """The figure kinds in play that stand on corners (the barn)."""
        return frozenset(code for code, kind in self.figure_kinds.items()
                         if kind.stands is Stand.CORNER)

    @functools.cached_property
    def neutral_figures(self) -> dict[str, NeutralFigure]:
        return {kind.code: kind for kind in _merged(self.parts, "neutral_figures")}

    @functools.cached_property
    def tile_states(self) -> dict[str, TileState]:
        return {state.name: state for state in _merged(self.parts, "tile_states")}

    @functools.cached_property
    def large_tiles(self) -> dict[str, LargeTile]:
        return {tile.code: tile for tile in _merged(self.parts, "large_tiles")}

    @functools.cached_property
    def _tie_breaks(self) -> dict[FeatureKind, tuple[TieBreak, ...]]:
        breaks = _merged(self.parts, "tie_breaks")
        return {kind: tuple(b for b in breaks if kind in b.features) for kind in FeatureKind}

    def tie_breaks(self, kind: FeatureKind) -> tuple[TieBreak, ...]:
        """The tie-breaks in play for one feature kind, in part order."""
        return self._tie_breaks[kind]

    @functools.cached_property
    def _transforms(self) -> dict[FeatureKind, tuple[ScoreTransform, ...]]:
        transforms = _merged(self.parts, "transforms")
        return {kind: tuple(t for t in transforms if kind in t.features) for kind in FeatureKind}

    def transforms(self, kind: FeatureKind) -> tuple[ScoreTransform, ...]:
        """The score transforms in play for one feature kind, in part order."""
        return self._transforms[kind]

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
        self.tile_traits: dict[str, TileTrait] = {
            trait.name: trait
            for part in self._parts.values() for trait in part.tile_traits
        }
        """What tile data may say a tile is (``traits: [abbey]``), from every part."""
        self.large_tiles: dict[str, LargeTile] = {
            tile.code: tile for part in self._parts.values() for tile in part.large_tiles
        }
        """Tiles that cover several squares, by code, from every registered part."""
        self.large_tile_part: dict[str, Part] = {
            tile.code: part for part in self._parts.values() for tile in part.large_tiles
        }
        self.tile_states: dict[str, TileState] = {
            state.name: state for part in self._parts.values() for state in part.tile_states
        }
        """Every per-tile state a request may enter, by name."""
        self.tile_state_part: dict[str, Part] = {
            state.name: part for part in self._parts.values() for state in part.tile_states
        }
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
        codes += [state.invalid for state in _merged(parts, "tile_states")]
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
            owners = {part.code: self._owner[part.code].code for part in parts}
            found = self._in_play[key] = InPlay(parts, frozenset(groups), key, owners)
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

    def figure_counts(self, feature: Feature) -> dict[Color, int]:
        """Each player's strength on ``feature``, in player order (see
        :func:`~scoring.engine.results.figure_counts`), with the strengths that depend
        on the feature (``FigureKind.strength_of``) computed for it."""
        functions = self.in_play.strength_functions
        strengths = self.strengths
        if functions:
            kinds = {figure.kind for figure in feature.figures}
            if not kinds.isdisjoint(functions):
                strengths = {**strengths, **{code: strength(feature)
                                             for code, strength in functions.items()
                                             if code in kinds}}
        return figure_counts(feature.figures, strengths, self.players)

    def owners(self, feature: Feature, counts: Mapping[Color, int]) -> tuple[list[Color], str]:
        """The players who own ``feature`` (the most strength) and, when a tie-break
        in play decided between tied players, its note for the explanation."""
        owners = majority(counts)
        note = ""
        if len(owners) > 1:
            for tie_break in self.in_play.tie_breaks(feature.kind):
                decided = tie_break.decide(feature, owners, self)
                if decided is not None:
                    owners, text = decided
                    note += f"; {text}"
                    if len(owners) < 2:
                        break
        return owners, note

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
