"""Every rule object of the library. Each class is one rule with a stable ID and typed parameters.

The parameters and their defaults are also written in ``spec/rules/*.toml``; a test proves that the
two agree in both directions. Variants (``spec/variants/*.toml``) name these rules and set their
parameters.

>>> SevenLike = DrawPenalty(penalties=(PenaltySpec(cards=CardSet.parse("7"), amount=2),))
>>> SevenLike.rule_id, SevenLike.penalties[0].amount
('R_DRAW_PENALTY', 2)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import attrs

from ..cards import Rank
from ..deck import SKAT_32
from ..errors import VariantError
from .base import CardSet, cardset, register
from .compiled import AnnounceConfig, PenaltyEntry, RulesetBuilder, ScoringConfig

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
    "PenaltySpec",
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
    "WildSpec",
    "WrongCard",
]


def _rid(inst: object) -> str:
    return str(getattr(type(inst), "rule_id", type(inst).__name__))


def example_builder() -> RulesetBuilder:
    """An empty ruleset builder over the 32-card deck, for trying rule objects out.

    >>> example_builder().deck.size
    32
    """
    return RulesetBuilder(deck=SKAT_32, min_players=2, max_players=5)


def _choice(*options: str) -> Any:
    def check(inst: object, attribute: attrs.Attribute[str], value: str) -> None:
        if value not in options:
            raise VariantError(
                f"rule {_rid(inst)}: {attribute.name}={value!r} is not one of {', '.join(options)}"
            )

    return check


def _at_least(low: int) -> Any:
    def check(inst: object, attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise VariantError(
                f"rule {_rid(inst)}: {attribute.name}={value!r} must be an integer >= {low}"
            )

    return check


def _positive_ints(inst: object, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[object, ...]) -> None:
    if not all(type(v) is int and 1 <= v <= 100 for v in value):
        raise VariantError(
            f"rule {type(inst).rule_id}: {attribute.name}={list(value)!r} must be whole numbers from 1 to 100"  # type: ignore[attr-defined]
        )


def _is_bool(inst: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise VariantError(f"rule {_rid(inst)}: {attribute.name}={value!r} must be true or false")


# ---------------------------------------------------------------- setup


@register
@attrs.frozen
class Deal:
    """R_DEAL: how many cards each player is dealt, and in which packets.

    >>> Deal(hand_size=5, two_player_hand_size=6).rule_id
    'R_DEAL'
    """

    rule_id: ClassVar[str] = "R_DEAL"
    kind: ClassVar[str] = "setup"
    hand_size: int = attrs.field(default=5, validator=_at_least(1))
    """Cards dealt to each player."""
    two_player_hand_size: int = attrs.field(default=0, validator=_at_least(0))
    """Cards dealt to each of two players; 0 means the same as ``hand_size``."""
    packets: tuple[int, ...] = attrs.field(default=(), converter=tuple, validator=_positive_ints)
    """Dealing packets (e.g. 3 then 3); empty means one card at a time."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the deal sizes into the ruleset.

        >>> b = example_builder(); Deal().compile(b); b.claimed['deal']
        'R_DEAL'
        """
        into.claim("deal", self.rule_id)
        into.hand_size = self.hand_size
        if self.two_player_hand_size:
            into.hand_size_by_players[2] = self.two_player_hand_size
        into.packets = self.packets


@register
@attrs.frozen
class Dealer:
    """R_DEALER: who deals the first round and how the deal moves on.

    >>> Dealer().selection
    'highest_card'
    """

    rule_id: ClassVar[str] = "R_DEALER"
    kind: ClassVar[str] = "setup"
    selection: str = attrs.field(default="highest_card", validator=_choice("highest_card", "seat_zero"))
    """How the first dealer is chosen: each player draws and the highest card deals, or seat 0."""
    rotation: str = attrs.field(default="clockwise", validator=_choice("clockwise", "counterclockwise", "loser"))
    """How the deal moves between rounds."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the dealer policy into the ruleset.

        >>> b = example_builder(); Dealer().compile(b); b.claimed['dealer']
        'R_DEALER'
        """
        into.claim("dealer", self.rule_id)
        into.dealer_selection = self.selection
        into.dealer_rotation = self.rotation


@register
@attrs.frozen
class Cut:
    """R_CUT: the cut before the deal, including the power-card cuts that let the cutter keep cards.

    >>> Cut(mode="bottom_ceremony", by="left").max_kept
    3
    """

    rule_id: ClassVar[str] = "R_CUT"
    kind: ClassVar[str] = "setup"
    mode: str = attrs.field(default="simple", validator=_choice("none", "simple", "power_cards", "bottom_ceremony"))
    """``simple``: one cut; ``power_cards``: four cuts, power cards may be kept (Classic);
    ``bottom_ceremony``: bottom cards, specials kept, the first plain card starts the pile (Mau King)."""
    by: str = attrs.field(default="right", validator=_choice("right", "left"))
    """The cutter: the player on the dealer's right or left."""
    special: CardSet = attrs.field(default=CardSet(), converter=cardset)
    """Cards the cutter may keep (power cards)."""
    max_kept: int = attrs.field(default=3, validator=_at_least(0))
    """At most this many cards are kept; one more special card forces a redeal."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the cut into the ruleset.

        >>> b = example_builder(); Cut().compile(b); b.claimed['cut']
        'R_CUT'
        """
        into.claim("cut", self.rule_id)
        into.cut_mode = self.mode
        into.cut_by = self.by
        into.cut_special = self.special
        into.cut_max_kept = self.max_kept


@register
@attrs.frozen
class TurnOrder:
    """R_TURN_ORDER: the initial direction of play and the first player.

    >>> TurnOrder(direction="counterclockwise", first_player="right_of_dealer").direction
    'counterclockwise'
    """

    rule_id: ClassVar[str] = "R_TURN_ORDER"
    kind: ClassVar[str] = "turn"
    direction: str = attrs.field(default="clockwise", validator=_choice("clockwise", "counterclockwise"))
    """Clockwise: play passes to the left (seat + 1)."""
    first_player: str = attrs.field(
        default="left_of_dealer", validator=_choice("left_of_dealer", "right_of_dealer", "previous_winner")
    )
    """Who plays first in a round."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the turn order into the ruleset.

        >>> b = example_builder(); TurnOrder().compile(b); b.claimed['turn_order']
        'R_TURN_ORDER'
        """
        into.claim("turn_order", self.rule_id)
        into.direction = 1 if self.direction == "clockwise" else -1
        into.first_player = self.first_player


@register
@attrs.frozen
class StartCard:
    """R_START_CARD: what the first card turned up does to the first player.

    >>> StartCard().effects, str(StartCard(rebury="8").rebury)
    (True, '8')
    """

    rule_id: ClassVar[str] = "R_START_CARD"
    kind: ClassVar[str] = "setup"
    effects: bool = attrs.field(default=True, validator=_is_bool)
    """Whether a draw card, skip card or wild turned up acts on the first player."""
    wild_allows_same: bool = attrs.field(default=False, validator=_is_bool)
    """After a wild start card the first player may play any card; whether that includes a wild of the same rank."""
    rebury: CardSet = attrs.field(default=CardSet(), converter=cardset)
    """Start cards that are put back at the bottom of the stock before the next card is turned (Crazy Eights 8)."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the start-card policy into the ruleset.

        >>> b = example_builder(); StartCard().compile(b); b.claimed['start_card']
        'R_START_CARD'
        """
        into.claim("start_card", self.rule_id)
        into.start_effects = self.effects
        into.start_wild_allows_same = self.wild_allows_same
        into.start_rebury = self.rebury


# ---------------------------------------------------------------- legality


@register
@attrs.frozen
class Matching:
    """R_MATCH: a card may be played if it matches the top card in suit or rank.

    >>> Matching().rule_id
    'R_MATCH'
    """

    rule_id: ClassVar[str] = "R_MATCH"
    kind: ClassVar[str] = "legality"

    def compile(self, into: RulesetBuilder) -> None:
        """Matching is built into the engine; this records that the variant uses it.

        >>> b = example_builder(); Matching().compile(b); b.claimed['matching']
        'R_MATCH'
        """
        into.claim("matching", self.rule_id)


@attrs.frozen
class WildSpec:
    """One wild card entry of :class:`Wild`.

    >>> WildSpec(cards=CardSet.parse("J")).wish
    True
    """

    cards: CardSet = attrs.field(converter=cardset)
    """The wild cards."""
    wish: bool = attrs.field(default=True, validator=_is_bool)
    """Whether its player names a suit; otherwise any card may follow it."""


def _wild_specs(value: Any) -> tuple[WildSpec, ...]:
    return tuple(v if isinstance(v, WildSpec) else WildSpec(**v) for v in value)


@register
@attrs.frozen
class Wild:
    """R_WILD: wild cards, playable on any card, that (usually) name the suit to follow.

    >>> Wild(wilds=(WildSpec(cards=CardSet.parse("J")),)).on_same
    False
    """

    rule_id: ClassVar[str] = "R_WILD"
    kind: ClassVar[str] = "legality"
    wilds: tuple[WildSpec, ...] = attrs.field(default=(WildSpec(cards=CardSet.parse("J")),), converter=_wild_specs)
    """The wild cards and whether each names a suit."""
    on_same: bool = attrs.field(default=False, validator=_is_bool)
    """Whether a wild may be played on a wild of the same rank (Jack on Jack)."""
    on_pending_draw: bool = attrs.field(default=False, validator=_is_bool)
    """Whether a wild may be played while a draw penalty is pending."""
    blocked_after: CardSet = attrs.field(default=CardSet(), converter=cardset)
    """Cards on which a wild may not be played when the previous player has just played them (Prší Queen)."""
    may_wish_own_suit: bool = attrs.field(default=True, validator=_is_bool)
    """Whether the wild card's own suit may be wished."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark every wild card in the per-card table.

        >>> b = example_builder(); Wild().compile(b); b.claimed['wild']
        'R_WILD'
        """
        into.claim("wild", self.rule_id)
        owner: dict[Any, int] = {}
        for i, spec in enumerate(self.wilds, 1):
            for card in sorted(set(into.deck.cards()), key=lambda c: c.sort_key):
                if spec.cards.matches(card):
                    if card in owner:
                        raise VariantError(
                            f"rule {self.rule_id}: wild entries {owner[card]} ({self.wilds[owner[card] - 1].cards}) "
                            f"and {i} ({spec.cards}) both claim {card}"
                        )
                    owner[card] = i
                    into.wild[card] = (spec.wish, self.rule_id)
        into.wild_on_same = self.on_same
        into.wild_on_pending_draw = self.on_pending_draw
        into.wild_blocked_after = self.blocked_after
        into.may_wish_own_suit = self.may_wish_own_suit


@register
@attrs.frozen
class FinishRestriction:
    """R_NO_FINISH: cards that may not be played as the last card (the player must draw instead).

    >>> str(FinishRestriction(cards=CardSet.parse("J")).cards)
    'J'
    """

    rule_id: ClassVar[str] = "R_NO_FINISH"
    kind: ClassVar[str] = "end"
    cards: CardSet = attrs.field(default=CardSet.parse("J"), converter=cardset)
    """Cards that cannot be the last card played."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark the restricted cards.

        >>> b = example_builder(); FinishRestriction().compile(b); b.claimed['no_finish']
        'R_NO_FINISH'
        """
        into.claim("no_finish", self.rule_id)
        into.no_finish = self.cards


# ---------------------------------------------------------------- effects


@attrs.frozen
class PenaltySpec:
    """One entry of :class:`DrawPenalty`: which cards, how many to draw, and who draws.

    >>> PenaltySpec(cards=CardSet.parse("7"), amount=2).target
    'next'
    >>> PenaltySpec(cards="6", amount=1, skip=True).skip
    True
    """

    cards: CardSet = attrs.field(converter=cardset)
    """The penalty cards."""
    amount: int = attrs.field(default=2)
    """Cards to draw per penalty card."""
    target: str = attrs.field(default="next")
    """``next`` or ``previous`` player."""
    defendable: bool = attrs.field(default=True)
    """Whether the target may pass it on by stacking; if not, the cards are drawn at once."""
    skip: bool = attrs.field(default=False)
    """Whether the player who takes this penalty also misses the rest of his turn (Russian 6: draw and skip),
    whatever :attr:`DrawPenalty.ends_turn` says."""
    group: str = attrs.field(default="")
    """Stacking group: a pending penalty may only be passed on with a penalty card of the same group
    (that also fits the top card). Entries that leave it empty share one group."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 1:
            raise VariantError(f"rule R_DRAW_PENALTY: amount={self.amount!r} must be an integer >= 1")
        if self.target not in ("next", "previous"):
            raise VariantError(f"rule R_DRAW_PENALTY: target={self.target!r} is not one of next, previous")
        if not isinstance(self.defendable, bool):
            raise VariantError(f"rule R_DRAW_PENALTY: defendable={self.defendable!r} must be true or false")
        if not isinstance(self.skip, bool):
            raise VariantError(f"rule R_DRAW_PENALTY: skip={self.skip!r} must be true or false")
        if not isinstance(self.group, str):
            raise VariantError(f"rule R_DRAW_PENALTY: group={self.group!r} must be a string")


def _penalty_specs(value: Any) -> tuple[PenaltySpec, ...]:
    return tuple(v if isinstance(v, PenaltySpec) else PenaltySpec(**v) for v in value)


@register
@attrs.frozen
class DrawPenalty:
    """R_DRAW_PENALTY: cards that make another player draw; stacking passes the total on.

    >>> DrawPenalty().penalties[0].amount, DrawPenalty().ends_turn
    (2, True)
    """

    rule_id: ClassVar[str] = "R_DRAW_PENALTY"
    kind: ClassVar[str] = "effect"
    penalties: tuple[PenaltySpec, ...] = attrs.field(
        default=(PenaltySpec(cards=CardSet.parse("7"), amount=2),), converter=_penalty_specs
    )
    """The penalty cards and their amounts."""
    stacking: bool = attrs.field(default=True, validator=_is_bool)
    """Whether a pending penalty may be passed on with another defendable penalty card that fits."""
    ends_turn: bool = attrs.field(default=True, validator=_is_bool)
    """Whether the player who draws a penalty loses the rest of the turn (CA-01)."""
    cancel: CardSet = attrs.field(default=CardSet(), converter=cardset)
    """Cards that wipe out a pending penalty (Faraón J♠)."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write every penalty card into the per-card table.

        >>> b = example_builder(); DrawPenalty().compile(b); b.claimed['draw_penalty']
        'R_DRAW_PENALTY'
        """
        into.claim("draw_penalty", self.rule_id)
        for spec in self.penalties:
            for card in sorted(set(into.deck.cards()), key=lambda c: c.sort_key):
                if spec.cards.matches(card):
                    if card in into.penalties:
                        raise VariantError(f"rule {self.rule_id}: two penalty entries claim {card}")
                    into.penalties[card] = PenaltyEntry(
                        amount=spec.amount,
                        previous=spec.target == "previous",
                        immediate=not spec.defendable,
                        stackable=spec.defendable and self.stacking,
                        skip=spec.skip,
                        group=spec.group,
                    )
        into.penalty_ends_turn = self.ends_turn
        into.cancel = self.cancel


@register
@attrs.frozen
class Skip:
    """R_SKIP: cards that make the next player miss a turn; each card in a series skips one more.

    >>> Skip().passable
    False
    """

    rule_id: ClassVar[str] = "R_SKIP"
    kind: ClassVar[str] = "effect"
    cards: CardSet = attrs.field(default=CardSet.parse("8"), converter=cardset)
    """The skip cards."""
    passable: bool = attrs.field(default=False, validator=_is_bool)
    """Whether the player facing the skip may pass it on with another skip card (Prší Ace)."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark the skip cards.

        >>> b = example_builder(); Skip().compile(b); b.claimed['skip']
        'R_SKIP'
        """
        into.claim("skip", self.rule_id)
        into.skip = self.cards
        into.skip_passable = self.passable


@register
@attrs.frozen
class Reverse:
    """R_REVERSE: cards that reverse the direction of play.

    >>> Reverse(cards=CardSet.parse("9")).two_player
    'no_effect'
    """

    rule_id: ClassVar[str] = "R_REVERSE"
    kind: ClassVar[str] = "effect"
    cards: CardSet = attrs.field(default=CardSet.parse("A"), converter=cardset)
    """The reversing cards."""
    two_player: str = attrs.field(default="no_effect", validator=_choice("no_effect", "play_again"))
    """With two players: the direction flips with no visible effect, or the same player plays again."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark the reversing cards.

        >>> b = example_builder(); Reverse().compile(b); b.claimed['reverse']
        'R_REVERSE'
        """
        into.claim("reverse", self.rule_id)
        into.reverse = self.cards
        into.reverse_two_player = self.two_player


@register
@attrs.frozen
class DrawUntilSuit:
    """R_DRAW_UNTIL_SUIT: the next player must play a card of this card's suit, or draw until he gets one.

    The regional Mau King 2♦ (MK-SPEC-1): the card demands its own suit like a wish; a player under
    the demand who draws keeps drawing, one card at a time, until he draws a card of that suit (or
    nothing is left), and may then play it.

    >>> str(DrawUntilSuit().cards)
    '2♦'
    """

    rule_id: ClassVar[str] = "R_DRAW_UNTIL_SUIT"
    kind: ClassVar[str] = "effect"
    cards: CardSet = attrs.field(default=CardSet.parse("2d"), converter=cardset)
    """The demanding cards; each demands its own suit."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark the demanding cards.

        >>> b = example_builder(); DrawUntilSuit().compile(b); b.claimed['draw_until_suit']
        'R_DRAW_UNTIL_SUIT'
        """
        into.claim("draw_until_suit", self.rule_id)
        if any(c.is_joker for c in self.cards.cards) or Rank.JOKER in self.cards.ranks:
            raise VariantError(f"rule {self.rule_id}: a Joker has no suit to demand")
        into.demand_suit = self.cards


@register
@attrs.frozen
class PlayAgain:
    """R_PLAY_AGAIN: after these cards the same player takes another turn (so they can never finish).

    >>> str(PlayAgain().cards)
    'A'
    """

    rule_id: ClassVar[str] = "R_PLAY_AGAIN"
    kind: ClassVar[str] = "effect"
    cards: CardSet = attrs.field(default=CardSet.parse("A"), converter=cardset)
    """The cards that give another turn."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark the play-again cards.

        >>> b = example_builder(); PlayAgain().compile(b); b.claimed['play_again']
        'R_PLAY_AGAIN'
        """
        into.claim("play_again", self.rule_id)
        into.play_again = self.cards


@register
@attrs.frozen
class Series:
    """R_SERIES: after playing a card, the player may add more cards of the same rank in the same turn.

    >>> Series().cards.ranks == frozenset(r for r in Rank)
    True
    """

    rule_id: ClassVar[str] = "R_SERIES"
    kind: ClassVar[str] = "turn"
    cards: CardSet = attrs.field(default=CardSet(ranks=frozenset(Rank)), converter=cardset)
    """The ranks that may be played as a series."""

    def compile(self, into: RulesetBuilder) -> None:
        """Mark the series ranks.

        >>> b = example_builder(); Series().compile(b); b.claimed['series']
        'R_SERIES'
        """
        into.claim("series", self.rule_id)
        into.series = self.cards


@register
@attrs.frozen
class WildFinishSeries:
    """R_WILD_FINISH_SERIES: a player holding only wilds may throw them all at once to finish (Mau King).

    >>> WildFinishSeries().rule_id
    'R_WILD_FINISH_SERIES'
    """

    rule_id: ClassVar[str] = "R_WILD_FINISH_SERIES"
    kind: ClassVar[str] = "end"

    def compile(self, into: RulesetBuilder) -> None:
        """Enable the multi-wild finish.

        >>> b = example_builder(); WildFinishSeries().compile(b); b.claimed['wild_finish_series']
        'R_WILD_FINISH_SERIES'
        """
        into.claim("wild_finish_series", self.rule_id)
        into.wild_finish_series = True


@register
@attrs.frozen
class DrawRule:
    """R_DRAW: when a player may draw, and what may follow a draw.

    >>> DrawRule().after_draw, DrawRule().until_playable
    ('drawn_only', False)
    """

    rule_id: ClassVar[str] = "R_DRAW"
    kind: ClassVar[str] = "turn"
    voluntary: bool = attrs.field(default=True, validator=_is_bool)
    """Whether a player may draw although he could play."""
    after_draw: str = attrs.field(default="drawn_only", validator=_choice("drawn_only", "any", "none"))
    """After drawing: play only the drawn card, any fitting card, or nothing (then pass)."""
    pass_without_draw: bool = attrs.field(default=False, validator=_is_bool)
    """Whether a player may pass without drawing."""
    until_playable: bool = attrs.field(default=False, validator=_is_bool)
    """Whether a player keeps drawing, one card at a time, until he draws a card he can play or the stock is
    empty (Crazy Eights); otherwise one card per turn."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the draw policy into the ruleset.

        >>> b = example_builder(); DrawRule().compile(b); b.claimed['draw']
        'R_DRAW'
        """
        into.claim("draw", self.rule_id)
        into.voluntary_draw = self.voluntary
        into.after_draw = self.after_draw
        into.pass_without_draw = self.pass_without_draw
        into.draw_until_playable = self.until_playable


@register
@attrs.frozen
class FinalCardEffects:
    """R_FINAL_CARD_EFFECTS: a draw penalty played as the last card is still drawn (it counts in scoring).

    >>> FinalCardEffects().rule_id
    'R_FINAL_CARD_EFFECTS'
    """

    rule_id: ClassVar[str] = "R_FINAL_CARD_EFFECTS"
    kind: ClassVar[str] = "end"

    def compile(self, into: RulesetBuilder) -> None:
        """Enable final-card effects.

        >>> b = example_builder(); FinalCardEffects().compile(b); b.claimed['final_effects']
        'R_FINAL_CARD_EFFECTS'
        """
        into.claim("final_effects", self.rule_id)
        into.final_effects = True


@register
@attrs.frozen
class Reshuffle:
    """R_RESHUFFLE: when the stock runs out, the discard pile except its top card becomes the new stock.

    >>> Reshuffle().rule_id
    'R_RESHUFFLE'
    """

    rule_id: ClassVar[str] = "R_RESHUFFLE"
    kind: ClassVar[str] = "turn"

    def compile(self, into: RulesetBuilder) -> None:
        """Enable reshuffling.

        >>> b = example_builder(); Reshuffle().compile(b); b.claimed['reshuffle']
        'R_RESHUFFLE'
        """
        into.claim("reshuffle", self.rule_id)
        into.reshuffle = True


@register
@attrs.frozen
class WrongCard:
    """R_WRONG_CARD: what happens to a card that does not fit: rejected, or the table penalty.

    >>> WrongCard().mode
    'reject'
    """

    rule_id: ClassVar[str] = "R_WRONG_CARD"
    kind: ClassVar[str] = "legality"
    mode: str = attrs.field(default="reject", validator=_choice("reject", "penalize"))
    """``reject``: the move is refused; ``penalize``: it goes back to the hand, the player draws and the turn ends."""
    penalty: int = attrs.field(default=1, validator=_at_least(0))
    """Cards drawn for a wrong card in ``penalize`` mode."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the wrong-card policy into the ruleset.

        >>> b = example_builder(); WrongCard().compile(b); b.claimed['wrong_card']
        'R_WRONG_CARD'
        """
        into.claim("wrong_card", self.rule_id)
        into.wrong_card = self.mode
        into.wrong_card_penalty = self.penalty


# ---------------------------------------------------------------- announcements


@register
@attrs.frozen
class Announcement:
    """R_ANNOUNCE: the last-card call ("Mau", "Zadnja", ...), the Jack-finish call, and their penalties.

    >>> Announcement().word, Announcement().penalty, Announcement().window
    ('Mau', 2, 'next_player')
    """

    rule_id: ClassVar[str] = "R_ANNOUNCE"
    kind: ClassVar[str] = "announcement"
    word: str = "Mau"
    """The last-card call, due when a play leaves one card."""
    jack_word: str = ""
    """The call due instead when the last card left is a Jack ("Mau-Mau"); empty if none."""
    final_word: str = ""
    """A call said with the last card itself (made automatically; no penalty is stated for it)."""
    penalty: int = attrs.field(default=2, validator=_at_least(0))
    """Cards drawn by a player who is called out, or who finishes without the right call."""
    enforcement: str = attrs.field(default="callout", validator=_choice("callout", "automatic"))
    """``callout``: the next player to act may call it out before acting; ``automatic``: always penalised."""
    lapses_on_draw: bool = attrs.field(default=False, validator=_is_bool)
    """Whether a call lapses when its player draws (Mau King)."""
    unannounced_finish: str = attrs.field(default="allowed", validator=_choice("allowed", "penalty", "jack_penalty"))
    """Finishing without the right standing call: allowed, or the card stays, penalty cards, play goes on;
    ``jack_penalty`` does that only for a finish with a Jack (a wild card that names a suit; GR-MAU-5)."""
    multi_jack: bool = attrs.field(default=False, validator=_is_bool)
    """The Jack call is also due when a play leaves only Jacks (two or more)."""
    window: str = attrs.field(default="next_player", validator=_choice("next_player", "until_own_turn"))
    """How long a missed call can be called out: until the next player acts, or by every player who acts
    before the offender's own next move."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the announcement rules into the ruleset.

        >>> b = example_builder(); Announcement().compile(b); b.claimed['announce']
        'R_ANNOUNCE'
        """
        into.claim("announce", self.rule_id)
        into.announce = AnnounceConfig(
            word=self.word,
            jack_word=self.jack_word or None,
            final_word=self.final_word or None,
            penalty=self.penalty,
            enforcement=self.enforcement,
            lapses_on_draw=self.lapses_on_draw,
            unannounced_finish=self.unannounced_finish,
            multi_jack=self.multi_jack,
            window=self.window,
        )


# ---------------------------------------------------------------- end of round


@register
@attrs.frozen
class BlockedEnd:
    """R_BLOCKED_END: when nothing can be drawn, a player who cannot play passes; a full round of passes ends it.

    The player with the fewest cards wins a blocked round; a tie for fewest has no winner.

    >>> BlockedEnd().rule_id
    'R_BLOCKED_END'
    """

    rule_id: ClassVar[str] = "R_BLOCKED_END"
    kind: ClassVar[str] = "end"

    def compile(self, into: RulesetBuilder) -> None:
        """The blocked-round rule is part of the engine; this records it.

        >>> b = example_builder(); BlockedEnd().compile(b); b.claimed['blocked_end']
        'R_BLOCKED_END'
        """
        into.claim("blocked_end", self.rule_id)


@register
@attrs.frozen
class TurnLimit:
    """R_TURN_LIMIT: a round ends after ``max_moves`` moves; fewest cards wins (a tie has no winner).

    Plain Mau-Mau can cycle forever; this bound makes every round end.

    >>> TurnLimit().max_moves
    1000
    """

    rule_id: ClassVar[str] = "R_TURN_LIMIT"
    kind: ClassVar[str] = "end"
    max_moves: int = attrs.field(default=1000, validator=_at_least(10))
    """Moves after which the round ends."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the move bound into the ruleset.

        >>> b = example_builder(); TurnLimit().compile(b); b.claimed['turn_limit']
        'R_TURN_LIMIT'
        """
        into.claim("turn_limit", self.rule_id)
        into.max_moves = self.max_moves


# ---------------------------------------------------------------- scoring

_VALUES_DEFAULT: Final = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 10, "K": 10, "A": 11}


def _values(value: Any) -> tuple[tuple[Rank, int], ...]:
    if isinstance(value, tuple):
        return value
    out = []
    for key, v in dict(value).items():
        rank = key if isinstance(key, Rank) else Rank.parse(str(key))
        if not isinstance(v, int) or isinstance(v, bool):
            raise VariantError(f"card value for {key!r} must be an integer, got {v!r}")
        out.append((rank, v))
    return tuple(sorted(out))


def _scoring(into: RulesetBuilder, rule_id: str, **kw: Any) -> None:
    into.claim("scoring", rule_id)
    base: dict[str, Any] = {
        "target": 0,
        "threshold_op": "ge",
        "values": (),
        "count": "values",
        "winner_bonus": (),
        "jack_finish_multiplier": 1,
        "start_hand": 0,
    }
    if into.scoring is not None:  # a multiplier rule compiled first
        base["jack_finish_multiplier"] = into.scoring.jack_finish_multiplier
    base.update(kw)
    into.scoring = ScoringConfig(rule_id=rule_id, **base)


@register
@attrs.frozen
class ScoreWinPoints:
    """R_SCORE_WIN_POINTS: the round winner gets one win point; the first to ``target`` wins the match.

    >>> ScoreWinPoints().target
    5
    """

    rule_id: ClassVar[str] = "R_SCORE_WIN_POINTS"
    kind: ClassVar[str] = "scoring"
    target: int = attrs.field(default=5, validator=_at_least(1))
    """Win points needed to win the match."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the scoring scheme.

        >>> b = example_builder(); ScoreWinPoints().compile(b); b.claimed['scoring']
        'R_SCORE_WIN_POINTS'
        """
        _scoring(into, self.rule_id, mode="win_points", target=self.target)


@register
@attrs.frozen
class ScorePenaltyPoints:
    """R_SCORE_PENALTY_POINTS: losers add their remaining cards as penalty points; first past the limit loses.

    The player with the fewest points when the limit is passed wins the match.

    >>> ScorePenaltyPoints().limit, ScorePenaltyPoints().threshold_op
    (100, 'gt')
    """

    rule_id: ClassVar[str] = "R_SCORE_PENALTY_POINTS"
    kind: ClassVar[str] = "scoring"
    limit: int = attrs.field(default=100, validator=_at_least(1))
    """The limit; passing it ends the match."""
    threshold_op: str = attrs.field(default="gt", validator=_choice("gt", "ge"))
    """``gt``: exceeding the limit; ``ge``: reaching it."""
    count: str = attrs.field(default="values", validator=_choice("values", "cards"))
    """Count card values, or just the number of cards."""
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=_values(_VALUES_DEFAULT), converter=_values)
    """Card values by rank."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the scoring scheme.

        >>> b = example_builder(); ScorePenaltyPoints().compile(b); b.claimed['scoring']
        'R_SCORE_PENALTY_POINTS'
        """
        _scoring(into, self.rule_id, mode="penalty_points", target=self.limit, threshold_op=self.threshold_op,
                 count=self.count, values=self.values)


@register
@attrs.frozen
class ScoreWinnerCollects:
    """R_SCORE_WINNER_COLLECTS: the round winner scores the values of the cards left in the other hands.

    >>> ScoreWinnerCollects().target
    150
    """

    rule_id: ClassVar[str] = "R_SCORE_WINNER_COLLECTS"
    kind: ClassVar[str] = "scoring"
    target: int = attrs.field(default=150, validator=_at_least(1))
    """Points that win the match (reached or passed)."""
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=_values(_VALUES_DEFAULT), converter=_values)
    """Card values by rank."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the scoring scheme.

        >>> b = example_builder(); ScoreWinnerCollects().compile(b); b.claimed['scoring']
        'R_SCORE_WINNER_COLLECTS'
        """
        _scoring(into, self.rule_id, mode="winner_collects", target=self.target, values=self.values)


@register
@attrs.frozen
class ScoreElimination:
    """R_SCORE_ELIMINATION: losers add card values, the winner gets a bonus; reaching the limit eliminates.

    The winner's bonus depends on how many Jacks he finished with (Mau King: −10, −20, −40, −60).
    The last player left wins the match.

    >>> ScoreElimination().winner_bonus
    (-10, -20, -40, -60)
    """

    rule_id: ClassVar[str] = "R_SCORE_ELIMINATION"
    kind: ClassVar[str] = "scoring"
    limit: int = attrs.field(default=301, validator=_at_least(1))
    """The elimination limit."""
    threshold_op: str = attrs.field(default="ge", validator=_choice("gt", "ge"))
    """``ge``: reaching the limit eliminates; ``gt``: passing it."""
    values: tuple[tuple[Rank, int], ...] = attrs.field(default=_values(_VALUES_DEFAULT), converter=_values)
    """Card values by rank."""
    winner_bonus: tuple[int, ...] = attrs.field(default=(-10, -20, -40, -60), converter=tuple)
    """The winner's points for finishing with 0, 1, 2, 3 ... Jacks (the last entry repeats)."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the scoring scheme.

        >>> b = example_builder(); ScoreElimination().compile(b); b.claimed['scoring']
        'R_SCORE_ELIMINATION'
        """
        _scoring(into, self.rule_id, mode="elimination", target=self.limit, threshold_op=self.threshold_op,
                 values=self.values, winner_bonus=self.winner_bonus)


@register
@attrs.frozen
class ScoreHandShrink:
    """R_SCORE_HAND_SHRINK: each loser starts later rounds with one card fewer; losing on one card eliminates.

    The starting hand is R_DEAL's hand size; the Match layer deals ``start_hand - losses`` cards.

    >>> ScoreHandShrink().loser
    'all_non_winners'
    """

    rule_id: ClassVar[str] = "R_SCORE_HAND_SHRINK"
    kind: ClassVar[str] = "scoring"
    loser: str = attrs.field(default="all_non_winners", validator=_choice("all_non_winners", "last_with_cards"))
    """Who loses a round: every player but the winner, or only the player with the most cards left."""

    def compile(self, into: RulesetBuilder) -> None:
        """Write the scoring scheme.

        >>> b = example_builder(); ScoreHandShrink().compile(b); b.claimed['scoring']
        'R_SCORE_HAND_SHRINK'
        """
        _scoring(into, self.rule_id, mode="hand_shrink", count=self.loser)  # start_hand is set in build()


@register
@attrs.frozen
class JackFinishDoubles:
    """R_JACK_FINISH_DOUBLES: a round won with a wild Jack as the last card scores ``multiplier`` times.

    >>> JackFinishDoubles().multiplier
    2
    """

    rule_id: ClassVar[str] = "R_JACK_FINISH_DOUBLES"
    kind: ClassVar[str] = "scoring"
    multiplier: int = attrs.field(default=2, validator=_at_least(1))
    """Factor applied to the round's points."""

    def compile(self, into: RulesetBuilder) -> None:
        """Record the multiplier on the scoring scheme.

        >>> b = example_builder(); JackFinishDoubles().compile(b); b.claimed['jack_finish']
        'R_JACK_FINISH_DOUBLES'
        """
        into.claim("jack_finish", self.rule_id)
        if into.scoring is None:
            into.scoring = ScoringConfig(mode="", target=0, threshold_op="ge", values=(), count="values",
                                         winner_bonus=(), jack_finish_multiplier=self.multiplier, start_hand=0,
                                         rule_id="")
        else:
            into.scoring = attrs.evolve(into.scoring, jack_finish_multiplier=self.multiplier)
