"""``simulate --engine batch``: the same statistics as the scalar engine, within their intervals."""

from __future__ import annotations

import argparse
import io
import random

import pytest

from maumau_rules.cli_simulate import add_subcommand, cmd_simulate
from maumau_rules.families.maumau.batch.simulate import simulate_batch
from maumau_rules.simulate import Estimate, SimulationError, simulate


def _overlap(a: Estimate, b: Estimate) -> bool:
    return a.low <= b.high and b.low <= a.high


def _simulate_cli(*argv: str) -> tuple[int, str, str]:
    """``maumau simulate ARGV``: its exit code, what it printed and what it said on stderr."""
    parser = argparse.ArgumentParser()
    add_subcommand(parser.add_subparsers())
    args = parser.parse_args(["simulate", *argv])
    args.out, args.err = io.StringIO(), io.StringIO()
    code = cmd_simulate(args)
    return code, args.out.getvalue(), args.err.getvalue()


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("prsi", 3)])
def test_batch_statistics_match_the_scalar_engine(variant: str, players: int) -> None:
    scalar = simulate(variant, players, bots=["random"], games=60, seed=11, jobs=1).cells[0]
    batch = simulate_batch(variant, players, games=400, seed=11, batch=400).cells[0]
    assert batch.games == 400 and sum(batch.wins_by_seat) + batch.no_winner == 400
    mine, theirs = batch.estimates(), scalar.estimates()
    assert mine.keys() == theirs.keys()
    apart = {k: (str(theirs[k]), str(mine[k])) for k in theirs if not _overlap(theirs[k], mine[k])}
    assert not apart, apart
    for a, b in zip(scalar.win_rate_by_position, batch.win_rate_by_position, strict=True):
        assert _overlap(a, b)


def test_cli_engine_batch_prints_the_table() -> None:
    code, out, _ = _simulate_cli("standard", "-n", "20", "--engine", "batch", "--bots", "random", "--batch-size", "20",
                                 "--no-progress")
    assert code == 0
    assert "standard, 2 players: 20 games" in out and "decisions per game" in out
    code, _, err = _simulate_cli("malilla", "-n", "10", "--engine", "batch", "--bots", "random")
    assert code == 2 and "has no table form" in err


@pytest.mark.parametrize(("variant", "players"), [("standard", 3), ("prsi", 3), ("greek-150", 3)])
def test_batch_heuristic_bot_matches_the_scalar_engine(variant: str, players: int) -> None:
    """The heuristic bot over masks against random bots: its win rate and the games' counts agree with the scalar
    engine's HeuristicBot within their intervals (the policy makes the scalar bot's move: a test in
    test_batch_heuristic_moves_are_the_scalar_bots)."""
    bots = ("heuristic", "random")
    scalar = simulate(variant, players, bots=list(bots), games=90, seed=3, jobs=1).cells[0]
    batch = simulate_batch(variant, players, games=450, seed=3, batch=450, bots=bots).cells[0]
    mine = {r.bot: r.win_rate for r in batch.bots}
    theirs = {r.bot: r.win_rate for r in scalar.bots}
    assert mine.keys() == theirs.keys() == set(bots)
    assert mine["heuristic"].value > 1 / players + 0.1  # (it does beat random bots)
    for bot in bots:
        assert _overlap(mine[bot], theirs[bot]), (bot, str(mine[bot]), str(theirs[bot]))
    est, their_est = batch.estimates(), scalar.estimates()
    apart = {k: (str(their_est[k]), str(est[k])) for k in their_est if not _overlap(their_est[k], est[k])}
    assert not apart, apart


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("standard", 4), ("prsi", 3),
                                                  ("standard-table", 3), ("greek-150", 3), ("neuner", 2),
                                                  ("classic", 3), ("mau-king", 2), ("mau-king", 4)])
def test_batch_heuristic_moves_are_the_scalar_bots(variant: str, players: int) -> None:
    from maumau_rules import apply, legal_moves, new_game
    from maumau_rules.families.maumau.batch import BatchEngine
    from maumau_rules.families.maumau.batch.simulate import HeuristicPolicy
    from maumau_rules.families.maumau.bots import HeuristicBot
    from maumau_rules.views import view

    r = random.Random(players)
    states = []
    for g in range(60):
        s = new_game(variant, players, seed=g)
        for _ in range(r.randrange(0, 80)):
            if s.is_over:
                break
            s = apply(s, r.choice(legal_moves(s)))
        if not s.is_over:
            states.append(s)
    eng = BatchEngine(variant, players, len(states))
    eng.load(states)
    got = HeuristicPolicy(eng).actions()
    bot = HeuristicBot()
    want = [eng.space.encode(bot.choose(view(s, s.seat_to_act))) for s in states]
    assert got.tolist() == want
    assert len(set(want)) > 5  # (varied positions, varied moves)



@pytest.mark.parametrize(("variant", "players"), [("greek-150", 3), ("neuner", 2), ("classic", 3), ("mau-king", 2),
                                                  ("mau-king", 4)])
def test_batch_heuristic_says_the_scalar_bots_word(variant: str, players: int) -> None:
    """Where a call has several words (R_ANNOUNCE ``jack_word``; ``multi_jack`` in Mau King): positions from random
    games where some legal play is due the Jack word; the policy makes the scalar bot's move there, words included."""
    from maumau_rules import apply, legal_moves, new_game
    from maumau_rules.families.maumau.batch import BatchEngine
    from maumau_rules.families.maumau.batch.simulate import HeuristicPolicy
    from maumau_rules.families.maumau.bots import HeuristicBot
    from maumau_rules.families.maumau.engine import call_due
    from maumau_rules.moves import Call, Play
    from maumau_rules.views import view

    r = random.Random(players)
    states = []
    for g in range(400):
        s = new_game(variant, players, seed=g)
        while not s.is_over:
            hand, moves = s.hands[s.seat_to_act], legal_moves(s)
            if any(isinstance(m, Play) and call_due(s.variant, hand, m.card) is Call.MAU_MAU for m in moves):
                states.append(s)
                break
            s = apply(s, r.choice(moves))
        if len(states) == 40:
            break
    eng = BatchEngine(variant, players, len(states))
    eng.load(states)
    got = HeuristicPolicy(eng).actions()
    bot = HeuristicBot()
    want = [bot.choose(view(s, s.seat_to_act)) for s in states]
    assert got.tolist() == [eng.space.encode(m) for m in want]
    said = [(m.call, len(s.hands[s.seat_to_act])) for m, s in zip(want, states, strict=True) if isinstance(m, Play)]
    assert (Call.MAU_MAU, 2) in said and (Call.MAU, 2) in said
    if variant.startswith("mau-king"):  # multi_jack: the Jack word due with more than one card left
        assert any(call is Call.MAU_MAU and n > 2 for call, n in said), said


def test_backend_jax_without_jax_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--backend jax`` where jax is not installed: a MissingExtraError that names the extra, before any game (jax
    is hidden here, installed or not)."""
    import sys

    from maumau_rules.extras import MissingExtraError

    monkeypatch.setitem(sys.modules, "jax", None)
    with pytest.raises(MissingExtraError, match=r'pip install "maumau-rules\[jax\]"') as info:
        simulate_batch("standard", 2, games=10, backend="jax")
    assert info.value.extra == "jax"
    code, out, err = _simulate_cli("standard", "-n", "10", "--engine", "batch", "--backend", "jax", "--bots", "random",
                                   "--no-progress")
    assert code == 2
    assert 'needs the optional package \'jax\', which is not installed: pip install "maumau-rules[jax]"' in err
    assert out == ""


def test_backend_needs_the_batch_engine_and_a_known_name() -> None:
    code, _, err = _simulate_cli("standard", "-n", "10", "--backend", "jax", "--no-progress")
    assert code == 2 and "--backend jax needs --engine batch" in err
    with pytest.raises(SimulationError, match="backend 'cupy': choose numpy or jax"):
        simulate_batch("standard", 2, games=10, backend="cupy")
