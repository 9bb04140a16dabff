"""URLs of the public API, its OpenAPI schema and its interactive documentation."""

from csp.decorators import csp_update
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from carcwiki.page_cache import cached_page

from . import views
from .reference import api_reference

app_name = "api"

class SiteRouter(DefaultRouter):
    """The router of ``/api/``, whose root lists every endpoint of the API: the
    catalogue's viewsets registered here, and the rules and scoring endpoints the other
    apps route themselves (by URL name, under the ``api`` namespace)."""

    other_endpoints = {
        "rules/pages": "rules-page-list",
        "rules/notes": "rules-note-list",
        "rules/glossary": "rules-glossary-term-list",
        "score": "scoring:score",
        "score/check": "scoring:check",
    }

    def get_api_root_view(self, api_urls=None):
        listed = {prefix: self.routes[0].name.format(basename=basename)
                  for prefix, _viewset, basename in self.registry}
        return self.APIRootView.as_view(api_root_dict={**listed, **self.other_endpoints})


router = SiteRouter(trailing_slash=True)
router.register("editions", views.EditionViewSet, basename="edition")
router.register("expansions", views.ExpansionViewSet, basename="expansion")
router.register("bundles", views.BundleViewSet, basename="bundle")
router.register("tiles", views.TileViewSet, basename="tile")

# Swagger UI's bundle adds one <style> element of its own; the policy of the docs page
# allows exactly that one by its hash (tests/project/test_csp_browser.py fails if a new
# version of drf-spectacular-sidecar changes it).
SWAGGER_UI_STYLE = "'sha256-MMpT0iDxyjALd9PdfepImGX3DBfJPXZ4IlDWdPAgtn0='"

# Building the schema costs ~100 ms, and it lists the catalogue's codes: kept in the page
# cache until the content or the code changes (carcwiki.page_cache).
schema_view = cached_page(query_keys=("format", "lang"))(SpectacularAPIView.as_view())
reference_view = cached_page()(api_reference)

urlpatterns = [
    path("schema/", schema_view, name="schema"),
    # The split view serves Swagger UI's start-up script as a file: the site's
    # Content-Security-Policy runs no inline script without a nonce.
    # A plain page to read (no script); Swagger UI, to try requests, one link away.
    path("docs/", reference_view, name="docs"),
    path(
        "docs/try/",
        csp_update({"style-src": [SWAGGER_UI_STYLE]})(
            SpectacularSwaggerSplitView.as_view(
                url_name="api:schema", template_name="api/swagger_ui.html",
                # A page to read: OPTIONS would render DRF's metadata without a template.
                http_method_names=["get", "head"],
            )
        ),
        name="swagger",
    ),
    path("", include("scoring.urls")),
    path("rules/", include("carcwiki.rules.api_urls")),
    path("", include(router.urls)),
]
