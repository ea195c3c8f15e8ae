"""Round scoring and matches: win points, penalty points, winner-collects, elimination, shrinking hands, and
the team matches of Malilla.

A :class:`Match` is a frozen value too: it holds the scores and the current round's state. Play the round with
:func:`~maumau_rules.apply`, then call :func:`next_round` with the finished state. Scores are kept by *side*:
in Mau-Mau every seat is a side of its own (``scores[i]`` is seat i's); Malilla has two teams, seats 0 and 2
against seats 1 and 3 (:attr:`Match.sides`), and each hand is scored by its variant's scoring rule
(R_MAL_SCORE's :meth:`~maumau_rules.malilla.rules.MalillaScore.settle`).

>>> from maumau_rules import find_variant, legal_moves, apply
>>> m = start_match(find_variant("standard"), players=2, seed=1)
>>> s = m.game
>>> while not s.is_over:
...     s = apply(s, legal_moves(s)[0])
>>> m2 = next_round(m, s)
>>> sum(m2.scores), m2.round_no
(1, 2)
>>> t = start_match("malilla", players=4, seed=1)
>>> t.sides, t.scores
(((0, 2), (1, 3)), (0, 0))
"""

from __future__ import annotations

import attrs

from .engine import new_game
from .entropy import seed_or_fresh
from .errors import ArgumentError, ArgumentTypeError, shown
from .malilla.engine import new_hand
from .malilla.plan import MalillaPlan
from .malilla.rules import MalillaScore
from .malilla.state import MalillaState
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
    """The side that won the round (a match seat; in Malilla a team), ``None``: no winner."""
    points: tuple[int, ...]
    """Points each side scored this round (each match seat; in Malilla each team)."""
    finish_jacks: int
    """How many Jacks the winner finished with (for Mau King's bonus)."""


@attrs.frozen
class Match:
    """A series of rounds played to the variant's target.

    Seats of a round are mapped to match seats through :attr:`seats` (eliminated players sit out). Scores and
    the winner are by side (:attr:`sides`): a match seat in Mau-Mau, a team in Malilla.
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
    """Each side's total: each match seat's in Mau-Mau, each team's in Malilla."""
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
    """The match winner (a side: a match seat, in Malilla a team), once the match is over."""
    over: bool = False
    """Whether the match has ended."""
    sides: tuple[tuple[int, ...], ...] = ()
    """The match seats of each side when seats score together (Malilla: ``((0, 2), (1, 3))``); empty when
    every seat is a side of its own (Mau-Mau)."""
    why: str = ""
    """How the match was decided, in words, once it is over (Malilla; empty otherwise)."""

    def side_of(self, seat: int) -> int:
        """The side a match seat scores for.

        >>> start_match("standard", 3, 1).side_of(2), start_match("malilla", 4, 1).side_of(3)
        (2, 1)
        """
        for i, members in enumerate(self.sides):
            if seat in members:
                return i
        return seat

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
    seed = seed_or_fresh(seed)
    if v.family != "maumau":
        return _start_teams(v, players, seed)
    game = new_game(v, players, seed=_round_seed(seed, 1))
    sizes = tuple(len(h) for h in game.hands)
    return Match(
        variant=v, players=players, seed=seed, round_no=1, scores=(0,) * players, active=(True,) * players,
        hand_sizes=sizes, dealer=game.dealer, seats=tuple(range(players)), game=game,
    )


def _round_seed(seed: int, round_no: int) -> int:
    return seed * 1_000_003 + round_no


def _start_teams(v: Variant, players: int, seed: int) -> Match:
    """The first hand of a Malilla match: two teams, scores by team, the first dealer from R_MAL_DEAL."""
    plan = v.family_plan
    assert isinstance(plan, MalillaPlan)
    game = new_hand(v, players, seed=_round_seed(seed, 1))
    return Match(variant=v, players=players, seed=seed, round_no=1, scores=(0,) * len(plan.sides),
                 active=(True,) * players, hand_sizes=game.hand_sizes, dealer=game.dealer,
                 seats=tuple(range(players)), game=game, sides=plan.sides)  # type: ignore[arg-type]


def _next_hand(match: Match, finished: MalillaState) -> Match:
    """Score a finished Malilla hand (R_MAL_SCORE) and deal the next one to the next dealer, or end the match."""
    v = match.variant
    plan: MalillaPlan = v.family_plan
    scheme = next((r for r in v.rules if isinstance(r, MalillaScore)), None)
    if not finished.is_over:
        raise ArgumentError("the hand is not over yet: it has no points")
    if finished.scores != match.scores or finished.round_no != match.round_no:
        raise ArgumentError("that hand is not the current hand of this match")
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
                            game=finished, why=why)  # type: ignore[arg-type]
    round_no = match.round_no + 1
    dealer = plan.next_dealer(match.dealer)
    game = new_hand(v, match.players, seed=_round_seed(match.seed, round_no), dealer=dealer, scores=scores,
                    round_no=round_no)
    return attrs.evolve(match, round_no=round_no, scores=scores, dealer=dealer, game=game,  # type: ignore[arg-type]
                        history=history)


def round_points(state: GameState | MalillaState) -> tuple[int, ...]:
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
    if type(state) is not GameState and type(state) is not MalillaState:
        raise ArgumentTypeError(f"{shown(state)} is not a game state")
    if not state.is_over:
        raise ArgumentError("the round is not over yet: it has no points")
    if isinstance(state, MalillaState):  # a Malilla hand: each team's result (R_MAL_SCORE)
        scheme = next((r for r in state.variant.rules if isinstance(r, MalillaScore)), None)
        return scheme.round_points(state) if scheme is not None else (0, 0)
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


def next_round(match: Match, finished: GameState | MalillaState) -> Match:
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
    if type(finished) is not GameState and type(finished) is not MalillaState:
        raise ArgumentTypeError(f"{shown(finished)} is not a game state")
    if match.over:
        raise ArgumentError("the match is over: no more rounds")
    if finished.variant != match.variant or finished.players != len(match.seats):
        raise ArgumentError("that state is not a round of this match")
    if isinstance(finished, MalillaState):  # a Malilla hand
        return _next_hand(match, finished)
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
