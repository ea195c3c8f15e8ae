"""The traceability hooks of tests/conftest.py, run end to end on a tiny copy of the layout.

Each test builds ``spec/rules`` with two rules and a ``tests/`` tree that uses the real conftest, then
runs ``pytest --collect-only`` on it and checks its exit code, message and ``build/trace.json``. The collections
run in this process (``pytester``: a fresh configuration each time, sys.modules and sys.path restored after), which
saves starting Python, pytest and Hypothesis for each; the runs under pytest-xdist start their own processes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

RULE = """[rule]
id = "{id}"
title = "t"
kind = "turn"
since = "0.1.0"
status = "{status}"
sources = []
invariants = []
text = "t"
"""


def _project(tmp_path: Path, tests: str, *, deprecated: bool = False) -> Path:
    (tmp_path / "spec" / "rules").mkdir(parents=True)
    (tmp_path / "spec" / "rules" / "R_ONE.toml").write_text(RULE.format(id="R_ONE", status="active"))
    status = "deprecated" if deprecated else "active"
    (tmp_path / "spec" / "rules" / "R_TWO.toml").write_text(RULE.format(id="R_TWO", status=status))
    (tmp_path / "tests").mkdir()
    shutil.copy(CONFTEST, tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_x.py").write_text("import pytest\n\n" + tests)
    (tmp_path / "pytest.ini").write_text("[pytest]\ntestpaths = tests\nmarkers =\n    rule(*ids): rules\n"
                                         "    nox_session(name): long\n")
    return tmp_path


@attrs.frozen
class Collected:
    """What a collection run returned and printed."""

    returncode: int
    stdout: str
    stderr: str


def _collect(pytester: pytest.Pytester, *args: str) -> Collected:
    """``pytest --collect-only`` in ``pytester.path``, in this process."""
    result = pytester.runpytest_inprocess("--collect-only", "-q", "-p", "no:cacheprovider", *args)
    return Collected(int(result.ret), result.stdout.str(), result.stderr.str())


COVERED = """
@pytest.mark.rule("R_ONE")
def test_a() -> None: ...

@pytest.mark.rule("R_ONE", "R_TWO")
def test_b() -> None: ...

def test_c() -> None: ...
"""


def test_trace_maps_rules_to_tests(pytester: pytest.Pytester) -> None:
    root = _project(pytester.path, COVERED)
    result = _collect(pytester, "--strict-trace")
    assert result.returncode == 0, result.stdout + result.stderr
    trace = json.loads((root / "build" / "trace.json").read_text())
    assert trace == {"R_ONE": ["tests/test_x.py::test_a", "tests/test_x.py::test_b"],
                     "R_TWO": ["tests/test_x.py::test_b"]}


def test_unknown_rule_id_fails_naming_test_and_id(pytester: pytest.Pytester) -> None:
    _project(pytester.path, '@pytest.mark.rule("R_NOPE")\ndef test_a() -> None: ...\n')
    result = _collect(pytester)
    assert result.returncode == 4
    assert "tests/test_x.py::test_a" in result.stderr and "'R_NOPE'" in result.stderr


def test_strict_trace_lists_untested_rules(pytester: pytest.Pytester) -> None:
    _project(pytester.path, '@pytest.mark.rule("R_ONE")\ndef test_a() -> None: ...\n')
    assert _collect(pytester).returncode == 0  # without the option an untested rule is fine
    result = _collect(pytester, "--strict-trace")
    assert result.returncode == 4
    assert "1 of 2 active rules" in result.stderr and "R_TWO" in result.stderr


def test_strict_trace_ignores_deprecated_rules(pytester: pytest.Pytester) -> None:
    _project(pytester.path, '@pytest.mark.rule("R_ONE")\ndef test_a() -> None: ...\n', deprecated=True)
    result = _collect(pytester, "--strict-trace")
    assert result.returncode == 0, result.stderr


def test_partial_run_keeps_the_full_trace(pytester: pytest.Pytester) -> None:
    root = _project(pytester.path, COVERED)
    (root / "tests" / "sub").mkdir()
    (root / "tests" / "sub" / "test_y.py").write_text("def test_y() -> None: ...\n")
    assert _collect(pytester).returncode == 0
    before = (root / "build" / "trace.json").read_text()
    result = _collect(pytester, "tests/sub")
    assert result.returncode == 0
    assert (root / "build" / "trace.json").read_text() == before
    refused = _collect(pytester, "tests/sub", "--strict-trace")
    assert refused.returncode == 4 and "needs the whole suite" in refused.stderr


def test_marker_without_ids_is_refused(pytester: pytest.Pytester) -> None:
    _project(pytester.path, "@pytest.mark.rule()\ndef test_a() -> None: ...\n")
    result = _collect(pytester)
    assert result.returncode == 4 and "needs at least one rule ID" in result.stderr


LONG = """
@pytest.mark.rule("R_ONE")
def test_a() -> None: ...

@pytest.mark.nox_session("long")
@pytest.mark.rule("R_TWO")
def test_b() -> None: ...
"""


def test_a_long_check_is_left_out_of_a_plain_run_and_runs_in_its_session(pytester: pytest.Pytester) -> None:
    """Issue 26: a test marked nox_session(NAME) is deselected by a plain run (its rules still count for the
    trace), and ``--nox-session=NAME`` runs it alone."""
    root = _project(pytester.path, LONG)
    plain = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--strict-trace")
    assert plain.ret == 0, plain.stdout.str() + plain.stderr.str()
    plain.assert_outcomes(passed=1, deselected=1)
    assert "1 long checks left out of this run (deselected) run in nox -s long (1)" in plain.stdout.str()
    assert json.loads((root / "build" / "trace.json").read_text())["R_TWO"] == ["tests/test_x.py::test_b"]
    session = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--nox-session=long", "-v")
    session.assert_outcomes(passed=1, deselected=1)
    assert "test_x.py::test_b PASSED" in session.stdout.str()
    other = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--nox-session=other")
    other.assert_outcomes(deselected=2)


def test_a_nox_session_mark_names_one_session(pytester: pytest.Pytester) -> None:
    _project(pytester.path, "@pytest.mark.nox_session()\ndef test_a() -> None: ...\n")
    result = _collect(pytester)
    assert result.returncode == 4 and "needs one session name" in result.stderr


def _run_parallel(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", *args],
        cwd=root, capture_output=True, text=True, check=False, timeout=120,
    )


@pytest.mark.nox_session("integration")  # three pytest runs under xdist: end to end, beside the others
def test_strict_trace_holds_under_xdist(tmp_path: Path) -> None:
    """With -n 2 only the workers collect: the first writes the trace and the controller enforces it."""
    covered = _project(tmp_path / "covered", COVERED)
    result = _run_parallel(covered, "--strict-trace")
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads((covered / "build" / "trace.json").read_text())["R_TWO"] == ["tests/test_x.py::test_b"]
    missing = _project(tmp_path / "missing", '@pytest.mark.rule("R_ONE")\ndef test_a() -> None: ...\n')
    result = _run_parallel(missing, "--strict-trace")
    assert result.returncode == 4, result.stdout + result.stderr
    assert "1 of 2 active rules" in result.stdout and "R_TWO" in result.stdout
    partial = _run_parallel(missing, "tests/test_x.py", "--strict-trace")
    assert partial.returncode == 4 and "needs the whole suite" in partial.stderr
