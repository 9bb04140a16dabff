"""The two full-text engines behind the search, asked the same question the same way.

SQLite: an FTS5 table ``rules_search_fts`` over the ``title`` and ``body`` of
``rules_searchdocument`` (external content, kept in step by triggers), tokenised by
``porter unicode61 remove_diacritics 2`` (English stemming over Unicode words).

PostgreSQL: the ``vector`` column of ``rules_searchdocument``, the title weighted A and
the body B with the ``english`` configuration (Snowball stemming), filled by a trigger.

Both receive the same concepts (see :mod:`.query`) and answer with one row per matching
document: its engine score (``bm25`` or ``ts_rank``) and, for each concept, whether
the document holds it and whether its title does. :mod:`.engine` ranks mostly on those
flags, which both engines agree on.
"""

from dataclasses import dataclass

from django.db import connections

from .query import Concept

TABLE = "rules_searchdocument"
FTS_TABLE = "rules_search_fts"
#: How much more a word in a title counts than one in a body, for the engines' scores.
TITLE_WEIGHT = 4.0
#: ts_rank divides by 1 + the logarithm of the document length, as bm25 weighs length on
#: SQLite. (``ts_rank_cd``, cover density, took four times as long over a question's many
#: alternatives, most of a search's time on the full content, and ranked no better.)
PG_NORMALIZATION = 1

SQLITE_INSTALL = [
    f"""CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5(
        title, body, content='{TABLE}', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2')""",
    f"""CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_insert AFTER INSERT ON {TABLE} BEGIN
        INSERT INTO {FTS_TABLE}(rowid, title, body) VALUES (new.id, new.title, new.body);
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_delete AFTER DELETE ON {TABLE} BEGIN
        INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, title, body)
        VALUES ('delete', old.id, old.title, old.body);
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_update AFTER UPDATE ON {TABLE} BEGIN
        INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, title, body)
        VALUES ('delete', old.id, old.title, old.body);
        INSERT INTO {FTS_TABLE}(rowid, title, body) VALUES (new.id, new.title, new.body);
    END""",
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')",
]
SQLITE_UNINSTALL = [
    f"DROP TRIGGER IF EXISTS {FTS_TABLE}_{event}" for event in ("insert", "delete", "update")
] + [f"DROP TABLE IF EXISTS {FTS_TABLE}"]

POSTGRESQL_INSTALL = [
    f"""CREATE OR REPLACE FUNCTION {TABLE}_vector() RETURNS trigger AS $$
    BEGIN
        NEW.vector := setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A')
            || setweight(to_tsvector('english', coalesce(NEW.body, '')), 'B');
        RETURN NEW;
    END $$ LANGUAGE plpgsql""",
    f"""CREATE TRIGGER {TABLE}_vector BEFORE INSERT OR UPDATE OF title, body ON {TABLE}
        FOR EACH ROW EXECUTE FUNCTION {TABLE}_vector()""",
    f"CREATE INDEX IF NOT EXISTS {TABLE}_vector_gin ON {TABLE} USING gin (vector)",
    f"UPDATE {TABLE} SET title = title",
]
POSTGRESQL_UNINSTALL = [
    f"DROP TRIGGER IF EXISTS {TABLE}_vector ON {TABLE}",
    f"DROP FUNCTION IF EXISTS {TABLE}_vector()",
    f"DROP INDEX IF EXISTS {TABLE}_vector_gin",
]


def install(connection) -> None:
    """Create the engine's index and the triggers that keep it in step (migrations)."""
    statements = {"sqlite": SQLITE_INSTALL, "postgresql": POSTGRESQL_INSTALL}
    with connection.cursor() as cursor:
        for statement in statements.get(connection.vendor, []):
            cursor.execute(statement)


def uninstall(connection) -> None:
    statements = {"sqlite": SQLITE_UNINSTALL, "postgresql": POSTGRESQL_UNINSTALL}
    with connection.cursor() as cursor:
        for statement in statements.get(connection.vendor, []):
            cursor.execute(statement)


@dataclass
class Match:
    """A document that holds at least one concept, as an engine reports it."""

    kind: str
    object_id: int
    engine_score: float  # higher is better, comparable only within one engine
    holds: tuple[bool, ...]  # per concept
    in_title: tuple[bool, ...]  # per concept
    documents: int  # how many documents the index holds


# -- SQLite FTS5 ------------------------------------------------------------------------------


def _fts5_expression(expression: tuple[str, ...], *, prefix: bool) -> str:
    # Words are runs of letters and digits (see .words), so quoting them is enough.
    return f'"{" ".join(expression)}"' + ("*" if prefix else "")


def fts5_concept(concept: Concept) -> str:
    """The FTS5 query of one concept: any of its expressions.

    >>> fts5_concept(Concept(typed=("farm",), alternatives=(("farm",), ("coat", "of", "arms"))))
    '("farm"* OR "coat of arms")'
    """
    parts = [_fts5_expression(expression, prefix=prefix) for expression, prefix in concept.searched]
    return "(" + " OR ".join(parts) + ")"


def _sqlite_matches(connection, concepts: tuple[Concept, ...]) -> list[Match]:
    expressions = [fts5_concept(concept) for concept in concepts]
    flags = []
    params: list[str] = []
    for expression in expressions:
        flags.append(
            f"d.id IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s)"
        )
        flags.append(
            f"d.id IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s)"
        )
        params += [expression, "{title} : " + expression]
    sql = (
        f"SELECT d.kind, d.object_id, -bm25({FTS_TABLE}, {TITLE_WEIGHT}, 1.0), "
        f"(SELECT count(*) FROM {TABLE}), {', '.join(flags)} "
        f"FROM {FTS_TABLE} JOIN {TABLE} d ON d.id = {FTS_TABLE}.rowid "
        f"WHERE {FTS_TABLE} MATCH %s"
    )
    params.append(" OR ".join(expressions))
    return _read(connection, sql, params, len(concepts))


# -- PostgreSQL -------------------------------------------------------------------------------


def _tsquery_expression(expression: tuple[str, ...], *, prefix: bool, title: bool) -> str:
    label = ("*" if prefix else "") + ("A" if title else "")
    suffix = f":{label}" if label else ""
    return " <-> ".join(f"{word}{suffix}" for word in expression)


def tsquery_concept(concept: Concept, *, title: bool = False) -> str:
    """The ``to_tsquery`` text of one concept: any of its expressions (``title``: only
    in the A-weighted title).

    >>> tsquery_concept(Concept(typed=("farm",), alternatives=(("farm",), ("coat", "of", "arms"))))
    '(farm:* | coat <-> of <-> arms)'
    """
    parts = [
        _tsquery_expression(expression, prefix=prefix, title=title)
        for expression, prefix in concept.searched
    ]
    return "(" + " | ".join(parts) + ")"


def _postgresql_matches(connection, concepts: tuple[Concept, ...]) -> list[Match]:
    flags = []
    params: list[str] = []
    for concept in concepts:
        flags.append("vector @@ to_tsquery('english', %s)")
        flags.append("vector @@ to_tsquery('english', %s)")
        params += [tsquery_concept(concept), tsquery_concept(concept, title=True)]
    everything = " | ".join(tsquery_concept(concept) for concept in concepts)
    sql = (
        "SELECT kind, object_id, "
        f"ts_rank(vector, to_tsquery('english', %s), {PG_NORMALIZATION}), "
        f"(SELECT count(*) FROM {TABLE}), {', '.join(flags)} "
        f"FROM {TABLE} WHERE vector @@ to_tsquery('english', %s)"
    )
    return _read(connection, sql, [everything, *params, everything], len(concepts))


def _read(connection, sql: str, params: list[str], count: int) -> list[Match]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [
        Match(
            kind=row[0],
            object_id=row[1],
            engine_score=float(row[2]),
            documents=row[3],
            holds=tuple(map(bool, row[4::2])),
            in_title=tuple(map(bool, row[5::2])),
        )
        for row in rows
    ]


def matches(concepts: tuple[Concept, ...], *, using: str = "default") -> list[Match]:
    """Every document holding at least one of ``concepts`` (one query)."""
    connection = connections[using]
    if not concepts:
        return []
    if connection.vendor == "postgresql":
        return _postgresql_matches(connection, concepts)
    return _sqlite_matches(connection, concepts)
