"""Output serializers of the rules API: pages with their sections and notes, the glossary.

HTML comes worded for the preferred edition (the ``presenter`` in the context) and, when
the request names a selection, only sections and notes that apply to it are included.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import GlossaryTerm, Note, RulesPage, Section


class _PresentedSerializer(serializers.ModelSerializer):
    @property
    def presenter(self):
        return self.context["presenter"]

    @property
    def selection(self):
        return self.context.get("selection")

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class NoteSerializer(_PresentedSerializer):
    kind_label = serializers.CharField(source="get_kind_display", read_only=True)
    question = serializers.SerializerMethodField(
        help_text="The question answered, as Markdown, worded for the preferred edition."
    )
    question_html = serializers.SerializerMethodField()
    html = serializers.SerializerMethodField(help_text="The note's body as sanitised HTML.")
    url = serializers.SerializerMethodField(help_text="Permalink of the note on the site.")
    page = serializers.SlugRelatedField(source="section.page", slug_field="slug", read_only=True)
    section = serializers.SlugRelatedField(slug_field="anchor", read_only=True)

    class Meta:
        model = Note
        fields = [
            "slug", "kind", "kind_label", "question", "question_html", "html", "references",
            "date", "source", "editions", "requires", "page", "section", "url",
        ]

    def get_question(self, note: Note) -> str:
        return self.presenter.text(note.question)

    def get_question_html(self, note: Note) -> str:
        return self.presenter.html(note.question_html)

    def get_html(self, note: Note) -> str:
        return self.presenter.html(note.body_html)

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, note: Note) -> str:
        return self._absolute(note.get_absolute_url())


class NoteInSectionSerializer(NoteSerializer):
    class Meta(NoteSerializer.Meta):
        fields = [
            "slug", "kind", "kind_label", "question", "question_html", "html", "references",
            "date", "source", "editions", "requires", "url",
        ]


class SectionSerializer(_PresentedSerializer):
    title = serializers.SerializerMethodField()
    html = serializers.SerializerMethodField(help_text="The section's body as sanitised HTML.")
    notes = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Section
        fields = ["anchor", "title", "editions", "requires", "html", "url", "notes"]

    def get_title(self, section: Section) -> str:
        return self.presenter.text(section.title)

    def get_html(self, section: Section) -> str:
        return self.presenter.html(section.body_html)

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, section: Section) -> str:
        return self._absolute(f"{section.page.get_absolute_url()}#{section.anchor}")

    @extend_schema_field(NoteInSectionSerializer(many=True))
    def get_notes(self, section: Section) -> list:
        notes = [
            note
            for note in section.notes.all()
            if self.selection is None or self.selection.allows(note.requires, note.editions)
        ]
        return NoteInSectionSerializer(notes, many=True, context=self.context).data


class RulesPageSerializer(_PresentedSerializer):
    title = serializers.SerializerMethodField()
    summary = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField(help_text="The page on the site.")

    class Meta:
        model = RulesPage
        fields = ["slug", "title", "category", "order", "applies_to", "summary", "url"]

    def get_title(self, page: RulesPage) -> str:
        return self.presenter.text(page.title)

    def get_summary(self, page: RulesPage) -> str:
        return self.presenter.text(page.summary)

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, page: RulesPage) -> str:
        return self._absolute(page.get_absolute_url())


class RulesPageDetailSerializer(RulesPageSerializer):
    sections = serializers.SerializerMethodField()

    class Meta(RulesPageSerializer.Meta):
        fields = [*RulesPageSerializer.Meta.fields, "sections"]

    @extend_schema_field(SectionSerializer(many=True))
    def get_sections(self, page: RulesPage) -> list:
        selection = self.selection
        sections = [
            section
            for section in page.sections.all()
            if selection is None
            or (
                selection.applies_to_any(page.applies_to)
                and selection.allows(section.requires, section.editions)
            )
        ]
        for section in sections:
            section.page = page  # already loaded: spares a query per section for its URL
        return SectionSerializer(sections, many=True, context=self.context).data


class GlossaryTermSerializer(_PresentedSerializer):
    term = serializers.SerializerMethodField()
    aliases = serializers.SerializerMethodField(help_text="Other names of the term.")
    html = serializers.SerializerMethodField(help_text="The definition as sanitised HTML.")
    url = serializers.SerializerMethodField()

    class Meta:
        model = GlossaryTerm
        fields = ["slug", "term", "aliases", "editions", "requires", "html", "url"]

    def get_term(self, term: GlossaryTerm) -> str:
        return self.presenter.text(term.term)

    def get_aliases(self, term: GlossaryTerm) -> list[str]:
        return [self.presenter.text(alias) for alias in term.aliases]

    def get_html(self, term: GlossaryTerm) -> str:
        return self.presenter.html(term.definition_html)

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, term: GlossaryTerm) -> str:
        return self._absolute(term.get_absolute_url())
