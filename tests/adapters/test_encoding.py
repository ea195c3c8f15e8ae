"""The observation layout shared by the adapters: shape, bounds, relative seats, rewards from round scoring."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from maumau_rules import (
    Draw,
    Play,
    VariantError,
    apply,
    available_variants,
    find_variant,
    legal_moves,
    new_game,
    round_points,
)
from maumau_rules.adapters import AdapterError
from maumau_rules.adapters.encoding import (
    ObservationLayout,
    distinct_cards,
    resolve_variant,
    reward_range,
    reward_sign,
    round_rewards,
)
from maumau_rules.simulate import statistics_of
from maumau_rules.views import public_view, view
from tests.server._games import playout

VARIANTS = [v.id for v in available_variants()]
"""Every registered variant of every family."""
MAUMAU = [v.id for v in available_variants("maumau")]
"""The Mau-Mau variants, whose layout docs/adapters.rst tabulates first."""


@pytest.mark.parametrize("variant", VARIANTS)
def test_sections_tile_the_observation_and_bounds_hold_along_a_game(variant: str) -> None:
    low, high = find_variant(variant).players
    for players in sorted({low, high}):
        layout = ObservationLayout.for_variant(variant, players, history=True)
        offset = 0
        for section in layout.sections:
            assert section.offset == offset
            offset += section.size
        assert offset == layout.size == len(layout.high())
        assert layout.cards == distinct_cards(variant)
        states, moves = playout(variant, players, seed=players, move_seed=7, limit=120)
        history = layout.start_history()
        bounds = layout.high()
        for i, s in enumerate(states):
            if i:
                history = layout.record(history, states[i - 1].seat_to_act, moves[i - 1], public_view(states[i - 1]),
                                        public_view(s))
            for seat in range(players):
                obs = layout.encode(view(s, seat), history=history)
                assert len(obs) == layout.size
                assert all(0.0 <= x <= h for x, h in zip(obs, bounds, strict=True)), (variant, players, i, seat)


def test_sections_hold_the_view_with_seats_relative_to_the_observer() -> None:
    states, _ = playout("mau-king", 4, seed=3, move_seed=5, limit=40)
    s = states[-1]
    layout = ObservationLayout.for_variant("mau-king", 4)
    for seat in range(4):
        pv = view(s, seat)
        parts = layout.split(layout.encode(pv))
        assert parts["hand"] == [float(pv.hand.count(c)) for c in layout.cards]
        assert parts["discard"] == [float(pv.discard.count(c)) for c in layout.cards]
        assert parts["top_card"] == [1.0 if c == pv.top_card else 0.0 for c in layout.cards]
        assert parts["hand_sizes"] == [float(pv.hand_sizes[(seat + k) % 4]) for k in range(4)]
        assert parts["to_act"].index(1.0) == (pv.seat_to_act - seat) % 4
        assert parts["direction"] == [1.0 if pv.direction > 0 else 0.0]
        assert parts["stock_size"] == [float(pv.stock_size)] and parts["moves_played"] == [float(pv.turn)]
        assert parts["drawn"] == [1.0 if c == pv.drawn else 0.0 for c in layout.cards]


def test_wish_phase_and_penalty_sections_follow_the_view() -> None:
    """Play until a wish and a pending penalty have both been seen, checking the sections at every step."""
    layout = ObservationLayout.for_variant("standard", 3)
    seen_wish = seen_penalty = seen_drawn_phase = False
    for seed in range(40):
        states, _ = playout("standard", 3, seed=seed, move_seed=seed, limit=150)
        for s in states:
            pv = view(s, s.seat_to_act)
            parts = layout.split(layout.encode(pv))
            suits = ["c", "s", "h", "d"]
            assert parts["wished_suit"] == [1.0 if pv.wished_suit is not None and pv.wished_suit.value == x else 0.0
                                            for x in suits]
            assert parts["pending_draw"] == [float(pv.pending_draw)]
            assert parts["phase"] == [1.0 if pv.phase.value == p else 0.0 for p in ("play", "drawn", "series")]
            seen_wish |= pv.wished_suit is not None
            seen_penalty |= pv.pending_draw > 0
            seen_drawn_phase |= pv.phase.value == "drawn"
        if seen_wish and seen_penalty and seen_drawn_phase:
            break
    assert seen_wish and seen_penalty and seen_drawn_phase


def test_history_counts_plays_and_drawn_cards() -> None:
    states, moves = playout("pesten", 3, seed=2, move_seed=9, limit=200)
    layout = ObservationLayout.for_variant("pesten", 3, history=True)
    h = layout.start_history()
    for before, after, move in zip(states, states[1:], moves, strict=False):
        h = layout.record(h, before.seat_to_act, move, public_view(before), public_view(after))
    for seat in range(3):
        plays = [m.card for s, m in zip(states, moves, strict=False) if s.seat_to_act == seat and isinstance(m, Play)]
        assert sum(h.played[seat]) == len(plays)
        assert all(h.played[seat][i] == plays.count(c) for i, c in enumerate(layout.cards))
    grown = sum(max(0, b - a) for x, y in itertools.pairwise(states)
                for a, b in zip(public_view(x).hand_sizes, public_view(y).hand_sizes, strict=True))
    assert sum(h.drawn) == grown > 0
    assert any(isinstance(m, Draw) for m in moves)


def test_bad_inputs_raise_adapter_or_variant_errors() -> None:
    layout = ObservationLayout.for_variant("standard", 2)
    s = new_game("prsi", 2, seed=1)
    with pytest.raises(AdapterError, match="'prsi' with 2 players does not fit"):
        layout.encode(view(s, 0))
    t = new_game("standard", 2, seed=1)
    with pytest.raises(AdapterError, match="needs the observer's seat"):
        layout.encode(public_view(t))
    with pytest.raises(AdapterError, match="private part"):
        layout.encode(public_view(t), seat=0)
    public_only = ObservationLayout.for_variant("standard", 2, private=False).encode(public_view(t), seat=1)
    assert len(public_only) == layout.size - 2 * len(layout.cards)
    with pytest.raises(AdapterError, match="history part"):
        ObservationLayout.for_variant("standard", 2, history=True).encode(view(t, 0))
    with pytest.raises(AdapterError, match="has 183 entries, not 3"):
        layout.split([0.0, 1.0, 2.0])
    with pytest.raises(VariantError, match="'standard' is for 2-5 players, not 6"):
        ObservationLayout.for_variant("standard", 6)
    with pytest.raises(VariantError, match="unknown variant 'uno'"):
        ObservationLayout.for_variant("uno", 2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_rewards_follow_scoring_and_stay_in_range(variant: str) -> None:
    """The winners' reward is the highest (higher is better in every scheme); all rewards lie in reward_range; a
    reward is the seat's round points (its team's, in a team game) times reward_sign."""
    low, high = reward_range(variant)
    assert low < high
    stats = statistics_of(variant)
    rng = random.Random(variant)
    winners = 0
    for seed in range(3):
        players = rng.randint(*find_variant(variant).players)
        s = new_game(variant, players, seed=seed)
        while not s.is_over:
            plays = [m for m in legal_moves(s) if isinstance(m, Play)]
            s = apply(s, rng.choice(plays or list(legal_moves(s))))
        rewards = round_rewards(s)
        assert len(rewards) == players and all(low <= r <= high for r in rewards)
        assert rewards == tuple(float(reward_sign(variant) * p) for p in stats.points(s))
        points = round_points(s)
        assert sorted(set(rewards)) == sorted({float(reward_sign(variant) * p) for p in points})
        for seat in stats.winners(s):
            winners += 1
            assert rewards[seat] == max(rewards)
    assert winners > 0


def _docs_layout_rows() -> list[list[str]]:
    """The rows of the observation table in docs/adapters.rst: [section, shape, largest value, what it holds]."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "adapters.rst").read_text(encoding="utf-8")
    block = text.split(".. list-table:: Observation sections, in order", 1)[1].split("\n\n", 2)[1]
    rows: list[list[str]] = []
    for line in block.splitlines():
        if line.startswith("   * - "):
            rows.append([line[7:]])
        elif line.startswith("     - "):
            rows[-1].append(line[7:])
        elif line.startswith("       ") and rows:
            rows[-1][-1] += " " + line.strip()
    return rows[1:]  # the header row


def test_the_documented_layout_table_is_the_layout() -> None:
    """docs/adapters.rst documents every section, in order, with its shape and its description."""
    rows = _docs_layout_rows()
    layout = ObservationLayout.for_variant("standard", 5, history=True)  # 5 seats: no section has 5 entries
    assert [r[0] for r in rows] == [f"``{s.name}``" for s in layout.sections]
    symbols = {str(len(layout.cards)): "D", "5": "n"}
    for row, section in zip(rows, layout.sections, strict=True):
        assert row[1] == " x ".join(symbols.get(str(x), str(x)) for x in section.shape), row
        assert section.doc.split(" (")[0].split(":")[0].lower() in row[3].lower().replace("*", ""), row


@pytest.mark.parametrize("variant", MAUMAU)
def test_the_documented_sizes_hold(variant: str) -> None:
    low, high = resolve_variant(variant, 2).players
    for n in range(low, high + 1):
        d = len(distinct_cards(variant))
        assert ObservationLayout.for_variant(variant, n).size == 5 * d + 13 + 5 * n
        assert ObservationLayout.for_variant(variant, n, history=True).size == 5 * d + 13 + 5 * n + n * d + n


def test_the_documented_malilla_layout_table_is_the_layout() -> None:
    """docs/adapters.rst documents Malilla's sections too, in order, with their shapes."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "adapters.rst").read_text(encoding="utf-8")
    block = text.split(".. list-table:: Malilla's observation sections, in order", 1)[1].split("\n\n", 2)[1]
    rows = [line[7:] for line in block.splitlines() if line.startswith("   * - ")][1:]
    shapes = [line[7:] for line in block.splitlines() if line.startswith("     - ")][::3][1:]
    layout = ObservationLayout.for_variant("malilla", 4, history=True)
    assert rows == [f"``{s.name}``" for s in layout.sections]
    assert shapes == [" x ".join(map(str, s.shape)) for s in layout.sections]


def test_a_public_view_needs_a_seat_and_a_private_layout_a_players_view() -> None:
    for variant, players in (("standard", 2), ("malilla", 4)):
        s = new_game(variant, players, seed=1)
        with pytest.raises(AdapterError, match="needs the observer's seat"):
            ObservationLayout.for_variant(variant, players).encode(public_view(s))
        with pytest.raises(AdapterError, match="needs a player's view"):
            ObservationLayout.for_variant(variant, players).encode(public_view(s), seat=0)
        public = ObservationLayout.for_variant(variant, players, private=False)
        assert len(public.encode(public_view(s), seat=1)) == public.size
    with pytest.raises(VariantError, match="variant 'malilla' is for 4-4 players, not 2"):
        resolve_variant("malilla", 2)
