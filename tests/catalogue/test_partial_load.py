"""A restart loads only what changed (``load_catalogue --if-changed``, issue 32).

Each test works on its own copy of everything the load reads (``fixtures/`` and the
packages' YAML files), first loaded whole into the test database, which already holds the
same catalogue, so that first load writes nothing. Then one file changes, and the test
looks at what the next load rendered and wrote (the SQL statements that write), and at
what a player is served.
"""

import io
import re
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from carcwiki.catalogue import load_stamp, services, tile_readings
from carcwiki.catalogue.models import Expansion, TileCount, TileType
from carcwiki.rules.models import RulesPage, SearchDocument, Section
from carcwiki.rules.services import loading as rules_loading
from scoring.engine import PACKAGES_DIR

pytestmark = pytest.mark.django_db

WRITE = re.compile(r'^(INSERT INTO|UPDATE|DELETE FROM) "?(\w+)"?')


class Inputs:
    """A copy of the load's inputs under ``root``, to change."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def edit(self, relative: str, old: str, new: str) -> None:
        path = self.root / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} is not once in {relative}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def remove(self, relative: str) -> None:
        (self.root / relative).unlink()


@pytest.fixture
def inputs(tmp_path, settings, monkeypatch) -> Inputs:
    fixtures = tmp_path / "fixtures"
    for folder in ("catalogue", "rules"):
        shutil.copytree(settings.FIXTURES_DIR / folder, fixtures / folder)
    packages = tmp_path / "packages"
    for path in [*PACKAGES_DIR.glob("*/tiles-*.yaml"), *PACKAGES_DIR.glob("*/catalogue.yaml")]:
        (packages / path.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, packages / path.parent.name / path.name)
    settings.FIXTURES_DIR = fixtures
    monkeypatch.setattr(services, "PACKAGES_DIR", packages)
    monkeypatch.setattr(load_stamp, "stamp_path", lambda: tmp_path / "stamp.json")
    assert load("--if-changed")[0].startswith("Loaded ")  # no record yet: everything
    return Inputs(tmp_path)


def load(*args) -> tuple[str, list[tuple[str, str]]]:
    """What the command says, and the statements that wrote: ``(verb, table)``."""
    out = io.StringIO()
    with CaptureQueriesContext(connection) as queries:
        call_command("load_catalogue", *args, stdout=out)
    writes = [match.groups() for query in queries
              if (match := WRITE.match(query["sql"])) is not None]
    return out.getvalue(), writes


def search(client, words: str, selection: str) -> list[str]:
    """The addresses of the hits, best first."""
    document = client.get(f"/search/?q={words}&{selection}").content.decode()
    return re.findall(r'<h2 class="hit-title"><a href="([^"#?]+)[^"]*#([^"]+)">', document)


def test_nothing_changed_writes_nothing_with_or_without_the_option(inputs, monkeypatch):
    assert load("--if-changed") == (
        "The catalogue is unchanged since the last load: skipped.\n", [])
    parsed: list[str] = []
    parse = services.read_tile_file
    monkeypatch.setattr(services, "read_tile_file", lambda path: parsed.append(path) or parse(path))
    said, writes = load()  # without the option, everything is read, checked and compared
    assert said.startswith("Loaded 4 editions, 40 expansions, 3 bundles, 27 tile files, ")
    assert writes == []
    assert len(parsed) == 27  # every tile file parsed afresh, none taken from the last load


def test_a_changed_rules_page_is_the_only_one_rendered_and_written(inputs, client, monkeypatch):
    abbot = RulesPage.objects.get(slug="abbot")
    others = {section.pk: section.body_html
              for section in Section.objects.exclude(page=abbot)}
    rendered: list[int] = []
    render = rules_loading.render_section

    def noting_render(section, **kwargs):
        rendered.append(section.page_id)
        render(section, **kwargs)

    monkeypatch.setattr(rules_loading, "render_section", noting_render)
    inputs.edit("fixtures/rules/abbot.yaml", "first published in 2014, brings two",
                "first published in 2014 (some call him the hooded brother), brings two")

    said, writes = load("--if-changed")

    assert said == ("Changed since the last load: abbot.yaml. "
                    "Loaded again: the rules (1 page written).\n")
    assert set(rendered) == {abbot.pk} and len(rendered) == abbot.sections.count()
    # One section's row and its search document; no other page's row is written.
    assert writes == [("UPDATE", "rules_section"), ("UPDATE", "rules_searchdocument")]
    assert {section.pk: section.body_html
            for section in Section.objects.exclude(page=abbot)} == others
    page = client.get("/rules/abbot/?x=base,abbot&mark=1").content.decode()
    assert "2014 (some call him the hooded brother), brings two" in page
    assert search(client, "hooded brother", "x=base,abbot&mark=1")[0] == (
        "/rules/abbot/", "about-the-abbot")
    assert load("--if-changed") == (
        "The catalogue is unchanged since the last load: skipped.\n", [])


def test_a_changed_tile_file_is_checked_with_all_the_others_and_writes_its_tile(
        inputs, client, monkeypatch):
    checked: list[str] = []
    check = services.check_tile_files

    def noting_check(tile_files):
        checked.extend(tile_file.path.name for tile_file in tile_files)
        check(tile_files)

    monkeypatch.setattr(services, "check_tile_files", noting_check)
    parsed: list[str] = []
    parse = services.read_tile_file

    def noting_parse(path):
        parsed.append(Path(path).name)
        return parse(path)

    monkeypatch.setattr(services, "read_tile_file", noting_parse)
    inputs.edit("packages/base/tiles-river.yaml",
                "picture: spring among rocks, the river flows",
                "picture: spring among rocks and ferns, the river flows")

    said, writes = load("--if-changed")

    assert said == ("Changed since the last load: tiles-river.yaml. "
                    "Loaded again: 27 tile files (1 tile row written).\n")
    assert len(checked) == 27 and "tiles-base.yaml" in checked  # all of them, together
    # Only the changed file was parsed; the others are what the engine read from the same
    # bytes at the last load.
    assert parsed == ["tiles-river.yaml"]
    kept = tile_readings.kept()
    assert len(kept) == 27 and all(
        reading["tiles"] == parse(path) for path, reading in kept.items())
    assert writes == [("UPDATE", "catalogue_tiletype")]
    assert TileType.objects.get(code="river-A").picture.startswith(
        "spring among rocks and ferns")
    assert "spring among rocks and ferns" in client.get("/tiles/river-A/").content.decode()


def test_a_bad_file_refuses_the_whole_load_and_is_named(inputs):
    inputs.edit("fixtures/rules/abbot.yaml", "first published in 2014, brings two",
                "first published in 2014 (the hooded monk), brings two")
    inputs.edit("packages/base/tiles-river.yaml", "edges: FFVF", "edges: FFVX")
    before = Section.objects.get(page__slug="abbot", anchor="about-the-abbot").body

    with pytest.raises(CommandError) as refused:
        load("--if-changed")

    assert str(refused.value).startswith(
        "Tile data refused, nothing was loaded: tiles-river.yaml: tile river-A")
    assert "FFVX" in str(refused.value)
    assert Section.objects.get(page__slug="abbot", anchor="about-the-abbot").body == before
    # The failed load wrote nothing, so both changes are still to load.
    assert {path.name for path in load_stamp.changes().paths} == {
        "abbot.yaml", "tiles-river.yaml"}

    inputs.edit("packages/base/tiles-river.yaml", "edges: FFVX", "edges: FFVF")
    inputs.edit("fixtures/rules/abbot.yaml", "slug: abbot\n", "slug: [abbot\n")
    with pytest.raises(CommandError) as refused:
        load("--if-changed")
    assert "abbot.yaml: not valid YAML" in str(refused.value)
    assert "nothing was loaded" in str(refused.value)

    inputs.edit("fixtures/rules/abbot.yaml", "slug: [abbot\n", "slug: abbot\n")
    said, _ = load("--if-changed")
    # The tile file is as the last load read it again: only the page is loaded.
    assert said.startswith("Changed since the last load: abbot.yaml. Loaded again: the rules")
    assert "(the hooded monk)" in Section.objects.get(
        page__slug="abbot", anchor="about-the-abbot").body


def test_a_removed_rules_file_or_tile_file_removes_what_it_held(inputs, client):
    wonders = RulesPage.objects.get(slug="wonders-of-humanity")
    section_ids = list(wonders.sections.values_list("pk", flat=True))
    assert SearchDocument.objects.filter(kind="section", object_id__in=section_ids).exists()
    inputs.remove("fixtures/rules/wonders-of-humanity.yaml")
    darmstadt = set(TileType.objects.filter(expansion__code="darmstadt-promo")
                    .values_list("code", flat=True))
    assert darmstadt
    inputs.remove("packages/darmstadt_promo/tiles-darmstadt-promo.yaml")
    tiles = TileType.objects.count()

    said, writes = load("--if-changed")

    assert said.startswith(
        "Changed since the last load: tiles-darmstadt-promo.yaml, wonders-of-humanity.yaml.")
    assert {verb for verb, _ in writes} == {"DELETE FROM"}
    assert not RulesPage.objects.filter(slug="wonders-of-humanity").exists()
    assert not SearchDocument.objects.filter(kind="section", object_id__in=section_ids).exists()
    assert client.get("/rules/wonders-of-humanity/").status_code == 404
    assert not TileType.objects.filter(code__in=darmstadt).exists()
    assert not TileCount.objects.filter(tile__code__in=darmstadt).exists()
    assert TileType.objects.count() == tiles - len(darmstadt)


def test_an_expansion_added_then_removed_from_the_list_comes_and_goes(inputs):
    entry = ("- code: test-fan-box\n  name: \"A Fan Box\"\n  category: fan\n"
             "  editions: [C3]\n  parts: []\n")
    inputs.edit("fixtures/catalogue/expansions.yaml", "- code: the-gifts\n",
                "- code: the-gifts\n\n" + entry)
    said, writes = load("--if-changed")
    assert said.startswith("Changed since the last load: expansions.yaml. Loaded again: the "
                           "catalogue (41 expansions), 27 tile files (0 tile rows written)")
    assert Expansion.objects.get(code="test-fan-box").name == "A Fan Box"
    assert ("INSERT INTO", "catalogue_expansion") in writes

    inputs.edit("fixtures/catalogue/expansions.yaml", entry, "")
    load("--if-changed")
    assert not Expansion.objects.filter(code="test-fan-box").exists()


def test_an_expansion_a_bundle_still_includes_cannot_be_removed(inputs):
    listed = inputs.root / "fixtures/catalogue/expansions.yaml"
    text = listed.read_text(encoding="utf-8")
    listed.write_text(re.sub(r"- code: wonders-of-humanity\n(?:  .*\n)*", "", text),
                      encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        load("--if-changed")
    assert str(refused.value) == (
        "Expansion entry refused, nothing was loaded: bundles.yaml: bundle new-edition "
        "includes unknown codes: ['wonders-of-humanity']")
    assert Expansion.objects.filter(code="wonders-of-humanity").exists()
