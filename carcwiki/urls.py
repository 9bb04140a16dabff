"""Top-level URLs: the site's pages, the API under /api/, and the admin."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("", include("carcwiki.catalogue.urls")),
    path("", include("carcwiki.rules.urls")),
    path("", include("carcwiki.builder.urls")),
    path("", include("carcwiki.pad.urls")),
    path("api/pad/", include("carcwiki.pad.api_urls")),
    path("api/", include("carcwiki.api.urls")),
    path("admin/", admin.site.urls),
]

handler404 = "carcwiki.error_pages.page_not_found"
handler500 = "carcwiki.error_pages.server_error"
