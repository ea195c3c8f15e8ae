"""House rule: playing a 10 swaps hands with the next player.

The library has no such effect, so the module defines one: :class:`SwapHands` subclasses
:class:`~maumau_rules.families.maumau.effects.Effect` and moves the cards with the public operations of
:class:`~maumau_rules.families.maumau.turn.Turn` (``take_hand`` and ``give``: cards are never lost or made). Played as the last
card, a 10 swaps nothing: its player goes out.

>>> from maumau_rules import Card
>>> VARIANT.plan.describe_card(Card.parse("10c"))
['swaps hands with the next player (R_HOUSE_TEN_SWAPS_HANDS)']
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from maumau_rules import find_variant
from maumau_rules.cards import Card
from maumau_rules.families.maumau import Effect, PlanBuilder, Turn
from maumau_rules.rules import CardSet, Kind, Rule, register
from maumau_rules.rules.base import cardset

__all__ = ["VARIANT", "SwapHands", "TenSwapsHands"]


@attrs.frozen
class SwapHands(Effect):
    """The player of the card and the next player exchange their hands.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=2)
    >>> t = Turn.scratch(s, seat=0); SwapHands().played(t)
    >>> t.hand(0) == s.hands[1] and t.hand(1) == s.hands[0]
    True
    """

    def played(self, turn: Turn) -> None:
        """Swap, unless the card was its player's last.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=2), seat=0); mine = t.take_hand(0)
        >>> SwapHands().played(t); t.hand(0)
        ()
        """
        if not turn.hand(turn.seat):
            return  # the last card: its player goes out
        other = turn.next_seat()
        mine, theirs = turn.take_hand(turn.seat), turn.take_hand(other)
        turn.give(turn.seat, theirs)
        turn.give(other, mine)

    def describe(self, card: Card) -> str:
        """What it does.

        >>> SwapHands().describe(Card.parse("10h"))
        'swaps hands with the next player'
        """
        return "swaps hands with the next player"


@register
@attrs.frozen
class TenSwapsHands(Rule):
    """R_HOUSE_TEN_SWAPS_HANDS: playing one of ``cards`` swaps hands with the next player.

    >>> str(TenSwapsHands().cards)
    '10'
    """

    rule_id: ClassVar[str] = "R_HOUSE_TEN_SWAPS_HANDS"
    kind: ClassVar[Kind] = "effect"
    title: ClassVar[str] = "A 10 swaps hands with the next player"
    cards: CardSet = attrs.field(default=CardSet.parse("10"), converter=cardset)
    """The swapping cards."""

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach the swap to the cards.

        >>> from maumau_rules.deck import SKAT_32
        >>> b = PlanBuilder("x", SKAT_32, 2, 4); TenSwapsHands().contribute(b)
        >>> type(b.effects[Card.parse("10d")][0]).__name__
        'SwapHands'
        """
        plan.claim("ten_swaps_hands", self.rule_id)
        plan.on_play(self.rule_id, self.cards, SwapHands())


VARIANT = find_variant("standard").with_rules(TenSwapsHands(), id="standard-ten-swaps",
                                              name="Standard, a 10 swaps hands with the next player")
"""Standard Mau-Mau where a 10 swaps hands with the next player."""
