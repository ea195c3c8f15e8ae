"""``maumau play --variant malilla``: Malilla in the terminal, you and your partner against two computer players.

You sit in seat 0; your partner is seat 2, across the table, and the two opponents are seats 1 and 3 (play goes
to the right: 0, 3, 2, 1). The computer players are Malilla bots (:mod:`maumau_rules.families.malilla.bots`); with
``--bots-only`` four bots play and every move is printed. A whole match is played (to 35, or what the variant
says), hand after hand, and ``--save FILE`` writes it as a match record that ``maumau validate`` checks.

>>> import io, argparse
>>> from maumau_rules import find_variant
>>> args = argparse.Namespace(players=None, seed=1, bots_only=True, bot="heuristic", mixed=False, rounds=1,
...                           quiet=True, save=None)
>>> out = io.StringIO()
>>> play(find_variant("malilla"), args, input, out)
0
>>> "after hand 1" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from ...cli_play import wants_another
from ...errors import MauMauError
from ...exitcodes import ExitCode
from ...moves import Move, Pass, Play, Redeal, parse_move
from ...scoring import Match, next_round, start_match
from ...variants import Variant
from .bots import MalillaBot, make_bot
from .engine import BREACHES, apply, check
from .plan import SEATS, team_of
from .state import MalillaState, Stage
from .views import MalillaPlayerView, view

__all__ = ["describe_move", "play"]

HUMAN = 0
"""Your seat."""


def _name(seat: int, human: int | None) -> str:
    if human is None:
        return f"P{seat}"
    if seat == human:
        return "you"
    return "partner" if seat == (human + 2) % SEATS else f"CPU {seat}"


def _team(team: int, human: int | None) -> str:
    if human is None:
        return f"team {team} (P{team}+P{team + 2})"
    return "your team" if team == team_of(human) else "their team"


def describe_move(before: MalillaState, move: Move, after: MalillaState, human: int | None = None) -> str:
    """One line saying what a move did, in words (and who took the trick when it completes one).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> s = new_hand("malilla", seed=3)
    >>> describe_move(s, Pass(), apply(s, Pass())) == f"P{s.seat_to_act} asks for no new deal"
    True
    """
    seat = before.seat_to_act
    who = _name(seat, human)
    s_ = "" if who == "you" else "s"
    if isinstance(move, Play):
        text = f"{who} play{s_} {move.card} ({move.card.name})"
        if after.end is not None and after.offender is not None:
            rule = "R_MAL_SEVEN" if after.breach is not None and after.breach.value == "forbidden_seven" \
                else "R_MAL_FOLLOW"
            return (text + f" — that breaks {rule} ({after.breach.value if after.breach else ''}): "
                    f"{_team(team_of(seat), human)} loses the match")
        if len(after.tricks) > len(before.tricks):
            t = after.tricks[-1]
            taker = _name(t.winner, human)
            text += f" — {taker} take{'' if taker == 'you' else 's'} the trick ({t.points} point{'s' * (t.points != 1)})"
        return text
    if isinstance(move, Redeal):
        if before.stage is Stage.ANSWER:
            return f"{who} agree{s_} to a new deal: the hand is dealt again"
        return f"{who} ask{s_} for a new deal (seven of a suit); {_name((seat + 2) % SEATS, human)} answers"
    if before.stage is Stage.ANSWER:
        return f"{who} refuse{s_} a new deal"
    return f"{who} ask{s_} for no new deal"


def _show_table(pv: MalillaPlayerView, v: Variant, human: int, out: TextIO) -> None:
    trick_no = len(pv.tricks) + 1
    us, them = team_of(human), 1 - team_of(human)
    target = v.family_plan.target
    print(f"\n── hand {pv.round_no} · trick {trick_no} of {v.family_plan.tricks_per_hand} · {v.name} ──", file=out)
    held = "" if not any(pv.deferred) else "  (a bonus waits for the end of the hand)"
    print(f"trump card {pv.trump_card} ({pv.trump.english}), dealt by {_name(pv.dealer, human)}   "
          f"points this hand: us {pv.points[us]}, them {pv.points[them]}   "
          f"match: us {pv.scores[us]}, them {pv.scores[them]}" + (f" (to {target})" if target else "") + held,
          file=out)
    if pv.trick:
        seats = [(pv.leader - i) % SEATS for i in range(len(pv.trick))]
        shown = ", ".join(f"{_name(s, human)}: {c}" for s, c in zip(seats, pv.trick, strict=True))
        print(f"on the table: {shown}", file=out)
    elif pv.tricks:
        last = pv.tricks[-1]
        print(f"last trick: {' '.join(map(str, last.cards))} to {_name(last.winner, human)}", file=out)
    print("your hand: " + " ".join(str(c) for c in pv.hand), file=out)


def _ask_move(state: MalillaState, pv: MalillaPlayerView, human: int, read: Callable[[str], str],
              out: TextIO) -> Move | None:
    legal = " · ".join(str(m) for m in pv.legal_moves)
    if state.stage is Stage.ANSWER:
        print("your partner asks for a new deal: 'redeal' to agree, 'pass' to refuse", file=out)
    elif state.stage is Stage.REDEAL:
        print("you hold seven cards of one suit: 'redeal' asks for a new deal (your partner must agree), "
              "'pass' plays on", file=out)
    print(f"legal: {legal}", file=out)
    while True:
        try:
            text = read("your move (a card such as 7co, Ror, 1es; 'help', 'quit'): ").strip()
        except EOFError:
            return None
        if text in ("quit", "exit", "q"):
            return None
        if text in ("help", "?", "moves"):
            print(f"legal: {legal}", file=out)
            print("a card is its index and suit: 1-7, S Sota, C Caballo, R Rey; or, co, es, ba "
                  "('7co' is the 7 of copas, 'Ror' the Rey de oros; '7 de copas' works too). Follow suit; "
                  "beat an opponent who is winning, or trump him, if you can; with your partner winning you "
                  "play freely. Never throw away the 7 of a side suit not led yet.", file=out)
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
        if (state.plan.breach == "lose_match" and verdict.reason in BREACHES and isinstance(move, Play)):
            try:
                sure = read("  at a real table this loses the match for your team; play it anyway? [y/N] ")
            except EOFError:
                return None
            if sure.strip().lower() in ("y", "yes"):
                return move


def _play_hand(match: Match, bots: list[MalillaBot], human: int | None, read: Callable[[str], str], out: TextIO,
               quiet: bool, moves: list[Move]) -> MalillaState | None:
    game = match.game
    assert isinstance(game, MalillaState)  # a Malilla match deals MalillaState hands
    state: MalillaState = game
    v = match.variant
    if not quiet:
        bonus = state.bonus[team_of(state.dealer)]
        extra = f"; {_team(team_of(state.dealer), human)} scores {bonus}" if bonus else ""
        if any(state.deferred):
            extra += " (held back: it alone would win the match)"
        print(f"\n=== hand {match.round_no}: dealer {_name(state.dealer, human)}, trump card {state.trump_card} "
              f"({state.trump_card.name}): {state.trump.english} are trump{extra} ===", file=out)
        if state.albur:
            print(f"Albur: {state.albur[0]} and {state.albur[1]}; {_name(state.leader, human)} leads", file=out)
    while not state.is_over:
        seat = state.seat_to_act
        pv = view(state, seat)
        move: Move | None
        if seat == human:
            if state.stage is Stage.REDEAL and pv.legal_moves == (Pass(),):
                move = Pass()  # no long suit: nothing to decide
            else:
                _show_table(pv, v, seat, out)
                move = _ask_move(state, pv, seat, read, out)
                if move is None:
                    return None
        else:
            move = bots[seat].choose(pv)
        after = apply(state, move, player=seat)
        moves.append(move)
        if not quiet and not (isinstance(move, Pass) and state.stage is Stage.REDEAL):
            print(describe_move(state, move, after, human), file=out)
        state = after
    return state


def play(v: Variant, args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    """Play a Malilla match in the terminal (the ``play`` command for a Malilla variant); the exit code.

    ``args`` holds the ``play`` options: ``players`` (4 or unset), ``seed``, ``bots_only``, ``bot``, ``mixed``,
    ``rounds`` (stop after that many hands; 0 plays the match out), ``quiet`` and ``save``.

    >>> import io, argparse
    >>> from maumau_rules import find_variant
    >>> args = argparse.Namespace(players=3, seed=1, bots_only=True, bot="heuristic", mixed=False, rounds=0,
    ...                           quiet=True, save=None, err=io.StringIO())
    >>> play(find_variant("malilla"), args, input, io.StringIO()), args.err.getvalue().strip()
    (2, 'maumau play: Malilla is for 4 players, not 3')
    """
    err: TextIO = getattr(args, "err", None) or sys.stderr
    if args.players not in (None, SEATS):
        print(f"maumau play: Malilla is for 4 players, not {args.players}", file=err)
        return int(ExitCode.USAGE)
    try:
        match = start_match(v, SEATS, seed=args.seed)
    except MauMauError as exc:
        print(f"maumau play: {exc}", file=err)
        return int(ExitCode.USAGE)
    human = None if args.bots_only else HUMAN
    bots: list[MalillaBot] = [make_bot(args.bot if i != 1 or not args.mixed else "random", seed=args.seed + i)
                              for i in range(SEATS)]
    target = v.family_plan.target
    print(f"{v.name}: 4 players in two teams, seed {args.seed}"
          + ("" if human is None else "; you are seat 0, your partner seat 2 (across), against CPU 1 and CPU 3")
          + (f"; first team to {target} wins" if target else ""), file=out)
    rounds: list[list[Move]] = []
    hands = 0
    while not match.over:
        rounds.append([])
        final = _play_hand(match, bots, human, read, out, args.quiet, rounds[-1])
        if final is None:
            print("bye", file=out)
            return _save(args, v, rounds, out, err)
        hands += 1
        us = team_of(human) if human is not None else 0
        taken = final.points
        match = next_round(match, final)
        last = match.history[-1]
        result = ("nobody scores" if not any(last.points) else
                  ", ".join(f"{_team(t, human)} +{last.points[t]}" for t in (us, 1 - us) if last.points[t]))
        print(f"after hand {hands}: points {taken[us]}-{taken[1 - us]}, {result}; match "
              f"{_team(us, human)} {match.scores[us]}, {_team(1 - us, human)} {match.scores[1 - us]}", file=out)
        if args.rounds and hands >= args.rounds:
            break
        if human is not None and not match.over and not wants_another(read, "hand"):
            return _save(args, v, rounds, out, err)
    if match.over:
        won = match.winner
        print(f"match over: {_team(won, human) if won is not None else 'nobody'} win"
              f"{'' if human is not None and won == team_of(human) else 's'} the match"
              + (f" ({match.why})" if match.why else ""), file=out)
    return _save(args, v, rounds, out, err)


def _save(args: argparse.Namespace, v: Variant, rounds: list[list[Move]], out: TextIO, err: TextIO) -> int:
    """Write the match as one match record to ``--save``."""
    path = getattr(args, "save", None)
    if not path or not any(rounds):
        return int(ExitCode.OK)
    from ...records import dumps_records, record_from_rounds

    record = record_from_rounds(v, SEATS, args.seed, rounds, names=("you", "CPU 1", "partner", "CPU 3")
                                if not args.bots_only else ())
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(dumps_records([record], indent=1) + "\n")
    except OSError as exc:
        print(f"maumau play: cannot write {path!r}: {exc.strerror or exc}", file=err)
        return int(ExitCode.INPUT)
    print(f"saved the match record to {path}", file=out)
    return int(ExitCode.OK)

