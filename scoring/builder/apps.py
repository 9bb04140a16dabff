from django.apps import AppConfig


class BuilderConfig(AppConfig):
    name = "scoring.builder"
    label = "builder"
    verbose_name = "Board builder"
