"""Template context shared by every page: the visitor's expansion selection.

It is computed lazily, so pages that never show it cost no query.
"""

from django.utils.functional import SimpleLazyObject

from .selection import Selection


def selection(request):
    return {"rules_selection": SimpleLazyObject(lambda: Selection.from_request(request))}
