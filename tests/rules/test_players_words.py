"""Players' words (issue 32): every figure kind, figure nobody owns, large tile, token,
printed landmark and kind of tile (its traits, its features' attributes, what is laid on
it) the scoring engine declares has at least one everyday name, from the
search vocabulary (fixtures/rules/vocabulary.yaml), that finds its rules page among the
first three answers with every expansion selected. A name finds the page when a hit is
one of the page's sections or notes, or the glossary entry that defines it and links to
the page."""

import pytest

from carcwiki.rules.models import GlossaryTerm, RulesPage
from carcwiki.rules.queries import selector_catalogue
from carcwiki.rules.search import engine
from carcwiki.rules.search.vocabulary import current_vocabulary
from carcwiki.rules.search.words import words
from carcwiki.rules.selection import Selection
from scoring.engine.expansions import DEFAULT_REGISTRY

pytestmark = pytest.mark.django_db


def everything() -> Selection:
    catalogue = selector_catalogue()
    return Selection.from_params(
        {"x": [",".join(catalogue.by_code)], "ed": ["c1,c23,we"], "pref": ["c23"]},
        catalogue=catalogue,
    )


def spoken(code: str) -> str:
    """A declaration's code as words: ``pig_herd`` is a pig herd."""
    return code.replace("_", " ")


def declared_pieces() -> list[tuple[str, str]]:
    """``(name, part code)`` of every piece the engine declares a name for."""
    pieces = []
    for expansion in DEFAULT_REGISTRY.expansions:
        for part in expansion.members:
            pieces += [(kind.name, part.code) for kind in part.figure_kinds]
            pieces += [(figure.name, part.code) for figure in part.neutral_figures]
            pieces += [(tile.name.removeprefix("the "), part.code) for tile in part.large_tiles]
            pieces += [(tokens.word(kind).removeprefix("the "), part.code)
                       for tokens in part.tokens for kind in tokens.kinds]
            pieces += [(landmark.name, part.code) for landmark in part.landmarks]
            # The kinds of tile: what a tile is (the abbey), what its features carry (an
            # inn, a pig-herd, a tunnel) and what is laid on it (a ferry, a bridge, a
            # little building); a mark that a feature lacks something (``no_castle``)
            # names no piece.
            pieces += [(trait.name, part.code) for trait in part.tile_traits]
            pieces += [(spoken(attribute.name), part.code) for attribute in part.attributes
                       if not attribute.name.startswith("no_")]
            pieces += [(spoken(state.name), part.code) for state in part.tile_states]
    return pieces


def pages_of(name: str, pieces) -> set[str]:
    """The pages of every part that declares a piece of that name (a volcano is The
    River II's and the dragon's)."""
    codes = {code for piece, code in pieces if piece == name}
    codes |= {DEFAULT_REGISTRY.expansion_of(code).code for code in codes}
    return {page.slug for page in RulesPage.objects.all()
            if not codes.isdisjoint(page.applies_to) and page.applies_to != ["base"]} or {
        "base-game"}


def everyday_names(name: str) -> list[str]:
    """The name and every entry of the vocabulary groups that say it (or a longer
    expression holding it: "wooden castle" for the castle)."""
    vocabulary = current_vocabulary()
    typed = tuple(words(name))
    names = [" ".join(typed)]
    for group in vocabulary.groups:
        if any(set(typed) <= set(entry) for entry in group):
            names += [" ".join(entry) for entry in group]
    return list(dict.fromkeys(names))


def finds(question: str, slugs: set[str], selection, titles, glossary_links) -> bool:
    for hit in engine.search(query=question, selection=selection).hits[:3]:
        path = hit.url.split("?")[0]
        if any(path == f"/rules/{slug}/" for slug in slugs):
            return True
        if hit.kind == "note" and any(hit.context.startswith(f"{titles[slug]} ›")
                                      for slug in slugs):
            return True
        if hit.kind == "glossary" and glossary_links.get(hit.url.split("#")[-1], set()) & slugs:
            return True
    return False


def test_every_declared_piece_has_an_everyday_name_that_finds_its_page():
    selection = everything()
    pieces = declared_pieces()
    assert len(pieces) >= 40
    titles = {page.slug: page.title for page in RulesPage.objects.all()}
    glossary_links = {
        term.slug: {slug for slug in titles if f'href="/rules/{slug}/' in term.definition_html}
        for term in GlossaryTerm.objects.all()
    }
    missing = []
    for name in dict.fromkeys(name for name, _ in pieces):
        slugs = pages_of(name, pieces)
        names = everyday_names(name)
        if not any(finds(question, slugs, selection, titles, glossary_links)
                   for question in names):
            missing.append(f"{name} ({', '.join(sorted(slugs))}): tried {names}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize(("question", "page"), [
    ("ferry", "ferries"),  # the three misses issue 32 names
    ("city of carcassonne", "count-king-robber"),
    ("phantom", "phantom"),
    ("transparent meeple", "phantom"),
    ("burgomaster", "abbey-mayor"),  # the Hans im Glück mayor, translated
    ("dispatches", "messages"),  # the Z-Man title of Messages
    ("gold bars", "goldmines"),
    ("wooden castle", "bridges-castles-bazaars"),
    ("witch", "mage-witch"),
])
def test_everyday_names_find_their_page_first(question, page):
    hits = engine.search(query=question, selection=everything()).hits[:3]
    title = RulesPage.objects.get(slug=page).title
    assert any(f"/rules/{page}/" in hit.url or hit.context.startswith(f"{title} ›")
               for hit in hits), [hit.url.split("?")[0] for hit in hits]
