"""spec/rules is the single source of truth: prove that it and the code agree, in both directions.

* the same rule IDs in ``spec/rules/*.toml`` and :data:`maumau_rules.rules.RULE_CLASSES`;
* for each rule the same kind, the same parameter names, the same choices, and equal defaults
  (the spec defaults are fed through the rule class and compared with the class's own defaults);
* well-formed files: ID grammar, unique IDs, known kinds, statuses, invariants and parameter types;
* every source is an entry of ``spec/sources`` (an item, a conflict, or an ``EXT:`` key of
  ``spec/sources/external.toml``); ``tests/spec/test_sources.py`` checks the entries themselves;
* the package reads ``spec/`` itself (package data), every rule a variant uses is in the
  spec, and every spec rule is used by a variant or says why not (``unused = "..."``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Final, cast

import attrs
import pytest

from maumau_rules import available_variants
from maumau_rules.cards import Rank
from maumau_rules.errors import MauMauError, VariantError
from maumau_rules.rules import RULE_CLASSES, CardSet, PenaltySpec, WildSpec
from maumau_rules.rules.base import SPEC_RULES
from tests.spec_sources import known_ids

ROOT: Final = Path(__file__).resolve().parents[2]
RULES_DIR: Final = ROOT / "spec" / "rules"
VARIANTS_DIR: Final = ROOT / "spec" / "variants"
INVARIANTS_FILE: Final = ROOT / "spec" / "invariants.toml"

ID_RE: Final = re.compile(r"^R_[A-Z0-9_]{3,}$")
INVARIANT_RE: Final = re.compile(r"^INV_[A-Z0-9_]{3,}$")
VERSION_RE: Final = re.compile(r"^\d+\.\d+\.\d+$")
KINDS: Final = frozenset({"setup", "legality", "effect", "turn", "end", "scoring", "announcement"})
STATUSES: Final = frozenset({"active", "deprecated"})
PARAM_TYPES: Final = frozenset(
    {"int", "bool", "text", "choice", "cards", "int-list", "penalty-list", "wild-list", "card-values", "rank-list"}
)
RULE_KEYS: Final = frozenset(
    {"id", "title", "kind", "since", "status", "sources", "invariants", "text", "params", "unused", "basis"}
)
REQUIRED_RULE_KEYS: Final = frozenset({"id", "title", "kind", "since", "status", "sources", "invariants", "text"})
PARAM_KEYS: Final = frozenset({"name", "type", "default", "doc", "choices", "min", "max"})
INVARIANTS: Final = frozenset({
    "INV_CARD_CONSERVATION", "INV_ONE_SEAT_TO_ACT", "INV_HAND_SIZES", "INV_PLAYABLE", "INV_LEGAL_IFF_APPLY",
    "INV_DETERMINISM", "INV_TERMINATION", "INV_NO_LEAK", "INV_PENDING_CONSISTENT",
})
"""The invariant IDs agreed for spec/invariants.toml (used until that file exists)."""


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


SPEC_FILES: Final = sorted(RULES_DIR.glob("*.toml"))
SPEC: Final[dict[str, dict[str, Any]]] = {p.stem: _load(p)["rule"] for p in SPEC_FILES}
"""Each spec rule's ``[rule]`` table, by file stem (the ID, checked below)."""
ACTIVE: Final = sorted(rid for rid, r in SPEC.items() if r.get("status") == "active")
IN_BOTH: Final = sorted(set(SPEC) & set(RULE_CLASSES))


def _params(rule: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list(rule.get("params", []))


def _defaults(rule: Mapping[str, Any]) -> dict[str, Any]:
    return {p["name"]: p["default"] for p in _params(rule)}


def _code_fields(rule_id: str) -> dict[str, attrs.Attribute[Any]]:
    return dict(attrs.fields_dict(cast(Any, RULE_CLASSES[rule_id])))


def _code_choices(field: attrs.Attribute[Any]) -> tuple[str, ...] | None:
    """The options of a field whose validator is the catalog's ``_choice(...)`` closure, else ``None``."""
    for cell in getattr(field.validator, "__closure__", None) or ():
        value = cell.cell_contents
        if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            return value
    return None


def _variant_files() -> dict[str, dict[str, Any]]:
    return {p.stem: _load(p) for p in sorted(VARIANTS_DIR.glob("*.toml"))}


def _used_rule_ids() -> dict[str, list[str]]:
    """Rule ID -> IDs of the variants (registered, or in spec/variants) that use it."""
    used: dict[str, list[str]] = {}
    for v in available_variants():
        for r in v.rules:
            used.setdefault(r.rule_id, []).append(v.id)
    for stem, data in _variant_files().items():
        vid = str(data.get("variant", {}).get("id", stem))
        for rule_id in data.get("rules", {}):
            if vid not in used.setdefault(rule_id, []):
                used[rule_id].append(vid)
    return used


# ------------------------------------------------------------------ the set of rules, both ways


def test_spec_has_rule_files() -> None:
    assert len(SPEC_FILES) >= 20, f"expected the whole catalogue in {RULES_DIR}, found {len(SPEC_FILES)} files"


def test_every_code_rule_has_a_spec_file() -> None:
    """Every rule class of the library has its spec file (house rules registered by other modules need none)."""
    builtin = {rid for rid, cls in RULE_CLASSES.items() if cls.__module__.startswith("maumau_rules.")}
    missing = sorted(builtin - set(SPEC))
    assert not missing, f"rule classes without spec/rules/<id>.toml: {missing}"
    assert len(builtin) == len(SPEC) - sum(r.get("status") == "deprecated" for r in SPEC.values())


def test_every_active_spec_rule_has_a_rule_class() -> None:
    orphans = sorted(set(ACTIVE) - set(RULE_CLASSES))
    assert not orphans, f"active spec rules with no class in maumau_rules.rules.RULE_CLASSES: {orphans}"


def test_deprecated_rules_are_not_used_by_variants() -> None:
    used = _used_rule_ids()
    bad = {rid: used[rid] for rid, r in SPEC.items() if r.get("status") == "deprecated" and rid in used}
    assert not bad, f"deprecated rules still used by variants: {bad}"


# ------------------------------------------------------------------ file shape


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem)
def test_rule_file_shape(path: Path) -> None:
    data = _load(path)
    assert set(data) == {"rule"}, f"{path.name}: only a [rule] table is allowed, found {sorted(data)}"
    rule = data["rule"]
    assert set(rule) >= REQUIRED_RULE_KEYS, f"{path.name}: missing {sorted(REQUIRED_RULE_KEYS - set(rule))}"
    assert set(rule) <= RULE_KEYS, f"{path.name}: unknown keys {sorted(set(rule) - RULE_KEYS)}"
    assert rule["id"] == path.stem, f"{path.name}: id {rule['id']!r} differs from the file name"
    assert ID_RE.match(rule["id"]), f"{path.name}: id {rule['id']!r} does not match {ID_RE.pattern}"
    assert rule["kind"] in KINDS, f"{path.name}: kind {rule['kind']!r} is not one of {sorted(KINDS)}"
    assert rule["status"] in STATUSES, f"{path.name}: status {rule['status']!r} is not active or deprecated"
    assert VERSION_RE.match(rule["since"]), f"{path.name}: since {rule['since']!r} is not a version"
    for key in ("title", "text"):
        assert isinstance(rule[key], str) and rule[key].strip(), f"{path.name}: {key} must be non-empty text"
    assert "\t" not in rule["text"], f"{path.name}: text contains a tab"
    for key in ("sources", "invariants"):
        value = rule[key]
        assert isinstance(value, list) and all(isinstance(v, str) for v in value), f"{path.name}: {key} is a list"
        assert len(set(value)) == len(value), f"{path.name}: duplicate entries in {key}"
    assert rule["invariants"], f"{path.name}: name at least one invariant the rule keeps"
    assert rule["sources"] or rule.get("basis"), f"{path.name}: give sources, or a basis when no source exists"
    for key in ("unused", "basis"):
        if key in rule:
            assert isinstance(rule[key], str) and rule[key].strip(), f"{path.name}: {key} must be a reason"


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem)
def test_param_shape(path: Path) -> None:
    rule = _load(path)["rule"]
    params = _params(rule)
    names = [p.get("name") for p in params]
    assert len(set(names)) == len(names), f"{path.name}: duplicate parameter names {names}"
    for p in params:
        where = f"{path.name} param {p.get('name')!r}"
        assert {"name", "type", "default", "doc"} <= set(p), f"{where}: needs name, type, default and doc"
        assert set(p) <= PARAM_KEYS, f"{where}: unknown keys {sorted(set(p) - PARAM_KEYS)}"
        assert re.match(r"^[a-z][a-z0-9_]*$", p["name"]), f"{where}: name is not snake_case"
        assert p["type"] in PARAM_TYPES, f"{where}: type {p['type']!r} is not one of {sorted(PARAM_TYPES)}"
        assert isinstance(p["doc"], str) and p["doc"].strip(), f"{where}: doc must be non-empty"
        assert ("choices" in p) == (p["type"] == "choice"), f"{where}: choices go with type = 'choice' only"
        assert ("min" in p) == ("max" in p) == (p["type"] in ("int", "int-list")), (
            f"{where}: every number (int, int-list) has min and max, and nothing else has them")
        if "min" in p:
            values = p["default"] if isinstance(p["default"], list) else [p["default"]]
            assert all(p["min"] <= v <= p["max"] for v in values), f"{where}: default outside min..max"
        _check_value_type(where, p["type"], p["default"], p.get("choices"))


def _check_value_type(where: str, kind: str, value: Any, choices: Any) -> None:
    """Assert that ``value`` has the shape of parameter type ``kind``."""
    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if kind == "int":
        assert is_int(value), f"{where}: default {value!r} is not an integer"
    elif kind == "bool":
        assert isinstance(value, bool), f"{where}: default {value!r} is not true/false"
    elif kind == "text":
        assert isinstance(value, str), f"{where}: default {value!r} is not text"
    elif kind == "choice":
        assert isinstance(choices, list) and choices and all(isinstance(c, str) for c in choices), (
            f"{where}: choices must be a non-empty list of strings"
        )
        assert len(set(choices)) == len(choices), f"{where}: duplicate choices"
        assert value in choices, f"{where}: default {value!r} is not one of {choices}"
    elif kind == "cards":
        assert isinstance(value, list) and all(isinstance(v, str) for v in value), f"{where}: expected card tokens"
        CardSet.parse(value)
    elif kind == "int-list":
        assert isinstance(value, list) and all(is_int(v) for v in value), f"{where}: expected a list of integers"
    elif kind == "penalty-list":
        assert isinstance(value, list) and all(isinstance(v, dict) for v in value), f"{where}: expected tables"
        for entry in value:
            PenaltySpec(**entry)
    elif kind == "wild-list":
        assert isinstance(value, list) and all(isinstance(v, dict) for v in value), f"{where}: expected tables"
        for entry in value:
            WildSpec(**entry)
    elif kind == "rank-list":
        assert isinstance(value, list) and all(isinstance(v, str) for v in value), f"{where}: expected rank tokens"
        ranks = [Rank.parse(v) for v in value]
        assert len(set(ranks)) == len(ranks), f"{where}: a rank is named twice"
    elif kind == "card-values":
        assert isinstance(value, dict) and value, f"{where}: expected a table of rank = value"
        for key, points in value.items():
            Rank.parse(key)
            assert is_int(points), f"{where}: value of {key!r} is not an integer"
    else:  # pragma: no cover - PARAM_TYPES is checked first
        pytest.fail(f"{where}: unknown type {kind!r}")


def test_rule_ids_unique() -> None:
    ids = [_load(p)["rule"]["id"] for p in SPEC_FILES]
    assert len(ids) == len(set(ids))


def test_invariants_are_known() -> None:
    if INVARIANTS_FILE.exists():
        known = set(_load(INVARIANTS_FILE).get("invariants", {})) or {
            str(i["id"]) for i in _load(INVARIANTS_FILE).get("invariant", [])
        }
        assert known, f"{INVARIANTS_FILE} names no invariants"
    else:
        known = set(INVARIANTS)
    bad = {rid: sorted(set(r["invariants"]) - known) for rid, r in SPEC.items() if set(r["invariants"]) - known}
    assert not bad, f"unknown invariant IDs: {bad}"
    assert all(INVARIANT_RE.match(i) for i in known)


# ------------------------------------------------------------------ code <-> spec per rule


@pytest.mark.parametrize("rule_id", IN_BOTH)
def test_kind_matches_code(rule_id: str) -> None:
    assert SPEC[rule_id]["kind"] == RULE_CLASSES[rule_id].kind


@pytest.mark.parametrize("rule_id", IN_BOTH)
def test_param_names_match_code(rule_id: str) -> None:
    spec_names = {p["name"] for p in _params(SPEC[rule_id])}
    code_names = set(_code_fields(rule_id))
    assert spec_names == code_names, (
        f"{rule_id}: only in spec {sorted(spec_names - code_names)}, only in code {sorted(code_names - spec_names)}"
    )


@pytest.mark.parametrize("rule_id", IN_BOTH)
def test_defaults_match_code(rule_id: str) -> None:
    cls = RULE_CLASSES[rule_id]
    from_spec = cls(**_defaults(SPEC[rule_id]))
    assert from_spec == cls(), f"{rule_id}: the spec defaults build {from_spec!r}, the code defaults {cls()!r}"


@pytest.mark.parametrize("rule_id", IN_BOTH)
def test_choices_match_code(rule_id: str) -> None:
    cls = RULE_CLASSES[rule_id]
    fields = _code_fields(rule_id)
    spec_params = {p["name"]: p for p in _params(SPEC[rule_id])}
    for name, field in fields.items():
        options = _code_choices(field)
        param = spec_params.get(name)
        if param is None:
            continue  # reported by test_param_names_match_code
        if options is not None:
            assert param["type"] == "choice", f"{rule_id}.{name}: the code restricts it to {options}; use 'choice'"
            assert list(options) == param["choices"], f"{rule_id}.{name}: code {options} != spec {param['choices']}"
        if param["type"] == "choice":
            for choice in param["choices"]:
                assert getattr(cls(**{name: choice}), name) == choice
            with pytest.raises(VariantError):
                cls(**{name: "not-a-choice"})


@pytest.mark.parametrize("rule_id", IN_BOTH)
def test_declared_types_are_enforced_by_code(rule_id: str) -> None:
    """A value of the wrong type for the declared spec type is refused by the rule class."""
    cls = RULE_CLASSES[rule_id]
    wrong: dict[str, Any] = {"int": "seven", "bool": "yes", "cards": ["7x"]}
    for p in _params(SPEC[rule_id]):
        if p["type"] in wrong:
            with pytest.raises((MauMauError, TypeError, ValueError)):
                cls(**{p["name"]: wrong[p["type"]]})


# ------------------------------------------------------------------ sources


@pytest.mark.parametrize("rule_id", sorted(SPEC))
def test_sources_exist(rule_id: str) -> None:
    """Every source of a rule has its entry in spec/sources (read from the repository; nothing is skipped)."""
    known = known_ids()
    bad = [s for s in SPEC[rule_id]["sources"] if s not in known]
    assert not bad, f"{rule_id}: sources with no entry in spec/sources: {bad}"


def test_source_entries_are_found() -> None:
    ids = known_ids()
    assert {"STD-SEVEN-2", "WIKI-PRSI-ACE-1", "GR-MAU-2", "MK-CUT-4", "CA-01", "SCN-STD-02", "EXT:CE-BGA"} <= ids
    assert "STD-SEVEN-99" not in ids and "EXT:NOPE" not in ids


# ------------------------------------------------------------------ variants


def test_the_package_reads_the_repository_spec() -> None:
    """The library reads spec/ as package data (a link in a checkout, a copy in a wheel): the very same files."""
    shipped = resources.files("maumau_rules") / "spec"
    for folder in ("rules", "variants"):
        mine = sorted(p.name for p in (ROOT / "spec" / folder).glob("*.toml"))
        theirs = sorted(e.name for e in (shipped / folder).iterdir() if e.name.endswith(".toml"))
        assert mine == theirs and mine
        for name in mine:
            assert (shipped / folder / name).read_text(encoding="utf-8") == (ROOT / "spec" / folder / name).read_text(
                encoding="utf-8")
    assert set(SPEC_RULES) == {p.stem for p in RULES_DIR.glob("*.toml")}


def test_registered_variants_match_spec_variants() -> None:
    files = {str(d["variant"]["id"]) for d in _variant_files().values()}
    assert files == {v.id for v in available_variants()}


def test_every_rule_used_by_a_variant_is_in_spec() -> None:
    missing = {rid: vids for rid, vids in _used_rule_ids().items() if rid not in SPEC}
    assert not missing, f"rules used by variants but missing from spec/rules: {missing}"


def test_every_spec_rule_is_used_or_marked_unused() -> None:
    used = _used_rule_ids()
    unmarked = sorted(rid for rid in ACTIVE if rid not in used and "unused" not in SPEC[rid])
    assert not unmarked, f"rules used by no variant and without an `unused = \"reason\"` line: {unmarked}"
    stale = sorted(rid for rid in SPEC if rid in used and "unused" in SPEC[rid])
    assert not stale, f"rules marked `unused` but used by a variant (remove the mark): {stale}"
