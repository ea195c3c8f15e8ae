"""Records of Malilla: a whole match as a match record validates; a tampered one is refused at its round and step
with the reason and the rule; a hand played alone is a game record; files validate from the command line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from maumau_rules import Move, Pass, Play, apply, find_variant, legal_moves
from maumau_rules.cli import main
from maumau_rules.families.malilla.bots import MalillaHeuristicBot
from maumau_rules.families.malilla.engine import new_hand
from maumau_rules.families.malilla.state import MalillaState, Stage
from maumau_rules.families.malilla.views import view
from maumau_rules.records import (
    GameRecord,
    MatchRecord,
    dumps_records,
    first_violation,
    loads_records,
    record_from_history,
    record_from_rounds,
    replay,
    replay_match,
    validate_records,
)
from maumau_rules.scoring import Match, next_round, start_match
from tests.helpers import hand_of_match
from tests.server._games import validate_json


def _play_match(variant: str, seed: int) -> tuple[Match, list[list[Move]]]:
    bot = MalillaHeuristicBot()
    m = start_match(variant, 4, seed)
    rounds: list[list[Move]] = []
    while not m.over:
        s = hand_of_match(m)
        rounds.append([])
        while not s.is_over:
            move = bot.choose(view(s, s.seat_to_act))
            rounds[-1].append(move)
            s = apply(s, move)
        m = next_round(m, s)
    return m, rounds


@pytest.fixture(scope="module")
def played() -> tuple[Match, MatchRecord]:
    m, rounds = _play_match("malilla", 5)
    return m, record_from_rounds("malilla", 4, 5, rounds)


@pytest.mark.rule("R_MAL_SCORE", "R_MAL_TRUMP")
def test_a_match_record_validates_and_round_trips(played: tuple[Match, MatchRecord]) -> None:
    m, rec = played
    assert len(rec.rounds) >= 2 and rec.result is not None
    assert (rec.result.winner, rec.result.scores) == (m.winner, m.scores)
    text = dumps_records([rec])
    doc = json.loads(text)
    validate_json(doc)
    validate_json(rec.to_json())
    assert loads_records(text) == [rec]
    reports = validate_records(text)
    assert [r.ok for r in reports] == [True] and reports[0].moves == sum(len(r) for r in rec.rounds)
    states = list(replay_match(rec))
    assert states[-1].is_over and len(states) == sum(len(r) + 1 for r in rec.rounds)


def _tamper(rec: MatchRecord, change: Any) -> dict[str, Any]:
    data = rec.to_json()
    change(data)
    return data


def _error(data: dict[str, Any]) -> Any:
    [report] = validate_records(json.dumps({"type": "records", "version": 1, "records": [data]}))
    assert not report.ok and report.error is not None
    return report.error


@pytest.mark.rule("R_MAL_FOLLOW", "R_MAL_DEAL")
def test_a_tampered_match_record_is_refused_with_its_round_step_and_reason(played: tuple[Match, MatchRecord]) -> None:
    _, rec = played
    # a move of round 2 changed for another card the same player holds, which the rules forbid there
    r, step, card = _forbidden_play(rec)
    data = _tamper(rec, lambda d: d["rounds"][r].__setitem__(step, str(card)))
    err = _error(data)
    assert (err.round_no, err.step) == (r + 1, step)
    assert err.reason in ("must_follow_suit", "must_beat", "must_trump", "forbidden_seven")
    assert err.rule_id in ("R_MAL_FOLLOW", "R_MAL_SEVEN") and err.move == str(card)
    assert f"round {r + 1}, step {step}" in str(err)
    # two moves swapped: each recorded move names its seat, so the second player's move comes out of turn
    data = _tamper(rec, lambda d: d["rounds"][1].__setitem__(slice(10, 12), d["rounds"][1][10:12][::-1]))
    err = _error(data)
    assert (err.round_no, err.step, err.reason, err.rule_id) == (2, 10, "not_your_turn", "R_MAL_DEAL")
    # the winner changed
    data = _tamper(rec, lambda d: d["result"].__setitem__("winner", 1 - d["result"]["winner"]))
    assert _error(data).reason == "result_mismatch"
    # a round cut short with another after it
    data = _tamper(rec, lambda d: d["rounds"][0].pop())
    err = _error(data)
    assert err.reason == "round_not_over" and err.round_no == 1
    # a round after the end of the match
    data = _tamper(rec, lambda d: d["rounds"].append(["pass"]))
    assert _error(data).reason == "match_over"
    # a move that is not notation
    data = _tamper(rec, lambda d: d["rounds"][0].__setitem__(3, "8or"))
    assert _error(data).reason == "invalid_record"


def _forbidden_play(rec: MatchRecord) -> tuple[int, int, Any]:
    """A round, a step and a card the player to act holds there but may not play."""
    states = replay_match(rec)
    for r, moves in enumerate(rec.rounds):
        s = next(states)
        for i, _ in enumerate(moves):
            assert isinstance(s, MalillaState)
            if r >= 1 and s.stage is Stage.PLAY:
                legal = set(legal_moves(s))
                bad = [c for c in s.hands[s.seat_to_act] if Play(c) not in legal]
                if bad:
                    return r, i, bad[0]
            s = next(states)
    raise AssertionError("no forbidden play found")  # pragma: no cover


@pytest.mark.rule("R_MAL_BREACH")
def test_a_table_match_with_a_broken_rule_validates_and_the_other_team_wins() -> None:
    """In malilla-table a broken rule is a recorded event: the record replays, and the offender's team lost."""
    s = hand_of_match(start_match("malilla-table", 4, seed=8))
    moves: list[Move] = []
    while True:
        if s.stage is Stage.PLAY and s.trick:
            bad = [c for c in s.hands[s.seat_to_act] if Play(c) not in legal_moves(s)]
            if bad:
                moves.append(Play(bad[0]))
                s = apply(s, moves[-1])
                break
        moves.append(legal_moves(s)[0])
        s = apply(s, moves[-1])
    offender = s.offender
    assert offender is not None and s.is_over
    rec = record_from_rounds("malilla-table", 4, 8, [moves])
    assert first_violation(rec) is None and rec.result is not None and rec.result.winner == 1 - offender % 2
    strict = MatchRecord("malilla", 1, 4, seed=8, rounds=rec.rounds)  # the same moves under strict rules
    err = first_violation(strict)
    assert err is not None and err.step == len(moves) - 1 and err.round_no == 1


def test_a_hand_played_alone_is_a_game_record() -> None:
    """record_from_history writes a Malilla hand as its seed, dealer and deal (a deck order); it replays."""
    s = new_hand(find_variant("malilla"), seed=11)
    history = [s]
    while not s.is_over:
        s = apply(s, legal_moves(s)[-1])
        history.append(s)
    rec = record_from_history(history)
    assert isinstance(rec, GameRecord) and rec.deck_order is not None and rec.dealer == history[0].dealer
    replayed: list[object] = list(replay(rec))  # (replay is typed for Mau-Mau rounds; these are Malilla hands)
    assert replayed == history
    validate_json(rec.to_json())
    assert loads_records(dumps_records([rec])) == [rec]


def test_the_command_line_validates_and_replays_match_records(tmp_path: Path,
                                                              played: tuple[Match, MatchRecord]) -> None:
    _, rec = played
    good = tmp_path / "match.json"
    good.write_text(dumps_records([rec]), encoding="utf-8")
    out = io.StringIO()
    assert main(["validate", str(good)], out=out) == 0 and "OK" in out.getvalue()
    r, step, card = _forbidden_play(rec)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_tamper(rec, lambda d: d["rounds"][r].__setitem__(step, str(card)))), encoding="utf-8")
    out = io.StringIO()
    assert main(["validate", str(bad)], out=out) == 1
    assert f"INVALID at round {r + 1}, step {step} (move '{card}')" in out.getvalue()
    out = io.StringIO()
    assert main(["replay", str(good)], out=out) == 0
    text = out.getvalue()
    assert "round 1: dealer seat" in text and "match over: side" in text and "trick [" in text


def test_a_redeal_in_a_record() -> None:
    """A new deal asked for and agreed to replays (the same dealer deals again from the state's generator)."""
    v = find_variant("malilla").with_rules(params={"R_MAL_REDEAL": {"min_suit": 4}}, id="malilla-fours")
    for seed in range(50):
        s = new_hand(v, seed=seed)
        moves: list[Move] = []
        while s.stage is Stage.REDEAL and len(legal_moves(s)) == 1:
            moves.append(Pass())
            s = apply(s, Pass())
        if s.stage is Stage.REDEAL:
            break
    else:  # pragma: no cover - seeds without a long suit
        raise AssertionError("no seat with four of a suit")
    asked = apply(s, legal_moves(s)[0])
    agreed = apply(asked, legal_moves(asked)[0])
    assert agreed.hands != s.hands and agreed.stage is Stage.REDEAL and agreed.asked == 0
    from maumau_rules.records import record_from_moves

    rec = record_from_moves(v, 4, seed, [*moves, legal_moves(s)[0], legal_moves(asked)[0]])
    last: object = list(replay(rec))[-1]
    assert last == agreed
