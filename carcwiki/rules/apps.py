from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "carcwiki.rules"
    verbose_name = "Rules reference"

    def ready(self) -> None:
        from .search import signals  # noqa: F401 - connects the receivers
