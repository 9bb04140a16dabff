"""The Content-Security-Policy in a real browser: the pages with scripts of their own (the
rules selector, the API's Swagger UI) run without a single violation."""

import pytest

PAGES = [
    ("/selection/", "form.selector"),
    ("/api/docs/try/", ".swagger-ui .info"),
    ("/api/docs/", "#score_board"),
    ("/rules/base-game/", "main"),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("path", "ready"), PAGES)
def test_a_page_runs_without_a_policy_violation(live_server, loaded_catalogue,
                                                chromium_browser, path, ready):
    page = chromium_browser.new_page()
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.on("pageerror", lambda error: violations.append(str(error)))
    page.goto(f"{live_server.url}{path}", wait_until="networkidle")
    page.wait_for_selector(ready, timeout=15_000)
    assert violations == [], "\n".join(violations)
