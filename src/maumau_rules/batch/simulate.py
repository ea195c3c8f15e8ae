"""``simulate`` on the batch engine: the same counts and estimates as :func:`maumau_rules.simulate.simulate`, from
games played B at a time (``maumau simulate --engine batch``).

The games come from the batch engine's own generators, so a run is reproducible from its seed but deals other
games than the scalar run of the same seed: the two agree in distribution, within their intervals (a test says
so). Every slot of the batch plays whole games up to its share of the total, so short games are not favoured.

>>> r = simulate_batch("prsi", 2, games=20, seed=1, batch=20)
>>> cell = r.cells[0]
>>> cell.games, sum(cell.wins_by_seat) + cell.no_winner
(20, 20)
>>> simulate_batch("prsi", 2, games=20, seed=1, batch=20) == r
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..families.maumau.tables import compile_tables
from ..simulate import CellResult, GameFacts, SimulationError, SimulationResult, statistics_of
from ..variants import Variant, find_variant
from .engine import END_REASONS, BatchEngine

__all__ = ["BATCH_BOTS", "simulate_batch"]

BATCH_BOTS = ("random",)
"""The bots the batch engine plays (over legal-move masks)."""


def simulate_batch(
    variant: Variant | str,
    players: int | None = None,
    *,
    games: int = 1000,
    seed: int = 0,
    batch: int | None = None,
    bots: Sequence[str] = ("random",),
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``variant`` with ``players`` seats (default: its smallest table) on the batch
    engine, every seat a random bot (interjected call-outs included, as :class:`~maumau_rules.bots.RandomBot`
    makes them), and measure them as :func:`~maumau_rules.simulate.simulate` does.

    Args:
        batch: games played at once (default: up to 4096).
        progress: called with (games done, games in all) after every move that finishes games.

    Raises:
        SimulationError: a bot the batch engine does not play, no games, or a player count outside the variant's
            range. VariantError: the variant has no table form (the message names the rule).

    >>> simulate_batch("standard", 2, games=10, bots=("heuristic",))
    Traceback (most recent call last):
    ...
    maumau_rules.simulate.SimulationError: the batch engine plays the random bot only, not 'heuristic' (--bots random)
    """
    v = find_variant(variant)
    for name in bots:
        if name not in BATCH_BOTS:
            raise SimulationError(f"the batch engine plays the random bot only, not {name!r} (--bots random)")
    if type(games) is not int or games < 1:
        raise SimulationError(f"games={games!r}: give a whole number of games, at least 1")
    compile_tables(v)  # (a variant without a table form is refused by name first)
    n = v.plan.min_players if players is None else players
    if type(n) is not int or not v.plan.min_players <= n <= v.plan.max_players:
        raise SimulationError(f"variant {v.id!r} is for {v.plan.min_players}-{v.plan.max_players} players, not {n!r}")
    size = min(games, batch or 4096)
    eng = BatchEngine(v, n, size, seed=seed, auto_reset=False, count_turns=True)
    quota = np.full(size, games // size, dtype=np.int64)
    quota[: games % size] += 1
    bot_rng = eng.rng ^ np.uint64(0xA0761D6478BD642F)
    names = statistics_of(v).counts
    lineup = ("random",) * n
    facts: list[GameFacts] = []
    while len(facts) < games:
        actions, movers = eng.sample_interjections(bot_rng)
        own = eng.sample_random(bot_rng)
        actions = np.where(movers >= 0, actions, own)
        done = eng.step(actions, movers, check=False)
        if not done.size:
            continue
        r = eng.finished
        for i in range(done.size):
            winner = int(r["winner"][i])
            counts = {"reshuffles": int(r["reshuffles"][i]), "penalties": int(r["penalties"][i]),
                      "penalty_cards": int(r["penalty_cards"][i])}
            end = END_REASONS[int(r["end"][i])]
            assert end is not None
            facts.append(GameFacts(lineup, int(r["first"][i]), int(r["direction"][i]),
                                   () if winner < 0 else (winner,), end, int(r["decisions"][i]),
                                   int(r["turns"][i]), tuple((k, counts[k]) for k in names),
                                   tuple(int(p) for p in r["points"][i])))
        quota[done] -= 1
        again = done[quota[done] > 0]
        if again.size:
            eng.deal(again)
        if progress is not None:
            progress(len(facts), games)
    cell = CellResult.of(v.id, n, facts, v.family)
    return SimulationResult(seed, games, tuple(bots), True, (cell,), False)
