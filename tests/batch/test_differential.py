"""The batch engine against the scalar engine: the same deals and the same choices give the same states and the
same legal-move masks at every step, on every registered variant that compiles to tables, on generated variants
and on a house rule; the variants that do not compile say which rule stops them."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maumau_rules import Card, Deal, apply, find_variant, legal_moves, new_game, parse_cards
from maumau_rules.errors import VariantError
from maumau_rules.families.maumau.batch import BatchEngine, scalar_snapshot
from maumau_rules.families.maumau.state import GameState
from maumau_rules.families.maumau.tables import compile_tables, table_coverage
from maumau_rules.moves import parse_move
from maumau_rules.scoring import round_points
from maumau_rules.testing.strategies import composed_variants
from maumau_rules.variants import Variant, available_variants

COVERED = [v for v in available_variants() if not table_coverage(v)]
REFUSED = [v for v in available_variants() if table_coverage(v)]


def play_both(variant: Variant, players: int, games: int, steps: int, seed: int) -> int:
    """Play ``games`` games in both engines with the same random choices (interjected call-outs included) and
    compare every state and mask; returns the number of moves compared."""
    eng = BatchEngine(variant, players, games, auto_reset=False)
    states = [new_game(variant, players, seed=seed * 1000 + i) for i in range(games)]
    eng.load(states)
    space = eng.space
    r = random.Random(seed)
    moves = 0
    for step in range(steps + 1):
        mask = eng.legal_mask()
        actions = np.zeros(games, dtype=np.int64)
        movers = np.full(games, -1, dtype=np.int64)
        for b, s in enumerate(states):
            assert eng.snapshot(b) == scalar_snapshot(s), (variant.id, players, b, step)
            want = space.mask(s) if not s.is_over else (False,) * space.size
            assert tuple(mask[b].tolist()) == want, (variant.id, players, b, step)
            if s.is_over or step == steps:
                continue
            others = [p for p in range(players) if p != s.seat_to_act and legal_moves(s, p)]
            if others and r.random() < 0.5:
                p = r.choice(others)
                move = r.choice(legal_moves(s, p))
                movers[b] = p
                states[b] = apply(s, move, player=p)
            else:
                move = r.choice(legal_moves(s))
                states[b] = apply(s, move)
            actions[b] = space.encode(move)
            moves += 1
        if all(s.is_over for s in states) or step == steps:
            break
        eng.step(actions, movers)
    return moves


@pytest.mark.parametrize("variant", COVERED, ids=lambda v: v.id)
def test_batch_equals_scalar_on_registered_variants(variant: Variant) -> None:
    high = min(variant.plan.max_players, 4)
    for players in range(variant.plan.min_players, high + 1):
        assert play_both(variant, players, games=2, steps=100, seed=players) > 100


@settings(max_examples=25, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(composed_variants(), st.integers(0, 10**6))
def test_batch_equals_scalar_on_generated_variants(variant: Variant, seed: int) -> None:
    why = table_coverage(variant)
    if why:  # refused: the message names a rule of the variant
        named = re.search(r"rule (R_[A-Z_]+)", why)
        assert named is not None and named.group(1) in {r.rule_id for r in variant.rules}, why
        return
    assert play_both(variant, variant.plan.min_players, games=2, steps=60, seed=seed % 1000) > 0


def test_a_house_rule_with_library_effects_runs_batched() -> None:
    from examples.house_rules import queen_all_draw

    assert table_coverage(queen_all_draw.VARIANT) == ""
    assert play_both(queen_all_draw.VARIANT, 3, games=3, steps=80, seed=5) > 100


def test_a_house_rule_with_its_own_effect_is_refused_by_name() -> None:
    from examples.house_rules import ten_swaps_hands

    with pytest.raises(VariantError, match="R_HOUSE_TEN_SWAPS_HANDS"):
        compile_tables(ten_swaps_hands.VARIANT)


@pytest.mark.parametrize("variant", REFUSED, ids=lambda v: v.id)
def test_refused_variants_name_the_rule(variant: Variant) -> None:
    with pytest.raises(VariantError, match=r"has no table form") as info:
        BatchEngine(variant, variant.family_plan.min_players, 2)
    if variant.family == "maumau":
        named = re.search(r"rule (R_[A-Z_]+)", str(info.value))
        assert named is not None and named.group(1) in {r.rule_id for r in variant.rules}


@pytest.mark.parametrize("variant", COVERED, ids=lambda v: v.id)
def test_batch_play_is_legal_reproducible_and_redeals(variant: Variant) -> None:
    players = variant.plan.min_players
    runs = []
    for _ in range(2):
        eng = BatchEngine(variant, players, 16, seed=9)
        done = 0
        for _ in range(120):
            actions = eng.sample_random()
            assert eng.legal_mask()[np.arange(16), actions].all()
            done += eng.step(actions).size
            assert (eng.end == 0).all()  # finished games are dealt again at once
        sizes = eng.hand_sizes().sum(axis=1) + eng.nst + eng.nd
        assert (sizes == len(variant.plan.deck_cards)).all()  # no card made or lost
        runs.append((done, eng.hands.copy(), eng.rng.copy()))
    assert runs[0][0] > 0 or variant.plan.max_moves > 120  # (random Crazy Eights rounds can be long)
    assert runs[0][0] == runs[1][0] and (runs[0][1] == runs[1][1]).all() and (runs[0][2] == runs[1][2]).all()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    eng = BatchEngine("standard", 2, 4, seed=1)
    before = eng.hands.copy()
    illegal = np.flatnonzero(~eng.legal_mask()[0])[0]
    actions = eng.sample_random()
    actions[0] = illegal
    with pytest.raises(Exception, match="not legal in game 0"):
        eng.step(actions)
    assert (eng.hands == before).all()


def test_the_docs_list_every_variant_with_its_coverage() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "batch.rst").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^([a-z0-9-]+) +(yes|no)\b", text, flags=re.M))
    assert set(rows) == {v.id for v in available_variants()}
    for v in available_variants():
        assert rows[v.id] == ("yes" if not table_coverage(v) else "no"), v.id
        if rows[v.id] == "no" and v.family == "maumau":
            named = re.search(r"rule (R_[A-Z_]+)", table_coverage(v))
            assert named is not None
            line = next(line for line in text.splitlines() if line.startswith(v.id + " "))
            assert named.group(1) in line, (v.id, named.group(1))


def test_the_batch_package_without_numpy_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib
    import sys

    from maumau_rules.extras import MissingExtraError

    for name in [m for m in sys.modules if m == "numpy" or m.startswith("numpy.")]:
        monkeypatch.setitem(sys.modules, name, None)
    for name in [m for m in sys.modules if m.startswith("maumau_rules.families.maumau.batch")]:
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(MissingExtraError) as caught:
        importlib.import_module("maumau_rules.families.maumau.batch")
    assert 'pip install "maumau-rules[batch]"' in str(caught.value)
    assert compile_tables("standard").n_cards == 32  # the tables themselves need no numpy


def play_script(variant: Variant, state: GameState, moves: list[str]) -> GameState:
    """Play ``moves`` (in notation, by the seat to act) from ``state`` in both engines, comparing every state and
    mask; returns the scalar engine's last state (the batch engine's points must equal its round points)."""
    eng = BatchEngine(variant, state.players, 1, auto_reset=False)
    eng.load([state])
    for text in moves:
        assert eng.snapshot(0) == scalar_snapshot(state)
        assert tuple(eng.legal_mask()[0].tolist()) == eng.space.mask(state)
        move = parse_move(text)
        state = apply(state, move)
        eng.step(np.array([eng.space.encode(move)]))
    assert eng.snapshot(0) == scalar_snapshot(state)
    if state.is_over:
        assert tuple(eng.points(np.arange(1))[0].tolist()) == round_points(state)
    return state


def _dealt(v: Variant, hands: tuple[tuple[Card, ...], ...], top: str) -> GameState:
    """Seat 0 to play on ``top`` with these hands; the stock is the rest of the deck, one copy removed per card."""
    rest = list(v.plan.deck_cards)
    for c in (*hands[0], *hands[1], *parse_cards(top)):
        rest.remove(c)
    state: GameState = new_game(v, 2, deal=Deal(hands=hands, stock=tuple(rest), discard=parse_cards(top),
                                                first_player=0))
    return state


@pytest.mark.rule("R_WILD_FINISH_SERIES", "R_ANNOUNCE", "R_SCORE_ELIMINATION")
def test_a_mau_king_jack_finish_runs_batched() -> None:
    """Mau King: 'Mau Mau' said with the card that leaves two Jacks (multi_jack), then both Jacks in one turn (a
    series after the Jack word), and the winner's bonus counts them (R_SCORE_ELIMINATION: -40)."""
    v = find_variant("mau-king")
    hands = (parse_cards("9h Jc Jh"), parse_cards("8c 9c 10c Kc Kd Ks"))
    s = _dealt(v, hands, "10h")
    end = play_script(v, s, ["9h maumau", "draw", "pass", "Jc>h maumau", "Jh>s"])
    assert end.winner == 0 and round_points(end)[0] == -40


@pytest.mark.rule("R_SERIES", "R_DEAL")
def test_series_and_two_copies_of_a_card_run_batched() -> None:
    """Faraón: three 7s in one turn add up (3 each); Pesten: both Jokers of the deck in one hand, played one after
    the other."""
    v = find_variant("faraon")
    hands = (parse_cards("7h 7c 7s Kh"), parse_cards("8c 9c 10c Kc Ks"))
    s = _dealt(v, hands, "9h")
    end = play_script(v, s, ["7h", "7c", "7s", "pass"])
    assert end.pending_draw == 9 and end.seat_to_act == 1
    v = find_variant("pesten")
    hands = (parse_cards("joker joker 5h 6h"), parse_cards("2c 3c 4c 5c 6c 7c 8c"))
    s = _dealt(v, hands, "9h")
    end = play_script(v, s, ["joker", "draw", "joker", "draw"])
    assert len(end.hands[0]) == 2
