"""The expansion declarations agree with the catalogue and the tile files.

Each expansion is declared once in ``scoring/engine/expansions/``; the catalogue
(``fixtures/catalogue/expansions.yaml``) names the same codes, and every tile file
belongs to a declared code.
"""

from pathlib import Path

import yaml

from scoring.engine.expansions import DEFAULT_REGISTRY, catalogue_files, tile_files
from scoring.engine.tiles import read_tile_file

CATALOGUE = Path(__file__).resolve().parents[3] / "fixtures" / "catalogue"


def _package_entries() -> list[dict]:
    return [yaml.safe_load(path.read_text(encoding="utf-8")) for path in catalogue_files()]


def _catalogue() -> dict[str, list[str]]:
    return {entry["code"]: [part["code"] for part in entry["parts"]]
            for entry in _package_entries()}


def test_every_declared_expansion_has_the_catalogues_codes_and_parts():
    catalogue = _catalogue()
    for expansion in DEFAULT_REGISTRY.expansions:
        assert expansion.code in catalogue, expansion.code
        assert [part.code for part in expansion.parts] == catalogue[expansion.code]


def test_names_and_editions_of_declared_expansions_are_written_once():
    # The catalogue takes them from the declarations: the entries in the packages do not
    # repeat them, and expansions.yaml lists a declared expansion by its code alone.
    entries = yaml.safe_load((CATALOGUE / "expansions.yaml").read_text(encoding="utf-8"))
    for entry in entries:
        if entry["code"] not in DEFAULT_REGISTRY:
            assert "name" in entry and "editions" in entry, entry["code"]
            continue
        assert set(entry) == {"code"}, entry["code"]
    for entry in _package_entries():
        assert not {"name", "editions"} & set(entry), entry["code"]
        for part in entry["parts"]:
            assert set(part) == {"code", "description"}, part["code"]


def test_catalogue_editions_are_the_scored_ones_and_the_winter_edition():
    for code in DEFAULT_REGISTRY.codes:
        part = DEFAULT_REGISTRY[code]
        scored = {edition.value for edition in part.editions}
        # The catalogue also knows the Winter Edition, which the calculator does not score.
        assert set(part.catalogue_editions) - {"WE"} == scored, code


def test_every_tile_file_belongs_to_a_declared_code():
    files = tile_files()
    assert {"tiles-base.yaml", "tiles-river.yaml"} <= {path.name for path in files}
    for path in files:
        codes = {tile["expansion"] for tile in read_tile_file(str(path))}
        # One code a file, named after it, of the expansion whose package holds it (the
        # river is a part of the base game).
        (code,) = codes
        assert path.name == f"tiles-{code}.yaml"
        owner = DEFAULT_REGISTRY.expansion_of(code)
        assert path.parent.name == owner.code.replace("-", "_"), path


def test_figure_kinds_limits_and_places_as_the_contract_says():
    in_play = DEFAULT_REGISTRY.in_play(DEFAULT_REGISTRY.codes)
    kinds = in_play.figure_kinds
    # Every kind a part declares is in play with every code, once.
    assert list(kinds) == [kind.code for code in DEFAULT_REGISTRY.codes
                           for kind in DEFAULT_REGISTRY[code].figure_kinds]
    limits = {code: (kind.limit, kind.strength) for code, kind in kinds.items()}
    assert {code: limits[code] for code in ("meeple", "abbot", "large", "builder", "pig",
                                             "barn", "castle", "phantom")} == {
        "meeple": (7, 1), "abbot": (1, 1), "large": (1, 2), "builder": (1, 0), "pig": (1, 0),
        "barn": (1, 0), "castle": (3, 0), "phantom": (1, 1),
    }
    # A kind that never counts in a majority is no follower (a builder, a pig, a barn).
    assert all(not kind.follower for kind in kinds.values() if kind.strength == 0)
    places = {}
    for (figure, feature), placement in in_play.placements.items():
        places.setdefault(figure, set()).add((feature.value, in_play.beside(placement)))
    # Every kind may stand somewhere.
    assert set(places) == set(kinds)
    followers = tuple(code for code, kind in kinds.items() if kind.follower)
    assert followers[:3] == ("meeple", "abbot", "large")
    assert places["meeple"] == {("road", ()), ("city", ()), ("monastery", ()), ("farm", ())}
    assert places["abbot"] == {("monastery", ()), ("garden", ())}
    assert places["barn"] == {("farm", ())}
    # A builder or pig joins any follower of its owner that may stand there: those of
    # every kind in play that stands on roads (builder) or farms (pig).
    road = tuple(code for code in followers if ("road", ()) in places[code])
    farm = tuple(code for code in followers if ("farm", ()) in places[code])
    assert {"meeple", "large", "wagon", "phantom"} <= set(road) and "abbot" not in road
    assert places["builder"] >= {("road", road)}
    assert places["pig"] == {("farm", farm)}
    assert {"meeple", "large", "phantom"} <= set(farm) and "wagon" not in farm


def test_lists_of_codes_as_requests_give_them_are_remembered_within_a_bound():
    """Any order and repeats of the same codes put the same parts in play, and the
    registry remembers at most MAX_LISTINGS_KEPT such lists however many arrive."""
    from scoring.engine.expansion import MAX_LISTINGS_KEPT, ExpansionRegistry

    registry = ExpansionRegistry(DEFAULT_REGISTRY.expansions)
    one = registry.in_play(("river", "abbot"))
    assert registry.in_play(("abbot", "river", "abbot")) is one
    for repeats in range(1, MAX_LISTINGS_KEPT * 2):
        assert registry.in_play(("abbot",) * repeats).listed == ("abbot",)
    assert len(registry._in_play_as_listed) <= MAX_LISTINGS_KEPT
