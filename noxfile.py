"""Task runner sessions: ``nox -s tests``, ``typecheck``, ``lint``, ``docs``, ``docs_i18n``, ``contracts``, ``compiled``,
``exhaustive``, ``batch_jax``, ``integration``, ``thorough``, ``explore``, ``bench``, ``bench_compiled``,
``bench_instructions``.

The sessions of :data:`LONG_CHECKS` run the long checks that the README's test command leaves out (the tests marked ``@pytest.mark.nox_session(NAME)``); ``.ci/run`` runs them after that command, in
its environment::

    nox --no-venv --no-install -s typecheck docs docs_i18n contracts compiled exhaustive batch_jax integration

(with ``--no-install`` the sessions install nothing: ``.ci/run`` installs the ``jax`` extra first.)
"""

from __future__ import annotations

import nox

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["tests", "typecheck", "lint"]


LONG_CHECKS = ("typecheck", "docs", "docs_i18n", "contracts", "compiled", "exhaustive", "batch_jax", "integration")
"""The nox sessions of the long checks (``@pytest.mark.nox_session``); .ci/run runs each after the README's command."""


@nox.session
def tests(session: nox.Session) -> None:
    """The README's test command: the whole pytest suite but the long checks (Hypothesis 'ci' profile)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", "-n", "auto", "--dist", "worksteal", "--strict-trace", *session.posargs)


def _long_checks(session: nox.Session, name: str) -> None:
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", "-n", "auto", "--dist", "worksteal", f"--nox-session={name}",
                *session.posargs)


@nox.session
def batch_jax(session: nox.Session) -> None:
    """The batch engine's jax step against the numpy engine, and its doctests (installs the ``jax`` extra)."""
    session.install("-e", ".[test,jax]")
    _long_checks(session, "batch_jax")


@nox.session
def thorough(session: nox.Session) -> None:
    """The property and stateful tests with the 'thorough' Hypothesis profile (nightly / manual)."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests/properties", "tests/stateful", env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests (the test marked ``@pytest.mark.nox_session("typecheck")``). Without pytest:
    ``mypy --strict src tests``."""
    _long_checks(session, "typecheck")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff."""
    session.install("ruff")
    session.run("ruff", "check", "src", "tests", "bench", "scripts")


@nox.session
def docs(session: nox.Session) -> None:
    """The docs build test: the rules reference builds with -W, its doctests pass (one reading for both builders),
    and the pages it must have are there. Without pytest: ``sphinx -W -b html docs build/docs`` (the docs extra)."""
    _long_checks(session, "docs")


@nox.session
def docs_i18n(session: nox.Session) -> None:
    """The reference in every language (``-D language=L`` for en, de, ar, tr, el, sr, cs, nl): each builds with -W -n, the
    generated pages are in its language, the index links every language, and a headless Chromium screenshot of the
    Arabic page reads right to left. Without pytest: ``sphinx -W -b html -D language=ar docs build/docs-i18n/ar``."""
    _long_checks(session, "docs_i18n")


@nox.session
def contracts(session: nox.Session) -> None:
    """The full CrossHair pass: every function with PEP 316 contracts (zones.py, testing/contracts.py), one by one."""
    _long_checks(session, "contracts")


@nox.session
def compiled(session: nox.Session) -> None:
    """The mypyc wheel builds, installs and plays the same games as the pure engine (needs a C compiler)."""
    _long_checks(session, "compiled")


@nox.session
def integration(session: nox.Session) -> None:
    """The slowest end-to-end checks: the benchmarks' smoke modes, the built wheel in a fresh venv running the
    README, a local Ray instance, complete games over HTTP at the largest table, no acknowledged move lost to a
    kill -9 under load, and the strict rule trace under xdist (each starts real processes)."""
    _long_checks(session, "integration")


@nox.session
def exhaustive(session: nox.Session) -> None:
    """The exhaustive explorer walks that check every state: Malilla from every deal of an 8-card Spanish deck, and
    Mau-Mau's 12-card walks with the wild Jack at two and three players."""
    _long_checks(session, "exhaustive")


@nox.session
def explore(session: nox.Session) -> None:
    """Exhaustive exploration of tiny decks."""
    session.install("-e", ".")
    session.run("python", "-m", "maumau_rules.tools.explore", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark (pass --smoke for a quick check; install the 'bench' extra for the anchors)."""
    session.install("-e", ".")
    session.run("python", "bench/run.py", *session.posargs)


@nox.session
def bench_instructions(session: nox.Session) -> None:
    """Instructions per decision under valgrind (needs valgrind): ours, the mypyc build and the peers."""
    session.install("-e", ".[test,bench]")
    session.run("python", "bench/compile.py")
    session.run("python", "bench/instructions.py", "--compiled", "build/mypyc/src", *session.posargs)


@nox.session
def bench_compiled(session: nox.Session) -> None:
    """Build the optional mypyc copy of the engine (needs a C compiler) and time it next to the pure one."""
    session.install("-e", ".[test,bench]")
    session.run("python", "bench/compile.py")
    session.run("python", "bench/run.py", "--only", "play", "--compiled", "build/mypyc/src", *session.posargs)
