"""One script from the builder's ES modules, so that a first visit fetches one file, not
nineteen (each a round trip on a phone's network).

:func:`bundle` starts from an entry module, follows its ``import`` statements to the
modules they name, and writes them out in the order a browser runs them (a module after
the modules it imports, in the order of its imports), each in a function scope of its
own: what it imports is taken from the value that the imported module's scope returned,
and what it exports is returned from its scope. Nothing else of the source changes (but
its comments and indentation, when it is ``thinned``), and every module keeps its line
count, so that a line of the bundle maps to one line of one module
(:attr:`Bundle.source_map`).

It reads the project's own style of module, and refuses the rest with
:class:`BundleError` naming the file and line, rather than guess:

- ``import { a, b as c } from "./x.js";`` (over several lines too),
  ``import * as x from "./x.js";`` and ``import "./x.js";``, at the start of a line;
- ``export function``, ``export async function``, ``export class`` and ``export const``
  of one name, and ``export { a, b as c };``;
- not: default exports and imports, ``export let``/``var`` (an importer would not see
  the binding change), re-exports (``export … from``), destructured exports, dynamic
  ``import()``, ``import.meta``, module specifiers that are not relative paths inside the
  modules' folder, and cycles of imports.

No Django here: :mod:`carcwiki.builder.bundle_finder` serves the result as a static file.
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

from .thinning import ThinningError, thin

IDENTIFIER = r"[A-Za-z_$][\w$]*"
IMPORT_NAMES = re.compile(
    r"^import\s*\{(?P<names>[^}]*)\}\s*from\s*(?P<quote>[\"'])(?P<path>[^\"']+)(?P=quote)\s*;?",
    re.M)
IMPORT_ALL = re.compile(
    rf"^import\s*\*\s*as\s+(?P<name>{IDENTIFIER})\s+from\s*(?P<quote>[\"'])(?P<path>[^\"']+)"
    r"(?P=quote)\s*;?", re.M)
IMPORT_BARE = re.compile(r"^import\s*(?P<quote>[\"'])(?P<path>[^\"']+)(?P=quote)\s*;?", re.M)
EXPORT_DECLARATION = re.compile(
    rf"^export\s+(?P<kind>async\s+function\s*\*?|function\s*\*?|class|const)\s*(?P<name>{IDENTIFIER})",
    re.M)
EXPORT_LIST = re.compile(r"^export\s*\{(?P<names>[^}]*)\}\s*;?[ \t]*$", re.M)
# Anything else that starts a line with ``import`` or ``export`` is a form not read here.
LEFT_OVER = re.compile(r"^(?:import|export)\b.*", re.M)
DYNAMIC = re.compile(r"\bimport\s*\(|\bimport\.meta\b")
SPECIFIER = re.compile(r"^\.{1,2}/")
AWAIT = re.compile(r"\bawait\b")


class BundleError(ValueError):
    """A module the bundler cannot read: the message names the file and the line."""


@dataclass
class Module:
    name: str  # its path inside the modules' folder, such as "builder/dom.js"
    text: str
    # (module, what it binds: [(name, local)] for a list, a name for "* as", None for none)
    imports: list[tuple[str, list[tuple[str, str]] | str | None]] = field(default_factory=list)
    exports: list[tuple[str, str]] = field(default_factory=list)  # (exported, local)
    body: str = ""  # the text with its import and export syntax taken out


@dataclass
class Bundle:
    code: str
    modules: list[str]  # in the order they run
    source_map: dict  # a source map (version 3) of ``code``, line by line

    def source_map_json(self) -> str:
        return json.dumps(self.source_map, separators=(",", ":"))


def bundle(folder: Path, entry: str, *, sources_url: str = "", map_name: str = "",
           thinned: bool = False) -> Bundle:
    """The modules of ``folder`` that ``entry`` reaches, as one module without imports
    or exports (it may await: load it with ``<script type="module">``).

    ``sources_url`` is where the source map says the modules are (relative to the map);
    ``map_name``, if given, is written at the end of the code as its source map's URL;
    ``thinned``: each module without its comments and indentation (:mod:`thinning`), line
    for line, so that the source map holds."""
    modules = _ordered(Path(folder), entry)
    if thinned:
        for module in modules:
            try:
                module.body = thin(module.body)
            except ThinningError as error:
                raise BundleError(f"{module.name}: {error}") from error
    variables = _variables([module.name for module in modules])
    lines = [f"// {len(modules)} modules from {entry}, bundled by carcwiki/builder/bundling.py:"
             " each runs in its own scope, after the modules it imports."]
    sections = []
    for module in modules:
        # A module that awaits (at its top level, or in a function: the text does not
        # say which) runs in an async scope that the bundle awaits, as a browser waits for
        # a module's top-level await before it runs the modules that import it.
        waits = AWAIT.search(module.body) is not None
        opening = "await (async () => {" if waits else "(() => {"
        lines.append(f"const {variables[module.name]} = {opening} // {module.name}")
        body = _with_imports(module, variables).split("\n")
        sections.append((len(lines), module.name, len(body)))
        lines.extend(body)
        exported = ", ".join(name if name == local else f"{name}: {local}"
                             for name, local in module.exports)
        lines.append(f"return {{ {exported} }};" if exported else "return {};")
        lines.append("})();")
    if map_name:
        lines.append(f"//# sourceMappingURL={map_name}")
    code = "\n".join(lines) + "\n"
    return Bundle(code, [module.name for module in modules],
                  _source_map(sections, sources_url))


# -- reading a module ---------------------------------------------------------------------------

def _read(folder: Path, name: str) -> Module:
    path = folder / name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BundleError(f"{name}: cannot read it ({error.strerror})") from error
    module = Module(name, text)
    found = DYNAMIC.search(text)
    if found:
        raise BundleError(f"{name}:{_line(text, found.start())}: {found.group(0).strip()} is not "
                          "bundled; import the module at the top instead")

    def imported(match: re.Match, names: list[tuple[str, str]] | str | None) -> str:
        target = _resolve(name, match.group("path"), text, match.start())
        module.imports.append((target, names))
        return _blank(match.group(0))

    def named(match: re.Match) -> str:
        return imported(match, _names(match.group("names"), name, text, match.start()))

    body = IMPORT_NAMES.sub(named, text)
    body = IMPORT_ALL.sub(lambda match: imported(match, match.group("name")), body)
    body = IMPORT_BARE.sub(lambda match: imported(match, None), body)

    def declared(match: re.Match) -> str:
        module.exports.append((match.group("name"), match.group("name")))
        return match.group(0).removeprefix("export").lstrip()

    def listed(match: re.Match) -> str:
        for local, exported in _names(match.group("names"), name, text, match.start()):
            module.exports.append((exported, local))
        return _blank(match.group(0))

    body = EXPORT_DECLARATION.sub(declared, body)
    body = EXPORT_LIST.sub(listed, body)
    left = LEFT_OVER.search(body)
    if left:
        raise BundleError(f"{name}:{_line(body, left.start())}: not bundled: {left.group(0)!r} "
                          "(see carcwiki/builder/bundling.py for the forms it reads)")
    seen: set[str] = set()
    for exported, _ in module.exports:
        if exported in seen:
            raise BundleError(f"{name}: {exported} is exported twice")
        seen.add(exported)
    module.body = body
    return module


def _names(listed: str, name: str, text: str, at: int) -> list[tuple[str, str]]:
    """``a, b as c`` as [("a", "a"), ("b", "c")]."""
    pairs = []
    for item in (part.strip() for part in listed.split(",")):
        if not item:
            continue
        match = re.fullmatch(rf"({IDENTIFIER})(?:\s+as\s+({IDENTIFIER}))?", item)
        if not match or "default" in (match.group(1), match.group(2)):
            raise BundleError(f"{name}:{_line(text, at)}: not bundled: {item!r} in an import or "
                              "export list")
        pairs.append((match.group(1), match.group(2) or match.group(1)))
    return pairs


def _binding(names: list[tuple[str, str]] | str | None, variable: str) -> str:
    """What an import becomes inside the importer's scope: its names taken from the
    imported module's ``variable``."""
    if names is None:
        return ""
    if isinstance(names, str):
        return f"const {names} = {variable};"
    fields = ", ".join(name if name == local else f"{name}: {local}" for name, local in names)
    return f"const {{ {fields} }} = {variable};"


def _resolve(importer: str, specifier: str, text: str, at: int) -> str:
    if not SPECIFIER.match(specifier):
        raise BundleError(f"{importer}:{_line(text, at)}: only relative imports such as "
                          f"\"./dom.js\" are bundled, not {specifier!r}")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(importer), specifier))
    if target.startswith("../") or target == "..":
        raise BundleError(f"{importer}:{_line(text, at)}: {specifier!r} is outside the folder "
                          "of the modules")
    return target


def _blank(statement: str) -> str:
    """As many line ends as the statement had: the lines after it keep their numbers."""
    return "\n" * statement.count("\n")


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


# -- the order ----------------------------------------------------------------------------------

def _ordered(folder: Path, entry: str) -> list[Module]:
    """The modules ``entry`` reaches, each after those it imports, in import order (the
    order in which a browser evaluates an acyclic module graph)."""
    done: dict[str, Module] = {}
    path: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in path:
            cycle = " → ".join([*path[path.index(name):], name])
            raise BundleError(f"the modules import each other in a cycle: {cycle}")
        path.append(name)
        module = _read(folder, name)
        for target, _ in module.imports:
            visit(target)
        path.pop()
        done[name] = module

    visit(posixpath.normpath(entry))
    return list(done.values())


def _variables(names: list[str]) -> dict[str, str]:
    """A variable for each module's exports, named after its file: ``module$dom``."""
    variables: dict[str, str] = {}
    for name in names:
        stem = re.sub(r"\W", "_", name.removesuffix(".js").replace("/", "$"))
        variable, count = f"module${stem}", 1
        while variable in variables.values():
            count += 1
            variable = f"module${stem}{count}"
        variables[name] = variable
    return variables


def _with_imports(module: Module, variables: dict[str, str]) -> str:
    """The module's body with the bindings of its imports declared first."""
    lines = module.body.removesuffix("\n").split("\n")
    # Imports are hoisted: their bindings go at the top of the scope, on the module's
    # first line, whose number then stays the same.
    bound = " ".join(filter(None, (_binding(names, variables[target])
                                   for target, names in module.imports)))
    lines[0] = " ".join(filter(None, (bound, lines[0])))
    return "\n".join(lines)


# -- the source map -----------------------------------------------------------------------------

def _source_map(sections: list[tuple[int, str, int]], sources_url: str) -> dict:
    """A version 3 source map: each line of a module's body in the bundle points at the
    same line of the module, column 0."""
    sources = [posixpath.join(sources_url, name) if sources_url else name
               for _, name, _ in sections]
    lines: list[str] = []
    previous_source = previous_line = 0
    for index, (first_line, _, count) in enumerate(sections):
        while len(lines) < first_line:
            lines.append("")
        for line in range(count):
            # Fields: generated column, source index, source line, source column; each
            # relative to the previous segment's value (VLQ, base64).
            lines.append(_vlq(0) + _vlq(index - previous_source) + _vlq(line - previous_line)
                         + _vlq(0))
            previous_source, previous_line = index, line
    return {"version": 3, "sources": sources, "names": [], "mappings": ";".join(lines)}


_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _vlq(value: int) -> str:
    """A number in a source map's base64 variable-length quantity."""
    number = (-value << 1) | 1 if value < 0 else value << 1
    digits = ""
    while True:
        digit, number = number & 31, number >> 5
        digits += _DIGITS[digit | (32 if number else 0)]
        if not number:
            return digits
