"""Template context shared by every page: the visitor's expansion selection.

It is the request's lazy selection (see :mod:`carcwiki.rules.middleware`), so pages that
never show it cost no query.
"""


def selection(request):
    return {"rules_selection": getattr(request, "rules_selection", None)}
