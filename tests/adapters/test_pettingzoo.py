"""The PettingZoo adapter: PettingZoo's own API, seed and max-cycles tests, and what the observations hold."""

from __future__ import annotations

import random
import types
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, max_cycles_test, seed_test
from pettingzoo.utils.conversions import parallel_to_aec

from maumau_rules import (
    Deal,
    IllegalMoveError,
    VariantError,
    apply,
    available_variants,
    find_variant,
    legal_moves,
    new_game,
)
from maumau_rules.actions import ActionError
from maumau_rules.adapters import AdapterError
from maumau_rules.adapters.encoding import ObservationLayout, round_rewards
from maumau_rules.adapters.pettingzoo import MauMauEnv, env, parallel_env
from maumau_rules.families.maumau import DrawPenalty
from maumau_rules.rules import PenaltySpec
from maumau_rules.views import view

VARIANTS = [v.id for v in available_variants("maumau")]


def _api_test(e: Any, cycles: int) -> None:
    """PettingZoo's api_test; its only warnings are the two it gives every classic env with dict observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=cycles)
    messages = {str(w.message) for w in caught}
    assert messages <= {"Observation is not a NumPy array",
                        "Observation space for each agent probably should be gymnasium.spaces.box or "
                        "gymnasium.spaces.discrete"}, messages


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("prsi", 3), ("mau-king", 8), ("pesten", 5)])
def test_pettingzoo_api_test(variant: str, players: int) -> None:
    _api_test(env(variant=variant, players=players), cycles=150)


def test_pettingzoo_api_test_with_a_house_rule_variant_object() -> None:
    house = find_variant("pesten").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="2", amount=3)]))
    e = env(variant=house, players=3)
    _api_test(e, cycles=100)
    assert e.unwrapped.variant.id == "pesten-house"


@pytest.mark.parametrize("variant", ["standard", "crazy-eights", "neuner"])
def test_pettingzoo_seed_test(variant: str) -> None:
    seed_test(lambda: env(variant=variant, players=3), num_cycles=100)


def test_pettingzoo_max_cycles_test_on_the_parallel_form() -> None:
    """PettingZoo's max_cycles_test expects every agent to act once per cycle, as in the parallel API (each step
    takes an action from every agent; the seat to act's is played). It runs the parallel env and its AEC view
    (parallel_to_aec). Its actions ignore the masks, so illegal ones are refused with a penalty instead of ending
    the round."""
    kwargs: dict[str, Any] = {"illegal_action": "penalize"}
    mod = types.SimpleNamespace(
        parallel_env=lambda **kw: parallel_env(**kwargs, **kw),
        env=lambda **kw: parallel_to_aec(parallel_env(**kwargs, **kw)),
    )
    for _ in range(3):  # the test samples unseeded actions: run it a few times
        max_cycles_test(mod)


def test_max_cycles_truncates_the_turn_based_env_after_that_many_decisions() -> None:
    e = MauMauEnv("standard", 3, max_cycles=5)
    e.reset(seed=4)
    steps = 0
    for _ in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        steps += 1
    assert steps == 5 and e.unwrapped.game_state.turn == 5 and not e.unwrapped.game_state.is_over


def _play(e: MauMauEnv, seed: int, pick: int) -> dict[str, float]:
    """Play one round with masked actions (every ``pick``-th legal one), checking each observation on the way."""
    e.reset(seed=seed)
    layout, codec = e.layout, e.codec
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        state = e.game_state
        seat = e.possible_agents.index(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["observation"].tolist() == layout.encode(view(state, seat))
        waive = [] if e.waive_action is None else [False]
        if seat != state.seat_to_act:  # asked about a call-out: its call-outs, and "no call-out"
            assert e.waive_action is not None and legal_moves(state, seat)
            assert obs["action_mask"].astype(bool).tolist() == [*codec.mask(state, seat), True]
            assert not e.observe(e.possible_agents[state.seat_to_act])["action_mask"].any()
        else:
            assert obs["action_mask"].astype(bool).tolist() == [*codec.mask(state), *waive]
        assert sum(e.observe(a)["action_mask"].any() for a in e.possible_agents) == 1
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[(state.turn * pick) % len(legal)]))
    return totals


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_plays_to_the_end_with_scored_rewards(variant: str) -> None:
    low, high = find_variant(variant).players
    for players in sorted({low, high}):
        e = MauMauEnv(variant, players)
        totals = _play(e, seed=players, pick=3)
        final = e.game_state
        assert final.is_over
        expected = round_rewards(final)
        assert [totals[a] for a in e.possible_agents] == list(expected)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_player_count_in_range_starts_and_steps(variant: str) -> None:
    low, high = find_variant(variant).players
    for players in range(low, high + 1):
        e = MauMauEnv(variant, players, max_cycles=12)
        e.reset(seed=players)
        assert e.observation_space(e.agents[0])["observation"].shape == (e.layout.size,)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        assert e.game_state.turn == 12 and not e.agents


def test_reset_seeds_the_deal_and_the_following_rounds() -> None:
    a, b = MauMauEnv("prsi", 3), MauMauEnv("prsi", 3)
    a.reset(seed=11)
    assert a.game_state == new_game("prsi", 3, seed=11)
    firsts = [a.game_state]
    for _ in range(3):
        a.reset()
        firsts.append(a.game_state)
    b.reset(seed=11)
    again = [b.game_state]
    for _ in range(3):
        b.reset()
        again.append(b.game_state)
    assert firsts == again and len({s.hands for s in firsts}) == 4
    c, d = MauMauEnv("prsi", 3), MauMauEnv("prsi", 3)
    c.reset()
    d.reset()
    assert c.game_state.hands != d.game_state.hands  # never seeded: a fresh seed each (was always seed 0)
    with pytest.raises(AdapterError, match="seed 'x' must be an integer"):
        c.reset(seed="x")  # type: ignore[arg-type]


class _Hostile:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __repr__(self) -> str:
        raise RuntimeError("repr")


class _HostileInt(int):
    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __index__(self) -> int:
        raise RuntimeError("index")

    def __int__(self) -> int:
        raise RuntimeError("int")


@pytest.mark.parametrize("action", [_Hostile(), _HostileInt(0), 10**5000, -1, 1.0, "0", True],
                         ids=["hostile", "hostile-int", "huge", "negative", "float", "str", "bool"])
def test_step_refuses_hostile_actions_with_an_action_error(action: Any) -> None:
    """Issue 23: an action whose ``__repr__`` raises (or a huge one) escaped the library's errors in ``step``."""
    e = MauMauEnv("standard", 2)
    e.reset(seed=1)
    before = e.game_state
    with pytest.raises(ActionError):
        e.step(action)
    assert e.game_state == before
    with pytest.raises(AdapterError):
        e.reset(seed=1, options=_any(_Hostile()))


def test_a_dead_agent_steps_only_with_none() -> None:
    e = MauMauEnv("standard", 2, illegal_action="terminate")
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0]))  # an illegal action: the end
    with pytest.raises(ActionError, match="its only action is None"):
        e.step(0)  # was PettingZoo's own ValueError
    e.step(None)


def _any(value: object) -> Any:
    return value


def test_illegal_actions_terminate_penalise_or_raise() -> None:
    def illegal(e: MauMauEnv) -> int:
        return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])

    e = MauMauEnv("standard", 3)
    e.reset(seed=2)
    offender = e.agent_selection
    e.step(illegal(e))
    assert all(e.terminations.values()) and e.rewards[offender] == -1.0
    assert e.infos[offender]["illegal_action"] >= 0 and e.game_state.turn == 0

    p = MauMauEnv("standard", 3, illegal_action="penalize", illegal_reward=-0.5)
    p.reset(seed=2)
    before = p.game_state
    offender = p.agent_selection
    p.step(illegal(p))
    assert p.game_state is before and p.agent_selection == offender and p.rewards[offender] == -0.5
    assert not any(p.terminations.values())

    r = MauMauEnv("standard", 3, illegal_action="raise")
    r.reset(seed=2)
    with pytest.raises(IllegalMoveError):
        r.step(illegal(r))
    with pytest.raises(ActionError, match="action 500 is out of range"):
        r.step(500)
    with pytest.raises(ActionError, match="action '7h' is not an action ID"):
        r.step("7h")  # type: ignore[arg-type]
    r.step(np.int64(0))  # numpy integers are action IDs too
    assert r.game_state.turn == 1


def test_constructor_rejects_bad_arguments() -> None:
    with pytest.raises(VariantError, match="unknown variant 'uno'"):
        MauMauEnv("uno", 2)
    with pytest.raises(VariantError, match="'prsi' is for 2-5 players, not 6"):
        MauMauEnv("prsi", 6)
    with pytest.raises(AdapterError, match="max_cycles 0 must be a positive integer"):
        MauMauEnv("prsi", 2, max_cycles=0)
    with pytest.raises(AdapterError, match="illegal_action 'ignore' is not one of terminate, penalize, raise"):
        MauMauEnv("prsi", 2, illegal_action="ignore")
    with pytest.raises(AdapterError, match="call reset"):
        _ = MauMauEnv("prsi", 2).game_state


def test_render_gives_text(capsys: pytest.CaptureFixture[str]) -> None:
    e = MauMauEnv("standard", 2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    state = e.game_state
    assert isinstance(text, str) and str(state.top_card) in text
    assert " ".join(str(c) for c in state.hands[state.seat_to_act]) in text
    other = state.hands[1 - state.seat_to_act]
    assert " ".join(str(c) for c in other) not in text

    h = MauMauEnv("standard", 2, render_mode="human")
    h.reset(seed=1)
    assert h.render() is None
    h.step(0)
    out = capsys.readouterr().out
    assert out.count("standard (Standard (cardgames.zone))") == 2

    quiet = MauMauEnv("standard", 2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert quiet.render() is None


@pytest.mark.parametrize("variant, players", [("standard", 3), ("mau-king", 6), ("malilla", 4)])
def test_render_gives_the_picture_as_an_rgb_array(variant: str, players: int) -> None:
    """``render_mode="rgb_array"``: the SVG of the seat to act's view, rasterised; a frame of the metadata's shape
    that changes as the round goes on, with the table's colours in it (not one colour)."""
    from maumau_rules.svg import H, Palette, W

    e = MauMauEnv(variant, players, render_mode="rgb_array")
    assert "rgb_array" in e.metadata["render_modes"]
    with pytest.raises(AdapterError, match="call reset"):
        e.render()
    e.reset(seed=2)
    first = e.render()
    assert isinstance(first, np.ndarray) and first.shape == (H, W, 3) and first.dtype == np.uint8
    colours = np.unique(first.reshape(-1, 3), axis=0)
    assert len(colours) > 50
    felt = tuple(int(Palette().table[i:i + 2], 16) for i in (1, 3, 5))
    assert (first.reshape(-1, 3) == felt).all(axis=1).mean() > 0.2  # the table is most of the frame
    for _ in range(3):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert not np.array_equal(first, e.render())


def test_parallel_env_plays_the_action_of_the_agent_to_act() -> None:
    p = parallel_env(variant="standard", players=3)
    observations, _ = p.reset(seed=5)
    decisions = 0
    while p.agents and decisions < 60:
        active = [a for a, o in observations.items() if o["action_mask"].any()]
        assert len(active) == 1
        actions = {a: int(np.flatnonzero(o["action_mask"])[-1]) if a in active else 12345
                   for a, o in observations.items()}
        waived = actions[active[0]] == p.unwrapped.waive_action
        observations, _, _, _, _ = p.step(actions)
        decisions += not waived
    assert p.unwrapped.game_state.turn == decisions


def test_observations_match_the_layout_documented_for_every_variant() -> None:
    for v in available_variants("maumau"):
        e = MauMauEnv(v, v.players[0])
        layout = ObservationLayout.for_variant(v, v.players[0])
        box = e.observation_space("player_0")["observation"]
        assert isinstance(box, spaces.Box)
        assert box.shape == (layout.size,) and box.high.tolist() == layout.high()
        assert int(e.action_space("player_0").n) == e.codec.size + (e.waive_action is not None)


def test_reset_options_start_from_a_deal_or_a_state() -> None:
    e = MauMauEnv("standard", 2)
    base = new_game("standard", 2, seed=3)
    deal = Deal(hands=base.hands, stock=base.stock, discard=base.discard, dealer=base.dealer, first_player=1)
    e.reset(seed=9, options={"deal": deal})
    assert e.game_state == new_game("standard", 2, seed=9, deal=deal)
    assert e.agent_selection == f"player_{e.game_state.seat_to_act}"
    with pytest.raises(AdapterError, match="options\\['deal'\\] must be a Deal, not str"):
        e.reset(options={"deal": "7h 8h"})
    with pytest.raises(AdapterError, match="unfinished game state of 'standard' with 2 players"):
        e.reset(options={"game_state": new_game("prsi", 2, seed=1)})
    finished = new_game("standard", 2, seed=1)
    while not finished.is_over:
        finished = apply(finished, legal_moves(finished)[0])
    with pytest.raises(AdapterError, match="unfinished game state"):
        e.reset(options={"game_state": finished})
    with pytest.raises(AdapterError, match="call reset"):
        MauMauEnv("standard", 2).step(0)


@pytest.mark.rule("R_ANNOUNCE")
def test_agents_not_to_act_are_selected_to_call_out() -> None:
    """Issue 27: a seat that is not to act may call out a missed call; PettingZoo's agent selection turns to it.
    Its call-out is the engine's move by that seat, and its "no call-out" changes nothing but the selection."""
    from maumau_rules import CallOut

    calls = waives = 0
    for seed in range(8):
        e = MauMauEnv("mau-king", 3)
        e.reset(seed=seed)
        rng = random.Random(seed)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            state, seat = e.game_state, e.possible_agents.index(agent)
            legal = np.flatnonzero(obs["action_mask"])
            if seat == state.seat_to_act:
                e.step(int(rng.choice(legal)))
                continue
            action = int(rng.choice(legal))
            if action == e.waive_action:
                e.step(action)
                assert e.game_state is state and e.agent_selection != agent
                waives += 1
            else:
                move = e.codec.decode(action)
                assert isinstance(move, CallOut)
                e.step(action)
                assert e.game_state == apply(state, move, player=seat)
                calls += 1
    assert calls > 0 and waives > 0
