from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "carcwiki.api"
    verbose_name = "Public API"
