"""A turn and a final scoring in order: the pages' ``turn_steps`` and ``final_steps`` are
read and checked by the loader, and composed for a selection on /rules/turn/ and
/rules/final-scoring/."""

import copy

import pytest

from carcwiki.rules.models import RulesPage
from carcwiki.rules.services import RulesContentError, load_rules_content

from .conftest import SMALL_PAGE, page, text_of

pytestmark = pytest.mark.django_db

STEPS = {
    "turn_steps": [
        {"phase": "figure", "anchor": "placing", "text": "Lay a {{meeple}} down as a farmer."},
        {"phase": "end", "anchor": "history", "editions": ["C1"], "text": "Old habit."},
    ],
    "final_steps": [
        {"phase": "farms", "anchor": "placing", "text": "Score the fields.",
         "requires": ["farmers"]},
    ],
}


def test_the_loader_stores_the_steps(rules_dir):
    rules_dir.write("small-farms.yaml", {**SMALL_PAGE, **STEPS})
    load_rules_content(directory=rules_dir.path)
    stored = RulesPage.objects.get(slug="small-farms")
    assert stored.turn_steps == [
        {"phase": "figure", "anchor": "placing", "text": "Lay a {{meeple}} down as a farmer.",
         "editions": [], "requires": []},
        {"phase": "end", "anchor": "history", "text": "Old habit.", "editions": ["C1"],
         "requires": []},
    ]
    assert stored.final_steps[0]["requires"] == ["farmers"]


@pytest.mark.parametrize(
    ("key", "step", "expected"),
    [
        ("turn_steps", {"phase": "farms", "anchor": "placing", "text": "x"},
         "small-farms.yaml › turn step #1: unknown phase 'farms' "
         "(expected begin, tile, figure, score, end)"),
        ("final_steps", {"phase": "farms", "anchor": "nowhere", "text": "x"},
         "small-farms.yaml › final step #1: anchor 'nowhere' names no section of this page"),
        ("final_steps", {"phase": "figure", "anchor": "placing", "text": "x"},
         "small-farms.yaml › final step #1: unknown phase 'figure' "
         "(expected features, farms, bonuses, other)"),
        ("turn_steps", {"phase": "tile", "anchor": "placing"},
         "small-farms.yaml › turn step #1: 'text' is missing"),
        ("turn_steps", {"phase": "tile", "anchor": "placing", "text": "x", "editions": ["C9"]},
         "small-farms.yaml › turn step #1: 'editions' names unknown edition(s) C9"),
    ],
)
def test_a_bad_step_names_the_file_and_the_step(rules_dir, key, step, expected):
    bad = copy.deepcopy(SMALL_PAGE)
    bad[key] = [step]
    rules_dir.write("small-farms.yaml", bad)
    with pytest.raises(RulesContentError) as raised:
        load_rules_content(directory=rules_dir.path)
    assert expected in str(raised.value)


def steps_of(document: str) -> list[str]:
    """The text of each numbered step, in order."""
    items = document.split('<ol class="step-list">', 1)[1].split("</ol>", 1)[0]
    return [text_of(item.split("</p>", 1)[0]) for item in items.split('<p class="step-text">')[1:]]


def test_the_base_game_turn_in_order(client):
    document = page(client, "/rules/turn/?x=&ed=c1,c23,we&pref=c23")
    assert steps_of(document) == [
        "Draw one tile and lay it beside the landscape so that every edge it touches matches.",
        "You may put one meeple from your supply on a feature of that tile that nobody holds "
        "yet.",
        "Score each road, city and monastery the tile completed; the meeples on it go back to "
        "their owners.",
    ]
    assert 'href="/rules/base-game/?x=&amp;ed=c1,c23,we&amp;pref=c23#placing-tiles"' in document


def test_a_turn_with_expansions_interleaves_their_steps_by_phase(client):
    document = page(client, "/rules/turn/?x=base,inns-cathedrals,traders-builders&pref=c1")
    steps = steps_of(document)
    # Tile: base, river, builder; figure: base, farmers, large follower, builder, pig (the
    # abbot is C2/C3 only and C1 is preferred but all editions are shown, so it stays);
    # C1 wording: follower.
    assert steps[0].startswith("Draw one tile")
    assert steps[1].startswith("While river tiles remain")
    assert steps[2].startswith("Note whether your tile extends")
    assert steps[3].startswith("You may put one follower")
    assert [step.split(" ")[0] for step in steps[4:9]] == [
        "Instead,", "Instead", "Or,", "Your", "Instead"]
    # With C1 preferred, the C1 sheets' version is a step of its own, tagged C1.
    assert steps[-2].startswith("If your builder earned it")
    assert steps[-1].startswith("The early first-edition sheets")
    # tile 3 (base, river, builder) + figure 7 (base, farmers, abbot twice, large follower,
    # builder, pig) + score 5 (base, abbot, inn, cathedral, goods) + end 2 (builder, C1) = 17
    assert len(steps) == 17, steps


def test_another_editions_version_sits_under_the_preferred_step_marked(client):
    document = page(client, "/rules/turn/?x=base,traders-builders&pref=c23")
    steps = steps_of(document)
    assert steps[-1].startswith("If your builder earned it")
    assert not any(step.startswith("The early") for step in steps)
    last = document.split('<li class="step', )[-1]
    assert "In C1 instead" in text_of(last) and "The early first-edition sheets" in last


def test_steps_of_an_unselected_part_are_left_out(client):
    document = page(client, "/rules/turn/?x=farmers,inns&ed=c23")
    text = text_of(document)
    assert "An inn" not in text and "A finished road with an inn beside it pays 2 a tile." in text
    assert "large meeple" not in text and "builder" not in text and "abbot" not in text
    assert "Inns & Cathedrals › Inns" in text


def test_the_final_scoring_in_order(client):
    document = page(client, "/rules/final-scoring/?x=base,traders-builders,inns-cathedrals")
    steps = steps_of(document)
    assert steps == [
        "Every meeple still on an unfinished road, city or monastery scores it: a city now "
        "pays 1 a tile and 1 a coat of arms.",
        "An abbot left on the board scores 1 for its tile and 1 for each tile around it.",
        "An unfinished road with an inn is worth nothing.",
        "An unfinished city with a cathedral is worth nothing.",
        "Each field goes to whoever has the most farmers in it (ties share): 3 points for "
        "each finished city it touches.",
        "A player who scores a field with their pig in it gets 4 instead of 3 for each "
        "finished city.",
        "For wine, grain and cloth apart: the most tokens scores 10, and every tied player "
        "scores 10.",
        "Add everything up: the highest total wins.",
    ]


def test_the_final_scoring_page_shows_the_calculators_order(client):
    """The calculator's order for the base game with Inns & Cathedrals and Traders &
    Builders, read from the engine's InPlay.steps: roads (inns inside), cities
    (cathedrals, goods listed), monasteries, gardens, farms (pigs inside), then goods."""
    document = page(client, "/rules/final-scoring/?x=base,inns-cathedrals,traders-builders")
    part = document.split('id="calculator-steps-title"', 1)[1].split("</section>", 1)[0]
    top = [text_of(item.split("</p>", 1)[0])
           for item in part.split('<li><p class="step-text">')[1:]]
    assert [title.split(":")[0] for title in top] == [
        "Roads", "Cities", "Monasteries", "Gardens", "Farms",
        "10 points for each good to every player holding the most of its tokens",
    ]
    text = text_of(part)
    assert "A road with an inn: 2 a tile completed, nothing incomplete (Inns)" in text
    assert "(Pig)" in text and "does not score" not in text


def test_the_final_scoring_page_says_what_the_calculator_does_not_score(client):
    document = page(client, "/rules/final-scoring/?x=base,catapult")
    assert "The calculator does not score The Catapult yet" in text_of(document)
