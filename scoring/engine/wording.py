"""The words of the explanations for what the editions name differently.

The first edition (C1) prints pennants on its cities and calls a monastery a cloister;
the second and third (C2, C3) call the same shields coats of arms and a farm a field
(the site's page on the first edition's terms says so). The API's explanations use one
set of words whatever the edition (:data:`API_WORDING`, the contract's "pennant"); a
caller that shows the scoring to players asks for the edition's own
(:func:`wording_for`), as the board builder does. Only the words change, never a count.

The explanations name these words, and every other noun they count or name (a tile,
a completed city), by message (:func:`noun`, :func:`unit`): ``word.coat_of_arms`` and
``word.coat_of_arms.plural``, which another language's catalogue words.

>>> wording_for(Edition.C2).term(2, "pennant")
'2 coats of arms'
>>> wording_for(Edition.C1).term(1, "pennant"), API_WORDING.term(0, "pennant")
('1 pennant', '0 pennants')
>>> one, many = wording_for(Edition.C3).unit("pennant")
>>> one, str(one), str(many)
(Message('word.coat_of_arms', {}), 'coat of arms', 'coats of arms')
"""

from __future__ import annotations

import dataclasses

from .messages import Message, add_templates
from .rules import Edition

Unit = tuple[Message, Message]
"""A counted word as two messages: its singular and its plural."""

_NOUNS: dict[str, Message] = {}


def noun(key: str) -> Message:
    """The word ``word.<key>`` (``noun("tile")``: "tile"), one message shared by every
    explanation that names it, so that its English is written once."""
    found = _NOUNS.get(key)
    if found is None:
        found = _NOUNS[key] = Message(f"word.{key}")
    return found


def unit(key: str) -> Unit:
    """A counted word: ``word.<key>`` and ``word.<key>.plural``."""
    return noun(key), noun(f"{key}.plural")


def word_key(singular: str) -> str:
    """The key of an English word among the ``word.`` messages (``coat_of_arms``)."""
    return singular.replace(" ", "_")


def add_units(units: dict[str, tuple[str, str]]) -> None:
    """The English of counted words by key: ``{"tile": ("tile", "tiles")}``."""
    templates = {}
    for key, (singular, plural) in units.items():
        templates[f"word.{key}"], templates[f"word.{key}.plural"] = singular, plural
    add_templates(templates)


TILE = unit("tile")
add_units({"tile": ("tile", "tiles"), "completed_city": ("completed city", "completed cities"),
           # The feature kinds (the monastery's and the farm's are the API wording's).
           "road": ("road", "roads"), "city": ("city", "cities"), "garden": ("garden", "gardens")})


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

    def unit(self, name: str) -> Unit:
        """The word as messages: ``word.coat_of_arms`` and its plural."""
        return unit(word_key(self.words(name)[0]))

    def noun(self, name: str) -> Message:
        """The singular as a message (``word.cloister``)."""
        return noun(word_key(self.words(name)[0]))

    def nouns(self) -> dict[str, Message]:
        """Each word and its plural by name as messages, as :meth:`to_json_names`
        names them: the parameters of a declared text that says ``{pennant}``."""
        found = {}
        for field in dataclasses.fields(self):
            found[field.name], found[f"{field.name}_plural"] = self.unit(field.name)
        return found

    def templates(self) -> dict[str, tuple[str, str]]:
        """The English of this wording's words, by key (for :func:`add_units`)."""
        return {word_key(self.words(field.name)[0]): self.words(field.name)
                for field in dataclasses.fields(self)}

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

# Every edition's words have their templates from the start, before anything is scored.
for _wording in (API_WORDING, *EDITION_WORDING.values()):
    add_units(_wording.templates())


def wording_for(edition: Edition) -> Wording:
    return EDITION_WORDING.get(edition, API_WORDING)
