"""Everything the board builder page needs, as plain data rendered into the page.

The page makes no request for data before the player can start, and its JavaScript names
no expansion, figure kind, rule or tile: it reads them from here. Three groups:

- the catalogue: tile types (with the part of the base game they belong to), editions,
  the expansions and parts a player can put in play (:func:`builder_options`), and the
  boxes that hold several of them (:func:`builder_boxes`);
- the rules, the engine's rules document (:func:`builder_rules`): what each code puts in
  play, the figure kinds with their limits, strengths and placements, the rule options
  with their labels, the tokens players bring and the start tiles;
- the geometry, from the engine's tile set (:func:`builder_geometry`): for every tile type
  its edges and segments as printed, and the location names with the side each lies on,
  what each becomes when the tile turns and which location of a neighbour it meets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carcwiki.catalogue.models import Bundle, Edition, Expansion, TileType
from carcwiki.catalogue.svg import render_tile_svg
from carcwiki.rules.models import RulesPage
from scoring.engine import (
    BASE,
    ROTATIONS,
    EdgeType,
    ExpansionRegistry,
    FeatureKind,
    Location,
    Part,
    Side,
    TileSet,
    result_templates,
    rules_document,
)
from scoring.engine import DEFAULT_REGISTRY as REGISTRY
from scoring.engine import Edition as EngineEdition

BUILDER_EDITIONS = ("C1", "C2", "C3")


def tile_groups(codes: list[str], registry: ExpansionRegistry = REGISTRY) -> list[str]:
    """The tile groups a game with these codes lays (the base game's and those the codes
    bring), sorted; codes the registry does not know bring nothing."""
    return sorted(registry.in_play([code for code in codes if code in registry]).tile_groups)


def all_tile_groups(registry: ExpansionRegistry = REGISTRY) -> list[str]:
    return tile_groups(list(registry.codes), registry)


def builder_tiles(checked: TileSet, groups: list[str] | None = None) -> list[dict[str, Any]]:
    """The tile types of these tile groups (every type when ``None``) as plain data: the
    engine's checked tile (``checked``, the set the scorer reads) in catalogue order, plus
    its part code (``None`` for the base box) and the words the palette's search matches
    (see :func:`tile_search_text`)."""
    tiles = []
    for tile in TileType.objects.select_related("expansion", "part"):
        definition = checked[tile.code]
        if groups is not None and definition.expansion not in groups:
            continue
        data = {**as_tables_lay_it(definition.to_data(), checked.tables_of(definition)),
                "picture": definition.picture,
                # The picture's words with its compass words as sides, which the page
                # turns with the tile ("city on the {N}" reads "south" turned 180°).
                "picture_sides": definition.picture_sides,
                "start": definition.start, "illustrations": list(definition.illustrations)}
        tiles.append({**data, "part": tile.part.code if tile.part_id else None,
                      "search": tile_search_text(data), **tile_states_of(definition, checked)})
    return tiles


def as_tables_lay_it(data: dict[str, Any],
                     tables: Mapping[EngineEdition, EngineEdition]) -> dict[str, Any]:
    """A tile type's data with its copies and its features' editions per edition whose
    table lays it (``tables``, see :meth:`TileSet.tables_of`), not per printing: a C3
    group counts and draws The Tower's tiles as the C2 box has them."""
    features = [{**feature, "editions": _laid_in(feature["editions"], tables)}
                if "editions" in feature else feature for feature in data["features"]]
    counts = {edition.value: data["counts"][printing.value]
              for edition, printing in tables.items()}
    return {**data, "counts": counts, "features": features}


def _laid_in(printed_in, tables: Mapping[EngineEdition, EngineEdition]) -> list[str]:
    """The editions whose tables lay a printing among ``printed_in`` (edition values or
    members)."""
    printed = {getattr(edition, "value", edition) for edition in printed_in}
    return [edition.value for edition, printing in tables.items() if printing.value in printed]


def tile_pictures(checked: TileSet, codes: list[str]) -> dict[str, str]:
    """Each of these tile types' picture, as ``/tiles/<code>.svg`` draws it unturned: the
    page carries the pictures of the tiles in play, so that neither the board nor the
    tiles beside it ask the server for one each (a phone's first visit made a request a
    picture, some thirty), and a page without a connection still has them."""
    return {code: render_tile_svg(checked[code]) for code in codes}


def tile_states_of(definition, checked: TileSet) -> dict[str, Any]:
    """``{"states": {name: [values]}}``: the per-tile states a tile type accepts and the
    values the player may give it (its declaration's ``choices``), or nothing."""
    registry = checked.registry or REGISTRY
    states: dict[str, Any] = {}
    for name, state in registry.tile_states.items():
        if state.applies(definition):
            if state.choices is not None:
                choices = list(state.choices(definition))
            else:  # the values this tile type does not refuse (a bridge over fields)
                choices = [value for value in state.values
                           if state.refuses is None or state.refuses(definition, value) is None]
            # true: every value of the state (a tower's height).
            states[name] = True if choices == list(state.values) else choices
    return {"states": states} if states else {}


def _road_words(features: list[dict[str, Any]]) -> list[str]:
    """What a player calls the tile's roads: a straight road, a curve, a road's end, a
    crossroads (three or four roads meeting)."""
    words = []
    roads = [feature for feature in features if feature.get("kind") == FeatureKind.ROAD.value]
    for road in roads:
        edges = [Side[edge] for edge in road.get("edges") or () if edge in Side.__members__]
        if len(edges) == 2:
            words.append("straight" if edges[0].opposite == edges[1] else "curve bend")
        elif len(edges) == 1:
            words.append("end")
    if sum(len(road.get("edges") or ()) == 1 for road in roads) >= 3:
        words.append("crossroads crossing junction")
    return words


def tile_search_text(data: dict[str, Any]) -> str:
    """What a player may type to find a tile type, as one lower-case string, from what
    the tile shows and nothing else: what the picture shows, the kinds of its features (a
    field also as "farm", a monastery as "cloister"), the shape of its roads (straight,
    curve, crossroads), what the features carry (an inn, a cathedral, goods, pennants) and
    its illustrations. Not its code (the palette matches codes on their own) nor its
    expansion's name: "inn" finds the tiles with an inn, not every tile of Inns &
    Cathedrals."""
    features = data.get("features") or []
    words = [data.get("picture") or ""]
    for feature in features:
        kind = str(feature.get("kind", ""))
        words.append(kind)
        if kind == FeatureKind.FARM.value or kind == "field":
            words.append("field farm")
        if kind == FeatureKind.MONASTERY.value:
            words.append("cloister")
        for name, value in feature.items():
            if name in {"kind", "edges", "half_edges", "editions", "borders"}:
                continue
            if value is True or (isinstance(value, int) and not isinstance(value, bool) and value):
                words.append(name.replace("_", " "))
            elif isinstance(value, str):
                words.append(f"{name.replace('_', ' ')} {value}")
            elif isinstance(value, (list, tuple)):
                words.extend(str(item) for item in value if isinstance(item, str))
    words.extend(_road_words(features))
    words.extend(str(item) for item in data.get("illustrations") or [])
    seen: dict[str, None] = {}
    for word in " ".join(words).lower().replace(",", " ").replace(";", " ").split():
        seen.setdefault(word, None)
    return " ".join(seen)


def builder_editions() -> list[dict[str, str]]:
    return [
        {"code": edition.code, "name": edition.name}
        for edition in Edition.objects.filter(code__in=BUILDER_EDITIONS)
    ]


def builder_options(registry: ExpansionRegistry = REGISTRY) -> list[dict[str, Any]]:
    """What a group can put in play and the score calculator can score, in catalogue
    order: the parts of the base game, and every other expansion with tiles in the
    catalogue, or with something a player enters (Messages: two score markers, no land
    tiles), followed by its parts. Each option says whether it is a whole expansion
    (``whole``) or a part of one (``expansion``: its code, ``base`` for the base game's)
    and whether a board without a list of expansions has it (``default``)."""
    with_tiles = set(
        TileType.objects.exclude(expansion__code=BASE).values_list("expansion__code", flat=True)
    )
    options: list[dict[str, Any]] = []
    # The rules page of each code: the first page (in index order) that applies to it.
    pages: dict[str, str] = {}
    for page in RulesPage.objects.order_by("order").only("slug", "applies_to"):
        for code in page.applies_to or ():
            pages.setdefault(code, page.get_absolute_url())

    def option(entry, owner: str | None) -> dict[str, Any]:
        return {
            "code": entry.code, "name": entry.name,
            "editions": [edition.code for edition in entry.editions.all()],
            # The editions whose table plays it, each with the printing it lays.
            "printings": printings_by_table(registry[entry.code]),
            "whole": owner is None, "expansion": owner,
            "default": registry[entry.code].in_play_by_default,
            "rules_url": pages.get(entry.code) if owner in (None, BASE) else None,
        }

    for expansion in Expansion.objects.with_related():
        if expansion.code == BASE:
            options.extend(option(part, BASE) for part in expansion.parts.all()
                           if part.code in registry)
        elif expansion.code in registry and (expansion.code in with_tiles
                                             or _asks_for_inputs(registry, expansion.code)):
            options.append(option(expansion, None))
            options.extend(option(part, expansion.code) for part in expansion.parts.all()
                           if part.code in registry)
    return options


def builder_boxes(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The catalogue's boxes (its bundles: Big Box 6…) as games a group puts in play with
    one tap: the ``expansions`` among the builder's ``options`` that a box holds, in the
    options' order (``base`` in a box stands for every part of the base game), and the
    edition to play them in: the box's own when its table plays them all, else the one
    that plays the most (:func:`edition_for`). What a box holds that the calculator does
    not score is named in ``not_scored``, so the page can say so. A box of no builder
    edition is left out."""
    order = {option["code"]: index for index, option in enumerate(options)}
    base_parts = [option["code"] for option in options if option["expansion"] == BASE]
    boxes = []
    for bundle in Bundle.objects.select_related("edition").prefetch_related("expansions", "parts"):
        if bundle.edition is None or bundle.edition.code not in BUILDER_EDITIONS:
            continue
        codes: list[str] = []
        not_scored: list[str] = []
        for expansion in bundle.expansions.all():
            if expansion.code == BASE:
                codes += base_parts
            elif expansion.code in order:
                codes.append(expansion.code)
            else:
                not_scored.append(expansion.name)
        codes += [part.code for part in bundle.parts.all() if part.code in order]
        codes = sorted(set(codes), key=order.__getitem__)
        boxes.append({
            "code": bundle.code, "name": bundle.name,
            "edition": edition_for(codes, options, [bundle.edition.code]),
            "expansions": codes,
            "not_scored": not_scored,
        })
    return boxes


def printings_by_table(part: Part) -> dict[str, str]:
    """For each builder edition whose table plays ``part``, the printing it plays
    (``{"C1": "C1", "C2": "C2", "C3": "C2"}`` for The Tower), from the engine
    (:attr:`Part.printings`): the page offers the part in those editions and says when a
    box of another printing brings it."""
    return {edition.value: printing.value for edition, printing in part.printings.items()
            if edition.value in BUILDER_EDITIONS}


def _asks_for_inputs(registry: ExpansionRegistry, code: str) -> bool:
    """Whether the parts a code puts in play (beyond the base game's) declare something
    the builder asks a player for: tokens, figures (a player's or nobody's), tile
    states or rule options."""
    base = {part.code for part in registry.in_play([]).parts}
    return any(part.tokens or part.figure_kinds or part.neutral_figures or part.tile_states
               or part.rule_options
               for part in registry.in_play([code]).parts if part.code not in base)


PAGE_LEAVES_OUT = ("listed", "parts", "steps", "error_codes")
"""What the rules document holds that the page does not read: the parts come with the
catalogue's names in ``options``, and the scoring steps and error codes are the
server's."""


def builder_rules(registry: ExpansionRegistry = REGISTRY) -> dict[str, Any]:
    """The engine's rules document of every code (see
    :func:`scoring.engine.rules_document`), as the page reads it: a placement counts
    when the part that declares it (``part``) and every code it ``needs`` are in play."""
    document = rules_document(registry=registry)
    return {
        **{key: value for key, value in document.items() if key not in PAGE_LEAVES_OUT},
        # The templates of the engine's messages by id (English; a page in another
        # language would be given its own), for the results panel to render the
        # explanations and warnings from their ids and parameters. The errors' templates
        # come only when the server first refuses a board (views.error_words).
        "messages": result_templates(),
    }


def oriented_view(tiles: TileSet, code: str, rotation: int,
                  landmarks: frozenset[str]) -> dict[str, Any]:
    """One tile type turned ``rotation`` degrees: its edges after rotation, its segments
    (kind, locations after rotation, the editions that print it, attributes, and the
    index of its entry in the tile data, which the pictures mark as ``data-feature``),
    and for each location where a figure can stand the index of its segment."""
    return _view_of(tiles[code], rotation, landmarks, tiles.tables_of(tiles[code]))


def _view_of(definition, rotation: int, landmarks: frozenset[str],
             tables: Mapping[EngineEdition, EngineEdition]) -> dict[str, Any]:
    """:func:`oriented_view` of a tile definition (a tile type, or one as a state leaves
    it), its segments' editions those whose tables lay them (``tables``, see
    :meth:`TileSet.tables_of`)."""
    oriented = definition.oriented(rotation)
    data_indices = [
        index for index, kind in enumerate(_data_kinds(definition)) if kind not in landmarks
    ]
    view = {
        "edges": oriented.edge_string,
        "segments": [_segment_data(segment, data_indices[index], tables)
                     for index, segment in enumerate(oriented.segments)],
        "at": {location.value: oriented.segment_index(location) for location in Location
               if oriented.segment_index(location) >= 0},
    }
    if getattr(definition, "any_edges", False):
        view["any_edges"] = True  # a declared trait (an abbey): it fits whatever the edges
    return view


def shaping_states(groups, registry: ExpansionRegistry = REGISTRY) -> frozenset[str]:
    """The per-tile states a page with these tile groups can put in play: those whose
    part's own tile groups it has (a bridge, once the Bridges, Castles & Bazaars tiles
    are loaded)."""
    base = registry.in_play([]).tile_groups
    return frozenset(
        name for name, part in registry.tile_state_part.items()
        if set(registry.in_play([part.code]).tile_groups) - set(base) <= set(groups))


def state_variants(tiles: TileSet, code: str, landmarks: frozenset[str],
                   states: frozenset[str] | None = None) -> dict[str, Any]:
    """``{"variants": {state: {value: view}}}``: the tile type as printed (turned 0°, as
    :func:`oriented_view`) with each value of a per-tile state that changes its shape (a
    bridge lays a road across it, a ferry joins two jetties' roads), for the values the
    player may give it; nothing when no state changes it (a tower's height). The page
    fits, lists and puts figures on a tile with such a state by that shape, as the
    engine joins it. ``states``: only these (default every state)."""
    definition = tiles[code]
    accepted = tile_states_of(definition, tiles).get("states", {})
    registry = tiles.registry or REGISTRY
    variants: dict[str, Any] = {}
    tables = tiles.tables_of(definition)
    printed = _view_of(definition, 0, landmarks, tables)
    for name, choices in accepted.items():
        if states is not None and name not in states:
            continue
        state = registry.tile_states[name]
        values = state.values if choices is True else choices
        views = {}
        for value in values:
            changed = state.variant_of(definition, value)
            if changed is not definition and changed != definition:
                views[str(value)] = _as_printed(_view_of(changed, 0, landmarks, tables),
                                                printed)
        if views:
            variants[name] = views
    return {"variants": variants} if variants else {}


def _as_printed(view: dict[str, Any], printed: dict[str, Any]) -> dict[str, Any]:
    """A reshaped view whose segments name the printed feature each comes from (the one
    it is, or the first it joins: the tile's picture marks those), and a number past the
    printed ones for a feature the state adds (a bridge's road)."""
    added = max((segment["feature"] for segment in printed["segments"]), default=-1) + 1
    for segment in view["segments"]:
        source = next((old for old in printed["segments"] if old["kind"] == segment["kind"]
                       and set(old["locations"]) <= set(segment["locations"])), None)
        if source is not None:
            segment["feature"] = source["feature"]
        else:
            segment["feature"], added = added, added + 1
    return view


def _segment_data(segment, data_index: int,
                  tables: Mapping[EngineEdition, EngineEdition]) -> dict[str, Any]:
    """A segment as the page reads it; editions, attributes and pennants only when set
    (the geometry of every tile in four rotations is the largest part of the page). Its
    editions are those whose table lays a printing that has it (a C3 table shows the
    garden of a C2 box's tile)."""
    data: dict[str, Any] = {
        "kind": segment.kind.value,
        "locations": [location.value for location in segment.locations],
        "feature": data_index,
    }
    if segment.editions is not None:
        data["editions"] = _laid_in(segment.editions, tables)
    if segment.attributes:
        data["attributes"] = dict(segment.attributes)
    if segment.pennants:
        data["pennants"] = segment.pennants
    return data


def _data_kinds(definition) -> list[str]:
    """The ``kind`` of each entry of the tile's data, in data order."""
    return [feature["kind"] for feature in definition.to_data()["features"]]


def builder_geometry(tiles: TileSet, codes: list[str] | None = None,
                     states: frozenset[str] | None = None) -> dict[str, Any]:
    """The tile geometry the page reads instead of its own tables (see the module), with
    the shapes these per-tile states give a tile (default every state's; see
    :func:`state_variants`)."""
    landmarks = frozenset(tiles.registry.landmarks) if tiles.registry is not None else frozenset()
    wanted = [code for code in (codes if codes is not None else tiles) if code in tiles]
    return {
        "rotations": list(ROTATIONS),
        "sides": [{"name": side.name, "offset": list(side.offset), "word": side.word,
                   "opposite": side.opposite.name} for side in Side],
        "locations": [
            {"name": location.value,
             "side": location.side.name if location.side is not None else None,
             "meets": location.meets().value if location.side is not None else None,
             "turned": {str(turn): location.rotated(turn).value for turn in ROTATIONS}}
            for location in Location
        ],
        "edge_words": {edge.value: edge.word for edge in EdgeType},
        # Each tile as printed (turned 0°): the page turns it by the locations' "turned"
        # names, a quarter of the bytes of sending every turn.
        # With the shape each per-tile state gives it, where one changes it (a bridge).
        "tiles": {code: {**oriented_view(tiles, code, 0, landmarks),
                         **state_variants(tiles, code, landmarks, states)}
                  for code in wanted},
    }


def turned_geometry(tiles: TileSet, codes: list[str] | None = None) -> dict[str, Any]:
    """The engine's view of every tile turned each way: what the page derives from
    :func:`builder_geometry` (its JavaScript unit tests compare the two)."""
    landmarks = frozenset(tiles.registry.landmarks) if tiles.registry is not None else frozenset()
    wanted = [code for code in (codes if codes is not None else tiles) if code in tiles]
    return {code: [oriented_view(tiles, code, rotation, landmarks) for rotation in ROTATIONS]
            for code in wanted}


def turned_variants(tiles: TileSet) -> dict[str, Any]:
    """The engine's view of every tile each state reshapes, with each value, turned each
    way: ``{code: {state: {value: [view per rotation]}}}``, what the page derives from
    :func:`state_variants` (its JavaScript unit tests compare the two)."""
    landmarks = frozenset(tiles.registry.landmarks) if tiles.registry is not None else frozenset()
    registry = tiles.registry or REGISTRY
    found: dict[str, Any] = {}
    for code in tiles:
        tables = tiles.tables_of(tiles[code])
        for name, views in state_variants(tiles, code, landmarks).get("variants", {}).items():
            state = registry.tile_states[name]
            values = {str(value): value for value in state.values}
            found.setdefault(code, {})[name] = {
                text: [_as_printed(
                    _view_of(state.variant_of(tiles[code], values[text]), rotation, landmarks,
                             tables),
                    _view_of(tiles[code], rotation, landmarks, tables)) for rotation in ROTATIONS]
                for text in views}
    return found


def initial_selection(request, options: list[dict[str, Any]]) -> dict[str, Any]:
    """The edition and expansions to start a new board with: the site's expansion
    selection when the rules app provides one, otherwise the parts in play by default.

    Every chosen code is kept, The River included when the visitor chose it (a selection
    left at the site's default, the base game with all its parts, starts without it: a
    group ticks it when it lays it). The edition is the first that has every chosen
    code, trying the preferred edition group's first (C3 before C2), then the other
    shown groups', then the rest; when none has them all, the one that has the most,
    and the page says what it lacks (see :func:`edition_for`)."""
    offered = [option["code"] for option in options]
    chosen = [option["code"] for option in options if option["default"]]
    try:
        from carcwiki.rules.selection import EDITION_GROUPS, Selection
    except ImportError:
        return {"edition": "C3", "expansions": chosen}
    selection = Selection.from_request(request)
    preferred = getattr(selection, "preferred_edition", None)
    groups = [preferred, *getattr(selection, "edition_groups", ())]
    order = [edition for group in groups for edition in reversed(EDITION_GROUPS.get(group, ()))]
    codes = set(getattr(selection, "codes", ()) or ())
    if codes:
        kept_default = getattr(selection, "source", "") == "default"
        chosen = [
            code for code in offered if code in codes
            and (not kept_default or REGISTRY[code].in_play_by_default
                 or REGISTRY.expansion_of(code).code != BASE)
        ]
    return {"edition": edition_for(chosen, options, order), "expansions": chosen}


def edition_for(chosen: list[str], options: list[dict[str, Any]],
                preference: list[str] = ()) -> str:
    """The builder edition whose table plays the most of the ``chosen`` expansions (all
    of them when one does), among editions in ``preference`` order first, then C3, C2,
    C1. A part of the base game that an edition lacks (the abbot in C1) does not move
    the group to another edition: the page says it is missing. Which editions play a
    code is the engine's (``options[].printings``: a C3 table plays a C2 box).

    >>> options = [{"code": "wind-roses", "printings": {"C1": "C1"}, "expansion": None},
    ...            {"code": "abbey-mayor", "printings": {"C1": "C1", "C2": "C2", "C3": "C2"},
    ...             "expansion": None},
    ...            {"code": "farmers", "printings": {"C1": "C1", "C2": "C2", "C3": "C3"},
    ...             "expansion": "base"},
    ...            {"code": "abbot", "printings": {"C2": "C2", "C3": "C3"}, "expansion": "base"}]
    >>> edition_for(["farmers", "abbey-mayor"], options, ["C3", "C2"])
    'C3'
    >>> edition_for(["farmers", "wind-roses"], options, ["C3", "C2"])
    'C1'
    >>> edition_for(["farmers", "abbot"], options, ["C1"])
    'C1'
    """
    editions = {option["code"]: set(option["printings"]) for option in options}
    base_parts = {option["code"] for option in options if option.get("expansion") == BASE}
    candidates = list(dict.fromkeys(
        [edition for edition in preference if edition in BUILDER_EDITIONS]
        + list(reversed(BUILDER_EDITIONS))))

    expansions = [code for code in chosen if code not in base_parts]
    return max(candidates, key=lambda edition: (
        sum(edition in editions.get(code, {edition}) for code in expansions),
        -candidates.index(edition)))
