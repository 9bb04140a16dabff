"""The checked-in gunicorn configuration: threaded workers sized from the CPUs, a
loopback address unless told otherwise, bounded requests."""

import multiprocessing
import runpy
from pathlib import Path

import pytest

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"
VARIABLES = ("GUNICORN_BIND", "GUNICORN_WORKERS", "GUNICORN_THREADS", "GUNICORN_TIMEOUT",
             "GUNICORN_ACCESS_LOG")


@pytest.fixture
def clean_environment(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_defaults_serve_a_proxy_on_this_machine(clean_environment):
    config = runpy.run_path(str(CONFIG))
    assert config["bind"] == "127.0.0.1:8000"
    assert config["worker_class"] == "gthread"
    assert config["workers"] == 2 * multiprocessing.cpu_count() + 1
    assert config["threads"] == 4
    assert config["timeout"] == 30
    assert config["limit_request_line"] == 8190  # above the site's own 4,096
    assert config["accesslog"] == "-"


def test_the_environment_overrides_the_defaults(clean_environment):
    clean_environment.setenv("GUNICORN_BIND", "10.0.0.5:9000")
    clean_environment.setenv("GUNICORN_WORKERS", "3")
    clean_environment.setenv("GUNICORN_THREADS", "8")
    clean_environment.setenv("GUNICORN_TIMEOUT", "20")
    clean_environment.setenv("GUNICORN_ACCESS_LOG", "")
    config = runpy.run_path(str(CONFIG))
    assert (config["bind"], config["workers"], config["threads"], config["timeout"]) == (
        "10.0.0.5:9000", 3, 8, 20,
    )
    assert config["accesslog"] is None


def test_the_readme_starts_gunicorn_with_it():
    readme = (CONFIG.parents[1] / "README.md").read_text()
    assert "gunicorn -c deploy/gunicorn.conf.py carcwiki.wsgi" in readme
    assert "0.0.0.0" not in readme
