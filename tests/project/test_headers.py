"""Every page carries a Content-Security-Policy without 'unsafe-inline' and a
Permissions-Policy, and nothing inline runs or styles a page without the request's
nonce."""

import re

import pytest

pytestmark = pytest.mark.django_db

PAGES = [
    "/", "/rules/", "/rules/base-game/", "/glossary/", "/search/?q=farmer", "/selection/",
    "/tiles/", "/board/", "/api/docs/", "/admin/login/", "/no-such-page/",
]
ANSWERS = ["/api/tiles/", "/api/schema/", "/tiles/D.svg", "/api/tiles/ZZ/"]


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize("url", PAGES + ANSWERS)
def test_every_answer_has_a_strict_policy(client, url):
    response = client.get(url)
    assert response.status_code in (200, 404)
    directives = policy(response)
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


@pytest.mark.parametrize("url", PAGES)
def test_nothing_inline_runs_or_styles_a_page_without_the_nonce(client, url):
    response = client.get(url)
    html = response.content.decode()
    nonces = re.findall(r"'nonce-([^']+)'", response["Content-Security-Policy"])
    for tag in re.findall(r"<script\b[^>]*>", html):
        if "src=" in tag or 'type="application/json"' in tag:
            continue  # a file from this site, or data that never runs
        assert nonces and f'nonce="{nonces[0]}"' in tag, tag
    for tag in re.findall(r"<style\b[^>]*>", html):
        assert nonces and f'nonce="{nonces[0]}"' in tag, tag
    assert not re.search(r"<[^>]+\sstyle=", html), "an inline style attribute"
    assert not re.search(r"<[^>]+\son[a-z]+=", html), "an inline event handler"


def test_an_inline_style_carries_a_fresh_nonce_per_request(client):
    """Swagger UI's page (/api/docs/try/) has the one inline block left (the builder's
    scripts are one file with no import map, and the API reference has no script): its
    nonce changes with every request."""
    nonces = []
    for response in (client.get("/api/docs/try/"), client.get("/api/docs/try/")):
        [nonce] = re.findall(r"'nonce-([^']+)'", response["Content-Security-Policy"])
        assert f'<style nonce="{nonce}">' in response.content.decode()
        nonces.append(nonce)
    assert nonces[0] != nonces[1]
