"""Small pictures that an expansion declares with what its tiles carry.

A :class:`~scoring.engine.expansion.SegmentAttribute` (an inn, goods) or a
:class:`~scoring.engine.expansion.LandmarkKind` (the river, a volcano) may carry a
``glyph``: how the tile pictures show it. A glyph is plain data, a few SVG primitives
(:class:`Mark`) drawn around an anchor at ``0 0``; the picture code
(``carcwiki/catalogue/svg.py``) decides where the anchor goes from what the glyph belongs
to, so a new expansion draws its symbols without a change to the picture code:

- an attribute of a city: beside the city's pennants, in the city's clickable area;
- an attribute of a road: beside the road, where there is most room (``distance`` from
  the road, marks with ``away`` further out on the same side);
- an attribute of a field: in the field;
- a landmark without edges: in the middle of the tile, taking no clicks;
- a landmark on edges: a :class:`Band` from edge to edge, with the glyph of its ``end``
  value where a band of one edge ends on the tile.

An attribute with several values (goods) declares a mapping of value to glyph.

>>> dot = Glyph("dot", (Mark.of("circle", r=2, fill="#000"),))
>>> dot.marks[0]
Mark(element='circle', attributes=(('r', '2'), ('fill', '#000')), away=0.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

ELEMENTS = ("circle", "ellipse", "rect", "path")
"""The SVG elements a mark may be."""


def _text(value: Any) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


@dataclasses.dataclass(frozen=True)
class Mark:
    """One SVG primitive of a glyph, in the glyph's coordinates (anchor at ``0 0``)."""

    element: str
    attributes: tuple[tuple[str, str], ...]
    """SVG attribute names and values, in writing order."""
    away: float = 0.0
    """For a glyph beside a road: how much further from the road this mark sits."""

    @classmethod
    def of(cls, element: str, *, away: float = 0.0, **attributes: Any) -> Mark:
        """A mark from keyword attributes (``stroke_width`` is written ``stroke-width``)."""
        if element not in ELEMENTS:
            raise ValueError(f"a mark is one of {', '.join(ELEMENTS)}, not {element!r}")
        return cls(
            element,
            tuple((name.replace("_", "-"), _text(value)) for name, value in attributes.items()),
            away,
        )


@dataclasses.dataclass(frozen=True)
class Band:
    """How a landmark on edges is drawn: a band of ``fill`` edged with ``outline``."""

    outline: str
    fill: str
    width: float = 10.0
    edge: float = 3.0
    ends: Mapping[Any, Glyph] = dataclasses.field(default_factory=dict)
    """What a band of one edge shows where it ends on the tile, by the landmark's
    ``end`` value."""
    default_end: Any = None
    """The ``end`` value to draw when the data gives none."""


@dataclasses.dataclass(frozen=True)
class Glyph:
    """A small picture: its name (the class of the drawn group) and its marks."""

    name: str
    marks: tuple[Mark, ...] = ()
    scale: float = 1.0
    distance: float = 0.0
    """For a glyph beside a road: how far from the road its anchor sits."""
    band: Band | None = None


Glyphs = Glyph | Mapping[Any, Glyph]
"""What a declaration's ``glyph`` holds: one glyph, or one per value of the attribute."""


def glyph_for(glyphs: Glyphs | None, value: Any) -> Glyph | None:
    """The glyph to draw for an attribute ``value`` (``None``: nothing to draw)."""
    if glyphs is None or value is None or value is False:
        return None
    if isinstance(glyphs, Glyph):
        return glyphs
    return glyphs.get(value)


def house(x: float, y: float, *, width: float = 8.0, roof: str = "#b8322a") -> tuple[Mark, ...]:
    """A small house with a pitched roof centred on ``x y``, for glyphs that show one."""
    half = width / 2
    return (
        Mark.of("rect", x=float(x - half), y=float(y - half * 0.6), width=float(width),
                height=float(width * 0.7), fill="#efe4cc", stroke="#3b2f22",
                stroke_width="0.7"),
        Mark.of("path", d=f"M{_text(float(x - half - 1))} {_text(float(y - half * 0.6))} "
                f"L{_text(float(x))} {_text(float(y - half * 1.5))} "
                f"L{_text(float(x + half + 1))} {_text(float(y - half * 0.6))} Z",
                fill=roof, stroke="#3b2f22", stroke_width="0.7", stroke_linejoin="round"),
    )


__all__ = ["Band", "Glyph", "Glyphs", "Mark", "glyph_for", "house"]
