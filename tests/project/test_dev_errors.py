"""Under ``make run`` (the dev settings) a missing page answers in the site's layout, as
in production, and static files are still served; Django's debug page appears only when
a developer asks for it with ``CARCWIKI_DEBUG=1``."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import json, django
django.setup()
from django.conf import settings
from django.test import Client
client = Client(HTTP_HOST="127.0.0.1")
missing = client.get("/nowhere/")
style = client.get("/static/css/site.css")
print(json.dumps({
    "debug": settings.DEBUG,
    "missing": [missing.status_code, missing.content.decode()],
    "style": [style.status_code, b"".join(style.streaming_content).decode()[:200]
              if style.streaming else style.content.decode()[:200]],
}))
"""


def run_dev(tmp_path, **env) -> dict:
    environment = {
        **{key: value for key, value in os.environ.items() if key != "CARCWIKI_DEBUG"},
        "DJANGO_SETTINGS_MODULE": "carcwiki.settings.dev",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'dev.sqlite3'}",
        **env,
    }
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=environment, capture_output=True,
        text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_make_run_shows_errors_in_the_site_layout(tmp_path):
    answer = run_dev(tmp_path)
    assert answer["debug"] is False
    status, document = answer["missing"]
    assert status == 404
    assert "This page is not on the table" in document and 'class="site-header"' in document
    assert "URLconf" not in document  # not Django's technical page
    # Static files still come from the source folders, without collectstatic.
    assert answer["style"][0] == 200 and answer["style"][1].strip()


@pytest.mark.parametrize("value", ["1", "true"])
def test_a_developer_can_ask_for_the_debug_page(tmp_path, value):
    answer = run_dev(tmp_path, CARCWIKI_DEBUG=value)
    assert answer["debug"] is True
    status, document = answer["missing"]
    assert status == 404 and "URLconf" in document
