"""Both adapters for every family (issue 24): every registered variant, whatever its family, passes PettingZoo's
api_test and OpenSpiel's random simulation test with serialization, and no observation of any family changes when
only cards hidden from the observer change. The variants come from the registry, so a new family is covered as soon
as it registers."""

from __future__ import annotations

import random
import warnings
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test

from maumau_rules import apply, available_variants, new_game
from maumau_rules.adapters.encoding import ObservationLayout, move_limit, reward_range, round_rewards
from maumau_rules.adapters.openspiel import MauMauGame
from maumau_rules.adapters.pettingzoo import MauMauEnv, env
from maumau_rules.variants import Variant
from maumau_rules.views import view
from tests.adapters.test_openspiel import VARIANTS as OPENSPIEL_VARIANTS

VARIANTS = [v.id for v in available_variants()]
"""Every registered variant of every family."""
FAMILIES = sorted({v.family for v in available_variants()})
SERIALIZED_THERE = frozenset(OPENSPIEL_VARIANTS)
"""The variants test_openspiel.py already runs through random_sim_test with serialization (at their largest table);
every other variant, of any family, is run here."""


def _smallest(variant: str) -> int:
    return next(v for v in available_variants() if v.id == variant).players[0]


def test_every_family_is_offered() -> None:
    assert {"maumau", "malilla"} <= set(FAMILIES)
    for family in FAMILIES:
        v = next(v for v in available_variants() if v.family == family)
        game = pyspiel.load_game("python_maumau", {"variant": v.id, "players": v.players[0]})
        asks = v.players[0] if game.waive_action is not None else 1  # each move may ask every other seat once
        assert game.num_players() == v.players[0] and game.max_game_length() == move_limit(v) * asks
        assert (game.min_utility(), game.max_utility()) == reward_range(v)
        assert game.observation_tensor_size() == ObservationLayout.for_variant(v, v.players[0]).size


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_for_every_variant_of_every_family(variant: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(variant=variant, players=_smallest(variant)), num_cycles=60)
    assert {str(w.message) for w in caught} <= {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete"}


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v not in SERIALIZED_THERE])
def test_openspiel_random_sim_test_with_serialization_for_every_variant_of_every_family(variant: str) -> None:
    game = pyspiel.load_game("python_maumau", {"variant": variant, "players": _smallest(variant)})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_round_through_pettingzoo_ends_with_the_engines_rewards(variant: str) -> None:
    players = _smallest(variant)
    e = MauMauEnv(variant, players)
    e.reset(seed=5)
    rng = random.Random(variant)
    total = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        agent = e.agent_selection
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["observation"].shape == (e.layout.size,)
        assert e.observation_space(agent)["observation"].contains(obs["observation"])
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    final = e.game_state
    assert final.is_over and tuple(total[a] for a in e.possible_agents) == round_rewards(final)
    assert {"end", "winner", "winners"} <= set(info)


def _hidden_swap(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with one card swapped between two hands that ``seat`` cannot see (the trump card, which everyone
    knows is the dealer's, stays where it is), or None when there is no such pair."""
    hands = [list(h) for h in state.hands]
    known = {getattr(state, "trump_card", None)}
    others = [i for i in range(len(hands)) if i != seat and hands[i]]
    for _ in range(30):
        if len(others) < 2:
            return None
        i, j = rng.sample(others, 2)
        a, b = rng.randrange(len(hands[i])), rng.randrange(len(hands[j]))
        if hands[i][a] != hands[j][b] and not {hands[i][a], hands[j][b]} & known:
            hands[i][a], hands[j][b] = hands[j][b], hands[i][a]
            return attrs.evolve(state, hands=tuple(tuple(h) for h in hands))
    return None


def _observations(game: MauMauGame, e: MauMauEnv, state: Any, seat: int) -> tuple[object, ...]:
    st = game.state_from(state)
    e.reset(options={"game_state": state})
    obs = e.observe(e.possible_agents[seat])
    return (np.asarray(st.observation_tensor(seat)).tobytes(), np.asarray(st.information_state_tensor(seat)).tobytes(),
            st.observation_string(seat), st.information_state_string(seat), obs["observation"].tobytes(),
            obs["action_mask"].tobytes())


@pytest.mark.parametrize("variant", VARIANTS)
def test_hidden_cards_never_change_an_observation_in_any_family(variant: str) -> None:
    """Along a random round, swapping cards between two hands the observer cannot see leaves its view, and every
    observation both adapters give it, the same; a control swap with its own hand changes them."""
    v: Variant = next(x for x in available_variants() if x.id == variant)
    players = max(3, v.players[0]) if v.players[1] >= 3 else v.players[0]
    if players < 3:
        pytest.fail(f"{variant} seats fewer than three players: no two hidden hands to swap")
    rng = random.Random(variant)
    game = MauMauGame({"variant": variant, "players": players})
    e = MauMauEnv(variant, players)
    s = new_game(v, players, seed=11)
    compared = 0
    for _ in range(40):
        if s.is_over:
            break
        seat = rng.randrange(players)
        other = _hidden_swap(s, seat, rng)
        if other is not None and view(other, seat) == view(s, seat):
            assert _observations(game, e, s, seat) == _observations(game, e, other, seat)
            compared += 1
        s = apply(s, rng.choice(s.legal_moves()))
    assert compared >= 5


def test_the_control_a_swap_with_the_observers_own_hand_shows() -> None:
    for variant, players in (("standard", 3), ("malilla", 4)):
        s = new_game(variant, players, seed=2)
        hands = [list(h) for h in s.hands]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
        if getattr(s, "trump_card", None) in (hands[0][0], hands[1][0]):
            hands[0][1], hands[1][1] = hands[1][1], hands[0][1]
            hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
        other = attrs.evolve(s, hands=tuple(tuple(h) for h in hands))
        game = MauMauGame({"variant": variant, "players": players})
        e = MauMauEnv(variant, players)
        assert _observations(game, e, s, 0) != _observations(game, e, other, 0)
