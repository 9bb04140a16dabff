"""A turn and a final scoring in order, composed for a selection from the pages' steps.

Each rules page declares what it adds to a turn (``turn_steps``) and to the final
scoring (``final_steps``), with the phase each step belongs to (format:
``fixtures/rules/FORMAT.md``). :func:`compose` puts the steps of the pages a selection
shows into one numbered list: by phase, then in index order of the pages (the base game
first), then in the order each page gives. A step limited to editions other than the
group's preferred one is shown under the preferred edition's step of the same page and
phase, marked as the other edition's version; with no such step it stands alone, marked.
"""

from dataclasses import dataclass, field

from django.urls import reverse

from .selection import Selection, edition_label

TURN_PHASE_LABELS = {
    "begin": "Start of the turn",
    "tile": "Placing the tile",
    "figure": "Placing a figure",
    "score": "Scoring",
    "end": "End of the turn",
}
FINAL_PHASE_LABELS = {
    "features": "Unfinished features",
    "farms": "Farms",
    "bonuses": "Bonuses",
    "other": "Other",
}


@dataclass(frozen=True)
class PageSteps:
    """What :func:`compose` needs of one page: plain values, read by the queries."""

    slug: str
    title: str
    applies_to: tuple[str, ...]
    steps: tuple[dict, ...]
    #: anchor → (editions, requires) of each section, to leave out steps whose section
    #: the selection hides.
    sections: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]


@dataclass
class StepView:
    text: str
    phase: str
    phase_label: str
    url: str
    page_title: str
    section_title: str
    editions_label: str = ""
    adapted: bool = False
    #: Versions of this step in editions other than the preferred one.
    other_versions: list["StepView"] = field(default_factory=list)


def compose(
    pages: list[PageSteps],
    *,
    selection: Selection,
    phase_labels: dict[str, str],
    section_titles: dict[tuple[str, str], str],
    wording=lambda text: text,
) -> list[StepView]:
    """The numbered steps of the selection, best read top to bottom.

    ``section_titles`` maps ``(page slug, anchor)`` to the section's title (worded);
    ``wording`` words a step's text for the reader's edition.
    """
    phases = list(phase_labels)
    entries: list[tuple[int, int, int, StepView, str]] = []
    for page_index, page in enumerate(pages):
        if not selection.applies_to_any(page.applies_to):
            continue
        for step_index, step in enumerate(page.steps):
            if step.get("phase") not in phase_labels:
                continue
            editions, requires = page.sections.get(step["anchor"], ((), ()))
            if not selection.allows(step.get("requires", ()), step.get("editions", ())):
                continue
            if not selection.allows(requires, editions):
                continue
            suffix = selection.link_suffix
            view = StepView(
                text=wording(step["text"]),
                phase=step["phase"],
                phase_label=phase_labels[step["phase"]],
                url=f"{reverse('rules:page', kwargs={'slug': page.slug})}{suffix}"
                f"#{step['anchor']}",
                page_title=wording(page.title),
                section_title=section_titles.get((page.slug, step["anchor"]), ""),
                editions_label=edition_label(step.get("editions", ()))
                if step.get("editions") else "",
                adapted=selection.is_adaptation(step.get("editions", ())),
            )
            entries.append((phases.index(step["phase"]), page_index, step_index, view, page.slug))
    entries.sort(key=lambda entry: entry[:3])

    numbered: list[StepView] = []
    leftovers: list[tuple[StepView, str]] = []
    group_of: dict[int, tuple[str, str]] = {}
    for _, _, _, view, slug in entries:
        if view.adapted:
            leftovers.append((view, slug))
        else:
            group_of[id(view)] = (view.phase, slug)
            numbered.append(view)
    for view, slug in leftovers:
        home = [step for step in numbered if group_of.get(id(step)) == (view.phase, slug)]
        if home:
            home[-1].other_versions.append(view)
        else:
            position = _position_for(view, numbered, phases)
            group_of[id(view)] = ("", slug)
            numbered.insert(position, view)
    return numbered


def _position_for(view: StepView, numbered: list[StepView], phases: list[str]) -> int:
    """Where a step with no preferred version goes: after the last step of its phase."""
    index = phases.index(view.phase)
    position = 0
    for number, step in enumerate(numbered):
        if phases.index(step.phase) <= index:
            position = number + 1
    return position


@dataclass
class CalculatorStep:
    """One step of the calculator's final scoring, as the final-scoring page lists it."""

    title: str
    expansion_name: str
    details: list["CalculatorStep"] = field(default_factory=list)


def calculator_steps(selection: Selection) -> tuple[list[CalculatorStep], list[str]]:
    """The order in which the calculator (``POST /api/score/``) applies its final-scoring
    steps for the selection, read from the scoring engine's declarations (where it is
    written once, :attr:`InPlay.steps`), and the names of the selected expansions it does
    not score."""
    from scoring.engine import DEFAULT_REGISTRY

    names = selection.catalogue.names if selection.catalogue else {}
    in_play = DEFAULT_REGISTRY.in_play(selection.codes)
    scored = {part.code for part in in_play.parts} | set(in_play.expansion_of.values())

    def view(step) -> CalculatorStep:
        return CalculatorStep(
            title=step.title,
            expansion_name=names.get(step.part, names.get(step.expansion, step.expansion)),
            details=[view(detail) for detail in step.details],
        )

    unscored = []
    if selection.catalogue is not None:
        unscored = [
            expansion.name
            for expansion in selection.catalogue.expansions
            if expansion.code in selection.codes and expansion.code not in scored
            and not scored.intersection(part.code for part in expansion.parts)
        ]
    return [view(step) for step in in_play.steps], unscored
