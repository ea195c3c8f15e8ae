"""compact_json (maumau_rules.jsontext) writes the bytes of the standard encoder's compact text, by orjson (the
fastjson extra, which the test extra installs) and by the standard library alone: both paths run here, over the
JSON the example server sends (records, views, public views of every registered variant of both families, every
seat, many steps of seeded games) and over values where orjson and the standard encoder part ways."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from maumau_rules import apply, available_variants, jsontext, legal_moves, new_game
from maumau_rules.jsontext import compact_json, fast_encoder
from maumau_rules.records import record_from_moves
from maumau_rules.views import public_view, view

PATHS = [False, True]
"""``fast=False``: the standard encoder; ``fast=True``: orjson (installed by the test extra)."""


def standard(data: Any) -> bytes:
    """What starlette's JSONResponse writes."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode("utf-8")


def test_the_fast_encoder_is_installed_with_the_test_extra() -> None:
    assert fast_encoder() == "orjson"


def payloads(variant: Any, seed: int) -> list[Any]:
    """A record of one seeded random game, and every seat's view and the public view every few steps of it."""
    rng = random.Random(seed)
    lo, hi = variant.players
    players = rng.randint(lo, min(hi, 5))
    s = new_game(variant, players, seed)
    moves: list[Any] = []
    out: list[Any] = []
    while not s.is_over and len(moves) < 300:
        if len(moves) % 5 == 0:
            out += [view(s, seat).to_json() for seat in range(players)] + [public_view(s).to_json()]
        move = rng.choice(legal_moves(s))
        moves.append(move)
        s = apply(s, move)
    out += [view(s, seat).to_json() for seat in range(players)]
    out.append(record_from_moves(variant, players, seed, moves).to_json())
    return out


@pytest.mark.parametrize("fast", PATHS, ids=["stdlib", "orjson"])
@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_the_bytes_are_the_standard_encoders_for_every_variant(variant: Any, fast: bool) -> None:
    data = payloads(variant, seed=len(variant.id))
    assert len(data) > 3
    orjson_alone = jsontext._fast()
    assert orjson_alone is not None
    for item in data:
        assert compact_json(item, fast=fast) == standard(item)
        if fast:  # orjson's own bytes, not a fallback: the library's data needs none
            assert orjson_alone(item) == standard(item)


ODD: list[Any] = [
    {"big": 2 ** 70, "neg": -(2 ** 64)},  # beyond 64 bits: orjson refuses, the standard encoder writes it
    {1: "one", False: "f", None: "n", 2.5: "x"},  # keys that are not text
    [1e-07, 1.5e-300, 5e-324],  # negative exponents: orjson writes 1e-7
    [1.5212603486793025e-05, 2.5e-05, -9.96e-05, 1e-05],  # under 1e-4: orjson writes 0.000025, the standard 2.5e-05
    [0.0001, 0.00012, 1e20, 1.5e16, 9007199254740993.0, 1e21, 1e22],  # where both agree
    [1e16, 1.0, -0.0, 0.1, 123456789.125, 1.7976931348623157e308],
    "\u2028\u2029\x00\x1f\"\\/é€😀",
    {"deep": [[[[[[[[[[]]]]]]]]]]},
    (1, (2, [3, {"a": ()}])),
    "a string that says 1e-5 (a false alarm: written again, the same)",
]


@pytest.mark.parametrize("fast", PATHS, ids=["stdlib", "orjson"])
@pytest.mark.parametrize("data", ODD, ids=range(len(ODD)))
def test_values_where_the_encoders_part_ways_give_the_same_bytes(data: Any, fast: bool) -> None:
    assert compact_json(data, fast=fast) == standard(data)


@pytest.mark.parametrize("fast", PATHS, ids=["stdlib", "orjson"])
def test_subclasses_and_deep_nesting_are_written_by_their_own_rules(fast: bool) -> None:
    class Text(str):
        pass

    class Number(int):
        def __repr__(self) -> str:
            return "0x2a"

    deep: Any = []
    for _ in range(300):  # deeper than orjson goes (254)
        deep = [deep]
    for data in ({"t": Text("x")}, [Number(42)], deep):
        assert compact_json(data, fast=fast) == standard(data)


@pytest.mark.parametrize("fast", PATHS, ids=["stdlib", "orjson"])
def test_what_is_not_json_data_is_refused(fast: bool) -> None:
    with pytest.raises(TypeError):
        compact_json({"a": {1, 2}}, fast=fast)
    with pytest.raises(UnicodeEncodeError):
        compact_json("\ud800", fast=fast)  # a lone surrogate: no UTF-8 for it


@pytest.mark.parametrize("fast", PATHS, ids=["stdlib", "orjson"])
def test_floats_of_every_size_are_the_standard_encoders_text(fast: bool) -> None:
    rng = random.Random(5)
    floats = [rng.choice((1, -1)) * 10 ** rng.uniform(-30, 30) for _ in range(3000)]
    floats += [round(x, rng.randint(0, 12)) for x in floats[:1000]]
    for i in range(0, len(floats), 50):
        assert compact_json(floats[i:i + 50], fast=fast) == standard(floats[i:i + 50])


def test_nan_is_the_documented_difference() -> None:
    """The standard encoder refuses a NaN (allow_nan=False); orjson writes null (docs: compact_json)."""
    with pytest.raises(ValueError, match="Out of range float"):
        compact_json([float("nan")], fast=False)
    assert compact_json([float("nan"), float("inf")], fast=True) == b"[null,null]"


def test_without_orjson_the_standard_encoder_writes_and_fast_true_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsontext, "_FAST", [None])  # as if orjson were not installed
    assert fast_encoder() is None
    assert compact_json({"a": [1e-07, 2 ** 70]}) == standard({"a": [1e-07, 2 ** 70]})
    with pytest.raises(ImportError, match=r"maumau-rules\[fastjson\]"):
        compact_json({}, fast=True)
