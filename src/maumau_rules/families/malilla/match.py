"""Malilla matches: two teams, scores by team, the dealer passing to the right, R_MAL_SCORE settling each hand.

:func:`maumau_rules.scoring.start_match` and :func:`~maumau_rules.scoring.next_round` send a Malilla variant
here through its family.

>>> from maumau_rules import find_variant
>>> m = start_match(find_variant("malilla"), 4, seed=1, scores=(12, 30), dealer=2)
>>> m.scores, m.dealer, m.game.scores, m.sides
((12, 30), 2, (12, 30), ((0, 2), (1, 3)))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...errors import ArgumentError, ArgumentTypeError, VariantError, shown
from ...i18n import gettext as _
from ...scoring import Match, RoundResult, round_seed
from ...variants import Variant
from .engine import new_hand, plan_of
from .rules import MalillaScore
from .state import MalillaState

__all__ = ["next_round", "round_points", "start_match"]


def start_match(variant: Variant, players: int, seed: int, *, scores: Sequence[int] | None = None,
                dealer: int | None = None, round_no: int = 1) -> Match:
    """A Malilla match and its hand number ``round_no`` (the first by default): scores by team, the dealer
    from R_MAL_DEAL unless given.

    Raises:
        VariantError: not four players, bad scores or dealer.

    >>> from maumau_rules import find_variant
    >>> start_match(find_variant("malilla"), 4, seed=1).round_no
    1
    """
    plan = plan_of(variant)
    score_t = (0,) * len(plan.sides) if scores is None else _scores(scores, len(plan.sides))
    game = new_hand(variant, players, seed=round_seed(seed, round_no), dealer=dealer, scores=score_t,
                    round_no=round_no)
    return Match(variant=variant, players=players, seed=seed, round_no=round_no, scores=score_t,
                 active=(True,) * players, hand_sizes=game.hand_sizes, dealer=game.dealer,
                 seats=tuple(range(players)), game=game, sides=plan.sides)


def _scores(scores: Sequence[int], sides: int) -> tuple[int, ...]:
    try:
        out = tuple(scores)
    except TypeError:
        raise ArgumentTypeError(_("scores {scores} must be a sequence of whole numbers")
                                .format(scores=shown(scores))) from None
    if len(out) != sides or not all(type(x) is int and x >= 0 for x in out):
        raise VariantError(f"scores {shown(scores)} must be {sides} whole numbers, one per team")
    return out


def next_round(match: Match, finished: MalillaState) -> Match:
    """Score a finished Malilla hand (R_MAL_SCORE) and deal the next one to the next dealer, or end the match.

    Raises:
        ArgumentError: the hand is not over, or not the match's current hand.

    >>> from maumau_rules import find_variant
    >>> m = start_match(find_variant("malilla"), 4, seed=1)
    >>> next_round(m, m.game)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: the hand is not over yet: it has no points
    """
    v = match.variant
    plan = plan_of(v)
    scheme = next((r for r in v.rules if isinstance(r, MalillaScore)), None)
    if not finished.is_over:
        raise ArgumentError(_("the hand is not over yet: it has no points"))
    if finished.scores != match.scores or finished.round_no != match.round_no:
        raise ArgumentError(_("that hand is not the current hand of this match"))
    points: tuple[int, ...] = (0, 0)
    if scheme is None:  # no match scoring: the hand decides
        over, champion, scores, why = True, finished.winner, match.scores, "a single hand decides"
    else:
        settled = scheme.settle(finished)
        over, champion, points, scores, why = (settled.over, settled.winner, settled.points, settled.scores,
                                               settled.why)
    history = (*match.history, RoundResult(match.round_no, finished.winner, points, 0))
    if over:
        return attrs.evolve(match, scores=scores, history=history, winner=champion, over=True,
                            game=finished, why=why)
    round_no = match.round_no + 1
    dealer = plan.next_dealer(match.dealer)
    game = new_hand(v, match.players, seed=round_seed(match.seed, round_no), dealer=dealer, scores=scores,
                    round_no=round_no)
    return attrs.evolve(match, round_no=round_no, scores=scores, dealer=dealer, game=game,
                        history=history)


def round_points(state: MalillaState) -> tuple[int, ...]:
    """Each team's result of the finished hand (R_MAL_SCORE; without it, nothing).

    >>> from maumau_rules import new_game
    >>> round_points(new_game("malilla", 4, seed=1))
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: the round is not over yet: it has no points
    """
    if not state.is_over:
        raise ArgumentError(_("the round is not over yet: it has no points"))
    scheme = next((r for r in state.variant.rules if isinstance(r, MalillaScore)), None)
    return scheme.round_points(state) if scheme is not None else (0, 0)
