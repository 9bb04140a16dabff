"""API routes of the scoring app, included under ``/api/``."""

from django.urls import path

from .api import CheckView, ScoreView

app_name = "scoring"
urlpatterns: list = [
    path("score/", ScoreView.as_view(), name="score"),
    path("score/check/", CheckView.as_view(), name="check"),
]
