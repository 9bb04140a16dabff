"""Pages of the catalogue: the tile gallery and the SVG picture of each tile."""

from django.urls import path

from carcwiki.page_cache import cached_page

from . import views

# Drawn from the content only: kept in the page cache until it changes (carcwiki.page_cache).
gallery = cached_page(query_keys=("expansion", "edition"))(views.TileGalleryView.as_view())
picture = cached_page(query_keys=("rotation",))(views.tile_svg)

app_name = "catalogue"
urlpatterns = [
    path("tiles/", gallery, name="tile-gallery"),
    path("tiles/<str:code>.svg", picture, name="tile-svg"),
    path("tiles/<str:code>/", views.tile_detail, name="tile"),
]
