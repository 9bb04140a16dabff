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

    response = admin_client.get(admin_url(TileType, "changelist"), {"q": "monastery"})
    shown = {tile.code for tile in response.context["cl"].result_list}
    # The base game's two monastery tiles, and the expansions' monastery tiles
    assert shown == {"A", "B", "river-H", "river-L-C3", "river2-J", "inns-D", "traders-J",
                     "abbey-mayor-B", "king-robber-E",
                     "hills-sheep-10", "hills-sheep-11", "princess-dragon-6",
                     "princess-dragon-13", "tower-3",
                     "goldmines-A", "goldmines-B", "goldmines-C", "goldmines-D",
                     "bridges-castles-bazaars-7", "bridges-castles-bazaars-8",
                     "gq11-C", "festival-G"}
