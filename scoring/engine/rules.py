"""The rule choices a request can make: edition and scoring rules.

The contract's ``rules`` object becomes a :class:`RuleSet`; the ``edition`` string an
:class:`Edition`. Each rule is a :class:`RuleOption` that an expansion declares (the
farmers declare ``farm_scoring``), so this module names no rule itself. Parsing here
assumes a request that :mod:`validation` has accepted and raises :class:`RuleError`
otherwise; validation reports problems one by one.

>>> Edition.parse("C2")
Edition.C2
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Mapping, Sequence
from typing import Any


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


@dataclasses.dataclass(frozen=True)
class Choice:
    """One value a rule can take: its JSON value, its label, and the value scorers
    read (the JSON value itself unless given)."""

    value: Any
    label: str
    parsed: Any = None

    @property
    def python(self) -> Any:
        return self.value if self.parsed is None else self.parsed


@dataclasses.dataclass(frozen=True)
class RuleOption:
    """A rule the players choose, declared by the expansion it belongs to."""

    name: str
    """The key in the request's ``rules``."""
    label: str
    """What the rule is, for people (the builder's form)."""
    choices: tuple[Choice, ...]
    default: Any
    """The JSON value used when the request does not set the rule."""

    @property
    def is_switch(self) -> bool:
        """Whether the rule is a plain true/false choice."""
        return {choice.value for choice in self.choices} == {True, False}

    def choice(self, value: Any) -> Choice | None:
        """The choice with that JSON value (``True`` is not ``1``), if any."""
        try:
            return self._by_value.get((type(value), value))
        except TypeError:  # a list or an object: no choice is one
            return None

    @functools.cached_property
    def _by_value(self) -> dict[tuple[type, Any], Choice]:
        """The choices by the type and value of their JSON value: every request reads
        every rule, and one lookup is cheaper than comparing each choice."""
        return {(type(choice.value), choice.value): choice for choice in self.choices}

    def describe_values(self) -> str:
        """The allowed JSON values, as a message lists them."""
        if self.is_switch:
            return "true or false"
        return ", ".join(str(choice.value) for choice in self.choices)

    def to_data(self) -> dict[str, Any]:
        """The rule as a form offers it: its label, default and choices."""
        return {"name": self.name, "label": self.label, "default": self.default,
                "switch": self.is_switch,
                "choices": [{"value": choice.value, "label": choice.label}
                            for choice in self.choices]}


def switch(name: str, label: str, *, default: bool, on: str, off: str) -> RuleOption:
    """A true/false rule."""
    return RuleOption(name, label, (Choice(True, on), Choice(False, off)), default)


class RuleSet:
    """The rules the players agreed on: every declared rule with its value.

    Scorers read a rule as an attribute (``rules.small_cities``), getting the choice's
    parsed value.

    >>> options = (switch("small_cities", "Small cities", default=False, on="old", off="new"),)
    >>> rules = RuleSet.from_json({"small_cities": True}, options)
    >>> rules.small_cities, rules.to_json()
    (True, {'small_cities': True})
    >>> RuleSet.from_json({"small_cities": "yes"}, options)
    Traceback (most recent call last):
    ...
    scoring.engine.rules.RuleError: small_cities must be true or false
    """

    __slots__ = ("_json", "_values")

    def __init__(self, values: Mapping[str, Any] | None = None,
                 options: Sequence[RuleOption] = ()):
        json_values = {option.name: option.default for option in options}
        json_values.update(values or {})
        parsed = {}
        for option in options:
            choice = option.choice(json_values[option.name])
            if choice is None:
                raise RuleError(f"{option.name} must be {option.describe_values()}")
            parsed[option.name] = choice.python
        object.__setattr__(self, "_json", json_values)
        object.__setattr__(self, "_values", parsed)

    @classmethod
    def from_json(cls, data: Mapping[str, object] | None,
                  options: Sequence[RuleOption]) -> RuleSet:
        """Build a rule set from the contract's ``rules`` object (``None`` = defaults)."""
        if data is None:
            return cls(None, options)
        if not isinstance(data, Mapping):
            raise RuleError("rules must be an object")
        names = {option.name for option in options}
        if not names.issuperset(data):
            raise RuleError(f"unknown rule {sorted(set(data) - names)[0]!r}")
        return cls({key: value for key, value in data.items() if value is not None}, options)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a rule set cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and self._json == other._json

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._json.items())))

    def __repr__(self) -> str:
        return f"RuleSet({self._json!r})"

    def to_json(self) -> dict[str, object]:
        """The contract's ``rules`` object, every rule spelled out."""
        return dict(self._json)
