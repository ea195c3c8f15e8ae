"""Simulate many games between computer players and measure them, with confidence intervals.

:func:`simulate` plays ``games`` rounds for every variant and player count asked for, each seat played by a
bot that sees only its seat's view (:func:`maumau_rules.views.view`). Every game's seed comes from the run's seed and
the game's index (:func:`game_seed`), never from the process that plays it, and the per-game facts are added
up as whole-number counts; so a run gives exactly the same result on one process, on all local cores
(``jobs``) or on a Ray cluster (``ray``).

What is measured, from the public API only (consecutive states, and the family's own hooks): for every family,
the game's length in **decisions** (moves applied) and in **turns**, and **wins** by seat, by position in the
turn order (position 1 plays first: the first player's edge) and by bot, with the rounds that had no winner (a
team's win counts for each of its seats, and parity is one in the number of sides). What else a game shows comes
from its family's :class:`GameStatistics` (``tools_for(variant).statistics``, :mod:`maumau_rules.toolhooks`):
for Mau-Mau stock reshuffles, blocked rounds, rounds ended by the move limit and penalties taken; for Malilla the
winning team's tricks and points, the margin, capotes, breaches and new deals. The runner, the cells, JSON, CSV
and the table never name a family.

Rates carry 95% Wilson score intervals; means carry normal intervals (mean ± 1.96 standard errors).

>>> result = simulate("standard", players=2, games=30, seed=1)
>>> cell = result.cells[0]
>>> cell.variant, cell.players, cell.games
('standard', 2, 30)
>>> sum(cell.wins_by_seat) + cell.no_winner == 30
True
>>> simulate("standard", players=2, games=30, seed=1) == result
True
>>> hand = simulate("malilla", games=10, seed=1).cells[0]
>>> hand.players, hand.sides, "capote" in hand.estimates()
(4, 2, True)
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from statistics import NormalDist
from typing import Any, Final, Protocol

import attrs

from . import rng as _rng
from .bots import BotError, make_bot, table_move
from .errors import MauMauError
from .game import apply, new_game
from .i18n import gettext as _
from .i18n import ngettext
from .moves import Move
from .state import EndReason
from .toolhooks import tools_for, tools_for_family
from .variants import Variant, available_variants, find_variant
from .views import view

__all__ = [
    "CONFIDENCE",
    "BotRecord",
    "CellResult",
    "Distribution",
    "Edge",
    "Estimate",
    "GameFacts",
    "SimulationError",
    "SimulationResult",
    "available_cores",
    "game_seed",
    "lineup_for",
    "play_game",
    "simulate",
]

CONFIDENCE: Final = 0.95
"""The confidence level of every interval."""
_Z: Final = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_ENDS: Final = tuple(EndReason)


class SimulationError(MauMauError, ValueError):
    """A simulation was asked for with settings it cannot run (no games, a player count outside a variant's
    range, an unknown bot, a bad number of jobs ...).

    >>> simulate("standard", players=9, games=1)
    Traceback (most recent call last):
    ...
    maumau_rules.simulate.SimulationError: variant 'standard' is for 2-5 players, not 9
    """


# ====================================================================== estimates


@attrs.frozen
class Estimate:
    """A measured value with its 95% confidence interval ``[low, high]`` over ``n`` observations.

    >>> e = Estimate.proportion(45, 100)
    >>> str(e), e.n
    ('45.0% [35.6%, 54.8%]', 100)
    >>> Estimate.proportion(45, 100).contains(0.5)
    True
    """

    value: float
    """The point estimate (a rate from 0 to 1, or a mean)."""
    low: float
    """The interval's lower end."""
    high: float
    """The interval's upper end."""
    n: int
    """How many observations (games, or seat-games) it rests on."""
    rate: bool = False
    """Whether it is a rate (shown as a percentage)."""

    @classmethod
    def proportion(cls, hits: int, n: int) -> Estimate:
        """The rate ``hits / n`` with its Wilson score interval (good near 0 and 1, and for small ``n``).

        >>> Estimate.proportion(0, 50).low, round(Estimate.proportion(0, 50).high, 4)
        (0.0, 0.0713)
        >>> Estimate.proportion(0, 0)
        Estimate(value=0.0, low=0.0, high=1.0, n=0, rate=True)
        """
        if n <= 0:
            return cls(0.0, 0.0, 1.0, 0, True)
        p = hits / n
        z2 = _Z * _Z
        denominator = 1 + z2 / n
        centre = (p + z2 / (2 * n)) / denominator
        half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
        return cls(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n, True)

    @classmethod
    def mean(cls, n: int, total: int, squares: int) -> Estimate:
        """The mean of ``n`` whole numbers from their ``total`` and the ``total`` of their squares, with a normal
        interval (mean ± z standard errors); fewer than two observations give no width.

        >>> e = Estimate.mean(4, 10, 30)  # 1, 2, 3, 4
        >>> e.value, round(e.low, 3), round(e.high, 3)
        (2.5, 1.235, 3.765)
        """
        if n <= 0:
            return cls(0.0, 0.0, 0.0, 0)
        m = total / n
        if n < 2:
            return cls(m, m, m, n)
        variance = max(0.0, (squares - total * total / n) / (n - 1))
        half = _Z * math.sqrt(variance / n)
        return cls(m, m - half, m + half, n)

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (e.g. parity, 1 / players, for a win rate).

        >>> Estimate.proportion(70, 100).contains(0.5)
        False
        """
        return self.low <= value <= self.high

    def __str__(self) -> str:
        if self.rate:
            return f"{100 * self.value:.1f}% [{100 * self.low:.1f}%, {100 * self.high:.1f}%]"
        return f"{self.value:.2f} [{self.low:.2f}, {self.high:.2f}]"

    def to_json(self) -> dict[str, float | int]:
        """The estimate as JSON types.

        >>> Estimate.proportion(1, 2).to_json()["n"]
        2
        """
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


@attrs.frozen
class Distribution:
    """How often each whole-number value occurred, one count per game (a histogram): exact, and added up the same
    way in any order.

    >>> d = Distribution.of([3, 5, 5])
    >>> d.counts, d.n, d.total
    (((3, 1), (5, 2)), 3, 13)
    >>> d + Distribution.of([1]) == Distribution.of([5, 1, 5, 3])
    True
    """

    counts: tuple[tuple[int, int], ...] = ()
    """``(value, games)`` pairs, by value."""

    @classmethod
    def of(cls, values: Iterable[int]) -> Distribution:
        """The distribution of ``values``.

        >>> Distribution.of([]).n
        0
        """
        return cls(tuple(sorted(Counter(values).items())))

    def __add__(self, other: Distribution) -> Distribution:
        merged = Counter(dict(self.counts))
        merged.update(dict(other.counts))
        return Distribution(tuple(sorted(merged.items())))

    @property
    def n(self) -> int:
        """How many games.

        >>> Distribution.of([1, 1, 2]).n
        3
        """
        return sum(c for _, c in self.counts)

    @property
    def total(self) -> int:
        """The sum of all values.

        >>> Distribution.of([1, 1, 2]).total
        4
        """
        return sum(v * c for v, c in self.counts)

    @property
    def mean(self) -> Estimate:
        """The mean with its confidence interval.

        >>> Distribution.of([2, 4]).mean.value
        3.0
        """
        return Estimate.mean(self.n, self.total, sum(v * v * c for v, c in self.counts))

    def share(self, at_least: int) -> Estimate:
        """The share of games whose value is at least ``at_least``.

        >>> str(Distribution.of([0, 0, 1, 3]).share(1))
        '50.0% [15.0%, 85.0%]'
        """
        return Estimate.proportion(sum(c for v, c in self.counts if v >= at_least), self.n)

    def quantile(self, q: float) -> int:
        """The smallest value with at least a share ``q`` of the games at or below it (0 for no games).

        >>> d = Distribution.of(range(1, 101))
        >>> d.quantile(0.5), d.quantile(0.9), d.quantile(1.0)
        (50, 90, 100)
        """
        n = self.n
        seen = 0
        for value, count in self.counts:
            seen += count
            if seen >= q * n:
                return value
        return self.counts[-1][0] if self.counts else 0


# ====================================================================== one game


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``seed``: the index-th value of a SplitMix64 stream, so it
    depends on the run's seed and the game's index only (never on which process plays the game).

    >>> game_seed(0, 5) == game_seed(0, 5) != game_seed(0, 6)
    True
    """
    return _rng.next_u64((_rng.seed_state(seed) + index * _GAMMA) & _MASK)[0]


def lineup_for(bots: Sequence[str], players: int, index: int, rotate: bool = True) -> tuple[str, ...]:
    """The bot of every seat in game ``index``: ``bots`` repeated to fill the seats, turned by ``index`` seats
    when ``rotate`` is set (so over ``players`` games every bot sits in every seat once).

    >>> lineup_for(["ismcts", "heuristic"], 3, 0), lineup_for(["ismcts", "heuristic"], 3, 1)
    (('ismcts', 'heuristic', 'ismcts'), ('heuristic', 'ismcts', 'ismcts'))
    >>> lineup_for(["random"], 2, 7, rotate=False)
    ('random', 'random')
    """
    seats = [bots[i % len(bots)] for i in range(players)]
    turn = index % players if rotate else 0
    return tuple(seats[turn:] + seats[:turn])


class GameTally(Protocol):
    """What a family counts while one game is played (from :meth:`GameStatistics.tally`)."""

    def step(self, before: Any, mover: int, move: Move, after: Any) -> None:
        """Take in one move: ``mover`` made ``move``, which led from ``before`` to ``after``.

        >>> from maumau_rules import apply, new_game
        >>> s = new_game("malilla", 4, seed=1)
        >>> t = statistics_of("malilla").tally(s)
        >>> t.step(s, s.seat_to_act, s.legal_moves()[-1], apply(s, s.legal_moves()[-1]))
        """

    def counts(self, final: Any) -> dict[str, int]:
        """The game's counts once it is over: ``turns`` and every name of ``GameStatistics.counts``.

        >>> from maumau_rules import new_game
        >>> s = new_game("malilla", 4, seed=1)
        >>> sorted(statistics_of("malilla").tally(s).counts(s))[:2]
        ['breaches', 'capote']
        """


class GameStatistics(Protocol):
    """What :func:`simulate` measures of a game of one family: the family's ``statistics`` hook
    (:mod:`maumau_rules.toolhooks`).

    ``estimates`` lists ``(name, label, kind, source)``: ``kind`` ``mean`` is the mean of the per-game count
    ``source`` (``decisions``, ``turns`` or one of ``counts``), ``share`` the share of games where it is at least 1,
    ``ended`` the share of games that ended the way the :class:`~maumau_rules.state.EndReason` value ``source``
    says, and ``no_winner`` the share of games that nobody won.
    """

    counts: tuple[str, ...]
    estimates: tuple[tuple[str, str, str, str], ...]

    def tally(self, state: Any) -> GameTally:
        """A fresh tally for a game that starts at ``state``.

        >>> from maumau_rules import new_game
        >>> statistics_of("standard").tally(new_game("standard", 2, seed=1)).counts(new_game("standard", 2, seed=1))["turns"]
        0
        """

    def winners(self, final: Any) -> tuple[int, ...]:
        """The seats that won the finished game (a team wins with each of its seats).

        >>> from maumau_rules import new_game
        >>> statistics_of("malilla").winners(new_game("malilla", 4, seed=1))
        ()
        """

    def points(self, final: Any) -> tuple[int, ...]:
        """Each seat's points for the finished game.

        >>> from maumau_rules import new_game
        >>> statistics_of("malilla").points(new_game("malilla", 4, seed=1))
        (0, 0, 0, 0)
        """

    def sides(self, players: int) -> int:
        """How many sides play (a win rate's parity is one in this many).

        >>> statistics_of("standard").sides(3), statistics_of("malilla").sides(4)
        (3, 2)
        """

    def direction(self, state: Any) -> int:
        """The direction of play at ``state`` (+1: to seat + 1).

        >>> from maumau_rules import new_game
        >>> statistics_of("malilla").direction(new_game("malilla", 4, seed=1))
        -1
        """


def statistics_of(variant: Variant | str) -> GameStatistics:
    """The statistics hook of ``variant``'s family.

    >>> statistics_of("malilla").sides(4), statistics_of("standard").counts[0]
    (2, 'reshuffles')
    """
    stats: GameStatistics = tools_for(variant).statistics
    return stats


@attrs.frozen
class GameFacts:
    """What one game showed.

    >>> facts = play_game("standard", ("heuristic", "random"), seed=3)
    >>> facts.decisions >= facts.turns > 0, facts.end
    (True, <EndReason.EMPTY_HAND: 'empty_hand'>)
    >>> play_game("malilla", ("heuristic", "random") * 2, seed=3).count("winner_tricks") >= 0
    True
    """

    lineup: tuple[str, ...]
    """The bot of each seat."""
    first: int
    """The seat that played first."""
    direction: int
    """The direction of play at the start (+1: to seat + 1)."""
    winners: tuple[int, ...]
    """The seats that won (none: no winner; both seats of a winning team)."""
    end: EndReason
    """How the round ended."""
    decisions: int
    """Moves applied."""
    turns: int
    """Turns played."""
    counts: tuple[tuple[str, int], ...]
    """The family's own per-game counts (``GameStatistics.counts``), by name."""
    points: tuple[int, ...]
    """Each seat's points for the round (:meth:`GameStatistics.points`)."""

    @property
    def winner(self) -> int | None:
        """The first seat that won (``None``: no winner).

        >>> play_game("standard", ("heuristic", "random"), seed=3).winner in (0, 1)
        True
        """
        return self.winners[0] if self.winners else None

    def count(self, name: str) -> int:
        """One of the family's per-game counts.

        Raises:
            SimulationError: the family counts nothing of that name.

        >>> play_game("standard", ("heuristic", "random"), seed=3).count("reshuffles") >= 0
        True
        >>> play_game("standard", ("heuristic", "random"), seed=3).count("capote")
        Traceback (most recent call last):
        ...
        maumau_rules.simulate.SimulationError: no count 'capote' in this game: it has reshuffles, penalties, penalty_cards
        """
        for key, value in self.counts:
            if key == name:
                return value
        raise SimulationError(f"no count {name!r} in this game: it has {', '.join(k for k, _ in self.counts)}")

    def position_of(self, seat: int) -> int:
        """``seat``'s position in the turn order at the start: 0 for the seat that played first.

        >>> facts = play_game("standard", ("heuristic", "heuristic", "heuristic"), seed=3)
        >>> (facts.first + facts.direction * facts.position_of(facts.winner)) % 3 == facts.winner
        True
        """
        return ((seat - self.first) * self.direction) % len(self.lineup)

    @property
    def position_of_winner(self) -> int | None:
        """The (first) winner's position in the turn order at the start: 0 for the seat that played first.

        >>> facts = play_game("standard", ("heuristic", "heuristic", "heuristic"), seed=3)
        >>> (facts.first + facts.direction * facts.position_of_winner) % 3 == facts.winner
        True
        """
        return None if self.winner is None else self.position_of(self.winner)


def play_game(variant: Variant | str, lineup: Sequence[str], seed: int, *, start: Any = None) -> GameFacts:
    """Play one round with the bots of ``lineup`` (one per seat, by name: see
    :func:`~maumau_rules.bots.make_bot`) and report what it showed. Each bot gets only its seat's view: to
    choose a move, to interject between turns where the rules open a window (:func:`~maumau_rules.bots.table_move`),
    and after every move (its ``observe`` method, for the bots that have one) to follow the game. What is counted
    comes from the family's statistics hook (:func:`statistics_of`).

    Args:
        variant: the variant (or its name), of any family.
        lineup: a bot name per seat.
        seed: the game's seed: the deal (``new_game(variant, len(lineup), seed=seed)``), and seat ``i``'s bot's
            own seed, :func:`game_seed` ``(seed, 1 + i)``.
        start: play on from this state instead of dealing (an explicit deal, a position to study).

    Raises:
        SimulationError: an unknown bot name, an impossible player count, or a ``start`` state of another
            variant or player count.

    >>> a = play_game("prsi", ("heuristic", "random"), seed=11)
    >>> a == play_game("prsi", ("heuristic", "random"), seed=11)
    True
    >>> sum(a.points) >= 0 and a.lineup
    ('heuristic', 'random')
    >>> len(play_game("malilla", ("random",) * 4, seed=2).winners) in (0, 2)
    True
    """
    v = _variant(variant)
    players = len(lineup)
    _check_players(v, players)
    stats = statistics_of(v)
    try:
        bots = [make_bot(name, seed=game_seed(seed, 1 + seat), variant=v) for seat, name in enumerate(lineup)]
    except BotError as exc:
        raise SimulationError(str(exc)) from None
    if start is None:
        state = new_game(v, players, seed=seed)
    elif getattr(start, "variant", None) != v or getattr(start, "players", None) != players:
        shown_id = getattr(getattr(start, "variant", None), "id", type(start).__name__)
        raise SimulationError(f"the start state is a game of {shown_id!r} with {getattr(start, 'players', '?')} "
                              f"players, not of {v.id!r} with {players}")
    else:
        state = start
    first, direction = state.seat_to_act, stats.direction(state)
    tally = stats.tally(state)
    watchers = [(seat, watch) for seat, bot in enumerate(bots) if (watch := getattr(bot, "observe", None))]
    for seat, watch in watchers:
        watch(view(state, seat))
    while not state.is_over:
        mover, move = table_move(state, bots)
        after = apply(state, move, player=mover)
        for other, watch in watchers:
            watch(view(after, other))
        tally.step(state, mover, move, after)
        state = after
    assert state.end is not None
    counts = tally.counts(state)
    return GameFacts(tuple(lineup), first, direction, stats.winners(state), state.end, state.turn, counts["turns"],
                     tuple((name, counts[name]) for name in stats.counts), stats.points(state))


def _variant(variant: Variant | str) -> Variant:
    try:
        return find_variant(variant) if isinstance(variant, str) else variant
    except MauMauError as exc:
        raise SimulationError(str(exc)) from None


def _check_players(v: Variant, players: int) -> None:
    lo, hi = v.players
    if type(players) is not int or not lo <= players <= hi:
        raise SimulationError(f"variant {v.id!r} is for {lo}-{hi} players, not {players!r}")


# ====================================================================== results


@attrs.frozen
class BotRecord:
    """One bot's record in a cell: the seats it took (one per game per seat) and the games it won.

    >>> str(BotRecord("heuristic", seats=200, wins=120).win_rate)
    '60.0% [53.1%, 66.5%]'
    """

    bot: str
    """The bot's name."""
    seats: int
    """Seat-games played."""
    wins: int
    """Games won."""

    @property
    def win_rate(self) -> Estimate:
        """Wins per seat-game (parity is 1 / players).

        >>> BotRecord("random", 10, 1).win_rate.value
        0.1
        """
        return Estimate.proportion(self.wins, self.seats)


@attrs.frozen
class CellResult:
    """The games of one variant at one player count: counts, and estimates computed from them.

    >>> cell = simulate("standard", players=3, games=12, seed=2).cells[0]
    >>> cell.players, len(cell.win_rate_by_seat), len(cell.win_rate_by_position)
    (3, 3, 3)
    >>> (cell + cell).games, (cell + cell).decisions.total == 2 * cell.decisions.total
    (24, True)
    """

    variant: str
    """The variant's ID."""
    players: int
    """Seats."""
    games: int = 0
    """Games played."""
    decisions: Distribution = Distribution()
    """Decisions per game."""
    turns: Distribution = Distribution()
    """Turns per game."""
    counts: tuple[tuple[str, Distribution], ...] = ()
    """The family's own per-game counts (``GameStatistics.counts``), by name."""
    wins_by_seat: tuple[int, ...] = ()
    """Games won by each seat."""
    wins_by_position: tuple[int, ...] = ()
    """Games won by each position in the turn order (0 plays first)."""
    ends: tuple[int, ...] = ()
    """Rounds ended each way, in :class:`~maumau_rules.state.EndReason` order."""
    bots: tuple[BotRecord, ...] = ()
    """Each bot's record, by name."""
    won: int = 0
    """Games that someone won."""
    family: str = attrs.field(default="", eq=False)
    """The variant's family (empty: the family of the registered variant of that ID); it follows from the variant,
    so it takes no part in comparisons."""

    @classmethod
    def of(cls, variant: str, players: int, games: Iterable[GameFacts], family: str = "") -> CellResult:
        """Add up the facts of ``games``.

        >>> facts = [play_game("standard", ("heuristic", "random"), seed=s) for s in range(4)]
        >>> CellResult.of("standard", 2, facts).games
        4
        """
        out = list(games)
        wins_seat = [0] * players
        wins_position = [0] * players
        ends = [0] * len(_ENDS)
        seats: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        names = [name for name, _ in out[0].counts] if out else []
        for g in out:
            seats.update(g.lineup)
            ends[_ENDS.index(g.end)] += 1
            for seat in g.winners:
                wins_seat[seat] += 1
                wins_position[g.position_of(seat)] += 1
                wins[g.lineup[seat]] += 1
        return cls(
            variant, players, len(out),
            Distribution.of(g.decisions for g in out), Distribution.of(g.turns for g in out),
            tuple((name, Distribution.of(g.count(name) for g in out)) for name in names),
            tuple(wins_seat), tuple(wins_position), tuple(ends),
            tuple(BotRecord(b, seats[b], wins[b]) for b in sorted(seats)), sum(1 for g in out if g.winners), family,
        )

    def __add__(self, other: CellResult) -> CellResult:
        if (self.variant, self.players) != (other.variant, other.players):
            raise SimulationError(f"cannot add the games of {other.variant!r} with {other.players} players to "
                                  f"those of {self.variant!r} with {self.players}")
        if not self.games:
            return other
        if not other.games:
            return self
        seats: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for record in (*self.bots, *other.bots):
            seats[record.bot] += record.seats
            wins[record.bot] += record.wins
        mine, theirs = dict(self.counts), dict(other.counts)
        names = list(mine) + [n for n in theirs if n not in mine]
        return CellResult(
            self.variant, self.players, self.games + other.games, self.decisions + other.decisions,
            self.turns + other.turns,
            tuple((n, mine.get(n, Distribution()) + theirs.get(n, Distribution())) for n in names),
            _add(self.wins_by_seat, other.wins_by_seat), _add(self.wins_by_position, other.wins_by_position),
            _add(self.ends, other.ends), tuple(BotRecord(b, seats[b], wins[b]) for b in sorted(seats)),
            self.won + other.won, self.family or other.family,
        )

    def count(self, name: str) -> Distribution:
        """The distribution of a per-game count: ``decisions``, ``turns`` or one of the family's (empty when the
        cell has no such count).

        >>> simulate("standard", players=2, games=5, seed=1).cells[0].count("reshuffles").n
        5
        """
        if name == "decisions":
            return self.decisions
        if name == "turns":
            return self.turns
        return dict(self.counts).get(name, Distribution())

    def _ended(self, how: EndReason) -> int:
        return self.ends[_ENDS.index(how)] if self.ends else 0

    @property
    def statistics(self) -> GameStatistics:
        """The statistics hook of the cell's family.

        >>> simulate("malilla", players=4, games=2, seed=1).cells[0].statistics.sides(4)
        2
        """
        return statistics_of(self.variant) if not self.family else _statistics_by_family(self.family)

    @property
    def sides(self) -> int:
        """How many sides play: a win rate's parity is one in this many.

        >>> simulate("malilla", players=4, games=2, seed=1).cells[0].sides
        2
        """
        return self.statistics.sides(self.players)

    @property
    def no_winner(self) -> int:
        """Rounds that ended without a winner.

        >>> simulate("standard", players=2, games=5, seed=1).cells[0].no_winner
        0
        """
        return self.games - self.won

    @property
    def win_rate_by_seat(self) -> tuple[Estimate, ...]:
        """Each seat's share of the games won.

        >>> len(simulate("standard", players=2, games=5, seed=1).cells[0].win_rate_by_seat)
        2
        """
        return tuple(Estimate.proportion(w, self.games) for w in self.wins_by_seat)

    @property
    def win_rate_by_position(self) -> tuple[Estimate, ...]:
        """Each turn-order position's share of the games won: position 0 played first (the first player's edge
        is its excess over parity, one in :attr:`sides`).

        >>> cell = simulate("standard", players=2, games=5, seed=1).cells[0]
        >>> sum(e.value for e in cell.win_rate_by_position) <= 1
        True
        """
        return tuple(Estimate.proportion(w, self.games) for w in self.wins_by_position)

    @property
    def win_rate_by_bot(self) -> dict[str, Estimate]:
        """Each bot's wins per seat it took (parity: one in :attr:`sides`).

        >>> simulate("standard", players=2, games=4, seed=1, bots=["random"]).cells[0].win_rate_by_bot.keys()
        dict_keys(['random'])
        """
        return {r.bot: r.win_rate for r in self.bots}

    @property
    def blocked(self) -> Estimate:
        """The share of rounds that ended blocked (R_BLOCKED_END).

        >>> simulate("standard", players=2, games=5, seed=1).cells[0].blocked.n
        5
        """
        return Estimate.proportion(self._ended(EndReason.BLOCKED), self.games)

    @property
    def turn_limit(self) -> Estimate:
        """The share of rounds ended by the move limit (R_TURN_LIMIT).

        >>> simulate("standard", players=2, games=5, seed=1).cells[0].turn_limit.value
        0.0
        """
        return Estimate.proportion(self._ended(EndReason.TURN_LIMIT), self.games)

    @property
    def without_winner(self) -> Estimate:
        """The share of rounds without a winner.

        >>> simulate("standard", players=2, games=5, seed=1).cells[0].without_winner.value
        0.0
        """
        return Estimate.proportion(self.no_winner, self.games)

    def estimates(self) -> dict[str, Estimate]:
        """Every single-number statistic of the family by name (means per game, and rates), in the family's
        order (``GameStatistics.estimates``).

        >>> sorted(simulate("standard", players=2, games=3, seed=1).cells[0].estimates())[:3]
        ['blocked', 'decisions', 'penalties']
        >>> list(simulate("malilla", players=4, games=3, seed=1).cells[0].estimates())[:3]
        ['decisions', 'winner_points', 'winner_tricks']
        """
        out: dict[str, Estimate] = {}
        for name, _label, kind, source in self.statistics.estimates:
            if kind == "mean":
                out[name] = self.count(source).mean
            elif kind == "share":
                d = self.count(source)
                out[name] = d.share(1) if d.n else Estimate.proportion(0, self.games)
            elif kind == "ended":
                out[name] = Estimate.proportion(self._ended(EndReason(source)), self.games)
            elif kind == "no_winner":
                out[name] = self.without_winner
            else:
                raise SimulationError(f"estimate {name!r}: unknown kind {kind!r} (mean, share, ended, no_winner)")
        return out

    def labels(self) -> dict[str, str]:
        """The label of each estimate, for tables.

        >>> simulate("malilla", players=4, games=1, seed=1).cells[0].labels()["capote"]
        'hands won by capote'
        """
        return {name: label for name, label, _kind, _source in self.statistics.estimates}

    def to_json(self) -> dict[str, Any]:
        """The cell as JSON types: the counts (from which :meth:`from_json` rebuilds it) and the estimates.

        >>> d = simulate("standard", players=2, games=3, seed=1).cells[0].to_json()
        >>> d["games"], sorted(d["counts"])[:2], d["estimates"]["decisions"]["n"], d["family"]
        (3, ['bots', 'decisions'], 3, 'maumau')
        """
        dists = {"decisions": self.decisions, "turns": self.turns, **dict(self.counts)}
        return {
            "variant": self.variant, "players": self.players, "games": self.games,
            "family": self.family or find_variant(self.variant).family,
            "counts": {
                **{name: {str(v): c for v, c in d.counts} for name, d in dists.items()},
                "wins_by_seat": list(self.wins_by_seat), "wins_by_position": list(self.wins_by_position),
                "won": self.won, "ends": {e.value: self._ended(e) for e in _ENDS},
                "bots": {r.bot: {"seats": r.seats, "wins": r.wins} for r in self.bots},
            },
            "estimates": {
                **{name: e.to_json() for name, e in self.estimates().items()},
                "win_rate_by_seat": [e.to_json() for e in self.win_rate_by_seat],
                "win_rate_by_position": [e.to_json() for e in self.win_rate_by_position],
                "win_rate_by_bot": {b: e.to_json() for b, e in self.win_rate_by_bot.items()},
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CellResult:
        """Rebuild a cell from :meth:`to_json` (its counts; the estimates are computed again). A file written
        before cells named their family is a Mau-Mau run (one winner a game).

        Raises:
            SimulationError: the data is not a cell.

        >>> cell = simulate("standard", players=2, games=3, seed=1).cells[0]
        >>> CellResult.from_json(cell.to_json()) == cell
        True
        >>> CellResult.from_json({"variant": "standard"})
        Traceback (most recent call last):
        ...
        maumau_rules.simulate.SimulationError: not a simulation cell: missing 'counts'
        """
        try:
            counts = data["counts"]
            dists = {name: Distribution(tuple(sorted((int(v), int(c)) for v, c in hist.items())))
                     for name, hist in counts.items() if name not in _FIXED}
            wins_by_seat = tuple(int(w) for w in counts["wins_by_seat"])
            return cls(
                str(data["variant"]), int(data["players"]), int(data["games"]), dists.pop("decisions"),
                dists.pop("turns"), tuple(dists.items()),
                wins_by_seat=wins_by_seat,
                wins_by_position=tuple(int(w) for w in counts["wins_by_position"]),
                ends=tuple(int(counts["ends"].get(e.value, 0)) for e in _ENDS),
                bots=tuple(BotRecord(str(b), int(r["seats"]), int(r["wins"]))
                           for b, r in sorted(counts["bots"].items())),
                won=int(counts.get("won", sum(wins_by_seat))), family=str(data.get("family", "maumau")),
            )
        except KeyError as exc:
            raise SimulationError(f"not a simulation cell: missing {exc.args[0]!r}") from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise SimulationError(f"not a simulation cell: {exc}") from None


_FIXED: Final = frozenset({"wins_by_seat", "wins_by_position", "won", "ends", "bots"})
"""The keys of a cell's JSON counts that are not per-game distributions."""


def _statistics_by_family(family: str) -> GameStatistics:
    stats: GameStatistics = tools_for_family(family).statistics
    return stats


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if not a:
        return b
    if not b:
        return a
    return tuple(x + y for x, y in zip(a, b, strict=True))


@attrs.frozen
class Edge:
    """The first player's edge in one cell of a run, tested against parity (:meth:`SimulationResult.first_player_edges`).

    >>> Edge("standard", 2, 0.6, 0.5, 0.01, 0.02, True).direction
    'above'
    """

    variant: str
    """The variant's ID."""
    players: int
    """The player count."""
    rate: float
    """The first position's share of the games won."""
    parity: float
    """One in the number of sides."""
    p_value: float
    """The two-sided p-value of this cell's test alone."""
    adjusted: float
    """The p-value adjusted for every cell of the run (Holm)."""
    significant: bool
    """Whether parity is rejected for this cell at the run's family-wise level."""

    @property
    def direction(self) -> str:
        """``'above'`` or ``'below'`` parity, or ``''`` where the difference is not significant.

        >>> Edge("prsi", 3, 0.30, 1 / 3, 0.4, 1.0, False).direction
        ''
        """
        if not self.significant:
            return ""
        return "above" if self.rate > self.parity else "below"


@attrs.frozen
class SimulationResult:
    """A whole run: its settings and one :class:`CellResult` per variant and player count.

    >>> r = simulate(["standard", "prsi"], players=[2, 3], games=4, seed=5)
    >>> [(c.variant, c.players) for c in r.cells]
    [('standard', 2), ('standard', 3), ('prsi', 2), ('prsi', 3)]
    >>> r.cell("prsi", 3).games
    4
    """

    seed: int
    """The run's seed."""
    games: int
    """Games per cell."""
    bots: tuple[str, ...]
    """The bots, seat by seat (repeated to fill the seats)."""
    rotate: bool
    """Whether the bots change seats from game to game."""
    cells: tuple[CellResult, ...]
    """One per variant and player count, in the order asked for."""
    duplicate: bool = False
    """Whether each deal was played once in every rotation of the bots (see :func:`simulate`)."""

    def cell(self, variant: str, players: int) -> CellResult:
        """The cell of a variant (by ID) and player count.

        Raises:
            SimulationError: the run has no such cell.

        >>> simulate("standard", players=2, games=2).cell("standard", 4)
        Traceback (most recent call last):
        ...
        maumau_rules.simulate.SimulationError: this run has no games of 'standard' with 4 players
        """
        for c in self.cells:
            if c.variant == variant and c.players == players:
                return c
        raise SimulationError(f"this run has no games of {variant!r} with {players} players")

    def first_player_edges(self, alpha: float = 0.05) -> tuple[Edge, ...]:
        """Does playing first win more (or less) than parity? One two-sided test per cell, corrected for testing
        every cell of the run at once (Holm's step-down method: the family-wise error rate stays at ``alpha``).

        The test of a cell compares the first position's wins ``k`` of ``n`` games with parity ``p0`` (one in
        :attr:`CellResult.sides`) by the normal approximation to the binomial, ``z = (k - n p0) / sqrt(n p0 (1 -
        p0))``; an :class:`Edge` is ``significant`` when Holm's method rejects parity for its cell.

        >>> r = simulate(["standard", "prsi"], players=2, games=40, seed=3)
        >>> [(e.variant, e.players, 0 <= e.p_value <= 1) for e in r.first_player_edges()]
        [('standard', 2, True), ('prsi', 2, True)]
        >>> all(e.adjusted >= e.p_value for e in r.first_player_edges())
        True
        """
        if not 0 < alpha < 1:
            raise SimulationError(f"alpha {alpha!r} must lie between 0 and 1")
        raw = []
        for c in self.cells:
            parity = 1 / c.sides
            wins = c.wins_by_position[0] if c.wins_by_position else 0
            spread = math.sqrt(c.games * parity * (1 - parity))
            z = (wins - c.games * parity) / spread if spread > 0 else 0.0
            raw.append((c, wins / c.games if c.games else 0.0, parity, math.erfc(abs(z) / math.sqrt(2))))
        order = sorted(range(len(raw)), key=lambda i: raw[i][3])
        adjusted = [1.0] * len(raw)
        running = 0.0
        for rank, i in enumerate(order):  # Holm: p_(r) * (m - r), made monotone
            running = max(running, min(1.0, raw[i][3] * (len(raw) - rank)))
            adjusted[i] = running
        return tuple(Edge(c.variant, c.players, rate, parity, p, adjusted[i], adjusted[i] <= alpha)
                     for i, (c, rate, parity, p) in enumerate(raw))

    def to_json(self) -> dict[str, Any]:
        """The run as JSON types (``type`` ``simulation``, ``version`` 1).

        >>> d = simulate("standard", players=2, games=2, seed=3).to_json()
        >>> d["type"], d["seed"], len(d["cells"])
        ('simulation', 3, 1)
        """
        return {"type": "simulation", "version": 1, "seed": self.seed, "games": self.games, "bots": list(self.bots),
                "rotate": self.rotate, "duplicate": self.duplicate, "confidence": CONFIDENCE,
                "cells": [c.to_json() for c in self.cells]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SimulationResult:
        """Rebuild a run from :meth:`to_json`.

        Raises:
            SimulationError: the data is not a simulation run.

        >>> r = simulate("standard", players=2, games=2, seed=3)
        >>> SimulationResult.from_json(r.to_json()) == r
        True
        >>> SimulationResult.from_json({"type": "record"})
        Traceback (most recent call last):
        ...
        maumau_rules.simulate.SimulationError: not a simulation run (type 'record', version None)
        """
        if not isinstance(data, dict) or data.get("type") != "simulation" or data.get("version") != 1:
            kind = data.get("type") if isinstance(data, dict) else type(data).__name__
            version = data.get("version") if isinstance(data, dict) else None
            raise SimulationError(f"not a simulation run (type {kind!r}, version {version!r})")
        try:
            return cls(int(data["seed"]), int(data["games"]), tuple(str(b) for b in data["bots"]),
                       bool(data["rotate"]), tuple(CellResult.from_json(c) for c in data["cells"]),
                       bool(data.get("duplicate", False)))
        except KeyError as exc:
            raise SimulationError(f"not a simulation run: missing {exc.args[0]!r}") from None

    def to_csv(self) -> str:
        """The run as CSV, one row per statistic of each cell: ``variant, players, statistic, key, value, low,
        high, n`` (``key``: the seat, position or bot of a win rate).

        >>> rows = simulate("standard", players=2, games=2, seed=3).to_csv().splitlines()
        >>> rows[0]
        'variant,players,statistic,key,value,low,high,n'
        >>> rows[1].startswith("standard,2,decisions,,")
        True
        """
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["variant", "players", "statistic", "key", "value", "low", "high", "n"])
        for c in self.cells:
            rows: list[tuple[str, str, Estimate]] = [(name, "", e) for name, e in c.estimates().items()]
            rows += [("win_rate_by_position", str(i + 1), e) for i, e in enumerate(c.win_rate_by_position)]
            rows += [("win_rate_by_seat", str(i), e) for i, e in enumerate(c.win_rate_by_seat)]
            rows += [("win_rate_by_bot", b, e) for b, e in c.win_rate_by_bot.items()]
            for name, key, e in rows:
                w.writerow([c.variant, c.players, name, key, f"{e.value:.6g}", f"{e.low:.6g}", f"{e.high:.6g}", e.n])
        return buf.getvalue()

    def table(self) -> str:
        """The run as text for a terminal: per cell, every statistic with its interval (in the current language,
        :mod:`maumau_rules.i18n`).

        >>> text = simulate("standard", players=2, games=4, seed=3).table()
        >>> print(text.splitlines()[0])
        standard, 2 players: 4 games, bots heuristic (seats rotate), seed 3
        >>> "win rate by position" in text and "95% interval" in text
        True
        """
        bots = ", ".join(self.bots)
        value = _("value")
        blocks: list[str] = []
        for c in self.cells:
            head = ngettext("{variant}, {n} player: ", "{variant}, {n} players: ", c.players).format(
                variant=c.variant, n=c.players)
            head += ngettext("{n} game, bots {bots}", "{n} games, bots {bots}", c.games).format(n=c.games, bots=bots)
            if self.rotate and c.players > 1:
                head += _(" (seats rotate)")
            if self.duplicate:
                head += _(", each deal in every rotation")
            head += _(", seed {seed}").format(seed=self.seed)
            lines = [head,
                     f"  {'':34}{value:>10}  " + _("{percent}% interval").format(
                         percent=round(CONFIDENCE * 100))]
            labels = c.labels()
            for name, e in c.estimates().items():
                lines.append(_row(_(labels[name]), e))
            parity = 1 / c.sides
            lines.append("  " + _("win rate by position (1 plays first; parity {parity}%)").format(
                parity=f"{100 * parity:.1f}"))
            lines += [_row(f"  {i + 1}", e, parity) for i, e in enumerate(c.win_rate_by_position)]
            lines.append("  " + _("win rate by seat"))
            lines += [_row("  " + _("seat {seat}").format(seat=i), e, parity) for i, e in enumerate(c.win_rate_by_seat)]
            lines.append("  " + _("win rate by bot (wins per seat taken)"))
            lines += [_row("  " + ngettext("{bot} ({n} seat)", "{bot} ({n} seats)", r.seats).format(bot=r.bot, n=r.seats),
                           r.win_rate, parity) for r in c.bots]
            lines.append("  " + _("decisions per game: median {median}, 90% of games within {p90}, longest {longest}"
                                  ).format(median=c.decisions.quantile(0.5), p90=c.decisions.quantile(0.9),
                                           longest=c.decisions.quantile(1.0)))
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def _row(label: str, e: Estimate, parity: float | None = None) -> str:
    if e.rate:
        value = f"{100 * e.value:.1f}%"
        interval = f"[{100 * e.low:.1f}%, {100 * e.high:.1f}%]"
    else:
        value = f"{e.value:.2f}"
        interval = f"[{e.low:.2f}, {e.high:.2f}]"
    mark = ""
    if parity is not None and e.n:
        mark = "  " + _("above parity") if e.low > parity else "  " + _("below parity") if e.high < parity else ""
    return f"  {label:<34}{value:>10}  {interval}{mark}"


# ====================================================================== running


@attrs.frozen
class _Chunk:
    """Games ``start`` to ``stop - 1`` of one cell: what a worker process (or Ray task) plays."""

    cell: int
    variant: Variant | str
    players: int
    bots: tuple[str, ...]
    seed: int
    start: int
    stop: int
    rotate: bool
    duplicate: bool


def _run_chunk(chunk: _Chunk) -> tuple[int, CellResult]:
    """Play a chunk's games and add them up (in a worker: it needs nothing but its arguments)."""
    v = _variant(chunk.variant)
    deal = chunk.players if chunk.duplicate else 1
    facts = (play_game(v, lineup_for(chunk.bots, chunk.players, i, chunk.rotate), game_seed(chunk.seed, i // deal))
             for i in range(chunk.start, chunk.stop))
    return chunk.cell, CellResult.of(v.id, chunk.players, facts, v.family)


def _chunks(cells: Sequence[tuple[Variant, int]], bots: tuple[str, ...], games: int, seed: int, rotate: bool,
            duplicate: bool, size: int) -> list[_Chunk]:
    out = []
    for index, (v, players) in enumerate(cells):
        ref: Variant | str = v.id if _registered(v) else v
        for start in range(0, games, size):
            out.append(_Chunk(index, ref, players, bots, seed, start, min(games, start + size), rotate, duplicate))
    return out


def _registered(v: Variant) -> bool:
    try:
        return find_variant(v.id) == v
    except MauMauError:
        return False


def available_cores() -> int:
    """The number of CPU cores this process may use.

    >>> available_cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def simulate(
    variants: Variant | str | Sequence[Variant | str],
    players: int | Sequence[int] | None = None,
    *,
    bots: Sequence[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    rotate: bool = True,
    duplicate: bool = False,
    jobs: int | None = 1,
    ray: str | None = None,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games of every variant at every player count and measure them.

    Args:
        variants: a variant, its name, ``"all"`` (every registered variant), or a sequence of these.
        players: a player count, or several; ``None`` (the default): each variant at its smallest table (2 for
            Standard, 4 for Malilla).
        bots: bot names (:func:`~maumau_rules.bots.make_bot`), seat by seat, repeated to fill the seats.
        games: games per variant and player count.
        seed: the run's seed; game ``i`` is dealt from :func:`game_seed` ``(seed, i)``.
        rotate: turn the bots one seat on from game to game (:func:`lineup_for`).
        duplicate: deal each deal once in every rotation (game ``i`` is dealt from ``game_seed(seed, i //
            players)``), so that the luck of the deal evens out between the bots, as in duplicate bridge. The
            intervals still treat games as independent, which makes them wider than they need be.
        jobs: worker processes (``None`` or 0: every core this process may use; 1: play here, in this process).
        ray: play on a Ray cluster instead (the ``ray`` extra): ``"local"`` starts a local instance with
            ``jobs`` CPUs (all cores for ``None``), ``"auto"`` joins the cluster of this machine, anything else
            is a cluster address (``ray://head:10001``). An instance already started with ``ray.init`` is used
            as it is.
        chunk: games per task (default: chosen from the number of games and workers; it never changes the
            result).
        progress: called with (games done, games in all) whenever a chunk of games is done.

    Returns:
        the counts and estimates, the same for the same arguments, whatever ``jobs``, ``ray`` and ``chunk``.

    Raises:
        SimulationError: no variants, no games, a player count outside a variant's range, an unknown bot, or
            bad ``jobs`` or ``chunk``.
        MissingExtraError: ``ray`` was asked for but the package is not installed.

    >>> r = simulate("standard", players=2, games=20, seed=7, bots=["heuristic", "random"])
    >>> r.cells[0].win_rate_by_bot["heuristic"].value > r.cells[0].win_rate_by_bot["random"].value
    True
    >>> simulate("standard", players=2, games=20, seed=7, bots=["heuristic", "random"], chunk=3) == r
    True
    """
    cells = _cells(variants, players)
    bot_names = _bots(bots, cells)
    if type(games) is not int or games < 1:
        raise SimulationError(f"games={games!r}: give a whole number of games, at least 1")
    if type(seed) is not int:
        raise SimulationError(f"seed={seed!r} must be a whole number")
    if jobs is not None and (type(jobs) is not int or jobs < 0):
        raise SimulationError(f"jobs={jobs!r}: give a number of processes (0 or None: every core)")
    workers = jobs or available_cores()
    if chunk is None:
        chunk = max(1, min(250, math.ceil(games * len(cells) / (workers * 40))))
    elif type(chunk) is not int or chunk < 1:
        raise SimulationError(f"chunk={chunk!r}: give a whole number of games per task, at least 1")
    if duplicate and not rotate:
        raise SimulationError("duplicate deals need the bots to rotate (rotate=True)")
    todo = _chunks(cells, bot_names, games, seed, rotate, duplicate, chunk)
    total = games * len(cells)
    if ray is not None:
        done = _on_ray(todo, ray, jobs, total, progress)
    elif workers == 1:
        done = _here(todo, total, progress)
    else:
        done = _on_processes(todo, workers, total, progress)
    results = [CellResult(v.id, p, family=v.family) for v, p in cells]
    for index, part in done:
        results[index] = results[index] + part
    return SimulationResult(seed, games, bot_names, rotate, tuple(results), duplicate)


def _cells(variants: Variant | str | Sequence[Variant | str], players: int | Sequence[int] | None
           ) -> list[tuple[Variant, int]]:
    items: Sequence[Variant | str] = [variants] if isinstance(variants, Variant | str) else variants
    counts = None if players is None else [players] if isinstance(players, int) else list(players)
    if counts is not None and not counts:
        raise SimulationError("no player counts to simulate")
    out: list[tuple[Variant, int]] = []
    for item in items:
        if isinstance(item, str) and item == "all":  # every registered variant, at the counts it seats
            pairs = [(v, p) for v in available_variants() for p in (counts or [v.players[0]])
                     if type(p) is int and v.players[0] <= p <= v.players[1]]
            if not pairs:
                raise SimulationError(f"no registered variant is for {' or '.join(map(str, counts or []))} players")
        else:
            v = _variant(item)
            mine = counts or [v.players[0]]
            for p in mine:
                _check_players(v, p)
            pairs = [(v, p) for p in mine]
        out += [pair for pair in pairs if pair not in out]
    if not out:
        raise SimulationError("no variants to simulate")
    return out


def _bots(bots: Sequence[str], cells: Sequence[tuple[Variant, int]]) -> tuple[str, ...]:
    names = (bots,) if isinstance(bots, str) else tuple(bots)
    if not names:
        raise SimulationError("no bots: name at least one (heuristic, random, ismcts, ismcts:N)")
    for v in dict.fromkeys(v for v, _players in cells):
        for name in names:
            try:
                make_bot(name, variant=v)
            except BotError as exc:
                raise SimulationError(str(exc)) from None
    return names


def _here(todo: list[_Chunk], total: int, progress: Callable[[int, int], None] | None
          ) -> list[tuple[int, CellResult]]:
    out = []
    done = 0
    for c in todo:
        out.append(_run_chunk(c))
        done += c.stop - c.start
        if progress is not None:
            progress(done, total)
    return out


def _on_processes(todo: list[_Chunk], workers: int, total: int, progress: Callable[[int, int], None] | None
                  ) -> list[tuple[int, CellResult]]:
    import multiprocessing

    out = []
    done = 0
    with multiprocessing.get_context().Pool(min(workers, len(todo))) as pool:
        for result in pool.imap_unordered(_run_chunk, todo):
            out.append(result)
            done += result[1].games
            if progress is not None:
                progress(done, total)
    return out


def _on_ray(todo: list[_Chunk], address: str, jobs: int | None, total: int,
            progress: Callable[[int, int], None] | None) -> list[tuple[int, CellResult]]:
    from .extras import require

    ray = require("ray", "ray", "maumau_rules.simulate (ray=...)")
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address == "local":
            ray.init(num_cpus=jobs or available_cores(), **options)
        else:
            ray.init(address=address, **options)
        started = True
    try:
        remote = ray.remote(num_cpus=1)(_run_chunk)
        pending = [remote.remote(c) for c in todo]
        out = []
        done = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(ready):
                out.append(result)
                done += result[1].games
                if progress is not None:
                    progress(done, total)
        return out
    finally:
        if started:
            ray.shutdown()
