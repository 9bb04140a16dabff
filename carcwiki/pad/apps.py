from django.apps import AppConfig


class PadConfig(AppConfig):
    name = "carcwiki.pad"
    label = "pad"
    verbose_name = "Score pad"
