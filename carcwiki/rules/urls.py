"""Pages of the rules reference, included at the site root."""

from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("rules/", views.rules_index, name="index"),
    path("rules/notes/<str:key>/", views.note_detail, name="note"),
    path("rules/turn/", views.turn_order, name="turn"),
    path("rules/final-scoring/", views.final_scoring_order, name="final-scoring"),
    path("rules/<slug:slug>/", views.rules_page, name="page"),
    path("glossary/", views.glossary, name="glossary"),
    path("search/", views.search, name="search"),
    path("selection/", views.selection, name="selection"),
    path("robots.txt", views.robots_txt, name="robots"),
]
