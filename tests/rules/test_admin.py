"""The admin of the rules: every list and form opens, and saving a form renders the
Markdown exactly as loading the files does."""

import pytest

from carcwiki.rules.models import GlossaryTerm, Note, RulesPage, SearchDocument, Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_superuser("editor", "editor@example.org", "pw")
    client.force_login(user)
    return client


@pytest.mark.parametrize("model", ["rulespage", "section", "note", "glossaryterm"])
def test_lists_filters_and_search_open(staff, small_content, model):
    assert staff.get(f"/admin/rules/{model}/").status_code == 200
    assert staff.get(f"/admin/rules/{model}/?q=field").status_code == 200
    if model != "rulespage":
        assert staff.get(f"/admin/rules/{model}/?edition=C1").status_code == 200
        assert staff.get(f"/admin/rules/{model}/?edition=all").status_code == 200


def test_change_forms_open(staff, small_content):
    for url in (
        f"/admin/rules/rulespage/{RulesPage.objects.get().pk}/change/",
        f"/admin/rules/section/{Section.objects.get(anchor='placing').pk}/change/",
        f"/admin/rules/note/{Note.objects.get(slug='small-farms-split').pk}/change/",
        f"/admin/rules/glossaryterm/{GlossaryTerm.objects.get(slug='field').pk}/change/",
    ):
        assert staff.get(url).status_code == 200, url


def test_saving_a_section_renders_and_links_its_body(staff, small_content):
    section = Section.objects.get(anchor="history")
    response = staff.post(
        f"/admin/rules/section/{section.pk}/change/",
        {
            "page": section.page_id, "anchor": "history", "title": "Old scoring",
            "order": 1, "editions": '["C1"]', "requires": "[]",
            "body": "Each **field** paid <script>x</script> once.",
            "notes-TOTAL_FORMS": "0", "notes-INITIAL_FORMS": "0",
            "notes-MIN_NUM_FORMS": "0", "notes-MAX_NUM_FORMS": "1000",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    section.refresh_from_db()
    assert section.body_html.startswith('<p>Each <strong><a class="glossary-term"')
    assert "<script>" not in section.body_html
    document = SearchDocument.objects.get(kind="section", object_id=section.pk)
    assert document.body.startswith("each field paid")  # the search follows the edit


def test_a_new_glossary_term_links_the_sections_at_once(staff, small_content):
    response = staff.post(
        "/admin/rules/glossaryterm/add/",
        {"slug": "land", "term": "Land", "aliases": '["lands"]', "editions": "[]",
         "requires": "[]", "definition": "A way.", "order": 3},
    )
    assert response.status_code == 302
    assert 'href="/glossary/#land"' in Section.objects.get(anchor="placing").body_html
