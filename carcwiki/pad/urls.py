"""The score pad's pages."""

from django.urls import path

from . import views

app_name = "pad"
urlpatterns = [
    path("pad/", views.new_game_page, name="new"),
    path("pad/sw.js", views.service_worker, name="service-worker"),
    path("pad/watch/<str:watch>/", views.watch_page, name="watch"),
    path("pad/group/<str:group>/", views.group_page, name="group"),
    path("pad/<str:key>/again/", views.play_again, name="again"),
    path("pad/<str:key>/", views.game_page, name="game"),
]
