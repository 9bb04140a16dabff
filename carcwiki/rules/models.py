"""Rules content as data: pages, their ordered sections, notes on sections, the glossary.

Bodies are written in Markdown (``body``) and stored rendered and sanitised (``body_html``)
by the services when saved. Wording tokens such as ``{{meeple}}`` stay in them and are
replaced when a page is shown. What the search reads is kept apart, one
:class:`SearchDocument` per section, note and glossary term (see
:mod:`carcwiki.rules.search`).

Which expansions and editions a piece of content applies to is kept as plain lists of
catalogue codes (``applies_to``, ``requires``, ``editions``): they can name an expansion or
one of its parts, and are checked against a :class:`~carcwiki.rules.selection.Selection`.
An empty ``editions`` list means every edition.
"""

from django.db import models
from django.urls import reverse

from .search.fields import SearchVectorField

CODE_LIST_HELP = "Expansion or part codes from the catalogue, as a JSON list."
EDITIONS_HELP = 'Edition codes as a JSON list, e.g. ["C1"]; an empty list means every edition.'
REQUIRES_HELP = "Shown only when ALL these expansion or part codes are selected (JSON list)."


class RulesPage(models.Model):
    """One page of the reference: the rules of the base game, an expansion or a part."""

    class Category(models.TextChoices):
        BASE = "base", "Base game"
        EXPANSION = "expansion", "Expansions"

    slug = models.SlugField(max_length=80, unique=True)
    title = models.CharField(max_length=200)
    category = models.CharField(max_length=16, choices=Category.choices)
    order = models.IntegerField(default=0, help_text="Position in the index.")
    applies_to = models.JSONField(
        default=list,
        help_text="Shown when ANY of these codes is selected ([\"base\"]: always). "
        + CODE_LIST_HELP,
    )
    summary = models.TextField(blank=True, help_text="One sentence for the index.")
    source_file = models.CharField(
        max_length=200, blank=True, help_text="The fixture file this page was loaded from."
    )
    turn_steps = models.JSONField(
        default=list, blank=True,
        help_text="What the page adds to a turn, in play order: a JSON list of "
        "{phase, anchor, text, editions, requires} (see fixtures/rules/FORMAT.md).",
    )
    final_steps = models.JSONField(
        default=list, blank=True,
        help_text="What the page adds to the final scoring, same shape as the turn steps.",
    )

    class Meta:
        ordering = ["order", "title"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("rules:page", kwargs={"slug": self.slug})


class SectionQuerySet(models.QuerySet):
    def with_notes(self) -> "SectionQuerySet":
        return self.prefetch_related("notes")

    def with_page(self) -> "SectionQuerySet":
        return self.select_related("page")


class Section(models.Model):
    """A titled part of a rules page with a stable anchor (``/rules/<page>/#<anchor>``)."""

    page = models.ForeignKey(RulesPage, on_delete=models.CASCADE, related_name="sections")
    anchor = models.SlugField(max_length=80, help_text="Stable, unique within the page.")
    title = models.CharField(max_length=200)
    order = models.PositiveIntegerField(default=0)
    editions = models.JSONField(default=list, blank=True, help_text=EDITIONS_HELP)
    requires = models.JSONField(default=list, blank=True, help_text=REQUIRES_HELP)
    body = models.TextField(help_text="Markdown; headings start at ###.")
    body_html = models.TextField(blank=True, editable=False)

    objects = SectionQuerySet.as_manager()

    class Meta:
        ordering = ["page__order", "order"]
        constraints = [
            models.UniqueConstraint(fields=["page", "anchor"], name="rules_section_unique_anchor")
        ]

    def __str__(self) -> str:
        return f"{self.page.title} › {self.title}"

    def get_absolute_url(self) -> str:
        return f"{self.page.get_absolute_url()}#{self.anchor}"


class NoteQuerySet(models.QuerySet):
    def with_context(self) -> "NoteQuerySet":
        return self.select_related("section__page")


class Note(models.Model):
    """A remark attached to a section, of one of four kinds the site keeps apart."""

    class Kind(models.TextChoices):
        CLARIFICATION = "clarification", "Official clarification"
        INTERPRETATION = "interpretation", "Community interpretation"
        DIFFERENCE = "difference", "Edition or publisher difference"
        HOUSE_RULE = "house-rule", "House rule or variant"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="notes")
    slug = models.SlugField(
        max_length=120, unique=True, help_text="Permalink: /rules/notes/<slug>/."
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    question = models.TextField(blank=True, help_text="The question answered (Markdown, one line).")
    question_html = models.TextField(blank=True, editable=False)
    body = models.TextField(help_text="Markdown.")
    body_html = models.TextField(blank=True, editable=False)
    references = models.JSONField(
        default=list, blank=True, help_text="Reference codes given by the source (JSON list)."
    )
    date = models.CharField(max_length=60, blank=True, help_text="As the source gives it.")
    source = models.CharField(max_length=200, blank=True, help_text="Who said it.")
    editions = models.JSONField(default=list, blank=True, help_text=EDITIONS_HELP)
    requires = models.JSONField(default=list, blank=True, help_text=REQUIRES_HELP)
    order = models.PositiveIntegerField(default=0)

    objects = NoteQuerySet.as_manager()

    class Meta:
        ordering = ["section__page__order", "section__order", "order"]

    def __str__(self) -> str:
        return self.slug

    def get_absolute_url(self) -> str:
        return reverse("rules:note", kwargs={"key": self.slug})


class GlossaryTerm(models.Model):
    """A word of the game, its other names, and what it means."""

    slug = models.SlugField(max_length=80, unique=True)
    term = models.CharField(max_length=120)
    aliases = models.JSONField(default=list, blank=True, help_text="Other names (JSON list).")
    editions = models.JSONField(default=list, blank=True, help_text=EDITIONS_HELP)
    requires = models.JSONField(default=list, blank=True, help_text=REQUIRES_HELP)
    definition = models.TextField(help_text="Markdown.")
    definition_html = models.TextField(blank=True, editable=False)
    order = models.PositiveIntegerField(default=0, help_text="Position in the glossary file.")

    class Meta:
        ordering = ["term"]

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return f"{reverse('rules:glossary')}#{self.slug}"


class SearchDocument(models.Model):
    """What the search engines read for one section, note or glossary term.

    ``title`` and ``body`` are folded words (both editions' wording, punctuation turned
    into spaces), written by :mod:`carcwiki.rules.search.index` whenever content is
    loaded or saved. The database keeps its own index of them in step through triggers
    made by the migrations: an FTS5 table on SQLite, the weighted ``vector`` on
    PostgreSQL.
    """

    class Kind(models.TextChoices):
        SECTION = "section", "Rule"
        NOTE = "note", "Note"
        GLOSSARY = "glossary", "Glossary"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    object_id = models.PositiveIntegerField()
    title = models.TextField(blank=True)
    body = models.TextField(blank=True)
    vector = SearchVectorField(null=True, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "object_id"], name="rules_search_unique_item")
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.object_id}"
