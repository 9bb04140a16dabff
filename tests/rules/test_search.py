"""Search over sections, notes and the glossary, in a player's words: accents and
capitals ignored, the start of a word is enough, stop words dropped, any meaningful word
can bring a result (more, rarer and title words rank higher), the game's vocabulary
finds other words for a thing, and only what applies to the selection is shown. The
same tests run on SQLite (FTS5) and PostgreSQL (full-text search)."""

import html
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from carcwiki.rules.models import SearchDocument, Section
from carcwiki.rules.queries import selector_catalogue
from carcwiki.rules.search import engine
from carcwiki.rules.search import text as search_text
from carcwiki.rules.search.query import parse
from carcwiki.rules.search.vocabulary import current_vocabulary, read_vocabulary
from carcwiki.rules.selection import Selection
from carcwiki.rules.services import RulesContentError, load_rules_content, save_section

from .conftest import page, text_of

pytestmark = pytest.mark.django_db

SEARCH_PAGE = {
    "slug": "search-test",
    "title": "Search test",
    "category": "base",
    "order": 1,
    "applies_to": ["base"],
    "sections": [
        {
            "anchor": "placing",
            "title": "Placing a farmer",
            "body": "Lay a {{meeple}} down in a meadow, on its back.\n",
        },
        {
            "anchor": "old-scoring",
            "title": "Old scoring",
            "editions": ["C1"],
            "body": "Long ago, farms were counted city by city.\n",
            "notes": [
                {
                    "slug": "old-scoring-twice",
                    "kind": "clarification",
                    "question": "Could one city pay out twice?",
                    "body": "No: the first rules counted farms once per city.\n",
                    "references": ["WICA.0201.0001", "CAR.022"],
                    "date": "(5/2013)",
                    "source": "Hans im Glück",
                },
            ],
        },
        {
            "anchor": "sheep",
            "title": "Uniform backs",
            "body": "A sheepfarm is not a meadow: every tile has a uniform back.\n",
        },
        {
            "anchor": "french",
            "title": "Le champ fermé",
            "body": "French rules call a closed field « fermé ». The Abbé is the abbot.\n",
        },
        {
            "anchor": "banners",
            "title": "Counting {{pennants}}",
            "body": "Each {{pennant}} in an incomplete town adds one point at the end.\n",
        },
    ],
}
GLOSSARY = [
    {"slug": "field", "term": "Field", "aliases": ["farm"], "definition": "Green land.\n"},
    {"slug": "meeple", "term": "{{Meeple}}", "definition": "A wooden figure.\n"},
]


VOCABULARY = [
    ["shield", "pennant", "coat of arms", "banner", "crest"],
    ["unfinished", "incomplete"],
    ["city", "town"],
]


@pytest.fixture
def search_content(rules_dir, settings):
    """The page and glossary above, and a small vocabulary of the test's own."""
    (rules_dir.path / "small-farms.yaml").unlink()
    rules_dir.write("search-test.yaml", SEARCH_PAGE)
    rules_dir.write("glossary.yaml", GLOSSARY)
    rules_dir.write("vocabulary.yaml", VOCABULARY)
    settings.RULES_VOCABULARY_FILE = rules_dir.path / "vocabulary.yaml"
    load_rules_content(directory=rules_dir.path)


def hits(client, query: str, selection: str = "x=base&mark=1") -> list[tuple[str, str]]:
    """``(url, title HTML)`` of each result, best first."""
    document = page(client or Client(), f"/search/?q={query}&{selection}")
    return re.findall(r'<h2 class="hit-title"><a href="([^"]+)">(.*?)</a></h2>', document)


def urls(found) -> list[str]:
    return [url.split("?")[0] + ("#" + url.split("#")[1] if "#" in url else "") for url, _ in found]


@pytest.mark.parametrize("query", ["abbé", "abbe", "ABBÉ", "Abbe", "ABBE"])
def test_accents_and_capitals_do_not_matter(client, search_content, query):
    assert urls(hits(client, query)) == ["/rules/search-test/#french"]


def test_accented_text_keeps_its_accents_when_highlighted(client, search_content):
    found = hits(client, "ferme")
    assert found[0][1] == "Le champ <mark>fermé</mark>"
    document = page(client, "/search/?q=abbe&x=base")
    assert "The <mark>Abbé</mark> is the" in document


def test_the_start_of_a_word_is_enough_but_not_its_middle(client, search_content):
    assert urls(hits(client, "unif")) == ["/rules/search-test/#sheep"]
    assert "/rules/search-test/#sheep" in urls(hits(client, "sheep"))  # sheepfarm
    assert urls(hits(client, "form")) == []  # only inside "uniform"


def test_other_endings_of_a_word_are_found(client, search_content):
    # "counted" and "counting" share their stem with "counts".
    found = urls(hits(client, "counts"))
    assert "/rules/search-test/#old-scoring" in found
    assert "/rules/search-test/#banners" in found


def test_titles_rank_above_bodies(client, search_content):
    found = urls(hits(client, "farm"))
    assert found.index("/rules/search-test/#placing") < found.index(
        "/rules/search-test/#old-scoring"
    )


def test_any_meaningful_word_finds_and_more_of_them_rank_higher(client, search_content):
    # The old scoring is a C1 section: a C1 reader's, so that no edition weighs in (a C2/C3
    # reader reads it below the current rules, test_search_answers.py).
    found = urls(hits(client, "farms city", "x=base&mark=1&pref=c1"))
    both = ["/rules/notes/old-scoring-twice/", "/rules/search-test/#old-scoring"]
    assert found[:2] == both  # both words, the note's city in its title
    assert "/rules/search-test/#placing" in found[2:]  # a farmer only
    assert "/rules/search-test/#old-scoring" in urls(hits(client, "farms nothingatall"))


def test_question_and_stop_words_do_not_have_to_match(client, search_content):
    question = urls(hits(client, "how+can+I+place+my+farmer+in+the+meadow%3F"))
    assert question[0] == "/rules/search-test/#placing"
    assert urls(hits(client, "what+is+the")) == []


@pytest.mark.parametrize(
    "query", ["shield", "coat+of+arms", "banner", "unfinished+city", "crest"]
)
def test_the_games_other_words_for_a_thing_are_found(client, search_content, query):
    assert urls(hits(client, query))[0] == "/rules/search-test/#banners"


def test_nothing_found_suggests_the_nearest_glossary_terms(client, search_content):
    document = page(client, "/search/?q=meeplle&x=base")
    assert "Nothing in your selection matches" in document
    suggestion = r'Did you mean <a href="/search/\?q=meeple&amp;x=[^"]+">Meeple</a>\?'
    assert re.search(suggestion, document)


def test_matching_words_are_highlighted(client, search_content):
    document = page(client, "/search/?q=FARM&x=base")
    assert "Placing a <mark>farmer</mark>" in document
    assert "Long ago, <mark>farms</mark> were counted" in document
    assert '<span class="hit-context"><mark>farm</mark></span>' in document  # an alias
    assert "4 results for “FARM”" in text_of(document)


def test_notes_come_with_their_kind_references_date_and_source(client, search_content):
    document = page(client, "/search/?q=pay+out&x=base")
    hit = document.split('<li class="hit hit--note', 1)[1].split("</li>", 1)[0]
    assert "Official clarification" in hit
    assert "Could one city <mark>pay</mark> out twice?" in hit  # "out": a stop word
    assert re.search(
        r'<a class="reference-code" href="/rules/notes/WICA.0201.0001/\?x=[^"]+">'
        r"<code>WICA.0201.0001</code></a>, <a [^>]+><code>CAR.022</code></a>",
        hit,
    )
    assert "Date: (5/2013)" in hit and "Source: Hans im Glück" in hit
    assert 'href="/rules/notes/old-scoring-twice/?x=' in hit


@pytest.mark.parametrize("query", ["0201", "2013", "hans+glück"])
def test_reference_codes_dates_and_sources_are_searchable(client, search_content, query):
    assert urls(hits(client, query)) == ["/rules/notes/old-scoring-twice/"]


C1_ONLY = "x=farmers,river&ed=c1&pref=c1"  # the abbot is not in the first edition


@pytest.mark.parametrize("query", ["WICA.0201.0001", "car.022", "+CAR.022+"])
def test_a_search_for_a_code_goes_to_its_address(client, search_content, query):
    response = client.get(f"/search/?q={query}&x=base&ed=c1")
    code = query.strip("+").upper()
    assert response.status_code == 302
    assert response["Location"] == f"/rules/notes/{code}/?{C1_ONLY}"
    note = client.get(response["Location"])
    assert note.status_code == 301
    assert note["Location"] == f"/rules/notes/old-scoring-twice/?{C1_ONLY}"


def test_an_unknown_code_is_searched_like_words(client, search_content):
    response = client.get("/search/?q=CAR.999&x=base")
    assert response.status_code == 200
    assert "Nothing in your selection matches" in response.content.decode()
    assert client.get("/rules/notes/CAR.999/").status_code == 404


def test_only_what_applies_to_the_selection_is_found(client, search_content):
    found = urls(hits(client, "farm", "x=base&ed=c23"))
    assert "/rules/search-test/#old-scoring" not in found
    assert "/rules/notes/old-scoring-twice/" not in found
    assert "/rules/search-test/#placing" in found


def test_search_follows_the_wording_of_the_preferred_edition(client, search_content):
    first = page(client, "/search/?q=follower&x=base&pref=c1")
    assert "Lay a <mark>follower</mark> down" in first
    # Either edition's word finds the text; the reader's word is the one highlighted.
    second = page(client, "/search/?q=follower&x=base&pref=c23")
    assert "Lay a <mark>meeple</mark> down" in second
    assert "<mark>Meeple</mark>" in second  # the glossary term, worded


def test_results_link_with_a_shared_selection(client, search_content):
    found = hits(client, "meadow", "x=base&ed=c23&pref=c23")
    assert found[0][0] == (
        "/rules/search-test/?x=farmers,abbot,river&amp;ed=c23&amp;pref=c23#placing"
    )


def test_empty_and_hostile_queries(client, search_content):
    empty = page(client, "/search/?q=+++")
    assert 'class="search-results"' not in empty and "results for" not in empty
    hostile = page(client, "/search/?q=%3Cscript%3Ealert(1)%3C/script%3E")
    assert "<script>alert" not in hostile and "&lt;script&gt;" in hostile
    nothing = page(client, "/search/?q=zzzzzz&x=base")
    assert "Nothing in your selection matches" in nothing


def test_search_runs_a_fixed_number_of_queries(search_content, django_assert_num_queries):
    # The engine's query alone, whatever it finds; a question with no word to search
    # asks nothing. What decides visibility, what a hit shows and the glossary are read
    # once per content version, by the first search.
    selection = Selection.default(catalogue=selector_catalogue())
    engine.search(query="meadow", selection=selection)
    cases = (("farm city abbe", 1), ("farms once per city " * 5, 1), ("meadow", 1),
             ("zzzz", 1), ("the", 0))
    for query, count in cases:
        with django_assert_num_queries(count):
            engine.search(query=query, selection=selection)


def test_each_database_searches_with_its_own_engine(search_content):
    with CaptureQueriesContext(connection) as queries:
        engine.ranked_documents("farmer")
    (sql,) = [query["sql"] for query in queries]
    if connection.vendor == "postgresql":
        assert "ts_rank(" in sql and "to_tsquery('english'" in sql
        vectors = dict(
            SearchDocument.objects.filter(kind="note").values_list("object_id", "vector")
        )
        (vector,) = vectors.values()
        assert "'0201':" in vector and "'glück'" not in vector  # folded: "gluck"
    else:
        assert "bm25(rules_search_fts" in sql and "MATCH" in sql
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM rules_search_fts WHERE rules_search_fts MATCH 'gluck'"
            )
            assert cursor.fetchone() == (1,)


def test_the_documents_follow_the_content(search_content):
    note = SearchDocument.objects.get(kind="note")
    assert note.title == "could one city pay out twice"
    assert "wica 0201 0001 car 022" in note.body and "old scoring" in note.body
    placing = SearchDocument.objects.get(kind="section", object_id=Section.objects.get(
        anchor="placing").pk)
    assert "follower meeple" in placing.body  # both editions' words


def test_deleted_content_leaves_the_search(search_content):
    Section.objects.get(anchor="placing").delete()
    assert urls(hits(None, "meadow")) == ["/rules/search-test/#sheep"]
    assert not SearchDocument.objects.filter(kind="section", body__contains="lay a").exists()


def test_edited_content_is_found_by_its_new_words(search_content):
    section = Section.objects.get(anchor="placing")
    section.body = "Lay a {{meeple}} down in a pasture.\n"
    save_section(section=section)
    assert urls(hits(None, "pasture")) == ["/rules/search-test/#placing"]
    assert urls(hits(None, "meadow")) == ["/rules/search-test/#sheep"]


def test_an_edit_reaches_what_a_hit_shows_on_the_next_search(search_content):
    """What a hit shows (title, excerpt) is kept per content version like what decides
    visibility: the search after an edit shows the new words."""
    assert hits(None, "meadow")[0][1] != "Sheep in the <mark>meadow</mark>"
    section = Section.objects.get(anchor="placing")
    section.title = "Sheep in the meadow"
    section.body = "Lay a {{meeple}} down in a meadow full of pasture.\n"
    save_section(section=section)
    document = page(Client(), "/search/?q=meadow&x=base&mark=1")
    found = re.findall(r'<h2 class="hit-title"><a href="([^"]+)">(.*?)</a></h2>', document)
    assert found[0][1] == "Sheep in the <mark>meadow</mark>"
    assert "down in a <mark>meadow</mark> full of pasture" in document



def test_an_edit_that_changes_who_sees_a_section_reaches_the_search(search_content):
    """What decides visibility is kept per content version: a section that a later edit
    limits to the first edition stops showing to a group that plays the third, on the
    very next search."""
    third = "x=base&ed=c23&pref=c23"
    assert urls(hits(None, "meadow", third)) == [
        "/rules/search-test/#placing", "/rules/search-test/#sheep"]
    section = Section.objects.get(anchor="placing")
    section.editions = ["C1"]
    save_section(section=section)
    assert urls(hits(None, "meadow", third)) == ["/rules/search-test/#sheep"]


# -- the real content -------------------------------------------------------------------------


def test_real_search_for_farm_finds_the_farm_rules(client):
    found = urls(hits(client, "farm", "x=base&ed=c23&pref=c23"))
    assert any(url.startswith("/rules/farmers/#") for url in found[:5])
    assert any(url.startswith("/rules/notes/") for url in found)


# The same questions give the same first result on SQLite and PostgreSQL: the suite runs
# on both, and each case names the one result expected first.
PLAYER_QUESTIONS = {
    "how many points is an unfinished city worth at the end":
        "/rules/notes/base-final-scoring-incomplete/",
    "what if my tile fits nowhere": "/rules/notes/base-car-010/",
    "do two of my knights in one city give me double points": "/rules/notes/base-car-021/",
    "does the coat of arms count for the whole city": "/rules/notes/base-car-020/",
    "can I put a farmer in the grass around a monastery":
        "/rules/notes/farmers-field-around-monastery/",
    "can two monasteries be next to each other": "/rules/notes/base-car-008/",
    "can I take my abbot back before the monastery is done": "/rules/abbot/#recalling-the-abbot",
    # The section titled for it ("First-edition farm scoring history") comes first, the
    # clarification asking it second.
    "how did farm scoring work in the first edition": "/rules/farmers/#farm-scoring-history",
    "Can the abbé fly through a portal?": "/rules/notes/abbot-portal-and-flier/",
}
EVERYTHING = "x=base,river2,abbey-mayor&ed=c1,c23&pref=c23&mark=1"


@pytest.mark.parametrize("question", PLAYER_QUESTIONS)
def test_players_questions_find_their_answer_first(client, question):
    found = urls(hits(client, question.replace(" ", "+").replace("?", "%3F"), EVERYTHING))
    assert found[0] == PLAYER_QUESTIONS[question], found[:3]


def test_a_reference_code_carried_by_one_note_leads_to_it(client):
    response = client.get("/rules/notes/CAR.010/")
    assert response.status_code == 301  # a code names its note for good
    assert response["Location"] == "/rules/notes/base-car-010/"
    assert client.get("/rules/notes/car.010/")["Location"] == "/rules/notes/base-car-010/"


def test_a_reference_code_carried_by_many_notes_lists_them_by_section(client):
    document = page(client, "/rules/notes/WICA.0201.0001/")
    text = text_of(document)
    assert "Reference WICA.0201.0001" in text
    places = re.findall(r'<section class="reference-group">\s*<h2>(.*?)</h2>', document)
    assert len(places) >= 10 and len(places) == len(set(places))
    assert "The base game › Placing tiles" in [html.unescape(place) for place in places]
    assert 'href="/rules/notes/base-car-009/"' in document
    assert client.get("/rules/notes/WICA.9999.0001/").status_code == 404


def test_the_vocabulary_file_is_checked_when_the_content_is_loaded(rules_dir):
    rules_dir.write("vocabulary.yaml", [
        ["shield", "pennant"],
        ["knight"],
        ["the", "of"],
        ["run out", "who goes first"],
        ["pennant", "banner"],
        "meeple, follower",
    ])
    with pytest.raises(RulesContentError) as error:
        load_rules_content(directory=rules_dir.path)
    assert error.value.problems == [
        "vocabulary.yaml › group 2: a group needs at least two different words",
        "vocabulary.yaml › group 3: 'the' is only stop words, which the search ignores",
        "vocabulary.yaml › group 3: 'of' is only stop words, which the search ignores",
        "vocabulary.yaml › group 3: a group needs at least two different words",
        "vocabulary.yaml › group 4: every entry starts or ends with a stop word; at least "
        "one must not, since only those are looked for in the text",
        "vocabulary.yaml › group 5: 'pennant' is already in group 1",
        "vocabulary.yaml › group 5: a group needs at least two different words",
        "vocabulary.yaml › group 6: expected a list of words, found 'meeple, follower'",
    ]


def test_the_sites_vocabulary_is_valid_and_used():
    vocabulary = read_vocabulary(settings.FIXTURES_DIR / "rules" / "vocabulary.yaml")
    assert len(vocabulary.groups) >= 40
    assert ("coat", "of", "arms") in vocabulary.equivalents(("shield",))
    assert ("monastery",) in vocabulary.equivalents(("cloister",))
    assert ("highwayman",) in vocabulary.equivalents(("thief",))


def test_an_answer_in_an_unselected_expansion_is_shown_marked_with_a_link(client):
    """A base-game player asks about the inn: the answers are on the Inns & Cathedrals page,
    shown apart, naming the expansion, each with a link that asks the same question with
    the expansion added (one tap; "Keep this selection" there saves it). The answer holds
    no form, so the page cache answers it early for every reader."""
    response = client.get("/search/?q=inn+on+a+road&x=&ed=c1,c23,we&pref=c23")
    results = response.context["results"]
    assert results.elsewhere and len(results.elsewhere) <= 3
    assert all(hit.add_code in {"inns-cathedrals", "inns"} for hit in results.elsewhere)
    assert all("inns-cathedrals" in hit.url for hit in results.elsewhere)
    assert not any("inns-cathedrals" in hit.url for hit in results.hits)
    document = response.content.decode()
    elsewhere = document.split('id="elsewhere-title"', 1)[1].split("</details>", 1)[0]
    assert "csrfmiddlewaretoken" not in elsewhere
    first = elsewhere.split('<li class="hit', 2)[1]
    name = results.elsewhere[0].add_name.replace("&", "&amp;")
    assert f'<span class="expansion-tag">{name}</span>' in first
    link = f"/search/?q=inn+on+a+road&amp;x={results.elsewhere[0].add_code}&amp;ed=c1,c23,we" \
           "&amp;pref=c23"
    assert f'<a class="button" href="{link}" rel="nofollow">Search again with {name}</a>' \
        in first
    widened = client.get(link.replace("&amp;", "&"))
    assert any("inns-cathedrals" in hit.url for hit in widened.context["results"].hits[:3])
    assert "Keep this selection" in widened.content.decode()
    # A reader with no selection of their own (the base game) gets a page without a token.
    default = client.get("/search/?q=inn+on+a+road")
    assert default.context["results"].elsewhere
    assert "csrfmiddlewaretoken" not in default.content.decode()


def test_answers_of_hidden_editions_are_not_offered(client):
    """The abbot exists from C2 on: a C1-only reader is not offered to add it."""
    results = client.get("/search/?q=abbot&x=&ed=c1&pref=c1").context["results"]
    assert all(hit.add_code != "abbot" for hit in results.elsewhere)


@pytest.mark.parametrize(("question", "answer"), [
    ("when did inns and cathedrals come out", "/rules/inns-cathedrals/#editions"),
    ("what year was traders and builders released", "/rules/traders-builders/#editions"),
])
def test_questions_about_years_and_editions_find_the_editions_section(client, question,
                                                                      answer):
    results = client.get("/search/", {"q": question, "x": "base,inns-cathedrals,"
                                      "traders-builders"}).context["results"]
    urls = [hit.url.replace("?x=farmers,abbot,river,inns-cathedrals,traders-builders"
                            "&ed=c1,c23,we&pref=c23", "") for hit in results.hits[:3]]
    assert answer in urls, urls


def test_a_question_naming_a_page_prefers_that_page():
    """"inn" is in the title of Inns & Cathedrals: each of its rows gains the concept's
    rarity once (PAGE_FACTOR 1.0), other pages gain nothing."""
    parsed = parse("road with an inn", current_vocabulary())
    rarity = [2.0 if concept.typed == ("inn",) else 0.5 for concept in parsed.concepts]
    assert engine.page_bonus(parsed, rarity, "Inns & Cathedrals") == 2.0
    assert engine.page_bonus(parsed, rarity, "The base game") == 0.0
    assert engine.page_bonus(parsed, rarity, "Roads and inns") == 2.5  # 2.0 + 0.5


def test_folding_keeps_a_bounded_table_whatever_characters_arrive():
    """Every character still folds; the table of folded characters stops growing at
    MAX_FOLDED_KEPT, so questions full of rare characters cannot grow a process."""
    rare = "".join(chr(code) for code in range(0x4E00, 0x4E00 + search_text.MAX_FOLDED_KEPT + 10))
    assert search_text.fold(rare + "É") == rare + "e"
    assert len(search_text._FOLD_TABLE) <= search_text.MAX_FOLDED_KEPT
