"""The site's URLs plus two that fail, to see the 500 answers (see test_error_pages)."""

from django.urls import path

from carcwiki.urls import handler404, handler500
from carcwiki.urls import urlpatterns as site_urlpatterns


def fail(request):
    raise RuntimeError("a bug")


urlpatterns = [
    path("broken/", fail),
    path("api/broken/", fail),
    *site_urlpatterns,
]

__all__ = ["handler404", "handler500", "urlpatterns"]
