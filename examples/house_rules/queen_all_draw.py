"""House rule: playing a Queen makes every other player draw one card.

The rule needs no new engine code: it attaches the library's :class:`~maumau_rules.families.maumau.effects.DrawCards` effect
(``who="others"``) to the Queens. The draws go through the transition's :class:`~maumau_rules.families.maumau.turn.Turn`,
so they follow the variant's reshuffle rule, conserve cards, and lapse standing calls where the variant says
so, as every draw does.

    python -m examples.house_rules.queen_all_draw      # a game between computer players

>>> from maumau_rules import Card, Deal, apply, new_game, parse_cards, parse_move
>>> VARIANT.plan.describe_card(Card.parse("Qh"))
['every other player draws 1 (R_HOUSE_QUEEN_ALL_DRAW)']
>>> s = apply(new_game(VARIANT, players=3, seed=4), parse_move("draw"))
>>> VARIANT.rule("R_HOUSE_QUEEN_ALL_DRAW")
QueenAllDraw(cards=CardSet(ranks=frozenset({<Rank.QUEEN: 12>}), cards=frozenset()), amount=1)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from maumau_rules import find_variant
from maumau_rules.families.maumau import DrawCards, PlanBuilder
from maumau_rules.rules import CardSet, Kind, Rule, register
from maumau_rules.rules.base import cardset

__all__ = ["VARIANT", "QueenAllDraw"]


@register
@attrs.frozen
class QueenAllDraw(Rule):
    """R_HOUSE_QUEEN_ALL_DRAW: playing one of ``cards`` makes every other player draw ``amount`` cards at once.

    >>> QueenAllDraw().amount
    1
    """

    rule_id: ClassVar[str] = "R_HOUSE_QUEEN_ALL_DRAW"
    kind: ClassVar[Kind] = "effect"
    title: ClassVar[str] = "A Queen makes everyone else draw"
    cards: CardSet = attrs.field(default=CardSet.parse("Q"), converter=cardset)
    """The cards that make the others draw."""
    amount: int = 1
    """How many cards each other player draws."""

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach the draw to the cards.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); QueenAllDraw().contribute(b)
        >>> [e.describe(c) for c in b.select(CardSet.parse("Qh")) for e in b.effects[c]]
        ['every other player draws 1']
        """
        plan.claim("queen_all_draw", self.rule_id)
        plan.on_play(self.rule_id, self.cards, DrawCards(amount=self.amount, who="others"))


VARIANT = find_variant("standard").with_rules(QueenAllDraw(), id="standard-queen-all-draw",
                                              name="Standard, a Queen makes everyone else draw")
"""Standard Mau-Mau where a Queen makes every other player draw one card."""


if __name__ == "__main__":  # pragma: no cover - a demonstration
    from maumau_rules.cli import main

    raise SystemExit(main(["play", "--variant", __file__, "--bots-only", "--rounds", "1"]))
