"""Simulation, bots and search for every family (issue 24): ``maumau simulate`` plays every registered variant with
the statistics its family names, the heuristic and search bots play every family, the search bot never reads a
card hidden from it, and Malilla's sampled deals keep to everything its view shows."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from maumau_rules import EndReason, Play, apply, available_variants, find_variant, new_game
from maumau_rules.bots import make_bot, table_move
from maumau_rules.cli import main
from maumau_rules.families.malilla.plan import team_of
from maumau_rules.families.malilla.state import MalillaState, Stage
from maumau_rules.families.malilla.tools import determinize as malilla_determinize
from maumau_rules.families.malilla.tools import hidden_card_limits
from maumau_rules.search import SearchBot
from maumau_rules.simulate import CellResult, SimulationResult, game_seed, play_game, simulate, statistics_of
from maumau_rules.views import view

VARIANTS = [v.id for v in available_variants()]
"""Every registered variant of every family."""
MALILLA = [v.id for v in available_variants("malilla")]


def _smallest(variant: str) -> int:
    return find_variant(variant).players[0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_reports_the_statistics_of_the_variants_family(variant: str) -> None:
    stats = statistics_of(variant)
    players = _smallest(variant)
    result = simulate(variant, players, games=6, seed=4, bots=["heuristic", "random"])
    cell = result.cells[0]
    assert list(cell.estimates()) == [name for name, *_ in stats.estimates]
    assert [name for name, _ in cell.counts] == list(stats.counts)
    assert all(cell.count(name).n == 6 for name in ("decisions", "turns", *stats.counts))
    # a win counts once for each seat of the winning side
    assert sum(cell.wins_by_seat) == sum(cell.wins_by_position) == cell.won * players // stats.sides(players)
    assert sum(r.seats for r in cell.bots) == 6 * players
    assert SimulationResult.from_json(json.loads(json.dumps(result.to_json()))) == result
    rows = result.to_csv().splitlines()[1:]
    assert {r.split(",")[2] for r in rows} >= set(cell.estimates())
    assert f"{variant}, {players} players: 6 games" in result.table()


@pytest.mark.parametrize("variant", MALILLA)
def test_malilla_facts_are_those_of_the_hand_played_again(variant: str) -> None:
    """play_game's facts agree with the same hand played again from the seeds its docstring names: tricks and points
    of the winning team, the margin, capotes, breaches and new deals."""
    for seed in range(4):
        lineup = ("heuristic", "random", "random", "heuristic")
        facts = play_game(variant, lineup, seed)
        bots = [make_bot(name, seed=game_seed(seed, 1 + i), variant=variant) for i, name in enumerate(lineup)]
        s: Any = new_game(variant, 4, seed=seed)
        first = s.seat_to_act
        redeals = 0
        while not s.is_over:
            seat, move = table_move(s, bots)
            after: Any = apply(s, move, player=seat)
            redeals += s.stage is Stage.ANSWER and after.stage is Stage.REDEAL
            s = after
        assert isinstance(s, MalillaState)
        points = [0, 0]
        tricks = [0, 0]
        for t in s.tricks:
            points[team_of(t.winner)] += t.points
            tricks[team_of(t.winner)] += 1
        winner = s.winner
        assert facts.first == first and facts.direction == -1 and facts.decisions == facts.turns == s.turn
        assert facts.winners == (() if winner is None else tuple(x for x in range(4) if x % 2 == winner))
        assert facts.count("winner_tricks") == (tricks[winner] if winner is not None else 0)
        assert facts.count("winner_points") == (points[winner] if winner is not None else 0)
        assert facts.count("margin") == abs(points[0] - points[1])
        assert facts.count("capote") == (0 in tricks and s.end is EndReason.TRICKS)
        assert facts.count("breaches") == (s.end is EndReason.VIOLATION)
        assert facts.count("redeals") == redeals
        half = s.plan.half
        assert facts.points == tuple(max(0, points[x % 2] - half) for x in range(4))


def test_cells_of_team_games_add_up() -> None:
    lineup = ["heuristic", "random"]
    result = simulate("malilla", 4, games=12, seed=3, bots=lineup)
    facts = [play_game("malilla", tuple(lineup[(i + k) % 2] for k in range(4)), game_seed(3, i)) for i in range(12)]
    assert result.cells[0] == CellResult.of("malilla", 4, facts)
    assert result.cells[0].won == sum(1 for f in facts if f.winners)
    assert result.cells[0].sides == 2 and "parity 50.0%" in result.table()


def test_maumau_simulate_malilla_with_search_and_random_bots() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["simulate", "malilla", "-n", "4", "--bots", "ismcts:8,random,ismcts:8,random",
                 "--jobs", "1", "--no-progress"], out=out, err=err)
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert text.startswith("malilla, 4 players: 4 games, bots ismcts:8, random")
    for label in ("points of the winning team", "tricks of the winning team", "hands won by capote",
                  "hands stopped by a breach", "ismcts:8 (8 seats)", "random (8 seats)"):
        assert label in text
    code = main(["simulate", "malilla", "-n", "2", "--players", "4", "--jobs", "1", "--format", "json"], out=(o := io.StringIO()),
                err=io.StringIO())
    assert code == 0 and json.loads(o.getvalue())["cells"][0]["family"] == "malilla"


def test_all_takes_every_family_at_the_player_counts_it_seats() -> None:
    result = simulate("all", [2, 4], games=1, seed=1)
    expected = [(v.id, p) for v in available_variants() for p in (2, 4) if v.players[0] <= p <= v.players[1]]
    assert [(c.variant, c.players) for c in result.cells] == expected
    assert {"malilla", "malilla-table"} <= {c.variant for c in result.cells}


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bot_plays_every_variant(variant: str) -> None:
    players = _smallest(variant)
    for kind in ("heuristic", "random", "ismcts:4"):
        facts = play_game(variant, (kind,) * players, seed=2)
        assert facts.decisions > 0 and facts.end is not None


def _hidden_twin(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with a card swapped between two hands ``seat`` cannot see (the trump card, which everyone knows
    is the dealer's, stays), if that leaves ``seat``'s view the same."""
    hands = [list(h) for h in state.hands]
    known = {getattr(state, "trump_card", None)}
    others = [i for i in range(len(hands)) if i != seat and hands[i]]
    if len(others) < 2:
        return None
    for _ in range(30):
        i, j = rng.sample(others, 2)
        a, b = rng.randrange(len(hands[i])), rng.randrange(len(hands[j]))
        if hands[i][a] != hands[j][b] and not {hands[i][a], hands[j][b]} & known:
            hands[i][a], hands[j][b] = hands[j][b], hands[i][a]
            twin = attrs.evolve(state, hands=tuple(tuple(h) for h in hands))
            return twin if view(twin, seat) == view(state, seat) else None
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_search_bot_never_reads_hidden_cards(variant: str) -> None:
    """Two states that differ only in cards hidden from the seat to act get the same move from search bots with
    the same seed, all along a round (the bots are handed the same views of the round before, too)."""
    v = find_variant(variant)
    players = 3 if v.players[0] <= 3 <= v.players[1] else v.players[0]
    rng = random.Random(variant)
    s = new_game(v, players, seed=6)
    compared = differ = 0
    while not s.is_over and compared < 4:
        seat = s.seat_to_act
        twin = _hidden_twin(s, seat, rng)
        if twin is not None and len(s.legal_moves()) > 1:
            a, b = SearchBot(playouts=12, seed=compared), SearchBot(playouts=12, seed=compared)
            assert a.choose(view(s, seat)) == b.choose(view(twin, seat))
            assert a.last_playouts == b.last_playouts == 12
            compared += 1
            differ += twin != s
        s = apply(s, rng.choice(s.legal_moves()))
    assert compared >= 2 and differ == compared


def _malilla_positions(variant: str, seeds: range) -> list[MalillaState]:
    """Every state of random hands of ``variant`` where a card is to be played."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s: Any = new_game(variant, 4, seed=seed)
        while not s.is_over:
            if s.stage is Stage.PLAY:
                out.append(s)
            s = apply(s, rng.choice(s.legal_moves()))
    return out


@pytest.mark.parametrize("variant", MALILLA)
def test_malilla_limits_on_hidden_cards_are_sound_and_show_the_voids(variant: str) -> None:
    """What a view rules out is never in the real hand (so a real deal is always among the samples), and it holds
    at least the plain voids: a seat that did not follow suit holds no unseen card of the led suit."""
    limited = 0
    for s in _malilla_positions(variant, range(3)):
        me = s.seat_to_act
        pv = view(s, me)
        limits = hidden_card_limits(pv)
        unseen = set(s.plan.deck_cards) - pv.played() - set(pv.hand)
        for seat in range(4):
            assert not set(s.hands[seat]) & limits.get(seat, frozenset()), (seat, s)
        tricks = [(t.leader, t.cards) for t in s.tricks] + ([(s.leader, s.trick)] if s.trick else [])
        for leader, cards in tricks:
            for i, card in enumerate(cards[1:], start=1):
                seat = (leader - i) % 4
                if seat != me and card.suit is not cards[0].suit:
                    assert {c for c in unseen if c.suit is cards[0].suit} <= limits.get(seat, frozenset())
        limited += sum(len(x) for x in limits.values())
    assert limited > 0


@pytest.mark.parametrize("variant", MALILLA)
def test_malilla_sampled_deals_keep_to_the_view(variant: str) -> None:
    """Each sampled hand shows the seat exactly its view, holds every card once, keeps to the limits (the trump
    card stays with the dealer until played), and different samples deal differently."""
    positions = _malilla_positions(variant, range(2))
    rng = random.Random(1)
    for s in positions[::3]:
        me = s.seat_to_act
        pv = view(s, me)
        limits = hidden_card_limits(pv)
        seen: set[tuple[tuple[object, ...], ...]] = set()
        for _ in range(4):
            d = malilla_determinize(pv, rng)
            assert view(d, me) == pv and d.all_cards() == s.all_cards() and d.legal_moves() == pv.legal_moves
            for seat in range(4):
                assert not set(d.hands[seat]) & limits.get(seat, frozenset())
            if s.trump_card not in pv.played():
                assert s.trump_card in d.hands[s.dealer]
            seen.add(d.hands)
        if sum(s.hand_sizes) - len(pv.hand) > 6:
            assert len(seen) > 1


@pytest.mark.slow(seconds=4)
def test_the_search_bot_beats_the_random_bot_at_malilla() -> None:
    result = simulate("malilla", 4, games=8, seed=5, bots=["ismcts:24", "random"], duplicate=True)
    rate = result.cells[0].win_rate_by_bot["ismcts:24"]
    assert rate.value > 0.5, str(rate)


def test_plays_that_break_a_rule_are_counted_as_breaches() -> None:
    """Table play (R_MAL_BREACH ``lose_match``) lets a refused card stand and stops the hand: the statistics count
    it (a bot never plays one, so the hand is played here by a spy that breaks the rule once)."""
    v = find_variant("malilla-table")
    s: Any = new_game(v, 4, seed=8)
    rng = random.Random(2)
    while not s.is_over:
        legal = s.legal_moves()
        if s.stage is Stage.PLAY and s.trick:
            wrong = [c for c in s.hands[s.seat_to_act] if Play(c) not in legal]
            if wrong:
                break
        s = apply(s, rng.choice(legal))
    assert not s.is_over
    stats = statistics_of(v)
    tally = stats.tally(s)
    after = apply(s, Play(wrong[0]))
    tally.step(s, s.seat_to_act, Play(wrong[0]), after)
    counts = tally.counts(after)
    assert after.end is EndReason.VIOLATION and counts["breaches"] == 1 and stats.winners(after) == ()
    assert Counter(stats.points(after)) == Counter({0: 4})
