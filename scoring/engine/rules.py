"""The rule choices a request can make: edition and scoring rules.

The contract's ``rules`` object becomes a :class:`RuleSet`; the ``edition`` string an
:class:`Edition`. Parsing here assumes a request that :mod:`validation` has accepted
and raises :class:`RuleError` otherwise; validation reports problems one by one.

>>> RuleSet.from_json({"farm_scoring": "first-edition"})
RuleSet(farm_scoring=FarmScoring.FIRST_EDITION, small_cities=False, incomplete_features=True)
>>> RuleSet().to_json()
{'farm_scoring': 'third-edition', 'small_cities': False, 'incomplete_features': True}
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping


class RuleError(ValueError):
    """Raised when an edition or a rules object cannot be parsed."""


class Edition(enum.Enum):
    """A printing of the base game, which decides the tiles and the figures that exist."""

    # Members are singletons compared by identity, so an identity hash is consistent;
    # Enum's own __hash__ runs Python code, and these are dict keys in hot loops.
    __hash__ = object.__hash__

    C1 = "C1"
    """First edition (2000): no gardens and no abbot; its own tile counts."""
    C2 = "C2"
    """Second edition (2014): gardens on eight base tiles, abbot in the box."""
    C3 = "C3"
    """Third edition (2021): the tiles of C2 with new artwork."""

    @classmethod
    def parse(cls, code: str) -> Edition:
        """Parse an edition code.

        >>> Edition.parse("C1")
        Edition.C1
        """
        try:
            return cls(code)
        except ValueError:
            raise RuleError(f"unknown edition {code!r}: use C1, C2 or C3") from None

    def __repr__(self) -> str:
        return f"Edition.{self.name}"


DEFAULT_EDITION = Edition.C3


class FarmScoring(enum.Enum):
    """How farms are scored at the end of the game."""

    THIRD_EDITION = "third-edition"
    """Each farm scores 3 for every completed city it borders; one city can pay several
    farms, even several farms of the same player. The rule of every current edition."""
    SECOND_EDITION = "second-edition"
    """Each farm scores 3 for every completed city it borders, but a player collects each
    city at most once, however many of their farms border it."""
    FIRST_EDITION = "first-edition"
    """Scored city by city: each completed city pays 4 to the player or players with the
    most farmers on all the farms that border it, whichever side those farms are on."""

    @classmethod
    def parse(cls, value: str) -> FarmScoring:
        """Parse a farm scoring name.

        >>> FarmScoring.parse("second-edition")
        FarmScoring.SECOND_EDITION
        """
        try:
            return cls(value)
        except ValueError:
            names = ", ".join(member.value for member in cls)
            raise RuleError(f"farm_scoring must be one of {names}, not {value!r}") from None

    def __repr__(self) -> str:
        return f"FarmScoring.{self.name}"


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """The scoring rules the players agreed on."""

    farm_scoring: FarmScoring = FarmScoring.THIRD_EDITION
    """How farms score; see :class:`FarmScoring`."""
    small_cities: bool = False
    """The old rule: a completed city of two tiles scores 1 a tile and 1 a pennant."""
    incomplete_features: bool = True
    """``False`` is the house rule that incomplete roads, cities, monasteries and gardens
    score nothing at the end (farms still score)."""

    NAMES = ("farm_scoring", "small_cities", "incomplete_features")

    @classmethod
    def from_json(cls, data: Mapping[str, object] | None) -> RuleSet:
        """Build a rule set from the contract's ``rules`` object (``None`` = defaults).

        >>> RuleSet.from_json({"small_cities": True}).small_cities
        True
        >>> RuleSet.from_json({"small_cities": "yes"})
        Traceback (most recent call last):
        ...
        scoring.engine.rules.RuleError: small_cities must be true or false
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RuleError("rules must be an object")
        unknown = sorted(set(data) - set(cls.NAMES))
        if unknown:
            raise RuleError(f"unknown rule {unknown[0]!r}")
        farm_scoring = data.get("farm_scoring")
        values: dict[str, object] = {}
        if farm_scoring is not None:
            if not isinstance(farm_scoring, str):
                raise RuleError("farm_scoring must be a string")
            values["farm_scoring"] = FarmScoring.parse(farm_scoring)
        for name in ("small_cities", "incomplete_features"):
            value = data.get(name)
            if value is None:
                continue
            if not isinstance(value, bool):
                raise RuleError(f"{name} must be true or false")
            values[name] = value
        return cls(**values)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        """The contract's ``rules`` object, every rule spelled out."""
        return {
            "farm_scoring": self.farm_scoring.value,
            "small_cities": self.small_cities,
            "incomplete_features": self.incomplete_features,
        }
