from django.apps import AppConfig


class CatalogueConfig(AppConfig):
    name = "carcwiki.catalogue"
    verbose_name = "Catalogue"
