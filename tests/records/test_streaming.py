"""Records at scale: files the library writes are read back whatever their size, one record at a time (JSON Lines or
the ``"records"`` document), with per-record limits enforced while reading and memory bounded by one record."""

from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules import Move, NotationError, Pass, apply, legal_moves, new_game
from maumau_rules.cli import main
from maumau_rules.cli_records import iter_record_file, read_chunks, save_records
from maumau_rules.families.malilla.bots import MalillaHeuristicBot
from maumau_rules.families.malilla.views import view
from maumau_rules.records import (
    MAX_MOVES,
    MAX_RECORD_TEXT,
    MAX_RECORDS,
    GameRecord,
    MatchRecord,
    RecordedMove,
    RecordResult,
    RecordStreamError,
    ReplayError,
    dumps_record,
    dumps_records,
    dumps_records_jsonl,
    first_violation,
    iter_records,
    iter_validate_records,
    loads_record,
    loads_records,
    record_from_moves,
    record_from_rounds,
    record_lines,
    replay,
    validate_records,
)
from maumau_rules.scoring import next_round, start_match
from tests.helpers import hand_of_match

ROOT = Path(__file__).resolve().parents[2]


def _game(seed: int, limit: int, stamped: bool = False) -> GameRecord:
    """A uniform-random Standard 2-player game of at most ``limit`` moves, as the library records it (each move with
    its seat; a server also stamps each move with its time)."""
    state = new_game("standard", 2, seed)
    choose = __import__("random").Random(seed).choice
    moves: list[RecordedMove] = []
    while not state.is_over and len(moves) < limit:
        move = choose(legal_moves(state))
        time = f"2026-11-30T12:{len(moves) // 60 % 60:02d}:{len(moves) % 60:02d}.{seed % 1000:03d}Z" if stamped else None
        moves.append(RecordedMove(move, seat=state.seat_to_act, time=time))
        state = apply(state, move)
    return GameRecord("standard", 1, 2, seed=seed, moves=tuple(moves), result=RecordResult.of(state),
                      names=("ann", "bob"), tags={"event": "records at scale", "round": str(seed)})


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, int]:
    """1,200 games written by ``dumps_records``: more text than ``MAX_RECORD_TEXT``, which the whole-text readers
    refuse; the path, the number of records and of moves."""
    records = [_game(seed, 70, stamped=True) for seed in range(1_200)]
    text = dumps_records(records)
    assert len(text) > MAX_RECORD_TEXT  # the case: a file the library wrote, over the old file limit
    path = tmp_path_factory.mktemp("scale") / "games.json"
    path.write_text(text, encoding="utf-8")
    return path, len(records), sum(len(r.moves) for r in records)


def _match(seed: int) -> MatchRecord:
    """The first two hands of a Malilla match played by the heuristic bot, as a match record."""
    bot = MalillaHeuristicBot()
    m = start_match("malilla", 4, seed)
    rounds: list[list[Move]] = []
    while not m.over and len(rounds) < 2:
        s = hand_of_match(m)
        rounds.append([])
        while not s.is_over:
            move = bot.choose(view(s, s.seat_to_act))
            rounds[-1].append(move)
            s = apply(s, move)
        m = next_round(m, s)
    return record_from_rounds("malilla", 4, seed, rounds)


@pytest.fixture(scope="module")
def mixed() -> list[GameRecord | MatchRecord]:
    """Game records (finished, unfinished, with comments and odd characters) and Malilla match records."""
    odd = _game(7, 30)
    odd = GameRecord("standard", 1, 2, seed=7, moves=tuple(
        RecordedMove(m.move, seat=m.seat, comment="ünïcödé ♥ \"quoted\"\nnew line" if i == 3 else None)
        for i, m in enumerate(odd.moves)), names=("Zoë", "李"), tags={"note": "\u2028 is not a line break here"})
    return [_game(1, 400), _game(2, 12), odd, _match(3), _game(4, 400), _match(5)]


# ---------------------------------------------------------------- the file


def test_a_1200_game_file_written_by_dumps_records_validates_from_the_cli(big_file: tuple[Path, int, int]) -> None:
    path, count, moves = big_file
    out, err = io.StringIO(), io.StringIO()
    assert main(["validate", str(path)], out=out, err=err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert len(lines) == count and err.getvalue() == ""
    assert lines[0] == f"{path}: record 0: OK (70 moves)" and lines[-1].startswith(f"{path}: record {count - 1}: OK")
    assert sum(int(line.rsplit("(", 1)[1].split()[0]) for line in lines) == moves


def test_the_same_file_validates_through_the_api_and_the_text_readers_keep_their_limit(
        big_file: tuple[Path, int, int]) -> None:
    path, count, moves = big_file
    with open(path, "rb") as fh:
        reports = list(iter_validate_records(read_chunks(fh)))
    assert len(reports) == count and all(r.ok for r in reports) and sum(r.moves for r in reports) == moves
    assert sum(1 for _ in iter_record_file(path)) == count
    text = path.read_text(encoding="utf-8")
    with pytest.raises(NotationError, match=f"record file of {len(text)} characters is too long \\(limit 5000000\\)"):
        loads_records(text)  # the server-facing reader: the whole text is limited, by default as before
    with pytest.raises(ReplayError, match="too long"):
        validate_records(text)
    assert len(loads_records(text, limit=len(text))) == count  # the limit is a parameter


# ---------------------------------------------------------------- JSON Lines


def test_json_lines_round_trip_game_and_match_records(tmp_path: Path, mixed: list[GameRecord | MatchRecord]) -> None:
    text = dumps_records_jsonl(mixed)
    assert text.count("\n") == len(mixed) and text.endswith("\n")
    assert "\u2028" in text and len(text.splitlines()) > len(mixed)  # str.splitlines would cut a record in two
    assert [json.loads(line) for line in text.split("\n")[:-1]] == [r.to_json() for r in mixed]
    assert list(iter_records(text)) == mixed
    assert list(iter_records(text, jsonl=True)) == mixed
    assert loads_records(text) == mixed
    data = text.encode()
    assert list(iter_records(data[i:i + 7] for i in range(0, len(data), 7))) == mixed  # splits every character
    assert save_records(tmp_path / "m.jsonl", mixed) == len(mixed)
    assert (tmp_path / "m.jsonl").read_text(encoding="utf-8") == text
    assert list(iter_record_file(tmp_path / "m.jsonl")) == mixed
    assert [r.ok for r in iter_validate_records(text)] == [True] * len(mixed)
    out = io.StringIO()
    assert main(["validate", str(tmp_path / "m.jsonl")], out=out, err=io.StringIO()) == 0
    assert [line.split(": ")[-1].split(" (")[0] for line in out.getvalue().splitlines()] == ["OK"] * len(mixed)


@pytest.mark.parametrize("shape", ["document", "pretty document", "list", "pretty list", "concatenated"])
def test_every_shape_the_library_writes_streams(shape: str, mixed: list[GameRecord | MatchRecord]) -> None:
    text = {
        "document": dumps_records(mixed),
        "pretty document": dumps_records(mixed, indent=2),
        "list": json.dumps([r.to_json() for r in mixed], ensure_ascii=False),
        "pretty list": json.dumps([r.to_json() for r in mixed], ensure_ascii=False, indent=1),
        "concatenated": "\n".join(dumps_record(r, indent=2) if isinstance(r, GameRecord) else
                                  json.dumps(r.to_json(), indent=2) for r in mixed),
    }[shape]
    assert list(iter_records(text)) == mixed
    assert list(iter_records(iter(text), limit=60_000)) == mixed  # one character at a time
    assert loads_records(text) == mixed


@settings(max_examples=40, deadline=None)
@given(cuts=st.lists(st.integers(0, 10**9), max_size=12), shape=st.sampled_from(["jsonl", "document", "pretty"]))
def test_pieces_may_be_cut_anywhere(cuts: list[int], shape: str) -> None:
    recs = [GameRecord("standard", 1, 2, seed=s, names=("Zoë ♥",), moves=(RecordedMove(
        record_from_moves("standard", 2, s, ["draw"]).moves[0].move, seat=1),)) for s in range(4)]
    text = {"jsonl": dumps_records_jsonl(recs), "document": dumps_records(recs),
            "pretty": dumps_records(recs, indent=3)}[shape]
    data = text.encode()
    at = sorted({c % (len(data) + 1) for c in cuts})
    pieces = [data[a:b] for a, b in itertools.pairwise([0, *at, len(data)])]
    assert list(iter_records(pieces)) == recs


def test_a_single_record_written_by_save_record_still_reads(tmp_path: Path) -> None:
    rec = record_from_moves("standard", 2, 3, ["draw"])
    assert list(iter_records(dumps_record(rec, indent=2))) == [rec]
    assert list(iter_records(dumps_record(rec))) == [rec]
    assert loads_records(dumps_record(rec, indent=2)) == [rec]


# ---------------------------------------------------------------- tampered records in a stream


def test_a_tampered_line_is_reported_with_its_record_index_and_step(tmp_path: Path) -> None:
    recs = [_game(seed, 60) for seed in range(6)]
    lines = dumps_records_jsonl(recs).splitlines()
    doc = json.loads(lines[3])
    states = list(replay(recs[3]))
    step = next(i for i, s in enumerate(states[:-1]) if i > 2 and Pass() not in s.legal_moves())
    doc["moves"][step] = {"move": "pass", "seat": doc["moves"][step]["seat"]}
    lines[3] = json.dumps(doc, ensure_ascii=False)
    lines[5] = lines[5][: len(lines[5]) // 2]  # a line cut short: not JSON, one invalid record
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    reports = list(iter_validate_records(path.read_bytes()))
    assert [r.ok for r in reports] == [True, True, True, False, True, False]
    bad, expected = reports[3].error, first_violation(GameRecord.from_json(doc))
    assert bad is not None and expected is not None and bad.reason == expected.reason == "pass_not_allowed"
    assert (bad.record_index, bad.step, bad.move, bad.rule_id) == (3, step, "pass", expected.rule_id)
    cut = reports[5].error
    assert cut is not None and cut.record_index == 5 and cut.step is None and cut.reason == "invalid_record"
    assert "line 6 is not valid JSON" in cut.message
    out, err = io.StringIO(), io.StringIO()
    assert main(["validate", str(path)], out=out, err=err) == 1 and err.getvalue() == ""
    text = out.getvalue()
    assert f"{path}: record 3: INVALID at step {step} (move 'pass'): {bad.reason}" in text
    assert f"{path}: record 5: INVALID at setup: invalid_record: line 6 is not valid JSON" in text
    out = io.StringIO()
    assert main(["validate", "--json", str(path)], out=out, err=io.StringIO()) == 1
    report = json.loads(out.getvalue())
    assert report["ok"] is False and report["files"][0]["ok"] is False
    assert [r["ok"] for r in report["files"][0]["records"]] == [True, True, True, False, True, False]
    assert report["files"][0]["records"][3]["error"]["step"] == step
    with pytest.raises(ReplayError) as info:
        list(iter_validate_records(path.read_bytes(), lenient=False))
    assert info.value.record_index == 3 and info.value.step == step
    with pytest.raises(NotationError, match=r"^record 5: line 6 is not valid JSON"):
        list(iter_records(path.read_bytes()))


def test_a_tampered_match_record_in_a_stream_names_its_round_and_step() -> None:
    good = _match(3)
    doc = good.to_json()
    doc["rounds"][0][5] = {"move": doc["rounds"][0][4]["move"], "seat": doc["rounds"][0][5]["seat"]}
    text = dumps_records_jsonl([good]) + json.dumps(doc, ensure_ascii=False) + "\n"
    first, second = iter_validate_records(text)
    assert first.ok and second.error is not None
    assert (second.error.record_index, second.error.round_no, second.error.step) == (1, 1, 5)


def test_a_document_that_breaks_midway_reports_the_records_before_it(tmp_path: Path) -> None:
    recs = [_game(seed, 40) for seed in range(5)]
    text = dumps_records(recs)
    cut = [i for i in range(len(text)) if text.startswith('{"type": "record",', i)][2]  # the third record
    path = tmp_path / "broken.json"
    path.write_text(text[:cut] + '{"type": "record", "players": 2 "oops"' + text[cut:], encoding="utf-8")
    with pytest.raises(RecordStreamError) as info:
        for _ in iter_records(path.read_text(encoding="utf-8")):
            pass
    assert (info.value.kind, info.value.index, info.value.line) == ("json", 2, 1)
    assert info.value.problem == "Expecting ',' delimiter" and "oops" in info.value.message  # the API quotes it
    out, err = io.StringIO(), io.StringIO()
    assert main(["validate", str(path)], out=out, err=err) == 3
    assert out.getvalue().splitlines() == [f"{path}: record {i}: OK (40 moves)" for i in range(2)]
    assert err.getvalue().startswith(f"maumau validate: {path}: record 2 is not valid JSON: Expecting ',' delimiter")
    assert "oops" not in err.getvalue()  # the command line never echoes a file's content


def test_a_records_document_of_another_version_is_refused() -> None:
    text = dumps_records([GameRecord("standard", 1, 2)]).replace('"version": 1, "records"', '"version": 2, "records"')
    with pytest.raises(NotationError, match="unsupported version 2 of 'records' JSON"):
        list(iter_records(text))
    with pytest.raises(ReplayError, match="unsupported version 2"):
        validate_records(text)
    with pytest.raises(NotationError, match="unknown field\\(s\\) 'x' in record file"):
        loads_records('{"type": "records", "version": 1, "x": 1, "records": []}')


def test_text_that_is_not_utf8_stops_the_stream_after_the_records_before_it() -> None:
    data = dumps_records_jsonl([GameRecord("standard", 1, 2, seed=1)] * 2).encode() + b'{"type": "rec\xff'
    reports = []
    with pytest.raises(RecordStreamError, match="not UTF-8") as info:
        for r in iter_validate_records([data[:10], data[10:]]):
            reports.append(r)
    assert len(reports) == 2 and info.value.kind == "utf8"


# ---------------------------------------------------------------- limits, enforced while reading


class _Counted:
    """An endless iterable of pieces that counts how much was taken from it."""

    def __init__(self, head: str, piece: str) -> None:
        self.head, self.piece, self.taken = head, piece, 0

    def __iter__(self) -> Iterator[bytes]:
        yield self.head.encode()
        while True:
            self.taken += len(self.piece)
            yield self.piece.encode()


@pytest.mark.parametrize(("head", "jsonl"), [('{"type": "record", "moves": ["', True), ('{"type": "record", "moves": ["', None),
                                            ('{"type": "records", "version": 1, "records": [{"a": "', None),
                                            ('[{"a": "', False), ("", None)])
def test_an_endless_line_is_refused_while_it_is_read(head: str, jsonl: bool | None) -> None:
    limit = 200_000
    source = _Counted(head, "x" * 4096 if head else " " * 4096)
    tracemalloc.start()
    try:
        with pytest.raises(RecordStreamError, match=f"longer than {limit} characters") as info:
            list(iter_records(source, jsonl=jsonl, limit=limit))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert info.value.kind == "too_long" and info.value.index == 0
    assert limit < source.taken < 3 * limit + 2 * 4096  # it stopped soon after the limit
    assert peak < 20 * limit  # and held about one record's worth of text


def test_one_huge_record_among_good_ones_stops_the_stream_after_the_good_ones() -> None:
    good = dumps_records_jsonl([GameRecord("standard", 1, 2, seed=s) for s in range(3)])
    seen = []
    with pytest.raises(RecordStreamError, match="at record 3"):
        for rec in iter_records(_Counted(good + '{"type": "record", "tags": {"a": "', "y" * 1000), limit=50_000):
            seen.append(rec.seed)
    assert seen == [0, 1, 2]


def test_the_command_line_refuses_an_endless_line_on_standard_input() -> None:
    """``maumau validate --jsonl -`` fed one line without end: it stops (exit 3) at the per-record limit."""
    script = ("import sys\nsys.stdout.write('{\"type\": \"record\", \"moves\": [')\n"
              "try:\n    while True: sys.stdout.write('\"draw\", ' * 4096)\nexcept (BrokenPipeError, OSError): pass\n")
    feeder = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        done = subprocess.run([sys.executable, "-m", "maumau_rules.cli", "validate", "--jsonl", "-"],
                              stdin=feeder.stdout, capture_output=True, text=True, timeout=60, check=False)
    finally:
        feeder.kill()
        feeder.wait()
    assert done.returncode == 3
    assert done.stderr.startswith("maumau validate: standard input is longer than 5000000 characters at record 0")


def test_limits_are_parameters_with_documented_defaults() -> None:
    assert (MAX_RECORD_TEXT, MAX_RECORDS, MAX_MOVES) == (5_000_000, 10_000, 20_000)
    three = dumps_records_jsonl([GameRecord("standard", 1, 2, seed=s) for s in range(3)])
    with pytest.raises(RecordStreamError, match="more than 2 records: too many \\(limit 2\\)"):
        loads_records(three, max_records=2)
    with pytest.raises(RecordStreamError, match="more than 2 records"):
        list(iter_records(three, max_records=2))
    assert len(loads_records(three, max_records=None)) == 3
    rec = record_from_moves("standard", 2, 3, ["draw", "pass"])
    with pytest.raises(NotationError, match="2 moves is too many \\(limit 1\\)"):
        loads_record(dumps_record(rec), max_moves=1)
    with pytest.raises(NotationError, match="record 0: record field moves: 2 moves is too many \\(limit 1\\)"):
        list(iter_records(dumps_record(rec), max_moves=1))
    with pytest.raises(NotationError, match="too long"):
        loads_record(dumps_record(rec), limit=100)
    with pytest.raises(RecordStreamError, match="longer than 100 characters"):
        list(iter_records(dumps_record(rec), limit=100))


# ---------------------------------------------------------------- bounded memory


@pytest.mark.parametrize("shape", ["jsonl", "document"])
def test_reading_thousands_of_records_holds_about_one_at_a_time(shape: str) -> None:
    base = [_game(seed, 60) for seed in range(30)]
    recs = [GameRecord("standard", 1, 2, seed=r.seed, moves=r.moves, result=r.result, tags={"copy": str(i)})
            for i, r in enumerate(itertools.islice(itertools.cycle(base), 3_000))]
    data = (dumps_records_jsonl(recs) if shape == "jsonl" else dumps_records(recs)).encode()
    expected = sum(len(r.moves) for r in recs)
    del recs
    stream = io.BytesIO(data)
    tracemalloc.start()
    try:
        count = moves = 0
        for rec in iter_records(read_chunks(stream)):
            count += 1
            moves += len(rec.moves)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 3_000 and moves == expected
    assert len(data) > 5_000_000 and peak < min(len(data) / 4, 2_000_000), (len(data), peak)


# ---------------------------------------------------------------- the other commands and helpers


def test_replay_and_verify_read_json_lines_and_standard_input(tmp_path: Path) -> None:
    from maumau_rules.fairness import FairSeed, FairSetup

    recs = [record_from_moves("standard", 2, s, ["draw"]) for s in range(3)]
    save_records(tmp_path / "g.jsonl", recs)
    out = io.StringIO()
    assert main(["replay", str(tmp_path / "g.jsonl"), "--index", "2"], out=out, err=io.StringIO()) == 0
    assert out.getvalue().splitlines()[0] == "standard v1, 2 players, seed 2"
    err = io.StringIO()
    assert main(["replay", str(tmp_path / "g.jsonl"), "--index", "3"], out=io.StringIO(), err=err) == 2
    assert "no record 3 (the file holds 3; --index counts from 0)" in err.getvalue()
    fair = FairSeed(b"secret", b"salt").bind(FairSetup.game("standard", 2))
    save_records(tmp_path / "f.jsonl", [record_from_moves("standard", 2, fair.game_seed, ["draw"], fairness=fair)] * 2)
    out = io.StringIO()
    assert main(["verify", str(tmp_path / "f.jsonl"), "--commitment", fair.commitment], out=out,
                err=io.StringIO()) == 0
    assert [line.split(": ")[1] for line in out.getvalue().splitlines()] == ["record 0", "record 1"]
    done = subprocess.run([sys.executable, "-m", "maumau_rules.cli", "validate", "-"], check=False, timeout=60,
                          input=(tmp_path / "g.jsonl").read_bytes(), capture_output=True)
    assert done.returncode == 0 and done.stdout.decode().splitlines() == [f"-: record {i}: OK (1 move)"
                                                                          for i in range(3)]


def test_writers_and_readers_refuse_what_they_cannot_use(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="is not a game or match record"):
        dumps_records_jsonl([GameRecord("standard", 1, 2), "x"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="must be an iterable of game or match records"):
        record_lines("abc")  # type: ignore[arg-type]
    with open(tmp_path / "f.jsonl", "w+b") as fh, pytest.raises(TypeError, match="is a file object"):
        iter_records(fh)  # (typed as an iterable of bytes, but iterating a file reads whole lines)
    with pytest.raises(ValueError, match="limit 0 must be a positive"):
        iter_records("", limit=0)
    assert list(iter_records("", jsonl=True)) == [] and list(iter_records("\n \n", jsonl=True)) == []
    with pytest.raises(RecordStreamError, match="Expecting value"):
        list(iter_records(""))  # no JSON at all (an empty .json file was never a record file)
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    out = io.StringIO()
    assert main(["validate", str(tmp_path / "empty.jsonl")], out=out, err=io.StringIO()) == 0
    assert out.getvalue() == f"{tmp_path / 'empty.jsonl'}: no records\n"
