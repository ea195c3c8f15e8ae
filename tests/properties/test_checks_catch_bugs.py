"""The checks really catch bugs: each test breaks the engine on purpose and expects the machinery to notice."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, settings

import maumau_rules.families.maumau.engine as engine
import maumau_rules.families.maumau.turn as turn
import maumau_rules.families.maumau.views as views
from maumau_rules import find_variant, new_game
from maumau_rules.cards import Card
from maumau_rules.families.maumau.explore import deal_set, explore, tiny_variant
from maumau_rules.families.maumau.invariants import check_game, check_other_seats, check_rejections, play_random_game
from maumau_rules.families.maumau.state import GameState
from maumau_rules.testing import InvariantViolation, check_no_leak, check_state
from maumau_rules.tools.explore import parse_deck
from maumau_rules.zones import draw_cards

from .test_random_games import GAME_CASES, RANDOM_GAMES, play_checked_game

STANDARD = find_variant("standard")


def _violation(fn: Callable[[], Any]) -> str:
    with pytest.raises(InvariantViolation) as info:
        fn()
    return info.value.invariant


def _games() -> None:
    for seed in range(6):
        check_game(STANDARD, 2 + seed % 3, seed, seed, full_every=5)


@pytest.fixture
def tiny() -> Iterator[Callable[[], Any]]:
    v = tiny_variant("standard", parse_deck("ranks:7/8/J"), players=2, hand=1)
    yield lambda: explore(v, 2, list(deal_set(v, 2, "2", seed=0)))


def test_a_draw_that_drops_a_card_breaks_conservation(monkeypatch: pytest.MonkeyPatch,
                                                       tiny: Callable[[], Any]) -> None:
    real = draw_cards

    def lossy(stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int,
              reshuffle: bool) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
        got, stock2, discard2, rng2 = real(stock, discard, n, rng, reshuffle)
        return got[:-1] if len(got) > 1 else got, stock2, discard2, rng2

    monkeypatch.setattr(turn, "draw_cards", lossy)  # every draw of a Turn (penalties, call-outs, reshuffles)
    assert _violation(_games) == "INV_CARD_CONSERVATION"
    # the explorer notices too (1-card draws are not lossy; a penalty draw of two is)
    real_one = draw_cards

    def lossy_all(stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int,
                  reshuffle: bool) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
        got, stock2, discard2, rng2 = real_one(stock, discard, n, rng, reshuffle)
        return got[1:], stock2, discard2, rng2

    monkeypatch.setattr(turn, "draw_cards", lossy_all)
    assert _violation(tiny) == "INV_CARD_CONSERVATION"


def test_a_draw_of_one_card_too_many_breaks_hand_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    real = draw_cards

    def greedy(stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int,
               reshuffle: bool) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
        return real(stock, discard, n + 1, rng, reshuffle)

    monkeypatch.setattr(turn, "draw_cards", greedy)  # penalty draws and call-outs take one card too many
    assert _violation(_games) == "INV_HAND_SIZES"


def test_an_apply_that_accepts_anything_breaks_legal_iff_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "is_legal", lambda state, move: True)
    s = new_game(STANDARD, players=2, seed=1)
    assert _violation(lambda: check_rejections(s)) == "INV_LEGAL_IFF_APPLY"


def test_ignoring_the_seat_breaks_one_seat_to_act(monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.check
    monkeypatch.setattr(engine, "check", lambda state, move, *, player=None, turn=None: real(state, move, turn=turn))
    s = new_game(STANDARD, players=3, seed=1)
    assert _violation(lambda: check_other_seats(s)) == "INV_ONE_SEAT_TO_ACT"


def test_no_legal_move_breaks_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    real_transition = engine._transition

    def stuck(s: GameState, move: Any) -> GameState:
        out = real_transition(s, move)
        if out.turn >= 3 and not out.is_over:
            out.__dict__["_legal"] = ()  # a generator bug: no legal move while the round goes on
        return out

    monkeypatch.setattr(engine, "_transition", stuck)
    assert _violation(_games) == "INV_PLAYABLE"


def test_a_view_that_shows_the_stock_breaks_no_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    real = views._public_values  # the allow-list of every view (and of views_json's texts)

    def leaky(state: GameState, *args: Any) -> tuple[object, ...]:
        out = list(real(state, *args))
        out[views._PUBLIC.index("discard")] = state.discard + state.stock[-1:]
        return tuple(out)

    monkeypatch.setattr(views, "_public_values", leaky)
    s = new_game(STANDARD, players=3, seed=1)
    assert _violation(lambda: check_no_leak(s, random.Random(0))) == "INV_NO_LEAK"


def test_unseeded_shuffles_break_determinism(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random()

    def shuffle(items: Any, state: int) -> tuple[tuple[Any, ...], int]:
        out = list(items)
        rnd.shuffle(out)
        return tuple(out), state

    monkeypatch.setattr(engine._rng, "shuffle", shuffle)  # type: ignore[attr-defined]
    assert _violation(_games) == "INV_DETERMINISM"


def test_a_missing_turn_limit_breaks_termination(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_finish_by_count", lambda f, plan, reason: None)
    v = tiny_variant("standard", STANDARD.deck, players=2, hand=5)
    assert _violation(lambda: [play_random_game(v, 2, seed, seed) for seed in range(30)]) == "INV_TERMINATION"


def test_a_pending_draw_without_penalty_cards_breaks_pending_consistency() -> None:
    s = new_game(STANDARD, players=2, seed=1)
    assert _violation(lambda: check_state(attrs.evolve(s, pending_draw=2, _legal=None))) == "INV_PENDING_CONSISTENT"


def _lossy_draw(mp: pytest.MonkeyPatch) -> None:
    real = draw_cards

    def lossy(stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int,
              reshuffle: bool) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
        got, stock2, discard2, rng2 = real(stock, discard, n, rng, reshuffle)
        return got[:-1] if len(got) > 1 else got, stock2, discard2, rng2

    mp.setattr(turn, "draw_cards", lossy)


def _greedy_draw(mp: pytest.MonkeyPatch) -> None:
    real = draw_cards

    def greedy(stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int,
               reshuffle: bool) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
        return real(stock, discard, n + 1, rng, reshuffle)

    mp.setattr(turn, "draw_cards", greedy)


def _stuck(mp: pytest.MonkeyPatch) -> None:
    real_transition = engine._transition

    def stuck(s: GameState, move: Any) -> GameState:
        out = real_transition(s, move)
        if out.turn >= 3 and not out.is_over:
            out.__dict__["_legal"] = ()
        return out

    mp.setattr(engine, "_transition", stuck)


def _unseeded(mp: pytest.MonkeyPatch) -> None:
    rnd = random.Random()

    def shuffle(items: Any, state: int) -> tuple[tuple[Any, ...], int]:
        out = list(items)
        rnd.shuffle(out)
        return tuple(out), state

    mp.setattr(engine._rng, "shuffle", shuffle)  # type: ignore[attr-defined]


GAME_BREAKS: dict[str, tuple[str, Callable[[pytest.MonkeyPatch], None]]] = {
    "lossy-draw": ("INV_CARD_CONSERVATION", _lossy_draw),
    "greedy-draw": ("INV_HAND_SIZES", _greedy_draw),
    "stuck": ("INV_PLAYABLE", _stuck),
    "unseeded-shuffle": ("INV_DETERMINISM", _unseeded),
}


@pytest.mark.parametrize("name", sorted(GAME_BREAKS))
def test_the_random_games_find_each_break_at_their_default_size(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: the random-games property runs RANDOM_GAMES games (the active profile's size); a search over its own
    strategy with that many examples (no shrinking) finds a game where the broken engine fails the right invariant,
    and within a quarter of them, so the default size has room to spare."""
    invariant, breaker = GAME_BREAKS[name]
    breaker(monkeypatch)
    tried: list[str] = []

    def breaks(case: tuple[Any, int]) -> bool:
        try:
            play_checked_game(*case)
        except InvariantViolation as exc:
            tried.append(exc.invariant)
            return exc.invariant == invariant
        tried.append("")
        return False

    find(GAME_CASES, breaks, settings=settings(max_examples=RANDOM_GAMES, database=None, derandomize=True,
                                               phases=[Phase.generate], suppress_health_check=list(HealthCheck)))
    assert len(tried) <= max(3, RANDOM_GAMES // 4), tried
