"""``{% load rules_map %}{% rules_pages as pages %}``: every rules page, for the home page's
list of what the site covers (one query; titles and summaries in the visitor's wording).

A page the visitor's selection hides is linked with the selection plus its expansion in
the address: a new visitor who follows it reads the page's rules at once, rather than
"not in your selection, so its rules are hidden", and every link from there keeps that
view. Their saved selection is left as it is.
"""

from django import template

from ..models import RulesPage
from ..wording import apply_wording

register = template.Library()


def page_link(page: RulesPage, selection) -> str:
    """The page's address, with a selection that shows it when ``selection`` does not."""
    url = page.get_absolute_url()
    if selection is None or selection.catalogue is None or selection.applies_to_any(
            page.applies_to):
        return url
    code = next((code for code in page.applies_to if code in selection.catalogue.by_code),
                None)
    if code is None:
        return url
    return f"{url}?{selection.adding([code]).to_query_string()}"


@register.simple_tag(takes_context=True)
def rules_pages(context) -> list[dict]:
    selection = getattr(context.get("request"), "rules_selection", None)
    group = getattr(selection, "preferred_edition", "c23")
    return [
        {
            "url": page_link(page, selection),
            "title": apply_wording(page.title, edition_group=group),
            "summary": apply_wording(page.summary, edition_group=group),
        }
        for page in RulesPage.objects.only("slug", "title", "summary", "order", "applies_to")
    ]
