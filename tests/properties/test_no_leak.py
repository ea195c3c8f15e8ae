"""INV_NO_LEAK over everything public, for every family and every setup (issue 23).

The metamorphic test: take a reachable state, re-deal the cards a viewer cannot see (the other hands, the stock
and the random state; a permutation that keeps everything public as it is), and everything public for that viewer
must be equal (:func:`maumau_rules.testing.invariants.public_facts`): the view and its JSON, the phase, the seat to
act, the open windows and every seat's call-outs, the verdicts on the moves he might try, the terminal's texts;
then the same after each next move legal in both, with what he is told about it (events, the terminal's line)
(:func:`maumau_rules.testing.invariants.compare_hidden`). The adapters' observations are compared by
tests/adapters/test_no_leak.py through the same check.

It runs over both families (Mau-Mau and Malilla), every registered variant, the house-rule examples, composed
variants, every way to set a round up (a seed, an explicit deal, a deck order), over states reached by bots and by
random play; and on hand-made states for each leak issue 23 found (a window for a wrong word that only the
player's hidden card made wrong; a series that ended by itself when no card of its rank was left).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples.house_rules import queen_all_draw, six_must_be_covered, ten_swaps_hands
from maumau_rules import Deal, GameState, Suit, Variant, apply, available_variants, legal_moves, new_game
from maumau_rules.bots import make_bot, table_move
from maumau_rules.families.malilla.bots import make_bot as make_malilla_bot
from maumau_rules.families.malilla.state import MalillaState
from maumau_rules.testing import InvariantViolation, check_no_leak
from maumau_rules.testing.strategies import composed_variants
from maumau_rules.views import view
from tests.helpers import game, play

from ._support import examples

AnyState = GameState | MalillaState

VARIANTS = [*available_variants()]
HOUSE = [queen_all_draw.VARIANT, ten_swaps_hands.VARIANT, six_must_be_covered.VARIANT]
SETUPS = ["seed", "deal", "deck_order"]


def _players(v: Variant) -> int:
    return min(max(3, v.players[0]), v.players[1])


def _start(v: Variant, players: int, setup: str, seed: int) -> AnyState:
    """A round set up by a seed, an explicit deal (Mau-Mau: a :class:`Deal` re-dealt from a seeded round) or a
    deck order (the whole deck shuffled by ``seed``, top card first)."""
    if setup == "seed":
        first: AnyState = new_game(v, players, seed=seed)
        return first
    if setup == "deck_order":
        order = list(v.deck.cards())
        random.Random(seed).shuffle(order)
        ordered: AnyState = new_game(v, players, seed=seed, deck_order=order)
        return ordered
    s = new_game(v, players, seed=seed)
    if isinstance(s, MalillaState):  # Malilla's explicit deal is a deck order (deck_order_for)
        return _start(v, players, "deck_order", seed + 1)
    rnd = random.Random(seed)
    cards = [c for h in s.hands for c in h] + list(s.stock)
    rnd.shuffle(cards)
    hands, pos = [], 0
    for h in s.hands:
        hands.append(tuple(cards[pos:pos + len(h)]))
        pos += len(h)
    deal = Deal(hands=tuple(hands), stock=tuple(cards[pos:]), discard=s.discard, dealer=s.dealer,
                first_player=s.seat_to_act, start_effects=False)
    dealt: AnyState = new_game(v, players, seed=seed, deal=deal)
    return dealt


def _next(s: AnyState, rnd: random.Random, bots: list[object] | None) -> AnyState:
    """One move: by bots (interjections included), or at random among every seat's legal moves."""
    if bots is not None:
        if isinstance(s, MalillaState):
            actor = s.seat_to_act
            return apply(s, bots[actor].choose(view(s, actor)))  # type: ignore[attr-defined]
        seat, move = table_move(s, bots)  # type: ignore[arg-type]
        return apply(s, move, player=seat)
    table = [(p, m) for p in range(s.players) for m in legal_moves(s, p)]
    seat, move = rnd.choice(table)
    return apply(s, move, player=seat)


def _states(s: AnyState, seed: int, *, bots: bool, limit: int = 120) -> Iterator[AnyState]:
    """The states of a round played from ``s`` (bots, or random play), the last one included."""
    rnd = random.Random(seed)
    players = s.players
    table: list[object] | None = None
    if bots:
        table = ([make_malilla_bot("heuristic", seed + p) for p in range(players)] if isinstance(s, MalillaState)
                 else [make_bot("heuristic" if p % 2 else "random", seed + p) for p in range(players)])
    for _ in range(limit):
        yield s
        if s.is_over:
            return
        s = _next(s, rnd, table)
    yield s


def _sweep(s: AnyState, seed: int, *, bots: bool, every: int, near_end: int = 2) -> int:
    """Check INV_NO_LEAK on every ``every``-th state of a round and on its first ``near_end`` states with a hand of
    three cards or fewer (the calls, the last cards, going out); returns how many states were checked."""
    rnd = random.Random(seed)
    checked = 0
    for k, state in enumerate(_states(s, seed, bots=bots)):
        late = near_end > 0 and not state.is_over and min(len(h) for h in state.hands) <= 3
        if k % every == 0 or late:
            near_end -= late
            check_no_leak(state, rnd, moves=2)
            checked += 1
    return checked


@pytest.mark.rule("R_ANNOUNCE", "R_SERIES", "R_WILD_FINISH_SERIES")
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_nothing_public_depends_on_a_hidden_card(v: Variant) -> None:
    """Every family and registered variant, every setup (a seed, an explicit deal, a deck order), states reached by
    bots and by random play."""
    players = _players(v)
    checked = sum(_sweep(_start(v, players, setup, seed), seed, bots=seed != 1, every=40)
                  for seed, setup in enumerate(SETUPS))
    assert checked >= 6, checked


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("v", HOUSE, ids=lambda v: v.id)
def test_house_rules_leak_nothing_public(v: Variant) -> None:
    """The house rules of examples/house_rules (rules written outside the library), with every setup."""
    checked = sum(_sweep(_start(v, _players(v), setup, seed), seed, bots=seed % 2 == 0, every=40)
                  for seed, setup in enumerate(SETUPS))
    assert checked >= 6, checked


@settings(max_examples=examples(0.2), deadline=None)
@given(composed_variants(), st.integers(min_value=0, max_value=2**16), st.data())
def test_composed_variants_leak_nothing_public(v: Variant, seed: int, data: st.DataObject) -> None:
    """House variants composed at random from the whole rule catalogue."""
    players = data.draw(st.integers(min_value=v.players[0], max_value=v.players[1]), label="players")
    setup = data.draw(st.sampled_from(SETUPS), label="setup")
    assert _sweep(_start(v, players, setup, seed), seed, bots=False, every=60, near_end=1) >= 1


# ---------------------------------------------------------------- the findings of issue 23, one by one

JACK_WORD = [v for v in VARIANTS if v.family == "maumau" and v.plan.announcer is not None
             and v.plan.announcer.jack_call]


def _wild(v: Variant) -> str:
    return next(str(c) for c in v.plan.deck_cards if "wish" in v.plan.roles.get(c, ()) and c.suit is Suit.CLUBS)


def _plain(v: Variant, suit: str, k: int) -> list[str]:
    out: list[str] = []
    for c in v.plan.deck_cards:
        if c.suit is not None and c.suit.letter == suit and not v.plan.roles.get(c) and str(c) not in out:
            out.append(str(c))
    return out[:k]


def _leaks(s: AnyState, tries: int = 8) -> bool:
    """Whether some permutation of hidden cards changes something public at ``s`` or after a next move."""
    rnd = random.Random(0)
    try:
        for _ in range(tries):
            check_no_leak(s, rnd)
    except InvariantViolation:
        return True
    return False


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("keep", ["wild", "plain"])
@pytest.mark.parametrize("v", JACK_WORD, ids=lambda v: v.id)
def test_a_call_with_one_card_left_shows_nothing_of_the_card_kept(v: Variant, keep: str) -> None:
    """Issue 23, finding 1: before, a window to call out the wrong word (``missed_calls``, ``windows``, the
    others' call-outs, the ``call_missed`` event's ``due`` and the terminal's "the wrong word ... was due") opened
    only when the card kept was a Jack. Seat 0 holds two cards; whatever word he says, the table sees the same
    whether he keeps a Jack or another card."""
    hearts = _plain(v, "h", 3)
    kept = _wild(v) if keep == "wild" else hearts[2]
    s = game(v, [f"{hearts[0]} {kept}", " ".join(_plain(v, "c", 3)), " ".join(_plain(v, "s", 3))], top=hearts[1])
    assert not _leaks(s)
    other = game(v, [f"{hearts[0]} {hearts[2] if keep == 'wild' else _wild(v)}", " ".join(_plain(v, "c", 3)),
                     " ".join(_plain(v, "s", 3))], top=hearts[1])
    for word in ("", " mau", " maumau"):
        a, b = play(s, hearts[0] + word), play(other, hearts[0] + word)
        for seat in (1, 2):
            assert view(a, seat) == view(b, seat) and legal_moves(a, seat) == legal_moves(b, seat)


@pytest.mark.rule("R_ANNOUNCE")
def test_nothing_said_before_going_down_to_several_jacks_shows_nothing() -> None:
    """Issue 23, finding 1 with ``multi_jack`` (Mau King): saying nothing with a play that leaves two cards was a
    mistake only when both were Jacks; now it opens no window whatever they are."""
    for v in ("mau-king", "mau-king-app"):
        s = game(v, ["9d Jc Jh", "As 9c Kd 3h", "Jd 3s 3d"], top="9h")
        t = game(v, ["9d Jc 4h", "As 9c Kd 3h", "Jd 3s 3d"], top="9h")
        a, b = play(s, "9d"), play(t, "9d")
        assert a.missed_calls == b.missed_calls == () and view(a, 1) == view(b, 1)
        assert not _leaks(s)


@pytest.mark.rule("R_SERIES")
@pytest.mark.parametrize("second", ["9d", "Kd"])
def test_faraon_a_series_phase_shows_nothing_of_the_hand(second: str) -> None:
    """Issue 23, finding 2: a series ended by itself when the player had no other card of its rank, so the phase
    and the seat to act told everyone whether he held one. Now the phase is the same either way."""
    s = game("faraon", [f"9c {second} Kc", "Kh 8d", "Qh 8c"], top="9h")
    assert not _leaks(s)
    a, b = play(s, "9c"), play(game("faraon", ["9c Kd Kc" if second == "9d" else "9c 9d Kc", "Kh 8d", "Qh 8c"],
                                    top="9h"), "9c")
    assert (a.phase, a.seat_to_act) == (b.phase, b.seat_to_act) and view(a, 1) == view(b, 1)


@pytest.mark.rule("R_WILD_FINISH_SERIES")
@pytest.mark.parametrize("hand", ["Jc Jh", "Jc 4h"])
def test_mau_king_a_jack_series_opens_on_the_call_not_on_the_hand(hand: str) -> None:
    """Issue 23 (found by the sweep): the multiple Mau Mau's series opened after a Jack only when the rest of the
    hand was Jacks, telling the table so; now it opens while his standing call is "Mau Mau", which all heard."""
    for v in ("mau-king", "mau-king-app"):
        s = play(game(v, [f"9d {hand}", "As 9c Kd 3h", "Jd 3s 3d"], top="9h"), "9d maumau" if hand == "Jc Jh"
                 else "9d", "3d", "3h")
        assert not _leaks(s)
        a = play(s, "Jc>h")
        assert a.phase.value == ("series" if hand == "Jc Jh" else "play")


def test_control_a_leaky_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not vacuous: a view that tells how many hearts the next player holds fails it."""
    import attrs

    import maumau_rules.testing.invariants as inv

    real: Callable[..., object] = inv.view  # type: ignore[attr-defined]

    def leaky(state: GameState, player: int, **kw: object) -> object:
        pv = real(state, player, **kw)
        hearts = sum(c.suit is Suit.HEARTS for c in state.hands[(player + 1) % state.players])
        return attrs.evolve(pv, stock_size=hearts)  # type: ignore[misc]

    monkeypatch.setattr(inv, "view", leaky)
    with pytest.raises(InvariantViolation, match="INV_NO_LEAK"):
        for seed in range(5):
            check_no_leak(new_game("standard", players=3, seed=seed), random.Random(seed))
