"""The words of the explanations for what the editions name differently.

The first edition (C1) prints pennants on its cities and calls a monastery a cloister;
the second and third (C2, C3) call the same shields coats of arms and a farm a field
(the site's page on the first edition's terms says so). The API's explanations use one
set of words whatever the edition (:data:`API_WORDING`, the contract's "pennant"); a
caller that shows the scoring to players asks for the edition's own
(:func:`wording_for`), as the board builder does. Only the words change, never a count.

>>> wording_for(Edition.C2).term(2, "pennant")
'2 coats of arms'
>>> wording_for(Edition.C1).term(1, "pennant"), API_WORDING.term(0, "pennant")
('1 pennant', '0 pennants')
>>> wording_for(Edition.C3).fill("1 a {pennant} of his city")
'1 a coat of arms of his city'
"""

from __future__ import annotations

import dataclasses

from .rules import Edition


@dataclasses.dataclass(frozen=True)
class Wording:
    """The singular and plural of each word that differs between editions."""

    pennant: tuple[str, str] = ("pennant", "pennants")
    monastery: tuple[str, str] = ("monastery", "monasteries")
    farm: tuple[str, str] = ("farm", "farms")
    """A group of connected field segments (the first edition's farm, the second's and
    third's field); the explanations say "farm" whatever the edition, the board
    builder's headings say the edition's word."""

    def words(self, name: str) -> tuple[str, str]:
        words: tuple[str, str] = getattr(self, name)
        return words

    def term(self, count: int, name: str) -> str:
        """``count`` followed by the word, singular or plural."""
        singular, plural = self.words(name)
        return f"{count} {singular if count == 1 else plural}"

    def fill(self, text: str) -> str:
        """A declared text with ``{pennant}`` and ``{pennant_plural}`` (and so on) in
        this wording."""
        if "{" not in text:
            return text
        return text.format_map(self.to_json_names())

    def to_json_names(self) -> dict[str, str]:
        """Each word and its plural by name: ``{"pennant": "pennant",
        "pennant_plural": "pennants", …}``."""
        names = {}
        for field in dataclasses.fields(self):
            singular, plural = self.words(field.name)
            names[field.name], names[f"{field.name}_plural"] = singular, plural
        return names


API_WORDING = Wording()
"""The words of the API's explanations, whatever the edition (the contract's)."""

_NEW_EDITION = Wording(pennant=("coat of arms", "coats of arms"), farm=("field", "fields"))

EDITION_WORDING: dict[Edition, Wording] = {
    Edition.C1: Wording(monastery=("cloister", "cloisters")),
    Edition.C2: _NEW_EDITION,
    Edition.C3: _NEW_EDITION,
}
"""The words each edition's rulebook uses (the site's rules pages word them so too)."""


def wording_for(edition: Edition) -> Wording:
    return EDITION_WORDING.get(edition, API_WORDING)
