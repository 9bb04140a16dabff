from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "carcwiki.rules"
    verbose_name = "Rules reference"
