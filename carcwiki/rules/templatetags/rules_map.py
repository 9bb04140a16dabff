"""``{% load rules_map %}{% rules_pages as pages %}``: every rules page, for the home page's
list of what the site covers (one query; titles and summaries in the visitor's wording)."""

from django import template

from ..models import RulesPage
from ..wording import apply_wording

register = template.Library()


@register.simple_tag(takes_context=True)
def rules_pages(context) -> list[dict]:
    selection = getattr(context.get("request"), "rules_selection", None)
    group = getattr(selection, "preferred_edition", "c23")
    return [
        {
            "url": page.get_absolute_url(),
            "title": apply_wording(page.title, edition_group=group),
            "summary": apply_wording(page.summary, edition_group=group),
        }
        for page in RulesPage.objects.only("slug", "title", "summary", "order")
    ]
