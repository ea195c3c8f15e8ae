"""Malilla's invariants over random play: every registered Malilla variant and composed ones (every parameter of
every R_MAL_* rule drawn by Hypothesis), a differential test of legality against an independent reading of the
rules, determinism, match settlement, and proof that the checks catch broken engines."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules import Play, available_variants
from maumau_rules.cards import SPANISH_RANKS
from maumau_rules.families.malilla import engine as mal_engine
from maumau_rules.families.malilla.engine import apply, new_hand
from maumau_rules.families.malilla.invariants import (
    check_no_leak,
    check_rejections,
    check_state,
    check_step,
    check_transition,
    state_digest,
)
from maumau_rules.families.malilla.plan import team_of
from maumau_rules.families.malilla.rules import MalillaScore
from maumau_rules.families.malilla.state import MalillaState, Stage
from maumau_rules.rules.base import rule_spec
from maumau_rules.scoring import next_round, start_match
from maumau_rules.testing import InvariantViolation
from maumau_rules.variants import Variant, find_variant
from tests.helpers import hand_of_match
from tests.malilla_reference import reference_legal_cards

from ._support import examples

MALILLA = available_variants("malilla")
OPTIONAL = ("R_MAL_TRUMP", "R_MAL_FOLLOW", "R_MAL_SEVEN", "R_MAL_SCORE", "R_MAL_CAPOTE", "R_MAL_BREACH",
            "R_MAL_REDEAL", "R_MAL_ALBUR")


@st.composite
def malilla_variants(draw: st.DrawFn) -> Variant:
    """A Malilla variant composed from the R_MAL_* rules: each optional rule in or out, each parameter drawn from
    what its spec allows, and a smaller Spanish deck now and then."""
    ranks = list(SPANISH_RANKS)
    if draw(st.booleans()):
        ranks = sorted(draw(st.lists(st.sampled_from(SPANISH_RANKS), min_size=3, max_size=9, unique=True)),
                       key=SPANISH_RANKS.index)
    deck = "spanish-40" if len(ranks) == 10 else "spanish:" + "/".join("1" if r.symbol == "A" else r.symbol
                                                                        for r in ranks)
    rules: dict[str, dict[str, Any]] = {"R_MAL_DEAL": _params(draw, "R_MAL_DEAL", len(ranks)),
                                        "R_MAL_TRICK": _params(draw, "R_MAL_TRICK", len(ranks))}
    for rule_id in OPTIONAL:
        if draw(st.booleans()) or rule_id == "R_MAL_SCORE":
            rules[rule_id] = _params(draw, rule_id, len(ranks))
    from maumau_rules.variants import variant_from_dict

    return variant_from_dict({"variant": {"id": "composed", "name": "Composed Malilla", "family": "malilla",
                                          "deck": deck, "players": [4, 4]}, "rules": rules})


def _params(draw: st.DrawFn, rule_id: str, suit_size: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in rule_spec(rule_id).get("params", ()):
        kind, name = p["type"], p["name"]
        if kind == "choice":
            out[name] = draw(st.sampled_from(p["choices"]))
        elif kind == "bool":
            out[name] = draw(st.booleans())
        elif kind == "int":
            high = min(int(p["max"]), suit_size) if name == "min_suit" else min(int(p["max"]), int(p["min"]) + 40)
            out[name] = draw(st.integers(min_value=int(p["min"]), max_value=max(int(p["min"]), high)))
        elif kind == "rank-list":
            out[name] = [r.symbol for r in draw(st.permutations(SPANISH_RANKS))]
        elif kind == "card-values":
            out[name] = {r: draw(st.integers(0, 6)) for r in ("7", "A", "R", "C", "S", "2")}
    return out


def _play_hand(s: MalillaState, rnd: random.Random, *, full: bool, leak_every: int = 0) -> MalillaState:
    check_state(s)
    n = 0
    while not s.is_over:
        n += 1
        if full:
            succ = list(check_step(s, rnd if leak_every and n % leak_every == 0 else None))
            _, s = succ[rnd.randrange(len(succ))]
        else:
            m = rnd.choice(s.legal_moves())
            t = apply(s, m)
            check_transition(s, m, t)
            check_state(t)
            s = t
    check_state(s)
    return s


@pytest.mark.rule("R_MAL_DEAL", "R_MAL_TRICK", "R_MAL_FOLLOW", "R_MAL_SEVEN")
@pytest.mark.parametrize("variant", MALILLA, ids=[v.id for v in MALILLA])
@settings(max_examples=examples(0.15))
@given(seed=st.integers(0, 2**32 - 1), scores=st.tuples(st.integers(0, 34), st.integers(0, 34)))
def test_random_hands_keep_every_invariant(variant: Variant, seed: int, scores: tuple[int, int]) -> None:
    """INV_MAL_CARDS, INV_MAL_TRICKS, INV_MAL_POINTS, INV_PLAYABLE, INV_LEGAL_IFF_APPLY, INV_ONE_SEAT_TO_ACT and
    INV_NO_LEAK on every state of random hands of every registered Malilla variant."""
    s = new_hand(variant, seed=seed, scores=scores)
    end = _play_hand(s, random.Random(seed), full=True, leak_every=7)
    assert end.is_over and len(end.tricks) == 10 and sum(end.points) == 70


@pytest.mark.rule("R_MAL_SCORE", "R_MAL_REDEAL", "R_MAL_ALBUR", "R_MAL_TRUMP", "R_MAL_CAPOTE", "R_MAL_BREACH")
@settings(max_examples=examples(0.5))
@given(variant=malilla_variants(), seed=st.integers(0, 2**32 - 1), round_no=st.integers(1, 3))
def test_composed_malilla_variants_keep_every_invariant(variant: Variant, seed: int, round_no: int) -> None:
    """Every combination of the R_MAL_* rules and their parameters keeps the invariants; a hand played out holds a
    quarter of the deck in tricks and all its points."""
    s = new_hand(variant, seed=seed, round_no=round_no)
    end = _play_hand(s, random.Random(seed), full=seed % 3 == 0)
    plan = variant.family_plan
    assert len(end.tricks) == plan.tricks_per_hand and sum(end.points) == plan.hand_total


@settings(max_examples=examples(0.5))
@given(variant=malilla_variants(), seed=st.integers(0, 2**32 - 1))
def test_legal_plays_match_an_independent_reading_of_the_rules(variant: Variant, seed: int) -> None:
    """The engine's legal plays equal, at every trick position of a random hand, the cards an independent reading of
    R_MAL_FOLLOW and R_MAL_SEVEN allows (tests/malilla_reference.py)."""
    rnd = random.Random(seed)
    s = new_hand(variant, seed=seed)
    compared = 0
    while not s.is_over:
        if s.stage is Stage.PLAY:
            want = reference_legal_cards(variant, s.hands[s.seat_to_act], s.trick, s.leader, s.trump, s.led_suits)
            got = {m.card for m in s.legal_moves() if isinstance(m, Play)}
            assert got == want, (s, sorted(map(str, got)), sorted(map(str, want)))
            compared += 1
        s = apply(s, rnd.choice(s.legal_moves()))
    assert compared == len(variant.family_plan.cards)


@settings(max_examples=examples(0.2))
@given(seed=st.integers(0, 2**32 - 1), move_seed=st.integers(0, 1000))
def test_the_same_seed_and_moves_give_the_same_hand(seed: int, move_seed: int) -> None:
    """INV_DETERMINISM: the same seed and the same moves give equal states with equal digests, new deals included."""
    v = find_variant("malilla").with_rules(params={"R_MAL_REDEAL": {"min_suit": 4}})  # new deals happen often

    def run() -> list[MalillaState]:
        rnd = random.Random(move_seed)
        s = new_hand(v, seed=seed)
        out = [s]
        while not s.is_over:
            s = apply(s, rnd.choice(s.legal_moves()))
            out.append(s)
        return out

    a, b = run(), run()
    assert a == b and [state_digest(x) for x in a] == [state_digest(x) for x in b]


@pytest.mark.rule("R_MAL_SCORE", "R_MAL_TRUMP", "R_MAL_CAPOTE")
@settings(max_examples=examples(0.3))
@given(variant=malilla_variants(), seed=st.integers(0, 2**32 - 1))
def test_random_matches_settle_every_hand(variant: Variant, seed: int) -> None:
    """INV_MAL_POINTS over whole matches: each hand adds its settlement to the scores; the match ends exactly when a
    team reaches the target, makes a capote that wins, or breaks a rule; the next hand starts from the scores."""
    rnd = random.Random(seed)
    plan = variant.family_plan
    scheme = next(r for r in variant.rules if isinstance(r, MalillaScore))
    m = start_match(variant, 4, seed)
    hands = 0
    while not m.over and hands < 40:
        s = hand_of_match(m)
        assert s.scores == m.scores and s.round_no == m.round_no
        while not s.is_over:
            moves = s.legal_moves()
            if plan.breach == "lose_match" and s.stage is Stage.PLAY and rnd.random() < 0.01:
                bad = [c for c in s.hands[s.seat_to_act] if Play(c) not in moves]
                if bad:
                    s = apply(s, Play(bad[0]))
                    break
            s = apply(s, rnd.choice(moves))
        settled = scheme.settle(s)
        before = m.scores
        m = next_round(m, s)
        hands += 1
        assert m.scores == settled.scores == tuple(a + b for a, b in zip(before, settled.points, strict=True))
        ended_by = (s.offender is not None or (s.capote_team is not None and plan.capote == "win_match")
                    or max(m.scores) >= scheme.target)
        assert m.over == ended_by
        if s.offender is not None:
            assert m.winner == 1 - team_of(s.offender)
        elif m.over and not (s.capote_team is not None and plan.capote == "win_match"):
            assert m.winner is not None and m.scores[m.winner] >= scheme.target
    assert m.over or hands == 40


# ---------------------------------------------------------------------------------------- the checks catch bugs


def test_a_play_that_drops_a_card_breaks_card_conservation() -> None:
    """A state that lost a card (as an engine that drops the played card would leave it) fails INV_MAL_CARDS."""
    s = new_hand("malilla", seed=4)
    broken = object.__new__(MalillaState)
    fields = dict(s.__dict__)
    fields["hands"] = (s.hands[0][1:], *s.hands[1:])
    object.__setattr__(broken, "__dict__", fields)
    with pytest.raises(InvariantViolation, match="INV_MAL_CARDS"):
        check_state(broken)


def test_a_wrong_trick_winner_breaks_the_tricks_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that gives every trick to its leader is caught by INV_MAL_TRICKS (the checks compute the winner
    themselves)."""
    monkeypatch.setattr(mal_engine, "trick_winner_index", lambda plan, cards, trump: 0)
    rnd = random.Random(3)
    with pytest.raises(InvariantViolation, match="INV_MAL_TRICKS"):
        for seed in range(20):
            _play_hand(new_hand("malilla", seed=seed), rnd, full=False)


def test_an_engine_that_accepts_a_broken_rule_breaks_legal_iff_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose check lets a card through that R_MAL_FOLLOW forbids is caught by INV_LEGAL_IFF_APPLY."""
    real = mal_engine.is_legal
    monkeypatch.setattr(mal_engine, "is_legal", lambda state, move: isinstance(move, Play) or real(state, move))
    s = new_hand("malilla", seed=2)
    while s.stage is not Stage.PLAY:
        s = apply(s, s.legal_moves()[-1])
    s = apply(s, s.legal_moves()[0])  # a card led: the next player must follow
    with pytest.raises(InvariantViolation, match="INV_LEGAL_IFF_APPLY"):
        check_rejections(s)


def test_a_view_that_shows_the_partners_hand_breaks_no_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that copies the partner's hand into the player's is caught by INV_NO_LEAK."""
    from maumau_rules.families.malilla import views as mal_views

    real = mal_views.view

    def leaky(state: MalillaState, player: int, **kw: Any) -> Any:
        v = real(state, player, **kw)
        import attrs
        return attrs.evolve(v, hand=v.hand + state.hands[(player + 2) % 4])

    monkeypatch.setattr("maumau_rules.families.malilla.invariants.view", leaky)
    with pytest.raises(InvariantViolation, match="INV_NO_LEAK"):
        check_no_leak(new_hand("malilla", seed=1), random.Random(1))
