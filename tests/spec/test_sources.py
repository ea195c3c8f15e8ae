"""spec/sources explains every source ID that spec/ cites, from the repository alone.

* every document and entry is well formed, and IDs are unique;
* every ID cited anywhere in ``spec/`` (sources lists, decision gaps, any text) has an entry; every ``EXT:`` key
  too, and ``external.toml`` lists the same keys as the research notes ``external-rules.md``;
* every decision on a gap names a conflict entry (or one of the few gaps no source raises);
* when the maintainers' copies are beside the repository (``../shared/seeds``), the entries also match the
  digest one to one and the copies match their checksums; those extra checks are the only ones that skip.
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
    SOURCES,
    SPEC,
    conflicts,
    documents,
    external,
    items,
    known_ids,
    load,
    references,
    resolves,
    spec_files,
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


# ------------------------------------------------------------------ against the maintainers' copies, when present


def _digest() -> str:
    if not DIGEST.exists():
        pytest.skip(f"the digest is not beside the repository ({DIGEST}); the checks above do not need it")
    return DIGEST.read_text(encoding="utf-8")


def _digest_items(text: str) -> dict[str, tuple[str, str]]:
    """Digest item ID -> (its tag, its English text)."""
    found = re.findall(r"^\d+\. \*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\* \[[^\]]*\]((?:\[[A-Z/]+\])+) (.*)$", text,
                       flags=re.MULTILINE)
    return {i: (tags, body) for i, tags, body in found}


def test_entries_match_the_digest_one_to_one() -> None:
    text = _digest()
    digest = _digest_items(text)
    scenarios = set(re.findall(r"^#### (SCN-[A-Z0-9-]+) ", text, flags=re.MULTILINE))
    cas = set(re.findall(r"^#### (CA-[A-Z0-9]+) ", text, flags=re.MULTILINE))
    assert len(digest) == 299 and len(scenarios) == 23 and len(cas) == 35
    assert set(items()) == set(digest) | scenarios
    assert set(conflicts()) == cas
    ours = items()
    for item_id, (tags, _) in digest.items():
        expected = "defect" if "[X]" in tags else TAG_OF_DIGEST[tags.strip("[]").split("][")[0]]
        assert ours[item_id]["tag"] == expected, f"{item_id}: digest {tags}, ours {ours[item_id]['tag']!r}"


def test_entries_are_in_our_own_words() -> None:
    """No entry repeats eight words in a row of the digest's rendering of the same item."""
    digest = _digest_items(_digest())
    ours = items()

    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", s.lower())

    n = 8
    copied = []
    for item_id, (_, body) in digest.items():
        theirs = words(body)
        runs = {tuple(theirs[k:k + n]) for k in range(len(theirs) - n + 1)}
        mine = words(ours[item_id]["text"])
        shared = [" ".join(mine[k:k + n]) for k in range(len(mine) - n + 1) if tuple(mine[k:k + n]) in runs]
        if shared:
            copied.append(f"{item_id}: {shared[0]!r}")
    assert not copied, f"entries that copy the digest's wording: {copied}"


def test_copies_match_their_checksums() -> None:
    docs = [d["document"] for d in documents().values()]
    present = [d for d in docs if (SEEDS / d["copy"]).exists()]
    if not present:
        pytest.skip(f"the maintainers' copies are not beside the repository ({SEEDS})")
    assert len(present) == len(docs), "some copies are missing from " + str(SEEDS)
    for doc in present:
        assert hashlib.sha256((SEEDS / doc["copy"]).read_bytes()).hexdigest() == doc["sha256"], doc["id"]
