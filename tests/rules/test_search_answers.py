"""The answer, not the mention (issue 32), on the site's real content with every expansion
selected: a section that gives the number a "how much" question asks for outranks one
that only names the piece, and the current edition's rule outranks the first edition's
for a group that did not choose C1 (and the other way round for a group that did)."""

import pytest

from carcwiki.rules.models import Note, Section
from carcwiki.rules.queries import selector_catalogue
from carcwiki.rules.search import engine
from carcwiki.rules.search.engine import gives_value
from carcwiki.rules.selection import Selection

from .test_search_ranking import keys

pytestmark = pytest.mark.django_db


def everything(preferred: str = "c23") -> Selection:
    catalogue = selector_catalogue()
    return Selection.from_params(
        {"x": [",".join(catalogue.by_code)], "ed": ["c1,c23,we"], "pref": [preferred]},
        catalogue=catalogue,
    )


def test_the_section_with_the_number_outranks_a_note_that_names_the_piece():
    """"how much is a cathedral worth": the Cathedrals section gives 3 points for every tile;
    the note that two cathedrals do not stack names the cathedral and gives no number,
    and used to come first."""
    cathedrals = Section.objects.get(page__slug="inns-cathedrals", anchor="cathedrals")
    no_stack = Note.objects.get(slug="inns-cathedrals-cathedrals-do-not-stack")
    assert gives_value(cathedrals.body_html) and not gives_value(no_stack.body_html)
    found = keys(engine.search(query="how much is a cathedral worth",
                               selection=everything()).hits)
    assert found[0] == "inns-cathedrals#cathedrals"
    assert found.index("inns-cathedrals#cathedrals") < found.index(
        "inns-cathedrals-cathedrals-do-not-stack")


def test_a_question_that_asks_no_value_is_ranked_as_before():
    """The same words without "how much": no section gains for its numbers."""
    assert not engine.asks_for_value("cathedral in a city")
    assert engine.asks_for_value("how many points is a road worth")


def test_the_current_scoreboard_rule_outranks_the_first_editions():
    """"how does the scoreboard work": the base game's section and the first edition's
    both answer; the first edition's used to come first (7.95 against 7.94 on SQLite)."""
    found = keys(engine.search(query="how does the scoreboard work",
                               selection=everything()).hits)
    assert found[:2] == ["base-game#scoreboard", "first-edition#scoreboard"]


def test_a_group_that_chose_c1_keeps_the_first_editions_rule_beside_the_current_one():
    """For a C1 group neither section loses anything: the two answer side by side, in the
    order of the engine's own scores, which are within a hundredth of each other (SQLite
    puts the first edition's first, PostgreSQL the base game's)."""
    found = keys(engine.search(query="how does the scoreboard work",
                               selection=everything("c1")).hits)
    assert set(found[:2]) == {"first-edition#scoreboard", "base-game#scoreboard"}


def test_farm_scoring_history_comes_after_the_current_farm_rules():
    found = keys(engine.search(query="how do you score a farm", selection=everything()).hits)
    assert "farmers#final-farm-scoring" in found[:3]
    assert found.index("farmers#final-farm-scoring") < found.index(
        "farmers#farm-scoring-history")


def test_a_question_about_the_old_rule_still_finds_it_first():
    found = keys(engine.search(query="how did farm scoring work in the first edition",
                               selection=everything()).hits)
    assert {"farmers-first-edition-farm-rule", "farmers#farm-scoring-history"} & set(found[:2])
