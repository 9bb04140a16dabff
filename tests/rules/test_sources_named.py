"""Facts that come from another source than the rules wiki name it on their page, and the
wiki's clarifications that the Tower, Under the Big Top and Ghosts, Castles & Cemeteries
pages carry: each is read off the page a player opens, with the selection that shows it."""

import pytest

from carcwiki.rules.models import Section

from .conftest import page, text_of

pytestmark = pytest.mark.django_db

#: (page, selection, a fact the page states, the source its note names for it)
SOURCED_FACTS = [
    ("big-top", "big-top&ed=C2", "Elephant | 1 | 7", "ludorium.at review (Manege frei!)"),
    ("big-top", "big-top&ed=C2", "Every {{meeple}} still on an acrobat space scores 5",
     "JCloisterZone engine (BigTopCapability, AcrobatsCapability"),
    ("goldmines", "goldmines", "| 10 or more | 4 |",
     "JCloisterZone engine (GoldminesCapability); dicevibes.com"),
    ("hills-sheep", "hills-sheep", "8 with a hill, 8 with a vineyard",
     "JCloisterZone tile data (hills_and_sheep.xml); carcassonne.wikia"),
    ("tower", "tower", "and it never scores", "spielwiese.at (test 914); poeppelkiste.de"),
    ("princess-dragon", "princess-dragon", "the Rio Grande Games and Z-Man Games rules make it",
     "JCloisterZone (rule princess-action)"),
    ("princess-dragon", "princess-dragon", "even when the feature itself is worth nothing",
     "JCloisterZone engine (FairyCapability)"),
]


@pytest.mark.parametrize(("slug", "selection", "fact", "source"), SOURCED_FACTS)
def test_a_fact_from_outside_the_wiki_names_its_source(client, slug, selection, fact, source):
    bodies = " ".join(Section.objects.filter(page__slug=slug).values_list("body", flat=True))
    assert fact in " ".join(bodies.split())
    text = text_of(page(client, f"/rules/{slug}/?x={selection}"))
    assert f"Source: {source}" in text


#: (page, selection, the question a player reads, a word of the answer)
CLARIFICATIONS = [
    ("tower", "tower,abbey-mayor", "Can a tower capture my mayor or my wagon?", "Yes."),
    ("tower", "tower", "Some printed Z-Man Games rulebooks", "misprint"),
    ("big-top", "big-top,bridges-castles-bazaars&ed=C2",
     "May I build a bridge on a circus tile?", "whether the big top stands on that tile"),
    ("ghosts-castles-cemeteries", "ghosts-castles-cemeteries&ed=C3",
     "Does a cemetery tile bring ghosts, as in the cooperative game?",
     "no ghost is ever put on a cemetery"),
    ("ghosts-castles-cemeteries", "ghosts-castles-cemeteries&ed=C3",
     "What if no guard meeple of my colour is left when my cemetery is completed?",
     "brings you nothing more"),
]


@pytest.mark.parametrize(("slug", "selection", "question", "answer"), CLARIFICATIONS)
def test_the_wikis_missing_clarifications_are_on_the_page(client, slug, selection, question,
                                                          answer):
    text = text_of(page(client, f"/rules/{slug}/?x={selection}"))
    assert question in text
    assert answer in text.split(question, 1)[1][:400]


def test_a_clarification_of_another_box_stays_hidden_without_it(client):
    text = text_of(page(client, "/rules/big-top/?x=big-top&ed=C2"))
    assert "May I build a bridge on a circus tile?" not in text
    assert "Can a tower capture my mayor" not in text_of(page(client, "/rules/tower/?x=tower"))
