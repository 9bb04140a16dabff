"""The score pad API's bodies and answers, as the OpenAPI schema documents them.

The serializers check the shape of a body (types, lengths, choices); what the rules say
about an entry is checked by :mod:`carcwiki.pad.points` and the engine.
"""

from __future__ import annotations

from rest_framework import serializers

from scoring.engine import DEFAULT_REGISTRY, PAD_KINDS
from scoring.engine import PAD_MAX_TILES as MAX_TILES
from scoring.serializers import COLORS

from .points import MAX_FREE_POINTS

EDITIONS = ["C1", "C2", "C3"]
MAX_NAME = 40
PLAY_POINT_CODES = sorted({points.code for code in DEFAULT_REGISTRY.codes
                           for points in DEFAULT_REGISTRY[code].play_points})


class PadPlayerSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_NAME, trim_whitespace=True)
    color = serializers.ChoiceField(choices=COLORS)


class GameRequestSerializer(serializers.Serializer):
    edition = serializers.ChoiceField(choices=EDITIONS, default="C3")
    expansions = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, max_length=80,
        help_text="Codes in play, as the scoring API takes them; the edition's defaults "
                  "when left out.")
    players = serializers.ListField(child=PadPlayerSerializer(), min_length=2, max_length=6)

    def validate_players(self, players):
        colors = [player["color"] for player in players]
        if len(set(colors)) != len(colors):
            raise serializers.ValidationError("Give each player a colour of their own.")
        return players


class PadFeatureSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[kind.value for kind in PAD_KINDS])
    tiles = serializers.IntegerField(required=False, help_text="Tiles of a road or city.")
    pennants = serializers.IntegerField(required=False,
                                        help_text="Pennants (coats of arms) of a city.")
    neighbours = serializers.IntegerField(
        required=False, help_text="Tiles around a monastery or garden (8 when completed; "
                                  "fewer when the abbot is taken back early).")
    with_ = serializers.ListField(child=serializers.CharField(max_length=40), required=False,
                                  max_length=10, help_text="What the feature has: inn, "
                                  "cathedral, siege (see the game's options).")
    neutral = serializers.ListField(child=serializers.CharField(max_length=40), required=False,
                                    max_length=4, help_text="The mage or the witch on it.")
    around = serializers.DictField(child=serializers.IntegerField(), required=False,
                                   help_text='Counted around a monastery: {"vineyards": 1}.')

    def get_fields(self):
        fields = super().get_fields()
        fields["with"] = fields.pop("with_")
        return fields

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if value.get("tiles", 0) > MAX_TILES:
            raise serializers.ValidationError({"tiles": f"At most {MAX_TILES} tiles."})
        return value


class PlayPointsSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=PLAY_POINT_CODES)
    count = serializers.IntegerField(required=False, help_text="What is counted (sheep).")
    from_ = serializers.ChoiceField(choices=COLORS, required=False,
                                    help_text="Who pays, for points paid from one player to "
                                              "another (a ransom).")

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class FreeSerializer(serializers.Serializer):
    points = serializers.IntegerField(min_value=-MAX_FREE_POINTS, max_value=MAX_FREE_POINTS)
    reason = serializers.CharField(max_length=200)


class EntryRequestSerializer(serializers.Serializer):
    uid = serializers.RegexField(
        r"^[A-Za-z0-9_-]{8,64}$",
        help_text="Chosen by the client (a UUID): an entry sent again with the same uid "
                  "is kept once.")
    players = serializers.ListField(child=serializers.ChoiceField(choices=COLORS),
                                    min_length=1, max_length=6,
                                    help_text="Who scored: every winner of the feature.")
    feature = PadFeatureSerializer(required=False)
    play = PlayPointsSerializer(required=False)
    free = FreeSerializer(required=False)


class EntryEditSerializer(EntryRequestSerializer):
    uid = None


class EntrySerializer(serializers.Serializer):
    uid = serializers.CharField()
    kind = serializers.ChoiceField(choices=["feature", "play", "free", "final"])
    players = serializers.ListField(child=serializers.ChoiceField(choices=COLORS))
    detail = serializers.DictField(help_text="What was entered (the feature, the points).")
    scores = serializers.DictField(child=serializers.IntegerField(),
                                   help_text="Points by colour.")
    explanation = serializers.CharField(help_text="The explanation in English.")
    message_id = serializers.CharField(
        allow_null=True, help_text="The explanation's message id, to render it in another "
                                   "language (null for an entry kept from before ids).")
    params = serializers.DictField(
        allow_null=True, help_text="The message's parameters, as the scoring API gives them.")
    undone = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class PadStandingSerializer(serializers.Serializer):
    name = serializers.CharField()
    color = serializers.ChoiceField(choices=COLORS)
    total = serializers.IntegerField()
    track = serializers.IntegerField(help_text="Where the marker stands on the 50-space track.")
    laps = serializers.IntegerField(help_text="Laps of 50 the marker has made.")
    rank = serializers.IntegerField()
    series = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="The total after each counted entry, from 0.")


class GameSerializer(serializers.Serializer):
    key = serializers.CharField(required=False,
                                help_text="The write key (only in the writer's answers).")
    watch = serializers.CharField()
    url = serializers.CharField(required=False, help_text="The game's page, to add scores.")
    watch_url = serializers.CharField()
    group_url = serializers.CharField(help_text="The history of the games played again "
                                                "with the same players.")
    edition = serializers.CharField()
    expansions = serializers.ListField(child=serializers.CharField())
    version = serializers.IntegerField(help_text="Raised by every change (the ETag).")
    players = PadStandingSerializer(many=True)
    finished = serializers.BooleanField(help_text="Whether the final scoring is in.")
    winners = serializers.ListField(child=serializers.ChoiceField(choices=COLORS),
                                    help_text="After the final scoring: the colours ranked 1.")
    entries = EntrySerializer(many=True)
    options = serializers.DictField(help_text="What the pad offers this game: feature kinds "
                                              "with their questions, points during play.")
    created_at = serializers.DateTimeField()
    bg_stats_link = serializers.CharField(
        allow_null=True, help_text="Once the final scoring is in: a bgstats:// link that "
                                   "opens BG Stats with the game as a play (null before).")


class BgStatsExportSerializer(serializers.Serializer):
    play = serializers.DictField(help_text="The play as BG Stats reads it: sourceName, "
                                           "sourcePlayId, playDate, durationMin, game, players.")
    link = serializers.CharField(help_text="bgstats://…/createPlay.html?data=<the play>, for "
                                           "a phone with BG Stats.")
    web_link = serializers.CharField(help_text="The same on BG Stats' web page (https).")
