"""The jax step (``maumau_rules.families.maumau.batch.jax_engine``) against the numpy engine: the same deals and the same choices
give the same states and masks, up to each game's first reshuffle or new deal (where their generators differ by
design: jax keys against the scalar engine's SplitMix64 stream); random play has the same statistics within
intervals. Run by ``nox -s batch_jax``, which installs jax (the ``jax`` extra).

Compiling a jax step takes seconds: each (variant, players) is compiled once for the module (:func:`_engine`) and
the games are few and short."""

from __future__ import annotations

import functools
import math
from collections import Counter
from typing import Any

import numpy as np
import pytest

from maumau_rules.errors import VariantError
from maumau_rules.families.maumau.batch import BatchEngine
from maumau_rules.families.maumau.tables import compile_tables, table_coverage
from maumau_rules.variants import available_variants, variant_from_dict

COMPARED = ("hands", "nst", "nd", "top", "seat", "dirn", "phase", "pend", "stack_skip", "pskip", "wish", "anyc",
            "drawn", "ann", "missed", "fresh", "passes", "turn", "winner", "end", "finisher", "turns", "penalties",
            "penalty_cards", "first", "start_dir")
SERIES = ("tp_n", "tp_jacks", "acc_skip", "acc_pass", "acc_rev", "acc_two")
"""Compared too where the variant has series (``tp_first`` where ``tp_n`` is not 0: it is read only then)."""
JAX_VARIANTS = {"standard": 2, "standard-points": 3, "standard-table": 3, "prsi": 3, "russian": 2, "tschau-sepp": 3,
                "crazy-eights": 2, "puque": 3, "greek-150": 3, "neuner": 2, "classic": 3, "pesten": 3, "faraon": 2,
                "mau-king": 3, "mau-king-app": 2}
"""The registered Mau-Mau variants the jax step runs, with the player count each is tested with."""
REFUSED: dict[str, str] = {}
"""The others, with what :func:`jax_coverage` names (none: the jax step runs every registered Mau-Mau variant)."""
B = 64


@functools.cache
def _engine(variant: str, players: int) -> Any:
    from maumau_rules.families.maumau.batch.jax_engine import JaxEngine

    return JaxEngine(variant, players, B, seed=5)


@pytest.mark.nox_session("batch_jax")
def test_the_jax_coverage_lists_every_registered_variant() -> None:
    from maumau_rules.families.maumau.batch.jax_engine import jax_coverage

    found = {}
    for v in available_variants("maumau"):
        assert table_coverage(v) == "", v.id  # (every registered Mau-Mau variant has tables)
        found[v.id] = jax_coverage(BatchEngine(v, compile_tables(v).min_players, 1))
    assert {v for v, why in found.items() if not why} == set(JAX_VARIANTS)
    assert set(found) == set(JAX_VARIANTS) | set(REFUSED)
    for name, part in REFUSED.items():
        assert part in found[name], (name, found[name])


def _play_both(ref: BatchEngine, jx: Any, steps: int) -> tuple[int, int, set[int], bool, int]:
    """Play the numpy engine ``ref`` and the jax engine ``jx`` (loaded from it) with the same random choices and
    compare every state and mask while a game's chance has not differed (no reshuffle, no new deal). Returns the
    game states compared, the games finished alike, the phases seen, whether a seat held a card twice, and the
    plays compared of cards that make another seat draw at once (R_DRAW_PENALTY ``defendable = false``)."""
    n = ref.batch
    alive = np.ones(n, dtype=bool)
    at_once = sum((amounts > 0 for amounts, _ in ref.OP_DRAWS), np.zeros(ref.n_cards, dtype=bool))
    compared = finished = draws_at_once = 0
    phases: set[int] = set()
    twice = False
    for step in range(steps):
        mask = ref.legal_mask()
        assert (jx.legal_mask()[alive] == mask[alive]).all(), step
        actions = ref.sample_random()
        a = np.maximum(actions, 0)
        draws_at_once += int((alive & (ref.A_KIND[a] == 2) & at_once[ref.A_CARD[a]]).sum())
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
        for name in COMPARED + (SERIES if ref.has_series else ()):
            want = getattr(ref, name)
            assert (got[name][alive] == want[alive].astype(got[name].dtype)).all(), (name, step)
        if ref.W == 2:  # the cards held twice
            assert (got["hands1"][alive] == ref.layers[1][alive]).all(), step
        if ref.has_series:
            open_ = alive & (ref.tp_n > 0)
            assert (got["tp_first"][open_] == ref.tp_first[open_]).all(), step
        for b in np.flatnonzero(alive).tolist():
            assert got["stock"][b, :ref.nst[b]].tolist() == ref.stock[b, :ref.nst[b]].tolist(), (b, step)
            assert got["disc"][b, :ref.nd[b]].tolist() == ref.disc[b, :ref.nd[b]].tolist(), (b, step)
        compared += int(alive.sum())
        phases |= set(ref.phase[alive].tolist())
        twice |= bool((ref.layers[-1][alive] != 0).any())
    return compared, finished, phases, twice, draws_at_once


@pytest.mark.nox_session("batch_jax")
@pytest.mark.parametrize("variant", sorted(JAX_VARIANTS))
def test_jax_step_equals_the_numpy_engine(variant: str) -> None:
    players = JAX_VARIANTS[variant]
    ref = BatchEngine(variant, players, B, seed=5, count_turns=True)
    jx = _engine(variant, players)
    jx.load(ref)
    compared, finished, phases, twice, draws_at_once = _play_both(ref, jx, 120)
    assert compared > 1500 and finished >= 2, (compared, finished)
    if ref.has_series and not ref.OPENS[0][1]:  # a series was played through (phase SERIES)
        assert 2 in phases, phases
    if ref.W == 2:  # a seat held a card twice
        assert twice
    if ref.tables.judges_finish:  # a judged finish was played through (phase FINISHING)
        assert 3 in phases, phases
    if ref.OP_DRAWS:  # a card that makes another seat draw at once was played, and drawn for
        assert draws_at_once >= 10, draws_at_once


@pytest.mark.nox_session("batch_jax")
@pytest.mark.parametrize("variant", ["mau-king", "mau-king-app"])
def test_a_jack_series_after_the_jack_word_runs_as_in_the_numpy_engine(variant: str) -> None:
    """R_WILD_FINISH_SERIES ``after_call``: a series of Jacks opens only after the Jack word stands (random play
    rarely gets there): every seat to act holds three Jacks and a card, half of them with the word said."""
    players = JAX_VARIANTS[variant]
    ref = BatchEngine(variant, players, B, seed=8, count_turns=True)
    jacks = [c for c, card in enumerate(ref.tables.cards) if card.rank is not None and card.rank.name == "JACK"]
    for b in range(B):
        counts = [0] * ref.n_cards
        for c in jacks[:3]:
            counts[c] += 1
        counts[(b * 7) % ref.n_cards] += 1
        seat = int(ref.seat[b])
        ref.set_hand(b, seat, counts)
        ref.ann[b, seat] = 2 if b % 2 else 0
    ref.refresh()
    jx = _engine(variant, players)
    jx.load(ref)
    compared, _, phases, _, _ = _play_both(ref, jx, 40)
    assert compared > 500 and 2 in phases, (compared, phases)


@pytest.mark.nox_session("batch_jax")
@pytest.mark.parametrize("variant", sorted(JAX_VARIANTS))
def test_the_jax_deal_deals_every_card_once(variant: str) -> None:
    jx = _engine(variant, JAX_VARIANTS[variant])
    ref = jx.ref
    jx.reset(11)
    got = jx.arrays()
    deck = Counter(ref.DECK.tolist())
    for b in range(B):
        layers = [[int(h) for h in got["hands"][b]], [int(h) for h in got.get("hands1", got["hands"] * 0)[b]]]
        sizes = [bin(h0).count("1") + bin(h1).count("1") for h0, h1 in zip(*layers, strict=True)]
        assert sizes == [ref.hand_size] * jx.players, (b, sizes)
        seen: Counter[int] = Counter()
        for h0, h1 in zip(*layers, strict=True):
            assert h1 & ~h0 == 0  # (a card held twice is held)
            seen.update(c for c in range(ref.n_cards) for h in (h0, h1) if h >> c & 1)
        seen.update([*got["stock"][b, :got["nst"][b]].tolist(), *got["disc"][b, :got["nd"][b]].tolist()])
        assert seen == deck, b
        if ref.tables.rebury:  # R_START_CARD rebury: the start card is not one of those
            assert not ref.REBURY[int(got["top"][b])], b


@pytest.mark.nox_session("batch_jax")
def test_the_power_cut_gives_the_cutter_the_special_cards_it_saw() -> None:
    """R_CUT ``power_cards`` (classic): the cutter keeps the special cards among the four he sees, so the hands
    hold more special cards than a plain deal gives them, as many as the scalar engine's cut gives (numpy's deals
    are the scalar engine's)."""
    jx = _engine("classic", 3)
    ref = BatchEngine("classic", 3, 768, seed=2)
    special = sum(1 << c for c, card in enumerate(ref.tables.cards)
                  if ref.variant.plan.cutting.special.matches(card))
    mine: list[int] = []
    for seed in range(12):
        jx.reset(100 + seed)
        mine += np.bitwise_count(jx.arrays()["hands"] & special).sum(axis=1).tolist()
    theirs = np.bitwise_count(ref.hands & np.uint64(special)).sum(axis=1).tolist()
    (m1, v1), (m2, v2) = _decisions(mine), _decisions(theirs)
    plain = 3 * ref.hand_size * bin(special).count("1") / ref.N  # no cut: the hands' share of the special cards
    assert abs(m1 - m2) < 4 * math.sqrt(v1 + v2), (m1, m2)
    assert m1 - plain > 8 * math.sqrt(v1), (m1, plain)


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

    until = variant_from_dict({"variant": {"id": "until", "name": "Until", "based_on": "standard"},
                               "rules": {"R_DRAW_UNTIL_SUIT": {"cards": ["9d"]}}})
    with pytest.raises(VariantError, match="does not run 'until': R_DRAW_UNTIL_SUIT"):
        JaxEngine(until, 2, 4)
    three = variant_from_dict({"variant": {"id": "three", "name": "Three", "based_on": "standard",
                                           "deck": "french-32 x3"}})
    with pytest.raises(VariantError, match=r"does not run 'three': more than two copies of a card \(3\)"):
        JaxEngine(three, 2, 4)
    for name, part in REFUSED.items():
        with pytest.raises(VariantError, match=f"does not run '{name}': {part}"):
            JaxEngine(name, 2, 4)


def _overlap(a: Any, b: Any) -> bool:
    return bool(a.low <= b.high and b.low <= a.high)


@pytest.mark.nox_session("batch_jax")
@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("greek-150", 3), ("mau-king", 2)])
def test_simulate_backend_jax_has_the_numpy_statistics(variant: str, players: int) -> None:
    """``simulate --engine batch --backend jax``: other games than numpy's (jax's generators), the same estimates
    and win rates by position within their intervals."""
    from maumau_rules.families.maumau.batch.simulate import simulate_batch

    mine = simulate_batch(variant, players, games=1200, seed=4, batch=400, backend="jax").cells[0]
    theirs = simulate_batch(variant, players, games=1200, seed=4, batch=400).cells[0]
    assert mine.games == 1200 and sum(mine.wins_by_seat) + mine.no_winner == 1200
    assert mine.wins_by_seat != theirs.wins_by_seat  # (other games, not numpy's run again)
    a, b = mine.estimates(), theirs.estimates()
    assert a.keys() == b.keys() and {"decisions", "turns", "penalties", "reshuffles"} <= a.keys()
    apart = {k: (str(a[k]), str(b[k])) for k in a if not _overlap(a[k], b[k])}
    assert not apart, apart
    for x, y in zip(mine.win_rate_by_position, theirs.win_rate_by_position, strict=True):
        assert _overlap(x, y)


@pytest.mark.nox_session("batch_jax")
def test_cli_backend_jax_prints_the_table_and_refuses_by_name() -> None:
    import argparse
    import io

    from maumau_rules.cli_simulate import add_subcommand, cmd_simulate

    parser = argparse.ArgumentParser()
    add_subcommand(parser.add_subparsers())

    def run(*argv: str) -> tuple[int, str, str]:
        args = parser.parse_args(["simulate", *argv, "--engine", "batch", "--backend", "jax", "--no-progress"])
        args.out, args.err = io.StringIO(), io.StringIO()
        code = cmd_simulate(args)
        return code, args.out.getvalue(), args.err.getvalue()

    code, out, _ = run("prsi", "-n", "30", "--bots", "random", "--batch-size", "30")
    assert code == 0 and "prsi, 2 players: 30 games" in out and "decisions per game" in out
    code, out, _ = run("pesten", "-n", "20", "--bots", "random", "--batch-size", "20")
    assert code == 0 and "pesten, 2 players: 20 games" in out
    code, _, err = run("prsi", "-n", "10", "--bots", "heuristic")
    assert code == 2 and "the jax backend of the batch engine plays the random bot only" in err


@pytest.mark.nox_session("batch_jax")
def test_a_round_cut_off_while_a_finish_waits_keeps_its_last_card() -> None:
    """A round that the move limit ends while a finisher waits for his call-out (phase FINISHING) keeps the turn's
    last card, as the numpy engine's ``last_card`` does (the scoring's last-card multiplier reads it); any other
    round ended by count has none (-1)."""
    import jax.numpy as jnp

    jx = _engine("greek-150", 3)
    with jx._scope():
        one = {f: x[0] for f, x in jx.state.items()}
        waiting = dict(one, phase=jnp.asarray(3, dtype=one["phase"].dtype))  # _FINISHING
        cut = jx._finish_count(waiting, jnp.bool_(True), 3)
        plain = jx._finish_count(dict(one, phase=jnp.asarray(0, dtype=one["phase"].dtype)), jnp.bool_(True), 3)
        untouched = jx._finish_count(waiting, jnp.bool_(False), 3)
    assert int(cut["last"]) == int(one["top"]) >= 0 and int(cut["end"]) == 3 and int(cut["phase"]) == 4
    assert int(plain["last"]) == -1 and int(plain["end"]) == 3
    assert int(untouched["last"]) == -1 and int(untouched["end"]) == int(one["end"])
