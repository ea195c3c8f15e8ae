"""A stronger computer player: information-set Monte Carlo tree search from one seat's view, for every family.

The tree search (:class:`SearchBot`) is shared; what is particular to a family comes from its
:class:`SearchModel` (``tools_for(variant).search_model(infer)``, :mod:`maumau_rules.toolhooks`): how to deal the
cards the seat cannot see, the quick policy of the playouts and a playout's reward. Mau-Mau's model
(:class:`MauMauSearch`) is described below; Malilla's, in its family's ``tools`` module, deals hands that
keep to the voids and the other limits its tricks show.

In Mau-Mau:

:class:`SearchBot` gets what every bot gets, a :class:`~maumau_rules.views.PlayerView` (with the legal moves),
never the state. Before each playout it deals the cards it cannot see (the other hands and the stock) at
random, consistently with what its seat has seen (:func:`determinize`): its own hand, the face-up discard
pile, every hand's size and the stock's size, and what it concluded from watching the other seats play
(:meth:`SearchBot.observe`: a seat that draws instead of playing holds no card that fits; one that plays a
wild card while it holds others has no other card that fits; one that wishes a suit holds that suit). It
rebuilds that candidate state through the public :class:`~maumau_rules.state.GameState` constructor and checks
that its legal moves are the view's. All playouts share one tree whose edges are moves (single-observer
ISMCTS: Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012): a move
is chosen by UCB1 among the moves legal in the current deal, counting how often each was available, with a
bias towards a quick heuristic's move that fades as the move is tried. Below the tree every seat plays by that
quick heuristic with some noise. A seat scores 1 for a playout it wins. The bot then plays the move tried
most often.

Its budget is a number of playouts (``playouts``) and, optionally, a time limit; its randomness comes from
its ``seed`` alone, so a bot with a playout budget chooses the same move for the same views every time.

>>> from maumau_rules import new_game
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=4)
>>> bot = SearchBot(playouts=50, seed=1)
>>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from .cards import Card
from .errors import BotError, MauMauError
from .game import apply, call_due, legal_moves
from .moves import CallOut, Draw, Move, Play
from .rules.effects import PendingDraw, WishSuit
from .rules.plan import Plan
from .state import GameState, Phase
from .variants import Variant
from .views import PlayerView

__all__ = ["HandLimit", "MauMauSearch", "SearchBot", "SearchError", "SearchModel", "candidates", "determinize"]

_EXPLORE: Final = 0.7
"""UCB1's exploration constant (rewards are 0 or 1)."""


class SearchError(BotError):
    """A search bot was misconfigured, or asked to move from a view it cannot act on.

    >>> SearchBot(playouts=0)
    Traceback (most recent call last):
    ...
    maumau_rules.search.SearchError: playouts=0: a search bot needs at least one playout
    """


def _penalty_stack(plan: Plan, discard: tuple[Card, ...], pending: int) -> tuple[Card, ...]:
    """The penalty cards under a pending draw: the top cards of the discard pile whose penalties add up to it
    (the view shows the pending amount and the pile; the state also lists the cards)."""
    if not pending:
        return ()
    total = 0
    count = 0
    for card in reversed(discard):
        amount = sum(e.amount for e in plan.effects.get(card, ()) if isinstance(e, PendingDraw))
        if not amount:
            break
        total += amount
        count += 1
        if total >= pending:
            break
    return discard[len(discard) - count:] if total == pending else ()


@attrs.frozen
class HandLimit:
    """A belief about one hand: it holds at least ``at_least`` and at most ``at_most`` of ``cards``.

    >>> from maumau_rules import parse_cards
    >>> HandLimit(frozenset(parse_cards("7h 8h")), at_most=0).allows(parse_cards("9h Jc"))
    True
    """

    cards: frozenset[Card]
    """The cards the belief is about."""
    at_most: int | None = None
    """How many of them the hand may hold at most (``None``: any number)."""
    at_least: int = 0
    """How many of them the hand holds at least."""

    def allows(self, hand: Sequence[Card]) -> bool:
        """Whether ``hand`` keeps to the belief.

        >>> from maumau_rules import parse_cards
        >>> HandLimit(frozenset(parse_cards("7h 8h")), at_least=1).allows(parse_cards("9h Jc"))
        False
        """
        held = sum(c in self.cards for c in hand)
        return held >= self.at_least and (self.at_most is None or held <= self.at_most)


def determinize(view: PlayerView, rng: random.Random, *,
                limits: Mapping[int, Sequence[HandLimit]] | None = None) -> GameState:
    """A state the view's seat cannot tell from the real one: its unseen cards dealt at random.

    The unseen cards are the deck less the seat's own hand and the discard pile. They are shuffled with
    ``rng`` and dealt to the other seats (as many as each holds) and to the stock. Everything else comes from
    the view. What a view does not show is chosen so that the state's legal moves are the view's: whether
    the top card was just played (``fresh``); the count of passes in a row is taken as 0 and the random
    state for later reshuffles is drawn from ``rng``.

    Args:
        view: the view of the seat to act (with its legal moves).
        rng: the source of the deal.
        limits: what the seat believes of other hands (:class:`HandLimit`, by seat). The deal keeps to them;
            when it cannot (the beliefs do not fit the unseen cards), that seat's limits are dropped.

    Raises:
        SearchError: the view is not of the seat to act in a round that goes on, or its counts do not add up.

    >>> from maumau_rules import new_game, parse_cards
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=3, seed=8)
    >>> pv = view(s, s.seat_to_act)
    >>> d = determinize(pv, random.Random(1))
    >>> d.hand(pv.seat) == pv.hand and d.hand_sizes == s.hand_sizes and d.discard == s.discard
    True
    >>> d.legal_moves() == pv.legal_moves and d.all_cards() == s.all_cards()
    True
    >>> other = (pv.seat + 1) % 3
    >>> hearts = frozenset(c for c in s.variant.plan.deck_cards if c.suit.value == "h")
    >>> d = determinize(pv, random.Random(1), limits={other: [HandLimit(hearts, at_most=0)]})
    >>> any(c in hearts for c in d.hand(other))
    False
    """
    if view.is_over or view.seat != view.seat_to_act or not view.legal_moves:
        raise SearchError(f"seat {view.seat} cannot move in this view: it is not its turn or the round is over")
    variant = view.rules
    plan = variant.plan
    unseen = Counter(plan.deck_cards)
    unseen.subtract(view.hand)
    unseen.subtract(view.discard)
    if any(n < 0 for n in unseen.values()):
        raise SearchError(f"the view of seat {view.seat} shows cards the {variant.deck} deck does not have")
    cards = list(unseen.elements())
    others = sum(n for seat, n in enumerate(view.hand_sizes) if seat != view.seat)
    if len(cards) != others + view.stock_size:
        raise SearchError(f"the view of seat {view.seat} does not add up: {len(cards)} unseen cards, but the other "
                          f"hands and the stock hold {others + view.stock_size}")
    seats = [seat for seat in range(len(view.hand_sizes)) if seat != view.seat]
    if limits:  # the seats with beliefs first
        seats.sort(key=lambda seat: -len(limits.get(seat, ())))
    for attempt in range(_ATTEMPTS):
        pile = list(cards)
        rng.shuffle(pile)
        dealt = _deal(pile, seats, view.hand_sizes, limits, keep=attempt == _ATTEMPTS - 1)
        if dealt is not None:
            break
    assert dealt is not None
    dealt[view.seat] = view.hand
    hands = tuple(dealt)
    penalty_stack = _penalty_stack(plan, view.discard, view.pending_draw)
    rng_state = rng.getrandbits(64)
    # After a draw the top card is never fresh; otherwise it usually is (the last player played it).
    for fresh in (False, True) if view.phase is Phase.DRAWN else (True, False):
        state = GameState(
            variant=variant, hands=hands, stock=tuple(pile), discard=view.discard,
            seat_to_act=view.seat_to_act, direction=view.direction, dealer=view.dealer, phase=view.phase,
            pending_draw=view.pending_draw, penalty_stack=penalty_stack, pending_skip=view.pending_skip,
            wished_suit=view.wished_suit, any_card=view.any_card, drawn=view.drawn, turn_plays=view.series,
            announced=view.announced, missed_calls=view.missed_calls, fresh=fresh, passes=0, turn=view.turn,
            rng=rng_state, winner=None, end=None)
        if legal_moves(state) == view.legal_moves:
            return state
    raise SearchError(f"no state with seat {view.seat}'s view has the view's legal moves "
                      f"({' '.join(map(str, view.legal_moves))})")


_ATTEMPTS: Final = 20
"""Shuffles :func:`determinize` tries for a deal that keeps to every belief before it drops some."""


def _deal(pile: list[Card], seats: Sequence[int], sizes: Sequence[int], limits: Mapping[int, Sequence[HandLimit]] | None,
          *, keep: bool) -> list[tuple[Card, ...]] | None:
    """Deal the hands of ``seats`` from the shuffled ``pile`` (what is left stays in it), each taking the first
    cards its limits allow; ``None`` when a seat's limits cannot be kept, unless ``keep`` (then that seat's limits
    are dropped)."""
    hands: list[tuple[Card, ...]] = [()] * len(sizes)
    for seat in seats:
        size = sizes[seat]
        mine = limits.get(seat) if limits else None
        taken = _within(pile, size, mine) if mine else None
        if taken is None:
            if mine and not keep:
                return None
            hand = pile[:size]
            del pile[:size]
        else:
            hand = [pile[i] for i in taken]
            for i in reversed(taken):
                del pile[i]
        hands[seat] = tuple(hand)
    return hands


def _within(pile: list[Card], size: int, limits: Sequence[HandLimit]) -> list[int] | None:
    """The positions in ``pile`` of ``size`` cards a hand can hold within ``limits`` (the first cards that each
    belief needs, then the first cards that they allow), or ``None`` when there are none."""
    room = [len(pile) if b.at_most is None else b.at_most for b in limits]
    taken: list[int] = []
    chosen: set[int] = set()

    def fits(card: Card) -> list[int] | None:
        hit = [k for k, b in enumerate(limits) if card in b.cards]
        return None if any(room[k] <= 0 for k in hit) else hit

    def take(i: int, hit: list[int]) -> None:
        for k in hit:
            room[k] -= 1
        taken.append(i)
        chosen.add(i)

    for b in limits:
        need = b.at_least - sum(pile[i] in b.cards for i in taken)
        for i, card in enumerate(pile):
            if need <= 0 or len(taken) == size:
                break
            if i in chosen or card not in b.cards:
                continue
            hit = fits(card)
            if hit is not None:
                take(i, hit)
                need -= 1
        if need > 0:
            return None
    for i, card in enumerate(pile):
        if len(taken) == size:
            break
        if i not in chosen:
            hit = fits(card)
            if hit is not None:
                take(i, hit)
    return sorted(taken) if len(taken) == size else None


class _Belief:
    """What :class:`SearchBot` believes of a seat's hand: at least ``at_least`` and at most ``at_most`` of
    ``cards`` (inferred at move ``turn``); a mutable :class:`HandLimit`."""

    __slots__ = ("at_least", "at_most", "cards", "turn")

    def __init__(self, cards: frozenset[Card], at_most: int | None, at_least: int, turn: int) -> None:
        self.cards = cards
        self.at_most = at_most
        self.at_least = at_least
        self.turn = turn

    def limit(self) -> HandLimit:
        return HandLimit(self.cards, self.at_most, self.at_least)


class _Node:
    """One move's node in the search tree: who made it, and how it fared."""

    __slots__ = ("available", "bias", "children", "seat", "visits", "wins")

    def __init__(self, seat: int, bias: float = 0.0) -> None:
        self.seat = seat
        self.bias = bias
        self.visits = 0
        self.wins = 0.0
        self.available = 1
        self.children: dict[Move, _Node] = {}


def candidates(moves: tuple[Move, ...], variant: Variant | None = None, hand: Sequence[Card] = ()
               ) -> tuple[Move, ...]:
    """The moves worth searching among ``moves``: a call-out alone when one is listed (a forgotten call is
    always called out), and of the forms of a play that differ only in the call, the one with the call due
    (:func:`~maumau_rules.game.call_due` for ``hand`` in ``variant``; without them, the form with a call).

    >>> from maumau_rules import find_variant, parse_move, parse_cards
    >>> moves = tuple(map(parse_move, ["9h", "9h mau", "9h maumau", "Ts", "draw"]))
    >>> [str(m) for m in candidates(moves, find_variant("standard"), parse_cards("9h Ts"))]
    ['9♥ mau', '10♠', 'draw']
    >>> [str(m) for m in candidates(moves, find_variant("greek-150"), parse_cards("9h Jc"))]
    ['9♥ maumau', '10♠', 'draw']
    >>> [str(m) for m in candidates((*moves, parse_move("callout 1")))]
    ['callout 1']
    """
    last = moves[-1]
    if type(last) is CallOut:
        return (last,)
    called = {m.card for m in moves if type(m) is Play and m.call is not None}
    if not called:
        return moves
    if variant is None:
        return tuple(m for m in moves if type(m) is not Play or m.card not in called or m.call is not None)
    due = {card: call_due(variant, hand, card) for card in called}
    return tuple(m for m in moves if type(m) is not Play or m.card not in called or m.call is due[m.card])


def _options(state: GameState) -> tuple[Move, ...]:
    """:func:`candidates` of the seat to act in ``state`` (its hand is read only when a call may be due)."""
    moves = legal_moves(state)
    if type(moves[-1]) is CallOut:
        return (moves[-1],)
    for m in moves:
        if type(m) is not Play:
            return moves
        if m.call is not None:
            return candidates(moves, state.variant, state.hand(state.seat_to_act))
    return moves


def _playout(state: GameState, rng: random.Random, info: dict[int, _PlayInfo]) -> GameState:
    """Play ``state`` out, every seat by the same quick policy (:func:`_policy`)."""
    roles = state.variant.plan.roles
    while not state.is_over:
        state = apply(state, _policy(state, roles, info, rng))
    return state


class _PlayInfo:
    """What the quick policy needs of a play: its fixed score and what it is."""

    __slots__ = ("base", "hurts", "suit", "wild", "wish")

    def __init__(self, move: Play, roles: frozenset[str]) -> None:
        self.wild = "wild" in roles
        self.hurts = "penalty" in roles or "skip" in roles
        self.base = int(move.card.rank) / 20 + (1.0 if self.hurts else 0.0) + (2.0 if "again" in roles else 0.0)
        self.suit = move.card.suit
        self.wish = move.wish


def _policy(state: GameState, roles: Mapping[Card, frozenset[str]], info: dict[int, _PlayInfo],
            rng: random.Random | None) -> Move:
    """A quick player for the tree's bias and for playouts: call out a forgotten call; else play the card that
    scores best: keep wild cards while other cards fit and more than one would be left, use penalties and skips
    on a next player close to finishing, shed high cards, wish the suit held most, make the call due (with a
    little noise from ``rng``, when given); else draw; else pass."""
    moves = _options(state)
    last = moves[-1]
    if type(last) is CallOut:
        return last
    first = moves[0]
    if type(first) is not Play:
        for m in moves:
            if type(m) is Draw:
                return m
        return first
    if len(moves) == 1 or type(moves[1]) is not Play:
        return first
    seat = state.seat_to_act
    sizes = state.hand_sizes
    keep_wild = sizes[seat] > 2
    threat = 3.0 if sizes[(seat + state.direction) % len(sizes)] <= 2 else 0.0
    suits: Counter[object] | None = None
    best = -1e9
    choice: Move = first
    for m in moves:
        if type(m) is not Play:
            break
        i = info.get(id(m))
        if i is None:
            assert isinstance(m, Play)
            i = info[id(m)] = _PlayInfo(m, roles.get(m.card, frozenset()))
        score = i.base
        if i.wild and keep_wild:
            score -= 8.0
        if i.hurts:
            score += threat
        if i.wish is not None:
            if suits is None:
                suits = Counter(c.suit for c in state.hand(seat))
            score += (suits[i.wish] - (i.suit is i.wish)) * 0.5
        if rng is not None:
            score += rng.random() * 1.5
        if score > best:
            best, choice = score, m
    return choice


class SearchModel(Protocol):
    """What :class:`SearchBot` asks of a game family (its ``search_model`` hook, :mod:`maumau_rules.toolhooks`): one
    object per bot and family, which may follow the round from the bot's views."""

    infer: bool

    def observe(self, view: Any) -> None:
        """Take in what the bot's seat sees after a move.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> MauMauSearch().observe(view(new_game("standard", 2, seed=1), 0))
        """

    def limits(self) -> dict[int, list[tuple[frozenset[Card], int | None, int]]]:
        """What the model believes of the other hands: ``(cards, at_most, at_least)`` by seat.

        >>> MauMauSearch().limits()
        {}
        """

    def root_moves(self, view: Any) -> tuple[Move, ...]:
        """The moves worth searching at the view (its legal moves, or fewer).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("malilla", 4, seed=1)
        >>> SearchBot()._model_for(view(s, 0)).root_moves(view(s, s.seat_to_act)) == s.legal_moves()
        True
        """

    def sampler(self, view: Any) -> Callable[[random.Random], Any]:
        """A function that deals, from a generator, a state the view's seat cannot tell from the real one.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", 2, seed=1)
        >>> MauMauSearch().sampler(view(s, s.seat_to_act))(random.Random(3)).hand_sizes == s.hand_sizes
        True
        """

    def options(self, state: Any) -> tuple[Move, ...]:
        """The moves searched at a state in the tree.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1)
        >>> set(MauMauSearch().options(s)) <= set(s.legal_moves())
        True
        """

    def policy(self, state: Any, rng: random.Random | None) -> Move:
        """The quick policy's move (with noise from ``rng``; none: the tree's bias).

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", 2, seed=1)
        >>> MauMauSearch().policy(s, None) in s.legal_moves()
        True
        """

    def playout(self, state: Any, rng: random.Random) -> Any:
        """The state played out to its end by the quick policy.

        >>> from maumau_rules import new_game
        >>> MauMauSearch().playout(new_game("standard", 2, seed=1), random.Random(2)).is_over
        True
        """

    def reward(self, final: Any, seat: int) -> float:
        """``seat``'s reward (0 to 1) for a finished playout.

        >>> from maumau_rules import new_game
        >>> MauMauSearch().reward(new_game("standard", 2, seed=1), 1)
        0.0
        """


class MauMauSearch:
    """The search model of Mau-Mau (see :class:`SearchModel`): deals from :func:`determinize` that keep to what
    the seat concluded from watching the others (:meth:`observe`), :func:`candidates` at the root, the quick policy
    in the playouts, and a reward of 1 for the seat that wins.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=2, seed=4)
    >>> MauMauSearch().sampler(view(s, s.seat_to_act))(random.Random(1)).legal_moves() == s.legal_moves()
    True
    """

    def __init__(self, infer: bool = True) -> None:
        self.infer = infer
        self._last: PlayerView | None = None
        self._beliefs: dict[int, list[_Belief]] = {}
        self._last_played = False
        self._fits: dict[tuple[object, ...], frozenset[Card]] = {}
        self._info: dict[int, _PlayInfo] = {}

    def limits(self) -> dict[int, list[tuple[frozenset[Card], int | None, int]]]:
        """What the model now believes of the other hands, as ``(cards, at_most, at_least)``.

        >>> MauMauSearch().limits()
        {}
        """
        return {seat: [(b.cards, b.at_most, b.at_least) for b in found] for seat, found in self._beliefs.items()
                if found}

    def observe(self, view: PlayerView) -> None:
        """Take in what this seat sees after a move. A runner that calls it after every move (as
        :func:`maumau_rules.simulate.play_game` does) lets the bot follow the other seats' draws and plays;
        ``choose`` calls it too, with the view it is given.

        With ``infer`` set, the bot takes the other seats to play as the sources advise (play when you can,
        keep wild cards for when nothing else fits, wish the suit you hold most) and concludes:

        * a seat that draws at the start of its turn (nothing pending) holds no card that could be played then;
          one that passes after drawing, that the drawn card could not be played either;
        * a seat that plays a wild card at the start of its turn and keeps two cards or more has no other card
          that could have been played;
        * a seat that wishes a suit and keeps a card holds a card of that suit.

        Each card a seat draws later may be one it was believed not to hold; each card of a suit it plays may be
        the one it was believed to hold; a seat that plays a card it should not hold drops the belief.

        >>> from maumau_rules import new_game, apply, Draw
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=3)
        >>> bot = MauMauSearch()
        >>> other = 1 - s.seat_to_act
        >>> bot.observe(view(s, other))
        >>> bot.observe(view(apply(s, Draw()), other))
        >>> [(len(cards) > 0, at_most) for cards, at_most, _ in bot.limits()[s.seat_to_act]]
        [(True, 1)]
        """
        last = self._last
        self._last = view
        if last is None or last.seat != view.seat or view.turn < last.turn or last.is_over:
            self._beliefs = {}
            self._last_played = False
            return
        if view.turn == last.turn:
            return
        if view.turn != last.turn + 1:  # moves were missed: what the seats drew meanwhile is unknown
            self._beliefs = {}
            return
        if self.infer:
            self._learn(last, view)
        self._last_played = len(view.discard) > len(last.discard)

    def _learn(self, before: PlayerView, after: PlayerView) -> None:
        """Update the beliefs from one move of ``before.seat_to_act``."""
        actor = before.seat_to_act
        me = after.seat
        grew = [a - b for a, b in zip(after.hand_sizes, before.hand_sizes, strict=True)]
        played = len(after.discard) - len(before.discard)
        if played < 0:  # the pile went back into the stock
            if not grew[actor] > 0:  # ... within a play: which cards were played is not known
                self._beliefs = {}
                return
            played = 0
        beliefs = self._beliefs
        for seat, change in enumerate(grew):
            if seat == me or seat not in beliefs:
                continue
            if change > 0:
                for b in beliefs[seat]:
                    if b.at_most is not None:
                        b.at_most += change
            elif change < 0 and not (seat == actor and change == -played):  # cards left a hand another way
                del beliefs[seat]
        if actor == me:
            return
        found = beliefs.get(actor, [])
        for card in after.discard[len(after.discard) - played:] if played else ():
            for b in found:
                if card in b.cards:
                    b.at_least = max(0, b.at_least - 1)
                    if b.at_most is not None:
                        b.at_most -= 1
            found = [b for b in found if b.at_most is None or b.at_most >= 0]  # it held a card it should not
        plan = before.rules.plan
        start = before.phase is Phase.PLAY and not before.pending_draw and not before.pending_skip
        if (start and not played and before.hand_sizes[actor] > 1  # (a last card may be barred from finishing)
                and grew[actor] > 0 and after.seat_to_act == actor and after.phase is Phase.DRAWN):
            found.append(_Belief(self._fitting(before), grew[actor], 0, after.turn))
        elif (before.phase is Phase.DRAWN and not played and not grew[actor] and after.seat_to_act != actor
              and plan.draw_policy.after_draw != "none" and found and found[-1].turn == before.turn):
            found[-1].at_most = 0  # it passed: the drawn card could not be played either
        if played == 1 and grew[actor] == -1:
            card = after.discard[-1]
            if start and before.hand_sizes[actor] > 2 and "wild" in plan.roles.get(card, ()):
                others = frozenset(c for c in self._fitting(before) if "wild" not in plan.roles.get(c, ()))
                found.append(_Belief(others, 0, 0, after.turn))
            if after.wished_suit is not None and after.hand_sizes[actor] > 0 and any(
                    isinstance(e, WishSuit) for e in plan.effects.get(card, ())):
                suit = frozenset(c for c in plan.deck_cards if c.suit is after.wished_suit)
                found.append(_Belief(suit, None, 1, after.turn))
        size = after.hand_sizes[actor]
        found = [b for b in found if b.at_least > 0 or (b.at_most is not None and b.at_most < size)]
        if found:
            beliefs[actor] = found
        else:
            beliefs.pop(actor, None)

    def _fitting(self, pv: PlayerView) -> frozenset[Card]:
        """The cards that could be played at the start of a turn in the situation ``pv`` shows, found by asking
        the engine for the legal moves of a seat that holds one of every card."""
        key = (pv.variant, pv.top_card, pv.wished_suit, pv.any_card, pv.turn == 0, self._last_played)
        known = self._fits.get(key)
        if known is not None:
            return known
        variant = pv.rules
        every = tuple(dict.fromkeys(variant.plan.deck_cards))
        hands = tuple(every if seat == pv.seat_to_act else () for seat in range(pv.players))
        probe = GameState(variant=variant, hands=hands, stock=(), discard=pv.discard, seat_to_act=pv.seat_to_act,
                          direction=pv.direction, dealer=pv.dealer, phase=Phase.PLAY, pending_draw=0,
                          penalty_stack=(), pending_skip=0, wished_suit=pv.wished_suit, any_card=pv.any_card,
                          drawn=None, turn_plays=(), announced=pv.announced, missed_calls=(),
                          fresh=self._last_played, passes=0, turn=pv.turn, rng=0, winner=None, end=None)
        fits = frozenset(m.card for m in legal_moves(probe) if type(m) is Play)
        self._fits[key] = fits
        return fits

    def root_moves(self, view: PlayerView) -> tuple[Move, ...]:
        """:func:`candidates` of the view's legal moves.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=4)
        >>> set(MauMauSearch().root_moves(view(s, s.seat_to_act))) <= set(s.legal_moves())
        True
        """
        return candidates(view.legal_moves, view.rules, view.hand)

    def sampler(self, view: PlayerView) -> Callable[[random.Random], GameState]:
        """Deals from :func:`determinize` with the beliefs held now (none without ``infer``).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=3, seed=4)
        >>> MauMauSearch().sampler(view(s, s.seat_to_act))(random.Random(0)).hand_sizes == s.hand_sizes
        True
        """
        raw = self.limits() if self.infer else {}
        limits = {seat: [HandLimit(*t) for t in found] for seat, found in raw.items()} or None

        def sample(rng: random.Random) -> GameState:
            return determinize(view, rng, limits=limits)

        return sample

    def options(self, state: GameState) -> tuple[Move, ...]:
        """:func:`candidates` of the seat to act at ``state``.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=4)
        >>> set(MauMauSearch().options(s)) <= set(s.legal_moves())
        True
        """
        return _options(state)

    def policy(self, state: GameState, rng: random.Random | None) -> Move:
        """The quick policy's move.

        >>> from maumau_rules import new_game
        >>> s = new_game("standard", players=2, seed=4)
        >>> MauMauSearch().policy(s, None) in s.legal_moves()
        True
        """
        return _policy(state, state.variant.plan.roles, self._info, rng)

    def playout(self, state: GameState, rng: random.Random) -> GameState:
        """``state`` played out by the quick policy.

        >>> from maumau_rules import new_game
        >>> MauMauSearch().playout(new_game("standard", players=2, seed=4), random.Random(1)).is_over
        True
        """
        return _playout(state, rng, self._info)

    def reward(self, final: GameState, seat: int) -> float:
        """1 for the seat that won, else 0.

        >>> from maumau_rules import new_game
        >>> MauMauSearch().reward(new_game("standard", players=2, seed=4), 0)
        0.0
        """
        return 1.0 if final.winner == seat else 0.0


class SearchBot:
    """Information-set Monte Carlo tree search over deals consistent with the bot's view (see the module), for a
    game of any family: what is particular to a family (how to deal the unseen cards, the quick policy, a
    playout's reward) comes from that family's :class:`SearchModel`.

    Args:
        playouts: playouts per decision (at least 1); a decision with one legal move needs none.
        seed: the seed of the bot's own generator (deals and playouts).
        time_limit: an optional time budget per decision in seconds: the search stops when it is spent (after
            at least one playout) or after ``playouts``, whichever comes first. Timed search is not
            reproducible.
        clock: the clock for ``time_limit`` (default :func:`time.perf_counter`).
        exploration: UCB1's exploration constant.
        infer: draw conclusions from what the other seats do (see :meth:`MauMauSearch.observe`; Malilla's deals
            keep to the voids and other limits the tricks show).

    Raises:
        SearchError: a budget that is not a positive number.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=2, seed=9)
    >>> pv = view(s, s.seat_to_act)
    >>> SearchBot(playouts=40, seed=3).choose(pv) == SearchBot(playouts=40, seed=3).choose(pv)
    True
    >>> m = new_game("malilla", players=4, seed=9)
    >>> SearchBot(playouts=10, seed=3).choose(view(m, m.seat_to_act)) in m.legal_moves()
    True
    """

    def __init__(self, playouts: int = 200, seed: int = 0, *, time_limit: float | None = None,
                 clock: Callable[[], float] | None = None, exploration: float = _EXPLORE, infer: bool = True
                 ) -> None:
        if type(playouts) is not int or playouts < 1:
            raise SearchError(f"playouts={playouts!r}: a search bot needs at least one playout")
        if time_limit is not None and not (isinstance(time_limit, int | float) and time_limit > 0):
            raise SearchError(f"time_limit={time_limit!r}: give a positive number of seconds, or None")
        if not (isinstance(exploration, int | float) and exploration >= 0):
            raise SearchError(f"exploration={exploration!r} must be a number >= 0")
        self.playouts = playouts
        self.time_limit = time_limit
        self._clock = clock
        self._explore = float(exploration)
        self._bias = 1.0
        self._rng = random.Random(seed)
        self.infer = infer
        self.last_playouts = 0
        """How many playouts the last decision ran."""
        self._model: SearchModel | None = None
        self._family = ""

    def _model_for(self, view: Any) -> SearchModel:
        """The search model of the view's family (a new one when the family changes)."""
        family = view.rules.family
        if self._model is None or family != self._family:
            from .toolhooks import tools_for_family

            self._model = tools_for_family(family).search_model(self.infer)
            self._family = family
        assert self._model is not None
        return self._model

    @property
    def limits(self) -> dict[int, list[HandLimit]]:
        """What the bot now believes of the other hands, as :func:`determinize` takes it.

        >>> SearchBot().limits
        {}
        """
        if self._model is None:
            return {}
        return {seat: [HandLimit(*t) for t in found] for seat, found in self._model.limits().items()}

    def observe(self, view: Any) -> None:
        """Take in what this seat sees after a move (:meth:`MauMauSearch.observe` says what a Mau-Mau bot
        concludes). A runner that calls it after every move (as :func:`maumau_rules.simulate.play_game` does) lets
        the bot follow the other seats; ``choose`` calls it too, with the view it is given.

        >>> from maumau_rules import new_game, apply, Draw
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=3)
        >>> bot = SearchBot(seed=1)
        >>> other = 1 - s.seat_to_act
        >>> bot.observe(view(s, other))
        >>> bot.observe(view(apply(s, Draw()), other))
        >>> [(len(b.cards) > 0, b.at_most) for b in bot.limits[s.seat_to_act]]
        [(True, 1)]
        """
        self._model_for(view).observe(view)

    def interject(self, view: Any) -> Move | None:
        """Between turns: call out whoever missed a call, whenever the rules allow it (a call-out costs nothing).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> SearchBot().interject(view(new_game("standard", players=2, seed=2), 0)) is None
        True
        """
        self.observe(view)
        if view.seat == view.seat_to_act:
            return None
        return next((m for m in view.legal_moves if type(m) is CallOut), None)

    def choose(self, view: Any) -> Move:
        """Search from ``view`` (a player's view of any family) and return the legal move tried most often.

        Raises:
            SearchError: the view has no legal moves (it is not this seat's turn, or the round is over).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=2)
        >>> bot = SearchBot(playouts=30, seed=5)
        >>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves(), bot.last_playouts
        (True, 30)
        >>> bot.choose(view(s, 1 - s.seat_to_act))
        Traceback (most recent call last):
        ...
        maumau_rules.search.SearchError: seat ... cannot move in this view: it is not its turn or the round is over
        """
        if not view.legal_moves or view.seat != view.seat_to_act or view.is_over:
            raise SearchError(f"seat {view.seat} cannot move in this view: it is not its turn or the round is over")
        model = self._model_for(view)
        model.observe(view)
        legal = model.root_moves(view)
        if len(legal) == 1:
            self.last_playouts = 0
            return legal[0]
        root = _Node(view.seat)
        rng = self._rng
        deadline = None
        clock = self._clock
        if self.time_limit is not None:
            if clock is None:
                import time

                clock = time.perf_counter
            deadline = clock() + self.time_limit
        done = 0
        try:
            sample = model.sampler(view)
            while done < self.playouts:
                self._iterate(root, sample(rng), rng, model)
                done += 1
                if deadline is not None and clock is not None and clock() >= deadline:
                    break
        except MauMauError as exc:
            if isinstance(exc, SearchError):
                raise
            raise SearchError(str(exc)) from None
        self.last_playouts = done
        children = root.children
        return max(legal, key=lambda m: (children[m].visits, children[m].wins) if m in children else (-1, 0))

    def _iterate(self, root: _Node, state: Any, rng: random.Random, model: SearchModel) -> None:
        """One playout: down the tree by UCB1 among the moves legal in this deal (with a bias towards the quick
        policy's move that fades with visits), add one node, play out."""
        node = root
        path: list[_Node] = []
        explore = self._explore
        bias = self._bias
        while not state.is_over:
            moves = model.options(state)
            children = node.children
            untried = []
            for m in moves:
                child = children.get(m)
                if child is None:
                    untried.append(m)
                else:
                    child.available += 1
            if untried:
                preferred = model.policy(state, None)
                if preferred in untried:
                    move = preferred
                else:
                    move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[move] = _Node(state.seat_to_act, bias if move is preferred else 0.0)
                path.append(child)
                state = apply(state, move)
                break
            best = -1.0
            move = moves[0]
            for m in moves:
                c = children[m]
                n = c.visits
                score = c.wins / n + explore * math.sqrt(math.log(c.available) / n) + c.bias / (n + 1)
                if score > best:
                    best, move = score, m
            node = children[move]
            path.append(node)
            state = apply(state, move)
        final = model.playout(state, rng)
        for step in path:
            step.visits += 1
            step.wins += model.reward(final, step.seat)
