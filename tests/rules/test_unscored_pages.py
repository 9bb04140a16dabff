"""Issue 29: where no source carcwiki could read gives an expansion's tiles, its page says
in one plain line which part the calculator cannot take and why, and says it exactly while
the engine does not score that part."""

import pytest

from carcwiki.rules.models import RulesPage, Section
from scoring.engine.expansions import DEFAULT_REGISTRY

pytestmark = pytest.mark.django_db

#: (page, the code whose tiles are missing, the start of the line)
UNSCORED = [
    ("catapult", "catapult", "The calculator cannot take the Catapult's twelve fair tiles"),
    ("wheel-of-fortune", "wheel-of-fortune", "The calculator cannot take The Wheel of Fortune"),
    ("plague", "plague", "The calculator cannot take the six plague source tiles"),
    ("school", "school", "The calculator cannot take the two school tiles"),
    ("castles-in-germany", "castles-in-germany", "The calculator cannot take the six castle"),
    ("cathedrals-in-germany", "cathedrals-in-germany",
     "The calculator cannot take the six cathedral tiles"),
    ("halflings", "halflings", "The calculator cannot take the triangular tiles"),
    ("wonders-of-humanity", "wonders-of-humanity", "The calculator cannot take the wonder"),
    ("river", "river-20th", "The calculator cannot take the 20th Anniversary River's tiles"),
    ("ghosts-castles-cemeteries", "ghosts-castles-cemeteries",
     "The calculator cannot take this expansion's tiles"),
]


CANNOT = "The calculator cannot take"


def page_text(slug: str) -> str:
    return " ".join(" ".join(body.split()) for body in
                    Section.objects.filter(page__slug=slug).values_list("body", flat=True))


@pytest.mark.parametrize(("slug", "code", "line"), UNSCORED)
def test_the_page_says_what_the_calculator_cannot_take_and_why(slug, code, line):
    bodies = page_text(slug)
    if code in DEFAULT_REGISTRY:
        # Scored now (its package added): the page no longer says it cannot be taken.
        assert line not in bodies, f"{code} is scored now: drop its line from {slug}"
        return
    assert bodies.count(CANNOT) == 1
    said = bodies[bodies.index(line):].split(". ")[0]
    assert "no source carcwiki could read" in said or "sources carcwiki could read" in said


def test_only_a_page_with_a_code_the_calculator_cannot_score_says_so():
    """Read from the pages, not the list above: a page may say the calculator cannot take
    something only while one of the codes it covers is not declared by the engine."""
    saying = RulesPage.objects.filter(sections__body__contains=CANNOT).distinct()
    assert {page.slug for page in saying} >= {slug for slug, code, _line in UNSCORED
                                              if code not in DEFAULT_REGISTRY}
    for page in saying:
        unscored = [code for code in page.applies_to or () if code not in DEFAULT_REGISTRY]
        assert unscored, f"{page.slug} says '{CANNOT}' but every code it covers is scored"
