"""What an expansion adds to the response of a scoring, declared with the expansion.

A :class:`~scoring.engine.expansion.Part` lists its ``outputs``:

- :class:`FeatureField` — a key its rules add to a scored feature (``"inn": true``,
  ``"goods": {"wine": 2}``), with the word the results panel shows and the sentence the
  OpenAPI schema gives;
- :class:`BonusListing` — the list of entries of one of its bonuses that belong to no
  feature (``trade_goods``), with a title and the fields of an entry.

A figure kind listed on features by colour (``FigureKind.listed_as``, the builders)
describes its key itself: :func:`feature_fields` adds it. The serializers build the
response schema from these, and the board builder's results panel renders them from the
same data, so a new expansion's output needs no change outside its module.

>>> from scoring.engine.expansions import DEFAULT_REGISTRY
>>> [field.key for field in feature_fields(DEFAULT_REGISTRY)][:4]
['inn', 'cathedral', 'goods', 'pig_herd']
>>> 'trade_goods' in [listing.key for listing in bonus_listings(DEFAULT_REGISTRY)]
True
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any


class Shape(enum.Enum):
    """The JSON shape of a response value."""

    FLAG = "flag"
    """``true`` when it applies (absent otherwise)."""
    COUNTS = "counts"
    """An object of whole numbers by name (``{"wine": 2}``), shown as "2 wine"."""
    COLOURS = "colours"
    """A list of player colours, shown as "word: names"."""
    INTEGER = "integer"
    TEXT = "text"


@dataclasses.dataclass(frozen=True)
class FeatureField:
    """A key an expansion's rules add to scored features in the response."""

    key: str
    shape: Shape
    word: str
    """How the results panel names it (``"inn"``; for colours, the label before the
    names; for counts, unused: each entry shows as "count name")."""
    meaning: str
    """The sentence of the response schema."""


@dataclasses.dataclass(frozen=True)
class BonusField:
    """One field of a bonus entry."""

    key: str
    shape: Shape
    meaning: str = ""


def square_fields(whose: str) -> tuple[BonusField, BonusField, BonusField]:
    """The three fields of an entry that stands on one square: ``square`` as ``"(x,y)"``
    (its name in the results), then ``x`` and ``y``. ``whose`` names the square's tile in
    the schema ("the hut's")."""
    return (BonusField("square", Shape.TEXT, f"{whose[0].upper()}{whose[1:]} square, \"(x,y)\"."),
            BonusField("x", Shape.INTEGER),
            BonusField("y", Shape.INTEGER))


@dataclasses.dataclass(frozen=True)
class BonusListing:
    """The entries of a :class:`~scoring.engine.expansion.PlayerBonus` in the response,
    under ``key`` (the bonus's key). An entry has the ``fields``; the results panel shows
    its ``name`` field, its ``scored`` points per colour and its ``explanation``."""

    key: str
    title: str
    """The heading of the list in the results panel (``"Trade goods"``)."""
    name: str
    """The field that names an entry (``"good"``)."""
    fields: tuple[BonusField, ...]
    meaning: str
    """The sentence of the response schema."""
    feature: str = ""
    """The field of an entry holding the id of the scored feature it belongs to (a
    barn's ``farm``): the results panel shows the entry with that feature, not apart."""
    figure: str = ""
    """The figure kind whose owner (the entry's ``player``) scores the entry there (the
    barn), for the panel to name it."""
    arithmetic: str = ""
    """The field holding the entry's points worked out without naming the feature
    (``"2 completed cities × 4 = 8"``), for the panel to show under the feature."""


Output = FeatureField | BonusListing


def _parts(source: Any) -> list[Any]:
    """The parts of a registry (every registered one) or of an ``InPlay`` (those in
    play), in registry order."""
    if hasattr(source, "parts"):
        return list(source.parts)
    return [source[code] for code in source.codes]


def _outputs(source: Any) -> list[Output]:
    seen: dict[int, Output] = {}
    for part in _parts(source):
        for output in getattr(part, "outputs", ()):
            seen.setdefault(id(output), output)
    return list(seen.values())


def feature_fields(registry: Any) -> list[FeatureField]:
    """Every key the registered expansions (or those in play, given an ``InPlay``) add
    to scored features, in registry order: the declared ones, then one per figure kind
    listed by colour."""
    fields = [output for output in _outputs(registry) if isinstance(output, FeatureField)]
    for part in _parts(registry):
        for kind in part.figure_kinds:
            if kind.listed_as:
                fields.append(FeatureField(
                    kind.listed_as, Shape.COLOURS, kind.listed_word or kind.listed_as,
                    f"Colours of the {kind.plural_name} on it.",
                ))
    return fields


def bonus_listings(registry: Any) -> list[BonusListing]:
    """Every list of bonus entries the registered expansions add, in registry order."""
    return [output for output in _outputs(registry) if isinstance(output, BonusListing)]


def page_data(registry: Any) -> dict[str, list[dict[str, str]]]:
    """The outputs as plain data, for a page that renders a response."""
    return {
        "features": [{"key": field.key, "shape": field.shape.value, "word": field.word}
                     for field in feature_fields(registry)],
        "listings": [{"key": listing.key, "title": listing.title, "name": listing.name,
                      **{attribute: value for attribute in ("feature", "figure", "arithmetic")
                         if (value := getattr(listing, attribute))}}
                     for listing in bonus_listings(registry)],
    }


__all__ = [
    "BonusField", "BonusListing", "FeatureField", "Output", "Shape", "bonus_listings",
    "feature_fields", "page_data",
]
