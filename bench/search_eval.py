"""How well the rules search answers players: questions as players type them, each with
the section or note that answers it.

Run: ``.venv/bin/python bench/search_eval.py`` (an in-memory SQLite database loaded from
the fixtures). Besides the questions below, every ``bench/search_questions/*.yaml`` is read:
a list of ``{q: "...", answers: ["<page>#<anchor>", "<note-slug>"]}``, usually one file per
rules page, written with the page. ``DATABASE_URL`` may name a throwaway PostgreSQL server
instead: its tables are created by the migrations and filled by ``load_catalogue``, so
never point it at real data. ``-v`` lists every question with the rank of its answer.

``bench/search_heldout/*.yaml`` (same format) holds questions kept apart: they are never
used to tune the search, and are reported on their own line (one per file), so that a change of the
ranking that only fits the team's set shows up there. ``--held-out`` runs only them.
An answer that names no section, note or term stops the run (a typo would otherwise
count as a miss forever).

Reports the share of questions whose answer comes first and among the first three, the
median time of one search (the engine's query, reading the hits, wording them), wall
clock and CPU (on PostgreSQL the server backend's CPU too, read from ``/proc``, as a mean
per search: on a shared machine the wall clock mostly measures the other processes), and
the number of queries it costs. The questions are written the way players ask them on forums
and at the table, not in the site's own wording.

``--by-expansion`` adds, for every set, a table per rules page (the page of a question's
first answer): top 1 / top 3 with everything selected, and top 1 / top 3 for *the
selection first*: the same question asked with only that page's expansion selected (the
base game alone for the base game's own pages), counting the places in the order the
search page shows them (answers outside the selection, offered apart, count where the
page puts them). A page that shows another box's rules above the reader's own answer
loses there.
"""

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcwiki.settings.test")
os.environ.setdefault("DATABASE_URL", "sqlite://:memory:")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

#: (question, answers): an answer is ``page#anchor`` for a section or a note's slug.
QUESTIONS: list[tuple[str, tuple[str, ...]]] = [
    # Placing tiles
    ("what if my tile fits nowhere", ("base-car-010", "base-game#placing-tiles")),
    ("drew a tile that can't be placed anywhere, what now?",
     ("base-car-010", "base-game#placing-tiles")),
    ("does only one side of the tile need to match", ("base-car-009",)),
    ("can tiles touch just at the corners", ("base-game#placing-tiles", "base-car-009")),
    ("do I have to draw the tile from a stack or can we use a bag", ("base-car-005",)),
    ("what happens when we run out of space on the table", ("base-table-shifting",
     "base-table-edge", "base-game#use-of-a-table")),
    ("can we push all the tiles over when we hit the table edge", ("base-table-shifting",)),
    ("are we allowed to play on the floor", ("base-table-floor",)),
    ("can I put a second table next to ours", ("base-table-extension",)),
    # Setup and turn
    ("who goes first", ("base-game#setup", "base-car-006", "c1-start-player")),
    ("how many meeples does each player get", ("base-game#setup", "base-too-few-meeples")),
    ("we always run out of meeples, is that normal", ("base-too-few-meeples",)),
    ("what are the steps of a turn", ("base-game#turn", "base-turn-phases")),
    ("how many tiles are in the base game", ("base-tile-count-84", "base-game#components")),
    ("where does the start tile go", ("base-game#setup", "base-car-004")),
    # Meeples
    ("can I place a meeple on a tile I placed earlier", ("base-game#placing-meeples",)),
    ("can I add my meeple to a road that already has a thief on it",
     ("base-game#placing-meeples", "base-occupied-features")),
    ("what do I do when I have no meeples left", ("base-game#placing-meeples",)),
    ("when do I get my meeple back", ("base-game#scoring", "base-game#monasteries",
     "base-game#placing-meeples")),
    ("can I place two followers in one turn", ("base-game#placing-meeples",
     "base-second-meeple-small-city")),
    ("after closing a small city can I also put a knight on the other city piece",
     ("base-second-meeple-small-city",)),
    # Roads
    ("when is a road finished", ("base-game#roads",)),
    ("can a road just end in the middle of nowhere", ("base-road-into-nothing",)),
    ("how do you count roads at a T junction", ("base-road-junctions",)),
    ("what is a village on a road", ("base-village", "glossary#village")),
    ("do trees stop a road", ("base-house-rule-trees-on-roads",)),
    # Cities
    ("how many points for a completed city", ("base-game#cities", "base-game#scoring",
     "scoring-reference#cities", "scoring-reference#base-values")),
    ("what are shields worth", ("base-game#cities", "base-car-020", "scoring-reference#cities",
     "scoring-reference#base-values")),
    ("does the coat of arms count for the whole city", ("base-car-020",)),
    ("is a city made of two tiles complete", ("base-game#cities", "c1-small-city")),
    ("how do I know if a city piece belongs to the city next to it",
     ("base-corner-not-connected",)),
    ("old rule where a small city was only worth 2", ("c1-small-city", "first-edition#small-city")),
    # Monasteries
    ("how many points is a cloister worth", ("base-game#monasteries",
     "scoring-reference#monasteries", "scoring-reference#base-values")),
    ("can two monasteries be next to each other", ("base-car-008",)),
    ("is the monastery always in the middle of the tile", ("base-monastery-position",
     "base-game#monasteries")),
    # Scoring and majority
    ("do two of my knights in one city give me double points", ("base-car-021",)),
    ("what happens if two players have the same number of meeples in a city",
     ("base-game#scoring", "base-majority-votes")),
    ("how do I steal a city from another player", ("base-game#special-cases",)),
    ("when exactly is a feature counted as finished", ("base-complete-on-placement",)),
    ("my score went past 50, what do I do", ("base-scores-over-50", "base-game#scoreboard",
     "base-bb6-point-tiles-scoring")),
    ("what are the 50 100 tiles for", ("base-game#scoreboard", "base-bb6-point-tiles-scoring",
     "base-bb6-point-tiles-setup")),
    # End of the game
    ("how many points is an unfinished city worth at the end", ("base-game#final-scoring",
     "base-final-scoring-incomplete", "scoring-reference#base-values")),
    ("incomplete road at game end, per tile or per meeple", ("base-final-scoring-incomplete",)),
    ("when does the game end", ("base-game#final-scoring", "base-last-tile-supply")),
    ("who wins if we are tied", ("base-no-tiebreak", "base-tie-publishers")),
    ("house rule: open features score nothing at the end", ("base-house-rule-no-incomplete",)),
    # Farmers
    ("how do farmers score", ("farmers#final-farm-scoring", "farmers#fields")),
    ("points for a farm at the end of the game", ("farmers#final-farm-scoring",)),
    ("do I get my farmer back", ("farmers#farmers-stay", "farmers-return-exceptions")),
    ("can a field be closed off", ("farmers-never-completed", "farmers#field-boundaries",
     "farmers-field-barriers")),
    ("does the river split a meadow", ("farmers-river-separates-fields", "river-splits-fields")),
    ("two farmers in one field, do I get double", ("farmers-two-farmers-no-double",)),
    ("can I put a farmer in the grass around a monastery", ("farmers-field-around-monastery",)),
    ("farm with no cities touching it, how many points", ("farmers-closed-field-no-cities",)),
    ("how did farm scoring work in the first edition", ("farmers-first-edition-farm-rule",
     "farmers#farm-scoring-history")),
    # Abbot and gardens
    ("can I take my abbot back before the monastery is done", ("abbot#recalling-the-abbot",
     "abbot-recall-before-complete")),
    ("is a garden a monastery", ("abbot-gardens-not-monasteries",)),
    ("how does the flower bed score", ("abbot#scoring-the-abbot", "abbot#gardens")),
    ("can the abbot go on a tower", ("abbot-not-on-tower",)),
    ("can the abbot fly through a portal", ("abbot-portal-and-flier",)),
    ("when does a recalled abbot score", ("abbot-recall-timing",)),
    # River
    ("how do I set up the river", ("river#setup-river", "river#setup")),
    ("is the river allowed to turn back on itself", ("river-u-turn-rule",
     "river#placing-river-tiles")),
    ("the river tile doesn't fit anywhere", ("river#unplaceable-river-tiles",)),
    ("does the lake cut the field in two", ("river-field-around-spring-and-lake",)),
    ("do I need a pig for the pigsty bonus", ("river-pig-herd-without-pig",)),
    ("what does the volcano on the river do", ("river-volcano-extra-turn",
     "river#river2-features")),
    ("can we use both rivers together", ("river#combining-rivers",)),
    # Editions
    ("what was different in the first edition", ("first-edition#overview",)),
    ("what is the difference between c1 and c2", ("base-game#editions", "first-edition#overview",
     "first-edition#terms")),
]
RUNS = 3
QUESTION_FILES = ROOT / "bench" / "search_questions"
HELD_OUT_FILES = ROOT / "bench" / "search_heldout"


def read_question_files(folder: Path = QUESTION_FILES) -> list[tuple[str, tuple[str, ...]]]:
    """The questions of every ``*.yaml`` in ``folder``, file by file; a malformed entry
    stops the run with the file and the entry, so that a typo never passes unseen."""
    return read_questions(sorted(folder.glob("*.yaml")))


def read_questions(paths) -> list[tuple[str, tuple[str, ...]]]:
    import yaml

    questions: list[tuple[str, tuple[str, ...]]] = []
    for path in paths:
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        if not isinstance(entries, list):
            raise SystemExit(f"{path.name}: expected a list of {{q, answers}}")
        for number, entry in enumerate(entries, 1):
            answers = entry.get("answers") if isinstance(entry, dict) else None
            if not (isinstance(entry, dict) and isinstance(entry.get("q"), str)
                    and isinstance(answers, list) and answers
                    and all(isinstance(answer, str) for answer in answers)):
                raise SystemExit(f"{path.name} › question #{number}: needs q (text) and "
                                 "answers (a list of page#anchor or note slugs)")
            questions.append((entry["q"], tuple(answers)))
    return questions


def answer_key(hit) -> str:
    """``page#anchor`` of a section hit, the slug of a note hit, ``glossary#slug``."""
    path, _, anchor = hit.url.partition("#")
    path = path.split("?")[0]
    if hit.kind == "section":
        return f"{path.strip('/').split('/')[-1]}#{anchor}"
    if hit.kind == "note":
        return path.strip("/").split("/")[-1]
    return f"glossary#{anchor}"


def known_answers() -> set[str]:
    """Every key an answer may name: ``page#anchor``, note slugs, ``glossary#slug``."""
    from carcwiki.rules.models import GlossaryTerm, Note, Section

    keys = {f"{page}#{anchor}" for page, anchor in
            Section.objects.values_list("page__slug", "anchor")}
    keys.update(Note.objects.values_list("slug", flat=True))
    keys.update(f"glossary#{slug}" for slug in GlossaryTerm.objects.values_list("slug", flat=True))
    return keys


def check_answers(sets: dict[str, list[tuple[str, tuple[str, ...]]]]) -> None:
    known = known_answers()
    unknown = [f"{name}: {question!r} → {answer}"
               for name, questions in sets.items() for question, answers in questions
               for answer in answers if answer not in known]
    if unknown:
        raise SystemExit("answers that name nothing in the content:\n  " + "\n  ".join(unknown))


def server_cpu_seconds() -> float | None:
    """CPU time used so far by the PostgreSQL backend serving this connection (from
    ``/proc``, the server being on this machine), ``None`` on SQLite (in process) or when
    it cannot be read."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def page_of_answer(answer: str, note_pages: dict[str, str]) -> str:
    """The rules page an answer key belongs to (``page#anchor``, a note's slug)."""
    if "#" in answer:
        return answer.split("#", 1)[0]
    return note_pages[answer]


def own_selection(page: str, page_codes: dict[str, list[str]], catalogue):
    """The selection of a reader who owns the expansions of ``page`` (and the base game):
    every box the page covers (The River's page covers both rivers and the 20th-anniversary
    one; its River II questions are hidden from an owner of the first river alone)."""
    from carcwiki.rules.selection import Selection

    codes = [code for code in page_codes.get(page, []) if code in catalogue.by_code]
    return Selection.from_params(
        {"x": [",".join(["base", *codes])], "ed": ["c1,c23,we"], "pref": ["c23"]},
        catalogue=catalogue,
    )


def shown_order(results) -> list:
    """The hits in the order the search page shows them."""
    if results.elsewhere_first:
        return [*results.elsewhere, *results.hits]
    return [*results.hits, *results.elsewhere]


def by_expansion(questions, catalogue) -> dict[str, list[tuple[int | None, int | None]]]:
    """Per page, each question's rank with everything selected and with its own page's
    expansion selected (as shown)."""
    from carcwiki.rules.models import Note, RulesPage
    from carcwiki.rules.search.engine import search

    note_pages = dict(Note.objects.values_list("slug", "section__page__slug"))
    page_codes = dict(RulesPage.objects.values_list("slug", "applies_to"))
    everything = everything_selection(catalogue)
    table: dict[str, list[tuple[int | None, int | None]]] = {}
    for question, answers in questions:
        page = page_of_answer(answers[0], note_pages)
        ranks = []
        for selection in (everything, own_selection(page, page_codes, catalogue)):
            keys = [answer_key(hit) for hit in shown_order(search(query=question,
                                                                  selection=selection))]
            ranks.append(next((index + 1 for index, key in enumerate(keys)
                               if key in answers), None))
        table.setdefault(page, []).append(tuple(ranks))
    return table


def report_by_expansion(name: str, table) -> None:
    def share(ranks, limit):
        return sum(rank is not None and rank <= limit for rank in ranks)

    print(f"{name}, per rules page (everything selected | that expansion selected, "
          "as shown):")
    print(f"  {'page':<28} {'n':>3}  {'top1':>4} {'top3':>4}  |  {'top1':>4} {'top3':>4}")
    totals = [0, 0, 0, 0, 0]
    for page in sorted(table):
        everywhere = [ranks[0] for ranks in table[page]]
        own = [ranks[1] for ranks in table[page]]
        row = [len(own), share(everywhere, 1), share(everywhere, 3), share(own, 1),
               share(own, 3)]
        totals = [total + value for total, value in zip(totals, row, strict=True)]
        print(f"  {page:<28} {row[0]:>3}  {row[1]:>4} {row[2]:>4}  |  {row[3]:>4} {row[4]:>4}")
    count = totals[0] or 1
    print(f"  {'all':<28} {totals[0]:>3}  {totals[1]:>4} {totals[2]:>4}  |  {totals[3]:>4} "
          f"{totals[4]:>4}   (top 3: {totals[2] / count:.1%} everything, "
          f"{totals[4] / count:.1%} the selection first)")


def everything_selection(catalogue):
    from carcwiki.rules.selection import Selection

    return Selection.from_params(
        {"x": [",".join(catalogue.by_code)], "ed": ["c1,c23,we"], "pref": ["c23"]},
        catalogue=catalogue,
    )


def evaluate(questions, selection, *, verbose: bool) -> dict:
    """Rank of each question's answer, timings (wall clock, and CPU: this process's, and
    the database server's for PostgreSQL, which a busy machine inflates far less) and
    query counts."""
    from carcwiki.rules.search.engine import search

    first = top_three = 0
    timings: list[float] = []
    cpu_timings: list[float] = []
    query_counts: set[int] = set()
    server_start = server_cpu_seconds()
    for question, answers in questions:
        search(query=question, selection=selection)  # warm
        for _ in range(RUNS):
            start, cpu_start = time.perf_counter(), time.process_time()
            results = search(query=question, selection=selection)
            timings.append((time.perf_counter() - start) * 1000)
            cpu_timings.append((time.process_time() - cpu_start) * 1000)
        with CaptureQueriesContext(connection) as queries:
            search(query=question, selection=selection)
        query_counts.add(len(queries))
        keys = [answer_key(hit) for hit in results.hits]
        rank = next((index + 1 for index, key in enumerate(keys) if key in answers), None)
        first += rank == 1
        top_three += rank is not None and rank <= 3
        if verbose or rank is None or rank > 3:
            print(f"{rank or '-':>3}  {question}  → {keys[:3]}")
    server_end = server_cpu_seconds()
    server_ms = None
    if server_start is not None and server_end is not None:
        # Every search of the loop, the warm and counted ones included, ran on the server.
        server_ms = (server_end - server_start) * 1000 / (len(questions) * (RUNS + 2))
    return {"total": len(questions), "first": first, "top_three": top_three,
            "timings": timings, "cpu_timings": cpu_timings, "server_ms": server_ms,
            "query_counts": query_counts}


def report(name: str, result: dict) -> None:
    total, first, top = result["total"], result["first"], result["top_three"]
    timings = sorted(result["timings"])
    print(f"{name}: {total} questions")
    print(f"  answer at rank 1:   {first}/{total} = {first / total:.1%}")
    print(f"  answer in top 3:    {top}/{total} = {top / total:.1%}")
    print(f"  median search time: {statistics.median(timings):.2f} ms "
          f"(p90 {timings[int(len(timings) * 0.9)]:.2f} ms)")
    cpu = statistics.median(result["cpu_timings"])
    server = result["server_ms"]
    if server is None:
        print(f"  median CPU time:    {cpu:.2f} ms (in process)")
    else:
        print(f"  median CPU time:    {cpu:.2f} ms here + {server:.2f} ms mean on the "
              f"server = {cpu + server:.2f} ms")
    print(f"  queries per search: {', '.join(map(str, sorted(result['query_counts'])))}")


def main() -> None:
    verbose = "-v" in sys.argv
    held_out_only = "--held-out" in sys.argv
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    from carcwiki.rules.queries import selector_catalogue

    catalogue = selector_catalogue()
    everything = everything_selection(catalogue)
    # Each held-out file is reported apart: they were written at different times, each
    # before the ranking it was first run against.
    sets = {f"held-out {path.stem}": read_questions([path])
            for path in sorted(HELD_OUT_FILES.glob("*.yaml"))}
    if not held_out_only:
        team = QUESTIONS + read_question_files()
        sets = {"team set": team, **sets}
    check_answers(sets)
    results = {}
    for name, questions in sets.items():
        print(f"-- {name}")
        results[name] = evaluate(questions, everything, verbose=verbose)
    print(f"database: {connection.vendor} (every expansion and edition selected); "
          f"load average {os.getloadavg()[0]:.1f} (timings are wall-clock, so a busy "
          "machine inflates them)")
    for name, result in results.items():
        report(name, result)
    if "--by-expansion" in sys.argv:
        for name, questions in sets.items():
            report_by_expansion(name, by_expansion(questions, catalogue))


if __name__ == "__main__":
    main()
