"""Golden games and perft counts: regenerate (``--write``) or compare (default) the files in ``spec/scenarios``.

``spec/scenarios/golden/<variant>.json`` holds seeded games of every registered variant: the full
move list in notation (``str(move)``), every 50 moves a digest of the state and one of how illegal
moves are refused there (reason codes and rule IDs), and the final state (hand sizes,
stock and discard sizes, top card, winner, end, digest). ``spec/scenarios/perft.json`` holds
perft-style counts: the number of legal move sequences of length 1..``PERFT_DEPTH`` from fixed seeds.
Any change of behaviour changes a move list, a digest or a count, and shows up as a diff.

Malilla variants have golden games too (one match hand each, four players); their final state records the tricks,
the points and the trump card instead of the stock and the discard pile, and their checks are Malilla's
(its family's :attr:`~maumau_rules.families.GameFamily.invariants`).

Usage::

    python -m maumau_rules.tools.golden            # compare; exit 1 and print the differences
    python -m maumau_rules.tools.golden --write    # regenerate after an intended change

>>> from maumau_rules import find_variant
>>> g = golden_game(find_variant("standard"), players=2, seed=1)
>>> g["final"]["turn"] == len(g["moves"]) and len(g["final"]["digest"]) == 20
True
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from ..families import family_of
from ..game import apply, check, legal_moves, new_game
from ..moves import Move, parse_move
from ..testing.invariants import state_digest
from ..variants import Variant, available_variants, find_variant

__all__ = ["PERFT_DEPTH", "SPEC_DIR", "compare", "golden_file", "golden_game", "main", "perft", "perft_table",
           "replay_game", "verdicts_digest"]

SPEC_DIR: Final = Path(__file__).resolve().parents[3] / "spec"
"""The repository's ``spec/`` folder (the package is installed from the source tree)."""
PERFT_DEPTH: Final = 3
"""Depth of the perft counts."""
CHECKPOINT: Final = 50
"""A digest is kept every this many moves, to show where a replay first differs."""
_PERFT_SEEDS: Final = (1, 2)


def _player_counts(v: Variant) -> list[int]:
    lo, hi = v.players
    return sorted({lo, min(hi, max(lo, 3)), min(hi, 5)})


def _final(s: Any) -> dict[str, Any]:
    summary: dict[str, Any] = family_of(s).invariants.final_summary(s)
    return summary


def verdicts_digest(state: Any) -> str:
    """A digest of how every candidate illegal move is refused at ``state``: reason code and rule ID.

    >>> len(verdicts_digest(new_game("standard", players=2, seed=1)))
    16
    """
    legal = set(legal_moves(state))
    candidates: tuple[Move, ...] = family_of(state).invariants.candidate_moves(state)
    rows = [f"{m}|{v.reason.value}|{v.rule_id}" for m in candidates if m not in legal
            for v in [check(state, m)]]
    return hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()[:16]


def golden_game(variant: Variant, players: int, seed: int) -> dict[str, Any]:
    """Play the golden game of ``variant`` (moves chosen by ``random.Random(seed)``) and record it.

    >>> from maumau_rules import find_variant
    >>> golden_game(find_variant("standard"), 3, 1)["moves"][:1] != []
    True
    """
    rnd = random.Random(seed * 1009 + players)
    s = new_game(variant, players=players, seed=seed)
    moves: list[str] = []
    checkpoints: dict[str, str] = {}
    while not s.is_over:
        m = rnd.choice(legal_moves(s))
        moves.append(str(m))
        s = apply(s, m)
        if s.turn % CHECKPOINT == 0:
            checkpoints[str(s.turn)] = state_digest(s)
            checkpoints[f"{s.turn}/verdicts"] = verdicts_digest(s)
    return {"players": players, "seed": seed, "moves": moves, "checkpoints": checkpoints, "final": _final(s)}


def golden_file(variant: Variant) -> dict[str, Any]:
    """Every golden game of ``variant``: one per player count (the smallest, 3 and 5 where allowed).

    >>> from maumau_rules import find_variant
    >>> [g["players"] for g in golden_file(find_variant("standard"))["games"]]
    [2, 3, 5]
    """
    counts = _player_counts(variant)
    if len(counts) == 1:  # a game for one player count only (Malilla): three seeds of it
        counts *= 3
    games = [golden_game(variant, n, seed=i + 1) for i, n in enumerate(counts)]
    return {"variant": variant.id, "version": variant.version, "games": games}


def replay_game(variant: Variant, entry: dict[str, Any]) -> tuple[Any, dict[str, str]]:
    """Replay a golden game from its seed and notation, checking the invariants on every step.

    Returns the final state and the digests at the checkpoints.

    Raises:
        NotationError: a move does not parse.
        IllegalMoveError: a recorded move is no longer legal.
        InvariantViolation: an invariant fails on the way.

    >>> from maumau_rules import find_variant
    >>> v = find_variant("standard")
    >>> s, _ = replay_game(v, golden_game(v, 2, 1)); s.is_over
    True
    """
    s = new_game(variant, players=entry["players"], seed=entry["seed"])
    checks = family_of(s).invariants
    checks.check_state(s)
    checkpoints: dict[str, str] = {}
    for text in entry["moves"]:
        m = parse_move(text)
        t = apply(s, m)
        checks.check_transition(s, m, t)
        checks.check_state(t)
        s = t
        if s.turn % CHECKPOINT == 0:
            checkpoints[str(s.turn)] = state_digest(s)
            checkpoints[f"{s.turn}/verdicts"] = verdicts_digest(s)
    return s, checkpoints


def perft(state: Any, depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves from ``state``.

    >>> s = new_game("standard", players=2, seed=1)
    >>> perft(s, 0), perft(s, 1) == len(legal_moves(s))
    (1, True)
    """
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, m), depth - 1) for m in moves)


def perft_table(variants: Sequence[Variant] | None = None, depth: int = PERFT_DEPTH) -> dict[str, Any]:
    """Perft counts at depths 1..``depth`` for every variant, its smallest player count and fixed seeds.

    >>> from maumau_rules import find_variant
    >>> perft_table([find_variant("standard")], depth=1)["entries"][0]["counts"][0] > 0
    True
    """
    entries = []
    for v in available_variants() if variants is None else variants:
        for seed in _PERFT_SEEDS:
            s = new_game(v, players=v.players[0], seed=seed)
            entries.append({"variant": v.id, "players": v.players[0], "seed": seed,
                            "counts": [perft(s, d) for d in range(1, depth + 1)]})
    return {"depth": depth, "entries": entries}


def _write_json(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def compare(spec_dir: Path = SPEC_DIR) -> list[str]:
    """Regenerate everything in memory and list every difference from the files (empty: all equal).

    >>> isinstance(compare(), list)
    True
    """
    diffs: list[str] = []
    gdir = spec_dir / "scenarios" / "golden"
    for v in available_variants():
        path = gdir / f"{v.id}.json"
        if not path.exists():
            diffs.append(f"{path.name}: missing")
            continue
        old = json.loads(path.read_text(encoding="utf-8"))
        new = golden_file(v)
        for og, ng in zip(old.get("games", []), new["games"], strict=False):
            if og != ng:
                first = next((i for i, (a, b) in enumerate(zip(og["moves"], ng["moves"], strict=False)) if a != b),
                             min(len(og["moves"]), len(ng["moves"])))
                diffs.append(f"{path.name} players={og['players']} seed={og['seed']}: first differs at move {first}; "
                             f"final {og['final']} -> {ng['final']}")
        if len(old.get("games", [])) != len(new["games"]):
            diffs.append(f"{path.name}: {len(old.get('games', []))} games, now {len(new['games'])}")
    ppath = spec_dir / "scenarios" / "perft.json"
    if ppath.exists():
        old_p = json.loads(ppath.read_text(encoding="utf-8"))
        known = {v.id: v for v in available_variants()}
        for e in old_p["entries"]:
            if e["variant"] not in known:
                diffs.append(f"perft.json: variant {e['variant']} is no longer registered")
                continue
            s = new_game(known[e["variant"]], players=e["players"], seed=e["seed"])
            got = [perft(s, d) for d in range(1, old_p["depth"] + 1)]
            if got != e["counts"]:
                diffs.append(f"perft.json {e['variant']} seed={e['seed']}: {e['counts']} -> {got}")
    else:
        diffs.append("perft.json: missing")
    return diffs


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: compare (exit 1 on a difference) or ``--write`` the golden files.

    >>> main(["--variant", "standard", "--dry-run"])  # doctest: +ELLIPSIS
    standard: 3 games...
    0
    """
    p = argparse.ArgumentParser(prog="python -m maumau_rules.tools.golden", description=__doc__.split("\n")[0])
    p.add_argument("--write", action="store_true", help="regenerate the files")
    p.add_argument("--dry-run", action="store_true", help="generate and print a summary without writing")
    p.add_argument("--variant", action="append", help="only these variants (with --write / --dry-run)")
    p.add_argument("--spec", type=Path, default=SPEC_DIR)
    a = p.parse_args(argv)
    if a.write or a.dry_run:
        chosen = [find_variant(n) for n in a.variant] if a.variant else list(available_variants())
        for v in chosen:
            data = golden_file(v)
            moves = sum(len(g["moves"]) for g in data["games"])
            print(f"{v.id}: {len(data['games'])} games, {moves} moves")
            if a.write:
                _write_json(a.spec / "scenarios" / "golden" / f"{v.id}.json", data)
        if a.write:
            table = perft_table(chosen if a.variant else None)
            if a.variant:  # keep the other variants' entries
                path = a.spec / "scenarios" / "perft.json"
                if path.exists():
                    old = json.loads(path.read_text(encoding="utf-8"))
                    names = {v.id for v in chosen}
                    table["entries"] = [e for e in old["entries"] if e["variant"] not in names] + table["entries"]
                    table["entries"].sort(key=lambda e: (e["variant"], e["seed"]))
            _write_json(a.spec / "scenarios" / "perft.json", table)
        return 0
    diffs = compare(a.spec)
    for d in diffs:
        print(d)
    print("golden files: " + ("all equal" if not diffs else f"{len(diffs)} differences"))
    return 1 if diffs else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
