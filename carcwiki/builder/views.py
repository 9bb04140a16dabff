"""The board builder's pages and its save endpoint.

``/board/`` opens an empty table (the start tile only); ``/board/<id>/`` opens a saved
board, read-only in the database and editable in the page; ``POST /board/save/`` stores a
board and answers with its share link (a DRF view: the CSRF check, a per-client
throttle, answers and errors in the API's ``errors`` shape). The page carries all the
data it needs as ``json_script`` blocks, so the JavaScript starts without fetching
anything.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET, require_safe
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from carcwiki.pad.handoff import builder_setup
from carcwiki.page_cache import PAGE_CACHE, PAGE_CACHE_SECONDS, code_version, content_version
from scoring.engine import error_templates
from scoring.tileset import current_tiles

from . import selectors
from .models import SavedBoard, board_size
from .throttling import SaveBoardThrottle
from .validation import MAX_BOARD_BYTES, InvalidDraftError, check_size, parse_board


def _kept(name: str, build: Callable[[], Any]) -> Any:
    """``build()``, kept in the page cache until the catalogue or the code changes: the
    page's data read from the catalogue is the same for every visitor, and reading it
    takes most of the time of a request, which a first visit waits for. (The page itself
    is not kept: it carries the visitor's selection and CSRF token.)"""
    cache = caches[PAGE_CACHE]
    key = f"builder-data:{content_version()}:{code_version()}:{name}"
    found = cache.get(key)
    if found is None:
        found = build()
        cache.set(key, found, PAGE_CACHE_SECONDS)
    return found


def _options() -> list[dict[str, Any]]:
    return _kept("options", selectors.builder_options)


def _catalogue_data() -> dict[str, Any]:
    options = _options()
    return {"editions": selectors.builder_editions(), "options": options,
            "boxes": selectors.builder_boxes(options), "rules": selectors.builder_rules()}


def _tile_data(groups: list[str]) -> dict[str, Any]:
    checked = current_tiles()
    tiles = selectors.builder_tiles(checked, groups)
    codes = [tile["code"] for tile in tiles]
    return {"tiles": tiles, "pictures": selectors.tile_pictures(checked, codes),
            "geometry": selectors.builder_geometry(
                checked, codes, selectors.shaping_states(groups))}


def _script_json(value: Any) -> str:
    """``value`` as JSON that is safe inside a ``<script>`` element: what Django's
    ``json_script`` writes between its tags."""
    text = json.dumps(value, cls=DjangoJSONEncoder)
    return text.replace("&", "\\u0026").replace("<", "\\u003C").replace(">", "\\u003E")


def _shared_json(groups: list[str]) -> str:
    """The page's data that is the same for every visitor playing these tile groups (the
    rules, the catalogue's options, the tiles with their pictures and geometry), as the
    text of its script element. Kept as text: writing and escaping 150 KB of JSON took
    half the time of a request, and a cached string is read back at once."""
    catalogue = _kept("catalogue", _catalogue_data)
    tile_data = _tile_data(groups)
    return _script_json({
        "tiles": tile_data["tiles"],
        "groups": groups,
        "editions": catalogue["editions"],
        "options": catalogue["options"],
        "boxes": catalogue["boxes"],
        "rules": catalogue["rules"],
        "geometry": tile_data["geometry"],
        "pictures": tile_data["pictures"],
        "urls": {
            "score": reverse("api:scoring:score"),
            "check": reverse("api:scoring:check"),
            "save": reverse("builder:save"),
            "tiles": reverse("builder:tiles"),
            "error_words": reverse("builder:error-words",
                                   kwargs={"version": error_words_version()}),
            "tile_svg": reverse("catalogue:tile-svg", kwargs={"code": "CODE"}),
        },
        "limits": {"board_bytes": MAX_BOARD_BYTES},
    })


def _builder_data(shared: str, initial: dict[str, Any]) -> str:
    """The page's one data block: the visitor's own start (``initial``) joined to the
    shared object's members (two JSON objects with no key in common make one)."""
    own = _script_json({"initial": initial})
    return SafeString(f"{own[:-1]}, {shared[1:]}")


def _page(request: HttpRequest, saved: SavedBoard | None = None) -> HttpResponse:
    initial = selectors.initial_selection(request, _options())
    # "Score the table" on the score pad: its players, totals and game (carcwiki.pad).
    pad_key = request.GET.get("pad")
    if pad_key and saved is None and (from_pad := builder_setup(pad_key)) is not None:
        initial = {**initial, **from_pad}
    # Only the tiles of the game in play (the saved board's, else the selection's): the
    # page asks for another expansion's tiles when a player puts it in play.
    codes = (saved.board.get("expansions") if saved else None) or initial["expansions"]
    groups = selectors.tile_groups([code for code in codes if isinstance(code, str)])
    shared = _kept(f"page-json:{','.join(groups)}", lambda: _shared_json(groups))
    context = {
        "builder_data": _builder_data(shared, initial),
        "saved_board": saved.board if saved else None,
        "saved_id": saved.id if saved else "",
        "pad": initial.get("pad"),
    }
    return render(request, "builder/board.html", context)


@require_safe  # GET and HEAD, as every page
def board_page(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_safe
def saved_board_page(request: HttpRequest, board_id: str) -> HttpResponse:
    return _page(request, get_object_or_404(SavedBoard, pk=board_id))


@require_GET
def board_tiles(request: HttpRequest) -> JsonResponse:
    """The tiles of more tile groups, for a page that puts another expansion in play:
    ``?groups=river,inns-cathedrals`` answers their types and their geometry, as the page
    carries its own; a group the builder does not know is a 400 that names it."""
    wanted = [group for group in request.GET.get("groups", "").split(",") if group]
    known = selectors.all_tile_groups()
    unknown = [group for group in wanted if group not in known]
    if not wanted or unknown:
        return JsonResponse({"errors": [{
            "path": "groups", "code": "unknown_group",
            "message": (f"No tile group {', '.join(unknown)}: choose among {', '.join(known)}."
                        if unknown else f"Name the tile groups to load, among {', '.join(known)}."),
        }]}, status=400)
    checked = current_tiles()
    tiles = selectors.builder_tiles(checked, sorted(set(wanted)))
    # The groups the page has already (``have``): a state the new groups put in play
    # (a bridge) reshapes their tiles too, which come again with those shapes.
    have = [group for group in request.GET.get("have", "").split(",") if group in known]
    before = selectors.shaping_states(have)
    after = selectors.shaping_states([*have, *wanted])
    geometry = selectors.builder_geometry(checked, [tile["code"] for tile in tiles], after)
    if after - before:
        reshaped = selectors.builder_geometry(
            checked, [tile["code"] for tile in selectors.builder_tiles(checked, have)],
            after)["tiles"]
        geometry["tiles"].update(
            (code, view) for code, view in reshaped.items() if "variants" in view)
    # Drawing the pictures takes a few milliseconds a tile: kept, as the page's are.
    pictures = _kept(f"pictures:{','.join(sorted(set(wanted)))}",
                     lambda: selectors.tile_pictures(checked, [tile["code"] for tile in tiles]))
    return JsonResponse({"groups": sorted(set(wanted)), "tiles": tiles,
                         "geometry": geometry["tiles"], "pictures": pictures})


ERROR_WORDS_MAX_AGE = 365 * 24 * 60 * 60
"""A year: the URL of the errors' templates changes with their text."""


def error_words_version() -> str:
    """A short hash of the errors' templates: the part of their URL that changes when
    their text does, so that a browser may keep what it fetched for ever."""
    text = json.dumps(error_templates(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@require_safe
def error_words(request: HttpRequest, version: str) -> JsonResponse:
    """The English templates of the engine's errors by message id (see
    :func:`scoring.engine.error_templates`), which the page fetches when the server first
    refuses a board. Another version than the current one is a 404 (the page then shows
    the server's sentences): what a browser keeps under a version is never wrong."""
    if version != error_words_version():
        raise Http404("No such version of the errors' words.")
    response = JsonResponse(error_templates())
    patch_cache_control(response, public=True, max_age=ERROR_WORDS_MAX_AGE, immutable=True)
    return response


class AsciiJSONRenderer(JSONRenderer):
    """JSON with every non-ASCII character escaped: an error may quote a key that holds a
    lone surrogate, which has no UTF-8 form."""

    ensure_ascii = True


class CsrfCheck(SessionAuthentication):
    """Django's CSRF check for every caller, signed in or not: the builder page posts
    with the token it carries, and another site's page cannot post for a visitor. DRF's
    ``SessionAuthentication`` checks only signed-in users; this authenticates nobody."""

    def authenticate(self, request):
        # Django's request, not DRF's: the check reads the form fields only of a form
        # post, and must not make DRF parse (and use up) the body.
        self.enforce_csrf(request._request)
        return None


@extend_schema(exclude=True)  # a page's endpoint, not part of the public API
class SaveBoardView(APIView):
    """Store the posted board; 201 with its id and share URL, 400 with the problems, 413
    for a body over the limit, or 429 when this client has saved too many boards lately.
    Thin: the board is checked by :func:`validation.parse_board`."""

    authentication_classes = [CsrfCheck]
    permission_classes = [AllowAny]
    throttle_classes = [SaveBoardThrottle]
    parser_classes: list = []  # the body is read once, by parse_board
    renderer_classes = [AsciiJSONRenderer]
    throttled_message = (
        "Too many boards saved from here lately; try again in {wait} seconds. "
        "Your board stays in this browser meanwhile."
    )

    def post(self, request: Request) -> Response:
        declared = request.META.get("CONTENT_LENGTH") or ""
        try:
            if declared.isascii() and declared.isdigit():
                check_size(int(declared))  # refuse a big body before reading it
            board = parse_board(request.read(MAX_BOARD_BYTES + 1))
        except InvalidDraftError as error:
            return Response({"errors": error.errors}, status=error.status)
        saved = SavedBoard.objects.create(board=board, size=board_size(board))
        url = reverse("builder:saved", kwargs={"board_id": saved.id})
        return Response({"id": saved.id, "url": url}, status=201)


save_board = SaveBoardView.as_view()
