"""House rule: a 6 must be covered by a second card of the same suit.

After a 6 its player plays again, and must cover the 6 with a card of its suit (a wild card does not cover
it); if he cannot, he draws until he gets one (or nothing is left) and may then play it. A 6 cannot be the
last card. If the 6 stays uncovered, the next player must cover it.

The rule combines the library's effects (:class:`~maumau_rules.families.maumau.effects.AnotherTurn` and
:class:`~maumau_rules.families.maumau.effects.DemandSuit`) with a legality hook of its own (no wild on an uncovered 6), a draw
hook (draw until the suit comes) and a finishing restriction; a wrong card is refused with this rule's ID.

>>> from maumau_rules import Card
>>> VARIANT.plan.describe_card(Card.parse("6h"))  # doctest: +NORMALIZE_WHITESPACE
['its suit must be followed (R_HOUSE_SIX_MUST_BE_COVERED)', 'its player plays again (R_HOUSE_SIX_MUST_BE_COVERED)',
 'may not be the last card (R_HOUSE_SIX_MUST_BE_COVERED)']
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from maumau_rules import GameState, find_variant
from maumau_rules.cards import Card, Rank
from maumau_rules.families.maumau import AnotherTurn, DemandSuit, Lead, Masks, PlanBuilder, Rejection
from maumau_rules.reasons import Reason
from maumau_rules.rules import CardSet, Kind, Rule, register

__all__ = ["VARIANT", "SixMustBeCovered"]


def _rank(value: object) -> Rank:
    """A rank, or its symbol (as a variant file or a record gives it)."""
    return value if isinstance(value, Rank) else Rank.parse(str(value))


@register
@attrs.frozen
class SixMustBeCovered(Rule):
    """R_HOUSE_SIX_MUST_BE_COVERED: a card of ``rank`` must be covered by its player with a card of its suit.

    >>> SixMustBeCovered().rank
    <Rank.SIX: 6>
    """

    rule_id: ClassVar[str] = "R_HOUSE_SIX_MUST_BE_COVERED"
    kind: ClassVar[Kind] = "effect"
    title: ClassVar[str] = "A 6 must be covered"
    rank: Rank = attrs.field(default=Rank.SIX, converter=_rank)
    """The rank that must be covered (a rank or its symbol, as a variant file or a record gives it)."""

    def contribute(self, plan: PlanBuilder) -> None:
        """Another turn and a demand of the suit; no wild on it; draw until the suit comes; not the last card.

        >>> from maumau_rules.deck import FRENCH_36
        >>> b = PlanBuilder("x", FRENCH_36, 2, 4); SixMustBeCovered().contribute(b); len(b.legality_hooks)
        1
        """
        plan.claim("six_must_be_covered", self.rule_id)
        sixes = CardSet(ranks=frozenset({self.rank}))
        plan.on_play(self.rule_id, sixes, DemandSuit(), AnotherTurn())
        plan.forbid_finish(self.rule_id, plan.masks.of(sixes))
        rank = self.rank

        def cover_only(lead: Lead, allowed: int, masks: Masks) -> int:
            if lead.top.rank is rank and lead.wished:  # an uncovered 6: only its suit
                return allowed & masks.suit(lead.suit)
            return allowed

        def why_not(card: Card, lead: Lead) -> Rejection | None:
            if lead.top.rank is rank and lead.wished and card.suit is not lead.suit:
                assert lead.suit is not None
                return Rejection(Reason.RULE_FORBIDS, f"{lead.top} must be covered with a {lead.suit.symbol} card")
            return None

        plan.legality(self.rule_id, cover_only, order=60, why_not=why_not)

        def draw_more(state: GameState, card: Card) -> bool:
            return state.discard[-1].rank is rank and state.wished_suit is not None and card.suit is not state.wished_suit

        plan.keep_drawing(self.rule_id, draw_more)


VARIANT = find_variant("standard").with_rules(SixMustBeCovered(), deck="french-36", id="standard-six-covered",
                                              name="Standard with 36 cards, a 6 must be covered")
"""Standard Mau-Mau with the 36-card deck (6 to Ace), where a 6 must be covered."""
