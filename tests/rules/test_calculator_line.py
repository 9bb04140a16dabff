"""Each rules page says near its top whether the calculator scores its expansion (issue 32),
read from the scoring engine's registry: a page says "scores" exactly when the engine
declares one of the page's codes, and the line follows when the engine learns one."""

import html
import re

import pytest

from carcwiki.rules import calculator
from carcwiki.rules.calculator import calculator_line
from carcwiki.rules.models import RulesPage
from scoring.engine.expansion import Expansion, ExpansionRegistry
from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.rules import Edition

pytestmark = pytest.mark.django_db


def line_of(document: str) -> tuple[str, str]:
    found = re.search(r'<p class="calculator-line calculator-line--(\w+)" role="note">(.*?)</p>',
                      document, re.S)
    assert found, "no calculator line"
    return found.group(1), html.unescape(re.sub(r"<[^>]+>", "", found.group(2)))


def test_every_page_says_scored_exactly_when_the_engine_declares_its_code(client):
    pages = list(RulesPage.objects.all())
    assert len(pages) >= 40
    for page in pages:
        expected = any(code in DEFAULT_REGISTRY for code in page.applies_to)
        kind, text = line_of(client.get(f"/rules/{page.slug}/").content.decode())
        assert kind == ("scored" if expected else "unscored"), page.slug
        assert text.startswith("The calculator scores " if expected
                               else "The calculator does not score "), (page.slug, text)


@pytest.mark.parametrize(("slug", "text"), [
    ("base-game", "The calculator scores the base game. In the board builder, lay the tiles "
                  "and enter the players' meeples, abbots and farmers. It finds the rest on "
                  "the board."),
    ("tower", "The calculator scores The Tower. In the board builder, lay the tiles and enter "
              "on its tiles: tower height in floors and meeple on top of the tower. It finds "
              "the rest on the board. It has the tiles of the C1 and C2 printings only."),
    ("goldmines", "The calculator scores Goldmines. In the board builder, lay the tiles and "
                  "enter per player: gold ingots. It finds the rest on the board."),
    ("catapult", "The calculator does not score The Catapult yet. Count its points by hand "
                 "(how it scores) and add them to each player’s points before you score the "
                 "board in the board builder."),
])
def test_the_line_says_what_a_player_enters(client, slug, text):
    document = client.get(f"/rules/{slug}/?x=base,tower,goldmines,catapult").content.decode()
    assert line_of(document)[1] == text
    # Near the top: before the first section.
    assert document.index('class="calculator-line') < document.index('class="rules-section')


def test_an_expansion_the_engine_learns_is_said_scored_with_no_other_change(monkeypatch):
    """The `expansions` helper adds codes to the engine: the Catapult's page then says it
    scores it, and what a player enters comes from its declaration."""
    page = RulesPage.objects.get(slug="catapult")
    assert not calculator_line(page, "The Catapult", ["scoring"]).scored
    learnt = ExpansionRegistry([*DEFAULT_REGISTRY.expansions,
                                Expansion(code="catapult", name="the catapult")])
    monkeypatch.setattr(calculator, "_registry", lambda: learnt)
    line = calculator_line(page, "The Catapult", ["scoring"])
    assert line.scored and line.enters == ()


# Issue 29, "Every printing": which printings of each box the sources read show, as the
# packages' catalogue.yaml record them ("Printings"). None of these seven has a third-edition
# printing whose tiles a source gives (The Princess & the Dragon's and The Tower's newer boxes
# are other expansions by name, tiles and rules), so their pages say which ones the
# calculator has.
@pytest.mark.parametrize(("slug", "printings"), [
    ("princess-dragon", "the C1 and C2 printings"),  # wiki; JCZ princess-and-dragon:1, :2
    ("tower", "the C1 and C2 printings"),  # wiki The_Tower; JCZ tower:1, :2
    ("abbey-mayor", "the C1 and C2 printings"),  # wiki Abbey_and_the_Mayor; JCZ :1, :2
    ("count-king-robber", "the C1 and C2 printings"),  # wiki Count,_King_and_Robber
    ("hills-sheep", "the C1 and C2 printings"),  # wiki Hills_&_Sheep; JCZ :1, :2
    ("bridges-castles-bazaars", "the C1 and C2 printings"),  # wiki; JCZ :1, :2
    ("big-top", "the C2 printing"),  # wiki Under_the_Big_Top: new tile design only
])
def test_a_page_says_which_printings_the_calculator_has(client, slug, printings):
    text = line_of(client.get(f"/rules/{slug}/").content.decode())[1]
    assert text.endswith(f"It finds the rest on the board. It has the tiles of {printings} "
                         "only."), text


@pytest.mark.parametrize("slug", ["base-game", "inns-cathedrals", "traders-builders"])
def test_a_box_printed_in_every_edition_gets_no_printings_sentence(client, slug):
    text = line_of(client.get(f"/rules/{slug}/").content.decode())[1]
    assert text.endswith("It finds the rest on the board."), text


def test_the_printings_come_from_the_declaration(monkeypatch):
    """An expansion declared for C3 alone is said to have only the C3 printing; declared for
    every edition, nothing is said."""
    page = RulesPage.objects.get(slug="catapult")
    for editions, said in ((frozenset({Edition.C3}), ("C3",)), (frozenset(Edition), ())):
        learnt = ExpansionRegistry([*DEFAULT_REGISTRY.expansions,
                                    Expansion(code="catapult", name="the catapult",
                                              editions=editions)])
        monkeypatch.setattr(calculator, "_registry", lambda learnt=learnt: learnt)
        line = calculator_line(page, "The Catapult", ["scoring"])
        assert line.editions == said
    assert calculator.CalculatorLine(scored=True, name="x", editions=("C3",)).printings == \
        "the C3 printing"
