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
import hashlib
import json
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


# ------------------------------------------------------------------ the digest, as an index of facts

DIGEST_INDEX: Final = SOURCES / "digest-index.json"
"""What the tests need of the maintainers' English digest, kept in the repository so that a clone can check
``spec/sources`` against it: the digest's checksum, its item IDs with their tags, its scenario and conflict IDs,
and, per item, a hash of every run of eight words of its text (which shows copied wording without holding any)."""

SHINGLE: Final = 8
"""Words in a row that an entry may not share with the digest's rendering of any item."""


def digest_items(text: str) -> dict[str, tuple[str, str]]:
    """Digest item ID -> (its tags, its English text), from the digest's Markdown.

    >>> digest_items("1. **STD-DECK-1** [p. 1][S] A deck of 32 cards.")
    {'STD-DECK-1': ('[S]', 'A deck of 32 cards.')}
    """
    found = re.findall(r"^\d+\. \*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\* \[[^\]]*\]((?:\[[A-Z/]+\])+) (.*)$", text,
                       flags=re.MULTILINE)
    return {i: (tags, body) for i, tags, body in found}


def words(text: str) -> list[str]:
    """The lower-case words of ``text``.

    >>> words("A Jack's wish, 7 cards")
    ['a', "jack's", 'wish', '7', 'cards']
    """
    return re.findall(r"[a-z0-9']+", text.lower())


def shingles(text: str) -> set[str]:
    """A short hash of every run of :data:`SHINGLE` words of ``text``.

    >>> len(shingles("one two three four five six seven eight nine"))
    2
    """
    w = words(text)
    return {hashlib.sha256(" ".join(w[k:k + SHINGLE]).encode()).hexdigest()[:16] for k in range(len(w) - SHINGLE + 1)}


def index_digest(text: str) -> dict[str, Any]:
    """The index of a digest's text (see :data:`DIGEST_INDEX`).

    >>> index_digest("#### CA-01 x\\n1. **STD-DECK-1** [p. 1][S] A deck of 32 cards.")["items"]
    {'STD-DECK-1': '[S]'}
    """
    found = digest_items(text)
    return {
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "items": {i: tags for i, (tags, _) in sorted(found.items())},
        "scenarios": sorted(set(re.findall(r"^#### (SCN-[A-Z0-9-]+) ", text, flags=re.MULTILINE))),
        "conflicts": sorted(set(re.findall(r"^#### (CA-[A-Z0-9]+) ", text, flags=re.MULTILINE))),
        "shingles": {i: sorted(shingles(body)) for i, (_, body) in sorted(found.items())},
    }


def digest_index() -> dict[str, Any]:
    """The committed :data:`DIGEST_INDEX`."""
    data: dict[str, Any] = json.loads(DIGEST_INDEX.read_text(encoding="utf-8"))
    return data
