"""spec/sources explains every source ID that spec/ cites, from the repository alone.

* every document and entry is well formed, and IDs are unique;
* every ID cited anywhere in ``spec/`` (sources lists, decision gaps, any text) has an entry; every ``EXT:`` key
  too, and ``external.toml`` lists the same keys as the research notes ``external-rules.md``;
* every decision on a gap names a conflict entry (or one of the few gaps no source raises);
* the entries match the digest one to one and are in our own words, checked against the digest's committed index
  (``digest-index.json``: IDs, tags and hashes of its eight-word runs); where the maintainers' copies are beside
  the repository (``../shared/seeds``), the index is checked against the digest and the copies against their
  checksums too. Nothing skips on a clone by itself.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from pathlib import Path
from typing import Any, Final

import pytest

from tests.spec_sources import (
    ROOT,
    SHINGLE,
    SOURCES,
    SPEC,
    conflicts,
    digest_index,
    digest_items,
    documents,
    external,
    index_digest,
    items,
    known_ids,
    load,
    references,
    resolves,
    shingles,
    spec_files,
    words,
)

SEEDS: Final = ROOT.parent / "shared" / "seeds"
DIGEST: Final = SEEDS / "RULES-DIGEST.md"
TAGS: Final = frozenset({"stated", "implied", "unspecified", "defect", "non-normative", "stated (app)", "scenario"})
DOCUMENT_KEYS: Final = frozenset({"id", "prefixes", "title", "title_original", "published", "url", "language", "read",
                                  "copy", "sha256", "about"})
GAPS_WITHOUT_CONFLICT: Final = frozenset({"termination"})
"""Decision gaps that are the engine's own (no source raises them), so they have no conflict entry."""
TAG_OF_DIGEST: Final = {"S": "stated", "I": "implied", "U": "unspecified", "X": "defect", "N": "non-normative",
                        "S/N": "stated (app)"}


def _text_ok(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip()) and "\t" not in value


# ------------------------------------------------------------------ shape


def test_there_are_five_documents_with_their_items() -> None:
    docs = documents()
    assert sorted(docs) == ["000", "001", "002", "003", "004"]
    assert {"STD-SEVEN-2", "WIKI-PRSI-ACE-1", "GR-MAU-2", "MK-CUT-4", "MAL-TRICK-4", "SCN-STD-02"} <= set(items())
    assert "STD-SEVEN-99" not in items()


@pytest.mark.parametrize("doc_id", ["000", "001", "002", "003", "004"])
def test_document_shape(doc_id: str) -> None:
    data = documents()[doc_id]
    assert set(data) == {"document", "item"}, f"{doc_id}: only [document] and [[item]] tables"
    doc = data["document"]
    assert set(doc) == DOCUMENT_KEYS, f"{doc_id}: keys differ: {sorted(set(doc) ^ DOCUMENT_KEYS)}"
    for key in ("title", "title_original", "published", "language", "copy", "about"):
        assert _text_ok(doc[key]), f"{doc_id}: {key} must be non-empty text"
    assert isinstance(doc["read"], datetime.date), f"{doc_id}: read must be a TOML date (2026-11-30)"
    assert re.fullmatch(r"[0-9a-f]{64}", doc["sha256"]), f"{doc_id}: sha256 is 64 hex digits"
    assert doc["url"] == "" or doc["url"].startswith("https://")
    prefixes = tuple(f"{p}-" for p in doc["prefixes"])
    for item in data["item"]:
        where = f"{doc_id} {item.get('id')}"
        assert set(item) == {"id", "where", "tag", "text"}, f"{where}: keys are id, where, tag, text"
        assert item["id"].startswith(prefixes), f"{where}: not one of this document's prefixes {doc['prefixes']}"
        assert item["tag"] in TAGS, f"{where}: tag {item['tag']!r} is not one of {sorted(TAGS)}"
        assert (item["tag"] == "scenario") == item["id"].startswith("SCN-"), f"{where}: scenarios are SCN-*"
        assert _text_ok(item["where"]) and _text_ok(item["text"]), f"{where}: where and text must be text"


def test_ids_are_unique_across_files() -> None:
    all_ids = [str(i["id"]) for d in documents().values() for i in d["item"]]
    all_ids += [str(c["id"]) for c in load(SOURCES / "conflicts.toml")["conflict"]]
    duplicates = sorted({i for i in all_ids if all_ids.count(i) > 1})
    assert not duplicates, f"IDs with two entries: {duplicates}"


def test_conflict_shape_and_items() -> None:
    known = set(items())
    for cid, c in conflicts().items():
        assert re.fullmatch(r"CA-(\d\d|M\d)", cid), cid
        assert set(c) == {"id", "title", "items", "text"}, f"{cid}: keys are id, title, items, text"
        assert _text_ok(c["title"]) and _text_ok(c["text"])
        missing = [i for i in c["items"] if i not in known]
        assert c["items"] and not missing, f"{cid}: items without an entry: {missing}"


def test_external_shape() -> None:
    for key, s in external().items():
        assert re.fullmatch(r"[A-Z0-9]+(-[A-Z0-9]+)*", key), key
        required = {"key", "title", "published", "url", "language", "read", "notes", "text"}
        assert required <= set(s) <= required | {"weak"}, f"{key}: keys {sorted(s)}"
        assert isinstance(s["read"], datetime.date) and _text_ok(s["text"]) and _text_ok(s["title"])
        assert s["url"] == "" or s["url"].startswith(("https://", "http://")), key


def test_external_keys_match_the_research_notes() -> None:
    notes = (SOURCES / "external-rules.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^- \[([A-Z0-9-]+)\]", notes, flags=re.MULTILINE))
    assert listed == set(external()), (
        f"only in external-rules.md: {sorted(listed - set(external()))}; "
        f"only in external.toml: {sorted(set(external()) - listed)}"
    )


# ------------------------------------------------------------------ every cited ID has its entry


def test_reference_parser_expands_ranges_lists_and_groups() -> None:
    assert references("MK-WIN-2/3/5 and GR-SCORE-2..4; see CA-M1") == {
        "MK-WIN-2", "MK-WIN-3", "MK-WIN-5", "GR-SCORE-2", "GR-SCORE-3", "GR-SCORE-4", "CA-M1"}
    assert references('"EXT:TS-JASSEN" WIKI-PEST-* french-32 R_DRAW') == {"EXT:TS-JASSEN", "WIKI-PEST-*"}
    assert resolves("WIKI-PEST-*", {"WIKI-PEST-1"}) and not resolves("WIKI-NONE-*", {"WIKI-PEST-1"})


def test_spec_cites_many_ids() -> None:
    cited = set().union(*(references(p.read_text(encoding="utf-8")) for p in spec_files()))
    assert len(cited) > 250 and {"STD-SEVEN-3", "CA-01", "EXT:CE-BGA", "SCN-FAR-01"} <= cited


@pytest.mark.parametrize("path", spec_files(), ids=lambda p: str(p.relative_to(SPEC)))
def test_every_cited_id_has_an_entry(path: Path) -> None:
    known = known_ids()
    unknown = sorted(r for r in references(path.read_text(encoding="utf-8")) if not resolves(r, known))
    assert not unknown, f"{path.relative_to(ROOT)} cites IDs with no entry in spec/sources: {unknown}"


def _structured_sources() -> list[tuple[str, list[str]]]:
    out = []
    for path in sorted((SPEC / "rules").glob("*.toml")):
        out.append((f"rules/{path.name}", list(load(path)["rule"]["sources"])))
    for path in sorted((SPEC / "variants").glob("*.toml")):
        out.append((f"variants/{path.name}", list(load(path)["variant"].get("sources", []))))
    return out


@pytest.mark.parametrize(("where", "sources"), _structured_sources(), ids=[w for w, _ in _structured_sources()])
def test_sources_lists_hold_exact_ids(where: str, sources: list[str]) -> None:
    known = known_ids()
    bad = [s for s in sources if s not in known]
    assert not bad, f"{where}: sources that are not exactly an entry's ID: {bad}"


def test_every_decision_names_its_conflict() -> None:
    known = set(conflicts())
    bad = []
    for path in sorted((SPEC / "variants").glob("*.toml")):
        for decision in load(path).get("decisions", []):
            gap = str(decision["gap"])
            if gap not in known and gap not in GAPS_WITHOUT_CONFLICT:
                bad.append(f"{path.name}: {gap}")
    assert not bad, f"decisions whose gap is not a conflict of spec/sources/conflicts.toml: {bad}"


# ------------------------------------------------------------------ against the digest (its committed index)


def test_the_digest_index_is_the_digest() -> None:
    """spec/sources/digest-index.json holds the facts of the maintainers' digest; where the digest is beside the
    repository (CI), the index must be exactly what ``scripts/index_digest.py`` makes of it."""
    index = digest_index()
    assert len(index["sha256"]) == 64 and int(index["sha256"], 16) >= 0
    assert len(index["items"]) == 299 and len(index["scenarios"]) == 23 and len(index["conflicts"]) == 35
    hashes = [h for runs in index["shingles"].values() for h in runs]
    assert set(index["shingles"]) == set(index["items"]) and len(hashes) > 1000 and all(len(h) == 16 for h in hashes)
    if DIGEST.exists():
        assert index_digest(DIGEST.read_text(encoding="utf-8")) == index, (
            "the digest changed: run python scripts/index_digest.py")


def test_entries_match_the_digest_one_to_one() -> None:
    index = digest_index()
    assert set(items()) == set(index["items"]) | set(index["scenarios"])
    assert set(conflicts()) == set(index["conflicts"])
    ours = items()
    for item_id, tags in index["items"].items():
        expected = "defect" if "[X]" in tags else TAG_OF_DIGEST[tags.strip("[]").split("][")[0]]
        assert ours[item_id]["tag"] == expected, f"{item_id}: digest {tags}, ours {ours[item_id]['tag']!r}"


def test_entries_are_in_our_own_words() -> None:
    """No entry repeats eight words in a row of the digest's rendering of the same item (compared through the
    index's hashes of every eight-word run)."""
    copied = []
    for item_id, runs in digest_index()["shingles"].items():
        mine = words(items()[item_id]["text"])
        shared = [" ".join(mine[k:k + SHINGLE]) for k in range(len(mine) - SHINGLE + 1)
                  if shingles(" ".join(mine[k:k + SHINGLE])) & set(runs)]
        if shared:
            copied.append(f"{item_id}: {shared[0]!r}")
    assert not copied, f"entries that copy the digest's wording: {copied}"


def test_a_copied_run_of_words_is_found() -> None:
    """The check above can fail: eight words of an item's rendering are found by the index, and others are not."""
    index = digest_index()["shingles"]
    assert not shingles("a deck of thirty two cards in four suits today") & set(index["STD-DECK-1"])
    if DIGEST.exists():
        body = digest_items(DIGEST.read_text(encoding="utf-8"))["STD-DECK-1"][1]
        assert shingles(" ".join(words(body)[:SHINGLE])) <= set(index["STD-DECK-1"])


def test_copies_match_their_checksums() -> None:
    """Each document records the SHA-256 of the maintainers' copy it was read from; where the copies are beside
    the repository (CI), all of them are there and match."""
    docs = [d["document"] for d in documents().values()]
    assert all(re.fullmatch(r"[0-9a-f]{64}", d["sha256"]) for d in docs)
    assert len({d["sha256"] for d in docs}) == len({d["copy"] for d in docs}) == len(docs)
    present = [d for d in docs if (SEEDS / d["copy"]).exists()]
    assert len(present) in (0, len(docs)), "some copies are missing from " + str(SEEDS)
    for doc in present:
        assert hashlib.sha256((SEEDS / doc["copy"]).read_bytes()).hexdigest() == doc["sha256"], doc["id"]
