"""Pages of the rules reference: index, rules pages, note permalinks, glossary, search,
and the expansion selector.

Every page reads the visitor's :class:`~carcwiki.rules.selection.Selection` and shows
only what applies to it. The selector is a plain form, so it works without JavaScript.
It is shown by GET (a selection in its query string only pre-ticks the form) and changes
the remembered selection only by POST: applying it, keeping a shared one, or adding one
expansion with one tap from a page that is hidden.
"""

from urllib.parse import urlencode, urlsplit, urlunsplit

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_safe

from . import queries
from .calculator import calculator_line
from .models import Note, RulesPage
from .search import engine as search_engine
from .search.query import reference_code_only
from .selection import (
    BASE_CODE,
    EDITION_GROUP_LABELS,
    EDITION_GROUP_NAMES,
    EDITION_GROUPS,
    SELECTION_KEYS,
    Selection,
    edition_label,
)
from .steps import calculator_steps

MAX_QUERY_LENGTH = 200
SELECTOR_TABS = [
    ("major", "Major expansions"),
    ("minor", "Minor expansions"),
    ("other", "Other expansions"),
    ("fan", "Fan expansions"),
]


def rules_index(request: HttpRequest) -> HttpResponse:
    selection = request.rules_selection
    groups, hidden = queries.visible_pages(selection=selection)
    return render(
        request,
        "rules/index.html",
        {
            "groups": groups,
            "hidden_pages": [_hidden_entry(page, selection) for page in hidden],
            "without_page": queries.selected_without_page(
                selection=selection,
                covered=frozenset(
                    code
                    for summary in [*hidden, *(item for _, items in groups for item in items)]
                    for code in summary.page.applies_to
                ),
            ),
            "selection": selection,
        },
    )


def _hidden_entry(summary, selection: Selection) -> dict:
    """A page the selection hides, with the one code whose adding shows it."""
    code = selection_code_for(summary.page, selection)
    names = selection.catalogue.names if selection.catalogue else {}
    return {"summary": summary, "code": code, "name": names.get(code, code)}


def selection_code_for(page: RulesPage, selection: Selection) -> str:
    """The code to add so that ``page`` shows: its first code the catalogue knows."""
    names = selection.catalogue.names if selection.catalogue else {}
    return next((code for code in page.applies_to if code in names), page.applies_to[0])


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    selection = request.rules_selection
    try:
        view = queries.page_view(slug=slug, selection=selection)
    except RulesPage.DoesNotExist:
        # Every expansion and part code has an address: /rules/base/, /rules/river2/.
        page = queries.page_for_code(slug)
        if page is None:
            raise Http404("There is no rules page at this address.") from None
        query = request.META.get("QUERY_STRING", "")
        return redirect(page.get_absolute_url() + (f"?{query}" if query else ""),
                        permanent=True)
    code = selection_code_for(view.page, selection)
    names = selection.catalogue.names if selection.catalogue else {}
    return render(
        request,
        "rules/page.html",
        {
            "view": view,
            "selection": selection,
            "add_code": code,
            "add_name": names.get(code, code),
            "calculator": calculator_line(
                view.page, "the base game" if code == BASE_CODE else names.get(code, view.title),
                (section.anchor for section in view.page.sections.all()),
            ),
        },
    )


def turn_order(request: HttpRequest) -> HttpResponse:
    """The steps of a turn, in order, for the visitor's selection."""
    selection = request.rules_selection
    return render(
        request,
        "rules/steps.html",
        {
            "selection": selection,
            "title": "A turn, step by step",
            "lead": "What a player does in a turn with the expansions of your selection, "
            "in order. Each step links to the rule that explains it.",
            "steps": queries.steps_view(kind="turn", selection=selection),
        },
    )


def final_scoring_order(request: HttpRequest) -> HttpResponse:
    """The steps of the final scoring, in order, for the visitor's selection, and the
    order in which the calculator applies them."""
    selection = request.rules_selection
    calculator, unscored = calculator_steps(selection)
    return render(
        request,
        "rules/steps.html",
        {
            "selection": selection,
            "title": "The final scoring, step by step",
            "lead": "What is scored once the last tile is placed, with the expansions of "
            "your selection, in order. Each step links to the rule that explains it.",
            "steps": queries.steps_view(kind="final", selection=selection),
            "calculator": calculator,
            "unscored": unscored,
        },
    )


def note_detail(request: HttpRequest, key: str) -> HttpResponse:
    """A note by its slug, or the notes carrying a reference code (``CAR.022``): a
    redirect when one note does, a list grouped by section when several do."""
    selection = request.rules_selection
    try:
        note = queries.note_view(slug=key, selection=selection)
    except Note.DoesNotExist:
        return reference_code(request, key)
    return render(request, "rules/note.html", {"note": note, "selection": selection})


def reference_code(request: HttpRequest, code: str) -> HttpResponse:
    selection = request.rules_selection
    code = code.upper()
    carriers = queries.notes_with_reference(code=code, selection=selection)
    if not carriers:
        raise Http404("No note here carries this reference code.")
    if len(carriers) == 1:
        # A code names its note for good: a permanent redirect lets links and crawlers
        # keep the note's own address.
        return redirect(
            f"{carriers[0].note.get_absolute_url()}{selection.link_suffix}", permanent=True
        )
    groups: dict[str, list] = {}
    for view in carriers:
        groups.setdefault(f"{view.page_title} › {view.section_title}", []).append(view)
    return render(
        request,
        "rules/reference_code.html",
        {"code": code, "groups": list(groups.items()), "count": len(carriers),
         "selection": selection},
    )


def glossary(request: HttpRequest) -> HttpResponse:
    selection = request.rules_selection
    groups: dict[str, list] = {}
    for term in queries.glossary_view(selection=selection):
        groups.setdefault(term.name[:1].upper(), []).append(term)
    return render(
        request,
        "rules/glossary.html",
        {"groups": sorted(groups.items()), "selection": selection},
    )


def search(request: HttpRequest) -> HttpResponse:
    """Search results; a question that is only a reference code goes to its address."""
    selection = request.rules_selection
    query = request.GET.get("q", "").strip()[:MAX_QUERY_LENGTH]
    code = reference_code_only(query)
    if code and queries.notes_with_reference(code=code, selection=selection):
        return redirect(reverse("rules:note", kwargs={"key": code}) + selection.link_suffix)
    results = search_engine.search(query=query, selection=selection)
    for hit in results.elsewhere:
        widened = selection.adding([hit.add_code]).to_query_string()
        hit.add_url = f"{reverse('rules:search')}?{urlencode({'q': query})}&{widened}"
    return render(
        request,
        "rules/search.html",
        {"query": query, "results": results, "selection": selection},
    )


ROBOTS_TXT = """\
# Rules, tiles and the API documentation are for everyone. Kept out: the selector and its
# query-string variants, the scoring endpoint, the admin and saved boards.
User-agent: *
Disallow: /selection/
Disallow: /api/score/
Disallow: /admin/
Disallow: /board/*/
Allow: /board/$
"""


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    return HttpResponse(ROBOTS_TXT, content_type="text/plain; charset=utf-8")


# -- the selector -----------------------------------------------------------------------------


def _safe_next(request: HttpRequest) -> str:
    """Where to go after the selector: a local path given in ``next``, else the index."""
    target = (request.POST if request.method == "POST" else request.GET).get("next", "")
    if (
        target.startswith("/")
        and not target.startswith("//")
        and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    ):
        return target
    return reverse("rules:index")


def with_selection(url: str, selection: Selection) -> str:
    """``url`` with the selection's query string replacing any selection keys it had.

    >>> c1_only = Selection(codes=frozenset(), editions=frozenset(["C1"]), preferred_edition="c1")
    >>> with_selection("/search/?q=farm&x=old", c1_only)
    '/search/?q=farm&x=&ed=c1&pref=c1'
    """
    scheme, netloc, path, query, fragment = urlsplit(url)
    kept = QueryDict(query, mutable=True)
    for key in SELECTION_KEYS:
        kept.pop(key, None)
    query = "&".join(part for part in (kept.urlencode(), selection.to_query_string()) if part)
    return urlunsplit((scheme, netloc, path, query, fragment))


def _selection_url(selection: Selection, *, next_url: str) -> str:
    query = f"{selection.to_query_string()}&{urlencode({'next': next_url})}"
    return f"{reverse('rules:selection')}?{query}"


def _quick_selection(action: str, current: Selection, quick: dict) -> Selection | None:
    """The selection a quick-selector button asks for, or ``None`` for an unknown one."""
    catalogue = current.catalogue
    if action == "clear":
        return current.with_codes([])
    if action == "default":
        return Selection.default(catalogue=catalogue)
    if action == "all":
        return current.with_codes(expansion.code for expansion in catalogue.expansions)
    kind, _, value = action.partition(":")
    if kind == "edition" and value in EDITION_GROUPS:
        editions = set(EDITION_GROUPS[value])
        return current.with_codes(
            (
                expansion.code
                for expansion in catalogue.expansions
                if not expansion.editions or expansion.editions & editions
            ),
            show_group=value,
        )
    if kind == "bundle" and value in quick:
        bundle = quick[value]
        return current.with_codes(bundle.includes, show_group=bundle.edition_group)
    return None


@require_http_methods(["GET", "HEAD", "POST"])
def selection(request: HttpRequest) -> HttpResponse:
    """The expansion selector. GET shows the form (ticked as the query string or the
    remembered selection says); POST remembers the submitted selection (``apply``), adds
    one expansion to the current one (``add``), or fills the form with a quick selection
    (``quick``), then goes back to the page the visitor came from."""
    catalogue = request.rules_catalogue
    next_url = _safe_next(request)
    quick = {bundle.code: bundle for bundle in queries.quick_selections()}

    if request.method == "POST":
        if "add" in request.POST:
            current = Selection.from_query(request.POST, catalogue=catalogue)
            chosen = (current or request.rules_selection).adding(request.POST.getlist("add"))
            chosen.remember(request)
            return redirect(with_selection(next_url, chosen))
        action = request.POST.get("quick", "")
        if action:
            submitted = Selection.from_params(request.POST, catalogue=catalogue)
            chosen = _quick_selection(action, submitted, quick)
            # The form again, ticked as asked (as submitted for an unknown button).
            return redirect(_selection_url(chosen or submitted, next_url=next_url))
        chosen = Selection.from_params(request.POST, catalogue=catalogue)
        chosen.remember(request)
        return redirect(with_selection(next_url, chosen))

    current = request.rules_selection
    covered = queries.codes_with_pages()
    return render(
        request,
        "rules/selection.html",
        {
            "selection": current,
            "next_url": next_url,
            "base": _base_entry(current),
            "tabs": _selector_tabs(current, covered),
            "bundles": _bundle_entries(list(quick.values()), current),
            "without_page": queries.selected_without_page(selection=current, covered=covered),
            "edition_filters": [
                {
                    "code": group,
                    "label": EDITION_GROUP_LABELS[group],
                    "name": EDITION_GROUP_NAMES[group],
                    "shown": group in current.edition_groups,
                    "preferred": group == current.preferred_edition,
                    "expansions": " ".join(
                        expansion.code
                        for expansion in catalogue.expansions
                        if expansion.code != BASE_CODE
                        and expansion.available_in(frozenset(EDITION_GROUPS[group]))
                    ),
                }
                for group in EDITION_GROUPS
            ],
        },
    )


def _item_entry(item, selection: Selection) -> dict:
    return {
        "code": item.code,
        "name": item.name,
        "editions": " ".join(sorted(item.editions)),
        "editions_label": edition_label(item.editions),
        "available": item.available_in(selection.editions),
        "selected": item.code in selection.codes,
    }


def _expansion_entry(
    expansion, selection: Selection, covered: frozenset[str] = frozenset()
) -> dict:
    entry = _item_entry(expansion, selection)
    entry["has_page"] = not covered.isdisjoint(
        [expansion.code, *(part.code for part in expansion.parts)]
    )
    parts = [_item_entry(part, selection) for part in expansion.parts]
    chosen = [part for part in parts if part["selected"] and part["available"]]
    available = [part for part in parts if part["available"]]
    entry.update(
        number=expansion.number,
        parts=parts,
        # Ticked only when the whole expansion is in: a partial choice ticks its parts.
        complete=entry["selected"] and len(chosen) == len(available),
        partial=bool(chosen) and len(chosen) < len(available),
    )
    return entry


def _base_entry(selection: Selection) -> dict | None:
    for expansion in selection.catalogue.expansions:
        if expansion.code == BASE_CODE:
            return _expansion_entry(expansion, selection)
    return None


def _selector_tabs(selection: Selection, covered: frozenset[str]) -> list[dict]:
    tabs = []
    for category, title in SELECTOR_TABS:
        expansions = [
            _expansion_entry(expansion, selection, covered)
            for expansion in selection.catalogue.expansions
            if expansion.category == category
        ]
        if not expansions:
            continue
        available = [entry for entry in expansions if entry["available"]]
        tabs.append(
            {
                "code": category,
                "title": title,
                "expansions": expansions,
                "selected_count": sum(1 for entry in available if entry["selected"]),
                "available_count": len(available),
            }
        )
    return tabs


def _bundle_entries(bundles: list, selection: Selection) -> list[dict]:
    return [
        {
            "bundle": bundle,
            "codes": " ".join(bundle.includes),
            "edition_label": EDITION_GROUP_LABELS.get(bundle.edition_group or "", ""),
        }
        for bundle in bundles
    ]
