"""The rule base class, card selectors, parameter entries and the registry of rule classes.

A rule is a small frozen value with a stable ``rule_id``, typed parameters and behaviour: its
:meth:`Rule.contribute` adds what the rule does to a variant's plan (card effects, legality masks,
draw and end-of-round policies, scoring) through its family's public plan builder (the docs page "Write your
own rule"). The built-in rules do nothing a rule written outside
the library could not do.

The parameters of the built-in rules are declared once, in ``spec/rules/*.toml`` (shipped as
package data): :func:`builtin` gives each annotated field its default, converter and validator from
there, and checks at import time that the class and the spec name the same parameters.

>>> CardSet.parse(["7", "Ks"]).matches(Card.parse("7h")), CardSet.parse(["7", "Ks"]).matches(Card.parse("Kh"))
(True, False)
"""

from __future__ import annotations

import sys
import tomllib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, ClassVar, Final, Literal, TypeVar

import attrs

from ..cards import Card, Rank
from ..errors import NotationError, VariantError
from ..i18n import gettext as _

__all__ = [
    "FROM_SPEC",
    "KINDS",
    "RULE_CLASSES",
    "CardSet",
    "Kind",
    "PenaltySpec",
    "Rule",
    "WildSpec",
    "as_tuple",
    "builtin",
    "card_values",
    "from_spec",
    "rank_list",
    "register",
    "rule_spec",
]

Kind = Literal["setup", "legality", "effect", "turn", "end", "scoring", "announcement"]
"""What part of the game a rule governs (as ``kind`` in ``spec/rules``)."""
KINDS: Final[tuple[str, ...]] = typing.get_args(Kind)
"""Every kind of rule."""


@attrs.frozen(cache_hash=True)
class CardSet:
    """A selector of cards: whole ranks (``"7"``), single cards (``"Ks"``), Jokers (``"joker"``).

    >>> str(CardSet.parse(["7", "K♠", "joker"]))
    '7, K♠, Joker'
    >>> CardSet.parse([]).matches(Card.parse("7h"))
    False
    """

    ranks: frozenset[Rank] = frozenset()
    """Every card of these ranks (``JOKER`` selects Jokers)."""
    cards: frozenset[Card] = frozenset()
    """These exact cards."""

    def matches(self, card: Card) -> bool:
        """Whether ``card`` is selected.

        >>> CardSet(ranks=frozenset({Rank.JACK})).matches(Card.parse("Jd"))
        True
        """
        return card.rank in self.ranks or card in self.cards

    def select(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """The distinct cards of ``cards`` that this selector picks, in hand order.

        >>> [str(c) for c in CardSet.parse("Q").select(Card.parse(t) for t in ("Qh", "7h", "Qc", "Qh"))]
        ['Q♣', 'Q♥']
        """
        return tuple(sorted({c for c in cards if self.matches(c)}, key=lambda c: c.sort_key))

    def __bool__(self) -> bool:
        return bool(self.ranks or self.cards)

    def tokens(self) -> list[str]:
        """The selector as a list of notation tokens: ranks (sorted), then single cards, then Jokers.

        >>> CardSet.parse(["Ks", "7"]).tokens()
        ['7', 'K♠']
        """
        ranks = [r.symbol for r in sorted(self.ranks) if r is not Rank.JOKER]
        cards = [str(c) for c in sorted(self.cards, key=lambda c: c.sort_key)]
        return ranks + cards + (["Joker"] if Rank.JOKER in self.ranks else [])

    def __str__(self) -> str:
        return ", ".join(self.tokens())

    @classmethod
    def parse(cls, tokens: Iterable[str] | str) -> CardSet:
        """Parse a list of tokens: a rank (``"7"``, ``"J"``, ``"joker"``) or a card (``"Ks"``, ``"K♠"``).

        Raises:
            NotationError: a token is neither a rank nor a card.

        >>> CardSet.parse("7").ranks == frozenset({Rank.SEVEN})
        True
        """
        if isinstance(tokens, str):
            tokens = [tokens]
        ranks: set[Rank] = set()
        cards: set[Card] = set()
        for tok in tokens:
            if not isinstance(tok, str):
                raise NotationError(_("invalid card selector {token}: expected a rank or card string").format(
                    token=repr(tok)))
            try:
                ranks.add(Rank.parse(tok))
                continue
            except NotationError:
                pass
            try:
                cards.add(Card.parse(tok))
            except NotationError:
                raise NotationError(_("invalid card selector {token}: not a rank (7, J, joker) or a card (Ks)").format(
                    token=repr(tok))) from None
        return cls(frozenset(ranks), frozenset(cards))


def cardset(value: Any) -> CardSet:
    """attrs converter: accept a :class:`CardSet`, a token or a list of tokens.

    >>> cardset("J") == CardSet.parse(["J"])
    True
    """
    if isinstance(value, CardSet):
        return value
    if isinstance(value, str) or (isinstance(value, Iterable) and not isinstance(value, Mapping)):
        return CardSet.parse(value)
    raise NotationError(_("invalid card selector {value}: expected a rank or card string, or a list of them").format(
        value=repr(value)))


def as_tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    """attrs converter: a list (or any iterable) of parameter entries as a tuple.

    >>> as_tuple([1, 2])
    (1, 2)
    """
    return tuple(value)


def card_values(value: Any) -> tuple[tuple[Rank, int], ...]:
    """attrs converter: a table of card values, ``{"J": 20, ...}`` or ``(rank, points)`` pairs, as sorted pairs.

    Raises:
        VariantError: a rank or a value is not valid.

    >>> card_values({"J": 20, "7": 7})
    ((<Rank.SEVEN: 7>, 7), (<Rank.JACK: 11>, 20))
    """
    return _converter("card-values", {"name": "values", "type": "card-values"})(value)  # type: ignore[no-any-return]


def rank_list(value: Any) -> tuple[Rank, ...]:
    """attrs converter: an ordered list of ranks, ``["7", "A", "R"]`` or :class:`~maumau_rules.cards.Rank` values,
    as a tuple (the order is kept: highest first where a rule ranks cards).

    Raises:
        VariantError: an entry is not a rank, or a rank is named twice.

    >>> rank_list(["7", "A", "R"])
    (<Rank.SEVEN: 7>, <Rank.ACE: 14>, <Rank.REY: 22>)
    """
    return _converter("rank-list", {"name": "ranks", "type": "rank-list"})(value)  # type: ignore[no-any-return]


def _is_int(value: object) -> bool:
    return type(value) is int


def _entry_error(rule_id: str, name: str, value: object, why: str) -> VariantError:
    return VariantError(_("rule {rule}: {name}={value} {why}").format(rule=rule_id, name=name, value=repr(value), why=why))


@attrs.frozen
class PenaltySpec:
    """One entry of R_DRAW_PENALTY's ``penalties``: which cards, how many to draw, and who draws.

    >>> PenaltySpec(cards=CardSet.parse("7"), amount=2).target
    'next'
    >>> PenaltySpec(cards="6", amount=1, skip=True).skip
    True
    """

    cards: CardSet = attrs.field(converter=cardset)
    """The penalty cards."""
    amount: int = 2
    """Cards to draw per penalty card."""
    target: Literal["next", "previous"] = "next"
    """``next`` or ``previous`` player."""
    defendable: bool = True
    """Whether the target may pass it on by stacking; if not, the cards are drawn at once."""
    skip: bool = False
    """Whether the player who takes this penalty also misses the rest of his turn (Russian 6: draw and skip),
    whatever R_DRAW_PENALTY's ``ends_turn`` says."""
    group: str = ""
    """Stacking group: a pending penalty may only be passed on with a penalty card of the same group
    (that also fits the top card). Entries that leave it empty share one group."""

    def __attrs_post_init__(self) -> None:
        rid = "R_DRAW_PENALTY"
        if not _is_int(self.amount) or not 1 <= self.amount <= 1000:
            raise _entry_error(rid, "amount", self.amount, _("must be an integer from {low} to {high}").format(low=1, high=1000))
        if self.target not in ("next", "previous"):
            raise _entry_error(rid, "target", self.target, _("is not one of {choices}").format(choices="next, previous"))
        if not isinstance(self.defendable, bool):
            raise _entry_error(rid, "defendable", self.defendable, _("must be true or false"))
        if not isinstance(self.skip, bool):
            raise _entry_error(rid, "skip", self.skip, _("must be true or false"))
        if not isinstance(self.group, str) or len(self.group) > 40:
            raise _entry_error(rid, "group", self.group, _("must be a string of at most {n} characters").format(n=40))


@attrs.frozen
class WildSpec:
    """One entry of R_WILD's ``wilds``: the wild cards, and whether their player names a suit.

    >>> WildSpec(cards=CardSet.parse("J")).wish
    True
    """

    cards: CardSet = attrs.field(converter=cardset)
    """The wild cards."""
    wish: bool = True
    """Whether its player names a suit; otherwise any card may follow it."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.wish, bool):
            raise _entry_error("R_WILD", "wish", self.wish, _("must be true or false"))


# ---------------------------------------------------------------- the rule base class


class Rule:
    """The base class of every rule: a frozen value with a stable ID whose :meth:`contribute` is its behaviour.

    Subclasses are ``attrs`` frozen classes (built-ins use :func:`builtin`) and set two class variables:
    ``rule_id`` (``R_`` + upper snake case, stable, never reused) and ``kind``. A rule written outside the
    library subclasses it the same way and registers with :func:`register` to be usable from TOML.

    >>> Skip = RULE_CLASSES["R_SKIP"]
    >>> isinstance(Skip(), Rule), Skip().rule_id, Skip().kind
    (True, 'R_SKIP', 'effect')
    """

    rule_id: ClassVar[str]
    """The stable rule ID (``R_SKIP``)."""
    kind: ClassVar[Kind]
    """What part of the game the rule governs."""
    family: ClassVar[str] = "maumau"
    """The family of games the rule belongs to: a variant holds rules of its own family only (``maumau``; the
    Malilla rules are ``malilla``)."""
    title: ClassVar[str] = ""
    """A short title for people (built-ins take theirs from ``spec/rules``)."""
    spec: ClassVar[Mapping[str, Any] | None] = None
    """The rule's ``[rule]`` table of ``spec/rules`` (built-ins; ``None`` for a rule written elsewhere)."""

    def contribute(self, plan: Any) -> None:
        """Add this rule's behaviour to a variant's plan (called once, when the variant is built).

        Args:
            plan: the builder; its methods are the extension points (effects, legality, policies).

        Raises:
            VariantError: the rule cannot be combined with what the plan holds already.

        >>> from maumau_rules.rules import Rule
        >>> Rule().contribute(None)  # the base class adds nothing  # type: ignore[arg-type]
        """

    def describe(self) -> str:
        """What the rule says, in one paragraph for people (built-ins: the spec's text).

        >>> Skip = RULE_CLASSES["R_SKIP"]
        >>> Skip().describe().split(".")[0]
        'A skip card makes the next player miss his turn'
        """
        spec = type(self).spec
        if spec is not None:
            return str(spec.get("text", ""))
        return (type(self).__doc__ or "").strip().split("\n\n")[0]


RULE_CLASSES: Final[dict[str, type[Rule]]] = {}
"""Every registered rule class by its ID (the built-ins, and any a user registers)."""

_R = TypeVar("_R", bound=type[Rule])


def register(cls: _R) -> _R:
    """Class decorator: add a rule class to :data:`RULE_CLASSES`, so variant files can name it.

    Raises:
        VariantError: the ID is taken by another class, malformed, or the kind is unknown.

    >>> "R_MATCH" in RULE_CLASSES
    True
    """
    rid = getattr(cls, "rule_id", None)
    if not isinstance(rid, str) or not rid.startswith("R_") or not rid[2:].replace("_", "").isalnum() \
            or rid.upper() != rid or len(rid) < 5:
        raise VariantError(_("rule class {cls}: rule_id {rid} must be 'R_' + UPPER_SNAKE (e.g. 'R_MY_RULE')").format(
            cls=cls.__name__, rid=repr(rid)))
    other = RULE_CLASSES.get(rid)
    if other is not None and other is not cls and (other.__module__, other.__qualname__) != (
            cls.__module__, cls.__qualname__):
        raise VariantError(_("duplicate rule id {rid}: {other} already has it").format(rid=repr(rid),
                                                                                   other=other.__qualname__))
    if getattr(cls, "kind", None) not in KINDS:
        raise VariantError(_("rule {rid} has unknown kind {kind}: one of {kinds}").format(
            rid=repr(rid), kind=repr(getattr(cls, "kind", None)), kinds=", ".join(KINDS)))
    RULE_CLASSES[rid] = cls
    return cls


# ---------------------------------------------------------------- parameters declared in spec/rules


def _load_spec() -> Mapping[str, Mapping[str, Any]]:
    folder = resources.files("maumau_rules") / "spec" / "rules"
    out: dict[str, Mapping[str, Any]] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))["rule"]
            out[str(data["id"])] = types.MappingProxyType(data)
    return types.MappingProxyType(out)


SPEC_RULES: Final = _load_spec()
"""``spec/rules/*.toml`` as read from the package data: rule ID to its ``[rule]`` table (read-only)."""


def rule_spec(rule_id: str) -> Mapping[str, Any]:
    """The ``[rule]`` table of ``spec/rules/<rule_id>.toml``.

    Raises:
        VariantError: the spec has no such rule.

    >>> rule_spec("R_SKIP")["kind"]
    'effect'
    """
    try:
        return SPEC_RULES[rule_id]
    except KeyError:
        raise VariantError(f"spec/rules has no rule {rule_id!r}") from None


class _FromSpec:
    """The default marker of a built-in rule's parameter: the real default comes from ``spec/rules``."""

    def __repr__(self) -> str:
        return "FROM_SPEC"


FROM_SPEC: Final[Any] = _FromSpec()
"""Write ``name: type = FROM_SPEC`` for each parameter of a :func:`builtin` rule."""


def _int_check(rule_id: str, name: str, low: int | None, high: int | None) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if not _is_int(value) or (low is not None and value < low) or (high is not None and value > high):
            why = (_("must be an integer from {low} to {high}") if high is not None else _("must be an integer >= {low}")
                   ) if low is not None else _("must be an integer")
            raise _entry_error(rule_id, name, value, why.format(low=low, high=high))
        return int(value)
    return check


def _converter(rule_id: str, param: Mapping[str, Any]) -> Callable[[Any], Any]:
    """The converter-and-validator of one spec parameter: it returns the value in its Python type or raises
    :class:`VariantError` naming the rule, the parameter and the value."""
    name, kind = str(param["name"]), str(param["type"])
    low, high = param.get("min"), param.get("max")
    if kind == "int":
        return _int_check(rule_id, name, low, high)
    if kind == "bool":
        def to_bool(value: Any) -> bool:
            if not isinstance(value, bool):
                raise _entry_error(rule_id, name, value, _("must be true or false"))
            return value
        return to_bool
    if kind == "text":
        def to_text(value: Any) -> str:
            if not isinstance(value, str) or len(value) > 60:
                raise _entry_error(rule_id, name, value, _("must be a string of at most {n} characters").format(n=60))
            return value
        return to_text
    if kind == "choice":
        choices = tuple(param["choices"])

        def to_choice(value: Any) -> Any:
            if not isinstance(value, str) or value not in choices:
                raise _entry_error(rule_id, name, value, _("is not one of {choices}").format(choices=", ".join(choices)))
            return value
        return to_choice
    if kind == "cards":
        def to_cards(value: Any) -> CardSet:
            try:
                return cardset(value)
            except NotationError as exc:
                raise VariantError(_("rule {rule}: {name}: {why}").format(rule=rule_id, name=name, why=exc)) from None
        return to_cards
    if kind == "int-list":
        item = _int_check(rule_id, name, low, high)

        def to_ints(value: Any) -> tuple[int, ...]:
            if isinstance(value, str | Mapping) or not isinstance(value, Iterable):
                raise _entry_error(rule_id, name, value, _("must be a list of integers"))
            items = tuple(value)
            if len(items) > 100:
                raise _entry_error(rule_id, name, list(items), _("has more than {n} entries").format(n=100))
            return tuple(item(v) for v in items)
        return to_ints
    if kind in ("penalty-list", "wild-list"):
        entry_type: type[PenaltySpec] | type[WildSpec] = PenaltySpec if kind == "penalty-list" else WildSpec

        def to_entries(value: Any) -> tuple[Any, ...]:
            if isinstance(value, str | Mapping) or not isinstance(value, Iterable):
                raise _entry_error(rule_id, name, value, _("must be a list of tables"))
            out = []
            for v in value:
                if isinstance(v, entry_type):
                    out.append(v)
                elif isinstance(v, Mapping):
                    fields = {f.name for f in attrs.fields(entry_type)}
                    unknown = sorted(set(v) - fields)
                    if unknown:
                        raise VariantError(_("rule {rule}: {name} entries have no field {fields}").format(
                            rule=rule_id, name=name, fields=", ".join(map(repr, unknown))))
                    try:
                        out.append(entry_type(**v))
                    except (TypeError, NotationError) as exc:
                        raise VariantError(_("rule {rule}: {name}: {why}").format(rule=rule_id, name=name, why=exc)) from None
                else:
                    raise _entry_error(rule_id, name, v, _("is not a table"))
            if len(out) > 60:
                raise _entry_error(rule_id, name, "...", _("has more than {n} entries").format(n=60))
            return tuple(out)
        return to_entries
    if kind == "rank-list":
        def to_ranks(value: Any) -> tuple[Rank, ...]:
            if isinstance(value, str | Mapping) or not isinstance(value, Iterable):
                raise _entry_error(rule_id, name, value, _("must be a list of ranks"))
            items = list(value)
            if len(items) > 20:
                raise _entry_error(rule_id, name, items, _("has more than {n} entries").format(n=20))
            out: list[Rank] = []
            for item in items:
                try:
                    rank = item if isinstance(item, Rank) else Rank.parse(str(item))
                except NotationError as exc:
                    raise VariantError(_("rule {rule}: {name}: {why}").format(rule=rule_id, name=name, why=exc)) from None
                if rank in out:
                    raise _entry_error(rule_id, name, items, _("names {rank} twice").format(rank=rank.symbol))
                out.append(rank)
            return tuple(out)
        return to_ranks
    if kind == "card-values":
        def to_values(value: Any) -> tuple[tuple[Rank, int], ...]:
            if isinstance(value, tuple | list) and all(isinstance(p, tuple | list) and len(p) == 2 for p in value):
                pairs: Iterable[tuple[Any, Any]] = value  # (rank, points) pairs, as JSON writes them
            elif isinstance(value, Mapping):
                pairs = value.items()
            else:
                raise _entry_error(rule_id, name, value, _("must be a table of rank = points"))
            out: dict[Rank, int] = {}
            for key, points in pairs:
                try:
                    rank = key if isinstance(key, Rank) else Rank.parse(str(key))
                except NotationError as exc:
                    raise VariantError(_("rule {rule}: {name}: {why}").format(rule=rule_id, name=name, why=exc)) from None
                if not _is_int(points) or not -10_000 <= points <= 10_000:
                    raise VariantError(_("rule {rule}: {name}: card value for {key} must be an integer, got {points}").format(
                        rule=rule_id, name=name, key=repr(key), points=repr(points)))
                out[rank] = points
            return tuple(sorted(out.items()))
        return to_values
    raise VariantError(f"spec/rules/{rule_id}.toml: parameter {name!r} has unknown type {kind!r}")


_ANNOTATION_OF_TYPE: Final = {"int": "int", "bool": "bool", "text": "str", "cards": "CardSet",
                              "int-list": "tuple[int, ...]", "penalty-list": "tuple[PenaltySpec, ...]",
                              "wild-list": "tuple[WildSpec, ...]", "card-values": "tuple[tuple[Rank, int], ...]",
                              "rank-list": "tuple[Rank, ...]"}


def _check_annotation(cls: type, name: str, annotation: Any, param: Mapping[str, Any]) -> None:
    """The class's annotation must say what the spec declares: a ``Literal`` of exactly its choices, or the
    Python type of its type."""
    kind = str(param["type"])
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    if kind == "choice":
        resolved = eval(annotation, vars(sys.modules[cls.__module__])) if isinstance(annotation, str) else annotation
        args = typing.get_args(resolved)
        if set(args) != set(param["choices"]):
            raise VariantError(f"{cls.__name__}.{name}: the annotation allows {sorted(args)}, "
                               f"spec/rules/{cls.rule_id}.toml {sorted(param['choices'])}")  # type: ignore[attr-defined]
        return
    want = _ANNOTATION_OF_TYPE[kind]
    if text != want:
        raise VariantError(f"{cls.__name__}.{name}: annotated {text!r}, but spec/rules/"
                           f"{cls.rule_id}.toml declares {kind!r} ({want})")  # type: ignore[attr-defined]


def from_spec(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """attrs ``field_transformer`` of the built-in rules: each field's default, converter, validation and doc come
    from ``spec/rules/<rule_id>.toml`` (a converter written in the class, such as :func:`cardset`, only tells type
    checkers which values the constructor takes; the spec's converter does the same and validates).

    Raises:
        VariantError: the class and the spec name different parameters, or a type disagrees.

    >>> Skip = RULE_CLASSES["R_SKIP"]
    >>> Skip(cards="9").cards == CardSet.parse("9"), attrs.fields(Skip).passable.default
    (True, False)
    """
    rule_id = cls.rule_id  # type: ignore[attr-defined]
    params = {str(p["name"]): p for p in rule_spec(rule_id).get("params", ())}
    names = [f.name for f in fields]
    if sorted(names) != sorted(params):
        raise VariantError(f"{cls.__name__} declares parameters {names}, spec/rules/{rule_id}.toml "
                           f"{sorted(params)}: declare each in both, once")
    out = []
    for f in fields:
        if f.default is not FROM_SPEC:
            raise VariantError(f"{cls.__name__}.{f.name}: a built-in rule takes its default from spec/rules "
                               "(write '= FROM_SPEC')")
        param = params[f.name]
        _check_annotation(cls, f.name, f.type, param)
        convert = _converter(rule_id, param)
        out.append(f.evolve(default=convert(param["default"]), converter=convert,
                            metadata={"doc": str(param.get("doc", "")), "type": str(param["type"])}))
    return out


def _param_doc(rule_id: str) -> str:
    lines = []
    for p in rule_spec(rule_id).get("params", ()):
        choices = f" (one of {', '.join(p['choices'])})" if p.get("choices") else ""
        lines.append(f"    {p['name']} ({p['type']}{choices}, default ``{p['default']!r}``): {p.get('doc', '')}")
    return ("\n\n    Parameters, from ``spec/rules/" + rule_id + ".toml``:\n\n" + "\n".join(lines)) if lines else ""


def builtin(cls: _R) -> _R:
    """Class decorator of the library's own rules, outside ``@attrs.frozen(field_transformer=from_spec)``: it
    checks the class against ``spec/rules``, gives it the spec's title and parameter docs, and registers it.

    Each parameter is written ``name: type = FROM_SPEC`` (with a converter for values given as text or lists);
    the spec gives its default, conversion, validation and doc (declared once, there).

    Raises:
        VariantError: the class and ``spec/rules/<rule_id>.toml`` name different parameters or types.

    >>> Deal = RULE_CLASSES["R_DEAL"]
    >>> Deal().hand_size, attrs.fields(Deal).hand_size.metadata["doc"]
    (5, 'Cards dealt to each player.')
    """
    spec = rule_spec(cls.rule_id)
    if cls.kind != spec["kind"]:
        raise VariantError(f"{cls.__name__}: kind {cls.kind!r}, but spec/rules says {spec['kind']!r}")
    if getattr(cls, "__attrs_attrs__", None) is None:
        raise VariantError(f"{cls.__name__}: decorate it with @attrs.frozen(field_transformer=from_spec) first")
    cls.spec = spec
    cls.title = str(spec["title"])
    cls.__doc__ = (cls.__doc__ or "") + _param_doc(cls.rule_id)
    return register(cls)
