"""PostgreSQL full-text search for the rules: stored search documents, and the query.

On PostgreSQL each section, note and glossary term keeps a ``tsvector`` of its folded
title (weight A) and body (weight B) in ``search_vector``, computed when the content is
saved (never per request: building the vectors of every section on each search costs
more than the rest of the page). A search is then a ``@@`` match ranked by ``ts_rank``.

Other databases leave ``search_vector`` empty, and :mod:`carcwiki.rules.selectors`
searches the folded text columns instead. ``django.contrib.postgres`` is imported only
when the database is PostgreSQL, since it needs psycopg.
"""

from django.db import connections, models
from django.db.models import F, Func, Value
from django.db.models.functions import Coalesce


class SearchDocumentField(models.Field):
    """A ``tsvector`` column on PostgreSQL; an unused text column elsewhere."""

    description = "Full-text search document (PostgreSQL only)"

    def db_type(self, connection) -> str:
        return "tsvector" if connection.vendor == "postgresql" else "text"


@SearchDocumentField.register_lookup
class Matches(models.Lookup):
    """``search_vector__matches=SearchQuery(...)``: the document matches the query."""

    lookup_name = "matches"

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"{lhs} @@ {rhs}", [*lhs_params, *rhs_params]


def is_postgresql(using: str = "default") -> bool:
    return connections[using].vendor == "postgresql"


def _words_only(column: str) -> Func:
    """The column with punctuation turned into spaces, for PostgreSQL's text parser.

    Left alone, the parser keeps ``wica.0201.0001``, ``car.022`` or ``5/2013`` as single
    tokens (host names, versions, paths), so "0201" or "2013" would find nothing there.
    Splitting them into words matches what the Python side calls a word.
    """
    return Func(
        F(column),
        Value("[[:punct:]]+"),
        Value(" "),
        Value("g"),
        function="regexp_replace",
        output_field=models.TextField(),
    )


def document_expression():
    """The search document of a row, from its folded ``search_title`` and ``search_body``."""
    from django.contrib.postgres.search import SearchVector

    return SearchVector(_words_only("search_title"), weight="A", config="simple") + (
        SearchVector(_words_only("search_body"), weight="B", config="simple")
    )


def refresh_search_documents(*model_classes, using: str = "default") -> int:
    """Compute the search documents that are missing (rows saved since), on PostgreSQL.

    Saving content clears ``search_vector`` (see the services), so this only touches
    what changed and writes nothing when nothing did. Returns how many rows it updated.
    """
    if not is_postgresql(using):
        return 0
    updated = 0
    for model in model_classes:
        stale = model._default_manager.using(using).filter(search_vector__isnull=True)
        if stale.exists():
            updated += stale.update(search_vector=document_expression())
    return updated


def matching(queryset: models.QuerySet, words: list[str]) -> list:
    """Rows of ``queryset`` whose document holds every word as a word prefix, each with a
    ``search_rank`` (PostgreSQL only).

    A row saved without the services (so without its document yet) is still found: its
    document is then computed in the query.
    """
    from django.contrib.postgres.search import SearchQuery, SearchRank

    # Words are runs of letters and digits only, so the raw tsquery syntax is safe.
    query = SearchQuery(
        " & ".join(f"{word}:*" for word in words), search_type="raw", config="simple"
    )
    document = Coalesce(
        F("search_vector"), document_expression(), output_field=SearchDocumentField()
    )
    return list(
        queryset.defer("search_title", "search_body", "search_vector")
        .alias(search_document=document)
        .filter(search_document__matches=query)
        .annotate(search_rank=SearchRank(F("search_document"), query))
    )
