"""Pages of the catalogue: the tile gallery and the SVG picture of each tile."""

from django.urls import path

from . import views

app_name = "catalogue"
urlpatterns = [
    path("tiles/", views.TileGalleryView.as_view(), name="tile-gallery"),
    path("tiles/<str:code>.svg", views.tile_svg, name="tile-svg"),
    path("tiles/<str:code>/", views.tile_detail, name="tile"),
]
