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

from collections.abc import Sequence

import attrs

from .cards import Card, Rank
from .engine import new_game
from .errors import MauMauError
from .rules.compiled import ScoringConfig
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
    def scoring(self) -> ScoringConfig | None:
        """The variant's scoring scheme (``None``: a single round decides).

        >>> start_match("standard", players=2, seed=1).scoring.mode
        'win_points'
        """
        return self.variant.ruleset.scoring


def start_match(variant: Variant | str, players: int, seed: int = 0) -> Match:
    """Start a match and deal its first round.

    >>> m = start_match("standard", players=3, seed=4)
    >>> m.round_no, m.scores, m.game.players
    (1, (0, 0, 0), 3)
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    game = new_game(v, players, seed=_round_seed(seed, 1))
    sizes = tuple(len(h) for h in game.hands)
    return Match(
        variant=v, players=players, seed=seed, round_no=1, scores=(0,) * players, active=(True,) * players,
        hand_sizes=sizes, dealer=game.dealer, seats=tuple(range(players)), game=game,
    )


def _round_seed(seed: int, round_no: int) -> int:
    return seed * 1_000_003 + round_no


def _card_points(cfg: ScoringConfig, cards: Sequence[Card]) -> int:
    if cfg.count == "cards":
        return len(cards)
    return sum(cfg.value(c) for c in cards)


def _finish_jacks(state: GameState) -> int:
    if state.winner is None:
        return 0
    rs = state.variant.ruleset
    return sum(1 for c in state.turn_plays if c.rank is Rank.JACK and rs.info[c].wild)


def round_points(state: GameState) -> tuple[int, ...]:
    """Points each seat of the finished round ``state`` scores under the variant's scheme.

    Raises:
        MauMauError: the round is not over yet.

    >>> from maumau_rules import find_variant, legal_moves, apply, new_game
    >>> s = new_game("standard", players=2, seed=2)
    >>> while not s.is_over:
    ...     s = apply(s, legal_moves(s)[0])
    >>> sum(round_points(s))
    1
    """
    if not state.is_over:
        raise MauMauError("the round is not over yet: it has no points")
    cfg = state.variant.ruleset.scoring
    n = state.players
    win = state.winner
    if cfg is None or not cfg.mode:
        return tuple(1 if i == win else 0 for i in range(n))
    jacks = _finish_jacks(state)
    last = state.turn_plays[-1] if state.turn_plays else None
    mult = cfg.jack_finish_multiplier if last is not None and last.rank is Rank.JACK and win is not None else 1
    if cfg.mode == "win_points":
        return tuple(1 if i == win else 0 for i in range(n))
    if cfg.mode == "penalty_points":
        return tuple(0 if i == win else _card_points(cfg, state.hands[i]) * mult for i in range(n))
    if cfg.mode == "winner_collects":
        total = sum(_card_points(cfg, state.hands[i]) for i in range(n) if i != win) * mult
        return tuple(total if i == win else 0 for i in range(n))
    if cfg.mode == "elimination":
        bonus = cfg.winner_bonus[min(jacks, len(cfg.winner_bonus) - 1)] if cfg.winner_bonus else 0
        return tuple(bonus if i == win else _card_points(cfg, state.hands[i]) for i in range(n))
    if cfg.mode == "hand_shrink":
        return tuple(0 if i in _losers(cfg, state) else 1 for i in range(n))
    raise MauMauError(f"unknown scoring mode {cfg.mode!r}")


def _losers(cfg: ScoringConfig, state: GameState) -> set[int]:
    n = state.players
    if cfg.count == "last_with_cards":
        sizes = [len(h) for h in state.hands]
        most = max(sizes)
        return {i for i in range(n) if sizes[i] == most and i != state.winner}
    return {i for i in range(n) if i != state.winner}


def next_round(match: Match, finished: GameState) -> Match:
    """Score the finished round and deal the next one (or end the match).

    Raises:
        MauMauError: ``finished`` is not this match's current round, or it is not over.

    >>> m = start_match("standard", players=2, seed=9)
    >>> next_round(m, m.game)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.MauMauError: the round is not over yet: it has no points
    """
    if match.over:
        raise MauMauError("the match is over: no more rounds")
    if finished.variant != match.variant or finished.players != len(match.seats):
        raise MauMauError("that state is not a round of this match")
    pts_round = round_points(finished)
    cfg = match.scoring
    seats = match.seats
    scores = list(match.scores)
    points = [0] * match.players
    for i, p in enumerate(pts_round):
        points[seats[i]] = p
        scores[seats[i]] += p
    win = seats[finished.winner] if finished.winner is not None else None
    active = list(match.active)
    sizes = list(match.hand_sizes)
    result = RoundResult(match.round_no, win, tuple(points), _finish_jacks(finished))
    over = False
    champion: int | None = None
    mode = cfg.mode if cfg is not None else ""
    if not mode:
        over, champion = True, win
    elif mode in ("win_points", "winner_collects"):
        assert cfg is not None
        best = max(scores)
        if best >= cfg.target:
            over, champion = True, scores.index(best)
    elif mode == "penalty_points":
        assert cfg is not None
        crossed = [s > cfg.target if cfg.threshold_op == "gt" else s >= cfg.target for s in scores]
        if any(crossed):
            low = min(scores)
            over, champion = True, scores.index(low)
    elif mode == "elimination":
        assert cfg is not None
        for seat in range(match.players):
            if active[seat] and (scores[seat] > cfg.target if cfg.threshold_op == "gt" else scores[seat] >= cfg.target):
                active[seat] = False
        left = [s for s in range(match.players) if active[s]]
        if len(left) <= 1:
            over = True
            champion = left[0] if left else min(range(match.players), key=lambda s: scores[s])
    elif mode == "hand_shrink":
        for i in _losers(cfg, finished) if cfg is not None else ():
            seat = seats[i]
            if sizes[seat] <= 1:
                active[seat] = False
            else:
                sizes[seat] -= 1
        left = [s for s in range(match.players) if active[s]]
        if len(left) <= 1:
            over, champion = True, (left[0] if left else win)
    history = (*match.history, result)
    if over:
        return attrs.evolve(match, scores=tuple(scores), active=tuple(active), hand_sizes=tuple(sizes),
                            history=history, winner=champion, over=True, game=finished)
    new_seats = tuple(s for s in range(match.players) if active[s])
    dealer = _next_dealer(match, new_seats, win)
    round_no = match.round_no + 1
    v = match.variant
    first = None
    if v.ruleset.first_player == "previous_winner" and win is not None and win in new_seats:
        first = new_seats.index(win)
    game = new_game(v, len(new_seats), seed=_round_seed(match.seed, round_no), dealer=new_seats.index(dealer),
                    first_player=first, hand_sizes=[sizes[s] for s in new_seats])
    return attrs.evolve(match, round_no=round_no, scores=tuple(scores), active=tuple(active),
                        hand_sizes=tuple(sizes), dealer=dealer, seats=new_seats, game=game, history=history)


def _next_dealer(match: Match, seats: tuple[int, ...], winner: int | None) -> int:
    step = -1 if match.variant.ruleset.dealer_rotation == "counterclockwise" else 1
    d = match.dealer
    for _ in range(match.players):
        d = (d + step) % match.players
        if d in seats:
            return d
    return seats[0]
