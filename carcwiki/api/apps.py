from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "carcwiki.api"
    verbose_name = "Public API"

    def ready(self) -> None:
        # The cached pages and API answers are dropped whenever the content changes.
        from carcwiki import page_cache

        page_cache.connect_signals()
