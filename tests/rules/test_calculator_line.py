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
              "the rest on the board."),
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
