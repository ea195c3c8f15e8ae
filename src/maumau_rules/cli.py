"""The ``maumau`` command: play in the terminal against the computer, or watch bots play; compare variants;
validate and replay game records (:mod:`maumau_rules.cli_records`).

Errors go to standard error and every outcome has its exit code (:class:`~maumau_rules.exitcodes.ExitCode`:
0 done, 1 an invalid record, 2 a usage error, 3 a file that cannot be used, 130 interrupted).

>>> import io
>>> main(["play", "--bots-only", "--players", "2", "--seed", "1", "--rounds", "1", "--quiet"], out=io.StringIO())
0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from . import __version__
from .bots import Bot, make_bot
from .cli_records import load_rules_file, parse_args
from .engine import apply, check
from .errors import MauMauError, VariantError
from .exitcodes import ExitCode, describe_exit_codes
from .moves import CallOut, Draw, Move, Pass, Play, parse_move
from .scoring import Match, next_round, start_match
from .state import GameState
from .variants import Difference, Variant, available_variants, diff_variants, find_variant, format_value, load_variant
from .views import PlayerView, view

__all__ = ["describe_move", "diff_table", "main"]


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


def variant_argument(text: str) -> Variant:
    """The variant a command line names: a registered name or alias, a variant file (``house.toml``, the
    ``spec/variants`` shape, ``based_on`` allowed), or a Python file that defines one (``rules.py``, whose
    ``VARIANT`` is taken, or ``rules.py:NAME``).

    Raises:
        VariantError: no such variant, or the file is not a valid one.

    >>> variant_argument("prsi").id, variant_argument("examples/house_rules/ten_swaps_hands.py").id
    ('prsi', 'standard-ten-swaps')
    """
    path, _, attr = text.partition(".py:") if ".py:" in text else (text, "", "")
    if path != text:
        path += ".py"
    if path.endswith(".py"):
        found = getattr(load_rules_file(path), attr or "VARIANT", None)
        if not isinstance(found, Variant):
            raise VariantError(f"rules file {path!r} defines no variant {attr or 'VARIANT'!r}")
        return found
    if path.endswith(".toml"):
        try:
            data = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise VariantError(f"cannot read variant file {path!r}: {exc.strerror or exc}") from None
        return load_variant(data)
    return find_variant(text)


def _cmd_play(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        v = variant_argument(args.variant)
        if v.family == "malilla":  # Malilla has a terminal loop of its own
            from .cli_malilla import play

            return play(v, args, read, out)
        args.players = args.players or 3
        match = start_match(v, args.players, seed=args.seed)
    except MauMauError as exc:
        print(f"maumau play: {exc}", file=_err(args))
        return int(ExitCode.USAGE)
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
            return _save(args, histories, out)
        rounds += 1
        match = next_round(match, final)
        print(f"after round {rounds}: scores " + ", ".join(
            f"{_name(i, human)} {s}" for i, s in enumerate(match.scores)), file=out)
        if args.rounds and rounds >= args.rounds:
            break
        if human is not None and not match.over:
            try:
                if read("next round? [Y/n] ").strip().lower() in ("n", "no", "q", "quit"):
                    return _save(args, histories, out)
            except EOFError:
                return _save(args, histories, out)
    if match.over:
        print(f"match over: {_name(match.winner, human) if match.winner is not None else 'nobody'} "
              f"win{'' if match.winner == human else 's'} the match", file=out)
    return _save(args, histories, out)


def _err(args: argparse.Namespace) -> TextIO:
    err = getattr(args, "err", None)
    return err if err is not None else sys.stderr


def _save(args: argparse.Namespace, histories: list[list[GameState]], out: TextIO) -> int:
    """Write one game record per round played (a JSON list when there are several) to ``--save``."""
    path = args.save
    if not path or not any(histories):
        return int(ExitCode.OK)
    from .records import dumps_records, record_from_history

    records = [record_from_history(h) for h in histories if h]
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(dumps_records(records, indent=1) + "\n")
    except OSError as exc:
        print(f"maumau play: cannot write {path!r}: {exc.strerror or exc}", file=_err(args))
        return int(ExitCode.INPUT)
    print(f"saved {len(records)} record{'s' if len(records) != 1 else ''} to {path}", file=out)
    return int(ExitCode.OK)


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
        a, b = variant_argument(args.a), variant_argument(args.b)
    except MauMauError as exc:
        print(f"maumau diff: {exc}", file=_err(args))
        return int(ExitCode.USAGE)
    width = args.width or shutil.get_terminal_size((100, 24)).columns
    print(diff_table(a, b, width=width), file=out)
    return int(ExitCode.OK)


def diff_table(a: Variant | str, b: Variant | str, *, width: int = 100) -> str:
    """How two variants differ, as an aligned table for a terminal ``width`` columns wide.

    Long values wrap inside their column; a list of specs (draw cards, wild cards) puts one per line and names
    only the settings that differ from their defaults.

    >>> print(diff_table("prsi", "mau-king", width=72))  # doctest: +ELLIPSIS
    prsi vs mau-king: 24 differences
    <BLANKLINE>
    aspect                     prsi                   mau-king
    -------------------------  ---------------------  ---------------------
    deck                       french-32              french-52 x2
    players                    2–5                    2–8
    ...
    R_DRAW_PENALTY.penalties   7 (amount=2)           7 (amount=2)
                                                      2♣ (amount=4,
                                                        target=previous,
                                                        defendable=false)
    ...
    """
    va, vb = find_variant(a) if isinstance(a, str) else a, find_variant(b) if isinstance(b, str) else b
    rows = [_diff_row(d) for d in diff_variants(va, vb)]
    n = len(rows)
    lines = [f"{va.id} vs {vb.id}: {n} difference{'s' if n != 1 else ''}"]
    if not rows:
        return lines[0]
    first = max(len(r[0]) for r in [*rows, ("aspect", [], [])])
    rest = max(12, (width - first - 4) // 2)
    lines += ["", f"{'aspect':<{first}}  {va.id:<{rest}}  {vb.id}".rstrip(), f"{'-' * first}  {'-' * rest}  {'-' * rest}"]
    for what, left, right in rows:
        col0 = [what]
        col1 = [w for v in left for w in textwrap.wrap(v, rest, subsequent_indent="  ", break_on_hyphens=False)]
        col2 = [w for v in right for w in textwrap.wrap(v, rest, subsequent_indent="  ", break_on_hyphens=False)]
        for i in range(max(len(col0), len(col1), len(col2))):
            cells = [c[i] if i < len(c) else "" for c in (col0, col1, col2)]
            lines.append(f"{cells[0]:<{first}}  {cells[1]:<{rest}}  {cells[2]}".rstrip())
    return "\n".join(lines)


def _diff_row(d: Difference) -> tuple[str, list[str], list[str]]:
    what = d.aspect if d.aspect in ("deck", "players") else d.rule_id + (f".{d.param}" if d.param else "")
    return what, _value_lines(d.aspect, d.left), _value_lines(d.aspect, d.right)


def _value_lines(aspect: str, value: object) -> list[str]:
    """A value as display lines: players as ``2–5``, one line per spec of a list, card values joined."""
    if aspect == "players" and isinstance(value, tuple) and len(value) == 2:
        return [f"{value[0]}–{value[1]}"]
    if isinstance(value, tuple) and value and all(attrs.has(type(v)) for v in value):
        return [_spec_text(v) for v in value]
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return [format_value(value).replace(", ", " ").replace("=", " ")]
    return [format_value(value)]


def _spec_text(spec: Any) -> str:
    """``2♣ (amount=4, target=previous)``: the cards, the amount, then the settings that differ from their defaults."""
    fields = attrs.fields(type(spec))
    head = format_value(getattr(spec, fields[0].name))
    extra = [f"{f.name}={format_value(getattr(spec, f.name))}" for f in fields[1:]
             if f.name == "amount" or f.default is attrs.NOTHING
             or isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
             or getattr(spec, f.name) != f.default]
    return head + (f" ({', '.join(extra)})" if extra else "")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="maumau", description="Mau-Mau in the terminal, and tools for game records.",
                                epilog=describe_exit_codes(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="store_true", help="print the version (maumau_rules X.Y.Z) and exit")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play against the computer (or watch bots with --bots-only)")
    play.add_argument("--variant", default="standard",
                      help="variant name or alias (see 'maumau variants'), a variant file (.toml), or a Python file "
                           "of house rules (.py, its VARIANT; or FILE.py:NAME)")
    play.add_argument("--players", type=int, default=None, help="number of players, you included (default 3; "
                                                                 "Malilla: 4)")
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
    diff.add_argument("--width", type=int, default=0, help="table width in columns (default: the terminal's)")
    diff.set_defaults(func=_cmd_diff)
    records = _records_cli()
    if records is not None:
        records.add_subcommands(sub)
    return p


def main(argv: Sequence[str] | None = None, *, read: Callable[[str], str] = input, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the ``maumau`` command; returns the exit status (:class:`~maumau_rules.exitcodes.ExitCode`).

    Output goes to ``out`` (standard output), errors and usage messages to ``err`` (standard error).

    >>> import io
    >>> buf = io.StringIO()
    >>> main(["variants"], out=buf), "standard" in buf.getvalue()
    (0, True)
    >>> main(["--version"], out=buf) == 0 and buf.getvalue().split()[-2:] == ["maumau_rules", __version__]
    True
    >>> main(["diff", "standard"], out=io.StringIO(), err=io.StringIO())
    2
    """
    stream = out if out is not None else sys.stdout
    errors = err if err is not None else sys.stderr
    args = parse_args(_parser(), argv, stream, errors)
    if isinstance(args, int):
        return args
    if args.version:
        print(f"maumau_rules {__version__}", file=stream)
        return int(ExitCode.OK)
    if args.command is None:
        args = parse_args(_parser(), ["play", *(argv or [])], stream, errors)
        if isinstance(args, int):
            return args
    if getattr(args, "seed", 0) is None:
        import secrets

        args.seed = secrets.randbelow(1_000_000)
    args.out, args.err = stream, errors
    try:
        if args.command in ("play", "variants", "diff"):
            result: int = args.func(args, read, stream)
        else:
            result = args.func(args)
    except KeyboardInterrupt:
        print("\nmaumau: interrupted", file=errors)
        return int(ExitCode.INTERRUPTED)
    except BrokenPipeError:  # the reader stopped reading (``maumau replay g.json | head``): not an error
        _quiet_stdout(stream)
        return int(ExitCode.OK)
    return result


def _quiet_stdout(stream: TextIO) -> None:
    """After a broken pipe, point standard output at /dev/null so that Python's final flush stays silent."""
    if stream is sys.stdout:
        import os

        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    raise SystemExit(main())
