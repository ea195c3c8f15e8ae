"""Task runner sessions: ``nox -s tests``, ``typecheck``, ``lint``, ``docs``, ``contracts``, ``explore``, ``bench``,
``bench_compiled``, ``bench_instructions``."""

from __future__ import annotations

import nox

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["tests", "typecheck", "lint"]


@nox.session
def tests(session: nox.Session) -> None:
    """The whole pytest suite (Hypothesis 'ci' profile)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def thorough(session: nox.Session) -> None:
    """The property and stateful tests with the 'thorough' Hypothesis profile (nightly / manual)."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests/properties", "tests/stateful", env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".[test]")
    session.run("mypy", "--strict", "src", "tests")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff."""
    session.install("ruff")
    session.run("ruff", "check", "src", "tests", "bench", "scripts")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the rules reference (warnings are errors) and run the doctests in the docs; the docs extra is enough."""
    session.install("-e", ".[docs]")
    session.run("python", "-m", "sphinx", "-W", "-n", "-b", "html", "docs", "build/docs")
    session.run("python", "-m", "sphinx", "-W", "-n", "-b", "doctest", "docs", "build/doctest")


@nox.session
def contracts(session: nox.Session) -> None:
    """CrossHair checks the PEP 316 contracts of the pure zone transitions."""
    session.install("-e", ".[test]", "crosshair-tool")
    session.run("crosshair", "check", "--per_condition_timeout=4", "src/maumau_rules/zones.py",
                "src/maumau_rules/testing/contracts.py")


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
