"""The visitor's expansion selection, attached to every request once and read lazily.

``request.rules_selection`` works the way ``request.user`` does: a lazy object that
reads the catalogue and the session the first time something looks at it, and never
for pages that do not. ``request.rules_catalogue`` is the catalogue it was checked
against. Keeping the database reads here leaves :mod:`carcwiki.rules.selection` a plain
description of a selection that knows nothing of the database.
"""

from dataclasses import replace

from django.http import QueryDict
from django.utils.functional import SimpleLazyObject

from .queries import selector_catalogue
from .selection import SESSION_KEY, Selection


def selection_for_request(request) -> Selection:
    """The selection in the query string, else the one saved in the session, else the
    default."""
    catalogue = request.rules_catalogue
    saved = getattr(request, "session", {}).get(SESSION_KEY)
    saved = saved if isinstance(saved, str) else None
    selection = Selection.from_query(request.GET, catalogue=catalogue)
    if selection is not None:
        if saved is not None and saved == selection.to_query_string():
            selection = replace(selection, remembered=True)
    elif saved is not None:
        selection = Selection.from_params(QueryDict(saved), catalogue=catalogue, source="session")
        selection = replace(selection, remembered=True)
    else:
        selection = Selection.default(catalogue=catalogue)
    return selection


def attach_selection(request) -> None:
    """Give ``request`` its lazy catalogue and selection (done by the middleware)."""
    request.rules_catalogue = SimpleLazyObject(selector_catalogue)
    request.rules_selection = SimpleLazyObject(lambda: selection_for_request(request))


class SelectionMiddleware:
    """Adds ``request.rules_catalogue`` and ``request.rules_selection`` (after the
    session middleware, whose saved selection it reads)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        attach_selection(request)
        return self.get_response(request)
