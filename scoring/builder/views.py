"""The board builder's pages and its save endpoint.

``/board/`` opens an empty table (the start tile only); ``/board/<id>/`` opens a saved
board, read-only in the database and editable in the page; ``POST /board/save/`` stores a
board and answers with its share link. The page carries all the data it needs as
``json_script`` blocks, so the JavaScript starts without fetching anything.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from scoring.catalogue import current_tiles

from . import selectors
from .models import SavedBoard
from .throttling import seconds_to_wait
from .validation import MAX_BOARD_BYTES, BoardError, check_size, parse_board

# The page's ES modules (static/js/builder/). They import each other by relative URL; the
# import map sends each plain URL to the file's fingerprinted one, so that in production
# (manifest storage) a page never mixes modules of two versions.
BUILDER_MODULES = (
    "main.js", "dom.js", "geometry.js", "catalogue.js", "state.js", "viewport.js",
    "pictures.js", "boardview.js", "figures.js", "placement.js", "palette.js", "setup.js",
    "players.js", "inspector.js", "results.js", "storage.js", "keyboard.js",
)


def module_urls() -> dict[str, str]:
    """Each builder module's plain URL and the URL it is served at (fingerprinted in
    production)."""
    return {
        f"{settings.STATIC_URL}js/builder/{name}": static(f"js/builder/{name}")
        for name in BUILDER_MODULES
    }


def import_map(urls: dict[str, str]) -> str:
    """The ``<script type="importmap">`` body for the builder's modules."""
    return json.dumps({"imports": urls}).replace("<", "\\u003c")


def _page(request: HttpRequest, saved: SavedBoard | None = None) -> HttpResponse:
    options = selectors.builder_options()
    tiles = selectors.builder_tiles()
    urls = module_urls()
    context = {
        "builder_data": {
            "tiles": tiles,
            "editions": selectors.builder_editions(),
            "options": options,
            "rules": selectors.builder_rules(),
            "geometry": selectors.builder_geometry(
                current_tiles(), [tile["code"] for tile in tiles]),
            "initial": selectors.initial_selection(request, options),
            "urls": {
                "score": reverse("api:scoring:score"),
                "check": reverse("api:scoring:check"),
                "save": reverse("builder:save"),
                "tile_svg": reverse("catalogue:tile-svg", kwargs={"code": "CODE"}),
            },
            "limits": {"board_bytes": MAX_BOARD_BYTES},
        },
        "import_map": import_map(urls),
        # Every module announced at once: otherwise the browser discovers them import by
        # import, one round trip per level.
        "module_urls": urls.values(),
        "saved_board": saved.board if saved else None,
        "saved_id": saved.id if saved else "",
    }
    return render(request, "builder/board.html", context)


@require_GET
def board_page(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_GET
def saved_board_page(request: HttpRequest, board_id: str) -> HttpResponse:
    return _page(request, get_object_or_404(SavedBoard, pk=board_id))


@require_POST
def save_board(request: HttpRequest) -> JsonResponse:
    """Store the posted board; 201 with its id and share URL, 400 with the problems, or
    429 when this client has saved too many boards lately."""
    wait = seconds_to_wait(request)
    if wait is not None:
        response = JsonResponse({"errors": [{
            "path": "", "code": "throttled",
            "message": f"Too many boards saved from here lately; try again in {wait} seconds. "
                       "Your board stays in this browser meanwhile.",
        }]}, status=429)
        response["Retry-After"] = str(wait)
        return response
    declared = request.META.get("CONTENT_LENGTH") or ""
    try:
        if declared.isdigit():
            check_size(int(declared))  # refuse a big body before reading it
        board = parse_board(request.read(MAX_BOARD_BYTES + 1))
    except BoardError as error:
        return JsonResponse({"errors": error.errors}, status=400)
    saved = SavedBoard.objects.create(board=board)
    url = reverse("builder:saved", kwargs={"board_id": saved.id})
    return JsonResponse({"id": saved.id, "url": url}, status=201)
