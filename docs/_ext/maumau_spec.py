"""Sphinx extension: generate reference pages from ``spec/`` and the library at build time.

On ``builder-inited`` it writes reStructuredText into ``docs/_generated/`` (git-ignored):

* ``rules.rst``: every rule of ``spec/rules`` with its text, parameters, the variants that use it (with
  their settings), sources (linked to their entries), invariants and the tests that name it (read from the test
  files by :mod:`maumau_tests`, so the build needs no earlier pytest run);
* ``variants/<id>.rst``: one page per registered variant, computed from its rules and compiled plan (a Malilla
  variant from its ``R_MAL_*`` rules and :class:`~maumau_rules.families.malilla.plan.MalillaPlan`);
* ``malilla.rst``: the Malilla family, its variants and rules, and the source's worked examples replayed from
  ``spec/scenarios/malilla-*.json`` (each refused move with its reason code and rule ID);
* ``matrix.rst`` (variants × rules and key settings) and ``differences.rst`` (each variant against
  Standard, and a count of differences for every pair);
* ``sources/``: the source documents, their items, the conflicts between them and the external pages, from
  ``spec/sources`` (:mod:`maumau_sources`), each entry with the rules and variants that cite it;
* ``playing.rst``: for players, what Mau-Mau is and how to choose a variant, from the variants' data;
* ``reasons.rst`` (the stable reason codes), ``invariants.rst`` when ``spec/invariants.toml`` exists,
  ``records.rst`` when :mod:`maumau_rules.records` exists, and ``api.rst`` (autodoc of every public module);
* ``toctree.inc``, included by ``index.rst``, so the table of contents lists only pages that exist.

Files are rewritten only when their text changes, so incremental builds stay incremental.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
import re
import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
from maumau_sources import TAG_TEXT, Sources, document_label
from maumau_sources import label as source_label
from maumau_tests import RuleMarkError, rule_tests
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from maumau_rules import explain
from maumau_rules.families.maumau import explain as maumau_explain
from maumau_rules.families.malilla import explain as malilla_explain
from maumau_rules.i18n import N_, gettext

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec"
OUT = ROOT / "docs" / "_generated"
SCHEMAS = ROOT / "docs" / "schemas"

KIND_ORDER = ("setup", "turn", "legality", "effect", "announcement", "end", "scoring")
KIND_TITLES = {
    "setup": N_("Setup"), "turn": N_("Turns"), "legality": N_("Which cards may be played"),
    "effect": N_("Card effects"), "announcement": N_("Announcements"),
    "end": N_("End of the round (of a hand in Malilla)"), "scoring": N_("Scoring"),
}
HEADING_CHARS = "=-~^"


# ====================================================================== small reST helpers


def heading(text: str, level: int) -> str:
    """A section title; ``level`` 0 is the page title. A fixed title (a literal of this extension, which
    ``scripts/i18n.py`` puts in the catalogs) is written in the build's language."""
    text = gettext(text)
    return f"{text}\n{HEADING_CHARS[level] * _width(text)}\n"


def _width(text: str) -> int:
    return max(len(text), 1)


def lit(text: object) -> str:
    """An inline literal."""
    value = str(text)
    return f"``{value}``" if value.strip() else "(empty)"


def spec_text(text: str) -> str:
    """A text of ``spec/`` (a rule's title, text or parameter doc) in the build's language: the library's catalogs hold them
    (``scripts/i18n.py`` extracts them, as the variants' names and summaries); a text they lack stays as written."""
    return gettext(text) if text else text


def prose(text: str, sources: Sources | None = None, where: str = "") -> str:
    """Spec prose as reST: `name` becomes an inline literal, markup characters in the rest are escaped, and
    (given ``sources``) every source ID becomes a link to its entry on the Sources pages."""
    parts = re.split(r"(``[^`\n]+``|`[^`\n]+`)", text.strip())
    out = []
    for i, part in enumerate(parts):
        if i % 2:  # a code span
            out.append("``" + part.strip("`") + "``")
        elif sources is not None:
            out.append(sources.linkify(part, _escape_prose, where=where))
        else:
            out.append(_escape_prose(part))
    return "".join(out)


def _escape_prose(part: str) -> str:
    part = part.replace("\\", "\\\\").replace("*", r"\*").replace("|", r"\|")
    return re.sub(r"(\w)_(?=\W|$)", r"\1\\_", part)


def ref(label: str, title: str) -> str:
    """A cross-reference to ``label`` shown as ``title``."""
    return f":ref:`{_escape_ref(title)} <{label}>`"


def _escape_ref(title: str) -> str:
    return title.replace("<", r"\<").replace("`", "")


def rule_label(rule_id: str) -> str:
    """The reference label of a rule's section."""
    return f"rule-{rule_id.lower()}"


RST = explain.Markup(lit=lambda text: lit(text), rule=lambda rule_id: ref(rule_label(rule_id), rule_id))
"""reST literals, and rules as links to their sections."""

FAMILY_NAMES = {"maumau": "Mau-Mau", "malilla": "Malilla"}
"""Each game family's name for readers."""


def rule_family(rule_id: str) -> str:
    """The family of games a rule belongs to (its class's ``family``; ``maumau`` for a rule without a class)."""
    from maumau_rules.rules import RULE_CLASSES

    cls = RULE_CLASSES.get(rule_id)
    return str(getattr(cls, "family", "maumau"))


def family_text(family: str) -> str:
    """A family's name for a table cell, linked to the Malilla page for Malilla."""
    name = FAMILY_NAMES.get(family, family)
    return ref("malilla", name) if family == "malilla" else name


def variant_label(variant_id: str) -> str:
    """The reference label of a variant page."""
    return f"variant-{variant_id}"


def table(header: Sequence[str], rows: Iterable[Sequence[str]], *, widths: Sequence[int] | None = None,
          stub: bool = False, title: str = "", wide: bool = False, empty: str = "\u2014",
          classes: Sequence[str] = ()) -> str:
    """A ``list-table``; every cell is reST text (may span several lines). ``wide`` tables scroll sideways;
    ``classes`` adds HTML classes (``matrix``: the first column stays in view; ``rotated``: upright headers).
    The header cells and the title are written in the build's language (like :func:`heading`)."""
    header, title = [gettext(h) if h else h for h in header], gettext(title) if title else title
    out = [f".. list-table::{(' ' + title) if title else ''}", "   :header-rows: 1"]
    names = [*(["wide"] if wide else []), *classes]
    if names:
        out.append(f"   :class: {' '.join(names)}")
    if widths:
        out.append(f"   :widths: {' '.join(str(w) for w in widths)}")
    if stub:
        out.append("   :stub-columns: 1")
    out.append("")
    for row in [list(header), *(list(r) for r in rows)]:
        for i, cell in enumerate(row):
            lines = (cell if cell.strip() else empty or "\\ ").splitlines()
            out.append(f"   {'*' if i == 0 else ' '} - {lines[0]}")
            out.extend(f"       {line}" if line.strip() else "" for line in lines[1:])
    return "\n".join(out) + "\n"


def field_list(items: Iterable[tuple[str, str]]) -> str:
    """A reST field list (``:Name: value``), skipping empty values; the names in the build's language."""
    return "".join(f":{gettext(name)}: {value}\n" for name, value in items if value)


def bullets(items: Iterable[str]) -> str:
    """A bullet list."""
    return "".join(f"* {item}\n" for item in items)


# ====================================================================== loading


_PICTURES: dict[str, str] = {}
"""The pictures the pages of this build show, by file name (written into ``_generated/pictures``)."""


def picture(name: str, svg: str, alt: str, caption: str = "") -> str:
    """An SVG picture drawn by :mod:`maumau_rules.svg` for a page: the file is written into the build's
    ``_generated/pictures`` and the page shows it (a figure when it has a caption)."""
    _PICTURES[name] = svg
    alt = " ".join(alt.split())
    if caption:
        return (f".. figure:: /_generated/pictures/{name}.svg\n   :alt: {alt}\n   :class: maumau-picture\n\n"
                f"   {_indent(caption, 3)}\n")
    return f".. image:: /_generated/pictures/{name}.svg\n   :alt: {alt}\n   :class: maumau-picture\n"


def gallery(pictures: Sequence[str]) -> str:
    """Pictures side by side (two in a row on a wide screen): a game step by step."""
    return ".. container:: maumau-steps\n\n" + "\n".join("   " + _indent(p.rstrip("\n"), 3) + "\n" for p in pictures)


def _did(move: Any) -> str:
    """What a move does, in words for a caption (``plays 7♥``, ``draws``, ``passes``, ``asks for a new deal``)."""
    text = str(move)
    return {"draw": "draws", "pass": "passes", "redeal": "asks for a new deal (or agrees to one)"}.get(
        text, f"calls out seat {text.split()[-1]}" if text.startswith("callout") else f"plays {text}")


def _ringed(last: Any) -> str:
    return ", the card just played ringed in blue." if getattr(last, "card", None) is not None else "."


def _cards_picture(name: str, cards: Sequence[Any], alt: str) -> str:
    from maumau_rules.svg import hand_svg

    return picture(name, hand_svg(cards, size=0.62), alt)


def _view_picture(name: str, state: Any, seat: int | None, caption: str, *, last: Any = None,
                  names: Sequence[str] | None = None) -> str:
    """The table as ``seat`` (``None``: a spectator) sees it in ``state``: its legal moves ringed, the last move's
    card ringed in blue."""
    from maumau_rules import public_view, view
    from maumau_rules.svg import view_svg

    v = public_view(state) if seat is None else view(state, seat)
    svg = view_svg(v, size=0.62, highlight=getattr(v, "legal_moves", ()), last_move=last, names=names)
    return picture(name, svg, caption, caption)


def _load_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


@attrs.frozen
class SpecData:
    """Everything the pages are made from."""

    rules: dict[str, dict[str, Any]]
    """``[rule]`` tables of spec/rules by ID."""
    variants: tuple[Any, ...]
    """The registered :class:`~maumau_rules.variants.Variant` objects."""
    variant_files: dict[str, dict[str, Any]]
    """spec/variants/*.toml by variant ID."""
    invariants: dict[str, dict[str, Any]]
    """spec/invariants.toml entries by ID (empty when the file does not exist)."""
    scenarios: tuple[tuple[str, dict[str, Any]], ...]
    """spec/scenarios/*.json as (file name, data)."""
    tests: dict[str, list[str]]
    """Rule ID -> the tests that name it (``@pytest.mark.rule``), read from the test files."""
    sources: Sources
    """spec/sources, with the rules, variants and decisions that cite each entry."""

    @classmethod
    def load(cls) -> SpecData:
        """Read spec/, the registry and the tests' rule marks."""
        from maumau_rules import available_variants

        rules = {}
        for path in sorted((SPEC / "rules").glob("*.toml")):
            rule = _load_toml(path)["rule"]
            rules[str(rule["id"])] = rule
        files = {}
        for path in sorted((SPEC / "variants").glob("*.toml")):
            data = _load_toml(path)
            files[str(data.get("variant", {}).get("id", path.stem))] = data
        scenarios: list[tuple[str, dict[str, Any]]] = []
        for path in sorted((SPEC / "scenarios").glob("**/*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                logger.info("maumau_spec: skipping scenario %s: %s", path.name, exc)
                continue
            rel = str(path.relative_to(ROOT))
            for item in data if isinstance(data, list) else [data]:
                if isinstance(item, dict) and isinstance(item.get("games"), list):  # {"variant", "games": [...]}
                    scenarios.extend((rel, {"variant": item.get("variant"), **g}) for g in item["games"]
                                     if isinstance(g, dict))
                elif isinstance(item, dict):
                    scenarios.append((rel, item))
        try:
            tests = rule_tests(ROOT)
        except (RuleMarkError, SyntaxError) as exc:
            raise ExtensionError(f"maumau_spec: cannot list the tests of each rule: {exc}") from exc
        if not any(tests.values()):
            raise ExtensionError(f"maumau_spec: no test under {ROOT / 'tests'} names a rule (@pytest.mark.rule); "
                                 "the rules reference would list no tests")
        unknown = sorted(set(tests) - set(rules))
        if unknown:
            logger.warning("maumau_spec: tests name rules that spec/rules does not have: %s", ", ".join(unknown))
        sources = Sources.load(SPEC)
        sources.index_citations(rules, files)
        return cls(rules=rules, variants=tuple(available_variants()), variant_files=files,
                   invariants=_load_invariants(), scenarios=tuple(scenarios), tests=tests, sources=sources)

    def variants_using(self, rule_id: str) -> list[Any]:
        """The registered variants that use ``rule_id``."""
        return [v for v in self.variants if v.rule(rule_id) is not None]


def _load_invariants() -> dict[str, dict[str, Any]]:
    """spec/invariants.toml in either shape: ``[[invariant]]`` with ``id``, or ``[invariants.INV_X]`` tables."""
    path = SPEC / "invariants.toml"
    if not path.exists():
        return {}
    data = _load_toml(path)
    out: dict[str, dict[str, Any]] = {}
    for key in ("invariant", "invariants"):
        block = data.get(key)
        if isinstance(block, list):
            out.update({str(e["id"]): dict(e) for e in block if isinstance(e, dict) and "id" in e})
        elif isinstance(block, dict):
            out.update({str(k): dict(v) for k, v in block.items() if isinstance(v, dict)})
    out.update({str(k): dict(v) for k, v in data.items() if k.startswith("INV_") and isinstance(v, dict)})
    return out


# ====================================================================== formatting values


def fmt_value(value: Any) -> str:
    """A parameter value in reader's terms (:func:`maumau_rules.explain.fmt_value`, with reST literals)."""
    return explain.fmt_value(value, RST)


def fmt_toml(value: Any) -> str:
    """A raw spec value, for rules that have no class (deprecated); still no Python reprs."""
    if isinstance(value, bool):
        return lit("true" if value else "false")
    if isinstance(value, list):
        return ", ".join(fmt_toml(v) for v in value) if value else "(none)"
    if isinstance(value, dict):
        return ", ".join(f"{k} = {fmt_toml(v)}" for k, v in value.items())
    return lit(value) if isinstance(value, str) else str(value)


def rule_defaults(rule: dict[str, Any]) -> dict[str, str]:
    """The spec defaults of ``rule``, converted through the rule class and formatted."""
    from maumau_rules.rules import RULE_CLASSES

    params = list(rule.get("params", []))
    cls = RULE_CLASSES.get(rule["id"])
    if cls is not None:
        try:
            obj = cls(**{p["name"]: p["default"] for p in params})
            return {p["name"]: fmt_value(getattr(obj, p["name"])) for p in params}
        except Exception as exc:  # the spec tests report this; the docs still build
            logger.warning("maumau_spec: spec defaults of %s do not build: %s", rule["id"], exc)
    return {p["name"]: fmt_toml(p["default"]) for p in params}


def param_type(p: dict[str, Any]) -> str:
    """The type column: ``choice`` lists its options."""
    if p["type"] == "choice":
        return "one of " + ", ".join(lit(c) for c in p.get("choices", []))
    return str(p["type"])


def settings_of(rule_obj: Any) -> list[tuple[str, str, bool]]:
    """(name, formatted value, differs from the class default) for each parameter of a rule object."""
    default = type(rule_obj)()
    return [(f.name, fmt_value(getattr(rule_obj, f.name)), getattr(rule_obj, f.name) != getattr(default, f.name))
            for f in attrs.fields(type(rule_obj))]


def non_default_settings(rule_obj: Any) -> str:
    """The parameters a variant sets away from the defaults, as ``name = value`` lines."""
    changed = [f"{lit(name)} = {value}" for name, value, differs in settings_of(rule_obj) if differs]
    if not attrs.fields(type(rule_obj)):
        return "(no parameters)"
    return "\n".join(f"| {c}" for c in changed) if changed else "defaults"


# ====================================================================== describing a variant


# What the variant pages say about cards, setup, turns, calls, the end and scoring is maumau_rules.explain's text
# (also printed by ``maumau rules VARIANT``), with reST literals and links to the rules.
CardFacts = maumau_explain.CardFacts
ENGINE_FACT = explain.ENGINE_FACT
describe_card = maumau_explain.describe_card
hand_text = maumau_explain.hand_text


def _plain_groups(variant: Any) -> list[str]:
    """The cards of each group of :func:`card_groups`, as plain notation (``7♣ 7♠ 7♥ 7♦``)."""
    return [text for text, _ in maumau_explain.card_groups(variant)]


def _group_cards(variant: Any, i: int) -> tuple[Any, ...]:
    from maumau_rules import parse_cards

    return parse_cards(_plain_groups(variant)[i])


def card_facts(variant: Any, card: Any) -> maumau_explain.CardFacts:
    """The facts of ``card`` in ``variant``."""
    return maumau_explain.card_facts(variant, card, RST)


def card_groups(variant: Any) -> list[tuple[str, maumau_explain.CardFacts]]:
    """(cards text, facts) for every card that does something."""
    return maumau_explain.card_groups(variant, RST)


def deck_text(variant: Any) -> str:
    """The deck in words."""
    return explain.deck_text(variant, RST)


def setup_rows(variant: Any) -> list[tuple[str, str]]:
    """Rows of the setup table."""
    return explain.setup_rows(variant, RST)


def draw_rows(variant: Any) -> list[tuple[str, str]]:
    """Rows of the turn table."""
    return maumau_explain.draw_rows(variant, RST)


def announce_text(variant: Any) -> str:
    """The announcements in words."""
    return maumau_explain.announce_text(variant, RST)


def end_rows(variant: Any) -> list[tuple[str, str]]:
    """Rows of the end-of-round table."""
    return explain.end_rows(variant, RST)


def scoring_text(variant: Any) -> str:
    """The scoring scheme in words."""
    return explain.scoring_text(variant, RST)


# ====================================================================== pages


def page_rules(data: SpecData) -> str:
    """The rules reference."""
    out = [".. _rules-reference:\n", heading("Rules reference", 0)]
    out.append(f"Every rule of ``spec/rules`` ({len(data.rules)} rules), generated from the spec files at build "
               "time. A variant is a set of these rules with parameter values; the IDs are stable and "
               "appear in reason codes (:ref:`reason-codes`), in the tests and in the variant files.\n")
    summary = []
    for kind in _kinds(data):
        for rid in _rules_of_kind(data, kind):
            rule = data.rules[rid]
            users = _users_text(data, rid)
            summary.append([ref(rule_label(rid), rid), spec_text(rule["title"]), kind, family_text(rule_family(rid)), users])
    out.append("The rules of both game families are here: Mau-Mau's, and the ``R_MAL_*`` rules of "
               ":ref:`Malilla <malilla>`, a trick-taking game of its own. A variant holds rules of its own family "
               "only.\n")
    out.append(table(["Rule", "Title", "Kind", "Family", "Used by"], summary, widths=[26, 30, 12, 10, 22]))
    for kind in _kinds(data):
        out.append(heading(KIND_TITLES.get(kind, kind.capitalize()), 1))
        for rid in _rules_of_kind(data, kind):
            out.append(_rule_section(data, data.rules[rid]))
    return "\n".join(out)


def _users_text(data: SpecData, rule_id: str) -> str:
    """Short "used by", among the variants of the rule's family: all, all but a few, or the list."""
    family = rule_family(rule_id)
    pool = [v for v in data.variants if v.family == family]
    users = {v.id for v in pool if v.rule(rule_id) is not None}
    others = [v.id for v in pool if v.id not in users]
    name = FAMILY_NAMES.get(family, family)
    if not users:
        return "none yet"
    if not others:
        return f"all {name} variants"
    if len(others) < len(users) and len(others) <= 4:
        return f"all {name} variants but " + ", ".join(others)
    return ", ".join(v.id for v in pool if v.id in users)


def _kinds(data: SpecData) -> list[str]:
    present = {str(r["kind"]) for r in data.rules.values()}
    return [k for k in KIND_ORDER if k in present] + sorted(present - set(KIND_ORDER))


def _rules_of_kind(data: SpecData, kind: str) -> list[str]:
    return sorted(rid for rid, r in data.rules.items() if r["kind"] == kind)


def _rule_section(data: SpecData, rule: dict[str, Any]) -> str:
    rid = rule["id"]
    out = [f".. _{rule_label(rid)}:\n", heading(f"{rid} \u2014 {spec_text(rule['title'])}", 2)]
    status = rule["status"] + (f", since {rule['since']}" if rule.get("since") else "")
    out.append(field_list([("Kind", rule["kind"]), ("Family", family_text(rule_family(rid))), ("Status", status)]))
    out.append(prose(spec_text(rule["text"]), data.sources, rid) + "\n")
    if rule.get("basis"):
        out.append(f".. note::\n   {prose(rule['basis'], data.sources, rid)}\n")
    params = list(rule.get("params", []))
    if params:
        defaults = rule_defaults(rule)
        rows = [[lit(p["name"]), param_type(p), defaults[p["name"]], prose(spec_text(p["doc"]))] for p in params]
        out.append(table(["Parameter", "Type", "Default", "Meaning"], rows, widths=[20, 20, 22, 38],
                         title="Parameters"))
    else:
        out.append("This rule has no parameters.\n")
    users = data.variants_using(rid)
    if users:
        rows = [[ref(variant_label(v.id), explain.name_text(v)), non_default_settings(v.rule(rid))] for v in users]
        out.append(table(["Variant", "Settings (other parameters at their defaults)"], rows, widths=[35, 65],
                         title="In the variants"))
    else:
        reason = prose(rule.get("unused", "")) or "No registered variant uses this rule yet."
        out.append(f"**In the variants:** none. {reason}\n")
    sources = ", ".join(data.sources.link(s, where=rid) for s in rule.get("sources", []))
    invariants = ", ".join(_invariant_ref(data, i) for i in rule.get("invariants", []))
    out.append(field_list([("Sources", sources), ("Invariants", invariants)]))
    out.append(_tests_block(data, rid))
    return "\n".join(out)


def _invariant_ref(data: SpecData, inv: str) -> str:
    return ref(f"inv-{inv.lower()}", inv) if inv in data.invariants else lit(inv)


def _tests_block(data: SpecData, rid: str) -> str:
    tests = data.tests.get(rid, [])
    if not tests:
        return "**Tests:** no test names this rule yet.\n"
    return f"**Tests** ({len(tests)}):\n\n" + bullets(lit(t) for t in tests)


def _variant_head(data: SpecData, variant: Any) -> list[str]:
    """A variant page's title, summary and fields."""
    out = [f".. _{variant_label(variant.id)}:\n", heading(explain.name_text(variant), 0)]
    if variant.summary:
        out.append(prose(explain.summary_text(variant), data.sources, variant.id) + "\n")
    aliases = ", ".join(lit(a) for a in variant.aliases)
    out.append(field_list([("ID", lit(variant.id)), ("Also found as", aliases), ("Family", family_text(variant.family)),
                           ("Version", str(variant.version)),
                           ("Built from", "public descriptions outside our sources" if variant.external else "")]))
    return out


def _variant_rules(data: SpecData, variant: Any) -> list[str]:
    """A variant page's rules with their settings, and its decisions on the gaps in the sources."""
    out = [heading("Rules and settings", 1)]
    rows = [[ref(rule_label(r.rule_id), r.rule_id), spec_text(data.rules.get(r.rule_id, {}).get("title", "")),
             non_default_settings(r)] for r in variant.rules]
    out.append(table(["Rule", "Title", "Settings (others at their defaults)"], rows, widths=[28, 30, 42]))
    if variant.decisions:
        out.append(heading("Decisions on gaps in the sources", 1))
        out.append("Where the sources are silent or disagree, this variant makes a choice:\n")
        rows = [[_gap(data, d.gap, variant.id), f"{lit(d.param)} = {lit(d.value)}",
                 prose(d.reason, data.sources, variant.id)] for d in variant.decisions]
        out.append(table(["Gap", "Decision", "Reason"], rows, widths=[18, 30, 52]))
    return out


def _variant_sources(data: SpecData, variant: Any) -> list[str]:
    if not variant.sources:
        return []
    return [heading("Sources", 1), ", ".join(data.sources.link(s, where=variant.id) for s in variant.sources) + "\n"]


def page_variant(data: SpecData, variant: Any) -> str:
    """One variant's page (a Malilla variant's: :func:`page_malilla_variant`)."""
    if variant.family == "malilla":
        return page_malilla_variant(data, variant)
    out = _variant_head(data, variant)
    out.append(heading("Setup", 1))
    out.append(table(["Aspect", "Rule"], setup_rows(variant), widths=[20, 80], stub=True))
    out.append(heading("What the cards do", 1))
    groups = card_groups(variant)
    rows = [[f"{cards}\n\n" + _cards_picture(f"{variant.id}-cards-{i}", _group_cards(variant, i),
                                              f"the cards {_plain_groups(variant)[i]}"), describe_card(facts)]
            for i, (cards, facts) in enumerate(groups)]
    rows.append(["All other cards", "No effect: they match by suit or rank."])
    out.append("A card may be played on a card of the same suit or rank (:ref:`R_MATCH <rule-r_match>`). "
               "These cards do more:\n")
    out.append(table(["Cards", "Effect"], rows, widths=[32, 68]))
    out.append(heading("Turns", 1))
    out.append(table(["Aspect", "Rule"], draw_rows(variant), widths=[20, 80], stub=True))
    out.append(heading("Announcements", 1))
    out.append(announce_text(variant))
    out.append(heading("End of the round", 1))
    out.append(table(["Aspect", "Rule"], end_rows(variant), widths=[20, 80], stub=True))
    out.append(heading("Scoring", 1))
    out.append(scoring_text(variant))
    out += _variant_rules(data, variant)
    example = worked_example(data, variant)
    if example:
        out.append(heading("Worked example", 1))
        out.append(example)
    out += _variant_sources(data, variant)
    return "\n".join(out)


def page_malilla_variant(data: SpecData, variant: Any) -> str:
    """A Malilla variant's page: setup, tricks, the end of a hand and scoring, from its rules and plan
    (:mod:`maumau_rules.families.malilla.explain`, the text ``maumau rules VARIANT`` prints, with links)."""
    out = _variant_head(data, variant)
    out.append(f"A game of :ref:`Malilla <malilla>`: four players in two teams take tricks with the Spanish pack. "
               f"Play it in a terminal with ``maumau play --variant {variant.id}``; ``maumau rules {variant.id}`` "
               f"prints this page's rules, and ``maumau rules {variant.id} --card 7or`` what a card is.\n")
    out.append(heading("Setup", 1))
    out.append(table(["Aspect", "Rule"], explain.setup_rows(variant, RST), widths=[20, 80], stub=True))
    out.append(heading("Tricks", 1))
    out.append(table(["Aspect", "Rule"], malilla_explain.trick_rows(variant, RST), widths=[20, 80], stub=True))
    out.append(_malilla_cards(variant))
    out.append(heading("End of the hand and scoring", 1))
    out.append(table(["Aspect", "Rule"], explain.end_rows(variant, RST), widths=[20, 80], stub=True))
    out += _variant_rules(data, variant)
    examples = [sc for _, sc in _malilla_scenarios(data)]
    if examples:
        out.append(heading("Worked examples", 1))
        mine = [sc for sc in examples if str(sc.get("variant")) in (variant.id, *variant.aliases)]
        played = "" if len(mine) == len(examples) else (
            f" (with the rules of {', '.join(sorted({lit(sc.get('variant')) for sc in examples}))})")
        out.append(f"The source's examples are replayed by the engine on the "
                   f"{ref('malilla-examples', 'Malilla page')}{played}:\n")
        out.append(bullets(ref(_scenario_label(sc), f"{sc['id']}: {sc.get('title', '')}") for sc in examples))
    out += _variant_sources(data, variant)
    return "\n".join(out)


def _malilla_cards(variant: Any) -> str:
    """One suit in the order of its strength, as a picture, with each card's points."""
    from maumau_rules import Card, Suit

    plan = variant.family_plan
    cards = [Card(r, Suit.OROS) for r in plan.order]
    points = ", ".join(f"{lit(c)} {plan.points[c]}" for c in cards if plan.points[c])
    return ("The cards of a suit, oros here, from the strongest to the weakest; the cards that score are "
            f"{points} points (every suit alike):\n\n"
            + _cards_picture(f"{variant.id}-order", cards, "one suit from the strongest card to the weakest: "
                             + " ".join(str(c) for c in cards)))


EXAMPLE_MOVES = 16
"""At most this many moves of a golden game are shown as the worked example."""


def worked_example(data: SpecData, variant: Any) -> str:
    """A move-by-move table replayed from the shortest golden scenario of ``variant`` that replays cleanly."""
    mine = [(name, sc) for name, sc in data.scenarios if str(sc.get("variant", "")) in (variant.id, *variant.aliases)
            and isinstance(sc.get("moves"), list) and sc["moves"]]
    for name, scenario in sorted(mine, key=lambda item: len(item[1]["moves"])):
        try:
            text = _render_scenario(variant, scenario, name)
        except Exception as exc:  # scenario shapes are owned by tests/scenarios; a misfit is skipped, not fatal
            logger.info("maumau_spec: scenario %s not shown for %s: %s", name, variant.id, exc)
            continue
        if text:
            return text
    return ""


def _render_scenario(variant: Any, sc: dict[str, Any], source: str) -> str:
    from maumau_rules import Deal, apply, new_game, parse_cards, parse_move

    players = int(sc.get("players", 0) or len(sc.get("deal", {}).get("hands", [])))
    if "deal" in sc:
        d = sc["deal"]

        def cards(v: Any) -> tuple[Any, ...]:
            return tuple(parse_cards(v if isinstance(v, str) else " ".join(v)))

        deal = Deal(hands=tuple(cards(h) for h in d["hands"]), stock=cards(d.get("stock", [])),
                    discard=cards(d["discard"]), dealer=int(d.get("dealer", 0)),
                    first_player=d.get("first_player"))
        state = new_game(variant, players=players, seed=int(sc.get("seed", 0)), deal=deal)
    elif "seed" in sc:
        state = new_game(variant, players=players, seed=int(sc["seed"]))
    else:
        return ""
    moves = [m.get("move") if isinstance(m, dict) else m for m in sc.get("moves", [])]
    if not moves or not all(isinstance(m, str) for m in moves):
        return ""
    out = []
    title = sc.get("title") or sc.get("name") or sc.get("id") or ""
    if title:
        out.append(f"*{str(title).strip()}*\n")
    if sc.get("description"):
        out.append(prose(str(sc["description"])) + "\n")
    total = len(moves)
    shown = moves[:EXAMPLE_MOVES]
    seed = f", seed {sc['seed']}" if "seed" in sc else ""
    part = f"its first {len(shown)} moves" if len(shown) < total else f"all {total} moves"
    out.append(f"A golden game from ``{source}`` ({players} players{seed}), {part} of {total}, replayed "
               f"by the engine when this page was built.\n")
    out.append(f"The start card is {state.top_card}; seat {state.seat_to_act} plays first.\n")
    out.append(bullets(f"Seat {i}: {' '.join(str(c) for c in h)}" for i, h in enumerate(state.hands)))
    rows = []
    steps = []
    last = None
    for step, text in enumerate(shown, 1):
        seat = state.seat_to_act
        move = parse_move(str(text))
        steps.append(_view_picture(f"{variant.id}-example-{step}", state, seat,
                                   f"Step {step}: seat {seat} is to act and {_did(move)}. What seat {seat} sees: "
                                   "the moves it may make ringed in yellow" + _ringed(last),
                                   last=last))
        last = move
        state = apply(state, move)
        notes = ["cards in hand " + " / ".join(str(len(h)) for h in state.hands)]
        if state.pending_draw:
            notes.append(f"pending draw {state.pending_draw}")
        if state.wished_suit is not None:
            notes.append(f"wished suit {state.wished_suit.symbol}")
        if state.is_over:
            notes.append("round over" + (f", seat {state.winner} wins" if state.winner is not None else ""))
        rows.append([str(step), f"seat {seat}", lit(str(move)), str(state.top_card), "; ".join(notes)])
    out.append(table(["Step", "Player", "Move", "Top card", "After the move"], rows, widths=[8, 12, 20, 14, 46]))
    out.append("*Step by step*, each step drawn from the view of the player to act (:func:`maumau_rules.svg.view_svg`): "
               "his own hand face up, the other hands as backs.\n")
    out.append(gallery([*steps, _view_picture(f"{variant.id}-example-end", state, None,
                                              f"After step {len(shown)}, as a spectator sees the table"
                                              + _ringed(last), last=last)]))
    return "\n".join(out)


# ====================================================================== Malilla


def _malilla_scenarios(data: SpecData) -> list[tuple[str, dict[str, Any]]]:
    """The scenarios of spec/scenarios played with a Malilla variant (file name, data), in the order of their IDs."""
    from maumau_rules import find_variant
    from maumau_rules.errors import VariantError

    out = []
    for name, sc in data.scenarios:
        try:
            family = find_variant(str(sc.get("variant", ""))).family
        except VariantError:
            continue
        if family == "malilla" and isinstance(sc.get("hands"), list) and isinstance(sc.get("moves"), list):
            out.append((name, sc))
    return sorted(out, key=lambda item: str(item[1].get("id", item[0])))


def _scenario_label(sc: dict[str, Any]) -> str:
    return f"example-{str(sc.get('id', 'scenario')).lower()}"


def _scenario_error(source: str, text: str) -> ExtensionError:
    return ExtensionError(f"maumau_spec: {source}: {text}")


def render_malilla_scenario(data: SpecData, sc: dict[str, Any], source: str) -> str:
    """A Malilla scenario replayed by the engine: the deal, each move (with the moves the file says are refused
    before it, and the reason code and rule the engine gives), each trick's winner and points, and for a whole
    hand its score. Every expectation of the file (``refused``, ``expect``) is checked: a mismatch stops the
    build, so the page cannot show what the engine does not do."""
    from maumau_rules import Card, apply, check, find_variant, parse_cards, parse_move
    from maumau_rules.families.malilla.engine import deck_order_for, new_hand
    from maumau_rules.families.malilla.plan import SIDES, team_of
    from maumau_rules.families.malilla.state import Stage

    variant = find_variant(str(sc["variant"]))
    plan = variant.family_plan
    hands = [parse_cards(h) for h in sc["hands"]]
    dealer = int(sc["dealer"])
    trump_card = Card.parse(str(sc["trump_card"]))
    state = new_hand(variant, seed=int(sc.get("seed", 0)), dealer=dealer,
                     deck_order=deck_order_for(hands, dealer, trump_card))
    start = state
    names = [str(n) for n in sc.get("names", [])]

    def who(seat: int) -> str:  # the source's names where it gives them, never mixed with seat numbers
        return names[seat] if len(names) == 4 else f"seat {seat}"

    def team(t: int) -> str:
        a, b = SIDES[t]
        return f"{names[a]} and {names[b]}'s team" if len(names) == 4 else f"team {t} (seats {a} and {b})"

    def cap(text: str) -> str:
        return text[:1].upper() + text[1:]

    sid = str(sc.get("id", source))
    out = [f".. _{_scenario_label(sc)}:\n", heading(f"{sid}: {sc.get('title', '')}".strip(": "), 2)]
    cite = data.sources.link(sid, where=source) if data.sources.known(sid) else lit(sid)
    out.append(f"Source item {cite}, from ``{source}`` (variant {ref(variant_label(variant.id), variant.id)}), "
               "replayed by the engine when this page was built.\n")
    if sc.get("description"):
        out.append(prose(str(sc["description"]), data.sources, sid) + "\n")
    bonus = state.bonus[team_of(dealer)]
    out.append(f"{cap(who(dealer))} deals; his last card, {lit(trump_card)} ({trump_card.name}), is turned up: "
               f"{state.trump.english} are trump"
               + (f" and {team(team_of(dealer))} scores its {bonus} points at once" if bonus else
                  ", and it carries no points") + f". {cap(who(state.leader))} leads.\n")
    named = len(names) == 4
    if named:
        out.append("The source calls the players " + ", ".join(sorted(names)) + "; this page does too. The engine "
                   "numbers the same players as seats 0 to 3 in turn order (the *Seat* column), which is what "
                   ":func:`~maumau_rules.view` and the records use.\n")
    rows = [[str(seat), *([names[seat]] if named else []), f"team {team_of(seat)}", " ".join(lit(c) for c in hand)]
            for seat, hand in enumerate(state.hands)]
    out.append(table(["Seat", *(["Player"] if named else []), "Team", "Hand"], rows,
                     widths=[8, 12, 12, 68] if named else [8, 12, 80], title="The deal"))
    refused: dict[int, list[dict[str, Any]]] = {}
    for r in sc.get("refused", []):
        refused.setdefault(int(r["before"]), []).append(r)
    moves = [str(m) for m in sc["moves"]]
    plays = sum(1 for m in moves if m not in ("pass", "redeal"))
    move_rows: list[list[str]] = []
    trick_rows: list[list[str]] = []
    question: list[str] = []
    pictures: list[str] = []
    last: Any = None
    shown = names if len(names) == 4 else None
    for i, text in enumerate(moves):
        seat = state.seat_to_act
        notes = []
        for r in refused.pop(i, []):
            verdict = check(state, parse_move(str(r["move"])))
            got = (verdict.reason.value if verdict.reason else "", verdict.rule_id)
            if verdict.ok or got != (r["reason"], r["rule_id"]):
                raise _scenario_error(source, f"move {r['move']} before step {i}: the file expects "
                                              f"{r['reason']}/{r['rule_id']}, the engine says {got[0] or 'ok'}/{got[1]}")
            why = verdict.message.split(": ", 1)[-1]
            notes.append(f"{lit(r['move'])} would be refused: {lit(got[0])}, {ref(rule_label(got[1]), got[1])} "
                         f"\u2014 {prose(why)}")
        move = parse_move(text)
        verdict = check(state, move)
        if not verdict.ok:
            raise _scenario_error(source, f"move {i} ({text}) is illegal: {verdict.message}")
        stage = state.stage
        if plays <= 8:
            pictures.append(_view_picture(
                f"{sid.lower()}-{i + 1}", state, seat, f"Move {i + 1}: {who(seat)} is to act and {_did(move)}. "
                f"What {who(seat)} sees: the moves it may make ringed in yellow" + _ringed(last), last=last,
                names=shown))
        last = move
        state = apply(state, move)
        if plays > 8 and stage is Stage.PLAY and not state.trick:
            t = state.tricks[-1]
            pictures.append(_view_picture(
                f"{sid.lower()}-trick-{len(state.tricks)}", state, 0,
                f"Trick {len(state.tricks)}: {who(t.winner)} takes it for {t.points} points; the table as "
                f"{who(0)} sees it.", last=move, names=shown))
        if stage is not Stage.PLAY:
            question.append(f"{who(seat)}: {lit(text)}")
            continue
        if state.trick:
            w = state.winning_seat
            after = f"{who(w)} is winning the trick" if w is not None else ""
        else:
            t = state.tricks[-1]
            cards = " + ".join(str(plan.points[c]) for c in t.cards)
            after = (f"{who(t.winner)} takes the trick for {team(team_of(t.winner))}: {cards} = {t.points - plan.trick_point} "
                     f"card points and {plan.trick_point} for the trick, {t.points}")
            trick_rows.append([str(len(state.tricks)), who(t.leader),
                               ", ".join(f"{lit(c)}" for c in t.cards), who(t.winner), str(t.points),
                               f"{state.points[0]} : {state.points[1]}"])
        move_rows.append([str(len(move_rows) + 1), who(seat), lit(text), "\n".join(f"| {n}" for n in notes), after])
    if refused:
        raise _scenario_error(source, f"refused moves before steps {sorted(refused)}, which the scenario never reaches")
    if question:
        out.append("The question about a new deal (" + ref(rule_label("R_MAL_REDEAL"), "R_MAL_REDEAL") + "): "
                   + "; ".join(question) + ".\n")
    if plays <= 8:
        out.append(table(["Step", "Player", "Move", "Refused at this point", "After the move"], move_rows,
                         widths=[6, 14, 10, 40, 30], title="The play"))
    else:
        out.append(table(["Trick", "Led by", "Cards in the order played", "Won by", "Points", "Teams so far"],
                         trick_rows, widths=[7, 15, 30, 15, 9, 14], title="The tricks (team points: team 0 : team 1)"))
    expect = dict(sc.get("expect", {}))
    found: dict[str, Any] = {"team_points": list(state.points)}
    result = []
    if state.tricks:
        last = state.tricks[-1]
        found.update(trick=[str(c) for c in last.cards], winner=last.winner, points=last.points)
    if state.is_over:
        score: Any = variant.rule("R_MAL_SCORE")
        found.update(hand_winner=state.winner, bonus=list(start.bonus))
        result.append(f"The hand is over: team 0 took {state.points[0]} of its {plan.hand_total} points, team 1 "
                      f"{state.points[1]}.")
        if score is not None:
            hand = score.round_points(state)
            settled = score.settle(state)
            found.update(hand_scores=list(hand), scores=list(settled.scores))
            if state.winner is not None:
                result.append(f"Team {state.winner} took more than {plan.half} and scores "
                              f"{state.points[state.winner]} \u2212 {plan.half} = {hand[state.winner]}; team "
                              f"{1 - state.winner} scores nothing for the hand ({ref(rule_label('R_MAL_SCORE'), 'R_MAL_SCORE')}).")
            else:
                result.append(f"Neither team took more than {plan.half}: neither scores.")
            if any(start.bonus):
                result.append("The bonus scored at the deal counts apart: " + " and ".join(
                    f"team {t}'s {b} points" for t, b in enumerate(start.bonus) if b) + ".")
            result.append(f"The match stands at {settled.scores[0]} to {settled.scores[1]}"
                          + (f": {settled.why}." if settled.over else "."))
    elif state.tricks:
        last = state.tricks[-1]
        result.append(f"{cap(who(last.winner))} wins the trick for {team(team_of(last.winner))}: "
                      f"{last.points} points ({', '.join(lit(c) for c in last.cards)}). The team points stand at "
                      f"{state.points[0]} to {state.points[1]}.")
    for key, want in expect.items():
        if key not in found or found[key] != want:
            raise _scenario_error(source, f"expect.{key} is {want!r}, the engine gives {found.get(key)!r}")
    out.append(" ".join(result) + "\n")
    if pictures:
        out.append(("*Move by move*, each drawn from the view of the player to act" if plays <= 8 else
                    f"*Trick by trick*, each drawn from the view of {who(0)}")
                   + " (:func:`maumau_rules.svg.view_svg`): his own hand face up, the others as backs.\n")
        if plays <= 8:
            pictures.append(_view_picture(f"{sid.lower()}-end", state, None, "At the end, as a spectator sees the "
                                          "table" + _ringed(last), last=last, names=shown))
        out.append(gallery(pictures))
    return "\n".join(out)


def page_malilla(data: SpecData) -> str:
    """The Malilla family: what it is, its variants and rules, and the source's worked examples."""
    from maumau_rules.variants import diff_variants

    variants = [v for v in data.variants if v.family == "malilla"]
    out = [".. _malilla:\n", heading("Malilla", 0)]
    doc = next((d for d in data.sources.documents.values() if "MAL" in d["prefixes"]), None)
    where = f" (:ref:`source {doc['id']} <{document_label(str(doc['id']))}>`)" if doc else ""
    out.append(f"Malilla is the second game of our sources{where}, played in Spain and Mexico: four players in two "
               "teams, partners sitting opposite each other, with the 40-card Spanish pack (oros, copas, espadas, "
               "bastos). The dealer turns up his last card, whose suit is trump. Each player in turn plays one card "
               "to a trick; the highest card of the suit led wins it, unless a trump is played, and the winner leads "
               "the next. The cards carry points, and the team that takes more than half of the hand's points scores "
               "what it took above half. The rules below say exactly when a player must follow suit, beat the trick "
               "or trump, and how a hand and a match are scored.\n")
    out.append("Cards are written rank then suit: ``1`` to ``7``, ``S`` (Sota), ``C`` (Caballo), ``R`` (Rey), then "
               "``or``, ``co``, ``es`` or ``ba`` (``7or``, ``Rco``, ``1es``).\n")
    out.append("For developers: Malilla is not a Mau-Mau variant but a game family of its own (``family = "
               "\"malilla\"`` in its variant files). Its ``R_MAL_*`` rules compile into a "
               ":class:`~maumau_rules.families.malilla.plan.MalillaPlan`, and :func:`~maumau_rules.new_game`, "
               ":func:`~maumau_rules.legal_moves`, :func:`~maumau_rules.check` and :func:`~maumau_rules.apply` play "
               "it as they play Mau-Mau (see \"Architecture: layers and game families\").\n")
    out.append(heading("Variants", 1))
    base = variants[0] if variants else None
    rows = []
    for v in variants:
        diff = [f"{lit(d.rule_id + '.' + d.param)} = {fmt_value(d.right)}" for d in diff_variants(base, v)
                if d.aspect == "param"] if base is not None and v is not base else []
        rows.append([ref(variant_label(v.id), explain.name_text(v)), lit(v.id), "\n".join(f"| {d}" for d in diff)
                     or ("the reference" if v is base else "the same rules"), f"``maumau play --variant {v.id}``"])
    out.append(table(["Variant", "ID", f"Differs from {base.id if base else ''}", "Play it"], rows,
                     widths=[30, 16, 30, 24]))
    out.append(f"``maumau rules {base.id if base else 'malilla'}`` prints a variant's rules in a terminal, and "
               f"``maumau rules {base.id if base else 'malilla'} --card 7or`` what one card is.\n")
    out.append(heading("Rules", 1))
    rules = [rid for kind in _kinds(data) for rid in _rules_of_kind(data, kind) if rule_family(rid) == "malilla"]
    out.append(table(["Rule", "Title", "Kind", "Used by"],
                     [[ref(rule_label(r), r), prose(spec_text(data.rules[r]["title"])), data.rules[r]["kind"],
                       _users_text(data, r)] for r in rules], widths=[26, 40, 12, 22]))
    scenarios = _malilla_scenarios(data)
    if scenarios:
        out.append(".. _malilla-examples:\n")
        out.append(heading("Worked examples", 1))
        out.append("The source's examples, each a file of ``spec/scenarios`` replayed by the engine while this page "
                   "was built: the deal, the moves, the moves the rules refuse (with the reason code and the rule "
                   "that :func:`~maumau_rules.check` gives), and the result. The build fails if the engine disagrees "
                   "with a file, and the test suite replays the same files.\n")
        for name, sc in scenarios:
            out.append(render_malilla_scenario(data, sc, name))
    return "\n".join(out)


def page_variant_index(data: SpecData) -> str:
    """The list of variants."""
    out = [".. _variants:\n", heading("Variants", 0)]
    out.append(f"{len(data.variants)} variants are registered; each is a set of rules with parameter values, "
               "loaded from ``spec/variants``. Find one by ID or alias with "
               ":func:`~maumau_rules.variants.find_variant`.\n")
    rows = [[ref(variant_label(v.id), explain.name_text(v)), lit(v.id), family_text(v.family), ", ".join(lit(a) for a in v.aliases),
             f"{v.deck.size}", f"{v.players[0]}\u2013{v.players[1]}"] for v in data.variants]
    out.append(table(["Variant", "ID", "Family", "Aliases", "Cards", "Players"], rows,
                     widths=[28, 14, 11, 27, 8, 12]))
    out.append(".. toctree::\n   :hidden:\n\n" + "".join(f"   {v.id}\n" for v in data.variants))
    return "\n".join(out)


def key_settings(variant: Any) -> dict[str, str]:
    """Short key settings of a variant, for the matrix (a Mau-Mau aspect of a Malilla variant is "\u2014")."""
    if variant.family == "malilla":
        return _malilla_key_settings(variant)
    plan = variant.plan
    groups = card_groups(variant)

    def cards_where(pred: Callable[[CardFacts], bool]) -> str:
        return "; ".join(_short_cards(c) for c, f in groups if pred(f)) or "\u2014"

    ann = variant.rule("R_ANNOUNCE")
    deal = variant.rule("R_DEAL")
    scoring = next((r.rule_id.removeprefix("R_SCORE_").lower().replace("_", " ") for r in variant.rules
                    if r.rule_id.startswith("R_SCORE_")), "\u2014")
    return {
        "Family": family_text(variant.family),
        "Deck": _short_deck(variant.deck),
        "Players": f"{variant.players[0]}\u2013{variant.players[1]}",
        "Hand size": str(deal.hand_size) + (f" ({deal.two_player_hand_size} with 2)" if deal.two_player_hand_size
                                            else ""),
        "Direction": "clockwise" if plan.direction == 1 else "counter-clockwise",
        "Draw cards": "; ".join(f"{_short_cards(c)} +{f.penalty}" for c, f in groups if f.penalty) or "\u2014",
        "Stacking": "yes" if any(f.stackable for _, f in groups) else "no",
        "Skip": cards_where(lambda f: "skip" in f.roles),
        "Wild": cards_where(lambda f: "wild" in f.roles),
        "Reverse": cards_where(lambda f: "reverse" in f.roles),
        "Play again": cards_where(lambda f: "again" in f.roles),
        "Not last": cards_where(lambda f: "it may not be the last card" in f.extras),
        "Last-card call": f"\u201c{ann.word}\u201d" if ann is not None else "none",
        "Scoring": scoring,
    }


def _malilla_key_settings(variant: Any) -> dict[str, str]:
    """The matrix row of a Malilla variant: its family's facts where Mau-Mau's aspects do not apply."""
    plan = variant.family_plan
    none = "\u2014"
    scoring = f"over {plan.half} of {plan.hand_total}; to {plan.target}" if plan.target is not None else none
    return {
        "Family": family_text(variant.family), "Deck": _short_deck(variant.deck),
        "Players": f"{variant.players[0]}\u2013{variant.players[1]}", "Hand size": str(plan.hand_size),
        "Direction": "counter-clockwise", "Draw cards": none, "Stacking": none, "Skip": none, "Wild": none,
        "Reverse": none, "Play again": none, "Not last": none, "Last-card call": none, "Scoring": scoring,
    }


def _short_deck(deck: Any) -> str:
    """``32``, ``52+2J``, ``2×52``, ``40 Spanish``: cards per pack, Jokers, packs."""
    text = f"{len(deck.ranks) * 4}" + (f"+{deck.jokers}J" if deck.jokers else "") + (" Spanish" if deck.is_spanish
                                                                                        else "")
    return f"{deck.packs}\u00d7{text}" if deck.packs > 1 else text


_short_cards = maumau_explain._short_cards


def page_matrix(data: SpecData) -> str:
    """Key settings and rules of every variant: one row per variant, so more variants only add rows."""
    out = [".. _variant-matrix:\n", heading("Variant matrix", 0)]
    variants = list(data.variants)
    out.append("The key settings of each variant, and which rules it uses (\u2713). One row per variant; on a "
               "narrow screen the tables scroll sideways and the variant column stays in view. Rule and "
               "variant names link to their pages.\n")
    out.append(heading("Key settings", 1))
    keys = {v.id: key_settings(v) for v in variants}
    aspects = list(next(iter(keys.values()))) if keys else []
    rows = [[ref(variant_label(v.id), v.id), *(keys[v.id][a] for a in aspects)] for v in variants]
    out.append(table(["Variant", *aspects], rows, stub=True, empty="", classes=["matrix"]))
    out.append("Family: the game the variant belongs to, Mau-Mau or :ref:`Malilla <malilla>`. Malilla, a "
               "trick-taking game, has none of Mau-Mau's draw cards, special cards and calls (\u2014); its Scoring "
               "cell gives the points of a hand a team must pass to score, and the match target. Deck: cards per pack (+ Jokers), times the number of packs. Draw "
               "cards: the card and how many it makes the next player draw. Not last: cards that may not finish.\n")
    out.append(heading("Rules", 1))
    rule_ids = [rid for kind in _kinds(data) for rid in _rules_of_kind(data, kind)]
    rows = [[ref(variant_label(v.id), v.id), *("\u2713" if v.rule(rid) is not None else "" for rid in rule_ids)]
            for v in variants]
    out.append(table(["Variant", *(ref(rule_label(rid), rid) for rid in rule_ids)], rows, stub=True,
                     empty="\u00b7", classes=["matrix", "rotated"]))
    out.append("The rule columns follow the order of the :ref:`rules reference <rules-reference>`: "
               + ", ".join(gettext(KIND_TITLES.get(k, k)).lower() for k in _kinds(data)) + ".\n")
    return "\n".join(out)


def differences(a: Any, b: Any) -> list[tuple[str, str, str]]:
    """(aspect, value in a, value in b) for every difference between two variants (``diff_variants``)."""
    from maumau_rules.variants import diff_variants

    rows: list[tuple[str, str, str]] = []
    for d in diff_variants(a, b):
        if d.aspect == "family":
            rows.append(("Family", family_text(a.family), family_text(b.family)))
        elif d.aspect == "deck":
            rows.append(("Deck", deck_text(a), deck_text(b)))
        elif d.aspect == "players":
            rows.append(("Players", f"{a.players[0]}\u2013{a.players[1]}", f"{b.players[0]}\u2013{b.players[1]}"))
        elif d.aspect == "rule":
            rows.append((ref(rule_label(d.rule_id), d.rule_id), "used" if d.left is not None else "not used",
                         "used" if d.right is not None else "not used"))
        else:
            rows.append((f"{ref(rule_label(d.rule_id), d.rule_id)} {lit(d.param)}", fmt_value(d.left),
                         fmt_value(d.right)))
    return rows


def page_differences(data: SpecData) -> str:
    """The index of the comparisons, and the number of differences for every pair."""
    out = [".. _variant-differences:\n", heading("Differences between variants", 0)]
    variants = list(data.variants)
    if len(variants) < 2:
        out.append(f"Only {len(variants)} variant is registered, so there is nothing to compare yet.\n")
        return "\n".join(out)
    out.append("Each page below compares one variant with every other variant: every rule and parameter in "
               "which they differ (the same list that ``maumau diff A B`` prints). The table counts the "
               "differing aspects (deck, players, rules used and parameter values) for every pair.\n")
    out.append(".. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   differences/{v.id}\n" for v in variants))
    counts = [[ref(f"differences-{v.id}", v.id), *("" if v is w else str(len(differences(v, w))) for w in variants)]
              for v in variants]
    out.append(table(["", *(v.id for v in variants)], counts, stub=True, empty="", classes=["matrix", "rotated"]))
    return "\n".join(out)


def page_differences_of(data: SpecData, v: Any) -> str:
    """One variant against every other variant (any two variants can be compared)."""
    out = [f".. _differences-{v.id}:\n", heading(f"{explain.name_text(v)} compared", 0)]
    out.append(f"How {ref(variant_label(v.id), explain.name_text(v))} differs from each other variant.\n")
    for w in data.variants:
        if w is v:
            continue
        out.append(heading(f"{explain.name_text(v)} vs {explain.name_text(w)}", 1))
        rows = differences(v, w)
        if rows:
            out.append(table(["Aspect", v.id, w.id], [list(r) for r in rows], widths=[36, 32, 32]))
        else:
            out.append("No differences.\n")
    return "\n".join(out)


def page_reasons() -> str:
    """The stable reason codes, with their meaning and the rules that use them."""
    from sphinx.pycode import ModuleAnalyzer

    from maumau_rules.reasons import Reason

    docs = ModuleAnalyzer.for_module("maumau_rules.reasons").find_attr_docs()
    engine = "\n".join(Path(importlib.import_module(m).__file__ or "").read_text(encoding="utf-8")
                       for m in ("maumau_rules.families.maumau.engine", "maumau_rules.families.malilla.engine"))
    used: dict[str, set[str]] = {}
    for m in re.finditer(r"Reason\.([A-Z_]+),", engine):
        head = re.split(r"""\bf["']""", engine[m.end():m.end() + 300], maxsplit=1)[0]  # up to the message
        used.setdefault(m.group(1), set()).update(re.findall(r"\"(R_[A-Z0-9_]+)\"", head))
    out = [".. _reason-codes:\n", heading("Reason codes", 0)]
    out.append(":func:`~maumau_rules.game.check` answers every move with a "
               ":class:`~maumau_rules.reasons.Verdict`: ``ok``, a reason code, the ID of the rule that decided, "
               "and a message for people. The codes below are stable strings, part of the public API and "
               "never reused, so a client can switch on them; the messages may change.\n")
    rows = []
    for member in Reason:
        meaning = " ".join(line.strip() for line in docs.get(("Reason", member.name), []) if line.strip())
        rules = ", ".join(ref(rule_label(r), r) for r in sorted(used.get(member.name, ())))
        rows.append([lit(member.value), prose(meaning) or "\u2014", rules])
    out.append(table(["Code", "Meaning", "Decided by"], rows, widths=[24, 50, 26]))
    return "\n".join(out)


def page_invariants(data: SpecData) -> str:
    """spec/invariants.toml, with the rules that name each invariant."""
    out = [".. _invariants:\n", heading("Invariants", 0)]
    out.append("The properties every game must keep, from ``spec/invariants.toml``, and the rules that "
               "rely on each.\n")
    for inv, entry in sorted(data.invariants.items()):
        out.append(f".. _inv-{inv.lower()}:\n")
        out.append(heading(inv + (f" \u2014 {entry['title']}" if entry.get("title") else ""), 1))
        text = entry.get("statement") or entry.get("text") or entry.get("description") or ""
        if text:
            out.append(prose(str(text)) + "\n")
        checks = entry.get("checked_by") or entry.get("checks")
        if isinstance(checks, list) and checks:
            out.append(field_list([("Checked by", ", ".join(lit(c) for c in checks))]))
        rules = [rid for rid, r in sorted(data.rules.items()) if inv in r.get("invariants", [])]
        if rules:
            out.append(field_list([("Rules", ", ".join(ref(rule_label(r), r) for r in rules))]))
    return "\n".join(out)


def page_records() -> str:
    """Record formats: the module's own documentation, and its JSON Schemas when exported."""
    out = [".. _record-formats:\n", heading("Game records", 0)]
    out.append("A game record holds the variant, the setup (a seed or an explicit deal), every move in order "
               "and the result. Replaying a record re-checks each step with the engine and reports the first "
               "violation with its step index, reason code and rule ID.\n")
    schemas = sorted(SCHEMAS.glob("record*.json")) if SCHEMAS.exists() else []
    if schemas:
        out.append("JSON Schemas: " + ", ".join(f":download:`{p.name} <../schemas/{p.name}>`" for p in schemas)
                   + ".\n")
    out.append(".. automodule:: maumau_rules.records\n   :members:\n   :member-order: bysource\n"
               "   :ignore-module-all:\n")
    return "\n".join(out)


API_ORDER = ("maumau_rules", "maumau_rules.cards", "maumau_rules.deck", "maumau_rules.moves", "maumau_rules.state",
             "maumau_rules.game", "maumau_rules.families", "maumau_rules.views", "maumau_rules.variants", "maumau_rules.reasons",
             "maumau_rules.errors", "maumau_rules.scoring", "maumau_rules.notation", "maumau_rules.rules",
             "maumau_rules.rules.base", "maumau_rules.families.maumau.rules", "maumau_rules.families.maumau.effects",
             "maumau_rules.families.maumau.plan", "maumau_rules.families.maumau.turn")
API_SKIP = ("maumau_rules.records", "maumau_rules.cli")


def public_modules() -> list[str]:
    """Every public module of the package (no ``_private`` parts), in reading order. Found without importing a
    module: the adapters import their optional dependencies (numpy, pyspiel, PettingZoo), which the docs extra
    does not install (``conf.py`` mocks them for autodoc)."""
    import maumau_rules

    found = {"maumau_rules"}

    def walk(path: list[str], prefix: str) -> None:  # pkgutil.walk_packages would import each package
        for info in pkgutil.iter_modules(path, prefix):
            if not any(part.startswith("_") for part in info.name.split(".")) and info.name not in API_SKIP:
                found.add(info.name)
            if info.ispkg:
                walk([str(Path(path[0]) / info.name.rsplit(".", 1)[1])], info.name + ".")

    walk(list(maumau_rules.__path__), "maumau_rules.")
    ordered = [m for m in API_ORDER if m in found]
    return ordered + sorted(found - set(ordered))


def page_api() -> str:
    """Autodoc of every public module."""
    out = [".. _api:\n", heading("API reference", 0)]
    out.append("The public facade is :mod:`maumau_rules`; everything below it is importable too. "
               "Every example in these docstrings is run by the test suite.\n")
    for mod in public_modules():
        out.append(heading(f":mod:`{mod}`", 1))
        if mod == "maumau_rules":
            out.append(f".. automodule:: {mod}\n")
            continue
        # Each module documents what it defines itself, with a docstring, whether or not its ``__all__`` (what
        # the facade re-exports) names it: every object has one home and cross-references stay unambiguous, and
        # a public helper that the docs name (``open_windows``, ``StateError``) has a page to link to.
        out.append(f".. automodule:: {mod}\n   :members:\n   :member-order: bysource\n   :ignore-module-all:\n")
    return "\n".join(out)


# ====================================================================== sources


def _gap(data: SpecData, gap: str, where: str) -> str:
    """A decision's gap: a link to the conflict it settles, with the conflict's title."""
    if gap in data.sources.conflicts:
        return f"{data.sources.link(gap, where=where)}: {prose(data.sources.title(gap))}"
    return lit(gap)


def _cited_by(data: SpecData, source_id: str) -> str:
    return data.sources.citations_text(source_id, lambda r: ref(rule_label(r), r),
                                       lambda v: ref(variant_label(v), v))


def _document_title(doc: dict[str, Any]) -> str:
    return f"Source {doc['id']}: {doc['title']}"


def page_sources_index(data: SpecData) -> str:
    """The source documents, the conflicts and the external pages, with where each is published."""
    src = data.sources
    out = [".. _sources:\n", heading("Sources", 0)]
    out.append("Every rule and variant names the source items it rests on (``STD-SEVEN-2``, ``CA-01``, "
               "``EXT:CE-BGA`` ...); every such ID in this reference links to its entry here. The entries come "
               "from ``spec/sources``: for each item, where it stands in its document and what it says, "
               "rendered in our own English words (the documents themselves are not part of the project), and "
               "the rules and variants that cite it.\n")
    out.append(heading("The five documents", 1))
    rows = []
    for doc in src.documents.values():
        published = prose(str(doc["published"]))
        if doc.get("url"):
            published += f" (`link <{doc['url']}>`__)"
        rows.append([ref(document_label(str(doc["id"])), str(doc["id"])), prose(str(doc["title"])), published,
                     str(doc["language"]), str(doc["read"]), str(len(doc["items"]))])
    out.append(table(["Source", "Title", "Published", "Language", "Read", "Items"], rows,
                     widths=[8, 26, 36, 10, 12, 8]))
    out.append(f"Where the documents disagree or say nothing, the :ref:`conflicts <source-conflicts>` page lists "
               f"what is at stake ({len(src.conflicts)} entries) and the variants' decisions on each. Rules "
               f"taken from outside the five documents cite :ref:`external pages <source-external>` "
               f"({len(src.external)} entries).\n")
    out.append(heading("How an item stands in its document", 1))
    out.append(table(["Tag", "Meaning"], [[lit(tag), text] for tag, text in TAG_MEANINGS.items()], widths=[20, 80]))
    toc = [*src.documents, "conflicts", "external"]
    out.append(".. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   {name}\n" for name in toc))
    return "\n".join(out)


TAG_MEANINGS = {
    "stated": "The document says it in so many words.",
    "implied": "It follows from the document's own text, an example or its arithmetic.",
    "unspecified": "The document is silent; the entry records the gap.",
    "defect": "The passage is damaged: a lost table, or a garbled machine translation; the entry gives the "
              "reading the surrounding text supports.",
    "non-normative": "A tip, a piece of history or a timing, not a rule of play.",
    "stated (app)": "Stated, about how the Mau King app shows or runs the rule.",
    "scenario": "A worked example (``SCN-*``), transcribed from the document or built from its items.",
}


def page_source_document(data: SpecData, doc_id: str) -> str:
    """One source document: what and where it is, and every item with an anchor, its text and who cites it."""
    src = data.sources
    doc = src.documents[doc_id]
    out = [f".. _{document_label(doc_id)}:\n", heading(_document_title(doc), 0)]
    out.append(prose(str(doc["about"])) + "\n")
    url = f"`{doc['url']} <{doc['url']}>`__" if doc.get("url") else "not recorded in our copy"
    out.append(field_list([
        ("Original title", prose(str(doc["title_original"]))), ("Published", prose(str(doc["published"]))),
        ("Address", url), ("Language", str(doc["language"])), ("Read", str(doc["read"])),
        ("Item IDs", ", ".join(lit(f"{p}-") for p in doc["prefixes"])),
        ("Our copy", f"{lit(doc['copy'])}, SHA-256 {lit(doc['sha256'])} (kept by the maintainers, not shipped)"),
    ]))
    out.append(f"{len(doc['items'])} items. Each text below is our own rendering of the item, not a "
               "translation of its sentences; a section sign (\u00a7) refers to the document's own numbering.\n")
    for item_id in doc["items"]:
        item = src.items[item_id]
        tag = TAG_TEXT.get(str(item["tag"]), str(item["tag"]))
        out.append(f".. _{source_label(item_id)}:\n")
        out.append(f"{lit(item_id)} \u00b7 {prose(str(item['where']))} \u00b7 *{tag}*\n"
                   f"   {_indent(src.linkify(str(item['text']), _escape_prose, where=item_id), 3)}\n\n"
                   f"   **Cited by:** {_cited_by(data, item_id)}\n")
    return "\n".join(out)


def page_conflicts(data: SpecData) -> str:
    """What the sources disagree on (or leave open), and the variants' decisions that settle each point."""
    src = data.sources
    out = [".. _source-conflicts:\n", heading("Conflicts and gaps in the sources", 0)]
    out.append("Where the documents disagree with each other (or with themselves), or leave a question open, "
               "the engine needs a parameter and each variant a choice. Every entry below says what is at stake "
               "and which items it weighs; a variant records its choice as a *decision* that names the entry, "
               "listed under it.\n")
    decisions: dict[str, list[tuple[Any, Any]]] = {}
    for v in data.variants:
        for d in v.decisions:
            decisions.setdefault(d.gap, []).append((v, d))
    for cid, c in src.conflicts.items():
        out.append(f".. _{source_label(cid)}:\n")
        out.append(heading(f"{cid} \u2014 {c['title']}", 1))
        out.append(src.linkify(str(c["text"]).replace("\n", " "), _escape_prose, where=cid) + "\n")
        out.append(field_list([("Items weighed", ", ".join(src.link(i, where=cid) for i in c["items"])),
                               ("Cited by", _cited_by(data, cid))]))
        settled = decisions.get(cid, [])
        if settled:
            rows = [[ref(variant_label(v.id), v.id), f"{lit(d.param)} = {lit(d.value)}",
                     prose(d.reason, src, v.id)] for v, d in settled]
            out.append(table(["Variant", "Decision", "Reason"], rows, widths=[16, 30, 54],
                             title="Decisions that settle it"))
        else:
            out.append("No variant records a decision on it yet.\n")
    return "\n".join(out)


def page_external(data: SpecData) -> str:
    """The public pages outside the five documents, cited as ``EXT:<key>``."""
    src = data.sources
    out = [".. _source-external:\n", heading("External pages", 0)]
    out.append("Tschau Sepp, Crazy Eights, Neuner and the Russian \u201c101\u201d need more than our five "
               "documents say. These public pages fill in; a spec file cites one as ``EXT:<key>``. The research "
               "notes behind them, with their limits (we often saw only the opening part of a page), are in "
               "``spec/sources/external-rules.md``. Pages marked *weak* (hobby projects, low-quality pages) only "
               "back up a stronger one.\n")
    for key, s in src.external.items():
        sid = f"EXT:{key}"
        out.append(f".. _{source_label(sid)}:\n")
        where = f"`{_escape_ref(str(s['title']))} <{s['url']}>`__" if s.get("url") else prose(str(s["title"]))
        weak = " \u00b7 *weak*" if s.get("weak") else ""
        out.append(f"{lit(sid)} \u00b7 {where}{weak}\n"
                   f"   {prose(str(s['published']))}; {s['language']}; read {s['read']}; notes: "
                   f"{prose(str(s['notes']))}.\n\n"
                   f"   {_indent(src.linkify(str(s['text']), _escape_prose, where=sid), 3)}\n\n"
                   f"   **Cited by:** {_cited_by(data, sid)}\n")
    return "\n".join(out)


def _indent(text: str, n: int) -> str:
    """Continuation lines of a block indented by ``n`` spaces."""
    return text.replace("\n", "\n" + " " * n)


# ====================================================================== for players


def _players_text(v: Any) -> str:
    return f"{v.players[0]}\u2013{v.players[1]}"


def _match_text(v: Any) -> str:
    """How a match of ``v`` is won, in a few words."""
    for r in v.rules:
        if r.rule_id == "R_SCORE_WIN_POINTS":
            return f"first to {r.target} round wins"
        if r.rule_id == "R_SCORE_PENALTY_POINTS":
            return f"penalty points; the match ends past {r.limit}, fewest points win"
        if r.rule_id == "R_SCORE_WINNER_COLLECTS":
            return f"the round's winner collects card points; first to {r.target}"
        if r.rule_id == "R_SCORE_ELIMINATION":
            return f"points against you; out at {r.limit}, last player left wins"
        if r.rule_id == "R_SCORE_HAND_SHRINK":
            return "each lost round costs a card; last player left wins"
    return "single rounds"


def _special_cards(v: Any) -> list[str]:
    return [_short_cards(c) for c, _ in card_groups(v)]


def page_playing(data: SpecData) -> str:
    """For players: what Mau-Mau is, and which variant to pick, from the variants' own data; the other games
    (Malilla) have a section of their own at the end."""
    variants = [v for v in data.variants if v.family == "maumau"]
    others = [v for v in data.variants if v.family != "maumau"]
    out = [".. _playing:\n", heading("Playing Mau-Mau", 0)]
    out.append("Mau-Mau is a card game for two or more players in which everybody tries to get rid of his "
               "cards first. It belongs to the family of Crazy Eights, Switch and Uno, and is played "
               "with an ordinary pack in many countries under many names: Prší, Pesten, Makao, Tschau Sepp "
               "and more. This page is for people who want to play; the rest of the reference is for people "
               "who build with the library.\n")
    out.append(heading("How a game goes", 1))
    out.append(bullets([
        "Everyone is dealt a few cards (four to seven, depending on the variant); the rest is the face-down "
        "stock, and its top card is turned face up to start the discard pile.",
        "On your turn you lay one card that matches the top card in suit or in rank. If you cannot, or "
        "would rather not, you draw from the stock.",
        "Some cards do more: one makes the next player draw, another makes him miss his turn, a wild card "
        "may go on anything and lets you name the suit to follow. Which cards these are is what tells the "
        "variants apart.",
        "In most variants you must say a word (\u201cMau\u201d, \u201cZadnja\u201d, \u201cLaatste kaart\u201d ...) "
        "when you are about to hold your last card, or draw penalty cards if someone catches you.",
        "The first player with no cards left wins the round. Rounds add up to a match in different ways: "
        "win points, penalty points, or dropping out.",
    ]))
    out.append(_playing_table())
    out.append("Try it in a terminal after installing (:ref:`install`): ``maumau play`` deals you a game of "
               "Standard against two computer players; ``maumau play --variant prsi --players 4`` picks "
               "another variant and table, and ``maumau variants`` lists them all.\n")
    out.append(heading("Choosing a variant", 1))
    out.append(f"{len(variants)} Mau-Mau variants are built in. The table gives what decides most choices; every name "
               "links to the variant's full rules.\n")
    rows = []
    for v in sorted(variants, key=lambda v: (len(_special_cards(v)), v.id)):
        special = ", ".join(_special_cards(v)) or "none"
        rows.append([ref(variant_label(v.id), explain.name_text(v)), _players_text(v), deck_text(v).split(" (")[0],
                     f"{len(_special_cards(v))}: {special}", _match_text(v), f"``maumau play --variant {v.id}``"])
    out.append(table(["Variant", "Players", "Cards", "Special cards", "A match", "Play it"], rows,
                     widths=[20, 8, 12, 22, 20, 18]))
    out.append("The table is ordered from the fewest special cards to the most: the first rows are the easiest "
               "to learn.\n")
    out.append(heading("By the number of players", 2))
    most = max(v.players[1] for v in variants)
    lines = []
    for n in range(2, most + 1):
        fits = [v for v in variants if v.players[0] <= n <= v.players[1]]
        names = ", ".join(ref(variant_label(v.id), v.id) for v in fits)
        lines.append(f"{n} players: {names}" if len(fits) < len(variants) else f"{n} players: any variant")
    out.append(bullets(lines))
    out.append(heading("By the cards you have", 2))
    by_deck: dict[str, list[Any]] = {}
    for v in variants:
        by_deck.setdefault(_deck_words(v.deck), []).append(v)
    out.append(bullets(f"{deck}: " + ", ".join(ref(variant_label(v.id), v.id) for v in vs)
                       for deck, vs in sorted(by_deck.items(), key=lambda kv: _deck_order(kv[1][0].deck))))
    out.append(heading("By how a match is played", 2))
    by_match: dict[str, list[Any]] = {}
    for v in variants:
        scoring = next((r.rule_id for r in v.rules if r.rule_id.startswith("R_SCORE_")), "")
        by_match.setdefault(MATCH_KINDS.get(scoring, "Single rounds, no match score"), []).append(v)
    out.append(bullets(f"{kind}: " + ", ".join(ref(variant_label(v.id), v.id) for v in vs)
                       for kind, vs in by_match.items()))
    out.append("Once you have chosen, its page says exactly what every card does, and "
               ":ref:`variant-differences` compares any two variants rule by rule (``maumau diff A B`` "
               "in a terminal).\n")
    malilla = [v for v in others if v.family == "malilla"]
    if malilla:
        out.append(heading("Another game: Malilla", 1))
        out.append("The library also plays :ref:`Malilla <malilla>`, a Spanish trick-taking game for four players "
                   "in two teams with the 40-card Spanish pack: no drawing and no special cards, but tricks, trumps "
                   "and points. ``maumau rules malilla`` prints its rules and ``maumau play --variant malilla`` "
                   "deals you a match with a computer partner against two computer opponents.\n")
        out.append(bullets(f"{ref(variant_label(v.id), explain.name_text(v))}: ``maumau play --variant {v.id}``" for v in malilla))
        out.append(_playing_malilla(malilla[0]))
    return "\n".join(out)


def _playing_table() -> str:
    """What a player sees at the table, drawn from a game of Standard (seed 7, a few moves in)."""
    from maumau_rules import Play, apply, find_variant, legal_moves, new_game

    v = find_variant("standard")
    s = new_game(v, players=3, seed=7)
    last: Any = None
    while s.turn < 3 or not isinstance(last, Play):  # each player plays a card when he can; the last move is one
        moves = legal_moves(s)
        last = next((m for m in moves if isinstance(m, Play)), moves[0])
        s = apply(s, last)
    out = [heading("At the table", 1)]
    out.append("This is what a player sees of a game of "
               f"{ref(variant_label(v.id), explain.name_text(v))} with three players, drawn by the library from what the rules "
               "let seat " + str(s.seat_to_act) + " see (:func:`maumau_rules.svg.view_svg`):\n")
    out.append(bullets([
        "your own cards face up at the bottom; the cards you may play now are raised and ringed in yellow;",
        "the other players around the table, their cards face down, with how many each holds;",
        "in the middle the stock (face down) and the discard pile, its top card the one to match; the card just "
        "played is ringed in blue;",
        "on the right the variant, whose turn it is, which way play goes, a wished suit or a pending draw, and a "
        "button for each move that plays no card (draw, pass).",
    ]))
    out.append(_view_picture("playing-standard", s, s.seat_to_act,
                             f"A game of {explain.name_text(v)}: seat {s.seat_to_act} is to act.", last=last))
    out.append("Every variant's page shows its special cards in pictures, and a game replayed step by step.\n")
    return "\n".join(out)


def _playing_malilla(v: Any) -> str:
    """A Malilla table halfway through a trick."""
    from maumau_rules import Redeal, apply, legal_moves, new_game

    s = new_game(v, players=4, seed=11)
    last = None
    while len(s.trick) < 2:
        moves = legal_moves(s)
        last = next((m for m in moves if not isinstance(m, Redeal)), moves[0])
        s = apply(s, last)
    return _view_picture("playing-malilla", s, s.seat_to_act,
                         f"A hand of {explain.name_text(v)}: two cards of the trick are down, seat {s.seat_to_act} is to play; "
                         "the trump card and the tricks each team took are on the right.", last=last)


MATCH_KINDS = {
    "R_SCORE_WIN_POINTS": "Short and simple (a point for each round won)",
    "R_SCORE_PENALTY_POINTS": "Penalty points for the cards you are left with, lowest total wins",
    "R_SCORE_WINNER_COLLECTS": "The winner of a round scores the others' cards",
    "R_SCORE_ELIMINATION": "Points against you until you drop out, the last player left wins",
    "R_SCORE_HAND_SHRINK": "Every lost round costs you a card, the last player left wins",
}


def _deck_words(deck: Any) -> str:
    per_pack = len(deck.ranks) * 4
    kind = {32: "a 32-card pack (7 to Ace)", 36: "a 36-card pack (6 to Ace)",
            52: "a full 52-card pack"}.get(per_pack, f"a {per_pack}-card pack")
    if deck.jokers:
        kind += f" and {deck.jokers} Joker{'s' if deck.jokers > 1 else ''}"
    return f"two packs: {kind}" if deck.packs == 2 else kind if deck.packs == 1 else f"{deck.packs} packs: {kind}"


def _deck_order(deck: Any) -> tuple[int, int, int]:
    return (deck.packs, len(deck.ranks), deck.jokers)


# ====================================================================== writing


def _write(path: Path, text: str, written: set[Path]) -> None:
    # the catalogs isolate the values of an Arabic sentence (U+2066-U+2069); reST inline markup must touch spaces or
    # punctuation, so the pages leave the isolates out (the page's direction, dir="rtl", orders its text)
    text = text.translate({c: None for c in range(0x2066, 0x206A)})
    path.parent.mkdir(parents=True, exist_ok=True)
    written.add(path)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def generate(app: Sphinx) -> None:
    """Write every generated page into docs/_generated/, in the build's language (``-D language=L``: the texts
    that come from the rules, :mod:`maumau_rules.explain`, and the variant summaries are written through the
    library's catalogs, :mod:`maumau_rules.i18n`)."""
    from maumau_rules.i18n import LANGUAGES, language

    lang = str(getattr(app.config, "language", None) or "en").split("_")[0]
    with language(lang if lang in LANGUAGES else "en"):
        _generate(app)


def _generate(app: Sphinx) -> None:
    data = SpecData.load()
    written: set[Path] = set()
    _PICTURES.clear()
    toc = ["rules", "variants/index", "matrix", "differences", "reasons"]
    if any(v.family == "malilla" for v in data.variants):
        _write(OUT / "malilla.rst", page_malilla(data), written)
        toc.insert(2, "malilla")
    _write(OUT / "rules.rst", page_rules(data), written)
    _write(OUT / "variants" / "index.rst", page_variant_index(data), written)
    for v in data.variants:
        _write(OUT / "variants" / f"{v.id}.rst", page_variant(data, v), written)
    _write(OUT / "matrix.rst", page_matrix(data), written)
    _write(OUT / "differences.rst", page_differences(data), written)
    for v in data.variants:
        _write(OUT / "differences" / f"{v.id}.rst", page_differences_of(data, v), written)
    _write(OUT / "reasons.rst", page_reasons(), written)
    _write(OUT / "playing.rst", page_playing(data), written)
    _write(OUT / "sources" / "index.rst", page_sources_index(data), written)
    for doc_id in data.sources.documents:
        _write(OUT / "sources" / f"{doc_id}.rst", page_source_document(data, doc_id), written)
    _write(OUT / "sources" / "conflicts.rst", page_conflicts(data), written)
    _write(OUT / "sources" / "external.rst", page_external(data), written)
    toc.append("sources/index")
    if data.invariants:
        _write(OUT / "invariants.rst", page_invariants(data), written)
        toc.append("invariants")
    if importlib.util.find_spec("maumau_rules.records") is not None:
        _write(OUT / "records.rst", page_records(), written)
        toc.append("records")
    _write(OUT / "api.rst", page_api(), written)
    for name, svg in sorted(_PICTURES.items()):
        _write(OUT / "pictures" / f"{name}.svg", svg, written)
    toc.append("api")
    inc = ".. toctree::\n   :maxdepth: 1\n   :caption: Reference\n\n" + "".join(f"   _generated/{t}\n" for t in toc)
    _write(OUT / "toctree.inc", inc, written)
    for stale in OUT.glob("**/*"):
        if stale.is_file() and stale not in written:
            stale.unlink()
    logger.info("maumau_spec: %d rules, %d variants, %d source entries, %d pages generated", len(data.rules),
                len(data.variants), len(data.sources.items) + len(data.sources.conflicts) + len(data.sources.external),
                sum(1 for p in written if p.suffix == ".rst"))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the generator."""
    app.connect("builder-inited", generate)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
