"""The ``maumau`` command: play in the terminal against the computer, or watch bots play.

>>> import io
>>> main(["play", "--bots-only", "--players", "2", "--seed", "1", "--rounds", "1", "--quiet"], out=io.StringIO())
0
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .bots import Bot, make_bot
from .engine import apply, check
from .errors import MauMauError
from .moves import CallOut, Draw, Move, Pass, Play, parse_move
from .scoring import Match, next_round, start_match
from .state import GameState
from .variants import Variant, available_variants, diff_variants, find_variant, format_value
from .views import PlayerView, view

__all__ = ["describe_move", "main"]


def _name(seat: int, human: int | None) -> str:
    return "you" if seat == human else f"CPU {seat}" if human is not None else f"P{seat}"


def describe_move(before: GameState, move: Move, after: GameState, human: int | None = None) -> str:
    """One line saying what a move did, in words.

    >>> from maumau_rules import new_game, Draw, apply
    >>> s = new_game("standard", players=2, seed=3)
    >>> describe_move(s, Draw(), apply(s, Draw())) == f"P{s.seat_to_act} draws 1 card"
    True
    """
    seat = before.seat_to_act
    who = _name(seat, human)
    s_ = "" if who == "you" else "s"
    words = _word_for(before.variant)
    match move:
        case Play():
            text = f"{who} play{s_} {move.card}"
            if move.wish is not None:
                text += f" and wish{'' if who == 'you' else 'es'} {move.wish.symbol}"
            if move.call is not None:
                text += f' and call{s_} "{words.get(move.call.value, move.call.value)}!"'
        case Draw():
            got = len(after.hands[seat]) - len(before.hands[seat])
            text = f"{who} draw{s_} {got} card{'s' if got != 1 else ''}"
            if before.pending_draw:
                text += f" (penalty +{before.pending_draw})"
        case Pass():
            text = f"{who} pass{'' if who == 'you' else 'es'}"
        case CallOut():
            text = f"{who} call{s_} out {_name(move.seat, human)}, who draws {len(after.hands[move.seat]) - len(before.hands[move.seat])}"
    if after.is_over:
        if after.winner is not None:
            text += f" — {_name(after.winner, human)} win{'' if after.winner == human else 's'} the round"
        else:
            text += f" — the round ends ({after.end.value if after.end else ''}) with no winner"
    return text


def _word_for(v: Variant) -> dict[str, str]:
    ann = v.rule("R_ANNOUNCE")
    if ann is None:
        return {}
    from .rules import Announcement

    assert isinstance(ann, Announcement)
    return {"mau": ann.word, "maumau": ann.jack_word or ann.final_word or "Mau-Mau"}


def _show_table(pv: PlayerView, v: Variant, human: int, out: TextIO) -> None:
    sizes = " · ".join(f"{_name(i, human)} ({n})" for i, n in enumerate(pv.hand_sizes))
    extra = []
    if pv.wished_suit is not None:
        extra.append(f"wished suit {pv.wished_suit.symbol}")
    if pv.any_card:
        extra.append("any card may be played")
    if pv.pending_draw:
        extra.append(f"pending draw +{pv.pending_draw}")
    if pv.pending_skip:
        extra.append("a skip is pending")
    print(f"\n── turn {pv.turn} · {v.name} ──", file=out)
    print(f"top card {pv.top_card}" + ("   " + ", ".join(extra) if extra else ""), file=out)
    print(f"players: {sizes}   stock: {pv.stock_size}   direction: "
          f"{'clockwise' if pv.direction == 1 else 'counter-clockwise'}", file=out)
    print("your hand: " + " ".join(str(c) for c in pv.hand), file=out)
    if pv.drawn is not None:
        print(f"you drew {pv.drawn}", file=out)


def _ask_move(state: GameState, pv: PlayerView, human: int, read: Callable[[str], str], out: TextIO) -> Move | None:
    legal = " · ".join(str(m) for m in pv.legal_moves)
    print(f"legal: {legal}", file=out)
    while True:
        try:
            text = read("your move (e.g. 7h, Jc>h, draw, pass, '9d mau'; 'help', 'quit'): ").strip()
        except EOFError:
            return None
        if text in ("quit", "exit", "q"):
            return None
        if text in ("help", "?", "moves"):
            print(f"legal: {legal}", file=out)
            print("play a card by its rank and suit (7h, 10s, Jc); a Jack names a suit after '>' (Jc>h); "
                  "add 'mau' when your play leaves one card; 'draw' takes a card or the pending penalty; "
                  "'pass' ends your turn after drawing; 'callout N' calls out seat N.", file=out)
            continue
        try:
            move = parse_move(text)
        except MauMauError as exc:
            print(f"  ✗ {exc}", file=out)
            continue
        verdict = check(state, move, player=human)
        if verdict.ok:
            return move
        print(f"  ✗ {verdict.message} [{verdict.reason.value}, {verdict.rule_id}]", file=out)


def _play_round(match: Match, bots: list[Bot], human: int | None, read: Callable[[str], str], out: TextIO,
                quiet: bool, history: list[GameState]) -> GameState | None:
    state = match.game
    history.append(state)
    v = match.variant
    seats = match.seats
    if not quiet:
        print(f"\n=== round {match.round_no}: dealer {_name(seats[state.dealer], human)}, start card "
              f"{state.top_card} ===", file=out)
    while not state.is_over:
        seat = state.seat_to_act
        mseat = seats[seat]
        pv = view(state, seat)
        if mseat == human:
            _show_table(pv, v, seat, out)
            move = _ask_move(state, pv, seat, read, out)
            if move is None:
                return None
        else:
            move = bots[mseat].choose(pv)
        after = apply(state, move)
        if not quiet:
            print(describe_move(state, move, after, human if human is None else seats.index(human)), file=out)
        state = after
        history.append(state)
    return state


def _cmd_play(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        v = find_variant(args.variant)
        match = start_match(v, args.players, seed=args.seed)
    except MauMauError as exc:
        print(f"error: {exc}", file=out)
        return 2
    human = None if args.bots_only else 0
    bots: list[Bot] = [make_bot(args.bot if i != 1 or not args.mixed else "random", seed=args.seed + i)
                       for i in range(args.players)]
    print(f"{v.name}: {args.players} players, seed {args.seed}"
          + ("" if human is None else "; you are seat 0"), file=out)
    rounds = 0
    histories: list[list[GameState]] = []
    while not match.over:
        histories.append([])
        final = _play_round(match, bots, human, read, out, args.quiet, histories[-1])
        if final is None:
            print("bye", file=out)
            return _save(args.save, histories, out)
        rounds += 1
        match = next_round(match, final)
        print(f"after round {rounds}: scores " + ", ".join(
            f"{_name(i, human)} {s}" for i, s in enumerate(match.scores)), file=out)
        if args.rounds and rounds >= args.rounds:
            break
        if human is not None and not match.over:
            try:
                if read("next round? [Y/n] ").strip().lower() in ("n", "no", "q", "quit"):
                    return _save(args.save, histories, out)
            except EOFError:
                return _save(args.save, histories, out)
    if match.over:
        print(f"match over: {_name(match.winner, human) if match.winner is not None else 'nobody'} "
              f"win{'' if match.winner == human else 's'} the match", file=out)
    return _save(args.save, histories, out)


def _save(path: str | None, histories: list[list[GameState]], out: TextIO) -> int:
    """Write one game record per round played (a JSON list when there are several) to ``path``."""
    if not path or not any(histories):
        return 0
    from .records import dumps_records, record_from_history

    records = [record_from_history(h) for h in histories if h]
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(dumps_records(records, indent=1) + "\n")
    print(f"saved {len(records)} record{'s' if len(records) != 1 else ''} to {path}", file=out)
    return 0


def _cmd_variants(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    for v in available_variants():
        lo, hi = v.players
        aliases = ", ".join(v.aliases)
        print(f"{v.id:16} {v.name}  [{lo}-{hi} players, {v.deck}]" + (f"  aliases: {aliases}" if aliases else ""),
              file=out)
    return 0


def _records_cli() -> Any:
    """The record tools (``validate``, ``replay``, saving), when that module is present."""
    try:
        return importlib.import_module("maumau_rules.cli_records")
    except ImportError:  # pragma: no cover - records tools not installed
        return None


def _cmd_diff(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        a, b = find_variant(args.a), find_variant(args.b)
    except MauMauError as exc:
        print(f"error: {exc}", file=out)
        return 2
    rows = diff_variants(a, b)
    print(f"{a.id} vs {b.id}: {len(rows)} difference{'s' if len(rows) != 1 else ''}", file=out)
    for d in rows:
        what = d.aspect if d.aspect in ("deck", "players") else (d.rule_id + (f".{d.param}" if d.param else ""))
        print(f"  {what:32} {format_value(d.left):28} | {format_value(d.right)}", file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="maumau", description="Mau-Mau in the terminal, and tools for game records.")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play against the computer (or watch bots with --bots-only)")
    play.add_argument("--variant", default="standard", help="variant name or alias (see 'maumau variants')")
    play.add_argument("--players", type=int, default=3, help="number of players, you included")
    play.add_argument("--seed", type=int, default=None, help="random seed (default: a fresh one)")
    play.add_argument("--bots-only", action="store_true", help="computer players only; print every turn")
    play.add_argument("--bot", choices=("heuristic", "random"), default="heuristic", help="computer player kind")
    play.add_argument("--mixed", action="store_true", help="seat 1 plays randomly, the others by heuristics")
    play.add_argument("--rounds", type=int, default=0, help="stop after this many rounds (0: play the match out)")
    play.add_argument("--quiet", action="store_true", help="print only round results")
    play.add_argument("--save", default=None, help="save the game record to this JSON file")
    play.set_defaults(func=_cmd_play)
    variants = sub.add_parser("variants", help="list the variants")
    variants.set_defaults(func=_cmd_variants)
    diff = sub.add_parser("diff", help="show how two variants differ, rule by rule")
    diff.add_argument("a", help="first variant")
    diff.add_argument("b", help="second variant")
    diff.set_defaults(func=_cmd_diff)
    records = _records_cli()
    if records is not None:
        records.add_subcommands(sub)
    return p


def main(argv: Sequence[str] | None = None, *, read: Callable[[str], str] = input, out: TextIO | None = None) -> int:
    """Run the ``maumau`` command; returns the exit status.

    >>> import io
    >>> buf = io.StringIO()
    >>> main(["variants"], out=buf), "standard" in buf.getvalue()
    (0, True)
    """
    stream = out if out is not None else sys.stdout
    args = _parser().parse_args(argv)
    if args.command is None:
        args = _parser().parse_args(["play", *(argv or [])])
    if getattr(args, "seed", 0) is None:
        import secrets

        args.seed = secrets.randbelow(1_000_000)
    if args.command not in ("play", "variants", "diff"):
        args.out = stream
    result: int = args.func(args, read, stream) if args.command in ("play", "variants", "diff") else args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
