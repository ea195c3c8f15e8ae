"""Shared test configuration: Hypothesis profiles and the ``rule`` marker that traces tests to spec rules.

Traceability: a test names the rules it covers with ``@pytest.mark.rule("R_SKIP", ...)``. At collection
time every named ID is checked against ``spec/rules/*.toml`` (an unknown ID stops the run), and when the
whole suite was collected the map rule -> test node IDs is written to ``build/trace.json`` (the docs show
it in the rules reference). ``--strict-trace`` fails the run when an active spec rule has no test::

    pytest --collect-only -q --strict-trace

Long checks: a test marked ``@pytest.mark.nox_session("contracts")`` is left out of a plain run (it is reported as
deselected) and runs in that nox session instead, which ``.ci/run`` runs after the README's test command;
``pytest --nox-session=contracts`` runs only the tests of that session (write it with ``=``: pytest would take
a separate word that names a folder, such as ``docs``, for a path to collect).

Bytecode: when ``PYTHONDONTWRITEBYTECODE`` is set, the run still keeps compiled bytecode, under
``build/pycache``, for itself and for the Python subprocesses the tests start (CLI, server, pip, Sphinx ...),
which would otherwise compile Hypothesis, Sphinx and the package again in each of them.
"""

from __future__ import annotations

import json
import os
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["pytester"]  # tests/spec/test_trace_plugin.py runs these hooks on small trees, in process

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parents[1]
"""The repository root."""
RULES_DIR = ROOT / "spec" / "rules"
TESTS_DIR = ROOT / "tests"
TRACE_FILE = ROOT / "build" / "trace.json"
PYCACHE = ROOT / "build" / "pycache"


def _keep_bytecode() -> None:
    """Under ``PYTHONDONTWRITEBYTECODE``, cache bytecode in ``build/pycache`` (this process and its children).

    Nothing is written beside the sources; without the variable, Python's own ``__pycache__`` is left alone.
    """
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    prefix = os.environ.setdefault("PYTHONPYCACHEPREFIX", str(PYCACHE))
    sys.dont_write_bytecode = False
    sys.pycache_prefix = prefix


_keep_bytecode()

# The suite's texts are English unless a test asks for another language (``maumau --lang``, ``i18n.language``): the
# command reads the locale from the environment, so a tester's German LANG must not change what the tests read.
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--strict-trace``."""
    parser.addoption(
        "--strict-trace",
        action="store_true",
        default=False,
        help="fail when an active rule of spec/rules has no test marked @pytest.mark.rule(<its ID>)",
    )
    parser.addoption(
        "--nox-session",
        action="append",
        default=[],
        metavar="NAME",
        help="run only the long checks marked @pytest.mark.nox_session(NAME) (a plain run leaves them out); "
        "write --nox-session=NAME",
    )


def spec_rule_status() -> dict[str, str]:
    """Every rule ID of ``spec/rules`` with its status (``active`` or ``deprecated``)."""
    out: dict[str, str] = {}
    for path in sorted(RULES_DIR.glob("*.toml")):
        with path.open("rb") as fh:
            rule = tomllib.load(fh).get("rule", {})
        out[str(rule.get("id", path.stem))] = str(rule.get("status", "active"))
    return out


def _collects_whole_suite(config: pytest.Config) -> bool:
    """Whether this run collects all of ``tests/`` (so the trace is complete, not a subset)."""
    base = Path(config.invocation_params.dir)
    whole = False
    for arg in config.args:
        path_text, node_sep, _ = arg.partition("::")
        path = (base / path_text).resolve()
        if path == TESTS_DIR or path in TESTS_DIR.parents:
            whole = whole or not node_sep
        elif TESTS_DIR in path.parents:
            return False  # only a part of tests/
    return whole


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Check every ``rule`` marker against spec/rules, write build/trace.json, enforce ``--strict-trace``.

    Runs first, before ``-k``/``-m`` deselect anything, so the trace always covers every collected test.
    """
    status = spec_rule_status()
    trace: dict[str, list[str]] = {rule_id: [] for rule_id in sorted(status)}
    for item in items:
        for mark in item.iter_markers(name="rule"):
            if not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule needs at least one rule ID")
            for rule_id in mark.args:
                if not isinstance(rule_id, str) or rule_id not in trace:
                    raise pytest.UsageError(
                        f"{item.nodeid}: unknown rule ID {rule_id!r} in @pytest.mark.rule "
                        f"(no spec/rules/{rule_id}.toml)"
                    )
                if item.nodeid not in trace[rule_id]:
                    trace[rule_id].append(item.nodeid)
    # The slow tests go first, the longest at the head (each group keeps its order): pytest-xdist hands tests out
    # in this order, and with --dist worksteal an idle worker takes over queued tests from a busy one, so the long
    # ones start early and both workers finish together.
    items.sort(key=_slow_first)
    _select_nox_sessions(config, items)
    # Under pytest-xdist only the workers collect: the first one writes the trace, and the controller checks it
    # when the session ends (see pytest_sessionfinish).
    worker = getattr(config, "workerinput", None)
    whole = _collects_whole_suite(config)
    if whole and (worker is None or worker.get("workerid") == "gw0"):
        TRACE_FILE.parent.mkdir(parents=True, exist_ok=True)
        tmp = TRACE_FILE.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(trace, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(TRACE_FILE)
    if config.getoption("strict_trace") and worker is None:
        if not whole:
            raise pytest.UsageError(_NOT_WHOLE)
        untested = _untested(trace, status)
        if untested:
            raise pytest.UsageError(untested)


def _nox_session(item: pytest.Item) -> str | None:
    """The nox session of a long check (``@pytest.mark.nox_session(NAME)``), or None: the README's command runs it."""
    mark = item.get_closest_marker("nox_session")
    if mark is None:
        return None
    if len(mark.args) != 1 or not isinstance(mark.args[0], str):
        raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.nox_session needs one session name")
    return str(mark.args[0])


_MOVED = pytest.StashKey[dict[str, int]]()
"""How many tests of each nox session a plain run left out."""


def _select_nox_sessions(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the tests of the ``--nox-session`` names, or without the option every test outside the nox sessions."""
    wanted = set(config.getoption("nox_session"))
    keep: list[pytest.Item] = []
    moved: list[pytest.Item] = []
    for item in items:
        session = _nox_session(item)
        (keep if (session in wanted if wanted else session is None) else moved).append(item)
    if moved:
        config.hook.pytest_deselected(items=moved)
        items[:] = keep
    if not wanted:
        counts: dict[str, int] = {}
        for item in moved:
            counts[str(_nox_session(item))] = counts.get(str(_nox_session(item)), 0) + 1
        config.stash[_MOVED] = counts
        workeroutput = getattr(config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput["maumau_nox_sessions"] = counts


def pytest_testnodedown(node: object, error: object) -> None:
    """Under pytest-xdist, the controller learns from each worker which nox sessions it left out."""
    moved = getattr(node, "workeroutput", {}).get("maumau_nox_sessions", {})
    config = getattr(node, "config", None)
    if config is not None and moved:
        config.stash[_MOVED] = dict(moved)  # every worker collects the same tests


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    """Name the nox sessions that run the long checks this run left out."""
    sessions = config.stash.get(_MOVED, {})
    if sessions:
        terminalreporter.write_line(f"{sum(sessions.values())} long checks left out of this run (deselected) run in "
                                    + ", ".join(f"nox -s {name} ({n})" for name, n in sorted(sessions.items()))
                                    + " (.ci/run runs them after this command)")


def _slow_first(item: pytest.Item) -> tuple[bool, float]:
    """Sort key: slow tests first, the longest (``@pytest.mark.slow(seconds=...)``, a rough figure) at the head."""
    mark = item.get_closest_marker("slow")
    return mark is None, -float(mark.kwargs.get("seconds", 0)) if mark is not None else 0.0


_NOT_WHOLE = "--strict-trace needs the whole suite: run it on tests/ (e.g. pytest --collect-only -q --strict-trace)"


def _untested(trace: dict[str, list[str]], status: dict[str, str]) -> str:
    """The --strict-trace complaint about active rules without a test, or '' when every one has a test."""
    untested = [rule_id for rule_id, tests in trace.items() if not tests and status.get(rule_id) == "active"]
    if not untested:
        return ""
    return (f"--strict-trace: {len(untested)} of {sum(s == 'active' for s in status.values())} active rules "
            f"have no test marked @pytest.mark.rule(...): {', '.join(untested)}")


def _xdist_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist, refuse --strict-trace on a part of the suite at once, and forget an old trace."""
    config = session.config
    if config.getoption("strict_trace") and _xdist_controller(config):
        if not _collects_whole_suite(config):
            raise pytest.UsageError(_NOT_WHOLE)
        TRACE_FILE.unlink(missing_ok=True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under pytest-xdist, enforce --strict-trace on the trace the first worker wrote."""
    config = session.config
    if not (config.getoption("strict_trace") and _xdist_controller(config)):
        return
    problem = "--strict-trace: no worker wrote build/trace.json (did collection fail?)"
    if TRACE_FILE.exists():
        problem = _untested(json.loads(TRACE_FILE.read_text(encoding="utf-8")), spec_rule_status())
    if problem:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(problem, red=True, bold=True)
        session.exitstatus = pytest.ExitCode.USAGE_ERROR
