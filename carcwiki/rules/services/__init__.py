"""Writes to the rules reference, by concept:

- :mod:`.schema`: what the content files may say, checked before anything is written;
- :mod:`.editing`: rendering and saving one edited item (the admin's path);
- :mod:`.loading`: making the database match the content files.

The names other modules use are available from here.
"""

from .editing import (
    delete_glossary_term,
    relink_sections,
    save_glossary_term,
    save_note,
    save_section,
)
from .loading import load_rules_content, write_rules_content
from .schema import RulesContentError, read_rules_content

__all__ = [
    "RulesContentError",
    "delete_glossary_term",
    "load_rules_content",
    "read_rules_content",
    "relink_sections",
    "save_glossary_term",
    "save_note",
    "save_section",
    "write_rules_content",
]
