"""The traceability hooks of tests/conftest.py, run end to end on a tiny copy of the layout.

Each test builds ``spec/rules`` with two rules and a ``tests/`` tree that uses the real conftest, then
runs ``pytest --collect-only`` in a subprocess and checks its exit code, message and ``build/trace.json``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

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
    (tmp_path / "pytest.ini").write_text("[pytest]\ntestpaths = tests\nmarkers =\n    rule(*ids): rules\n")
    return tmp_path


def _collect(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        cwd=root, capture_output=True, text=True, check=False, timeout=120,
    )


COVERED = """
@pytest.mark.rule("R_ONE")
def test_a() -> None: ...

@pytest.mark.rule("R_ONE", "R_TWO")
def test_b() -> None: ...

def test_c() -> None: ...
"""


def test_trace_maps_rules_to_tests(tmp_path: Path) -> None:
    root = _project(tmp_path, COVERED)
    result = _collect(root, "--strict-trace")
    assert result.returncode == 0, result.stdout + result.stderr
    trace = json.loads((root / "build" / "trace.json").read_text())
    assert trace == {"R_ONE": ["tests/test_x.py::test_a", "tests/test_x.py::test_b"],
                     "R_TWO": ["tests/test_x.py::test_b"]}


def test_unknown_rule_id_fails_naming_test_and_id(tmp_path: Path) -> None:
    root = _project(tmp_path, '@pytest.mark.rule("R_NOPE")\ndef test_a() -> None: ...\n')
    result = _collect(root)
    assert result.returncode == 4
    assert "tests/test_x.py::test_a" in result.stderr and "'R_NOPE'" in result.stderr


def test_strict_trace_lists_untested_rules(tmp_path: Path) -> None:
    root = _project(tmp_path, '@pytest.mark.rule("R_ONE")\ndef test_a() -> None: ...\n')
    assert _collect(root).returncode == 0  # without the option an untested rule is fine
    result = _collect(root, "--strict-trace")
    assert result.returncode == 4
    assert "1 of 2 active rules" in result.stderr and "R_TWO" in result.stderr


def test_strict_trace_ignores_deprecated_rules(tmp_path: Path) -> None:
    root = _project(tmp_path, '@pytest.mark.rule("R_ONE")\ndef test_a() -> None: ...\n', deprecated=True)
    result = _collect(root, "--strict-trace")
    assert result.returncode == 0, result.stderr


def test_partial_run_keeps_the_full_trace(tmp_path: Path) -> None:
    root = _project(tmp_path, COVERED)
    (root / "tests" / "sub").mkdir()
    (root / "tests" / "sub" / "test_y.py").write_text("def test_y() -> None: ...\n")
    assert _collect(root).returncode == 0
    before = (root / "build" / "trace.json").read_text()
    result = _collect(root, "tests/sub")
    assert result.returncode == 0
    assert (root / "build" / "trace.json").read_text() == before
    refused = _collect(root, "tests/sub", "--strict-trace")
    assert refused.returncode == 4 and "needs the whole suite" in refused.stderr


def test_marker_without_ids_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path, "@pytest.mark.rule()\ndef test_a() -> None: ...\n")
    result = _collect(root)
    assert result.returncode == 4 and "needs at least one rule ID" in result.stderr


def _run_parallel(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", *args],
        cwd=root, capture_output=True, text=True, check=False, timeout=120,
    )


@pytest.mark.slow
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
