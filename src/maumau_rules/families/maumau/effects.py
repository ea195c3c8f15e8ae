"""What a card does when it is played: small, named operations that a rule attaches to cards.

A rule's :meth:`~maumau_rules.rules.base.Rule.contribute` attaches effects to cards with
:meth:`~maumau_rules.families.maumau.plan.PlanBuilder.on_play`. The engine runs a card's effects on the
transition's :class:`~maumau_rules.families.maumau.turn.Turn`, in three places:

- :meth:`Effect.played`, at once when the card is played (draw cards, wish a suit, add to a pending
  penalty, cancel it ...);
- :meth:`Effect.passing`, when the turn passes on after the card (skip players, reverse, play again):
  for every card of a turn, so that each card of a series skips one more;
- :meth:`Effect.at_start`, when the card is turned up as the start card (R_START_CARD).

Effects are frozen values; a rule written outside the library defines its own by subclassing
:class:`Effect` and overriding any of the three.

>>> from maumau_rules import Card
>>> DrawCards(amount=1, who="others").describe(Card.parse("Qh"))
'every other player draws 1'
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from ...cards import Card
from .turn import Turn

__all__ = ["AnotherTurn", "CancelDraw", "DemandSuit", "DrawCards", "Effect", "FollowAny", "PendingDraw", "ReverseDirection",
           "SkipNext", "WishSuit", "runs_at"]


@attrs.frozen
class Effect:
    """One operation a card performs. Subclasses override :meth:`played`, :meth:`passing` and/or :meth:`at_start`.

    ``rule_id`` names the rule that attached the effect (set by the plan): explanations, events and the
    rules reference name it.

    >>> Effect().rule_id
    ''
    """

    rule_id: str = attrs.field(default="", kw_only=True)
    """The rule that attached this effect."""
    order: ClassVar[int] = 50
    """Effects of one card run in this order (lower first; equal orders keep the rules' order)."""
    role: ClassVar[str] = ""
    """A word for what the effect is, for bots and the rules reference: ``penalty``, ``skip``, ``reverse``,
    ``again``, ``wish``, ``free``, ``demand``, ``cancel`` (empty: something else)."""

    def played(self, turn: Turn) -> None:
        """Act at once when the card is played (``turn.card``, ``turn.move``, ``turn.seat``).

        >>> Effect().played(None)  # does nothing  # type: ignore[arg-type]
        """

    def passing(self, turn: Turn) -> None:
        """Act when the turn passes on after the card: :meth:`Turn.skip`, :meth:`Turn.reverse`,
        :meth:`Turn.play_again`.

        >>> Effect().passing(None)  # does nothing  # type: ignore[arg-type]
        """

    def at_start(self, turn: Turn, effects: bool) -> None:
        """Act on the first player when the card is the start card; ``effects``: whether the variant lets start
        cards act (R_START_CARD ``effects``).

        >>> Effect().at_start(None, True)  # does nothing  # type: ignore[arg-type]
        """

    def describe(self, card: Card) -> str:
        """What the effect does, in a few words.

        >>> Effect().describe(Card.parse("7h"))
        'Effect'
        """
        return type(self).__name__


def runs_at(effect: Effect, where: Literal["played", "passing", "at_start"]) -> bool:
    """Whether ``effect``'s class overrides the step ``where`` (the plan only calls the steps it needs).

    >>> runs_at(AnotherTurn(), "passing"), runs_at(AnotherTurn(), "played")
    (True, False)
    """
    return getattr(type(effect), where) is not getattr(Effect, where)


Who = Literal["next", "previous", "others", "all"]
"""Who draws: the next or previous player, every other player, or everyone."""


@attrs.frozen
class DrawCards(Effect):
    """The next / previous / every other player / everyone draws ``amount`` cards at once (no answer possible).

    >>> DrawCards(amount=2, who="previous").describe(Card.parse("2c"))
    'the previous player draws 2 at once'
    """

    amount: int = 1
    """Cards each one draws."""
    who: Who = "next"
    """Who draws."""
    order: ClassVar[int] = 30
    role: ClassVar[str] = "penalty"

    def played(self, turn: Turn) -> None:
        """Draw the cards.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1), seat=0)
        >>> DrawCards(amount=1, who="others").played(t); [len(t.hand(s)) for s in range(3)]
        [5, 6, 6]
        """
        who = self.who
        if who == "next":
            turn.draw(turn.next_seat(1), self.amount)
        elif who == "previous":
            turn.draw(turn.next_seat(-1), self.amount)
        else:
            for step in range(0 if who == "all" else 1, turn.players):
                turn.draw(turn.next_seat(step), self.amount)

    def describe(self, card: Card) -> str:
        """What it does.

        >>> DrawCards(amount=1, who="all").describe(Card.parse("Qh"))
        'everyone draws 1'
        """
        whom = {"next": "the next player draws", "previous": "the previous player draws",
                "others": "every other player draws", "all": "everyone draws"}[self.who]
        return f"{whom} {self.amount}" + (" at once" if self.who in ("next", "previous") else "")


@attrs.frozen
class PendingDraw(Effect):
    """The next player must draw ``amount`` cards, unless he passes the penalty on (R_DRAW_PENALTY).

    >>> PendingDraw(amount=2).describe(Card.parse("7h"))
    'the next player draws 2 unless he passes it on'
    """

    amount: int = 2
    """Cards to draw."""
    stackable: bool = True
    """Whether the penalty can be passed on (the plan's answers say with which cards)."""
    order: ClassVar[int] = 30
    role: ClassVar[str] = "penalty"

    def played(self, turn: Turn) -> None:
        """Add to the pending penalty.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.pending_draw = 0
        >>> t.card = Card.parse("7h"); PendingDraw(amount=2).played(t); t.pending_draw
        2
        """
        turn.pending_draw += self.amount  # Turn.add_pending_draw, inline (a built-in's hot path)
        turn.penalty_stack = (*turn.penalty_stack, turn.card)  # type: ignore[arg-type]

    def at_start(self, turn: Turn, effects: bool) -> None:
        """The first player faces the penalty.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.pending_draw = 0
        >>> t.card = Card.parse("7h"); PendingDraw(amount=2).at_start(t, True); t.pending_draw
        2
        """
        if effects:
            assert turn.card is not None
            turn.add_pending_draw(self.amount, turn.card)

    def describe(self, card: Card) -> str:
        """What it does.

        >>> PendingDraw(amount=3, stackable=False).describe(Card.parse("7h"))
        'the next player draws 3'
        """
        return f"the next player draws {self.amount}" + (" unless he passes it on" if self.stackable else "")


@attrs.frozen
class CancelDraw(Effect):
    """A pending draw penalty is wiped out (Faraón J♠).

    >>> CancelDraw().describe(Card.parse("Js"))
    'wipes out a pending draw'
    """

    order: ClassVar[int] = 20
    role: ClassVar[str] = "cancel"

    def played(self, turn: Turn) -> None:
        """Cancel the penalty.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.pending_draw = 4
        >>> CancelDraw().played(t); t.pending_draw
        0
        """
        turn.cancel_pending_draw()

    def describe(self, card: Card) -> str:
        """What it does.

        >>> CancelDraw().describe(Card.parse("Js"))
        'wipes out a pending draw'
        """
        return "wipes out a pending draw"


@attrs.frozen
class SkipNext(Effect):
    """The next player misses a turn; each card of a series skips one more. ``passable``: the skipped player may
    pass the skip on with a skip card of his own (Prší Ace).

    >>> SkipNext().describe(Card.parse("8h"))
    'the next player misses a turn'
    """

    passable: bool = False
    """Whether the skip can be answered."""
    order: ClassVar[int] = 40
    role: ClassVar[str] = "skip"

    def played(self, turn: Turn) -> None:
        """A passable skip answers a pending skip (it passes on with this card's own skip).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("prsi", players=2, seed=1)); t.pending_skip = 1
        >>> SkipNext(passable=True).played(t); t.pending_skip
        0
        """
        if self.passable and turn.pending_skip:
            turn.answer_skip()

    def passing(self, turn: Turn) -> None:
        """Skip one player.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing()
        >>> SkipNext().passing(t); t.skips
        1
        """
        turn.skips += 1  # Turn.skip, inline (a built-in's hot path)
        if self.passable:
            turn.passable = True

    def at_start(self, turn: Turn, effects: bool) -> None:
        """The first player is skipped (or faces a pending skip).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.seat_to_act = 1
        >>> SkipNext().at_start(t, True); t.seat_to_act
        2
        """
        if not effects:
            return
        if self.passable:
            turn.pending_skip = 1
        else:
            turn.seat_to_act = turn.next_seat(1, turn.seat_to_act)

    def describe(self, card: Card) -> str:
        """What it does.

        >>> SkipNext(passable=True).describe(Card.parse("Ah"))
        'the next player misses a turn unless he answers with a skip card'
        """
        return "the next player misses a turn" + (" unless he answers with a skip card" if self.passable else "")


@attrs.frozen
class ReverseDirection(Effect):
    """The direction of play reverses; ``two_player_again``: with two players the same player plays again.

    >>> ReverseDirection().describe(Card.parse("Ah"))
    'reverses the direction'
    """

    two_player_again: bool = False
    """With two players, the same player plays again."""
    order: ClassVar[int] = 40
    role: ClassVar[str] = "reverse"

    def passing(self, turn: Turn) -> None:
        """Reverse.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing()
        >>> ReverseDirection().passing(t); t.reverses
        1
        """
        turn.reverse(self.two_player_again)

    def describe(self, card: Card) -> str:
        """What it does.

        >>> ReverseDirection(two_player_again=True).describe(Card.parse("Ah"))
        'reverses the direction; with two players its player plays again'
        """
        return "reverses the direction" + ("; with two players its player plays again" if self.two_player_again else "")


@attrs.frozen
class AnotherTurn(Effect):
    """The same player plays again after this card (so it cannot finish: an empty hand must draw).

    >>> AnotherTurn().describe(Card.parse("Ah"))
    'its player plays again'
    """

    order: ClassVar[int] = 40
    role: ClassVar[str] = "again"

    def passing(self, turn: Turn) -> None:
        """Play again.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=3, seed=1)); t.start_passing()
        >>> AnotherTurn().passing(t); t.again
        True
        """
        turn.play_again()

    def describe(self, card: Card) -> str:
        """What it does.

        >>> AnotherTurn().describe(Card.parse("Ah"))
        'its player plays again'
        """
        return "its player plays again"


@attrs.frozen
class WishSuit(Effect):
    """Its player names a suit (the move's ``wish``) that the next player must follow. As the start card: any
    card may be played on it.

    >>> WishSuit().describe(Card.parse("Jc"))
    'its player wishes a suit'
    """

    own_suit: bool = True
    """Whether the card's own suit may be wished."""
    order: ClassVar[int] = 10
    role: ClassVar[str] = "wish"

    def played(self, turn: Turn) -> None:
        """Set the wish.

        >>> from maumau_rules import new_game, Play, Suit
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.move = Play(Card.parse("Jc"), Suit.HEARTS)
        >>> WishSuit().played(t); t.wished_suit
        <Suit.HEARTS: 'h'>
        """
        turn.wished_suit = turn.move.wish  # type: ignore[union-attr]  # Turn.wish, inline (a built-in's hot path)

    def at_start(self, turn: Turn, effects: bool) -> None:
        """A wild start card: any card may follow.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); WishSuit().at_start(t, True); t.any_card
        True
        """
        if effects:
            turn.free()

    def describe(self, card: Card) -> str:
        """What it does.

        >>> WishSuit().describe(Card.parse("Jc"))
        'its player wishes a suit'
        """
        return "its player wishes a suit"


@attrs.frozen
class FollowAny(Effect):
    """Any card may be played on it (a wild that names no suit, such as the Pesten Joker).

    >>> FollowAny().describe(Card.parse("Joker"))
    'any card may follow'
    """

    order: ClassVar[int] = 10
    role: ClassVar[str] = "free"

    def played(self, turn: Turn) -> None:
        """Free the next play.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); FollowAny().played(t); t.any_card
        True
        """
        turn.free()

    def at_start(self, turn: Turn, effects: bool) -> None:
        """As the start card, too (whatever R_START_CARD says: nothing is to be followed).

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); FollowAny().at_start(t, False); t.any_card
        True
        """
        turn.free()

    def describe(self, card: Card) -> str:
        """What it does.

        >>> FollowAny().describe(Card.parse("Joker"))
        'any card may follow'
        """
        return "any card may follow"


@attrs.frozen
class DemandSuit(Effect):
    """The next player must follow this card's own suit (R_DRAW_UNTIL_SUIT: or draw until he gets one).

    >>> DemandSuit().describe(Card.parse("2d"))
    'its suit must be followed'
    """

    order: ClassVar[int] = 10
    role: ClassVar[str] = "demand"

    def played(self, turn: Turn) -> None:
        """Demand the suit.

        >>> from maumau_rules import new_game
        >>> t = Turn.scratch(new_game("standard", players=2, seed=1)); t.card = Card.parse("2d")
        >>> DemandSuit().played(t); t.wished_suit
        <Suit.DIAMONDS: 'd'>
        """
        assert turn.card is not None
        turn.wish(turn.card.suit)

    def describe(self, card: Card) -> str:
        """What it does.

        >>> DemandSuit().describe(Card.parse("2d"))
        'its suit must be followed'
        """
        return "its suit must be followed"
