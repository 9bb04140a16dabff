"""The ``turn_steps`` and ``final_steps`` that rules pages declare (format in COMMON.md), read
straight from ``fixtures/rules/*.yaml``: every step names a known phase and a section of its
own page, says something, and limits itself only to known editions and codes."""

from pathlib import Path

import pytest
import yaml

RULES_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "rules"
CATALOGUE = Path(__file__).resolve().parents[2] / "fixtures" / "catalogue" / "expansions.yaml"

TURN_PHASES = {"begin", "tile", "figure", "score", "end"}
FINAL_PHASES = {"features", "farms", "bonuses", "other"}
EDITIONS = {"C1", "C2", "C3", "WE"}


def pages() -> list[dict]:
    skip = {"glossary.yaml", "vocabulary.yaml"}
    return [
        yaml.safe_load(path.read_text())
        for path in sorted(RULES_DIR.glob("*.yaml"))
        if path.name not in skip
    ]


def known_codes() -> set[str]:
    codes = {"base", "farmers", "abbot", "river"}
    for expansion in yaml.safe_load(CATALOGUE.read_text()):
        codes.add(expansion["code"])
        codes.update(part["code"] for part in expansion.get("parts") or [])
    return codes


def steps(key: str) -> list[tuple[str, dict, set[str]]]:
    found = []
    for page in pages():
        anchors = {section["anchor"] for section in page["sections"]}
        found.extend((page["slug"], step, anchors) for step in page.get(key) or [])
    return found


def test_the_new_expansion_pages_declare_their_steps():
    declaring = {slug for slug, _, _ in steps("turn_steps")}
    assert declaring >= {
        "little-buildings", "school", "la-porxada", "darmstadt-promo", "russian-promos",
        "castles-in-germany", "cathedrals-in-germany", "monasteries-germany", "halflings",
        "the-gifts", "wonders-of-humanity",
    }


@pytest.mark.parametrize(("key", "phases"), [("turn_steps", TURN_PHASES),
                                             ("final_steps", FINAL_PHASES)])
def test_every_step_is_well_formed(key, phases):
    codes = known_codes()
    for slug, step, anchors in steps(key):
        where = (slug, step.get("anchor"), step.get("text"))
        assert set(step) <= {"phase", "anchor", "text", "editions", "requires"}, where
        assert step["phase"] in phases, where
        assert step["anchor"] in anchors, where
        assert len(step["text"].split()) >= 5, where
        assert set(step.get("editions") or []) <= EDITIONS, where
        assert set(step.get("requires") or []) <= codes, where


def test_a_page_lists_its_turn_steps_in_play_order():
    order = ["begin", "tile", "figure", "score", "end"]
    for page in pages():
        ranks = [order.index(step["phase"]) for step in page.get("turn_steps") or []]
        assert ranks == sorted(ranks), page["slug"]
