"""Pages of the board builder."""

from django.urls import path

from . import views

app_name = "builder"
urlpatterns = [
    path("board/", views.board_page, name="board"),
    path("board/save/", views.save_board, name="save"),
    path("board/tiles/", views.board_tiles, name="tiles"),
    path("board/words/<str:version>/errors.json", views.error_words, name="error-words"),
    path("board/<str:board_id>/", views.saved_board_page, name="saved"),
]
