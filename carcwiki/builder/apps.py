from django.apps import AppConfig


class BuilderConfig(AppConfig):
    name = "carcwiki.builder"
    label = "builder"
    verbose_name = "Board builder"
