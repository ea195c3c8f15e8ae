"""The Malilla scenario files of ``spec/scenarios`` (``malilla-*.json``), which the rules reference's Malilla page
replays as the source's worked examples: each replays with the engine, every move is legal, each move the file says
is refused gets that reason code and rule ID, and the trick or the hand ends as the file expects."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from maumau_rules import Card, apply, check, find_variant, parse_cards, parse_move
from maumau_rules.families.malilla import MalillaScore
from maumau_rules.families.malilla.engine import deck_order_for, new_hand
from maumau_rules.families.malilla.state import MalillaState

SCENARIOS = Path(__file__).resolve().parents[2] / "spec" / "scenarios"
FILES = sorted(SCENARIOS.glob("malilla-*.json"))


def replay(sc: dict[str, Any]) -> tuple[MalillaState, MalillaState]:
    """The scenario's first and last state, checking every refused move on the way."""
    variant = find_variant(sc["variant"])
    hands = [parse_cards(h) for h in sc["hands"]]
    dealer = int(sc["dealer"])
    start = new_hand(variant, seed=int(sc.get("seed", 0)), dealer=dealer,
                     deck_order=deck_order_for(hands, dealer, Card.parse(sc["trump_card"])))
    assert [tuple(sorted(h, key=lambda c: c.sort_key)) for h in hands] == list(start.hands)
    refused: dict[int, list[dict[str, Any]]] = {}
    for r in sc.get("refused", []):
        refused.setdefault(r["before"], []).append(r)
    state = start
    for i, text in enumerate(sc["moves"]):
        for r in refused.pop(i, []):
            verdict = check(state, parse_move(r["move"]))
            assert not verdict.ok and verdict.reason is not None
            assert (verdict.reason.value, verdict.rule_id) == (r["reason"], r["rule_id"]), (i, r)
        assert check(state, parse_move(text)).ok, (i, text)
        state = apply(state, parse_move(text))
    assert not refused, f"refused moves after the last move: {sorted(refused)}"
    return start, state


def test_the_scenario_files_are_there() -> None:
    ids = {json.loads(p.read_text(encoding="utf-8"))["id"] for p in FILES}
    assert {"SCN-MAL-02", "SCN-MAL-03"} <= ids


@pytest.mark.rule("R_MAL_FOLLOW", "R_MAL_TRICK", "R_MAL_SCORE")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_malilla_scenario_file_replays_as_it_says(path: Path) -> None:
    sc = json.loads(path.read_text(encoding="utf-8"))
    start, end = replay(sc)
    expect = sc["expect"]
    assert list(end.points) == expect["team_points"]
    if "trick" in expect:
        last = end.tricks[-1]
        assert [str(c) for c in last.cards] == expect["trick"]
        assert (last.winner, last.points) == (expect["winner"], expect["points"])
    if "hand_scores" in expect:
        assert end.is_over and end.winner == expect["hand_winner"]
        assert list(MalillaScore().round_points(end)) == expect["hand_scores"]
        assert list(start.bonus) == expect["bonus"]
        assert list(MalillaScore().settle(end).scores) == expect["scores"]


@pytest.mark.rule("R_MAL_FOLLOW")
def test_the_source_trick_refuses_what_the_source_says_must_not_be_played() -> None:
    """SCN-MAL-02's file records the three refusals of the source's trick: P2 and P4 must beat, P3 must trump."""
    sc = json.loads((SCENARIOS / "malilla-trick.json").read_text(encoding="utf-8"))
    assert [(r["move"], r["reason"]) for r in sc["refused"]] == [("5or", "must_beat"), ("3or", "must_beat"),
                                                                 ("2es", "must_trump")]
    _, end = replay(sc)
    assert end.tricks[-1].winner == 0 and end.points == (13, 0)


@pytest.mark.rule("R_MAL_SCORE", "R_MAL_TRUMP")
def test_the_hand_scenario_scores_40_to_30_as_5_and_keeps_the_bonus_apart() -> None:
    """SCN-MAL-03's file: a whole hand, 40 to 30, scores 5 for the first team and nothing for the other, whose trump
    bonus (the Rey of copas, 3) was scored at the deal."""
    sc = json.loads((SCENARIOS / "malilla-hand.json").read_text(encoding="utf-8"))
    start, end = replay(sc)
    assert len(end.tricks) == 10 and sum(end.points) == 70 and end.points == (40, 30)
    assert start.bonus == (0, 3) and MalillaScore().round_points(end) == (5, 0)
    settled = MalillaScore().settle(end)
    assert settled.scores == (5, 3) and not settled.over
