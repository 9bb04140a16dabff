"""The expansion selection: what a group plays with, and how it wants rules worded.

Other apps use :class:`Selection` to know which expansions a visitor owns (the board
builder preselects them); :class:`~carcwiki.rules.middleware.SelectionMiddleware` puts
the visitor's on every request::

    selection = request.rules_selection  # or Selection.from_request(request)
    "farmers" in selection.codes
    selection.allows(["abbot", "river"], ["C2", "C3"])

Query-string format (one link reproduces a view exactly)::

    ?x=farmers,abbot,river&ed=c1,c23&pref=c23&mark=1

``x``
    Selected expansion and part codes, comma-separated (a repeated ``x=`` from a form with
    checkboxes works too). An expansion code selects all its parts; a part code alone
    selects that part (and counts its expansion as in play). The base game is always
    selected; ``base`` in ``x`` adds all of its parts (farmers, abbot, river).
``ed``
    Edition groups to show: ``c1`` (first edition), ``c23`` (C2 and C3, the new edition),
    ``we`` (Winter Edition). Only expansions and rules of these editions appear; codes of
    expansions absent from all of them are dropped. None given: all three.
``pref``
    Preferred edition group, one of ``ed``: its wording is used (C1 says follower, thief,
    pennant) and rules of other editions count as adaptations.
``mark``
    ``1`` to mark rules adapted from another edition.

When none of these keys is in the query string, the selection the visitor saved with the
selector (kept in the session) applies, else the default: the base game with all its
parts, every edition, C2+C3 preferred, adaptations marked. When any key is present, a
missing ``x`` means "base game only" and a missing ``mark`` means "off", as a submitted
form with nothing ticked would say.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

SELECTION_KEYS = ("x", "ed", "pref", "mark")
SESSION_KEY = "rules_selection"
BASE_CODE = "base"
MAX_CODES = 400

#: Edition groups of the selector and the catalogue editions each stands for.
EDITION_GROUPS: dict[str, tuple[str, ...]] = {"c1": ("C1",), "c23": ("C2", "C3"), "we": ("WE",)}
EDITION_GROUP_LABELS = {"c1": "C1", "c23": "C2+C3", "we": "WE"}
EDITION_GROUP_NAMES = {
    "c1": "First edition (C1)",
    "c23": "New edition (C2 and C3)",
    "we": "Winter Edition (WE)",
}
DEFAULT_PREFERRED = "c23"


def edition_label(codes: Iterable[str]) -> str:
    """Short label for a list of catalogue editions, grouping C2 and C3.

    >>> edition_label(["C2", "C3"]), edition_label(["C1", "C3"]), edition_label([])
    ('C2+C3', 'C1, C3', 'all editions')
    """
    codes = set(codes)
    if not codes:
        return "all editions"
    labels = []
    for group, members in EDITION_GROUPS.items():
        if codes.issuperset(members):
            labels.append(EDITION_GROUP_LABELS[group])
            codes -= set(members)
    labels.extend(sorted(codes))
    return ", ".join(labels)


@dataclass(frozen=True)
class CatalogueItem:
    """An expansion part as the selector needs it."""

    code: str
    name: str
    editions: frozenset[str]

    def available_in(self, editions: frozenset[str]) -> bool:
        return not self.editions or not self.editions.isdisjoint(editions)


@dataclass(frozen=True)
class CatalogueExpansion(CatalogueItem):
    """An expansion (or the base game) with its selectable parts."""

    category: str = "other"
    number: int | None = None
    parts: tuple[CatalogueItem, ...] = ()


@dataclass(frozen=True)
class QuickSelection:
    """A ready-made selection offered by the selector (a bundle such as Big Box 6)."""

    code: str
    name: str
    description: str
    edition_group: str | None
    includes: tuple[str, ...]


@dataclass(frozen=True)
class SelectorCatalogue:
    """The part of the catalogue the selection is checked against, in catalogue order."""

    expansions: tuple[CatalogueExpansion, ...]

    @cached_property
    def by_code(self) -> dict[str, CatalogueItem]:
        items: dict[str, CatalogueItem] = {}
        for expansion in self.expansions:
            items[expansion.code] = expansion
            items.update((part.code, part) for part in expansion.parts)
        return items

    @cached_property
    def names(self) -> dict[str, str]:
        return {code: item.name for code, item in self.by_code.items()}


def _split_values(values: Iterable[str]) -> list[str]:
    codes: list[str] = []
    for value in values:
        codes.extend(code.strip().lower() for code in value.split(",") if code.strip())
    return codes[:MAX_CODES]


def _getlist(params: Mapping, key: str) -> list[str]:
    if hasattr(params, "getlist"):
        return params.getlist(key)
    value = params.get(key, [])
    return [value] if isinstance(value, str) else list(value)


@dataclass(frozen=True)
class Selection:
    """Selected expansion and part codes, shown editions, preferred edition, marking."""

    codes: frozenset[str]
    editions: frozenset[str]
    preferred_edition: str = DEFAULT_PREFERRED
    mark_adaptations: bool = False
    #: ``query``, ``session`` or ``default``: where the selection was read from.
    source: str = field(default="default", compare=False)
    #: Whether it is the selection the visitor saved (a query string can repeat it).
    remembered: bool = field(default=False, compare=False)
    #: The compact ``x`` list (expansions whose parts are all selected collapsed to the
    #: expansion code), in catalogue order.
    query_codes: tuple[str, ...] = field(default=(), compare=False)
    catalogue: SelectorCatalogue | None = field(default=None, compare=False, repr=False)

    # -- building -------------------------------------------------------------------------

    @classmethod
    def from_params(
        cls, params: Mapping, *, catalogue: SelectorCatalogue, source: str = "query"
    ) -> "Selection":
        """The selection a query string (or form) describes, checked against the catalogue."""
        asked_groups = _split_values(_getlist(params, "ed"))
        groups = [group for group in EDITION_GROUPS if group in asked_groups]
        groups = groups or list(EDITION_GROUPS)
        editions = frozenset(code for group in groups for code in EDITION_GROUPS[group])
        preferred = (_getlist(params, "pref") or [""])[-1].strip().lower()
        if preferred not in groups:
            preferred = DEFAULT_PREFERRED if DEFAULT_PREFERRED in groups else groups[0]
        mark = (_getlist(params, "mark") or [""])[-1].strip().lower() in {"1", "on", "true", "yes"}
        requested = set(_split_values(_getlist(params, "x")))

        codes = {BASE_CODE}
        query_codes: list[str] = []
        for expansion in catalogue.expansions:
            if expansion.code != BASE_CODE and not expansion.available_in(editions):
                continue
            parts = [part for part in expansion.parts if part.available_in(editions)]
            if expansion.code in requested:
                chosen = parts
            else:
                chosen = [part for part in parts if part.code in requested]
            if expansion.code in requested or chosen:
                codes.add(expansion.code)
                codes.update(part.code for part in chosen)
            # The base game is always in play, so its parts are always listed one by one.
            if expansion.code == BASE_CODE or (chosen and len(chosen) < len(parts)):
                query_codes.extend(part.code for part in chosen)
            elif expansion.code in codes:
                query_codes.append(expansion.code)
        return cls(
            codes=frozenset(codes),
            editions=editions,
            preferred_edition=preferred,
            mark_adaptations=mark,
            source=source,
            query_codes=tuple(query_codes),
            catalogue=catalogue,
        )

    @classmethod
    def default(cls, *, catalogue: SelectorCatalogue) -> "Selection":
        """The base game with all its parts, every edition, C2+C3 wording, adaptations marked."""
        return cls.from_params(
            {"x": [BASE_CODE], "mark": ["1"]}, catalogue=catalogue, source="default"
        )

    @classmethod
    def from_request(cls, request) -> "Selection":
        """The request's selection, read once by
        :class:`~carcwiki.rules.middleware.SelectionMiddleware` (a lazy object)."""
        return request.rules_selection

    @classmethod
    def from_query(cls, params: Mapping, *, catalogue: SelectorCatalogue) -> "Selection | None":
        """The selection of a query string, or ``None`` if it names no selection key."""
        if not any(key in params for key in SELECTION_KEYS):
            return None
        return cls.from_params(params, catalogue=catalogue, source="query")

    def with_codes(self, codes: Iterable[str], *, show_group: str | None = None) -> "Selection":
        """The same editions and preferences with other codes (``show_group`` also shows
        one more edition group), checked against the catalogue again."""
        groups = list(self.edition_groups)
        if show_group in EDITION_GROUPS and show_group not in groups:
            groups.append(show_group)
        params = {
            "x": [",".join(codes)],
            "ed": [",".join(groups)],
            "pref": [self.preferred_edition],
            "mark": ["1" if self.mark_adaptations else ""],
        }
        return Selection.from_params(params, catalogue=self.catalogue, source=self.source)

    def adding(self, codes: Iterable[str]) -> "Selection":
        """This selection with ``codes`` added; an edition group is shown too when an
        added expansion exists only in editions the selection hides."""
        codes = [code for code in codes if self.catalogue and code in self.catalogue.by_code]
        groups = set(self.edition_groups)
        for code in codes:
            item = self.catalogue.by_code[code]
            if not item.available_in(self.editions):
                groups.update(
                    group for group, members in EDITION_GROUPS.items()
                    if not item.editions.isdisjoint(members)
                )
        chosen = Selection.from_params(
            {
                "x": [",".join([*self.query_codes, *codes])],
                "ed": [",".join(group for group in EDITION_GROUPS if group in groups)],
                "pref": [self.preferred_edition],
                "mark": ["1" if self.mark_adaptations else ""],
            },
            catalogue=self.catalogue,
            source=self.source,
        )
        return chosen

    def remember(self, request) -> None:
        """Keep this selection for the visitor's next visits."""
        request.session[SESSION_KEY] = self.to_query_string()
        request.rules_selection = replace(self, remembered=True)

    # -- reading --------------------------------------------------------------------------

    @property
    def edition_groups(self) -> tuple[str, ...]:
        return tuple(
            group for group, codes in EDITION_GROUPS.items() if self.editions.issuperset(codes)
        )

    @property
    def edition_labels(self) -> list[tuple[str, bool]]:
        """``(label, is_preferred)`` of each shown edition group, for summaries."""
        return [
            (EDITION_GROUP_LABELS[group], group == self.preferred_edition)
            for group in self.edition_groups
        ]

    @property
    def preferred_editions(self) -> frozenset[str]:
        """The catalogue editions of the preferred group (``{"C2", "C3"}`` for ``c23``)."""
        return frozenset(EDITION_GROUPS[self.preferred_edition])

    def to_query_string(self) -> str:
        """The compact query string of this selection (without ``?``).

        Codes are validated slugs, so they need no escaping and commas stay readable.
        """
        parts = [
            f"x={','.join(self.query_codes)}",
            f"ed={','.join(self.edition_groups)}",
            f"pref={self.preferred_edition}",
        ]
        if self.mark_adaptations:
            parts.append("mark=1")
        return "&".join(parts)

    @property
    def link_suffix(self) -> str:
        """What internal links append so that a shared view stays the same when browsing:
        the query string when the selection came from it, nothing otherwise."""
        return f"?{self.to_query_string()}" if self.source == "query" else ""

    def allows(self, requires: Iterable[str] = (), editions: Iterable[str] = ()) -> bool:
        """Whether content that needs all of ``requires`` and exists in ``editions`` (empty:
        every edition) applies to this selection."""
        editions = frozenset(editions)
        return self.codes.issuperset(requires) and (
            not editions or not editions.isdisjoint(self.editions)
        )

    def applies_to_any(self, codes: Iterable[str]) -> bool:
        """Whether any of ``codes`` is selected (a page's ``applies_to``)."""
        return not self.codes.isdisjoint(codes)

    def is_adaptation(self, editions: Iterable[str]) -> bool:
        """Whether content of ``editions`` comes from another edition than the preferred one."""
        editions = frozenset(editions)
        return bool(editions) and editions.isdisjoint(self.preferred_editions)

    def names(self) -> list[str]:
        """Names of the selected expansions and parts (base game first), for summaries."""
        if self.catalogue is None:
            return sorted(self.codes)
        names = []
        for expansion in self.catalogue.expansions:
            if expansion.code not in self.codes:
                continue
            chosen = [part.name for part in expansion.parts if part.code in self.codes]
            if not expansion.parts or len(chosen) == len(expansion.parts):
                names.append(expansion.name)
            elif chosen:
                names.append(f"{expansion.name} ({', '.join(chosen)})")
            else:
                names.append(f"{expansion.name} only")
        return names
