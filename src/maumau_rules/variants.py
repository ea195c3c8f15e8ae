"""Variants: named bundles of rule objects, loaded from the same TOML shape as ``spec/variants/*.toml``.

The registry is built from the spec data (``spec/variants``), so the spec is the single source of
truth. Users build house rules the same way, from Python or from a TOML string.

>>> v = find_variant("mau-mau")
>>> v.id, v.deck.size, v.players
('standard', 32, (2, 5))
>>> [r.rule_id for r in v.rules][:3]
['R_DEAL', 'R_DEALER', 'R_CUT']
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from typing import Any, Final, cast

import attrs

from . import _spec_data
from .cards import _fold
from .deck import DeckSpec
from .errors import NotationError, VariantError
from .rules.base import RULE_CLASSES, CardSet, Rule
from .rules.compiled import Ruleset, RulesetBuilder

__all__ = ["Decision", "Difference", "Variant", "available_variants", "diff_variants", "find_variant", "format_value",
           "load_variant",
           "variant_from_dict"]

MAX_VARIANT_TEXT: Final = 200_000
"""Longest variant TOML text accepted."""


@attrs.frozen
class Decision:
    """A choice made where the sources are silent or disagree, with its reason.

    >>> Decision(gap="CA-01", param="R_DRAW_PENALTY.ends_turn", value="true", reason="the worked example").gap
    'CA-01'
    """

    gap: str
    """The digest's conflict ID (``CA-..``) or another label."""
    param: str
    """The parameter decided, as ``RULE_ID.param``."""
    value: str
    """The chosen value, as text."""
    reason: str
    """One line: why."""


@attrs.frozen(eq=True)
class Variant:
    """A named ruleset: a deck, a player range, and a tuple of rule objects with parameters.

    >>> find_variant("standard").name
    'Standard (cardgames.zone)'
    """

    id: str
    """Registry key (lowercase, hyphenated)."""
    name: str
    """Display name."""
    deck: DeckSpec
    """The deck."""
    players: tuple[int, int]
    """Minimum and maximum number of players."""
    rules: tuple[Rule, ...]
    """The rule objects, in spec order."""
    aliases: tuple[str, ...] = ()
    """Other names that find this variant."""
    sources: tuple[str, ...] = ()
    """Digest item IDs (or public references) this variant rests on."""
    decisions: tuple[Decision, ...] = ()
    """Choices made on gaps and conflicts."""
    external: bool = False
    """True when the variant is built from public descriptions outside our sources."""
    version: int = 1
    """Bumped whenever the variant's behaviour changes."""
    summary: str = ""
    """One paragraph about the variant."""
    _ruleset: Ruleset = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        builder = RulesetBuilder(deck=self.deck, min_players=self.players[0], max_players=self.players[1])
        seen: set[str] = set()
        for rule in self.rules:
            if rule.rule_id in seen:
                raise VariantError(f"variant {self.id!r} lists rule {rule.rule_id} twice")
            seen.add(rule.rule_id)
        # Scoring multipliers apply on top of the scheme; compile the scheme first.
        for rule in sorted(self.rules, key=lambda r: r.rule_id == "R_JACK_FINISH_DOUBLES"):
            rule.compile(builder)
        object.__setattr__(self, "_ruleset", builder.build())

    @property
    def ruleset(self) -> Ruleset:
        """The compiled, flat form of the rules (built once).

        >>> find_variant("standard").ruleset.max_moves
        1000
        """
        return self._ruleset

    def rule(self, rule_id: str) -> Rule | None:
        """The rule object with ``rule_id``, or ``None`` if the variant does not use it.

        >>> find_variant("standard").rule("R_DEAL") is not None
        True
        """
        for r in self.rules:
            if r.rule_id == rule_id:
                return r
        return None

    def with_rules(self, *rules: Rule, drop: Iterable[str] = (), id: str | None = None,
                   name: str | None = None, players: tuple[int, int] | None = None,
                   deck: DeckSpec | str | None = None) -> Variant:
        """A house-rule variant built from this one: each rule replaces the rule with its ID, or is added.

        Args:
            rules: rule objects to put in (a rule of the same ID is replaced in place).
            drop: rule IDs to take out.
            id: the new variant's ID (default: this ID + ``"-house"``).
            name: its display name.
            players: a new player range.
            deck: a new deck (a :class:`~maumau_rules.deck.DeckSpec` or its text).

        Raises:
            VariantError: the combination is impossible; the message names the conflicting rules.

        >>> from maumau_rules import Card
        >>> from maumau_rules.rules import DrawPenalty, PenaltySpec
        >>> v = find_variant("standard").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="7", amount=3)]))
        >>> v.id, v.ruleset.info[Card.parse("7h")].penalty
        ('standard-house', 3)
        >>> find_variant("standard").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="7", amount=40)]))
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: rule R_DRAW_PENALTY conflicts with the french-32 deck (32 cards): ...
        """
        dropped = set(drop)
        new = {r.rule_id: r for r in rules}
        out: list[Rule] = []
        for r in self.rules:
            if r.rule_id in dropped:
                continue
            out.append(new.pop(r.rule_id, r))
        out.extend(r for r in rules if r.rule_id in new and r.rule_id not in dropped)
        if isinstance(deck, str):
            try:
                deck = DeckSpec.parse(deck)
            except NotationError as exc:
                raise VariantError(str(exc)) from None
        return Variant(
            id=id or f"{self.id}-house", name=name or f"{self.name} (house rules)",
            deck=deck or self.deck, players=players or self.players, rules=tuple(out),
            aliases=(), sources=self.sources, decisions=self.decisions, external=self.external,
            version=self.version, summary=self.summary,
        )

    def __str__(self) -> str:
        return self.id


def variant_from_dict(data: Mapping[str, Any]) -> Variant:
    """Build a variant from the parsed TOML shape of ``spec/variants/*.toml``.

    Raises:
        VariantError: unknown rule IDs, bad parameters, or rules that cannot be combined.

    >>> v = variant_from_dict({"variant": {"id": "tiny", "name": "Tiny", "deck": "french-32",
    ...     "players": [2, 4]}, "rules": {"R_MATCH": {}, "R_DEAL": {"hand_size": 3}}})
    >>> v.ruleset.hand_size_for(3)
    3
    """
    try:
        head = dict(data["variant"])
        rules_data = dict(data.get("rules", {}))
    except (KeyError, TypeError, ValueError):
        raise VariantError("variant data needs a [variant] table and a [rules] table") from None
    known_head = {"id", "name", "deck", "players", "aliases", "sources", "external", "version", "summary",
                  "based_on", "since"}
    unknown = sorted(set(head) - known_head)
    if unknown:
        raise VariantError(f"unknown field(s) {', '.join(map(repr, unknown))} in [variant]")
    for key in ("id", "name", "deck", "players"):
        if key not in head:
            raise VariantError(f"[variant] needs {key!r}")
    try:
        deck = DeckSpec.parse(head["deck"])
    except NotationError as exc:
        raise VariantError(f"variant {head['id']!r}: {exc}") from None
    players = head["players"]
    if (not isinstance(players, list | tuple) or len(players) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)):
        raise VariantError(f"variant {head['id']!r}: players must be [min, max], got {players!r}")
    rules: list[Rule] = []
    for rule_id, params in rules_data.items():
        cls = RULE_CLASSES.get(rule_id)
        if cls is None:
            raise VariantError(f"variant {head['id']!r}: unknown rule {rule_id!r}")
        if not isinstance(params, Mapping):
            raise VariantError(f"variant {head['id']!r}: parameters of {rule_id} must be a table")
        fields = {f.name for f in attrs.fields(cls)}
        bad = sorted(set(params) - fields)
        if bad:
            raise VariantError(f"variant {head['id']!r}: rule {rule_id} has no parameter {', '.join(map(repr, bad))}")
        try:
            rules.append(cls(**_untomlify(params)))
        except VariantError:
            raise
        except (TypeError, ValueError, OverflowError) as exc:
            raise VariantError(f"variant {head['id']!r}: rule {rule_id}: {exc}") from None
    vid = head["id"]
    for key in ("aliases", "sources"):
        if not isinstance(head.get(key, []), list) or not all(isinstance(a, str) for a in head.get(key, [])):
            raise VariantError(f"variant {vid!r}: {key} must be a list of strings, got {head.get(key)!r}")
    version = head.get("version", 1)
    if type(version) is not int or not 1 <= version < 1_000_000:
        raise VariantError(f"variant {vid!r}: version must be a positive integer, got {version!r}")
    raw_decisions = data.get("decisions", [])
    if not isinstance(raw_decisions, list) or not all(isinstance(d, Mapping) for d in raw_decisions):
        raise VariantError(f"variant {vid!r}: [[decisions]] must be tables")
    decisions = tuple(
        Decision(gap=str(d.get("gap", "")), param=str(d.get("param", "")), value=str(d.get("value", "")),
                 reason=str(d.get("reason", "")))
        for d in raw_decisions
    )
    try:
        return Variant(
            id=str(vid),
            name=str(head["name"]),
            deck=deck,
            players=(players[0], players[1]),
            rules=tuple(rules),
            aliases=tuple(head.get("aliases", ())),
            sources=tuple(head.get("sources", ())),
            decisions=decisions,
            external=bool(head.get("external", False)),
            version=version,
            summary=str(head.get("summary", "")),
        )
    except VariantError:
        raise
    except (TypeError, ValueError, OverflowError, NotationError) as exc:
        raise VariantError(f"variant {vid!r}: the rules cannot be combined: {exc}") from None


def _untomlify(params: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            out[key] = [dict(v) for v in value]
        else:
            out[key] = value
    return out


def load_variant(text: str) -> Variant:
    """Build a house-rule variant from TOML text of the ``spec/variants`` shape.

    Raises:
        VariantError: the text is not valid TOML or not a valid variant.

    >>> v = load_variant('''
    ... [variant]
    ... id = "house"
    ... name = "Our house rules"
    ... deck = "french-32"
    ... players = [2, 5]
    ... [rules.R_MATCH]
    ... [rules.R_WILD]
    ... on_same = true
    ... ''')
    >>> v.ruleset.wild_on_same
    True
    """
    if not isinstance(text, str):
        raise VariantError(f"variant text must be a string, got {type(text).__name__}")
    if len(text) > MAX_VARIANT_TEXT:
        raise VariantError(f"variant text of {len(text)} characters is too long (limit {MAX_VARIANT_TEXT})")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"variant text is not valid TOML: {exc}") from None
    return variant_from_dict(data)


def _build_registry(datas: Iterable[Mapping[str, Any]]) -> tuple[dict[str, Variant], dict[str, str]]:
    variants: dict[str, Variant] = {}
    names: dict[str, str] = {}
    for data in datas:
        v = variant_from_dict(data)
        variants[v.id] = v
        for name in (v.id, v.name, *v.aliases):
            key = _key(name)
            if key in names and names[key] != v.id:
                raise VariantError(f"alias {name!r} names both {names[key]!r} and {v.id!r}")
            names[key] = v.id
    return variants, names


def _key(name: str) -> str:
    return "".join(ch for ch in _fold(name) if ch.isalnum())


_VARIANTS, _NAMES = _build_registry(_spec_data.VARIANTS)


def find_variant(name: str) -> Variant:
    """Find a variant by ID, name or alias (case, spaces and hyphens do not matter).

    Raises:
        VariantError: no variant has that name; the message lists the known ones.

    >>> find_variant("Mau Mau").id, find_variant("makao").id
    ('standard', 'mau-king')
    >>> find_variant("uno")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: unknown variant 'uno': known variants are ...
    """
    if isinstance(name, Variant):
        return name
    vid = _NAMES.get(_key(name)) if isinstance(name, str) else None
    if vid is None:
        raise VariantError(f"unknown variant {name!r}: known variants are {', '.join(sorted(_VARIANTS))}")
    return _VARIANTS[vid]


def available_variants() -> tuple[Variant, ...]:
    """Every registered variant, sorted by ID.

    >>> "standard" in [v.id for v in available_variants()]
    True
    """
    return tuple(_VARIANTS[k] for k in sorted(_VARIANTS))


@attrs.frozen
class Difference:
    """One way in which two variants differ.

    >>> Difference("rule", "R_SKIP", "cards", "8", "A").param
    'cards'
    """

    aspect: str
    """``deck``, ``players``, ``rule`` (used by one variant only) or ``param``."""
    rule_id: str
    """The rule concerned (empty for deck and players)."""
    param: str
    """The parameter concerned (empty unless ``aspect == "param"``)."""
    left: object
    """The value in the first variant (``None``: the rule is not used)."""
    right: object
    """The value in the second variant."""


def diff_variants(a: Variant | str, b: Variant | str) -> tuple[Difference, ...]:
    """Every difference between two variants: deck, players, rules used, and parameter values.

    >>> [(d.rule_id, d.param) for d in diff_variants("prsi", "standard")][:2]
    [('R_DEAL', 'hand_size'), ('R_DEAL', 'two_player_hand_size')]
    >>> diff_variants("standard", "standard")
    ()
    """
    va = find_variant(a) if isinstance(a, str) else a
    vb = find_variant(b) if isinstance(b, str) else b
    out: list[Difference] = []
    if va.deck != vb.deck:
        out.append(Difference("deck", "", "", va.deck, vb.deck))
    if va.players != vb.players:
        out.append(Difference("players", "", "", va.players, vb.players))
    ids = [r.rule_id for r in va.rules] + [r.rule_id for r in vb.rules if va.rule(r.rule_id) is None]
    for rid in ids:
        ra, rb = va.rule(rid), vb.rule(rid)
        if ra is None or rb is None:
            out.append(Difference("rule", rid, "", ra, rb))
            continue
        for f in attrs.fields(cast(Any, type(ra))):
            left, right = getattr(ra, f.name), getattr(rb, f.name)
            if left != right:
                out.append(Difference("param", rid, f.name, left, right))
    return tuple(out)


def format_value(value: object) -> str:
    """A parameter value in plain words, for people: cards with suit symbols, no Python reprs.

    >>> from maumau_rules.rules import CardSet
    >>> format_value(CardSet.parse(["7", "Ks"])), format_value(True), format_value(None)
    ('7, K♠', 'true', 'not used')
    """
    if value is None:
        return "not used"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value or "(none)"
    if isinstance(value, tuple):
        if not value:
            return "(none)"
        if all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], int) for v in value):
            from .cards import Rank

            return ", ".join(f"{Rank(r).symbol}={format_value(n)}" for r, n in value)
        return "; ".join(format_value(v) for v in value)
    if isinstance(value, CardSet):
        return str(value) or "(none)"
    if attrs.has(type(value)) and not isinstance(value, DeckSpec):
        fields = attrs.fields(cast(Any, type(value)))
        if not fields:
            return "used"
        parts = [f"{f.name}={format_value(getattr(value, f.name))}" for f in fields]
        return "(" + ", ".join(parts) + ")" if type(value).__name__.endswith("Spec") else "used"
    return str(value)
