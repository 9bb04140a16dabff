"""The Django admin: behind a login, and every content model listed, searched and edited."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

pytestmark = pytest.mark.django_db

CONTENT_APPS = ["catalogue", "rules"]
#: Derived from the content and rewritten whenever it changes, so not edited by hand.
DERIVED_MODELS = {"SearchDocument"}
CONTENT_MODELS = [
    model
    for label in CONTENT_APPS
    for model in apps.get_app_config(label).get_models()
    if model.__name__ not in DERIVED_MODELS
]


def admin_url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.mark.parametrize("model", CONTENT_MODELS, ids=lambda model: model.__name__)
def test_every_content_model_is_registered(model):
    assert admin.site.is_registered(model)


def test_admin_asks_anonymous_visitors_to_log_in(client):
    response = client.get("/admin/catalogue/tiletype/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("model", CONTENT_MODELS, ids=lambda model: model.__name__)
def test_changelist_search_add_and_change_pages_open(admin_client, model):
    model_admin = admin.site._registry[model]
    listing = admin_client.get(admin_url(model, "changelist"), {"q": "city"})
    assert listing.status_code == 200
    assert admin_client.get(admin_url(model, "add")).status_code == 200
    first = model.objects.first()
    assert first is not None, f"the fixtures hold no {model.__name__}"
    assert admin_client.get(admin_url(model, "change", first.pk)).status_code == 200
    # Each list can be searched or filtered (most models offer both).
    assert model_admin.search_fields or model_admin.list_filter


def test_tile_search_finds_by_code_and_picture(admin_client):
    from carcwiki.catalogue.models import TileType
    from scoring.engine import DEFAULT_REGISTRY, TileSet, tile_files

    response = admin_client.get(admin_url(TileType, "changelist"), {"q": "monastery"})
    shown = {tile.code for tile in response.context["cl"].result_list}
    # Every tile with a monastery whose picture calls it one, of every expansion package
    # (read from the tile files, so a new package's monasteries are expected too): the
    # shrines and the Darmstadt church are named as such and not found by the word.
    tiles = TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)
    expected = {code for code in tiles
                if any(segment.kind.value == "monastery" for segment in tiles[code].segments)
                and "monastery" in tiles[code].picture.lower()}
    assert shown == expected
    assert {"A", "B", "river-H", "inns-D", "monasteries-germany-A"} <= shown
    assert not {"shrine-A", "darmstadt-B"} & shown
