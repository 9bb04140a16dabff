"""The builder's modules without their comments and indentation, line for line.

A first visit fetches the bundle of the builder's modules (:mod:`bundling`); about a
third of its text is comments and indentation, which a phone downloads and its browser
scans for nothing. :func:`thin` takes them out and keeps every line end, so that a line
of the thinned text is the same line of the module, and the bundle's source map (line
by line, column 0) still points at the module's line.

It reads JavaScript as far as it must to know where a comment begins: strings, template
literals (with ``${…}`` inside them, nested), regular expression literals (a ``/`` where
an operand is expected, after an operator, an opening bracket, a comma or a keyword such
as ``return``) and comments. Inside a string, a template literal's text or a regular
expression nothing changes; a block comment becomes the line ends it had (or a space, so
that the tokens on its two sides stay apart). What follows a template literal's text on
its next line is kept as it is, indentation included: it is part of the string.
"""

from __future__ import annotations

# After these, a "/" starts a regular expression, not a division.
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new",
                          "delete", "void", "throw", "instanceof", "yield", "await"}


class ThinningError(ValueError):
    """A module whose text ends inside a string, a comment or a literal."""


def thin(text: str) -> str:
    """``text`` without comments, indentation and trailing spaces, with the same lines."""
    out: list[str] = []
    # For each template literal whose ${…} is being read: the braces open in it.
    templates: list[int] = []
    i, n = 0, len(text)
    at_line_start = True

    def regex_allowed() -> bool:
        before = next((chunk.rstrip() for chunk in reversed(out) if chunk.strip()), "")
        if not before or before[-1] in _BEFORE_REGEX:
            return True
        word = before
        while word and (word[-1].isalnum() or word[-1] in "_$"):
            word = word[:-1]
        preceding, word = word, before[len(word):]
        return word in _KEYWORDS_BEFORE_REGEX and not preceding.endswith(".")

    def trim() -> None:
        # The spaces at the end of what is written so far (in code: a string or a
        # template literal's text ends with its quote).
        while out and not out[-1].strip(" \t"):
            out.pop()
        if out:
            out[-1] = out[-1].rstrip(" \t")

    def end_line() -> None:
        # A line end in code: the spaces before it and the indentation after it go.
        nonlocal at_line_start
        trim()
        out.append("\n")
        at_line_start = True

    def template_text(i: int) -> int:
        # A template literal's text from i, copied as it is, up to its closing backtick
        # or to a ${, whose expression is then read as code.
        begin = i
        while i < n:
            if text[i] == "\\":
                i += 2
            elif text[i] == "`":
                out.append(text[begin:i + 1])
                return i + 1
            elif text.startswith("${", i):
                out.append(text[begin:i + 2])
                templates.append(0)
                return i + 2
            else:
                i += 1
        raise ThinningError(f"line {text.count(chr(10), 0, begin) + 1}: a template literal "
                            "is not closed")

    while i < n:
        char = text[i]
        if char == "\n":
            end_line()
            i += 1
            continue
        if at_line_start and char in " \t":
            i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ThinningError(f"line {text.count(chr(10), 0, i) + 1}: a comment is not "
                                    "closed")
            lines = text.count("\n", i, end)
            i = end + 2
            if not lines:
                out.append(" ")
            for _ in range(lines):
                end_line()
        elif char in "'\"":
            end = _string_end(text, i, char)
            out.append(text[i:end])
            i = end
        elif char == "`":
            out.append("`")
            i = template_text(i + 1)
        elif char == "}" and templates and templates[-1] == 0:
            templates.pop()  # the end of a ${…}: the literal's text goes on
            out.append("}")
            i = template_text(i + 1)
        elif char == "/" and regex_allowed():
            end = _regex_end(text, i)
            out.append(text[i:end])
            i = end
        else:
            if templates and char == "{":
                templates[-1] += 1
            elif templates and char == "}":
                templates[-1] -= 1
            out.append(char)
            i += 1
    trim()
    return "".join(out)


def _string_end(text: str, start: int, quote: str) -> int:
    i = start + 1
    while i < len(text) and text[i] != "\n":
        if text[i] == "\\":
            i += 2
        elif text[i] == quote:
            return i + 1
        else:
            i += 1
    raise ThinningError(f"line {text.count(chr(10), 0, start) + 1}: a string is not closed")


def _regex_end(text: str, start: int) -> int:
    i, in_class = start + 1, False
    while i < len(text) and text[i] != "\n":
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            i += 1
            while i < len(text) and (text[i].isalnum() or text[i] == "_"):
                i += 1  # its flags
            return i
        i += 1
    raise ThinningError(f"line {text.count(chr(10), 0, start) + 1}: a regular expression is "
                        "not closed")
