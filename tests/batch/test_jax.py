"""The jax step (``maumau_rules.families.maumau.batch.jax_engine``) against the numpy engine: the same deals and the same choices
give the same states and masks, up to each game's first reshuffle or new deal (where their generators differ by
design: jax keys against the scalar engine's SplitMix64 stream); random play has the same statistics within
intervals. Run by ``nox -s batch_jax``, which installs jax (the ``jax`` extra)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from maumau_rules.errors import VariantError
from maumau_rules.families.maumau.batch import BatchEngine

COMPARED = ("hands", "nst", "nd", "top", "seat", "dirn", "phase", "pend", "stack_skip", "pskip", "wish", "anyc",
            "drawn", "ann", "missed", "fresh", "passes", "turn", "winner", "end")


@pytest.mark.nox_session("batch_jax")
@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("standard", 4), ("prsi", 3),
                                                  ("standard-table", 3)])
def test_jax_step_equals_the_numpy_engine(variant: str, players: int) -> None:
    from maumau_rules.families.maumau.batch.jax_engine import JaxEngine

    B = 256
    ref = BatchEngine(variant, players, B, seed=5)
    jx = JaxEngine(variant, players, B, seed=5)
    jx.load(ref)
    alive = np.ones(B, dtype=bool)  # games whose chance has not yet differed (no reshuffle, no new deal)
    compared = finished = 0
    for step in range(200):
        mask = ref.legal_mask()
        assert (jx.legal_mask()[alive] == mask[alive]).all(), step
        actions = ref.sample_random()
        done = ref.step(actions)
        jdone = np.asarray(jx.step(actions))
        if done.size:  # the games both finished here, with the same result
            assert jdone[done[alive[done]]].all()
            won = alive[done]
            assert (np.asarray(jx.winners)[done[won]] == ref.finished["winner"][won]).all()
            assert (np.asarray(jx.decisions)[done[won]] == ref.finished["decisions"][won]).all()
            finished += int(won.sum())
        alive[done] = False
        alive &= ref.reshuffles == 0
        got = jx.arrays()
        alive &= got["reshuffles"] == 0
        for name in COMPARED:
            want = getattr(ref, name)
            assert (got[name][alive] == want[alive].astype(got[name].dtype)).all(), (name, step)
        for b in np.flatnonzero(alive).tolist():
            assert got["stock"][b, :ref.nst[b]].tolist() == ref.stock[b, :ref.nst[b]].tolist(), (b, step)
            assert got["disc"][b, :ref.nd[b]].tolist() == ref.disc[b, :ref.nd[b]].tolist(), (b, step)
        compared += int(alive.sum())
    assert compared > 5000 and finished > 3, (compared, finished)


def _decisions(games: list[int]) -> tuple[float, float]:
    mean = sum(games) / len(games)
    var = sum((g - mean) ** 2 for g in games) / (len(games) - 1)
    return mean, var / len(games)


@pytest.mark.nox_session("batch_jax")
def test_jax_random_play_has_the_numpy_engines_statistics() -> None:
    from maumau_rules.families.maumau.batch.jax_engine import JaxEngine

    B = 512
    jx, ref = JaxEngine("standard", 2, B, seed=3), BatchEngine("standard", 2, B, seed=3)
    mine: list[int] = []
    theirs: list[int] = []
    wins = [0, 0]
    while len(mine) < 1500 or len(theirs) < 1500:
        done = np.asarray(jx.step(jx.sample_random()))
        mine += np.asarray(jx.decisions)[done].tolist()
        for w in np.asarray(jx.winners)[done].tolist():
            if w >= 0:
                wins[w] += 1
        if ref.step(ref.sample_random(), check=False).size:
            theirs += ref.finished["decisions"].tolist()
    (m1, v1), (m2, v2) = _decisions(mine), _decisions(theirs)
    assert abs(m1 - m2) < 4 * math.sqrt(v1 + v2), (m1, m2)
    n = sum(wins)
    assert abs(wins[0] / n - 0.5) < 4 * math.sqrt(0.25 / n) + 0.1, wins  # seat 0 is not the only winner


@pytest.mark.nox_session("batch_jax")
def test_the_jax_step_refuses_what_it_does_not_know_by_name() -> None:
    from maumau_rules.families.maumau.batch.jax_engine import JaxEngine

    with pytest.raises(VariantError, match="several copies of a card"):
        JaxEngine("pesten", 2, 4)
    with pytest.raises(VariantError, match="series"):
        JaxEngine("faraon", 2, 4)
