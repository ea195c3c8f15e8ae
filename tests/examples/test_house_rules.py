"""The house rules of ``examples/house_rules``: rules written outside the library, with public names only, take
part in everything a built-in rule does: legality and its explanations, effects, views, records and replay, the
command line, bots and match play."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from examples.house_rules import queen_all_draw, six_must_be_covered, ten_swaps_hands
from maumau_rules import (
    Card,
    IllegalMoveError,
    Play,
    Reason,
    Variant,
    apply,
    check,
    find_variant,
    legal_moves,
    new_game,
    parse_move,
)
from maumau_rules.bots import make_bot
from maumau_rules.cli import main
from maumau_rules.families.maumau.invariants import check_game
from maumau_rules.moves import Call
from maumau_rules.records import (
    GameRecord,
    dumps_records,
    loads_records,
    record_from_history,
    replay,
    validate_records,
)
from maumau_rules.rules import RULE_CLASSES
from maumau_rules.scoring import next_round, start_match
from maumau_rules.testing import check_no_leak, check_transition
from maumau_rules.variants import load_variant
from maumau_rules.views import view

from ..helpers import game, ids, play

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "house_rules"
VARIANTS: dict[str, Variant] = {
    "queen_all_draw": queen_all_draw.VARIANT,
    "ten_swaps_hands": ten_swaps_hands.VARIANT,
    "six_must_be_covered": six_must_be_covered.VARIANT,
}
HOUSE = pytest.mark.parametrize("name", sorted(VARIANTS))


# ---------------------------------------------------------------- what each rule does


def test_a_queen_makes_every_other_player_draw_one() -> None:
    v = queen_all_draw.VARIANT
    s = game(v, ["Qh 9c 8d", "7c 7s", "Kc Ks Kd"], top="Qs")
    t = play(s, "Qh")
    assert [len(h) for h in t.hands] == [2, 3, 4] and t.seat_to_act == 1
    check_transition(s, Play(Card.parse("Qh")), t)


def test_the_queens_draws_reshuffle_and_lapse_calls_like_any_draw() -> None:
    """On Mau King (calls lapse on a draw), with an almost empty stock: the draw reshuffles the discard pile
    and the second player's standing call lapses."""
    v = find_variant("mau-king").with_rules(queen_all_draw.QueenAllDraw(), id="mk-queens")
    v = v.with_rules(drop=["R_REVERSE"], id="mk-queens")  # in Mau King the Queen reverses; here it only draws
    s = game(v, ["Qh 9h 5d", "7c", "Kc Ks Kd"], top="Qs", under="2h 3h 4h", first_player=0, dealer=2)
    s = type(s)(**{**{a: getattr(s, a) for a in ("variant", "hands", "discard", "seat_to_act", "direction",
                                                  "dealer", "phase", "pending_draw", "penalty_stack", "pending_skip",
                                                  "wished_suit", "any_card", "drawn", "turn_plays", "missed_calls",
                                                  "fresh", "passes", "turn", "rng", "winner", "end")},
                   "stock": s.stock[-1:], "announced": (None, Call.MAU, None)})
    t = play(s, "Qh")
    assert t.announced[1] is None  # the call lapsed: seat 1 drew
    assert sorted(len(h) for h in t.hands) == [2, 2, 4] and t.all_cards() == s.all_cards()


def test_a_ten_swaps_hands_with_the_next_player() -> None:
    v = ten_swaps_hands.VARIANT
    s = game(v, ["10h 9c 8d", "7c 7s", "Kc Ks Kd"], top="10s")
    t = play(s, "10h")
    assert ids(t.hands[0]) == ["7♣", "7♠"] and ids(t.hands[1]) == ["9♣", "8♦"] and t.seat_to_act == 1
    check_transition(s, Play(Card.parse("10h")), t)
    last = play(game(v, ["10h", "7c 7s"], top="10s"), "10h")  # the last card: no swap, its player goes out
    assert last.is_over and last.winner == 0 and ids(last.hands[1]) == ["7♣", "7♠"]


def test_a_six_is_covered_by_its_player_with_a_card_of_its_suit() -> None:
    v = six_must_be_covered.VARIANT
    s = play(game(v, ["6h 9h Jc 7c", "7s 8s", "Ks Kd"], top="6s"), "6h")
    assert s.seat_to_act == 0 and s.wished_suit is not None and s.wished_suit.symbol == "♥"
    assert {str(m) for m in legal_moves(s)} == {"9♥", "draw"}
    for wrong, reason in (("Jc>h", Reason.RULE_FORBIDS), ("7c", Reason.RULE_FORBIDS)):
        verdict = check(s, parse_move(wrong))
        assert (verdict.reason, verdict.rule_id) == (reason, "R_HOUSE_SIX_MUST_BE_COVERED"), verdict
        with pytest.raises(IllegalMoveError):
            apply(s, parse_move(wrong))
    t = play(s, "9h")
    assert t.seat_to_act == 1 and t.wished_suit is None


def test_a_six_cannot_cover_itself_short_of_cards_so_its_player_draws_until_its_suit() -> None:
    v = six_must_be_covered.VARIANT
    s = play(game(v, ["6h 7c Jc", "7s 8s", "Ks Kd"], top="6s", stock_top="8c 9c Ah"), "6h", "draw")
    assert ids(s.hands[0])[-3:] == ["8♣", "9♣", "A♥"] or {"8♣", "9♣", "A♥"} <= set(ids(s.hands[0]))
    assert s.drawn == Card.parse("Ah") and str(legal_moves(s)[0]) == "A♥"


def test_a_six_may_not_be_the_last_card() -> None:
    v = six_must_be_covered.VARIANT
    s = game(v, ["6h", "7s 8s", "Ks Kd"], top="9h")
    assert str(legal_moves(s)[0]) == "draw"
    verdict = check(s, parse_move("6h"))
    assert (verdict.reason, verdict.rule_id) == (Reason.FINISH_FORBIDDEN, "R_HOUSE_SIX_MUST_BE_COVERED")


# ---------------------------------------------------------------- everything else a rule takes part in


@HOUSE
def test_random_games_keep_every_invariant(name: str) -> None:
    v = VARIANTS[name]
    for seed in range(4):
        final, _ = check_game(v, 2 + seed % 3, seed, seed, full_every=9)
        assert final.is_over


@HOUSE
def test_views_leak_nothing(name: str) -> None:
    v, rnd = VARIANTS[name], random.Random(3)
    s = new_game(v, 3, seed=8)
    for _ in range(40):
        if s.is_over:
            break
        check_no_leak(s, rnd)
        assert view(s, s.seat_to_act).legal_moves == legal_moves(s)
        s = apply(s, rnd.choice(legal_moves(s)))


@HOUSE
def test_records_replay_and_a_tampered_record_is_rejected(name: str) -> None:
    v = VARIANTS[name]
    history = [new_game(v, 3, seed=2)]
    rnd = random.Random(2)
    while not history[-1].is_over:
        history.append(apply(history[-1], rnd.choice(legal_moves(history[-1]))))
    text = dumps_records([record_from_history(history)])
    record = loads_records(text)[0]
    assert isinstance(record, GameRecord)  # a file of game records (match records replay with replay_match)
    assert list(replay(record))[-1] == history[-1]
    doc = json.loads(text)
    step = doc["records"][0]["moves"][3]
    step["move"] = "pass" if step["move"] != "pass" else "draw"
    report = validate_records(json.dumps(doc))[0]
    assert not report.ok and report.error is not None and report.error.step == 3


@HOUSE
def test_bots_play_whole_matches(name: str) -> None:
    v = VARIANTS[name]
    bots = [make_bot("heuristic", seed=1), make_bot("random", seed=2), make_bot("heuristic", seed=3)]
    m = start_match(v, 3, seed=5)
    for _ in range(30):
        s = m.game
        while not s.is_over:
            s = apply(s, bots[m.seats[s.seat_to_act]].choose(view(s, s.seat_to_act)))
        m = next_round(m, s)
        if m.over:
            break
    assert m.history and sum(m.scores) >= 1


@HOUSE
def test_the_command_line_plays_and_validates_them(name: str, tmp_path: Path) -> None:
    path = str(EXAMPLES / f"{name}.py")
    out, err = io.StringIO(), io.StringIO()
    saved = tmp_path / "game.json"
    code = main(["play", "--variant", path, "--bots-only", "--rounds", "1", "--seed", "4", "--save", str(saved)],
                out=out, err=err)
    assert (code == 0 and "wins the round" in out.getvalue()) or "no winner" in out.getvalue(), err.getvalue()
    out = io.StringIO()
    assert main(["validate", "--rules", path, str(saved)], out=out, err=err) == 0
    assert "OK" in out.getvalue()


def test_house_rules_are_registered_and_usable_from_a_variant_file() -> None:
    assert {"R_HOUSE_QUEEN_ALL_DRAW", "R_HOUSE_TEN_SWAPS_HANDS", "R_HOUSE_SIX_MUST_BE_COVERED"} <= set(RULE_CLASSES)
    v = load_variant('[variant]\nid = "mine"\nname = "Mine"\nbased_on = "standard"\n'
                     '[rules.R_HOUSE_QUEEN_ALL_DRAW]\namount = 2\n')
    s = game(v, ["Qh 9c", "7c 7s", "Kc Ks"], top="Qs")
    assert Counter(len(h) for h in play(s, "Qh").hands) == Counter({1: 1, 4: 2})
