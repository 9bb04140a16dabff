"""The registry of expansion rule modules.

Each module of this package declares one ``EXPANSION``; adding an expansion (the River,
Inns & Cathedrals, Traders & Builders...) means adding a module and listing it here,
without touching the core.

>>> REGISTRY.codes
('base', 'farmers', 'abbot')
"""

from __future__ import annotations

from ..variants import ExpansionRegistry
from . import abbot, base, farmers

REGISTRY = ExpansionRegistry([base.EXPANSION, farmers.EXPANSION, abbot.EXPANSION])

__all__ = ["REGISTRY"]
