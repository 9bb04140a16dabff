"""Wording follows the preferred edition (C1 says follower and thief, later editions meeple
and highwayman), and rules adapted from another edition are marked when asked."""

import pytest

from carcwiki.rules.models import RulesPage
from carcwiki.rules.wording import TOKEN_WORDS, apply_wording, equivalent_words

from .conftest import page, text_of

pytestmark = pytest.mark.django_db

FORMAT_TABLE = {
    "meeple": ("follower", "meeple"),
    "meeples": ("followers", "meeples"),
    "Meeple": ("Follower", "Meeple"),
    "Meeples": ("Followers", "Meeples"),
    "highwayman": ("thief", "highwayman"),
    "highwaymen": ("thieves", "highwaymen"),
    "Highwayman": ("Thief", "Highwayman"),
    "Highwaymen": ("Thieves", "Highwaymen"),
    "pennant": ("pennant", "coat of arms"),
    "pennants": ("pennants", "coats of arms"),
}


@pytest.mark.parametrize(("token", "words"), FORMAT_TABLE.items())
def test_every_token_of_the_format_has_both_words(token, words):
    assert TOKEN_WORDS[token] == words
    assert apply_wording(f"a {{{{{token}}}}}.", edition_group="c1") == f"a {words[0]}."
    for group in ("c23", "we"):
        assert apply_wording(f"a {{{{{token}}}}}.", edition_group=group) == f"a {words[1]}."


def test_unknown_tokens_and_plain_text_are_left_alone():
    assert apply_wording("{{farmer}} and {{ meeple }}", edition_group="c1") == (
        "{{farmer}} and follower"
    )
    assert apply_wording("no token", edition_group="c1") == "no token"


def test_equivalent_words_for_highlighting():
    assert equivalent_words(["follower"], edition_group="c23") == ["meeple", "meeples"]
    assert equivalent_words(["meeple"], edition_group="c23") == ["meeples"]
    assert equivalent_words(["pen"], edition_group="c23") == ["coat", "arms", "coats"]
    assert equivalent_words(["city"], edition_group="c1") == []


def test_a_page_is_worded_for_the_preferred_edition(client, small_content):
    first = text_of(page(client, "/rules/small-farms/?x=farmers&pref=c1"))
    assert "Lay a follower in a field." in first and "Where followers lie down." in first
    new = text_of(page(client, "/rules/small-farms/?x=farmers&pref=c23"))
    assert "Lay a meeple in a field." in new and "Where meeples lie down." in new
    winter = text_of(page(client, "/rules/small-farms/?x=farmers&ed=we&pref=we"))
    assert "Lay a meeple in a field." in winter


@pytest.mark.parametrize("preferred", ["c1", "c23", "we"])
def test_no_token_is_left_on_any_real_page(client, preferred):
    suffix = f"?x=base,river2&ed=c1,c23,we&pref={preferred}"
    urls = [rules_page.get_absolute_url() for rules_page in RulesPage.objects.all()]
    urls += ["/rules/", "/glossary/", "/search/?q=meeple&", "/search/?q=thief&"]
    for url in urls:
        full = url + (suffix[1:] if url.endswith("&") else suffix)
        assert "{{" not in page(client, full), full


def test_real_base_game_speaks_of_followers_and_thieves_in_c1(client):
    first = text_of(page(client, "/rules/base-game/?x=base&ed=c1&pref=c1"))
    second = text_of(page(client, "/rules/base-game/?x=base&ed=c23&pref=c23"))
    assert first.count("follower") > second.count("follower")
    assert second.count("meeple") > first.count("meeple")
    assert "thief" in first and "highwayman" in second


# -- adaptations ------------------------------------------------------------------------------


def history_section(document: str) -> str:
    return document.split('<section id="history"', 1)[1].split("</section>", 1)[0]


def test_a_c1_rule_is_marked_for_a_new_edition_reader_who_asks(client, small_content):
    document = page(client, "/rules/small-farms/?x=farmers&ed=c1,c23&pref=c23&mark=1")
    assert 'class="rules-section adapted"' in document.split('<section id="history"', 1)[1][:80]
    assert "Adapted from C1" in history_section(document)
    assert 'title="Adapted from C1">(C1)</span>' in document  # in the table of contents
    assert '<body class="rules marks-adaptations">' in document
    # The other sections, for every edition, are not adaptations.
    placing = document.split('<section id="placing"', 1)[1].split("</section>", 1)[0]
    assert "Adapted" not in placing


def test_without_marking_the_rule_only_carries_its_edition(client, small_content):
    document = page(client, "/rules/small-farms/?x=farmers&ed=c1,c23&pref=c23")
    history = history_section(document)
    assert "Adapted" not in history and '<span class="edition-tag"' in history
    assert '<body class="rules">' in document


def test_a_c1_rule_is_no_adaptation_for_a_c1_reader(client, small_content):
    document = page(client, "/rules/small-farms/?x=farmers&ed=c1,c23&pref=c1&mark=1")
    assert "Adapted" not in history_section(document)


def test_adapted_notes_and_search_hits_are_marked_too(client, small_content):
    document = page(client, "/rules/small-farms/?x=farmers&pref=c1&mark=1")
    assert "Adapted" not in document  # every note is for every edition
    results = page(client, "/search/?q=counted&x=farmers&pref=c23&mark=1")
    assert "Adapted from C1" in results
    assert "Adapted" not in page(client, "/search/?q=counted&x=farmers&pref=c1&mark=1")


def test_real_farm_scoring_history_is_an_adaptation_for_new_edition_readers(client):
    document = page(client, "/rules/farmers/?x=base&ed=c1,c23&pref=c23&mark=1")
    adapted = document.count('class="rules-section adapted"')
    assert adapted >= 1
    assert "Adapted from C1" in document
