"""Own words, checked: no run of 8 consecutive words of any rules text appears in the
sources the content was written from (``shared/seeds/*.txt``, beside the checkout as CI
has it).

Words are compared lower-cased, with URLs and link targets dropped and punctuation
ignored, so a copied sentence is found however it was re-punctuated or re-linked. A run
made only of names in a list (expansions read out one after the other) is not a sentence
of anyone's: those few are allowed below, each with the reason.
"""

import re
from pathlib import Path

import pytest
import yaml

from carcwiki.rules.wording import apply_wording
from scoring.engine.expansions import DEFAULT_REGISTRY

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "fixtures" / "rules"
RUN = 8
URL = re.compile(r"(?:https?://|www\.)\S+|\]\([^)]*\)|(?<![\w/])/[\w/#?=&.-]+")
WORD = re.compile(r"[a-z0-9]+")

#: A run made only of these words is a list of names (expansions read out one after the
#: other, as every source lists them), not a sentence: the words of every expansion and
#: part name in the catalogue, plus the few words that join such a list.
LIST_WORDS = {"and", "the", "see", "c1", "c2", "c3"}
#: Names the sources list that the catalogue spells differently (singular, or by country).
OTHER_NAMES = [
    "German monastery", "Dutch Belgian monastery", "Japanese building", "Darmstadt church",
    "Darmstadt churches",
    "The Flying Machines", "The Inquisition sector",
]


def seeds_folder() -> Path:
    """``shared/seeds`` beside the checkout (or beside a folder holding it, for a git
    worktree). Missing seeds fail the test: passing without them would check nothing."""
    for folder in ROOT.parents:
        candidate = folder / "shared" / "seeds"
        if sorted(candidate.glob("*.txt")):
            return candidate
    pytest.fail(
        f"No seed files found in shared/seeds/ beside {ROOT}: the own-words check needs "
        "them (CI puts them in ../shared/seeds/)."
    )


def words(text: str) -> list[str]:
    """Lower-cased words of ``text`` without URLs or link targets.

    >>> words("See [the Tower](/rules/tower/#x) at https://example.org/a, it's BIG.")
    ['see', 'the', 'tower', 'at', 'it', 's', 'big']
    """
    return WORD.findall(URL.sub(" ", text.lower()))


def texts(data) -> list[str]:
    """Every string of a parsed YAML document (keys excepted)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in texts(value)]
    if isinstance(data, list):
        return [text for value in data for text in texts(value)]
    return []


def runs(sequence: list[str]) -> set[tuple[str, ...]]:
    return {tuple(sequence[i:i + RUN]) for i in range(len(sequence) - RUN + 1)}


def name_words() -> set[str]:
    catalogue = yaml.safe_load(
        (ROOT / "fixtures" / "catalogue" / "expansions.yaml").read_text(encoding="utf-8")
    )
    # The names the catalogue file still holds, and those the packages declare (an
    # expansion moved into its package keeps its name, and its parts', in its declaration).
    names = [*OTHER_NAMES, *(name for expansion in DEFAULT_REGISTRY.expansions
                             for member in expansion.members
                             for name in (member.name, member.catalogue_name))]
    pending = [catalogue]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            names += [item["name"]] if isinstance(item.get("name"), str) else []
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return LIST_WORDS | {word for name in names for word in words(name)}


def worded(text: str) -> list[str]:
    """``text`` as readers of each edition see it (the wording tokens replaced)."""
    return [apply_wording(text, edition_group=group) for group in ("c1", "c23")]


def shared_runs() -> dict[str, list[str]]:
    """``file name → runs it shares with the seeds`` (only files that share one)."""
    seed_runs: set[tuple[str, ...]] = set()
    for path in sorted(seeds_folder().glob("*.txt")):
        seed_runs |= runs(words(path.read_text(encoding="utf-8")))
    allowed = name_words()
    found: dict[str, list[str]] = {}
    for path in sorted(RULES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for text in texts(data):
            shared = set().union(*(runs(words(version)) for version in worded(text)))
            for run in sorted(shared & seed_runs):
                if not allowed.issuperset(run):
                    found.setdefault(path.name, []).append(" ".join(run))
    return found


def test_the_seeds_are_there():
    assert len(list(seeds_folder().glob("*.txt"))) >= 1


def test_no_rules_text_repeats_eight_words_of_a_seed():
    found = shared_runs()
    assert not found, "\n".join(
        f"{name}: “{run}”" for name, found_runs in found.items() for run in found_runs
    )


def test_the_check_finds_a_copied_sentence(tmp_path):
    """The check itself can fail: a seed sentence, re-punctuated, is found."""
    seed = next(iter(sorted(seeds_folder().glob("*.txt"))))
    sentence = max(
        (line for line in seed.read_text(encoding="utf-8").splitlines()),
        key=lambda line: len(words(line)),
    )
    copied = " ".join(words(sentence)[:RUN]).upper() + "!"
    assert runs(words(copied)) & runs(words(seed.read_text(encoding="utf-8")))
