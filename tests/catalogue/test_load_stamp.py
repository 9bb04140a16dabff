"""A second ``make run`` does not load the catalogue again when nothing it read has
changed (``load_catalogue --if-changed``, issue 32): the fingerprint covers the files the
load opened and the folders it listed, whatever they are, so moving the inputs elsewhere
needs no list kept here."""

import io

import pytest
from django.core.management import call_command

from carcwiki.catalogue import load_stamp
from carcwiki.catalogue.models import TileType

pytestmark = pytest.mark.django_db


@pytest.fixture
def stamp(tmp_path, monkeypatch):
    path = tmp_path / "stamp.json"
    monkeypatch.setattr(load_stamp, "stamp_path", lambda: path)
    return path


def run(*args) -> str:
    out = io.StringIO()
    call_command("load_catalogue", *args, stdout=out)
    return out.getvalue()


def test_a_second_load_of_the_same_inputs_is_skipped_and_a_plain_load_still_loads(stamp):
    assert run("--if-changed").startswith("Loaded ")
    assert '/scoring/engine/expansions/base/tiles-base.yaml"' in stamp.read_text()
    assert '/fixtures/rules/base-game.yaml"' in stamp.read_text()
    assert '/carcwiki/catalogue/services.py"' in stamp.read_text()  # the loading code
    TileType.objects.filter(code="D").update(picture="changed by hand")
    assert run("--if-changed") == "The catalogue is unchanged since the last load: skipped.\n"
    assert TileType.objects.get(code="D").picture == "changed by hand"
    assert run().startswith("Loaded ")  # without the option: always
    assert TileType.objects.get(code="D").picture.startswith("city on the north")
    # An emptied database is loaded whatever the fingerprint says.
    assert load_stamp.unchanged_and_loaded()
    TileType.objects.all().delete()
    assert load_stamp.unchanged() and not load_stamp.unchanged_and_loaded()


def test_a_changed_file_or_a_new_file_in_a_listed_folder_changes_the_fingerprint(
        tmp_path, settings, monkeypatch):
    settings.BASE_DIR = tmp_path
    monkeypatch.setattr(load_stamp, "stamp_path", lambda: tmp_path / "stamp.json")
    monkeypatch.setattr(load_stamp, "_code_files", lambda: [])
    folder = tmp_path / "inputs"
    folder.mkdir()
    (folder / "a.yaml").write_text("a: 1\n")
    with load_stamp.recording_inputs() as inputs:
        sorted(folder.glob("*.yaml"))
        (folder / "a.yaml").read_text()
    assert inputs == {"files": {str(folder / "a.yaml")}, "folders": {str(folder)}}
    load_stamp.remember(inputs)
    assert load_stamp.unchanged()
    (folder / "a.yaml").write_text("a: 2\n")
    assert not load_stamp.unchanged()
    load_stamp.remember(inputs)
    assert load_stamp.unchanged()
    (folder / "b.yaml").write_text("b: 1\n")
    assert not load_stamp.unchanged()
