"""``load_rules_content``: reads the YAML format, is idempotent, keeps the database in step
with the files, and refuses bad content with errors that name the file and the item."""

import copy

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from carcwiki.rules.models import GlossaryTerm, Note, RulesPage, SearchDocument, Section
from carcwiki.rules.services import RulesContentError, load_rules_content

from .conftest import SMALL_PAGE


def search_body(section: Section) -> str:
    return SearchDocument.objects.get(kind="section", object_id=section.pk).body

pytestmark = pytest.mark.django_db


def counts():
    return tuple(model.objects.count() for model in (RulesPage, Section, Note, GlossaryTerm))


def snapshot():
    return {
        model.__name__: sorted(map(str, model.objects.values_list(flat=False)))
        for model in (RulesPage, Section, Note, GlossaryTerm)
    }


def test_loads_pages_sections_notes_and_glossary(rules_dir):
    assert load_rules_content(directory=rules_dir.path) == 1
    assert counts() == (1, 3, 2, 2)
    page = RulesPage.objects.get(slug="small-farms")
    assert page.applies_to == ["farmers"] and page.source_file == "small-farms.yaml"
    assert list(page.sections.values_list("anchor", flat=True)) == [
        "placing", "history", "with-abbot",
    ]
    note = Note.objects.get(slug="small-farms-split")
    assert note.kind == "clarification" and note.section.anchor == "placing"
    assert note.references == ["WICA.0201.0001", "CAR.022"]
    assert (note.date, note.source) == ("5/2013", "Georg Wild (HiG)")
    assert note.question_html == "Does a road split a field?"
    section = Section.objects.get(anchor="history")
    assert section.editions == ["C1"] and section.requires == []
    # Rendered when saved, tokens kept for display time, search text folded.
    placing = Section.objects.get(anchor="placing")
    assert "<strong>" in placing.body_html and "{{meeple}}" in placing.body_html
    assert "follower meeple" in search_body(placing)


def test_running_twice_changes_nothing(rules_dir):
    load_rules_content(directory=rules_dir.path)
    before = snapshot()
    with CaptureQueriesContext(connection) as queries:
        load_rules_content(directory=rules_dir.path)
    assert snapshot() == before
    statements = [q["sql"].lstrip().upper() for q in queries]
    # stale rows are removed by a DELETE that matches nothing here; the snapshot shows it
    writes = [sql for sql in statements if sql.startswith(("INSERT", "UPDATE"))]
    assert writes == []


def test_loading_again_renders_rows_saved_by_an_older_renderer(rules_dir):
    # Unchanged content whose derived text is out of date (rendered before a change in
    # the renderer) is rendered and saved again; the rest is left alone.
    load_rules_content(directory=rules_dir.path)
    Section.objects.filter(anchor="placing").update(body_html="<p>old</p>")
    SearchDocument.objects.filter(kind="note").update(body="stale")
    before = snapshot()
    load_rules_content(directory=rules_dir.path)
    placing = Section.objects.get(anchor="placing")
    assert "follower meeple" in search_body(placing) and "{{meeple}}" in placing.body_html
    note = Note.objects.get(slug="small-farms-split")
    assert "stale" not in SearchDocument.objects.get(kind="note", object_id=note.pk).body
    after = snapshot()
    assert after["RulesPage"] == before["RulesPage"]
    assert after["GlossaryTerm"] == before["GlossaryTerm"]


def test_real_content_twice_gives_the_same_counts():
    directory = settings.FIXTURES_DIR / "rules"
    pages = load_rules_content(directory=directory)
    first = snapshot()
    assert load_rules_content(directory=directory) == pages
    assert snapshot() == first
    not_pages = {"glossary.yaml", "vocabulary.yaml"}
    yaml_pages = [path for path in directory.glob("*.yaml") if path.name not in not_pages]
    assert pages == len(yaml_pages) >= 5
    assert Note.objects.count() > 50 and GlossaryTerm.objects.count() > 10


def test_removed_sections_and_notes_are_deleted_and_moved_notes_kept(rules_dir):
    load_rules_content(directory=rules_dir.path)
    moved_pk = Note.objects.get(slug="small-farms-house").pk
    page = copy.deepcopy(SMALL_PAGE)
    house_rule = page["sections"][0]["notes"].pop()
    page["sections"][0]["notes"].pop()  # the clarification disappears
    page["sections"][1]["notes"] = [house_rule]  # the house rule moves to "history"
    del page["sections"][2]  # "with-abbot" disappears
    rules_dir.write("small-farms.yaml", page)
    load_rules_content(directory=rules_dir.path)
    assert counts() == (1, 2, 1, 2)
    moved = Note.objects.get(slug="small-farms-house")
    assert moved.pk == moved_pk and moved.section.anchor == "history"


def test_a_removed_file_removes_its_page(rules_dir):
    load_rules_content(directory=rules_dir.path)
    (rules_dir.path / "small-farms.yaml").unlink()
    assert load_rules_content(directory=rules_dir.path) == 0
    assert counts() == (0, 0, 0, 2)


def test_edited_body_is_rendered_again(rules_dir):
    load_rules_content(directory=rules_dir.path)
    page = copy.deepcopy(SMALL_PAGE)
    page["sections"][0]["body"] = "Now *different*.\n"
    rules_dir.write("small-farms.yaml", page)
    load_rules_content(directory=rules_dir.path)
    assert Section.objects.get(anchor="placing").body_html == "<p>Now <em>different</em>.</p>"


def load_with_problem(rules_dir, page) -> str:
    rules_dir.write("small-farms.yaml", page)
    before = counts()
    with pytest.raises(RulesContentError) as raised:
        load_rules_content(directory=rules_dir.path)
    assert counts() == before, "nothing is written when the content has problems"
    return str(raised.value)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda page: page["sections"][0]["notes"][0].update(kind="clarfication"),
            "small-farms.yaml › section 'placing' › note 'small-farms-split': unknown kind "
            "'clarfication'",
        ),
        (
            lambda page: page["sections"][1].update(anchor="placing"),
            "small-farms.yaml › section 'placing': the anchor is used twice",
        ),
        (
            lambda page: page["sections"][2].update(requires=["farmers", "dragons"]),
            "small-farms.yaml › section 'with-abbot': 'requires' names unknown expansion or "
            "part code(s) dragons",
        ),
        (
            lambda page: page.update(applies_to=["farmer"]),
            "small-farms.yaml: 'applies_to' names unknown expansion or part code(s) farmer",
        ),
        (
            lambda page: page["sections"][1].update(editions=["C4"]),
            "small-farms.yaml › section 'history': 'editions' names unknown edition(s) C4",
        ),
        (
            lambda page: page["sections"][0].update(body="A {{farmer}} lies down."),
            "small-farms.yaml › section 'placing': 'body' uses the unknown wording token "
            "{{farmer}}",
        ),
        (
            lambda page: page["sections"][0].update(edition=["C1"]),
            "small-farms.yaml › section 'placing': unknown field(s) edition",
        ),
        (
            lambda page: page["sections"][0].update(anchor="Placing Farmers"),
            "'anchor' 'Placing Farmers' may only hold a-z, 0-9 and single hyphens",
        ),
        (
            lambda page: page["sections"][0].update(body="## Too high\n"),
            "headings inside a body start at ###",
        ),
        (
            lambda page: page["sections"][0].pop("title"),
            "small-farms.yaml › section 'placing': 'title' is missing",
        ),
        (
            lambda page: page.update(category="expansions"),
            "small-farms.yaml: unknown category 'expansions'",
        ),
    ],
)
def test_problems_name_the_file_and_the_item(rules_dir, change, expected):
    page = copy.deepcopy(SMALL_PAGE)
    change(page)
    assert expected in load_with_problem(rules_dir, page)


def test_note_slugs_are_unique_across_files(rules_dir):
    other = copy.deepcopy(SMALL_PAGE)
    other["slug"] = "other-page"
    other["sections"] = other["sections"][:1]
    rules_dir.write("other-page.yaml", other)
    with pytest.raises(RulesContentError) as raised:
        load_rules_content(directory=rules_dir.path)
    message = str(raised.value)
    assert "note slug 'small-farms-split' is used more than once" in message
    assert "other-page.yaml › section 'placing'" in message
    assert "small-farms.yaml › section 'placing'" in message


def test_every_problem_is_reported_at_once(rules_dir):
    page = copy.deepcopy(SMALL_PAGE)
    page["sections"][0]["notes"][0]["kind"] = "rumour"
    page["sections"][1]["editions"] = ["C9"]
    rules_dir.write("broken.yaml", "slug: broken\ntitle: [unclosed\n")
    rules_dir.write("small-farms.yaml", page)
    with pytest.raises(RulesContentError) as raised:
        load_rules_content(directory=rules_dir.path)
    problems = raised.value.problems
    assert len(problems) == 3
    assert problems[0].startswith("broken.yaml: not valid YAML")
    assert "3 problems" in str(raised.value)


def test_glossary_problems(rules_dir):
    rules_dir.write(
        "glossary.yaml",
        [
            {"slug": "field", "term": "Field", "definition": "Green."},
            {"slug": "field", "term": "Farm", "definition": "Green.", "requires": ["nope"]},
        ],
    )
    with pytest.raises(RulesContentError) as raised:
        load_rules_content(directory=rules_dir.path)
    message = str(raised.value)
    assert "glossary.yaml › term 'field': 'requires' names unknown" in message
    assert "glossary slug 'field' is used more than once" in message
