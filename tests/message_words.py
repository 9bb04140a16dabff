"""What a message's plain string parameters may be: codes and echoed input, never English
words the engine wrote (those are messages with ids of their own, so that a catalogue in
another language words them)."""

import re
from collections.abc import Iterator

from scoring.engine import DEFAULT_REGISTRY, Edition
from scoring.engine.board import Color
from scoring.engine.locations import Location
from scoring.engine.messages import Listing, Message, Param
from scoring.engine.tiles import TileSet

_ECHOED = re.compile(r'".*"|-?[0-9][0-9.,e+-]*|null|true|false|\?'
                     r'|[a-z_]+\[[0-9]+\](\.[\w-]+(\[[0-9]+\])?)*', re.S)
"""A value of the request as it was written (a string in quotes, a number, a literal), or
the path of one (``players[2]``)."""

FIELDS = frozenset({"x", "y"})
"""The request's keys a message names (``x must be a whole number``)."""


def request_codes(tiles: TileSet) -> frozenset[str]:
    """Every code a request (or the rules document) names things by."""
    registry = DEFAULT_REGISTRY
    codes = {*tiles, *registry.codes, *registry.large_tiles, *registry.spaces,
             *registry.tile_states, *(color.value for color in Color),
             *(location.value for location in Location), *(edition.value for edition in Edition),
             *FIELDS}
    for code in registry.codes:
        codes.update(kind.code for kind in registry[code].figure_kinds)
        codes.update(figure.code for figure in getattr(registry[code], "neutral_figures", ()))
    for option in registry.rule_options:
        codes.add(option.name)
        codes.update(str(choice.value) for choice in option.choices)
    for state in registry.tile_states.values():
        codes.update(str(value) for value in state.values)
    for tokens in registry.tokens:
        codes.update((tokens.name, *tokens.kinds))
    for large in registry.large_tiles.values():
        codes.update(district.name for district in large.districts)
    return frozenset(codes)


def _strings(value: Param, name: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield name, value
    elif isinstance(value, Message):
        for key, inner in value.params.items():
            yield from _strings(inner, f"{value.id}.{key}")
    elif isinstance(value, Listing):
        for item in value.items:
            yield from _strings(item, name)


def english_words(message: Message, codes: frozenset[str]) -> list[tuple[str, str]]:
    """(where, value) for each string parameter, at any depth, that is neither a code nor
    a value echoed from the request."""
    return [(where, value) for where, value in _strings(message, message.id)
            if value not in codes and not _ECHOED.fullmatch(value)]
