"""Simulation runs (issue 16): per-game facts, exact counts, the same result for any number of jobs, estimates."""

from __future__ import annotations

import math
import random

import pytest

from maumau_rules import (
    CallOut,
    Card,
    Deal,
    Draw,
    EndReason,
    GameState,
    Move,
    Pass,
    Phase,
    Play,
    apply,
    find_variant,
    new_game,
    parse_cards,
    round_points,
)
from maumau_rules.bots import make_bot, table_move
from maumau_rules.errors import MauMauError
from maumau_rules.families.maumau.views import PlayerView
from maumau_rules.simulate import (
    CellResult,
    Distribution,
    Estimate,
    GameFacts,
    SimulationError,
    SimulationResult,
    game_seed,
    lineup_for,
    play_game,
    simulate,
)


def _replay(variant: str, lineup: tuple[str, ...], seed: int) -> tuple[list[GameState], list[Move]]:
    """The states and moves of the game ``play_game`` plays, found again as its docstring says: the deal from
    ``seed``, seat ``i``'s bot seeded with ``game_seed(seed, 1 + i)``, each move from ``table_move``."""
    bots = [make_bot(name, seed=game_seed(seed, 1 + i)) for i, name in enumerate(lineup)]
    s = new_game(variant, len(lineup), seed=seed)
    states, moves = [s], []
    while not s.is_over:
        seat, move = table_move(s, bots)
        s = apply(s, move, player=seat)
        states.append(s)
        moves.append(move)
    return states, moves


@pytest.mark.parametrize("variant", ["standard", "mau-king", "crazy-eights", "pesten", "russian"])
def test_game_facts_are_those_of_the_game_the_documented_seeds_give(variant: str) -> None:
    """The facts of ``play_game`` agree with the same game played again from the seeds its docstring names, and
    counted here move by move as the module docstring defines them."""
    totals = {"reshuffles": 0, "penalties": 0}
    for index in range(10):
        seed = game_seed(99, index)
        lineup = lineup_for(["heuristic", "random"], 3, index)
        facts = play_game(variant, lineup, seed)
        states, moves = _replay(variant, lineup, seed)
        final = states[-1]
        assert facts.decisions == final.turn == len(moves)
        assert (facts.winner, facts.end, facts.first) == (final.winner, final.end, states[0].seat_to_act)
        assert facts.points == round_points(final)
        reshuffles = penalties = cards = turns = 0
        for a, m, b in zip(states[:-1], moves, states[1:], strict=True):
            # a reshuffle: the stock received cards, which only the discard pile can give (cards are conserved)
            drawn = sum(b.hand_sizes) - sum(a.hand_sizes) + isinstance(m, Play)
            reshuffles += len(b.stock) > len(a.stock) - drawn
            if isinstance(m, Draw) and a.pending_draw:
                penalties += 1
                cards += b.hand_sizes[a.seat_to_act] - a.hand_sizes[a.seat_to_act]
            if isinstance(m, CallOut):
                penalties += 1
                cards += b.hand_sizes[m.seat] - a.hand_sizes[m.seat]
            turns += b.is_over or b.seat_to_act != a.seat_to_act or (
                isinstance(m, Play | Pass) and b.phase is Phase.PLAY)
        assert (facts.count("reshuffles"), facts.count("penalties"), facts.count("penalty_cards"), facts.turns) == (
            reshuffles, penalties, cards, turns)
        totals["reshuffles"] += reshuffles
        totals["penalties"] += penalties
    if variant != "crazy-eights":  # (no penalty cards, no calls to forget)
        assert totals["penalties"] > 0
    if variant in ("crazy-eights", "pesten"):
        assert totals["reshuffles"] > 0


def test_a_forced_reshuffle_and_a_start_penalty_are_counted() -> None:
    """An explicit deal: the start card 7♥ makes seat 0 (no 7 to pass it on) draw 2, from a stock of one card,
    so the discard pile goes back into the stock at once."""
    v = find_variant("standard")
    hands = (parse_cards("8c 9c Tc Qc Kc"), parse_cards("8s 9s Ts Qs Ks"))
    stock = parse_cards("Ac")
    rest = [c for c in v.plan.deck_cards if c not in {*hands[0], *hands[1], *stock, Card.parse("7h")}]
    start = new_game(v, 2, seed=5, deal=Deal(hands=hands, stock=stock, discard=(*rest, Card.parse("7h")),
                                               first_player=0))
    assert start.pending_draw == 2 and start.legal_moves() == (Draw(),)
    facts = play_game(v, ("heuristic", "heuristic"), seed=5, start=start)
    assert facts.count("reshuffles") >= 1 and facts.count("penalties") >= 1 and facts.count("penalty_cards") >= 2
    with pytest.raises(SimulationError, match="the start state is a game of 'standard' with 2 players"):
        play_game("prsi", ("heuristic", "heuristic"), seed=5, start=start)


def test_the_result_is_the_same_for_one_process_many_processes_and_any_chunk_size() -> None:
    kwargs = {"bots": ["heuristic", "random"], "games": 90, "seed": 2024}
    one = simulate(["standard", "prsi"], [2, 3], jobs=1, **kwargs)  # type: ignore[arg-type]
    two = simulate(["standard", "prsi"], [2, 3], jobs=2, chunk=7, **kwargs)  # type: ignore[arg-type]
    three = simulate(["standard", "prsi"], [2, 3], jobs=2, chunk=90, **kwargs)  # type: ignore[arg-type]
    assert one == two == three
    assert one.to_json() == two.to_json() and one.to_csv() == two.to_csv() and one.table() == two.table()
    other_seed = simulate(["standard", "prsi"], [2, 3], jobs=1, **{**kwargs, "seed": 2025})  # type: ignore[arg-type]
    assert other_seed != one


def test_cells_add_up_the_facts_of_their_games() -> None:
    result = simulate("mau-king", 3, bots=["heuristic", "random", "random"], games=45, seed=8, rotate=True)
    cell = result.cell("mau-king", 3)
    facts = [play_game("mau-king", lineup_for(["heuristic", "random", "random"], 3, i), game_seed(8, i))
             for i in range(45)]
    assert cell == CellResult.of("mau-king", 3, facts)
    assert cell.games == 45 and cell.decisions.n == 45
    assert cell.decisions.total == sum(f.decisions for f in facts)
    assert list(cell.wins_by_seat) == [sum(f.winner == s for f in facts) for s in range(3)]
    assert sum(cell.wins_by_position) == sum(cell.wins_by_seat) == 45 - cell.no_winner
    records = {r.bot: r for r in cell.bots}
    assert records["heuristic"].seats == 45 and records["random"].seats == 90  # rotation: every game, every seat
    assert records["heuristic"].wins == sum(f.winner is not None and f.lineup[f.winner] == "heuristic" for f in facts)
    # with rotation every bot sits in every seat equally often
    seats_of_heuristic = [sum(f.lineup[s] == "heuristic" for f in facts) for s in range(3)]
    assert seats_of_heuristic == [15, 15, 15]


def test_the_first_players_position_is_counted_from_the_first_seat_and_the_direction() -> None:
    facts = GameFacts(("a", "b", "c", "d"), first=2, direction=-1, winners=(0,), end=EndReason.EMPTY_HAND, decisions=9,
                      turns=5, counts=(), points=(1, 0, 0, 0))
    assert facts.position_of_winner == 2  # 2 plays first, then 1, then 0
    assert GameFacts(("a", "b"), 1, 1, (), EndReason.BLOCKED, 1, 1, (), (0, 0)).position_of_winner is None
    team = GameFacts(("a", "b", "c", "d"), first=3, direction=-1, winners=(0, 2), end=EndReason.TRICKS, decisions=44,
                     turns=44, counts=(), points=(5, 0, 5, 0))
    assert [team.position_of(s) for s in team.winners] == [3, 1]  # 3 leads, then 2, 1, 0


def test_wilson_intervals_and_mean_intervals_have_the_textbook_values() -> None:
    e = Estimate.proportion(81, 263)  # Wilson's example values: 0.2553 to 0.3662 at 95%
    assert round(e.low, 4) == 0.2553 and round(e.high, 4) == 0.3662
    values = [random.Random(1).randint(0, 50) for _ in range(200)]
    d = Distribution.of(values)
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (len(values) - 1))
    assert d.mean.value == pytest.approx(mean)
    assert d.mean.high - d.mean.value == pytest.approx(1.959964 * sd / math.sqrt(len(values)), rel=1e-5)
    assert Estimate.proportion(30, 30).high == 1.0 and Estimate.proportion(30, 30).low < 1.0


def test_estimates_cover_the_true_rate_about_as_often_as_they_claim() -> None:
    rng = random.Random(7)
    covered = 0
    for _ in range(400):
        hits = sum(rng.random() < 0.3 for _ in range(60))
        covered += Estimate.proportion(hits, 60).contains(0.3)
    assert 0.91 <= covered / 400 <= 0.99


def test_json_round_trip_and_csv_rows() -> None:
    result = simulate(["standard"], [2, 4], bots=["heuristic", "random"], games=20, seed=3)
    again = SimulationResult.from_json(result.to_json())
    assert again == result
    rows = result.to_csv().splitlines()
    cell = result.cell("standard", 4)
    row = next(r for r in rows if r.startswith("standard,4,win_rate_by_position,1,"))
    assert float(row.split(",")[4]) == pytest.approx(cell.win_rate_by_position[0].value, rel=1e-5)
    assert sum(r.startswith("standard,4,win_rate_by_seat,") for r in rows) == 4
    assert any(r.startswith("standard,2,win_rate_by_bot,random,") for r in rows)


def test_the_table_marks_rates_that_differ_from_parity() -> None:
    result = simulate("standard", 2, bots=["heuristic", "random"], games=200, seed=1)
    text = result.table()
    heuristic = next(line for line in text.splitlines() if line.strip().startswith("heuristic ("))
    assert heuristic.endswith("above parity")
    random_line = next(line for line in text.splitlines() if line.strip().startswith("random ("))
    assert random_line.endswith("below parity")


def test_all_means_every_registered_variant() -> None:
    from maumau_rules import available_variants

    result = simulate("all", 2, games=1, seed=1)
    assert [c.variant for c in result.cells] == [v.id for v in available_variants("maumau")]


def test_bad_settings_raise_simulation_errors_that_quote_them() -> None:
    cases = [
        ({"variants": "uno"}, "unknown variant 'uno'"),
        ({"variants": "standard", "players": 6}, "variant 'standard' is for 2-5 players, not 6"),
        ({"variants": "standard", "games": 0}, "games=0"),
        ({"variants": "standard", "bots": ["genius"]}, "unknown bot 'genius'"),
        ({"variants": "standard", "bots": ["ismcts:0"]}, "'ismcts:0'"),
        ({"variants": "standard", "bots": []}, "no bots"),
        ({"variants": "standard", "jobs": -1}, "jobs=-1"),
        ({"variants": "standard", "chunk": 0}, "chunk=0"),
        ({"variants": [], "players": 2}, "no variants"),
        ({"variants": "standard", "players": []}, "no player counts"),
    ]
    for kwargs, message in cases:
        with pytest.raises(SimulationError) as caught:
            simulate(**kwargs)  # type: ignore[arg-type]
        assert message in str(caught.value), kwargs
        assert isinstance(caught.value, MauMauError)
    with pytest.raises(SimulationError, match="cannot add the games of 'prsi'"):
        _ = CellResult("standard", 2) + CellResult("prsi", 2)
    with pytest.raises(SimulationError, match="not a simulation run"):
        SimulationResult.from_json({"type": "simulation", "version": 1})


def test_bots_are_handed_only_their_views(monkeypatch: pytest.MonkeyPatch) -> None:
    import maumau_rules.simulate as sim

    seen: list[type] = []

    class Spy:
        def __init__(self, seed: int) -> None:
            self._rng = random.Random(seed)

        def choose(self, pv: PlayerView) -> object:
            seen.append(type(pv))
            assert pv.legal_moves and pv.seat == pv.seat_to_act
            return self._rng.choice(pv.legal_moves)

    monkeypatch.setattr(sim, "make_bot", lambda name, seed=0, variant=None: Spy(seed))
    facts = sim.play_game("standard", ("x", "y"), seed=4)
    assert set(seen) == {PlayerView} and len(seen) == facts.decisions


def test_a_house_variant_from_a_file_runs_on_worker_processes() -> None:
    from maumau_rules.cli_records import variant_argument

    house = variant_argument("examples/house_rules/queen_all_draw.py")
    one = simulate(house, 3, games=12, seed=2, jobs=1)
    two = simulate(house, 3, games=12, seed=2, jobs=2, chunk=3)
    assert one == two and one.cells[0].variant == house.id


def test_the_simulation_modules_import_no_optional_package() -> None:
    """The runner, the search bot and the command import matplotlib, tqdm and ray only when they are used."""
    import subprocess
    import sys

    code = ("import sys, maumau_rules.simulate, maumau_rules.search, maumau_rules.cli, maumau_rules.cli_simulate; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'matplotlib', 'tqdm', 'ray', 'numpy'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
