"""The ``turn_steps`` that rules pages declare, read straight from ``fixtures/rules/*.yaml``
(the loader checks each step's fields; see ``test_steps.py``): the expansion pages of issue
22 declare theirs, and every page lists them in play order."""

from pathlib import Path

import yaml

RULES_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "rules"


def pages() -> list[dict]:
    skip = {"glossary.yaml", "vocabulary.yaml"}
    return [
        yaml.safe_load(path.read_text())
        for path in sorted(RULES_DIR.glob("*.yaml"))
        if path.name not in skip
    ]


def test_the_new_expansion_pages_declare_their_steps():
    declaring = {page["slug"] for page in pages() if page.get("turn_steps")}
    assert declaring >= {
        "little-buildings", "school", "la-porxada", "darmstadt-promo", "russian-promos",
        "castles-in-germany", "cathedrals-in-germany", "monasteries-germany", "halflings",
        "the-gifts", "wonders-of-humanity",
    }


def test_a_page_lists_its_turn_steps_in_play_order():
    order = ["begin", "tile", "figure", "score", "end"]
    for page in pages():
        ranks = [order.index(step["phase"]) for step in page.get("turn_steps") or []]
        assert ranks == sorted(ranks), page["slug"]
