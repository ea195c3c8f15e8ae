"""Behaviour fingerprint of the engine: run before and after an optimisation and diff the output.

For every registered variant and several player counts it plays seeded uniform-random games and
hashes, at every step, the legal moves, the state's fields, and the verdicts (reason, rule, message)
of ``check`` for a wide set of candidate moves, including illegal plays, wrong seats and stale turns.
Any change of behaviour (also of a rejection message) changes a line. Usage::

    python bench/fingerprint.py > /tmp/before.txt     # then change the engine
    python bench/fingerprint.py > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Sequence

import attrs

from maumau_rules import (
    CallOut,
    Draw,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Play,
    apply,
    available_variants,
    check,
    legal_moves,
    new_game,
)
from maumau_rules.cards import Suit
from maumau_rules.moves import Call


def candidates(state: GameState) -> list[object]:
    """Plays of every card of the deck (all wishes and calls), draw, pass, call-outs and a non-move."""
    out: list[object] = []
    for card in sorted(set(state.variant.plan.deck_cards), key=lambda c: c.sort_key):
        own = card.suit or Suit.CLUBS
        for wish, call in ((None, None), (Suit.HEARTS, None), (own, None), (None, Call.MAU), (Suit.SPADES, Call.MAU_MAU)):
            out.append(Play(card, wish, call))
    out += [Draw(), Pass(), *(CallOut(i) for i in range(state.players + 1)), "draw", None]
    return out


def fields(state: GameState) -> str:
    """Every field of the state but the legal-move cache."""
    return repr(tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.name != "_legal"))


def verdicts(state: GameState) -> str:
    """The verdict of ``check`` for every candidate, also from a wrong seat and against a stale turn."""
    parts = []
    for m in candidates(state):
        v = check(state, m)  # type: ignore[arg-type]
        parts.append(f"{v.ok}/{v.reason.value}/{v.rule_id}/{v.message}")
        if isinstance(m, Play) and not v.ok:
            try:
                after = apply(state, m)
            except IllegalMoveError as exc:
                parts.append(f"raise {exc.verdict.message}")
            else:
                parts.append(f"penalized {fields(after)}")
    mv = legal_moves(state)
    if mv:
        for p in range(state.players):
            parts.append(check(state, mv[0], player=p).message)
        parts.append(check(state, mv[0], turn=state.turn + 1).message)
    return "\n".join(parts)


def fingerprint(games: int, full_every: int) -> list[str]:
    """One line per (variant, players, seed): a digest of the whole game."""
    lines = []
    for variant in available_variants():
        if variant.family != "maumau":  # the fields and candidates below are Mau-Mau's
            continue
        lo, hi = variant.players
        for players in sorted({lo, max(lo, min(hi, 3)), hi}):
            for seed in range(games):
                rnd = random.Random(seed)
                h = hashlib.sha256()
                s = new_game(variant, players, seed)
                step = 0
                while True:
                    h.update(fields(s).encode())
                    moves: Sequence[Move] = legal_moves(s)
                    h.update(repr(moves).encode())
                    if step % full_every == 0 or s.is_over:
                        h.update(verdicts(s).encode())
                    if s.is_over:
                        break
                    m = rnd.choice(moves)
                    # also apply an equal but not identical copy of the move, with player= and turn=
                    copy: Move = attrs.evolve(m) if not isinstance(m, Draw | Pass) else type(m)()
                    t = apply(s, copy, player=s.seat_to_act, turn=s.turn)
                    s = apply(s, m)
                    if fields(t) != fields(s):
                        h.update(b"MISMATCH")
                    step += 1
                lines.append(f"{variant.id} {players} {seed} {step} {h.hexdigest()[:16]}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the fingerprint lines."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--full-every", type=int, default=10, help="check every candidate move every N steps")
    args = parser.parse_args(argv)
    for line in fingerprint(args.games, args.full_every):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
