"""The incremental JSON reader: whatever the pieces, it yields what ``json.loads`` reads, and it refuses what
``json.loads`` refuses (or what is longer than its limit) without holding more than about one value."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules.errors import NotationError
from maumau_rules.jsonstream import BadLine, StreamError, json_values

scalars = (st.none() | st.booleans() | st.integers(-(10**30), 10**30)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


def _pieces(data: bytes, cuts: list[int]) -> list[bytes]:
    at = sorted({c % (len(data) + 1) for c in cuts})
    return [data[a:b] for a, b in itertools.pairwise([0, *at, len(data)])]


@settings(max_examples=150, deadline=None)
@given(items=st.lists(values, max_size=6), cuts=st.lists(st.integers(0, 10**6), max_size=20),
       indent=st.sampled_from([None, 0, 2]), ascii_only=st.booleans(), shape=st.sampled_from(["list", "container"]))
def test_documents_in_any_pieces_read_as_json_loads_does(items: list[Any], cuts: list[int], indent: int | None,
                                                        ascii_only: bool, shape: str) -> None:
    doc: Any = items if shape == "list" else {"type": "records", "records": items}
    data = json.dumps(doc, indent=indent, ensure_ascii=ascii_only).encode()
    assert list(json_values(_pieces(data, cuts), jsonl=False)) == items
    assert list(json_values(data.decode(), jsonl=False)) == items


@settings(max_examples=100, deadline=None)
@given(items=st.lists(st.dictionaries(st.text(max_size=6), values, max_size=4), min_size=1, max_size=6),
       cuts=st.lists(st.integers(0, 10**6), max_size=20), crlf=st.booleans())
def test_json_lines_in_any_pieces(items: list[dict[str, Any]], cuts: list[int], crlf: bool) -> None:
    end = "\r\n" if crlf else "\n"
    data = "".join(json.dumps(i, ensure_ascii=False) + end for i in items).encode()
    assert list(json_values(_pieces(data, cuts), jsonl=True)) == items
    assert list(json_values(_pieces(data, cuts))) == items  # detected: the first line is a whole object


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=40), cuts=st.lists(st.integers(0, 10**6), max_size=6))
def test_anything_else_is_a_stream_error_or_values_json_accepts(text: str, cuts: list[int]) -> None:
    try:
        got = list(json_values(_pieces(text.encode(), cuts), jsonl=False))
    except StreamError as exc:
        assert exc.kind in ("json", "nested", "too_long") and exc.message
        return
    # what was read is what json reads from the same text, value after value
    decoder, pos, expected = json.JSONDecoder(), 0, []
    stripped = text.strip(" \t\n\r")
    while pos < len(stripped):
        value, pos = decoder.raw_decode(stripped, pos)
        expected.extend(value if isinstance(value, list) else [value])
        while pos < len(stripped) and stripped[pos] in " \t\n\r":
            pos += 1
    assert [v for v in got if not isinstance(v, dict) or v] == [v for v in expected if not isinstance(v, dict) or v]


def test_numbers_and_literals_cut_between_pieces() -> None:
    assert list(json_values(["[1.5", "e3, tr", "ue, nu", "ll, -", "7, \"\\u00", "e9\"]"], jsonl=False)) == [
        1500.0, True, None, -7, "é"]
    assert list(json_values(['{"type": "records", "n": 12', '34, "records": [1', '0]}'])) == [10]


def test_a_bad_line_of_json_lines_is_one_bad_value_and_reading_goes_on() -> None:
    got = list(json_values('{"a": 1}\n{"a": \n\n  \n{"a": 3}\n', jsonl=True))
    assert got[0] == {"a": 1} and got[2] == {"a": 3}
    assert isinstance(got[1], BadLine) and got[1].line == 2 and "Expecting value" in got[1].message


def test_containers_are_checked_and_other_objects_are_values() -> None:
    calls: list[tuple[dict[str, Any], bool]] = []

    def check(fields: Any, done: bool) -> bool:
        calls.append((dict(fields), done))
        if fields.get("type", "x") != "x":
            raise NotationError("not mine")
        return True

    assert list(json_values('{"type": "x", "records": [1, 2], "v": 3}', check=check, jsonl=False)) == [1, 2]
    assert calls == [({"type": "x"}, False), ({"type": "x", "v": 3}, True)]
    with pytest.raises(NotationError, match="not mine"):
        list(json_values('{"type": "y", "records": [1]}', check=check, jsonl=False))
    assert list(json_values('{"records": 5, "a": [1]}')) == [{"records": 5, "a": [1]}]


def test_limits_hold_for_values_blank_runs_and_lines() -> None:
    with pytest.raises(StreamError, match="longer than 10 characters at value 1"):
        list(json_values('[1, "abcdefghijklmnop"]', limit=10, jsonl=False))
    with pytest.raises(StreamError, match="longer than 10 characters"):
        list(json_values(" " * 11 + "1", limit=10))
    with pytest.raises(StreamError, match="longer than 10 characters"):
        list(json_values('{"a": "abcdefghijkl"}\n', limit=10, jsonl=True))
    with pytest.raises(StreamError, match="longer than 30 characters"):  # the other fields of a container, together
        list(json_values('{"records": [], "a": "0123456789", "b": "0123456789", "c": "0123456789"}', limit=30))
    assert list(json_values("[" + " " * 8 + "1" + " " * 8 + "]", limit=10)) == [1]


def test_nesting_and_huge_numbers_are_refused_as_stream_errors() -> None:
    with pytest.raises(StreamError, match="nested too deeply") as info:
        list(json_values("[" + "[" * 100_000 + "]" * 100_000 + "]"))
    assert info.value.kind == "nested"
    with pytest.raises(StreamError, match="not valid JSON"):
        list(json_values("[" + "1" * 5000 + "]"))
    [bad] = json_values('{"a": ' + "1" * 5000 + "}\n", jsonl=True)
    assert isinstance(bad, BadLine) and "digits" in bad.message
