"""A second ``make run`` does not load the catalogue again when nothing it read has
changed (``load_catalogue --if-changed``, issue 32): the record covers the files the load
opened and the folders it listed, whatever they are, so moving the inputs elsewhere needs
no list kept here. What a changed file loads again is in ``test_partial_load.py``."""

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
    # An emptied database is loaded whatever the record says.
    assert load_stamp.changes_to_load().nothing
    TileType.objects.all().delete()
    assert load_stamp.changes().nothing and load_stamp.changes_to_load().everything


def test_a_changed_removed_or_new_file_and_changed_code_are_told_apart(
        tmp_path, settings, monkeypatch):
    settings.BASE_DIR = tmp_path
    monkeypatch.setattr(load_stamp, "stamp_path", lambda: tmp_path / "stamp.json")
    code = tmp_path / "loader.py"
    code.write_text("LOADER = 1\n")
    monkeypatch.setattr(load_stamp, "_code_files", lambda: [str(code)])
    folder = tmp_path / "inputs"
    folder.mkdir()
    (folder / "a.yaml").write_text("a: 1\n")
    (folder / "b.yaml").write_text("b: 1\n")
    with load_stamp.recording_inputs() as inputs:
        sorted(folder.glob("*.yaml"))
        (folder / "a.yaml").read_text()
        (folder / "b.yaml").read_text()
    assert (inputs["files"], inputs["folders"]) == (
        {str(folder / "a.yaml"), str(folder / "b.yaml")}, {str(folder)})
    load_stamp.remember(inputs)
    assert load_stamp.changes().nothing
    (folder / "a.yaml").write_text("a: 2\n")
    (folder / "b.yaml").unlink()
    (folder / "c.yaml").write_text("c: 1\n")
    (folder / ".a.yaml.swp").write_text("an editor's")  # not an input
    changes = load_stamp.changes()
    assert not changes.everything
    assert changes.paths == {folder / "a.yaml", folder / "b.yaml", folder / "c.yaml"}
    assert changes.touches(folder / "c.yaml") and not changes.touches(tmp_path / "d.yaml")
    # A partial load that read only a.yaml keeps what the last record knew of the rest.
    with load_stamp.recording_inputs() as inputs:
        (folder / "a.yaml").read_text()
        sorted(folder.glob("*.yaml"))
        (folder / "c.yaml").read_text()
    load_stamp.remember(inputs, partial=True)
    assert load_stamp.changes().nothing
    (folder / "b.yaml").write_text("b: 1\n")
    assert load_stamp.changes().paths == {folder / "b.yaml"}
    code.write_text("LOADER = 2\n")
    assert load_stamp.changes().everything
