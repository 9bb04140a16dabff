"""What a process builds once and keeps, built before it serves anyone (issue 32: nothing
over 2 s under a crowd, even from a worker that has just started).

The gunicorn master calls :func:`warm_process` before it forks its workers
(``deploy/gunicorn.conf.py``), so every worker, first or replaced, starts with it. Without
it, a fresh worker made its first visitors wait while it compiled the templates, turned
every tile four ways for its first scoring and read the rules content for its first
search: under load, first answers of 4 to 9 s.

Each step is one kind of work a first request of some page would otherwise do; a step
that fails (no database yet) is logged and left to the first request, as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.template.loader import get_template
from django.urls import get_resolver

logger = logging.getLogger(__name__)


def page_cache_fingerprint() -> None:
    """The code and templates' fingerprint, part of every page cache key."""
    from carcwiki.page_cache import code_version

    code_version()


def tile_set() -> None:
    """The engine's checked tile set and each edition's table of turned tiles (every type
    at 0, 90, 180 and 270 degrees): what a first scoring of each edition builds."""
    from scoring.engine import Edition
    from scoring.tileset import current_tiles

    tiles = current_tiles()
    for edition in (None, *Edition):
        tiles.orientations(edition)


def search_content() -> None:
    """What every search reads: sections, notes, glossary and the vocabulary."""
    from carcwiki.rules.search.engine import warm

    warm()


def site_templates() -> list[str]:
    """The names of every template in the site's own folders (``TEMPLATES``' ``DIRS``);
    third-party templates (the admin's) are left to first use."""
    folders = [Path(folder) for engine in settings.TEMPLATES for folder in engine["DIRS"]]
    return sorted({str(path.relative_to(folder)) for folder in folders if folder.is_dir()
                   for path in folder.rglob("*.html")})


def templates() -> None:
    """Every template of the site, compiled by the cached loader (with the tag libraries
    they load), and the URL patterns resolved once."""
    engines.all()
    for name in site_templates():
        get_template(name)
    get_resolver().reverse_dict  # noqa: B018 (imports every view module, fills the lookups)


STEPS: tuple[Callable[[], None], ...] = (page_cache_fingerprint, tile_set, search_content,
                                         templates)


def warm_process() -> list[str]:
    """Run every step; returns the names of those that failed (each logged)."""
    failed = []
    for step in STEPS:
        try:
            step()
        except Exception:
            logger.exception("Warming %s failed; the first request will do it", step.__name__)
            failed.append(step.__name__)
    return failed
