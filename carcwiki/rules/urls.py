"""Pages of the rules reference, included at the site root."""

from django.urls import path

from carcwiki.page_cache import cached_page

from . import views
from .selection import SELECTION_KEYS, SESSION_KEY

# Pages drawn from the content and the visitor's selection only: kept in the page cache
# per address and saved selection, until the content changes (carcwiki.page_cache).
by_selection = cached_page(query_keys=SELECTION_KEYS, session_key=SESSION_KEY)
# Answers to a question too, for ten minutes at most: players ask the same ones, and any
# text can be asked, so they are not kept long.
search_answers = cached_page(query_keys=(*SELECTION_KEYS, "q"), session_key=SESSION_KEY,
                             timeout=10 * 60)

app_name = "rules"
urlpatterns = [
    path("rules/", by_selection(views.rules_index), name="index"),
    path("rules/notes/<str:key>/", by_selection(views.note_detail), name="note"),
    path("rules/turn/", by_selection(views.turn_order), name="turn"),
    path("rules/final-scoring/", by_selection(views.final_scoring_order), name="final-scoring"),
    path("rules/<slug:slug>/", by_selection(views.rules_page), name="page"),
    path("glossary/", by_selection(views.glossary), name="glossary"),
    path("search/", search_answers(views.search), name="search"),
    path("selection/", views.selection, name="selection"),
    path("robots.txt", views.robots_txt, name="robots"),
]
