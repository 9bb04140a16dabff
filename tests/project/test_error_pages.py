"""Unknown addresses and server failures: the site's layout for pages, JSON under /api/."""

import pytest
from django.test import Client, override_settings


@pytest.mark.django_db
def test_an_unknown_page_is_a_404_in_the_site_layout(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert "This page is not on the table" in html
    assert "<code>/no-such-page/</code>" in html
    assert 'href="/rules/"' in html and 'href="/board/"' in html


@pytest.mark.django_db
def test_a_missing_rules_page_uses_the_same_404(client):
    response = client.get("/rules/no-such-expansion/")
    assert response.status_code == 404
    assert "This page is not on the table" in response.content.decode()


def test_an_unknown_api_endpoint_is_a_json_404(client):
    response = client.get("/api/tilez/")
    assert response.status_code == 404
    assert response.json() == {"errors": [{
        "path": "", "code": "not_found",
        "message": "There is no API endpoint at /api/tilez/; the list is at /api/docs/.",
    }]}


@override_settings(ROOT_URLCONF="tests.project.failing_urls")
def test_a_failing_page_is_a_500_without_a_traceback():
    client = Client(raise_request_exception=False)
    response = client.get("/broken/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong on our side" in html
    assert "RuntimeError" not in html and "a bug" not in html


@override_settings(ROOT_URLCONF="tests.project.failing_urls")
def test_a_failing_api_address_is_a_json_500():
    client = Client(raise_request_exception=False)
    response = client.get("/api/broken/")
    assert response.status_code == 500
    assert response.json() == {"errors": [{
        "path": "", "code": "server_error", "message": "The server could not handle this request.",
    }]}
