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

from ...cli_play import _words_for, error_text, moves_line, sorted_hand, terminal_help, verdict_text, wants_another
from ...errors import MauMauError
from ...exitcodes import ExitCode
from ...explain import terminal_command
from ...i18n import gettext as _
from ...i18n import ngettext
from ...moves import Move, Pass, Play, Redeal, parse_move
from ...scoring import Match, next_round, start_match
from ...variants import Variant
from .bots import MalillaBot, make_bot
from .engine import BREACHES, apply, check
from .match import round_points
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
        return _("you")
    return _("partner") if seat == (human + 2) % SEATS else _("CPU {n}").format(n=seat)


def _team(team: int, human: int | None) -> str:
    if human is None:
        return _("team {n} (P{n}+P{m})").format(n=team, m=team + 2)
    return _("your team") if team == team_of(human) else _("their team")


def _you(seat: int, human: int | None, you: str, other: str, **values: object) -> str:
    return you.format(**values) if seat == human else other.format(who=_name(seat, human), **values)


def describe_move(before: MalillaState, move: Move, after: MalillaState, human: int | None = None) -> str:
    """One line saying what a move did, in words (and who took the trick when it completes one).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> s = new_hand("malilla", seed=3)
    >>> describe_move(s, Pass(), apply(s, Pass())) == f"P{s.seat_to_act} asks for no new deal"
    True
    """
    seat = before.seat_to_act
    if isinstance(move, Play):
        text = _you(seat, human, _("you play {card} ({name})"), _("{who} plays {card} ({name})"), card=move.card,
                    name=move.card.name)
        if after.end is not None and after.offender is not None:
            rule = "R_MAL_SEVEN" if after.breach is not None and after.breach.value == "forbidden_seven" \
                else "R_MAL_FOLLOW"
            return text + " — " + _("that breaks {rule} ({breach}): {team} loses the match").format(
                rule=rule, breach=after.breach.value if after.breach else "", team=_team(team_of(seat), human))
        if len(after.tricks) > len(before.tricks):
            t = after.tricks[-1]
            text += " — " + _you(t.winner, human,
                                 ngettext("you take the trick ({n} point)", "you take the trick ({n} points)",
                                          t.points),
                                 ngettext("{who} takes the trick ({n} point)", "{who} takes the trick ({n} points)",
                                          t.points), n=t.points)
        return text
    if isinstance(move, Redeal):
        if before.stage is Stage.ANSWER:
            return _you(seat, human, _("you agree to a new deal: the hand is dealt again"),
                        _("{who} agrees to a new deal: the hand is dealt again"))
        return _you(seat, human, _("you ask for a new deal (seven of a suit); {partner} answers"),
                    _("{who} asks for a new deal (seven of a suit); {partner} answers"),
                    partner=_name((seat + 2) % SEATS, human))
    if before.stage is Stage.ANSWER:
        return _you(seat, human, _("you refuse a new deal"), _("{who} refuses a new deal"))
    return _you(seat, human, _("you ask for no new deal"), _("{who} asks for no new deal"))


def _show_table(pv: MalillaPlayerView, v: Variant, human: int, out: TextIO) -> None:
    trick_no = len(pv.tricks) + 1
    us, them = team_of(human), 1 - team_of(human)
    target = v.family_plan.target
    print("\n── " + _("hand {n} · trick {trick} of {tricks} · {variant}").format(
        n=pv.round_no, trick=trick_no, tricks=v.family_plan.tricks_per_hand, variant=_(v.name)) + " ──", file=out)
    held = "" if not any(pv.deferred) else "  " + _("(a bonus waits for the end of the hand)")
    match = (_("match: us {us}, them {them} (to {target})") if target else _("match: us {us}, them {them}")).format(
        us=pv.scores[us], them=pv.scores[them], target=target)
    print(_("trump card {card} ({suit}), dealt by {who}").format(card=pv.trump_card, suit=pv.trump.english,
                                                                 who=_name(pv.dealer, human))
          + "   " + _("points this hand: us {us}, them {them}").format(us=pv.points[us], them=pv.points[them])
          + "   " + match + held, file=out)
    if pv.trick:
        seats = [(pv.leader - i) % SEATS for i in range(len(pv.trick))]
        shown = ", ".join(f"{_name(s, human)}: {c}" for s, c in zip(seats, pv.trick, strict=True))
        print(_("on the table: ") + shown, file=out)
    elif pv.tricks:
        last = pv.tricks[-1]
        print(_("last trick: {cards} to {who}").format(cards=" ".join(map(str, last.cards)),
                                                       who=_name(last.winner, human)), file=out)
    print(_("your hand: ") + " ".join(str(c) for c in sorted_hand(pv.hand)), file=out)


def _ask_move(state: MalillaState, pv: MalillaPlayerView, human: int, read: Callable[[str], str],
              out: TextIO) -> Move | None:
    legal = _("legal: ") + moves_line(pv.legal_moves)
    v = state.variant
    if state.stage is Stage.ANSWER:
        print(_("your partner asks for a new deal: 'redeal' to agree, 'pass' to refuse"), file=out)
    elif state.stage is Stage.REDEAL:
        print(_("you hold seven cards of one suit: 'redeal' asks for a new deal (your partner must agree), "
                "'pass' plays on"), file=out)
    print(legal, file=out)
    while True:
        try:
            text = read(_("your move (a card such as 7co, Ror, 1es; '?' help, '? CARD', 'rules', 'quit'): ")).strip()
        except EOFError:
            return None
        if not text:
            continue
        low = text.lower()
        if low in _words_for("quit"):
            return None
        if low in _words_for("help"):
            print(legal, file=out)
            for line in terminal_help(v):
                print(line, file=out)
            continue
        if low in _words_for("score"):
            print(_("match: us {us}, them {them}").format(us=state.scores[team_of(human)],
                                                          them=state.scores[1 - team_of(human)]), file=out)
            continue
        answer = terminal_command(v, text)
        if answer is not None:
            print(answer, file=out)
            continue
        try:
            move = parse_move(text)
        except MauMauError as exc:
            print(f"  ✗ {error_text(exc)}", file=out)
            continue
        verdict = check(state, move, player=human)
        if verdict.ok:
            return move
        print(f"  ✗ {verdict_text(verdict, human)}", file=out)
        if (state.plan.breach == "lose_match" and verdict.reason in BREACHES and isinstance(move, Play)):
            try:
                sure = read("  " + _("at a real table this loses the match for your team; play it anyway? [y/N] "))
            except EOFError:
                return None
            if sure.strip().lower() in _words_for("yes"):
                return move


def _play_hand(match: Match, bots: list[MalillaBot], human: int | None, read: Callable[[str], str], out: TextIO,
               quiet: bool, moves: list[Move]) -> MalillaState | None:
    game = match.game
    assert isinstance(game, MalillaState)  # a Malilla match deals MalillaState hands
    state: MalillaState = game
    v = match.variant
    if not quiet:
        bonus = state.bonus[team_of(state.dealer)]
        extra = _("; {team} scores {n} (the trump bonus)").format(team=_team(team_of(state.dealer), human),
                                                                 n=bonus) if bonus else ""
        if any(state.deferred):
            extra += " " + _("(held back: it alone would win the match)")
        print("\n=== " + _("hand {n}: dealer {who}, trump card {card} ({name}): {suit} are trump").format(
            n=match.round_no, who=_name(state.dealer, human), card=state.trump_card, name=state.trump_card.name,
            suit=state.trump.english) + extra + " ===", file=out)
        if state.albur:
            print(_("Albur: {first} and {second}; {who} leads").format(first=state.albur[0], second=state.albur[1],
                                                                     who=_name(state.leader, human)), file=out)
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
        print(_("maumau play: Malilla is for 4 players, not {n}").format(n=args.players), file=err)
        return int(ExitCode.USAGE)
    try:
        match = start_match(v, SEATS, seed=args.seed)
    except MauMauError as exc:
        print(f"maumau play: {error_text(exc)}", file=err)
        return int(ExitCode.USAGE)
    human = None if args.bots_only else HUMAN
    bots: list[MalillaBot] = [make_bot(args.bot if i != 1 or not args.mixed else "random", seed=args.seed + i)
                              for i in range(SEATS)]
    target = v.family_plan.target
    print(_("{variant}: 4 players in two teams, seed {seed}").format(variant=_(v.name), seed=args.seed)
          + ("" if human is None else _("; you are seat 0, your partner seat 2 (across), against CPU 1 and CPU 3"))
          + (_("; first team to {n} wins").format(n=target) if target else ""), file=out)
    rounds: list[list[Move]] = []
    hands = 0
    while not match.over:
        rounds.append([])
        final = _play_hand(match, bots, human, read, out, args.quiet, rounds[-1])
        if final is None:
            print(_("bye"), file=out)
            return _save(args, v, rounds, out, err)
        hands += 1
        us = team_of(human) if human is not None else 0
        taken = final.points
        own = round_points(final)
        match = next_round(match, final)
        last = match.history[-1]
        result = (_("nobody scores") if not any(last.points) else
                  ", ".join(_gain(t, human, last.points[t], own[t], bool(final.albur)) for t in (us, 1 - us)
                            if last.points[t]))
        print(_("after hand {n}: points {us}-{them}, {result}; match {team} {score}, {other} {other_score}").format(
            n=hands, us=taken[us], them=taken[1 - us], result=result, team=_team(us, human), score=match.scores[us],
            other=_team(1 - us, human), other_score=match.scores[1 - us]), file=out)
        if args.rounds and hands >= args.rounds:
            break
        if human is not None and not match.over and not wants_another(read, "hand"):
            return _save(args, v, rounds, out, err)
    if match.over:
        won = match.winner
        if won is None:
            text = _("match over: nobody wins the match")
        elif human is not None and won == team_of(human):
            text = _("match over: your team wins the match")
        else:
            text = _("match over: {team} wins the match").format(team=_team(won, human))
        print(text + (f" ({match.why})" if match.why else ""), file=out)
    return _save(args, v, rounds, out, err)


def _gain(team: int, human: int | None, total: int, hand: int, albur: bool) -> str:
    """What ``team`` scores for a hand: ``total``, of which ``hand`` for the hand itself and the rest from the
    deal's bonuses (the trump bonus, and the Albur where it is played), said apart."""
    bonus = total - hand
    if not bonus:
        return f"{_team(team, human)} +{total}"
    text = (_("{team} +{total} ({hand} for the hand, {bonus} trump bonus and Albur)") if albur
            else _("{team} +{total} ({hand} for the hand, {bonus} trump bonus)"))
    return text.format(team=_team(team, human), total=total, hand=hand, bonus=bonus)


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
        print(_("maumau play: cannot write {path}: {why}").format(path=repr(path), why=exc.strerror or exc), file=err)
        return int(ExitCode.INPUT)
    print(_("saved the match record to {path}").format(path=path), file=out)
    return int(ExitCode.OK)

