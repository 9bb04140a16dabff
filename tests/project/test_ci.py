"""CI runs the suite on SQLite and on PostgreSQL, and the browser tests once: in the
SQLite pass, selected with the ``browser`` marker that every test driving Chromium gets
(``tests/conftest.py``)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pytest_runs() -> list[str]:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    return [line.strip() for line in script.splitlines()
            if re.search(r"\.venv/bin/pytest\b", line) and not line.lstrip().startswith("#")]


def test_the_browser_tests_run_in_the_sqlite_pass_only():
    postgres, sqlite = pytest_runs()  # PostgreSQL's starts first, in the background
    # Everything, browser tests included, but the engine's own tests, which use no
    # database and run in the other pass.
    assert sqlite.startswith(".venv/bin/pytest -q --ignore=tests/scoring/engine ||")
    assert "ignore" not in postgres
    assert postgres.startswith('REDIS_URL="redis://127.0.0.1:$REDISPORT/0" '
                               '.venv/bin/pytest -q -m "not browser"')


def test_both_passes_must_pass():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert script.rstrip().endswith('[ "$sqlite_status" = 0 ] && [ "$postgres_status" = 0 ]')
    assert 'wait "$postgres_pass" || postgres_status=$?' in script


def test_every_test_that_drives_chromium_is_marked_browser():
    modules = ["tests/builder", "tests/catalogue/test_gallery_browser.py",
               "tests/project/test_csp_browser.py", "tests/rules/test_browser.py"]
    collected = {}
    for selection in ("browser", "not browser"):
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-q",
             "-m", selection, *modules],
            cwd=ROOT, capture_output=True, text=True, check=True,
        )
        collected[selection] = {line for line in result.stdout.splitlines() if "::" in line}
    browser, other = collected["browser"], collected["not browser"]
    # 20 builder pages, 5 shortcuts, 2 gallery, 3 CSP and 4 rules pages at least.
    assert len(browser) >= 34
    assert all(not test.startswith("tests/builder/test_browser.py") for test in other)
    assert {test for test in browser if test.startswith("tests/rules/")} == {
        test for test in browser | other if test.startswith("tests/rules/")}
