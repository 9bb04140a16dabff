"""The column PostgreSQL keeps its full-text document in."""

from django.db import models


class SearchVectorField(models.Field):
    """A ``tsvector`` column on PostgreSQL (filled by a trigger); an unused text column
    elsewhere, where SQLite's FTS5 table plays its part."""

    description = "Full-text search document (PostgreSQL only)"

    def db_type(self, connection) -> str:
        return "tsvector" if connection.vendor == "postgresql" else "text"
