"""Pages of the rules reference: index, rules pages, note permalinks, glossary, search,
and the expansion selector.

Every page reads the visitor's :class:`~carcwiki.rules.selection.Selection` and shows
only what applies to it. The selector is a plain GET form, so it works without
JavaScript; submitting it remembers the selection in the session.
"""

from urllib.parse import urlencode, urlsplit, urlunsplit

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from . import selectors
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

MAX_QUERY_LENGTH = 200
SELECTOR_TABS = [
    ("major", "Major expansions"),
    ("minor", "Minor expansions"),
    ("other", "Other expansions"),
    ("fan", "Fan expansions"),
]


def rules_index(request: HttpRequest) -> HttpResponse:
    selection = request.rules_selection
    groups, hidden_count = selectors.visible_pages(selection=selection)
    return render(
        request,
        "rules/index.html",
        {"groups": groups, "hidden_count": hidden_count, "selection": selection},
    )


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    selection = request.rules_selection
    try:
        view = selectors.page_view(slug=slug, selection=selection)
    except RulesPage.DoesNotExist:
        raise Http404("There is no rules page at this address.") from None
    missing = [
        code for code in view.page.applies_to if code not in selection.codes
    ]
    return render(
        request,
        "rules/page.html",
        {
            "view": view,
            "selection": selection,
            "missing_names": [
                selection.catalogue.names.get(code, code) if selection.catalogue else code
                for code in missing
            ],
            "add_selection_url": _selection_url(
                selection.with_codes([*selection.query_codes, *view.page.applies_to]),
                next_url=request.path,
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
            "steps": selectors.steps_view(kind="turn", selection=selection),
        },
    )


def final_scoring_order(request: HttpRequest) -> HttpResponse:
    """The steps of the final scoring, in order, for the visitor's selection."""
    selection = request.rules_selection
    return render(
        request,
        "rules/steps.html",
        {
            "selection": selection,
            "title": "The final scoring, step by step",
            "lead": "What is scored once the last tile is placed, with the expansions of "
            "your selection, in order. Each step links to the rule that explains it.",
            "steps": selectors.steps_view(kind="final", selection=selection),
        },
    )


def note_detail(request: HttpRequest, key: str) -> HttpResponse:
    """A note by its slug, or the notes carrying a reference code (``CAR.022``): a
    redirect when one note does, a list grouped by section when several do."""
    selection = request.rules_selection
    try:
        note = selectors.note_view(slug=key, selection=selection)
    except Note.DoesNotExist:
        return reference_code(request, key)
    return render(request, "rules/note.html", {"note": note, "selection": selection})


def reference_code(request: HttpRequest, code: str) -> HttpResponse:
    selection = request.rules_selection
    code = code.upper()
    carriers = selectors.notes_with_reference(code=code, selection=selection)
    if not carriers:
        raise Http404("No note here carries this reference code.")
    if len(carriers) == 1:
        return redirect(f"{carriers[0].note.get_absolute_url()}{selection.link_suffix}")
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
    for term in selectors.glossary_view(selection=selection):
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
    if code and selectors.notes_with_reference(code=code, selection=selection):
        return redirect(reverse("rules:note", kwargs={"key": code}) + selection.link_suffix)
    results = search_engine.search(query=query, selection=selection)
    return render(
        request,
        "rules/search.html",
        {"query": query, "results": results, "selection": selection},
    )


# -- the selector -----------------------------------------------------------------------------


def _safe_next(request: HttpRequest) -> str:
    """Where to go after the selector: a local path given in ``next``, else the index."""
    target = request.GET.get("next", "")
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


def selection(request: HttpRequest) -> HttpResponse:
    """The expansion selector: shows the form, applies quick selections, and remembers
    the submitted selection before going back to the page the visitor came from."""
    catalogue = request.rules_catalogue
    next_url = _safe_next(request)

    if "apply" in request.GET:
        chosen = Selection.from_params(request.GET, catalogue=catalogue)
        chosen.remember(request)
        return redirect(with_selection(next_url, chosen))

    quick = {bundle.code: bundle for bundle in selectors.quick_selections()}
    action = request.GET.get("quick", "")
    if action:
        submitted = Selection.from_params(request.GET, catalogue=catalogue)
        chosen = _quick_selection(action, submitted, quick)
        if chosen is not None:
            return redirect(_selection_url(chosen, next_url=next_url))

    current = request.rules_selection
    return render(
        request,
        "rules/selection.html",
        {
            "selection": current,
            "next_url": next_url,
            "base": _base_entry(current),
            "tabs": _selector_tabs(current),
            "bundles": _bundle_entries(list(quick.values()), current),
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


def _expansion_entry(expansion, selection: Selection) -> dict:
    entry = _item_entry(expansion, selection)
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


def _selector_tabs(selection: Selection) -> list[dict]:
    tabs = []
    for category, title in SELECTOR_TABS:
        expansions = [
            _expansion_entry(expansion, selection)
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
