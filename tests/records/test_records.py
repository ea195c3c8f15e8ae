"""Game records: JSON round trips, replay with the first violation, lenient files, limits, CLI."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import Deal, EndReason, NotationError, Pass, apply, new_game, parse_cards, parse_move
from maumau_rules.cli_records import main as cli_main
from maumau_rules.cli_records import save_record
from maumau_rules.records import (
    GameRecord,
    RecordedMove,
    RecordResult,
    ReplayError,
    dumps_record,
    dumps_records,
    first_violation,
    loads_record,
    loads_records,
    record_from_history,
    record_from_moves,
    replay,
    validate_records,
)
from tests.server._games import playout, validate_json

ROOT = Path(__file__).resolve().parents[2]
games = st.tuples(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 400))


def _finished(players: int = 3, seed: int = 42, move_seed: int = 1) -> GameRecord:
    states, moves = playout("standard", players, seed, move_seed, limit=2000)
    assert states[-1].is_over
    return record_from_moves("standard", players, seed, moves)


@given(games)
def test_records_round_trip_and_replay(game: tuple[int, int, int, int]) -> None:
    players, seed, move_seed, steps = game
    states, moves = playout("standard", players, seed, move_seed, limit=steps)
    rec = record_from_moves("standard", players, seed, moves, names=[f"p{i}" for i in range(players)],
                            tags={"event": "test"})
    assert list(replay(rec)) == states
    assert loads_record(dumps_record(rec)) == rec
    assert GameRecord.from_json(rec.to_json()) == rec
    validate_json(rec.to_json())
    assert rec.result == RecordResult.of(states[-1])
    assert [m.seat for m in rec.moves] == [s.seat_to_act for s in states[:-1]]


@given(games)
def test_records_from_history(game: tuple[int, int, int, int]) -> None:
    players, seed, move_seed, steps = game
    states, moves = playout("standard", players, seed, move_seed, limit=steps)
    rec = record_from_history(states)
    assert rec.deal is not None
    assert list(replay(rec)) == states
    assert [m.move for m in rec.moves] == moves
    assert loads_record(dumps_record(rec)) == rec


def test_record_with_explicit_deal_timestamps_and_comments() -> None:
    deal = Deal(
        hands=(parse_cards("7h 8h 9h 10h 7s"), parse_cards("Jh Qh Kh Ah 8s")),
        stock=parse_cards("9s 10s Js Qs Ks As 7c 8c 9c 10c Jc Qc Kc Ac 7d 8d 9d 10d Jd Qd Kd"),
        discard=parse_cards("Ad"),
        first_player=0,
    )
    rec = record_from_moves("standard", 2, 5, ["draw", "pass"], deal=deal)
    rec = GameRecord(**{**{f: getattr(rec, f) for f in ("variant", "variant_version", "players", "seed", "deal",
                                                         "result")},
                        "moves": (RecordedMove(parse_move("draw"), 0, "2026-01-02T10:00:00Z", "no diamond"),
                                  RecordedMove(parse_move("pass"), 0, None, "ok"))})
    doc = rec.to_json()
    validate_json(doc)
    assert doc["moves"][0] == {"move": "draw", "seat": 0, "time": "2026-01-02T10:00:00Z", "comment": "no diamond"}
    assert loads_record(json.dumps(doc)) == rec
    assert first_violation(rec) is None


def test_overrides_change_the_game() -> None:
    rec = GameRecord("standard", 1, 3, seed=2, overrides={"R_DEAL": {"hand_size": 3}})
    assert [len(h) for h in rec.start().hands] == [3, 3, 3]
    assert loads_record(dumps_record(rec)) == rec
    validate_json(rec.to_json())
    bad = GameRecord("standard", 1, 3, overrides={"R_DEAL": {"hand_size": "lots"}})
    err = first_violation(bad)
    assert err is not None and err.reason == "invalid_setup" and err.step is None
    assert "hand_size='lots' must be an integer" in err.message


# ---------------------------------------------------------------- the first violation


def _tamper(rec: GameRecord, step: int, move: str, seat: int | None = None) -> GameRecord:
    doc = rec.to_json()
    doc["moves"][step] = {"move": move} if seat is None else {"move": move, "seat": seat}
    return GameRecord.from_json(doc)


def test_first_violation_has_step_reason_rule_and_message() -> None:
    rec = _finished()
    states = list(replay(rec))
    # find a step where passing is illegal
    step = next(i for i, s in enumerate(states[:-1]) if Pass() not in s.legal_moves() and s.pending_draw == 0)
    err = first_violation(_tamper(rec, step, "pass"))
    assert err is not None
    assert (err.step, err.reason, err.rule_id, err.move) == (step, "pass_not_allowed", "R_DRAW", "pass")
    assert "illegal move 'pass'" in err.message
    assert str(err).startswith(f"step {step}: pass_not_allowed, rule R_DRAW: ")
    # the states before the violation are still yielded
    got = []
    with pytest.raises(ReplayError):
        for s in replay(_tamper(rec, step, "pass")):
            got.append(s)
    assert got == states[: step + 1]


def test_wrong_seat_is_not_your_turn() -> None:
    rec = _finished()
    seat = rec.moves[3].seat
    assert seat is not None
    err = first_violation(_tamper(rec, 3, str(rec.moves[3].move), seat=(seat + 1) % 3))
    assert err is not None and (err.step, err.reason, err.rule_id) == (3, "not_your_turn", "R_TURN_ORDER")


def test_card_not_held() -> None:
    rec = _finished()
    s = list(replay(rec))[2]
    foreign = next(c for h in s.hands[1:] for c in h if c not in s.hands[s.seat_to_act])
    rec2 = _tamper(rec, 2, str(foreign)) if s.seat_to_act != 1 else _tamper(rec, 2, str(s.hands[0][0]))
    err = first_violation(rec2)
    assert err is not None and err.step == 2 and err.reason in {"card_not_in_hand"}


def test_moves_after_the_end_and_result_mismatch() -> None:
    rec = _finished()
    doc = rec.to_json()
    doc["moves"].append("draw")
    err = first_violation(GameRecord.from_json(doc))
    assert err is not None and (err.step, err.reason) == (len(rec.moves), "game_over")
    doc = rec.to_json()
    assert rec.result is not None
    doc["result"] = {"winner": (rec.result.winner or 0) + 1, "end": "empty_hand"}
    err = first_violation(GameRecord.from_json(doc))
    assert err is not None and (err.step, err.reason) == (len(rec.moves), "result_mismatch")
    doc["moves"] = doc["moves"][:5]
    doc["result"] = {"winner": 0, "end": "blocked"}
    err = first_violation(GameRecord.from_json(doc))
    assert err is not None and "the moves lead to an unfinished game" in err.message


def test_unknown_variant_and_version() -> None:
    for ref, text in (({"id": "standard", "version": 7}, "is version 1 in this library, not version 7"),
                      ({"id": "uno", "version": 1}, "unknown variant 'uno'")):
        err = first_violation(GameRecord(ref["id"], ref["version"], 2))  # type: ignore[arg-type]
        assert err is not None and err.reason == "invalid_setup" and text in err.message


def test_bad_deal_is_invalid_setup() -> None:
    deal = Deal(hands=(parse_cards("7h"), parse_cards("8h")), stock=(), discard=parse_cards("9h"))
    err = first_violation(GameRecord("standard", 1, 2, deal=deal))
    assert err is not None and err.reason == "invalid_setup" and "does not hold exactly" in err.message


# ---------------------------------------------------------------- files, lenient mode, limits


def test_lenient_mode_reports_every_record_and_goes_on() -> None:
    good = _finished()
    bad = _tamper(good, 4, "pass")
    text = json.dumps([good.to_json(), {"type": "record", "version": 1}, bad.to_json(), "junk", good.to_json()],
                      ensure_ascii=False)
    reports = validate_records(text)
    assert [r.ok for r in reports] == [True, False, False, False, True]
    assert reports[1].error is not None and reports[1].error.reason == "invalid_record"
    assert "missing the field 'variant'" in reports[1].error.message
    assert reports[2].error is not None and reports[2].error.step == 4 and reports[2].error.record_index == 2
    with pytest.raises(ReplayError) as info:
        validate_records(text, lenient=False)
    assert info.value.record_index == 1


def test_record_files_in_every_shape() -> None:
    a, b = _finished(2, 1, 1), _finished(3, 2, 2)
    assert loads_records(dumps_records([a, b])) == [a, b]
    assert loads_records(json.dumps([a.to_json(), b.to_json()], ensure_ascii=False)) == [a, b]
    assert loads_records(dumps_record(a)) == [a]
    validate_json(json.loads(dumps_records([a, b])))
    with pytest.raises(NotationError, match="record 1: record field moves\\[0\\]: unknown move"):
        loads_records(json.dumps([a.to_json(), {**b.to_json(), "moves": ["7x"]}], ensure_ascii=False))


def test_huge_inputs_fail_fast() -> None:
    t0 = time.perf_counter()
    with pytest.raises(NotationError, match="too long"):
        loads_record("[" + " " * 10_000_000 + "]")
    with pytest.raises(ReplayError, match="too long"):
        validate_records("x" * 10_000_000)
    doc = GameRecord("standard", 1, 2).to_json()
    doc["moves"] = ["draw"] * 30_000
    with pytest.raises(NotationError, match="30000 moves is too many"):
        loads_record(json.dumps(doc))
    with pytest.raises(NotationError, match=r"nested too deeply|not valid JSON"):
        loads_record("[" * 200_000 + "]" * 200_000)
    assert time.perf_counter() - t0 < 2.0


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"version": 2}, "unsupported version 2 of 'record' JSON"),
        ({"players": 0}, "record field players: 0 is out of range"),
        ({"players": "3"}, "record field players: expected an integer, got '3'"),
        ({"seed": 10**60}, "record field seed: .* is out of range"),
        ({"moves": "draw"}, "record field moves: expected a list"),
        ({"moves": [{"mvoe": "draw"}]}, "unknown field\\(s\\) 'mvoe' in record field moves\\[0\\]"),
        ({"moves": [{"move": "draw", "comment": "x" * 5000}]}, "5000 characters is too long"),
        ({"result": {"winner": 9, "end": "empty_hand"}}, "result.winner: 9 is out of range"),
        ({"result": {"end": "bored"}}, "unknown EndReason 'bored'"),
        ({"variant": "standard"}, "record field variant: expected"),
        ({"extra": 1}, "unknown field\\(s\\) 'extra' in record"),
        ({"deal": {"hands": [["7x"]], "stock": [], "discard": []}}, "deal.hands\\[0\\]\\[0\\]: unknown card '7x'"),
    ],
)
def test_malformed_records(patch: dict[str, Any], message: str) -> None:
    doc = {**GameRecord("standard", 1, 2).to_json(), **patch}
    with pytest.raises(NotationError, match=message):
        loads_record(json.dumps(doc))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)


@given(st.sampled_from(["variant", "players", "seed", "overrides", "deal", "dealer", "first_player", "hand_sizes",
                        "names", "tags", "moves", "result"]), json_values)
def test_fuzzed_records_never_crash(field: str, value: Any) -> None:
    doc = GameRecord("standard", 1, 2, seed=1, moves=(RecordedMove(parse_move("draw")),)).to_json()
    doc[field] = value
    reports = validate_records(json.dumps([doc]))  # never raises for a single bad record in lenient mode
    assert len(reports) == 1


# ---------------------------------------------------------------- CLI


def test_cli_validate_and_replay(tmp_path: Path) -> None:
    good = _finished()
    bad = _tamper(good, 4, "pass")
    save_record(tmp_path / "good.json", good)
    save_record(tmp_path / "bad.json", bad)
    (tmp_path / "many.json").write_text(dumps_records([good, bad, good]), encoding="utf-8")
    out = io.StringIO()
    assert cli_main(["validate", str(tmp_path / "good.json")], out=out) == 0
    assert out.getvalue().strip().endswith(f"OK ({len(good.moves)} moves)")
    out = io.StringIO()
    assert cli_main(["validate", str(tmp_path / "good.json"), str(tmp_path / "bad.json")], out=out) == 1
    assert "bad.json: INVALID at step 4 (move 'pass'): pass_not_allowed, rule R_DRAW: " in out.getvalue()
    out = io.StringIO()
    assert cli_main(["validate", "--json", str(tmp_path / "many.json")], out=out) == 1
    doc = json.loads(out.getvalue())
    assert doc["ok"] is False
    assert [r["ok"] for r in doc["files"][0]["records"]] == [True, False, True]
    assert doc["files"][0]["records"][1]["error"]["step"] == 4
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["validate", str(tmp_path / "missing.json")], out=out, err=err) == 3
    assert "cannot read" in err.getvalue() and out.getvalue() == ""
    out = io.StringIO()
    assert cli_main(["replay", str(tmp_path / "good.json")], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "standard v1, 3 players, seed 42"
    assert len(lines) == len(good.moves) + 3 and lines[-1].startswith("over: empty_hand, winner seat ")
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["replay", str(tmp_path / "bad.json"), "--hands"], out=out, err=err) == 1
    assert err.getvalue().startswith(f"maumau replay: {tmp_path / 'bad.json'}: INVALID: step 4: pass_not_allowed")


def test_cli_as_a_module(tmp_path: Path) -> None:
    save_record(tmp_path / "g.json", _finished(2, 3, 3))
    res = subprocess.run([sys.executable, "-m", "maumau_rules.cli_records", "validate", str(tmp_path / "g.json")],
                         capture_output=True, text=True, check=False)
    assert res.returncode == 0 and "OK" in res.stdout


def test_apply_on_replayed_states_matches() -> None:
    rec = _finished(4, 9, 9)
    states = list(replay(rec))
    for before, rm, after in zip(states, rec.moves, states[1:], strict=False):
        assert apply(before, rm.move) == after
    assert states[-1].end is EndReason.EMPTY_HAND or states[-1].is_over
    assert new_game("standard", 4, 9) == states[0]


def test_server_docs_page_doctests() -> None:
    import doctest

    result = doctest.testfile(str(ROOT / "docs" / "server.rst"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 5


def test_a_penalized_wrong_card_is_a_recorded_event() -> None:
    """In a variant whose R_WRONG_CARD mode is "penalize", a wrong card replays as the penalty it was."""
    from maumau_rules import Play, check, find_variant

    v = find_variant("standard-table")
    assert v.plan.wrong_card is not None  # R_WRONG_CARD mode "penalize"
    for seed in range(50):
        s = new_game(v, 3, seed)
        wrong = [Play(c) for c in s.hands[s.seat_to_act] if not check(s, Play(c)).ok
                 and check(s, Play(c)).reason.value == "does_not_match"]
        if wrong:
            rec = record_from_moves(v, 3, seed, [wrong[0]])
            assert first_violation(rec) is None
            assert list(replay(rec))[-1] == apply(s, wrong[0])
            return
    raise AssertionError("no wrong card found")  # pragma: no cover
