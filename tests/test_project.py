"""Project-level checks: the README's commands, CI script, typing, lint, generated files."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", section, re.S)


def test_readme_quick_start_has_exactly_two_commands_and_ci_runs_the_second() -> None:
    commands = _quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    assert "maumau play" in commands[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()


def test_every_long_check_runs_in_a_nox_session_that_ci_runs_after_the_readme_command() -> None:
    """Issue 26: a test left out of the README's command (``@pytest.mark.nox_session(NAME)``) names a session of
    ``noxfile.LONG_CHECKS``; the noxfile defines each, ``.ci/run`` runs every one after the README's command, and the
    README's Quick start names them. Nothing is dropped: each such session has at least one test."""
    import ast

    marked = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                marked |= {ast.literal_eval(d.args[0]) for d in node.decorator_list if isinstance(d, ast.Call)
                           and isinstance(d.func, ast.Attribute) and d.func.attr == "nox_session"}
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    (long_checks,) = [ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == "LONG_CHECKS" for t in node.targets)]
    sessions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert marked == set(long_checks) and set(long_checks) <= sessions, (marked, long_checks)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme_line = ci.index(_quick_start_commands()[1])
    (nox_line,) = [i for i, line in enumerate(ci) if "/nox " in line]
    assert nox_line > readme_line and ci[nox_line].split(" -s ", 1)[1].split() == list(long_checks)
    quick_start = (ROOT / "README.md").read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert all(f"nox -s {name}" in quick_start for name in long_checks), quick_start


def test_readme_variant_table_matches_registry() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_readme_variants.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


@pytest.mark.nox_session("typecheck")
def test_mypy_strict_is_clean_for_src_and_tests() -> None:
    """``mypy --strict`` over src and tests: a cold run over the whole tree takes a minute of one core, so it runs in
    ``nox -s typecheck``, which ``.ci/run`` runs after the README's command (issue 26)."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "src", "tests"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed in this environment")
    result = subprocess.run([ruff, "check", "src", "tests", "bench", "scripts"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout[-4000:]


def test_core_imports_only_attrs_and_the_standard_library() -> None:
    code = ("import sys, maumau_rules, maumau_rules.views, maumau_rules.scoring, maumau_rules.bots; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'hypothesis','pytest','numpy','starlette','jsonschema','sphinx','babel'}); print(bad)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.slow(seconds=17)
@pytest.mark.nox_session("integration")
def test_benchmark_smoke_mode_still_runs() -> None:
    """Issue 7: CI runs the benchmark only in its short smoke mode, to check that the script still works."""
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--smoke"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "us/decision" in result.stdout and "maumau_rules standard" in result.stdout
    # the goals' summary: one row per goal the run measured, each "yes" or "no" against its bound
    summary = result.stdout.split("## Goals measured in this run", 1)[1]
    for what in ("bare decision / OpenSpiel uniform Python loop, 2p", "server step / bare decision, 4p",
                 "/ OpenSpiel C++ loop, 2p"):
        assert re.search(re.escape(what) + r".*\s(yes|no)\s", summary), what


@pytest.mark.nox_session("integration")
def test_records_scale_benchmark_still_runs(tmp_path: Path) -> None:
    """The records-at-scale benchmark, on a tiny file (its figures are printed, never asserted)."""
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "records_scale.py"), "--games", "20", "--jobs", "1",
                             "--dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "moves/s" in result.stdout and "read/replay" in result.stdout
    assert list(tmp_path.iterdir()) == []  # the files it wrote are removed


def test_compiled_benchmark_worker_refuses_the_pure_engine() -> None:
    """Issue 7: ``bench/run.py --compiled`` times a mypyc build in worker processes; a worker that would
    import the pure-Python engine instead refuses, so a pure figure is never shown as a compiled one."""
    spec = '["standard", 2, 0.01, 1, 0, "cpu"]'
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--worker", spec], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "is not compiled" in result.stderr and result.stdout == ""


def test_instruction_count_worker_plays_the_games_it_is_given() -> None:
    """Issue 7: ``bench/instructions.py`` counts instructions per decision under valgrind; its worker (what runs
    under valgrind) plays the requested games and prints their decisions, and a compiled arm refuses the pure
    engine."""
    script = str(ROOT / "bench" / "instructions.py")
    one = subprocess.run([sys.executable, script, "--worker", '["ours", "standard", 2, 1, 3]'], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    two = subprocess.run([sys.executable, script, "--worker", '["ours", "standard", 2, 2, 3]'], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert 0 < int(one.stdout) < int(two.stdout)
    compiled = subprocess.run([sys.executable, script, "--worker", '["compiled", "standard", 2, 1, 3]'], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    assert compiled.returncode == 2 and "is not compiled" in compiled.stderr
    for floor in ("floor-loop", "floor-state"):  # the floors (--floor) run their fixed decisions a "game"
        run = subprocess.run([sys.executable, script, "--worker", f'["{floor}", "standard", 2, 2, 3]'], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0 and int(run.stdout) == 600, run.stderr


@pytest.mark.nox_session("compiled")
@pytest.mark.slow(seconds=30)
def test_the_compiled_wheel_builds_and_plays_the_same_games(tmp_path: Path) -> None:
    """Issue 7: ``bench/compile.py --wheel`` builds an installable wheel whose engine is compiled by mypyc (it
    needs a C compiler and the package index for its build tools); unpacked, it imports the compiled engine
    and plays the same game, move for move, as the pure-Python engine."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) to build the compiled wheel")
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, str(ROOT / "bench" / "compile.py"), "--wheel", str(dist)], cwd=ROOT,
                           capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, (build.stdout + build.stderr)[-3000:]
    (wheel,) = dist.glob("maumau_rules-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "site")
    assert any(n.startswith("maumau_rules/families/maumau/engine.") and n.endswith((".so", ".pyd")) for n in names)
    assert "maumau_rules/py.typed" in names and any(n.endswith("entry_points.txt") for n in names)
    code = ("import random, maumau_rules.families.maumau.engine as e\n"
            "from maumau_rules import apply, legal_moves, new_game\n"
            "s = new_game('mau-king', 3, 11); choose = random.Random(5).choice; moves = []\n"
            "while not s.is_over:\n"
            "    m = choose(legal_moves(s)); moves.append(str(m)); s = apply(s, m)\n"
            "print(e.__file__.endswith(('.so', '.pyd')), s.winner, s.turn, hash(tuple(moves)))\n")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    compiled = subprocess.run([sys.executable, "-c", code], env={**env, "PYTHONPATH": str(tmp_path / "site")},
                              cwd=tmp_path, capture_output=True, text=True, timeout=120, check=True).stdout.split()
    pure = subprocess.run([sys.executable, "-c", code], env={**env, "PYTHONPATH": str(ROOT / "src")}, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, check=True).stdout.split()
    assert compiled[0] == "True" and pure[0] == "False"
    assert compiled[1:] == pure[1:]


def _readme_library_snippet() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Using the library", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)\n```", section, re.S)
    return str(code)


@pytest.mark.slow
@pytest.mark.nox_session("integration")
def test_the_built_wheel_installs_in_a_fresh_venv_and_runs_the_readme(tmp_path: Path) -> None:
    """Issue 19: ``python -m build`` makes an sdist and a wheel that pass ``twine check``, carry the licence (and
    the sdist the changelog); the wheel installs into a fresh virtual environment (offline: its one dependency,
    attrs, is copied from this environment) where the README's library snippet and ``maumau --version`` run
    against the installed copy, not the checkout."""
    import importlib.metadata
    import tarfile

    dist = tmp_path / "dist"
    built = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    version = importlib.metadata.version("maumau-rules")
    (wheel,) = dist.glob(f"maumau_rules-{version}-py3-none-any.whl")
    (sdist,) = dist.glob(f"maumau_rules-{version}.tar.gz")
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(f"maumau_rules-{version}.dist-info/METADATA").decode()
    assert f"maumau_rules-{version}.dist-info/licenses/LICENSE" in names and "maumau_rules/py.typed" in names
    assert "License-Expression: MIT" in metadata and "Project-URL: Changelog" in metadata
    assert "Classifier: Programming Language :: Python :: 3.13" in metadata
    with tarfile.open(sdist) as archive:
        members = {m.split("/", 1)[1] for m in archive.getnames() if "/" in m}
    assert {"LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml"} <= members

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    attrs_dist = importlib.metadata.distribution("attrs")
    for file in attrs_dist.files or ():
        source = Path(str(attrs_dist.locate_file(file)))
        if source.is_file() and ".." not in file.parts:
            (site / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, site / file)
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index",
                              "--disable-pip-version-check", str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, (install.stdout + install.stderr)[-3000:]

    snippet = _readme_library_snippet() + "\nimport maumau_rules\nprint(maumau_rules.__file__, maumau_rules.__version__)\n"
    ran = subprocess.run([str(python), "-c", snippet], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert ran.returncode == 0, ran.stderr[-3000:]
    where, printed_version = ran.stdout.split()[-2:]
    assert Path(where).is_relative_to(site) and printed_version == version
    command = venv / ("Scripts/maumau.exe" if os.name == "nt" else "bin/maumau")
    shown = subprocess.run([str(command), "--version"], capture_output=True, text=True, timeout=60)
    assert (shown.returncode, shown.stdout) == (0, f"maumau_rules {version}\n")


def _not_in_the_docs_extra() -> list[str]:
    """The top-level modules of every distribution an extra names that the ``docs`` extra and the package's own
    dependencies do not: what a ``pip install ".[docs]"`` lacks (numpy, pyspiel, pettingzoo, jsonschema ...)."""
    import importlib.metadata
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[<>=!~; \[]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}

    extras: dict[str, list[str]] = project["optional-dependencies"]
    lacking = set().union(*map(names, extras.values())) - names(extras["docs"]) - names(project["dependencies"])
    modules = importlib.metadata.packages_distributions()
    return sorted(m for m, dists in modules.items()
                  if {d.lower().replace("_", "-") for d in dists} <= lacking and m.isidentifier())


# Run Sphinx with the modules above, and the repository's ``examples`` package, unimportable (autodoc's mocks,
# inserted in front of this finder, still stand in for the adapters' dependencies while it imports them).
_DOCS_ONLY_SPHINX = """
import importlib.abc, runpy, sys
BLOCKED = set(sys.argv.pop(1).split(","))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (not in the docs extra)", name=name)
        return None
sys.meta_path.insert(0, Block())
sys.argv[0] = "sphinx"
runpy.run_module("sphinx", run_name="__main__", alter_sys=True)
"""


@pytest.mark.nox_session("docs")
@pytest.mark.slow(seconds=60)
def test_docs_build_without_warnings(tmp_path: Path) -> None:
    """Issue 4: the rules reference builds with ``-W`` (any warning fails) and its doctests pass. The doctest
    builder reuses the HTML build's doctrees (one reading of the sources for both builders). Issue 25: ``-n``
    too (every cross-reference resolves), with only what ``pip install ".[docs]"`` installs: the modules of the
    other extras and the repository's ``examples`` cannot be imported, and the build runs outside the
    repository. Issue 26: one Sphinx process of about 75 s of CPU, so it runs in ``nox -s docs`` (``.ci/run``
    runs it after the README's command)."""
    pytest.importorskip("sphinx")
    blocked = _not_in_the_docs_extra()
    assert {"numpy", "pyspiel", "jsonschema"} <= set(blocked), blocked
    doctrees = tmp_path / "doctrees"
    for builder in ("html", "doctest"):
        result = subprocess.run([sys.executable, "-c", _DOCS_ONLY_SPHINX, ",".join([*blocked, "examples"]), "-W",
                                 "-n", "-q", "-b", builder, "-d", str(doctrees), str(ROOT / "docs"),
                                 str(tmp_path / builder)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{builder}: " + (result.stdout + result.stderr)[-4000:]
    summary = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    ran = re.search(r"^ +(\d+) tests$", summary, flags=re.MULTILINE)
    assert ran is not None and int(ran.group(1)) >= 100 and "\n    0 failures in tests" in summary, summary[-800:]
    html = tmp_path / "html"
    index = (html / "index.html").read_text(encoding="utf-8")
    assert "Rules reference" in index and "furo" in index
    assert (html / "_generated" / "differences" / "prsi.html").exists()
    rules = (html / "_generated" / "rules.html").read_text(encoding="utf-8")
    # Issue 19: every rule lists its tests (the build reads them itself), and source IDs link to entries.
    rule_count = len(list((ROOT / "spec" / "rules").glob("*.toml")))
    assert rules.count("<strong>Tests</strong> (") == rule_count and "no test names" not in rules
    assert 'href="sources/000.html#src-std-seven-2"' in rules
    assert 'href="sources/conflicts.html#src-ca-13"' in rules
    sources = (html / "_generated" / "sources" / "000.html").read_text(encoding="utf-8")
    assert 'id="src-std-seven-2"' in sources and "Cited by" in sources
    standard = (html / "_generated" / "variants" / "standard.html").read_text(encoding="utf-8")
    assert 'href="../sources/conflicts.html#src-ca-01"' in standard  # a decision links to its conflict
    assert 'href="_generated/sources/000.html#src-std-deck-2"' in (html / "notation.html").read_text(
        encoding="utf-8")
    for page in ("playing", "matrix", "sources/index", "sources/external"):
        assert (html / "_generated" / f"{page}.html").exists(), page
    for page in ("install", "cli", "stability"):
        assert (html / f"{page}.html").exists(), page


_MARKS_PLUGIN = """
import json, os


FOUND = {}


def pytest_itemcollected(item):
    # every collected test, the nox sessions' long checks included (the conftest leaves those out afterwards)
    ids = [rule_id for mark in item.iter_markers("rule") for rule_id in mark.args]
    if ids:
        FOUND.setdefault(item.nodeid.split("[")[0], set()).update(ids)


def pytest_collection_finish(session):
    found = FOUND
    with open(os.environ["MAUMAU_MARKS_OUT"], "w") as fh:
        json.dump({node: sorted(ids) for node, ids in found.items()}, fh)
"""


def test_the_docs_list_the_same_rule_tests_as_pytest_collects(tmp_path: Path) -> None:
    """Issue 19: the reference reads each rule's tests from the test files (docs/_ext/maumau_tests.py) instead of
    an earlier pytest run; what it reads equals the rule marks pytest itself collects."""
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("maumau_tests", ROOT / "docs" / "_ext" / "maumau_tests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    static: dict[str, list[str]] = module.rule_tests(ROOT)
    by_test: dict[str, set[str]] = {}
    for rule_id, nodes in static.items():
        for node in nodes:
            by_test.setdefault(node, set()).add(rule_id)
    assert len(by_test) > 100
    files = sorted({str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")
                    if "mark.rule" in p.read_text(encoding="utf-8")})
    (tmp_path / "maumau_marks_dump.py").write_text(_MARKS_PLUGIN, encoding="utf-8")
    out = tmp_path / "marks.json"
    env = {**os.environ, "MAUMAU_MARKS_OUT": str(out),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                             "-p", "maumau_marks_dump", *files], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    collected = {node: set(ids) for node, ids in json.loads(out.read_text(encoding="utf-8")).items()}
    assert collected == by_test


def test_every_public_function_has_a_docstring_with_a_doctest() -> None:
    """Standard: every public function and method in src has a docstring with a doctest."""
    import ast

    missing: list[str] = []
    for path in sorted((ROOT / "src" / "maumau_rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        todo: list[tuple[ast.AST, str]] = [(tree, "")]
        while todo:
            node, prefix = todo.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and not child.name.startswith("_"):
                    if any(isinstance(d, ast.Name) and d.id == "overload" for d in child.decorator_list):
                        continue  # a typing.overload stub declares a signature; the function it types has the docs
                    if ">>>" not in (ast.get_docstring(child) or ""):
                        missing.append(f"{path.relative_to(ROOT)}:{child.lineno} {prefix}{child.name}")
                elif isinstance(child, ast.ClassDef) and not child.name.startswith("_"):
                    todo.append((child, f"{prefix}{child.name}."))
    assert missing == []
