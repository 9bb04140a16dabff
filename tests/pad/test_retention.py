"""Pad games are kept for a limited time: ``manage.py prune_pad_games`` deletes an
unfinished game nobody has touched for PAD_UNFINISHED_RETENTION_DAYS days and a finished one
after PAD_FINISHED_RETENTION_DAYS, with their entries; ``--dry-run`` only counts, and a
second run deletes nothing more."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import timezone

from carcwiki.pad.models import Entry, Game

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


def game_untouched_for(days: int, *, final: str | None = None) -> Game:
    """A game last changed ``days`` days ago, with one road; ``final`` adds its final
    scoring as an entry, counted (``"kept"``) or undone (``"undone"``)."""
    game = Game.objects.create(edition="C3", players=PLAYERS)
    Entry.objects.create(game=game, uid="road", kind=Entry.Kind.FEATURE, players=["red"],
                         detail={}, scores={"red": 3}, explanation="road")
    if final:
        Entry.objects.create(game=game, uid="final", kind=Entry.Kind.FINAL, players=[],
                             detail={}, scores={"red": 40, "blue": 38}, explanation="final",
                             undone=final == "undone")
    # The API raises updated_at with every change; set it as if the last one was then.
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(days=days))
    return game


def prune(*arguments: str) -> str:
    out = StringIO()
    call_command("prune_pad_games", *arguments, stdout=out)
    return out.getvalue().strip()


def remaining() -> set[int]:
    return set(Game.objects.values_list("pk", flat=True))


@pytest.fixture
def games():
    """Unfinished: 29 and 31 days untouched; finished: 31 and 366 days; and a game whose
    final scoring was undone, 31 days untouched (so unfinished)."""
    return {
        "unfinished recent": game_untouched_for(29),
        "unfinished old": game_untouched_for(31),
        "finished recent": game_untouched_for(31, final="kept"),
        "finished old": game_untouched_for(366, final="kept"),
        "final undone old": game_untouched_for(31, final="undone"),
    }


def test_finished_means_a_final_scoring_that_was_not_undone(games):
    assert set(Game.objects.finished()) == {games["finished recent"], games["finished old"]}
    assert set(Game.objects.unfinished()) == {
        games["unfinished recent"], games["unfinished old"], games["final undone old"]}


def test_the_defaults_keep_unfinished_games_a_month_and_finished_ones_a_year(games):
    message = prune()
    # Deleted: "unfinished old" (31 > 30), "final undone old" (31 > 30), "finished old"
    # (366 > 365); each game had 1 road entry, the two finished-looking ones a final too.
    assert message == ("Deleted 3 pad games (2 unfinished untouched for 30 days, "
                       "1 finished untouched for 365 days) and 5 entries.")
    assert remaining() == {games["unfinished recent"].pk, games["finished recent"].pk}
    assert Entry.objects.count() == 1 + 2


def test_a_dry_run_counts_and_deletes_nothing(games):
    assert prune("--dry-run") == ("3 pad games would be deleted: 2 unfinished untouched for "
                                  "30 days, 1 finished untouched for 365 days.")
    assert len(remaining()) == 5 and Entry.objects.count() == 5 + 3  # roads + finals


def test_a_second_run_deletes_nothing_more(games):
    prune()
    assert prune() == ("Deleted 0 pad games (0 unfinished untouched for 30 days, "
                       "0 finished untouched for 365 days) and 0 entries.")
    assert len(remaining()) == 2


@override_settings(PAD_UNFINISHED_RETENTION_DAYS=40, PAD_FINISHED_RETENTION_DAYS=30)
def test_the_periods_come_from_the_settings(games):
    prune()
    # Unfinished kept up to 40 days (all three stay); finished after 30 (both go).
    assert remaining() == {games["unfinished recent"].pk, games["unfinished old"].pk,
                           games["final undone old"].pk}


def test_the_options_override_the_settings(games):
    prune("--unfinished-days", "10", "--finished-days", "400")
    assert remaining() == {games["finished recent"].pk, games["finished old"].pk}


def test_a_period_under_a_day_is_refused(games):
    with pytest.raises(CommandError, match="at least one day"):
        prune("--finished-days", "0")
    assert len(remaining()) == 5


def test_an_entry_added_today_keeps_an_old_game(client, games):
    old = games["unfinished old"]
    response = client.post(f"/api/pad/games/{old.key}/entries/", {
        "uid": "entry-late", "players": ["blue"], "feature": {"kind": "road", "tiles": 2}},
        content_type="application/json")
    assert response.status_code == 201
    prune()
    assert old.pk in remaining()
