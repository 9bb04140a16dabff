"""What a first visit to the board builder costs a phone on a mobile network.

Run: ``.venv/bin/python bench/builder_first_load.py [--runs N]`` (needs Debian's
``/usr/bin/chromium``). It serves the site as in production (gunicorn, whitenoise,
``collectstatic``, a throwaway SQLite file loaded from the fixtures; see
bench/builder_bench.py), then opens ``/board/`` N times in headless Chromium through
Playwright, each time in a fresh browser context (empty cache, no cookies: a first visit),
on a phone profile:

- Playwright's "Pixel 7" descriptor (412×839 viewport, touch, a phone's user agent);
- Chrome DevTools' "Fast 4G" network preset through CDP
  ``Network.emulateNetworkConditions``: 165 ms of latency, 9 Mbit/s down and 1.5 Mbit/s
  up, each times 0.9 as DevTools sets them;
- a CPU four times slower (CDP ``Emulation.setCPUThrottlingRate``).

The server has answered the page a few times before the first visit, as a server that
has run for a while has. Per visit it counts, until the network has been idle for half a
second after the page is ready:

- the requests the page made over the network (not the pictures it draws from its own
  data, ``data:`` addresses that CDP lists too), and how many of them were scripts;
- the bytes transferred: what came over the wire, headers and compressed bodies (CDP's
  ``encodedDataLength``, the "transferred" column of DevTools), and the same bodies
  decompressed (``dataLength``);
- when the page, its scripts and its styles had all arrived (the latest ``responseEnd`` of
  the navigation and resource timings): what is left until ready is the CPU's;
- DOMContentLoaded (``domContentLoadedEventEnd`` of the navigation timing);
- ready: the ``builder-ready`` mark that static/js/builder/main.js sets once the board
  is drawn, fitted to the screen and every control answers;
- interactive: when the main thread is first free after that mark: the end of the last
  long task (over 50 ms, a ``longtask`` entry) that began by then, or the mark itself.
  This does not depend on where in the start-up the page sets its mark (the mark moved
  after the first layout when that layout stopped being forced early), so it compares
  two versions fairly.

With ``--trace`` every visit is also recorded with Chromium's tracing, and the main
thread's work until the board is first painted after the ready mark is counted from
the trace: layout passes and how many of them a script forced (read a size before the
browser laid the page out on its own), the layout objects laid out, and the main
thread's CPU time (the trace's thread time: what the thread ran, not the time it waited
for a core on a busy machine), in all and in layout and style. The counts do not depend
on how busy the machine is, and the CPU times much less than the wall-clock figures
(tracing also slows the page a little, the same for both versions).

It prints the median of each over the runs, and the requests of the last visit with their
sizes and times. With ``--against REV`` it also serves the site at that commit (checked
out into a temporary git worktree, removed at the end, run with this checkout's
virtualenv) and visits the two in turn, in alternating order, so that a busier stretch of
the machine weighs on both; the ratio column is this checkout's median over REV's.

The targets of issue 30: at most 10 requests and 150 KB compressed, interactive in
under 1 s. Recorded (``--runs 7 --against d5cf724``, load average 20 on two cores):
d5cf724 (nineteen modules) 24 requests, 110 KB, everything fetched at 1603 ms, ready at
2825 ms; with the bundle and the catalogue's data kept, 6 requests, 91 KB, fetched at
805 ms, ready at 1433 ms (0.51 of before). What is left after the fetch is the phone's
CPU (four times slower, on a busy machine): laying out the page and drawing it.

Recorded again (``--runs 7 --trace --against b59bb7f``, load average 15 on two cores),
after the page's shared data was kept as finished JSON text (a warm ``/board/`` in
about 10 ms of the server's time instead of 74) and the bundle thinned (86 KB → 59 KB
gzipped): 5 requests both; 122.6 → 94.9 KB transferred; ready 2109 → 1675 ms,
interactive 2283 → 1773 ms (0.78); main thread CPU 725 → 631 ms, layout 141 → 114 ms.
Still over 1 s: the main thread's own work (about 630 ms of CPU at ×4, of which the
module's run and the layouts and paint of the first screen with 32 tile pictures) is
already more than the half of the second the network leaves.

Recorded again (``--runs 9 --trace --against main``, main at 65afde7, twice, at load
average 13 and 11 on two cores: busy, so the wall times run long for both), after the
bundle became a render-blocking script in the page's head (the phone lays the page out
once, with its board, instead of first without it and then again), the new table was
made once at start-up instead of twice, the palette's pictures were asked for as their
buttons come near its visible part (after the first layout; a picture given as a
``data:`` address loads after the first paint either way) and its counts changed in
place (96 boxes fewer): 5 requests, 95 KB both; ready 1518 → 1312 and 1325 → 1116 ms,
interactive 1591 → 1366 (0.86) and 1409 → 1164 ms (0.83); main thread CPU 636 → 505
and 503 → 434 ms; layout passes 5 → 4, layout objects 593 → 470. On a quiet machine,
where main was interactive at about 1150 ms, 0.83–0.86 comes just under the second (not
shown here: the machine was never quiet). Tried and dropped, no gain showing through a
busy machine's noise: ``content-visibility`` for what lies below a phone's first screen
(``auto`` costs a layout pass of its own; ``hidden`` until the first screen is drawn
saved about 15 ms of layout and style), a preload ``Link`` header (the renderer
reads it no earlier than the head), and one shared picture for the whole palette.

Recorded again (``--runs 9 --against c4bbecd``, twice, on a fresh two-core machine at
load average 2.7 and 3.6), with the chips of the figures nobody owns (neutraldock.js,
about 0.7 KB more over the wire): 5 requests both; 87.5 → 88.4 KB transferred;
interactive 780 → 863 ms (1.11) in the first run and 836 → 820 ms (0.98) in the second.
The two runs disagree by more than the change, so read it as noise; both versions are
interactive in under the second the issue asks for, in every median of both runs.

The server is stopped when the run ends, whatever happens; each visit is bounded by a
60 s timeout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from builder_bench import free_port, serve  # noqa: E402

# Chrome DevTools' "Fast 4G" preset (front_end/core/sdk/NetworkManager.ts): bytes a second.
FAST_4G = {
    "offline": False,
    "latency": 60 * 2.75,
    "downloadThroughput": 9 * 1000 * 1000 / 8 * 0.9,
    "uploadThroughput": 1.5 * 1000 * 1000 / 8 * 0.9,
}
CPU_SLOWDOWN = 4
PHONE = "Pixel 7"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WARM_UP = 8  # requests for the page before the first visit
TARGETS = {"requests": 10, "transferred KB": 150, "interactive ms": 1000}
# Long tasks, recorded from the page's first script on (Playwright's init script).
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask" });
"""
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                    "disabled-by-default-devtools.timeline.stack", "blink.user_timing"]


@dataclass
class Visit:
    requests: dict[str, dict] = field(default_factory=dict)  # by CDP request id
    dom_content_loaded: float = 0.0
    ready: float = 0.0
    interactive: float = 0.0
    fetched: float = 0.0  # the page, its scripts and styles all arrived
    trace: dict[str, float] = field(default_factory=dict)

    def finished(self) -> list[dict]:
        return [request for request in self.requests.values() if "transferred" in request]

    @property
    def transferred(self) -> int:
        return sum(request["transferred"] for request in self.finished())

    @property
    def decoded(self) -> int:
        return sum(request["decoded"] for request in self.finished())

    @property
    def scripts(self) -> int:
        return sum(request["type"] == "Script" for request in self.requests.values())


def outermost(events: list[dict], names: set[str]) -> list[dict]:
    """The events of these names that no other of them contains (a function called from
    a script's run is counted once, in the run)."""
    chosen, end = [], -1
    named = (e for e in events if e["name"] in names)
    for event in sorted(named, key=lambda e: (e["ts"], -e.get("dur", 0))):
        if event["ts"] >= end:
            chosen.append(event)
            end = event["ts"] + event.get("dur", 0)
    return chosen


def main_thread_work(path: Path) -> dict[str, float]:
    """What the page's main thread did until the board was on the screen and answered,
    from a trace: to the end of the task of the first paint after the ``builder-ready``
    mark (wherever a version sets its mark, the layouts and the paint of its first screen
    with the board are counted)."""
    import json

    events = json.loads(path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    ready = min(e["ts"] for e in events if e.get("name") == "builder-ready")
    # The page's main thread is the renderer main thread that set the mark.
    thread = next((e["pid"], e["tid"]) for e in events if e.get("name") == "builder-ready"
                  and (e["pid"], e["tid"]) in mains)
    on_thread = [e for e in events if (e.get("pid"), e.get("tid")) == thread and e.get("ph") == "X"]
    painted = min(e["ts"] for e in on_thread if e["name"] == "Paint" and e["ts"] >= ready)
    end = max(e["ts"] + e.get("dur", 0) for e in on_thread
              if e["name"] == "RunTask" and e["ts"] <= painted <= e["ts"] + e.get("dur", 0))
    work = [e for e in on_thread if e["ts"] < end]
    layouts = [e for e in work if e["name"] == "Layout"]
    milliseconds = lambda names: sum(e.get("tdur", 0) for e in outermost(work, names)) / 1000  # noqa: E731
    return {
        "main thread CPU ms": milliseconds({"RunTask"}),
        "layout passes": len(layouts),
        "forced layouts": sum(bool((e["args"].get("beginData") or {}).get("stackTrace"))
                              for e in layouts),
        "layout objects": sum((e["args"].get("beginData") or {}).get("dirtyObjects", 0)
                              for e in layouts),
        "layout CPU ms": milliseconds({"Layout"}),
        "style CPU ms": milliseconds({"UpdateLayoutTree"}),
        # The rest is mostly the scripts (the module's run has no event of its own in
        # these categories), with parsing and painting.
        "other CPU ms": milliseconds({"RunTask"}) - milliseconds({"Layout"})
        - milliseconds({"UpdateLayoutTree"}),
    }


def visit(browser, device: dict, url: str, trace: Path | None = None) -> Visit:
    """One first visit to ``url`` on the phone profile (traced into ``trace`` if given)."""
    context = browser.new_context(**device)
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.set_default_timeout(60_000)
    cdp = context.new_cdp_session(page)
    result = Visit()

    def sent(event):
        # A picture the page draws from its own data (a data: address) is not fetched.
        if not event["request"]["url"].startswith(("http:", "https:")):
            return
        result.requests[event["requestId"]] = {
            "url": event["request"]["url"], "type": event.get("type", "Other"), "decoded": 0}

    def received(event):
        request = result.requests.get(event["requestId"])
        if request is not None:
            request["decoded"] += event["dataLength"]

    def done(event):
        request = result.requests.get(event["requestId"])
        if request is not None:
            request["transferred"] = event["encodedDataLength"]

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.dataReceived", received)
    cdp.on("Network.loadingFinished", done)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", FAST_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        if trace:
            browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("[data-builder][data-ready=true]")
        if trace:
            # The frame after the mark is painted: a timeout after the next animation frame.
            page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
            browser.stop_tracing()
            result.trace = main_thread_work(trace)
        page.wait_for_load_state("networkidle")  # pictures and fonts asked for after ready
        timing = page.evaluate("""() => ({
            dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
            ready: performance.getEntriesByName('builder-ready')[0].startTime,
            longTasks: window.__longTasks,
            timings: [performance.getEntriesByType('navigation')[0],
                      ...performance.getEntriesByType('resource')].map((entry) => (
                [entry.name, Math.round(entry.startTime), Math.round(entry.responseEnd)])),
            fetched: Math.max(performance.getEntriesByType('navigation')[0].responseEnd,
                ...performance.getEntriesByType('resource')
                    .filter((entry) => ['script', 'link'].includes(entry.initiatorType))
                    .map((entry) => entry.responseEnd)),
        })""")
        result.dom_content_loaded = timing["dcl"]
        result.ready = timing["ready"]
        result.interactive = max([timing["ready"]] + [start + duration for start, duration
                                 in timing["longTasks"] if start <= timing["ready"]])
        result.fetched = timing["fetched"]
        for url, start, end in timing["timings"]:
            for request in result.requests.values():
                if request["url"] == url:
                    request["ms"] = (start, end)
    finally:
        cdp.detach()
        context.close()
    return result


@dataclass
class Site:
    """One checkout served on its own port, and its visits."""

    name: str
    root: Path
    visits: list[Visit] = field(default_factory=list)
    url: str = ""


def figures(visits: list[Visit]) -> dict[str, float]:
    median = statistics.median
    return {
        "requests": median(len(v.requests) for v in visits),
        "of which scripts": median(v.scripts for v in visits),
        "transferred KB": median(v.transferred for v in visits) / 1000,
        "decompressed KB": median(v.decoded for v in visits) / 1000,
        "page, scripts, styles in ms": median(v.fetched for v in visits),
        "DOMContentLoaded ms": median(v.dom_content_loaded for v in visits),
        "ready ms": median(v.ready for v in visits),
        "interactive ms": median(v.interactive for v in visits),
        **{name: median(v.trace[name] for v in visits)
           for name in (visits[0].trace if all(v.trace for v in visits) else {})},
    }


def report(sites: list[Site]) -> None:
    print(f"First visit to /board/ on a phone ({PHONE}, Fast 4G, CPU ×{CPU_SLOWDOWN}): "
          f"median of {len(sites[0].visits)} visits (load average {os.getloadavg()[0]:.2f})")
    tables = [figures(site.visits) for site in sites]
    heads = "".join(f"{site.name:>14}" for site in sites)
    print(f"  {'':<28}{heads}{'ratio' if len(sites) > 1 else '':>8}  target")
    for name in tables[-1]:
        values = "".join(f"{table[name]:>14.1f}" for table in tables)
        ratio = f"{tables[-1][name] / tables[0][name]:>8.2f}" \
            if len(sites) > 1 and tables[0][name] else f"{'':>8}"
        target = TARGETS.get(name)
        verdict = "" if target is None else \
            f"  {target} ({'within' if tables[-1][name] <= target else 'OVER'})"
        print(f"  {name:<28}{values}{ratio}{verdict}")
    for site in sites:
        last = site.visits[-1]
        print(f"Requests of the last visit to {site.name} (ready at {last.ready:.0f} ms): "
              "transferred and decompressed bytes, asked for and arrived at (ms)")
        for request in last.requests.values():
            where = request["url"].split("/", 3)[-1]
            start, end = request.get("ms", (0, 0))
            print(f"  {request.get('transferred', 0):>8} {request['decoded']:>8} {start:>6} "
                  f"{end:>6}  {request['type']:<11}/{where[:80]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="first visits (default 7)")
    parser.add_argument("--trace", action="store_true",
                        help="also trace each visit and count the main thread's work until ready")
    parser.add_argument("--against", metavar="REV",
                        help="also serve the site at this commit (a temporary git worktree) "
                             "and visit both in turn, in alternating order")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sites = [Site("this checkout", ROOT)]
    servers = []
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        try:
            if args.against:
                worktree = folder / "against"
                subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach",
                                "--quiet", str(worktree), args.against], check=True)
                sites.insert(0, Site(args.against, worktree))
            for index, site in enumerate(sites):
                port = free_port()
                (folder / str(index)).mkdir()
                servers.append(serve(folder / str(index), port, site.root))
                site.url = f"http://127.0.0.1:{port}/board/"
                # A server that has run for a while: every worker has read the tiles and
                # rendered the page once (the first answer of a fresh worker is slower).
                for _ in range(WARM_UP):
                    urllib.request.urlopen(site.url, timeout=60).read()
            with sync_playwright() as playwright:
                device = playwright.devices[PHONE]
                device = {key: value for key, value in device.items()
                          if key != "default_browser_type"}
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
                try:
                    for run in range(args.runs):
                        for site in (sites if run % 2 == 0 else sites[::-1]):
                            trace = folder / f"trace-{run}.json" if args.trace else None
                            site.visits.append(visit(browser, device, site.url, trace))
                finally:
                    browser.close()
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=30)
            if args.against:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(folder / "against")], check=False)
    report(sites)


if __name__ == "__main__":
    main()
