"""Where the known-answer boards are: each expansion's in its package
(``scoring/engine/expansions/<module>/boards/``, see :func:`board_files`), and those that
mix several expansions in ``fixtures/boards/``."""

from pathlib import Path

from scoring.engine.expansions import board_files

ROOT = Path(__file__).resolve().parents[1]
MIXED_BOARDS_DIR = ROOT / "fixtures" / "boards"

BOARDS: tuple[Path, ...] = tuple(sorted(
    (*board_files(), *MIXED_BOARDS_DIR.glob("*.json")), key=lambda path: path.name))
"""Every known-answer board, by file name."""

_BY_STEM = {path.stem: path for path in BOARDS}
assert len(_BY_STEM) == len(BOARDS), "two known-answer boards share a name"


def board_path(stem: str) -> Path:
    """The known-answer board named ``stem`` (``"final-scoring-example"``), wherever it is."""
    return _BY_STEM[stem]
