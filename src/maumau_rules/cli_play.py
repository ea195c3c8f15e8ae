"""The terminal game (``maumau play``): a match against the computer that teaches the variant as it goes.

Prompts, examples and help come from the variant's own rules (:mod:`maumau_rules.explain`): its wild cards, its
calls, what each card does. What every move did is shown from its events (:mod:`maumau_rules.events`): skips,
reversals, penalties, reshuffles, call-outs. Between turns the human is offered call-outs when another player
missed a call. After each round the points are explained. Suits are coloured on a terminal that supports it.

>>> from maumau_rules import Draw, apply, new_game
>>> s = new_game("standard", 2, seed=3)
>>> describe_move(s, Draw(), apply(s, Draw()))
'P1 draws 1 card'
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Sequence
from typing import TextIO

from .bots import Bot, interjection, make_bot
from .cards import Card
from .engine import apply, call_due, call_mistake, check, legal_moves
from .errors import MauMauError
from .events import describe_events as _event_lines
from .events import events_between
from .exitcodes import ExitCode
from .explain import card_help, move_examples, rules_text, scoring_summary
from .moves import CallOut, Draw, Move, Pass, Play, parse_move
from .scoring import Match, next_round, round_points, start_match
from .state import GameState, Phase
from .variants import Variant
from .views import PlayerView, view

__all__ = ["Colours", "describe_move", "play_command", "wants_another"]


class Colours:
    """ANSI colours for suits and emphasis, or none (``enabled=False``: not a terminal, or ``NO_COLOR``).

    >>> Colours(True).suits("7♥ 8♣").startswith("\\x1b[31m"), Colours(False).suits("7♥")
    (True, '7♥')
    """

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    @staticmethod
    def wanted(choice: str, out: TextIO) -> bool:
        """Whether to colour: ``always``, ``never``, or ``auto`` (a terminal, and ``NO_COLOR`` unset).

        >>> import io
        >>> Colours.wanted("auto", io.StringIO()), Colours.wanted("always", io.StringIO())
        (False, True)
        """
        if choice != "auto":
            return choice == "always"
        isatty = getattr(out, "isatty", None)
        return bool(isatty and isatty()) and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"

    def suits(self, text: str) -> str:
        """``text`` with red hearts and diamonds (cards and suit symbols).

        >>> Colours(False).suits("J♦")
        'J♦'
        """
        if not self.enabled:
            return text
        return re.sub(r"((?:10|[2-9JQKA])?[♥♦])", "\x1b[31m\\1\x1b[0m", text)

    def bold(self, text: str) -> str:
        """``text`` in bold.

        >>> Colours(True).bold("you")
        '\\x1b[1myou\\x1b[0m'
        """
        return f"\x1b[1m{text}\x1b[0m" if self.enabled else text


def _name(seat: int, human: int | None) -> str:
    return "you" if seat == human else f"CPU {seat}" if human is not None else f"P{seat}"


def _words(v: Variant) -> dict[str, str]:
    """The variant's words for the two calls."""
    ann = v.plan.announcer
    if ann is None:
        return {}
    return {"mau": ann.words[0], "maumau": ann.words[1]}


def describe_move(before: GameState, move: Move, after: GameState, human: int | None = None,
                  seat: int | None = None) -> str:
    """One line saying what a move did, in words (``seat``: the seat that made it, default the seat to act).

    >>> from maumau_rules import new_game, Draw, apply
    >>> s = new_game("standard", players=2, seed=3)
    >>> describe_move(s, Draw(), apply(s, Draw())) == f"P{s.seat_to_act} draws 1 card"
    True
    """
    seat = before.seat_to_act if seat is None else seat
    who = _name(seat, human)
    s_ = "" if who == "you" else "s"
    words = _words(before.variant)
    text = f"{who} moves"
    match move:
        case Play() if move not in legal_moves(before, seat):
            text = f"{who} play{s_} {move.card}, which does not fit: it goes back"
        case Play():
            text = f"{who} play{s_} {move.card}"
            if move.wish is not None:
                text += f" and wish{'' if who == 'you' else 'es'} {move.wish.symbol}"
            if move.call is not None:
                text += f' and call{s_} "{words.get(move.call.value, move.call.value)}!"'
            due = call_due(before.variant, before.hands[seat], move.card)
            seen = call_mistake(before.variant, before.hands[seat], move.card, move.call)
            ann = before.variant.plan.announcer
            # which word was due may hang on the card kept: only its player (and the table once it is shown) knows
            known = human == seat or (ann is not None and not ann.jack_call) or len(before.hands[seat]) > 2
            if due is not None and move.call is not due and (seen is not None or human == seat):
                word = words.get(due.value, due.value)
                if move.call is None:
                    text += f' without saying "{word}"' if known else " without the call that was due"
                else:
                    text += f' (the wrong word: "{word}" was due)'
            if after.phase is Phase.FINISHING:
                text += " and goes out, without the call that was needed"
        case Draw():
            got = len(after.hands[seat]) - len(before.hands[seat])
            text = f"{who} draw{s_} {got} card{'s' if got != 1 else ''}"
            if before.pending_draw:
                text += f" (penalty +{before.pending_draw})"
        case Pass() if before.phase is Phase.FINISHING:
            text = f"{who} let{s_} the win stand"
        case Pass():
            text = f"{who} pass{'' if who == 'you' else 'es'}"
        case CallOut():
            text = (f"{who} call{s_} out {_name(move.seat, human)}, who draws "
                    f"{len(after.hands[move.seat]) - len(before.hands[move.seat])}")
            if before.phase is Phase.FINISHING and move.seat == before.finisher:
                text += " and does not win: play goes on"
    if after.is_over:
        if after.winner is not None:
            text += f" — {_name(after.winner, human)} win{'' if after.winner == human else 's'} the round"
        else:
            tied = " and ".join(_name(p, human) for p in after.tied)
            text += f" — the round ends ({after.end.value if after.end else ''}) in a tie between {tied}"
    return text


_SHOWN_EVENTS = frozenset({"skipped", "reversed", "plays_again", "reshuffled", "penalty_pending", "skip_pending",
                           "wished"})
"""The events printed under a move (the move's own line says the rest)."""


def _consequences(before: GameState, move: Move, after: GameState, seat: int, human: int | None) -> list[str]:
    """What else the move did, from its events as the human may see them: skips, reversals, penalties ..."""
    events = events_between(before, move, after, player=seat, viewer=human)
    names = [_name(p, human) for p in range(before.players)]
    shown = [e for e in events if e.kind in _SHOWN_EVENTS
             or (e.kind == "drew" and getattr(e, "reason", "") in ("card_effect", "call_penalty", "wrong_card"))]
    return _event_lines(shown, names)


def _window_text(state: GameState, offender: int, human: int | None) -> str:
    """Why ``offender`` can be called out, in words."""
    words = _words(state.variant)
    if state.finisher == offender:
        return f"{_name(offender, human)} went out without the call that was needed"
    call = state.announced[offender]
    said = "nothing" if call is None else f'"{words.get(call.value, call.value)}"'
    return f"{_name(offender, human)} said {said} when a call was due"


def _moves_line(moves: Sequence[Move]) -> str:
    """The legal moves, a wild card's wishes folded into one entry (``J♣>♣/♠/♥/♦``)."""
    out: list[str] = []
    seen: dict[tuple[Card, object], int] = {}
    for m in moves:
        if isinstance(m, Play) and m.wish is not None:
            key = (m.card, m.call)
            if key in seen:
                out[seen[key]] += f"/{m.wish.symbol}"
                continue
            seen[key] = len(out)
        out.append(str(m))
    return " · ".join(out)


class _Table:
    """One match at the terminal: the human's seat, the bots, and where to read and write."""

    def __init__(self, match: Match, bots: list[Bot], human: int | None, read: Callable[[str], str], out: TextIO,
                 colours: Colours, quiet: bool) -> None:
        self.match = match
        self.bots = bots
        self.human = human
        self.read = read
        self.out = out
        self.c = colours
        self.quiet = quiet
        self.asked: set[tuple[int, int]] = set()

    def say(self, text: str = "") -> None:
        print(self.c.suits(text), file=self.out)

    # ------------------------------------------------------------ the human's turn

    def show_table(self, pv: PlayerView, seat: int) -> None:
        v = pv.rules
        sizes = " · ".join(f"{_name(i, seat)} ({n}{', said a call' if pv.announced[i] else ''})"
                           for i, n in enumerate(pv.hand_sizes))
        extra = []
        if pv.wished_suit is not None:
            extra.append(f"wished suit {pv.wished_suit.symbol}")
        if pv.any_card:
            extra.append("any card may be played")
        if pv.pending_draw:
            extra.append(f"pending draw +{pv.pending_draw}: pass it on or draw")
        if pv.pending_skip:
            extra.append("a skip is pending: answer it or pass")
        self.say(f"\n── turn {pv.turn} · {v.name} ──")
        self.say(f"top card {pv.top_card}" + ("   " + ", ".join(extra) if extra else ""))
        self.say(f"players: {sizes}   stock: {pv.stock_size}   direction: "
                 f"{'clockwise' if pv.direction == 1 else 'counter-clockwise'}")
        self.say("your hand: " + " ".join(str(c) for c in pv.hand))
        if pv.drawn is not None:
            self.say(f"you drew {pv.drawn}")
        for w in pv.windows:
            if w.offender != seat:
                hint = " or 'pass' to let the win stand" if w.kind == "unannounced_finish" else ""
                self.say(f"{_window_text(self.state, w.offender, seat)}: 'callout {w.offender}' calls them out{hint}")

    def prompt(self, v: Variant) -> str:
        ex = move_examples(v)
        shown = [ex["play"], *(ex[k] for k in ("wish", "call") if k in ex), "draw"]
        return f"your move (e.g. {', '.join(shown)}; '?' help, '? CARD', 'rules', 'quit'): "

    def help_text(self, v: Variant, pv: PlayerView) -> list[str]:
        ex = move_examples(v)
        lines = [f"legal: {_moves_line(pv.legal_moves)}",
                 f"play a card by rank and suit ({ex['play']}, 10s, Ah)."]
        if "wish" in ex:
            lines.append(f"a wild card names the suit to follow after '>' ({ex['wish']}).")
        ann = v.plan.announcer
        if ann is not None:
            call = f"add 'mau' to the play that leaves you one card: that says \"{ann.words[0]}\" ({ex['call']})"
            if ann.jack_call:
                call += f"; 'maumau' says \"{ann.words[1]}\" when the card you keep is a Jack ({ex['jack_call']})"
            lines.append(call + ".")
            lines.append("'callout N' calls out seat N when it missed a call.")
        else:
            lines.append("nothing has to be said when you are down to one card in this variant.")
        lines.append("'draw' takes a card (or the pending penalty); 'pass' ends your turn after drawing.")
        special = [cards for cards in _special_cards(v)]
        if special:
            lines.append("special cards: " + "; ".join(special) + " ('? CARD' says what one does).")
        lines.append(scoring_summary(v))
        return lines

    def ask_move(self, pv: PlayerView, seat: int) -> Move | None:
        v = pv.rules
        self.say(f"legal: {_moves_line(pv.legal_moves)}")
        while True:
            try:
                text = self.read(self.prompt(v)).strip()
            except EOFError:
                return None
            if not text:
                continue
            low = text.lower()
            if low in ("quit", "exit", "q"):
                return None
            if low in ("help", "?", "h", "moves"):
                for line in self.help_text(v, pv):
                    self.say(line)
                continue
            if low.startswith(("? ", "help ")):
                try:
                    self.say(card_help(v, Card.parse(text.split(None, 1)[1])))
                except MauMauError as exc:
                    self.say(f"  ✗ {exc}")
                continue
            if low == "rules":
                self.say(rules_text(v))
                continue
            if low == "score":
                self.say(self.score_line())
                continue
            try:
                move = parse_move(text)
            except MauMauError as exc:
                self.say(f"  ✗ {exc}")
                continue
            verdict = check(self.state, move, player=seat)
            if verdict.ok:
                return move
            self.say(f"  ✗ {verdict.message} [{verdict.reason.value}, {verdict.rule_id}]")

    def ask_callout(self, seat: int, move: CallOut) -> bool | None:
        try:
            answer = self.read(self.c.suits(f"{_window_text(self.state, move.seat, seat)}: call them out? [y/N] "))
        except EOFError:
            return None
        answer = answer.strip().lower()
        if answer in ("quit", "exit", "q"):
            return None
        return answer in ("y", "yes", "callout", "call", "nisi najavio")

    # ------------------------------------------------------------ the table

    @property
    def state(self) -> GameState:
        return self._state

    def next_move(self) -> tuple[int, Move] | None:
        """The next move and its seat: a call-out between turns (the human is asked first, once per window), or
        the move of the seat to act; ``None`` when the human quits."""
        state = self.state
        seats, human = self.match.seats, self.human
        actor = state.seat_to_act
        n = state.players
        if state.missed_calls or state.finisher is not None:
            order = [(actor + k * state.direction) % n for k in range(1, n)]
            for seat in sorted(order, key=lambda p: seats[p] != human):
                for move in legal_moves(state, seat):
                    if seats[seat] == human:
                        assert isinstance(move, CallOut)
                        key = (move.seat, state.turn if state.finisher is not None else -1)
                        if key in self.asked:
                            continue
                        self.asked.add(key)
                        yes = self.ask_callout(seat, move)
                        if yes is None:
                            return None
                        if yes:
                            return seat, move
                    else:
                        chosen = interjection(self.bots[seats[seat]], view(state, seat))
                        if chosen is not None:
                            return seat, chosen
                        break
        pv = view(state, actor)
        if seats[actor] == human:
            self.show_table(pv, actor)
            chosen_move = self.ask_move(pv, actor)
            return None if chosen_move is None else (actor, chosen_move)
        return actor, self.bots[seats[actor]].choose(pv)

    def play_round(self, history: list[GameState], movers: list[int]) -> GameState | None:
        self._state = state = self.match.game
        history.append(state)
        seats, human = self.match.seats, self.human
        me = None if human is None else seats.index(human) if human in seats else -1
        if not self.quiet:
            self.say(f"\n=== round {self.match.round_no}: dealer {_name(state.dealer, me)}, start card "
                     f"{state.top_card} ===")
        self.asked = set()
        while not state.is_over:
            found = self.next_move()
            if found is None:
                return None
            seat, move = found
            after = apply(state, move, player=seat)
            self.asked = {k for k in self.asked if k[0] in after.missed_calls or k[0] == after.finisher}
            if not self.quiet:
                self.say(describe_move(state, move, after, me, seat=seat))
                for line in _consequences(state, move, after, seat, me):
                    self.say(f"  → {line}")
            self._state = state = after
            history.append(state)
            movers.append(seat)
        return state

    _state: GameState

    def score_line(self) -> str:
        m = self.match
        return "scores: " + ", ".join(f"{_name(i, self.human)} {s}" for i, s in enumerate(m.scores))

    def explain_round(self, final: GameState) -> None:
        """The points of the round, seat by seat, and what they mean in this variant."""
        seats, human = self.match.seats, self.human
        points = round_points(final)
        v = final.variant
        parts = []
        for seat, pts in enumerate(points):
            left = final.hands[seat]
            why = "winner" if seat == final.winner else f"{len(left)} card{'s' if len(left) != 1 else ''} left"
            parts.append(f"{_name(seats[seat], human)} {pts:+d} ({why})")
        self.say("points this round: " + ", ".join(parts))
        self.say(scoring_summary(v))


def _special_cards(v: Variant) -> list[str]:
    from .explain import _short_cards, card_groups

    out = []
    for cards, facts in card_groups(v):
        role = sorted(facts.roles)[0] if facts.roles else "special"
        out.append(f"{_short_cards(cards)} {role}")
    return out


def play_command(args: argparse.Namespace, variant: Variant, read: Callable[[str], str], out: TextIO,
                 err: TextIO) -> int:
    """``maumau play``: a match against the computer (or bots only); saves the records with ``--save``.

    >>> import io, argparse
    >>> from maumau_rules import find_variant
    >>> a = argparse.Namespace(players=2, seed=1, bots_only=True, bot="heuristic", mixed=False, rounds=1,
    ...                        quiet=True, save=None, color="never")
    >>> play_command(a, find_variant("standard"), input, io.StringIO(), io.StringIO())
    0
    """
    try:
        match = start_match(variant, args.players, seed=args.seed)
    except MauMauError as exc:
        print(f"maumau play: {exc}", file=err)
        return int(ExitCode.USAGE)
    human = None if args.bots_only else 0
    bots: list[Bot] = [make_bot(args.bot if i != 1 or not args.mixed else "random", seed=args.seed + i)
                       for i in range(args.players)]
    colours = Colours(Colours.wanted(getattr(args, "color", "auto"), out))
    table = _Table(match, bots, human, read, out, colours, args.quiet)
    table.say(f"{variant.name}: {args.players} players, seed {args.seed}"
              + ("" if human is None else "; you are seat 0 — type '?' for help, 'rules' for the rules"))
    if human is not None:
        table.say(scoring_summary(variant))
    rounds = 0
    histories: list[list[GameState]] = []
    movers: list[list[int]] = []
    while not match.over:
        histories.append([])
        movers.append([])
        table.match = match
        final = table.play_round(histories[-1], movers[-1])
        if final is None:
            table.say("bye")
            return _save(args, histories, movers, out, err)
        rounds += 1
        if not args.quiet or human is not None:
            table.explain_round(final)
        match = next_round(match, final)
        table.match = match
        table.say(f"after round {rounds}: {table.score_line()}")
        if args.rounds and rounds >= args.rounds:
            break
        if human is not None and not match.over and not wants_another(read, "round"):
            return _save(args, histories, movers, out, err)
    if match.over:
        table.say(f"match over: {_name(match.winner, human) if match.winner is not None else 'nobody'} "
                  f"win{'' if match.winner == human else 's'} the match")
    return _save(args, histories, movers, out, err)


def wants_another(read: Callable[[str], str], what: str) -> bool:
    """Ask the player whether to play another ``what`` (round, hand): yes unless he answers no or quits, or the
    input ends.

    >>> wants_another(lambda prompt: "", "round"), wants_another(lambda prompt: "n", "hand")
    (True, False)
    """
    try:
        return read(f"next {what}? [Y/n] ").strip().lower() not in ("n", "no", "q", "quit")
    except EOFError:
        return False


def _save(args: argparse.Namespace, histories: list[list[GameState]], movers: list[list[int]], out: TextIO,
          err: TextIO) -> int:
    """Write one game record per round played (a JSON list when there are several) to ``--save``."""
    path = args.save
    if not path or not any(histories):
        return int(ExitCode.OK)
    from .records import dumps_records, record_from_history

    records = [record_from_history(h, movers=m) for h, m in zip(histories, movers, strict=True) if h]
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(dumps_records(records, indent=1) + "\n")
    except OSError as exc:
        print(f"maumau play: cannot write {path!r}: {exc.strerror or exc}", file=err)
        return int(ExitCode.INPUT)
    print(f"saved {len(records)} record{'s' if len(records) != 1 else ''} to {path}", file=out)
    return int(ExitCode.OK)

