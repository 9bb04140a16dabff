"""The score pad's pages: start a game, keep its score, watch it.

``/pad/`` starts a game in one tap: a plain form (it works without JavaScript) with the
site's expansion selection and two players already filled in; posting it creates the game
and opens its page. ``/pad/<key>/`` is the game's page for the table (add, edit and undo
scores); ``/pad/watch/<watch>/`` shows the same game read-only. Both pages carry the
game as data (``json_script``) and ``static/js/pad/pad.js`` keeps it current by polling
the API.
"""

from __future__ import annotations

import hashlib
import json

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from carcwiki.builder import selectors
from scoring.serializers import COLORS

from . import groups, points
from .api import etag_of, game_data
from .models import Game
from .serializers import MAX_NAME
from .throttling import NewGameThrottle

DEFAULT_PLAYERS = 2
MAX_PLAYERS = 6


def _setup_choices(request: HttpRequest) -> dict:
    options = selectors.builder_options()
    return {"options": options, "initial": selectors.initial_selection(request, options),
            "editions": selectors.BUILDER_EDITIONS}


def _form_players(post) -> tuple[list[dict[str, str]], list[str]]:
    players, problems = [], []
    for seat in range(MAX_PLAYERS):
        color = post.get(f"color-{seat}", "")
        name = post.get(f"name-{seat}", "").strip()[:MAX_NAME]
        if not color:
            continue
        if color not in COLORS:
            problems.append(f"Player {seat + 1}: choose one of the colours offered.")
            continue
        players.append({"name": name or color.capitalize(), "color": color})
    colors = [player["color"] for player in players]
    if len(players) < 2:
        problems.append("A game needs at least two players.")
    if len(set(colors)) != len(colors):
        problems.append("Give each player a colour of their own.")
    return players, problems


@require_http_methods(["GET", "HEAD", "POST"])
def new_game_page(request: HttpRequest) -> HttpResponse:
    context = {**_setup_choices(request), "colors": COLORS,
               "seats": range(MAX_PLAYERS), "default_players": DEFAULT_PLAYERS}
    if request.method != "POST":
        return render(request, "pad/new.html", context)
    players, problems = _form_players(request.POST)
    edition = request.POST.get("edition", "C3")
    if edition not in selectors.BUILDER_EDITIONS:
        problems.append("Choose the edition among C1, C2 and C3.")
        edition = "C3"
    expansions = list(dict.fromkeys(request.POST.getlist("expansions")))
    problems += [problem["message"] for problem in points.check_expansions(edition, expansions)]
    throttle = NewGameThrottle()
    if not problems and not throttle.allow_request(request, None):
        problems.append("Too many games started from here lately; try again in "
                        f"{int(throttle.wait() or 60)} seconds.")
    if problems:
        return render(request, "pad/new.html", {**context, "problems": problems}, status=400)
    game = Game.objects.create(edition=edition, expansions=expansions, players=players)
    return HttpResponseRedirect(reverse("pad:game", kwargs={"key": game.key}))


def _game_page(request: HttpRequest, game: Game, *, watching: bool) -> HttpResponse:
    data = game_data(game, with_key=not watching)
    api = (reverse("pad-api:watch", kwargs={"code": game.watch}) if watching
           else reverse("pad-api:game", kwargs={"code": game.key}))
    page = {
        "game": data, "etag": etag_of(game.version, watching), "watching": watching,
        "urls": {"game": api, "board": reverse("builder:board"),
                 "worker": reverse("pad:service-worker")},
    }
    if not watching:
        page["urls"]["entries"] = reverse("pad-api:entries", kwargs={"code": game.key})
    response = render(request, "pad/game.html", {"pad": page, "game": data,
                                                 "watching": watching})
    response["Cache-Control"] = "private, no-cache"
    response["Referrer-Policy"] = "no-referrer"  # the write key is in the address
    return response


PAD_ASSETS = ("css/site.css", "css/pad.css", "js/pad/pad.js", "js/pad/chart.js",
              "js/pad/form.js", "js/pad/outbox.js", "favicon.svg")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker that keeps opened game pages usable offline (templates/pad/sw.js),
    served under /pad/ so that its scope covers the games. It lists the pad's static
    files by the names they are served under (fingerprinted in production), and its cache
    is named after them, so a deploy that changes one starts a fresh cache."""
    assets = [static(name) for name in PAD_ASSETS]
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    response = render(request, "pad/sw.js", {"assets": json.dumps(assets), "version": version},
                      content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def game_page(request: HttpRequest, key: str) -> HttpResponse:
    return _game_page(request, get_object_or_404(Game, key=key), watching=False)


@require_http_methods(["POST"])
def play_again(request: HttpRequest, key: str) -> HttpResponse:
    """A new game with the same players, edition and expansions, in the same group."""
    game = get_object_or_404(Game, key=key)
    throttle = NewGameThrottle()
    if not throttle.allow_request(request, None):
        return HttpResponse("Too many games started from here lately; try again later.",
                            status=429, content_type="text/plain")
    again = Game.objects.create(edition=game.edition, expansions=game.expansions,
                                players=game.players, group=game.group)
    return HttpResponseRedirect(reverse("pad:game", kwargs={"key": again.key}))


@require_GET
def group_page(request: HttpRequest, group: str) -> HttpResponse:
    found = groups.history(group)
    if found is None:
        raise Http404("No games in this group.")
    response = render(request, "pad/group.html", found)
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
def watch_page(request: HttpRequest, watch: str) -> HttpResponse:
    return _game_page(request, get_object_or_404(Game, watch=watch), watching=True)
