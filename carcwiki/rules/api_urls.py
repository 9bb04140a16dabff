"""API routes of the rules reference, included under ``/api/rules/`` (names ``api:rules-*``)."""

from rest_framework.routers import SimpleRouter

from . import api_views

router = SimpleRouter(trailing_slash=True)
router.register("pages", api_views.RulesPageViewSet, basename="rules-page")
router.register("notes", api_views.NoteViewSet, basename="rules-note")
router.register("glossary", api_views.GlossaryViewSet, basename="rules-glossary-term")

urlpatterns = router.urls
