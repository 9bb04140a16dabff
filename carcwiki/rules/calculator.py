"""What the calculator does with a rules page's expansion, in one line for the top of the
page: whether it scores it and what a player enters for it in the board builder, or that
it does not score it yet and how to count it by hand.

"Scored" is read from the scoring engine's registry (the codes its expansions declare),
never written in the rules files: when the engine learns an expansion, its page says so
with no other change. What a player enters is read from the same declarations (figure
kinds, figures nobody owns, per-tile states, players' tokens, large tiles, spaces).
"""

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class CalculatorLine:
    scored: bool
    name: str
    enters: tuple[str, ...] = ()
    """What a player enters for it in the builder besides laying its tiles."""
    by_hand_anchor: str = ""
    """The page's section that says how it scores, for counting by hand."""
    editions: tuple[str, ...] = ()
    """The editions whose printing of it the calculator has, by code (C1, C2…), when
    that is not every edition the calculator knows; empty when it has them all."""

    @property
    def builder_url(self) -> str:
        return reverse("builder:board")

    @property
    def printings(self) -> str:
        """ "the C2 printing", "the C1 and C2 printings"."""
        plural = "s" if len(self.editions) > 1 else ""
        return f"the {_and(list(self.editions))} printing{plural}"


def _registry():
    from scoring.engine import DEFAULT_REGISTRY

    return DEFAULT_REGISTRY


def scored_codes(applies_to) -> list[str]:
    """The codes of ``applies_to`` that the calculator scores."""
    registry = _registry()
    return [code for code in applies_to if code in registry]


def _and(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _entries(codes: list[str]) -> tuple[str, ...]:
    """What a player enters for the parts of ``codes`` (an expansion brings its parts)."""
    registry = _registry()
    parts, seen = [], set()
    for code in codes:
        part = registry[code]
        for member in getattr(part, "members", (part,)):
            if member.code not in seen:
                seen.add(member.code)
                parts.append(member)
    entries: list[str] = []
    figures = [kind.plural_name for part in parts for kind in part.figure_kinds]
    roles = [placement.role + "s" for part in parts if not part.figure_kinds
             for placement in part.placements]
    if figures or roles:
        entries.append(f"the players' {_and(list(dict.fromkeys([*figures, *roles])))}")
    neutral = [figure.name for part in parts for figure in part.neutral_figures]
    if neutral:
        entries.append(f"the {_and(neutral)}")
    entries += [f"the {tile.name.removeprefix('the ')}" for part in parts
                for tile in part.large_tiles]
    states = [state.label or state.name for part in parts for state in part.tile_states]
    if states:
        entries.append(f"on its tiles: {_and(states)}")
    entries += [f"per player: {_and([tokens.word(kind) for kind in tokens.kinds])}"
                for part in parts for tokens in part.tokens]
    entries += [f"figures on the {landmark.space.word or landmark.name + ' space'}"
                for part in parts for landmark in part.landmarks if landmark.space]
    return tuple(entries)


def _editions(codes: list[str]) -> tuple[str, ...]:
    """The editions the declarations of ``codes`` give, in edition order, or nothing when
    they give every edition the calculator knows."""
    from scoring.engine import Edition

    registry = _registry()
    known = {edition for code in codes for edition in registry[code].editions}
    if known >= set(Edition):
        return ()
    return tuple(edition.value for edition in Edition if edition in known)


def calculator_line(page, name: str, section_anchors) -> CalculatorLine:
    """The line for ``page`` (its ``applies_to``), its expansion called ``name``."""
    codes = scored_codes(page.applies_to)
    if codes:
        return CalculatorLine(scored=True, name=name, enters=_entries(codes),
                              editions=_editions(codes))
    anchors = list(section_anchors)
    by_hand = next((anchor for anchor in ("final-scoring", "scoring") if anchor in anchors),
                   "")
    return CalculatorLine(scored=False, name=name, by_hand_anchor=by_hand)
