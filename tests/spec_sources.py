"""Read ``spec/sources`` and find the source IDs that the rest of ``spec/`` cites (for the spec tests).

``spec/sources/NNN-*.toml`` hold one source document each (``[document]`` and its ``[[item]]`` entries),
``conflicts.toml`` the ``CA-*`` entries and ``external.toml`` the public pages cited as ``EXT:<key>``.
Everything here reads the repository only: nothing needs the digest beside it.

>>> refs = references('GR-SEVEN-1/2, STD-SCORE-2..4, WIKI-PEST-* and "EXT:CE-BGA"')
>>> sorted(refs)
['EXT:CE-BGA', 'GR-SEVEN-1', 'GR-SEVEN-2', 'STD-SCORE-2', 'STD-SCORE-3', 'STD-SCORE-4', 'WIKI-PEST-*']
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parents[1]
SPEC: Final = ROOT / "spec"
SOURCES: Final = SPEC / "sources"
PREFIXES: Final = ("STD", "WIKI", "MAL", "GR", "MK", "SCN", "CA")
"""The first part of every item ID of our five documents, their scenarios and their conflicts."""

ID_TOKEN: Final = re.compile(
    r"\b(?:EXT:[A-Z0-9]+(?:-[A-Z0-9]+)*"
    rf"|(?:{'|'.join(PREFIXES)})(?:-[A-Z0-9]+)+(?:-\*|(?:\.\.\d+)|(?:/\d+)+)?)"
)
"""An item reference as the spec writes it: ``STD-SEVEN-2``, a range ``STD-SCORE-2..4``, a list ``MK-WIN-2/3/5``,
every item of a group ``WIKI-PEST-*``, or an external page ``EXT:CE-BGA``."""


def load(path: Path) -> dict[str, Any]:
    """One TOML file."""
    with path.open("rb") as fh:
        return tomllib.load(fh)


@functools.cache
def documents() -> dict[str, dict[str, Any]]:
    """Each source document file (``NNN-*.toml``) by its document ID (``"000"`` ...)."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(SOURCES.glob("[0-9][0-9][0-9]-*.toml")):
        data = load(path)
        out[str(data["document"]["id"])] = data
    return out


def items() -> dict[str, dict[str, Any]]:
    """Every item of every document, by item ID."""
    return {str(item["id"]): item for doc in documents().values() for item in doc.get("item", [])}


@functools.cache
def conflicts() -> dict[str, dict[str, Any]]:
    """``conflicts.toml`` by conflict ID."""
    return {str(c["id"]): c for c in load(SOURCES / "conflicts.toml").get("conflict", [])}


@functools.cache
def external() -> dict[str, dict[str, Any]]:
    """``external.toml`` by key (without ``EXT:``)."""
    return {str(s["key"]): s for s in load(SOURCES / "external.toml").get("source", [])}


def known_ids() -> set[str]:
    """Every ID a spec file may cite: items, conflicts and ``EXT:`` keys."""
    return set(items()) | set(conflicts()) | {f"EXT:{key}" for key in external()}


def references(text: str) -> set[str]:
    """The IDs a piece of spec text refers to; ranges and lists are expanded, ``X-*`` groups kept as they are."""
    found: set[str] = set()
    for match in ID_TOKEN.finditer(text):
        token = match.group(0)
        if token.endswith("-*"):
            found.add(token)
            continue
        range_ = re.fullmatch(r"(.*-)(\d+)\.\.(\d+)", token)
        if range_:
            head, lo, hi = range_.group(1), int(range_.group(2)), int(range_.group(3))
            found.update(f"{head}{n}" for n in range(lo, hi + 1))
            continue
        first, *more = token.split("/")
        found.add(first)
        head = first.rsplit("-", 1)[0]
        found.update(f"{head}-{n}" for n in more)
    return found


def spec_files() -> list[Path]:
    """Every file of ``spec/`` outside ``spec/sources`` (rules, variants, invariants, scenarios, the README)."""
    return sorted(p for p in SPEC.rglob("*") if p.is_file() and SOURCES not in p.parents)


def resolves(ref: str, known: set[str]) -> bool:
    """Whether ``ref`` names a known ID, or (``X-*``) a group with at least one known item."""
    if ref.endswith("-*"):
        return any(k.startswith(ref[:-1]) for k in known)
    return ref in known
