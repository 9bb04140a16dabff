"""The declaration values an expansion is made of: what its figures, tiles, rules and
scoring bring, each a small typed value (see :mod:`scoring.engine.expansion` for how an
:class:`~scoring.engine.expansion.Expansion` gathers them and what puts them in play).

Each value says what it declares in its docstring, with the request fields it adds.
Nothing here runs on its own: the validator, the feature graph and the scorer read them
from :class:`~scoring.engine.expansion.InPlay`.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .glyphs import Glyph, Glyphs
from .messages import Message, Text, add_templates
from .problems import BoardError, ProblemCode
from .tiles import EdgeType, FeatureKind
from .wording import Unit, add_units, noun, unit, word_key

if TYPE_CHECKING:
    from .board import Color
    from .features import Feature, FeatureGraph
    from .results import BonusResult


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
    listed_word: str = ""
    """How the results panel names that list (default: ``listed_as``), when the
    player needs more than the name (a shepherd's flock scores nothing at the end)."""
    when_missing: WhenMissing = WhenMissing.NOT_IN_PLAY
    follower: bool = True
    """Whether it is a follower: what a builder or pig joins (``Placement.
    beside_follower``) and what rules about followers count. A figure of strength 0
    that is still a follower must say so."""
    strength_of: StrengthOf | None = None
    """When set, the strength on each feature, replacing ``strength`` (the mayor:
    ``lambda city: city.pennants``). Called once per feature the kind stands on."""
    strength_words: str = ""
    """How ``strength_of`` counts, for the explanation of a feature where it gives 0
    ("1 a {pennant} of his city": "red's mayor counts 0 here (1 a pennant of his city:
    none)"); ``{pennant}`` and ``{pennant_plural}`` take the edition's words (see
    :mod:`~scoring.engine.wording`). It is the template of ``figure.<code>.strength``."""
    stands: Stand = Stand.FEATURE
    counts_as: str | None = None
    """The code of a figure kind this one is in every respect where it stands (the
    phantom: a meeple), so that a rule of another expansion written for that kind takes
    this one too without naming it: a :class:`Space` that takes meeples takes phantoms."""
    silhouette: str = ""
    """The figure's outline, so that a player tells the kinds apart by shape: SVG path
    data about 30 units tall, centred on (0, 0) where the figure stands, which the board
    builder fills with the owner's colour. Each kind has its own."""

    def __post_init__(self) -> None:
        if self.strength_words:
            add_templates({f"figure.{self.code}.strength": self.strength_words})

    @property
    def plural_name(self) -> str:
        return self.plural or self.name + "s"

    def to_data(self) -> dict[str, Any]:
        """The kind as plain data (see :func:`~scoring.engine.document.rules_document`):
        what a page needs to offer, draw and count it; how its strength depends on a
        feature stays with the engine."""
        return {
            "code": self.code, "name": self.name, "plural": self.plural_name,
            "limit": self.limit, "strength": self.strength, "listed_as": self.listed_as,
            # Its outline (SVG path data), filled with the owner's colour.
            "silhouette": self.silhouette,
            # A follower is what a builder or pig joins; a figure that stands on a
            # corner (a barn) names the corner where four tiles meet.
            "follower": self.follower, "stands": self.stands.value,
            "counts_as": self.counts_as,
        }

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

    def to_data(self) -> dict[str, Any]:
        """Where and as what the figure stands, and what else must be in play; whom it
        must stand beside depends on what is in play (``InPlay.beside``)."""
        return {"feature": self.feature.value, "role": self.role, "needs": list(self.needs)}


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
    asked: str = ""
    """How the score pad asks about it when a player scores a feature during play
    (``"with an inn"``); empty when it changes nothing a pad computes."""


@dataclasses.dataclass(frozen=True)
class PlayPoints:
    """Points an expansion hands out during play, outside the scoring of a feature (the
    fairy's point at the start of a turn, a wind rose laid in its quarter, a prisoner
    bought back), as the score pad offers them (:mod:`~scoring.engine.pad`).

    One occurrence is worth ``each`` points, times the count of ``unit`` when the
    rule counts something (sheep in a flock). With ``paid`` the points move from one
    player to another (a ransom): the payer loses what the receiver gains.
    """

    code: str
    """Stable, unique among every expansion (``"fairy-turn"``)."""
    label: str
    """What happened, for the pad's form and explanation."""
    each: int
    unit: tuple[str, str] | None = None
    """(singular, plural) of what is counted, or ``None`` for one occurrence."""
    paid: bool = False
    rules: str = ""
    """The anchor of the rules page section that states it (``"fairy"``)."""

    def __post_init__(self) -> None:
        # The explanation names the label and the unit by id (``play.<code>``,
        # ``word.<unit>``), which another language's catalogue words.
        add_templates({f"play.{self.code}": self.label})
        if self.unit is not None:
            add_units({word_key(self.unit[0]): self.unit})

    @property
    def label_said(self) -> Message:
        return Message(f"play.{self.code}")

    @property
    def unit_said(self) -> Unit:
        assert self.unit is not None
        return unit(word_key(self.unit[0]))


@dataclasses.dataclass(frozen=True)
class Space:
    """A place printed on a tile, off its features, where players' figures stand (the
    acrobat space of Under the Big Top), declared on a :class:`LandmarkKind`.

    The request places a figure there among ``figures`` with the landmark's name as
    ``at``: ``{"player": "red", "x": 2, "y": 0, "at": "acrobats"}``. Only the figure kinds
    in ``kinds`` stand there, at most ``holds`` on one tile (``too_many_figures``), and
    they count against their owner's supply. Like a figure in a :class:`District`, such a
    figure is on no feature: the parsed request keeps it in ``request.board.districts``
    (its ``district`` is the landmark's name), where bonuses and checks find it. A space
    of a part not in play takes no figure (``expansion_not_in_play``).
    """

    holds: int
    """How many figures one tile's space takes (a pyramid of three)."""
    kinds: tuple[str, ...]
    """The figure kind codes that may stand there; a kind that counts as one of them
    (``FigureKind.counts_as``) may too: the registry's ``spaces`` list both."""
    word: str = ""
    """How messages name the space (``"acrobat space"``; default: the landmark's name
    and "space")."""

    def to_data(self) -> dict[str, Any]:
        return {"holds": self.holds, "kinds": list(self.kinds), "word": self.word}


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
    space: Space | None = None
    """When set, players' figures stand on it (see :class:`Space`)."""


@dataclasses.dataclass
class Valuation:
    """What a feature is worth, as the base scoring computes it and modifiers change it.

    The points are ``each`` times the sum of the ``terms`` (a road: its tiles; a city:
    its tiles and pennants; a farm: its completed cities), plus for farms the bonuses per
    unit in ``shared_bonus`` (every owner) and ``owner_bonus`` (some owners).
    """

    label: Text
    """How the explanation names it: ``"completed road"``."""
    each: int
    terms: list[tuple[int, Message, Message]]
    """(count, singular word, plural word), the words as messages
    (:data:`~scoring.engine.wording.TILE`)."""
    zero_reason: Text | None = None
    """Set when the feature scores nothing, and why (``"scores nothing"``)."""
    show_empty_terms: bool = False
    """Write terms with a count of 0 in the explanation (``0 pennants × 3``)."""
    extras: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Keys added to the feature in the response (``"inn": true``)."""
    shared_bonus: list[tuple[int, Text]] = dataclasses.field(default_factory=list)
    """Points per unit every owner gets on top of ``each``, with a note."""
    owner_bonus: dict[Color, list[tuple[int, Text]]] = dataclasses.field(default_factory=dict)
    """Points per unit only some owners get, with a note."""
    plus: list[tuple[int, Text]] = dataclasses.field(default_factory=list)
    """Points added once to the feature's value, with a note (``(6, "2 vineyards × 3")``,
    see :class:`AreaBonus`). A farm pays them once to each of its owners, on top of what
    its cities pay, whichever farm scoring the rules name."""

    @property
    def units(self) -> int:
        return sum(count for count, _, _ in self.terms)

    @property
    def points(self) -> int:
        """The value without the farm bonuses: ``each`` × the terms, plus ``plus``."""
        if self.zero_reason is not None:
            return 0
        return self.each * self.units + sum(points for points, _ in self.plus)


Context = Any
"""The :class:`~scoring.engine.expansion.ScoringContext` a scoring hook is called with
(named loosely here: the context is built from what these values declare)."""

Modify = Callable[["Feature", Valuation, Context], None]


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
        return self.title or first_sentence(self.apply)


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
    on_scoreboard: bool = False
    """The counts are points already on the scoreboard (the two score markers of
    Messages): they add to the player's points before the final scoring, beside
    ``points``."""

    def word(self, kind: str) -> str:
        return self.words.get(kind, kind)

    def to_data(self) -> dict[str, Any]:
        """The tokens as plain data: their kinds with their words, whether each is held
        or counted, and the caps."""
        return {
            "name": self.name, "kinds": list(self.kinds), "meaning": self.meaning,
            "flags": self.flags, "per_player": self.per_player, "in_all": self.in_all,
            "words": {kind: self.word(kind) for kind in self.kinds},
            "on_scoreboard": self.on_scoreboard,
        }


@dataclasses.dataclass(frozen=True)
class PlayerBonus:
    """Points per player that belong to no feature, listed under ``key`` in the
    response and counted in ``by_kind[by_kind]``."""

    key: str
    by_kind: str
    score: Callable[[Context], Sequence[BonusResult]]
    title: str = ""
    """A short title for the list of scoring steps (default: the function's first
    docstring line)."""

    @property
    def step_title(self) -> str:
        return self.title or first_sentence(self.score)


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
    on_tile_rule: tuple[str, Any] | None = None
    """``(rule name, value)``: under that rule choice the figure stands on a tile rather
    than beside a feature (the fairy of the other publishers' rules), so ``at`` may be
    left out; when given it is checked as usual but names only the tile."""
    silhouette: str = ""
    """Its outline, as :attr:`FigureKind.silhouette` (drawn in grey: nobody owns it)."""
    colour: str = ""
    """The player colour it is drawn in, for kinds told apart by their colour alone (a
    tunnel token of each colour, which share one outline); empty: grey."""
    never_beside: tuple[str, str] | None = None
    """``(code of another neutral figure, error code)``: the two never stand on the same
    feature (the mage and the witch), which a caller asking about one feature refuses
    with that code."""

    def to_data(self) -> dict[str, Any]:
        """The figure as plain data; ``on_tile_rule`` ({name, value}) and
        ``never_beside`` ({figure, code}) only when it has them."""
        data: dict[str, Any] = {
            "code": self.code, "name": self.name, "limit": self.limit,
            "features": [feature.value for feature in self.features],
            "meaning": self.meaning, "silhouette": self.silhouette,
        }
        if self.colour:
            data["colour"] = self.colour
        if self.on_tile_rule:
            data["on_tile_rule"] = {"name": self.on_tile_rule[0], "value": self.on_tile_rule[1]}
        if self.never_beside:
            data["never_beside"] = {"figure": self.never_beside[0], "code": self.never_beside[1]}
        return data


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

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "meaning": self.meaning, "any_edges": self.any_edges,
                "closes": self.closes}


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

    def to_data(self) -> dict[str, Any]:
        """Its pieces ``[dx, dy, code]``, copies per edition and districts."""
        return {"code": self.code, "name": self.name,
                "pieces": [list(piece) for piece in self.pieces], "counts": dict(self.counts),
                "districts": [{"name": district.name, "meaning": district.meaning}
                              for district in self.districts]}


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
    choices: Callable[[Any], Sequence[Any]] | None = None
    """The values one tile type may take, in ``values`` order (a ferry links two of its
    own lake's jetties); default every value. The builder offers only these."""
    label: str = ""
    """What the builder's tile panel calls it (default: the name)."""
    sides: bool = False
    """The values name sides of the tile as printed, joined by ``-`` (``"E-W"``): the
    builder shows them as the turned tile on the board has them."""
    players: bool = False
    """The values are players' colours (who topped a tower): the builder offers the
    players of the game, by their names, rather than every colour."""
    refuses: Callable[[Any, Any], Message | None] | None = None
    """``refuses(definition, value)`` -> why this tile type cannot take that value (a
    sentence for the player, the ``invalid`` error), or ``None`` when it can: for a
    value allowed on some tiles only (a bridge needs field edges at both ends)."""
    _variants: dict[tuple[int, Any], tuple[Any, Any]] = dataclasses.field(
        default_factory=dict, compare=False, hash=False, repr=False)

    def variant_of(self, definition: Any, value: Any) -> Any:
        """The tile definition with this state, made once per tile and value."""
        key = (id(definition), value)
        found = self._variants.get(key)
        if found is None:
            found = self._variants[key] = (definition, self.variant(definition, value))
        return found[1]

    def to_data(self) -> dict[str, Any]:
        """The state as a page asks for it: a number between ``min`` and ``max`` when
        every value is a whole number in a run, else a choice among ``values``. A state
        whose values name sides of the tile as printed, joined by ``-``, says so
        (``sides``: a page turns them with the tile); one whose values are players'
        colours says so (``players``: a page offers the game's players)."""
        values = list(self.values)
        data: dict[str, Any] = {
            "name": self.name, "label": self.label or self.name.replace("_", " "),
            "meaning": self.meaning, "values": values,
        }
        whole = all(isinstance(value, int) and not isinstance(value, bool) for value in values)
        if whole and values and values == list(range(values[0], values[-1] + 1)):
            data["number"] = {"min": values[0], "max": values[-1]}
        if self.sides:
            data["sides"] = True
        if self.players:
            data["players"] = True
        return data


@dataclasses.dataclass(frozen=True)
class Conversion:
    """A completed city that a token standing on it turned into something else (a
    castle). A figure of kind ``figure`` on a city says so.

    Such a city is no longer a completed city: farms and the king leave it out of their
    count (:meth:`~scoring.engine.expansion.InPlay.split_cities`,
    :meth:`~scoring.engine.expansion.InPlay.completed_cities`), and a farm bordering it
    pays each owner ``farm_extra`` more for it than that owner gets for a completed
    city (a castle: 4 instead of 3, 5 with a pig). The city itself is scored by the
    part's own modifier.
    """

    figure: str
    """The figure kind whose token converts the city (``"castle"``)."""
    word: str
    """What the converted city is called in explanations (``"castle"``)."""
    plural: str
    farm_extra: int = 1

    def __post_init__(self) -> None:
        add_units({word_key(self.word): (self.word, self.plural)})

    @property
    def said(self) -> Unit:
        """The word and its plural as messages (``word.castle``)."""
        return unit(word_key(self.word))


@dataclasses.dataclass(frozen=True)
class CityWeight:
    """How many times a completed city counts for the farms that border it (a besieged
    city counts twice). ``weight(city)`` returns that number for a completed city: 1 for
    a city the rule leaves alone.

    The farm scorers that pay so much a completed city (the second- and third-edition
    methods) pay a city of weight 2 twice, bonuses per city included (a pig's +1 too);
    the farm lists such cities under ``extras[key]`` and its explanation says so. The
    first-edition method, which awards each city to the most farmers around it, has no
    rule for them: it counts them once and warns (``farm_bonus_ignored``). A city turned
    into something else (a castle, :class:`Conversion`) is paid as its conversion says.
    """

    weight: Callable[[Feature], int]
    word: str
    """What such a city is called in explanations (``"besieged city"``)."""
    plural: str
    key: str
    """The farm's response key listing how many of them it borders."""
    title: str = ""

    def __post_init__(self) -> None:
        add_units({word_key(self.word): (self.word, self.plural)})

    @property
    def said(self) -> Unit:
        """The word and its plural as messages (``word.besieged_city``)."""
        return unit(word_key(self.word))

    @property
    def step_title(self) -> str:
        return self.title or first_sentence(self.weight)


@dataclasses.dataclass(frozen=True)
class TieBreak:
    """Decides between players tied for the most strength on a feature (hills).

    ``decide(feature, owners, context)`` gets the tied owners (two or more, in player
    order) and returns the owners it keeps with a note for the explanation, or ``None``
    to leave the tie. Tie-breaks of the kinds in ``features`` run in part order.
    """

    features: tuple[FeatureKind, ...]
    decide: Callable[[Feature, list[Color], Context], tuple[list[Color], Text] | None]
    title: str = ""

    @property
    def step_title(self) -> str:
        return self.title or first_sentence(self.decide)


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

    def __post_init__(self) -> None:
        # The counted thing is always written plural ("1 vineyards × 3").
        add_templates({f"word.{word_key(self.word)}": self.word})

    @property
    def step_title(self) -> str:
        return self.title or f"{self.word} around {_a_word(self.feature.value)}"

    def modify(self, feature: Feature, valuation: Valuation, context: Context) -> None:
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
            valuation.plus.append((found * self.each, Message("score.area_term", {
                "count": found, "word": noun(word_key(self.word)),
                "each": self.each})))


@dataclasses.dataclass(frozen=True)
class Passage:
    """Features joined far apart by a pair of neutral figures (tunnel tokens of one
    colour, which join two roads into one running underground).

    When exactly two figures of one of the ``kinds`` stand on the board, the features
    under them become one feature: its tiles, figures and ends are those of both. Every
    segment that carries the attribute ``opening`` (a tunnel opening) is an open end of
    its feature until such a pair stands on it: the feature is not complete while one of
    its openings is unpaired, however its edges are closed. Where the figures may stand
    is for the expansion to check (a :class:`BoardCheck`)."""

    kinds: tuple[str, ...]
    """Codes of :class:`NeutralFigure` kinds; two of one kind make a pair."""
    opening: str
    """The :class:`SegmentAttribute` name of the segments such a pair joins."""


@dataclasses.dataclass(frozen=True)
class ScoreTransform:
    """Changes a feature's points after every modifier (the witch halves, rounded up).

    ``apply(feature, points, context)`` returns the new points and a note, or ``None``
    to leave them. It applies to what the feature is worth and to what each player
    collects through it; the note is added to the explanation as ``"; <note> → <new>"``.
    """

    features: tuple[FeatureKind, ...]
    apply: Callable[[Feature, int, Context], tuple[int, Text] | None]
    title: str = ""

    @property
    def step_title(self) -> str:
        return self.title or first_sentence(self.apply)


def first_sentence(function: Callable[..., Any]) -> str:
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
    pairwise: tuple[ProblemCode, ...] = ()
    """Codes among ``codes`` that two tiles joined along an ``edge`` edge decide alone,
    whatever else lies on the board (the river's U-turn): :meth:`refused_joins` lists
    those joins as data, so that a page can offer only placements the check accepts."""
    edge: str | None = None
    """The edge letter (``EdgeType`` value) the ``pairwise`` codes look at."""

    def refused_joins(self) -> list[dict[str, Any]]:
        """The joins :func:`_refused_joins` finds (worked out once per rule), as data: for
        each ``pairwise`` code, its meaning and its joins ``[mine, side, theirs]``."""
        found = _refused_joins(self)
        return [{"code": code.value, "meaning": code.meaning,
                 "joins": [[mine, side, theirs] for mine, side, theirs, of in found if of is code]}
                for code in self.pairwise if any(of is code for *_join, of in found)]


@functools.cache
def _refused_joins(rule: LayoutRule) -> tuple[tuple[str, str, str, ProblemCode], ...]:
    """Every join ``check`` refuses with a ``pairwise`` code, found by running it on
    two-tile boards: a tile (``mine``, the sides showing ``edge``, in N, E, S, W
    order) laid with its side ``side`` against an earlier tile (``theirs``, the same
    for it), each tile showing a field edge wherever it shows no ``edge`` edge."""
    from types import SimpleNamespace

    from .locations import Side

    if not rule.pairwise or rule.edge is None:
        return ()
    shown, other = EdgeType(rule.edge), EdgeType.FIELD
    wanted = {problem.value: problem for problem in rule.pairwise}
    sets = [tuple(side for side in Side if mask >> side & 1) for mask in range(1, 16)]

    def tile(index: int, x: int, y: int, sides: tuple[Side, ...]) -> Any:
        edges = tuple(shown if side in sides else other for side in Side)
        definition = SimpleNamespace(has_landmark=lambda *_args, **_kwargs: False)
        return SimpleNamespace(
            index=index, code=f"t{index}", x=x, y=y, label=f"tiles[{index}]",
            oriented=SimpleNamespace(edges=edges, definition=definition))

    refused: list[tuple[str, str, str, ProblemCode]] = []
    for mine in sets:
        for side in mine:
            dx, dy = side.offset
            for theirs in sets:
                if side.opposite not in theirs:
                    continue
                board = [tile(0, dx, dy, theirs), tile(1, 0, 0, mine)]
                codes = sorted({error.code.value for error in rule.check(board)
                                if error.code.value in wanted})
                refused.extend(
                    ("".join(s.name for s in mine), side.name,
                     "".join(s.name for s in theirs), wanted[code]) for code in codes)
    return tuple(refused)


@dataclasses.dataclass(frozen=True)
class FigureRule:
    """A check of one figure on its tile: ``check(tile, segment, kind)`` returns why it
    may not stand there, or ``None``.

    ``laying_only``: the rule forbids placing a figure when the tile is laid, and holds
    for the finished board only as long as nothing brings figures to tiles already on
    the table; with a part in play that does (``Part.reaches_laid_tiles``: the magic
    portal), it is not checked."""

    check: Callable[[Any, Any, str], Message | None]
    laying_only: bool = False


@dataclasses.dataclass(frozen=True)
class BoardCheck:
    """A check that needs the feature graph (tokens against the completed cities)."""

    codes: tuple[ProblemCode, ...]
    check: Callable[[Any], Iterable[BoardError]]
    """Called with a :class:`~scoring.engine.expansion.BoardView`."""
