"""Round scoring and matches: win points, penalty points, winner-collects, elimination, shrinking hands.

A :class:`Match` is a frozen value too: it holds the scores and the current round's
:class:`~maumau_rules.state.GameState`. Play the round with :func:`~maumau_rules.apply`, then call
:func:`next_round` with the finished state.

>>> from maumau_rules import find_variant, legal_moves, apply
>>> m = start_match(find_variant("standard"), players=2, seed=1)
>>> s = m.game
>>> while not s.is_over:
...     s = apply(s, legal_moves(s)[0])
>>> m2 = next_round(m, s)
>>> sum(m2.scores), m2.round_no
(1, 2)
"""

from __future__ import annotations

import attrs

from .engine import new_game
from .entropy import fresh_seed
from .errors import ArgumentError, ArgumentTypeError, shown
from .rules.catalog import finish_jacks
from .rules.plan import ScoringScheme
from .state import GameState
from .variants import Variant, find_variant

__all__ = ["Match", "RoundResult", "next_round", "round_points", "start_match"]


@attrs.frozen
class RoundResult:
    """The outcome of one round, in match seats.

    >>> RoundResult(round_no=1, winner=0, points=(1, 0), finish_jacks=0).winner
    0
    """

    round_no: int
    """Which round (1-based)."""
    winner: int | None
    """The match seat that won the round (``None``: no winner)."""
    points: tuple[int, ...]
    """Points each match seat scored this round."""
    finish_jacks: int
    """How many Jacks the winner finished with (for Mau King's bonus)."""


@attrs.frozen
class Match:
    """A series of rounds played to the variant's target.

    Seats of a round are mapped to match seats through :attr:`seats` (eliminated players sit out).
    """

    variant: Variant
    """The variant."""
    players: int
    """Number of match seats."""
    seed: int
    """The match seed; each round's seed is derived from it."""
    round_no: int
    """The current round (1-based)."""
    scores: tuple[int, ...]
    """Each match seat's total."""
    active: tuple[bool, ...]
    """Which match seats still play (others were eliminated)."""
    hand_sizes: tuple[int, ...]
    """Cards each match seat is dealt (for shrinking hands)."""
    dealer: int
    """The dealer of the current round, as a match seat."""
    seats: tuple[int, ...]
    """Match seat of each seat of the current round."""
    game: GameState
    """The current round."""
    history: tuple[RoundResult, ...] = ()
    """Results of finished rounds."""
    winner: int | None = None
    """The match winner, once the match is over."""
    over: bool = False
    """Whether the match has ended."""

    @property
    def scoring(self) -> ScoringScheme | None:
        """The variant's scoring rule (``None``: a single round decides).

        >>> start_match("standard", players=2, seed=1).scoring.rule_id
        'R_SCORE_WIN_POINTS'
        """
        return self.variant.plan.scoring


def start_match(variant: Variant | str, players: int, seed: int | None = None) -> Match:
    """Start a match and deal its first round.

    Without a seed the match takes a fresh one from the operating system's CSPRNG (as
    :func:`~maumau_rules.new_game` does) and keeps it in :attr:`Match.seed`, so the match still replays.

    Raises:
        ArgumentTypeError: ``seed`` is not an integer.
        VariantError: no such variant, or a player count outside its range.

    >>> m = start_match("standard", players=3, seed=4)
    >>> m.round_no, m.scores, m.game.players
    (1, (0, 0, 0), 3)
    >>> start_match("standard", 2).seed != start_match("standard", 2).seed
    True
    """
    v = find_variant(variant)
    if seed is None:
        seed = fresh_seed()
    elif type(seed) is not int:
        raise ArgumentTypeError(f"seed {shown(seed)} must be an integer (or None for a fresh one)")
    game = new_game(v, players, seed=_round_seed(seed, 1))
    sizes = tuple(len(h) for h in game.hands)
    return Match(
        variant=v, players=players, seed=seed, round_no=1, scores=(0,) * players, active=(True,) * players,
        hand_sizes=sizes, dealer=game.dealer, seats=tuple(range(players)), game=game,
    )


def _round_seed(seed: int, round_no: int) -> int:
    return seed * 1_000_003 + round_no


def round_points(state: GameState) -> tuple[int, ...]:
    """Points each seat of the finished round ``state`` scores under the variant's scoring rule (without one: a
    point for the winner); multipliers such as R_JACK_FINISH_DOUBLES apply.

    Raises:
        ArgumentError: the round is not over yet; ``ArgumentTypeError`` when ``state`` is not a game state.

    >>> from maumau_rules import find_variant, legal_moves, apply, new_game
    >>> s = new_game("standard", players=2, seed=2)
    >>> while not s.is_over:
    ...     s = apply(s, legal_moves(s)[0])
    >>> sum(round_points(s))
    1
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"{shown(state)} is not a game state")
    if not state.is_over:
        raise ArgumentError("the round is not over yet: it has no points")
    plan = state.variant.plan
    if plan.scoring is None:
        return tuple(1 if i == state.winner else 0 for i in range(state.players))
    multiplier = 1
    for times in plan.multipliers:
        multiplier *= times(state)
    return plan.scoring.round_points(state, multiplier)


def _loser(state: GameState) -> int | None:
    """The seat holding the most cards at the end (the lowest such seat on a tie; ``None`` if nobody holds any):
    the loser who deals next under R_DEALER ``rotation = "loser"``."""
    sizes = [len(h) for h in state.hands]
    most = max(sizes)
    return sizes.index(most) if most else None


def next_round(match: Match, finished: GameState) -> Match:
    """Score the finished round and deal the next one (or end the match).

    Raises:
        ArgumentError: ``finished`` is not this match's current round, or it is not over, or the match is over
            (``ArgumentTypeError`` when ``match`` or ``finished`` is not a match or a game state).

    >>> m = start_match("standard", players=2, seed=9)
    >>> next_round(m, m.game)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: the round is not over yet: it has no points
    """
    if type(match) is not Match:
        raise ArgumentTypeError(f"{shown(match)} is not a match (start one with start_match)")
    if type(finished) is not GameState:
        raise ArgumentTypeError(f"{shown(finished)} is not a game state")
    if match.over:
        raise ArgumentError("the match is over: no more rounds")
    if finished.variant != match.variant or finished.players != len(match.seats):
        raise ArgumentError("that state is not a round of this match")
    pts_round = round_points(finished)
    scheme = match.scoring
    seats = match.seats
    scores = list(match.scores)
    points = [0] * match.players
    for i, p in enumerate(pts_round):
        points[seats[i]] = p
        scores[seats[i]] += p
    win = seats[finished.winner] if finished.winner is not None else None
    active = list(match.active)
    sizes = list(match.hand_sizes)
    result = RoundResult(match.round_no, win, tuple(points), finish_jacks(finished))
    if scheme is None:
        over, champion = True, win
    else:
        over, champion = scheme.match_over(scores, active, sizes, finished, seats)
    history = (*match.history, result)
    if over:
        return attrs.evolve(match, scores=tuple(scores), active=tuple(active), hand_sizes=tuple(sizes),
                            history=history, winner=champion, over=True, game=finished)
    new_seats = tuple(s for s in range(match.players) if active[s])
    v = match.variant
    plan = v.plan
    loser = _loser(finished)
    loser_seat = seats[loser] if loser is not None else None
    dealer = plan.dealer.next_dealer(match.dealer, new_seats, match.players, loser_seat) if plan.dealer is not None \
        else _next_clockwise(match.dealer, new_seats, match.players)
    round_no = match.round_no + 1
    first = None
    if plan.turn_order is not None and plan.turn_order.winner_starts and win is not None and win in new_seats:
        first = new_seats.index(win)
    game = new_game(v, len(new_seats), seed=_round_seed(match.seed, round_no), dealer=new_seats.index(dealer),
                    first_player=first, hand_sizes=[sizes[s] for s in new_seats])
    return attrs.evolve(match, round_no=round_no, scores=tuple(scores), active=tuple(active),
                        hand_sizes=tuple(sizes), dealer=dealer, seats=new_seats, game=game, history=history)


def _next_clockwise(dealer: int, seats: tuple[int, ...], players: int) -> int:
    """Without R_DEALER the deal passes to the left (an engine fact)."""
    for step in range(1, players + 1):
        d = (dealer + step) % players
        if d in seats:
            return d
    return seats[0]
