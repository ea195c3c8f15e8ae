"""``simulate --engine batch``: the same statistics as the scalar engine, within their intervals."""

from __future__ import annotations

import argparse
import io

import pytest

from maumau_rules.batch.simulate import simulate_batch
from maumau_rules.cli_simulate import add_subcommand, cmd_simulate
from maumau_rules.simulate import Estimate, simulate


def _overlap(a: Estimate, b: Estimate) -> bool:
    return a.low <= b.high and b.low <= a.high


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
    parser = argparse.ArgumentParser()
    add_subcommand(parser.add_subparsers())
    out, err = io.StringIO(), io.StringIO()
    args = parser.parse_args(["simulate", "standard", "-n", "20", "--engine", "batch", "--bots", "random",
                              "--batch-size", "20", "--no-progress"])
    args.out, args.err = out, err
    assert cmd_simulate(args) == 0
    assert "standard, 2 players: 20 games" in out.getvalue() and "decisions per game" in out.getvalue()
    args = parser.parse_args(["simulate", "malilla", "-n", "10", "--engine", "batch", "--bots", "random"])
    args.out, args.err = out, err
    assert cmd_simulate(args) == 2 and "has no table form" in err.getvalue()
