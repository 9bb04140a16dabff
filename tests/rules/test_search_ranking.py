"""How the search ranks the full content when a group has every expansion selected, and
what it costs: the weak spots found by asking questions kept apart from the team's set
(issue 22) stay fixed, on SQLite and PostgreSQL alike (the suite runs on both)."""

import pytest

from carcwiki.rules.models import SearchDocument
from carcwiki.rules.queries import selector_catalogue
from carcwiki.rules.search import engine
from carcwiki.rules.search.backends import Match
from carcwiki.rules.search.engine import CORE_BONUS, RankedDocument, _Row, _with_page_context
from carcwiki.rules.search.query import parse
from carcwiki.rules.search.vocabulary import current_vocabulary
from carcwiki.rules.selection import Selection

pytestmark = pytest.mark.django_db


def everything() -> Selection:
    catalogue = selector_catalogue()
    return Selection.from_params(
        {"x": [",".join(catalogue.by_code)], "ed": ["c1,c23,we"], "pref": ["c23"]},
        catalogue=catalogue,
    )


def base_only() -> Selection:
    return Selection.from_params({"x": [""], "ed": ["c1,c23,we"], "pref": ["c23"]},
                                 catalogue=selector_catalogue())


def keys(hits) -> list[str]:
    """``page#anchor`` of a section, the slug of a note (as bench/search_eval.py names
    answers)."""
    found = []
    for hit in hits:
        path, _, anchor = hit.url.partition("#")
        last = path.split("?")[0].strip("/").split("/")[-1]
        found.append(f"{last}#{anchor}" if hit.kind == "section" else last)
    return found


# -- cost ------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", [
    "when is a road finished",
    "what happens if two players have the same number of meeples in a city",
    "how do acrobats score",
    "farm city abbot river inn builder pig tower",  # eight concepts, the most kept
])
@pytest.mark.parametrize("selection", [everything, base_only])
def test_a_search_of_the_full_content_costs_one_query(question, selection,
                                                      django_assert_num_queries):
    """The engine's query alone, however many documents match (hundreds here) and whether
    answers outside the selection are offered. (What decides visibility, what a hit
    shows, and the glossary are read by the first search after the content changed,
    here the warm-up one.)"""
    chosen = selection()
    engine.search(query=question, selection=chosen)  # the vocabulary file read once
    with django_assert_num_queries(1):
        results = engine.search(query=question, selection=chosen)
    assert results.hits


# -- weak spots --------------------------------------------------------------------------------


def test_a_common_word_in_a_title_does_not_outrank_the_rarer_words_of_a_body():
    """Two documents among ten: A holds the common concept (held by 8 of 10) in its title,
    B the rare one (held by 1) in its body. Rarity = ln(1 + (N - n + 0.5) / (n + 0.5)):
    common ln(1 + 2.5/8.5) = 0.2578, rare ln(1 + 9.5/1.5) = 1.9924.
    A: 2 × 0.2578 = 0.5155 + engine 1.0 × 1/1 = 1.5155;
    B: 1.9924 + 0.2578 (common in its body) + engine 1.0 × 0.5/1 = 2.7502. B first."""
    section = SearchDocument.Kind.SECTION
    a = Match(section, 1, 1.0, holds=(True, False), in_title=(True, False), documents=10)
    b = Match(section, 2, 0.5, holds=(True, True), in_title=(False, False), documents=10)
    others = [Match(section, 10 + n, 0.1, holds=(True, False), in_title=(False, False),
                    documents=10) for n in range(6)]
    ranked = engine.rank([a, b, *others])
    assert [doc.object_id for doc in ranked[:2]] == [2, 1]
    assert ranked[0].score == pytest.approx(2.7502, abs=1e-3)
    assert ranked[1].score == pytest.approx(1.5155, abs=1e-3)


def test_a_question_naming_no_expansion_prefers_the_base_game_pages():
    """"when is a road finished" names no page: the base game's row gains CORE_BONUS
    (1.0), so 3.0 + 1.0 = 4.0 beats the tunnel's 3.5. "when is a tunnel finished" names
    The Tunnel's page: the tunnel row gains the concept's rarity (2.0) and nobody the
    core bonus: 3.5 + 2.0 = 5.5 against 3.0."""
    base = _Row(title="The base game", core=True)
    tunnel = _Row(title="The Tunnel")
    sections = {1: _Row(page=base), 2: _Row(page=tunnel)}
    ranked = [RankedDocument("section", 2, 3.5), RankedDocument("section", 1, 3.0)]

    road = parse("when is a road finished", current_vocabulary())
    adjusted = _with_page_context(ranked, road, [1.0, 1.0], sections, {})
    assert CORE_BONUS == 1.0
    assert [(doc.object_id, doc.score) for doc in adjusted] == [(1, 4.0), (2, 3.5)]

    tunnel_question = parse("when is a tunnel finished", current_vocabulary())
    assert [concept.typed for concept in tunnel_question.concepts] == [("tunnel",),
                                                                        ("finished",)]
    adjusted = _with_page_context(ranked, tunnel_question, [2.0, 1.0], sections, {})
    assert [(doc.object_id, doc.score) for doc in adjusted] == [(2, 5.5), (1, 3.0)]


@pytest.mark.parametrize(("question", "answer"), [
    ("what year did the base game come out", "base-game#editions"),
    ("when was inns and cathedrals released", "inns-cathedrals#editions"),
    ("when did the first edition come out", "first-edition#overview"),
])
def test_years_and_editions_find_the_editions_section_with_everything_selected(question,
                                                                              answer):
    found = keys(engine.search(query=question, selection=everything()).hits[:3])
    assert answer in found, found


@pytest.mark.parametrize(("question", "codes", "page"), [
    ("how do acrobats score", {"big-top", "acrobats"}, "big-top"),
    ("robber next to my score marker", {"robbers"}, "robbers"),
    ("when was inns and cathedrals released", {"inns-cathedrals"}, "inns-cathedrals"),
])
def test_an_answer_in_an_unselected_expansion_is_offered_with_its_expansion(question, codes,
                                                                           page):
    """With the base game alone, the answer is shown apart, naming the one code whose
    adding shows it; the page's answers never appear among the ordinary hits."""
    results = engine.search(query=question, selection=base_only())
    assert results.elsewhere, keys(results.hits)
    first = results.elsewhere[0]
    assert first.add_code in codes and first.add_name
    assert f"/rules/{page}/" in first.url
    assert not any(f"/rules/{page}/" in hit.url for hit in results.hits)
