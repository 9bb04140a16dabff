"""The registry finds the expansions' packages and orders them by what each declares it
comes after, so that adding an expansion edits no list."""

import ast

import pytest

from scoring.engine.expansion import Expansion, registration_order
from scoring.engine.expansions import DEFAULT_REGISTRY, PACKAGES_DIR, discover


def test_every_package_of_the_folder_is_registered_once():
    packages = sorted(path.parent.name for path in PACKAGES_DIR.glob("*/__init__.py"))
    assert len(discover()) == len(packages) == len(DEFAULT_REGISTRY.expansions)
    assert {expansion.code.replace("-", "_") for expansion in discover()} == set(packages)


def test_each_expansion_is_registered_after_those_it_names():
    codes = [expansion.code for expansion in DEFAULT_REGISTRY.expansions]
    assert codes[0] == "base"
    for position, expansion in enumerate(DEFAULT_REGISTRY.expansions):
        for earlier in expansion.after:
            assert codes.index(earlier) < position, (expansion.code, earlier)


def test_the_first_expansions_keep_the_order_they_had_before_the_packages():
    # Responses list bonuses, steps and figures in registration order.
    assert [expansion.code for expansion in DEFAULT_REGISTRY.expansions][:5] == [
        "base", "river2", "inns-cathedrals", "traders-builders", "abbey-mayor"]


BASE = Expansion(code="base", name="base game")


def test_ties_go_by_code_whatever_order_the_packages_are_found_in():
    late = Expansion(code="zeppelins", name="Zeppelins")
    early = Expansion(code="airships", name="Airships")
    follower = Expansion(code="balloons", name="Balloons", after=("zeppelins",))
    for found in ([late, follower, BASE, early], [early, BASE, late, follower]):
        assert [e.code for e in registration_order(found)] == [
            "base", "airships", "zeppelins", "balloons"]


def test_an_unknown_code_in_after_is_refused():
    lost = Expansion(code="balloons", name="Balloons", after=("airships",))
    with pytest.raises(ValueError, match="balloons comes after airships, which is not"):
        registration_order([BASE, lost])


def test_expansions_waiting_for_each_other_are_refused():
    one = Expansion(code="one", name="One", after=("two",))
    two = Expansion(code="two", name="Two", after=("one",))
    with pytest.raises(ValueError, match="expansions one, two each come after another"):
        registration_order([BASE, one, two])


def test_no_expansion_package_imports_another():
    # What two expansions share lives in scoring/engine/common/; what one grants another's
    # figures is a property of the figure (FigureKind.counts_as), not an edit of the other.
    # The base game, which every expansion comes after, may be named (its meeple).
    packages = {path.parent.name for path in PACKAGES_DIR.glob("*/__init__.py")} - {"base"}
    for path in PACKAGES_DIR.glob("*/*.py"):
        own = path.parent.name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
                assert node.module.split(".")[0] not in packages - {own}, (path, node.module)
            if isinstance(node, ast.ImportFrom) and node.module:
                named = node.module.split(".")
                if named[:3] == ["scoring", "engine", "expansions"] and len(named) > 3:
                    assert named[3] in {own, "base"}, (path, node.module)


def test_a_figure_that_counts_as_a_meeple_stands_where_a_meeple_may_on_a_space():
    big_top = DEFAULT_REGISTRY.expansion_of("acrobats")
    acrobats = next(landmark for part in big_top.members for landmark in part.landmarks
                    if landmark.space is not None)
    # The Big Top names meeples only; the registry adds the phantom, which counts as one.
    assert acrobats.space.kinds == ("meeple",)
    registered, _part = DEFAULT_REGISTRY.spaces["acrobats"]
    assert registered.space.kinds == ("meeple", "phantom")
