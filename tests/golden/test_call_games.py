"""The games of ``spec/scenarios/calls.toml``: each rule that applies only "if another player notices" is played
both ways, written as a game record with the seat of every move, read back, replayed, and checked."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from maumau_rules import Phase, find_variant
from maumau_rules.records import dumps_record, loads_record, record_from_moves, replay
from maumau_rules.tools.golden import SPEC_DIR
from tests.helpers import deal_for

CASES: list[dict[str, Any]] = tomllib.loads((SPEC_DIR / "scenarios" / "calls.toml").read_text("utf-8"))["case"]


def _moves(texts: list[str]) -> list[str | tuple[int, str]]:
    return [(int(t.split(":")[0]), t.split(":", 1)[1]) if ":" in t else t for t in texts]


def test_every_rule_with_a_call_out_is_played_both_ways() -> None:
    """For every case that someone notices there is one where nobody does, and the other way round."""
    stems = {c["id"].rsplit("-", 1)[0] for c in CASES}
    for stem in stems:
        ends = {c["id"].rsplit("-", 1)[1] for c in CASES if c["id"].rsplit("-", 1)[0] == stem}
        assert ends == {"caught", "unnoticed"}, (stem, ends)
    assert {"GR-MAU-5", "MK-ANN-4", "STD-MAU-3", "MK-ANN-3", "WIKI-MAU-3"} <= {s for c in CASES for s in c["sources"]}


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_call_game_is_recorded_and_replays_with_its_outcome(case: dict[str, Any]) -> None:
    v = find_variant(case["variant"])
    deal = deal_for(v, case["hands"], case["top"])
    rec = record_from_moves(v, len(case["hands"]), 0, _moves(case["moves"]), deal=deal)
    again = loads_record(dumps_record(rec))
    assert again == rec
    final = list(replay(again))[-1]
    want = case["expect"]
    assert final.is_over is want["over"]
    if want["over"]:
        assert (final.winner, final.end.value if final.end else None) == (want["winner"], want["end"])
    else:
        assert list(final.hand_sizes) == want["hand_sizes"] and final.seat_to_act == want["seat_to_act"]
        assert final.phase is not Phase.FINISHING and not final.missed_calls
        if "top" in want:
            assert str(final.top_card) == want["top"]
    interjections = [m for m in again.moves if m.seat is not None and str(m.move).startswith("callout")]
    assert all(m.seat is not None for m in again.moves) and len(interjections) == sum(":" in t for t in case["moves"])
