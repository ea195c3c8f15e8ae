"""The rule protocol, card selectors, and the registry of rule classes.

A rule is a small frozen value with a stable ``rule_id`` and typed parameters. A
:class:`~maumau_rules.variants.Variant` is a tuple of rules; :func:`compile_rules` folds them into a
flat :class:`~maumau_rules.rules.compiled.Ruleset` that the engine reads.

>>> CardSet.parse(["7", "Ks"]).matches(Card.parse("7h")), CardSet.parse(["7", "Ks"]).matches(Card.parse("Kh"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final, Protocol

import attrs

from ..cards import Card, Rank
from ..errors import NotationError, VariantError

__all__ = ["RULE_CLASSES", "CardSet", "Rule", "register"]

KINDS: Final = ("setup", "legality", "effect", "turn", "end", "scoring", "announcement")
"""The kinds of rule, as in ``spec/rules``."""


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
                raise NotationError(f"invalid card selector {tok!r}: expected a rank or card string")
            try:
                ranks.add(Rank.parse(tok))
                continue
            except NotationError:
                pass
            try:
                cards.add(Card.parse(tok))
            except NotationError:
                raise NotationError(f"invalid card selector {tok!r}: not a rank (7, J, joker) or a card (Ks)") from None
        return cls(frozenset(ranks), frozenset(cards))


def cardset(value: Any) -> CardSet:
    """attrs converter: accept a :class:`CardSet`, a token or a list of tokens.

    >>> cardset("J") == CardSet.parse(["J"])
    True
    """
    if isinstance(value, CardSet):
        return value
    return CardSet.parse(value)


class Rule(Protocol):
    """What every rule object provides.

    ``rule_id`` is stable and appears in ``spec/rules``, in the rules reference and in the tests.
    ``compile`` writes the rule's parameters into a ruleset builder.
    """

    rule_id: ClassVar[str]
    kind: ClassVar[str]

    def compile(self, into: Any) -> None:
        """Contribute this rule to a :class:`~maumau_rules.rules.compiled.RulesetBuilder`.

        >>> from maumau_rules.rules.catalog import Skip, example_builder
        >>> b = example_builder(); Skip().compile(b); str(b.skip)
        '8'
        """


RULE_CLASSES: Final[dict[str, type[Any]]] = {}
"""Every rule class by its ID."""


def register(cls: type[Any]) -> type[Any]:
    """Class decorator: add a rule class to :data:`RULE_CLASSES` (IDs must be unique).

    >>> "R_MATCH" in RULE_CLASSES
    True
    """
    rid = cls.rule_id
    if rid in RULE_CLASSES:
        raise VariantError(f"duplicate rule id {rid!r}")
    if cls.kind not in KINDS:
        raise VariantError(f"rule {rid!r} has unknown kind {cls.kind!r}")
    RULE_CLASSES[rid] = cls
    return cls
