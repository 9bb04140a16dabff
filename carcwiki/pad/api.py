"""The score pad's API: create a game, follow it, add, edit and undo entries.

Addresses carry the capability: ``/api/pad/games/<key>/`` reads and writes with the
game's write key, ``/api/pad/watch/<watch>/`` only reads (a write there is a 403). Every
phone follows a game with conditional polls: the answer carries an ``ETag`` made of the
game's version, and ``If-None-Match`` with the current one is answered 304 after one
indexed query, before anything else is read. Errors answer in the API's ``errors`` shape
(:mod:`carcwiki.api.errors`).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from carcwiki.api.errors import ApiErrorsSerializer
from carcwiki.builder.views import AsciiJSONRenderer
from scoring.api import ScoreView
from scoring.serializers import ScoreRequestSerializer

from . import bgstats, points
from .final import final_scoring
from .models import Entry, Game
from .serializers import (
    BgStatsExportSerializer,
    EntryEditSerializer,
    EntryRequestSerializer,
    EntrySerializer,
    GameRequestSerializer,
    GameSerializer,
)
from .throttling import NewGameThrottle, WriteThrottle

MAX_ENTRIES = 1000
"""Entries one game may hold: far more than a game of 72 to 300 tiles makes."""

ERRORS = OpenApiResponse(ApiErrorsSerializer, description="The problems, each with a path.")
FORBIDDEN = OpenApiResponse(ApiErrorsSerializer,
                            description="A write through the watching link.")
TAGS = ["score pad"]


def etag_of(game_version: int, watching: bool) -> str:
    return f'W/"pad-{"w" if watching else "k"}{game_version}"'


def entry_data(entry: Entry) -> dict[str, Any]:
    return {"uid": entry.uid, "kind": entry.kind, "players": entry.players,
            "detail": entry.detail, "scores": entry.scores, "explanation": entry.text,
            "message_id": entry.said["id"] if entry.said else None,
            "params": entry.said["params"] if entry.said else None,
            "undone": entry.undone, "created_at": entry.created_at,
            "updated_at": entry.updated_at}


def game_data(game: Game, *, with_key: bool) -> dict[str, Any]:
    """The whole game as a phone shows it: players with totals, every entry, options."""
    entries = list(game.entries.all())
    standing = points.standings(game.players, entries)
    data: dict[str, Any] = {
        "watch": game.watch,
        "watch_url": reverse("pad:watch", kwargs={"watch": game.watch}),
        "group_url": reverse("pad:group", kwargs={"group": game.group}),
        "edition": game.edition,
        "expansions": game.expansions,
        "version": game.version,
        **standing,
        "entries": [entry_data(entry) for entry in entries],
        "options": points.options_for(game.expansions),
        "created_at": game.created_at,
    }
    exported = bgstats.play(game, entries, standing)
    data["bg_stats_link"] = bgstats.links(exported)["link"] if exported else None
    if with_key:
        data["key"] = game.key
        data["url"] = reverse("pad:game", kwargs={"key": game.key})
    return data


def _matches(request: Request, etag: str) -> bool:
    wanted = request.headers.get("If-None-Match", "")
    return any(tag.strip() == etag for tag in wanted.split(","))


class PadEndpoint(APIView):
    parser_classes = [JSONParser]
    # Every character escaped: an error may quote a key that holds a lone surrogate.
    renderer_classes = [AsciiJSONRenderer]
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [WriteThrottle]
    not_found_label = "score pad game"

    @staticmethod
    def checked(serializer_class, data: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise ValidationError({"": "Send a JSON object."})
        serializer = serializer_class(data=data, **kwargs)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class GamesView(PadEndpoint):
    throttle_classes = [NewGameThrottle]
    throttled_message = ("Too many games started from here lately; try again in {wait} "
                         "seconds.")

    @extend_schema(
        operation_id="pad_create_game", summary="Start a game on the score pad", tags=TAGS,
        description=(
            "Players (2 to 6, each a name and a colour), the edition and the expansions in "
            "play (the edition's defaults when left out). The answer carries the game's "
            "write key (keep it: whoever has it adds scores) and its watching link. "
            "30 games an hour per client."),
        request=GameRequestSerializer,
        responses={201: GameSerializer, 400: ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.checked(GameRequestSerializer, request.data)
        expansions = data.get("expansions")
        if expansions is None:
            expansions = points.default_expansions(data["edition"])
        problems = points.check_expansions(data["edition"], expansions)
        if problems:
            return Response({"errors": problems}, status=400)
        game = Game.objects.create(
            edition=data["edition"], expansions=list(dict.fromkeys(expansions)),
            players=[{"name": player["name"], "color": player["color"]}
                     for player in data["players"]])
        return Response(game_data(game, with_key=True), status=201,
                        headers={"ETag": etag_of(game.version, False)})


class GameReadView(PadEndpoint):
    throttle_classes: list = []  # polls are not counted (see .throttling)
    watching = False

    def lookup(self, code: str) -> dict[str, str]:
        return {"watch": code} if self.watching else {"key": code}

    def get(self, request: Request, code: str) -> Response:
        version = (Game.objects.filter(**self.lookup(code))
                   .values_list("version", flat=True).first())
        if version is None:
            raise Http404("No score pad game at this address.")
        etag = etag_of(version, self.watching)
        if _matches(request, etag):
            return Response(status=304, headers={"ETag": etag})
        game = Game.objects.get(**self.lookup(code))
        return Response(game_data(game, with_key=not self.watching),
                        headers={"ETag": etag_of(game.version, self.watching),
                                 "Cache-Control": "private, no-cache"})


class GameView(GameReadView):
    @extend_schema(
        operation_id="pad_game", summary="A game, with its totals and every entry",
        tags=TAGS,
        description=(
            "Poll it with If-None-Match and the last ETag: 304 while nothing changed. The "
            "answer gives each player's total, where the marker stands on the 50-space "
            "track and its laps, the running totals for a chart, and every entry in order."),
        responses={200: GameSerializer, 304: OpenApiResponse(description="Nothing changed."),
                   404: ERRORS},
    )
    def get(self, request: Request, code: str) -> Response:
        return super().get(request, code)


class WatchView(GameReadView):
    watching = True

    @extend_schema(
        operation_id="pad_watch_game", summary="A game, read-only (its watching link)",
        tags=TAGS, description="As the game, without its write key.",
        responses={200: GameSerializer, 304: OpenApiResponse(description="Nothing changed."),
                   404: ERRORS},
    )
    def get(self, request: Request, code: str) -> Response:
        return super().get(request, code)


class BgStatsReadView(PadEndpoint):
    throttle_classes: list = []
    watching = False

    def get(self, request: Request, code: str) -> Response:
        game = Game.objects.filter(**({"watch": code} if self.watching else {"key": code})
                                   ).first()
        if game is None:
            raise Http404("No score pad game at this address.")
        exported = bgstats.play(game)
        if exported is None:
            return Response({"errors": [points.problem(
                "", "not_finished",
                "The game has no final scoring yet: score the table first, then send it to "
                "BG Stats.")]}, status=409)
        return Response({"play": exported, **bgstats.links(exported)})


BG_STATS = extend_schema(
    summary="The finished game as a BG Stats play", tags=TAGS,
    description=(
        "The JSON BG Stats imports (its players with their totals, winner, rank and seat, "
        "the game's date and length) and the bgstats:// link that opens the app with it. "
        "The play is known by the game's watching id, never its write key. A 409 while the "
        "final scoring is not in."),
    responses={200: BgStatsExportSerializer, 404: ERRORS,
               409: OpenApiResponse(ApiErrorsSerializer, description="Not finished yet.")},
)


class GameBgStatsView(BgStatsReadView):
    @extend_schema(operation_id="pad_bg_stats")
    @BG_STATS
    def get(self, request: Request, code: str) -> Response:
        return super().get(request, code)


class WatchBgStatsView(BgStatsReadView):
    watching = True

    @extend_schema(operation_id="pad_watch_bg_stats")
    @BG_STATS
    def get(self, request: Request, code: str) -> Response:
        return super().get(request, code)


class EntriesView(PadEndpoint):
    @extend_schema(
        operation_id="pad_add_entry", summary="Add a score", tags=TAGS,
        description=(
            "Who scored (one or several winners of one feature) and one of: a completed "
            "feature (its points computed by the rules of the expansions in play), points "
            "an expansion hands out during play, or a free entry with a reason. Sent again "
            "with the same uid, the entry is kept once (200 with the kept one)."),
        request=EntryRequestSerializer,
        responses={201: EntrySerializer, 200: EntrySerializer, 400: ERRORS, 404: ERRORS},
    )
    def post(self, request: Request, code: str) -> Response:
        game = _game_or_404(code)
        data = self.checked(EntryRequestSerializer, request.data)
        kept = game.entries.filter(uid=data["uid"]).first()
        if kept is not None:
            return Response(entry_data(kept), status=200)
        try:
            kind, detail, scores, explanation = points.entry_points(
                game.players, game.expansions, data)
        except points.EntryProblems as problems:
            return Response({"errors": problems.errors}, status=400)
        try:
            with transaction.atomic():
                if game.entries.count() >= MAX_ENTRIES:
                    return Response({"errors": [points.problem(
                        "", "too_many_entries",
                        f"A game keeps at most {MAX_ENTRIES} entries; start a new game.")]},
                        status=400)
                entry = Entry.objects.create(
                    game=game, uid=data["uid"], kind=kind, players=data["players"],
                    detail=detail, scores=scores, said=explanation.to_json())
                _touch(game)
        except IntegrityError:  # the same uid, sent twice at once: the first one counts
            return Response(entry_data(game.entries.get(uid=data["uid"])), status=200)
        return Response(entry_data(entry), status=201)


class FinalView(PadEndpoint):
    """The final scoring of the finished table, scored here by the engine, added as the
    game's last entries (one a player); a second final scoring replaces the first."""

    @extend_schema(
        operation_id="pad_final_scoring", summary="End the game with its final scoring",
        tags=TAGS,
        description=(
            "Send the finished board, in the format of POST /api/score/, with the game's "
            "players (their points before the final scoring are taken from the pad, "
            "whatever the board says). The board is scored as by /api/score/ and each "
            "player's final points are added as an entry; an earlier final scoring of "
            "the game is undone."),
        request=ScoreRequestSerializer,
        responses={201: GameSerializer, 400: ERRORS, 404: ERRORS},
    )
    def post(self, request: Request, code: str) -> Response:
        game = _game_or_404(code)
        board = ScoreView.read_body(request)  # as /api/score/ reads it: size, JSON, text
        if isinstance(board, Response):
            return board
        if not isinstance(board, dict):
            raise ValidationError({"": "Send the board as a JSON object."})
        try:
            result = final_scoring(game, board)
        except points.EntryProblems as problems:
            return Response({"errors": problems.errors}, status=400)
        with transaction.atomic():
            game.entries.filter(kind=Entry.Kind.FINAL, undone=False).update(
                undone=True, updated_at=timezone.now())
            stamp = game.version
            Entry.objects.bulk_create(
                Entry(game=game, uid=f"final-{stamp}-{color}", kind=Entry.Kind.FINAL,
                      players=[color], detail={"by_kind": by_kind}, scores={color: total},
                      said=text.to_json())
                for color, total, by_kind, text in result)
            _touch(game)
        game.refresh_from_db()
        return Response(game_data(game, with_key=True), status=201)


class EntryView(PadEndpoint):
    @extend_schema(
        operation_id="pad_edit_entry", summary="Change a score", tags=TAGS,
        description="The entry again, as added (without its uid); its points are computed "
                    "afresh.",
        request=EntryEditSerializer,
        responses={200: EntrySerializer, 400: ERRORS, 404: ERRORS},
    )
    def put(self, request: Request, code: str, uid: str) -> Response:
        game = _game_or_404(code)
        entry = _entry_or_404(game, uid)
        if entry.kind == Entry.Kind.FINAL:
            return Response({"errors": [points.problem(
                "", "final_scoring",
                "The final scoring's entries change by scoring the table again.")]},
                status=400)
        data = self.checked(EntryEditSerializer, request.data)
        try:
            kind, detail, scores, explanation = points.entry_points(
                game.players, game.expansions, data)
        except points.EntryProblems as problems:
            return Response({"errors": problems.errors}, status=400)
        with transaction.atomic():
            entry.kind, entry.detail, entry.scores = kind, detail, scores
            entry.players, entry.said = data["players"], explanation.to_json()
            entry.explanation = ""
            entry.undone = False
            entry.save()
            _touch(game)
        return Response(entry_data(entry))

    @extend_schema(
        operation_id="pad_undo_entry", summary="Undo a score", tags=TAGS,
        description="The entry stays in the log, marked undone, and counts no more.",
        request=None, responses={200: EntrySerializer, 404: ERRORS},
    )
    def delete(self, request: Request, code: str, uid: str) -> Response:
        game = _game_or_404(code)
        entry = _entry_or_404(game, uid)
        if not entry.undone:
            with transaction.atomic():
                entry.undone = True
                entry.save(update_fields=["undone", "updated_at"])
                _touch(game)
        return Response(entry_data(entry))


class WatchWriteView(PadEndpoint):
    """A write through the watching link: refused with a sentence, never a 404."""

    message = ("This is the game's watching link: it only shows the scores. Ask for the "
               "game's own link to add or change scores.")

    def refuse(self) -> Response:
        return Response({"errors": [points.problem("", "read_only", self.message)]},
                        status=403)


class WatchEntriesView(WatchWriteView):
    @extend_schema(operation_id="pad_watch_add_entry", tags=TAGS,
                   summary="Refused: the watching link is read-only",
                   request=None, responses={403: FORBIDDEN})
    def post(self, request: Request, watch: str) -> Response:
        return self.refuse()


class WatchEntryView(WatchWriteView):
    @extend_schema(operation_id="pad_watch_edit_entry", tags=TAGS,
                   summary="Refused: the watching link is read-only",
                   request=None, responses={403: FORBIDDEN})
    def put(self, request: Request, watch: str, uid: str) -> Response:
        return self.refuse()

    @extend_schema(operation_id="pad_watch_undo_entry", tags=TAGS,
                   summary="Refused: the watching link is read-only",
                   request=None, responses={403: FORBIDDEN})
    def delete(self, request: Request, watch: str, uid: str) -> Response:
        return self.refuse()


def _game_or_404(key: str) -> Game:
    game = Game.objects.filter(key=key).first()
    if game is None:
        raise Http404("No score pad game with this key: check the game's link.")
    return game


def _entry_or_404(game: Game, uid: str) -> Entry:
    entry = game.entries.filter(uid=uid).first()
    if entry is None:
        raise Http404(f"No entry {uid} in this game.")
    return entry


def _touch(game: Game) -> None:
    """Raise the game's version (the phones' ETag) in the entry's transaction."""
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())

