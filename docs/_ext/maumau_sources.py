"""The Sources pages of the reference, from ``spec/sources``, and links from source IDs to their entries.

``spec/sources`` holds one entry per source document, item (``STD-SEVEN-2``), worked example (``SCN-*``),
conflict (``CA-01``) and external page (``EXT:CE-BGA``). This module reads them, turns every source ID written
in spec text into a link to its entry (:func:`Sources.link`, :func:`Sources.linkify`), computes which rules,
variants and decisions cite each entry, and writes the pages:

* ``sources/index.rst``: the documents, with where they are published, their language and when we read them;
* ``sources/<document>.rst``: one anchor per item, each with our rendering and what cites it;
* ``sources/conflicts.rst``: what the sources disagree on, the items weighed, the decisions that settle it;
* ``sources/external.rst``: the public pages outside the five documents.

An ID with no entry is reported as a Sphinx warning, so ``sphinx -W`` fails on it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs
from sphinx.util import logging

logger = logging.getLogger(__name__)

PREFIXES = ("STD", "WIKI", "MAL", "GR", "MK", "SCN", "CA")
ID_TOKEN = re.compile(
    r"\b(?:EXT:[A-Z0-9]+(?:-[A-Z0-9]+)*"
    rf"|(?:{'|'.join(PREFIXES)})(?:-[A-Z0-9]+)+(?:-\*|(?:\.\.\d+)|(?:/\d+)+)?)"
)
"""A source reference as spec text writes it: an ID, a range (``STD-SCORE-2..4``), a list (``MK-WIN-2/3/5``), a
group (``WIKI-PEST-*``) or an external page (``EXT:CE-BGA``)."""

TAG_TEXT = {"stated": "stated", "implied": "implied by the text", "unspecified": "not stated (a gap)",
            "defect": "damaged in the document", "non-normative": "not a rule of play",
            "stated (app)": "stated, about the app", "scenario": "worked example"}


def label(source_id: str) -> str:
    """The reference label of an entry: ``src-std-seven-2``, ``src-ca-01``, ``src-ext-ce-bga``."""
    if source_id.startswith("EXT:"):
        return "src-ext-" + source_id[4:].lower()
    return "src-" + source_id.lower()


def document_label(doc_id: str) -> str:
    """The reference label of a source document's page."""
    return f"source-{doc_id}"


def expand(token: str) -> list[str]:
    """The IDs a reference token stands for, in order (a group ``X-*`` stays as it is).

    >>> expand("MK-WIN-2/3/5"), expand("GR-SCORE-2..4"), expand("CA-01")
    (['MK-WIN-2', 'MK-WIN-3', 'MK-WIN-5'], ['GR-SCORE-2', 'GR-SCORE-3', 'GR-SCORE-4'], ['CA-01'])
    """
    if token.endswith("-*"):
        return [token]
    range_ = re.fullmatch(r"(.*-)(\d+)\.\.(\d+)", token)
    if range_:
        return [f"{range_.group(1)}{n}" for n in range(int(range_.group(2)), int(range_.group(3)) + 1)]
    first, *more = token.split("/")
    head = first.rsplit("-", 1)[0]
    return [first, *(f"{head}-{n}" for n in more)]


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", r"\*").replace("|", r"\|").replace("`", r"\`")


@attrs.frozen
class Citation:
    """One place in spec/ that cites an entry."""

    kind: str
    """``rule``, ``variant`` (its sources or summary) or ``decision`` (its gap or reason)."""
    target: str
    """The rule or variant ID."""
    detail: str = ""
    """For a decision: the parameter it sets."""


@attrs.frozen
class Sources:
    """Everything in ``spec/sources``, and which spec entries cite what."""

    documents: dict[str, dict[str, Any]]
    """``[document]`` tables by document ID."""
    items: dict[str, dict[str, Any]]
    """Item entries by ID, each with the key ``document`` added."""
    conflicts: dict[str, dict[str, Any]]
    """Conflict entries by ID."""
    external: dict[str, dict[str, Any]]
    """External pages by key (without ``EXT:``)."""
    cited: dict[str, list[Citation]] = attrs.field(factory=dict)
    """Entry ID -> where spec/ cites it (filled by :meth:`index_citations`)."""

    @classmethod
    def load(cls, spec: Path) -> Sources:
        """Read ``spec/sources``."""
        root = spec / "sources"
        documents: dict[str, dict[str, Any]] = {}
        items: dict[str, dict[str, Any]] = {}
        for path in sorted(root.glob("[0-9][0-9][0-9]-*.toml")):
            data = _load(path)
            doc = dict(data["document"])
            doc["items"] = [str(i["id"]) for i in data.get("item", [])]
            documents[str(doc["id"])] = doc
            for item in data.get("item", []):
                items[str(item["id"])] = {**item, "document": str(doc["id"])}
        conflicts = {str(c["id"]): dict(c) for c in _load(root / "conflicts.toml").get("conflict", [])}
        external = {str(s["key"]): dict(s) for s in _load(root / "external.toml").get("source", [])}
        return cls(documents=documents, items=items, conflicts=conflicts, external=external)

    # ------------------------------------------------------------------ lookups

    def known(self, source_id: str) -> bool:
        """Whether ``source_id`` (or, for ``X-*``, some item of that group) has an entry."""
        if source_id.endswith("-*"):
            return any(i.startswith(source_id[:-1]) for i in self.items)
        if source_id.startswith("EXT:"):
            return source_id[4:] in self.external
        return source_id in self.items or source_id in self.conflicts

    def target(self, token: str) -> str | None:
        """The entry a reference token links to: its first ID that has one (the first item of a group)."""
        for source_id in expand(token):
            if source_id.endswith("-*"):
                return next((i for i in self.items if i.startswith(source_id[:-1])), None)
            if self.known(source_id):
                return source_id
        return None

    def title(self, source_id: str) -> str:
        """A short description of an entry: the conflict's or page's title, or the item's document and section."""
        if source_id in self.conflicts:
            return str(self.conflicts[source_id]["title"])
        if source_id.startswith("EXT:") and source_id[4:] in self.external:
            return str(self.external[source_id[4:]]["title"])
        item = self.items.get(source_id)
        return f"source {item['document']}, {item['where']}" if item else ""

    # ------------------------------------------------------------------ links

    def link(self, token: str, *, where: str = "") -> str:
        """``token`` as a link to its entry; an unknown ID is a warning and stays literal."""
        target = self.target(token)
        if target is None:
            logger.warning("maumau_spec: %s cites %s, which has no entry in spec/sources", where or "spec", token)
            return f"``{token}``"
        return f":ref:`{token} <{label(target)}>`"

    def linkify(self, text: str, escape: Callable[[str], str] = _esc, *, where: str = "") -> str:
        """``text`` with every source ID turned into a link; ``escape`` is applied to the text around them."""
        out: list[str] = []
        pos = 0
        for match in ID_TOKEN.finditer(text):
            out.append(escape(text[pos:match.start()]))
            before = text[match.start() - 1] if match.start() else " "
            if not before.isspace() and before not in "-:/'\"<([{":
                out.append("\\ ")  # a link must start after a space or an opening mark in reST
            out.append(self.link(match.group(0), where=where))
            pos = match.end()
            if pos < len(text) and (text[pos].isalnum() or text[pos] == "_"):
                out.append("\\ ")  # a link must end at a word boundary in reST
        out.append(escape(text[pos:]))
        return "".join(out)

    # ------------------------------------------------------------------ who cites what

    def index_citations(self, rules: dict[str, dict[str, Any]], variant_files: dict[str, dict[str, Any]]) -> None:
        """Record, for every entry, the rules, variants and decisions of spec/ that cite it."""
        cited = self.cited
        cited.clear()

        def add(tokens: Iterable[str], citation: Citation) -> None:
            for token in tokens:
                for source_id in expand(token):
                    if source_id.endswith("-*"):
                        ids = [i for i in self.items if i.startswith(source_id[:-1])]
                    else:
                        ids = [source_id]
                    for i in ids:
                        if citation not in cited.setdefault(i, []):
                            cited[i].append(citation)

        def found(text: Any) -> list[str]:
            return ID_TOKEN.findall(str(text or ""))

        for rid, rule in sorted(rules.items()):
            texts = [rule.get("text"), rule.get("basis"), *(p.get("doc") for p in rule.get("params", []))]
            add([*rule.get("sources", []), *(t for x in texts for t in found(x))], Citation("rule", rid))
        for vid, data in sorted(variant_files.items()):
            variant = data.get("variant", {})
            add([*variant.get("sources", []), *found(variant.get("summary"))], Citation("variant", vid))
            for d in data.get("decisions", []):
                add([str(d.get("gap", "")), *found(d.get("reason"))], Citation("decision", vid, str(d.get("param", ""))))

    def citations_text(self, source_id: str, rule_ref: Callable[[str], str], variant_ref: Callable[[str], str]) -> str:
        """"Cited by" for an entry, as reST: the rules, the variants, and the variants' decisions."""
        cites = self.cited.get(source_id, [])
        rules = sorted({c.target for c in cites if c.kind == "rule"})
        variants = sorted({c.target for c in cites if c.kind == "variant"})
        decisions = sorted({c.target for c in cites if c.kind == "decision"})
        parts = []
        if rules:
            parts.append("rules " + ", ".join(rule_ref(r) for r in rules))
        if variants:
            parts.append("variants " + ", ".join(variant_ref(v) for v in variants))
        if decisions:
            parts.append("decisions of " + ", ".join(variant_ref(v) for v in decisions))
        return "; ".join(parts) if parts else "nothing in spec/ yet"
