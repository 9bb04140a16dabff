"""The outcome of a final scoring, shaped like the contract's response.

A :class:`ScoreResult` holds one :class:`PlayerResult` per player, the winners, one
:class:`FeatureResult` per occupied feature and warnings; :meth:`ScoreResult.to_json`
produces the exact response body. The helpers :func:`majority` and :func:`plural` are
shared by the feature scorers of every expansion.

>>> plural(1, "tile"), plural(2, "city", "cities")
('1 tile', '2 cities')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .board import Color, Figure
from .messages import FeatureRef, Listing, Message, PlayerRef
from .messages import english_text as english
from .tiles import FeatureKind

BY_KIND_KEYS: tuple[FeatureKind, ...] = tuple(FeatureKind)
"""The feature kinds every player's ``by_kind`` lists, in response order (bonuses of the
expansions in play follow them)."""

_NAME: dict[Color | FeatureKind, str] = {
    member: member.value for enum in (Color, FeatureKind) for member in enum
}
"""The JSON name of each colour and feature kind: a dict lookup is much cheaper than
``Enum.value`` in the loops that write the response."""

COLOR_NAME: dict[Color, str] = {color: color.value for color in Color}
"""The JSON name of each colour, for the response writers of the expansions."""


def _by_name(by_color: Mapping[Color, int]) -> dict[str, int]:
    """``{Color.RED: 2}`` as the response writes it, ``{"red": 2}``. Most features
    have a single player on them: that dict is built without a comprehension."""
    if len(by_color) == 1:
        for color, count in by_color.items():
            return {_NAME[color]: count}
    return {_NAME[color]: count for color, count in by_color.items()}


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    """``"1 tile"``, ``"3 tiles"``."""
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"


def figure_counts(
    figures: Sequence[Figure], strengths: Mapping[str, int], players: Sequence[Color]
) -> dict[Color, int]:
    """Each player's strength on a feature (a figure counts its kind's strength), in
    player order, leaving out players with no figure there.

    >>> from scoring.engine.locations import Location
    >>> figures = [Figure(Color.RED, 0, 0, Location.N, "pawn"),
    ...            Figure(Color.BLUE, 1, 0, Location.W, "pawn"),
    ...            Figure(Color.RED, 2, 0, Location.E, "pawn")]
    >>> figure_counts(figures, {"pawn": 1}, [Color.BLUE, Color.RED])
    {Color.BLUE: 1, Color.RED: 2}

    Figures of strength 0 (a builder, a pig) are left out.
    """
    if len(figures) == 1:
        (figure,) = figures
        strength = strengths.get(figure.kind, 1)
        return {figure.player: strength} if strength else {}
    totals: dict[Color, int] = {}
    for figure in figures:
        strength = strengths.get(figure.kind, 1)
        if strength:
            totals[figure.player] = totals.get(figure.player, 0) + strength
    return {player: totals[player] for player in players if player in totals}


def majority(counts: Mapping[Color, int]) -> list[Color]:
    """The players with the most figures (all of them on a tie), in the order given.

    >>> majority({Color.BLUE: 1, Color.RED: 2, Color.GREEN: 2})
    [Color.RED, Color.GREEN]
    """
    if len(counts) < 2:
        return list(counts)
    best = max(counts.values())
    return [player for player, count in counts.items() if count == best]


def player_counts(counts: Mapping[Color, int]) -> Listing:
    """``red 2, blue 1``: each player's figures on a feature, for a message."""
    name = _NAME
    return Listing(tuple([Message("player.count", {"player": PlayerRef(name[player]),
                                                   "count": count})
                          for player, count in counts.items()]))


def majority_note(
    counts: Mapping[Color, int], owners: Sequence[Color], *, in_full: bool = True
) -> Message | None:
    """A short note on who wins the majority, when several players are involved.
    ``in_full=False`` when tied owners may still collect different points."""
    if len(counts) < 2:
        return None
    name = _NAME
    listing = player_counts(counts)
    if len(owners) == 1:
        return Message("majority.one", {"owner": PlayerRef(name[owners[0]]), "counts": listing})
    names = Listing(tuple([PlayerRef(name[owner]) for owner in owners]), "join.and")
    return Message("majority.tie_in_full" if in_full else "majority.tie_own",
                   {"owners": names, "counts": listing})


@dataclasses.dataclass(slots=True)
class CityRef:
    """A city a farm counted, as the response lists it."""

    id: str
    tiles: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tiles": list(map(list, self.tiles))}


@dataclasses.dataclass(slots=True)
class FeatureResult:
    """The scoring of one occupied feature."""

    kind: FeatureKind
    number: int
    complete: bool
    tiles: tuple[tuple[int, int], ...]
    figures: Mapping[Color, int]
    """Figure strength per player on the feature."""
    owners: tuple[Color, ...]
    """Players with the most figures."""
    points: int
    """What the feature is worth to its owners (for farms under older rules, the most
    any player collected through it)."""
    scored: Mapping[Color, int]
    """Points each player collects through this feature."""
    said: Message
    """The explanation: its message id and parameters (:attr:`explanation` is its
    English, made when the response is written)."""
    cities: tuple[CityRef, ...] | None = None
    """For farms: the completed cities counted."""
    extras: Mapping[str, Any] | None = None
    """What the expansions in play add to the feature (``"inn": true``,
    ``"builders": ["red"]``)."""
    standing: tuple[Any, ...] = ()
    """The figures on the feature as the request placed them: the players'
    (:class:`~scoring.engine.board.Figure`), then those nobody owns
    (:class:`~scoring.engine.board.NeutralPiece`); set by the scoring, which has the
    feature."""

    @property
    def id(self) -> str:
        return f"{_NAME[self.kind]}-{self.number}"

    @property
    def explanation(self) -> str:
        """The arithmetic in English (``incomplete road: 2 tiles × 1 = 2``)."""
        return self.said.text()

    def to_json(self) -> dict[str, Any]:
        name = _NAME
        kind = name[self.kind]
        owners = self.owners
        data: dict[str, Any] = {
            "id": f"{kind}-{self.number}",
            "kind": kind,
            "complete": self.complete,
            "tiles": list(map(list, self.tiles)),
            "figures": _by_name(self.figures),
            "owners": ([name[owners[0]]] if len(owners) == 1
                       else [name[player] for player in owners]),
            "points": self.points,
            "scored": _by_name(self.scored),
        }
        if self.extras:
            data.update(self.extras)
        if self.cities is not None:
            data["cities"] = [city.to_json() for city in self.cities]
        data["explanation"] = english(self.said)
        if self.standing:
            data["standing"] = [_standing(figure) for figure in self.standing]
        return data

    def explained_json(self) -> dict[str, Any]:
        """:meth:`to_json` with the explanation's message, for the players' page."""
        data = self.to_json()
        data["explanation_message"] = self.said.to_json()
        return data


def _standing(figure: Any) -> dict[str, Any]:
    """A figure on a scored feature as the response lists it: ``{"player": "red",
    "kind": "mayor", "x": 0, "y": -1, "at": "N"}``; a figure nobody owns has no
    ``player``, one standing on a tile no ``at``."""
    player = getattr(figure, "player", None)
    data: dict[str, Any] = {"player": _NAME[player]} if player is not None else {}
    data["kind"] = figure.kind
    data["x"] = figure.x
    data["y"] = figure.y
    if figure.at is not None:
        data["at"] = figure.at.value
    return data


@dataclasses.dataclass(slots=True)
class PlayerResult:
    """One player's final scoring and standing."""

    color: Color
    name: str | None
    points_before: int
    by_kind: Mapping[str, int]
    """Points by feature kind, then by bonus (``"goods"``)."""
    rank: int
    tokens: Mapping[str, Mapping[str, int]] | None = None
    """Tokens the player holds, for the token kinds in play (``{"goods": {...}}``)."""

    @property
    def final_points(self) -> int:
        return sum(self.by_kind.values())

    @property
    def total(self) -> int:
        return self.points_before + self.final_points

    def to_json(self) -> dict[str, Any]:
        final_points = self.final_points
        data: dict[str, Any] = {
            "color": _NAME[self.color],
            "name": self.name,
            "points_before": self.points_before,
        }
        if self.tokens:
            data.update({name: dict(counts) for name, counts in self.tokens.items()})
        data["final_points"] = final_points
        data["total"] = self.points_before + final_points
        data["by_kind"] = dict(self.by_kind)
        data["rank"] = self.rank
        return data


def feature_ref(feature: Any) -> FeatureRef:
    """A feature (or a feature's result) as a message names it: its id, kind and tiles."""
    kind = feature.kind
    return FeatureRef(f"{_NAME[kind]}-{feature.number}", _NAME[kind], tuple(feature.tiles))


@dataclasses.dataclass(slots=True)
class ScoreWarning:
    """Something worth telling the players that does not stop the scoring."""

    code: str
    feature: str
    said: Message
    """What the players are told (:attr:`message` is its English)."""

    @property
    def message(self) -> str:
        return self.said.text()

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "feature": self.feature, **self.said.said_fields()}


@dataclasses.dataclass(frozen=True)
class BonusResult:
    """One entry of a bonus that belongs to no feature (trade goods: one per good)."""

    data: Mapping[str, Any]
    """The response entry, plain JSON."""
    scored: Mapping[Color, int]
    """Points each player collects through it."""
    said: Message | None = None
    """The entry's explanation as a message, where it names a feature or a player."""

    def to_json(self, for_players: bool = False) -> dict[str, Any]:
        data = dict(self.data)
        if for_players and self.said is not None:
            data["explanation_message"] = self.said.to_json()
        return data


@dataclasses.dataclass(frozen=True)
class ScoreResult:
    """The whole final scoring."""

    players: tuple[PlayerResult, ...]
    features: tuple[FeatureResult, ...]
    warnings: tuple[ScoreWarning, ...] = ()
    bonuses: Mapping[str, tuple[BonusResult, ...]] = dataclasses.field(default_factory=dict)
    """Bonus entries by response key (``"trade_goods"``)."""
    printings: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The expansions played from an earlier printing than the game's edition, with that
    printing (``{"tower": "C2"}`` in a C3 game); the response leaves it out when empty."""
    for_players: bool = False
    """Scored for the players' page: the response adds each explanation's message
    (``explanation_message``: its id and parameters)."""

    @property
    def winners(self) -> tuple[Color, ...]:
        """Every player with the highest total, in player order."""
        return tuple(player.color for player in self.players if player.rank == 1)

    def player(self, color: Color | str) -> PlayerResult:
        """The result of the player with that colour."""
        wanted = Color(color) if isinstance(color, str) else color
        for player in self.players:
            if player.color is wanted:
                return player
        raise KeyError(wanted)

    def feature(self, feature_id: str) -> FeatureResult:
        """The result of the feature with that id."""
        for feature in self.features:
            if feature.id == feature_id:
                return feature
        raise KeyError(feature_id)

    def to_json(self) -> dict[str, Any]:
        """The response body of ``POST /api/score/``."""
        data: dict[str, Any] = {
            "players": [player.to_json() for player in self.players],
            "winners": [_NAME[color] for color in self.winners],
            "features": ([feature.explained_json() for feature in self.features]
                         if self.for_players else
                         [feature.to_json() for feature in self.features]),
        }
        for_players = self.for_players
        for key, entries in self.bonuses.items():
            data[key] = [entry.to_json(for_players) for entry in entries]
        if self.printings:
            data["printings"] = dict(self.printings)
        data["warnings"] = [warning.to_json() for warning in self.warnings]
        return data


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Ranks where ties share a place and the next place is skipped (1, 1, 3).

    >>> competition_ranks([62, 64, 62, 70])
    [3, 2, 3, 1]
    """
    return [1 + sum(other > total for other in totals) for total in totals]
