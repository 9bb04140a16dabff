"""Waiting in a browser test for something the page's script does, under the site's CSP.

Playwright's ``wait_for_function`` polls a string predicate with ``eval`` inside the page,
which the Content-Security-Policy (no ``unsafe-eval``) refuses once a second check is
needed. :func:`wait_until` asks the same question through ``page.evaluate`` from here,
which the browser runs as the test's own script, until it is true.
"""

from __future__ import annotations

import time


def wait_until(page, expression: str, timeout: float = 10.0) -> None:
    """Wait until the JavaScript ``expression`` is true in ``page``; fail after
    ``timeout`` seconds, naming the expression."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout:g} s: {expression}")
        time.sleep(0.02)
