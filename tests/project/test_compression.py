"""Compression: pages, JSON and SVG are gzipped for clients that accept it, never the
admin; static files are written pre-compressed by whitenoise's storage, gzip and brotli."""

import gzip
import json

import brotli
import pytest
from django.core.management import call_command
from django.test import override_settings

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@pytest.mark.parametrize("url, content_type", [
    ("/board/", "text/html"),
    ("/search/?q=farmer", "text/html"),
    ("/api/schema/", "application/vnd.oai.openapi"),
    ("/api/tiles/", "application/json"),
    ("/tiles/D.svg", "image/svg+xml"),
])
def test_answers_are_gzipped_for_clients_that_accept_it(client, url, content_type):
    plain = client.get(url)
    packed = client.get(url, **GZIP)
    assert packed["Content-Type"].startswith(content_type)
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert "Content-Encoding" not in plain
    text = gzip.decompress(packed.content)
    # The board page's CSRF token is masked afresh each time: compare the rest.
    assert len(text) == len(plain.content)


def test_a_scoring_answer_is_gzipped(client):
    board = {
        "edition": "C3", "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}],
        "figures": [{"player": "red", "x": 0, "y": 0, "at": "N"}],
    }
    plain = client.post("/api/score/", board, content_type="application/json")
    packed = client.post("/api/score/", board, content_type="application/json", **GZIP)
    assert packed.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.content)) == plain.json()


def test_the_admin_is_never_compressed(admin_client):
    for url in ("/admin/", "/admin/rules/glossaryterm/"):
        response = admin_client.get(url, **GZIP)
        assert response.status_code == 200
        assert "Content-Encoding" not in response
        assert b"csrfmiddlewaretoken" in response.content or url == "/admin/"


def test_static_files_are_written_pre_compressed(tmp_path):
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", "--noinput", verbosity=0)
    css = next(tmp_path.glob("css/site.*.css"))
    packed = css.with_name(css.name + ".gz")
    assert gzip.decompress(packed.read_bytes()) == css.read_bytes()
    squeezed = css.with_name(css.name + ".br")
    assert brotli.decompress(squeezed.read_bytes()) == css.read_bytes()
    assert len(squeezed.read_bytes()) < len(packed.read_bytes())


def test_production_settings_keep_the_compressing_storage():
    from carcwiki.settings import base

    assert base.STORAGES["staticfiles"]["BACKEND"] == (
        "whitenoise.storage.CompressedManifestStaticFilesStorage"
    )
    assert "carcwiki.compression.CompressionMiddleware" in base.MIDDLEWARE
