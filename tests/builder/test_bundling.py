"""The builder's modules bundled into one script (carcwiki/builder/bundling.py) and served
as the static file js/builder.bundle.js (carcwiki/builder/bundle_finder.py).

The bundles are run in Node (Debian's, as for tests/builder/js/) to check that they do
what the modules do: the same values, the same order of side effects."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from carcwiki.builder.bundle_finder import BUNDLE, SOURCE_MAP, BuilderBundleFinder
from carcwiki.builder.bundling import BundleError, bundle
from carcwiki.builder.thinning import thin

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "static" / "js" / "builder"


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def run(code: str) -> list:
    """Run a bundle as a module in Node; what it logged, one JSON value a line."""
    node = shutil.which("node")
    assert node, "Node is needed (Debian's nodejs, as for tests/builder/js/)"
    result = subprocess.run([node, "--input-type=module", "-"], input=code, text=True,
                            capture_output=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


LOG = 'const log = (value) => console.log(JSON.stringify(value));\n'


# -- what a bundle does -------------------------------------------------------------------------

def test_modules_run_once_each_after_what_they_import_in_import_order(tmp_path):
    write(tmp_path, {
        "log.js": LOG.replace("const log", "export const log"),
        "a.js": 'import { log } from "./log.js";\nlog("a");\nexport const A = 1;\n',
        "b.js": 'import { log } from "./log.js";\nimport { A } from "./a.js";\nlog("b");\n'
                'export function b() { return A + 1; }\n',
        "main.js": 'import { log } from "./log.js";\nimport { b } from "./b.js";\n'
                   'import { A } from "./a.js";\nlog(["main", A, b()]);\n',
    })
    made = bundle(tmp_path, "main.js")
    assert made.modules == ["log.js", "a.js", "b.js", "main.js"]
    assert run(made.code) == ["a", "b", ["main", 1, 2]]


def test_every_form_of_import_and_export_the_project_uses(tmp_path):
    write(tmp_path, {
        "shapes/square.js": (
            "// Squares.\n"
            "export const SIDE = 4;\n"
            "export function area(side = SIDE) { return side * side; }\n"
            "export async function later() { return 'later'; }\n"
            "export class Square { constructor(side) { this.side = side; } }\n"
            "const hidden = 'hidden';\n"
            "const perimeter = (side) => 4 * side;\n"
            "export { perimeter, hidden as shown };\n"
        ),
        "main.js": (
            LOG
            + "import {\n  SIDE, area as surface,\n  Square,\n} from './shapes/square.js';\n"
            "import * as square from \"./shapes/square.js\";\n"
            "import { perimeter, shown } from \"./shapes/square.js\";\n"
            "log([SIDE, surface(), new Square(2).side, perimeter(3), shown]);\n"
            "log(Object.keys(square).sort());\n"
            "log(await square.later());\n"
            "log(typeof hidden);\n"
        ),
    })
    made = bundle(tmp_path, "main.js")
    assert run(made.code) == [
        [4, 16, 2, 12, "hidden"],  # exported as "shown"
        ["SIDE", "Square", "area", "later", "perimeter", "shown"],
        "later",
        "undefined",  # what a module does not export stays in its scope
    ]


def test_a_top_level_await_holds_back_the_modules_that_import_it(tmp_path):
    write(tmp_path, {
        "ready.js": LOG + "export const value = await Promise.resolve(7);\nlog('ready');\n",
        "main.js": LOG + "import { value } from './ready.js';\nlog(['main', value]);\n",
    })
    assert run(bundle(tmp_path, "main.js").code) == ["ready", ["main", 7]]


def test_a_module_runs_in_strict_mode_as_modules_do(tmp_path):
    write(tmp_path, {"main.js": LOG + "log(this === undefined);\n"
                                      "try { undeclared = 1; log('sloppy'); }\n"
                                      "catch (error) { log(error.name); }\n"})
    assert run(bundle(tmp_path, "main.js").code) == [True, "ReferenceError"]


def test_each_line_keeps_its_number_and_the_source_map_says_where_it_came_from(tmp_path):
    write(tmp_path, {
        "dom.js": "// dom\nexport const h = 1;\n\nexport function where() {\n"
                  "  return new Error().stack;\n}\n",
        "main.js": "import {\n  h,\n  where,\n} from './dom.js';\nconst line = 5;\n",
    })
    made = bundle(tmp_path, "main.js", sources_url="builder", map_name="bundle.js.map")
    assert made.code.splitlines()[1:] == [
        "const module$dom = (() => { // dom.js",
        "// dom",
        "const h = 1;",
        "",
        "function where() {",
        "  return new Error().stack;",
        "}",
        "return { h, where };",
        "})();",
        "const module$main = (() => { // main.js",
        "const { h, where } = module$dom;",  # the import, hoisted to the module's first line
        "",
        "",
        "",
        "const line = 5;",
        "return {};",
        "})();",
        "//# sourceMappingURL=bundle.js.map",
    ]
    assert made.source_map["sources"] == ["builder/dom.js", "builder/main.js"]
    assert decode_lines(made.source_map["mappings"]) == {
        **{2 + line: (0, line) for line in range(6)},
        **{11 + line: (1, line) for line in range(5)},
    }


def decode_lines(mappings: str) -> dict[int, tuple[int, int]]:
    """Generated line → (source index, source line), from a line-by-line source map."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    source = line = 0
    found = {}
    for generated, segment in enumerate(mappings.split(";")):
        if not segment:
            continue
        values, value, shift = [], 0, 0
        for character in segment:
            digit = digits.index(character)
            value += (digit & 31) << shift
            shift += 5
            if not digit & 32:
                values.append(-(value >> 1) if value & 1 else value >> 1)
                value, shift = 0, 0
        assert len(values) == 4 and values[0] == 0 and values[3] == 0
        source += values[1]
        line += values[2]
        found[generated] = (source, line)
    return found


def mapped_line(mapped: dict[int, tuple[int, int]], source: int, line: int) -> int:
    return next(generated for generated, at in mapped.items() if at == (source, line))


# -- what it refuses, and why ---------------------------------------------------------------------

@pytest.mark.parametrize("text, said", [
    ("export default function main() {}\n", "main.js:1: not bundled: 'export default"),
    ("export let count = 0;\n", "main.js:1: not bundled: 'export let count = 0;'"),
    ("// a\nexport const { a, b } = {};\n", "main.js:2: not bundled: 'export const { a, b }"),
    ("import dom from './dom.js';\n", "main.js:1: not bundled: \"import dom from"),
    ("import { default as x } from './dom.js';\n", "main.js:1: not bundled: 'default as x'"),
    ("export { h } from './dom.js';\n", "main.js:1: not bundled: \"export { h } from"),
    ("const later = import('./dom.js');\n", "main.js:1: import( is not bundled"),
    ("console.log(import.meta.url);\n", "main.js:1: import.meta is not bundled"),
    ("import { h } from 'dom';\n", "main.js:1: only relative imports such as \"./dom.js\""),
    ("import { h } from '../dom.js';\n", "main.js:1: '../dom.js' is outside the folder"),
    ("import { h } from './nowhere.js';\n", "nowhere.js: cannot read it"),
    ("export const a = 1;\nconst b = 2;\nexport { b as a };\n", "main.js: a is exported twice"),
])
def test_a_form_it_does_not_read_is_refused_with_the_file_and_line(tmp_path, text, said):
    write(tmp_path, {"main.js": text, "dom.js": "export const h = 1;\n"})
    with pytest.raises(BundleError) as refused:
        bundle(tmp_path, "main.js")
    assert said in str(refused.value)


def test_a_cycle_of_imports_is_refused_and_named(tmp_path):
    write(tmp_path, {
        "main.js": "import { a } from './a.js';\n",
        "a.js": "import { b } from './b.js';\nexport const a = 1;\n",
        "b.js": "import { a } from './a.js';\nexport const b = 2;\n",
    })
    with pytest.raises(BundleError, match="a cycle: a.js → b.js → a.js"):
        bundle(tmp_path, "main.js")


# -- the builder's own modules --------------------------------------------------------------------

def test_the_builders_bundle_has_every_module_once_and_parses():
    made = bundle(MODULES, "main.js")
    on_disk = {str(path.relative_to(MODULES)) for path in MODULES.rglob("*.js")}
    # A module that main.js no longer reaches is dead code: delete it, or import it.
    assert sorted(made.modules) == sorted(on_disk)
    assert made.modules[-1] == "main.js"
    assert len(re.findall(r"^const module\$\w+ = ", made.code, re.M)) == len(on_disk)
    node = shutil.which("node")
    assert node
    checked = subprocess.run([node, "--input-type=module", "--check"], input=made.code,
                             text=True, capture_output=True, timeout=60, check=False)
    assert checked.returncode == 0, checked.stderr


def test_each_builder_module_keeps_its_lines_in_the_bundle():
    made = bundle(MODULES, "main.js", sources_url="builder")
    lines = made.code.splitlines()
    mapped = decode_lines(made.source_map["mappings"])
    for index, name in enumerate(made.modules):
        original = (MODULES / name).read_text().splitlines()
        in_bundle = {line: lines[generated] for generated, (source, line) in mapped.items()
                     if source == index}
        assert sorted(in_bundle) == list(range(len(original))), name
        importing = False
        for line, text in enumerate(original):
            importing = importing or text.startswith("import ")
            if importing:
                expected = ("", )
                importing = not text.rstrip().endswith(";")
            else:
                expected = (text, text.removeprefix("export "))
            if line == 0:
                assert in_bundle[0].endswith(expected), name
            else:
                assert in_bundle[line] in expected, (name, line + 1)


# -- served as a static file ----------------------------------------------------------------------

def test_the_finder_rebuilds_the_bundle_when_a_module_changes(tmp_path):
    modules = write(tmp_path / "builder", {"main.js": LOG + "log(1);\n"})
    finder = BuilderBundleFinder(modules=modules)
    first = Path(finder.find(BUNDLE))
    assert run(first.read_text()) == [1]
    assert finder.find("js/builder/main.js") == []
    assert finder.find(SOURCE_MAP, find_all=True) == [str(first.with_name("builder.bundle.js.map"))]
    (modules / "main.js").write_text(LOG + "log(2); log(3);\n")
    assert run(Path(finder.find(BUNDLE)).read_text()) == [2, 3]
    assert sorted(path for path, _ in finder.list(None)) == [BUNDLE, SOURCE_MAP]


def test_a_module_that_cannot_be_bundled_fails_the_system_check(tmp_path):
    modules = write(tmp_path / "builder", {"main.js": "export default 1;\n"})
    [error] = BuilderBundleFinder(modules=modules).check()
    assert error.id == "builder.E001"
    assert "main.js:1: not bundled" in error.msg


def test_make_run_serves_the_bundle_from_the_modules():
    with override_settings(WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True):
        response = Client().get("/static/" + BUNDLE)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    served = b"".join(response.streaming_content).decode()
    assert served == bundle(MODULES, "main.js", sources_url="builder",
                            map_name="builder.bundle.js.map", thinned=True).code


def test_collectstatic_writes_it_hashed_and_compressed_with_its_map(tmp_path):
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", "--noinput", verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    hashed = tmp_path / manifest[BUNDLE]
    assert re.fullmatch(r"js/builder\.bundle\.[0-9a-f]{12}\.js", manifest[BUNDLE])
    code = hashed.read_text()
    assert gzip.decompress(hashed.with_name(hashed.name + ".gz").read_bytes()).decode() == code
    map_name = Path(manifest[SOURCE_MAP]).name
    assert code.splitlines()[-1] == f"//# sourceMappingURL={map_name}"
    assert json.loads((tmp_path / manifest[SOURCE_MAP]).read_text())["sources"][-1] == \
        "builder/main.js"


# -- thinned: without comments and indentation ----------------------------------------------------

@pytest.mark.parametrize(("text", "thinned"), [
    # Comments go, a block comment's line ends stay; indentation and trailing spaces go.
    ("  const a = 1; // one\n    /* two\n   lines */ const b = 2;  \n",
     "const a = 1;\n\nconst b = 2;\n"),
    ("f(a/**/, b)", "f(a , b)"),
    # What looks like a comment inside a string, a template literal or a regular
    # expression is kept, and so is a template literal's text on its next lines.
    ("const url = 'http://x' + \"/*y*/\";", "const url = 'http://x' + \"/*y*/\";"),
    ("const t = `a // b\n    c ${ x // y\n  } d`;\n  e();",
     "const t = `a // b\n    c ${ x\n} d`;\ne();"),
    ("const n = `${`${a}`}`; // nested", "const n = `${`${a}`}`;"),
    ("const r = /\\/\\/[/*]/g.test(s) ? x / 2 / y : z; // end",
     "const r = /\\/\\/[/*]/g.test(s) ? x / 2 / y : z;"),
    ("return /a\\/b/.exec(s);", "return /a\\/b/.exec(s);"),
    ("const o = { a: (b) / 2 };", "const o = { a: (b) / 2 };"),
])
def test_thinning_takes_out_comments_and_indentation_and_nothing_else(text, thinned):
    assert thin(text) == thinned
    assert thinned.count("\n") == text.count("\n")


def test_a_thinned_bundle_runs_the_same(tmp_path):
    write(tmp_path, {
        "shapes.js": "// Squares.\nexport const SIDE = 4; /* the side */\n"
                     "export function area(side = SIDE) {\n  // its area\n"
                     "  return side * side;\n}\n",
        "main.js": LOG + "import { SIDE, area } from './shapes.js';\n"
                         "const words = `side\n  ${SIDE} // kept`;\n"
                         "log([area(), words, '//kept', /\\/\\//.test('//')]);\n",
    })
    made = bundle(tmp_path, "main.js", thinned=True)
    assert run(made.code) == [[16, "side\n  4 // kept", "//kept", True]]
    assert "Squares" not in made.code and "its area" not in made.code


def test_the_builders_bundle_is_thinned_line_for_line_and_parses():
    """Measured: 318,984 bytes (85,955 gzipped) as written, 229,493 (58,397) thinned."""
    whole = bundle(MODULES, "main.js", sources_url="builder")
    made = bundle(MODULES, "main.js", sources_url="builder", thinned=True)
    assert made.source_map == whole.source_map and made.code.count("\n") == whole.code.count("\n")
    node = shutil.which("node")
    checked = subprocess.run([node, "--input-type=module", "--check"], input=made.code,
                             text=True, capture_output=True, timeout=60, check=False)
    assert checked.returncode == 0, checked.stderr
    # Each line is its module's line less comments and indentation: the code is unchanged.
    for thinned, line in zip(made.code.splitlines(), whole.code.splitlines(), strict=True):
        assert thinned == "" or thinned in line or "`" in line or "/*" in line, (thinned, line)
    assert len(gzip.compress(made.code.encode())) < 0.75 * len(gzip.compress(whole.code.encode()))
    # 65,132 bytes gzipped with the chips of the figures nobody owns (neutraldock.js;
    # 64,072 before); the first load, all of it, stays near 88 KB of the 150 KB allowed.
    assert len(gzip.compress(made.code.encode())) < 66_000
