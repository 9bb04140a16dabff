"""Production settings fail loudly without their secrets and pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    environment = {
        key: value for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "REDIS_"))
    }
    environment.update(env, DJANGO_SETTINGS_MODULE="carcwiki.settings.prod")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120,
    )


@pytest.mark.parametrize(
    ("present", "missing"),
    [
        ({"DJANGO_ALLOWED_HOSTS": "carcwiki.example"}, "DJANGO_SECRET_KEY"),
        ({"DJANGO_SECRET_KEY": "x" * 60}, "DJANGO_ALLOWED_HOSTS"),
    ],
)
def test_production_refuses_to_start_without_a_setting(present, missing):
    result = run_manage("check", **present)
    assert result.returncode != 0
    assert f"{missing} must be set in the environment" in result.stderr


def test_production_passes_the_deploy_checks():
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DJANGO_SECRET_KEY="k7$" + "a1b2c3d4e5" * 6, DJANGO_ALLOWED_HOSTS="carcwiki.example",
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_shares_its_cache_between_processes(tmp_path):
    # The throttles count in the cache: with gunicorn's several processes, a cache in each
    # process's memory would multiply every limit by the number of processes.
    database = tmp_path / "prod.sqlite3"
    env = {
        "DJANGO_SECRET_KEY": "k7$" + "a1b2c3d4e5" * 6, "DJANGO_ALLOWED_HOSTS": "carcwiki.example",
        "DATABASE_URL": f"sqlite:///{database}",
    }
    assert run_manage("migrate", "-v0", **env).returncode == 0
    assert run_manage("createcachetable", **env).returncode == 0
    script = (
        "from django.core.cache import cache; from django.conf import settings; "
        "print(settings.CACHES['default']['BACKEND']); cache.set('seen', 42, 60)"
    )
    written = run_manage("shell", "--no-imports", "-c", script, **env)
    assert written.stdout.strip() == "django.core.cache.backends.db.DatabaseCache"
    read = "from django.core.cache import cache; print(cache.get('seen'))"
    # Another process sees what the first one wrote.
    assert run_manage("shell", "--no-imports", "-c", read, **env).stdout.strip() == "42"
