"""Golden games and perft counts: a change in the engine's behaviour shows up as a failing diff here.

Regenerate after an intended change with ``python -m maumau_rules.tools.golden --write`` and review
the diff of ``spec/scenarios/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from maumau_rules import MalillaState, available_variants, find_variant, new_game, parse_move
from maumau_rules.testing import state_digest
from maumau_rules.tools.golden import PERFT_DEPTH, SPEC_DIR, perft, replay_game

GOLDEN = sorted((SPEC_DIR / "scenarios" / "golden").glob("*.json"))
PERFT = json.loads((SPEC_DIR / "scenarios" / "perft.json").read_text(encoding="utf-8"))
REGEN = "regenerate with: python -m maumau_rules.tools.golden --write (and review the diff)"


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_registered_variant_has_a_golden_file() -> None:
    have = {p.stem for p in GOLDEN}
    missing = sorted(v.id for v in available_variants() if v.id not in have)
    assert not missing, f"no golden games for {missing}: {REGEN}"


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_games_replay_exactly(path: Path) -> None:
    data = _load(path)
    variant = find_variant(data["variant"])
    assert variant.version == data["version"], f"{variant.id} changed version: {REGEN}"
    assert data["games"], "a golden file without games"
    for entry in data["games"]:
        final, checkpoints = replay_game(variant, entry)
        for turn, digest in entry["checkpoints"].items():
            assert checkpoints.get(turn) == digest, f"{variant.id} seed {entry['seed']}: differs by move {turn}; {REGEN}"
        want = entry["final"]
        if isinstance(final, MalillaState):  # a Malilla hand: tricks, points and the trump card
            got = {
                "turn": final.turn, "hand_sizes": [len(h) for h in final.hands], "tricks": len(final.tricks),
                "points": list(final.points), "trump": str(final.trump_card), "winner": final.winner,
                "end": final.end.value if final.end else None, "digest": state_digest(final),
            }
            assert len(final.tricks) == 10 and sum(final.points) == 70
        else:
            got = {
                "turn": final.turn, "hand_sizes": [len(h) for h in final.hands], "stock": len(final.stock),
                "discard": len(final.discard), "top": str(final.top_card), "winner": final.winner,
                "end": final.end.value if final.end else None, "digest": state_digest(final),
            }
        assert got == want, f"{variant.id} players={entry['players']} seed={entry['seed']}: {REGEN}"
        assert final.is_over and final.turn == len(entry["moves"])


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_notation_round_trips(path: Path) -> None:
    for entry in _load(path)["games"]:
        for text in entry["moves"]:
            assert str(parse_move(text)) == text


@pytest.mark.parametrize("entry", PERFT["entries"], ids=[f"{e['variant']}-{e['seed']}" for e in PERFT["entries"]])
def test_perft_counts(entry: dict[str, Any]) -> None:
    assert PERFT["depth"] == PERFT_DEPTH
    s = new_game(find_variant(entry["variant"]), players=entry["players"], seed=entry["seed"])
    got = [perft(s, d) for d in range(1, PERFT["depth"] + 1)]
    assert got == entry["counts"], REGEN


def test_perft_covers_every_registered_variant() -> None:
    have = {e["variant"] for e in PERFT["entries"]}
    assert {v.id for v in available_variants()} <= have, REGEN
