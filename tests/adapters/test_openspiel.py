"""The OpenSpiel adapter: registration, OpenSpiel's random-simulation test for every variant, chance, tensors built
from views, returns from round scoring, clones and serialization, and OpenSpiel's own algorithms on it."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

from maumau_rules import IllegalMoveError, VariantError, available_variants, find_variant, new_game
from maumau_rules.actions import ActionSpace
from maumau_rules.adapters import AdapterError
from maumau_rules.adapters.encoding import ObservationLayout, move_limit, reward_range, round_rewards
from maumau_rules.adapters.openspiel import GAME_TYPE, SEED_BYTES, MauMauGame, MauMauState
from maumau_rules.entropy import SEED_BITS
from maumau_rules.families.maumau import DrawPenalty
from maumau_rules.rules import PenaltySpec
from maumau_rules.views import public_view, view

VARIANTS = [v.id for v in available_variants("maumau")]


def _dealt(game: pyspiel.Game, seed_bytes: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)) -> MauMauState:
    state = game.new_initial_state()
    for b in seed_bytes:
        state.apply_action(b)
    assert isinstance(state, MauMauState)
    return state


def test_load_game_by_name_with_parameters() -> None:
    game = pyspiel.load_game("python_maumau", {"variant": "prsi", "players": 3})
    assert game.num_players() == 3 and game.get_parameters() == {"variant": "prsi", "players": 3}
    assert game.num_distinct_actions() == ActionSpace.for_variant("prsi", 3).size
    assert game.max_game_length() == move_limit("prsi") and game.max_chance_outcomes() == 256
    assert (game.min_utility(), game.max_utility()) == reward_range("prsi")
    assert game.observation_tensor_shape() == [ObservationLayout.for_variant("prsi", 3).size]
    assert game.information_state_tensor_shape() == [ObservationLayout.for_variant("prsi", 3, history=True).size]
    t = game.get_type()
    assert t.short_name == "python_maumau" and t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (t.min_num_players, t.max_num_players) == (2, max(v.players[1] for v in available_variants("maumau")))
    assert str(pyspiel.load_game("python_maumau")) == "python_maumau(players=2,variant=standard)"
    assert GAME_TYPE.short_name in pyspiel.registered_names()


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_for_every_variant(variant: str) -> None:
    game = pyspiel.load_game("python_maumau", {"variant": variant, "players": find_variant(variant).players[0]})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_at_the_largest_table_with_serialization(variant: str) -> None:
    game = pyspiel.load_game("python_maumau", {"variant": variant, "players": find_variant(variant).players[1]})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_with_a_house_rule_variant_object() -> None:
    house = find_variant("pesten").with_rules(DrawPenalty(penalties=[PenaltySpec(cards="2", amount=3)]))
    game = MauMauGame({"players": 3}, variant=house)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert _dealt(game).game_state.variant is house


def test_every_player_count_in_range_loads_and_deals() -> None:
    for v in available_variants("maumau"):
        for players in range(v.players[0], v.players[1] + 1):
            state = _dealt(pyspiel.load_game("python_maumau", {"variant": v.id, "players": players}))
            assert state.game_state == new_game(v, players, seed=0x0102030405060708)
            assert len(state.legal_actions()) == len(state.game_state.legal_moves())


def test_chance_nodes_draw_the_shuffle_seed() -> None:
    game = pyspiel.load_game("python_maumau", {"variant": "standard", "players": 2})
    state = game.new_initial_state()
    for i in range(SEED_BYTES):
        assert state.is_chance_node() and state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 200) == f"seed byte {i + 1} = 200"
        state.apply_action(200)
    assert not state.is_chance_node()
    assert state.game_state == new_game("standard", 2, seed=int.from_bytes(bytes([200] * SEED_BYTES), "big"))
    # the seed is in no player's information
    assert "200" not in state.information_state_string(0) + state.observation_string(1)
    with pytest.raises(AdapterError, match="chance outcome 300 is not a seed byte"):
        game.new_initial_state().apply_action(300)


def test_the_chance_nodes_reach_every_64_bit_seed() -> None:
    """Issue 23: four chance bytes gave 2**32 deals, few enough to find the deal from one hand by trying them all."""
    assert SEED_BYTES * 8 == SEED_BITS
    game = pyspiel.load_game("python_maumau", {"variant": "standard", "players": 2})
    for seed in (2**64 - 1, 2**32 + 5, 0xDEADBEEF_00C0FFEE):
        state = game.new_initial_state()
        for byte in seed.to_bytes(SEED_BYTES, "big"):
            state.apply_action(byte)
        assert state.game_state == new_game("standard", 2, seed=seed)
    high = _dealt(game, (1, 0, 0, 0, 0, 0, 0, 0)).game_state  # seed 2**56: past any 32-bit seed
    assert all(high.hands != new_game("standard", 2, seed=low).hands for low in range(64))


def test_tensors_are_the_layout_of_the_view_and_the_public_history() -> None:
    game = pyspiel.load_game("python_maumau", {"variant": "russian", "players": 3})
    obs_layout = ObservationLayout.for_variant("russian", 3)
    info_layout = ObservationLayout.for_variant("russian", 3, history=True)
    state = _dealt(game)
    history = info_layout.start_history()
    rng = random.Random(3)
    for _ in range(80):
        s = state.game_state
        for seat in range(3):
            np.testing.assert_array_equal(state.observation_tensor(seat),
                                          np.asarray(obs_layout.encode(view(s, seat)), dtype=np.float32))
            np.testing.assert_array_equal(state.information_state_tensor(seat),
                                          np.asarray(info_layout.encode(view(s, seat), history=history),
                                                     dtype=np.float32))
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        move = ActionSpace.for_variant("russian", 3).decode(action)
        state.apply_action(action)
        history = info_layout.record(history, s.seat_to_act, move, public_view(s), public_view(state.game_state))
    assert sum(map(sum, history.played)) > 0 and sum(history.drawn) > 0


def test_information_state_string_is_the_players_history() -> None:
    game = pyspiel.load_game("python_maumau", {"variant": "standard", "players": 2})
    state = _dealt(game)
    actor = state.current_player()
    first = state.information_state_string(actor)
    start = state.game_state
    state.apply_action(0)  # draw
    text = state.information_state_string(actor)
    drawn = [c for c in state.game_state.hands[actor] if c not in start.hands[actor]]
    assert text.startswith(first) and text.endswith(f"{actor}:draw +[{drawn[0]}]")
    other = state.information_state_string(1 - actor)
    assert other.endswith(f"{actor}:draw") and str(drawn[0]) not in other.split(" ; ")[-1]
    assert state.observation_string(actor).startswith(f"p{actor} hand ")


def test_returns_follow_round_scoring_and_other_players_have_no_actions() -> None:
    for variant in ("standard-points", "greek-150", "mau-king"):
        game = pyspiel.load_game("python_maumau", {"variant": variant, "players": 3})
        state = _dealt(game, (9, 8, 7, 6, 5, 4, 3, 2))
        rng = random.Random(variant)
        while not state.is_terminal():
            player = state.current_player()
            assert all(not state.legal_actions(p) for p in range(3) if p != player)
            assert state.returns() == [0.0, 0.0, 0.0]
            legal = state.legal_actions()
            assert legal == sorted(legal)
            plays = [a for a in legal if a > 1]
            state.apply_action(rng.choice(plays or legal))
        assert state.returns() == list(round_rewards(state.game_state))
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_clones_are_independent_and_serialization_replays() -> None:
    game = pyspiel.load_game("python_maumau", {"variant": "prsi", "players": 3})
    state = _dealt(game)
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.game_state != state.game_state and len(clone.history()) == len(state.history()) + 1
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.information_state_string(1) == state.information_state_string(1)


def test_bad_parameters_and_illegal_actions_raise_library_errors() -> None:
    with pytest.raises(VariantError, match="unknown variant 'uno'"):
        pyspiel.load_game("python_maumau", {"variant": "uno"})
    with pytest.raises(VariantError, match="'prsi' is for 2-5 players, not 9"):
        pyspiel.load_game("python_maumau", {"variant": "prsi", "players": 9})
    with pytest.raises(AdapterError, match="unknown parameter 'seed'"):
        MauMauGame({"seed": 1})
    game = pyspiel.load_game("python_maumau", {"variant": "standard", "players": 2})
    state = _dealt(game)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalMoveError):
        state.apply_action(illegal)
    with pytest.raises(AdapterError, match="not dealt yet"):
        _ = game.new_initial_state().game_state
    with pytest.raises(AdapterError, match="every player's cards"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(AdapterError, match="state of 'prsi' with 2 players is not a state of this game"):
        MauMauGame().state_from(new_game("prsi", 2, seed=1))


def test_public_observer_has_no_private_part() -> None:
    game = pyspiel.load_game("python_maumau", {"variant": "standard", "players": 2})
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                              private_info=pyspiel.PrivateInfoType.NONE))
    assert "hand" not in public.dict and "top_card" in public.dict
    state = _dealt(game)
    public.set_from(state, 0)
    zero = public.tensor.copy()
    public.set_from(state, 1)
    # the same table from the other seat: the same entries, seats rotated
    assert sorted(zero.tolist()) == sorted(public.tensor.tolist())
    assert public.string_from(state, 0).startswith("p0 top ")


def test_openspiel_mcts_plays_against_random() -> None:
    """OpenSpiel's own MCTS (with its random-rollout evaluator) and uniform random bot finish a round."""
    game = pyspiel.load_game("python_maumau", {"variant": "faraon", "players": 2})
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, uniform_random.UniformRandomBot(1, rng)],
                                          rng)
    assert len(returns) == 2 and max(returns) == 1.0


def test_openspiel_rl_environment_runs_and_is_seeded() -> None:
    """OpenSpiel's RL environment samples chance with its own seed: the same seed, the same episodes."""
    def episode(seed: int) -> list[int]:
        env = rl_environment.Environment("python_maumau", variant="standard", players=2,
                                         chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
        step = env.reset()
        pick = random.Random(0)
        actions: list[int] = []
        for _ in itertools.count():
            if step.last():
                break
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == env.observation_spec()["info_state"][0]
            action = pick.choice(step.observations["legal_actions"][player])
            actions.append(action)
            step = env.step([action])
        return actions

    assert episode(7) == episode(7) != episode(8)


def _callout_variants() -> list[str]:
    """The registered variants whose codec has call-outs (those with an announcement rule)."""
    from maumau_rules.moves import CallOut

    return [v.id for v in available_variants()
            if any(isinstance(m, CallOut) for m in ActionSpace.for_variant(v, v.players[0]).moves)]


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("variant", _callout_variants())
def test_seats_not_to_act_are_asked_about_their_call_outs(variant: str) -> None:
    """Issue 27: a call-out by a seat that is not to act is offered to that seat as an OpenSpiel decision. At every
    position with an open window, each other seat that may call out is the current player in turn order (its
    call-outs and "no call-out"), then the seat to act moves; a call-out by a seat not to act is the engine's."""
    from maumau_rules import CallOut, apply, legal_moves

    n = find_variant(variant).players[0] + 1 if find_variant(variant).players[1] > 2 else 2
    game = pyspiel.load_game("python_maumau", {"variant": variant, "players": n})
    waive = game.waive_action
    assert waive == game.num_distinct_actions() - 1
    callouts_by_others = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = _dealt(game, tuple(rng.randrange(256) for _ in range(SEED_BYTES)))
        waived: set[int] = set()  # the seats that let it pass since the last move
        while not state.is_terminal():
            s = state.game_state
            actor = s.seat_to_act
            eligible = [q for q in ((actor + k) % n for k in range(1, n)) if legal_moves(s, q) and q not in waived]
            player = state.current_player()
            assert all(not state.legal_actions(p) for p in range(n) if p != player)
            if eligible:  # the first seat not yet asked since the last move
                assert player == eligible[0] and state.legal_actions()[-1] == waive
                assert state.legal_actions()[:-1] == sorted(ActionSpace.for_variant(game.variant, n).legal_actions(s, player))
                assert state.action_to_string(waive) == "no call-out"
            else:
                assert player == actor and waive not in state.legal_actions()
            legal = state.legal_actions()
            calls = [a for a in legal if a != waive and player != actor]
            action = calls[0] if calls and rng.random() < 0.5 else rng.choice(legal)
            if player != actor and action != waive:
                move = ActionSpace.for_variant(game.variant, n).decode(action)
                assert isinstance(move, CallOut)
                expected = apply(s, move, player=player)
                state.apply_action(action)
                assert state.game_state == expected
                callouts_by_others += 1
                waived.clear()
            else:
                state.apply_action(action)
                if action == waive:
                    waived.add(player)
                else:
                    waived.clear()
    if variant in ("mau-king", "mau-king-app"):  # calls are due often there: seats not to act do call out
        assert callouts_by_others > 0


def _random_positions(game: pyspiel.Game, count: int, seed: int) -> list[MauMauState]:
    rng = random.Random(seed)
    out: list[MauMauState] = []
    state = _dealt(game, tuple(rng.randrange(256) for _ in range(SEED_BYTES)))
    while len(out) < count:
        if state.is_terminal():
            state = _dealt(game, tuple(rng.randrange(256) for _ in range(SEED_BYTES)))
        state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and rng.random() < 0.2:
            out.append(state.clone())
    return out


@pytest.mark.parametrize("variant", [v.id for v in available_variants()])
def test_resample_from_infostate_gives_a_state_the_player_cannot_tell_apart(variant: str) -> None:
    """Issue 27: ``resample_from_infostate`` (OpenSpiel's ISMCTS) deals the unseen cards again: the player's
    information state string and tensors, observation and legal actions are the same, its hand too, the cards of
    the whole table are the same multiset; the new state plays on and survives serialization."""
    v = find_variant(variant)
    game = pyspiel.load_game("python_maumau", {"variant": variant, "players": v.players[0]})
    sampler = random.Random(variant).random
    changed = 0
    for state in _random_positions(game, 4, seed=len(variant)):
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.information_state_tensor(p) == state.information_state_tensor(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.current_player() == p and other.legal_actions() == state.legal_actions()
        a, b = state.game_state, other.game_state
        assert view(a, p) == view(b, p) and sorted(map(str, a.all_cards())) == sorted(map(str, b.all_cards()))
        changed += a != b
        _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, other))
        assert back.game_state == b and back.information_state_string(p) == state.information_state_string(p)
        while not other.is_terminal():
            other.apply_action(other.legal_actions()[0])
    assert changed > 0


def test_openspiels_python_ismcts_plays_the_game() -> None:
    """OpenSpiel's information-set MCTS (its Python bot, which resamples through ``resample_from_infostate``) plays
    legal moves; its C++ bot crashes on every Python game's resampled state (a pybind ownership limit), so the
    docs name the Python one."""
    from open_spiel.python.algorithms import ismcts

    for variant, n in (("standard", 2), ("mau-king", 3), ("malilla", 4)):
        game = pyspiel.load_game("python_maumau", {"variant": variant, "players": n})
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 4,
                               random_state=np.random.RandomState(2))
        state = _dealt(game)
        for _ in range(2):
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
