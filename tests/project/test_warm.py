"""What a process builds once is built before it serves (carcwiki.warm, issue 32): the
gunicorn master runs every step before forking its workers, so that a worker's first
scoring, rules page and search cost what later ones cost."""

import gc
import json
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.template import engines

from carcwiki import warm
from scoring.engine.tiles import TileDefinition
from scoring.tileset import current_tiles

pytestmark = pytest.mark.django_db

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"
SMALL_BOARD = {
    "edition": "C3", "players": [{"color": "red"}, {"color": "blue"}],
    "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 90}],
    "figures": [{"player": "red", "x": 0, "y": 0, "at": "N"}],
}


def test_the_gunicorn_master_warms_the_process_then_freezes_what_it_built(monkeypatch):
    calls = []
    monkeypatch.setattr(warm, "warm_process", lambda: calls.append("warmed") or [])
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("frozen"))
    config = runpy.run_path(str(CONFIG))
    config["when_ready"](SimpleNamespace(log=SimpleNamespace(warning=pytest.fail)))
    assert calls == ["warmed", "frozen"]


def test_a_warmed_process_scores_without_turning_a_tile(client, monkeypatch):
    current_tiles()._orientations.clear()  # as a process that has not scored yet
    assert warm.warm_process() == []

    def turned(*args, **kwargs):
        raise AssertionError("a tile was turned during the request")

    monkeypatch.setattr(TileDefinition, "oriented", turned)
    for edition in ("C1", "C2", "C3"):
        answer = client.post("/api/score/", json.dumps({**SMALL_BOARD, "edition": edition}),
                             content_type="application/json")
        assert answer.status_code == 200, answer.content


def test_a_warmed_process_has_every_site_template_compiled():
    names = warm.site_templates()
    assert {"base.html", "home.html", "rules/page.html"} <= set(names)
    warm.warm_process()
    loader = engines["django"].engine.template_loaders[0]
    assert {name for name in names if name in loader.get_template_cache} == set(names)


def test_a_step_that_fails_is_named_and_the_others_still_run(monkeypatch):
    ran = []

    def broken():
        raise RuntimeError("no database yet")

    monkeypatch.setattr(warm, "STEPS", (broken, lambda: ran.append("next")))
    assert warm.warm_process() == ["broken"]
    assert ran == ["next"]
