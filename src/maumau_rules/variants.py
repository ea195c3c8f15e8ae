"""Variants: named bundles of rule objects, loaded from ``spec/variants/*.toml`` (shipped as package data).

The registry is read from the spec at import, so the spec is the single source of truth. Users build
house rules the same way, from Python (:meth:`Variant.with_rules`) or from a TOML string of the
same shape (:func:`load_variant`), also on top of a registered variant with ``based_on``.

>>> v = find_variant("mau-mau")
>>> v.id, v.deck.size, v.players
('standard', 32, (2, 5))
>>> [r.rule_id for r in v.rules][:3]
['R_DEAL', 'R_DEALER', 'R_CUT']
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, Final, cast

import attrs

from .cards import _fold
from .deck import DeckSpec
from .errors import NotationError, VariantError, shown
from .families import family_named, family_names
from .i18n import gettext as _
from .rules.base import RULE_CLASSES, CardSet, Rule

__all__ = ["Decision", "Difference", "Variant", "available_variants", "diff_variants", "find_variant", "format_value",
           "load_variant", "variant_from_dict"]

MAX_VARIANT_TEXT: Final = 200_000
"""Longest variant TOML text accepted."""
HEAD_KEYS: Final = frozenset({"id", "name", "deck", "players", "aliases", "sources", "external", "version", "summary",
                              "based_on", "drop", "since", "family"})
"""The keys of a variant file's ``[variant]`` table. ``since`` (the library version that added the variant),
``external``, ``aliases``, ``sources`` and ``summary`` describe the variant; the others shape it."""


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

    Building one compiles its rules into its family's plan (:attr:`plan`), or raises
    :class:`~maumau_rules.errors.VariantError` naming the rules that cannot be combined.

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
    family: str = "maumau"
    """The family of games it belongs to (:func:`~maumau_rules.families.family_names`): ``maumau``, or
    ``malilla`` for the trick-taking game of source 002. The family
    (:class:`~maumau_rules.families.GameFamily`) compiles the rules into its plan and plays it."""
    _plan: Any = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.deck, DeckSpec):
            raise VariantError(_("variant {id}: deck must be a DeckSpec, got {deck}").format(id=repr(self.id),
                                                                                           deck=shown(self.deck)))
        players = self.players
        if (not isinstance(players, tuple) or len(players) != 2
                or not all(type(p) is int for p in players)):
            raise VariantError(_("variant {id}: players must be (min, max), got {players}").format(
                id=repr(self.id), players=shown(players)))
        for rule in self.rules:
            if not isinstance(rule, Rule):
                raise VariantError(_("variant {id}: {rule} is not a rule object (a maumau_rules.rules.Rule)").format(
                    id=repr(self.id), rule=shown(rule)))
            if rule.family != self.family:
                raise VariantError(_("variant {id} is of the {family} family, but rule {rule} is of the {other} family")
                                   .format(id=repr(self.id), family=repr(self.family), rule=rule.rule_id,
                                           other=repr(rule.family)))
        object.__setattr__(self, "_plan", family_named(self.family).compile_plan(self))

    def __reduce__(self) -> tuple[type[Variant], tuple[Any, ...]]:
        # pickled by its fields; the plan (which holds the rules' hooks) is compiled again when unpickled
        return Variant, (self.id, self.name, self.deck, self.players, self.rules, self.aliases, self.sources,
                         self.decisions, self.external, self.version, self.summary, self.family)

    @property
    def plan(self) -> Any:
        """The compiled form of the rules, which the variant's family runs (built once, with the variant; see
        :meth:`~maumau_rules.families.GameFamily.compile_plan`). Each family types its own plan (Mau-Mau's
        :class:`~maumau_rules.families.GameFamily` plan has ``max_moves``, Malilla's its seats and teams).

        >>> find_variant("standard").plan.max_moves
        1000
        >>> type(find_variant("malilla").plan).__name__ != type(find_variant("standard").plan).__name__
        True
        """
        return self._plan

    @property
    def family_plan(self) -> Any:
        """The same as :attr:`plan` (the name of earlier releases, kept).

        >>> find_variant("malilla").family_plan is find_variant("malilla").plan
        True
        """
        return self._plan

    def rule(self, rule_id: str) -> Rule | None:
        """The rule object with ``rule_id``, or ``None`` if the variant does not use it.

        >>> find_variant("standard").rule("R_DEAL") is not None
        True
        """
        for r in self.rules:
            if r.rule_id == rule_id:
                return r
        return None

    def with_rules(self, *rules: Rule, drop: Iterable[str] = (), params: Mapping[str, Mapping[str, Any]] | None = None,
                   id: str | None = None, name: str | None = None, players: tuple[int, int] | None = None,
                   deck: DeckSpec | str | None = None) -> Variant:
        """A house-rule variant built from this one.

        Args:
            rules: rule objects to put in (a rule of the same ID is replaced in place, else added).
            drop: rule IDs to take out.
            params: single parameters to change, by rule ID: ``{"R_REVERSE": {"two_player": "play_again"}}``; the
                rule's other parameters stay as they are (a rule the variant lacks is added with its defaults).
            id: the new variant's ID (default: this ID + ``"-house"``).
            name: its display name.
            players: a new player range.
            deck: a new deck (a :class:`~maumau_rules.deck.DeckSpec` or its text).

        Raises:
            VariantError: an unknown rule or parameter, or a combination that is impossible (the message
                names the conflicting rules).

        >>> from maumau_rules import Card
        >>> from maumau_rules.rules import PenaltySpec
        >>> from maumau_rules.rules import RULE_CLASSES
        >>> DrawPenalty = RULE_CLASSES["R_DRAW_PENALTY"]
        >>> v = find_variant("standard").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="7", amount=3)]))
        >>> v.id, v.plan.effects[Card.parse("7h")][0].amount
        ('standard-house', 3)
        >>> find_variant("pesten").with_rules(params={"R_REVERSE": {"two_player": "play_again"}}).rule("R_REVERSE")
        Reverse(cards=CardSet(ranks=frozenset({<Rank.ACE: 14>}), cards=frozenset()), two_player='play_again')
        >>> find_variant("standard").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="7", amount=40)]))
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: rule R_DRAW_PENALTY conflicts with the french-32 deck (32 cards): ...
        """
        dropped = set(drop)
        unknown = sorted(r for r in dropped if self.rule(r) is None)
        if unknown:
            raise VariantError(_("variant {id} has no rule {rules} to drop").format(id=repr(self.id),
                                                                                   rules=", ".join(unknown)))
        new = {r.rule_id: r for r in rules}
        out: list[Rule] = []
        for r in self.rules:
            if r.rule_id in dropped:
                continue
            out.append(new.pop(r.rule_id, r))
        out.extend(r for r in rules if r.rule_id in new and r.rule_id not in dropped)
        out = _with_params(out, params or {}, self.id)
        if isinstance(deck, str):
            try:
                deck = DeckSpec.parse(deck)
            except NotationError as exc:
                raise VariantError(str(exc)) from None
        return Variant(
            id=id or f"{self.id}-house", name=name or f"{self.name} (house rules)",
            deck=deck or self.deck, players=players or self.players, rules=tuple(out),
            aliases=(), sources=self.sources, decisions=self.decisions, external=self.external,
            version=self.version, summary=self.summary, family=self.family,
        )

    def __str__(self) -> str:
        return self.id


def _make_rule(rule_id: str, params: Mapping[str, Any], where: str) -> Rule:
    cls = RULE_CLASSES.get(rule_id)
    if cls is None:  # a rule of a family not imported yet
        for name in family_names():
            family_named(name)
        cls = RULE_CLASSES.get(rule_id)
    if cls is None:
        raise VariantError(_("{where}: unknown rule {rule}").format(where=where, rule=shown(rule_id)))
    if not isinstance(params, Mapping):
        raise VariantError(_("{where}: parameters of {rule} must be a table").format(where=where, rule=rule_id))
    _check_params(cls, params, where)
    try:
        return cls(**_untomlify(params))
    except VariantError:
        raise
    except (TypeError, ValueError, OverflowError) as exc:
        raise VariantError(_("{where}: rule {rule}: {why}").format(where=where, rule=rule_id, why=exc)) from None


def _check_params(cls: type[Rule], params: Mapping[str, Any], where: str) -> None:
    fields = {f.name for f in attrs.fields(cast(Any, cls))}
    bad = sorted(set(params) - fields)
    if bad:
        raise VariantError(_("{where}: rule {rule} has no parameter {names}").format(
            where=where, rule=cls.rule_id, names=", ".join(map(repr, bad))))


def _with_params(rules: list[Rule], params: Mapping[str, Mapping[str, Any]], where: str) -> list[Rule]:
    """``rules`` with single parameters changed; a rule that is not there is added with those parameters."""
    out = list(rules)
    for rule_id, changes in params.items():
        at = next((i for i, r in enumerate(out) if r.rule_id == rule_id), None)
        if at is None:
            out.append(_make_rule(rule_id, changes, _variant(where)))
            continue
        if not isinstance(changes, Mapping):
            raise VariantError(_("{where}: parameters of {rule} must be a table").format(where=_variant(where),
                                                                                         rule=rule_id))
        _check_params(type(out[at]), changes, _variant(where))
        try:
            out[at] = attrs.evolve(cast(Any, out[at]), **_untomlify(changes))
        except VariantError:
            raise
        except (TypeError, ValueError, OverflowError) as exc:
            raise VariantError(_("{where}: rule {rule}: {why}").format(where=_variant(where), rule=rule_id,
                                                                       why=exc)) from None
    return out


def variant_from_dict(data: Mapping[str, Any], base: Callable[[str], Variant] | None = None) -> Variant:
    """Build a variant from the parsed TOML shape of ``spec/variants/*.toml``.

    With ``based_on = "<variant>"`` in ``[variant]``, the variant starts from that one: it inherits the deck, the
    players, every rule with its parameters, the sources and the decisions; each ``[rules.R_...]`` table changes
    only the parameters it names (or adds the rule), and ``drop = ["R_..."]`` takes rules out.

    Args:
        data: the parsed TOML.
        base: how to find the variant named by ``based_on`` (default: :func:`find_variant`).

    Raises:
        VariantError: unknown keys, rule IDs or parameters, bad values, or rules that cannot be combined.

    >>> v = variant_from_dict({"variant": {"id": "tiny", "name": "Tiny", "deck": "french-32",
    ...     "players": [2, 4]}, "rules": {"R_MATCH": {}, "R_DEAL": {"hand_size": 3}}})
    >>> v.plan.hand_size(3)
    3
    >>> v = variant_from_dict({"variant": {"id": "fast", "name": "Fast", "based_on": "standard"},
    ...     "rules": {"R_TURN_LIMIT": {"max_moves": 50}}})
    >>> v.plan.max_moves, v.rule("R_WILD") == find_variant("standard").rule("R_WILD")
    (50, True)
    """
    if not isinstance(data, Mapping):
        raise VariantError(_("variant data must be a table, got {type}").format(type=type(data).__name__))
    unknown_top = sorted(set(data) - {"variant", "rules", "decisions"})
    if unknown_top:
        raise VariantError(_("unknown table(s) {names} in a variant").format(names=", ".join(map(repr, unknown_top))))
    try:
        head = dict(data["variant"])
        rules_data = dict(data.get("rules", {}))
    except (KeyError, TypeError, ValueError):
        raise VariantError(_("variant data needs a [variant] table and a [rules] table")) from None
    unknown = sorted(set(head) - HEAD_KEYS)
    if unknown:
        raise VariantError(_("unknown field(s) {names} in [variant]").format(names=", ".join(map(repr, unknown))))
    for key in ("id", "name"):
        if not isinstance(head.get(key), str) or not head[key]:
            raise VariantError(_("[variant] needs {key} (a non-empty string)").format(key=repr(key)))
    vid = head["id"]
    parent: Variant | None = None
    if "based_on" in head:
        if not isinstance(head["based_on"], str):
            raise VariantError(_("variant {id}: based_on must be a variant name, got {value}").format(
                id=repr(vid), value=shown(head["based_on"])))
        parent = (base or find_variant)(head["based_on"])
    elif "drop" in head:
        raise VariantError(_("variant {id}: drop needs based_on (there is nothing to drop from)").format(id=repr(vid)))
    for key in ("deck", "players"):
        if key not in head and parent is None:
            raise VariantError(_("[variant] needs {key}").format(key=repr(key)))
    if "deck" in head:
        try:
            deck = DeckSpec.parse(head["deck"])
        except NotationError as exc:
            raise VariantError(_("{where}: {why}").format(where=_variant(vid), why=exc)) from None
    else:
        assert parent is not None
        deck = parent.deck
    players = head.get("players", list(parent.players) if parent is not None else None)
    if (not isinstance(players, list | tuple) or len(players) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)):
        raise VariantError(_("variant {id}: players must be [min, max], got {players}").format(
            id=repr(vid), players=shown(players)))
    for key in ("aliases", "sources", "drop"):
        if not isinstance(head.get(key, []), list) or not all(isinstance(a, str) for a in head.get(key, [])):
            raise VariantError(_("variant {id}: {key} must be a list of strings, got {value}").format(
                id=repr(vid), key=key, value=shown(head.get(key))))
    where = _variant(vid)
    if parent is None:
        rules = [_make_rule(rule_id, params, where) for rule_id, params in rules_data.items()]
    else:
        drop = set(head.get("drop", []))
        missing = sorted(d for d in drop if parent.rule(d) is None)
        if missing:
            raise VariantError(_("{where}: {parent} has no rule {rules} to drop").format(
                where=where, parent=repr(parent.id), rules=", ".join(missing)))
        both = sorted(drop & set(rules_data))
        if both:
            raise VariantError(_("{where}: rule {rules} is both dropped and set").format(where=where, rules=", ".join(both)))
        rules = _with_params([r for r in parent.rules if r.rule_id not in drop], rules_data, vid)
    version = head.get("version", 1)
    if type(version) is not int or not 1 <= version < 1_000_000:
        raise VariantError(_("variant {id}: version must be a positive integer, got {value}").format(
            id=repr(vid), value=shown(version)))
    if not isinstance(head.get("external", False), bool):
        raise VariantError(_("variant {id}: external must be true or false").format(id=repr(vid)))
    if not isinstance(head.get("summary", ""), str) or not isinstance(head.get("since", ""), str):
        raise VariantError(_("variant {id}: summary and since must be strings").format(id=repr(vid)))
    family = head.get("family", parent.family if parent is not None else "maumau")
    if family not in family_names():
        raise VariantError(_("variant {id}: unknown family {family}: one of {families}").format(
            id=repr(vid), family=shown(family), families=", ".join(family_names())))
    family_named(str(family))  # its rule classes are registered with the family
    if parent is not None and family != parent.family:
        raise VariantError(_("variant {id} is of the {family} family but based on {parent}, of the {other} family")
                           .format(id=repr(vid), family=repr(family), parent=repr(parent.id),
                                   other=repr(parent.family)))
    raw_decisions = data.get("decisions", [])
    if not isinstance(raw_decisions, list) or not all(isinstance(d, Mapping) for d in raw_decisions):
        raise VariantError(_("variant {id}: [[decisions]] must be tables").format(id=repr(vid)))
    for d in raw_decisions:
        extra = sorted(set(d) - {"gap", "param", "value", "reason"})
        if extra:
            raise VariantError(_("variant {id}: unknown field(s) {names} in [[decisions]]").format(
                id=repr(vid), names=", ".join(map(repr, extra))))
    decisions = [Decision(gap=str(d.get("gap", "")), param=str(d.get("param", "")), value=str(d.get("value", "")),
                          reason=str(d.get("reason", ""))) for d in raw_decisions]
    sources = list(head.get("sources", ()))
    summary = str(head.get("summary", ""))
    if parent is not None:
        mine = {d.param for d in decisions}
        decisions = [d for d in parent.decisions if d.param not in mine] + decisions
        sources = list(parent.sources) + [s for s in sources if s not in parent.sources]
        summary = summary or parent.summary
    try:
        return Variant(
            id=str(vid), name=str(head["name"]), deck=deck, players=(players[0], players[1]), rules=tuple(rules),
            aliases=tuple(head.get("aliases", ())), sources=tuple(sources), decisions=tuple(decisions),
            external=bool(head.get("external", False)), version=version, summary=summary, family=str(family),
        )
    except VariantError:
        raise
    except (TypeError, ValueError, OverflowError, NotationError) as exc:
        raise VariantError(_("variant {id}: the rules cannot be combined: {why}").format(id=repr(vid), why=exc)) from None


def _variant(vid: str) -> str:
    """How an error names the variant ``vid`` (in the current language)."""
    return _("variant {id}").format(id=repr(vid))


def _untomlify(params: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            out[key] = [dict(v) for v in value]
        else:
            out[key] = value
    return out


def load_variant(text: str) -> Variant:
    """Build a house-rule variant from TOML text of the ``spec/variants`` shape (``based_on`` may name a
    registered variant).

    Raises:
        VariantError: the text is not valid TOML or not a valid variant.

    >>> v = load_variant('''
    ... [variant]
    ... id = "house"
    ... name = "Our house rules"
    ... based_on = "standard"
    ... [rules.R_WILD]
    ... on_same = true
    ... ''')
    >>> v.rule("R_WILD").on_same, v.rule("R_WILD").wilds == find_variant("standard").rule("R_WILD").wilds
    (True, True)
    """
    if not isinstance(text, str):
        raise VariantError(_("variant text must be a string, got {type}").format(type=type(text).__name__))
    if len(text) > MAX_VARIANT_TEXT:
        raise VariantError(_("variant text of {n} characters is too long (limit {limit})").format(
            n=len(text), limit=MAX_VARIANT_TEXT))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(_("variant text is not valid TOML: {why}").format(why=exc)) from None
    except RecursionError:
        raise VariantError(_("variant text is nested too deeply to be a variant")) from None
    return variant_from_dict(data)


def spec_variant_texts() -> dict[str, str]:
    """The text of each ``spec/variants/*.toml`` shipped with the package, by file stem.

    >>> "standard" in spec_variant_texts()
    True
    """
    folder = resources.files("maumau_rules") / "spec" / "variants"
    return {entry.name[:-5]: entry.read_text(encoding="utf-8")
            for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".toml")}


def _build_registry(datas: Iterable[Mapping[str, Any]]) -> tuple[dict[str, Variant], dict[str, str]]:
    """Every variant of ``datas``, a ``based_on`` variant after the one it names (in any file order)."""
    pending = {str(d["variant"]["id"]): d for d in datas}
    ids = {_key(vid): vid for vid in pending}
    variants: dict[str, Variant] = {}
    names: dict[str, str] = {}

    def build(vid: str, chain: tuple[str, ...]) -> Variant:
        if vid in variants:
            return variants[vid]
        if vid in chain:
            raise VariantError(_("variants {chain} are based on each other").format(chain=" -> ".join((*chain, vid))))
        data = pending.get(vid)
        if data is None:
            raise VariantError(_("variant {id} is based on {base}, which spec/variants does not have").format(
                id=repr(chain[-1]), base=repr(vid)))
        v = variant_from_dict(data, base=lambda name: build(ids.get(_key(name), name), (*chain, vid)))
        variants[vid] = v
        return v

    for vid in sorted(pending):
        build(vid, ())
    for v in variants.values():
        for name in (v.id, v.name, *v.aliases):
            key = _key(name)
            if key in names and names[key] != v.id:
                raise VariantError(_("alias {alias} names both {first} and {second}").format(
                    alias=repr(name), first=repr(names[key]), second=repr(v.id)))
            names[key] = v.id
    return variants, names


def _key(name: str) -> str:
    return "".join(ch for ch in _fold(name) if ch.isalnum())


SPEC_VARIANTS: Final[dict[str, dict[str, Any]]] = {stem: tomllib.loads(text) for stem, text in spec_variant_texts().items()}
"""``spec/variants/*.toml``, parsed, by file stem."""
_VARIANTS: Final[dict[str, Variant]] = {}
_NAMES: Final[dict[str, str]] = {}


def _registry() -> dict[str, Variant]:
    """The registered variants by ID, compiled the first time they are asked for (each family's package imports
    this module, so the registry cannot be built while it is imported)."""
    if not _VARIANTS:
        variants, names = _build_registry(SPEC_VARIANTS.values())
        _NAMES.update(names)
        _VARIANTS.update(variants)
    return _VARIANTS


def find_variant(name: str | Variant) -> Variant:
    """Find a variant by ID, name or alias (case, spaces and hyphens do not matter); a variant is returned as is.

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
    known = _VARIANTS or _registry()
    vid = _NAMES.get(_key(name)) if isinstance(name, str) else None
    if vid is None:
        raise VariantError(_("unknown variant {name}: known variants are {names}").format(
            name=shown(name), names=", ".join(sorted(known))))
    return known[vid]


def available_variants(family: str | None = None) -> tuple[Variant, ...]:
    """Every registered variant, sorted by ID; with ``family``, only the variants of that family.

    Raises:
        VariantError: ``family`` names no family (:func:`~maumau_rules.families.family_names`).

    >>> "standard" in [v.id for v in available_variants()]
    True
    >>> [v.id for v in available_variants("malilla")]
    ['malilla', 'malilla-table']
    """
    if family is not None and family not in family_names():
        raise VariantError(_("unknown family {family}: one of {families}").format(family=shown(family),
                                                                                  families=", ".join(family_names())))
    known = _registry()
    return tuple(known[k] for k in sorted(known) if family is None or known[k].family == family)


@attrs.frozen
class Difference:
    """One way in which two variants differ.

    >>> Difference("rule", "R_SKIP", "cards", "8", "A").param
    'cards'
    """

    aspect: str
    """``family``, ``deck``, ``players``, ``rule`` (used by one variant only) or ``param``."""
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
    va, vb = find_variant(a), find_variant(b)
    out: list[Difference] = []
    if va.family != vb.family:
        out.append(Difference("family", "", "", va.family, vb.family))
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
