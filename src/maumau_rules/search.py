"""A stronger computer player: information-set Monte Carlo tree search from one seat's view.

:class:`SearchBot` gets what every bot gets, a :class:`~maumau_rules.views.PlayerView` (with the legal moves),
never the state. Before each playout it deals the cards it cannot see (the other hands and the stock) at
random, consistently with what the view shows (:func:`determinize`): its own hand, the face-up discard pile,
every hand's size and the stock's size. It rebuilds that candidate state through the public
:class:`~maumau_rules.state.GameState` constructor and checks that its legal moves are the view's. All
playouts share one tree whose edges are moves (single-observer ISMCTS: Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012): a move is chosen by UCB1 among the moves legal
in the current deal, counting how often each was available. Below the tree a playout plays a card whenever
one can be played (a random one), otherwise draws, and calls out every forgotten call. A seat scores 1 for
a playout it wins. The bot then plays the move tried most often.

Its budget is a number of playouts (``playouts``) and, optionally, a time limit; its randomness comes from
its ``seed`` alone, so a bot with a playout budget chooses the same move for the same view every time.

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
from typing import Final

from .bots import BotError
from .cards import Card
from .engine import apply, legal_moves
from .moves import CallOut, Draw, Move, Play
from .rules.effects import PendingDraw
from .rules.plan import Plan
from .state import GameState, Phase
from .views import PlayerView

__all__ = ["Limit", "SearchBot", "SearchError", "candidates", "determinize"]

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


Limit = tuple[frozenset[Card], int]
"""``(cards, at_most)``: a seat holds at most ``at_most`` of ``cards`` (what :class:`SearchBot` infers)."""


def determinize(view: PlayerView, rng: random.Random, *,
                limits: Mapping[int, Sequence[Limit]] | None = None) -> GameState:
    """A state the view's seat cannot tell from the real one: its unseen cards dealt at random.

    The unseen cards are the deck less the seat's own hand and the discard pile. They are shuffled with
    ``rng`` and dealt to the other seats (as many as each holds) and to the stock. Everything else comes from
    the view. What a view does not show is chosen so that the state's legal moves are the view's: whether
    the top card was just played (``fresh``); the count of passes in a row is taken as 0 and the random
    state for later reshuffles is drawn from ``rng``.

    Args:
        view: the view of the seat to act (with its legal moves).
        rng: the source of the deal.
        limits: what the seat believes of other hands: for a seat, ``(cards, at_most)`` pairs, each saying it
            holds at most ``at_most`` of ``cards``. The deal keeps to them; when it cannot (the beliefs do not
            fit the unseen cards), that seat's limits are dropped.

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
    >>> d = determinize(pv, random.Random(1), limits={other: [(hearts, 0)]})
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
    rng.shuffle(cards)
    hands: list[tuple[Card, ...]] = [()] * len(view.hand_sizes)
    hands[view.seat] = view.hand
    seats = [seat for seat in range(len(view.hand_sizes)) if seat != view.seat]
    if limits:  # the seats with beliefs first, each taking the first cards of the shuffled pile its limits allow
        seats.sort(key=lambda seat: -len(limits.get(seat, ())))
    for seat in seats:
        size = view.hand_sizes[seat]
        mine = limits.get(seat) if limits else None
        taken = _within(cards, size, mine) if mine else None
        if taken is None:
            hand = cards[:size]
            del cards[:size]
        else:
            hand = [cards[i] for i in taken]
            for i in reversed(taken):
                del cards[i]
        hands[seat] = tuple(hand)
    penalty_stack = _penalty_stack(plan, view.discard, view.pending_draw)
    rng_state = rng.getrandbits(64)
    # After a draw the top card is never fresh; otherwise it usually is (the last player played it).
    for fresh in (False, True) if view.phase is Phase.DRAWN else (True, False):
        state = GameState(
            variant=variant, hands=tuple(hands), stock=tuple(cards), discard=view.discard,
            seat_to_act=view.seat_to_act, direction=view.direction, dealer=view.dealer, phase=view.phase,
            pending_draw=view.pending_draw, penalty_stack=penalty_stack, pending_skip=view.pending_skip,
            wished_suit=view.wished_suit, any_card=view.any_card, drawn=view.drawn, turn_plays=view.series,
            announced=view.announced, missed_call=view.missed_call, fresh=fresh, passes=0, turn=view.turn,
            rng=rng_state, winner=None, end=None)
        if legal_moves(state) == view.legal_moves:
            return state
    raise SearchError(f"no state with seat {view.seat}'s view has the view's legal moves "
                      f"({' '.join(map(str, view.legal_moves))})")


def _within(pile: list[Card], size: int, limits: Sequence[Limit]) -> list[int] | None:
    """The positions of the first ``size`` cards of ``pile`` that a hand can take within ``limits``, or ``None``."""
    room = [at_most for _, at_most in limits]
    taken: list[int] = []
    for i, card in enumerate(pile):
        if len(taken) == size:
            break
        hit = [k for k, (cards, _) in enumerate(limits) if card in cards]
        if any(room[k] <= 0 for k in hit):
            continue
        for k in hit:
            room[k] -= 1
        taken.append(i)
    return taken if len(taken) == size else None


class _Belief:
    """A seat holds at most ``at_most`` of ``cards`` (inferred at move ``turn``)."""

    __slots__ = ("at_most", "cards", "turn")

    def __init__(self, cards: frozenset[Card], at_most: int, turn: int) -> None:
        self.cards = cards
        self.at_most = at_most
        self.turn = turn


class _Node:
    """One move's node in the search tree: who made it, and how it fared."""

    __slots__ = ("available", "bias", "children", "seat", "visits", "wins")

    def __init__(self, seat: int, bias: float = 0.0) -> None:
        self.seat = seat
        self.bias = bias
        self.visits = 0
        self.wins = 0
        self.available = 1
        self.children: dict[Move, _Node] = {}


def candidates(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """The moves worth searching among ``moves``: a call-out alone when one is listed (a forgotten call is
    always called out), and a play without its call only when it cannot be made with the call.

    >>> from maumau_rules import parse_move
    >>> moves = tuple(map(parse_move, ["9h", "9h mau", "Ts", "draw"]))
    >>> [str(m) for m in candidates(moves)]
    ['9♥ mau', '10♠', 'draw']
    >>> [str(m) for m in candidates((*moves, parse_move("callout 1")))]
    ['callout 1']
    """
    last = moves[-1]
    if type(last) is CallOut:
        return (last,)
    called = {(m.card, m.wish) for m in moves if type(m) is Play and m.call is not None}
    if not called:
        return moves
    return tuple(m for m in moves if type(m) is not Play or m.call is not None or (m.card, m.wish) not in called)


def _playout(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` out, every seat by the same quick policy (:func:`_policy`)."""
    plan = state.variant.plan
    while not state.is_over:
        state = apply(state, _policy(state, plan, rng))
    return state


def _policy(state: GameState, plan: Plan, rng: random.Random | None) -> Move:
    """A quick player for playouts: call out a forgotten call; else play the card that scores best (keep wild
    cards while others fit, use penalties and skips on a next player close to finishing, shed high cards, keep
    the suits held, wish the suit held most, make the call due), with a little noise; else draw; else pass."""
    moves = legal_moves(state)
    last = moves[-1]
    if type(last) is CallOut:
        return last
    if type(moves[0]) is not Play:
        for m in moves:
            if type(m) is Draw:
                return m
        return moves[0]
    seat = state.seat_to_act
    hand = state.hand(seat)
    roles = plan.roles
    nxt = (seat + state.direction) % len(state.announced)
    threat = state.hand_sizes[nxt] <= 2
    suits = Counter(c.suit for c in hand)
    best = -1e9
    choice = moves[0]
    for m in moves:
        if type(m) is not Play:
            continue
        card = m.card
        role = roles.get(card, ())
        score = int(card.rank) / 20 + (rng.random() * 1.5 if rng is not None else 0.0)
        if "wild" in role and len(hand) > 2:
            score -= 8
        if "penalty" in role or "skip" in role:
            score += 4 if threat else 1
        if "again" in role:
            score += 2
        if card.suit is not None:
            score += (suits[card.suit] - 1) * 0.3
        if m.wish is not None:
            score += (suits[m.wish] - (card.suit is m.wish)) * 0.5
        if m.call is not None:
            score += 5
        if score > best:
            best, choice = score, m
    return choice


class SearchBot:
    """Information-set Monte Carlo tree search over deals consistent with the bot's view (see the module).

    Args:
        playouts: playouts per decision (at least 1); a decision with one legal move needs none.
        seed: the seed of the bot's own generator (deals and playouts).
        time_limit: an optional time budget per decision in seconds: the search stops when it is spent (after
            at least one playout) or after ``playouts``, whichever comes first. Timed search is not
            reproducible.
        clock: the clock for ``time_limit`` (default :func:`time.perf_counter`).
        exploration: UCB1's exploration constant.
        infer: draw conclusions from what the other seats do (see :meth:`observe`).

    Raises:
        SearchError: a budget that is not a positive number.

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=2, seed=9)
    >>> pv = view(s, s.seat_to_act)
    >>> SearchBot(playouts=40, seed=3).choose(pv) == SearchBot(playouts=40, seed=3).choose(pv)
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
        self._last: PlayerView | None = None
        self._beliefs: dict[int, list[_Belief]] = {}
        self._last_played = False
        self._fits: dict[tuple[object, ...], frozenset[Card]] = {}

    @property
    def limits(self) -> dict[int, list[Limit]]:
        """What the bot now believes of the other hands, as :func:`determinize` takes it.

        >>> SearchBot().limits
        {}
        """
        return {seat: [(b.cards, b.at_most) for b in found] for seat, found in self._beliefs.items() if found}

    def observe(self, view: PlayerView) -> None:
        """Take in what this seat sees after a move. A runner that calls it after every move (as
        :func:`maumau_rules.simulate.play_game` does) lets the bot follow the other seats' draws and plays;
        :meth:`choose` calls it too, with the view it is given.

        With ``infer`` set, a seat that draws at the start of its turn (nothing pending) is taken to hold no card
        that could be played then, and one that passes after drawing, that the drawn card could not be played
        either: they are taken to play when they can. Each card a seat draws later may be one of those, and a
        seat that plays one it should not hold drops the belief.

        >>> from maumau_rules import new_game, apply, Draw
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=3)
        >>> bot = SearchBot(seed=1)
        >>> other = 1 - s.seat_to_act
        >>> bot.observe(view(s, other))
        >>> bot.observe(view(apply(s, Draw()), other))
        >>> [(len(cards) > 0, at_most) for cards, at_most in bot.limits[s.seat_to_act]]
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
        if played < 0:  # a reshuffle within a play: which cards were played is not known
            self._beliefs = {}
            return
        beliefs = self._beliefs
        for seat, change in enumerate(grew):
            if seat == me or seat not in beliefs:
                continue
            if change > 0:
                for b in beliefs[seat]:
                    b.at_most += change
            elif change < 0 and not (seat == actor and change == -played):  # cards left a hand another way
                del beliefs[seat]
        if actor == me:
            return
        found = beliefs.get(actor, [])
        for card in after.discard[len(after.discard) - played:] if played else ():
            for b in found:
                if card in b.cards:
                    b.at_most -= 1
            found = [b for b in found if b.at_most >= 0]  # a card it should not hold: the belief was wrong
        plan = before.rules.plan
        if (before.phase is Phase.PLAY and not before.pending_draw and not before.pending_skip and not played
                and before.hand_sizes[actor] > 1  # (a last card may be barred from finishing)
                and grew[actor] > 0 and after.seat_to_act == actor and after.phase is Phase.DRAWN):
            found.append(_Belief(self._fitting(before), grew[actor], after.turn))
        elif (before.phase is Phase.DRAWN and not played and not grew[actor] and after.seat_to_act != actor
              and plan.draw_policy.after_draw != "none" and found and found[-1].turn == before.turn):
            found[-1].at_most = 0  # it passed: the drawn card could not be played either
        size = after.hand_sizes[actor]
        found = [b for b in found if b.at_most < size]
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
                          drawn=None, turn_plays=(), announced=pv.announced, missed_call=None,
                          fresh=self._last_played, passes=0, turn=pv.turn, rng=0, winner=None, end=None)
        fits = frozenset(m.card for m in legal_moves(probe) if type(m) is Play)
        self._fits[key] = fits
        return fits

    def choose(self, view: PlayerView) -> Move:
        """Search from ``view`` and return the legal move tried most often.

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
        self.observe(view)
        legal = candidates(view.legal_moves)
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
        limits = self.limits if self.infer else None
        while done < self.playouts:
            self._iterate(root, determinize(view, rng, limits=limits), rng)
            done += 1
            if deadline is not None and clock is not None and clock() >= deadline:
                break
        self.last_playouts = done
        children = root.children
        return max(legal, key=lambda m: (children[m].visits, children[m].wins) if m in children else (-1, 0))

    def _iterate(self, root: _Node, state: GameState, rng: random.Random) -> None:
        """One playout: down the tree by UCB1 among the moves legal in this deal (with a bias towards the quick
        policy's move that fades with visits), add one node, play out."""
        node = root
        path: list[_Node] = []
        explore = self._explore
        bias = self._bias
        plan = state.variant.plan
        while not state.is_over:
            moves = candidates(legal_moves(state))
            children = node.children
            untried = []
            for m in moves:
                child = children.get(m)
                if child is None:
                    untried.append(m)
                else:
                    child.available += 1
            if untried:
                preferred = _policy(state, plan, None)
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
        winner = _playout(state, rng).winner
        for step in path:
            step.visits += 1
            if step.seat == winner:
                step.wins += 1
