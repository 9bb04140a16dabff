"""Read-only API of the rules reference: pages, notes and the glossary.

A request may name a selection with the query parameters of the site (``x``, ``ed``,
``pref``, ``mark``, see :mod:`carcwiki.rules.selection`): only content that applies to it
is returned, worded for its preferred edition. Without them everything is returned, in
the new edition's wording. Sessions play no part here: an API answer depends only on its
URL.
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.exceptions import ValidationError

from carcwiki.api.pagination import StrictPageNumberPagination
from carcwiki.page_cache import CachedAnswersMixin

from . import queries, serializers
from .models import GlossaryTerm, Note, RulesPage
from .presenters import Presenter, note_visible
from .selection import DEFAULT_PREFERRED, SELECTION_KEYS, Selection

SELECTION_PARAMETERS = [
    OpenApiParameter(
        "x", str, description="Selected expansion and part codes, comma-separated, e.g. "
        "`farmers,abbot,river`; an expansion code selects all its parts. The base game is "
        "always selected. Giving any selection parameter filters the answer."
    ),
    OpenApiParameter(
        "ed", str, description="Edition groups shown, comma-separated: `c1`, `c23` (C2 and "
        "C3), `we` (Winter Edition). Default: all three."
    ),
    OpenApiParameter(
        "pref", str, enum=["c1", "c23", "we"],
        description="Preferred edition group: its wording is used (`c1` says follower, "
        "thief, pennant). Default `c23`.",
    ),
    OpenApiParameter("mark", str, description="`1` to mark adaptations (site display only)."),
]


class RulesPagination(StrictPageNumberPagination):
    page_size = 100
    max_page_size = 500


SELECTION_CHOICES = {"pref": ("c1", "c23", "we")}
"""Query parameters with a fixed set of values: anything else is a 400 naming it."""


def check_choices(params, choices) -> None:
    for name, allowed in choices.items():
        value = params.get(name)
        if value is not None and value not in allowed:
            raise ValidationError({name: [
                f"'{value[:40]}' is not one of {', '.join(allowed)}."
            ]})


class SelectionMixin(CachedAnswersMixin):
    """Reads the optional selection of an API request, once; answers are kept in the page
    cache per address (carcwiki.page_cache)."""

    cache_query_keys = CachedAnswersMixin.cache_query_keys | {*SELECTION_KEYS, "kind"}
    choice_parameters = SELECTION_CHOICES

    def get_selection(self) -> Selection | None:
        if not hasattr(self, "_selection"):
            check_choices(self.request.query_params, self.choice_parameters)
            self._selection = Selection.from_query(
                self.request.query_params,
                catalogue=self.request.rules_catalogue,
            )
        return self._selection

    def get_serializer_context(self):
        context = super().get_serializer_context()
        selection = self.get_selection()
        wording = selection or Selection(
            codes=frozenset(), editions=frozenset(), preferred_edition=DEFAULT_PREFERRED
        )
        context.update(selection=selection, presenter=Presenter(wording))
        return context


@extend_schema_view(
    list=extend_schema(parameters=SELECTION_PARAMETERS),
    retrieve=extend_schema(parameters=SELECTION_PARAMETERS),
)
class RulesPageViewSet(SelectionMixin, viewsets.ReadOnlyModelViewSet):
    """Rules pages in index order; one page comes with its sections (HTML) and their notes."""

    lookup_field = "slug"
    not_found_label = "rules page"
    pagination_class = RulesPagination

    def get_queryset(self):
        if self.action == "retrieve":
            return RulesPage.objects.prefetch_related(
                "sections",
                "sections__notes",
            )
        return RulesPage.objects.all()

    def get_serializer_class(self):
        if self.action == "retrieve":
            return serializers.RulesPageDetailSerializer
        return serializers.RulesPageSerializer

    def filter_queryset(self, queryset):
        selection = self.get_selection()
        if selection is None or self.action == "retrieve":
            return queryset
        _, counts = queries.visible_section_counts(selection=selection)
        return queryset.filter(pk__in=list(counts))


@extend_schema_view(
    list=extend_schema(
        parameters=[
            *SELECTION_PARAMETERS,
            OpenApiParameter(
                "kind", str, enum=Note.Kind.values, description="Only notes of this kind."
            ),
        ]
    ),
    retrieve=extend_schema(parameters=SELECTION_PARAMETERS),
)
class NoteViewSet(SelectionMixin, viewsets.ReadOnlyModelViewSet):
    """Notes on sections: official clarifications, community interpretations, edition or
    publisher differences, and house rules, with their references and dates."""

    serializer_class = serializers.NoteSerializer
    choice_parameters = {**SELECTION_CHOICES, "kind": tuple(Note.Kind.values)}
    lookup_field = "slug"
    not_found_label = "note"
    pagination_class = RulesPagination
    queryset = Note.objects.with_context()

    def filter_queryset(self, queryset):
        kind = self.request.query_params.get("kind")
        if kind:
            queryset = queryset.filter(kind=kind)
        selection = self.get_selection()
        if selection is None or self.action == "retrieve":
            return queryset
        return [
            note
            for note in queryset
            if note_visible(note, note.section, note.section.page, selection)
        ]


@extend_schema_view(
    list=extend_schema(parameters=SELECTION_PARAMETERS),
    retrieve=extend_schema(parameters=SELECTION_PARAMETERS),
)
class GlossaryViewSet(SelectionMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      viewsets.GenericViewSet):
    """Glossary terms with their other names and definitions (HTML)."""

    serializer_class = serializers.GlossaryTermSerializer
    lookup_field = "slug"
    not_found_label = "glossary term"
    pagination_class = RulesPagination
    queryset = GlossaryTerm.objects.order_by("term", "slug")

    def filter_queryset(self, queryset):
        selection = self.get_selection()
        if selection is None or self.action == "retrieve":
            return queryset
        return [term for term in queryset if selection.allows(term.requires, term.editions)]



