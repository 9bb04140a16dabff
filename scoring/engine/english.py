"""The English templates of the engine core's messages, by id (see
:mod:`scoring.engine.messages`; each expansion adds its own from its package)."""

from __future__ import annotations

CORE_TEMPLATES: dict[str, str] = {
    # What a feature is worth: its label, then the arithmetic.
    "join.or": " or ",
    "score.worth": "{label}: {terms} = {points}",
    "score.worth_one": "{label}: {count} {unit} × {each} = {points}",
    "score.worth_two": (
        "{label}: {count} {unit} × {each} + {count2} {unit2} × {each} = {points}"),
    "score.term": "{count} {unit} × {each}",
    "score.area_term": "{count} {word} × {each}",
    "score.zero": "{label}: {reason}",
    "score.centre": "{label}: 1 + {neighbours} {neighbours|neighbour|neighbours}{plus} = {points}",
    "score.centre_times": (
        "{label}: (1 + {neighbours} {neighbours|neighbour|neighbours}) × {each}{plus} = "
        "{points}"),
    "score.plus_note": " + {note}",
    "score.house_rule_zero": "scores 0 (house rule: incomplete features score nothing)",
    "score.with_notes": "{explanation}{notes}",
    "score.note": "; {note}",
    "score.transformed": "{explanation}; {note} → {points}",
    # The names of what is scored (the noun is the edition's word).
    "label.completed": "completed {noun}",
    "label.incomplete": "incomplete {noun}",
    "label.completed_loop": "completed {noun} (a loop)",
    "label.completed_small_city": "completed small {noun} (old rule: 1 a tile and 1 a {pennant})",
    # Who owns a feature.
    "majority.one": "; most figures: {owner} ({counts})",
    "majority.tie_in_full": "; tie for most figures, {owners} each score in full ({counts})",
    "majority.tie_own": "; tie for most figures, {owners} both own it ({counts})",
    "majority.tie_broken": "; tie for most figures ({counts}){notes}",
    "player.count": "{player} {count}",
    "player.points": "{player} {points}",
    "figure.counts_zero": "; {player}'s {figure} counts 0 here",
    "figure.counts_zero_because": "; {player}'s {figure} counts 0 here ({what}: none)",
    # Points the score pad records during play (the label is the declaration's).
    "pad.play_points_once": "{label}: {points}",
    "pad.play_points": "{label}: {count} {unit} × {each} = {points}",
    # Warnings
    "warning.completed_feature_occupied": (
        "{feature} is completed but still holds figures; it is scored as completed, as if "
        "the game ended on the turn that completed it."),
}
