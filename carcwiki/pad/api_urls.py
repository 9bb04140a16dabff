"""The score pad's API, under ``/api/pad/``."""

from django.urls import path

from . import api

app_name = "pad-api"
urlpatterns = [
    path("games/", api.GamesView.as_view(), name="games"),
    path("games/<str:code>/", api.GameView.as_view(), name="game"),
    path("games/<str:code>/entries/", api.EntriesView.as_view(), name="entries"),
    path("games/<str:code>/final/", api.FinalView.as_view(), name="final"),
    path("games/<str:code>/bgstats/", api.GameBgStatsView.as_view(), name="bg-stats"),
    path("games/<str:code>/entries/<str:uid>/", api.EntryView.as_view(), name="entry"),
    path("watch/<str:code>/", api.WatchView.as_view(), name="watch"),
    path("watch/<str:code>/bgstats/", api.WatchBgStatsView.as_view(), name="watch-bg-stats"),
    path("watch/<str:watch>/entries/", api.WatchEntriesView.as_view(), name="watch-entries"),
    path("watch/<str:watch>/entries/<str:uid>/", api.WatchEntryView.as_view(),
         name="watch-entry"),
]
