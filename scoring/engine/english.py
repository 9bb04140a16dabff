"""The English templates of the engine core's messages, by id (see
:mod:`scoring.engine.messages`; each expansion adds its own from its package)."""

from __future__ import annotations

CORE_TEMPLATES: dict[str, str] = {
    # Warnings
    "warning.completed_feature_occupied": (
        "{feature} is completed but still holds figures; it is scored as completed, as if "
        "the game ended on the turn that completed it."),
}
