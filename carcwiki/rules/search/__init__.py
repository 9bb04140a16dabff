"""Search of the rules reference: a player's question, in their words, answered by the
database's own full-text engine (SQLite FTS5 or PostgreSQL).

- :mod:`.text` folds text (lower case, no accents), highlights it and cuts excerpts;
- :mod:`.words` cuts text and questions into words and knows the stop words;
- :mod:`.vocabulary` reads the game's equivalent words (``fixtures/rules/vocabulary.yaml``);
- :mod:`.query` turns a question into concepts and finds reference codes;
- :mod:`.index` keeps one search document per section, note and glossary term;
- :mod:`.backends` asks FTS5 or PostgreSQL, and installs their indexes;
- :mod:`.engine` ranks what they find and builds the hits of a selection.
"""
