"""Mau-Mau matches: win points, penalty points, winner-collects, elimination and shrinking hands, scored by the
variant's scoring rule; :func:`maumau_rules.scoring.start_match` and :func:`~maumau_rules.scoring.next_round`
send a Mau-Mau variant here through its family.

>>> from maumau_rules import find_variant
>>> m = start_match(find_variant("standard"), 3, seed=4, scores=(2, 0, 5), dealer=1)
>>> m.scores, m.dealer, m.game.dealer
((2, 0, 5), 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...errors import ArgumentError, ArgumentTypeError, VariantError, shown
from ...i18n import gettext as _
from ...scoring import Match, RoundResult, round_seed
from ...variants import Variant
from .engine import new_game
from .rules import finish_jacks
from .state import GameState

__all__ = ["next_round", "round_points", "start_match"]


def start_match(variant: Variant, players: int, seed: int, *, scores: Sequence[int] | None = None,
                dealer: int | None = None, round_no: int = 1) -> Match:
    """A Mau-Mau match and its round ``round_no``: every seat a side of its own, with ``scores`` so far and
    the ``dealer`` (by default the variant's R_DEALER rule chooses).

    Raises:
        VariantError: bad scores, or what :func:`~maumau_rules.new_game` raises.

    >>> from maumau_rules import find_variant
    >>> start_match(find_variant("standard"), 2, seed=1, scores=(1,))
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: scores (1,) must be 2 whole numbers, one per seat
    """
    game = new_game(variant, players, seed=round_seed(seed, round_no), dealer=dealer)  # checks ``players`` first
    if scores is None:
        score_t: tuple[int, ...] = (0,) * players
    else:
        try:
            score_t = tuple(scores)
        except TypeError:
            raise ArgumentTypeError(_("scores {scores} must be a sequence of whole numbers")
                                    .format(scores=shown(scores))) from None
        if len(score_t) != players or not all(type(x) is int for x in score_t):
            raise VariantError(f"scores {shown(scores)} must be {players} whole numbers, one per seat")
    sizes = tuple(len(h) for h in game.hands)
    return Match(
        variant=variant, players=players, seed=seed, round_no=round_no, scores=score_t, active=(True,) * players,
        hand_sizes=sizes, dealer=game.dealer, seats=tuple(range(players)), game=game,
    )


def round_points(state: GameState) -> tuple[int, ...]:
    """Points each seat of the finished round scores under the variant's scoring rule (without one: a point for
    the winner); multipliers such as R_JACK_FINISH_DOUBLES apply.

    >>> from maumau_rules import new_game, apply, legal_moves
    >>> s = new_game("standard", players=2, seed=2)
    >>> while not s.is_over:
    ...     s = apply(s, legal_moves(s)[0])
    >>> sum(round_points(s))
    1
    """
    if not state.is_over:
        raise ArgumentError(_("the round is not over yet: it has no points"))
    plan = state.variant.plan
    if plan.scoring is None:
        return tuple(1 if i == state.winner else 0 for i in range(state.players))
    multiplier = 1
    for times in plan.multipliers:
        multiplier *= times(state)
    points: tuple[int, ...] = plan.scoring.round_points(state, multiplier)
    return points


def _loser(state: GameState) -> int | None:
    """The seat holding the most cards at the end (the lowest such seat on a tie; ``None`` if nobody holds any):
    the loser who deals next under R_DEALER ``rotation = "loser"``."""
    sizes = [len(h) for h in state.hands]
    most = max(sizes)
    return sizes.index(most) if most else None


def next_round(match: Match, finished: GameState) -> Match:
    """Score the finished round and deal the next one (or end the match).

    >>> from maumau_rules import find_variant
    >>> m = start_match(find_variant("standard"), 2, seed=9)
    >>> next_round(m, m.game)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: the round is not over yet: it has no points
    """
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
    game = new_game(v, len(new_seats), seed=round_seed(match.seed, round_no), dealer=new_seats.index(dealer),
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
