"""Metamorphic no-leak tests: changing cards a player cannot see never changes what that player observes.

Two rounds are dealt that differ only in hidden cards (another seat's hand, the stock's order, the random state
that drives reshuffles). Both are played with the same moves for as long as those moves are legal in both;
at every step where the observer's view is the same, each adapter must give the observer the same observation
(tensors, masks and strings). A control checks the other direction: a change the observer can see (its own
hand) does change its observation, so the comparison is not vacuous.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

from maumau_rules import Card, Deal, GameState, MalillaState, available_variants, find_variant, new_game
from maumau_rules.adapters.openspiel import MauMauGame, MauMauState
from maumau_rules.adapters.pettingzoo import MauMauEnv
from maumau_rules.testing import check_no_leak
from maumau_rules.views import view
from tests.server._games import playout, reshuffle_hidden

VARIANTS = [v.id for v in available_variants("maumau")]


def _deal_of(state: GameState) -> Deal:
    return Deal(hands=state.hands, stock=state.stock, discard=state.discard, dealer=state.dealer,
                first_player=state.seat_to_act, start_effects=False)


def _swap(deal: Deal, a: tuple[str, int, int], b: tuple[str, int, int]) -> Deal | None:
    """Swap two cards given as (zone, seat, index) with zone 'hand' or 'stock'; None if they are equal."""
    hands: list[list[Card]] = [list(h) for h in deal.hands]
    stock: list[Card] = list(deal.stock)

    def get(z: tuple[str, int, int]) -> list[Card]:
        return hands[z[1]] if z[0] == "hand" else stock

    x, y = get(a), get(b)
    if x[a[2]] == y[b[2]]:
        return None
    x[a[2]], y[b[2]] = y[b[2]], x[a[2]]
    return Deal(hands=tuple(tuple(h) for h in hands), stock=tuple(stock), discard=deal.discard,
                dealer=deal.dealer, first_player=deal.first_player, start_effects=deal.start_effects)


def _hidden_variants(deal: Deal, seat: int, rng: random.Random) -> list[Deal]:
    """Deals that differ from ``deal`` only in cards ``seat`` cannot see."""
    n = len(deal.hands)
    others = [i for i in range(n) if i != seat]
    out: list[Deal] = []
    for _ in range(20):
        i, j = rng.choice(others), rng.choice(others)
        if i != j and deal.hands[i] and deal.hands[j]:
            d = _swap(deal, ("hand", i, rng.randrange(len(deal.hands[i]))), ("hand", j, rng.randrange(len(deal.hands[j]))))
            if d is not None:
                out.append(d)
                break
    for _ in range(20):
        i = rng.choice(others)
        if deal.stock and deal.hands[i]:
            d = _swap(deal, ("hand", i, rng.randrange(len(deal.hands[i]))), ("stock", 0, rng.randrange(len(deal.stock))))
            if d is not None:
                out.append(d)
                break
    if len(set(deal.stock)) > 1:
        stock = list(deal.stock)
        rng.shuffle(stock)
        out.append(Deal(hands=deal.hands, stock=tuple(stock), discard=deal.discard, dealer=deal.dealer,
                        first_player=deal.first_player, start_effects=deal.start_effects))
    return out


Observe = Callable[[int], tuple[object, ...]]


def _pz_observer(env: MauMauEnv) -> Observe:
    def observe(seat: int) -> tuple[object, ...]:
        obs = env.observe(env.possible_agents[seat])
        return (obs["observation"].tobytes(), obs["action_mask"].tobytes())
    return observe


def _os_observer(state: MauMauState) -> Observe:
    def observe(seat: int) -> tuple[object, ...]:
        return (np.asarray(state.observation_tensor(seat)).tobytes(),
                np.asarray(state.information_state_tensor(seat)).tobytes(),
                state.observation_string(seat), state.information_state_string(seat))
    return observe


def _paired_play(variant: str, a: GameState, b: GameState, seat: int, rng: random.Random, steps: int) -> int:
    """Play ``a`` and ``b`` with the same moves, through both adapters, comparing ``seat``'s observations whenever
    its view is the same. Returns the number of steps compared where the two full states differed."""
    pa, pb = MauMauEnv(variant, a.players), MauMauEnv(variant, a.players)
    pa.reset(options={"game_state": a})
    pb.reset(options={"game_state": b})
    game = MauMauGame({"variant": variant, "players": a.players})
    oa, ob = game.state_from(a), game.state_from(b)
    compared = 0
    for _ in range(steps):
        sa, sb = pa.game_state, pb.game_state
        assert oa.game_state == sa and ob.game_state == sb
        if view(sa, seat) != view(sb, seat):
            break  # the difference became visible to the observer (it drew a card that differs): stop here
        assert _pz_observer(pa)(seat) == _pz_observer(pb)(seat)
        assert _os_observer(oa)(seat) == _os_observer(ob)(seat)
        compared += sa != sb
        if sa.is_over or sb.is_over:
            break
        common = sorted(set(oa.legal_actions()) & set(ob.legal_actions()))
        if not common or sa.seat_to_act != sb.seat_to_act:
            break
        action = rng.choice(common)
        pa.step(action)
        pb.step(action)
        oa.apply_action(action)
        ob.apply_action(action)
    return compared


@pytest.mark.parametrize("variant", VARIANTS)
def test_hidden_cards_never_change_an_observation(variant: str) -> None:
    v = find_variant(variant)
    players = min(max(3, v.players[0]), v.players[1])
    rng = random.Random(variant)
    compared = 0
    for seed in range(2):
        deal = _deal_of(new_game(v, players, seed=seed))
        for seat in range(players):
            a = new_game(v, players, seed=seed, deal=deal)
            for other in _hidden_variants(deal, seat, rng):
                b = new_game(v, players, seed=seed + 1000, deal=other)
                assert a != b
                compared += _paired_play(variant, a, b, seat, rng, steps=25)
    assert compared >= 20 * players, compared


@pytest.mark.parametrize("variant", ["standard", "mau-king", "pesten", "russian"])
def test_hidden_cards_reshuffled_mid_round_never_change_an_observation(variant: str) -> None:
    """Mid-round states: every card the observer cannot see is reshuffled among the hidden places."""
    rng = random.Random(1)
    compared = 0
    for seed in range(3):
        states, _ = playout(variant, 3, seed=seed, move_seed=seed, limit=60)
        for s in states[10::10]:
            if s.is_over:
                continue
            for seat in range(3):
                other = reshuffle_hidden(s, seat, rng)
                if other != s:
                    compared += _paired_play(variant, s, other, seat, rng, steps=8)
    assert compared >= 10


def test_control_a_change_the_observer_can_see_changes_its_observation() -> None:
    """The other direction: swapping a card of the observer's own hand with a hidden one is seen by every adapter."""
    deal = _deal_of(new_game("standard", 3, seed=4))
    seat = 0
    changed = _swap(deal, ("hand", seat, 0), ("stock", 0, 0))
    assert changed is not None
    a, b = new_game("standard", 3, seed=4, deal=deal), new_game("standard", 3, seed=4, deal=changed)
    pa, pb = MauMauEnv("standard", 3), MauMauEnv("standard", 3)
    pa.reset(options={"game_state": a})
    pb.reset(options={"game_state": b})
    game = MauMauGame({"variant": "standard", "players": 3})
    oa, ob = _os_observer(game.state_from(a)), _os_observer(game.state_from(b))
    assert _pz_observer(pa)(seat)[0] != _pz_observer(pb)(seat)[0]
    assert all(x != y for x, y in zip(oa(seat), ob(seat), strict=True))
    # ... and another seat, who cannot see seat 0's hand or the stock, sees no difference
    assert _pz_observer(pa)(1) == _pz_observer(pb)(1) and oa(1) == ob(1)


def _adapter_observers(variant: str, players: int) -> list[Callable[[GameState | MalillaState, int | None], object]]:
    """The adapters' observations of a state for a seat, as extra public facts for ``check_no_leak``."""
    env = MauMauEnv(variant, players)
    game = MauMauGame({"variant": variant, "players": players})

    def pettingzoo(state: GameState | MalillaState, seat: int | None) -> object:
        if seat is None or state.is_over:  # no spectator observation; an adapter starts from an unfinished round
            return None
        assert isinstance(state, GameState)
        env.reset(options={"game_state": state})
        return _pz_observer(env)(seat)

    def openspiel(state: GameState | MalillaState, seat: int | None) -> object:
        if seat is None or state.is_over:
            return None
        assert isinstance(state, GameState)
        return _os_observer(game.state_from(state))(seat)

    return [pettingzoo, openspiel]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_adapters_observations_are_public_facts(variant: str) -> None:
    """The generalised INV_NO_LEAK (tests/properties/test_no_leak.py) with the adapters' tensors and strings among
    the public facts: at states of a random round, for every seat, a permutation of the cards it cannot see changes
    no observation, before or after the next moves."""
    v = find_variant(variant)
    players = min(max(3, v.players[0]), v.players[1])
    observers = _adapter_observers(variant, players)
    rng = random.Random(variant)
    states, _ = playout(variant, players, seed=5, move_seed=5, limit=60)
    live = [t for t in states if not t.is_over]
    for s in [*live[::20], *(t for t in live if min(len(h) for h in t.hands) <= 2)][:5]:
        check_no_leak(s, rng, moves=1, observers=observers)
