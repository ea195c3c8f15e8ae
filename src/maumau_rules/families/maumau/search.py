"""Mau-Mau's search model for :class:`~maumau_rules.search.SearchBot` (information-set Monte Carlo tree search).

The bot gets what every bot gets, a :class:`~maumau_rules.families.maumau.views.PlayerView` (with the legal
moves), never the state. Before each playout this model deals the cards the seat cannot see (the other hands and
the stock) at random, consistently with what its seat has seen (:func:`determinize`): its own hand, the face-up
discard pile, every hand's size and the stock's size, and what it concluded from watching the other seats play
(:meth:`MauMauSearch.observe`: a seat that draws instead of playing holds no card that fits; one that plays a
wild card while it holds others has no other card that fits; one that wishes a suit holds that suit). It
rebuilds that candidate state through the public :class:`~maumau_rules.families.maumau.state.GameState`
constructor and checks that its legal moves are the view's. Below the tree every seat plays by a quick heuristic
with some noise (:func:`_policy`); a seat scores 1 for a playout it wins.

>>> import random
>>> from maumau_rules import new_game
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=4)
>>> d = determinize(view(s, 0), random.Random(1))
>>> d.hands[0] == s.hands[0] and len(d.stock) == len(s.stock)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ...cards import Card
from ...game import apply, call_due, legal_moves
from ...moves import CallOut, Draw, Move, Play
from ...search import HandLimit, SearchError
from ...variants import Variant
from .effects import PendingDraw, WishSuit
from .plan import Plan
from .state import GameState, Phase
from .views import PlayerView

__all__ = ["MauMauSearch", "candidates", "determinize"]


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
