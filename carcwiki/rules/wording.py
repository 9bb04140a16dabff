"""Edition-dependent wording: the ``{{meeple}}``-style tokens of ``fixtures/rules/FORMAT.md``.

Content is stored with the tokens in place (in Markdown and in the rendered HTML) and the
words of the reader's preferred edition are substituted when a page is shown: a plain
string replacement, cheap enough to run on every request.
"""

import re

#: Token → (first-edition word, new-edition word). The capitalised forms of every token are
#: accepted too, including ``{{Pennant}}``/``{{Pennants}}`` which the format's table omits.
TOKEN_WORDS: dict[str, tuple[str, str]] = {
    "meeple": ("follower", "meeple"),
    "meeples": ("followers", "meeples"),
    "highwayman": ("thief", "highwayman"),
    "highwaymen": ("thieves", "highwaymen"),
    "pennant": ("pennant", "coat of arms"),
    "pennants": ("pennants", "coats of arms"),
}
TOKEN_WORDS |= {
    token.capitalize(): (c1_word.capitalize(), new_word.capitalize())
    for token, (c1_word, new_word) in TOKEN_WORDS.items()
}

#: Any ``{{word}}`` in the text, known or not (the loader reports unknown ones).
TOKEN_PATTERN = re.compile(r"\{\{\s*([A-Za-z]+)\s*\}\}")

#: The edition group whose words are the first edition's; every other group reads
#: "meeple", "highwayman" and "coat of arms".
FIRST_EDITION_GROUP = "c1"


def words_for(token: str, *, edition_group: str) -> str:
    """The word a token stands for in an edition group.

    >>> words_for("Meeples", edition_group="c1"), words_for("pennant", edition_group="c23")
    ('Followers', 'coat of arms')
    """
    c1_word, new_word = TOKEN_WORDS[token]
    return c1_word if edition_group == FIRST_EDITION_GROUP else new_word


def apply_wording(text: str, *, edition_group: str) -> str:
    """Replace every known token of ``text`` (HTML or plain) by the edition's word.

    >>> apply_wording("Place a {{meeple}} or a {{Highwayman}}.", edition_group="c1")
    'Place a follower or a Thief.'
    """
    if "{{" not in text:
        return text

    def replace(match: re.Match) -> str:
        token = match.group(1)
        if token not in TOKEN_WORDS:
            return match.group(0)
        return words_for(token, edition_group=edition_group)

    return TOKEN_PATTERN.sub(replace, text)


def with_both_wordings(text: str) -> str:
    """Replace each token by both of its words, so that search finds either edition's term.

    >>> with_both_wordings("one {{meeple}}")
    'one follower meeple'
    """

    def replace(match: re.Match) -> str:
        words = TOKEN_WORDS.get(match.group(1))
        return " ".join(dict.fromkeys(words)) if words else match.group(0)

    return TOKEN_PATTERN.sub(replace, text)


def unknown_tokens(text: str) -> list[str]:
    """Tokens used in ``text`` that the site cannot substitute.

    >>> unknown_tokens("a {{meeple}} and a {{farmer}}")
    ['{{farmer}}']
    """
    return [f"{{{{{token}}}}}" for token in TOKEN_PATTERN.findall(text) if token not in TOKEN_WORDS]


def equivalent_words(words: list[str], *, edition_group: str) -> list[str]:
    """Words an edition shows for query words that name a token in any edition.

    Search text holds both editions' words, so a first-edition reader's "meeple" finds
    text that this reader sees as "follower"; these are the words to highlight there.

    >>> equivalent_words(["thie", "road"], edition_group="c23")
    ['highwayman', 'highwaymen']
    >>> equivalent_words(["coat"], edition_group="c1")
    ['pennant', 'pennants']
    """
    found: dict[str, None] = {}
    for token, pair in TOKEN_WORDS.items():
        if not token.islower():
            continue
        names = {part for word in pair for part in word.split()}
        if any(name.startswith(query) for name in names for query in words):
            shown = words_for(token, edition_group=edition_group)
            found.update((part, None) for part in shown.split() if len(part) > 2)
    return [word for word in found if word not in words]
