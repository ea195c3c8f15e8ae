"""The committed run behind the "Variant statistics" page is the one its command makes (issue 16)."""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path

from maumau_rules import available_variants
from maumau_rules.cli_simulate import add_subcommand
from maumau_rules.simulate import SimulationResult, simulate

STATS = Path(__file__).resolve().parents[2] / "docs" / "stats"


def _command() -> argparse.Namespace:
    text = (STATS / "command.txt").read_text(encoding="utf-8").strip()
    assert text.startswith("$ maumau simulate ")
    parser = argparse.ArgumentParser(prog="maumau")
    add_subcommand(parser.add_subparsers(dest="command"))
    return parser.parse_args(shlex.split(text.removeprefix("$ maumau ")))


def test_the_committed_run_is_what_its_command_asks_for() -> None:
    args = _command()
    run = SimulationResult.from_json(json.loads((STATS / "all-variants.json").read_text(encoding="utf-8")))
    assert args.variants == ["all"] and args.json == "docs/stats/all-variants.json" and args.plot == "docs/stats"
    assert (run.seed, run.games, run.bots, run.rotate) == (args.seed, args.games, tuple(args.bots.split(",")),
                                                          args.rotate)
    assert [(c.variant, c.players) for c in run.cells] == [  # every family, at the counts each variant seats
        (v.id, p) for v in available_variants() for p in args.players if v.players[0] <= p <= v.players[1]]
    assert all(c.games == args.games and c.decisions.n == args.games for c in run.cells)
    for name in ("lengths.png", "win-rate-by-position.png"):
        assert (STATS / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_first_games_of_the_committed_run_are_played_again_alike() -> None:
    """The run's counts hold its games; replaying a few of them with the same seed gives games that fit in
    them (lengths the histogram holds), so the file is not made up."""
    args = _command()
    run = SimulationResult.from_json(json.loads((STATS / "all-variants.json").read_text(encoding="utf-8")))
    for variant, players in (("standard", args.players[0]), ("pesten", args.players[0]), ("malilla", 4)):
        small = simulate(variant, players, games=20, seed=args.seed)
        committed = run.cell(variant, players)
        lengths = dict(committed.decisions.counts)
        assert all(lengths.get(value, 0) >= count for value, count in small.cells[0].decisions.counts)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def test_the_search_strength_table_is_the_committed_runs() -> None:
    """docs/bots.rst's strength table quotes docs/stats/search-vs-*.json: the same games, rates and intervals, and
    the same command (seed, games, bots) that made each run."""
    table = (STATS / "search-strength.inc").read_text(encoding="utf-8")
    for opponent in ("heuristic", "random"):
        run = SimulationResult.from_json(
            json.loads((STATS / f"search-vs-{opponent}.json").read_text(encoding="utf-8")))
        cell = run.cell("standard", 2)
        mine, theirs = cell.win_rate_by_bot["ismcts"], cell.win_rate_by_bot[opponent]
        assert mine.low > 0.5 > theirs.high  # the interval excludes parity
        row = f"{_percent(mine.value)} ({_percent(mine.low)[:-1]}–{_percent(mine.high)})"
        assert row in table, (row, table)
        command = (f"maumau simulate standard --bots ismcts,{opponent} -n {run.games} --duplicate --jobs 2 "
                   f"--seed {run.seed}")
        assert command in table
        assert f"{run.games:,}" in table and run.bots == ("ismcts", opponent) and run.duplicate


def test_the_first_player_marks_are_corrected_for_testing_every_cell() -> None:
    """Issue 25: the page's ▲/▼ marks come from one test per cell, corrected with Holm's method for the number of
    cells: a clear edge is marked, a small one among many cells is not, and correction never lowers a p-value."""
    import attrs

    base = simulate(["standard", "prsi"], players=2, games=20, seed=1)
    clear = attrs.evolve(base.cells[0], games=10_000, wins_by_position=(5_400, 4_600))
    small = attrs.evolve(base.cells[1], games=10_000, wins_by_position=(5_110, 4_890))
    run = attrs.evolve(base, cells=(clear, small, small))
    strong, weak, same = run.first_player_edges()
    assert strong.significant and strong.direction == "above" and strong.adjusted == 3 * strong.p_value
    assert 0.01 < weak.p_value < 0.05 and not weak.significant, "alone it would pass at 5%; among three it does not"
    assert weak.adjusted == same.adjusted == 2 * weak.p_value
    below = attrs.evolve(run, cells=(attrs.evolve(clear, wins_by_position=(4_600, 5_400)),))
    assert below.first_player_edges()[0].direction == "below"
    committed = SimulationResult.from_json(json.loads((STATS / "all-variants.json").read_text(encoding="utf-8")))
    edges = committed.first_player_edges()
    assert len(edges) == len(committed.cells) and all(e.adjusted >= e.p_value for e in edges)
