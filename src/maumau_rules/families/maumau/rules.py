"""Every rule of the library. Each class is one rule with a stable ID, typed parameters and its behaviour.

The parameters and their defaults are declared once, in ``spec/rules/*.toml``; the class names them
(``= FROM_SPEC``) with their Python types. What a rule does is its :meth:`~maumau_rules.rules.base.Rule.contribute`: it adds card
effects, legality hooks and policies to the variant's :class:`~maumau_rules.families.maumau.plan.PlanBuilder`,
using only the builder's public methods, as a rule written outside the library would.

>>> SevenLike = DrawPenalty(penalties=(PenaltySpec(cards=CardSet.parse("7"), amount=2),))
>>> SevenLike.rule_id, SevenLike.penalties[0].amount
('R_DRAW_PENALTY', 2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, Literal

import attrs

from ... import handmask
from ... import rng as _rng
from ...cards import Card, Rank
from ...errors import VariantError
from ...i18n import gettext
from ...moves import Call, CallOut, Move
from ...reasons import Reason
from ...rules.base import (
    FROM_SPEC,
    CardSet,
    Kind,
    PenaltySpec,
    Rule,
    WildSpec,
    as_tuple,
    builtin,
    card_values,
    cardset,
    from_spec,
)
from .effects import (
    AnotherTurn,
    CancelDraw,
    DemandSuit,
    DrawCards,
    FollowAny,
    PendingDraw,
    ReverseDirection,
    SkipNext,
    WishSuit,
)
from .plan import MAX_REDEALS, REDEAL_CHANCE_LIMIT, CutResult, DrawPolicy, Lead, Masks, Plan, PlanBuilder, Rejection

if TYPE_CHECKING:
    from .state import GameState
    from .turn import Turn

__all__ = [
    "Announcement",
    "BlockedEnd",
    "Cut",
    "Deal",
    "Dealer",
    "DrawPenalty",
    "DrawRule",
    "DrawUntilSuit",
    "FinalCardEffects",
    "FinishRestriction",
    "JackFinishDoubles",
    "Matching",
    "PlayAgain",
    "Reshuffle",
    "Reverse",
    "ScoreElimination",
    "ScoreHandShrink",
    "ScorePenaltyPoints",
    "ScoreWinPoints",
    "ScoreWinnerCollects",
    "Series",
    "Skip",
    "StartCard",
    "TurnLimit",
    "TurnOrder",
    "Wild",
    "WildFinishSeries",
    "WrongCard",
]


def example_plan() -> PlanBuilder:
    """An empty plan builder over the 32-card deck, for trying rule objects out.

    >>> example_plan().deck.size
    32
    """
    from ...deck import SKAT_32

    return PlanBuilder(variant_id="example", deck=SKAT_32, min_players=2, max_players=5)


def _no_effect(rule_id: str, name: str, why: str) -> VariantError:
    return VariantError(gettext("rule {rule}: {name} has no effect {why}: leave it out").format(rule=rule_id, name=name,
                                                                                                  why=why))


# ---------------------------------------------------------------- setup


@builtin
@attrs.frozen(field_transformer=from_spec)
class Deal(Rule):
    """R_DEAL: how many cards each player is dealt, and in which packets.

    >>> Deal(hand_size=5, two_player_hand_size=6).cards_for(2)
    6
    """

    rule_id: ClassVar[str] = "R_DEAL"
    kind: ClassVar[Kind] = "setup"
    hand_size: int = FROM_SPEC
    two_player_hand_size: int = FROM_SPEC
    packets: tuple[int, ...] = attrs.field(default=FROM_SPEC, converter=as_tuple)

    def contribute(self, plan: PlanBuilder) -> None:
        """Deal the cards; check that the deck is big enough for every player count.

        >>> b = example_plan(); Deal().contribute(b); b.claimed['deal']
        'R_DEAL'
        """
        plan.claim("deal", self.rule_id)
        if self.packets and sum(self.packets) != self.hand_size:
            raise VariantError(gettext("rule R_DEAL: packets {packets} do not add up to the hand size {size}").format(
                packets=self.packets, size=self.hand_size))
        if self.two_player_hand_size and plan.min_players > 2:
            raise _no_effect(self.rule_id, "two_player_hand_size", gettext("for {n} players or more").format(
                n=plan.min_players))
        cards = len(plan.deck_cards)
        for n in range(plan.min_players, plan.max_players + 1):
            hand = self.cards_for(n)
            if n * hand + 1 > cards:
                raise VariantError(gettext(
                    "rule R_DEAL conflicts with [variant] players {lo}-{hi}: dealing {hand} cards to {n} players needs "
                    "{needed} cards with the start card, but the {deck} deck ({cards} cards) is too small").format(
                    lo=plan.min_players, hi=plan.max_players, hand=hand, n=n, needed=n * hand + 1, deck=plan.deck,
                    cards=cards))
        plan.dealing = self

    def cards_for(self, players: int) -> int:
        """Cards dealt to each of ``players`` players.

        >>> Deal(hand_size=5).cards_for(3)
        5
        """
        return self.two_player_hand_size if players == 2 and self.two_player_hand_size else self.hand_size

    def hand_size_for(self, players: int) -> int:
        """The same as :meth:`cards_for` (the name the plan's protocol uses).

        >>> Deal(hand_size=4).hand_size_for(3)
        4
        """
        return self.cards_for(players)

    def deal(self, pile: Sequence[Card], order: Sequence[int], sizes: Sequence[int],
             cutter: int, kept: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
        """Deal ``pile`` from the top (its front), in packets, to the seats in ``order``; the cutter keeps ``kept``
        and gets that many fewer in the first dealing rounds (MK-DEAL-3). Returns hands by seat and the rest.

        >>> from maumau_rules.cards import parse_cards
        >>> hands, rest = Deal(hand_size=2).deal(parse_cards("7h 8h 9h 10h 7c"), [0, 1], [2, 2], 0, ())
        >>> [" ".join(map(str, h)) for h in hands], rest
        (['7♥ 9♥', '8♥ 10♥'], [Card.parse('7♣')])
        """
        players = len(sizes)
        hands: list[list[Card]] = [[] for _ in range(players)]
        packets = self.packets or (1,) * max(sizes, default=0)
        quota = [[*packets] for _ in range(players)]
        need = list(sizes)
        if kept:
            hands[cutter].extend(kept)
            need[cutter] = max(0, need[cutter] - len(kept))
            left = len(kept)
            for j, p in enumerate(quota[cutter]):
                d = min(p, left)
                quota[cutter][j] -= d
                left -= d
        pos = 0
        for j in range(len(packets)):
            for seat in order:
                n = min(quota[seat][j], need[seat])
                hands[seat].extend(pile[pos: pos + n])
                need[seat] -= n
                pos += n
        for seat in order:  # hand sizes larger than the packets add up to (shrunken or other sizes)
            if need[seat]:
                hands[seat].extend(pile[pos: pos + need[seat]])
                pos += need[seat]
                need[seat] = 0
        return hands, list(pile[pos:])


@builtin
@attrs.frozen(field_transformer=from_spec)
class Dealer(Rule):
    """R_DEALER: who deals the first round and how the deal moves on.

    >>> Dealer().selection
    'highest_card'
    """

    rule_id: ClassVar[str] = "R_DEALER"
    kind: ClassVar[Kind] = "setup"
    selection: Literal["highest_card", "seat_zero"] = FROM_SPEC
    rotation: Literal["clockwise", "counterclockwise", "loser"] = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Choose dealers.

        >>> b = example_plan(); Dealer().contribute(b); b.dealer is not None
        True
        """
        plan.claim("dealer", self.rule_id)
        plan.dealer = self
        if self.selection == "highest_card" and len({c.rank for c in plan.deck_cards}) < 2:
            raise VariantError(gettext(
                "rule R_DEALER: selection = 'highest_card' draws for the first dealer, but every card of {deck} has "
                "the same rank: the draw always ties (use 'seat_zero')").format(deck=plan.deck))

    def first_dealer(self, players: int, cards: tuple[Card, ...], rng: int) -> tuple[int, int]:
        """The first dealer: every player draws from the shuffled pack, the highest card deals, ties draw again.

        Raises:
            VariantError: still a tie after :data:`~maumau_rules.families.maumau.plan.MAX_REDEALS` rounds (a deck of one
                rank, which the rule refuses when it is compiled, always ties).

        >>> from maumau_rules.deck import SKAT_32
        >>> Dealer(selection="seat_zero").first_dealer(3, SKAT_32.cards(), 7)
        (0, 7)
        >>> Dealer().first_dealer(2, SKAT_32.cards()[:1] * 4, 7)
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: rule R_DEALER: the draw for the first dealer still ties after 1000 rounds
        """
        if self.selection == "seat_zero":
            return 0, rng
        contenders = list(range(players))
        for _ in range(MAX_REDEALS):
            drawn, rng = _rng.shuffle(cards, rng)
            ranks = {seat: int(drawn[i].rank) for i, seat in enumerate(contenders)}
            best = max(ranks.values())
            contenders = [seat for seat, r in ranks.items() if r == best]
            if len(contenders) == 1:
                return contenders[0], rng
        raise VariantError(gettext("rule R_DEALER: the draw for the first dealer still ties after {n} rounds").format(
            n=MAX_REDEALS))

    def next_dealer(self, dealer: int, seats: tuple[int, ...], players: int, loser: int | None) -> int:
        """The next round's dealer, a match seat among ``seats`` (those still playing): the next one to the left
        or right, or the loser of the last round.

        >>> Dealer(rotation="counterclockwise").next_dealer(0, (0, 1, 2), 3, None), Dealer(rotation="loser").next_dealer(0, (0, 1, 2), 3, 1)
        (2, 1)
        """
        if self.rotation == "loser" and loser is not None and loser in seats:
            return loser
        step = -1 if self.rotation == "counterclockwise" else 1
        d = dealer
        for _ in range(players):
            d = (d + step) % players
            if d in seats:
                return d
        return seats[0]


@builtin
@attrs.frozen(field_transformer=from_spec)
class Cut(Rule):
    """R_CUT: the cut before the deal, including the power-card cuts that let the cutter keep cards.

    >>> Cut(mode="bottom_ceremony", by="left").max_kept
    3
    """

    rule_id: ClassVar[str] = "R_CUT"
    kind: ClassVar[Kind] = "setup"
    mode: Literal["none", "simple", "power_cards", "bottom_ceremony"] = FROM_SPEC
    by: Literal["right", "left"] = FROM_SPEC
    special: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)
    max_kept: int = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Cut the deck; the power-card modes need the cards they keep.

        >>> b = example_plan(); Cut().contribute(b); b.cutting is not None
        True
        >>> Cut(mode="simple", special=CardSet.parse("J")).contribute(example_plan())
        Traceback (most recent call last):
        ...
        maumau_rules.errors.VariantError: rule R_CUT: special has no effect with mode = 'simple': leave it out
        """
        plan.claim("cut", self.rule_id)
        keeps = self.mode in ("power_cards", "bottom_ceremony")
        if not keeps:
            if self.special:
                raise _no_effect(self.rule_id, "special", gettext("with mode = {mode}").format(mode=repr(self.mode)))
            if self.max_kept != 3:
                raise _no_effect(self.rule_id, "max_kept", gettext("with mode = {mode}").format(mode=repr(self.mode)))
            if self.by != "right":
                raise _no_effect(self.rule_id, "by", gettext("with mode = {mode} (the cutter keeps nothing)").format(
                    mode=repr(self.mode)))
        elif not self.special:
            raise VariantError(gettext("rule R_CUT: mode = {mode} needs the special cards the cutter may keep").format(
                mode=repr(self.mode)))

        def check(b: PlanBuilder) -> None:
            if self.mode == "bottom_ceremony" and b.dealing is not None:
                least = min(b.dealing.hand_size_for(n) for n in range(b.min_players, b.max_players + 1))
                if self.max_kept >= least:
                    raise VariantError(gettext("rule R_CUT keeps up to {n} cards, but rule R_DEAL deals only {least}").format(
                        n=self.max_kept, least=least))
            chance = self.redeal_chance(b.deck_cards)
            if chance > REDEAL_CHANCE_LIMIT:
                special = sum(1 for c in b.deck_cards if self.special.matches(c))
                how = (gettext("so the deal can never succeed") if chance >= 1 else
                       gettext("more than {limit}").format(limit=f"{REDEAL_CHANCE_LIMIT:.0%}"))
                raise VariantError(gettext(
                    "rule R_CUT: with mode = {mode}, {special} of the {n} cards of {deck} are special (special = "
                    "{cards}): the cut asks for a new deal in {chance} of deals, {how}").format(
                    mode=repr(self.mode), special=special, n=len(b.deck_cards), deck=b.deck, cards=self.special,
                    chance=f"{chance:.1%}", how=how))

        plan.add_check(check)
        if self.mode != "none":
            plan.cutting = self

    def redeal_chance(self, cards: Sequence[Card]) -> float:
        """The chance that the cut of a shuffled deck of ``cards`` asks for a new deal: ``power_cards`` when all four
        cut cards are special, ``bottom_ceremony`` when ``max_kept + 1`` special cards come up in a row (each a
        draw of distinct places in a shuffled deck). 1.0: the deal can never succeed.

        >>> from maumau_rules.deck import SKAT_32
        >>> round(Cut(mode="power_cards", special=["7", "8", "J", "A"]).redeal_chance(SKAT_32.cards()), 4)
        0.0506
        >>> Cut(mode="power_cards", special=list("789JQKA") + ["10"]).redeal_chance(SKAT_32.cards())
        1.0
        >>> Cut().redeal_chance(SKAT_32.cards())
        0.0
        """
        if self.mode == "power_cards":
            needed = 4
        elif self.mode == "bottom_ceremony":
            needed = self.max_kept + 1
        else:
            return 0.0
        n = len(cards)
        special = sum(1 for c in cards if self.special.matches(c))
        if needed > n:  # fewer places than the cut looks at: it never finds that many specials
            return 0.0
        return math.comb(special, needed) / math.comb(n, needed)

    def cut(self, pile: tuple[Card, ...], rng: int, at: int | None) -> CutResult | None:
        """Cut ``pile`` (at ``at``, or where the seed says): ``simple`` moves the cut packet under the rest;
        ``power_cards`` cuts four times and the cutter may keep special cards; ``bottom_ceremony`` pulls cards from
        the bottom of the cut packet, keeps specials, and the first plain card starts the pile. ``None``: one
        special card too many, a redeal.

        >>> from maumau_rules.cards import parse_cards
        >>> Cut().cut(parse_cards("7h 8h 9h"), 0, 0).pile
        (Card.parse('8♥'), Card.parse('9♥'), Card.parse('7♥'))
        """
        cards = list(pile)
        kept: list[Card] = []
        start: Card | None = None
        if self.mode == "simple":
            if at is None:
                k, rng = _rng.randbelow(len(cards) - 1, rng)
            else:
                k = at
            cards = cards[k + 1:] + cards[: k + 1]
        elif self.mode == "power_cards":
            exposed: list[int] = []
            for i in range(min(4, len(cards))):
                if at is None:
                    k, rng = _rng.randbelow(len(cards), rng)
                else:
                    k = (at + i * 7) % len(cards)
                while k in exposed:
                    k = (k + 1) % len(cards)
                exposed.append(k)
            specials = [i for i in exposed if self.special.matches(cards[i])]
            if len(specials) == 4:
                return None
            keep = specials[: self.max_kept]
            kept = [cards[i] for i in keep]
            cards = [c for i, c in enumerate(cards) if i not in keep]
        elif self.mode == "bottom_ceremony":
            if at is None:
                k, rng = _rng.randbelow(len(cards) - 1, rng)
            else:
                k = at
            i = k  # the cut packet is cards[: k + 1]; its bottom card is cards[k]
            while True:
                card = cards[i]
                if self.special.matches(card):
                    if len(kept) == self.max_kept:
                        return None
                    kept.append(card)
                    i = (i - 1) % len(cards)
                    continue
                start = card
                break
            taken = {i, *[(k - j) % len(cards) for j in range(len(kept))]}
            cards = [c for j, c in enumerate(cards) if j not in taken]
        return CutResult(pile=tuple(cards), kept=tuple(kept), start=start, rng=rng)


@builtin
@attrs.frozen(field_transformer=from_spec)
class TurnOrder(Rule):
    """R_TURN_ORDER: the initial direction of play and the first player.

    >>> TurnOrder(direction="counterclockwise", first_player="right_of_dealer").step
    -1
    """

    rule_id: ClassVar[str] = "R_TURN_ORDER"
    kind: ClassVar[Kind] = "turn"
    direction: Literal["clockwise", "counterclockwise"] = FROM_SPEC
    first_player: Literal["left_of_dealer", "right_of_dealer", "previous_winner"] = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Set the direction and the first player.

        >>> b = example_plan(); TurnOrder().contribute(b); b.turn_order.step
        1
        """
        plan.claim("turn_order", self.rule_id)
        plan.turn_order = self

    @property
    def step(self) -> int:
        """+1 clockwise (to the left), -1 counter-clockwise.

        >>> TurnOrder().step
        1
        """
        return 1 if self.direction == "clockwise" else -1

    @property
    def winner_starts(self) -> bool:
        """Whether the previous round's winner plays first (in a match).

        >>> TurnOrder(first_player="previous_winner").winner_starts
        True
        """
        return self.first_player == "previous_winner"

    def first(self, dealer: int, players: int) -> int:
        """The seat that plays first (the previous winner's seat is the match's business; here: the dealer's left).

        >>> TurnOrder(first_player="right_of_dealer").first(0, 4)
        3
        """
        return (dealer - 1) % players if self.first_player == "right_of_dealer" else (dealer + 1) % players


@builtin
@attrs.frozen(field_transformer=from_spec)
class StartCard(Rule):
    """R_START_CARD: what the first card turned up does to the first player.

    >>> StartCard().effects, str(StartCard(rebury="8").rebury)
    (True, '8')
    """

    rule_id: ClassVar[str] = "R_START_CARD"
    kind: ClassVar[Kind] = "setup"
    effects: bool = FROM_SPEC
    wild_allows_same: bool = FROM_SPEC
    rebury: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)

    def contribute(self, plan: PlanBuilder) -> None:
        """The start card's policy; a wild start card may allow a wild of its rank on the first move.

        >>> b = example_plan(); StartCard().contribute(b); b.start_card.effects
        True
        """
        plan.claim("start_card", self.rule_id)
        plan.start_card = self
        if self.wild_allows_same:
            def same_rank_wilds(lead: Lead, allowed: int, masks: Masks) -> int:
                if lead.first_turn:
                    return allowed | (plan.wild_mask & plan.masks.rank(lead.top.rank))
                return allowed

            plan.legality(self.rule_id, same_rank_wilds, order=20)

    def turn_up(self, rest: list[Card]) -> Card:
        """Turn up the start card from the end of ``rest``; a rebury card goes back under it and the next is turned.

        >>> from maumau_rules.cards import parse_cards
        >>> rest = list(parse_cards("7h 8c")); StartCard(rebury="8").turn_up(rest), rest
        (Card.parse('7♥'), [Card.parse('8♣')])
        """
        start = rest.pop()
        for _ in range(len(rest)):
            if not self.rebury.matches(start):
                break
            rest.insert(0, start)
            start = rest.pop()
        return start


# ---------------------------------------------------------------- legality


@builtin
@attrs.frozen(field_transformer=from_spec)
class Matching(Rule):
    """R_MATCH: a card may be played if it matches the top card in suit or rank (or the wished suit).

    >>> Matching().rule_id
    'R_MATCH'
    """

    rule_id: ClassVar[str] = "R_MATCH"
    kind: ClassVar[Kind] = "legality"

    def contribute(self, plan: PlanBuilder) -> None:
        """Add the matching cards to every lead.

        >>> b = example_plan(); Matching().contribute(b); b.legality_hooks[0][2]
        'R_MATCH'
        """
        plan.claim("matching", self.rule_id)
        plan.legality(self.rule_id, self.playable, order=0, why_not=self.why_not)

    @staticmethod
    def playable(lead: Lead, allowed: int, masks: Masks) -> int:
        """The cards of the lead's suit or rank (every card when the lead is free).

        >>> from maumau_rules import find_variant, Card
        >>> from maumau_rules.families.maumau.plan import Lead
        >>> m = find_variant("standard").plan.masks
        >>> len(m.cards(Matching.playable(Lead.follow(Card.parse("9h")), 0, m)))
        11
        """
        if lead.free:
            return allowed | masks.all
        return allowed | masks.suit(lead.suit) | masks.rank(lead.rank)

    @staticmethod
    def why_not(card: Card, lead: Lead) -> Rejection | None:
        """The card follows neither the suit nor the rank (or not the wished suit).

        >>> from maumau_rules import Card
        >>> Matching.why_not(Card.parse("8c"), Lead.follow(Card.parse("9h"))).message
        '8♣ matches neither the suit nor the rank of 9♥'
        """
        if lead.free or card.suit is lead.suit or (lead.rank is not None and card.rank is lead.rank):
            return None
        if lead.wished:
            assert lead.suit is not None
            return Rejection(Reason.MUST_FOLLOW_WISH, f"{card} does not follow the wished suit {lead.suit.symbol}",
                             lead.wished_by)
        return Rejection(Reason.DOES_NOT_MATCH, f"{card} matches neither the suit nor the rank of {lead.top}")


@builtin
@attrs.frozen(field_transformer=from_spec)
class Wild(Rule):
    """R_WILD: wild cards, playable on any card, that (usually) name the suit to follow.

    >>> Wild(wilds=(WildSpec(cards=CardSet.parse("J")),)).on_same
    False
    """

    rule_id: ClassVar[str] = "R_WILD"
    kind: ClassVar[Kind] = "legality"
    wilds: tuple[WildSpec, ...] = attrs.field(default=FROM_SPEC, converter=as_tuple)
    on_same: bool = FROM_SPEC
    on_pending_draw: bool = FROM_SPEC
    blocked_after: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)
    may_wish_own_suit: bool = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Mark the wilds, give each its wish (or free follow), and place them in legality.

        >>> b = example_plan(); Wild().contribute(b); [e.describe(Card.parse("Jc")) for e in b.effects[Card.parse("Jc")]]
        ['its player wishes a suit']
        """
        plan.claim("wild", self.rule_id)
        owner: dict[Card, int] = {}
        for i, spec in enumerate(self.wilds, 1):
            for card in plan.select(spec.cards):
                if card in owner:
                    raise VariantError(gettext(
                        "rule {rule}: wild entries {first} ({first_cards}) and {second} ({second_cards}) both claim "
                        "{card}").format(rule=self.rule_id, first=owner[card],
                                         first_cards=self.wilds[owner[card] - 1].cards, second=i,
                                         second_cards=spec.cards, card=card))
                owner[card] = i
            plan.mark_wild(self.rule_id, spec.cards)
            if spec.wish:
                plan.on_play(self.rule_id, spec.cards, WishSuit(own_suit=self.may_wish_own_suit))
            else:
                plan.on_play(self.rule_id, spec.cards, FollowAny())
        if not self.may_wish_own_suit and not any(w.wish for w in self.wilds):
            raise _no_effect(self.rule_id, "may_wish_own_suit = false", gettext("when no wild names a suit"))
        blocked = plan.masks.of(plan.select(self.blocked_after))
        wilds = plan.wild_mask
        masks = plan.masks

        def playable(lead: Lead, allowed: int, _: Masks) -> int:
            top = lead.top
            ok = wilds
            if masks.has(wilds, top) and not self.on_same and not lead.first_turn:
                ok &= ~masks.rank(top.rank)
            if lead.fresh and masks.has(blocked, top):
                ok = 0
            return (allowed & ~wilds) | ok

        def why_not(card: Card, lead: Lead) -> Rejection | None:
            if not masks.has(wilds, card):
                return None
            top = lead.top
            if masks.has(wilds, top) and top.rank is card.rank and not self.on_same and not lead.first_turn:
                return Rejection(Reason.WILD_ON_WILD, f"{card} may not be played on {top}: no wild on a wild of the "
                                                      "same rank")
            if lead.fresh and masks.has(blocked, top):
                return Rejection(Reason.WILD_BLOCKED, f"{card} may not be played on the {top} the previous player just "
                                                      "played")
            return None

        plan.legality(self.rule_id, playable, order=10, why_not=why_not)
        if self.on_pending_draw:
            plan.answer_pending_draw(self.rule_id, lambda top: wilds)


@builtin
@attrs.frozen(field_transformer=from_spec)
class FinishRestriction(Rule):
    """R_NO_FINISH: cards that may not be played as the last card (the player must draw instead).

    >>> str(FinishRestriction(cards=CardSet.parse("J")).cards)
    'J'
    """

    rule_id: ClassVar[str] = "R_NO_FINISH"
    kind: ClassVar[Kind] = "end"
    cards: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)

    def contribute(self, plan: PlanBuilder) -> None:
        """Forbid the cards as a last card.

        >>> b = example_plan(); FinishRestriction().contribute(b); b.no_finish_mask > 0
        True
        """
        plan.claim("no_finish", self.rule_id)
        plan.forbid_finish(self.rule_id, plan.masks.of(plan.select(self.cards)))


# ---------------------------------------------------------------- effects


@builtin
@attrs.frozen(field_transformer=from_spec)
class DrawPenalty(Rule):
    """R_DRAW_PENALTY: cards that make another player draw; stacking passes the total on.

    >>> DrawPenalty().penalties[0].amount, DrawPenalty().ends_turn
    (2, True)
    """

    rule_id: ClassVar[str] = "R_DRAW_PENALTY"
    kind: ClassVar[Kind] = "effect"
    penalties: tuple[PenaltySpec, ...] = attrs.field(default=FROM_SPEC, converter=as_tuple)
    stacking: bool = FROM_SPEC
    ends_turn: bool = FROM_SPEC
    cancel: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach the penalties to their cards, and say how a pending penalty is answered and taken.

        >>> b = example_plan(); DrawPenalty().contribute(b); b.effects[Card.parse("7h")][0].amount
        2
        """
        plan.claim("draw_penalty", self.rule_id)
        deck = f"{plan.deck} deck ({len(plan.deck_cards)} cards)"
        group_of: dict[Card, str] = {}
        stackable = 0
        skip_cards: set[Card] = set()
        for spec in self.penalties:
            cards = plan.select(spec.cards)
            for card in cards:
                if card in group_of:
                    raise VariantError(gettext("rule {rule}: two penalty entries claim {card}").format(
                        rule=self.rule_id, card=card))
                if spec.amount > len(plan.deck_cards):
                    raise VariantError(gettext(
                        "rule {rule} conflicts with the {deck}: {card} makes a player draw {n} cards, more than the "
                        "whole deck").format(rule=self.rule_id, deck=deck, card=card, n=spec.amount))
                group_of[card] = spec.group
            if spec.defendable:
                plan.on_play(self.rule_id, cards, PendingDraw(amount=spec.amount, stackable=self.stacking))
                if self.stacking:
                    stackable |= plan.masks.of(cards)
            else:
                plan.on_play(self.rule_id, cards, DrawCards(amount=spec.amount, who=spec.target))
            if spec.target == "previous" and spec.defendable:
                raise VariantError(gettext(
                    "rule {rule}: target = 'previous' needs defendable = false ({cards}): a pending penalty always "
                    "faces the next player").format(rule=self.rule_id, cards=spec.cards))
            if spec.skip:
                if not spec.defendable:
                    raise _no_effect(self.rule_id, f"skip ({spec.cards})", gettext("with defendable = false (nobody takes it)"))
                skip_cards.update(cards)
        if self.cancel:
            plan.on_play(self.rule_id, self.cancel, CancelDraw())
        masks = plan.masks
        stack_of = {top: (sum(masks.unit[c] for c, g in group_of.items() if g == group_of[top] and masks.has(stackable, c))
                          if masks.has(stackable, top) else 0) for top in group_of}
        plan.answer_pending_draw(self.rule_id, lambda top: stack_of.get(top, 0),
                                 cancels=masks.of(plan.select(self.cancel)))
        plan.penalty_ends_turn = self.ends_turn
        plan.penalty_skip_cards = frozenset(skip_cards)

        def check(b: PlanBuilder) -> None:
            passable = b.skip_answers
            both = [c for c in b.cards if c in group_of and masks.has(passable, c) and masks.has(stackable, c)]
            if both:
                raise VariantError(gettext(
                    "rules R_DRAW_PENALTY and R_SKIP conflict: {card} would leave both a pending draw and a pending "
                    "skip").format(card=both[0]))

        plan.add_check(check)


@builtin
@attrs.frozen(field_transformer=from_spec)
class Skip(Rule):
    """R_SKIP: cards that make the next player miss a turn; each card in a series skips one more.

    >>> Skip().passable
    False
    """

    rule_id: ClassVar[str] = "R_SKIP"
    kind: ClassVar[Kind] = "effect"
    cards: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)
    passable: bool = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach the skip to its cards; a passable skip is answered with another skip card.

        >>> b = example_plan(); Skip().contribute(b); b.effects[Card.parse("8h")][0].passable
        False
        """
        plan.claim("skip", self.rule_id)
        plan.on_play(self.rule_id, self.cards, SkipNext(passable=self.passable))
        if self.passable:
            plan.answer_pending_skip(self.rule_id, plan.masks.of(plan.select(self.cards)))


@builtin
@attrs.frozen(field_transformer=from_spec)
class Reverse(Rule):
    """R_REVERSE: cards that reverse the direction of play.

    >>> Reverse(cards=CardSet.parse("9")).two_player
    'no_effect'
    """

    rule_id: ClassVar[str] = "R_REVERSE"
    kind: ClassVar[Kind] = "effect"
    cards: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)
    two_player: Literal["no_effect", "play_again"] = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach the reversal to its cards.

        >>> b = example_plan(); Reverse(two_player="play_again").contribute(b)
        >>> b.effects[Card.parse("Ah")][0].two_player_again
        True
        """
        plan.claim("reverse", self.rule_id)
        if self.two_player == "play_again" and plan.max_players < 2:
            raise _no_effect(self.rule_id, "two_player", gettext("without two-player games"))
        plan.on_play(self.rule_id, self.cards, ReverseDirection(two_player_again=self.two_player == "play_again"))


@builtin
@attrs.frozen(field_transformer=from_spec)
class DrawUntilSuit(Rule):
    """R_DRAW_UNTIL_SUIT: the next player must play a card of this card's suit, or draw until he gets one.

    The regional Mau King 2♦ (MK-SPEC-1): the card demands its own suit like a wish; a player under
    the demand who draws keeps drawing, one card at a time, until he draws a card of that suit (or
    nothing is left), and may then play it.

    >>> str(DrawUntilSuit().cards)
    '2♦'
    """

    rule_id: ClassVar[str] = "R_DRAW_UNTIL_SUIT"
    kind: ClassVar[Kind] = "effect"
    cards: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach the demand; a player under it keeps drawing until the suit comes.

        >>> b = example_plan(); DrawUntilSuit(cards="7d").contribute(b); len(b.draw_more)
        1
        """
        plan.claim("draw_until_suit", self.rule_id)
        if any(c.is_joker for c in self.cards.cards) or Rank.JOKER in self.cards.ranks:
            raise VariantError(gettext("rule {rule}: a Joker has no suit to demand").format(rule=self.rule_id))
        demanding = frozenset(plan.select(self.cards))
        plan.on_play(self.rule_id, demanding, DemandSuit())

        def check(b: PlanBuilder) -> None:
            for card in sorted(demanding, key=lambda c: c.sort_key):
                wisher = next((e for e in b.effects[card] if isinstance(e, WishSuit)), None)
                if wisher is not None:
                    raise VariantError(gettext(
                        "rules {first} and {second} conflict: {card} would both name a suit and demand its own").format(
                        first=wisher.rule_id, second=self.rule_id, card=card))

        plan.add_check(check)

        def more(state: GameState, card: Card) -> bool:
            return state.fresh and state.discard[-1] in demanding and card.suit is not state.wished_suit

        plan.keep_drawing(self.rule_id, more)


@builtin
@attrs.frozen(field_transformer=from_spec)
class PlayAgain(Rule):
    """R_PLAY_AGAIN: after these cards the same player takes another turn; played as his last card, he must draw
    and play on (``last_card="draw"``, so they can never finish) or he wins (``"wins"``).

    >>> str(PlayAgain().cards), PlayAgain().last_card
    ('A', 'draw')
    """

    rule_id: ClassVar[str] = "R_PLAY_AGAIN"
    kind: ClassVar[Kind] = "effect"
    cards: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)
    last_card: Literal["draw", "wins"] = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Attach another turn to the cards; played as the last card, the player must draw (no win), unless
        ``last_card`` is ``"wins"``.

        >>> b = example_plan(); PlayAgain().contribute(b); len(b.finish_checks)
        1
        >>> b = example_plan(); PlayAgain(last_card="wins").contribute(b); len(b.finish_checks)
        0
        """
        plan.claim("play_again", self.rule_id)
        again = frozenset(plan.select(self.cards))
        plan.on_play(self.rule_id, again, AnotherTurn())

        def no_win(t: Turn, state: GameState, card: Card, before: int) -> bool:
            from .state import Phase

            if card not in again:
                return False
            t.phase = Phase.PLAY  # an empty hand must draw: no win
            t.turn_plays = ()
            return True

        if self.last_card == "draw":
            plan.on_finish(self.rule_id, no_win, order=10)

        def check(b: PlanBuilder) -> None:
            for card in b.cards:
                if card in again:
                    for e in b.effects[card]:
                        if isinstance(e, SkipNext | ReverseDirection):
                            raise VariantError(gettext("rules R_PLAY_AGAIN and {rule} conflict: both claim {card}").format(
                                rule=e.rule_id, card=card))

        plan.add_check(check)


@builtin
@attrs.frozen(field_transformer=from_spec)
class Series(Rule):
    """R_SERIES: after playing a card, the player may add more cards of the same rank in the same turn.

    >>> from maumau_rules.cards import FRENCH_RANKS
    >>> Series().cards.ranks == frozenset({Rank.JOKER, *FRENCH_RANKS})  # every rank of the French pack
    True
    """

    rule_id: ClassVar[str] = "R_SERIES"
    kind: ClassVar[Kind] = "turn"
    cards: CardSet = attrs.field(default=FROM_SPEC, converter=cardset)

    def contribute(self, plan: PlanBuilder) -> None:
        """After a series card, the player may go on with series cards of the same rank.

        >>> b = example_plan(); Series().contribute(b); len(b.series_hooks)
        1
        """
        plan.claim("series", self.rule_id)
        series = plan.masks.of(plan.select(self.cards))

        def follows(p: Plan, first: Card, top: Card, present: int) -> int:
            return p.rank_mask[first.rank] & series

        plan.series(self.rule_id, series, follows)


@builtin
@attrs.frozen(field_transformer=from_spec)
class WildFinishSeries(Rule):
    """R_WILD_FINISH_SERIES: a player holding only wilds may throw them all at once to finish (Mau King).

    >>> WildFinishSeries().rule_id, WildFinishSeries().opens
    ('R_WILD_FINISH_SERIES', 'always')
    """

    rule_id: ClassVar[str] = "R_WILD_FINISH_SERIES"
    kind: ClassVar[Kind] = "end"
    opens: Literal["always", "after_call"] = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """After a wild, a player holding only wilds of its rank may go on playing them; the series phase opens
        after every wild that leaves him cards (``always``), or only while his standing call is the Jack word
        (``after_call``), and he ends it with a pass.

        >>> b = example_plan(); WildFinishSeries().contribute(b); len(b.checks)
        1
        """
        plan.claim("wild_finish_series", self.rule_id)
        after_call = self.opens == "after_call"

        def follows(p: Plan, first: Card, top: Card, present: int) -> int:
            same = p.rank_mask[first.rank]
            return same & p.wild_mask if not present & ~same else 0

        def called(call: Call | None) -> bool:
            return call is Call.MAU_MAU

        def check(b: PlanBuilder) -> None:
            if not b.wild_mask:
                raise _no_effect(self.rule_id, gettext("the rule"), gettext("without wild cards (R_WILD)"))
            if after_call and (b.announcer is None or not b.announcer.jack_call):
                raise _no_effect(self.rule_id, "opens = 'after_call'", gettext("without a jack_word (R_ANNOUNCE)"))
            b.series(self.rule_id, b.wild_mask, follows, called if after_call else None)

        plan.add_check(check)


@builtin
@attrs.frozen(field_transformer=from_spec)
class DrawRule(Rule):
    """R_DRAW: when a player may draw, and what may follow a draw.

    >>> DrawRule().after_draw, DrawRule().until_playable
    ('drawn_only', False)
    """

    rule_id: ClassVar[str] = "R_DRAW"
    kind: ClassVar[Kind] = "turn"
    voluntary: bool = FROM_SPEC
    after_draw: Literal["drawn_only", "any", "none"] = FROM_SPEC
    pass_without_draw: bool = FROM_SPEC
    until_playable: bool = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Set the draw policy.

        >>> b = example_plan(); DrawRule().contribute(b); b.draw_policy.after_draw
        'drawn_only'
        """
        if self.until_playable and self.after_draw == "none":
            raise VariantError(gettext("rule R_DRAW: until_playable = true needs a drawn card that may be played "
                                       "(after_draw = 'none' forbids it)"))
        plan.set_draw_policy(self.rule_id, DrawPolicy(voluntary=self.voluntary, after_draw=self.after_draw,
                                                      pass_without_draw=self.pass_without_draw,
                                                      until_playable=self.until_playable))


@builtin
@attrs.frozen(field_transformer=from_spec)
class FinalCardEffects(Rule):
    """R_FINAL_CARD_EFFECTS: a draw penalty played as the last card is still drawn (it counts in scoring).

    >>> FinalCardEffects().rule_id
    'R_FINAL_CARD_EFFECTS'
    """

    rule_id: ClassVar[str] = "R_FINAL_CARD_EFFECTS"
    kind: ClassVar[Kind] = "end"

    def contribute(self, plan: PlanBuilder) -> None:
        """When a player goes out on a pending penalty, the next player (after skips) draws it.

        >>> b = example_plan(); FinalCardEffects().contribute(b); len(b.round_end_hooks)
        1
        """
        plan.claim("final_effects", self.rule_id)

        def final(t: Turn) -> None:
            if t.pending_draw:
                skips = sum(1 for c in t.turn_plays for e in t.plan.passing[c] if isinstance(e, SkipNext))
                t.draw(t.next_seat(1 + skips), t.pending_draw)

        plan.on_round_end(self.rule_id, final)


@builtin
@attrs.frozen(field_transformer=from_spec)
class Reshuffle(Rule):
    """R_RESHUFFLE: when the stock runs out, the discard pile except its top card becomes the new stock.

    >>> Reshuffle().rule_id
    'R_RESHUFFLE'
    """

    rule_id: ClassVar[str] = "R_RESHUFFLE"
    kind: ClassVar[Kind] = "turn"

    def contribute(self, plan: PlanBuilder) -> None:
        """Reshuffle when the stock runs out.

        >>> b = example_plan(); Reshuffle().contribute(b); b.reshuffle
        True
        """
        plan.claim("reshuffle", self.rule_id)
        plan.reshuffle = True


@builtin
@attrs.frozen(field_transformer=from_spec)
class WrongCard(Rule):
    """R_WRONG_CARD: what happens to a wrong card (one that does not fit, is forbidden there, or may not be the
    last card): rejected, or the table penalty.

    >>> WrongCard().mode
    'reject'
    """

    rule_id: ClassVar[str] = "R_WRONG_CARD"
    kind: ClassVar[Kind] = "legality"
    mode: Literal["reject", "penalize"] = FROM_SPEC
    penalty: int = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """In ``penalize`` mode a wrong card costs the table penalty instead of being refused.

        >>> b = example_plan(); WrongCard(mode="penalize").contribute(b); b.wrong_card is not None
        True
        """
        plan.claim("wrong_card", self.rule_id)
        if self.mode == "reject":
            if self.penalty != 1:
                raise _no_effect(self.rule_id, "penalty", gettext("with mode = 'reject' (the card is refused)"))
            return
        plan.wrong_card = self.penalize

    def penalize(self, t: Turn) -> None:
        """The card goes back to the hand, the player draws ``penalty`` cards (and any pending penalty), and the
        turn passes on.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> t = Turn.scratch(new_game("standard-table", players=2, seed=1)); WrongCard(mode="penalize").penalize(t)
        >>> len(t.hand(t.seat)) - len(new_game("standard-table", players=2, seed=1).hands[t.seat])
        1
        """
        from .state import Phase

        seat = t.seat
        t.draw(seat, self.penalty)
        t.fresh = False
        t.passes = 0
        if t.pending_draw:  # the pending penalty is not answered by a wrong card: it is drawn too
            t.draw(seat, t.pending_draw)
            t.cancel_pending_draw()
        t.pending_skip = 0
        t.phase = Phase.PLAY
        t.seat_to_act = t.next_seat(1)


# ---------------------------------------------------------------- announcements

_CALL_WORDS: Final = {Call.MAU: 0, Call.MAU_MAU: 1}


@builtin
@attrs.frozen(field_transformer=from_spec)
class Announcement(Rule):
    """R_ANNOUNCE: the last-card call ("Mau", "Zadnja", ...), the Jack-finish call, and their penalties.

    >>> Announcement().word, Announcement().penalty, Announcement().window
    ('Mau', 2, 'next_player')
    """

    rule_id: ClassVar[str] = "R_ANNOUNCE"
    kind: ClassVar[Kind] = "announcement"
    word: str = FROM_SPEC
    jack_word: str = FROM_SPEC
    final_word: str = FROM_SPEC
    penalty: int = FROM_SPEC
    enforcement: Literal["callout", "automatic"] = FROM_SPEC
    lapses_on_draw: bool = FROM_SPEC
    unannounced_finish: Literal["allowed", "penalty", "jack_penalty"] = FROM_SPEC
    multi_jack: bool = FROM_SPEC
    window: Literal["next_player", "until_own_turn"] = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Calls are due, made, missed and called out.

        >>> b = example_plan(); Announcement().contribute(b); b.announcer.call_mode
        1
        """
        plan.claim("announce", self.rule_id)
        if self.multi_jack and not self.jack_word:
            raise _no_effect(self.rule_id, "multi_jack", gettext("without a jack_word"))
        if self.enforcement == "automatic" and self.window != "next_player":
            raise _no_effect(self.rule_id, "window", gettext("with enforcement = 'automatic' (nobody calls out)"))
        if not self.word:
            raise VariantError(gettext("rule R_ANNOUNCE: word must not be empty"))
        if self.penalty < 1 and self.judges_finish:
            raise VariantError(gettext(
                "rule R_ANNOUNCE: penalty {penalty} must be at least 1 where a finish is judged (a finisher caught "
                "without the call would stay in the round with no cards)").format(penalty=repr(self.penalty)))
        plan.announcer = self
        plan.on_finish(self.rule_id, self._finish_check, order=20)

    @property
    def window_until_own_turn(self) -> bool:
        """A missed call can be called out until the offender moves again.

        >>> Announcement(window="until_own_turn").window_until_own_turn
        True
        """
        return self.window == "until_own_turn"

    @property
    def call_mode(self) -> int:
        """When a call can be due: 1 with one card left; 2 also when only Jacks would be left.

        >>> Announcement(jack_word="Mau Mau", multi_jack=True).call_mode
        2
        """
        return 2 if self.multi_jack and self.jack_word else 1

    @property
    def jack_call(self) -> bool:
        """Whether a separate call is due when the last card is a Jack (``Call.MAU_MAU``).

        >>> Announcement(jack_word="Mau-Mau").jack_call, Announcement().jack_call
        (True, False)
        """
        return bool(self.jack_word)

    @property
    def words(self) -> tuple[str, str]:
        """The words of ``Call.MAU`` and ``Call.MAU_MAU``.

        >>> Announcement().words
        ('Mau', 'Mau-Mau')
        """
        return self.word, self.jack_word or "Mau-Mau"

    def due(self, plan: Plan, hm: int, card: Card, n: int) -> int:
        """The call due when ``card`` is played from the hand ``hm`` of ``n`` cards: 0 none, 1 ``MAU``,
        2 ``MAU_MAU``.

        >>> from maumau_rules import find_variant, Card
        >>> plan = find_variant("standard").plan
        >>> hm = plan.unit[Card.parse("7h")] + plan.unit[Card.parse("8h")]
        >>> Announcement().due(plan, hm, Card.parse("7h"), 2)
        1
        """
        if n < 2:
            return 0
        if n == 2:  # one card is left
            return 2 if self.jack_word and _present(plan, hm - plan.unit[card]) & _wishes(plan) else 1
        if self.multi_jack and self.jack_word:
            rest = _present(plan, hm - plan.unit[card])
            first = handmask.ORDER[((rest & -rest).bit_length() - 1) // plan.width]
            if _wishes(plan) & plan.unit[first] and not rest & ~plan.rank_mask[first.rank]:
                return 2
        return 0

    @property
    def judges_finish(self) -> bool:
        """Whether the standing call is judged when its player goes out: a wrong word shows then (a ``jack_word``),
        or the variant checks every finish (``unannounced_finish``).

        >>> Announcement().judges_finish, Announcement(jack_word="Mau-Mau").judges_finish
        (False, True)
        """
        return bool(self.jack_word) or self.unannounced_finish != "allowed"

    def seen_mistake(self, n: int, call: Call | None) -> bool:
        """Whether a play from a hand of ``n`` cards saying ``call`` is a mistake the table sees at once: nothing
        said with the play that leaves one card (a call is due whatever that card is), or ``word`` with a play that
        leaves more (it is right only for one card left). Whether the other word is right depends on the cards kept,
        which nobody else sees: that is judged when they are shown, at the finish (:meth:`_finish_check`).

        >>> a = Announcement(jack_word="Mau Mau", multi_jack=True)
        >>> a.seen_mistake(2, None), a.seen_mistake(2, Call.MAU), a.seen_mistake(3, None), a.seen_mistake(3, Call.MAU)
        (True, False, False, True)
        """
        return call is None if n == 2 else n > 2 and call is Call.MAU

    def on_play(self, t: Turn, plan: Plan, before: int, card: Card, call: Call | None) -> None:
        """Record the call made with a play. Where the standing call is judged when he goes out
        (:attr:`judges_finish`), the word said with the play that leaves one card, nothing included, replaces it. A mistake the table sees (:meth:`seen_mistake`) is penalised at once
        (``automatic``) or opens a call-out window (``callout``); a wrong word waits until the card is shown.

        >>> from maumau_rules import new_game, Card
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> s = new_game("standard", players=2, seed=1); t = Turn.scratch(s)
        >>> Announcement().on_play(t, s.variant.plan, 0, Card.parse("7h"), Call.MAU); t.announced[t.seat]
        <Call.MAU: 'mau'>
        """
        n = _size(plan, before)
        if call is not None or (n == 2 and self.judges_finish):
            t.set_call(t.seat, call)
        if self.seen_mistake(n, call) and self.due(plan, before, card, n):
            self.mistake(t, t.seat)

    def mistake(self, t: Turn, seat: int) -> None:
        """``seat`` missed a call that was due (or said the wrong word): he draws the penalty at once
        (``automatic``), or his window for a call-out opens (``callout``).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); Announcement().mistake(t, 1); t.missed_calls
        (1,)
        """
        if self.enforcement == "automatic":
            t.draw(seat, self.penalty)
        elif seat not in t.missed_calls:
            t.missed_calls = (*t.missed_calls, seat)

    def close_window(self, t: Turn, seat: int, move: Move) -> None:
        """A move of ``seat`` that is not a call-out closes windows: with ``next_player`` the windows of every
        other seat (the next player has acted; after a play-again card the offender's own moves keep his window
        open), with ``until_own_turn`` the mover's own window.

        >>> from maumau_rules import new_game, Draw
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.missed_calls = (1,)
        >>> Announcement().close_window(t, 0, Draw()); t.missed_calls
        ()
        """
        if isinstance(move, CallOut) or not t.missed_calls:
            return
        if self.window == "until_own_turn":
            t.missed_calls = tuple(s for s in t.missed_calls if s != seat)
        else:
            t.missed_calls = (seat,) if seat in t.missed_calls else ()

    def call_out(self, t: Turn, seat: int) -> None:
        """``seat`` is called out: he draws the penalty, and his window closes.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.missed_calls = (1,)
        >>> Announcement().call_out(t, 1); t.missed_calls, len(t.hand(1))
        ((), 8)
        """
        t.draw(seat, self.penalty)
        t.missed_calls = tuple(s for s in t.missed_calls if s != seat)

    def _finish_check(self, t: Turn, state: GameState, card: Card, before: int) -> bool:
        """Going out without the call the variant needs (MK-ANN-4, GR-MAU-5): with ``automatic`` enforcement the
        card stays, the player draws and play goes on; with ``callout`` the round waits in phase ``FINISHING`` for
        the others to call him out or let the win stand.

        The last card is shown now, so a wrong word said for it (``word`` for a Jack, ``jack_word`` for another
        card) is judged here in every variant with a ``jack_word``, whatever ``unannounced_finish`` says: the table
        could not tell it was wrong when it was said."""
        plan = t.plan
        jack_finish = bool(before) and not _present(plan, before) & ~_wishes(plan)
        seat = t.seat
        call = state.announced[seat]
        right = Call.MAU_MAU if jack_finish and self.jack_word else Call.MAU
        if not (self.jack_word and call is not None and call is not right):  # no wrong word shown now
            if self.unannounced_finish == "allowed":
                return False
            if self.unannounced_finish == "jack_penalty" and not jack_finish:
                return False
            # the call of an earlier card of this same series counts
            if (bool(state.turn_plays) if call is None else call is right):
                return False
        from .state import Phase

        if self.enforcement == "callout":
            t.phase = Phase.FINISHING
            t.seat_to_act = t.next_seat()
            return True
        self.caught_finishing(t, seat)
        return True

    def caught_finishing(self, t: Turn, seat: int) -> None:
        """``seat`` went out without the right call and is caught ("nisi najavio"): the card stays on the pile, he
        draws the penalty, and the turn passes on from him after the cards he played.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> t = Turn.scratch(new_game("greek-150", players=2, seed=1)); t.turn_plays = ()
        >>> Announcement(penalty=2).caught_finishing(t, t.seat); len(t.hand(t.seat)), t.seat_to_act != t.seat
        (7, True)
        """
        from .turn import end_turn

        t.draw(seat, self.penalty)
        t.seat = seat
        end_turn(t)

    def at_finish(self, t: Turn) -> None:
        """The word said with the last card, when the variant has one.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.families.maumau.turn import Turn
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1))
        >>> Announcement(final_word="Mau-Mau").at_finish(t); t.announced[t.seat]
        <Call.MAU_MAU: 'maumau'>
        """
        if self.final_word:
            t.set_call(t.seat, Call.MAU_MAU)

    def word_of(self, call: Call | None) -> str:
        """The word of a call in this variant.

        >>> Announcement(word="Zadnja", jack_word="Mau Mau").word_of(Call.MAU_MAU)
        'Mau Mau'
        """
        if call is None:
            return "nothing"
        return self.words[_CALL_WORDS[call]]


_DUE_CALLS: Final = (None, Call.MAU, Call.MAU_MAU)
"""The call due, by :meth:`Announcement.due`'s code."""


def _present(plan: Plan, hm: int) -> int:
    return hm if plan.width == 1 else handmask.presence(hm, plan.width, plan.low)


def _size(plan: Plan, hm: int) -> int:
    return hm.bit_count() if plan.width == 1 else handmask.hand_size(hm, plan.width, plan.low)


def _wishes(plan: Plan) -> int:
    return plan.wishes_mask


# ---------------------------------------------------------------- end of round


@builtin
@attrs.frozen(field_transformer=from_spec)
class BlockedEnd(Rule):
    """R_BLOCKED_END: when nothing can be drawn, a player who cannot play passes; a full round of passes ends it,
    and the player with the fewest cards wins (a tie for fewest: no winner).

    >>> BlockedEnd().rule_id
    'R_BLOCKED_END'
    """

    rule_id: ClassVar[str] = "R_BLOCKED_END"
    kind: ClassVar[Kind] = "end"
    pass_with_playable: bool = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """A full round of passes with nothing to draw ends the round (the fewest cards win).

        >>> b = example_plan(); BlockedEnd().contribute(b); b.blocked_end, b.pass_with_playable
        (True, False)
        """
        plan.claim("blocked_end", self.rule_id)
        plan.blocked_end = True
        plan.pass_with_playable = self.pass_with_playable


@builtin
@attrs.frozen(field_transformer=from_spec)
class TurnLimit(Rule):
    """R_TURN_LIMIT: a round ends after ``max_moves`` moves; fewest cards wins (a tie has no winner).

    Plain Mau-Mau can cycle forever; this bound makes every round end.

    >>> TurnLimit().max_moves
    1000
    """

    rule_id: ClassVar[str] = "R_TURN_LIMIT"
    kind: ClassVar[Kind] = "end"
    max_moves: int = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Bound the round.

        >>> b = example_plan(); TurnLimit(max_moves=50).contribute(b); b.max_moves
        50
        """
        plan.claim("turn_limit", self.rule_id)
        plan.max_moves = self.max_moves


# ---------------------------------------------------------------- scoring


def _value(values: tuple[tuple[Rank, int], ...], card: Card) -> int:
    for rank, v in values:
        if rank is card.rank:
            return v
    return 0


def _over(score: int, limit: int, op: str) -> bool:
    return score > limit if op == "gt" else score >= limit


class _Scheme(Rule):
    """What every scoring rule does in :meth:`contribute`: it is the variant's scoring scheme."""

    def value(self, card: Card) -> int:
        """The point value of ``card`` under this scheme's value table (0 without one or without an entry).

        >>> ScorePenaltyPoints().value(Card.parse("Jh")), ScoreWinPoints().value(Card.parse("Jh"))
        (20, 0)
        """
        return _value(getattr(self, "values", ()), card)

    uses_multiplier: ClassVar[bool] = False
    """Whether round points can be multiplied (R_JACK_FINISH_DOUBLES)."""
    higher_is_better: ClassVar[bool] = True
    """Whether scoring points is good for the one who scores them (win points) or bad (penalty points)."""

    def point_bounds(self, plan: Plan) -> tuple[int, int]:
        """The fewest and the most points one seat can score in a round, before multipliers (bounds).

        >>> from maumau_rules import find_variant
        >>> ScoreWinPoints().point_bounds(find_variant("standard").plan)
        (0, 1)
        """
        return 0, 1

    def _deck_points(self, plan: Plan, count: bool = False) -> int:
        return len(plan.deck_cards) if count else sum(max(0, self.value(c)) for c in plan.deck_cards)

    def contribute(self, plan: PlanBuilder) -> None:
        """Become the variant's scoring scheme.

        >>> b = example_plan(); ScoreWinPoints().contribute(b); b.scoring.rule_id
        'R_SCORE_WIN_POINTS'
        """
        plan.claim("scoring", self.rule_id)
        plan.scoring = self  # type: ignore[assignment]


@builtin
@attrs.frozen(field_transformer=from_spec)
class ScoreWinPoints(_Scheme):
    """R_SCORE_WIN_POINTS: the round winner gets one win point; the first to ``target`` wins the match.

    >>> ScoreWinPoints().target
    5
    """

    rule_id: ClassVar[str] = "R_SCORE_WIN_POINTS"
    kind: ClassVar[Kind] = "scoring"
    target: int = FROM_SPEC

    def round_points(self, state: GameState, multiplier: int) -> tuple[int, ...]:
        """One point for the winner.

        >>> from maumau_rules import new_game
        >>> ScoreWinPoints().round_points(new_game("standard", 2, 1), 1)
        (0, 0)
        """
        return tuple(1 if i == state.winner else 0 for i in range(state.players))

    def match_over(self, scores: list[int], active: list[bool], sizes: list[int], state: GameState,
                   seats: tuple[int, ...]) -> tuple[bool, int | None]:
        """The first to the target wins.

        >>> from maumau_rules import new_game
        >>> ScoreWinPoints(target=2).match_over([2, 1], [True, True], [5, 5], new_game("standard", 2, 1), (0, 1))
        (True, 0)
        """
        best = max(scores)
        return (True, scores.index(best)) if best >= self.target else (False, None)


@builtin
@attrs.frozen(field_transformer=from_spec)
class ScorePenaltyPoints(_Scheme):
    """R_SCORE_PENALTY_POINTS: losers add their remaining cards as penalty points; first past the limit loses.

    The player with the fewest points when the limit is passed wins the match.

    >>> ScorePenaltyPoints().limit, ScorePenaltyPoints().threshold_op
    (100, 'gt')
    """

    rule_id: ClassVar[str] = "R_SCORE_PENALTY_POINTS"
    kind: ClassVar[Kind] = "scoring"
    uses_multiplier: ClassVar[bool] = True
    higher_is_better: ClassVar[bool] = False
    limit: int = FROM_SPEC
    threshold_op: Literal["gt", "ge"] = FROM_SPEC
    count: Literal["values", "cards"] = FROM_SPEC
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=FROM_SPEC, converter=card_values)

    def point_bounds(self, plan: Plan) -> tuple[int, int]:
        """At most every card of the deck.

        >>> from maumau_rules import find_variant
        >>> ScorePenaltyPoints(count="cards").point_bounds(find_variant("standard").plan)
        (0, 32)
        """
        return 0, self._deck_points(plan, self.count == "cards")

    def round_points(self, state: GameState, multiplier: int) -> tuple[int, ...]:
        """Each loser's cards, as values or as a count.

        >>> from maumau_rules import new_game
        >>> sum(ScorePenaltyPoints(count="cards").round_points(new_game("standard", 2, 1), 1))
        12
        """
        def points(cards: tuple[Card, ...]) -> int:
            return len(cards) if self.count == "cards" else sum(_value(self.values, c) for c in cards)

        return tuple(0 if i == state.winner else points(h) * multiplier for i, h in enumerate(state.hands))

    def match_over(self, scores: list[int], active: list[bool], sizes: list[int], state: GameState,
                   seats: tuple[int, ...]) -> tuple[bool, int | None]:
        """Once someone passes the limit, the fewest points win.

        >>> from maumau_rules import new_game
        >>> ScorePenaltyPoints().match_over([101, 3], [True, True], [5, 5], new_game("standard", 2, 1), (0, 1))
        (True, 1)
        """
        if any(_over(s, self.limit, self.threshold_op) for s in scores):
            return True, scores.index(min(scores))
        return False, None


@builtin
@attrs.frozen(field_transformer=from_spec)
class ScoreWinnerCollects(_Scheme):
    """R_SCORE_WINNER_COLLECTS: the round winner scores the values of the cards left in the other hands.

    >>> ScoreWinnerCollects().target
    150
    """

    rule_id: ClassVar[str] = "R_SCORE_WINNER_COLLECTS"
    kind: ClassVar[Kind] = "scoring"
    uses_multiplier: ClassVar[bool] = True
    target: int = FROM_SPEC
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=FROM_SPEC, converter=card_values)

    def point_bounds(self, plan: Plan) -> tuple[int, int]:
        """At most the value of every card of the deck.

        >>> from maumau_rules import find_variant
        >>> ScoreWinnerCollects().point_bounds(find_variant("greek-150").plan)[0]
        0
        """
        return 0, self._deck_points(plan)

    def round_points(self, state: GameState, multiplier: int) -> tuple[int, ...]:
        """The winner collects the others' card values.

        >>> from maumau_rules import new_game
        >>> ScoreWinnerCollects().round_points(new_game("greek-150", 2, 1), 1)
        (0, 0)
        """
        win = state.winner
        total = sum(_value(self.values, c) for i, h in enumerate(state.hands) if i != win for c in h) * multiplier
        return tuple(total if i == win else 0 for i in range(state.players))

    def match_over(self, scores: list[int], active: list[bool], sizes: list[int], state: GameState,
                   seats: tuple[int, ...]) -> tuple[bool, int | None]:
        """The first to reach the target wins.

        >>> from maumau_rules import new_game
        >>> ScoreWinnerCollects().match_over([150, 0], [True, True], [5, 5], new_game("greek-150", 2, 1), (0, 1))
        (True, 0)
        """
        best = max(scores)
        return (True, scores.index(best)) if best >= self.target else (False, None)


@builtin
@attrs.frozen(field_transformer=from_spec)
class ScoreElimination(_Scheme):
    """R_SCORE_ELIMINATION: losers add card values, the winner gets a bonus; reaching the limit eliminates.

    The winner's bonus depends on how many Jacks he finished with (Mau King: −10, −20, −40, −60).
    The last player left wins the match.

    >>> ScoreElimination().winner_bonus
    (-10, -20, -40, -60)
    """

    rule_id: ClassVar[str] = "R_SCORE_ELIMINATION"
    kind: ClassVar[Kind] = "scoring"
    higher_is_better: ClassVar[bool] = False
    limit: int = FROM_SPEC
    threshold_op: Literal["gt", "ge"] = FROM_SPEC
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=FROM_SPEC, converter=card_values)
    winner_bonus: tuple[int, ...] = attrs.field(default=FROM_SPEC, converter=as_tuple)

    def point_bounds(self, plan: Plan) -> tuple[int, int]:
        """The winner's best bonus to every card of the deck.

        >>> from maumau_rules import find_variant
        >>> ScoreElimination().point_bounds(find_variant("mau-king").plan)[0]
        -60
        """
        most = self._deck_points(plan)
        return min(0, *self.winner_bonus), max(most, *self.winner_bonus)

    def round_points(self, state: GameState, multiplier: int) -> tuple[int, ...]:
        """The losers' card values; the winner's bonus by the Jacks he finished with.

        >>> from maumau_rules import new_game
        >>> ScoreElimination().round_points(new_game("mau-king", 2, 1), 1)[0] > 0
        True
        """
        jacks = finish_jacks(state)
        bonus = self.winner_bonus[min(jacks, len(self.winner_bonus) - 1)] if self.winner_bonus else 0
        return tuple(bonus if i == state.winner else sum(_value(self.values, c) for c in h)
                     for i, h in enumerate(state.hands))

    def match_over(self, scores: list[int], active: list[bool], sizes: list[int], state: GameState,
                   seats: tuple[int, ...]) -> tuple[bool, int | None]:
        """Players at the limit are out; the last one left wins.

        >>> from maumau_rules import new_game
        >>> ScoreElimination().match_over([301, 5], [True, True], [6, 6], new_game("mau-king", 2, 1), (0, 1))
        (True, 1)
        """
        for seat in range(len(scores)):
            if active[seat] and _over(scores[seat], self.limit, self.threshold_op):
                active[seat] = False
        left = [s for s in range(len(scores)) if active[s]]
        if len(left) <= 1:
            return True, left[0] if left else min(range(len(scores)), key=lambda s: scores[s])
        return False, None


def finish_jacks(state: GameState) -> int:
    """How many wild Jacks the winner finished with (Mau King's bonus).

    >>> from maumau_rules import new_game
    >>> finish_jacks(new_game("mau-king", 2, 1))
    0
    """
    if state.winner is None:
        return 0
    wild = state.variant.plan.wild_mask
    unit = state.variant.plan.unit
    return sum(1 for c in state.turn_plays if c.rank is Rank.JACK and wild & unit[c])


@builtin
@attrs.frozen(field_transformer=from_spec)
class ScoreHandShrink(_Scheme):
    """R_SCORE_HAND_SHRINK: each loser starts later rounds with one card fewer; losing on one card eliminates.

    >>> ScoreHandShrink().loser
    'all_non_winners'
    """

    rule_id: ClassVar[str] = "R_SCORE_HAND_SHRINK"
    kind: ClassVar[Kind] = "scoring"
    loser: Literal["all_non_winners", "last_with_cards"] = FROM_SPEC

    def losers(self, state: GameState) -> set[int]:
        """The seats that lost the round.

        >>> from maumau_rules import new_game
        >>> sorted(ScoreHandShrink().losers(new_game("faraon", 3, 1)))
        [0, 1, 2]
        """
        n = state.players
        if self.loser == "last_with_cards":
            sizes = [len(h) for h in state.hands]
            most = max(sizes)
            return {i for i in range(n) if sizes[i] == most and i != state.winner}
        return {i for i in range(n) if i != state.winner}

    def round_points(self, state: GameState, multiplier: int) -> tuple[int, ...]:
        """One point for each player who did not lose.

        >>> from maumau_rules import new_game
        >>> ScoreHandShrink().round_points(new_game("faraon", 2, 1), 1)
        (0, 0)
        """
        lost = self.losers(state)
        return tuple(0 if i in lost else 1 for i in range(state.players))

    def match_over(self, scores: list[int], active: list[bool], sizes: list[int], state: GameState,
                   seats: tuple[int, ...]) -> tuple[bool, int | None]:
        """Losers get one card fewer; a loser on one card is out; the last one left wins.

        >>> from maumau_rules import new_game
        >>> ScoreHandShrink().match_over([0, 0], [True, True], [1, 5], new_game("faraon", 2, 1), (0, 1))
        (True, 1)
        """
        for i in self.losers(state):
            seat = seats[i]
            if sizes[seat] <= 1:
                active[seat] = False
            else:
                sizes[seat] -= 1
        left = [s for s in range(len(scores)) if active[s]]
        if len(left) <= 1:
            win = seats[state.winner] if state.winner is not None else None
            return True, (left[0] if left else win)
        return False, None


@builtin
@attrs.frozen(field_transformer=from_spec)
class JackFinishDoubles(Rule):
    """R_JACK_FINISH_DOUBLES: a round won with a Jack as the last card scores ``multiplier`` times.

    >>> JackFinishDoubles().multiplier
    2
    """

    rule_id: ClassVar[str] = "R_JACK_FINISH_DOUBLES"
    kind: ClassVar[Kind] = "scoring"
    multiplier: int = FROM_SPEC

    def contribute(self, plan: PlanBuilder) -> None:
        """Multiply a Jack finish's points.

        >>> b = example_plan(); ScoreWinPoints().contribute(b); JackFinishDoubles().contribute(b); len(b.multipliers)
        1
        """
        plan.claim("jack_finish", self.rule_id)

        def times(state: GameState) -> int:
            last = state.turn_plays[-1] if state.turn_plays else None
            return self.multiplier if last is not None and last.rank is Rank.JACK and state.winner is not None else 1

        plan.multipliers.append(times)
        plan.most_multiplier *= self.multiplier

        def check(b: PlanBuilder) -> None:
            if not getattr(b.scoring, "uses_multiplier", False):
                raise _no_effect(self.rule_id, gettext("the rule"), gettext(
                    "without a points scoring rule (R_SCORE_PENALTY_POINTS or R_SCORE_WINNER_COLLECTS)"))

        plan.add_check(check)


_: attrs.Attribute[int] | None = None
