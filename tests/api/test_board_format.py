"""The board format's page (carcwiki/api/board_format.md): its expansions part is the one
the engine's rules document writes, so it lists what the calculator scores."""

import pytest

from carcwiki.api.board_format import BEGIN, END, PATH, page_text, with_expansions_part
from scoring.engine import rules_document


def test_the_committed_page_is_the_one_the_rules_document_writes():
    """Fails after an expansion is added or changed until `manage.py write_board_format`
    is run."""
    text = PATH.read_text(encoding="utf-8")
    assert with_expansions_part(text, rules_document()) == text, (
        "board_format.md is behind the declarations: run `python manage.py "
        "write_board_format` and commit the page")


def test_the_expansions_part_names_codes_figures_states_and_tokens():
    text = page_text()
    assert "- `inns-cathedrals`: Inns & Cathedrals (C1, C2, C3)\n  - `inns`: Inns" in text
    assert "- `farmers`: Farmers (C1, C2, C3) — in play by default" in text
    # A C3 table lays the C2 box of an expansion with no C3 printing (issue 29).
    assert "- `tower`: The Tower (C1, C2; a C3 game takes the C2 box)\n" in text
    assert "- `wind-roses`: The Wind Roses (C1)\n" in text
    assert "`meeple` 7 (base), `abbot` 1 (abbot), `large` 1 (large-meeple)" in text
    assert '`{"ferry": "S-W"}` (with `ferries`)' in text
    assert "`holds` (with `king-robber-baron`)" in text and "at most 1 among all players" in text
    assert "(`barn`) is a corner of the tile at `x`, `y`: `NE`, `SE`, `SW` or `NW`" in text
    # Readers see no markers; the hand-written parts stay around the written one.
    assert BEGIN not in text and END not in text
    assert text.index("**Where a figure stands.**") < text.index("**What expansions add")
    assert text.index("**What expansions add") < text.index("**The rest of the body.**")


def test_a_smaller_document_writes_a_smaller_part():
    page = f"intro\n{BEGIN}\nwritten before\n{END}\nend\n"
    text = with_expansions_part(page, rules_document([]))
    assert text.startswith(f"intro\n{BEGIN}\n**What expansions add")
    assert text.endswith(f"{END}\nend\n")
    assert "written before" not in text and "`meeple` 7 (base)." in text
    # The base game alone: no tile states, figures nobody owns nor tokens.
    assert "`tiles[].state`" not in text and "`neutral`" not in text
    assert "- `small_cities` (with `base`): Completed two-tile cities; `false`, `true`." in text


def test_a_page_without_its_markers_is_refused():
    with pytest.raises(ValueError, match="markers"):
        with_expansions_part("no markers here", rules_document([]))
