"""Signals of the catalogue: sent after fixtures are (re)loaded, so caches can be dropped."""

from django.dispatch import Signal

catalogue_loaded = Signal()
