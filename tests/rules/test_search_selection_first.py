"""The selection first (issue 32): a player who asks about the boxes on their table sees
those boxes' answers in the first places, whatever another box's answer scores; the
other boxes' answers follow as one folded line, and lead only when nothing in the
selection matches. Real content, base game alone selected."""

import re

import pytest

pytestmark = pytest.mark.django_db

BASE_ONLY = "x=&ed=c1,c23,we&pref=c23"


def hit_urls(document: str) -> list[str]:
    """The addresses of the hits in the order the page shows them, the answers outside
    the selection marked with a leading ``+``."""
    found = []
    for item in document.split('<li class="hit ')[1:]:
        outside = "hit--elsewhere" in item.split(">", 1)[0]
        url = re.search(r'class="hit-title"><a href="([^"]+)"', item).group(1)
        found.append(("+" if outside else "") + url)
    return found


def test_the_selections_answer_comes_before_a_stronger_match_outside_it(client):
    """"can two monasteries be next to each other": the base game's CAR.008 answers it;
    a Besiegers note scores a hair higher (7.68 against 7.67 on SQLite). The base game's
    answer leads; the Besiegers note comes after every ordinary hit, folded."""
    response = client.get(f"/search/?q=can+two+monasteries+be+next+to+each+other&{BASE_ONLY}")
    results = response.context["results"]
    assert results.elsewhere, "the Besiegers note is offered apart"
    assert results.elsewhere[0].add_code == "besiegers"
    assert results.elsewhere[0].rank >= results.hits[0].rank  # the stronger match
    assert not results.elsewhere_first

    shown = hit_urls(response.content.decode())
    assert "/rules/notes/base-car-008/" in shown[0]
    first_outside = next(index for index, url in enumerate(shown) if url.startswith("+"))
    assert first_outside == len(results.hits)  # after every hit of the selection
    assert all(not url.startswith("+") for url in shown[:3])


def test_the_answers_outside_fold_into_one_line_naming_their_expansions(client):
    document = client.get(f"/search/?q=can+two+monasteries+be+next+to+each+other&{BASE_ONLY}"
                          ).content.decode()
    box = document.split('<details class="search-elsewhere"', 1)[1].split("</details>", 1)[0]
    assert box.startswith(">"), "folded: no open attribute"
    summary = re.search(r"<summary[^>]*>(.*?)</summary>", box).group(1)
    assert summary == ("Also in: Besiegers / Cathars / Siege, Monasteries in Germany / "
                       "Monasteries in the Netherlands &amp; Belgium / Japanese Buildings")
    assert document.index('<ol class="search-results">') < document.index(
        '<details class="search-elsewhere"')


def test_only_when_nothing_in_the_selection_matches_do_the_others_lead(client):
    """"acrobat pyramid": only Under the Big Top speaks of acrobats."""
    response = client.get(f"/search/?q=acrobat+pyramid&{BASE_ONLY}")
    results = response.context["results"]
    assert not results.hits and results.elsewhere_first
    document = response.content.decode()
    assert '<details class="search-elsewhere" open>' in document
    summary = re.search(r'<summary id="elsewhere-title">(.*?)</summary>', document).group(1)
    assert summary.startswith("Answered only in expansions you have not selected: "
                              "Under the Big Top")
